"""Profiles: players with colour and symbol, best scores, and hotseat groups with win tallies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import pygame
import pygame_gui

from cats.words import core
from saves.profiles import COLOURS, SYMBOLS, Profile
from saves.values import name_problem
from screens import palette
from screens.assets import font, image
from screens.overlays import blit_lines, draw_page, fit_text
from screens.menus.stats import variant_label
from screens.scene import Scene
from screens.text import file_text, tr

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
        self.cyclers: dict[pygame_gui.elements.UIButton, tuple[str, str]] = {}
        self.message = ""

    def build_ui(self) -> None:
        s = self.ctx.scale
        w, h = self.ctx.size
        self.panel = pygame.Rect(s(40), s(30), w - s(80), h - s(60))
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(self.panel.x + s(30), self.panel.bottom - s(76), s(260), s(40)), self.ctx.ui,
            placeholder_text=tr("profiles.placeholder"))
        self.entry.length_limit = 40
        self.keep(self.entry)
        self.add = self.button(pygame.Rect(self.panel.x + s(300), self.panel.bottom - s(76),
                                           s(160), s(40)), tr("profiles.add"), "#primary")
        self.back = self.button(pygame.Rect(self.panel.right - s(170), self.panel.bottom - s(76),
                                            s(140), s(40)), tr("new.back"))
        self.cyclers = {}
        y = self.panel.y + s(86)
        for p in self.shown():
            for i, key in enumerate(("colour", "symbol")):
                btn = self.button(pygame.Rect(self.panel.x + s(330) + i * s(96), y, s(90), s(30)),
                                  tr(f"profiles.{key}"))
                self.cyclers[btn] = (p.name, key)
            y += s(36)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.add and self.entry and self.entry.get_text().strip():
                name = self.entry.get_text().strip()[:40]
                problem = name_problem(name)
                if problem:
                    said = file_text(problem)
                    self.message = tr("profiles.refused", problem=said[:1].upper() + said[1:])
                    return True
                if self.ctx.profiles.get(name):
                    self.message = tr("profiles.exists", name=name)
                    return True
                self.ctx.profiles.add(name)
                self.message = ""
                try:
                    self.ctx.profiles.save()
                except OSError as exc:  # the player is on the list for this session
                    self.ctx.profiles.problem = tr("profiles.not_saved", error=file_text(str(exc)))
                self.entry.set_text("")
                self.resize()
                return True
            if event.ui_element is self.back:
                self.ctx.scenes.pop()
                return True
            if event.ui_element in self.cyclers:
                name, key = self.cyclers[event.ui_element]
                self.cycle(name, key)
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.scenes.pop()
            return True
        return False

    def rows(self) -> int:
        """How many players fit above the name field."""
        s = self.ctx.scale
        return max(1, (self.panel.bottom - s(96) - (self.panel.y + s(86))) // s(36))

    def shown(self) -> list[Profile]:
        """The players listed (the rest are said as a count)."""
        book = self.ctx.profiles.profiles
        rows = self.rows()
        return book[:rows] if len(book) <= rows else book[:rows - 1]

    def cycle(self, name: str, key: str) -> None:
        """Give a player the next colour or symbol (so every player keeps both marks)."""
        profile = self.ctx.profiles.get(name)
        if profile is None:
            return
        values = COLOURS if key == "colour" else SYMBOLS
        current = getattr(profile, key)
        setattr(profile, key, values[(values.index(current) + 1) % len(values)])
        try:
            self.ctx.profiles.save()
        except OSError as exc:  # the change holds for this session; say so, never crash
            self.ctx.profiles.problem = tr("profiles.not_saved", error=file_text(str(exc)))

    def draw(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        draw_page(surface, s, self.panel, tr("profiles.title"))
        y = self.panel.y + s(86)
        f = font(s(17))
        book = self.ctx.profiles
        if book.problem:
            y = blit_lines(surface, [file_text(book.problem)], self.panel.x + s(30), y, s(15), palette.WARN)
        if not book.profiles:
            blit_lines(surface, [tr("profiles.nobody")],
                       self.panel.x + s(30), y, s(15), palette.WOOD)
        x_groups = self.panel.x + s(760)
        small = font(s(14))
        for p in self.shown():
            colour = palette.PLAYER_COLOURS.get(p.colour, palette.TERRACOTTA)
            pygame.draw.circle(surface, colour, (self.panel.x + s(46), y + s(14)), s(14))
            art = image(palette.SYMBOL_ART.get(p.symbol, "sym_0"), s(18), s(18))
            surface.blit(art, art.get_rect(center=(self.panel.x + s(46), y + s(14))))
            best = core("comma").join(tr("profiles.best", game=variant_label(g, False),
                                         best=f"{v:g}") for g, v in p.best.items())
            surface.blit(f.render(fit_text(p.name, f, s(250)), True, palette.INK),
                         (self.panel.x + s(72), y + s(2)))
            surface.blit(small.render(fit_text(best, small, x_groups - s(20) - (self.panel.x + s(530))),
                                      True, palette.WOOD), (self.panel.x + s(530), y + s(6)))
            y += s(36)
        hidden = len(book.profiles) - len(self.shown())
        if hidden > 0:
            blit_lines(surface, [tr("profiles.more", n=hidden)], self.panel.x + s(72), y, s(15), palette.WOOD)
        if self.message:
            blit_lines(surface, [self.message], self.panel.x + s(480), self.panel.bottom - s(68),
                       s(15), palette.WARN, width=self.panel.right - s(190) - (self.panel.x + s(480)))
        x = x_groups
        y = self.panel.y + s(86)
        surface.blit(font(s(19), bold=True).render(tr("profiles.groups"), True, palette.INK), (x, y))
        y += s(34)
        for g in book.groups[:10]:
            tally = core("comma").join(tr("profiles.wins", name=n, n=c)
                                       for n, c in sorted(g.tally.items(), key=lambda t: -t[1]))
            group = tr("profiles.group_sep").join(g.members) if g.members else g.name
            y = blit_lines(surface, [tr("profiles.group", group=group,
                                        tally=tally or tr("profiles.no_wins"))], x, y, s(16),
                           width=self.panel.right - x - s(30))
