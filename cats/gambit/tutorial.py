"""Cat's Gambit's tutorial: draw, place like a chess piece, play a Pawn, collect Cat-kens."""

from __future__ import annotations

from cats.gambit.words import W
from cats.tutorial import Step, Tutorial


def _step(n: int, move: str, section: str) -> Step:
    return Step(move, W(f"tut_{n}"), W(f"tut_{n}_why"), section)


TUTORIAL = Tutorial(
    game_id="gambit", players=1, seed=1,
    steps=(
        _step(1, "draw", "Your turn"),
        _step(2, "place 2,-1", "Your turn"),
        _step(3, "pawn perch 2,-1", "Your turn"),
        _step(4, "draw", "Your turn"),
        _step(5, "place 2,1", "Check and checkmate"),
        _step(6, "draw", "The end"),
        _step(7, "place 1,2", "Scoring"),
    ),
    finish=W("tut_done"),
)
