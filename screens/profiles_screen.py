"""Profiles: players with colour and symbol, best scores, and hotseat groups with win tallies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import pygame
import pygame_gui

from screens import palette
from screens.assets import font, image
from screens.overlays import blit_lines, draw_panel
from screens.scene import Scene
from screens.text import tr

if TYPE_CHECKING:
    from screens.context import AppContext


class ProfilesScene(Scene):
    """List and add players; show hotseat groups."""

    def __init__(self, ctx: "AppContext") -> None:
        super().__init__(ctx)
        self.entry: Optional[pygame_gui.elements.UITextEntryLine] = None
        self.add: Optional[pygame_gui.elements.UIButton] = None
        self.back: Optional[pygame_gui.elements.UIButton] = None
        self.panel = pygame.Rect(0, 0, 0, 0)

    def build_ui(self) -> None:
        s = self.ctx.scale
        w, h = self.ctx.size
        self.panel = pygame.Rect(s(40), s(30), w - s(80), h - s(60))
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(self.panel.x + s(30), self.panel.bottom - s(76), s(260), s(40)), self.ctx.ui)
        self.entry.length_limit = 40
        self.keep(self.entry)
        self.add = self.button(pygame.Rect(self.panel.x + s(300), self.panel.bottom - s(76),
                                           s(160), s(40)), tr("profiles.add"), "#primary")
        self.back = self.button(pygame.Rect(self.panel.right - s(170), self.panel.bottom - s(76),
                                            s(140), s(40)), tr("new.back"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.add and self.entry and self.entry.get_text().strip():
                self.ctx.profiles.add(self.entry.get_text())
                try:
                    self.ctx.profiles.save()
                except OSError:
                    pass
                self.entry.set_text("")
                return True
            if event.ui_element is self.back:
                self.ctx.scenes.pop()
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.scenes.pop()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        surface.fill(palette.CREAM)
        draw_panel(surface, self.panel)
        surface.blit(font(s(28), bold=True).render(tr("profiles.title"), True, palette.INK),
                     (self.panel.x + s(30), self.panel.y + s(24)))
        y = self.panel.y + s(86)
        f = font(s(17))
        book = self.ctx.profiles
        if book.problem:
            y = blit_lines(surface, [book.problem], self.panel.x + s(30), y, s(15), palette.WARN)
        for p in book.profiles[:12]:
            colour = palette.PLAYER_COLOURS.get(p.colour, palette.TERRACOTTA)
            pygame.draw.circle(surface, colour, (self.panel.x + s(46), y + s(14)), s(14))
            art = image(palette.SYMBOL_ART.get(p.symbol, "sym_0"), s(18), s(18))
            surface.blit(art, art.get_rect(center=(self.panel.x + s(46), y + s(14))))
            best = ", ".join(f"{g}: best {v:g}" for g, v in p.best.items())
            surface.blit(f.render(f"{p.name}  {best}", True, palette.INK),
                         (self.panel.x + s(72), y + s(2)))
            y += s(36)
        x = self.panel.centerx
        y = self.panel.y + s(86)
        surface.blit(font(s(19), bold=True).render("Hotseat groups", True, palette.INK), (x, y))
        y += s(34)
        for g in book.groups[:10]:
            tally = ", ".join(f"{n} {c}" for n, c in sorted(g.tally.items(), key=lambda t: -t[1]))
            y = blit_lines(surface, [f"{g.name}: {tally or 'no wins yet'}"], x, y, s(16),
                           width=self.panel.right - x - s(30))
