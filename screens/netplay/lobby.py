"""The host's lobby: the table is open on the network, its join code and invite are shown, the
seats fill as friends join; the host opens the table when ready, and may give a seat to a bot."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import pygame
import pygame_gui

from cats import get_game
from cats.session import Session
from screens import palette
from screens.assets import font
from screens.netplay.seats import seat_lines
from screens.netplay.tables import HostedTable, open_table, resume_table, table_screen
from screens.overlays import blit_lines, draw_page
from screens.scene import Scene
from screens.text import file_text, title, tr

if TYPE_CHECKING:
    from screens.context import AppContext

REFRESH = 0.25  # seconds between looks at the host's seat table


def resume_lobby(ctx: "AppContext", record: dict[str, Any]) -> "HostLobby":
    """The lobby of a saved table hosted again (its guests come back into their seats);
    ``OSError``/``ValueError``/``RuntimeError`` if it cannot open."""
    table = resume_table(ctx, record)
    remote = [i for i, row in enumerate(table.host.lobby()["seats"]) if row.get("plan") == "open"]
    return HostLobby(ctx, table.host.session, remote, resumed=table)


def copy_text(text: str) -> bool:
    """Put ``text`` on the system clipboard; False where there is none (no window system)."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError):
        return False
    return True


class HostLobby(Scene):
    """Host a table for ``session``: ``remote`` seats are played at other computers."""

    def __init__(self, ctx: "AppContext", session: Session, remote: list[int],
                 resumed: Optional[HostedTable] = None) -> None:
        super().__init__(ctx)
        self.session = session
        self.info = get_game(session.game_id).info
        self.problem = ""
        self.table: Optional[HostedTable] = resumed
        if resumed is None:
            try:
                self.table = open_table(ctx, session, remote)
            except (OSError, ValueError, RuntimeError) as exc:
                self.problem = tr("net.host_failed", error=file_text(str(exc)))
        if self.table is not None and remote:
            self.table.announce(True)  # friends see it under Join a table; the code stays here
        self.seats: list[dict[str, Any]] = []
        self.opened = False
        self.note = ""  # a word on what was just done (the invite copied)
        self.since = REFRESH
        self.actions: dict[pygame_gui.elements.UIButton, tuple[str, int]] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)

    def build_ui(self) -> None:
        s = self.ctx.scale
        w, h = self.ctx.size
        self.panel = pygame.Rect(s(40), s(30), w - s(80), h - s(60))
        self.actions = {}
        bottom = self.panel.bottom - s(76)
        opened = self.button(pygame.Rect(self.panel.right - s(250), bottom, s(220), s(44)),
                             tr("net.open_table"), "#primary")
        if self.table is None:
            opened.disable()
        self.actions[opened] = ("open", -1)
        self.actions[self.button(pygame.Rect(self.panel.right - s(480), bottom, s(220), s(44)),
                                 tr("net.close"))] = ("close", -1)
        if self.table is not None:
            self.actions[self.button(pygame.Rect(self.panel.right - s(250), self.panel.y + s(30),
                                                 s(220), s(40)), tr("net.copy"))] = ("copy", -1)
            value = tr("on") if self.table.announced else tr("off")
            self.actions[self.button(pygame.Rect(self.panel.x + s(30), bottom, s(360), s(44)),
                                     tr("net.announce", value=value))] = ("announce", -1)
        self.seat_buttons()

    def seat_buttons(self) -> None:
        """A Bot / Person button beside each seat played at another computer."""
        s = self.ctx.scale
        y = self.seats_top()
        for seat, row in enumerate(self.seats):
            if row.get("remote"):
                key = "person" if row.get("handed") else "bot"
                label = tr("net.give_back") if key == "person" else tr("net.give_bot")
                btn = self.button(pygame.Rect(self.panel.x + s(560), y - s(4), s(110), s(32)),
                                  label)
                self.actions[btn] = (key, seat)
            y += s(38)

    def seats_top(self) -> int:
        """Where the seat list starts."""
        return self.panel.y + self.ctx.scale(250)

    def update(self, dt: float) -> None:
        self.since += dt
        if self.table is None or self.since < REFRESH:
            return
        self.since = 0.0
        seats = self.table.seat_table()
        if [(r.get("state"), r.get("name")) for r in seats] != \
                [(r.get("state"), r.get("name")) for r in self.seats]:
            self.seats = seats
            self.resize()

    def next_frame(self) -> Optional[float]:
        return REFRESH

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self.act(*self.actions[event.ui_element])
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.act("close", -1)
            return True
        return False

    def act(self, key: str, seat: int) -> None:
        """Open or close the table; give a seat to a bot or back to its person."""
        table = self.table
        if key == "close":
            if table is not None:
                table.close()
            self.ctx.scenes.reset(self.ctx.nav.main_menu(self.ctx))
        elif table is None:
            return
        elif key == "open":
            if self.opened:
                return  # a second click while the screen opens: one screen per table
            scene = table_screen(self.ctx, table)
            if scene is None:
                self.problem = tr("net.connecting")
                return
            self.opened = True
            self.ctx.scenes.replace(scene)
        elif key == "copy":
            self.note = tr("net.copied") if copy_text(table.invite) else tr("net.no_copy")
        elif key == "announce":
            table.announce(not table.announced)
            if table.advert_problem:
                self.problem = tr("net.host_failed", error=file_text(table.advert_problem))
            self.resize()
        elif key == "bot":
            table.give_to_bot(seat)
            self.since = REFRESH
        elif key == "person":
            table.give_back(seat)
            self.since = REFRESH

    def draw(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        draw_page(surface, s, self.panel, tr("net.lobby_title", title=title(self.info)))
        x, y = self.panel.x + s(30), self.panel.y + s(80)
        width = self.panel.w - s(60)
        if self.table is not None:
            code = font(s(34), bold=True).render(tr("net.code", code=self.table.code), True,
                                                 palette.INK)
            surface.blit(code, (x, y))
            y += code.get_height() + s(8)
            y = blit_lines(surface, [tr("net.invite", invite=self.table.invite)], x, y, s(16),
                           palette.WOOD, width)
            y = blit_lines(surface, [tr("net.lobby_help")], x, y + s(8), s(16), palette.INK, width)
        y = self.seats_top()
        for line, colour in seat_lines(self.seats, self.session.seats):
            surface.blit(font(s(19)).render(line, True, colour), (x, y))
            y += s(38)
        if self.note and not self.problem:
            blit_lines(surface, [self.note], x, self.panel.bottom - s(130), s(16), palette.INK,
                       width)
        if self.problem:
            blit_lines(surface, [self.problem], x, self.panel.bottom - s(130), s(16),
                       palette.TERRACOTTA, width)
