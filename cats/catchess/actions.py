"""Cat Chess actions: place a waiting cat, or activate an awake cat (stay, move or swap).

Notation: ``place A on 5``, ``A stays``, ``move A to 6``, ``swap A with B``. Cats are letters,
regions are their ids (path numbers 1–12).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cats.core import Action, action_table


@dataclass(frozen=True)
class Place(Action):
    """Put a cat waiting off the board onto an empty region, awake side up."""

    kind: ClassVar[str] = "place"
    cat: str
    region: int

    def __str__(self) -> str:
        return f"place {self.cat} on {self.region}"


@dataclass(frozen=True)
class Stay(Action):
    """Activate an awake cat and leave it where it is (it falls asleep)."""

    kind: ClassVar[str] = "stay"
    cat: str

    def __str__(self) -> str:
        return f"{self.cat} stays"


@dataclass(frozen=True)
class Move(Action):
    """Activate an awake cat and move it into an empty adjacent region (it falls asleep)."""

    kind: ClassVar[str] = "move"
    cat: str
    region: int

    def __str__(self) -> str:
        return f"move {self.cat} to {self.region}"


@dataclass(frozen=True)
class Swap(Action):
    """Activate an awake cat and swap it with the cat in an adjacent region (it falls asleep)."""

    kind: ClassVar[str] = "swap"
    cat: str
    other: str

    def __str__(self) -> str:
        return f"swap {self.cat} with {self.other}"


ACTIONS = action_table(Place, Stay, Move, Swap)
