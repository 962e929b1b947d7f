"""Cat in the Box drawing over the cached table layer, every frame: the hand card that lifts under
the pointer (the hand band is drawn again, with the lit set-aside spot over it). The layer is
painted with the pointer away (:meth:`LiveBox.resting`)."""

from __future__ import annotations

from dataclasses import replace

import pygame

from screens.box.layout import BoxUi
from screens.box.panels import BoxBoard
from screens.table.board import Ui
from screens.table.pointer import Point


class LiveBox(BoxBoard):
    """The Cat in the Box board, with what follows the pointer drawn over the layer."""

    def hover_key(self, point: Point) -> None:
        return None  # the layer reads nothing of the pointer's place: see paint_live

    def resting(self, ui: Ui) -> Ui:
        assert isinstance(ui, BoxUi)
        return replace(ui, hover=(-1, -1))

    def paint_live(self, surface: pygame.Surface) -> None:
        if not self.lifting():
            return
        self.draw_hand(surface)  # the band again, with the card under the pointer up
        band = self.hand_area.inflate(self.ctx.scale(8), self.ctx.scale(4))
        for target in self.ui.lit:  # what the layer lit over the band (the set-aside spot)
            rect = self.spot_rect(target)
            if rect is not None and rect.colliderect(band):
                self.glow(surface, rect)

    def lifting(self) -> bool:
        """A card of the hand that may be played lifts under the pointer."""
        v = self.view
        return (self.ui.held is None and self.ui.returning is None and self.ui.fly is None
                and self.ui.my_turn and v.get("phase") in ("aside", "play")
                and v.get("hand") is not None and self.hand_index_at(self.ui.hover) is not None)
