"""A small seeded random generator carried inside game states.

The state is one 64-bit integer (SplitMix64), so cloning a game state copies an int, saves hold it
as a number, and the sequence is the same on every Python version and platform.
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
# Per bound n below 64, the largest multiple of n within 64 bits: draws at or above it are redrawn.
_LIMITS = tuple(0 if n == 0 else (1 << 64) - (1 << 64) % n for n in range(64))


class Rng:
    """SplitMix64 generator with the few draws the games need."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """Advance and return the next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias (``next64`` written out: this is the
        draw of every random move)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _LIMITS[n] if n < 64 else (1 << 64) - ((1 << 64) % n)
        while True:
            state = self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                return z % n

    def die(self, sides: int = 6) -> int:
        """Roll one die: 1..sides."""
        return self.below(sides) + 1

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct items in random order."""
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]


def seed_from_text(text: str) -> int:
    """A stable 63-bit seed from any text (a typed seed or a date)."""
    text = text.strip()
    if text.lstrip("-").isdigit():
        return int(text) & ((1 << 63) - 1)
    h = 1469598103934665603
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 1099511628211) & _MASK
    return h & ((1 << 63) - 1)
