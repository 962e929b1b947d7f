"""The three moves of Cat in the Box: set a card aside, predict tricks, play a card as a colour."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cats.core import Action

# Colour indices are fixed vocabulary: red is trump; the board's row order comes from data.
COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green")
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
RED = 0
MAX_NUMBER = 9


@dataclass(frozen=True)
class SetAside(Action):
    """Secretly set one card of the hand aside face down for this round."""

    kind: ClassVar[str] = "aside"
    number: int

    def __str__(self) -> str:
        return f"set aside {self.number}"


@dataclass(frozen=True)
class Predict(Action):
    """Predict how many tricks you will win this round."""

    kind: ClassVar[str] = "predict"
    tricks: int

    def __str__(self) -> str:
        return f"predict {self.tricks}"


@dataclass(frozen=True)
class Play(Action):
    """Play a card and declare its colour, claiming that research space."""

    kind: ClassVar[str] = "play"
    number: int
    colour: str

    def __str__(self) -> str:
        return f"{self.number} {self.colour}"


# Shared instances so the hot paths (legal_actions, search) never build actions.
SET_ASIDE: dict[int, SetAside] = {n: SetAside(n) for n in range(1, MAX_NUMBER + 1)}
PREDICT: dict[int, Predict] = {k: Predict(k) for k in range(0, 11)}
PLAYS: dict[int, tuple[Play, ...]] = {
    n: tuple(Play(n, c) for c in COLOURS) for n in range(1, MAX_NUMBER + 1)}
# The plays of a number in the colours of a bit mask (bit = colour index), in colour order.
PLAY_SETS: dict[int, tuple[tuple[Play, ...], ...]] = {
    n: tuple(tuple(PLAYS[n][c] for c in range(len(COLOURS)) if bits >> c & 1)
             for bits in range(1 << len(COLOURS)))
    for n in range(1, MAX_NUMBER + 1)}
