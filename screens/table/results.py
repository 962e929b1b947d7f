"""The round-results panel, one for every game with rounds: which finished round the table is
shown and whether it was clicked away. Each board draws the contents (every hand, the goals met,
the tricks); the hotseat flow decides that it shows on a neutral screen for the whole table."""

from __future__ import annotations

from typing import Optional


class RoundResults:
    """The finished round on show (if any)."""

    def __init__(self) -> None:
        self.round: Optional[int] = None  # the round whose results are up
        self.closed: Optional[int] = None  # the round whose panel was clicked away
        self.held = 0.0  # seconds the panel has been up (bots-only tables move on by themselves)

    def show(self, rnd: Optional[int]) -> None:
        """Put round ``rnd``'s results up (again)."""
        self.round, self.closed, self.held = rnd, None, 0.0

    def close(self) -> None:
        """Click the panel away."""
        self.closed = self.round

    def shown(self, rnd: Optional[int]) -> bool:
        """Whether the results of round ``rnd`` are up now."""
        return rnd is not None and self.round == rnd and self.closed != rnd
