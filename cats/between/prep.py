"""Prep's randomness: the cat card and the shuffled deck, drawn from the state's generator.

:func:`draw_below` gives exactly what ``[rng.below(b) for b in bounds]`` gives (the same numbers,
the generator left in the same state), several times faster: the SplitMix64 steps of all the draws
run at once on one big integer holding each draw in its own 128-bit lane (a 64-bit lane times a
64-bit constant needs 128 bits, so no carry reaches the next lane, and masks clear what a shift
moves between lanes). A draw that ``below`` would reject and redraw (odds about 2**-58) sends the
whole batch through ``rng.below`` instead.
"""

from __future__ import annotations

import struct
import sys
from collections.abc import Callable
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


_Lanes = tuple[int, int, int, Callable[[bytes], tuple[int, ...]]]


@lru_cache(maxsize=None)
def _lanes(bounds: tuple[int, ...]) -> _Lanes:
    """For these draws: the lane mask, a 1 in every lane, k·step in lane k-1, and a reader of
    the lanes' low words."""
    if not all(1 <= b <= 64 for b in bounds):
        raise ValueError(f"draw_below takes bounds from 1 to 64, not {bounds}")
    n = len(bounds)
    lanes = sum(_MASK << (128 * k) for k in range(n))
    ones = sum(1 << (128 * k) for k in range(n))
    steps = sum(((k + 1) * _GOLDEN) << (128 * k) for k in range(n))
    return lanes, ones, steps, struct.Struct("<" + "Q8x" * n).unpack


def _outputs(rng: Rng, bounds: tuple[int, ...]) -> tuple[int, ...] | None:
    """The generator's next ``len(bounds)`` outputs, the generator moved past them; ``None``
    (the generator untouched) when ``below`` would reject one of them for its bound."""
    n = len(bounds)
    if not n or not _LITTLE:
        return None
    lanes, ones, steps, low_words = _lanes(bounds)
    start = rng.state
    x = (start * ones + steps) & lanes
    x = ((x ^ (x >> 30)) & lanes) * 0xBF58476D1CE4E5B9 & lanes
    x = ((x ^ (x >> 27)) & lanes) * 0x94D049BB133111EB & lanes
    # Unmasked, the last shift leaves lane k+1's low bits in bytes 12-15 of lane k's gap only:
    # the low words are right and bytes 8-11 of each gap stay zero.
    data = (x ^ (x >> 31)).to_bytes(16 * n, "little")
    outs = low_words(data)
    # A draw at _SAFE or above has seven 0xff bytes in a row (no such run fits in a gap).
    if _SEVEN_FF in data and max(outs) >= _SAFE:
        return None
    rng.state = (start + n * _GOLDEN) & _MASK
    return outs


def draw_below(rng: Rng, bounds: tuple[int, ...]) -> list[int]:
    """``[rng.below(b) for b in bounds]`` (bounds 1 to 64), computed in one batch."""
    outs = _outputs(rng, bounds)
    if outs is None:
        return [rng.below(b) for b in bounds]
    return list(map(mod, outs, bounds))


def shuffle_deck(rng: Rng, draw_cat: bool, top: int = DECK_SIZE
                 ) -> tuple[Optional[int], list[int]]:
    """The cat card (``rng.below(42)``, if ``draw_cat``) then the top ``top`` cards of the deck
    shuffled as ``rng.shuffle`` shuffles it (the generator moved past the whole shuffle)."""
    bounds = _CAT_AND_SHUFFLE if draw_cat else _SHUFFLE
    outs = _outputs(rng, bounds)
    picks = iter([rng.below(b) for b in bounds] if outs is None else map(mod, outs, bounds))
    cat = next(picks) if draw_cat else None
    deck = list(_DECK)
    # Fisher-Yates never touches place i again after its own step, so below the top only the
    # card moving down matters. zip reads the places first: it stops without taking a pick.
    cut = DECK_SIZE - top
    for i, j in zip(_SWAPPED[:cut], picks):
        deck[j] = deck[i]
    for i, j in zip(_SWAPPED[cut:], picks):
        deck[i], deck[j] = deck[j], deck[i]
    return cat, deck[:top]
