"""Reading a Cat in the Box state back from JSON, checking every field (``ValueError`` on bad data)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, TypeVar

from cats.box.actions import COLOURS
from cats.box.info import ALL_COLOURS, INFO, PHASES
from cats.box.scoring import RoundRecord
from cats.box.table import Table, check_deal_script, table_for
from cats.box.trick import TrickPlay
from cats.jsondata import plain, read_int, read_ints
from cats.rng import Rng

if TYPE_CHECKING:
    from cats.box.state import BoxState

S = TypeVar("S", bound="BoxState")
SEED_LIMIT = 1 << 64   # generator states are masked to 64 bits when read


def state_from_json(cls: type[S], data: Mapping[str, Any]) -> S:
    """Rebuild a state of class ``cls`` from :meth:`BoxState.to_json` data."""
    if data.get("game") != "box":
        raise ValueError("not a Cat in the Box save")
    n = data["players"]
    if n not in INFO.player_counts():
        raise ValueError(f"bad player count {n!r}")
    t = table_for(n)
    s = cls.__new__(cls)
    s.num_players, s.table = n, t
    s.options = INFO.check_options(data["options"])
    check_deal_script(t, s.options.get("deal"))
    s._rng = Rng(read_int(data["rng"], "generator state", 0, SEED_LIMIT))
    s.reveals = read_int(data["reveals"], "reveal count", 0, SEED_LIMIT)
    s.first_player = read_int(data["first_player"], "first player", 0, n - 1)
    s.round_no = read_int(data["round"], "round", 0, n - 1)
    s.turn = read_int(data["turn"], "turn", 0, n - 1)
    s.phase = data["phase"]
    if s.phase not in PHASES:
        raise ValueError(f"bad phase {s.phase!r}")
    s._hands = [sorted(read_ints(h, "hand", None, 1, t.numbers)) for h in data["hands"]]
    s.aside = read_ints(data["aside"], "set-aside cards", n, -1, t.numbers)
    s.revealed = read_ints(data["revealed"], "revealed leftovers", None, 1, t.numbers)
    s.leftovers = read_ints(data["leftovers"], "leftovers", None, 1, t.numbers)
    s.board = read_ints(data["board"], "research board", len(COLOURS) * t.numbers, -2, n - 1)
    s.colours = read_ints(data["colours"], "player boards", n, 0, ALL_COLOURS)
    s.predictions = read_ints(data["predictions"], "predictions", n, -1, 10)
    s.tricks = read_ints(data["tricks"], "tricks won", n, 0, 10)
    s.trick = [_trick_play(p, n, t) for p in data["trick"]]
    s.led = read_int(data["led"], "led colour", -1, len(COLOURS) - 1)
    s.trick_no = read_int(data["trick_no"], "trick number", 0, 10)
    last = data["last_trick"]
    s.last_trick = None if last is None else (
        tuple(_trick_play(p, n, t) for p in last["plays"]),
        read_int(last["winner"], "trick winner", 0, n - 1))
    s.allowed = read_ints(data["allowed"], "hand inference", n, 0, t.all_numbers)
    results = plain(data["results"])
    if len(s.hands) != n or not isinstance(results, list) or any(
            len(r["scores"]) != n for r in results):
        raise ValueError("hands or results do not match the player count")
    s.rounds = [RoundRecord.from_json(r) for r in results]
    s.final_round = n - 1
    s.index_board()
    return s


def _trick_play(value: Any, players: int, table: Table) -> TrickPlay:
    """One (seat, number, colour index) entry of a saved trick."""
    seat, number, colour = read_ints(value, "trick entry", 3, -2, SEED_LIMIT)
    if not (0 <= seat < players and 1 <= number <= table.numbers and 0 <= colour < len(COLOURS)):
        raise ValueError(f"bad trick entry {value!r}")
    return seat, number, colour
