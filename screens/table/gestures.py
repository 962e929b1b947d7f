"""The table's gestures: what a press, a drag and a release on the board mean, asked of the
engine (sources, targets, the action or actions of a gesture, the refusal reason), and the held
piece and its lit targets drawn over the board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import pygame

from cats.core import Action, Spot
from screens.anim import Tween
from screens.table.pointer import Drag, Pointer, actions_for
from screens.table.toast import REFUSAL

if TYPE_CHECKING:
    from cats.session import Session
    from screens.anim import Animator
    from screens.context import AppContext


class Gestures:
    """The pointer's part of the table (a game's board supplies ``spot_at``, ``spot_rect`` and
    it may add to ``clicked`` and ``pick_sources``)."""

    ctx: "AppContext"
    session: "Session"
    pointer: Pointer
    animator: "Animator"
    returning: Optional[Tween]
    returning_source: Spot
    choosing: Optional[tuple[Spot, list[Action]]]

    if TYPE_CHECKING:
        drag: Optional[Drag]

        def my_turn(self) -> bool: ...
        def play(self, action: Action) -> bool: ...
        def flash(self, text: str, seconds: float = 3.5) -> None: ...
        def rebuild_choices(self) -> None: ...
        def why_not_pick(self, spot: Spot) -> str: ...
        def refusal(self, source: Spot, target: Spot) -> str: ...
        def draw_tick(self, surface: pygame.Surface, rect: pygame.Rect) -> None: ...

    def pick_sources(self) -> list[Spot]:
        """The pieces the pointer may take hold of now (the engine's drag sources)."""
        return self.session.state.drag_sources()

    def pointer_down(self, pos: tuple[int, int]) -> bool:
        """Pick up a piece if the engine says it may move now."""
        if not self.my_turn():
            return False
        spot = self.spot_at(pos)
        if spot is None:
            return False
        if spot not in self.pick_sources():
            reason = self.why_not_pick(spot)
            if reason:
                self.flash(reason, kind=REFUSAL)
                self.ctx.sounds.play("refuse")
            return False
        rect = self.spot_rect(spot)
        self.pointer.pick(spot, rect.topleft if rect else pos, pos,
                          self.session.state.legal_targets(spot))
        self.ctx.sounds.play("pick")
        return True

    def pointer_up(self, pos: tuple[int, int]) -> bool:
        """Drop the held piece: an action if the engine accepts, a chooser if the drop means
        several, else slide back with a reason; a click does what clicking the piece means."""
        moved = self.drag is not None and self.drag.moved
        target = self.spot_at(pos) if moved else None  # lit targets win while still held
        drag = self.pointer.let_go()
        assert drag is not None
        if not drag.moved:
            target = drag.source  # a click on the piece
        if target is None:
            self.slide_back(drag, "")
            return True
        return self.gesture(drag.source, target, drag)

    def gesture(self, source: Spot, target: Spot, drag: Optional[Drag] = None) -> bool:
        """What moving ``source`` onto ``target`` means: one action is played, several are
        offered as buttons, none is refused with the engine's reason."""
        actions = actions_for(self.session.state, source, target)
        if not actions and drag is not None and drag.moved and set(drag.targets) <= {source}:
            # a piece whose one gesture is a click (the deck) does it when dragged anywhere
            actions = actions_for(self.session.state, source, source)
        if len(actions) == 1:
            self.play(actions[0])
        elif actions:
            self.choose(target, actions)
        elif target == source:
            if drag is not None and drag.moved:
                self.slide_back(drag, "")
            else:
                self.clicked(source)
        elif drag is not None:
            self.slide_back(drag, self.refusal(source, target))
        else:
            self.refuse(self.refusal(source, target))
        return True

    def clicked(self, source: Spot) -> None:
        """A press and release on a piece that only drags (subclasses may explain or select)."""

    def choose(self, target: Spot, actions: list[Action]) -> None:
        """One gesture means several actions: offer them as buttons."""
        self.choosing = (target, actions)
        self.rebuild_choices()

    def refuse(self, reason: str) -> None:
        """Say why a gesture was refused."""
        if reason:
            self.flash(reason, kind=REFUSAL)
            self.ctx.sounds.play("refuse")

    def slide_back(self, drag: Drag, reason: str) -> None:
        """The held piece slides back to where it was taken (with the reason, if any)."""
        self.refuse(reason)
        self.pointer.dropped_at = None
        self.returning = self.animator.add(Tween(drag.topleft, drag.origin, 0.25, tag="return"))
        self.returning_source = drag.source

    def spot_at(self, pos: tuple[int, int]) -> Optional[Spot]:
        """The board position under the pointer."""
        return None

    def spot_rect(self, spot: Spot) -> Optional[pygame.Rect]:
        """Where a board position is drawn."""
        return None
