"""The random-play fuzzer's checking core, shared by ``bench/fuzz.py`` and the test suite.

:func:`fuzz_game` plays one seeded random game and checks at every step: the legal actions are
unique (as objects and as notation) and each applies to a clone; the original is untouched;
clone and JSON round trip give an equal state; every seat's view (and the spectator's) is the
same in the real state and in a world re-dealt from that seat's knowledge; the game's conservation
invariants (``bench/fuzz_invariants.py``) hold; and a replica rebuilt from the seed by replaying
the JSON log step by step equals the state. Every game is generic over :data:`cats.GAMES`.
"""

from __future__ import annotations

import json
import sys
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.fuzz_invariants import INVARIANTS  # noqa: E402
from cats import GAMES  # noqa: E402
from cats.core import Game, State  # noqa: E402
from cats.rng import Rng  # noqa: E402

MAX_STEPS = 20_000


def option_sets(game: Game) -> list[dict[str, Any]]:
    """Default options, each bool option flipped alone, and all of them flipped together."""
    defaults = game.info.check_options()
    bools = [o.name for o in game.info.options if o.kind == "bool"]
    sets: list[dict[str, Any]] = [{}] + [{b: not defaults[b]} for b in bools]
    if len(bools) > 1:
        sets.append({b: not defaults[b] for b in bools})
    return sets


def conservation(game_id: str) -> Optional[Callable[[dict, dict], list[str]]]:
    """The game's conservation check, or ``None`` if none is written yet."""
    return INVARIANTS.get(game_id)


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data))


class FuzzFailure(AssertionError):
    """A broken check, with what is needed to reproduce it."""


def check_position(game: Game, state: State, data: dict, rng: Rng) -> list:
    """Every per-step check of a position that is not over; returns its legal actions."""
    gid = game.info.id
    actions = state.legal_actions()
    if not actions:
        raise FuzzFailure("no legal action but the game is not over")
    texts = [str(a) for a in actions]
    if len(set(actions)) != len(actions) or len(set(texts)) != len(texts):
        raise FuzzFailure(f"duplicate legal actions: {texts}")
    # Clone and JSON round trip.
    if state.clone().to_json() != data:
        raise FuzzFailure("clone differs from the state")
    plain = _plain(data)
    if plain != data:
        raise FuzzFailure("to_json is not plain JSON")
    if type(state).from_json(plain).to_json() != data:
        raise FuzzFailure("JSON round trip changes the state")
    # Each legal action reads back from JSON and applies to a clone; the original is untouched.
    n = state.num_players
    for action in actions:
        if state.action_from_json(action.to_json()) != action:
            raise FuzzFailure(f"action {action} does not survive JSON")
        trial = state.clone()
        try:
            trial.do(action)
        except Exception as exc:  # noqa: BLE001 - any crash of a legal action is the finding
            raise FuzzFailure(f"legal action {action} fails on a clone: {exc!r}") from exc
        mover = trial.to_move
        if mover is not None and not 0 <= mover < n:
            raise FuzzFailure(f"after {action} the seat to move is {mover}")
    if state.to_json() != data:
        raise FuzzFailure("applying actions to clones changed the original")
    # No view shows what its seat cannot know: re-dealing the unknown leaves it unchanged.
    # Checked for the seat to move and one other seat drawn at random (every seat over a run).
    public = state.view_for(None)
    to_move = state.to_move
    assert to_move is not None
    for seat in sorted({to_move, rng.below(n)}):
        view = state.view_for(seat)
        world = state.determinize(seat, rng)
        if world.view_for(seat) != view:
            raise FuzzFailure(f"{gid}: seat {seat}'s view shows something it cannot know")
        if world.view_for(None) != public:
            raise FuzzFailure(f"{gid}: the spectator view shows something hidden from seat {seat}")
    if _plain(public) != public:
        raise FuzzFailure("a view is not plain JSON")
    return actions


@dataclass
class GameRun:
    """What one fuzzed game did."""

    steps: int = 0
    failure: str = ""


def fuzz_game(game_id: str, players: int, seed: int, options: dict[str, Any],
              max_steps: int = MAX_STEPS) -> GameRun:
    """Play one random game with every check at every step; never raises."""
    game = GAMES[game_id]
    invariants = conservation(game_id)
    run = GameRun()
    where = "set-up"
    try:
        rng = Rng(seed ^ 0xF022)
        state = game.new_game(players, seed, options)
        replica = game.new_game(players, seed, options)
        start = state.to_json()
        log: list[dict] = []
        while True:
            data = state.to_json()
            where = f"step {run.steps}"
            if invariants is not None:
                problems = invariants(start, data)
                if problems:
                    raise FuzzFailure("conservation: " + "; ".join(problems))
            if replica.to_json() != data:
                raise FuzzFailure("replaying the log step by step gives another state")
            if state.to_move is None:
                break
            actions = check_position(game, state, data, rng)
            action = actions[rng.below(len(actions))]
            if action != state.parse(str(action)):
                raise FuzzFailure(f"parse({str(action)!r}) gives another action")
            state.apply(action)
            log.append(_plain(action.to_json()))
            replica.apply(replica.action_from_json(log[-1]))
            run.steps += 1
            if run.steps > max_steps:
                raise FuzzFailure(f"no end within {max_steps} steps")
        where = "end"
        outcome = state.outcome()
        if outcome is None or len(outcome.scores) != players or \
                not all(0 <= w < players for w in outcome.winners):
            raise FuzzFailure(f"bad outcome at the end: {outcome}")
        if state.legal_actions():
            raise FuzzFailure("legal actions after the end")
        again = game.new_game(players, seed, options)
        for entry in log:
            again.apply(again.action_from_json(entry))
        if again.to_json() != state.to_json():
            raise FuzzFailure("replaying the whole log gives another final state")
    except Exception as exc:  # noqa: BLE001 - every failure is counted and reported
        tb = traceback.extract_tb(exc.__traceback__)[-1]
        run.failure = (f"{game_id} {players}p options={options} seed={seed} {where}: "
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
