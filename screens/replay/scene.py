"""The replay viewer: a finished or saved game stepped through forwards and backwards (buttons,
Left / Right, Home / End, a slider), the move log in step, drawn by the game's own board from the
``view_for`` of the seat being watched. The states are the session's own (kept as it replayed
the save), so stepping back and forth is instant and exactly the replay the saves do."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import pygame
import pygame_gui

from cats import get_game
from cats.core import State
from cats.session import Session
from screens import palette
from screens.assets import font
from screens.overlays import fit_text
from screens.replay.boards import board_for
from screens.replay.viewers import EVERYTHING, TABLE, Viewer, seat_shown, viewers
from screens.scene import Scene
from screens.table.board import BoardContext, Ui
from screens.table.look import TableLook
from screens.table.movelog import MoveLog, Row
from screens.table.wording import entry_words
from screens.text import title as game_title
from screens.text import tr

if TYPE_CHECKING:
    from cats.session import Seat
    from screens.context import AppContext

JsonDict = dict[str, Any]
STEP_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}


class ReplayScene(TableLook, Scene):
    """Watch ``session`` from its deal to its last move (it is never changed here)."""

    ctx: "AppContext"

    def __init__(self, ctx: "AppContext", session: Session, at: Optional[int] = None) -> None:
        super().__init__(ctx)
        self.session = session
        self.info = get_game(session.game_id).info
        self.total = len(session.log)
        self.index = self.total if at is None else max(0, min(at, self.total))
        self.over = session.state.is_over()
        self.choices = viewers(session.seats, self.info.hidden_information, self.over)
        self.watching = self.choices[0]
        self.boardview, self.ui_class = board_for(session.game_id,
                                                  BoardContext(ctx.window, ctx.settings),
                                                  session.seats)
        self.view: JsonDict = {}
        self.buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.slider: Optional[pygame_gui.elements.UIHorizontalSlider] = None
        self.movelog: Optional[MoveLog] = None
        self.top = self.side = self.board = self.bottom = pygame.Rect(0, 0, 1, 1)
        self.refresh()

    @property
    def seats(self) -> list["Seat"]:
        """Who sat where."""
        return self.session.seats

    # -- what is shown ---------------------------------------------------------------------------
    def state(self) -> State:
        """The state after the moves stepped through so far."""
        return self.session.state_at(self.index)

    def shown_seat(self) -> Optional[int]:
        """The seat whose view this step shows (``None``: the table's public view)."""
        last = self.session.log[self.index - 1].seat if self.index else None
        return seat_shown(self.watching, self.state(), last)

    def refresh(self) -> None:
        """The view of the step shown, for the seat watched."""
        self.view = self.state().view_for(self.shown_seat())
        self.boardview.show(self.view, self.ui())
        if self.slider is not None and int(self.slider.get_current_value()) != self.index:
            self.slider.set_current_value(self.index)
        self.update_log()

    def ui(self) -> Ui:
        """UI facts for watching: nothing held, nobody's turn on this screen."""
        return self.ui_class(viewer=self.shown_seat())

    def go(self, index: int) -> None:
        """Show the position after ``index`` moves (clamped to the game)."""
        index = max(0, min(index, self.total))
        if index != self.index:
            self.index = index
            self.refresh()
            self.update_buttons()

    def watch(self, viewer: Viewer) -> None:
        """Watch through other eyes (one of :attr:`choices` only)."""
        if viewer in self.choices:
            self.watching = viewer
            self.refresh()
            self.update_buttons()

    def viewer_label(self, viewer: Viewer) -> str:
        """How the seat chooser names a way of watching."""
        if viewer.kind == EVERYTHING:
            return tr("replay.everything")
        if viewer.kind == TABLE:
            return tr("replay.table")
        assert viewer.seat is not None
        return tr("replay.as_seat", name=self.seat_name(viewer.seat))

    # -- layout ------------------------------------------------------------------------------------
    def build_ui(self) -> None:
        s = self.ctx.scale
        w, h = self.ctx.size
        self.top = pygame.Rect(0, 0, w, s(56))
        side_w = max(s(300), w // 4)
        self.side = pygame.Rect(w - side_w, self.top.bottom, side_w, h - self.top.bottom)
        self.bottom = pygame.Rect(0, h - s(64), w - side_w, s(64))
        self.board = pygame.Rect(0, self.top.bottom, w - side_w, self.bottom.y - self.top.bottom)
        self.buttons = {}
        back = self.button(pygame.Rect(w - s(106), s(9), s(96), s(38)), tr("new.back"),
                           tooltip="Esc")
        self.buttons[back] = "back"
        seat_w = s(250)
        label = fit_text(self.viewer_label(self.watching), font(s(14)), seat_w - s(16))
        chooser = self.button(pygame.Rect(back.rect.x - seat_w - s(8), s(9), seat_w, s(38)),
                              label, tooltip=tr("replay.chooser_tip"), naming=True)
        self.buttons[chooser] = "viewer"
        y = self.bottom.y + s(12)
        x = s(12)
        for key, label, tip in (("first", "«", "Home"), ("prev", "‹", "←")):
            self.buttons[self.button(pygame.Rect(x, y, s(48), s(40)), label, tooltip=tip)] = key
            x += s(54)
        right = self.bottom.right - s(12)
        for key, label, tip in (("last", "»", "End"), ("next", "›", "→")):
            right -= s(48)
            self.buttons[self.button(pygame.Rect(right, y, s(48), s(40)), label,
                                     tooltip=tip)] = key
            right -= s(6)
        counter_w = s(150)
        self.slider = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(x + s(4), y + s(4), right - x - counter_w - s(8), s(32)), self.index,
            (0, max(1, self.total)), self.ctx.ui, click_increment=1)
        self.keep(self.slider)
        if not self.total:
            self.slider.disable()
        log_h = self.side.h // 2
        box = pygame_gui.elements.UITextBox(
            "", pygame.Rect(self.side.x + s(8), self.side.bottom - log_h - s(8),
                            self.side.w - s(16), log_h), self.ctx.ui)
        self.keep(box)
        self.movelog = MoveLog(box, tr("game.log"))
        board = self.boardview
        for name, rect in (("side", self.side.copy()),
                           ("bottom", pygame.Rect(0, h + s(10), self.board.w, s(64)))):
            if hasattr(board, name):
                setattr(board, name, rect)
        if hasattr(board, "log_top"):
            board.log_top = box.rect.y  # type: ignore[attr-defined]
        board.ctx.window = self.ctx.window
        board.layout(self.board)
        self.refresh()
        self.update_buttons()

    def counter_rect(self) -> pygame.Rect:
        """Where "move 12 / 40" is written (between the slider and the step buttons)."""
        s = self.ctx.scale
        left = self.slider.rect.right + s(8) if self.slider is not None else 0
        nxt = next((b.rect.x for b, k in self.buttons.items() if k == "next"), left)
        return pygame.Rect(left, self.bottom.y, nxt - left - s(4), self.bottom.h)

    def update_buttons(self) -> None:
        """Step buttons greyed at either end; the chooser names who is watched."""
        for btn, key in self.buttons.items():
            if key in ("first", "prev"):
                btn.enable() if self.index > 0 else btn.disable()
            elif key in ("next", "last"):
                btn.enable() if self.index < self.total else btn.disable()
            elif key == "viewer":
                s = self.ctx.scale
                btn.set_text(fit_text(self.viewer_label(self.watching), font(s(14)),
                                      btn.rect.w - s(16)))
                btn.enable() if len(self.choices) > 1 else btn.disable()

    def update_log(self) -> None:
        """The move log shows the moves up to the one stepped to."""
        if self.movelog is not None:
            self.movelog.update(0.0, self.index, self.log_row, False)

    def log_row(self, index: int) -> Row:
        """Move ``index`` as the log reads it."""
        entry = self.session.log[index]
        return (self.seat_name(entry.seat), *entry_words(entry, self.session.names()))

    # -- input -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.act(self.buttons[event.ui_element])
            return True
        if (event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED
                and event.ui_element is self.slider):
            self.go(int(round(event.value)))
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in STEP_KEYS:
                self.go(self.index + STEP_KEYS[event.key])
            elif event.key == pygame.K_HOME:
                self.go(0)
            elif event.key == pygame.K_END:
                self.go(self.total)
            elif event.key == pygame.K_ESCAPE:
                self.ctx.scenes.pop()
            else:
                return False
            return True
        return False

    def act(self, key: str) -> None:
        """A control: step, jump to an end, the next way of watching, back."""
        if key == "back":
            self.ctx.scenes.pop()
        elif key == "viewer":
            at = self.choices.index(self.watching)
            self.watch(self.choices[(at + 1) % len(self.choices)])
        else:
            self.go({"first": 0, "prev": self.index - 1, "next": self.index + 1,
                     "last": self.total}[key])

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        surface.fill(palette.CREAM)
        ui = self.ui()
        self.boardview.draw(surface, self.view, ui)
        pygame.draw.rect(surface, palette.PAPER, self.top)
        pygame.draw.line(surface, palette.WOOD, self.top.bottomleft, self.top.bottomright, 2)
        title = tr("replay.title", title=game_title(self.info))
        if self.index and self.index <= self.total:
            entry = self.session.log[self.index - 1]
            title = tr("replay.after", title=game_title(self.info), name=self.seat_name(entry.seat),
                       move=entry.text)
        room = min([b.rect.x for b in self.buttons if b.rect.y < self.top.bottom]
                   or [self.top.w]) - s(24)
        f = font(s(17), bold=True)
        self.text(surface, fit_text(title, f, room), s(17), palette.INK, True,
                  midleft=(s(14), self.top.centery))
        pygame.draw.rect(surface, palette.PAPER, self.bottom)
        pygame.draw.line(surface, palette.WOOD, self.bottom.topleft, self.bottom.topright, 2)
        counter = tr("replay.counter", n=self.index, total=self.total)
        self.text(surface, counter, s(16), palette.INK, True, center=self.counter_rect().center)
        pygame.draw.rect(surface, palette.FELT, self.side)
        pygame.draw.line(surface, palette.WOOD, self.side.topleft, self.side.bottomleft, 2)
        self.boardview.draw_side(surface, self.side.inflate(-s(20), -s(20)), self.view, ui)
