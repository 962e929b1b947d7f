"""Catch 22 board geometry: the 13 x 13 maze, the control column's parts (header, die, cube tray,
kept cubes with the ransom offers, legend), the side panel's rows, and what lies under the
pointer (the engine's spots: ("supply", seat), ("pawn", seat), ("square", row, col))."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional, Sequence

import pygame

from cats.core import Spot
from screens.assets import font
from screens.overlays import wrap
from screens.table.board import Board, BoardContext, Ui
from screens.table.pointer import Point
from screens.text import tr

if TYPE_CHECKING:
    from cats.session import Seat

Cell = tuple[int, int]
JsonDict = dict[str, Any]
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Stage:
    """One part of the animation played after an action (all parts share one timeline)."""

    kind: str
    start: float
    duration: float
    data: JsonDict = field(default_factory=dict)

    def progress(self, t: Optional[float]) -> float:
        """0 before the stage, 1 after it (and when nothing is animating)."""
        if t is None or self.duration <= 0:
            return 1.0
        return min(max((t - self.start) / self.duration, 0.0), 1.0)

    def running(self, t: Optional[float]) -> bool:
        """True while this stage is under way or still to come."""
        return t is not None and t < self.start + self.duration


@dataclass(frozen=True)
class Catch22Ui(Ui):
    """Catch 22's UI facts: the after-action timeline (its stages, the time into it and the view
    before it), the highlights' pulse, the route being chosen, the engine's answers the board
    draws (where the current cat may go, whether the die may be rolled, the ransom prices), the
    news, the how-to tip and where the choice buttons end."""

    time: Optional[float] = None  # seconds into the after-action animation; None: at rest
    stages: tuple[Stage, ...] = ()
    before: JsonDict = field(default_factory=dict)
    pulse: float = 0.0  # 0..1, the highlights' breathing
    route_pick: Optional[Cell] = None
    pawn_targets: tuple[Spot, ...] = ()  # the current cat's legal targets
    can_roll: bool = False  # the die may be rolled by the seat on screen
    ransom: tuple[tuple[int, tuple[int, ...], int], ...] = ()  # owner, legal prices, chosen
    news: tuple[tuple[str, Colour, float], ...] = ()  # text, colour, seconds left
    tip: str = ""  # a how-to line shown instead of the hint
    buttons_right: Optional[int] = None  # the right edge of the choice buttons
    last_grab: Point = (0, 0)  # where the last piece was taken hold of


class Catch22Layout(Board):
    """Where everything on the Catch 22 table is."""

    ui: Catch22Ui

    def __init__(self, ctx: BoardContext, seats: Sequence["Seat"]) -> None:
        super().__init__(ctx, seats)
        self.n = 13
        self.cell = 1
        self.origin = (0, 0)
        self.frame_rect = pygame.Rect(0, 0, 1, 1)
        self.column = pygame.Rect(0, 0, 1, 1)
        self.side = pygame.Rect(0, 0, 1, 1)
        self.bottom = pygame.Rect(0, 0, 1, 1)
        self.log_top: Optional[int] = None  # the move log's top in the side panel
        self.static: Optional[pygame.Surface] = None  # the printed board, built with the layout
        self.ui = Catch22Ui()

    # -- geometry ------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.area = rect.copy()
        s = self.ctx.scale
        b = self.area
        self.n = len(self.view.get("board") or ()) or 13
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
        self.refit()

    def refit(self) -> None:
        if self.static is None and self.view.get("board"):
            self.static = self.build_static()

    def build_static(self) -> pygame.Surface:
        """The printed board (games' drawing)."""
        return pygame.Surface((1, 1))

    def draw_column(self, surface: pygame.Surface) -> None:
        """The control column (drawn by the panels)."""

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """The screen rectangle of grid cell (row, col)."""
        return pygame.Rect(self.origin[0] + cell[1] * self.cell, self.origin[1] + cell[0] * self.cell,
                           self.cell, self.cell)

    def tile_rect(self, cell: Cell) -> pygame.Rect:
        """The stepping stone drawn inside a path cell."""
        pad = max(1, int(self.cell * 0.06))
        return self.cell_rect(cell).inflate(-2 * pad, -2 * pad)

    def cell_at(self, pos: Point) -> Optional[Cell]:
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
        return str(legend["digit"] if ch.isdigit() else legend.get(ch, "out"))

    @staticmethod
    def cell_name(row: int, col: int) -> str:
        """A square's name as printed on the board's edges (a1 top left)."""
        return f"{'abcdefghijklmnopqrstuvwxyz'[col]}{row + 1}"

    def move_targets(self) -> list[Cell]:
        """The end squares of the rolled move."""
        return list(dict.fromkeys((m["to"][0], m["to"][1]) for m in self.view["moves"]))

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
        offsets: list[tuple[float, float]]
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

    # -- the control column --------------------------------------------------------------------
    def column_parts(self) -> dict[str, pygame.Rect]:
        """Rectangles of the column's parts (used for drawing and hit-testing alike)."""
        s, t = self.ctx.scale, self.ctx.line  # t: the room of lines of text
        c = self.column
        pad = s(10)
        parts: dict[str, pygame.Rect] = {}
        y = c.y + pad
        parts["header"] = pygame.Rect(c.x + pad, y, c.w - 2 * pad, t(24))
        y += t(28)
        die = min(s(84), c.w // 2)
        parts["die"] = pygame.Rect(c.centerx - die // 2, y + s(4), die, die)
        y = parts["die"].bottom + s(4)
        starting = self.view["phase"] == "start"
        parts["die_caption"] = pygame.Rect(c.x + pad, y, c.w - 2 * pad, t(56) if starting else t(38))
        y = parts["die_caption"].bottom + s(6)
        if starting:  # the cats still waiting to choose, under a "then:" label
            y += s(18) + min(s(30), parts["die"].w // 3) + s(10)
        cube = self.tray_cube_size()
        parts["tray_title"] = pygame.Rect(c.x + pad, y, c.w - 2 * pad, t(20))
        y += t(22)
        parts["tray"] = pygame.Rect(c.x + pad, y, c.w - 2 * pad, cube + s(12))
        y = parts["tray"].bottom + s(10)
        parts["kept"] = pygame.Rect(c.x + pad, y, c.w - 2 * pad, max(0, c.bottom - y))
        legend_h = s(22) * 6 + s(24)
        parts["legend"] = pygame.Rect(c.x + pad, c.bottom - legend_h - pad, c.w - 2 * pad, legend_h)
        return parts

    def tray_cube_size(self) -> int:
        """The size of a cube in the tray."""
        s = self.ctx.scale
        return max(16, min(s(36), (self.column.w - s(30)) // 5))

    def waiting_rects(self) -> dict[int, pygame.Rect]:
        """Cats that have not chosen a Star yet: the chooser in the die's place, others below."""
        parts = self.column_parts()
        pawns = self.view["pawns"]
        current = self.view["current"]
        out: dict[int, pygame.Rect] = {}
        if pawns[current] is None:
            out[current] = parts["die"].copy()
        small = max(16, min(self.ctx.scale(30), parts["die"].w // 3))
        others = [s for s, p in enumerate(pawns) if p is None and s != current]
        x = parts["die_caption"].x
        y = parts["die_caption"].bottom + self.ctx.scale(18)
        for seat in others:
            out[seat] = pygame.Rect(x, y, small, small)
            x += small + self.ctx.scale(4)
        return out

    def ransom_rows(self) -> list[tuple[int, pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]]:
        """Per owner that may be offered a cube: (owner, row, minus, plus, offer) rectangles."""
        if not self.ui.my_turn or self.view["phase"] != "prepare":
            return []
        s = self.ctx.scale
        area = self.column_parts()["kept"]
        y = area.y + s(22) + self.kept_line_height()
        rows = []
        f = font(s(13), bold=True)
        for owner, _prices, _chosen in self.ui.ransom:
            title_h = len(wrap(self.ransom_title(owner), f, area.w)) * f.get_linesize()
            b = s(26)
            row = pygame.Rect(area.x, y, area.w, title_h + s(4) + b)
            top = row.y + title_h + s(4)
            minus = pygame.Rect(row.x, top, b, b)
            plus = pygame.Rect(row.x + b + s(58), top, b, b)
            offer = pygame.Rect(plus.right + s(8), top, max(s(50), row.right - plus.right - s(8)), b)
            rows.append((owner, row, minus, plus, offer))
            y = row.bottom + s(8)
            if y > self.column_parts()["legend"].y - s(60):
                break
        return rows

    def switch_rows(self) -> list[tuple[int, pygame.Rect]]:
        """During a Switch Places choice: one big row per cat that may be chosen."""
        if not self.ui.my_turn or self.view["phase"] != "switch":
            return []
        s = self.ctx.scale
        area = self.column_parts()["kept"]
        seats = [sp[1] for sp in self.ui.pawn_targets if sp[0] == "pawn"]
        rows = []
        y = area.y + s(22)
        for seat in seats:
            rows.append((seat, pygame.Rect(area.x, y, area.w, s(40))))
            y += s(46)
        return rows

    def ransom_title(self, owner: int) -> str:
        """The line over an owner's ransom controls."""
        return tr("catch22.offer_title", name=self.seat_name(owner))

    def kept_line_height(self) -> int:
        """The height of the line of rivals' cubes held (none: no line)."""
        return self.ctx.scale(28) if any(self.view["kept"][self.view["current"]]) else 0

    # -- the side panel ------------------------------------------------------------------------
    def side_layout(self, rect: pygame.Rect) -> tuple[int, int, int]:
        """(row height, rows top, dice top) for the side panel above the move log."""
        s = self.ctx.scale
        bottom = (self.log_top - s(6)) if self.log_top is not None else rect.bottom
        t = self.ctx.line  # rows of text: taller with large text
        dice_h = t(24) + t(22) * 3
        top = rect.y + t(24)
        n = max(1, self.view["players"])
        row_h = max(min(t(30), s(40)), min(t(50), (bottom - top - dice_h - s(6)) // n))
        # the dice under the rows, fewer of their turns if the rows need the room
        return row_h, top, max(bottom - dice_h, top + n * row_h + s(2))

    def gold_anchor(self, seat: int) -> Optional[Point]:
        """Where a player's gold is shown in the side panel (coins fly to and from it)."""
        if not 0 <= seat < self.view.get("players", 0):
            return None
        s = self.ctx.scale
        rect = self.side.inflate(-s(20), -s(20))
        row_h, y, _dice = self.side_layout(rect)
        row = pygame.Rect(rect.x - s(4), y + seat * row_h, rect.w + s(8), row_h - s(4))
        cy = row.y + min(row.h // 2, self.ctx.line(18))
        coin = s(20)
        gx = row.right - max(s(40), rect.w // 3 * s(100) // self.ctx.line(100)) - coin - s(40)
        return (gx + coin // 2, cy)

    # -- the after-action animation ------------------------------------------------------------
    def stage(self, kind: str) -> Optional[Stage]:
        """The animation's first stage of this kind."""
        return next((st for st in self.ui.stages if st.kind == kind), None)

    def shown_gold(self) -> list[int]:
        """Gold per player as shown: the old amounts until flying coins arrive."""
        gold = list(self.view["gold"])
        t = self.ui.time
        coins = self.stage("coins")
        walk = self.stage("walk")
        if t is not None and self.ui.before and (
                (coins is not None and coins.progress(t) < 0.85)
                or (walk is not None and walk.running(t))):
            return list(self.ui.before.get("gold", gold))
        return gold

    def shown_pots(self) -> dict[Cell, int]:
        """Jackpot gold as shown: the old amounts until the walking cat arrives."""
        source = self.view
        walk = self.stage("walk")
        if walk is not None and walk.running(self.ui.time) and self.ui.before:
            source = self.ui.before
        return {(r, c): g for r, c, g in source["jackpots"]}

    # -- spots ---------------------------------------------------------------------------------
    def spots_under(self, pos: Point) -> list[Spot]:
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

    def spot_at(self, pos: Point) -> Optional[Spot]:
        """The spot the engine would mean here: a lit drop target while dragging, a piece that may
        be picked up, a square the current cat may go to by a click, else the plain meaning."""
        spots = self.spots_under(pos)
        if not spots:
            return None
        wanted = self.ui.targets if self.ui.held is not None else \
            list(self.ui.sources) + list(self.ui.pawn_targets)
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
