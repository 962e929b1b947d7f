"""Cat Between Us's tutorial: one lure phase aimed at the cat's number exactly."""

from __future__ import annotations

from cats.between.words import W
from cats.tutorial import Step, Tutorial


def _step(n: int, move: str, section: str, *then: str) -> Step:
    return Step(move, W(f"tut_{n}"), W(f"tut_{n}_why"), section, then)


TUTORIAL = Tutorial(
    game_id="between", players=2, seed=1, options={"first": 0},
    steps=(
        _step(1, "play bell 3 under yarn", "A round", "play bell 6 under mouse"),
        _step(2, "play feather 6 under fish", "A round", "play laser 1 under yarn"),
        _step(3, "play laser 6 under fish", "A round", "play bell 0 under feather"),
        _step(4, "play mouse 4 under laser", "A round", "play fish 3 under laser"),
        _step(5, "play feather 3 under bell", "Hand sizes", "play yarn 6 under bell"),
        _step(6, "play mouse 3 under feather", "A round", "play bell 1 under mouse"),
    ),
    finish=W("tut_done"),
)
