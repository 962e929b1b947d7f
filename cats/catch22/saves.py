"""Reading a Catch 22 state back from JSON, checking every field (``ValueError`` on bad data)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, TypeVar

from cats.catch22.board import BOARD
from cats.catch22.cubes import CubeMap
from cats.catch22.info import DICE_KEPT, DIE_SIDES, INFO, OVER, PHASES, RANSOM
from cats.jsondata import read_int, read_ints
from cats.rng import Rng

if TYPE_CHECKING:
    from cats.catch22.state import Catch22State

S = TypeVar("S", bound="Catch22State")


def _square(value: Any, what: str) -> int:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"catch22 save: bad {what}: {value!r}")
    square = BOARD.at(value[0], value[1])
    if square is None:
        raise ValueError(f"catch22 save: {what} {value!r} is not a path square")
    return square


def state_from_json(cls: type[S], data: Mapping[str, Any]) -> S:
    """Rebuild a state of class ``cls`` from its JSON data."""
    if not isinstance(data, Mapping):
        raise ValueError("catch22 save: a state must be a JSON object")
    try:
        return _read(cls, data)
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"catch22 save: missing or malformed field ({exc})") from None
    except ValueError as exc:
        text = str(exc)
        if text.startswith("catch22 save:"):
            raise
        raise ValueError(f"catch22 save: {text}") from None


def _read(cls: type[S], data: Mapping[str, Any]) -> S:
    n = read_int(data["players"], "player count", INFO.min_players, INFO.max_players)
    state = object.__new__(cls)
    state.num_players = n
    state.threshold = read_int(data["threshold"], "threshold", 1)
    state.rng = Rng(read_int(data["rng"], "generator state", 0, (1 << 64) - 1))
    state.reveals = read_int(data["reveals"], "reveal count")
    state.script = [read_int(d, "loaded die", 1, DIE_SIDES) for d in data["script"]]
    if data["phase"] not in PHASES:
        raise ValueError(f"catch22 save: unknown phase {data['phase']!r}")
    state.phase = data["phase"]
    state.current = read_int(data["current"], "current seat", 0, n - 1)
    state.first = read_int(data["first"], "first seat", 0, n - 1)
    state.turn = read_int(data["turn"], "turn")
    if not isinstance(data["pawns"], list) or len(data["pawns"]) != n:
        raise ValueError("catch22 save: one pawn per player expected")
    state.pawns = [-1 if p is None else _square(p, "pawn") for p in data["pawns"]]
    state.gold = read_ints(data["gold"], "gold", n)
    state.pots = {sq: 0 for sq in BOARD.jackpots}
    for entry in data["pots"]:
        square = _square(entry[:2], "Jackpot")
        if square not in state.pots:
            raise ValueError("catch22 save: gold on a square that is not a Jackpot")
        state.pots[square] = read_int(entry[2], "Jackpot gold")
    state.cubes = CubeMap()
    for entry in data["cubes"]:
        state.cubes[_square(entry[:2], "cube")] = read_int(entry[2], "cube owner", 0, n - 1)
    state.supply = read_ints(data["supply"], "supply", n)
    if not isinstance(data["kept"], list) or len(data["kept"]) != n:
        raise ValueError("catch22 save: kept cubes must be one list per player")
    state.kept = [read_ints(k, "kept cubes", n) for k in data["kept"]]
    state.refused = read_ints(data["refused"], "refused offers", n)
    offer = data["offer"]
    state.offer = None if offer is None else (
        read_int(offer[0], "ransom owner", 0, n - 1), read_int(offer[1], "ransom price", 1))
    if (state.phase == RANSOM) != (state.offer is not None):
        raise ValueError("catch22 save: a ransom offer belongs to the ransom phase only")
    state.die = read_int(data["die"], "die", 0, DIE_SIDES)
    state.dice = []
    # Saves written before the history was capped hold every roll: keep the last DICE_KEPT.
    for entry in data["dice"][-DICE_KEPT:]:
        if not isinstance(entry, list) or len(entry) != 3:
            raise ValueError("catch22 save: a roll is [turn, seat, value]")
        state.dice.append([read_int(entry[0], "roll turn"), read_int(entry[1], "roll seat", 0, n - 1),
                           read_int(entry[2], "roll", 1, DIE_SIDES)])
    state.events = [dict(e) for e in data["events"]]
    state.winner = read_int(data["winner"], "winner", -1, n - 1)
    state.win_square = -1 if data["win_square"] is None else _square(data["win_square"], "win")
    if (state.phase == OVER) != (state.winner >= 0):
        raise ValueError("catch22 save: a winner belongs to a finished game only")
    return state
