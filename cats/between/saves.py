"""Reading a saved Cat Between Us state back, checking that every part is consistent."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from cats.between.cards import CARDS_PER_TOY, CROWN, DECK_SIZE, LAST_ROUND, LURES_PER_ROUND, TOYS
from cats.between.info import INFO, check_script
from cats.jsondata import is_int, plain, read_int, read_ints
from cats.rng import Rng

if TYPE_CHECKING:
    from cats.between.state import BetweenState


def load_state(cls: type[BetweenState], data: Mapping[str, Any]) -> BetweenState:
    """The state described by ``data`` (to_json output); ``ValueError`` if it is inconsistent."""
    if not isinstance(data, Mapping) or data.get("game") != "between":
        raise ValueError("not a Cat Between Us state")
    players = data["players"]
    if not is_int(players) or players not in INFO.player_counts():
        raise ValueError("bad player count")
    options = INFO.check_options(data["options"])
    check_script(options, players)
    state = cls(players, Rng(read_int(data["rng"], "generator", 0, (1 << 64) - 1)), options)
    state.reveals = read_int(data["reveals"], "reveal count")
    state.round = read_int(data["round"], "round", 1, LAST_ROUND)
    state.first = read_int(data["first"], "first player", 0, players - 1)
    state.cat_card = read_int(data["cat_card"], "cat card", 0, DECK_SIZE - 1)
    state.played = read_int(data["played"], "lure count", 0, LURES_PER_ROUND)
    _load_table(state, data)
    state.wins = read_ints(data["wins"], "rounds won", players, 0, CROWN)
    state.interest = read_ints(data["interest"], "interest", players)
    last = data["last"]
    if last is not None and not isinstance(last, Mapping):
        raise ValueError("bad last round")
    state.last = plain(last)
    state.round_winners = [tuple(read_ints(w, "round winners", None, 0, players - 1))
                           for w in data["round_winners"]]
    final = data["final"]
    state.final = None if final is None else tuple(read_ints(final, "winners", None, 0,
                                                             players - 1))
    state.ending = str(data["ending"])
    if state.final is None and state.played >= LURES_PER_ROUND:
        raise ValueError("a finished round was not scored")
    state.to_move = None if state.final is not None else (state.first + state.played) % players
    return state


def _load_table(state: BetweenState, data: Mapping[str, Any]) -> None:
    """The hands and the cards under the toys: every card in one place, toys not overfull."""
    hands, toys = data["hands"], data["toys"]
    if not isinstance(hands, list) or len(hands) != state.num_players:
        raise ValueError("one hand per seat expected")
    if not isinstance(toys, list) or len(toys) != TOYS:
        raise ValueError("six toys expected")
    state.hands = [read_ints(h, "hand", None, 0, DECK_SIZE - 1) for h in hands]
    table = [read_ints(t, "toy", None, 0, DECK_SIZE - 1) for t in toys]
    placed = [c for t in table for c in t]
    every = placed + [c for h in state.hands for c in h]
    if len(set(every)) != len(every) or any(len(t) > CARDS_PER_TOY for t in table):
        raise ValueError("a card is in two places or a toy has more than two cards")
    if len(placed) != state.played:
        raise ValueError("the lure count does not match the cards under the toys")
    state.set_toys(table)
