"""Who wins a trick: the rule written once, for the engine and the bots alike."""

from __future__ import annotations

from typing import Sequence

from cats.box.actions import RED

TrickPlay = tuple[int, int, int]  # (seat, number, colour index)


def _colour_ranks(led: int) -> tuple[int, ...]:
    return tuple(40 if colour == RED else 20 if colour == led else 0 for colour in range(4))


# What a card of each colour adds to its number in a trick, per led colour (index led + 1; -1:
# before the lead): any red beats the led colour, which beats every other colour.
COLOUR_RANKS: tuple[tuple[int, ...], ...] = tuple(_colour_ranks(led) for led in range(-1, 4))


def rank(number: int, colour: int, led: int) -> int:
    """A card's strength in a trick led in ``led``; within a colour the higher number wins (a
    colour–number pair is never played twice)."""
    return COLOUR_RANKS[led + 1][colour] + number


def winner(plays: Sequence[TrickPlay], led: int) -> int:
    """The seat whose card wins the trick: the highest red, else the highest of the led colour."""
    best, seat_best = -1, -1
    ranks = COLOUR_RANKS[led + 1]
    for seat, number, colour in plays:
        strength = ranks[colour] + number
        if strength > best:
            best, seat_best = strength, seat
    return seat_best
