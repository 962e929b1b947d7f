"""Cat Chess drawing over the cached table layer, every frame: the rings on the cats of the goal
(or the stay button) under the pointer, the goal row under it, and while a cat is held over a
region what that drop makes (its words under the region, the goal cards as it would leave
them). The layer is painted with the pointer away (:meth:`LiveGarden.resting`)."""

from __future__ import annotations

from dataclasses import replace

import pygame

from screens import palette
from screens.catchess.layout import CatChessUi
from screens.catchess.panels import GoalPanels
from screens.table.board import Ui
from screens.table.pointer import Point


class LiveGarden(GoalPanels):
    """The parts of the Cat Chess table that follow the pointer."""

    def hover_key(self, point: Point) -> None:
        return None  # the layer reads nothing of the pointer's place: see paint_live

    def resting(self, ui: Ui) -> Ui:
        assert isinstance(ui, CatChessUi)
        return replace(ui, hover=(-1, -1), hover_cats=(), target=None, target_label="",
                       target_reason="", preview=None)

    def paint_live(self, surface: pygame.Surface) -> None:
        if not self.view or self.ui.counting:
            return  # nothing laid out yet, or the banner lies over the table
        if not self.ui.reveal:  # (the reveal covers the garden)
            self.ring_hovered_cats(surface)
        if self.ui.preview is not None:
            pygame.draw.rect(surface, palette.FELT, self.cards_rect)
            self.draw_cards(surface)
        else:
            self.draw_hovered_row(surface)
        self.draw_target_word(surface)

    def ring_hovered_cats(self, surface: pygame.Surface) -> None:
        """A ring round each cat in the garden of the goal under the pointer."""
        letters = self.ui.hover_cats
        if not letters:
            return
        s = self.ctx.scale
        hidden, moving = self.hidden_spots(), self.ui.moving
        ring = int(self.token_size * 0.5) + s(6)
        for region in self.view.get("regions") or []:
            cat, c = region["cat"], self.centres.get(region["id"])
            if (cat is None or c is None or cat["letter"] not in letters
                    or ("region", region["id"]) in hidden or cat["letter"] in moving):
                continue
            pygame.draw.circle(surface, palette.TEAL, c, ring, s(4))

    def draw_hovered_row(self, surface: pygame.Surface) -> None:
        """The goal row under the pointer, shaded, drawn again over the card."""
        at = self.ui.hover
        for rect, card in zip(self.card_rects(), self.view.get("my_cards") or []):
            if not rect.collidepoint(at):
                continue
            rows, goals, t, reading = self.card_goals(rect, card)
            for row, goal in zip(rows, goals):
                if row.collidepoint(at):
                    self.draw_goal_row(surface, row, goal, t, reading, hovered=True)
