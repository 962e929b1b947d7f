"""The new-game dialog: player count, each seat human or bot, names, options, seed."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any, Optional

import pygame
import pygame_gui

from cats import get_game
from cats.ai import LEVEL_NAMES
from cats.rng import seed_from_text
from cats.session import Seat, Session
from saves.profiles import COLOURS, SYMBOLS
from screens import palette
from screens.assets import font
from screens.overlays import draw_panel
from screens.scene import Scene
from screens.text import tr

if TYPE_CHECKING:
    from screens.context import AppContext

KINDS = [tr("new.human")] + [tr("new.bot", level=LEVEL_NAMES[k]) for k in (1, 2, 3)]


def daily_seed(today: Optional[datetime.date] = None) -> str:
    """The deal of the day: the same seed for everyone on a date."""
    return (today or datetime.date.today()).isoformat()


class NewGameScene(Scene):
    """Set up a game, then start it."""

    def __init__(self, ctx: "AppContext", game_id: str) -> None:
        super().__init__(ctx)
        self.game = get_game(game_id)
        info = self.game.info
        self.players = info.min_players if info.max_players == 1 else min(max(info.min_players, 2),
                                                                            info.max_players)
        names = [p.name for p in ctx.profiles.profiles] or ["Player 1"]
        self.names = [names[i] if i < len(names) else f"Player {i + 1}" for i in range(6)]
        self.kinds = [KINDS[0]] + [KINDS[2]] * 5
        self.options: dict[str, Any] = info.check_options()
        self.seed_text = ""
        self.widgets: dict[Any, tuple[str, Any]] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.message = ""
        self.option_help: list[tuple[int, str]] = []
        self.seed_y = 0

    def build_ui(self) -> None:
        s = self.ctx.scale
        w, h = self.ctx.size
        info = self.game.info
        self.panel = pygame.Rect(s(40), s(30), w - s(80), h - s(60))
        x0, y = self.panel.x + s(40), self.panel.y + s(120)
        self.widgets = {}
        if info.max_players > info.min_players:
            counts = [str(n) for n in info.player_counts()]
            dd = pygame_gui.elements.UIDropDownMenu(counts, str(self.players),
                                                    pygame.Rect(x0 + s(160), y, s(100), s(36)),
                                                    self.ctx.ui)
            self.keep(dd)
            self.widgets[dd] = ("players", None)
        y += s(50)
        for seat in range(self.players):
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x0 + s(110), y, s(220), s(36)), self.ctx.ui)
            entry.set_text(self.names[seat])
            entry.length_limit = 40
            self.keep(entry)
            self.widgets[entry] = ("name", seat)
            if info.max_players > 1:
                kind = pygame_gui.elements.UIDropDownMenu(
                    KINDS, self.kinds[seat], pygame.Rect(x0 + s(350), y, s(200), s(36)), self.ctx.ui)
                self.keep(kind)
                self.widgets[kind] = ("kind", seat)
            y += s(46)
        y += s(14)
        self.option_help = []
        for spec in info.options:
            if spec.kind != "bool":
                continue
            label = f"{spec.label}: {tr('on') if self.options[spec.name] else tr('off')}"
            btn = self.button(pygame.Rect(x0, y, s(360), s(38)), label, tooltip=spec.help)
            self.widgets[btn] = ("option", spec.name)
            self.option_help.append((y, spec.help))
            y += s(46)
        y += s(14)
        seed = pygame_gui.elements.UITextEntryLine(pygame.Rect(x0 + s(220), y, s(220), s(36)),
                                                   self.ctx.ui)
        seed.set_text(self.seed_text)
        self.keep(seed)
        self.widgets[seed] = ("seed", None)
        daily = self.button(pygame.Rect(x0 + s(460), y, s(180), s(36)), tr("new.daily"))
        self.widgets[daily] = ("daily", None)
        self.seed_y = y
        bottom = self.panel.bottom - s(64)
        start = self.button(pygame.Rect(self.panel.right - s(200), bottom, s(160), s(44)),
                            tr("new.start"), "#primary")
        self.widgets[start] = ("start", None)
        back = self.button(pygame.Rect(self.panel.right - s(380), bottom, s(160), s(44)),
                           tr("new.back"))
        self.widgets[back] = ("back", None)

    def _collect(self) -> None:
        for widget, (kind, key) in self.widgets.items():
            if kind == "name":
                self.names[key] = widget.get_text().strip()[:40] or f"Player {key + 1}"
            elif kind == "seed":
                self.seed_text = widget.get_text().strip()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.widgets:
            kind, key = self.widgets[event.ui_element]
            self._collect()
            if kind == "players":
                self.players = int(event.text)
                self.resize()
            elif kind == "kind":
                self.kinds[key] = event.text
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.widgets:
            kind, key = self.widgets[event.ui_element]
            self._collect()
            if kind == "option":
                self.options[key] = not self.options[key]
                self.resize()
            elif kind == "daily":
                self.seed_text = daily_seed()
                self.resize()
            elif kind == "start":
                self.start()
            elif kind == "back":
                self.ctx.scenes.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.scenes.pop()
            return True
        return False

    def seats(self) -> list[Seat]:
        """The seats as chosen."""
        seats = []
        for i in range(self.players):
            level = KINDS.index(self.kinds[i])
            profile = self.ctx.profiles.get(self.names[i])
            colour = profile.colour if profile else COLOURS[i % 6]
            symbol = profile.symbol if profile else SYMBOLS[i % 6]
            seats.append(Seat(self.names[i], "bot" if level else "human", level, symbol, colour))
        return seats

    def start(self) -> None:
        """Start the game and replace this dialog by its screen."""
        from screens.registry import open_game
        import time
        seed = seed_from_text(self.seed_text) if self.seed_text else int(time.time() * 1000) % (2**63)
        try:
            session = Session.start(self.game.info.id, self.seats(), seed, self.options)
        except ValueError as exc:
            self.message = str(exc)
            return
        for seat in session.seats:
            if not seat.is_bot:
                self.ctx.profiles.add(seat.name, seat.colour, seat.symbol)
        try:
            self.ctx.profiles.save()
        except OSError:
            pass
        self.ctx.saves.autosave(session)
        self.ctx.scenes.replace(open_game(self.ctx, session))

    def draw(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        surface.fill(palette.CREAM)
        draw_panel(surface, self.panel)
        f = font(s(28), bold=True)
        surface.blit(f.render(tr("new.title", title=self.game.info.title), True, palette.INK),
                     (self.panel.x + s(40), self.panel.y + s(24)))
        small = font(s(16))
        x0, y = self.panel.x + s(40), self.panel.y + s(126)
        if self.game.info.max_players > self.game.info.min_players:
            surface.blit(small.render(tr("new.players"), True, palette.INK), (x0, y + s(6)))
        y += s(50)
        for seat in range(self.players):
            surface.blit(small.render(tr("new.seat", n=seat + 1), True, palette.INK), (x0, y + s(6)))
            y += s(46)
        surface.blit(small.render(tr("new.seed"), True, palette.INK), (x0, self.seed_y + s(6)))
        hint = font(s(14))
        for oy, text in self.option_help:
            surface.blit(hint.render(text, True, palette.WOOD), (x0 + s(380), oy + s(9)))
        blurb = font(s(15)).render(self.game.info.blurb, True, palette.WOOD)
        surface.blit(blurb, (self.panel.x + s(40), self.panel.y + s(72)))
        if self.message:
            surface.blit(small.render(self.message, True, palette.WARN),
                         (x0, self.panel.bottom - s(100)))
