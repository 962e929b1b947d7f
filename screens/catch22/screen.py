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
from dataclasses import dataclass, field
from typing import Any, Optional

import pygame
import pytweening

from cats.catch22.words import news
from cats.core import Action, Spot
from cats.words import Sentence
from screens import palette
from screens.anim import Tween
from screens.assets import font
from screens.catch22.draw import MazeDrawing
from screens.catch22.panels import PanelDrawing
from screens.table.frame import GameScene
from screens.table.movelog import Row
from screens.overlays import wrap
from screens.text import tr

Cell = tuple[int, int]
JsonDict = dict[str, Any]

NEWS_COLOURS = {"steal": palette.TERRACOTTA, "jackpot": (176, 128, 30), "win": palette.TEAL,
                "stuck": palette.WOOD, "ransom": palette.PLUM, "refuse": palette.PLUM,
                "remove": palette.PLUM, "switch": palette.TEAL, "roll_again": palette.WOOD}
STEP_TIME = 0.13
DIE_TIME = 0.55
COIN_TIME = 0.85


@dataclass
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


def _new_items(before: list[Any], after: list[Any]) -> list[Any]:
    """The entries of ``after`` not already at the end of ``before`` (lists kept short from the
    front, so the overlap is before's tail = after's head)."""
    for k in range(min(len(before), len(after)), 0, -1):
        if before[len(before) - k:] == after[:k]:
            return after[k:]
    return list(after)


class Catch22Scene(MazeDrawing, PanelDrawing, GameScene):
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

    # The control column: header, die (or the cat that still has to choose a Star), cube tray,
    # kept cubes with ransom offers, and the legend of squares at the bottom.
    def column_parts(self) -> dict[str, pygame.Rect]:
        """Rectangles of the column's parts (used for drawing and hit-testing alike)."""
        s = self.ctx.scale
        c = self.column
        pad = s(10)
        parts: dict[str, pygame.Rect] = {}
        y = c.y + pad
        parts["header"] = pygame.Rect(c.x + pad, y, c.w - 2 * pad, s(24))
        y += s(28)
        die = min(s(84), c.w // 2)
        parts["die"] = pygame.Rect(c.centerx - die // 2, y + s(4), die, die)
        y = parts["die"].bottom + s(4)
        starting = self.view["phase"] == "start"
        parts["die_caption"] = pygame.Rect(c.x + pad, y, c.w - 2 * pad, s(56) if starting else s(38))
        y = parts["die_caption"].bottom + s(6)
        if starting:  # the cats still waiting to choose, under a "then:" label
            y += s(18) + min(s(30), parts["die"].w // 3) + s(10)
        cube = self.tray_cube_size()
        parts["tray_title"] = pygame.Rect(c.x + pad, y, c.w - 2 * pad, s(20))
        y += s(22)
        parts["tray"] = pygame.Rect(c.x + pad, y, c.w - 2 * pad, cube + s(12))
        y = parts["tray"].bottom + s(10)
        parts["kept"] = pygame.Rect(c.x + pad, y, c.w - 2 * pad, max(0, c.bottom - y))
        legend_h = self.legend_height()
        parts["legend"] = pygame.Rect(c.x + pad, c.bottom - legend_h - pad, c.w - 2 * pad, legend_h)
        return parts

    def tray_cube_size(self) -> int:
        s = self.ctx.scale
        return max(16, min(s(36), (self.column.w - s(30)) // 5))

    def legend_height(self) -> int:
        s = self.ctx.scale
        return s(22) * 6 + s(24)

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

    def offers(self) -> dict[int, list[Action]]:
        """Legal ransom offers by owner, cheapest first."""
        out: dict[int, list[Action]] = {}
        for a in self.session.state.legal_actions():
            if a.kind == "offer":
                out.setdefault(a.owner, []).append(a)  # type: ignore[attr-defined]
        for offers in out.values():
            offers.sort(key=lambda a: a.price)  # type: ignore[attr-defined]
        return out

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
    def ransom_rows(self) -> list[tuple[int, pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]]:
        """Per owner that may be offered a cube: (owner, row, minus, plus, offer) rectangles."""
        if not self.my_turn() or self.view["phase"] != "prepare":
            return []
        s = self.ctx.scale
        area = self.column_parts()["kept"]
        y = area.y + s(22) + self.kept_line_height()
        rows = []
        f = font(s(13), bold=True)
        for owner in sorted(self.offers()):
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
        if not self.my_turn() or self.view["phase"] != "switch":
            return []
        s = self.ctx.scale
        area = self.column_parts()["kept"]
        me = self.view["current"]
        seats = [sp[1] for sp in self.session.state.legal_targets(("pawn", me)) if sp[0] == "pawn"]
        rows = []
        y = area.y + s(22)
        for seat in seats:
            rows.append((seat, pygame.Rect(area.x, y, area.w, s(40))))
            y += s(46)
        return rows

    def ransom_title(self, owner: int) -> str:
        return f"Offer {self.seat_name(owner)} their cube back for:"

    def kept_line_height(self) -> int:
        return self.ctx.scale(28) if any(self.view["kept"][self.view["current"]]) else 0

    def price_for(self, owner: int, offers: list[Action]) -> Action:
        """The offer at the chosen price (kept within the engine's legal prices)."""
        prices = [a.price for a in offers]  # type: ignore[attr-defined]
        want = self.prices.get(owner, min(prices[-1], max(1, prices[-1] // 2)))
        best = min(offers, key=lambda a: abs(a.price - want))  # type: ignore[attr-defined]
        self.prices[owner] = best.price  # type: ignore[attr-defined]
        return best

    def ransom_click(self, pos: tuple[int, int]) -> bool:
        offers = self.offers()
        for owner, _row, minus, plus, offer in self.ransom_rows():
            chosen = self.price_for(owner, offers[owner])
            prices = [a.price for a in offers[owner]]  # type: ignore[attr-defined]
            i = prices.index(chosen.price)  # type: ignore[attr-defined]
            if minus.collidepoint(pos):
                self.prices[owner] = prices[max(0, i - 1)]
                return True
            if plus.collidepoint(pos):
                self.prices[owner] = prices[min(len(prices) - 1, i + 1)]
                return True
            if offer.collidepoint(pos):
                self.play(chosen)
                return True
        return False

    # -- animation ---------------------------------------------------------------------------
    def time_now(self) -> Optional[float]:
        """Seconds into the running after-action animation, or ``None``."""
        if self.timeline is not None and self.animator.find("c22") is self.timeline:
            return self.timeline.value()[0]
        return None

    def stage(self, kind: str) -> Optional[Stage]:
        return next((st for st in self.stages if st.kind == kind), None)

    def animate(self, before: JsonDict, action: Action) -> None:
        self.route_pick = None
        after = self.view
        events, dice = self.what_followed(before, after)
        if self.session.log:
            was, now = self.session.around(len(self.session.log) - 1)
            for kind, phrase in news(was, now, action):  # type: ignore[arg-type]
                self.news.append([self.session.say(phrase), NEWS_COLOURS[kind], 7.0])
                self.news = self.news[-3:]
        if any(e["kind"] in ("steal", "jackpot", "win") for e in events):
            self.ctx.sounds.play("check")
        self.before = before
        self.stages = self.plan(before, action, dice)
        total = max((st.start + st.duration for st in self.stages), default=0.0)
        self.timeline = None
        if total > 0:
            self.timeline = self.animator.add(
                Tween((0.0, 0.0), (total, 0.0), total, ease=pytweening.linear, tag="c22"))

    def plan(self, before: JsonDict, action: Action, dice: list[int]) -> list[Stage]:
        """The stages shown after ``action``: walking, coins, dice, cubes."""
        after = self.view
        stages: list[Stage] = []
        t = 0.0
        kind = action.kind
        mover = before.get("current", 0)
        if kind == "move":
            route: list[list[int]] = next((m["route"] for m in before.get("moves", [])
                          if m["action"] == str(action)), [])
            end = after["pawns"][mover]
            if end in route[1:]:
                route = route[:route.index(end, 1) + 1]
            if len(route) > 1:
                stages.append(Stage("walk", t, STEP_TIME * (len(route) - 1),
                                    {"seat": mover, "route": route}))
                t += STEP_TIME * (len(route) - 1)
            gained = after["gold"][mover] - before["gold"][mover]
            if gained > 0 and route:
                stages.append(Stage("coins", t, COIN_TIME,
                                    {"from_cell": route[-1], "to": mover, "count": gained}))
                t += COIN_TIME * 0.6
            for value in dice:
                stages.append(Stage("die", t, DIE_TIME, {"value": value, "seat": mover}))
                t += DIE_TIME
        elif kind == "roll" and dice:
            stages.append(Stage("die", t, DIE_TIME, {"value": dice[0], "seat": mover}))
        elif kind == "pay":
            offer = before.get("offer") or {}
            price = offer.get("price", 0)
            if price:
                stages.append(Stage("coins", t, COIN_TIME,
                                    {"from_seat": offer["owner"], "to": offer["from"],
                                     "count": price}))
        elif kind == "switch":
            stages.append(Stage("swap", t, 0.5, {"a": mover, "b": action.seat}))  # type: ignore[attr-defined]
        elif kind == "remove":
            stages.append(Stage("cube", t, 0.45, {"cell": [action.row, action.col],  # type: ignore[attr-defined]
                                                  "seat": self.cube_owner(before, action),
                                                  "out": True}))
        elif kind == "cube":
            stages.append(Stage("cube", t, 0.35, {"cell": [action.row, action.col],  # type: ignore[attr-defined]
                                                  "seat": mover, "out": False}))
        elif kind == "start":
            stages.append(Stage("start", t, 0.45, {"seat": mover}))
        return stages

    @staticmethod
    def cube_owner(view: JsonDict, action: Action) -> int:
        for r, c, owner in view.get("cubes", []):
            if (r, c) == (action.row, action.col):  # type: ignore[attr-defined]
                return int(owner)
        return 0

    def shown_gold(self) -> list[int]:
        """Gold per player as shown: the old amounts until flying coins arrive."""
        gold = list(self.view["gold"])
        t = self.time_now()
        coins = self.stage("coins")
        walk = self.stage("walk")
        if t is not None and self.before and (
                (coins is not None and coins.progress(t) < 0.85)
                or (walk is not None and walk.running(t))):
            return list(self.before.get("gold", gold))
        return gold

    def shown_pots(self) -> dict[Cell, int]:
        """Jackpot gold as shown: the old amounts until the walking cat arrives."""
        source = self.view
        walk = self.stage("walk")
        t = self.time_now()
        if walk is not None and walk.running(t) and self.before:
            source = self.before
        return {(r, c): g for r, c, g in source["jackpots"]}

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

    @staticmethod
    def what_followed(before: JsonDict, after: JsonDict) -> tuple[list[JsonDict], list[int]]:
        """The events and dice that came between two views."""
        events = _new_items(before.get("events", []), after["events"])
        fresh = after["rolls"] - before.get("rolls", after["rolls"])
        dice = [d[2] for d in after["dice"][-min(fresh, len(after["dice"])):]] if fresh > 0 else []
        return events, dice

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
