"""Who wins a trick: the rule written once, for the engine and the bots alike."""

from __future__ import annotations

from typing import Sequence

from cats.box.actions import RED

TrickPlay = tuple[int, int, int]  # (seat, number, colour index)


def rank(number: int, colour: int, led: int) -> int:
    """A card's strength in a trick: any red beats the led colour, which beats every other
    colour; within a colour the higher number wins (a colour–number pair is never played twice)."""
    return (40 if colour == RED else 20 if colour == led else 0) + number


def winner(plays: Sequence[TrickPlay], led: int) -> int:
    """The seat whose card wins the trick: the highest red, else the highest of the led colour."""
    best, seat_best = -1, -1
    for seat, number, colour in plays:
        strength = rank(number, colour, led)
        if strength > best:
            best, seat_best = strength, seat
    return seat_best


def top_rank(plays: Sequence[TrickPlay], led: int) -> int:
    """The rank a card must beat to take the trick so far (-1 before the lead)."""
    return max((rank(number, colour, led) for _, number, colour in plays), default=-1)
