"""Cat Chess solo: the best score the three cards allowed, an exact search worked out on the worker
thread (``ctx.executor``) as soon as the cards are dealt; the round's end (never the window) waits
until it is known."""

from __future__ import annotations


from cats.catchess import solo as catchess_solo
from screens.table.frame import SceneMixin

BestKey = tuple[tuple[int, ...], bool]


class SoloBest(SceneMixin):
    """Mixed into :class:`~screens.catchess.screen.CatChessScene`: the solo best score, off the frame loop."""

    @property
    def solo(self) -> bool:
        return len(self.session.seats) == 1

    def best_keys(self) -> list[BestKey]:
        """The card sets whose best score the engine's solo view will need: every finished round
        first, then the current deal (worked out early so that the round's end never waits)."""
        state = self.session.state
        key = (id(state), len(self.session.log))
        if self._solo_data[:2] != key:
            data = state.to_json()
            centre = bool(data["options"].get("from_centre"))
            keys = [(tuple(sorted(h["cards"][0])), centre) for h in data["history"]]
            if not data["over"]:
                keys.append((tuple(sorted(data["hands"][0])), centre))
            self._solo_data = (key[0], key[1], keys)
        return self._solo_data[2]

    def warm(self) -> None:
        """Start the exact search on the worker thread for every card set not yet asked for."""
        if not self.solo:
            return
        for key in self.best_keys():
            if key not in self.best_jobs:
                self.best_jobs[key] = self.ctx.executor.submit(
                    catchess_solo.best_for_cards, key[0], key[1])

    def cold(self) -> bool:
        """True while a finished solo round's best score is still being worked out."""
        if not self.solo:
            return False
        keys = self.best_keys()
        finished = keys if self.session.state.is_over() else keys[:-1]
        return any(k not in self.best_jobs or not self.best_jobs[k].done() for k in finished)

    def waiting_for_best(self) -> bool:
        return self.deferred is not None or self.stale
