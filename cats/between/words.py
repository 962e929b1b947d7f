"""How Cat Between Us reads: the move log, the Nuzzle's results and the end summary (English)."""

from __future__ import annotations

from cats.between.actions import Lure
from cats.between.cards import card_name, toy_name
from cats.core import Action
from cats.words import Phrase, Player, Words

W = Words("between", {
    "lured": "played {card} under the {toy}",
    "move": "{notation}",
    "round_ends": "Nuzzle: round {round} ends",
    "round_won": "{winners} won the round",
    "crown": "{winners} reached the crown with three rounds won.",
    "crown_shared": "{winners} reached the crown in the same round and share the win.",
    "most_rounds": "After round {round}, {winners} won the most rounds ({n}).",
    "tied_best": ("After round {round}, {tied} tied on {n} round won; {winners} did best in the "
                  "last round and wins.",
                  "After round {round}, {tied} tied on {n} rounds won; {winners} did best in the "
                  "last round and wins."),
    "tied_shared": ("After round {round}, {tied} tied on {n} round won; {winners} did equally "
                    "well in the last round and share the victory.",
                    "After round {round}, {tied} tied on {n} rounds won; {winners} did equally "
                    "well in the last round and share the victory."),
    "toy_only": "Drag a lure card from your hand under a toy.",
    "round_row": "Round {round}",
})


def move(action: Action) -> Phrase:
    """A lure in the log's words."""
    if isinstance(action, Lure):
        return W("lured", card=card_name(action.card), toy=toy_name(action.toy))
    return W("move", notation=str(action))


def seats(seats: tuple[int, ...] | list[int]) -> tuple[Player, ...]:
    """Seats as a phrase argument."""
    return tuple(Player(s) for s in seats)
