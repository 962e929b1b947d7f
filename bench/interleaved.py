"""The shared perf harness's way of timing (``/work/shared/perf/interleave.py``), in-process.

Each bench is ``f(n) -> units`` for ``n`` iterations; ``n`` is calibrated once so one timed call
takes about ``target`` CPU seconds. Every round runs each bench once (the order reversed on
alternate rounds, ``gc.collect()`` before each); rates are iterations per CPU second (process
time); ratios are taken per round, then reported as median, min and max.
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from typing import Callable, Iterable, TextIO

Bench = Callable[[int], object]


def calibrate(f: Bench, target: float) -> int:
    """Iterations for about ``target`` CPU seconds (the harness's rule)."""
    n = 1
    while True:
        gc.collect()
        t0 = time.process_time()
        f(n)
        dt = time.process_time() - t0
        if dt >= target / 4 or n >= 1 << 24:
            return max(1, int(n * target / max(dt, 1e-9)))
        n *= 4 if dt < target / 40 else 2


def run(benches: dict[str, Bench], rounds: int, target: float,
        log: TextIO = sys.stderr) -> dict[str, list[float]]:
    """Per bench, its rate (iterations per CPU second) in each round."""
    names = list(benches)
    sizes = {name: calibrate(benches[name], target) for name in names}
    rates: dict[str, list[float]] = {name: [] for name in names}
    for r in range(rounds):
        for name in (names if r % 2 == 0 else names[::-1]):
            gc.collect()
            t0 = time.process_time()
            benches[name](sizes[name])
            rates[name].append(sizes[name] / max(time.process_time() - t0, 1e-9))
        print(f"round {r + 1}/{rounds} done", file=log, flush=True)
    return rates


def ratios(rates: dict[str, list[float]], pairs: Iterable[tuple[str, str]]
           ) -> dict[str, tuple[float, float, float]]:
    """``"a/b"``: median, min and max over the rounds of a's rate over b's."""
    out = {}
    for a, b in pairs:
        per_round = [x / y for x, y in zip(rates[a], rates[b])]
        out[f"{a}/{b}"] = (statistics.median(per_round), min(per_round), max(per_round))
    return out
