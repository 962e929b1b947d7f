"""Cat Between Us actions: the one move of the game, a lure under a toy."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cats.between.cards import ALL_ROOM, DECK_SIZE, TOYS, card_name, toy_name
from cats.core import Action


@dataclass(frozen=True)
class Lure(Action):
    """Play a lure card from hand under a toy that has fewer than two cards."""

    card: int
    toy: int
    kind: ClassVar[str] = "lure"

    def __str__(self) -> str:
        return f"play {card_name(self.card)} under {toy_name(self.toy)}"


# Every possible lure, made once: legal_actions hands out these shared instances.
LURES = tuple(tuple(Lure(c, t) for t in range(TOYS)) for c in range(DECK_SIZE))
# LURES_UNDER[room][card]: the card's lures under the toys whose bit is set in ``room``, by toy.
LURES_UNDER = tuple(tuple(tuple(row[t] for t in range(TOYS) if room >> t & 1) for row in LURES)
                    for room in range(ALL_ROOM + 1))
