"""The hotseat flow: which seat's view is on screen, and what the table shows between moves.

Pure logic (no pygame), one flow for every game. The engine's ``view_for`` decides what a seat
may see; this decides *when* whose view is on screen:

1. After a move the table watches what happens in public (animations, the trick's winner) and,
   when a round ends, the round's results on a neutral screen (nobody's hand or goal), until a
   click dismisses them.
2. While no human is to move, no seat's private view is on screen when two or more humans share
   the table; a single human's own view stays up the whole time (nobody to hide it from).
3. Before the device passes to another human, the mover may take the move back (a short
   Done / Undo step) when the rules allow it; a setting turns the step off.
4. The curtain names the next human and covers the table until they confirm.
5. A finished game shows the public view to a shared table (its end panel over the last round's
   results).
"""

from __future__ import annotations

from enum import Enum
from typing import Iterable, Optional


class Step(str, Enum):
    """What the table is doing now."""

    PLAY = "play"          # a human plays, looking at their own view
    CONFIRM = "confirm"    # the mover's Done / Undo before the device passes on
    SHOW = "show"          # the public table while a move's animations run, before a curtain
    RESULTS = "results"    # a finished round's results, public, until a click
    CURTAIN = "curtain"    # the hand-off curtain naming the next human
    WATCH = "watch"        # bots play
    OVER = "over"          # the game is finished


class HotseatFlow:
    """A small state machine fed with the table's events (a move, a click, the curtain)."""

    def __init__(self, humans: Iterable[int], secrets: bool, confirm: bool = True) -> None:
        self.humans = frozenset(humans)
        self.secrets = secrets
        self.confirm = confirm
        self.step = Step.WATCH
        self.viewer: Optional[int] = self.watcher
        self.mover: Optional[int] = None
        self.over = False

    # -- facts ---------------------------------------------------------------------------------
    @property
    def shared(self) -> bool:
        """Two or more people take turns at this one screen."""
        return len(self.humans) > 1

    @property
    def private(self) -> bool:
        """A seat's view must be hidden from the others sharing the screen."""
        return self.shared and self.secrets

    @property
    def watcher(self) -> Optional[int]:
        """Whose view shows while nobody holds the device: the only human's, else the public
        view (``None``)."""
        return next(iter(self.humans)) if len(self.humans) == 1 else None

    @property
    def curtain_for(self) -> Optional[int]:
        """The human the curtain names, while it is down."""
        return self.mover if self.step is Step.CURTAIN else None

    def may_play(self, seat: Optional[int]) -> bool:
        """Whether ``seat`` may make a move on the table now."""
        return self.step is Step.PLAY and seat is not None and seat == self.viewer

    def bots_may_move(self) -> bool:
        """Whether a bot may be asked for its move now (never over results or a Done step)."""
        return self.step is Step.WATCH

    # -- events --------------------------------------------------------------------------------
    def open(self, mover: Optional[int], over: bool, reveal: bool = False) -> None:
        """The table opens on a position (a new game, a loaded one); ``reveal`` skips the opening
        curtain (screenshots)."""
        self.mover, self.over = mover, over
        self.viewer = self.watcher
        if reveal and mover in self.humans and not over:
            self.viewer = mover
        self._pass()

    def moved(self, seat: int, mover: Optional[int], *, round_over: bool, over: bool,
              can_take_back: bool) -> None:
        """``seat`` has moved; ``mover`` is to move next (``None`` when the game is over)."""
        self.mover, self.over = mover, over
        if (self.confirm and self.shared and seat in self.humans and mover != seat
                and can_take_back and not round_over and not over):
            self.step = Step.CONFIRM
            self.viewer = seat
            return
        self._after(round_over)

    def done(self) -> None:
        """The mover confirms the move: the device may pass on."""
        if self.step is Step.CONFIRM:
            self._after(False)

    def undone(self, mover: Optional[int]) -> None:
        """A move was taken back: ``mover`` plays again, looking at their own view."""
        self.mover, self.over = mover, False
        if mover in self.humans:
            self.step, self.viewer = Step.PLAY, mover
        else:
            self._pass()

    def settled(self) -> None:
        """The move's animations have finished (the public table was shown): drop the curtain."""
        if self.step is Step.SHOW:
            self.step = Step.CURTAIN

    def ready(self) -> None:
        """The human named on the curtain confirms: their view shows."""
        if self.step is Step.CURTAIN:
            self.step, self.viewer = Step.PLAY, self.mover

    def dismissed(self) -> None:
        """The round's results were clicked away."""
        if self.step is Step.RESULTS:
            self._pass()

    def resync(self, mover: Optional[int], over: bool) -> None:
        """The position changed without a move through the table (a move replayed by code):
        follow it from whatever is on screen now."""
        self.mover, self.over = mover, over
        if self.step in (Step.PLAY, Step.WATCH, Step.SHOW, Step.OVER):
            self._pass()

    # -- the flow ------------------------------------------------------------------------------
    def _after(self, round_over: bool) -> None:
        if round_over and not self.over:  # a finished game's end panel tells its last round
            self.step, self.viewer = Step.RESULTS, self.watcher
        else:
            self._pass()

    def _pass(self) -> None:
        mover = self.mover
        if self.over or mover is None:
            self.step, self.viewer = Step.OVER, self.watcher
        elif mover not in self.humans:
            self.step, self.viewer = Step.WATCH, self.watcher
        elif self.private and self.viewer != mover:
            self.step, self.viewer = Step.SHOW, None
        else:
            self.step, self.viewer = Step.PLAY, mover
