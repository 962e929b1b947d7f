"""The Load screen: saved games with previews; unreadable files are named with the reason."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import pygame
import pygame_gui

from cats import GAMES
from cats.words import say
from saves.store import SaveError, SaveInfo, is_autosave
from screens import palette
from screens.overlays import MenuOverlay, blit_lines, draw_page, keep_game
from screens.registry import open_game, playable
from screens.scene import Scene
from screens.text import file_text, title, tr

if TYPE_CHECKING:
    from screens.context import AppContext


def describe(info: SaveInfo, latest: Optional[str] = None) -> str:
    """One line for a save in the list (the autosave Continue opens under the main menu's name
    for it, the other unfinished games' autosaves as such)."""
    if info.slot == latest:
        name = tr("load.continue_autosave", continue_=tr("menu.continue"))
    elif is_autosave(info.slot):
        name = tr("load.autosave_when", autosave=tr("load.autosave"), when=info.when() or info.slot)
    else:
        name = info.slot
    if not info.ok:
        return tr("load.row_broken", name=name, problem=tr("load.broken", error=file_text(info.error)))
    state = tr("load.finished") if info.over else say(info.progress)
    players = tr("load.player_sep").join(info.players)
    if len(players) > 36:  # a long table: the count keeps the progress and date in view
        players = tr("load.many_players", n=len(info.players), first=info.players[0])
    game = title(GAMES[info.game].info) if info.game in GAMES else info.title
    return tr("load.row", name=name, title=game, players=players, state=state,
              when=info.when())


class LoadScene(Scene):
    """Pick a save to load or delete."""

    def __init__(self, ctx: "AppContext") -> None:
        super().__init__(ctx)
        self.infos: list[SaveInfo] = []
        self.lines: list[str] = []  # the list's rows, one per save in ``infos``
        self.listing: Optional[pygame_gui.elements.UISelectionList] = None
        self.actions: dict[pygame_gui.elements.UIButton, str] = {}
        self.message = ""
        self.panel = pygame.Rect(0, 0, 0, 0)

    def build_ui(self) -> None:
        s = self.ctx.scale
        w, h = self.ctx.size
        self.panel = pygame.Rect(s(40), s(30), w - s(80), h - s(60))
        self.infos = self.ctx.saves.list()
        latest = next((i.slot for i in self.infos if i.ok and is_autosave(i.slot)
                       and not i.over), None)
        self.lines = [describe(i, latest) for i in self.infos]
        self.listing = pygame_gui.elements.UISelectionList(
            pygame.Rect(self.panel.x + s(30), self.panel.y + s(80), self.panel.w - s(60),
                        self.panel.h - s(210)), list(self.lines), self.ctx.ui)
        self.keep(self.listing)
        self.actions = {}
        x = self.panel.right - s(30)
        # Right to left: the main action rightmost with Back beside it, as on the New game page.
        for key, label in (("load", tr("load.load")), ("back", tr("new.back")),
                           ("watch", tr("load.watch")), ("delete", tr("load.delete"))):
            x -= s(150)
            btn = self.button(pygame.Rect(x, self.panel.bottom - s(76), s(140), s(44)), label,
                              "#primary" if key == "load" else "")
            self.actions[btn] = key

    def selected(self) -> Optional[SaveInfo]:
        """The highlighted save."""
        if self.listing is None:
            return None
        text = self.listing.get_single_selection()
        return next((i for i, line in zip(self.infos, self.lines) if line == text), None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self.act(self.actions[event.ui_element])
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            self.act("load")
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.scenes.pop()
            return True
        return False

    def act(self, key: str) -> None:
        """Load, watch, delete or go back."""
        if key == "back":
            self.ctx.scenes.pop()
            return
        info = self.selected()
        if info is None:
            self.message = tr("load.choose")
            return
        if key == "delete":
            self.confirm_delete(info.slot)
            return
        try:
            session = self.ctx.saves.load(info.slot)
        except SaveError as exc:
            self.message = file_text(str(exc))
            return
        if not playable(session.game_id):
            self.message = tr("load.not_playable", title=info.title)
            return
        if key == "watch":
            self.ctx.scenes.push(self.ctx.nav.replay(self.ctx, session))
            return
        scene = open_game(self.ctx, session)
        for note in self.ctx.saves.last_notes:
            scene.flash(file_text(note), 8)
        self.ctx.scenes.reset(self.ctx.nav.main_menu(self.ctx))
        self.ctx.scenes.push(scene)
        keep_game(self.ctx, session)  # in the resume slot (the game there is kept, not lost)

    def confirm_delete(self, slot: str) -> None:
        """Ask before a save is deleted: it cannot be brought back."""
        ctx = self.ctx

        def delete() -> None:
            ctx.scenes.pop()
            try:
                ctx.saves.delete(slot)
            except SaveError as exc:
                self.message = file_text(str(exc))
                return
            self.message = tr("load.deleted", slot=slot)
            self.resize()

        ctx.scenes.push(MenuOverlay(ctx, tr("load.delete_title", slot=slot),
                                    [(tr("load.keep"), ctx.scenes.pop),
                                     (tr("load.delete_it"), delete)],
                                    [tr("load.delete_body")]))

    def draw(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        draw_page(surface, s, self.panel, tr("load.title"))
        lines = [self.message] if self.message else ([] if self.infos else [tr("load.empty")])
        # Between the list and the buttons (pygame-gui draws the list over anything under it);
        # a problem in the warning colour, the empty list's note in the quiet one.
        blit_lines(surface, lines, self.panel.x + s(30), self.panel.bottom - s(124), s(15),
                   palette.WARN if self.message else palette.WOOD, width=self.panel.w - s(60))
