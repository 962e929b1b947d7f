"""Cat Between Us screen: the four room cards as the interest track (with the shelves up to the
crown), the round tracker, the six toys with the lures under them, your hand with its live total,
and the Nuzzle reveal at the end of every round.

Everything drawn comes from ``self.view`` (the engine's ``view_for`` of the seat looking at the
screen). Drop targets, refusal reasons, attractions and totals all come from the engine; the
"your total would be" preview while dragging asks the engine too (a clone plays the lure).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import pygame
import pytweening

from cats.core import Action, Spot
from cats.session import Session
from screens.anim import Tween
from screens.between.layout import NUZZLE_SECONDS, SLIDE_SECONDS, BetweenUi, JsonDict
from screens.between.panels import BetweenBoard
from screens.table.board import BoardContext
from screens.table.frame import GameScene
from screens.text import tr

if TYPE_CHECKING:
    from screens.context import AppContext


class BetweenScene(GameScene):
    """The Cat Between Us table: the session, the engine's previews, the lure's flight and the
    Nuzzle's timing; the board draws."""

    boardview: BetweenBoard

    def __init__(self, ctx: "AppContext", session: Session) -> None:
        self.slide: Optional[tuple[int, int, int, Tween]] = None  # toy, slot, seat, tween
        self.nuzzle: Optional[Tween] = None
        self.nuzzle_from: JsonDict = {}
        self._preview: dict[tuple[Any, ...], Optional[tuple[int, bool]]] = {}
        super().__init__(ctx, session)

    def make_board(self, ctx: BoardContext) -> BetweenBoard:
        return BetweenBoard(ctx, self.seats)

    def refresh(self) -> None:
        super().refresh()
        self._preview = {}

    def layout(self) -> None:
        # Every move is a drag, so the strip the frame keeps for choice buttons stays empty:
        # the table uses it too.
        self.boardview.side = self.side.copy()
        self.boardview.ctx.window = self.ctx.window
        self.boardview.layout(self.board.union(self.bottom))
        self.boardview.show(self.view, self.ui())

    def ui(self) -> BetweenUi:
        facts = self.ui_facts()
        drag = self.drag
        preview = None
        if drag is not None:
            hover = self.boardview.spot_at(self.pointer.at)
            if hover is not None and hover[0] == "toy" and hover in drag.targets:
                preview = self.preview(drag.source, hover)
        slide = None
        if self.slide is not None and self.animator.find("slide") is self.slide[3]:
            x, y = self.slide[3].value()
            slide = (self.slide[0], self.slide[1], (int(x), int(y)))
        return BetweenUi(**facts, preview=preview, slide=slide, nuzzle=self.nuzzle_progress(),
                         nuzzle_from=self.nuzzle_from, reveal=self.reveal_shown(),
                         humans=bool(self.humans()), mover=self.session.to_move)

    # -- engine look-ups ---------------------------------------------------------------------
    def preview(self, source: Spot, target: Spot) -> Optional[tuple[int, bool]]:
        """The viewer's total (and whether it passes the cat) if this lure were played and the
        round ended then: the engine plays it on a copy and reports the viewer's own view."""
        if self.viewer is None or self.remote:
            return None  # a networked seat has no position to try the lure on
        key = (len(self.session.log), self.viewer, source, target)
        if key not in self._preview:
            state = self.session.state
            action = state.find_action(source, target)
            result: Optional[tuple[int, bool]] = None
            if action is not None:
                world = state.clone()
                world.do(action)
                after = world.view_for(self.viewer)
                last, now = after.get("last_round"), self.view.get("last_round")
                if last is not None and (now is None or last["round"] != now["round"]):
                    result = (last["totals"][self.viewer], last["passed"][self.viewer])
                elif after.get("live_total") is not None:
                    result = (after["live_total"], bool(after["live_passed"]))
            if len(self._preview) > 64:
                self._preview.clear()
            self._preview[key] = result
        return self._preview[key]

    # -- animation ---------------------------------------------------------------------------
    def animate(self, before: JsonDict, action: Action) -> None:
        seat = before.get("to_move")
        drop_from = self.pointer.take_drop_point()
        last = self.view.get("last_round")
        old = before.get("last_round")
        if last is not None and (old is None or old["round"] != last["round"]):
            self.slide = None
            self.nuzzle_from = {"interest": list(before.get("interest") or last["totals"]),
                                "wins": list(before.get("wins") or self.view["wins"])}
            self.nuzzle = self.animator.add(Tween((0.0, 0.0), (1.0, 0.0), NUZZLE_SECONDS,
                                                  ease=pytweening.linear, tag="nuzzle"))
            return
        toy = getattr(action, "toy", None)
        if toy is None or seat is None or not 0 <= toy < len(self.boardview.slots):
            return
        cards = self.view["toys"][toy]["cards"]
        index = len(cards) - 1
        if index < 0 or cards[index]["id"] != getattr(action, "card", None):
            return
        end = self.boardview.slots[toy][min(index, 1)].topleft
        start = drop_from if drop_from is not None and seat == self.viewer else self.boardview.seat_anchor(seat)
        tween = self.animator.add(Tween(start, end, SLIDE_SECONDS, tag="slide"))
        self.slide = (toy, index, seat, tween)

    def move_cue(self, before: JsonDict, action: Action) -> Optional[str]:
        return "slide"  # a toy card slides to its toy

    def nuzzle_progress(self) -> float:
        """0..1 through the Nuzzle reveal; 1 when it is not running."""
        if self.nuzzle is not None and self.animator.find("nuzzle") is self.nuzzle:
            return self.nuzzle.value()[0]
        return 1.0

    # -- the Nuzzle: this game's round results ------------------------------------------------
    def finished_round(self, public: JsonDict) -> Optional[int]:
        last = public.get("last_round")
        return None if last is None else int(last["round"])

    def reveal_shown(self) -> bool:
        """The Nuzzle panel is up: the table's round results (public, until a click)."""
        return self.results_shown() and self.view.get("last_round") is not None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.nuzzle is not None and self.animator.find("nuzzle") is not self.nuzzle:
            self.nuzzle = None  # the reveal has been told
            self.nuzzle_from = {}
        if self.slide is not None and self.animator.find("slide") is not self.slide[3]:
            self.slide = None  # the lure has landed

    def results_rect(self) -> pygame.Rect:
        return self.boardview.reveal_rect()

    # -- end -------------------------------------------------------------------------------
    def end_lines(self, outcome: Any) -> list[str]:
        """One line per seat: the full breakdown would not fit a small window, and the board's
        final Nuzzle panel shows every hand and total anyway."""
        lines = [self.names(outcome.summary)]
        for seat, seat_lines in enumerate(outcome.lines):
            head = self.names(seat_lines[0]) if seat_lines else f"{outcome.scores[seat]:g}"
            key = "table.end_row_winner" if seat in outcome.winners else "table.end_row"
            lines.append(tr(key, name=self.seat_name(seat), score=head))
        lines.append(tr("between.board_shows_hands"))
        return lines
