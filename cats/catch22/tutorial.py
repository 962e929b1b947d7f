"""Catch 22's tutorial: a Star, a cube, dice, Jackpots and a steal (loaded dice)."""

from __future__ import annotations

from cats.catch22.words import W
from cats.tutorial import Step, Tutorial


def _step(n: int, move: str, section: str, *then: str) -> Step:
    return Step(move, W(f"tut_{n}"), W(f"tut_{n}_why"), section, then)


TUTORIAL = Tutorial(
    game_id="catch22", players=2, seed=1, options={"dice": [6, 3, 6, 1, 6, 1, 6]},
    steps=(
        _step(1, "start north", "Setting up", "start north"),
        _step(2, "cube h1", "Your turn"),
        _step(3, "roll", "Your turn"),
        _step(4, "move a1", "Your turn"),
        _step(5, "move a2", "Your turn", "roll", "move d4", "move d5"),
        _step(6, "roll", "Your turn"),
        _step(7, "move d5", "Your turn"),
    ),
    finish=W("tut_done"),
)
