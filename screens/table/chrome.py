"""The frame around the board: the top bar (whose turn, what to do now, the tools), the side
panel above the move log, the message under the prompt, the choice buttons under the table and
the mover's Done / Undo band."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import pygame
import pygame_gui

from screens import palette
from screens.assets import button_height, button_width, font, ui_font_name
from cats.core import Action, Spot
from screens.overlays import fit_text
from screens.table.choices import ChoiceStrip
from screens.table.hotseat import HotseatFlow, Step
from screens.table.movelog import MoveLog, log_font_size
from screens.table.toast import draw_toast
from screens.text import tr

if TYPE_CHECKING:
    from cats.session import Session
    from screens.context import AppContext


class Chrome:
    """The frame's layout, its drawing and its buttons (tools, choices, Done / Undo)."""

    ctx: "AppContext"
    session: "Session"
    flow: HotseatFlow
    board: pygame.Rect
    side: pygame.Rect
    top: pygame.Rect
    tools_left: int
    flash_text: str
    flash_time: float
    flash_kind: str
    message_slot: pygame.Rect = pygame.Rect(0, 0, 0, 0)  # where the short messages show
    confirm_buttons: dict[pygame_gui.elements.UIButton, str]

    has_hint = False
    #: games without click-to-choose actions may give the strip under the table to the board
    uses_choice_strip = True
    log_rows, log_calm = 60, 0.0  # moves kept in the log box; seconds between rebuilds for bots
    bottom: pygame.Rect
    tool_buttons: dict[pygame_gui.elements.UIButton, str]
    log_box: Optional[pygame_gui.elements.UITextBox]
    movelog: Optional[MoveLog]
    choices: ChoiceStrip
    choosing: Optional[tuple[Spot, list[Action]]]
    elements: list[Any]

    if TYPE_CHECKING:
        viewer: Optional[int]

        def keep(self, element: Any) -> Any: ...
        def my_turn(self) -> bool: ...
        def can_take_back(self) -> bool: ...
        def label(self, action: Action) -> str: ...

        def seat_name(self, seat: int) -> str: ...
        def names(self, text: str) -> str: ...
        def button(self, rect: pygame.Rect, text: str, object_id: str = "",
                   tooltip: str = "") -> pygame_gui.elements.UIButton: ...
        def draw_badge(self, surface: pygame.Surface, seat: int, midleft: tuple[int, int],
                       radius: int = 16) -> int: ...

    def _confirm_bar(self) -> None:
        """The mover's Done / Undo before the device passes on."""
        s = self.ctx.scale
        bar = self.confirm_rect()
        x = bar.centerx + s(6)
        for key, label in (("done", tr("game.done")), ("undo", tr("game.take_back"))):
            bw = max(s(160), font(15).size(label)[0] + s(40))
            rect = pygame.Rect(x, bar.centery - s(20), bw, s(40))
            if key == "done":
                rect.right = bar.centerx - s(6)
            btn = self.button(rect, label, "#primary" if key == "done" else "",
                              tooltip={"done": "Enter", "undo": "Ctrl+Z"}[key])
            self.confirm_buttons[btn] = key

    def confirm_rect(self) -> pygame.Rect:
        """The panel at the board's foot that holds Done / Undo (over the mover's own hand)."""
        s = self.ctx.scale
        rect = pygame.Rect(0, 0, min(self.board.w - s(20), s(520)), s(64))
        rect.midbottom = (self.board.centerx, self.board.bottom - s(10))
        return rect

    def prompt_line(self) -> str:
        """Whose turn it is and what to do now."""
        mover = self.session.to_move
        step = self.flow.step
        if step is Step.CONFIRM and self.viewer is not None:
            return tr("game.done_undo", name=self.seat_name(self.viewer))
        if step is Step.RESULTS and mover is not None:
            return tr("game.results")
        if mover is None:
            outcome = self.session.state.outcome()
            return self.names(outcome.summary) if outcome else tr("game.over")
        if getattr(self, "remote", False) and not self.session.begun():  # type: ignore[attr-defined]
            return tr("net.not_begun")
        if self.session.seats[mover].is_bot:
            return tr("game.thinking", name=self.seat_name(mover))
        if getattr(self, "remote", False) and mover not in self.humans():
            away = mover in self.session.away()  # type: ignore[attr-defined]
            return tr("net.away" if away else "net.their_turn", name=self.seat_name(mover))
        return tr("game.turn", name=self.seat_name(mover), prompt=self.turn_prompt())

    def turn_prompt(self) -> str:
        """What the person to move does now (the prompt line's words after their name)."""
        return self.names(self.session.state.prompt())

    def draw_side_panel(self, surface: pygame.Surface, ui: Any = None) -> None:
        """The side panel's felt and the game's information on it (``ui``: the UI facts it is
        drawn with, the table's own when not given)."""
        pygame.draw.rect(surface, palette.FELT, self.side)
        pygame.draw.line(surface, palette.WOOD, self.side.topleft, self.side.bottomleft, 2)
        held = surface.get_clip()
        if self.side.y < self.message_slot.y <= self.side.bottom:  # large text runs no further
            surface.set_clip(pygame.Rect(self.side.x, self.side.y, self.side.w,
                                         self.message_slot.y - self.side.y).clip(held))
        try:
            self.draw_side(surface, self.side.inflate(-self.ctx.scale(20), -self.ctx.scale(20)), ui)
        finally:
            surface.set_clip(held)

    def draw_frame(self, surface: pygame.Surface, side: bool = True) -> None:
        """Top bar with the prompt line, flash message, side panel (unless ``side`` is false:
        it is drawn with the board), the Done / Undo band."""
        s = self.ctx.scale
        pygame.draw.rect(surface, palette.PAPER, self.top)
        pygame.draw.line(surface, palette.WOOD, self.top.bottomleft, self.top.bottomright, 2)
        mover = self.session.to_move if self.flow.step is not Step.CONFIRM else self.viewer
        x = s(14)
        if mover is not None:
            x = self.draw_badge(surface, mover, (x, self.top.centery)) + s(8)
        prompt, room = self.prompt_line(), self.tools_left - x - s(12)
        # A long prompt steps down a few sizes before it is cut with an ellipsis.
        for size in (19, 18, 17, 16, 15):
            f = font(s(size), bold=True)
            if f.size(prompt)[0] <= room:
                break
        text = f.render(fit_text(prompt, f, room), True, palette.INK)
        surface.blit(text, (x, self.top.centery - text.get_height() // 2))
        if side:
            self.draw_side_panel(surface)
        if self.flow.step is Step.CONFIRM:
            band = self.confirm_rect()
            pygame.draw.rect(surface, palette.tone((90, 60, 40)), band.move(s(3), s(4)), border_radius=s(14))
            pygame.draw.rect(surface, palette.PAPER, band, border_radius=s(14))
            pygame.draw.rect(surface, palette.WOOD, band, width=s(3), border_radius=s(14))
        if self.flash_time > 0 and self.flash_text:
            draw_toast(surface, self.message_slot, self.flash_text, self.flash_kind, s)

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect, ui: Any = None) -> None:
        """Game-specific information above the move log (subclasses)."""

    def build_ui(self) -> None:
        w, h = self.ctx.size
        s = self.ctx.scale
        bh = button_height(s(38))  # large text: a taller bar
        self.top = pygame.Rect(0, 0, w, bh + s(18))
        side_w = max(s(300), w // 4)
        self.side = pygame.Rect(w - side_w, self.top.bottom, side_w, h - self.top.bottom)
        strip = s(64) if self.uses_choice_strip else 0
        self.bottom = pygame.Rect(0, h - strip, w - side_w, strip)
        self.board = pygame.Rect(0, self.top.bottom, w - side_w, self.bottom.y - self.top.bottom)
        self.tool_buttons = {}
        x = w - s(10)
        self.tools_left = x
        tools = [("menu", tr("game.menu")), ("redo", tr("game.redo")), ("undo", tr("game.undo"))]
        if self.has_hint and not getattr(self, "remote", False):  # a guest has no position to think on
            tools.append(("hint", tr("game.hint")))
        for key, label in tools:
            bw = button_width(label, s(96))
            x -= bw + s(6)
            btn = self.button(pygame.Rect(x, s(9), bw, bh), label,
                              tooltip={"undo": "Ctrl+Z", "redo": "Ctrl+Y", "menu": "Esc"}.get(key, ""))
            self.tool_buttons[btn] = key
            self.tools_left = x
        self.log_box = pygame_gui.elements.UITextBox("", pygame.Rect(0, 0, 10, 10), self.ctx.ui)
        self.keep(self.log_box)
        self.place_log(self.side.h // 2)
        size = log_font_size(s)
        fonts = self.ctx.ui.get_theme().get_font_dictionary()
        self.ctx.ui.preload_fonts([
            {"name": ui_font_name(), "point_size": size, "style": style}
            for style in ("regular", "bold") if not fonts.check_font_preloaded(
                fonts.create_font_id(size, ui_font_name(), style == "bold", False))])
        self.movelog = MoveLog(self.log_box, tr("game.log"), self.log_rows, self.log_calm,
                               size)
        self.layout()
        self.rebuild_choices()

    def place_log(self, height: int) -> None:
        """The message slot and, under it, the move log in the side panel's lowest ``height``
        pixels."""
        s = self.ctx.scale
        slot = self.ctx.line(64)  # two lines of a message (large text: taller)
        top = self.side.bottom - height - s(8)
        self.message_slot = pygame.Rect(self.side.x + s(8), top, self.side.w - s(16), slot)
        if self.log_box is not None:
            self.log_box.set_dimensions((self.side.w - s(16), height - slot - s(8)))
            self.log_box.set_relative_position((self.side.x + s(8), top + slot + s(8)))

    def layout(self) -> None:
        """Compute the board geometry from ``self.board`` (subclasses)."""

    def clear_choices(self) -> bool:
        """Remove the choice buttons and refresh the tools; true when the viewer may act now."""
        self.choices.clear()
        for btn in self.confirm_buttons:
            btn.kill()
            if btn in self.elements:
                self.elements.remove(btn)
        self.confirm_buttons = {}
        self._update_tools()
        if self.flow.step is Step.CONFIRM:
            self._confirm_bar()
        return self.my_turn()

    def rebuild_choices(self) -> None:
        """Buttons for the actions made by clicking a choice rather than dragging (and for the
        actions of a gesture that means several)."""
        if not self.clear_choices():
            return
        state = self.session.state
        if self.choosing is not None:
            choices = list(self.choosing[1])
        else:
            choices = [a for a in state.legal_actions() if state.drag_of(a) is None
                       or self.also_button(a)]
        self.choices.row(self.bottom, choices, [self.label(a) for a in choices])

    def _update_tools(self) -> None:
        for btn, key in self.tool_buttons.items():
            enabled = {"undo": self.can_take_back(), "redo": self.session.can_redo(),
                       "hint": self.my_turn()}.get(key, True)
            if enabled:
                btn.enable()
            else:
                btn.disable()

    def also_button(self, action: Action) -> bool:
        """Whether a dragged action also gets a button (e.g. Draw)."""
        return False
