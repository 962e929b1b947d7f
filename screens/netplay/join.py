"""Join a table: the tables announced on the local network (looked for only when asked), or an
invite typed in; the join code and a name; then the game's own screen at the seat given."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import pygame
import pygame_gui

from screens import palette
from screens.netplay.tables import Joining, look_for_tables, remembered_seat
from screens.overlays import blit_lines, draw_page
from screens.scene import Scene
from screens.text import tr

if TYPE_CHECKING:
    from screens.context import AppContext


class JoinScene(Scene):
    """The join page."""

    def __init__(self, ctx: "AppContext") -> None:
        super().__init__(ctx)
        self.fields: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.texts = {"invite": "", "code": "", "name": self.first_name()}
        self.actions: dict[pygame_gui.elements.UIButton, str] = {}
        self.found: list[dict[str, Any]] = []
        self.browser: Optional[Any] = None
        self.joining: Optional[Joining] = None
        self.rejoin = remembered_seat()  # the seat this computer last took at a table
        self.message = ""
        self.panel = pygame.Rect(0, 0, 0, 0)

    def rejoin_title(self) -> str:
        """The remembered table's game in this computer's language (the host's words else)."""
        from cats import GAMES
        from screens.text import title

        kept = self.rejoin or {}
        game = GAMES.get(str(kept.get("game", "")))
        return title(game.info) if game is not None else str(kept.get("title", "?"))

    def first_name(self) -> str:
        """The name of the first saved player (the one most likely at this computer)."""
        profiles = self.ctx.profiles.profiles
        return profiles[0].name if profiles else ""

    def build_ui(self) -> None:
        s = self.ctx.scale
        w, h = self.ctx.size
        self.panel = pygame.Rect(s(40), s(30), w - s(80), h - s(60))
        x, y = self.panel.x + s(30), self.panel.y + s(90)
        self.fields = {}
        for key, width in (("invite", 520), ("code", 200), ("name", 260)):
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x + s(300), y, s(width), s(36)), self.ctx.ui)
            entry.set_text(self.texts[key])
            entry.length_limit = 300 if key == "invite" else 40
            self.keep(entry)
            self.fields[key] = entry
            y += s(50)
        self.actions = {}
        bottom = self.panel.bottom - s(76)
        self.actions[self.button(pygame.Rect(self.panel.right - s(200), bottom, s(170), s(44)),
                                 tr("net.join"), "#primary")] = "join"
        self.actions[self.button(pygame.Rect(self.panel.right - s(380), bottom, s(170), s(44)),
                                 tr("net.watch"))] = "watch"
        self.actions[self.button(pygame.Rect(self.panel.right - s(560), bottom, s(170), s(44)),
                                 tr("new.back"))] = "back"
        if self.rejoin is not None:
            self.actions[self.button(pygame.Rect(x + s(320), y + s(10), s(520), s(38)),
                                     tr("net.rejoin", title=self.rejoin_title(),
                                        host=self.rejoin.get("host_name", "?")),
                                     naming=True)] = "rejoin"
        self.actions[self.button(pygame.Rect(x, y + s(10), s(300), s(38)),
                                 tr("net.found"))] = "look"
        y += s(60)
        for i, table in enumerate(self.found[:6]):
            self.actions[self.button(pygame.Rect(x, y, s(520), s(36)),
                                     tr("net.table_of", title=table.get("title", "?"),
                                        host=table.get("host", "?")), naming=True)] = f"pick:{i}"
            y += s(42)

    def collect(self) -> None:
        """Keep what was typed (a rebuilt page shows it again)."""
        for key, entry in self.fields.items():
            self.texts[key] = entry.get_text().strip()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self.act(self.actions[event.ui_element])
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in \
                self.fields.values():
            self.act("join")
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.act("back")
            return True
        return False

    def act(self, key: str) -> None:
        """Join, go back, look for tables, or take a found table's address."""
        self.collect()
        if key == "back":
            self.stop_looking()
            if self.joining is not None:
                self.joining.cancel()
            self.ctx.scenes.pop()
        elif key == "look":
            if self.browser is None:
                self.browser = look_for_tables()
            self.message = tr("net.none_found")
        elif key.startswith("pick:"):
            table = self.found[int(key[5:])]
            self.texts["invite"] = str(table.get("address", ""))
            self.resize()
        elif key == "rejoin" and self.joining is None and self.rejoin is not None:
            self.message = tr("net.connecting")
            self.joining = Joining(self.ctx, "", "", "", rejoin=self.rejoin)
        elif key in ("join", "watch") and self.joining is None:
            self.message = tr("net.connecting")
            self.joining = Joining(self.ctx, self.texts["invite"], self.texts["code"],
                                   self.texts["name"], watch=key == "watch")

    def stop_looking(self) -> None:
        """Stop listening for announced tables."""
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def update(self, dt: float) -> None:
        if self.browser is not None:
            found = list(self.browser.tables())
            if found != self.found:
                self.collect()
                self.found = found
                self.message = "" if found else tr("net.none_found")
                self.resize()
        if self.joining is None:
            return
        scene, problem = self.joining.step()
        if problem:
            self.message = problem
            self.joining = None
            self.rejoin = remembered_seat()  # gone if the table no longer knows the seat
            self.resize()
        elif scene is not None:
            self.stop_looking()
            self.ctx.scenes.replace(scene)

    def next_frame(self) -> Optional[float]:
        return 0.1 if self.joining is not None or self.browser is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        draw_page(surface, s, self.panel, tr("net.join_title"))
        x, y = self.panel.x + s(30), self.panel.y + s(96)
        for key in ("net.invite_field", "net.code_field", "net.name_field"):
            blit_lines(surface, [tr(key)], x, y, s(17))
            y += s(50)
        if self.message:
            blit_lines(surface, [self.message], x, self.panel.bottom - s(130), s(17),
                       palette.TERRACOTTA, self.panel.w - s(60))
