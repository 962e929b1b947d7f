"""Cat Between Us drawing over the cached table layer, every frame: the hand card that lifts under
the pointer, and while a lure is held over a toy what the drop would make (the hint over the toy,
the total box's preview). The layer is painted with the pointer away (:meth:`LiveTable.resting`)."""

from __future__ import annotations

from dataclasses import replace

import pygame

from screens.between.draw import TableDrawing
from screens.between.layout import BetweenUi
from screens.table.board import Ui
from screens.table.pointer import Point


class LiveTable(TableDrawing):
    """The parts of the Cat Between Us table that follow the pointer."""

    def hover_key(self, point: Point) -> None:
        return None  # the layer reads nothing of the pointer's place: see paint_live

    def resting(self, ui: Ui) -> Ui:
        assert isinstance(ui, BetweenUi)
        return replace(ui, hover=(-1, -1), preview=None)

    def paint_live(self, surface: pygame.Surface) -> None:
        if self.ui.reveal or self.ui.slide is not None:
            return  # the Nuzzle panel or a lure in flight lies over the table (layer: each frame)
        held = self.ui.held
        if held is None:
            if self.lifting():
                self.draw_hand(surface)  # the whole hand again, with the card under the pointer up
            return
        hover = self.spot_at(self.ui.hover)
        if hover is not None and hover[0] == "toy":
            self.draw_drop_hint(surface, held.source, hover[1])
            if hover in self.ui.targets and self.ui.preview is not None:
                self.draw_total(surface)

    def lifting(self) -> bool:
        """A hand card that may be played is under the pointer (it lifts)."""
        if not self.ui.my_turn or self.view.get("hand") is None:
            return False
        at, sources = self.ui.hover, self.ui.sources
        return any(spot in sources and rect.collidepoint(at) for spot, rect in self.hand_slots())
