"""How Cat's Gambit reads: the move log, the hints and the score rows (English templates)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cats.core import Action
from cats.gambit.actions import (
    Ability,
    Burrow,
    Decline,
    Draw,
    Look,
    Peek,
    Place,
    PlayPawn,
    Push,
)
from cats.gambit.cards import CARD_NAMES, DECK, PAWN_NAMES, Cell, card_name, the
from cats.words import Phrase, Words

if TYPE_CHECKING:
    from cats.gambit.state import GambitState

W = Words("gambit", {
    # the move log (said after the move, from the position before it)
    "drew": "drew a {card}",
    "draw": "draw",
    "placed": "placed the {card} {where}",
    "pawn_placed": "placed {pawn} {where}",
    "pawn_placed_on": "placed {pawn} on {stack} {where}",
    "pawn_played": "played {pawn} {where}",
    "pawn_played_on": "played {pawn} on {stack} {where}",
    "peeked": "played Tactical Peek and saw the top card",
    "pushed": "played Strategic Push: pushed {stack} {steps}",
    "banished": "banished {stack} to the bottom of the deck",
    "called": "called the Paw onto {stack} {where}",
    "leapt": "leapt: the Pawn and the Paw swapped with {stack}",
    "swapped_queen": "swapped Queen Aurelia with {stack}",
    "looked": "looked at the bottom two cards",
    "burrow_swap": "swapped the bottom two cards",
    "burrow_keep": "kept the bottom two in order",
    "declined": "declined the ability",
    "stack": "{card}",
    "stack_under": "{card} (under {top})",
    # where a cell lies: the grid floats, so cells are said from the deck
    "from_deck": "{steps} from the deck",
    "right": "{n} right", "left": "{n} left", "down": "{n} down", "up": "{n} up",
    "two_ways": "{across}, {along}",
    "nowhere": "nowhere",
    # what a move brought about
    "check": "check! Queen Aurelia flips to her 1 VP side",
    "checkmate": "checkmate! Queen Aurelia is checked a second time",
    "umbra_rises": "Queen Umbra rises on the new Cat-ken (−2)",
    "umbra_turns": "Queen Umbra is checked: she turns to −5",
    "umbra_leaves": "Queen Umbra is checked twice and leaves the game",
    "stuck": "the {card} has nowhere to go: the game ends",
    "last_card": "one card is left in the deck: the game ends",
    "top_card": "the top card is a {card}",
    # a hint: what the solver suggests doing
    "hint_place": "place the {card} {where}",
    "hint_pawn": "play {pawn} {where}",
    "hint_push": "push the cards {where} {steps}",
    "hint_banish": "banish the card {where}",
    "hint_call": "call the Paw onto the Cat-ken {where}",
    "hint_leap": "leap with the card {where}",
    "hint_gambit": "swap Queen Aurelia with the card {where}",
    "label": "{text}",
    # the score rows and the end
    "score_queen": "Queen Aurelia ({side} VP side)",
    "score_catkens": "Cat-kens in the grid ({n})",
    "score_centred": "Queen in the middle four cells",
    "score_penalty": "Penalty: {cards} left, {pawns} unplayed (at most −5)",
    "score_penalty_so_far": "Penalty so far: {pawns} unplayed (cards left count at the end)",
    "score_umbra": "Queen Umbra still in the grid ({side} side)",
    "cards": ("{n} card", "{n} cards"),
    "pawns": ("{n} Pawn", "{n} Pawns"),
    "points": ("{n} point", "{n} points"),
    "score_row": "{label}: {points}",
    "total": "Total: {total}",
    "rank": "Rank: {rank}",
    "ended_stuck": "a drawn card had no legal cell",
    "ended_deck": "one card is left in the deck",
    "ended_rank": "The game ends ({reason}): {points}, rank {rank}.",
    "ended_no_rank": "The game ends ({reason}): {points}, no rank.",
    "lost": "Checkmate: Queen Aurelia falls and the game is lost.",
    "lost_line": "Checkmate: no score, no rank.",
    # why a piece cannot be picked up
    "pawn_not_yet": "A Pawn may only follow a drawn card: never two Pawns in a row, never first.",
    "pawn_gone": "That Pawn is not available.",
    "bottom_stays": "Drag the other card onto this one to swap them, or keep the order below.",
})


def steps(dx: int, dy: int) -> Phrase:
    """"2 left", "1 right, 1 down": a move across the grid."""
    across = W("right" if dx > 0 else "left", n=abs(dx)) if dx else None
    along = W("down" if dy > 0 else "up", n=abs(dy)) if dy else None
    if across and along:
        return W("two_ways", across=across, along=along)
    return across or along or W("nowhere")


def from_deck(cell: Cell) -> Phrase:
    """Where a cell lies from the deck: "2 left, 1 up from the deck"."""
    return W("from_deck", steps=steps(cell[0] - DECK[0], cell[1] - DECK[1]))


def _stack(state: "GambitState", cell: Cell) -> Phrase:
    cards = state.grid.get(cell) or ["?"]
    if len(cards) > 1:
        return W("stack_under", card=the(card_name(cards[0])), top=the(card_name(cards[-1])))
    return W("stack", card=the(card_name(cards[0])))


def move(state: "GambitState", action: Action) -> Phrase:
    """How ``action`` reads in the log, said from the position ``state`` before it."""
    if isinstance(action, Draw):
        return W("drew", card=CARD_NAMES[state.deck[0]]) if state.deck else W("draw")
    if isinstance(action, Place) and state.revealed:
        return W("placed", card=CARD_NAMES[state.revealed], where=from_deck((action.x, action.y)))
    if isinstance(action, PlayPawn):
        cell = (action.x, action.y)
        name = PAWN_NAMES.get(action.pawn, action.pawn)
        placed = state.phase == "pawn"  # Peek or Push was played first: now the card goes down
        if cell in state.grid:
            return W("pawn_placed_on" if placed else "pawn_played_on", pawn=name,
                     stack=_stack(state, cell), where=from_deck(cell))
        return W("pawn_placed" if placed else "pawn_played", pawn=name, where=from_deck(cell))
    if isinstance(action, Peek):
        return W("peeked")
    if isinstance(action, Push):
        return W("pushed", stack=_stack(state, (action.fx, action.fy)),
                 steps=steps(action.tx - action.fx, action.ty - action.fy))
    if isinstance(action, Ability):
        cell = (action.x, action.y)
        if action.ability == "call":
            return W("called", stack=_stack(state, cell), where=from_deck(cell))
        key = {"banish": "banished", "leap": "leapt", "gambit": "swapped_queen"}.get(action.ability)
        if key:
            return W(key, stack=_stack(state, cell))
    if isinstance(action, Look):
        return W("looked")
    if isinstance(action, Burrow):
        return W("burrow_swap" if action.swap else "burrow_keep")
    if isinstance(action, Decline):
        return W("declined")
    return W("label", text=str(action))


def events(before: "GambitState", after: "GambitState", action: Action) -> list[Phrase]:
    """What a move brought about: checks on either Queen, Umbra rising or leaving, the end."""
    said: list[Phrase] = []
    if after.checks > before.checks:
        said.append(W("checkmate" if after.end == "checkmate" else "check"))
    if after.umbra_gone and not before.umbra_gone:
        said.append(W("umbra_leaves"))
    elif isinstance(action, Place) and after.umbra == (action.x, action.y) != before.umbra:
        said.append(W("umbra_rises"))
    elif after.umbra_side == -5 and before.umbra_side == -2:
        said.append(W("umbra_turns"))
    if isinstance(action, Peek) and after.deck:
        said.append(W("top_card", card=CARD_NAMES[after.deck[0]]))
    if after.end and not before.end:
        if after.end == "stuck" and after.revealed:
            said.append(W("stuck", card=CARD_NAMES[after.revealed]))
        elif after.end == "deck":
            said.append(W("last_card"))
    return said


def hint(state: "GambitState", action: Action) -> Phrase:
    """What a hint suggests, in the log's words (cells said from the deck)."""
    if isinstance(action, Place) and state.revealed:
        return W("hint_place", card=CARD_NAMES[state.revealed], where=from_deck((action.x, action.y)))
    if isinstance(action, PlayPawn):
        return W("hint_pawn", pawn=PAWN_NAMES[action.pawn], where=from_deck((action.x, action.y)))
    if isinstance(action, Push):
        return W("hint_push", where=from_deck((action.fx, action.fy)),
                 steps=steps(action.tx - action.fx, action.ty - action.fy))
    if isinstance(action, Ability) and action.ability in ("banish", "call", "leap", "gambit"):
        return W("hint_" + action.ability, where=from_deck((action.x, action.y)))
    return W("label", text=state.label(action))


# The tutorial's prompts and the rules points they teach (cats/gambit/tutorial.py).
W.templates.update({
    "tut_1": "Click the deck to draw its top card.",
    "tut_1_why": "Each turn you either draw a card or play a Pawn. The deck sits beside the "
                 "Queen and is part of the grid.",
    "tut_2": "A Cat-ken! Drag it from the Paw onto the ringed cell.",
    "tut_2_why": "A drawn card moves from the Paw like a chess piece (a Cat-ken: any distance "
                 "straight or diagonally) onto an empty cell touching a card, the Queen or the "
                 "deck, and all cards must fit in a 4×4 square.",
    "tut_3": "Now play a Pawn: drag the Cat-ken Perch Pawn from the tray onto the Cat-ken.",
    "tut_3_why": "A Pawn may be played only right after a drawn card was placed, never two in a "
                 "row. Cat-ken Perch sits on a Cat-ken; the Paw moves onto it.",
    "tut_4": "Draw again: click the deck.",
    "tut_4_why": "After a Pawn you must draw. The Paw marks where the next card moves from.",
    "tut_5": "Another Cat-ken: drag it onto the ringed cell.",
    "tut_5_why": "Only a Cat-ken checks the Queen, when placed in her row, column or diagonal. "
                 "Cells that would check are avoided while a safe cell exists.",
    "tut_6": "Draw the next card.",
    "tut_6_why": "The game ends when a Cat-ken gives the second check (checkmate), when a drawn "
                 "card has nowhere to go, or when one card is left in the deck.",
    "tut_7": "A third Cat-ken: drag it onto the ringed cell; the Queen stays in the middle.",
    "tut_7_why": "Cat-kens score 1, 3, 6, 10 for 1–4 on the grid; the Queen scores 5 (1 once "
                 "checked), and +5 if she ends in the middle four cells.",
    "tut_done": "Tutorial done: the deal is yours to finish. Keep the Queen safe and fit your "
                "Pawns in between draws.",
})
