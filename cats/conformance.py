"""The contract checker every game gets for free, used by the test suite and by ``bench/fuzz.py``.

:func:`check_position` checks one position that is not over: legal actions unique (as objects and
as notation), each reading back from JSON and applying to a clone with the original untouched;
clone and JSON round trip equal; drag gestures meaning one action each; views plain JSON and
unchanged when what their seat cannot know is re-dealt (the seat to move, one other seat and the
spectator); the legal actions unchanged by that re-deal too. :func:`check_game` plays one seeded
random game with those checks at every step, the game's conservation invariants, a replica
replayed step by step from the JSON log, and the end (outcome, nothing legal, refusals).
:func:`fuzz_game` is the same but never raises: it returns what failed, for the fuzzer's ledger.
"""

from __future__ import annotations

import json
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from cats import GAMES
from cats.core import Action, Game, IllegalAction, State
from cats.jsondata import JsonDict
from cats.rng import Rng

MAX_STEPS = 20_000


class ContractFailure(AssertionError):
    """A broken contract check, with what is needed to reproduce it."""


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ContractFailure(message)


def _round_trip(data: Any) -> Any:
    return json.loads(json.dumps(data))


def option_sets(game: Game) -> list[JsonDict]:
    """Default options, each bool option flipped alone, and all of them flipped together."""
    defaults = game.info.check_options()
    bools = [o.name for o in game.info.options if o.kind == "bool"]
    sets: list[JsonDict] = [{}] + [{b: not defaults[b]} for b in bools]
    if len(bools) > 1:
        sets.append({b: not defaults[b] for b in bools})
    return sets


def check_position(state: State, rng: Rng) -> list[Action]:
    """Every per-step check of a position that is not over; returns its legal actions."""
    gid = state.INFO.id
    data = state.to_json()
    actions = state.legal_actions()
    _check(bool(actions), "no legal action but the game is not over")
    texts = [str(a) for a in actions]
    _check(len(set(actions)) == len(actions) and len(set(texts)) == len(texts),
           f"duplicate legal actions: {texts}")
    # Clone and JSON round trip.
    _check(state.clone().to_json() == data, "clone differs from the state")
    _check(_round_trip(data) == data, "to_json is not plain JSON (lists, not tuples)")
    _check(type(state).from_json(_round_trip(data)).to_json() == data,
           "JSON round trip changes the state")
    # Each legal action reads back from JSON and applies to a clone; the original is untouched.
    n = state.num_players
    gestures: dict[Any, Action] = {}
    for action in actions:
        _check(state.action_from_json(_round_trip(action.to_json())) == action,
               f"action {action} does not survive JSON")
        trial = state.clone()
        try:
            trial.do(action)
        except Exception as exc:  # noqa: BLE001 - any crash of a legal action is the finding
            raise ContractFailure(f"legal action {action} fails on a clone: {exc!r}") from exc
        mover = trial.to_move
        _check(mover is None or 0 <= mover < n, f"after {action} the seat to move is {mover}")
        gesture = state.drag_of(action)
        if gesture is not None:
            _check(gesture not in gestures, f"two actions share the drag {gesture}")
            gestures[gesture] = action
    _check(state.to_json() == data, "applying actions to clones changed the original")
    # One drag, drawn at random, is found back and lit as a target.
    if gestures:
        keys = list(gestures)
        source, target = keys[rng.below(len(keys))]
        _check(state.find_action(source, target) == gestures[(source, target)],
               f"the drop {source} -> {target} does not make its action")
        _check(target in state.legal_targets(source), f"{target} is not lit for {source}")
    # No view shows what its seat cannot know: re-dealing the unknown leaves it unchanged, and
    # what the seat to move may do never depends on what it cannot see.
    public = state.view_for(None)
    _check(_round_trip(public) == public, "a view is not plain JSON")
    to_move = state.to_move
    assert to_move is not None
    for seat in sorted({to_move, rng.below(n)}):
        view = state.view_for(seat)
        _check(_round_trip(view) == view, "a view is not plain JSON")
        world = state.determinize(seat, rng)
        _check(world.view_for(seat) == view, f"{gid}: seat {seat}'s view shows something it "
                                             "cannot know")
        _check(world.view_for(None) == public,
               f"{gid}: the spectator view shows something hidden from seat {seat}")
        if seat == to_move:
            _check([str(a) for a in world.legal_actions()] == texts,
                   "legal actions changed when only hidden cards changed")
    return actions


def _step(game: Game, state: State, replica: State, start: JsonDict, log: list[JsonDict],
          rng: Rng) -> bool:
    """Check the position, then play one random legal action; True once the game is over."""
    data = state.to_json()
    problems = game.invariants(start, data)
    _check(not problems, "conservation: " + "; ".join(problems))
    _check(replica.to_json() == data, "replaying the log step by step gives another state")
    if state.to_move is None:
        return True
    actions = check_position(state, rng)
    action = actions[rng.below(len(actions))]
    _check(state.parse(str(action)) == action, f"parse({str(action)!r}) gives another action")
    state.apply(action)
    log.append(_round_trip(action.to_json()))
    replica.apply(replica.action_from_json(log[-1]))
    return False


def check_game(game: Game, players: int, seed: int, options: Optional[JsonDict] = None,
               max_steps: int = MAX_STEPS) -> tuple[State, int]:
    """Play one seeded random game with every check at every step; returns the final state and
    the number of steps, or raises :class:`ContractFailure` (or the engine's own error)."""
    options = options or {}
    rng = Rng(seed ^ 0xF022)
    state = game.new_game(players, seed, options)
    replica = game.new_game(players, seed, options)
    start = state.to_json()
    log: list[JsonDict] = []
    steps = 0
    while True:
        try:
            if _step(game, state, replica, start, log, rng):
                break
        except Exception as exc:  # noqa: BLE001 - say where, keep the cause
            raise ContractFailure(f"step {steps}: {type(exc).__name__}: {exc}") from exc
        steps += 1
        _check(steps <= max_steps, f"no end within {max_steps} steps")
    outcome = state.outcome()
    _check(outcome is not None and len(outcome.scores) == players
           and all(0 <= w < players for w in outcome.winners), f"bad outcome at the end: {outcome}")
    _check(state.legal_actions() == [], "legal actions after the end")
    if log:
        try:
            state.apply(state.action_from_json(log[-1]))
        except IllegalAction as exc:
            _check(bool(exc.reason), "a refusal without a reason")
        else:
            raise ContractFailure("an action was accepted after the game ended")
    again = game.new_game(players, seed, options)
    _check(again.to_json() == start, "a new game from the same seed starts elsewhere")
    for entry in log:
        again.apply(again.action_from_json(entry))
    _check(again.to_json() == state.to_json(), "replaying the whole log gives another final state")
    return state, steps


@dataclass
class GameRun:
    """What one fuzzed game did."""

    steps: int = 0
    failure: str = ""


def fuzz_game(game_id: str, players: int, seed: int, options: JsonDict,
              max_steps: int = MAX_STEPS) -> GameRun:
    """:func:`check_game` that never raises: a failure is described with how to reproduce it."""
    run = GameRun()
    try:
        run.steps = check_game(GAMES[game_id], players, seed, options, max_steps)[1]
    except Exception as exc:  # noqa: BLE001 - every failure is counted and reported
        tb = traceback.extract_tb(exc.__traceback__)[-1]
        run.failure = (f"{game_id} {players}p options={options} seed={seed}: "
                       f"{type(exc).__name__}: {exc} ({Path(tb.filename).name}:{tb.lineno})")
    return run


@dataclass
class Tally:
    """Totals for one (game, player count) cell."""

    games: int = 0
    steps: int = 0
    failures: list[str] = field(default_factory=list)


def fuzz_range(game_id: str, players: int, seeds: range) -> Tally:
    """Fuzz the games with these seeds; game ``i`` uses option set ``i % len(option_sets)``."""
    sets = option_sets(GAMES[game_id])
    tally = Tally()
    for seed in seeds:
        run = fuzz_game(game_id, players, seed, sets[seed % len(sets)])
        tally.games += 1
        tally.steps += run.steps
        if run.failure:
            tally.failures.append(run.failure)
    return tally


def cells() -> list[tuple[str, int]]:
    """Every (registered game, player count)."""
    return [(gid, n) for gid, g in GAMES.items() for n in g.info.player_counts()]
