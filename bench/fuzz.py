"""Random play at scale: N fuzzed games for every registered game and player count.

Every step of every game is checked (see ``tests/fuzzcore.py``): legal actions unique and each
applicable to a clone, the game's conservation invariants (``bench/fuzz_invariants.py``), views
unchanged by re-dealing what a seat cannot know, clone and JSON round trip equal, and the log
replayed step by step reproducing the state. Bool options are cycled through the games.

    python bench/fuzz.py                 # 10,000 games per game and player count
    python bench/fuzz.py --games 500 --game between --workers 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "tests"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from cats import GAMES  # noqa: E402
from fuzzcore import Tally, cells, conservation, fuzz_range, option_sets  # noqa: E402

CHUNK = 25


def _work(job: tuple[str, int, int, int]) -> Tally:
    game_id, players, first, last = job
    return fuzz_range(game_id, players, range(first, last))


def main(argv: list[str] | None = None) -> int:
    """Run the fuzzer and print one line per game and player count; exit 1 on any failure."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", type=int, default=10_000, help="games per game and player count")
    p.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game")
    p.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    p.add_argument("--seed", type=int, default=0, help="first seed")
    args = p.parse_args(argv)

    wanted = [(g, n) for g, n in cells() if not args.game or g in args.game]
    for gid in dict.fromkeys(g for g, _ in wanted):
        sets = ", ".join("+".join(f"{k}={v}" for k, v in s.items()) or "defaults"
                         for s in option_sets(GAMES[gid]))
        note = "" if conservation(gid) else "  (no conservation checks written yet: skipped)"
        print(f"{gid}: option sets cycled: {sets}{note}")
    print(f"{'game':<10} {'players':>7} {'games':>7} {'steps':>10} {'failures':>8} {'wall s':>8}")
    total_fail = 0
    started = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        for gid, n in wanted:
            jobs = [(gid, n, s, min(s + CHUNK, args.seed + args.games))
                    for s in range(args.seed, args.seed + args.games, CHUNK)]
            t0 = time.perf_counter()
            cell = Tally()
            for part in pool.imap_unordered(_work, jobs):
                cell.games += part.games
                cell.steps += part.steps
                cell.failures.extend(part.failures)
            wall = time.perf_counter() - t0
            total_fail += len(cell.failures)
            print(f"{gid:<10} {n:>7} {cell.games:>7} {cell.steps:>10} {len(cell.failures):>8} "
                  f"{wall:>8.1f}", flush=True)
            for failure in cell.failures[:5]:
                print("    FAIL " + failure, flush=True)
    print(f"total wall time {time.perf_counter() - started:.1f} s, failures {total_fail}")
    return 1 if total_fail else 0


if __name__ == "__main__":
    sys.exit(main())
