"""Stats: one player's finished games — played and won per game and player count, against which
bot levels, best scores per variant, and the latest results."""

from __future__ import annotations

import datetime
import re
from typing import TYPE_CHECKING, Optional

import pygame
import pygame_gui

from cats import GAMES
from cats.ai import LEVEL_NAMES
from saves.stats import GameResult, StatsBook
from screens import palette
from screens.assets import font
from screens.overlays import blit_lines, draw_page
from screens.scene import Scene
from screens.text import file_text, option_label, title, tr

if TYPE_CHECKING:
    from screens.context import AppContext

def game_title(game_id: str) -> str:
    """A game's title (an unknown id as it is)."""
    return title(GAMES[game_id].info) if game_id in GAMES else game_id


def variant_label(variant: str, solo_note: bool = True) -> str:
    """A variant key ("gambit+umbra") as players read it: the title and the options' labels."""
    game_id, *rest = re.split(r"(?=[+-])", variant)
    if game_id not in GAMES:
        return variant
    info = GAMES[game_id].info
    labels = {spec.name: option_label(info, spec) for spec in info.options if spec.kind != "script"}
    parts = [title(info)]
    for mark in rest:
        label = labels.get(mark[1:], mark[1:])
        parts.append(label if mark[0] == "+" else tr("stats.without", option=label))
    text = " + ".join(parts)
    if solo_note and info.max_players > 1:
        text = tr("stats.variant_note", variant=text, note=tr("stats.players.1"))
    return text


def players_label(count: int) -> str:
    """"solo" or "3 players"."""
    return tr("stats.players.1") if count == 1 else tr("stats.players.n", n=count)


def bot_level(level: int) -> str:
    """A bot level as the stats list it: "Tomcat (2)" in the current language."""
    name = tr(f"level.{level}") if level in LEVEL_NAMES else str(level)
    return tr("stats.bot_level", level=name, n=level)


def result_line(result: GameResult, name: str) -> str:
    """One recent result for ``name``."""
    seat = result.seat_of(name)
    score = "" if seat is None or seat.score is None else f"{seat.score:g}"
    won = seat is not None and seat.won
    outcome = tr("stats.won" if won else "stats.lost", score=score or "—")
    date = datetime.datetime.fromtimestamp(result.date).strftime("%Y-%m-%d")
    game = tr("stats.game_players", game=variant_label(result.variant, False),
              players=players_label(result.players))
    return tr("stats.recent_row", date=date, game=game, result=outcome)


class StatsScene(Scene):
    """One player's stats at a time; Next player goes through everyone with a profile or a
    recorded game."""

    def __init__(self, ctx: "AppContext") -> None:
        super().__init__(ctx)
        self.book = StatsBook().load()
        names = [p.name for p in ctx.profiles.profiles]
        for result in self.book.results:
            for seat in result.seats:
                if not seat.bot_level and seat.name not in names:
                    names.append(seat.name)
        self.names = names
        self.at = 0
        self.actions: dict[pygame_gui.elements.UIButton, str] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)

    @property
    def name(self) -> Optional[str]:
        """The player shown."""
        return self.names[self.at] if self.names else None

    def build_ui(self) -> None:
        s = self.ctx.scale
        w, h = self.ctx.size
        self.panel = pygame.Rect(s(40), s(30), w - s(80), h - s(60))
        self.actions = {}
        x = self.panel.right - s(30)
        for key, label in (("back", tr("new.back")), ("next", tr("stats.next"))):
            x -= s(170)
            btn = self.button(pygame.Rect(x, self.panel.bottom - s(76), s(160), s(44)), label,
                              "#primary" if key == "back" else "")
            if key == "next" and len(self.names) < 2:
                btn.disable()
            self.actions[btn] = key

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self.act(self.actions[event.ui_element])
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.act("back")
            return True
        return False

    def act(self, key: str) -> None:
        """Back, or the next player."""
        if key == "back":
            self.ctx.scenes.pop()
        elif self.names:
            self.at = (self.at + 1) % len(self.names)

    def columns(self, name: str) -> list[tuple[str, list[str]]]:
        """The page's sections for ``name``: a heading and its lines."""
        book = self.book
        played = [tr("stats.row", game=game_title(g), players=players_label(n), won=w, played=p)
                  for (g, n), (p, w) in sorted(book.played_won(name).items())]
        bots = [tr("stats.bot_row", level=bot_level(lv), won=w, played=p)
                for lv, (p, w) in sorted(book.against_bots(name).items())]
        best = [tr("stats.best_row", variant=variant_label(v), score=f"{score:g}")
                for v, score in sorted(book.best(name).items())]
        recent = [result_line(r, name) for r in book.recent(name)]
        return [(tr("stats.played"), played), (tr("stats.bots"), bots),
                (tr("stats.best"), best), (tr("stats.recent"), recent)]

    def draw(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        name = self.name
        draw_page(surface, s, self.panel, tr("stats.title", name=name or "—"))
        x, y = self.panel.x + s(30), self.panel.y + s(86)
        if self.book.problem:
            y = blit_lines(surface, [tr("stats.damaged", problem=file_text(self.book.problem))], x, y,
                           s(15), palette.WARN, width=self.panel.w - s(60))
        if name is None:
            blit_lines(surface, [tr("stats.nobody")], x, y, s(16), palette.WOOD)
            return
        if not self.book.of(name):
            blit_lines(surface, [tr("stats.none", name=name)], x, y, s(16), palette.WOOD)
            return
        half = (self.panel.w - s(90)) // 2
        sections = self.columns(name)
        for row in (sections[:2], sections[2:]):  # two sections side by side, two rows
            bottom = y
            for col, (heading, lines) in enumerate(row):
                col_x = x + col * (half + s(30))
                head = font(s(19), bold=True).render(heading, True, palette.INK)
                surface.blit(head, (col_x, y))
                end = blit_lines(surface, lines or ["—"], col_x, y + s(32), s(15), palette.INK,
                                 width=half)
                bottom = max(bottom, end)
            y = bottom + s(20)
