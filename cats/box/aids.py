"""Table aids for Cat in the Box, worked out from a view (public facts only, so any seat's view
or the spectator's gives the same answers): for each number, which colours' research spaces are
still open; for each player, the colours they have given up; and which numbers each player can
still declare at all.

The rules behind it (rules, "Playing a card"): a declaration is legal when the research space
(colour, number) is empty and the player still has that colour's token on their player board;
declaring off the led colour removes the player's led-colour token for the rest of the round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

JsonDict = Mapping[str, Any]


@dataclass(frozen=True)
class BoxAids:
    """What is still possible this round."""

    numbers: tuple[int, ...]  # the columns in play, 1..n
    colours: tuple[str, ...]  # the research rows, in the view's colour order
    open_spaces: Mapping[int, tuple[str, ...]]  # number -> colours whose space is still empty
    open_per_colour: Mapping[str, int]  # colour -> empty spaces left in its row
    given_up: tuple[tuple[str, ...], ...]  # per seat: colours whose token is gone
    playable: tuple[tuple[int, ...], ...]  # per seat: numbers that seat could still declare


def open_colours(view: JsonDict, number: int) -> tuple[str, ...]:
    """The colours whose research space for ``number`` is still empty."""
    board: Mapping[str, Sequence[Any]] = view["board"]
    return tuple(c for c in view["colours"] if board[c][number - 1] is None)


def aids(view: JsonDict) -> BoxAids:
    """The aids for the position in ``view`` (any seat's, or the public one)."""
    colours = tuple(view["colours"])
    numbers = tuple(range(1, int(view["numbers"]) + 1))
    spaces = {n: open_colours(view, n) for n in numbers}
    per_colour = {c: sum(c in spaces[n] for n in numbers) for c in colours}
    held: Sequence[Sequence[str]] = view["player_colours"]
    given_up = tuple(tuple(c for c in colours if c not in mine) for mine in held)
    playable = tuple(tuple(n for n in numbers if any(c in mine for c in spaces[n]))
                     for mine in held)
    return BoxAids(numbers, colours, spaces, per_colour, given_up, playable)
