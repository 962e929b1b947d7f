"""Cat Chess solo: the best score the three cards allowed, an exact search worked out on the worker
thread (``ctx.executor``) as soon as the cards are dealt; the round's end (never the window) waits
until it is known."""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING

from cats.catchess import solo as catchess_solo
from cats.core import State

if TYPE_CHECKING:
    from screens.worker import Worker

BestKey = tuple[tuple[int, ...], bool]


class SoloBest:
    """The solo best scores asked of the worker thread, one job per card set."""

    def __init__(self, executor: Worker) -> None:
        self.executor = executor
        self.jobs: dict[BestKey, Future[catchess_solo.SoloBest]] = {}
        self._keys: tuple[int, int, list[BestKey]] = (-1, -1, [])

    def keys(self, state: State, moves: int) -> list[BestKey]:
        """The card sets whose best score the engine's solo view will need: every finished round
        first, then the current deal (worked out early so that the round's end never waits)."""
        key = (id(state), moves)
        if self._keys[:2] != key:
            data = state.to_json()
            centre = bool(data["options"].get("from_centre"))
            keys = [(tuple(sorted(h["cards"][0])), centre) for h in data["history"]]
            if not data["over"]:
                keys.append((tuple(sorted(data["hands"][0])), centre))
            self._keys = (key[0], key[1], keys)
        return self._keys[2]

    def warm(self, state: State, moves: int) -> None:
        """Start the exact search on the worker thread for every card set not yet asked for."""
        for key in self.keys(state, moves):
            if key not in self.jobs:
                self.jobs[key] = self.executor.submit(catchess_solo.best_for_cards, key[0], key[1])

    def cold(self, state: State, moves: int) -> bool:
        """True while a finished round's best score is still being worked out."""
        keys = self.keys(state, moves)
        finished = keys if state.is_over() else keys[:-1]
        return any(k not in self.jobs or not self.jobs[k].done() for k in finished)
