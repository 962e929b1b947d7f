"""How Cat in the Box reads: the move log, its events, summaries and refusals (English)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cats.box.actions import Play, Predict, SetAside
from cats.core import Action
from cats.words import Phrase, Player, Words

if TYPE_CHECKING:
    from cats.box.state import BoxState

W = Words("box", {
    "set_aside": "set a card aside",  # never the number: the log is for everybody
    "played": "played {number} as {colour}",
    "predicted": ("predicted {n} trick", "predicted {n} tricks"),
    "move": "{notation}",
    "trick_won": "{winner} wins the trick",
    "paradox": "paradox by {seat}",
    "round_ends": "round {round} ends",
    "share_win": "{winners} share the win with {points} points.",
    "wins_on_tiebreak": "{winners} wins with {points} points, ahead on the final round's score.",
    "wins": "{winners} wins with {points} points.",
    "space_taken": "That space is taken: {space} already has a neutral token.",
    "space_taken_by": "That space is taken: {space} already has {owner}'s token.",
    "pick_first": "Pick a card from your hand first, then drop it (or click it) here.",
    "aside_how": "Drag a card from your hand onto this spot (or click a card, then the spot).",
    "round_row": ("Round {round}: {n} trick", "Round {round}: {n} tricks"),
})


def move(action: Action) -> Phrase:
    """A move as every player may read it (a card set aside is not named)."""
    if isinstance(action, SetAside):
        return W("set_aside")
    if isinstance(action, Play):
        return W("played", number=action.number, colour=action.colour)
    if isinstance(action, Predict):
        return W("predicted", n=action.tricks)
    return W("move", notation=str(action))


def events(before: "BoxState", after: "BoxState") -> list[Phrase]:
    """The trick won, the paradox and the end of the round a move brought about."""
    said: list[Phrase] = []
    ended = len(after.results) > len(before.results)
    # A round's last trick is in its result: the next round has started with no tricks.
    result: Any = after.results[-1] if ended else None
    tricks = result["tricks"] if ended else after.tricks
    for seat, (now, was) in enumerate(zip(tricks, before.tricks)):
        if now > was:
            said.append(W("trick_won", winner=Player(seat)))
    if ended:
        if result["paradox"] is not None:
            said.append(W("paradox", seat=Player(result["paradox"])))
        said.append(W("round_ends", round=result["round"]))
    return said


# The tutorial's prompts and the rules points they teach (cats/box/tutorial.py).
W.templates.update({
    "tut_1": "Set aside a card: drag your 1 onto the set-aside spot.",
    "tut_1_why": "Each player secretly puts one card face down; it sits out this round. (With "
                 "two players there are no predictions.)",
    "tut_2": "Lead your 5 as blue: drag it onto the blue space of column 5.",
    "tut_2_why": "Playing a card means declaring its colour: your token goes on that colour's "
                 "space of its number. Red cannot be led until someone has declared red.",
    "tut_3": "You won the trick. Lead another 5, as yellow.",
    "tut_3_why": "Each space holds one token a round, so two cards never tie. The highest card of "
                 "the led colour wins, unless red was played.",
    "tut_4": "Your rival trumped with red (and lost their yellow), then led a blue 2. Beat "
             "it: play your 3 as blue.",
    "tut_4_why": "There is no duty to follow, but declaring another colour loses the led "
                 "colour's token. Red is trump: the highest red wins the trick.",
    "tut_5": "Red is open now. Lead your 4 as red.",
    "tut_5_why": "Red may be led once a token is on the red row.",
    "tut_6": "Lead your 5 as green: it joins your blue 5 and yellow 5 in a group of three.",
    "tut_6_why": "Bonus: your largest group of tokens touching side by side. If a player cannot "
                 "declare any card, a paradox ends the round at once: −1 per trick for them.",
    "tut_done": "Tutorial done: play out the round. Win tricks, grow one big group, and keep a "
                "colour you can still declare.",
})
