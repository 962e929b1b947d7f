"""The new-game dialog: player count, each seat human or bot, names, options, seed."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any, Optional

import pygame
import pygame_gui

from cats import get_game
from cats.session import Seat, Session
from saves.profiles import COLOURS, SYMBOLS
from saves.values import name_problem, printable, seed_of
from screens import palette
from screens.assets import button_height, button_width, font
from screens.overlays import blit_lines, draw_panel, fit_text, keep_game, lines_bottom
from screens.registry import LIBRARY, open_game, playable
from screens.scene import Scene
from screens.text import (blurb, default_seat_names, file_text, option_help, option_label, title,
                          tr)

if TYPE_CHECKING:
    from screens.context import AppContext



REMOTE = 4  # the index in kinds() of a seat played at another computer (a hosted table)


def kinds() -> list[str]:
    """What a seat can be, in the current language: human, a bot of each level, or a person at
    another computer (the table is then hosted for them)."""
    return ([tr("new.human")] + [tr("new.bot", level=tr(f"new.level.{k}")) for k in (1, 2, 3)]
            + [tr("new.remote")])


def daily_seed(today: Optional[datetime.date] = None) -> str:
    """The deal of the day: the same seed for everyone on a date."""
    return (today or datetime.date.today()).isoformat()


class NewGameScene(Scene):
    """Set up a game, then start it."""

    def __init__(self, ctx: "AppContext", game_id: str, hosting: bool = False) -> None:
        super().__init__(ctx)
        self.hosting = hosting  # opened from Host a table: the second seat is another computer
        self.kinds = [kinds()[0]] + [kinds()[REMOTE if hosting else 2]] + [kinds()[2]] * 4
        self.typed: set[int] = set()  # seats whose name the player typed (kept as typed)
        self.names = [""] * 6
        self.seed_text = ""
        self.widgets: dict[Any, tuple[str, Any]] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.hint_x = 0  # where the options' words start (right of their buttons)
        self.top = 0  # where the form starts
        self.message = ""
        self.option_help: list[tuple[int, str]] = []
        self.number_labels: dict[int, str] = {}  # y of a number option's row -> its label
        self.seed_y = 0
        self.choose_game(game_id)

    def choose_game(self, game_id: str) -> None:
        """Set the dialog up for ``game_id`` (its player count and options from scratch)."""
        self.game = get_game(game_id)
        info = self.game.info
        self.players = info.min_players if info.max_players == 1 else min(max(info.min_players, 2),
                                                                            info.max_players)
        self.options: dict[str, Any] = info.check_options()
        self.message = ""
        self.name_seats()

    def default_name(self, seat: int) -> str:
        """A human seat takes the next saved player's name; a bot is named after its level."""
        level = kinds().index(self.kinds[seat])
        if level == REMOTE:  # the friend at that computer names themselves when they join
            return default_seat_names(seat)[0]
        if level:
            return default_seat_names(seat)[level]
        humans_before = sum(1 for i in range(seat) if not kinds().index(self.kinds[i]))
        profiles = [p.name for p in self.ctx.profiles.profiles]
        return (profiles[humans_before] if humans_before < len(profiles)
                else default_seat_names(seat)[0])

    def name_seats(self) -> None:
        """Fill every seat name the player has not typed."""
        for seat in range(6):
            if seat not in self.typed:
                self.names[seat] = self.default_name(seat)

    def build_ui(self) -> None:
        s = self.ctx.scale
        w, h = self.ctx.size
        info = self.game.info
        self.panel = pygame.Rect(s(40), s(74), w - s(80), h - s(96))
        # the form starts under the game's words (two lines or more with large text)
        self.top = max(self.panel.y + s(110),
                       lines_bottom([blurb(info)], self.blurb_y(), s(14), self.panel.w - s(80)) + s(8))
        x0, y = self.panel.x + s(40), self.top
        field = button_height(s(36))  # a field's height: more for large text
        self.widgets = {}
        self.hint_x = x0 + s(380)
        tab_w = min(s(180), (w - s(80)) // len(LIBRARY) - s(8))
        for i, gid in enumerate(g for g in LIBRARY if playable(g)):
            tab = self.button(pygame.Rect(s(40) + i * (tab_w + s(8)), s(20), tab_w, s(40)),
                              title(get_game(gid).info).split(":")[0].split("：")[0],
                              "#primary" if gid == self.game.info.id else "")
            self.widgets[tab] = ("game", gid)
        if info.max_players > info.min_players:
            counts = [str(n) for n in info.player_counts()]
            dd = pygame_gui.elements.UIDropDownMenu(counts, str(self.players),
                                                    pygame.Rect(x0 + s(160), y, s(100), field),
                                                    self.ctx.ui)
            self.keep(dd)
            self.widgets[dd] = ("players", None)
        y += s(50)
        for seat in range(self.players):
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x0 + s(110), y, s(220), field), self.ctx.ui)
            entry.set_text(self.names[seat])
            entry.length_limit = 40
            self.keep(entry)
            self.widgets[entry] = ("name", seat)
            if self.players > 1 or self.hosting:  # a solo seat is a person, here or not
                options = kinds() if self.players > 1 else [kinds()[0], kinds()[REMOTE]]
                kind = pygame_gui.elements.UIDropDownMenu(
                    options, self.kinds[seat] if self.kinds[seat] in options else options[0], pygame.Rect(x0 + s(350), y, s(200), field), self.ctx.ui)
                self.keep(kind)
                self.widgets[kind] = ("kind", seat)
            y += s(46)
        y += s(14)
        self.option_help = []
        self.number_labels = {}
        for spec in info.options:
            if spec.kind not in ("bool", "int") or (spec.name.startswith("solo")
                                                    and self.players > 1):
                continue  # set-up scripts never show; solo options only for one player
            if spec.kind == "int":
                entry = pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(x0 + s(280), y, s(80), field), self.ctx.ui)
                entry.set_text(str(self.options[spec.name]))
                entry.length_limit = 4
                self.keep(entry)
                self.widgets[entry] = ("number", spec.name)
                self.option_help.append((y, option_help(info, spec)))
                self.number_labels[y] = option_label(info, spec).split(" (")[0].split("（")[0]
                y += s(46)
                continue
            label = tr("new.option", option=option_label(info, spec),
                       value=tr("on") if self.options[spec.name] else tr("off"))
            bw = min(button_width(label, s(360)), self.panel.right - x0 - s(240))
            self.hint_x = max(self.hint_x, x0 + bw + s(20))
            btn = self.button(pygame.Rect(x0, y, bw, s(38)), label,
                              tooltip=option_help(info, spec))
            self.widgets[btn] = ("option", spec.name)
            self.option_help.append((y, option_help(info, spec)))
            y += s(46)
        y += s(14)
        seed = pygame_gui.elements.UITextEntryLine(pygame.Rect(x0 + s(220), y, s(220), field),
                                                   self.ctx.ui)
        seed.set_text(self.seed_text)
        self.keep(seed)
        self.widgets[seed] = ("seed", None)
        daily = self.button(pygame.Rect(x0 + s(460), y, button_width(tr("new.daily"), s(180)), s(36)),
                            tr("new.daily"))
        self.widgets[daily] = ("daily", None)
        self.seed_y = y
        bottom = self.panel.bottom - s(64)
        start = self.button(pygame.Rect(self.panel.right - s(200), bottom, s(160), s(44)),
                            tr("new.host") if self.remote_seats() else tr("new.start"), "#primary")
        self.widgets[start] = ("start", None)
        back = self.button(pygame.Rect(self.panel.right - s(380), bottom, s(160), s(44)),
                           tr("new.back"))
        self.widgets[back] = ("back", None)

    def blurb_y(self) -> int:
        """Where the game's words start: under the page's title."""
        s = self.ctx.scale
        return max(self.panel.y + s(56), self.panel.y + s(20) + font(s(26), bold=True).get_linesize())

    def _collect(self) -> None:
        for widget, (kind, key) in self.widgets.items():
            if kind == "name":
                text = widget.get_text().strip()[:40]
                if text and text != self.names[key]:
                    self.typed.add(key)
                self.names[key] = text or self.default_name(key)
            elif kind == "seed":
                self.seed_text = widget.get_text().strip()
            elif kind == "number":
                text = widget.get_text().strip()
                digits = text.lstrip("-")
                self.options[key] = (int(text) if digits.isdigit() and digits.isascii()
                                     else text)  # "²" is a digit to Python, not to int()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.widgets:
            kind, key = self.widgets[event.ui_element]
            self._collect()
            if kind == "players":
                self.players = int(event.text)
                self.resize()
            elif kind == "kind":
                self.kinds[key] = event.text
                self.name_seats()
                self.resize()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.widgets:
            kind, key = self.widgets[event.ui_element]
            self._collect()
            if kind == "game":
                if key != self.game.info.id:
                    self.choose_game(key)
                    self.resize()
            elif kind == "option":
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
        """The seats as chosen; no two seats share a colour and symbol (a saved player whose
        pair is taken at this table gets the first free one)."""
        seats: list[Seat] = []
        taken: set[tuple[str, str]] = set()
        for i in range(self.players):
            level = self.kind_of(i)
            level = 0 if level == REMOTE else level
            profile = self.ctx.profiles.get(self.names[i])
            pair = (profile.colour, profile.symbol) if profile else (COLOURS[i % 6], SYMBOLS[i % 6])
            if pair in taken:
                pair = next(p for p in zip(COLOURS, SYMBOLS) if p not in taken)
            taken.add(pair)
            seats.append(Seat(self.names[i], "bot" if level else "human", level, pair[1], pair[0]))
        return seats

    def kind_of(self, seat: int) -> int:
        """The seat's kind as an index of :func:`kinds` (a solo seat: human or remote)."""
        index = kinds().index(self.kinds[seat]) if self.kinds[seat] in kinds() else 0
        return index if self.players > 1 or index == REMOTE else 0

    def remote_seats(self) -> list[int]:
        """The seats to be played at other computers."""
        return [i for i in range(self.players) if self.kind_of(i) == REMOTE]

    def problem(self) -> str:
        """Why the table cannot start as set, or ""."""
        for seat, name in enumerate(self.names[:self.players]):
            problem = name_problem(name)
            if problem:
                return tr("new.seat_problem", n=seat + 1, problem=file_text(problem))
        names = [n.lower() for n in self.names[:self.players]]
        twice = next((n for n in self.names[:self.players] if names.count(n.lower()) > 1), None)
        if twice:
            return tr("new.same_name", name=twice)
        return ""

    def start(self) -> None:
        """Start the game and replace this dialog by its screen."""
        import time
        seed = seed_of(self.seed_text) if self.seed_text else int(time.time() * 1000) % (2**63)
        self.message = self.problem()
        if self.message:
            return
        try:
            session = Session.start(self.game.info.id, self.seats(), seed, self.options)
        except ValueError as exc:
            self.message = file_text(printable(str(exc)))
            return
        remote = self.remote_seats()
        if remote:
            from screens.netplay.lobby import HostLobby  # the network: loaded when first used

            self.ctx.scenes.replace(HostLobby(self.ctx, session, remote))
            return
        for seat in session.seats:
            if not seat.is_bot:
                self.ctx.profiles.add(seat.name, seat.colour, seat.symbol)
        try:
            self.ctx.profiles.save()
        except OSError:
            pass
        self.ctx.scenes.replace(open_game(self.ctx, session))
        keep_game(self.ctx, session)  # an unfinished game in the resume slot is kept, not lost

    def draw(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        surface.fill(palette.CREAM)
        draw_panel(surface, self.panel)
        f = font(s(26), bold=True)
        surface.blit(f.render(tr("new.title", title=title(self.game.info)), True, palette.INK),
                     (self.panel.x + s(40), self.panel.y + s(18)))
        blit_lines(surface, [blurb(self.game.info)], self.panel.x + s(40), self.blurb_y(),
                   s(14), palette.WOOD, width=self.panel.w - s(80))
        small = font(s(16))
        x0, y = self.panel.x + s(40), self.top + s(6)
        if self.game.info.max_players > self.game.info.min_players:
            surface.blit(small.render(tr("new.players"), True, palette.INK), (x0, y + s(6)))
        y += s(50)
        for seat in range(self.players):
            surface.blit(small.render(fit_text(tr("new.seat", n=seat + 1), small, s(104)), True,
                                      palette.INK), (x0, y + s(6)))
            y += s(46)
        surface.blit(small.render(fit_text(tr("new.seed"), small, s(214)), True, palette.INK),
                     (x0, self.seed_y + s(6)))
        hint = font(s(14))
        for oy, text in self.option_help:
            room = self.panel.right - s(20) - self.hint_x
            surface.blit(hint.render(fit_text(text, hint, room), True, palette.WOOD),
                         (self.hint_x, oy + s(9)))
        for oy, label in self.number_labels.items():
            surface.blit(small.render(fit_text(label, small, s(270)), True, palette.INK),
                         (x0, oy + s(6)))
        if self.message:  # on the buttons' row, left of Back (the form may fill the page)
            blit_lines(surface, [self.message], x0, self.panel.bottom - s(66), s(15),
                       palette.WARN, width=self.panel.right - s(400) - x0)
