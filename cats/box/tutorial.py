"""Cat in the Box's tutorial: set aside, declare colours, lose the led colour, red, groups."""

from __future__ import annotations

from cats.box.words import W
from cats.tutorial import Step, Tutorial


def _step(n: int, move: str, section: str, *then: str) -> Step:
    return Step(move, W(f"tut_{n}"), W(f"tut_{n}_why"), section, then)


TUTORIAL = Tutorial(
    game_id="box", players=2, seed=1,
    options={"first_player": 0,
             "deal": [[1, 1, 2, 2, 3, 3, 4, 5, 5, 5, 1, 1, 2, 2, 3, 4, 4, 4, 5, 5, 3, 3, 4, 1, 2]]},
    steps=(
        _step(1, "set aside 1", "A round", "set aside 1"),
        _step(2, "5 blue", "Playing a card", "4 blue"),
        _step(3, "5 yellow", "Playing a card", "5 red", "2 blue"),
        _step(4, "3 blue", "Playing a card"),
        _step(5, "4 red", "Playing a card", "3 red"),
        _step(6, "5 green", "Scoring a round"),
    ),
    finish=W("tut_done"),
)
