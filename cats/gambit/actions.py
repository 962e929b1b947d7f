"""Cat's Gambit actions: draw, place, play a Pawn, and the Pawns' abilities."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cats.core import Action


@dataclass(frozen=True)
class Draw(Action):
    """Reveal the top card of the deck."""

    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Place(Action):
    """Place the revealed card on a cell."""

    x: int
    y: int
    kind: ClassVar[str] = "place"

    def __str__(self) -> str:
        return f"place {self.x},{self.y}"


@dataclass(frozen=True)
class PlayPawn(Action):
    """Place a Pawn on a cell (Cat-ken Perch: possibly onto a Cat-ken stack)."""

    pawn: str
    x: int
    y: int
    kind: ClassVar[str] = "pawn"

    def __str__(self) -> str:
        return f"pawn {self.pawn} {self.x},{self.y}"


@dataclass(frozen=True)
class Peek(Action):
    """Play Tactical Peek: look at the top card before placing the Pawn."""

    kind: ClassVar[str] = "peek"

    def __str__(self) -> str:
        return "peek"


@dataclass(frozen=True)
class Push(Action):
    """Play Strategic Push: move a card or stack before placing the Pawn."""

    fx: int
    fy: int
    tx: int
    ty: int
    kind: ClassVar[str] = "push"

    def __str__(self) -> str:
        return f"push {self.fx},{self.fy} to {self.tx},{self.ty}"


@dataclass(frozen=True)
class Ability(Action):
    """Use the placed Pawn's after-ability on a cell: banish, call, leap or gambit."""

    ability: str
    x: int
    y: int
    kind: ClassVar[str] = "ability"

    def __str__(self) -> str:
        return f"{self.ability} {self.x},{self.y}"


@dataclass(frozen=True)
class Look(Action):
    """Burrow Strategy: look at the bottom two cards of the deck."""

    kind: ClassVar[str] = "look"

    def __str__(self) -> str:
        return "look"


@dataclass(frozen=True)
class Burrow(Action):
    """Burrow Strategy: keep or swap the order of the bottom two cards."""

    swap: bool
    kind: ClassVar[str] = "burrow"

    def __str__(self) -> str:
        return "burrow swap" if self.swap else "burrow keep"


@dataclass(frozen=True)
class Decline(Action):
    """Decline the placed Pawn's ability."""

    kind: ClassVar[str] = "decline"

    def __str__(self) -> str:
        return "decline"
