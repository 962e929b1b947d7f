"""Cat's Gambit actions: draw, place, play a Pawn, and the Pawns' abilities."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, ClassVar, TypeVar

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


K = TypeVar("K")
A = TypeVar("A", bound=Action)


class Memo(dict[K, A]):
    """One shared instance per action: actions are immutable values, and building a frozen
    dataclass costs more than looking one up (legal moves are listed again and again)."""

    def __init__(self, make: Callable[[K], A]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> A:
        action = self[key] = self.make(key)
        return action


Cell = tuple[int, int]
DRAW = Draw()
PLACES: Memo[Cell, Place] = Memo(lambda c: Place(c[0], c[1]))
PUSHES: Memo[tuple[Cell, Cell], Push] = Memo(lambda ft: Push(ft[0][0], ft[0][1], ft[1][0], ft[1][1]))
PAWN_PLAYS: dict[str, Memo[Cell, PlayPawn]] = {}
ABILITIES: dict[str, Memo[Cell, Ability]] = {}


def pawn_plays(pawn: str) -> Memo[Cell, PlayPawn]:
    """The shared PlayPawn actions of one Pawn, by cell."""
    memo = PAWN_PLAYS.get(pawn)
    if memo is None:
        memo = PAWN_PLAYS[pawn] = Memo(lambda c: PlayPawn(pawn, c[0], c[1]))
    return memo


def abilities(ability: str) -> Memo[Cell, Ability]:
    """The shared Ability actions of one after-ability, by cell."""
    memo = ABILITIES.get(ability)
    if memo is None:
        memo = ABILITIES[ability] = Memo(lambda c: Ability(ability, c[0], c[1]))
    return memo
