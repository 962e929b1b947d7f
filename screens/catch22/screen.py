"""Catch 22 screen: the garden maze with Stars, Jackpots and special squares, cat pawns, Blocker
Cubes dragged from a tray, a die that tumbles, lit end squares with their routes, and a side panel
with everybody's gold, cubes and the dice history.

Everything shown comes from the engine's view (``self.view``); every rule question (where a cube
may go, which squares a roll reaches, why a drop is refused, what a button says) is asked of the
engine. The screen only turns gestures into the engine's spots:

- ``("supply", seat)``: the cube tray of the player whose turn it is (drag a cube out; drop a
  removed cube back in).
- ``("pawn", seat)``: a cat on the maze (or waiting beside it before the Stars are chosen).
- ``("square", row, col)``: any cell of the 13 x 13 grid (hedges too, so refusals can say why).

The drawing is mixed in from two modules: ``screens.catch22.draw`` (the maze and the pieces on
it) and ``screens.catch22.panels`` (the control column, the side panel and the overlays).
"""

from __future__ import annotations

import math
from typing import Any, Optional

import pygame

from cats.core import Action, Spot
from cats.words import Sentence
from screens.anim import Tween
from screens.assets import font
from screens.catch22.column import ControlColumn
from screens.catch22.draw import MazeDrawing
from screens.catch22.hints import HintDrawing
from screens.catch22.panels import PanelDrawing
from screens.catch22.timeline import Cell, JsonDict, Stage, Timeline
from screens.table.frame import GameScene
from screens.table.movelog import Row
from screens.text import tr


class Catch22Scene(MazeDrawing, PanelDrawing, HintDrawing, ControlColumn, Timeline, GameScene):
    """The Catch 22 table."""

    log_rows, log_calm = 30, 0.3  # rebuilding the text box is slow while bots play fast

    def __init__(self, ctx: Any, session: Any) -> None:
        self.n = 13
        self.cell = 1
        self.origin = (0, 0)
        self.frame_rect = pygame.Rect(0, 0, 1, 1)
        self.column = pygame.Rect(0, 0, 1, 1)
        self.static: Optional[pygame.Surface] = None
        self.route_pick: Optional[Cell] = None
        self.prices: dict[int, int] = {}
        self.timeline: Optional[Tween] = None
        self.stages: list[Stage] = []
        self.before: JsonDict = {}
        self.news: list[list[Any]] = []          # [text, colour, seconds left]
        self.tip_text = ""
        self.tip_time = 0.0
        self.gold_anchor: dict[int, tuple[int, int]] = {}
        self.last_grab = (0, 0)
        self.kept_bottom = 0
        self._cubes: dict[tuple[int, int], pygame.Surface] = {}
        super().__init__(ctx, session)

    # -- seats ------------------------------------------------------------------------------
    # -- layout ------------------------------------------------------------------------------
    def layout(self) -> None:
        s = self.ctx.scale
        b = self.board
        self.n = len(self.view["board"])
        margin = s(10)
        col_min, col_max = s(190), s(300)
        frame_pad = max(s(16), 12)
        room_h = b.h - 2 * margin - 2 * frame_pad
        room_w = b.w - col_min - 3 * margin - 2 * frame_pad
        self.cell = max(12, min(room_h, room_w) // self.n)
        side = self.cell * self.n
        col_w = min(col_max, b.w - side - 2 * frame_pad - 3 * margin)
        self.column = pygame.Rect(b.x + margin, b.y + margin, col_w, b.h - 2 * margin)
        free = pygame.Rect(self.column.right + margin, b.y, b.right - self.column.right - margin, b.h)
        self.frame_rect = pygame.Rect(0, 0, side + 2 * frame_pad, side + 2 * frame_pad)
        self.frame_rect.center = free.center
        self.origin = (self.frame_rect.x + frame_pad, self.frame_rect.y + frame_pad)
        self.static = None
        self._cubes = {}

    def build_ui(self) -> None:
        super().build_ui()
        # Give the players' rows room before the move log (it keeps at least 30 % of the side).
        s = self.ctx.scale
        if self.log_box is not None:
            n = max(1, self.view["players"])
            needed = s(24) + n * s(46) + s(24) + s(22) * 3 + s(36)
            log_h = int(min(self.side.h * 0.5, max(self.side.h * 0.3, self.side.h - needed)))
            self.log_box.set_dimensions((self.side.w - s(16), log_h))
            self.log_box.set_relative_position((self.side.x + s(8), self.side.bottom - log_h - s(8)))
            if self.movelog is not None:
                self.movelog.shown = -1

    def refresh(self) -> None:
        super().refresh()
        self.tip_time = 0.0 if self.route_pick is None else self.tip_time

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """The screen rectangle of grid cell (row, col)."""
        return pygame.Rect(self.origin[0] + cell[1] * self.cell, self.origin[1] + cell[0] * self.cell,
                           self.cell, self.cell)

    def tile_rect(self, cell: Cell) -> pygame.Rect:
        """The stepping stone drawn inside a path cell."""
        pad = max(1, int(self.cell * 0.06))
        return self.cell_rect(cell).inflate(-2 * pad, -2 * pad)

    def cell_at(self, pos: tuple[int, int]) -> Optional[Cell]:
        """The grid cell under ``pos`` (hedges included), or ``None`` off the grid."""
        col = (pos[0] - self.origin[0]) // self.cell
        row = (pos[1] - self.origin[1]) // self.cell
        if 0 <= row < self.n and 0 <= col < self.n:
            return (row, col)
        return None

    def kind_at(self, cell: Cell) -> str:
        """The printed kind of a cell, read from the view's board rows and legend."""
        ch = self.view["board"][cell[0]].split()[cell[1]]
        legend = self.view["legend"]
        return legend["digit"] if ch.isdigit() else legend.get(ch, "out")

    def pawn_rects(self, skip: frozenset[int] = frozenset()) -> dict[int, pygame.Rect]:
        """Where each cat is drawn: on its square (sharing it with others) or waiting aside."""
        groups: dict[Cell, list[int]] = {}
        for seat, at in enumerate(self.view["pawns"]):
            if at is not None and seat not in skip:
                groups.setdefault((at[0], at[1]), []).append(seat)
        cubed = {(c[0], c[1]) for c in self.view["cubes"]}
        out: dict[int, pygame.Rect] = {}
        for cell, seats in groups.items():
            for seat, rect in zip(seats, self.group_rects(cell, len(seats), cell in cubed)):
                out[seat] = rect
        for seat, rect in self.waiting_rects().items():
            if seat not in skip:
                out[seat] = rect
        return out

    def group_rects(self, cell: Cell, count: int, cubed: bool) -> list[pygame.Rect]:
        """Token rectangles for ``count`` cats sharing a square."""
        c = self.cell
        centre = self.cell_rect(cell).center
        if count == 1:
            size, offsets = (0.74 if cubed else 0.86), [(0.08, -0.08) if cubed else (0, 0)]
        elif count == 2:
            size, offsets = 0.62, [(-0.2, -0.2), (0.2, 0.2)]
        elif count == 3:
            size, offsets = 0.54, [(-0.22, -0.2), (0.22, -0.2), (0, 0.22)]
        elif count == 4:
            size, offsets = 0.5, [(-0.22, -0.22), (0.22, -0.22), (-0.22, 0.22), (0.22, 0.22)]
        else:
            size = 0.44
            offsets = [(dx, dy) for dy in (-0.2, 0.2) for dx in (-0.28, 0.0, 0.28)]
        rects = []
        for dx, dy in offsets[:count]:
            r = pygame.Rect(0, 0, int(c * size), int(c * size))
            r.center = (int(centre[0] + dx * c), int(centre[1] + dy * c))
            rects.append(r)
        return rects

    # -- spots -------------------------------------------------------------------------------
    def spots_under(self, pos: tuple[int, int]) -> list[Spot]:
        """Every spot under the pointer, topmost first."""
        out: list[Spot] = []
        parts = self.column_parts()
        for seat, rect in self.switch_rows():
            if rect.collidepoint(pos):
                out.append(("pawn", seat))
        if parts["tray"].collidepoint(pos):
            out.append(("supply", self.view["current"]))
        for seat, rect in reversed(list(self.pawn_rects().items())):
            if math.dist(pos, rect.center) <= rect.w / 2 + 1:
                out.append(("pawn", seat))
        cell = self.cell_at(pos)
        if cell is not None:
            out.append(("square", cell[0], cell[1]))
        return out

    def spot_at(self, pos: tuple[int, int]) -> Optional[Spot]:
        """The spot the engine would mean here: a lit drop target while dragging, a piece that may
        be picked up, a square the current cat may go to by a click, else the plain meaning."""
        spots = self.spots_under(pos)
        if not spots:
            return None
        state = self.session.state
        if self.drag is not None:
            wanted = self.drag.targets
        else:
            wanted = state.drag_sources() + state.legal_targets(("pawn", self.view["current"]))
        for spot in spots:
            if spot in wanted:
                return spot
        if self.view["phase"] == "switch":
            return spots[0]
        return next((sp for sp in spots if sp[0] != "pawn"), spots[0])

    def spot_rect(self, spot: Spot) -> Optional[pygame.Rect]:
        if spot[0] == "square":
            return self.cell_rect((spot[1], spot[2]))
        if spot[0] == "pawn":
            return self.pawn_rects().get(spot[1])
        if spot[0] == "supply" and spot[1] == self.view["current"]:
            return self.column_parts()["tray"]
        return None

    # -- gestures ----------------------------------------------------------------------------
    def actions_for(self, source: Spot, target: Spot) -> list[Action]:
        """Every legal action made by dropping ``source`` on ``target`` (two when the route must
        be chosen)."""
        state = self.session.state
        return [a for a in state.legal_actions() if state.drag_of(a) == (source, target)]

    def roll_action(self) -> Optional[Action]:
        """The Roll action if it is legal now."""
        return next((a for a in self.session.state.legal_actions() if a.kind == "roll"), None)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_SPACE and not event.mod & pygame.KMOD_CTRL:
            if self.animator.busy:
                self.animator.skip()
                return True
            roll = self.roll_action()
            if roll is not None and self.my_turn():
                self.play(roll)
            return True
        if event.key == pygame.K_ESCAPE and self.route_pick is not None:
            self.cancel_pick()
            return True
        return super().key(event)

    def pointer_down(self, pos: tuple[int, int]) -> bool:
        if not self.my_turn():
            return False
        parts = self.column_parts()
        roll = self.roll_action()
        if roll is not None and parts["die"].collidepoint(pos):
            self.play(roll)
            return True
        if self.ransom_click(pos):
            return True
        spot = self.spot_at(pos)
        if spot is None:
            self.cancel_pick()
            return False
        state = self.session.state
        if spot not in state.drag_sources():
            actions = self.actions_for(("pawn", self.view["current"]), spot)
            if len(actions) == 1:
                self.play(actions[0])
                return True
            if len(actions) > 1:
                self.start_pick(spot)
                return True
            self.cancel_pick()
            reason = self.why_not_pick(spot)
            if reason:
                self.flash(reason)
                self.ctx.sounds.play("refuse")
            return False
        self.cancel_pick()
        taken = super().pointer_down(pos)
        if taken and self.drag is not None:
            self.last_grab = self.drag.grab
        return taken

    def choose(self, target: Spot, actions: list[Action]) -> None:
        self.start_pick(target)

    def clicked(self, source: Spot) -> None:
        """A press and release on a piece without moving: a cube on the maze during a removal
        has one place to go (the tray), so a click takes it; other pieces show how to move."""
        state = self.session.state
        targets = state.legal_targets(source)
        if source[0] == "square" and len(targets) == 1:
            actions = self.actions_for(source, targets[0])
            if len(actions) == 1:
                self.play(actions[0])
                return
        if source[0] == "pawn":
            self.tip("Click a lit square, or drag your cat onto it.")
        elif source[0] == "supply":
            self.tip("Drag a cube onto a path square.")

    def why_not_pick(self, spot: Spot) -> str:
        """The engine's reason when something that cannot move now is grabbed."""
        if spot[0] == "square" and self.view["phase"] == "prepare":
            self.tip("Drag a cube from your tray onto the path, or roll the die.")
            return ""
        return super().why_not_pick(spot)

    # -- route choice ------------------------------------------------------------------------
    def start_pick(self, target: Spot) -> None:
        """Two routes lead to the square (one crosses a Star): ask which one."""
        self.route_pick = (target[1], target[2])
        self.tip("Two routes lead there: choose one with the buttons below.", 8.0)
        self.rebuild_choices()

    def cancel_pick(self) -> None:
        if self.route_pick is not None:
            self.route_pick = None
            self.rebuild_choices()

    def also_button(self, action: Action) -> bool:
        return (action.kind == "move" and self.route_pick is not None
                and (action.row, action.col) == self.route_pick  # type: ignore[attr-defined]
                and len(self.actions_for(("pawn", self.view["current"]),
                                         ("square", *self.route_pick))) > 1)

    def rebuild_choices(self) -> None:
        """Buttons under the table for actions without a gesture (Roll, Pay, Refuse, Remove no
        cube) and for a route choice; ransom offers are made in the column instead."""
        if not self.clear_choices():
            return
        state = self.session.state
        choices = [a for a in state.legal_actions()
                   if a.kind != "offer" and (state.drag_of(a) is None or self.also_button(a))]
        s = self.ctx.scale
        x = self.bottom.x + s(12)
        for action in choices[:6]:
            label = self.label(action)
            bw = max(s(120), font(s(15)).size(label)[0] + s(30))
            self.choices.add(pygame.Rect(x, self.bottom.y + s(12), bw, s(40)), label, action)
            x += bw + s(8)

    def label(self, action: Action) -> str:
        text = self.names(super().label(action))
        return text + "  (Space)" if action.kind == "roll" else text

    # -- ransom offers in the column ---------------------------------------------------------
    # -- animation ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        for item in self.news:
            item[2] -= dt
        self.news = [item for item in self.news if item[2] > 0]
        if self.tip_time > 0:
            self.tip_time -= dt

    def tip(self, text: str, seconds: float = 3.0) -> None:
        """A friendly how-to line (not a refusal)."""
        self.tip_text = text
        self.tip_time = seconds

    # -- the move log ------------------------------------------------------------------------
    def cell_name(self, row: int, col: int) -> str:
        return f"{'abcdefghijklmnopqrstuvwxyz'[col]}{row + 1}"

    def log_row(self, index: int) -> Row:
        """Catch 22's log joins what followed a move with semicolons (rolls, gold taken)."""
        entry = self.session.log[index]
        return self.seat_name(entry.seat), "; ".join((entry.text, *entry.notes)), ()

    def prompt_line(self) -> str:
        mover = self.session.to_move
        if mover is None or self.session.seats[mover].is_bot:
            return super().prompt_line()  # the frame already says seats by name
        prompt = self.session.state.prompt()  # "Player 2: roll the die.": the frame says who
        what = prompt.phrase.arg("what") if isinstance(prompt, Sentence) else None
        return tr("game.turn", name=self.seat_name(mover), prompt=self.names(what or prompt))

    # -- drawing -----------------------------------------------------------------------------
    # The frame calls draw_board (MazeDrawing) and draw_side (PanelDrawing); the overlays follow.
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_coins(surface)
        self.draw_hint_bar(surface)
        if self.drag is None and self.time_now() is None:
            self.draw_tooltip(surface)
