"""The in-game frame every game shares: prompt line, move log, menu, undo/redo, drag-and-drop,
choice buttons, bots off the frame loop, hand-off curtain, autosave and the end panel.

A game screen subclasses :class:`GameScene` and supplies the board: layout, hit-testing of spots
(``spot_at``), where a spot is drawn (``spot_rect``) and the painting. It never decides a rule: the
legal drop targets, the action a drop makes and the refusal reason all come from the engine.
"""

from __future__ import annotations

import logging
import re
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Optional

import pygame
import pygame_gui

from cats import get_game
from cats.core import Action, IllegalAction, Spot
from cats.session import Session
from saves.store import SaveError, check_slot, is_autosave
from screens import palette
from screens.anim import Tween
from screens.assets import font, image
from screens.overlays import Curtain, MenuOverlay, TextPrompt, fit_text, keep_game
from screens.scene import Scene
from screens.text import tr

if TYPE_CHECKING:
    from screens.context import AppContext

log = logging.getLogger(__name__)
JsonDict = dict[str, Any]


@dataclass
class Drag:
    """A piece held by the pointer."""

    source: Spot
    origin: tuple[int, int]
    grab: tuple[int, int]
    pos: tuple[int, int]
    targets: list[Spot] = field(default_factory=list)
    moved: bool = False
    press: tuple[int, int] = (-1, -1)


if TYPE_CHECKING:
    SceneMixin = Any  # drawing mixins read the scene's state and layout without restating them
else:
    SceneMixin = object


class GameScene(Scene):
    """Base of every game screen."""

    has_hint = False
    #: games without click-to-choose actions may give the strip under the table to the board
    uses_choice_strip = True
    #: padding (width, height, unscaled) of the labels drawn by :meth:`pill`
    PILL_PAD = (10, 3)

    def __init__(self, ctx: "AppContext", session: Session) -> None:
        super().__init__(ctx)
        self.session = session
        self.info = get_game(session.game_id).info
        self.viewer: Optional[int] = self._first_viewer()
        self.view: JsonDict = {}
        self.drag: Optional[Drag] = None
        self.animator = ctx.animator()
        self.flash_text = ""
        self.flash_time = 0.0
        self.pending: Optional[Future[Action]] = None
        self.bot_wait = 0.0
        self.curtain_shown_for: Optional[int] = self.viewer
        self.end_shown = False
        # A finished game reopened (Continue, Load) was counted when it ended: not again.
        self.over_at_open = session.state.is_over()
        self.result_lines: Optional[list[str]] = None  # what the end panel adds once recorded
        self.returning: Optional[Tween] = None
        self.log_box: Optional[pygame_gui.elements.UITextBox] = None
        self.choice_buttons: dict[pygame_gui.elements.UIButton, Action] = {}
        self.tool_buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.board = pygame.Rect(0, 0, 1, 1)
        self.side = pygame.Rect(0, 0, 1, 1)
        self.top = pygame.Rect(0, 0, 1, 1)
        self.bottom = pygame.Rect(0, 0, 1, 1)
        self._log_len = -1
        self.tools_left = 0
        self.pointer = (0, 0)
        self.refresh()

    # -- who looks ---------------------------------------------------------------------------
    def humans(self) -> list[int]:
        """Seats played by people."""
        return [i for i, s in enumerate(self.session.seats) if not s.is_bot]

    def _first_viewer(self) -> Optional[int]:
        humans = self.humans()
        mover = self.session.to_move
        if mover is not None and mover in humans:
            return mover
        return humans[0] if humans else None

    def enter(self) -> None:
        """Open the table; in hotseat with secrets nobody's private view shows until its owner
        confirms: the human to move gets the curtain now, and while a bot moves first (a new
        game, or a game reopened on a bot's turn) the table stays public until a human's turn."""
        super().enter()
        mover = self.session.to_move
        if (mover is not None and self.info.hidden_information and len(self.humans()) > 1
                and not self.ctx.headless_reveal):
            self.viewer = None
            self.refresh()
            if not self.session.seats[mover].is_bot:
                self.ctx.scenes.push(self._curtain(mover))

    def _curtain(self, seat: int) -> Curtain:
        """The hand-off curtain for ``seat``, with their disc and symbol over their name."""
        return Curtain(self.ctx, self.seat_name(seat), lambda: self._reveal(seat),
                       badge=lambda surface, centre, r: self.seat_disc(surface, seat, centre, r,
                                                                       shadow=True))

    def needs_curtain(self, seat: int) -> bool:
        """A hand-off curtain is due before ``seat`` (a human) sees their view."""
        return (self.info.hidden_information and len(self.humans()) > 1
                and seat != self.viewer and not self.session.seats[seat].is_bot)

    def refresh(self) -> None:
        """Rebuild the view from the session (after any change)."""
        self.view = self.session.state.view_for(self.viewer)
        self.drag = None

    # -- layout ------------------------------------------------------------------------------
    def build_ui(self) -> None:
        w, h = self.ctx.size
        s = self.ctx.scale
        self.top = pygame.Rect(0, 0, w, s(56))
        side_w = max(s(300), w // 4)
        self.side = pygame.Rect(w - side_w, self.top.bottom, side_w, h - self.top.bottom)
        strip = s(64) if self.uses_choice_strip else 0
        self.bottom = pygame.Rect(0, h - strip, w - side_w, strip)
        self.board = pygame.Rect(0, self.top.bottom, w - side_w, self.bottom.y - self.top.bottom)
        self.tool_buttons = {}
        x = w - s(10)
        self.tools_left = x
        tools = [("menu", tr("game.menu")), ("redo", tr("game.redo")), ("undo", tr("game.undo"))]
        if self.has_hint:
            tools.append(("hint", tr("game.hint")))
        for key, label in tools:
            bw = s(96)
            x -= bw + s(6)
            btn = self.button(pygame.Rect(x, s(9), bw, s(38)), label,
                              tooltip={"undo": "Ctrl+Z", "redo": "Ctrl+Y", "menu": "Esc"}.get(key, ""))
            self.tool_buttons[btn] = key
            self.tools_left = x
        log_h = self.side.h // 2
        self.log_box = pygame_gui.elements.UITextBox(
            "", pygame.Rect(self.side.x + s(8), self.side.bottom - log_h - s(8),
                            self.side.w - s(16), log_h), self.ctx.ui)
        self.keep(self.log_box)
        self._log_len = -1
        self.layout()
        self.rebuild_choices()

    def layout(self) -> None:
        """Compute the board geometry from ``self.board`` (subclasses)."""

    def clear_choices(self) -> bool:
        """Remove the choice buttons and refresh the tools; true when the viewer may act now."""
        for btn in self.choice_buttons:
            btn.kill()
            if btn in self.elements:
                self.elements.remove(btn)
        self.choice_buttons = {}
        self._update_tools()
        return self.my_turn()

    def rebuild_choices(self) -> None:
        """Buttons for the actions made by clicking a choice rather than dragging."""
        if not self.clear_choices():
            return
        state = self.session.state
        choices = [a for a in state.legal_actions() if state.drag_of(a) is None
                   or self.also_button(a)]
        s = self.ctx.scale
        x = self.bottom.x + s(12)
        for action in choices[:8]:
            label = self.label(action)
            # The theme's button type is 15 px at every window size (the layout scales).
            bw = max(s(120), font(15).size(label)[0] + max(s(30), 24))
            btn = self.button(pygame.Rect(x, self.bottom.y + s(12), bw, s(40)), label, "#choice")
            self.choice_buttons[btn] = action
            x += bw + s(8)

    def _update_tools(self) -> None:
        for btn, key in self.tool_buttons.items():
            enabled = {"undo": self.session.can_undo(), "redo": self.session.can_redo(),
                       "hint": self.my_turn()}.get(key, True)
            if enabled:
                btn.enable()
            else:
                btn.disable()

    def also_button(self, action: Action) -> bool:
        """Whether a dragged action also gets a button (e.g. Draw)."""
        return False

    def label(self, action: Action) -> str:
        """Button text for an action."""
        labeller = getattr(self.session.state, "label", None)
        return labeller(action) if labeller else str(action)

    # -- turn state --------------------------------------------------------------------------
    def my_turn(self) -> bool:
        """True when a human may act now (no bot thinking, no curtain, nothing moving)."""
        mover = self.session.to_move
        return (mover is not None and not self.session.seats[mover].is_bot
                and mover == self.viewer and self.pending is None)

    def seat_name(self, seat: int) -> str:
        """A seat's player name."""
        return self.session.seats[seat].name

    def prompt_line(self) -> str:
        """Whose turn it is and what to do now."""
        mover = self.session.to_move
        if mover is None:
            outcome = self.session.state.outcome()
            return self.names(outcome.summary) if outcome else tr("game.over")
        if self.session.seats[mover].is_bot:
            return tr("game.thinking", name=self.seat_name(mover))
        return tr("game.turn", name=self.seat_name(mover),
                  prompt=self.names(self.session.state.prompt()))

    def names(self, text: str) -> str:
        """Engine text (a prompt, a summary, a refusal) with its seats said as players' names."""
        return self.session.say(text)

    # -- playing -----------------------------------------------------------------------------
    def play(self, action: Action) -> bool:
        """Hand a human's action to the session; refusals are shown, never raised."""
        before = self.view
        try:
            self.session.play(action)
        except IllegalAction as exc:
            self.flash(exc.reason)
            self.ctx.sounds.play("refuse")
            return False
        self.after_action(before, action)
        return True

    def after_action(self, before: JsonDict, action: Action) -> None:
        """Common work after any action: autosave, view refresh, animations, end check."""
        self.autosave()
        mover = self.session.to_move
        if mover is not None and not self.session.seats[mover].is_bot and mover != self.viewer:
            if self.needs_curtain(mover):
                self.viewer = None  # nothing private is drawn until the owner confirms
                self.clear_flash()  # a refusal can name a card in the last player's hand
                self.refresh()
                self.ctx.scenes.push(self._curtain(mover))
            else:
                self.viewer = mover
        self.refresh()
        self.animate(before, action)
        self.ctx.sounds.play("place")
        self.rebuild_choices()

    def clear_flash(self) -> None:
        """Drop the message under the prompt line."""
        self.flash_text, self.flash_time = "", 0.0

    def _reveal(self, seat: int) -> None:
        self.clear_flash()
        self.viewer = seat
        self.refresh()
        self.rebuild_choices()

    def animate(self, before: JsonDict, action: Action) -> None:
        """Start animations for the change from ``before`` to ``self.view`` (subclasses)."""

    def autosave(self) -> None:
        """Keep the game in the resume slot after every action (said once if that fails)."""
        keep_game(self.ctx, self.session)

    def flash(self, text: str, seconds: float = 3.5) -> None:
        """Show a short message under the prompt line."""
        self.flash_text = text
        self.flash_time = seconds

    # -- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.choice_buttons:
                if self.my_turn():
                    self.play(self.choice_buttons[event.ui_element])
                return True
            key = self.tool_buttons.get(event.ui_element)
            if key:
                self.tool(key)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.animator.busy:
                self.animator.skip()
            return self.pointer_down(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEMOTION and self.drag:
            self.drag.pos = event.pos
            press = self.drag.press if self.drag.press != (-1, -1) else self.drag.origin
            if abs(event.pos[0] - press[0]) + abs(event.pos[1] - press[1]) > 6:
                self.drag.moved = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag:
            return self.pointer_up(event.pos)
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """Keyboard shortcuts: Esc menu, Ctrl+Z/Y undo/redo, Space skips animations."""
        ctrl = event.mod & pygame.KMOD_CTRL
        if event.key == pygame.K_ESCAPE:
            self.tool("menu")
        elif ctrl and event.key == pygame.K_z:
            self.tool("undo")
        elif ctrl and event.key == pygame.K_y:
            self.tool("redo")
        elif event.key == pygame.K_SPACE:
            self.animator.skip()
        else:
            return False
        return True

    def tool(self, key: str) -> None:
        """A top-bar tool: menu, undo, redo, hint."""
        if key == "menu":
            self.open_menu()
        elif key == "undo":
            if self.pending is None and self.session.undo():
                self.refresh()
                self.autosave()
                self.rebuild_choices()
            else:
                self.flash("Nothing to undo here: a revealed card or another player's move "
                           "cannot be taken back.")
        elif key == "redo":
            if self.pending is None and self.session.redo():
                self.refresh()
                self.autosave()
                self.rebuild_choices()
        elif key == "hint":
            self.show_hint()

    def show_hint(self) -> None:
        """Ask the game's solver for a suggestion (subclasses)."""

    def pointer_down(self, pos: tuple[int, int]) -> bool:
        """Pick up a piece if the engine says it may move now."""
        if not self.my_turn():
            return False
        spot = self.spot_at(pos)
        if spot is None:
            return False
        state = self.session.state
        if spot not in state.drag_sources():
            reason = self.why_not_pick(spot)
            if reason:
                self.flash(reason)
            return False
        rect = self.spot_rect(spot)
        origin = rect.topleft if rect else pos
        self.drag = Drag(spot, origin, (pos[0] - origin[0], pos[1] - origin[1]), pos,
                         state.legal_targets(spot), press=pos)
        return True

    def why_not_pick(self, spot: Spot) -> str:
        """The engine's word when the player grabs something that cannot move now ('' for none)."""
        return self.names(self.session.state.why_not_pick(spot) or "")

    def pointer_up(self, pos: tuple[int, int]) -> bool:
        """Drop the held piece: an action if the engine accepts, else slide back with a reason."""
        drag = self.drag
        assert drag is not None
        self.drag = None
        target = self.spot_at(pos)
        if target is None and not drag.moved:
            target = drag.source
        if target is None:
            self._slide_back(drag, "")
            return True
        state = self.session.state
        action = state.find_action(drag.source, target)
        if action is not None:
            self.play(action)
            return True
        if target == drag.source:
            return True  # a click on a piece that only drags, or a drop back where it was
        self._slide_back(drag, self.refusal(drag.source, target))
        return True

    def refusal(self, source: Spot, target: Spot) -> str:
        """The engine's reason for refusing a drop."""
        return self.names(self.session.state.why_not_drop(source, target))

    def _slide_back(self, drag: Drag, reason: str) -> None:
        if reason:
            self.flash(reason)
            self.ctx.sounds.play("refuse")
        start = (drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1])
        self.returning = self.animator.add(Tween(start, drag.origin, 0.25, tag="return"))
        self.returning_source = drag.source

    # -- frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.animator.update(dt)
        if self.flash_time > 0:
            self.flash_time -= dt
        self._drive_bots(dt)
        self._update_log()
        if self.session.state.is_over() and not self.end_shown and not self.animator.busy:
            self.end_shown = True
            self.show_end()

    def _drive_bots(self, dt: float) -> None:
        if self.pending is not None:
            if self.pending.done():
                future, self.pending = self.pending, None
                action = future.result()
                before = self.view
                self.session.play(action)
                self.after_action(before, action)
                self.bot_wait = self.ctx.settings.bot_pace
            return
        if self.bot_wait > 0:
            self.bot_wait -= dt
            return
        if self.session.bot_to_move() and not self.animator.busy:
            self.pending = self.session.think(self.ctx.executor)
            self._update_tools()

    def _update_log(self) -> None:
        """Append new moves to the log box; rebuild it only when moves were taken back."""
        count = len(self.session.log)
        if self.log_box is None or count == self._log_len:
            return
        if count < self._log_len or self._log_len < 0 or count - self._log_len > 20:
            first = max(0, count - 60)
            rows = [self._log_row(i) for i in range(first, count)]
            self.log_box.set_text("<b>" + tr("game.log") + "</b>" + "".join("<br>" + r for r in rows))
        else:
            for i in range(self._log_len, count):
                self.log_box.append_html_text("<br>" + self._log_row(i))
        self._log_len = count
        if self.log_box.scroll_bar is not None:
            self.log_box.scroll_bar.set_scroll_from_start_percentage(1.0)

    def _log_row(self, index: int) -> str:
        entry = self.session.log[index]
        name = self.seat_name(entry.seat)
        text = " · ".join((entry.text, "; ".join(entry.notes))) if entry.notes else entry.text
        return f"<b>{index + 1}.</b> {_html(name)}: {_html(text)}"

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(palette.CREAM)
        self.draw_board(surface)
        self.draw_targets(surface)
        self.draw_held(surface)
        self.draw_frame(surface)

    def draw_frame(self, surface: pygame.Surface) -> None:
        """Top bar with the prompt line, flash message, side panel."""
        s = self.ctx.scale
        pygame.draw.rect(surface, palette.PAPER, self.top)
        pygame.draw.line(surface, palette.WOOD, self.top.bottomleft, self.top.bottomright, 2)
        mover = self.session.to_move
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
        pygame.draw.rect(surface, palette.FELT, self.side)
        pygame.draw.line(surface, palette.WOOD, self.side.topleft, self.side.bottomleft, 2)
        self.draw_side(surface, self.side.inflate(-s(20), -s(20)))
        if self.flash_time > 0 and self.flash_text:
            fb = font(s(16), bold=True)
            msg = fb.render(self.flash_text, True, palette.PAPER)
            box = msg.get_rect(midtop=(self.board.centerx, self.board.y + s(8))).inflate(s(24), s(12))
            pygame.draw.rect(surface, palette.WARN, box, border_radius=s(10))
            surface.blit(msg, msg.get_rect(center=box.center))

    # -- seats and small drawing helpers shared by the game screens -----------------------------
    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """A seat's colour: the profile's, else the seat order's."""
        name = self.session.seats[seat].colour or palette.SEAT_ORDER[seat % 6]
        return palette.PLAYER_COLOURS.get(name, palette.TERRACOTTA)

    def seat_symbol(self, seat: int) -> str:
        """The art name of a seat's symbol (players are never told apart by colour alone)."""
        symbol = self.session.seats[seat].symbol or list(palette.SYMBOL_ART)[seat % 6]
        return palette.SYMBOL_ART.get(symbol, "sym_0")

    def text(self, surface: pygame.Surface, text: str, size: int, colour: Any = palette.INK,
             bold: bool = False, **anchor: Any) -> pygame.Rect:
        """Render one line at an anchor (``topleft=``, ``center=``, ``midleft=`` …)."""
        img = font(size, bold=bold).render(text, True, colour)
        rect = img.get_rect(**anchor)
        surface.blit(img, rect)
        return rect

    def pill(self, surface: pygame.Surface, text: str, size: int, fill: Any,
             pad: Optional[tuple[int, int]] = None, **anchor: Any) -> pygame.Rect:
        """A short bold label in paper colour on a rounded coloured tag."""
        s = self.ctx.scale
        pad = pad or self.PILL_PAD
        img = font(size, bold=True).render(text, True, palette.PAPER)
        box = img.get_rect().inflate(s(pad[0]), s(pad[1]))
        setattr(box, *next(iter(anchor.items())))
        pygame.draw.rect(surface, fill, box, border_radius=s(pad[0] // 2 + 1))
        surface.blit(img, img.get_rect(center=box.center))
        return box

    def fit(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """``text`` shortened with an ellipsis to fit ``width`` pixels at ``size``."""
        return fit_text(text, font(size, bold=bold), width)

    def pill_width(self, text: str, size: int, pad: Optional[tuple[int, int]] = None) -> int:
        """How wide :meth:`pill` draws ``text``."""
        return font(size, bold=True).size(text)[0] + self.ctx.scale((pad or self.PILL_PAD)[0])

    def seat_disc(self, surface: pygame.Surface, seat: int, centre: tuple[float, float], r: int,
                  ring: Optional[tuple[int, int, int]] = None, ring_width: Optional[int] = None,
                  shadow: bool = False, art_scale: float = 1.3) -> None:
        """A player's colour disc with their symbol on it (never colour alone)."""
        c = (int(centre[0]), int(centre[1]))
        if shadow:
            pygame.draw.circle(surface, (90, 66, 50), (c[0] + 1, c[1] + 2), r)
        pygame.draw.circle(surface, self.seat_colour(seat), c, r)
        width = ring_width if ring_width is not None else max(1, min(2, r // 5))
        pygame.draw.circle(surface, ring or palette.INK, c, r, width)
        size = max(6, int(r * art_scale))
        art = image(self.seat_symbol(seat), size, size)
        surface.blit(art, art.get_rect(center=c))

    def draw_badge(self, surface: pygame.Surface, seat: int, midleft: tuple[int, int],
                   radius: int = 16) -> int:
        """A player's badge at ``midleft``; returns its right edge."""
        r = self.ctx.scale(radius)
        self.seat_disc(surface, seat, (midleft[0] + r, midleft[1]), r, ring_width=2)
        return midleft[0] + 2 * r

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Game-specific information above the move log (subclasses)."""

    def draw_targets(self, surface: pygame.Surface) -> None:
        """Light up the legal drop targets of the held piece."""
        if not self.drag:
            return
        for target in self.drag.targets:
            rect = self.spot_rect(target)
            if rect is None:
                continue
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            glow.fill((*palette.LEGAL, 90))
            surface.blit(glow, rect.topleft)
            pygame.draw.rect(surface, palette.LEGAL, rect, width=self.ctx.scale(4),
                             border_radius=self.ctx.scale(10))
            if self.ctx.settings.colour_blind_marks:
                self.draw_tick(surface, rect)

    def draw_tick(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A tick in a disc: marks a legal drop target by shape as well as by colour."""
        s = self.ctx.scale
        r = max(6, min(rect.w, rect.h) // 7)
        c = (rect.right - r - s(4), rect.y + r + s(4))
        pygame.draw.circle(surface, palette.PAPER, c, r)
        pygame.draw.circle(surface, palette.INK, c, r, max(1, s(2)))
        pygame.draw.lines(surface, palette.INK, False,
                          [(c[0] - r * 0.5, c[1]), (c[0] - r * 0.1, c[1] + r * 0.45),
                           (c[0] + r * 0.55, c[1] - r * 0.45)], max(2, s(3)))

    def draw_held(self, surface: pygame.Surface) -> None:
        """Draw the piece under the pointer, or sliding back after a refused drop."""
        if self.drag and (self.drag.moved or self.drag.pos != self.drag.origin):
            at = (self.drag.pos[0] - self.drag.grab[0], self.drag.pos[1] - self.drag.grab[1])
            self.draw_piece(surface, self.drag.source, at, lifted=True)
        elif self.returning is not None and self.animator.find("return") is self.returning:
            x, y = self.returning.value()
            self.draw_piece(surface, self.returning_source, (int(x), int(y)), lifted=True)

    # -- what games supply -------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        """Paint the board from ``self.view``."""

    def draw_piece(self, surface: pygame.Surface, spot: Spot, topleft: tuple[int, int],
                   lifted: bool = False) -> None:
        """Paint the piece that sits on ``spot`` at ``topleft`` (while dragged)."""

    def spot_at(self, pos: tuple[int, int]) -> Optional[Spot]:
        """The board position under the pointer."""
        return None

    def spot_rect(self, spot: Spot) -> Optional[pygame.Rect]:
        """Where a board position is drawn."""
        return None

    # -- menu, end ---------------------------------------------------------------------------
    def open_menu(self) -> None:
        """The in-game menu."""
        ctx = self.ctx
        nav = ctx.nav

        def close_then(fn):  # type: ignore[no-untyped-def]
            def run() -> None:
                ctx.scenes.pop()
                fn()
            return run

        choices = [
            (tr("game.resume"), close_then(lambda: None)),
            (tr("game.save"), close_then(self.ask_save)),
            (tr("game.load"), close_then(lambda: ctx.scenes.push(nav.load(ctx)))),
            (tr("game.rules"), close_then(lambda: ctx.scenes.push(nav.rules(ctx, self.info.id)))),
            (tr("game.settings"), close_then(lambda: ctx.scenes.push(nav.settings(ctx)))),
            (tr("game.undo"), close_then(lambda: self.tool("undo"))),
            (tr("game.redo"), close_then(lambda: self.tool("redo"))),
            *([("Show the result", close_then(self.show_end))] if self.session.state.is_over()
              else []),
            (tr("game.restart"), close_then(lambda: self.confirm_leaving(self.restart_same))),
            (tr("game.new_deal"), close_then(lambda: self.confirm_leaving(self.restart_new))),
            (tr("game.quit"), close_then(lambda: ctx.scenes.reset(nav.main_menu(ctx)))),
        ]
        ctx.scenes.push(MenuOverlay(ctx, self.info.title, choices))

    def confirm_leaving(self, then: Callable[[], None]) -> None:
        """Run ``then`` (which starts another game in the autosave's place), asking first while
        this game is under way: only a named save would keep it."""
        if not self.session.log or self.session.state.is_over():
            then()
            return
        ctx = self.ctx

        def go() -> None:
            ctx.scenes.pop()
            then()

        ctx.scenes.push(MenuOverlay(ctx, "Leave this game?", [
            ("Keep playing", ctx.scenes.pop),
            ("Save it first", lambda: (ctx.scenes.pop(), self.ask_save(then))),
            ("Leave it", go)],
            ["The game in progress stays in Load as an autosave; you can also save it under a "
             "name."]))

    def ask_save(self, then: Optional[Callable[[], None]] = None) -> None:
        """Ask for a slot name and save there (a refused name keeps the prompt open; replacing
        another save is confirmed by pressing OK again on the same name); ``then`` runs once the
        game is saved."""
        confirmed: list[str] = []

        def save(name: str) -> Optional[str]:
            try:
                slot = check_slot(name)
            except SaveError as exc:
                return str(exc)
            # "game one" replaces "Game One" (as it would on Windows or macOS anyway).
            slot = next((i.slot for i in self.ctx.saves.list() if i.slot.lower() == slot.lower()),
                        slot)
            if is_autosave(slot):
                return f"“{slot}” is kept for the automatic save: choose another name."
            if self.ctx.saves.exists(slot) and confirmed != [slot]:
                confirmed[:] = [slot]
                return f"A save named “{slot}” exists: press OK again to replace it."
            try:
                self.ctx.saves.save(slot, self.session)
            except SaveError as exc:
                return str(exc)
            self.flash(tr("game.saved", slot=slot))
            return None

        suggested = re.sub(r"[^A-Za-z0-9 _\-]", "", self.info.title)[:40].strip()
        self.ctx.scenes.push(TextPrompt(self.ctx, tr("game.save"), suggested, save, then))

    def restart_same(self) -> None:
        """Replay this deal: same seed and options, same seats."""
        self._restart(self.session.seed)

    def restart_new(self) -> None:
        """A new deal with the same seats and options."""
        import time
        self._restart((self.session.seed * 6364136223846793005 + int(time.time())) % (2**63))

    def _restart(self, seed: int) -> None:
        session = Session.start(self.session.game_id, self.session.seats, seed,
                                self.session.options)
        self.ctx.scenes.replace(self.ctx.nav.open_game(self.ctx, session))

    def show_end(self) -> None:
        """The end-of-game panel with every seat's score breakdown."""
        outcome = self.session.state.outcome()
        if outcome is None:
            return
        if self.result_lines is None:  # counted once, however often the panel is shown
            self.result_lines = self.record_result(outcome)
            self.ctx.sounds.play("end")
        lines = self.end_lines(outcome) + self.result_lines
        ctx = self.ctx

        def again() -> None:
            ctx.scenes.pop()
            self.restart_new()

        def same() -> None:
            ctx.scenes.pop()
            self.restart_same()

        def look() -> None:
            ctx.scenes.pop()

        choices = [(tr("end.again"), again), (tr("game.restart"), same),
                   ("Look at the board", look),
                   (tr("end.menu"), lambda: ctx.scenes.reset(ctx.nav.main_menu(ctx)))]
        ctx.scenes.push(MenuOverlay(ctx, tr("end.title"), choices, lines))

    def end_lines(self, outcome: Any) -> list[str]:
        """The end panel's text: the summary and every seat's score breakdown (games with long
        breakdowns override this with one line a seat)."""
        lines = [self.names(outcome.summary)]
        for seat, seat_lines in enumerate(outcome.lines):
            if len(self.session.seats) > 1:
                lines.append(f"{self.seat_name(seat)}: {outcome.scores[seat]:g}")
            lines.extend("   " + self.names(line) for line in seat_lines)
        return lines

    def record_result(self, outcome: Any) -> list[str]:
        """Store best scores and hotseat tallies; returns lines for the end panel."""
        book = self.ctx.profiles
        lines = []
        humans = [self.session.seats[i] for i in self.humans()]
        if len(self.session.seats) == 1 and humans:
            name = humans[0].name
            if outcome.scored and book.record_best(name, self.info.id, outcome.scores[0]):
                lines.append(tr("end.new_best", name=name))
            profile = book.get(name)
            if profile and self.info.id in profile.best:
                lines.append(tr("end.best", name=name, best=f"{profile.best[self.info.id]:g}"))
        elif len(humans) >= 1 and not self.over_at_open:
            names = [s.name for s in self.session.seats]
            book.record_win(names, [self.session.seats[w].name for w in outcome.winners])
        try:
            book.save()
        except OSError as exc:
            lines.append(f"Could not save profiles: {exc}")
        return lines




def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
