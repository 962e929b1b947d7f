"""Prep's randomness: the cat card and the shuffled deck, drawn from the state's generator.

:func:`draw_below` gives exactly what ``[rng.below(b) for b in bounds]`` gives (the same numbers,
the generator left in the same state), several times faster: the SplitMix64 steps of all the draws
run at once on one big integer holding each draw in its own 128-bit lane (a 64-bit lane times a
64-bit constant needs 128 bits, so no carry reaches the next lane, and masks clear what a shift
moves between lanes). A draw that ``below`` would reject and redraw (odds about 2**-58) sends the
whole batch through ``rng.below`` instead.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from operator import mod
from typing import Optional

from cats.between.cards import DECK_SIZE
from cats.rng import Rng

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15  # SplitMix64's step, as in cats.rng
_SAFE = (1 << 64) - 64  # below this no bound up to 64 rejects a draw
_SEVEN_FF = b"\xff" * 7
_LITTLE = sys.byteorder == "little"  # the lanes are read back as native 64-bit words
_DECK = tuple(range(DECK_SIZE))
_SHUFFLE = tuple(range(DECK_SIZE, 1, -1))  # the bounds Rng.shuffle draws for the deck
_CAT_AND_SHUFFLE = (DECK_SIZE,) + _SHUFFLE
_SWAPPED = tuple(range(DECK_SIZE - 1, 0, -1))  # the place each of those draws swaps into


@lru_cache(maxsize=None)
def _lanes(bounds: tuple[int, ...]) -> tuple[int, int, int]:
    """For these draws: the lane mask, a 1 in every lane, and k·step in lane k-1."""
    if not all(1 <= b <= 64 for b in bounds):
        raise ValueError(f"draw_below takes bounds from 1 to 64, not {bounds}")
    n = len(bounds)
    lanes = sum(_MASK << (128 * k) for k in range(n))
    ones = sum(1 << (128 * k) for k in range(n))
    steps = sum(((k + 1) * _GOLDEN) << (128 * k) for k in range(n))
    return lanes, ones, steps


def draw_below(rng: Rng, bounds: tuple[int, ...]) -> list[int]:
    """``[rng.below(b) for b in bounds]`` (bounds 1 to 64), computed in one batch."""
    n = len(bounds)
    if not n or not _LITTLE:
        return [rng.below(b) for b in bounds]
    lanes, ones, steps = _lanes(bounds)
    start = rng.state
    x = (start * ones + steps) & lanes
    x = ((x ^ (x >> 30)) & lanes) * 0xBF58476D1CE4E5B9 & lanes
    x = ((x ^ (x >> 27)) & lanes) * 0x94D049BB133111EB & lanes
    x = (x ^ (x >> 31)) & lanes
    data = x.to_bytes(16 * n, "little")
    outs = memoryview(data).cast("Q")[::2].tolist()
    # A draw at _SAFE or above has seven 0xff bytes in a row (the gaps between lanes are zeros).
    if _SEVEN_FF in data and max(outs) >= _SAFE:
        return [rng.below(b) for b in bounds]
    rng.state = (start + n * _GOLDEN) & _MASK
    return list(map(mod, outs, bounds))


def shuffle_deck(rng: Rng, draw_cat: bool) -> tuple[Optional[int], list[int]]:
    """The cat card (``rng.below(42)``, if ``draw_cat``) then the whole deck shuffled as
    ``rng.shuffle`` shuffles it."""
    picks = draw_below(rng, _CAT_AND_SHUFFLE if draw_cat else _SHUFFLE)
    cat = picks.pop(0) if draw_cat else None
    deck = list(_DECK)
    for i, j in zip(_SWAPPED, picks):
        deck[i], deck[j] = deck[j], deck[i]
    return cat, deck
