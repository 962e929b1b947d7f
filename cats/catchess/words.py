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
    # The prompts in fewer words, for a prompt line with little room (a narrow window).
    "short_place": "Place a waiting cat.",
    "short_activate": "Activate an awake cat.",
    "short_either": "Place a waiting cat or activate one.",
})
SHORT = {"place": "short_place", "activate": "short_activate",
         "place or activate": "short_either"}


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


def short_prompt(phase: str) -> Phrase | None:
    """The prompt of ``phase`` (the state's ``phase()``) in fewer words; None if it has none."""
    key = SHORT.get(phase)
    return W(key) if key else None


def summary(winners: tuple[int, ...], tokens: int) -> Phrase:
    """Who won with how many tokens (several winners share)."""
    return W("wins" if len(winners) == 1 else "share_win",
             winners=tuple(Player(s) for s in winners), n=tokens)


# The tutorial's prompts and the rules points they teach (cats/catchess/tutorial.py).
W.templates.update({
    "tut_1": "Your goal card wants A, B, C in a row along the path. Drag cat A onto region 1.",
    "tut_1_why": "On your turn you place a waiting cat on an empty region (awake), or activate "
                 "an awake cat. Your goal card is secret; the path runs from region 1 in to 12.",
    "tut_2": "Drag cat B onto region 4: further along the path than A.",
    "tut_2_why": "The order goal's cats must lie along the path in that order, read either way. "
                 "They need not be neighbours.",
    "tut_3": "Your friends goal wants D and F side by side. Place F on region 10, next to D.",
    "tut_3_why": "A friend goal holds when its two cats sit in neighbouring regions. Any player "
                 "may place or move any cat.",
    "tut_4": "Place C on region 11.",
    "tut_4_why": "Goals count only at the end of the round, wherever the cats are then.",
    "tut_5": "Your rival swapped B and E. Place G on region 3, next to E (friends).",
    "tut_5_why": "Moving onto a cat swaps the two. A cat swapped on the turn just before cannot "
                 "swap again this turn; an activated cat falls asleep.",
    "tut_6": "Activate C: drag it to region 12. A, B, C now lie in order along the path.",
    "tut_6_why": "Activate: an awake cat stays, or moves to a neighbouring region (swapping with "
                 "a cat there). Either way it then falls asleep for the round.",
    "tut_7": "Move I to region 7, next to its friend H.",
    "tut_7_why": "The round ends when all nine cats are in the garden and asleep: 18 turns. "
                 "Each goal met earns an etiquette token.",
    "tut_done": "Tutorial done: finish the round. Put the last awake cats to sleep where your "
                "goals hold (the Stay buttons let a cat sleep where it is).",
})
