"""Whose eyes a replay may be watched through, and which seat's view each step then shows.

Hidden information stays hidden while a game is unfinished: a save of a hotseat game in progress
offers only the table (the public view), since either player could open it; a game with a single
person at it offers that person's own seat too (what they saw anyway, never a bot's hand). Once a
game is over, every seat may be watched, and "everything" follows the hand of whoever acts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from cats.core import State
from cats.session import Seat

EVERYTHING = "everything"
TABLE = "table"


@dataclass(frozen=True)
class Viewer:
    """One way of watching: ``kind`` is "seat", "table" or "everything"; ``seat`` for "seat"."""

    kind: str
    seat: Optional[int] = None


def viewers(seats: Sequence[Seat], hidden_information: bool, over: bool) -> list[Viewer]:
    """The ways a replay of this game may be watched, the default first."""
    if not hidden_information:
        return [Viewer(TABLE)]
    every_seat = [Viewer("seat", i) for i in range(len(seats))]
    if over:
        return every_seat + ([Viewer(EVERYTHING)] if len(seats) > 1 else []) + [Viewer(TABLE)]
    humans = [i for i, s in enumerate(seats) if not s.is_bot]
    if len(humans) == 1:
        return [Viewer("seat", humans[0]), Viewer(TABLE)]
    return [Viewer(TABLE)]


def seat_shown(viewer: Viewer, state: State, last_mover: Optional[int]) -> Optional[int]:
    """The seat whose ``view_for`` a step shows (``None``: the public view)."""
    if viewer.kind == "seat":
        return viewer.seat
    if viewer.kind == EVERYTHING:
        mover = state.to_move
        return mover if mover is not None else last_mover
    return None
