"""Catch 22 actions and their notation ("cube e5", "roll", "move g4 via star", ...)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cats.catch22.board import BOARD, COLUMNS
from cats.catch22.info import INFO
from cats.core import Action, action_table

VIA_STAR, AVOIDING_STARS = "star", "nostar"


def cell_name(row: object, col: object) -> str:
    """The name of (row, col), e.g. ``g1``; a placeholder for nonsense coordinates."""
    if type(row) is int and type(col) is int and 0 <= col < len(COLUMNS):
        return f"{COLUMNS[col]}{row + 1}"
    return f"({row},{col})"


@dataclass(frozen=True)
class StartAt(Action):
    """Set-up: put your pawn on a Star."""

    kind: ClassVar[str] = "start"
    star: str

    def __str__(self) -> str:
        return f"start {self.star}"


@dataclass(frozen=True)
class PlaceCube(Action):
    """Before the first roll: put a cube from your supply on a plain path square."""

    kind: ClassVar[str] = "cube"
    row: int
    col: int

    def __str__(self) -> str:
        return f"cube {cell_name(self.row, self.col)}"


@dataclass(frozen=True)
class OfferRansom(Action):
    """Before the first roll: offer a kept cube back to its owner for some gold."""

    kind: ClassVar[str] = "offer"
    owner: int
    price: int

    def __str__(self) -> str:
        return f"offer player {self.owner + 1 if isinstance(self.owner, int) else self.owner}" \
               f" a cube for {self.price} gold"


@dataclass(frozen=True)
class PayRansom(Action):
    """The cube's owner accepts the ransom offer."""

    kind: ClassVar[str] = "pay"

    def __str__(self) -> str:
        return "pay ransom"


@dataclass(frozen=True)
class RefuseRansom(Action):
    """The cube's owner declines the ransom offer."""

    kind: ClassVar[str] = "refuse"

    def __str__(self) -> str:
        return "refuse ransom"


@dataclass(frozen=True)
class Roll(Action):
    """Roll the die (ends cube placing and ransom offers for this turn)."""

    kind: ClassVar[str] = "roll"

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Move(Action):
    """Move the pawn exactly the rolled number of steps to (row, col); ``route`` is "" or, when
    crossing a Star would win, "star" / "nostar" to pick the route."""

    kind: ClassVar[str] = "move"
    row: int
    col: int
    route: str = ""

    def __str__(self) -> str:
        text = f"move {cell_name(self.row, self.col)}"
        if self.route == VIA_STAR:
            return text + " via star"
        if self.route == AVOIDING_STARS:
            return text + " avoiding stars"
        return text


@dataclass(frozen=True)
class SwitchPlaces(Action):
    """On a Switch Places square: swap squares with another player."""

    kind: ClassVar[str] = "switch"
    seat: int

    def __str__(self) -> str:
        return f"switch with player {self.seat + 1 if isinstance(self.seat, int) else self.seat}"


@dataclass(frozen=True)
class RemoveCube(Action):
    """On a Remove Cube square: take the cube on (row, col) off the board."""

    kind: ClassVar[str] = "remove"
    row: int
    col: int

    def __str__(self) -> str:
        return f"remove cube {cell_name(self.row, self.col)}"


@dataclass(frozen=True)
class LeaveCubes(Action):
    """On a Remove Cube square: take no cube."""

    kind: ClassVar[str] = "leave"

    def __str__(self) -> str:
        return "remove no cube"


ACTIONS = action_table(StartAt, PlaceCube, OfferRansom, PayRansom, RefuseRansom, Roll, Move,
                       SwitchPlaces, RemoveCube, LeaveCubes)

# Actions without fields are shared instances (cheap to list).
ROLL, PAY, REFUSE, LEAVE = Roll(), PayRansom(), RefuseRansom(), LeaveCubes()
START_ACTIONS = tuple(StartAt(name) for name, _ in BOARD.stars)
CUBE_ACTIONS = {sq: PlaceCube(*BOARD.cells[sq]) for sq in BOARD.plain}
MOVE_ACTIONS = {sq: Move(*cell) for sq, cell in enumerate(BOARD.cells)}
REMOVE_ACTIONS = {sq: RemoveCube(*BOARD.cells[sq]) for sq in BOARD.plain}
SWITCH_ACTIONS = tuple(SwitchPlaces(seat) for seat in range(INFO.max_players))
_OFFERS: dict[int, tuple[OfferRansom, ...]] = {}


def offers_to(owner: int, gold: int) -> tuple[OfferRansom, ...]:
    """Ransom offers to ``owner`` at every price from 1 to ``gold`` (shared instances)."""
    made = _OFFERS.get(owner, ())
    if len(made) < gold:
        made = _OFFERS[owner] = tuple(OfferRansom(owner, price) for price in range(1, gold + 1))
    return made[:gold]
