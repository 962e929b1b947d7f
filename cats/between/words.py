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


# The tutorial's prompts and the rules points they teach (cats/between/tutorial.py).
W.templates.update({
    "tut_1": "The cat waits on 12. Keep your three yarn cards: drag bell 3 under the yarn toy.",
    "tut_1_why": "Each turn you put one card under any toy with fewer than two cards; its suit "
                 "need not match. A toy attracts the sum of the cards under it.",
    "tut_2": "Drag feather 6 under the fish toy: you hold no fish, so it cannot push you past the "
             "cat.",
    "tut_2_why": "At the end, every card left in your hand counts the attraction of its suit's "
                 "toy. Two cards of a suit count that toy twice.",
    "tut_3": "The yarn toy is full (two cards). Put laser 6 under the fish toy as well.",
    "tut_3_why": "A toy takes at most two lure cards. Yarn now attracts 4: your three yarn cards "
                 "would make 3 × 4 = 12, exactly the cat's number.",
    "tut_4": "Get rid of mouse 4: drag it under the laser toy.",
    "tut_4_why": "Landing exactly on the cat's number does not pass it. Closest without passing "
                 "wins the round.",
    "tut_5": "Drag feather 3 under the bell toy.",
    "tut_5_why": "The lure phase ends when all six toys hold two cards: twelve cards in all. You "
                 "keep three (plus one per round you have won).",
    "tut_6": "Last card: drag mouse 3 under the feather toy, and watch the Nuzzle.",
    "tut_6_why": "At the Nuzzle hands are shown and totals counted. The winner climbs a shelf; "
                 "three rounds won reach the crown.",
    "tut_done": "Tutorial done: you won round 1 and lead round 2. Two more rounds to the crown!",
})
