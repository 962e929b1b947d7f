"""Dealing the goal cards: the deck shuffled exactly as ``Rng.shuffle`` shuffles it (the same
order, the generator left in the same state), with its draws made in one batch.

The batch is the one of ``cats/between/prep.py`` (each game keeps its own copy so that its fuzz
fingerprint covers all of its code): the SplitMix64 steps of every draw run at once on one big
integer holding each draw in a 128-bit lane (a 64-bit lane times a 64-bit constant fits in 128
bits, so no carry reaches the next lane, and masks clear what a shift moves between lanes). A draw
that ``below`` would reject and redraw (odds about 2**-58) sends the shuffle through ``Rng``.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from operator import mod

from cats.rng import Rng

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15  # SplitMix64's step, as in cats.rng
_SAFE = (1 << 64) - 64  # below this no bound up to 64 rejects a draw
_SEVEN_FF = b"\xff" * 7  # a draw at _SAFE or above shows seven in a row (lane gaps are zeros)
_LITTLE = sys.byteorder == "little"  # the lanes are read back as native 64-bit words


@lru_cache(maxsize=None)
def _plan(n: int) -> tuple[tuple[int, ...], tuple[int, ...], int, int, int]:
    """For shuffling ``n`` items: the bounds drawn, the places swapped, the lane mask, a 1 in
    every lane, and k·step in lane k-1."""
    bounds = tuple(range(n, 1, -1))
    lanes = sum(_MASK << (128 * k) for k in range(n - 1))
    ones = sum(1 << (128 * k) for k in range(n - 1))
    steps = sum(((k + 1) * _GOLDEN) << (128 * k) for k in range(n - 1))
    return bounds, tuple(range(n - 1, 0, -1)), lanes, ones, steps


def shuffle(rng: Rng, items: list[int]) -> None:
    """``rng.shuffle(items)``, in one batch of draws (lists of 3 to 65 items)."""
    n = len(items)
    if not 3 <= n <= 65 or not _LITTLE:
        rng.shuffle(items)
        return
    bounds, places, lanes, ones, steps = _plan(n)
    start = rng.state
    x = (start * ones + steps) & lanes
    x = ((x ^ (x >> 30)) & lanes) * 0xBF58476D1CE4E5B9 & lanes
    x = ((x ^ (x >> 27)) & lanes) * 0x94D049BB133111EB & lanes
    x = (x ^ (x >> 31)) & lanes
    data = x.to_bytes(16 * (n - 1), "little")
    outs = memoryview(data).cast("Q")[::2].tolist()
    if _SEVEN_FF in data and max(outs) >= _SAFE:
        rng.shuffle(items)
        return
    rng.state = (start + (n - 1) * _GOLDEN) & _MASK
    for i, j in zip(places, map(mod, outs, bounds)):
        items[i], items[j] = items[j], items[i]
