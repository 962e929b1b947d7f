"""Cat Chess solo search timing: every one of the 84 hands, both readings of the goals.

    python bench/catchess_solo_bench.py

Prints the median and worst time (wall clock and CPU) to find each hand's best arrangement, from
a cold cache. The tests check the scores only; how long the search takes is measured here.
"""

from __future__ import annotations

import itertools
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cats.catchess.solo import _best, best_for_cards  # noqa: E402


def main() -> int:
    """Time every hand; print the figures."""
    _best.cache_clear()
    walls, cpus = [], []
    for from_centre in (False, True):
        for hand in itertools.combinations(range(1, 10), 3):
            wall, cpu = time.perf_counter(), time.process_time()
            best_for_cards(hand, from_centre)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
    print(f"{len(walls)} searches: wall median {statistics.median(walls) * 1000:.1f} ms, worst "
          f"{max(walls) * 1000:.1f} ms; CPU median {statistics.median(cpus) * 1000:.1f} ms, worst "
          f"{max(cpus) * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
