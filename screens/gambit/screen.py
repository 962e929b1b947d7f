"""Cat's Gambit screen: the floating grid around the Queen and the deck, the drawn card, the five
Pawns, and drag-and-drop for every placement and ability."""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Optional

from cats.core import Action, Spot
from cats.gambit import words
from cats.rng import Rng
from cats.session import Session
from screens.anim import Tween
from screens.gambit.board import GambitBoard
from screens.gambit.layout import GambitUi
from screens.table.board import BoardContext
from screens.table.frame import POLL, GameScene
from screens.text import tr

if TYPE_CHECKING:
    from screens.context import AppContext


class GambitScene(GameScene):
    """The Cat's Gambit table: the session, the hint, the flip of Aurelia; the board draws."""

    has_hint = True

    def __init__(self, ctx: "AppContext", session: Session) -> None:
        self.hint_future: Optional[Future[tuple[Action, float]]] = None
        # One solver for the whole game: its exact search's table carries from hint to hint.
        self.solver: Any = None
        self.hint_spot: Optional[Spot] = None
        self.flip: Optional[Tween] = None
        super().__init__(ctx, session)

    def layout(self) -> None:
        self.boardview.side = self.side.copy()
        super().layout()

    def make_board(self, ctx: BoardContext) -> GambitBoard:
        return GambitBoard(ctx, self.seats)

    def ui(self) -> GambitUi:
        flip = None
        if self.flip is not None and self.animator.find("flip") is self.flip:
            flip = self.flip.value()[0]
        return GambitUi(**self.ui_facts(), flip=flip, hint=self.hint_spot)

    def also_button(self, action: Action) -> bool:
        return action.kind in ("draw", "peek", "look", "burrow")

    # -- animation ---------------------------------------------------------------------------
    def move_cue(self, before: dict[str, Any], action: Action) -> Optional[str]:
        return "slide"  # every move of the puzzle is a card's

    def animate(self, before: dict[str, Any], action: Action) -> None:
        self.hint_spot = None
        if before.get("queen_side") != self.view.get("queen_side"):
            self.flip = self.animator.add(Tween((1.0, 0.0), (0.0, 0.0), 0.5, tag="flip"))
            self.cue("flip", 0.15)
        event = self.view.get("last_event")
        if event:
            self.flash(event, 4.0)

    # -- hint --------------------------------------------------------------------------------
    def show_hint(self) -> None:
        if not self.my_turn() or self.hint_future is not None:
            return
        try:
            from cats.gambit.solver import GambitSolver
            from cats.gambit.state import GambitState
        except ImportError:
            self.flash(tr("game.no_hint"))
            return
        state = self.session.state
        world = state.determinize(0, Rng(self.session.seed + len(self.session.log)))
        assert isinstance(world, GambitState)
        rng = Rng(len(self.session.log) + 17)
        if self.solver is None:
            self.solver = GambitSolver()
        self.hint_future = self.ctx.executor.submit(self.solver.hint, world, rng)
        self.flash(tr("gambit.thinking"), 2.0)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.hint_future is not None and self.hint_future.done():
            future, self.hint_future = self.hint_future, None
            action, value = future.result()
            if action in self.session.state.legal_actions():
                self.flash(tr("game.hint_is", move=self.describe(action), value=value), 6.0)
                gesture = self.session.state.drag_of(action)
                self.hint_spot = gesture[1] if gesture else None

    def next_frame(self) -> Optional[float]:
        return POLL if self.hint_future is not None else super().next_frame()

    def describe(self, action: Action) -> str:
        """What a hint suggests, in the log's words (cells said from the deck)."""
        return self.session.say(words.hint(self.session.state, action))  # type: ignore[arg-type]

