"""Cat's Gambit ceiling: how well can a hint play that never sees the hidden deck order?

    python bench/gambit_ceiling.py [--seeds 300] [--first 0] [--exact 7 6 5] [--workers 1]

Offline, no time limit. Per deal it plays:

- the level-3 solver as shipped (today's hint);
- the *ceiling policy* for each ``--exact K``: exact search over every deck order consistent with
  what the player knows (``Expectimax``, unbounded) from K cards left to the end, and before that
  today's sampled search. All K share the play down to the largest K (same choices, same random
  draws), then part;
- the clairvoyant player, who knows the deck order (an upper bound no honest player reaches).

It prints the means, the paired differences to today's solver with their standard errors, and how
much of today's gap to the clairvoyant bound each ceiling recovers. The ceiling policy is a
lower bound on the best honest policy; its growth from K to K+1 shows how close it has come.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cats import GAMES  # noqa: E402
from cats.gambit.solver import (  # noqa: E402
    Expectimax,
    GambitSolver,
    Model,
    clairvoyant_value,
    expectimax_choice,
)
from cats.gambit.state import GambitState  # noqa: E402
from cats.rng import Rng  # noqa: E402

GAME = GAMES["gambit"]
TABLE_LIMIT = 4_000_000  # exact-search positions kept per worker (about 2 GB; one deal reached 19M)


def sampler() -> GambitSolver:
    """The sampled search used before the exact one: today's hint's, with its settings and time
    cap (one four times as large, without the cap, doubled the bench's time)."""
    return GambitSolver(exact_deck=0)


def _final(state: GambitState) -> float:
    outcome = state.outcome()
    assert outcome is not None
    return outcome.reward(0)


def play_today(seed: int) -> float:
    """One game by today's level-3 solver (the bench's rng stream)."""
    state: GambitState = GAME.new_game(1, seed, {})  # type: ignore[assignment]
    bot = GambitSolver()
    rng = Rng(seed * 7919 + 17)
    while state.phase != "over":
        actions = state.legal_actions()
        action = actions[0] if len(actions) == 1 else bot.hint(state, rng, bot.seconds)[0]
        state.apply(action)
    return _final(state)


def play_ceiling(state: GambitState, rng: Rng, exact: int) -> dict[str, Any]:
    """Play on with the ceiling policy for ``exact`` cards left; score and search figures."""
    early = sampler()
    search: Optional[Expectimax] = None
    value: Optional[float] = None
    spent = 0.0
    while state.phase != "over":
        actions = state.legal_actions()
        if len(actions) == 1:
            action = actions[0]
        elif len(state.deck) <= exact:
            t0 = time.process_time()
            if search is None:
                search = Expectimax(Model(state.free_check))
                search.table_limit = TABLE_LIMIT
            action, v = expectimax_choice(state, search)
            spent += time.process_time() - t0
            if value is None:
                value = v
        else:
            action = early.hint(state, rng, early.seconds)[0]
        state.apply(action)
    return {"score": _final(state), "value": _final(state) if value is None else value,
            "exact_s": spent, "nodes": search.nodes if search else 0,
            "table": len(search.table) if search else 0}


def run_seed(job: tuple[int, tuple[int, ...]]) -> dict[str, Any]:
    """Every policy on one deal (runs in a worker process)."""
    seed, exacts = job
    state: GambitState = GAME.new_game(1, seed, {})  # type: ignore[assignment]
    clair, _ = clairvoyant_value(state)
    out: dict[str, Any] = {"seed": seed, "clairvoyant": clair, "today": play_today(seed)}
    early = sampler()
    rng = Rng(seed * 7919 + 17)
    top = max(exacts)
    while state.phase != "over" and len(state.deck) > top:
        actions = state.legal_actions()
        action = actions[0] if len(actions) == 1 else early.hint(state, rng, early.seconds)[0]
        state.apply(action)
    for k in sorted(exacts, reverse=True):
        out[f"E{k}"] = play_ceiling(state.clone(), Rng(rng.state), k)
    return out


def paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired difference a - b."""
    d = [x - y for x, y in zip(a, b)]
    return statistics.mean(d), (statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else 0.0)


def report(results: list[dict[str, Any]], exacts: tuple[int, ...], elapsed: float) -> str:
    """The ceiling table."""
    n = len(results)
    today = [r["today"] for r in results]
    clair = [r["clairvoyant"] for r in results]
    m_today, m_clair = statistics.mean(today), statistics.mean(clair)
    gap = m_clair - m_today
    lines = [f"Cat's Gambit ceiling: {n} deals (seeds {results[0]['seed']}–{results[-1]['seed']}), "
             f"base game, {elapsed:.0f} s", "",
             f"{'policy':44}{'mean':>8}{'/clair':>8}{'vs today':>16}{'gap recovered':>15}",
             f"{'today: level-3 solver':44}{m_today:8.2f}{m_today / m_clair:8.3f}",
             ]
    for k in sorted(exacts):
        key = f"E{k}"
        scores = [r[key]["score"] for r in results]
        values = [r[key]["value"] for r in results]
        d, se = paired(scores, today)
        lines.append(f"{f'ceiling, exact from {k} cards left (played)':44}"
                     f"{statistics.mean(scores):8.2f}{statistics.mean(scores) / m_clair:8.3f}"
                     f"{d:+9.2f} ± {se:4.2f}{100 * d / gap:14.0f}%")
        dv, sev = paired(values, today)
        lines.append(f"{f'  same, its exact expected value at {k} left':44}"
                     f"{statistics.mean(values):8.2f}{statistics.mean(values) / m_clair:8.3f}"
                     f"{dv:+9.2f} ± {sev:4.2f}{100 * dv / gap:14.0f}%")
    lines.append(f"{'clairvoyant (knows the deck order)':44}{m_clair:8.2f}{1:8.3f}"
                 f"{gap:+9.2f}{100:14.0f}%")
    lines.append("")
    ks = sorted(exacts)
    for lo, hi in zip(ks, ks[1:]):
        d, se = paired([r[f"E{hi}"]["value"] for r in results],
                       [r[f"E{lo}"]["value"] for r in results])
        lines.append(f"Exact from {hi} instead of {lo} cards left (expected values, paired): "
                     f"{d:+.3f} ± {se:.3f}")
    for k in ks:
        spent = [r[f"E{k}"]["exact_s"] for r in results]
        table = [r[f"E{k}"]["table"] for r in results]
        lines.append(f"Exact search from {k} per deal: CPU median {statistics.median(spent):.2f} s, "
                     f"worst {max(spent):.1f} s; table up to {max(table):,} positions")
    return "\n".join(lines)


def _worker_start() -> None:
    """Worker processes give way to interactive work (CPU-time figures are not distorted)."""
    os.nice(10)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=300, help="number of deals (default 300)")
    parser.add_argument("--first", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--exact", type=int, nargs="+", default=[7, 6, 5],
                        help="cards left from which the exact search plays (default 7 6 5)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--log", type=Path, help="also append each deal's figures to this "
                        "JSON-lines file (deals already in it are not played again)")
    parser.add_argument("--report", action="store_true",
                        help="only print the table of the deals already in --log")
    args = parser.parse_args(argv)
    exacts = tuple(args.exact)
    results: list[dict[str, Any]] = []
    if args.log and args.log.exists():
        results = [json.loads(line) for line in args.log.read_text().splitlines() if line]
    if args.report:
        results.sort(key=lambda r: r["seed"])
        print(report(results, exacts, 0.0))
        return 0
    done_seeds = {r["seed"] for r in results}
    seeds = range(args.first, args.first + args.seeds)
    jobs = [(seed, exacts) for seed in seeds if seed not in done_seeds]
    start = time.perf_counter()
    with multiprocessing.Pool(args.workers, _worker_start, maxtasksperchild=20) as pool:
        for done, result in enumerate(pool.imap_unordered(run_seed, jobs, chunksize=1), 1):
            results.append(result)
            if args.log:
                with args.log.open("a") as log:
                    log.write(json.dumps(result) + "\n")
            print(f"  {done}/{len(jobs)} seeds, {time.perf_counter() - start:.0f} s: seed "
                  f"{result['seed']} today {result['today']:g}, clairvoyant "
                  f"{result['clairvoyant']:g}, " + ", ".join(
                      f"E{k} {result[f'E{k}']['score']:g} ({result[f'E{k}']['value']:.2f})"
                      for k in exacts), file=sys.stderr, flush=True)
    results = sorted((r for r in results if r["seed"] in seeds), key=lambda r: r["seed"])
    print(report(results, exacts, time.perf_counter() - start))
    return 0


if __name__ == "__main__":
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    raise SystemExit(main())
