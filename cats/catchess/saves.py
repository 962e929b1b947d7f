"""Reading a saved Cat Chess state back, checking that every part is consistent."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from cats.catchess.garden import CARD_INDEX, N_CATS, N_REGIONS, cat_index
from cats.catchess.info import GOALS_PER_CARD, INFO, SOLO_CARDS, check_game_options
from cats.core import JsonDict
from cats.jsondata import plain, read_int
from cats.rng import Rng

if TYPE_CHECKING:
    from cats.catchess.state import CatChessState


def load_state(cls: type[CatChessState], data: Mapping[str, Any]) -> CatChessState:
    """The state described by ``data`` (to_json output); ValueError if it is inconsistent."""
    return _load(cls, data)


def _letters(value: Any, what: str) -> list[int]:
    cats = [cat_index(x) for x in value]
    if -1 in cats or len(set(cats)) != len(cats):
        raise ValueError(f"Cat Chess save: bad {what} {value!r}")
    return cats


def _load(cls: type[CatChessState], data: Mapping[str, Any]) -> CatChessState:
    players = read_int(data["players"], "player count", 1, 3)
    options = INFO.check_options(data["options"])
    check_game_options(options, players)
    first = read_int(data["first_start"], "start player", 0, players - 1)
    state = cls(players, options, Rng(read_int(data["rng"], "rng", 0, (1 << 64) - 1)), first)
    state.reveals = read_int(data["reveals"], "reveal count", 0, 10 ** 9)
    state.round = read_int(data["round"], "round", 0, state.rounds_total - 1)
    state.over = data["over"]
    if not isinstance(state.over, bool):
        raise ValueError("Cat Chess save: bad 'over' flag")
    turn = _load_garden(state, data)
    size = SOLO_CARDS if state.solo else 1
    hands = [[read_int(n, "card", 1, 10 ** 6) for n in hand] for hand in data["hands"]]
    flat = [n for hand in hands for n in hand]
    if (len(hands) != players or any(len(h) != size for h in hands)
            or any(n not in CARD_INDEX for n in flat) or len(set(flat)) != len(flat)):
        raise ValueError("Cat Chess save: bad hands")
    state.hands = [[CARD_INDEX[n] for n in hand] for hand in hands]
    state.tokens = [read_int(t, "tokens", 0, 10 ** 6) for t in data["tokens"]]
    if len(state.tokens) != players:
        raise ValueError("Cat Chess save: bad tokens")
    state.history = [_check_entry(e, players, size) for e in data["history"]]
    if len(state.history) != state.round + (1 if state.over else 0):
        raise ValueError("Cat Chess save: history does not match the round")
    if state.round_complete() != state.over:
        raise ValueError("Cat Chess save: the garden does not match the game's end")
    state.mover = (state.round_start + turn) % players
    state.to_move = None if state.over else state.mover
    state.log = [(read_int(seat, "seat", 0, players - 1), state.action_from_json(move))
                   for seat, move in data["moves"]]
    if len(state.log) != turn:
        raise ValueError("Cat Chess save: the round's moves do not match the turn")
    return state


def _load_garden(state: CatChessState, data: Mapping[str, Any]) -> int:
    """The garden, asleep and just swapped cats; the turn they make (checked against them)."""
    garden = data["garden"]
    if not isinstance(garden, list) or len(garden) != N_REGIONS:
        raise ValueError("Cat Chess save: bad garden")
    placed = _letters([x for x in garden if x is not None], "garden")
    it = iter(placed)
    state.spot = [-1 if x is None else next(it) for x in garden]
    for r, c in enumerate(state.spot):
        if c >= 0:
            state.where[c] = r
    for c in _letters(data["asleep"], "asleep cats"):
        if state.where[c] < 0 or not state.cats_move:
            raise ValueError("Cat Chess save: a waiting cat cannot be asleep")
        state.asleep[c] = True
    swapped = _letters(data["just_swapped"], "swapped cats")
    if len(swapped) not in (0, 2) or any(state.where[c] < 0 for c in swapped):
        raise ValueError("Cat Chess save: bad swapped cats")
    state.just_swapped = tuple(swapped)
    turn = read_int(data["turn"], "turn", 0, 2 * N_CATS)
    if turn != len(placed) + sum(state.asleep):
        raise ValueError("Cat Chess save: the turn does not match the garden")
    state.garden_changed()
    return turn


def _check_entry(entry: Any, players: int, size: int) -> JsonDict:
    keys = {"round", "start_player", "cards", "met", "tokens", "garden", "asleep"}
    if not isinstance(entry, dict) or set(entry) != keys:
        raise ValueError("Cat Chess save: bad round record")
    cards, met = entry["cards"], entry["met"]
    if (len(cards) != players or len(met) != players or len(entry["tokens"]) != players
            or any(len(h) != size or any(n not in CARD_INDEX for n in h) for h in cards)
            or any(len(m) != size or any(len(g) != GOALS_PER_CARD for g in m) for m in met)
            or len(entry["garden"]) != N_REGIONS):
        raise ValueError("Cat Chess save: bad round record")
    return {k: plain(v) for k, v in entry.items()}
