"""Cat Chess's tutorial: place cats for the order and friend goals, swaps, activating."""

from __future__ import annotations

from cats.catchess.words import W
from cats.tutorial import Step, Tutorial


def _step(n: int, move: str, section: str, *then: str) -> Step:
    return Step(move, W(f"tut_{n}"), W(f"tut_{n}_why"), section, then)


TUTORIAL = Tutorial(
    game_id="catchess", players=2, seed=1, options={"start": 0, "deal": [[1, 2]]},
    steps=(
        _step(1, "place A on 1", "A round", "place H on 6"),
        _step(2, "place B on 4", "Goal cards", "place D on 9"),
        _step(3, "place F on 10", "Goal cards", "place E on 5"),
        _step(4, "place C on 11", "Goal cards", "swap B with E"),
        _step(5, "place G on 3", "A round", "place I on 8"),
        _step(6, "move C to 12", "A round", "H stays"),
        _step(7, "move I to 7", "Scoring and the end"),
    ),
    finish=W("tut_done"),
)
