"""The in-game frame every game shares, put together from the table's parts: the prompt line and
tools, the pointer, the choices strip, the move log, the bot driver, the hotseat flow with its
curtain and Done / Undo step, the round-results panel and the end panel.

A game screen subclasses :class:`GameScene` and supplies the board: layout, hit-testing of spots
(``spot_at``), where a spot is drawn (``spot_rect``), the painting of ``self.view`` and, for a
game with rounds, ``finished_round`` and the results panel's contents. It never decides a rule:
the legal drop targets, the action a gesture makes and the refusal reason come from the engine;
nor whose view is on screen: that is the hotseat flow's (``self.flow``).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Optional, Sequence

import pygame
import pygame_gui

from cats import get_game
from cats.core import Action, IllegalAction, Spot
from cats.session import Session
from screens import palette
from screens.anim import Tween
from screens.overlays import keep_game
from screens.scene import Scene
from screens.table.board import Board, BoardContext, Ui
from screens.table.bots import BotDriver
from screens.table.choices import ChoiceStrip
from screens.table.chrome import Chrome
from screens.table.curtain import Curtain
from screens.table.endpanel import EndPanel
from screens.table.gestures import Gestures
from screens.table.hotseat import HotseatFlow, Step
from screens.table.keyboard import BoardKeys
from screens.table.look import TableLook
from screens.table.menu import GameMenu
from screens.table.movelog import MoveLog, Row
from screens.table.pointer import Drag, Pointer
from screens.table.results import RoundResults
from screens.table.toast import INFO, REFUSAL
from screens.table.wording import Wording
from screens.text import tr

if TYPE_CHECKING:
    from cats.session import Seat
    from screens.context import AppContext

log = logging.getLogger(__name__)
ROUND_CUE_AT = 0.4  # seconds into a move's animation that a round's end is heard
JsonDict = dict[str, Any]
POLL = 0.05  # seconds between frames while the table waits on a bot or a timer
RESULTS_HOLD = 2.5  # seconds a bots-only table shows a round's results (times the bot pace)

__all__ = ["Drag", "GameScene", "JsonDict"]


class GameScene(BoardKeys, TableLook, Wording, Gestures, Chrome, Scene):
    """Base of every game screen."""

    ctx: "AppContext"

    def __init__(self, ctx: "AppContext", session: Session) -> None:
        super().__init__(ctx)
        self.session = session
        # a networked seat: the host's frames stand for the session (net.remote.RemoteSession)
        self.remote = bool(getattr(session, "remote", False))
        self.info = get_game(session.game_id).info
        self.music = self.info.id  # each game its own loop
        self.boardview: Board = self.make_board(BoardContext(ctx.window, ctx.settings))
        self.flow = HotseatFlow(self.humans(), self.info.hidden_information,
                                ctx.settings.confirm_moves)
        self.flow.open(session.to_move, session.state.is_over(), reveal=ctx.headless_reveal)
        self.pointer = Pointer()
        self.choices = ChoiceStrip(self)
        self.bots = BotDriver(session, ctx.executor, lambda: ctx.settings.bot_pace)
        self.results = RoundResults()
        self.menu = GameMenu(self)
        self.end = EndPanel(self)
        self.movelog: Optional[MoveLog] = None
        self.view: JsonDict = {}
        self.animator = ctx.animator()
        self.flash_text = ""
        self.flash_time = 0.0
        self.flash_kind = INFO
        self.curtain: Optional[Curtain] = None
        self.returning: Optional[Tween] = None
        self.returning_source: Spot = ()
        self.choosing: Optional[tuple[Spot, list[Action]]] = None  # a gesture meaning several
        self.log_box: Optional[pygame_gui.elements.UITextBox] = None
        self.tool_buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.confirm_buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.board = pygame.Rect(0, 0, 1, 1)
        self.side = pygame.Rect(0, 0, 1, 1)
        self.top = pygame.Rect(0, 0, 1, 1)
        self.bottom = pygame.Rect(0, 0, 1, 1)
        self.tools_left = 0
        self.layer: Optional[tuple[JsonDict, Any, pygame.Surface]] = None  # see painted_layer
        self.layer_paints = 0  # times the layer was painted (tests count them)
        self.shown_viewer: Optional[int] = self.flow.viewer
        self.seen_moves = len(session.log)  # moves the flow has been told of
        self.sent: Optional[Action] = None  # a networked seat's move on its way to the host
        self.refresh()
        self.last_round = self.finished_round(session.state.view_for(None))
        if self.last_round is not None and session.state.is_over():
            self.results.show(self.last_round)  # a finished game: the board shows its end

    def make_board(self, ctx: BoardContext) -> Board:
        """The game's board: it lays out, hit-tests and draws the view (every game supplies one)."""
        raise NotImplementedError

    @property
    def seats(self) -> Sequence["Seat"]:
        """Who sits where."""
        return self.session.seats

    # -- who looks ---------------------------------------------------------------------------
    @property
    def viewer(self) -> Optional[int]:
        """The seat whose view is on screen (``None``: the public view)."""
        return self.flow.viewer

    @viewer.setter
    def viewer(self, seat: Optional[int]) -> None:
        self.flow.viewer = seat
        self.shown_viewer = seat

    @property
    def drag(self) -> Optional[Drag]:
        """The piece held by the pointer."""
        return self.pointer.drag

    @drag.setter
    def drag(self, drag: Optional[Drag]) -> None:
        self.pointer.drag = drag

    @property
    def pending(self) -> Any:
        """The bot move being worked out on the worker thread, if any."""
        return self.bots.pending

    @property
    def choice_buttons(self) -> dict[pygame_gui.elements.UIButton, Action]:
        """The choice buttons shown now, with their actions."""
        return self.choices.buttons

    @property
    def end_shown(self) -> bool:
        """The end panel has been put up."""
        return self.end.shown

    def humans(self) -> list[int]:
        """Seats played by people at this screen (at a networked seat: the seats it holds)."""
        return self.session.people_here()

    def enter(self) -> None:
        super().enter()
        self.follow_flow()

    def seats_changed(self) -> None:
        """A seat changed hands (a bot took over, a person came back): the hotseat flow starts
        again from the position on the table, the curtain as for any hand-off."""
        self.flow = HotseatFlow(self.humans(), self.info.hidden_information,
                                self.ctx.settings.confirm_moves)
        self.flow.open(self.session.to_move, self.session.state.is_over())
        self.shown_viewer = self.flow.viewer
        self.clear_flash()
        self.refresh()
        self.rebuild_choices()
        self.follow_flow()

    def refresh(self) -> None:
        """Rebuild the view from the session (after any change)."""
        self.view = self.session.state.view_for(self.viewer)
        self.pointer.clear()
        self.key_held = False
        self.choosing = None
        self.boardview.show(self.view)

    def ui(self) -> Ui:
        """The UI facts the board draws now (games add their own)."""
        return Ui(**self.ui_facts())

    def ui_facts(self) -> dict[str, Any]:
        """The common UI facts: the held piece, the returning one, hover, sources, whose turn."""
        drag = self.pointer.drag
        returning = None
        if self.returning is not None and self.animator.find("return") is self.returning:
            x, y = self.returning.value()
            returning = (self.returning_source, (int(x), int(y)))
        mine = self.my_turn()
        return dict(held=replace(drag, targets=list(drag.targets)) if drag else None,
                    returning=returning, hover=self.pointer.at,
                    sources=tuple(self.pick_sources()), my_turn=mine,
                    viewer=self.viewer, selected=self.pointer.selected,
                    watching=self.remote and not self.humans())

    def follow_flow(self, dt: float = 0.0) -> None:
        """Carry out what the hotseat flow asks for without anybody's input: the curtain once the
        public table has been shown, a bots-only table moving on from results, a new view."""
        flow = self.flow
        if len(self.session.log) != self.seen_moves:
            self.seen_moves = len(self.session.log)
            flow.resync(self.session.to_move, self.session.state.is_over())
            self.last_round = self.finished_round(self.session.state.view_for(None))
        if flow.step is Step.SHOW and not self.animator.busy:
            flow.settled()
        if flow.step is Step.RESULTS and not self.humans() and not self.animator.busy:
            self.results.held += dt
            if self.results.held >= max(0.3, RESULTS_HOLD * min(1.0, self.ctx.settings.bot_pace)):
                self.dismiss_results()
        if flow.viewer != self.shown_viewer:
            self.shown_viewer = flow.viewer
            self.clear_flash()  # a refusal can name a card in the last player's hand
            self.refresh()
            self.rebuild_choices()
        if flow.step is Step.CURTAIN and self.curtain is None and flow.mover is not None:
            seat = flow.mover
            self.curtain = Curtain(
                self.ctx, self.seat_name(seat), self.curtain_lifted,
                badge=lambda surface, centre, r: self.seat_disc(surface, seat, centre, r,
                                                                shadow=True),
                on_menu=lambda: self.menu.open(behind_curtain=True))
            self.ctx.scenes.push(self.curtain)

    def curtain_lifted(self) -> None:
        """The named player confirmed: their view shows."""
        self.curtain = None
        self.flow.ready()
        self.follow_flow()

    def dismiss_results(self) -> None:
        """The round's results were clicked away: the table moves on."""
        if self.flow.step is Step.RESULTS:
            self.flow.dismissed()
            self.results.close()
            self.follow_flow()

    # -- layout ------------------------------------------------------------------------------
    # -- turn state --------------------------------------------------------------------------
    def my_turn(self) -> bool:
        """True when a human may act now (no bot thinking, no curtain, nothing in between)."""
        mover = self.session.to_move
        return (mover is not None and not self.session.seats[mover].is_bot
                and self.flow.may_play(mover) and not self.bots.thinking)

    def can_take_back(self) -> bool:
        """Undo is possible now (on the Done step: the move just made, if nothing was revealed)."""
        if self.bots.thinking:
            return False
        return self.session.can_undo(before_handoff=self.flow.step is Step.CONFIRM)

    # -- playing -----------------------------------------------------------------------------
    def play(self, action: Action) -> bool:
        """Hand a human's action to the session; refusals are shown, never raised."""
        before = self.view
        try:
            self.session.play(action)
        except IllegalAction as exc:
            self.flash(exc.reason, kind=REFUSAL)
            self.ctx.sounds.play("refuse")
            return False
        if self.remote:
            self.sent = action  # the host's next frame shows it played (take_frames)
            self.pointer.clear()
            return True
        self.after_action(before, action)
        return True

    def take_frames(self) -> None:
        """At a networked seat: take in what the host has sent (new positions, reasons for a
        refusal, errors) and follow it as a local table follows its session."""
        from net.frames import text_from_json

        for event in self.session.poll():  # type: ignore[attr-defined]
            kind = event.get("t")
            if kind == "frame":
                self.frame_came(int(event.get("moves", 0)))
            elif kind in ("reason", "error"):
                text = self.names(text_from_json(event.get("text", "")))
                if text:
                    self.flash(text, kind=REFUSAL)
                    self.ctx.sounds.play("refuse")
            elif kind == "closed":
                self.flash(tr("net.lost"), seconds=6.0, kind=REFUSAL)

    def frame_came(self, moves: int) -> None:
        """A new frame from the host: ``moves`` more (or, after an undo, fewer) log entries."""
        before = self.view
        if moves > 0:
            entry = self.session.log[-1]
            action = entry.action
            if self.sent is not None and entry.seat in self.humans():
                action = self.sent  # our own move: the action itself (its animation)
            self.sent = None
            self.after_action(before, action)
            return
        self.seen_moves = len(self.session.log)
        if set(self.humans()) != self.flow.humans:
            self.seats_changed()  # the host gave a seat here to a bot, or back
            return
        if moves < 0:
            self.flow.undone(self.session.to_move)
            self.last_round = self.finished_round(self.session.state.view_for(None))
        else:
            self.flow.resync(self.session.to_move, self.session.state.is_over())
        self.shown_viewer = self.flow.viewer
        self.refresh()
        self.rebuild_choices()
        self.follow_flow()

    def after_action(self, before: JsonDict, action: Action) -> None:
        """Common work after any action: autosave, the hotseat flow, view, animations."""
        self.autosave()
        session = self.session
        seat = session.log[-1].seat
        rnd = self.finished_round(session.state.view_for(None))
        round_over = rnd is not None and rnd != self.last_round
        self.last_round = rnd
        if round_over:
            self.results.show(rnd)
        else:
            self.results.close()  # a round's results opened again are put away by a move
        self.seen_moves = len(session.log)
        self.flow.moved(seat, session.to_move, round_over=round_over,
                        over=session.state.is_over(), can_take_back=session.can_undo(True))
        self.shown_viewer = self.flow.viewer
        if self.flow.viewer is None:
            self.clear_flash()  # a refusal can name a card in the last player's hand
        self.refresh()
        self.animate(before, action)
        cue = self.move_cue(before, action)
        if cue:
            self.cue(cue)
        round_cue = self.round_cue() if round_over and not session.state.is_over() else None
        if round_cue:  # (the end panel sounds the game's end)
            self.cue(round_cue, ROUND_CUE_AT)
        self.rebuild_choices()
        self.follow_flow()

    def finished_round(self, public: JsonDict) -> Optional[int]:
        """The number of the last finished round in a public view (games with rounds)."""
        return None

    def results_shown(self) -> bool:
        """The round-results panel is up (never under a held piece)."""
        return self.drag is None and self.results.shown(self.last_round)

    def clear_flash(self) -> None:
        """Drop the message under the prompt line."""
        self.flash_text, self.flash_time = "", 0.0

    def animate(self, before: JsonDict, action: Action) -> None:
        """Start animations for the change from ``before`` to ``self.view`` (subclasses)."""

    # -- sound -------------------------------------------------------------------------------
    def cue(self, name: str, at: float = 0.0) -> None:
        """Play the cue ``name`` ``at`` seconds into the move's animation (at once when
        animations are off; screens/sound.py ``CUES``)."""
        speed = self.ctx.settings.animation_speed
        self.ctx.sounds.play(name, at / speed if speed > 0 and at > 0 else 0.0)

    def move_cue(self, before: JsonDict, action: Action) -> Optional[str]:
        """The cue of the move just shown: a piece set down (a card game's card slides; a game
        whose animation times its own cues says None)."""
        return "drop"

    def round_cue(self) -> Optional[str]:
        """The cue of a round just over (None: the screen times its own)."""
        return "round"

    def autosave(self) -> None:
        """Keep the game in the resume slot after every action (said once if that fails); a
        networked table is kept by its host."""
        if not self.remote:
            keep_game(self.ctx, self.session)

    def flash(self, text: str, seconds: float = 3.5, kind: str = INFO) -> None:
        """Show a short message in the message slot; ``kind``: refusal, info or success
        (each has its own look)."""
        self.flash_text = text
        self.flash_time = seconds
        self.flash_kind = kind

    # -- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self.choices.action_of(event.ui_element)
            if action is not None:
                if self.my_turn():
                    self.choosing = None
                    self.play(action)
                return True
            key = self.tool_buttons.get(event.ui_element) or self.confirm_buttons.get(
                event.ui_element)
            if key:
                self.tool(key)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.key_held and self.drag is not None:
                self.pointer.let_go()  # the mouse takes over from the keyboard's piece
            self.key_reset()
            busy = self.animator.busy
            if busy:
                self.animator.skip()
            if self.flow.step is Step.RESULTS:
                if not busy:  # the first click shows the whole of an animated reveal
                    self.dismiss_results()
                return True
            if self.results_shown() and self.results_rect().collidepoint(event.pos):
                self.results.close()
                return True
            return self.pointer_down(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self.pointer.at = event.pos
            if self.drag:
                self.drag.follow(event.pos)
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag:
            return self.pointer_up(event.pos)
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """Keyboard shortcuts: the arrows, Enter and Esc work the board's cursor
        (:class:`BoardKeys`); Esc menu, Ctrl+Z/Y undo/redo, Space skips animations, Enter
        confirms a move on the Done step and puts a round's results away."""
        ctrl = event.mod & pygame.KMOD_CTRL
        if not ctrl and self.board_key(event):
            return True
        enter = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if (enter or event.key == pygame.K_SPACE) and self.flow.step is Step.RESULTS:
            if self.animator.busy:
                self.animator.skip()  # the first press shows the whole of an animated reveal
            else:
                self.dismiss_results()
            return True
        if enter and self.results_shown():
            self.results.close()
            return True
        if event.key == pygame.K_ESCAPE:
            self.tool("menu")
        elif ctrl and event.key == pygame.K_z:
            self.tool("undo")
        elif ctrl and event.key == pygame.K_y:
            self.tool("redo")
        elif event.key == pygame.K_SPACE:
            self.animator.skip()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.flow.step is Step.CONFIRM:
            self.tool("done")
        else:
            return False
        return True

    def focus_elements(self) -> list[Any]:
        """Tab order at the table: the choices and Done / Undo first, then the tools."""
        def reading(e: Any) -> tuple[int, int]:
            return (e.rect.y, e.rect.x)

        first = sorted([*self.choices.buttons, *self.confirm_buttons], key=reading)
        return first + sorted((e for e in self.elements if e not in first), key=reading)

    def draw_focus(self, surface: pygame.Surface) -> None:
        super().draw_focus(surface)
        self.draw_cursor(surface)

    def focus_arrive(self) -> None:
        """A table opened by keys shows the board's cursor (Tab brings the ring)."""
        self.key_shown = True

    def tool(self, key: str) -> None:
        """A top-bar tool (menu, undo, redo, hint) or a Done / Undo button."""
        if key == "menu":
            self.menu.open()
        elif key == "done":
            self.flow.done()
            self.rebuild_choices()
            self.follow_flow()
        elif key == "undo" and self.remote:
            if not (self.can_take_back() and self.session.undo()):
                self.flash(tr("game.nothing_to_undo"), kind=REFUSAL)
        elif key == "undo":
            if self.can_take_back() and self.session.undo(self.flow.step is Step.CONFIRM):
                self.seen_moves = len(self.session.log)
                self.flow.undone(self.session.to_move)
                self.last_round = self.finished_round(self.session.state.view_for(None))
                self.shown_viewer = self.flow.viewer
                self.refresh()
                self.autosave()
                self.rebuild_choices()
            else:
                self.flash(tr("game.nothing_to_undo"), kind=REFUSAL)
        elif key == "redo":
            if self.flow.step is Step.PLAY and not self.bots.thinking and self.session.redo():
                self.after_action(self.view, self.session.log[-1].action)
        elif key == "hint":
            self.show_hint()

    def show_hint(self) -> None:
        """Ask the game's solver for a suggestion (subclasses)."""

    # -- frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.remote:
            self.take_frames()
        self.animator.update(dt)
        if self.flash_time > 0:
            self.flash_time -= dt
        action = self.bots.update(dt, self.flow.bots_may_move() and not self.animator.busy)
        if action is not None:
            before = self.view
            self.session.play(action)
            self.after_action(before, action)
        elif self.bots.thinking:
            self._update_tools()
        self.update_log(dt)
        self.follow_flow(dt)
        if (self.flow.step is Step.OVER and self.session.state.is_over() and not self.end.shown
                and not self.animator.busy):
            self.show_end()

    def next_frame(self) -> Optional[float]:
        """Every frame while pieces move; a quick poll while bots play or the log catches up;
        the flash message's end; else nothing until input."""
        if self.animator.busy or self.flow.step is Step.SHOW:
            return 0.0
        if self.remote:
            return POLL  # the host's frames come when they come
        if self.bots.thinking or self.session.bot_to_move() or self.flow.step is Step.RESULTS:
            return POLL
        if self.movelog is not None and self.movelog.shown != len(self.session.log):
            return POLL
        if self.flow.step is Step.OVER and self.session.state.is_over() and not self.end.shown:
            return POLL
        return self.flash_time if self.flash_time > 0 else None

    def update_log(self, dt: float) -> None:
        """Keep the move log in step with the session."""
        log_ = self.session.log
        if self.movelog is not None:
            self.movelog.update(dt, len(log_), self.log_row,
                                bool(log_) and self.session.seats[log_[-1].seat].is_bot)

    def log_row(self, index: int) -> Row:
        """Move ``index`` as the log shows it: the mover, the move's words, what it brought."""
        move, notes = self.entry_words(index)
        return self.seat_name(self.session.log[index].seat), move, notes

    def show_end(self) -> None:
        """The end-of-game panel."""
        self.end.show()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_board(surface)
        self.draw_frame(surface, side=False)

    def painted_layer(self, size: tuple[int, int], ui: Ui) -> pygame.Surface:
        """The table and the side panel as drawn for this view and these UI facts: painted
        again only when what the layer reads of them (``Board.layer_facts``), the size or a
        setting has changed. What follows the pointer or the clock is drawn over it
        (``Board.draw_live``)."""
        paint = self.boardview.seeing(self.view, ui)
        key = (size, paint.layer_facts(ui), repr(vars(self.ctx.settings)),
               tuple(self.board), tuple(self.side))
        if self.layer is not None and self.layer[0] is self.view and self.layer[1] == key:
            return self.layer[2]
        layer = self.layer[2] if self.layer is not None else None
        if layer is None or layer.get_size() != size:
            layer = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
        layer.fill(palette.CREAM)
        resting = paint.resting(ui)
        self.boardview.draw(layer, self.view, resting)
        self.draw_side_panel(layer, resting)
        self.layer = (self.view, key, layer)
        self.layer_paints += 1
        return layer

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect,
                  ui: Optional[Ui] = None) -> None:
        self.boardview.draw_side(surface, rect, self.view, ui or self.ui())

    def layout(self) -> None:
        self.boardview.ctx.window = self.ctx.window
        self.boardview.layout(self.board)
        self.boardview.show(self.view, self.ui())

    def spot_at(self, pos: tuple[int, int]) -> Optional[Spot]:
        self.boardview.ui = self.ui()
        return self.boardview.spot_at(pos)

    def spot_rect(self, spot: Spot) -> Optional[pygame.Rect]:
        return self.boardview.spot_rect(spot)

    # -- what games supply -------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        """Hand the board the view on screen and the UI facts: it draws them (from the painted
        layer when nothing has changed since the last frame)."""
        ui = self.ui()
        surface.blit(self.painted_layer(surface.get_size(), ui), (0, 0))
        room = None  # the held piece goes under the side panel
        if self.side.w > 1 and self.side.x > self.board.x:
            room = pygame.Rect(0, 0, self.side.x, surface.get_height())
        self.boardview.draw_live(surface, self.view, ui, room)

    def results_rect(self) -> pygame.Rect:
        """Where the round-results panel is drawn (games with rounds)."""
        return pygame.Rect(0, 0, 0, 0)
