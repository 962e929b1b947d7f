"""The bot driver: asks the session's bot for its move on the worker thread, one at a time, and
hands the move back to the table at the table's pace (the frame loop never waits for a bot)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional

from cats.core import Action

if TYPE_CHECKING:
    from concurrent.futures import Future

    from cats.session import Session
    from screens.worker import Worker


class BotDriver:
    """One bot thinking at a time; ``update`` returns a finished bot's move to play."""

    def __init__(self, session: "Session", executor: Worker, pace: Callable[[], float]) -> None:
        self.session = session
        self.executor = executor
        self.pace = pace  # seconds a bot's move stays on screen before the next one starts
        self.pending: Optional[Future[Action]] = None
        self.wait = 0.0

    @property
    def thinking(self) -> bool:
        """A bot is working out its move."""
        return self.pending is not None

    def update(self, dt: float, may_start: bool) -> Optional[Action]:
        """The move of a bot that has finished thinking; starts the next bot when allowed."""
        if self.pending is not None:
            if not self.pending.done():
                return None
            future, self.pending = self.pending, None
            self.wait = self.pace()
            return future.result()
        if self.wait > 0:
            self.wait -= dt
            return None
        if may_start and self.session.bot_to_move():
            self.pending = self.session.think(self.executor.pool())
        return None
