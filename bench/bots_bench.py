"""Bench of the three bot levels of Cat Between Us, Catch 22, Cat in the Box and Cat Chess.

For each game it prints: random full games per second (4 players; 3 for Cat Chess); milliseconds
per move of level 3 (median and worst, wall clock and CPU) from 20 fixed seeded positions, with
search simulations per second for Cat in the Box (beside OpenSpiel's C++ ISMCTS on ``oh_hell``
positions when ``open_spiel`` is installed, and beside the Lion of ``--before``'s code, both
timed interleaved on the same seeded positions, cap lifted); the win share of L1 against random play, L2
against L1 and L3 against L2 over seeded head-to-head games; the mean game length in turns for
Catch 22; the solo exact best-score search time for Cat Chess (every three-card hand). A game
whose ``cats/<id>/bots.py`` defines ``events(before, action, after)`` (the ``(seat, event)``
pairs one move shows, e.g. Cat in the Box's paradoxes) also gets each event counted per game for
either side of every head-to-head.

For Catch 22 it also counts, per level, how often each uses the cubes and ransoms (cubes
placed, cubes taken off and Remove Cube squares left, ransoms offered, paid and refused: per seat
per game, and the share of the decisions where the action was legal), beside a human reference
reasoned from the rules.

Head-to-head: the two sides alternate seats (game ``i`` gives side A the even seats when ``i``
is even, the odd seats otherwise), 2 players (one each) or 4 (two each). A side's share of a
game is the sum of 1/len(winners) over its winners; the interval is mean ± 1.96 standard errors
(clipped to 0..1). Times are given as wall clock and as CPU time: on a busy machine the wall clock
says more about the other processes than about the bots.
Bots see only a world re-dealt from their seat, seeded as :meth:`cats.session.Session.think`
seeds it. Games run on 2 worker processes.

    python bench/bots_bench.py                       # all four games, 300 games per pairing
    python bench/bots_bench.py --game box --games 100
    python bench/bots_bench.py --game catchess --players 2 --pairs 3
"""

from __future__ import annotations

import argparse
import importlib
import math
import statistics
import sys
import tempfile
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Any, Callable, Optional

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


from bench import ohhell  # noqa: E402
from cats import GAMES as REGISTRY  # noqa: E402
from cats import get_game  # noqa: E402
from cats.ai import Bot, make_bot  # noqa: E402
from cats.ai.search import RandomBot  # noqa: E402
from cats.core import Action, State  # noqa: E402
from cats.rng import Rng  # noqa: E402

GAMES = tuple(gid for gid, game in REGISTRY.items() if game.info.max_players > 1)
# Random games at 4 seats (or the most a game takes); head-to-heads need an even count.
RANDOM_PLAYERS = {gid: min(4, REGISTRY[gid].info.max_players) for gid in GAMES}
MATCH_PLAYERS = {gid: 4 if REGISTRY[gid].info.max_players >= 4 else 2 for gid in GAMES}
POSITIONS = 20
LION_BEFORE = "5b978b5"   # the code whose Lion issue #17 measured (1,205 simulations/s then)
MAX_STEPS = 20_000
WORKERS = 2


def bot_for(game_id: str, level: int) -> Bot:
    """Level 0 is uniform random play; 1–3 the registered levels."""
    if level == 0:
        return RandomBot()
    return make_bot(game_id, level)


Events = Callable[[State, Action, State], list[tuple[int, str]]]


def events_of(game_id: str) -> Optional[Events]:
    """The game's ``events(before, action, after)`` from its bots module, if it has one."""
    found: Optional[Events] = getattr(importlib.import_module(f"cats.{game_id}.bots"),
                                      "events", None)
    return found


def bot_rng(seed: int, step: int, seat: int) -> Rng:
    """The bot's generator for one decision, seeded the way the session seeds it."""
    return Rng(seed * 1_000_003 + step * 7919 + seat)


# -- random play speed ---------------------------------------------------------------------------
def random_games_per_second(game_id: str, players: int, seconds: float = 3.0) -> tuple[float, float]:
    """Full games of uniformly random legal moves per second, and mean actions per game."""
    game = get_game(game_id)
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < seconds or games < 5:
        state = game.new_game(players, 10_000 + games)
        rng = Rng(games)
        while state.to_move is not None:
            legal = state.legal_actions()
            state.do(legal[rng.below(len(legal))])
            actions += 1
        games += 1
    return games / (time.perf_counter() - start), actions / games


# -- level 3 speed from fixed positions ------------------------------------------------------------
def fixed_positions(game_id: str, players: int, count: int = POSITIONS) -> list[State]:
    """``count`` seeded positions: games advanced by level-2 play for a seeded number of moves."""
    game = get_game(game_id)
    out: list[State] = []
    seed = 0
    while len(out) < count:
        seed += 1
        state = game.new_game(players, 500 + seed)
        steps = Rng(seed).below(60)
        bot = bot_for(game_id, 2)
        for step in range(steps):
            seat = state.to_move
            if seat is None:
                break
            rng = bot_rng(seed, step, seat)
            state.do(bot.choose(state.determinize(seat, rng), seat, rng))
        if state.to_move is not None and len(state.legal_actions()) > 1:
            out.append(state)
    return out


def timed_moves(game_id: str, players: int) -> dict[str, Any]:
    """Level-3 decision times (ms, wall and CPU) from the fixed positions; simulations/s."""
    wall: list[float] = []
    cpu: list[float] = []
    sims = 0
    sim_cpu = 0.0
    fewest = 1 << 30
    bot = bot_for(game_id, 3)
    for i, state in enumerate(fixed_positions(game_id, players)):
        seat = state.to_move
        assert seat is not None
        rng = Rng(77 + i)
        world = state.determinize(seat, rng)
        bot = bot_for(game_id, 3)
        w0, c0 = time.perf_counter(), time.process_time()
        action = bot.choose(world, seat, rng)
        c1, w1 = time.process_time(), time.perf_counter()
        assert action in state.legal_actions()
        wall.append((w1 - w0) * 1000)
        cpu.append((c1 - c0) * 1000)
        done = getattr(bot, "last_iterations", 0)
        if done:
            sims += done
            sim_cpu += c1 - c0
            fewest = min(fewest, done)
    return {"wall": wall, "cpu": cpu, "sims_per_s": sims / sim_cpu if sim_cpu else None,
            "fewest": fewest, "budget": getattr(getattr(bot, "search", bot), "iterations", 0)}


def full_budget_times(game_id: str, players: int, games: int = 1) -> list[tuple[float, str]]:
    """CPU seconds level 3 takes to run its whole simulation budget (time cap lifted) from every
    position of ``games`` games it plays against itself (every round), with where each was."""
    out: list[tuple[float, str]] = []
    for g in range(games):
        state = get_game(game_id).new_game(players, 900 + g)
        step = 0
        while state.to_move is not None:
            seat = state.to_move
            rng = bot_rng(900 + g, step, seat)
            world = state.determinize(seat, rng)
            bot = bot_for(game_id, 3)
            bot.seconds = 1e9   # type: ignore[attr-defined]
            c0 = time.process_time()
            action = bot.choose(world, seat, rng)
            spent = time.process_time() - c0
            if getattr(bot, "last_iterations", 0):
                out.append((spent, state.progress()))
            state.apply(action)
            step += 1
    return out


# -- head-to-head ---------------------------------------------------------------------------------
# Per game, the action kinds whose use is counted per level: (kind, what the count means).
HABITS: dict[str, tuple[tuple[str, str], ...]] = {
    "catch22": (("cube", "cubes placed"), ("remove", "cubes taken off"),
                ("leave", "Remove Cube squares left"), ("offer", "ransoms offered"),
                ("pay", "ransoms paid"), ("refuse", "ransoms refused")),
}
# What a good human player would do, reasoned from the rules (printed beside the counts).
HUMAN_REFERENCE: dict[str, tuple[str, ...]] = {"catch22": (
    "human reference, reasoned from the rules (4 seats, games of 40-50 turns: 10-12 turns a seat):",
    "- cubes: 3-4 of the 5 placed. A cube in supply does nothing, but a placed one can be taken "
    "off and ransomed back, so a good player spends them where they pay: a safe square (a pawn on "
    "its own cube cannot be landed on) on the square most faces reach when carrying gold a rival "
    "could steal, and every cube left as a wall on the way of a rival holding 22 gold to a Star.",
    "- removals: take a rival's cube at nearly every Remove Cube landing (it frees the path, takes "
    "a wall away and is a ransom to come); leave cubes only when none but one's own are out.",
    "- ransom offers: every turn a kept cube's owner has gold and would pay (a refusal costs "
    "nothing), priced at what the cube is worth to the owner: 1-4 gold, nothing to a player "
    "already holding the winning gold.",
    "- answers: pay a fair price (most offers, when the keeper prices them so), refuse a dear one "
    "and any price while holding the winning gold.",
)}
Habits = dict[str, list[int]]   # kind -> [times chosen, decisions where it was legal]


def play_match_game(job: tuple[str, int, int, int, int]
                    ) -> tuple[float, int, float, int, Habits, Habits, Counter[str], Counter[str]]:
    """One seeded game between levels A and B: (A's win share, game turns, A's wall ms per
    decision summed, A's decisions, A's and B's use of the counted action kinds, the events
    A's and B's seats showed)."""
    game_id, players, seed, level_a, level_b = job
    state = get_game(game_id).new_game(players, seed)
    a_even = seed % 2 == 0
    sides = [(seat % 2 == 0) == a_even for seat in range(players)]
    bots = [bot_for(game_id, level_a if side else level_b) for side in sides]
    counted = [kind for kind, _ in HABITS.get(game_id, ())]
    habits: tuple[Habits, Habits] = ({k: [0, 0] for k in counted}, {k: [0, 0] for k in counted})
    step = 0
    spent = 0.0
    decisions = 0
    watch = events_of(game_id)
    shown: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    while state.to_move is not None and step < MAX_STEPS:
        seat = state.to_move
        rng = bot_rng(seed, step, seat)
        world = state.determinize(seat, rng)
        if counted:
            mine = habits[0 if sides[seat] else 1]
            for kind in {a.kind for a in state.legal_actions()} & mine.keys():
                mine[kind][1] += 1
        t0 = time.perf_counter()
        action = bots[seat].choose(world, seat, rng)
        if sides[seat]:
            spent += time.perf_counter() - t0
            decisions += 1
        if counted and action.kind in mine:
            mine[action.kind][0] += 1
        before = state.clone() if watch is not None else state
        state.apply(action)
        if watch is not None:
            for who, event in watch(before, action, state):
                shown[0 if sides[who] else 1][event] += 1
        step += 1
    outcome = state.outcome()
    share = 0.0
    if outcome is not None:
        for w in outcome.winners:
            if sides[w]:
                share += 1.0 / len(outcome.winners)
    turns = int(getattr(state, "turn", step)) if game_id == "catch22" else step
    return share, turns, spent * 1000, decisions, habits[0], habits[1], shown[0], shown[1]


def head_to_head(pool: Any, game_id: str, players: int, games: int, level_a: int, level_b: int,
                 first_seed: int, usage: Optional[dict[int, Habits]] = None) -> dict[str, Any]:
    """Win share of level A against level B over ``games`` seeded games, with a 95% interval;
    each level's use of the counted action kinds is added to ``usage`` (level -> kind ->
    [chosen, legal at, seat-games])."""
    jobs = [(game_id, players, first_seed + i, level_a, level_b) for i in range(games)]
    results = pool.map(play_match_game, jobs, chunksize=1)
    shares = [r[0] for r in results]
    mean = sum(shares) / len(shares)
    sd = statistics.stdev(shares) if len(shares) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(shares))
    decisions = sum(r[3] for r in results)
    if usage is not None:
        for level, index in ((level_a, 4), (level_b, 5)):
            mine = usage.setdefault(level, {})
            for r in results:
                for kind, (chosen, legal) in r[index].items():
                    tally = mine.setdefault(kind, [0, 0, 0])
                    tally[0] += chosen
                    tally[1] += legal
                    tally[2] += players // 2
    events_a: Counter[str] = sum((r[6] for r in results), Counter())
    events_b: Counter[str] = sum((r[7] for r in results), Counter())
    return {"share": mean, "low": max(0.0, mean - half), "high": min(1.0, mean + half),
            "turns": sum(r[1] for r in results) / len(results),
            "ms_a": sum(r[2] for r in results) / max(decisions, 1),
            "events": {name: (events_a[name] / games, events_b[name] / games)
                       for name in sorted(set(events_a) | set(events_b))}}


def log_habits(game_id: str, usage: dict[int, Habits], log: Callable[[str], None]) -> None:
    """Per level (0 = random play), each counted kind: times chosen per seat per game, and the
    share of the decisions where it was legal that chose it."""
    log("use per seat per game (share of the decisions where legal), every game a level played:")
    for level in sorted(usage):
        parts = []
        for kind, meaning in HABITS[game_id]:
            chosen, legal, seat_games = usage[level].get(kind, [0, 0, 0])
            rate = f"{chosen / legal:.0%}" if legal else "-"
            parts.append(f"{meaning} {chosen / max(seat_games, 1):.2f} ({rate})")
        log(f"  L{level}: " + "; ".join(parts))
    for line in HUMAN_REFERENCE.get(game_id, ()):
        log("  " + line)


# -- Cat Chess solo --------------------------------------------------------------------------------
def solo_search_times() -> tuple[list[float], list[float]]:
    """Milliseconds (wall, CPU) of the exact solo best-score search for every three-card hand,
    both readings of the order goal, cache cleared each time."""
    from itertools import combinations

    from cats.catchess.garden import CARD_INDEX
    from cats.catchess.solo import _best, best_for_cards

    wall, cpu = [], []
    for hand in combinations(sorted(CARD_INDEX), 3):
        for centre in (False, True):
            _best.cache_clear()
            w0, c0 = time.perf_counter(), time.process_time()
            best_for_cards(hand, centre)
            cpu.append((time.process_time() - c0) * 1000)
            wall.append((time.perf_counter() - w0) * 1000)
    _best.cache_clear()
    return wall, cpu


# -- report ---------------------------------------------------------------------------------------
def fmt_share(r: dict[str, float]) -> str:
    return f"{r['share']:.3f} [{r['low']:.3f}, {r['high']:.3f}]"


def lion_versus(commit: str, rounds: int = 3) -> tuple[float, float]:
    """Cat in the Box level-3 simulations per CPU second (cap lifted, the same seeded positions)
    of today's code and of ``commit``'s, each tree in its own process, interleaved."""
    from bench.engine_bench import Worker, export_tree

    totals = [[0, 0.0], [0, 0.0]]
    with tempfile.TemporaryDirectory(prefix="bots-bench-") as folder:
        workers = [Worker(ROOT), Worker(export_tree(commit, Path(folder)))]
        try:
            for _ in range(rounds):
                for w, worker in enumerate(workers):
                    sims, spent = worker.ask(op="lion", positions=12)
                    totals[w][0] += sims
                    totals[w][1] += spent
        finally:
            for worker in workers:
                worker.close()
    return totals[0][0] / totals[0][1], totals[1][0] / totals[1][1]


def bench_game(pool: Any, game_id: str, games: int, players: Optional[int],
               pairs: list[int], log: Callable[[str], None], before: str = "") -> None:
    """Run and print every measure for one game (Cat in the Box: Lion's simulations/s beside
    the ``before`` commit's too, when given)."""
    log(f"== {game_id} ==")
    rp = RANDOM_PLAYERS[game_id]
    rate, length = random_games_per_second(game_id, rp)
    log(f"random full games/s at {rp} players: {rate:.0f} ({length:.0f} actions a game)")
    mp = players or MATCH_PLAYERS[game_id]
    timing = timed_moves(game_id, mp)
    wall, cpu = sorted(timing["wall"]), sorted(timing["cpu"])
    line = (f"L3 ms/move over {len(wall)} positions ({mp} players): wall median "
            f"{statistics.median(wall):.0f} worst {wall[-1]:.0f}; CPU median "
            f"{statistics.median(cpu):.0f} worst {cpu[-1]:.0f}")
    if timing["sims_per_s"]:
        line += (f"; {timing['sims_per_s']:.0f} search simulations/s (CPU), fewest in a move "
                 f"{timing['fewest']} of {timing['budget']}")
        spiel = ohhell.openspiel_ismcts_rate()
        if spiel:
            line += (f"; OpenSpiel's C++ ISMCTS on oh_hell {spiel:.0f}/s "
                     f"(ratio {timing['sims_per_s'] / spiel:.3f})")
    log(line)
    if timing["sims_per_s"] and game_id == "box" and before:
        today, then = lion_versus(before)
        log(f"L3 simulations/s from 12 seeded positions of random 4-player games, cap lifted, "
            f"today's code and {before}'s timed interleaved in this run (3 rounds, CPU): "
            f"{today:.0f} against {then:.0f}: {today / then:.2f}x")
    if timing["sims_per_s"]:
        cap = getattr(bot_for(game_id, 3), "seconds", 0.0)
        full = full_budget_times(game_id, mp)
        spent = sorted(t for t, _ in full)
        worst, where = max(full)
        within = sum(t <= cap for t in spent) / len(spent)
        log(f"L3 full budget ({timing['budget']} simulations, cap lifted) from every position of "
            f"a {mp}-player game of L3 play ({len(spent)} searches): CPU median "
            f"{statistics.median(spent) * 1000:.0f} ms, worst {worst * 1000:.0f} ms ({where}); "
            f"{within:.0%} within the {cap:.2f} s cap")
    names = {1: "L1 vs random", 2: "L2 vs L1", 3: "L3 vs L2"}
    usage: dict[int, Habits] = {}
    for level in pairs:
        t0 = time.perf_counter()
        r = head_to_head(pool, game_id, mp, games, level, level - 1, 1000 * level, usage)
        extra = f"; mean game length {r['turns']:.1f} turns" if game_id == "catch22" else ""
        log(f"{names[level]} ({mp} players, {games} games): win share {fmt_share(r)}; "
            f"L{level} {r['ms_a']:.2f} ms/decision{extra} [{time.perf_counter() - t0:.0f} s]")
        if r["events"]:
            below = f"L{level - 1}" if level > 1 else "random"
            log(f"  per game, L{level} | {below} (each side {mp // 2} seats): " + "; ".join(
                f"{name} {a:.2f} | {b:.2f}" for name, (a, b) in r["events"].items()))
    if game_id in HABITS:
        log_habits(game_id, usage, log)
    if game_id == "catchess":
        wall, cpu = (sorted(t) for t in solo_search_times())
        log(f"solo exact best-score search over {len(wall)} hands (84 x 2 variants): wall median "
            f"{statistics.median(wall):.1f} ms worst {wall[-1]:.0f} ms; CPU median "
            f"{statistics.median(cpu):.1f} ms worst {cpu[-1]:.0f} ms")


def main(argv: Optional[list[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=GAMES, action="append",
                        help="a game to bench (repeatable; default every multiplayer game)")
    parser.add_argument("--games", type=int, default=300, help="games per head-to-head")
    parser.add_argument("--players", type=int, choices=(2, 4),
                        help="players in head-to-head games (default 4; Cat Chess 2)")
    parser.add_argument("--pairs", type=int, action="append", choices=(1, 2, 3),
                        help="only L1-vs-random (1), L2-vs-L1 (2) or L3-vs-L2 (3); repeatable")
    parser.add_argument("--before", default=LION_BEFORE,
                        help="the commit whose Lion is timed beside today's (default "
                             f"{LION_BEFORE}, the code issue #17 measured; '' to skip)")
    args = parser.parse_args(argv)
    started = time.perf_counter()

    def log(text: str) -> None:
        print(text, flush=True)

    with Pool(WORKERS) as pool:
        for game_id in args.game or GAMES:
            players = args.players
            if players is not None and players > REGISTRY[game_id].info.max_players:
                players = MATCH_PLAYERS[game_id]
            bench_game(pool, game_id, args.games, players, sorted(args.pairs or [1, 2, 3]), log,
                       args.before)
    log(f"total wall time {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
