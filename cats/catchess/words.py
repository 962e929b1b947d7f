"""How Cat Chess reads: the move log, the end summary and why a cat cannot be picked up."""

from __future__ import annotations

from cats.catchess.actions import Move, Place, Stay, Swap
from cats.core import Action
from cats.words import Phrase, Player, Words

W = Words("catchess", {
    "placed": "placed {cat} on {region}",
    "moved": "moved {cat} to {region}",
    "swapped": "swapped {cat} with {other}",
    "stayed": "let {cat} sleep where it is",
    "move": "{notation}",
    "round_ends": "round {round} ends",
    "wins": ("{winners} wins with {n} etiquette token.",
             "{winners} wins with {n} etiquette tokens."),
    "share_win": ("{winners} share the win with {n} etiquette token each.",
                  "{winners} share the win with {n} etiquette tokens each."),
    "empty_region": "Drag a cat here: a waiting cat from the basket, or an awake neighbour.",
    "only_stays": "Cat {cat} has no free or swappable neighbour now: press “{cat} stays” below "
                  "to let it sleep here.",
    "round_row": ("Round {round}: {n} etiquette token", "Round {round}: {n} etiquette tokens"),
})


def move(action: Action) -> Phrase:
    """A move in the log's words."""
    if isinstance(action, Place):
        return W("placed", cat=action.cat, region=action.region)
    if isinstance(action, Move):
        return W("moved", cat=action.cat, region=action.region)
    if isinstance(action, Swap):
        return W("swapped", cat=action.cat, other=action.other)
    if isinstance(action, Stay):
        return W("stayed", cat=action.cat)
    return W("move", notation=str(action))


def summary(winners: tuple[int, ...], tokens: int) -> Phrase:
    """Who won with how many tokens (several winners share)."""
    return W("wins" if len(winners) == 1 else "share_win",
             winners=tuple(Player(s) for s in winners), n=tokens)
