"""SplitMix64 run backwards: a generator state whose next output is a chosen number (tests of
batched draws use it to reach the draws ``Rng.below`` rejects)."""

from __future__ import annotations

MASK = (1 << 64) - 1
STEP = 0x9E3779B97F4A7C15


def _unshift(value: int, shift: int) -> int:
    """The x with x ^ (x >> shift) == value (64 bits)."""
    x = value
    for _ in range(64 // shift + 1):
        x = value ^ (x >> shift)
    return x


def state_before(output: int) -> int:
    """A generator state whose next 64-bit output is ``output`` (SplitMix64 run backwards)."""
    z = _unshift(output, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & MASK
    z = _unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & MASK
    return (_unshift(z, 30) - STEP) & MASK
