"""Cat's Gambit solver: the model follows the engine, the searches are exact, the hint never peeks.

Kept fast (a few seconds): brute-force references run on late-game positions only.
"""

from __future__ import annotations

import functools
import math
import statistics

import pytest

from cats import GAMES
from cats.ai import make_bot, search
from cats.core import Action
from cats.gambit.actions import Burrow, Draw, Look, Peek
from cats.gambit.solver import (
    Budget,
    Expectimax,
    GambitSolver,
    Model,
    Search,
    clairvoyant_value,
    expected_bound,
    from_info,
    from_state,
    to_action,
    upper_bound,
)
from cats.gambit.state import GambitState
from cats.rng import Rng

GAME = GAMES["gambit"]
OPTION_SETS = ({}, {"umbra": True}, {"free_check": True}, {"umbra": True, "free_check": True})


def _reward(state: GambitState) -> float:
    outcome = state.outcome()
    assert outcome is not None
    return outcome.reward(0)


# -- the model against the engine --------------------------------------------------------------------
@pytest.mark.parametrize("options", OPTION_SETS, ids=["base", "umbra", "free", "umbra+free"])
def test_model_children_match_engine(options: dict) -> None:
    """Every model child equals the engine's successor (legal action sets equal, Peek aside)."""
    steps = 0
    for seed in range(6):
        state = GAME.new_game(1, seed, options)
        model = Model(options.get("free_check", False))
        rng = Rng(seed)
        while state.phase != "over":
            s = from_state(state)
            seen = set()
            for token, child in model.children(s):
                twin = state.clone()
                if token == ("swap",):
                    if twin.phase == "ability":
                        twin.do(Look())
                    action: Action = Burrow(True)
                elif token == ("decline",) and twin.phase == "burrow":
                    action = Burrow(False)
                else:
                    action = to_action(token)
                seen.add(Look() if token == ("swap",) and state.phase == "ability" else action)
                twin.do(action)
                got = _reward(twin) if twin.phase == "over" else from_state(twin)
                assert got == child, (seed, token)
            legal = {a for a in state.legal_actions() if not isinstance(a, Peek)}
            assert legal == seen
            steps += 1
            actions = state.legal_actions()
            state.do(actions[rng.below(len(actions))] if rng.below(3) else actions[-1])
    assert steps > 60


# -- exactness against brute force -------------------------------------------------------------------
def _brute_clairvoyant(state: GambitState) -> float:
    if state.phase == "over":
        return _reward(state)
    best = -math.inf
    for action in state.legal_actions():
        twin = state.clone()
        twin.do(action)
        best = max(best, _brute_clairvoyant(twin))
    return best


@functools.lru_cache(maxsize=None)
def _late_positions(deck: int) -> tuple[GambitState, ...]:
    """Rich late-game positions (Pawns left, some cards seen): mostly clairvoyant play with
    random slips, every option set, stopped at a turn with ``deck`` cards left."""
    out = []
    for seed in range(12):
        state = GAME.new_game(1, seed, OPTION_SETS[seed % len(OPTION_SETS)])
        rng = Rng(seed)
        while state.phase != "over":
            if len(state.deck) <= deck and state.phase == "turn":
                out.append(state)
                break
            actions = state.legal_actions()
            best = clairvoyant_value(state)[1]  # type: ignore[arg-type]
            state.do(best if rng.below(10) < 8 or best is None else
                     actions[rng.below(len(actions))])
    return tuple(out)  # type: ignore[arg-type]


def test_clairvoyant_value_equals_brute_force() -> None:
    """On late-game positions the exact search agrees with plain enumeration of the engine."""
    positions = _late_positions(3)
    assert len(positions) >= 10 and sum(len(p.legal_actions()) > 3 for p in positions) >= 5
    for state in positions:
        value, action = clairvoyant_value(state)
        assert value == _brute_clairvoyant(state)
        assert action in state.legal_actions()
        twin = state.clone()
        twin.do(action)
        assert clairvoyant_value(twin)[0] == value  # the suggested action keeps the value


def test_bounds_are_admissible_along_the_searches() -> None:
    """No bound falls below the exact value of any position the searches solved."""
    checked = 0
    for state in _late_positions(4):
        model = Model(state.free_check)
        search = Search(model)
        search.solve(from_state(state))
        for s, (v, exact) in search.table.items():
            if exact:
                assert upper_bound(s) >= v
                checked += 1
        expecti = Expectimax(model)
        expecti.value(*from_info(state))
        for (s, unknown), (v, exact) in expecti.table.items():
            if exact:
                assert expected_bound(s, unknown) >= v - 1e-9
                checked += 1
    assert checked > 200


def _arrange(state: GambitState, slots: list[int]) -> list[tuple[float, GambitState]]:
    """Each way the unseen cards may fill ``slots`` (deck indices), with its probability."""
    unknown = [i for i, k in enumerate(state.known) if not k]
    cards = [state.deck[i] for i in unknown]
    out: list[tuple[float, GambitState]] = []

    def fill(k: int, pool: list[str], prob: float, chosen: dict[int, str]) -> None:
        if k == len(slots):
            twin = state.clone()
            rest = list(pool)
            for i in unknown:
                twin.deck[i] = chosen[i] if i in chosen else rest.pop()
            out.append((prob, twin))
            return
        i = slots[k] % len(state.deck)
        if state.known[i]:
            fill(k + 1, pool, prob, chosen)
            return
        for card in sorted(set(pool)):
            left = list(pool)
            left.remove(card)
            fill(k + 1, left, prob * pool.count(card) / len(pool), {**chosen, i: card})

    fill(0, cards, 1.0, {})
    return out


def _brute_expected(state: GambitState) -> float:
    """Optimal expected reward over the unseen orders, by enumeration through the engine."""
    if state.phase == "over":
        return _reward(state)
    best = -math.inf
    for action in state.legal_actions():
        slots = [0] if isinstance(action, (Draw, Peek)) else [-2, -1] if isinstance(action, Look) \
            else []
        total = 0.0
        for prob, world in _arrange(state, slots) if slots else [(1.0, state)]:
            twin = world.clone()
            twin.do(action)
            total += prob * _brute_expected(twin)
        best = max(best, total)
    return best


def test_late_game_expectimax_equals_brute_force() -> None:
    """The exact search under uncertainty agrees with enumeration of the unseen orders."""
    for state in _late_positions(3):
        s, unknown = from_info(state)
        value = Expectimax(Model(state.free_check)).value(s, unknown)
        assert value == pytest.approx(_brute_expected(state), abs=1e-9)


# -- the hint ----------------------------------------------------------------------------------------
# Small budgets, no widening and no carried table (the tests that want them say so).
LIGHT = dict(samples=4, batch=2, nodes=120, exact_deck=3, exact_nodes=3000, seconds=60.0,
             widen_deck=0, carry_table=False)


def test_solver_plays_only_legal_actions() -> None:
    """Whole games through the session contract: every chosen action is legal."""
    solver = GambitSolver(**LIGHT)  # type: ignore[arg-type]
    for seed, options in ((1, {}), (2, {"umbra": True})):
        state = GAME.new_game(1, seed, options)
        rng = Rng(seed)
        while state.phase != "over":
            world = state.determinize(0, rng)
            action = solver.choose(world, 0, rng)
            assert action in state.legal_actions()
            state.apply(action)


def _twins() -> tuple[GambitState, GambitState]:
    """Two positions alike in all the player knows, with the unseen cards in other orders."""
    deck_a = ["C", "B", "N", "R", "C", "B", "N", "R", "C", "C"]
    deck_b = ["C", "B", "N", "R", "C", "C", "B", "C", "R", "N"]
    pawns = ["banish", "burrow", "leap", "gambit", "peek"]
    states = [GAME.new_game(1, 5, {"deck": d, "pawns": pawns}) for d in (deck_a, deck_b)]
    for text in ("draw", "place 2,1", "draw", "place 1,2", "draw", "place 2,0"):
        for state in states:
            state.apply(state.parse(text))
    return states[0], states[1]  # type: ignore[return-value]


def test_hint_does_not_peek() -> None:
    """Same knowledge, same rng: same hint and estimate, whatever the hidden order."""
    a, b = _twins()
    assert a.deck != b.deck and sorted(a.deck) == sorted(b.deck)
    solver = GambitSolver(**LIGHT)  # type: ignore[arg-type]
    assert solver.hint(a, Rng(42), 60.0) == solver.hint(b, Rng(42), 60.0)
    # Also after a Tactical Peek shows the same top card in both.
    for state in (a, b):
        state.apply(Peek())
    assert a.deck[0] == b.deck[0]
    assert solver.hint(a, Rng(7), 60.0) == solver.hint(b, Rng(7), 60.0)


def test_hint_on_an_opening() -> None:
    """A typical opening: a legal action and an expected score within the game's range."""
    state = GAME.new_game(1, 11, {})
    state.apply(Draw())
    action, expected = GambitSolver().hint(state, Rng(3))
    assert action in state.legal_actions()
    assert -10 <= expected <= 20


def test_solver_beats_random_play() -> None:
    """Over a few seeds the (light) solver scores well above uniformly random play."""
    solver, randombot = GambitSolver(**LIGHT), search.RandomBot()  # type: ignore[arg-type]
    means = []
    for bot in (solver, randombot):
        scores = []
        for seed in range(20):
            state = GAME.new_game(1, 1000 + seed, {})
            rng = Rng(seed)
            while state.phase != "over":
                state.apply(bot.choose(state, 0, rng))
            scores.append(_reward(state))
        means.append(statistics.mean(scores))
    assert means[0] > means[1] + 3


def test_registry_levels() -> None:
    """The game's own bots are registered for the three levels."""
    for level in (1, 2, 3):
        bot = make_bot("gambit", level)
        state = GAME.new_game(1, 4, {})
        state.apply(Draw())
        assert bot.choose(state, 0, Rng(1)) in state.legal_actions()


# -- the exact search's caps and carried table -------------------------------------------------------
def _late_turns() -> list[GambitState]:
    """Late positions where the exact search takes a few hundred nodes or more."""
    out = []
    for state in _late_positions(4):
        search = Expectimax(Model(state.free_check))
        search.value(*from_info(state))
        if search.nodes > 300:
            out.append(state)
    return out


def test_exact_search_over_its_time_cap_falls_back_to_sampling() -> None:
    """An exact search past its CPU-time cap stops and the sampled answer is given instead."""
    states = _late_turns()
    assert len(states) >= 2
    for state in states:
        capped = GambitSolver(**{**LIGHT, "exact_deck": 10, "exact_nodes": 10**9,  # type: ignore[arg-type]
                                 "exact_seconds": 0.0})
        action, _ = capped.hint(state, Rng(1), 60.0)
        assert capped.last_stats["method"] == "sampled" and action in state.legal_actions()
        assert capped.last_stats["capped"] is True and capped.capped == 1  # said, to be reported
        search = Expectimax(Model(state.free_check))
        search.deadline = 0.0
        with pytest.raises(Budget):
            search.value(*from_info(state))


def test_a_carried_table_gives_the_exact_answer_after_an_interrupted_search() -> None:
    """Work cut short by the node budget is kept and stays right: the next hint, going on from
    the carried table, is the one a fresh exact search gives."""
    states = _late_turns()
    assert len(states) >= 2
    for state in states:
        carried = GambitSolver(**{**LIGHT, "exact_deck": 10, "exact_nodes": 100,  # type: ignore[arg-type]
                                  "exact_seconds": 60.0, "carry_table": True})
        carried.hint(state, Rng(1), 60.0)
        assert carried.last_stats["method"] == "sampled"  # the 100 nodes ran out
        assert carried.last_stats["capped"] is False and carried.capped == 0  # nodes, not time
        assert carried.carried_positions() > 100
        carried.exact_nodes = (10**9,)
        fresh = GambitSolver(**{**LIGHT, "exact_deck": 10, "exact_nodes": 10**9,  # type: ignore[arg-type]
                                "exact_seconds": 60.0})
        assert carried.hint(state, Rng(1), 60.0) == fresh.hint(state, Rng(1), 60.0)
        assert carried.last_stats["method"] == fresh.last_stats["method"] == "exact"
        assert fresh.carried_positions() == 0  # nothing carried unless asked


def test_a_table_past_its_limit_starts_again_and_the_value_stays_exact() -> None:
    """The exact search's memory cap only costs work: the values are the same."""
    for state in _late_turns():
        free = Expectimax(Model(state.free_check))
        capped = Expectimax(Model(state.free_check))
        capped.table_limit = 50
        assert capped.value(*from_info(state)) == pytest.approx(free.value(*from_info(state)))
        assert len(capped.table) < len(free.table)  # the cap was reached: the table started again


# -- iterative widening: today's answer first, the exact search with what is left ---------------------
class Ticks:
    """An injected CPU clock: every reading is one tick later (no real time is measured)."""

    def __init__(self, tick: float = 1e-6) -> None:
        self.tick = tick
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        return self.readings * self.tick


WIDE = {**LIGHT, "exact_deck": 3, "seconds": 60.0}


def test_a_widened_search_cut_by_its_nodes_gives_todays_answer() -> None:
    """When the hint's nodes run out inside the widened exact search, the hint is the answer the
    solver without widening gives (same random stream), and no cap is said to have cut it."""
    stopped = 0
    for state in [s for s in _late_turns() if len(s.deck) > WIDE["exact_deck"]]:
        today = GambitSolver(**WIDE)  # type: ignore[arg-type]
        expected = today.hint(state, Rng(1), 60.0)
        sampled = today.last_stats["nodes"]
        assert isinstance(sampled, int)
        # The widened search gets 50 nodes (a search that needs fewer completes: checked below).
        wide = GambitSolver(**{**WIDE, "widen_deck": 10, "widen_nodes": sampled + 50})  # type: ignore[arg-type]
        answer = wide.hint(state, Rng(1), 60.0)
        assert wide.last_stats["capped"] is False and wide.capped == 0
        if wide.last_stats["widened"] == "stopped":
            stopped += 1
            assert answer == expected and wide.last_stats["method"] == "sampled"
            assert wide.last_stats["exact_nodes"] == 51  # the budget, and the node past it
        else:
            assert wide.last_stats["method"] == "exact"
    assert stopped >= 3


def test_a_widened_search_cut_by_its_cpu_cap_gives_todays_answer_and_says_so() -> None:
    """When the CPU-time safety cap ends the widened search (nodes left to spare), the hint is
    today's answer, and ``last_stats`` and the solver's count say that a cap cut it."""
    stopped = 0
    for state in [s for s in _late_turns() if len(s.deck) > WIDE["exact_deck"]]:
        today_clock = Ticks()
        today = GambitSolver(**WIDE, clock=today_clock)  # type: ignore[arg-type]
        expected = today.hint(state, Rng(1), 60.0)
        # The cap ends after the sampled answer and before the search's first clock check
        # (at its 64th node: a search that needs fewer completes, and is checked below).
        cap = (today_clock.readings + 0.5) * today_clock.tick
        wide = GambitSolver(**{**WIDE, "widen_deck": 10}, widen_nodes=10**9,  # type: ignore[arg-type]
                            widen_seconds=cap, clock=Ticks())
        answer = wide.hint(state, Rng(1), 60.0)
        if wide.last_stats["widened"] == "stopped":
            stopped += 1
            assert answer == expected and wide.last_stats["method"] == "sampled"
            assert wide.last_stats["capped"] is True and wide.capped == 1
        else:
            assert wide.last_stats["method"] == "exact" and wide.capped == 0
    assert stopped >= 3


def test_a_widened_search_that_completes_gives_the_exact_value() -> None:
    """With nodes left, the widened search's (exact) answer replaces the sampled one."""
    for state in _late_turns():
        wide = GambitSolver(**{**WIDE, "widen_deck": 10}, widen_nodes=10**9,  # type: ignore[arg-type]
                            clock=Ticks())
        action, value = wide.hint(state, Rng(1), 60.0)
        assert wide.last_stats["method"] == "exact" and action in state.legal_actions()
        assert wide.last_stats["capped"] is False
        if len(state.deck) > WIDE["exact_deck"]:
            assert wide.last_stats["widened"] == "completed"
        fresh = Expectimax(Model(state.free_check))
        assert value == pytest.approx(fresh.value(*from_info(state)))


def test_no_widening_past_its_deck_or_its_nodes() -> None:
    """Above ``widen_deck`` cards, or with the hint's nodes spent by the sampled answer, the
    hint is today's sampled answer and no exact search runs."""
    state = _late_turns()[0]
    for kwargs in ({"widen_deck": len(state.deck) - 1, "widen_nodes": 10**9},
                   {"widen_deck": 10, "widen_nodes": 0}):
        wide = GambitSolver(**{**WIDE, **kwargs}, clock=Ticks())  # type: ignore[arg-type]
        today = GambitSolver(**WIDE, clock=Ticks())  # type: ignore[arg-type]
        assert wide.hint(state, Rng(1), 60.0) == today.hint(state, Rng(1), 60.0)
        assert "widened" not in wide.last_stats


def test_a_hint_leaves_nothing_frozen_from_the_collector() -> None:
    """The hint sets the older objects aside from the cyclic collector only while it thinks."""
    import gc

    state = _late_turns()[0]
    assert gc.get_freeze_count() == 0
    GambitSolver(**LIGHT).hint(state, Rng(1), 60.0)  # type: ignore[arg-type]
    assert gc.get_freeze_count() == 0 and gc.isenabled()
