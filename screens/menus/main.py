"""The main menu with the game library, and the rules viewer.

Other menu screens live in their own modules, loaded when first opened.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Optional

import pygame
import pygame_gui

from cats import GAMES
from saves.store import RESUME, SaveError
from screens import palette
from screens.assets import asset_path, button_width, displayable, font, image, read_text
from screens.focus import FocusTarget
from screens.overlays import blit_lines, breaks, draw_panel
from screens.registry import LIBRARY, open_game, playable
from screens.scene import Scene
from screens.script import CJK
from screens.text import file_text, language, players_text, short_title, title, tr

if TYPE_CHECKING:
    from screens.context import AppContext

__all__ = ["MainMenu", "RulesScene"]


class MainMenu(Scene):
    """Continue, New game, Load, Profiles, Settings, Rules, Quit — and the five games."""

    music = "menu"

    def __init__(self, ctx: "AppContext") -> None:
        super().__init__(ctx)
        self.buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.covers: dict[str, pygame.Rect] = {}
        self.hover: Optional[str] = None

    def build_ui(self) -> None:
        s = self.ctx.scale
        w, h = self.ctx.size
        self.buttons = {}
        items = [("continue", tr("menu.continue")), ("new", tr("menu.new")),
                 ("load", tr("menu.load")), ("profiles", tr("menu.profiles")),
                 ("stats", tr("menu.stats")), ("settings", tr("menu.settings")), ("rules", tr("menu.rules")),
                 ("quit", tr("menu.quit"))]
        y = s(190)
        # Host and Join side by side, or (large text) one under the other; the rows closer
        # together if they need the room
        pair = all(button_width(label, 0) <= s(117) for label in (tr("menu.host"), tr("menu.join")))
        pitch = min(s(54), (h - y - s(4)) // (len(items) + (1 if pair else 2)))
        for key, label in items:
            btn = self.button(pygame.Rect(s(90), y, s(240), pitch - s(10)), label,
                              "#primary" if key in ("continue", "new") else "")
            if key == "continue" and self.ctx.saves.latest_unfinished() is None:
                btn.disable()  # nothing under way (a finished game is not continued)
            self.buttons[btn] = key
            y += pitch
            if key == "new":  # a table across computers: host or join, side by side
                for i, (net_key, label) in enumerate((("host", tr("menu.host")),
                                                      ("join", tr("menu.join")))):
                    rect = (pygame.Rect(s(90) + i * s(123), y, s(117), pitch - s(10)) if pair
                            else pygame.Rect(s(90), y + i * pitch, s(240), pitch - s(10)))
                    self.buttons[self.button(rect, label)] = net_key
                y += pitch * (1 if pair else 2)
        # The library: five covers in two rows.
        left = s(450)
        cw = min((w - left - s(60)) // 3 - s(20), s(300))
        ch = int(cw / 1.6) + self.ctx.line(56)  # the title and players under the art
        self.covers = {}
        for i, gid in enumerate(LIBRARY):
            row, col = divmod(i, 3)
            self.covers[gid] = pygame.Rect(left + col * (cw + s(24)), s(150) + row * (ch + s(70)),
                                           cw, ch)
            if playable(gid):  # each card's own Tutorial button, under it
                rect = pygame.Rect(0, 0, s(130), s(32))
                rect.midtop = (self.covers[gid].centerx, self.covers[gid].bottom + s(12))
                self.buttons[self.button(rect, tr("tutorial.button"))] = f"tutorial:{gid}"

    def focus_targets(self) -> list[FocusTarget]:
        """Tab reaches the library's covers too (Enter opens the game's new-game page)."""
        return [FocusTarget(f"cover:{gid}", rect, lambda gid=gid: self.open_new(gid))
                for gid, rect in self.covers.items()]

    def host_new(self) -> None:
        """The new-game page set for a hosted table (a seat for another computer)."""
        from screens.menus.newgame import NewGameScene

        first = next((g for g in LIBRARY if playable(g) and GAMES[g].info.max_players > 1), None)
        if first:
            self.ctx.scenes.push(NewGameScene(self.ctx, first, hosting=True))

    def offer_resume(self, record: dict[str, Any]) -> None:
        """A table hosted before is not over: host it again (the same seats), or a new one."""
        from screens.overlays import MenuOverlay

        ctx = self.ctx
        session = record.get("session", {})
        game = GAMES.get(str(session.get("game", "")))
        name = title(game.info) if game is not None else "?"

        def resume() -> None:
            from screens.netplay.lobby import resume_lobby

            ctx.scenes.pop()
            try:
                ctx.scenes.push(resume_lobby(ctx, record))
            except (OSError, ValueError, RuntimeError) as exc:
                ctx.notice = tr("net.host_failed", error=file_text(str(exc)))
                self.resize()

        def new() -> None:
            ctx.scenes.pop()
            self.host_new()

        moves = len(session["actions"]) if isinstance(session.get("actions"), list) else 0
        ctx.scenes.push(MenuOverlay(ctx, tr("menu.host"), [
            (tr("net.resume"), resume), (tr("net.new_table"), new),
            (tr("new.back"), ctx.scenes.pop)], [tr("net.resume_help", title=name, moves=moves)]))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.choose(self.buttons[event.ui_element])
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((g for g, r in self.covers.items() if r.collidepoint(event.pos)), None)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if any(b.rect.collidepoint(event.pos) for b in self.buttons):
                return False  # a card's Tutorial button, not the card
            for gid, rect in self.covers.items():
                if rect.collidepoint(event.pos):
                    self.open_new(gid)
                    return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.running = False
            return True
        return False

    def open_new(self, game_id: str) -> None:
        """The new-game dialog for a playable game."""
        from screens.menus.newgame import NewGameScene
        if playable(game_id):
            self.ctx.scenes.push(NewGameScene(self.ctx, game_id))
        else:
            self.ctx.notice = tr("menu.in_workshop", title=short_title(GAMES[game_id].info))

    def choose(self, key: str) -> None:
        """Act on a menu button."""
        ctx = self.ctx
        if key == "continue":
            slot = ctx.saves.latest_unfinished() or RESUME
            try:
                session = ctx.saves.load(slot)
            except SaveError as exc:
                ctx.notice = tr("menu.resume_problem", error=file_text(str(exc)))
                return
            if session.game_id in GAMES and playable(session.game_id):
                scene = open_game(ctx, session)
                for note in ctx.saves.last_notes:
                    scene.flash(file_text(note), 8)
                ctx.scenes.push(scene)
        elif key == "new":
            first = next((g for g in LIBRARY if playable(g)), None)
            if first:
                self.open_new(first)
        elif key == "host":
            from screens.netplay.tables import unfinished_table  # the network: loaded when used

            record = unfinished_table()
            if record is None:
                self.host_new()
            else:
                self.offer_resume(record)
        elif key == "join":
            from screens.netplay.join import JoinScene  # the network: loaded when first used

            ctx.scenes.push(JoinScene(ctx))
        elif key == "load":
            from screens.menus.loadgame import LoadScene  # loaded when first opened

            ctx.scenes.push(LoadScene(ctx))
        elif key == "profiles":
            from screens.menus.profiles import ProfilesScene  # loaded when first opened

            ctx.scenes.push(ProfilesScene(ctx))
        elif key == "stats":
            from screens.menus.stats import StatsScene

            ctx.scenes.push(StatsScene(ctx))
        elif key == "settings":
            from screens.menus.settings import SettingsScene

            ctx.scenes.push(SettingsScene(ctx))
        elif key == "rules":
            ctx.scenes.push(RulesScene(ctx, "gambit"))
        elif key == "quit":
            ctx.running = False
        elif key.startswith("tutorial:"):
            from screens.tutorial.scene import open_tutorial  # the table: loaded when opened

            ctx.scenes.push(open_tutorial(ctx, key.partition(":")[2]))

    def draw(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        surface.fill(palette.CREAM)
        w, h = surface.get_size()
        pygame.draw.rect(surface, palette.FELT, pygame.Rect(0, 0, s(420), h))
        icon = image("icon", s(84), s(84))
        surface.blit(icon, (s(40), s(40)))
        # The static lines are kept across runs (the first frame opens no font face for them).
        room = s(420) - s(146)  # the title and tagline stay on the felt (large text: smaller)
        size = s(44)
        while size > s(28) and font(size, bold=True).size(tr("app.title"))[0] > room:
            size -= 1
        title = font(size, bold=True).render_kept(tr("app.title"), palette.INK)
        surface.blit(title, (s(136), s(44)))
        if font(s(18)).size(tr("app.tagline"))[0] <= room:
            tag = font(s(18)).render_kept(tr("app.tagline"), palette.WOOD)
            surface.blit(tag, (s(138), max(s(100), s(44) + title.get_height())))
        else:
            blit_lines(surface, [tr("app.tagline")], s(138), s(40) + title.get_height(), s(18),
                       palette.WOOD, width=room)
        head = font(s(22), bold=True).render_kept(tr("menu.library"), palette.INK)
        surface.blit(head, (s(450), s(104)))
        for gid, rect in self.covers.items():
            self.draw_cover(surface, gid, rect)
        if self.ctx.notice:
            blit_lines(surface, [file_text(self.ctx.notice)], s(450), h - s(60), s(16), palette.WARN,
                       width=w - s(480))

    def draw_cover(self, surface: pygame.Surface, gid: str, rect: pygame.Rect) -> None:
        """One game in the library: cover art, title, players; greyed if not yet playable."""
        s = self.ctx.scale
        lifted = rect.move(0, -s(4)) if self.hover == gid and playable(gid) else rect
        pygame.draw.rect(surface, palette.tone((120, 90, 70)), lifted.move(s(4), s(6)), border_radius=s(14))
        sub = players_text(GAMES[gid].info) if playable(gid) else tr("menu.workshop")
        t = self.ctx.line
        looks = (s(14), s(3), s(18), s(14), (s(12), t(46), t(24)))
        surface.blit(cover_card(gid, lifted.size, looks, short_title(GAMES[gid].info), sub,
                                playable(gid)), lifted.topleft)


@lru_cache(maxsize=16)
def cover_card(gid: str, size: tuple[int, int], looks: tuple[int, int, int, int, tuple[int, int, int]],
               name: str, sub: str, live: bool) -> pygame.Surface:
    """A library card (art, title, players, greyed if not playable), drawn once per size.
    ``looks``: corner radius, border, title and subtitle sizes, the texts' inset from the
    left and from the foot."""
    radius, border, title_size, sub_size, (pad, name_up, sub_up) = looks
    card = pygame.Surface(size, pygame.SRCALPHA)
    rect = card.get_rect()
    pygame.draw.rect(card, palette.PAPER, rect, border_radius=radius)
    card.blit(image(f"cover_{gid}", rect.w, int(rect.w / 1.6)), (0, 0))
    if not live:
        shade = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill(palette.tone((246, 235, 221, 150)))
        card.blit(shade, (0, 0))
    pygame.draw.rect(card, palette.WOOD, rect, width=border, border_radius=radius)
    low = title_size * 3 // 4  # large text: a long title a little smaller to fit the card
    while title_size > low and font(title_size, bold=True).size(name)[0] > rect.w - 2 * pad:
        title_size -= 1
    card.blit(font(title_size, bold=True).render_kept(name, palette.INK), (pad, rect.h - name_up))
    card.blit(font(sub_size).render_kept(sub, palette.WOOD), (pad, rect.h - sub_up))
    return displayable(card)


palette.baked(cover_card.cache_clear)


def _fill(line: str, f: pygame.font.Font, width: int) -> list[str]:
    """A Markdown line cut into lines that fit ``width`` (pygame-gui breaks text only at
    spaces, so Chinese is broken here); emphasis marks are closed and reopened at a cut."""
    lines: list[str] = []
    current = ""
    for piece in breaks(line):
        trial = current + piece if current else piece.lstrip(" ")
        if not current or f.size(trial.replace("*", ""))[0] <= width:
            current = trial
        else:
            lines.append(current)
            current = piece.lstrip(" ")
    lines.append(current)
    for i in range(len(lines) - 1):
        for mark in ("**", "*"):
            if lines[i].replace("**", "" if mark == "*" else "**").count(mark) % 2:
                lines[i] += mark
                lines[i + 1] = mark + lines[i + 1]
    return lines


def markdown_to_html(text: str, fit: Optional[tuple[pygame.font.Font, int]] = None) -> str:
    """The small Markdown subset of the rules pages as pygame-gui text-box HTML; with ``fit``
    (a font and a width), lines of Chinese are broken to that width."""
    source: list[str] = []
    for line in text.splitlines():
        if fit and CJK.search(line) and not line.startswith("#"):
            bullet = line.startswith("- ")
            parts = _fill(line, fit[0], fit[1] - (fit[0].size("  • ")[0] if bullet else 0))
            source += [parts[0]] + [("    " if bullet else "") + p for p in parts[1:]]
        else:
            source.append(line)
    out = []
    for line in source:
        line = line.rstrip()
        esc = line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        esc = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", esc)
        esc = re.sub(r"(?<!\*)\*(?!\*)(.+?)\*", r"<i>\1</i>", esc)
        if esc.startswith("# "):
            out.append(f"<font size=6><b>{esc[2:]}</b></font>")
        elif esc.startswith("## "):
            out.append(f"<br><font size=5><b>{esc[3:]}</b></font>")
        elif esc.startswith("- "):
            out.append("  • " + esc[2:])
        else:
            out.append(esc)
    return "<br>".join(out)


class RulesScene(Scene):
    """The rules viewer: each game's page in the project's own words."""

    def __init__(self, ctx: "AppContext", game_id: str) -> None:
        super().__init__(ctx)
        self.game_id = game_id
        self.tabs: dict[pygame_gui.elements.UIButton, str] = {}
        self.back: Optional[pygame_gui.elements.UIButton] = None
        self.tutorial: Optional[pygame_gui.elements.UIButton] = None

    def build_ui(self) -> None:
        s = self.ctx.scale
        w, h = self.ctx.size
        self.tabs = {}
        x = s(30)
        for gid in LIBRARY:
            bw = min(s(170), (w - s(320)) // len(LIBRARY) - s(8))  # room for Tutorial, Back
            btn = self.button(pygame.Rect(x, s(20), bw, s(40)), short_title(GAMES[gid].info),
                              "#primary" if gid == self.game_id else "")
            self.tabs[btn] = gid
            x += bw + s(8)
        self.back = self.button(pygame.Rect(w - s(150), s(20), s(120), s(40)), tr("new.back"))
        self.tutorial = self.button(pygame.Rect(w - s(280), s(20), s(120), s(40)),
                                    tr("tutorial.button")) if playable(self.game_id) else None
        body = rules_with_keys(self.game_id, language())
        box = pygame.Rect(s(30), s(76), w - s(60), h - s(100))
        fit = (font(s(14), bold=True), box.w - s(50))  # bold: the widest a line's text can be
        self.keep(pygame_gui.elements.UITextBox(markdown_to_html(body, fit), box, self.ctx.ui))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.ctx.scenes.pop()
                return True
            if self.tutorial is not None and event.ui_element is self.tutorial:
                from screens.tutorial.scene import open_tutorial

                self.ctx.scenes.push(open_tutorial(self.ctx, self.game_id))
                return True
            if event.ui_element in self.tabs:
                self.game_id = self.tabs[event.ui_element]
                self.resize()
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.scenes.pop()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(palette.CREAM)
        draw_panel(surface, pygame.Rect(self.ctx.scale(20), self.ctx.scale(68),
                                        surface.get_width() - self.ctx.scale(40),
                                        surface.get_height() - self.ctx.scale(84)))


KEYS = ("rules.keys.tab", "rules.keys.lists", "rules.keys.pick", "rules.keys.drop",
        "rules.keys.buttons", "rules.keys.table")


def rules_with_keys(game_id: str, lang: str) -> str:
    """A game's rules page with the Keys section at its foot (in the interface's language)."""
    keys = "\n".join("- " + tr(key) for key in KEYS)
    return f"{rules_page(game_id, lang).rstrip()}\n\n## {tr('rules.keys_title')}\n{keys}\n"


def rules_page(game_id: str, lang: str) -> str:
    """The rules page of a game in ``lang`` (``assets/rules/<lang>/<id>.md``), else in English."""
    for parts in (("rules", lang, f"{game_id}.md"), ("rules", f"{game_id}.md")):
        if asset_path(*parts).exists():
            return read_text(*parts)
    return tr("rules.workshop", title=short_title(GAMES[game_id].info))
