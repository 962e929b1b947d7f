"""The seat list of a hosted table, as the lobby shows it (words only: the host says who sits
where)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from cats.session import Seat
from screens import palette
from screens.text import tr

# how a seat stands, from the host's seat table, and how the lobby says it
_SAID = {"open": "net.seat_open", "guest": "net.seat_guest", "away": "net.seat_away",
         "local": "net.seat_here", "bot": "net.seat_bot"}
# read as the lines are drawn: high contrast rebinds the palette's colours in place
_COLOUR = {"open": lambda: palette.WOOD, "away": lambda: palette.TERRACOTTA}


def seat_lines(rows: Sequence[Mapping[str, Any]], seats: Sequence[Seat]
               ) -> list[tuple[str, tuple[int, int, int]]]:
    """One line a seat: its number, its player's name and how it stands (with a colour)."""
    lines = []
    for i, row in enumerate(rows):
        state = str(row.get("state", "open"))
        name = str(row.get("name") or (seats[i].name if i < len(seats) else ""))
        lines.append((tr(_SAID.get(state, "net.seat_open"), n=i + 1, name=name),
                      _COLOUR.get(state, lambda: palette.INK)()))
    return lines
