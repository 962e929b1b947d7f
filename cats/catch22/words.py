"""How Catch 22 reads: the move log and its events, the news, prompts, labels and refusals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cats.catch22.actions import cell_name
from cats.catch22.board import BOARD
from cats.core import Action
from cats.words import Phrase, Player, Words

if TYPE_CHECKING:
    from cats.catch22.state import Catch22State

W = Words("catch22", {
    # the move (the log's line starts with the player's name)
    "start": "starts on the {star} Star",
    "cube": "places a cube on {square}",
    "offer": "offers {owner} a cube back for {price} gold",
    "pay": "pays {keeper} {price} gold to get a cube back",
    "refuse": "refuses to pay {price} gold",
    "roll": "rolls {die}",
    "roll_unseen": "rolls the die",
    "stuck": "rolls {die} and cannot move",
    "move": "moves to {square}",
    "move_via": "moves to {square} via a Star",
    "move_avoiding": "moves to {square} avoiding Stars",
    "switch": "switches places with {other}",
    "take_back": "takes back their cube from {square}",
    "remove": "removes {owner}'s cube from {square}",
    "leave": "takes no cube",
    "notation": "{notation}",
    # what followed (said of the player who moved)
    "jackpot": "empties the Jackpot on {square}: {gold} gold, and rolls again: {die}",
    "roll_again": "rolls again: {die}",
    "cannot_move": "cannot move",
    "steal": "lands on {victims} and steals {gold} gold",
    "steal_pot": "lands on {victims} and steals {gold} gold and {pot} from the Jackpot",
    "win": "reaches the {star} Star with {gold} gold and wins!",
    # the same as news, a whole sentence with its subject
    "news": "{who} {what}.",
    # prompts
    "prompt": "{who}: {what}",
    "choose_star": "choose the Star your pawn starts on.",
    "place_or_offer": "place cubes or offer a ransom, then roll.",
    "place_then_roll": "place cubes, then roll.",
    "offer_then_roll": "offer a ransom, then roll.",
    "roll_now": "roll the die.",
    "pay_or_not": "pay {keeper} {price} gold to get your cube back?",
    "rolled": "you rolled {die}; move exactly {die} squares.",
    "choose_switch": "choose a player to switch places with.",
    "choose_cube": "take one cube off the board, or none.",
    "summary": "{winner} reached the {star} Star with {gold} gold on turn {turn} and wins.",
    # buttons
    "label_offer": "Offer {owner} a cube back for {price} gold",
    "label_switch": "Switch places with {other}",
    # refusals that name a seat
    "waiting_start": "{who} must first choose a Star to start on.",
    "waiting_prepare": "{who} has not rolled yet.",
    "waiting_ransom": "{who} must first pay or refuse the ransom offer.",
    "waiting_move": "{who} must first move their pawn.",
    "waiting_switch": "{who} must first choose whom to switch places with.",
    "waiting_remove": "{who} must first take a cube off the board (or none).",
    "waiting": "{who} must act first.",
    "shut_in": "That would shut in {seat}, whose pawn stands on their own cube: every player must "
               "keep a path to move along.",
    "none_held": "You hold none of {owner}'s cubes.",
    "all_offered": "You have already offered {owner} every cube of theirs you hold this turn.",
    "no_gold": "{owner} has no gold to pay a ransom.",
    "price_range": "The price must be from 1 to {gold} gold (what {owner} holds).",
    "blocked": "{owner}'s cube blocks {square}: you may neither pass nor land on it.",
    "on_own_cube": "{seat} stands on their own cube and cannot be moved.",
    "their_cat": "That is {seat}'s cat.",
    "gold_row": "Gold",
})


def _new_dice(before: "Catch22State", after: "Catch22State") -> list[int]:
    fresh = after.reveals - before.reveals
    return [d[2] for d in after.dice[-fresh:]] if fresh > 0 else []


def happenings(before: "Catch22State", after: "Catch22State", action: Action
               ) -> tuple[Phrase, list[Phrase]]:
    """The move as the log says it, and what followed (said of the player who moved)."""
    a: Any = action
    kind = action.kind
    me = before.current
    dice = _new_dice(before, after)
    followed: list[Phrase] = []
    if kind == "start":
        said = W("start", star=a.star)
    elif kind == "cube":
        said = W("cube", square=cell_name(a.row, a.col))
    elif kind == "offer":
        said = W("offer", owner=Player(a.owner), price=a.price)
    elif kind == "pay" and before.offer is not None:
        said = W("pay", keeper=Player(before.current), price=before.offer[1])
    elif kind == "refuse" and before.offer is not None:
        said = W("refuse", price=before.offer[1])
    elif kind == "roll":
        if not dice:
            said = W("roll_unseen")
        else:  # no move of that length: the turn ended at once
            said = W("stuck" if after.turn != before.turn else "roll", die=dice.pop(0))
    elif kind == "move":
        key = {"star": "move_via", "nostar": "move_avoiding"}.get(a.route, "move")
        said = W(key, square=cell_name(a.row, a.col))
        followed = _landing(before, after, a, dice)
    elif kind == "switch":
        said = W("switch", other=Player(a.seat))
    elif kind == "remove":
        square = BOARD.index.get((a.row, a.col))
        owner = before.cubes.get(square) if square is not None else None
        where = cell_name(a.row, a.col)
        said = W("take_back", square=where) if owner in (None, me) else \
            W("remove", owner=Player(owner), square=where)
    elif kind == "leave":
        said = W("leave")
    else:
        said = W("notation", notation=str(action))
    if after.winner >= 0 > before.winner:
        followed.append(W("win", star=BOARD.star_name(after.win_square), gold=after.gold[me]))
    return said, followed


def _landing(before: "Catch22State", after: "Catch22State", move: Any, dice: list[int]
             ) -> list[Phrase]:
    """A steal, a Jackpot or a Roll Again square (each further roll said with it)."""
    me = before.current
    end = BOARD.index.get((move.row, move.col))
    if end is None or after.winner >= 0:
        return []
    victims = tuple(Player(s) for s in range(before.num_players)
                    if s != me and before.pawns[s] == end)
    if victims:
        gold = sum(before.gold[v.seat] for v in victims)
        pot = before.pots.get(end, 0)
        if pot:
            return [W("steal_pot", victims=victims, gold=gold, pot=pot)]
        return [W("steal", victims=victims, gold=gold)]
    if not dice:
        return []
    said = [W("jackpot", square=BOARD.name(end), gold=before.pots.get(end, 0), die=dice[0])
            if end in before.pots and before.pots[end] else W("roll_again", die=dice[0])]
    if after.current != me:
        said.append(W("cannot_move"))
    return said


def news(before: "Catch22State", after: "Catch22State", action: Action) -> list[tuple[str, Phrase]]:
    """The happenings worth a line on the board, as whole sentences, each with its kind."""
    said, followed = happenings(before, after, action)
    who = Player(before.current if before.to_move is None else before.to_move)
    items = [p for p in (said, *followed) if p.key.split(".")[1] in NEWS_KINDS]
    return [(NEWS_KINDS[p.key.split(".")[1]], W("news", who=who, what=p)) for p in items]


# Which phrases make news, and the kind of news each is (the screen picks its colour).
NEWS_KINDS = {"steal": "steal", "steal_pot": "steal", "jackpot": "jackpot", "win": "win",
              "stuck": "stuck", "cannot_move": "stuck", "pay": "ransom", "refuse": "refuse",
              "remove": "remove", "take_back": "remove", "switch": "switch",
              "roll_again": "roll_again"}


# The tutorial's prompts and the rules points they teach (cats/catch22/tutorial.py).
W.templates.update({
    "tut_1": "Choose your starting Star: click the ringed North Star.",
    "tut_1_why": "Each player puts their cat on a Star of their choice; several cats may share "
                 "one.",
    "tut_2": "Before rolling, drag a Blocker Cube from your tray onto the ringed square east of you.",
    "tut_2_why": "Before you roll you may put cubes on empty plain path squares. Rivals may "
                 "never pass or land on your cube; you may.",
    "tut_3": "Now roll the die: click it (or press Roll).",
    "tut_3_why": "Roll and move exactly that many steps to neighbouring squares, never entering "
                 "a square twice.",
    "tut_4": "You rolled 6: click the ringed Jackpot in the top-left corner.",
    "tut_4_why": "Landing on a Jackpot takes all its gold and you roll again at once.",
    "tut_5": "You rolled 1: click the ringed square below you.",
    "tut_5_why": "A move must use the whole roll; if no move of that length exists, the turn "
                 "ends.",
    "tut_6": "Your rival took a Jackpot too. Roll the die.",
    "tut_6_why": "Your cube kept your rival off the east side of the top row.",
    "tut_7": "Land on your rival: click the ringed square and take all their gold.",
    "tut_7_why": "Landing on rivals takes all their gold; your turn then ends.",
    "tut_done": "Tutorial done: gather 22 gold, then enter any Star to win. Play on!",
})
