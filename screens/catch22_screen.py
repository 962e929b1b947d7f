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
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Optional

import pygame
import pytweening

from cats.core import Action, Spot
from screens import palette
from screens.anim import Tween
from screens.assets import font, image
from screens.game_frame import GameScene, _html
from screens.overlays import wrap
from screens.text import tr

Cell = tuple[int, int]
JsonDict = dict[str, Any]

HEDGE = (104, 140, 98)
HEDGE_DARK = (82, 114, 78)
HEDGE_LIGHT = (128, 162, 118)
GRAVEL = (232, 218, 186)
STONE = (238, 208, 148)
STONE_EDGE = (190, 146, 84)
GOLD = (224, 176, 75)
SPECIAL_TINT = {"roll_again": (244, 196, 172), "switch_places": (178, 214, 214),
                "remove_cube": (212, 190, 214)}
SPECIAL_ART = {"roll_again": "catch22_roll_again", "switch_places": "catch22_switch",
               "remove_cube": "catch22_remove_cube"}
SPECIAL_LABEL = {"roll_again": "AGAIN", "switch_places": "SWITCH", "remove_cube": "REMOVE"}
KIND_TEXT = {
    "path": "Path",
    "star": "Star",
    "jackpot": "Jackpot",
    "roll_again": "Roll Again",
    "switch_places": "Switch Places",
    "remove_cube": "Remove Cube",
    "out": "Hedge",
}
NEWS_COLOURS = {"steal": palette.TERRACOTTA, "jackpot": (176, 128, 30), "win": palette.TEAL,
                "stuck": palette.WOOD, "ransom": palette.PLUM, "refuse": palette.PLUM,
                "remove": palette.PLUM, "switch": palette.TEAL, "roll_again": palette.WOOD}
STEP_TIME = 0.13
DIE_TIME = 0.55
COIN_TIME = 0.85
LOG_ROWS = 30
PLAYER_RE = re.compile(r"\b([Pp])layer (\d+)\b")


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


class Catch22Scene(GameScene):
    """The Catch 22 table."""

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
        self.notes: dict[int, str] = {}
        self.gold_anchor: dict[int, tuple[int, int]] = {}
        self.last_grab = (0, 0)
        self.log_wait = 0.0
        self.kept_bottom = 0
        self._cubes: dict[tuple[int, int], pygame.Surface] = {}
        super().__init__(ctx, session)

    # -- seats ------------------------------------------------------------------------------
    def names(self, text: str) -> str:
        """Engine text with "player 2" replaced by the seat's name."""
        seats = self.session.seats

        def sub(m: re.Match[str]) -> str:
            i = int(m.group(2)) - 1
            return seats[i].name if 0 <= i < len(seats) else m.group(0)
        return PLAYER_RE.sub(sub, text)

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
            self._log_len = -1

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

    def pointer_up(self, pos: tuple[int, int]) -> bool:
        drag = self.drag
        assert drag is not None
        target = self.spot_at(pos) if drag.moved else None  # lit targets win while still held
        self.drag = None
        if not drag.moved:
            return self.click(drag.source)
        if target is None:
            self._slide_back(drag, "")
            return True
        actions = self.actions_for(drag.source, target)
        if len(actions) == 1:
            self.play(actions[0])
        elif len(actions) > 1:
            self.start_pick(target)
        else:
            self._slide_back(drag, self.refusal(drag.source, target))
        return True

    def click(self, source: Spot) -> bool:
        """A press and release on a piece without moving: a cube on the maze during a removal
        has one place to go (the tray), so a click takes it; other pieces show how to move."""
        state = self.session.state
        targets = state.legal_targets(source)
        if source[0] == "square" and len(targets) == 1:
            actions = self.actions_for(source, targets[0])
            if len(actions) == 1:
                self.play(actions[0])
                return True
        if source[0] == "pawn":
            self.tip("Click a lit square, or drag your cat onto it.")
        elif source[0] == "supply":
            self.tip("Drag a cube onto a path square.")
        return True

    def why_not_pick(self, spot: Spot) -> str:
        """The engine's reason when something that cannot move now is grabbed."""
        state = self.session.state
        view = self.view
        me = view["current"]
        phase = view["phase"]
        candidate = None
        if spot[0] == "supply":
            plain = self.first_plain()
            if plain is not None:
                candidate = state.candidate_action(spot, ("square", *plain))
        elif spot[0] == "square" and phase == "remove":
            candidate = state.candidate_action(spot, ("supply", me))
        elif spot[0] == "square" and phase == "prepare":
            self.tip("Drag a cube from your tray onto the path, or roll the die.")
            return ""
        elif spot[0] == "square":
            candidate = state.candidate_action(("pawn", me), spot)
        elif spot[0] == "pawn" and spot[1] == me and view["pawns"][me] is not None:
            candidate = state.candidate_action(("pawn", me), ("square", *view["pawns"][me]))
        elif spot[0] == "pawn" and phase == "switch":
            candidate = state.candidate_action(("pawn", me), spot)
        elif spot[0] == "pawn":
            return f"That is {self.seat_name(spot[1])}'s cat."
        if candidate is None:
            return ""
        reason = state.why_illegal(candidate)
        return self.names(reason) if reason else ""

    def refusal(self, source: Spot, target: Spot) -> str:
        return self.names(super().refusal(source, target))

    def first_plain(self) -> Optional[Cell]:
        """Any plain path cell (to ask the engine why the tray cannot be used now)."""
        for r in range(self.n):
            for c in range(self.n):
                if self.kind_at((r, c)) == "path":
                    return (r, c)
        return None

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
            btn = self.button(pygame.Rect(x, self.bottom.y + s(12), bw, s(40)), label, "#choice")
            self.choice_buttons[btn] = action
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
        events = _new_items(before.get("events", []), after["events"])
        fresh = after["rolls"] - before.get("rolls", after["rolls"])
        dice = [d[2] for d in after["dice"][len(after["dice"]) - fresh:]] if fresh > 0 else []
        index = len(self.session.log) - 1
        actor = self.session.log[-1].seat if self.session.log else before.get("current", 0)
        self.notes[index] = self.compose_note(action, actor, events, list(dice))
        for event in events:
            if event["kind"] in NEWS_COLOURS:
                self.news.append([self.names(event["text"]),
                                  NEWS_COLOURS[event["kind"]], 7.0])
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
        self.log_wait -= dt
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
    def describe(self, action: Action) -> str:
        """How an action reads on its own (the log when no richer note was kept)."""
        kind = action.kind
        a: Any = action
        if kind == "start":
            return f"starts on the {a.star} Star"
        if kind == "cube":
            return f"places a cube on {self.cell_name(a.row, a.col)}"
        if kind == "offer":
            return f"offers {self.seat_name(a.owner)} a cube back for {a.price} gold"
        if kind == "pay":
            return "pays the ransom"
        if kind == "refuse":
            return "refuses the ransom"
        if kind == "roll":
            return "rolls the die"
        if kind == "move":
            extra = {"star": " via a Star", "nostar": " avoiding Stars"}.get(a.route, "")
            return f"moves to {self.cell_name(a.row, a.col)}{extra}"
        if kind == "switch":
            return f"switches places with {self.seat_name(a.seat)}"
        if kind == "remove":
            return f"removes the cube on {self.cell_name(a.row, a.col)}"
        if kind == "leave":
            return "takes no cube"
        return self.names(str(action))

    def cell_name(self, row: int, col: int) -> str:
        return f"{'abcdefghijklmnopqrstuvwxyz'[col]}{row + 1}"

    def compose_note(self, action: Action, actor: int, events: list[JsonDict],
                     dice: list[int]) -> str:
        """The log line for an action: what was done and what followed (rolls, gold)."""
        parts = [self.describe(action)]
        if action.kind == "roll" and dice:
            parts[0] = f"rolls {dice.pop(0)}"
        for event in events:
            if event["kind"] in ("start", "roll_off", "first"):
                continue
            text = event["text"]
            prefix = f"Player {event['seat'] + 1} "
            if event["seat"] == actor and text.startswith(prefix):
                text = text[len(prefix):]
            text = self.names(text).rstrip(".")
            if event["kind"] == "stuck" and action.kind == "roll" and len(parts) == 1:
                parts[0] = text
                continue
            if event["kind"] in ("jackpot", "roll_again") and dice:
                text += f": {dice.pop(0)}"
            parts.append(text)
        return "; ".join(parts)

    def log_text(self, action: Action) -> str:
        return self.describe(action)

    def _update_log(self) -> None:
        """The move log with the kept notes (rolls, gold taken); while bots play fast it is
        rebuilt at most every few tenths of a second (rebuilding the text box is slow)."""
        log = self.session.log
        if self.log_box is None or len(log) == self._log_len:
            return
        if self.log_wait > 0 and log and self.session.seats[log[-1].seat].is_bot:
            return
        self.log_wait = 0.3
        self._log_len = len(log)
        rows = []
        start = max(1, len(log) - LOG_ROWS + 1)
        for i, entry in enumerate(log[-LOG_ROWS:], start):
            text = self.notes.get(i - 1) or self.log_text(entry.action)
            rows.append(f"<b>{i}.</b> {_html(self.seat_name(entry.seat))}: {_html(text)}")
        self.log_box.set_text("<b>" + tr("game.log") + "</b><br>" + "<br>".join(rows))
        if self.log_box.scroll_bar is not None:
            self.log_box.scroll_bar.set_scroll_from_start_percentage(1.0)

    def prompt_line(self) -> str:
        mover = self.session.to_move
        if mover is None or self.session.seats[mover].is_bot:
            return self.names(super().prompt_line())
        prompt = re.sub(r"^Player \d+: ", "", self.session.state.prompt())
        return tr("game.turn", name=self.seat_name(mover), prompt=self.names(prompt))

    # -- drawing: pieces ---------------------------------------------------------------------
    def draw_token(self, surface: pygame.Surface, seat: int, rect: pygame.Rect,
                   lifted: bool = False) -> None:
        """A cat pawn: the seat's cat in a ring of its colour with its symbol (small tokens are a
        coloured disc with the symbol, which stays readable)."""
        s = self.ctx.scale
        r = rect.w // 2
        centre = rect.center
        colour = self.seat_colour(seat)
        shadow = pygame.Surface((rect.w + 8, rect.h + 8), pygame.SRCALPHA)
        pygame.draw.circle(shadow, (0, 0, 0, 70 if lifted else 45), (r + 4, r + 7), r)
        surface.blit(shadow, (rect.x - 4, rect.y - 4 + (s(4) if lifted else 0)))
        if rect.w >= s(34):
            surface.blit(image(f"cat_{seat % 9}", rect.w, rect.h), rect.topleft)
            pygame.draw.circle(surface, colour, centre, int(r * 0.93), max(3, int(r * 0.2)))
            pygame.draw.circle(surface, palette.INK, centre, r, max(1, s(2)))
            br = max(7, int(r * 0.42))
            bc = (rect.right - br + int(r * 0.12), rect.bottom - br + int(r * 0.12))
            pygame.draw.circle(surface, colour, bc, br)
            pygame.draw.circle(surface, palette.INK, bc, br, max(1, s(2)))
            art = image(self.seat_symbol(seat), int(br * 1.25), int(br * 1.25))
            surface.blit(art, art.get_rect(center=bc))
        else:
            pygame.draw.circle(surface, colour, centre, r)
            pygame.draw.circle(surface, palette.PAPER, centre, max(2, r - max(2, r // 5)), max(1, r // 6))
            pygame.draw.circle(surface, palette.INK, centre, r, max(1, s(2)))
            art = image(self.seat_symbol(seat), int(r * 1.15), int(r * 1.15))
            surface.blit(art, art.get_rect(center=centre))

    def cube_image(self, seat: int, size: int) -> pygame.Surface:
        """The grey cube art tinted in the seat's colour, with its symbol on the top face."""
        key = (seat, size)
        if key not in self._cubes:
            surf = image("cube", size, size).copy()
            colour = self.seat_colour(seat)
            light = tuple(min(255, int(v * 1.12) + 14) for v in colour)
            surf.fill((*light, 255), special_flags=pygame.BLEND_RGBA_MULT)
            sym = image(self.seat_symbol(seat), max(6, int(size * 0.36)), max(6, int(size * 0.36)))
            surf.blit(sym, sym.get_rect(center=(int(size * 0.5), int(size * 0.3))))
            self._cubes[key] = surf
        return self._cubes[key]

    def draw_cube(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        surface.blit(self.cube_image(seat, rect.w), rect.topleft)

    def cube_rect(self, cell: Cell, with_pawn: bool) -> pygame.Rect:
        c = self.cell_rect(cell)
        if with_pawn:
            size = int(self.cell * 0.55)
            return pygame.Rect(c.x + int(self.cell * 0.02), c.bottom - size - int(self.cell * 0.02),
                               size, size)
        size = int(self.cell * 0.78)
        r = pygame.Rect(0, 0, size, size)
        r.center = c.center
        return r

    def draw_die(self, surface: pygame.Surface, rect: pygame.Rect, value: int,
                 border: tuple[int, int, int] = palette.INK, angle: float = 0.0,
                 dim: bool = False) -> None:
        """A die face with pips (value 0: blank)."""
        size = rect.w
        face = pygame.Surface((size, size), pygame.SRCALPHA)
        radius = max(3, size // 6)
        pygame.draw.rect(face, (255, 252, 246), face.get_rect(), border_radius=radius)
        pygame.draw.rect(face, border, face.get_rect(), max(2, size // 18), border_radius=radius)
        pips = {1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)],
                3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
                4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
                5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
                6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75),
                    (0.73, 0.75)]}
        for px, py in pips.get(value, []):
            pygame.draw.circle(face, palette.INK, (int(px * size), int(py * size)), max(2, size // 11))
        if dim:
            face.set_alpha(120)
        if angle:
            face = pygame.transform.rotozoom(face, angle, 1.0)
        shadow = pygame.Rect(0, 0, size, size)
        shadow.center = (rect.centerx + size // 16, rect.centery + size // 12)
        if not dim and not angle:
            pygame.draw.rect(surface, (120, 90, 70), shadow, border_radius=radius)
        surface.blit(face, face.get_rect(center=rect.center))

    def draw_piece(self, surface: pygame.Surface, spot: Spot, topleft: tuple[int, int],
                   lifted: bool = False) -> None:
        view = self.view
        if spot[0] == "pawn":
            rect = self.spot_rect(spot)
            if rect is not None:
                self.draw_token(surface, spot[1], pygame.Rect(topleft, rect.size), lifted)
        elif spot[0] == "supply":
            size = int(self.cell * 0.8)
            at = (topleft[0] + self.last_grab[0] - size // 2, topleft[1] + self.last_grab[1] - size // 2)
            self.draw_cube(surface, spot[1], pygame.Rect(at, (size, size)))
        elif spot[0] == "square":
            owner = next((o for r, c, o in view["cubes"] if (r, c) == (spot[1], spot[2])), None)
            if owner is not None:
                size = int(self.cell * 0.8)
                self.draw_cube(surface, owner, pygame.Rect(topleft, (size, size)))

    # -- drawing: the maze -------------------------------------------------------------------
    def build_static(self) -> pygame.Surface:
        """The printed board: hedges, gravel paths, stepping stones and printed square art."""
        s = self.ctx.scale
        fr = self.frame_rect
        surf = pygame.Surface(fr.size, pygame.SRCALPHA)
        ox, oy = self.origin[0] - fr.x, self.origin[1] - fr.y
        c = self.cell
        pygame.draw.rect(surf, HEDGE_DARK, surf.get_rect(), border_radius=s(14))
        inner = pygame.Rect(ox, oy, c * self.n, c * self.n)
        pygame.draw.rect(surf, HEDGE, inner)
        f = font(max(9, min(s(13), int((ox - 2) * 0.8))), bold=True)
        for i in range(self.n):
            letter = f.render("abcdefghijklmnopqrstuvwxyz"[i], True, (232, 240, 222))
            surf.blit(letter, letter.get_rect(center=(ox + i * c + c // 2, oy // 2)))
            number = f.render(str(i + 1), True, (232, 240, 222))
            surf.blit(number, number.get_rect(center=(ox // 2, oy + i * c + c // 2)))
        for r in range(self.n):
            for col in range(self.n):
                rect = pygame.Rect(ox + col * c, oy + r * c, c, c)
                if self.kind_at((r, col)) != "out":
                    pygame.draw.rect(surf, GRAVEL, rect)
        for r in range(self.n):
            for col in range(self.n):
                if self.kind_at((r, col)) == "out":
                    self.draw_bush(surf, pygame.Rect(ox + col * c, oy + r * c, c, c), r, col)
        for r in range(self.n):
            for col in range(self.n):
                kind = self.kind_at((r, col))
                if kind != "out":
                    tile = self.tile_rect((r, col)).move(-fr.x, -fr.y)
                    self.draw_tile(surf, tile, kind)
        pygame.draw.rect(surf, palette.WOOD, surf.get_rect(), max(2, s(3)), border_radius=s(14))
        return surf

    def draw_bush(self, surf: pygame.Surface, rect: pygame.Rect, r: int, col: int) -> None:
        c = rect.w
        seed = (r * 31 + col * 17) % 7
        for i, (dx, dy) in enumerate(((0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7), (0.5, 0.5))):
            shade = HEDGE_LIGHT if (i + seed) % 3 == 0 else HEDGE
            pygame.draw.circle(surf, shade, (rect.x + int(dx * c), rect.y + int(dy * c)),
                               int(c * (0.3 if i < 4 else 0.24)))
        if seed == 2:
            pygame.draw.circle(surf, palette.ROSE, (rect.x + int(c * 0.62), rect.y + int(c * 0.4)),
                               max(2, c // 12))
        elif seed == 5:
            pygame.draw.circle(surf, palette.PAPER, (rect.x + int(c * 0.35), rect.y + int(c * 0.62)),
                               max(2, c // 13))

    def draw_tile(self, surf: pygame.Surface, tile: pygame.Rect, kind: str) -> None:
        radius = max(3, tile.w // 6)
        if kind == "star":
            surf.blit(image("star_square", tile.w, tile.h), tile.topleft)
            return
        fill = SPECIAL_TINT.get(kind, STONE)
        pygame.draw.rect(surf, (150, 120, 80), tile.move(1, 2), border_radius=radius)
        pygame.draw.rect(surf, fill, tile, border_radius=radius)
        pygame.draw.rect(surf, STONE_EDGE, tile, max(1, tile.w // 28), border_radius=radius)
        if kind == "jackpot":
            art = int(tile.w * 0.78)
            surf.blit(image("jackpot", art, art), (tile.x + (tile.w - art) // 2, tile.y + tile.h - art))
        elif kind in SPECIAL_ART:
            show_label = tile.w >= 30
            art = int(tile.w * (0.66 if show_label else 0.84))
            top = tile.y + (tile.h - art) // 2 - (int(tile.h * 0.12) if show_label else 0)
            surf.blit(image(SPECIAL_ART[kind], art, art), (tile.centerx - art // 2, top))
            if show_label:
                f = font(max(7, int(tile.w * 0.2)), bold=True)
                text = f.render(SPECIAL_LABEL[kind], True, palette.INK)
                if text.get_width() > tile.w - 2:
                    text = pygame.transform.smoothscale(
                        text, (tile.w - 2, max(1, int(text.get_height() * (tile.w - 2) / text.get_width()))))
                surf.blit(text, text.get_rect(midbottom=(tile.centerx, tile.bottom - 1)))

    def draw_board(self, surface: pygame.Surface) -> None:
        if self.static is None:
            self.static = self.build_static()
        self.draw_column(surface)
        surface.blit(self.static, self.frame_rect.topleft)
        self.draw_pots(surface)
        mine = self.my_turn()
        held = self.drag.source if self.drag else None
        still = self.time_now() is None
        if mine and self.drag is None and still:
            self.draw_available(surface)
        self.draw_routes(surface)
        self.draw_cubes(surface, held)
        self.draw_pawns(surface, held)
        if mine and self.drag is None and still:
            self.draw_pickable(surface)
        self.draw_win(surface)

    def pulse(self) -> float:
        return 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 260.0)

    def draw_pots(self, surface: pygame.Surface) -> None:
        """Each Jackpot's gold left, on a coin in the corner of its square."""
        s = self.ctx.scale
        for cell, gold in self.shown_pots().items():
            tile = self.tile_rect(cell)
            if gold <= 0:
                veil = pygame.Surface(tile.size, pygame.SRCALPHA)
                veil.fill((*GRAVEL, 170))
                surface.blit(veil, tile.topleft)
            r = max(7, int(self.cell * 0.2))
            centre = (tile.right - r + s(2), tile.y + r - s(2))
            pygame.draw.circle(surface, GOLD if gold else (210, 200, 180), centre, r)
            pygame.draw.circle(surface, palette.INK, centre, r, max(1, s(2)))
            text = font(max(8, int(r * 1.25)), bold=True).render(str(gold), True, palette.INK)
            surface.blit(text, text.get_rect(center=centre))

    def move_targets(self) -> list[Cell]:
        return list(dict.fromkeys((m["to"][0], m["to"][1]) for m in self.view["moves"]))

    def draw_available(self, surface: pygame.Surface) -> None:
        """Before anything is picked up: where the current cat may go (squares or cats)."""
        s = self.ctx.scale
        me = self.view["current"]
        targets = self.session.state.legal_targets(("pawn", me))
        alpha = int(95 + 70 * self.pulse())
        hover = self.cell_at(self.pointer)
        for spot in targets:
            if spot[0] != "square":
                continue
            rect = self.tile_rect((spot[1], spot[2]))
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            strong = hover == (spot[1], spot[2]) or self.route_pick == (spot[1], spot[2])
            glow.fill((*palette.LEGAL, 190 if strong else alpha))
            surface.blit(glow, rect.topleft)
            pygame.draw.rect(surface, (60, 150, 70), rect.inflate(s(2), s(2)),
                             width=s(5) if strong else s(3), border_radius=s(8))
            if self.ctx.settings.colour_blind_marks:
                self.draw_tick(surface, rect)

    def draw_routes(self, surface: pygame.Surface) -> None:
        """The route to the hovered (or held-over, or being chosen) end square."""
        if self.view["phase"] != "move" or self.time_now() is not None:
            return
        goal = self.route_pick
        if goal is None and self.board.collidepoint(self.pointer):
            goal = self.cell_at(self.pointer)
        if goal is None:
            return
        routes = [m for m in self.view["moves"] if (m["to"][0], m["to"][1]) == goal]
        two = len(routes) > 1
        for m in routes:
            colour = (palette.MUSTARD if m["crosses_star"] else palette.TEAL) if two \
                else self.seat_colour(self.view["current"])
            self.draw_route(surface, m["route"], colour, offset=(3 if m["crosses_star"] else -3) if two else 0)
            if two:
                end = self.cell_rect(goal)
                label = "via a Star" if m["crosses_star"] else "avoiding Stars"
                f = font(max(10, self.ctx.scale(13)), bold=True)
                text = f.render(label, True, palette.PAPER)
                box = text.get_rect()
                box.midbottom = (end.centerx, end.y - self.ctx.scale(4) - (box.h + 6 if m["crosses_star"] else 0))
                pygame.draw.rect(surface, colour, box.inflate(10, 4), border_radius=6)
                surface.blit(text, box)

    def draw_route(self, surface: pygame.Surface, route: list[list[int]],
                   colour: tuple[int, int, int], offset: int = 0) -> None:
        s = self.ctx.scale
        points = [(self.cell_rect((r, c)).centerx + offset, self.cell_rect((r, c)).centery + offset)
                  for r, c in route]
        if len(points) < 2:
            return
        width = max(3, int(self.cell * 0.14))
        pygame.draw.lines(surface, palette.INK, False, points, width + s(4))
        pygame.draw.lines(surface, colour, False, points, width)
        f = font(max(8, int(self.cell * 0.26)), bold=True)
        for i, p in enumerate(points[1:], 1):
            rad = max(6, int(self.cell * 0.19))
            pygame.draw.circle(surface, palette.PAPER, p, rad)
            pygame.draw.circle(surface, colour, p, rad, max(2, s(2)))
            text = f.render(str(i), True, palette.INK)
            surface.blit(text, text.get_rect(center=p))

    def draw_cubes(self, surface: pygame.Surface, held: Optional[Spot]) -> None:
        pawns_at = {(p[0], p[1]) for p in self.view["pawns"] if p is not None}
        t = self.time_now()
        anim = self.stage("cube")
        for r, c, owner in self.view["cubes"]:
            if held == ("square", r, c):
                ghost = self.cube_rect((r, c), False)
                pygame.draw.rect(surface, (200, 190, 170), ghost.inflate(-ghost.w // 3, -ghost.h // 3),
                                 2, border_radius=4)
                continue
            rect = self.cube_rect((r, c), (r, c) in pawns_at)
            if anim is not None and not anim.data["out"] and anim.data["cell"] == [r, c] \
                    and anim.running(t):
                k = pytweening.easeOutBack(anim.progress(t))
                rect = rect.inflate(-int(rect.w * (1 - k)), -int(rect.h * (1 - k)))
                if rect.w < 4:
                    continue
            self.draw_cube(surface, owner, rect)
        if anim is not None and anim.data["out"] and anim.running(t):
            p = pytweening.easeInOutSine(anim.progress(t))
            start = self.cube_rect((anim.data["cell"][0], anim.data["cell"][1]), False)
            end = self.column_parts()["tray"]
            x = start.x + (end.centerx - start.centerx) * p
            y = start.y + (end.centery - start.centery) * p - math.sin(p * math.pi) * self.cell
            self.draw_cube(surface, anim.data["seat"], pygame.Rect(int(x), int(y), start.w, start.h))

    def draw_pawns(self, surface: pygame.Surface, held: Optional[Spot]) -> None:
        t = self.time_now()
        moving: dict[int, pygame.Rect] = {}
        walk, swap, start = self.stage("walk"), self.stage("swap"), self.stage("start")
        if walk is not None and walk.running(t):
            moving[walk.data["seat"]] = self.walk_rect(walk, t)
        if swap is not None and swap.running(t) and self.before:
            for seat in (swap.data["a"], swap.data["b"]):
                was, now = self.before["pawns"][seat], self.view["pawns"][seat]
                if was and now:
                    p = pytweening.easeInOutSine(swap.progress(t))
                    a, b = self.cell_rect(tuple(was)), self.cell_rect(tuple(now))
                    size = int(self.cell * 0.8)
                    rect = pygame.Rect(0, 0, size, size)
                    rect.center = (int(a.centerx + (b.centerx - a.centerx) * p),
                                   int(a.centery + (b.centery - a.centery) * p - math.sin(p * math.pi) * self.cell * 0.6))
                    moving[seat] = rect
        if start is not None and start.running(t):
            seat = start.data["seat"]
            now = self.view["pawns"][seat]
            if now:
                p = pytweening.easeInOutSine(start.progress(t))
                a, b = self.column_parts()["die"], self.cell_rect(tuple(now))
                size = int(a.w + (self.cell * 0.86 - a.w) * p)
                rect = pygame.Rect(0, 0, size, size)
                rect.center = (int(a.centerx + (b.centerx - a.centerx) * p),
                               int(a.centery + (b.centery - a.centery) * p))
                moving[seat] = rect
        rects = self.pawn_rects(frozenset(moving))
        for seat, rect in rects.items():
            if held == ("pawn", seat):
                pygame.draw.circle(surface, (200, 190, 170), rect.center, rect.w // 2, 2)
                continue
            self.draw_token(surface, seat, rect)
        for seat, rect in moving.items():
            self.draw_token(surface, seat, rect, lifted=True)
        me = self.view["current"]
        if (self.my_turn() and held is None and me in rects and me not in moving
                and ("pawn", me) in self.session.state.drag_sources()):
            rect = rects[me]
            width = max(2, int(self.ctx.scale(3) + self.ctx.scale(2) * self.pulse()))
            pygame.draw.circle(surface, self.seat_colour(me), rect.center,
                               rect.w // 2 + self.ctx.scale(4), width)
            pygame.draw.circle(surface, palette.INK, rect.center,
                               rect.w // 2 + self.ctx.scale(4) + width, 1)

    def walk_rect(self, walk: Stage, t: Optional[float]) -> pygame.Rect:
        route = walk.data["route"]
        steps = len(route) - 1
        pos = pytweening.easeInOutSine(walk.progress(t)) * steps
        i = min(int(pos), steps - 1)
        frac = pos - i
        a, b = self.cell_rect(tuple(route[i])), self.cell_rect(tuple(route[i + 1]))
        hop = math.sin(frac * math.pi) * self.cell * 0.18
        size = int(self.cell * 0.86)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (int(a.centerx + (b.centerx - a.centerx) * frac),
                       int(a.centery + (b.centery - a.centery) * frac - hop))
        return rect

    def draw_pickable(self, surface: pygame.Surface) -> None:
        """Rings on what may be clicked now: cats to switch with, cubes to take off."""
        s = self.ctx.scale
        phase = self.view["phase"]
        colour = (*palette.LEGAL, 255)
        width = max(2, int(s(3) + s(2) * self.pulse()))
        if phase == "switch":
            rects = self.pawn_rects()
            for spot in self.session.state.legal_targets(("pawn", self.view["current"])):
                if spot[0] == "pawn" and spot[1] in rects:
                    rect = rects[spot[1]]
                    pygame.draw.circle(surface, colour, rect.center, rect.w // 2 + s(5), width)
        elif phase == "remove":
            for spot in self.session.state.drag_sources():
                if spot[0] == "square":
                    rect = self.cell_rect((spot[1], spot[2]))
                    pygame.draw.rect(surface, (60, 150, 70), rect.inflate(s(2), s(2)), width,
                                     border_radius=s(8))
            tray = self.column_parts()["tray"]
            pygame.draw.rect(surface, colour, tray.inflate(s(4), s(4)), width, border_radius=s(10))
        elif phase == "prepare" and self.view["supply"][self.view["current"]]:
            tray = self.column_parts()["tray"]
            pygame.draw.rect(surface, colour, tray.inflate(s(4), s(4)), width, border_radius=s(10))

    def draw_win(self, surface: pygame.Surface) -> None:
        winner = self.view.get("winner")
        if winner is None:
            return
        at = self.view["pawns"][winner]
        if at is None:
            return
        rect = self.cell_rect((at[0], at[1]))
        for i in range(3):
            pygame.draw.circle(surface, palette.MUSTARD, rect.center, int(self.cell * (0.62 + 0.12 * i)),
                               max(2, self.ctx.scale(3)))

    # -- drawing: the column -----------------------------------------------------------------
    def draw_column(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        view = self.view
        parts = self.column_parts()
        pygame.draw.rect(surface, palette.FELT, self.column, border_radius=s(14))
        current = view["current"]
        header = parts["header"]
        turn = "Choosing Stars" if view["phase"] == "start" else f"Turn {view['turn']}"
        f = font(s(16), bold=True)
        text = f.render(turn, True, palette.INK)
        surface.blit(text, header.topleft)
        mover = view["to_move"] if view["to_move"] is not None else view.get("winner")
        if mover is not None and view["phase"] != "start":
            x = self.draw_mini_badge(surface, mover, (header.x + text.get_width() + s(16),
                                                      header.y + text.get_height() // 2))
            self.fit_text(surface, self.seat_name(mover),
                          pygame.Rect(x + s(5), header.y + s(2), header.right - x - s(5), header.h),
                          s(14), bold=True)
        self.draw_die_area(surface, parts)
        self.draw_tray(surface, parts, current)
        self.kept_bottom = self.draw_kept(surface, parts, current)
        self.draw_legend(surface, parts["legend"])
        self.draw_news(surface)

    def draw_die_area(self, surface: pygame.Surface, parts: dict[str, pygame.Rect]) -> None:
        s = self.ctx.scale
        view = self.view
        current = view["current"]
        caption = parts["die_caption"]
        fb = font(s(13), bold=True)
        waiting = self.waiting_rects()
        held = self.drag.source if self.drag else None
        if view["phase"] == "start" or waiting:
            for seat, rect in waiting.items():
                if held == ("pawn", seat):
                    pygame.draw.circle(surface, (200, 190, 170), rect.center, rect.w // 2, 2)
                    continue
                start = self.stage("start")
                if start is not None and start.running(self.time_now()) and start.data["seat"] == seat:
                    continue
                self.draw_token(surface, seat, rect)
            if view["phase"] == "start":
                lines = [f"{self.seat_name(current)}: pick a Star",
                         "Click a lit Star or drag the cat."]
                self.blit_text(surface, lines, caption.x, caption.y, caption.w, s(13),
                               bold_first=True)
                if len(waiting) > 1:
                    row = min(r.y for seat, r in waiting.items() if seat != current)
                    label = font(s(12)).render("then:", True, palette.WOOD)
                    surface.blit(label, (caption.x, row - label.get_height() - s(1)))
            return
        t = self.time_now()
        die = next((st for st in self.stages if st.kind == "die" and st.running(t)), None)
        rect = parts["die"]
        roll = self.roll_action() if self.my_turn() else None
        if roll is not None:
            glow = int(s(4) + s(4) * self.pulse())
            pygame.draw.rect(surface, palette.LEGAL, rect.inflate(glow * 2, glow * 2),
                             border_radius=s(16))
        if die is not None and die.progress(t) > 0:
            p = die.progress(t)
            if p < 1:
                face = 1 + int((t or 0.0) * 23) % 6 if p < 0.8 else die.data["value"]
                bounce = int(abs(math.sin(p * math.pi * 3)) * (1 - p) * s(18))
                self.draw_die(surface, rect.move(0, -bounce), face, self.seat_colour(die.data["seat"]),
                              angle=(1 - p) * 540)
            else:
                self.draw_die(surface, rect, die.data["value"], self.seat_colour(die.data["seat"]))
            return
        value, roller, dim = self.die_shown()
        if die is not None and self.before:
            value = self.before.get("die", 0) or value
            roller = self.before.get("current", roller)
        if roll is not None and die is None:
            self.draw_die(surface, rect, 0, self.seat_colour(current))
            text = fb.render("ROLL", True, palette.INK)
            surface.blit(text, text.get_rect(center=rect.center))
            lines = ["Click the die or press Space", "to roll."]
        elif value:
            self.draw_die(surface, rect, value, self.seat_colour(roller), dim=dim)
            if view["phase"] == "move":
                lines = [f"{self.seat_name(current)} rolled {value}:",
                         f"move exactly {value} squares."]
            else:
                lines = [f"Last roll: {value}", f"by {self.seat_name(roller)}"]
        else:
            self.draw_die(surface, rect, 0, palette.WOOD, dim=True)
            lines = ["No roll yet."]
        self.blit_text(surface, lines, caption.x, caption.y, caption.w, s(13))

    def die_shown(self) -> tuple[int, int, bool]:
        """(value, roller, dimmed) for the die at rest: this turn's roll, else the last one."""
        view = self.view
        if view["die"]:
            return view["die"], view["current"], False
        played = [d for d in view["dice"] if d[0] > 0]
        if played:
            return played[-1][2], played[-1][1], True
        return 0, view["current"], True

    def blit_text(self, surface: pygame.Surface, lines: list[str], x: int, y: int, width: int,
                  size: int, colour: tuple[int, int, int] = palette.INK, bold_first: bool = False,
                  centre: bool = False) -> int:
        for i, line in enumerate(lines):
            f = font(size, bold=bold_first and i == 0)
            for part in wrap(line, f, width):
                img = f.render(part, True, colour)
                if centre:
                    surface.blit(img, img.get_rect(midtop=(x + width // 2, y)))
                else:
                    surface.blit(img, (x, y))
                y += f.get_linesize()
        return y

    def draw_tray(self, surface: pygame.Surface, parts: dict[str, pygame.Rect], current: int) -> None:
        s = self.ctx.scale
        tray = parts["tray"]
        supply = self.view["supply"][current]
        shown = supply - (1 if self.drag and self.drag.source == ("supply", current) else 0)
        title = f"{self.seat_name(current)}'s cubes: {supply}"
        self.fit_text(surface, title, parts["tray_title"], s(14), bold=True)
        pygame.draw.rect(surface, (206, 186, 160), tray, border_radius=s(10))
        pygame.draw.rect(surface, palette.WOOD, tray, max(1, s(2)), border_radius=s(10))
        size = self.tray_cube_size()
        gap = max(1, (tray.w - s(8) - 5 * size) // 4)
        for i in range(max(0, shown)):
            x = tray.x + s(4) + (i % 5) * (size + gap)
            self.draw_cube(surface, current, pygame.Rect(x, tray.y + s(6), size, size))
        if self.view["phase"] == "remove" and self.my_turn():
            self.blit_text(surface, ["drop a cube here"], tray.x + (tray.w // 2 if shown else 0),
                           tray.centery - s(8), tray.w // (2 if shown else 1), s(13),
                           palette.INK, centre=True)
        elif supply == 0:
            self.blit_text(surface, ["none left"], tray.x, tray.centery - s(8), tray.w, s(13),
                           palette.WOOD, centre=True)

    def fit_text(self, surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
                 bold: bool = False, colour: tuple[int, int, int] = palette.INK) -> None:
        f = font(size, bold=bold)
        if f.size(text)[0] > rect.w:
            while len(text) > 1 and f.size(text + "…")[0] > rect.w:
                text = text[:-1]
            text = text.rstrip() + "…"
        surface.blit(f.render(text, True, colour), rect.topleft)

    def draw_kept(self, surface: pygame.Surface, parts: dict[str, pygame.Rect], current: int) -> int:
        """Opponents' cubes this player holds, and the ransom offers they may make (or a pending
        offer, or the cats a Switch Places may choose); returns the bottom of what it drew."""
        s = self.ctx.scale
        area = parts["kept"]
        view = self.view
        offer = view.get("offer")
        if offer:
            box = pygame.Rect(area.x, area.y, area.w, s(86))
            pygame.draw.rect(surface, palette.PAPER, box, border_radius=s(10))
            pygame.draw.rect(surface, palette.PLUM, box, max(1, s(2)), border_radius=s(10))
            lines = [(f"{self.seat_name(offer['from'])} offers {self.seat_name(offer['owner'])}"
                      f" a cube back for {offer['price']} gold."),
                     f"{self.seat_name(offer['owner'])}: pay or refuse (buttons below)."]
            self.blit_text(surface, lines, box.x + s(8), box.y + s(6), box.w - s(16), s(13),
                           bold_first=True)
            return box.bottom
        rows = self.switch_rows()
        if rows:
            self.fit_text(surface, "Switch places with:", area, s(14), bold=True)
            for seat, rect in rows:
                hover = rect.collidepoint(self.pointer)
                pygame.draw.rect(surface, palette.PAPER, rect, border_radius=s(10))
                pygame.draw.rect(surface, (60, 150, 70), rect, s(3) if hover else s(2),
                                 border_radius=s(10))
                token = pygame.Rect(rect.x + s(4), rect.y + s(3), rect.h - s(6), rect.h - s(6))
                self.draw_token(surface, seat, token)
                where = view["pawns"][seat]
                label = self.seat_name(seat) + (f" ({self.cell_name(*where)})" if where else "")
                self.fit_text(surface, label, pygame.Rect(token.right + s(8), rect.y + s(10),
                                                          rect.right - token.right - s(12), s(20)),
                              s(14), bold=True)
            return rows[-1][1].bottom
        kept = view["kept"][current]
        if not any(kept):
            return area.y
        self.fit_text(surface, "Rivals' cubes held:", area, s(14), bold=True)
        x = area.x
        y = area.y + s(22)
        size = s(22)
        f = font(s(13), bold=True)
        for owner, count in enumerate(kept):
            if count:
                self.draw_cube(surface, owner, pygame.Rect(x, y, size, size))
                text = f.render(f"×{count}", True, palette.INK)
                surface.blit(text, (x + size + s(2), y + s(2)))
                x += size + text.get_width() + s(10)
        offers = self.offers()
        for owner, row, minus, plus, button in self.ransom_rows():
            chosen = self.price_for(owner, offers[owner])
            self.blit_text(surface, [self.ransom_title(owner)], row.x, row.y, row.w, s(13),
                           bold_first=True)
            for rect, sign in ((minus, "−"), (plus, "+")):
                pygame.draw.rect(surface, palette.PAPER, rect, border_radius=s(6))
                pygame.draw.rect(surface, palette.WOOD, rect, max(1, s(2)), border_radius=s(6))
                text = font(s(16), bold=True).render(sign, True, palette.INK)
                surface.blit(text, text.get_rect(center=rect.center))
            price = font(s(14), bold=True).render(f"{chosen.price} gold", True, palette.INK)  # type: ignore[attr-defined]
            mid = pygame.Rect(minus.right, minus.y, plus.x - minus.right, minus.h)
            surface.blit(price, price.get_rect(center=mid.center))
            pygame.draw.rect(surface, palette.PLUM, button, border_radius=s(8))
            text = font(s(13), bold=True).render("Offer", True, palette.PAPER)
            surface.blit(text, text.get_rect(center=button.center))
            y = max(y, row.bottom)
        return y + size

    def draw_legend(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s = self.ctx.scale
        self.fit_text(surface, "Squares", rect, s(14), bold=True)
        rows = [("star_square", f"Star: win with {self.view['threshold']} gold"),
                ("jackpot", "Jackpot: gold, roll again"),
                (SPECIAL_ART["roll_again"], "Roll again"),
                (SPECIAL_ART["switch_places"], "Switch places"),
                (SPECIAL_ART["remove_cube"], "Remove a cube"),
                ("cube", "Cube: blocks rivals")]
        y = rect.y + s(22)
        size = s(20)
        for art, text in rows:
            if art in SPECIAL_ART.values():
                kind = next(k for k, v in SPECIAL_ART.items() if v == art)
                pygame.draw.rect(surface, SPECIAL_TINT[kind], (rect.x, y, size, size), border_radius=s(4))
            surface.blit(image(art, size, size), (rect.x, y))
            self.fit_text(surface, text, pygame.Rect(rect.x + size + s(6), y + s(1), rect.w - size - s(6), size),
                          s(12))
            y += s(22)

    # -- drawing: side panel -----------------------------------------------------------------
    def side_layout(self, rect: pygame.Rect) -> tuple[int, int, int]:
        """(row height, rows top, dice top) for the side panel above the move log."""
        s = self.ctx.scale
        bottom = (self.log_box.rect.y - s(6)) if self.log_box is not None else rect.bottom
        dice_h = s(24) + s(22) * 3
        top = rect.y + s(24)
        n = max(1, self.view["players"])
        row_h = max(s(30), min(s(50), (bottom - top - dice_h - s(6)) // n))
        return row_h, top, bottom - dice_h

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s = self.ctx.scale
        view = self.view
        gold = self.shown_gold()
        threshold = view["threshold"]
        row_h, y, dice_top = self.side_layout(rect)
        self.fit_text(surface, f"Gold  ·  enter a Star with {threshold} to win", rect, s(14), bold=True)
        mover = view["to_move"]
        bar_w = max(s(40), rect.w // 3)
        for seat in range(view["players"]):
            row = pygame.Rect(rect.x - s(4), y, rect.w + s(8), row_h - s(4))
            if seat == mover:
                pygame.draw.rect(surface, palette.PAPER, row, border_radius=s(8))
                pygame.draw.rect(surface, self.seat_colour(seat), row, max(2, s(3)), border_radius=s(8))
            cy = row.y + min(row.h // 2, s(18))
            right = self.draw_badge(surface, seat, (row.x + s(6), cy))
            coin = s(20)
            gx = row.right - bar_w - coin - s(40)
            name_right = gx
            if row_h < s(40):  # no room for a second line: cubes in supply beside the gold
                cube = s(16)
                name_right = gx - cube - s(26)
                self.draw_cube(surface, seat, pygame.Rect(name_right + s(2), cy - cube // 2, cube, cube))
                count = font(s(13), bold=True).render(str(view["supply"][seat]), True, palette.INK)
                surface.blit(count, count.get_rect(midleft=(name_right + cube + s(4), cy)))
            name_rect = pygame.Rect(right + s(6), cy - s(10), name_right - right - s(10), s(22))
            self.fit_text(surface, self.seat_name(seat), name_rect, s(15), bold=seat == mover)
            surface.blit(image("coin", coin, coin), (gx, cy - coin // 2))
            text = font(s(17), bold=True).render(str(gold[seat]), True, palette.INK)
            surface.blit(text, text.get_rect(midleft=(gx + coin + s(4), cy)))
            self.gold_anchor[seat] = (gx + coin // 2, cy)
            bar = pygame.Rect(row.right - bar_w - s(6), cy - s(5), bar_w, s(10))
            pygame.draw.rect(surface, (206, 186, 160), bar, border_radius=s(5))
            filled = bar.copy()
            filled.w = int(bar.w * min(1.0, gold[seat] / max(1, threshold)))
            if filled.w:
                pygame.draw.rect(surface, palette.MUSTARD, filled, border_radius=s(5))
            pygame.draw.rect(surface, palette.INK, bar, 1, border_radius=s(5))
            if gold[seat] >= threshold:
                star = image("star_square", s(20), s(20))
                surface.blit(star, star.get_rect(center=(bar.right - s(6), cy)))
            if row_h >= s(40):
                self.draw_row_cubes(surface, seat, row.x + s(44), cy + s(14), row.right - s(6))
            y += row_h
        self.draw_dice_history(surface, pygame.Rect(rect.x, dice_top, rect.w, rect.bottom - dice_top))

    def draw_row_cubes(self, surface: pygame.Surface, seat: int, x: int, y: int, right: int) -> None:
        """A player's cubes in supply (their colour) and rivals' cubes they hold."""
        s = self.ctx.scale
        size = s(14)
        f = font(s(11))
        supply = self.view["supply"][seat]
        label = f.render(f"{supply} in supply", True, palette.INK)
        self.draw_cube(surface, seat, pygame.Rect(x, y - size // 2 + s(1), size, size))
        surface.blit(label, (x + size + s(3), y - label.get_height() // 2))
        x += size + label.get_width() + s(10)
        for owner, count in enumerate(self.view["kept"][seat]):
            if count and x + size * 2 < right:
                self.draw_cube(surface, owner, pygame.Rect(x, y - size // 2 + s(1), size, size))
                text = f.render(f"×{count} held", True, palette.INK)
                surface.blit(text, (x + size + s(2), y - text.get_height() // 2))
                x += size + text.get_width() + s(8)

    def draw_dice_history(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The last turns' rolls, each turn on a line with the roller's badge."""
        s = self.ctx.scale
        self.fit_text(surface, "Dice", rect, s(14), bold=True)
        turns: list[tuple[int, int, list[int]]] = []
        for turn, seat, value in self.view["dice"]:
            if turn == 0:
                continue
            if turns and turns[-1][0] == turn and turns[-1][1] == seat:
                turns[-1][2].append(value)
            else:
                turns.append((turn, seat, [value]))
        t = self.time_now()
        hidden = sum(1 for st in self.stages if st.kind == "die" and st.progress(t) < 1) if t is not None else 0
        if hidden and turns:
            values = turns[-1][2][:max(0, len(turns[-1][2]) - hidden)]
            turns[-1] = (turns[-1][0], turns[-1][1], values)
        y = rect.y + s(22)
        f = font(s(12))
        if not turns:
            rolls = [d for d in self.view["dice"] if d[0] == 0]
            if rolls:
                text = f.render("Roll-off (highest starts):", True, palette.WOOD)
                surface.blit(text, (rect.x, y))
                y += s(20)
                x = rect.x
                for _turn, seat, value in rolls:
                    if x + s(50) > rect.right:
                        x, y = rect.x, y + s(24)
                    x = self.draw_mini_badge(surface, seat, (x + s(9), y + s(10))) + s(3)
                    self.draw_die(surface, pygame.Rect(x, y, s(20), s(20)), value, self.seat_colour(seat))
                    x += s(30)
            return
        label_w = f.size(f"T{turns[-1][0]}")[0] + s(4)
        for turn, seat, values in turns[-3:]:
            text = f.render(f"T{turn}", True, palette.WOOD)
            surface.blit(text, (rect.x, y + s(3)))
            x = self.draw_mini_badge(surface, seat, (rect.x + label_w + s(9), y + s(10)))
            x += s(6)
            for value in values[-8:]:
                self.draw_die(surface, pygame.Rect(x, y, s(20), s(20)), value, self.seat_colour(seat))
                x += s(24)
            y += s(22)

    def draw_mini_badge(self, surface: pygame.Surface, seat: int, centre: tuple[int, int]) -> int:
        """A small badge (the dice panel); returns its right edge."""
        r = self.ctx.scale(9)
        self.seat_disc(surface, seat, centre, r, ring_width=1)
        return centre[0] + r

    # -- overlays ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_coins(surface)
        self.draw_hint_bar(surface)
        if self.drag is None and self.time_now() is None:
            self.draw_tooltip(surface)

    def draw_coins(self, surface: pygame.Surface) -> None:
        t = self.time_now()
        for st in self.stages:
            if st.kind != "coins" or not st.running(t) or st.progress(t) <= 0:
                continue
            if "from_cell" in st.data:
                start = self.cell_rect(tuple(st.data["from_cell"])).center
            else:
                start = self.gold_anchor.get(st.data["from_seat"], self.board.center)
            end = self.gold_anchor.get(st.data["to"], self.side.center)
            count = max(1, min(10, st.data["count"]))
            size = max(14, int(self.cell * 0.5))
            for i in range(count):
                delay = i * 0.35 / count
                p = (st.progress(t) - delay) / max(0.01, 1 - 0.35)
                if p <= 0 or p >= 1:
                    continue
                k = pytweening.easeInOutQuad(p)
                x = start[0] + (end[0] - start[0]) * k
                y = start[1] + (end[1] - start[1]) * k - math.sin(k * math.pi) * self.cell * 1.5
                surface.blit(image("coin", size, size), (int(x) - size // 2, int(y) - size // 2))

    def draw_news(self, surface: pygame.Surface) -> None:
        """Steals, Jackpots, the win: short notes in the column, above the legend."""
        s = self.ctx.scale
        parts = self.column_parts()
        y = parts["legend"].y - s(8)
        f = font(s(13), bold=True)
        width = self.column.w - s(20)
        for text, colour, left in reversed(self.news):
            lines = wrap(text, f, width - s(16))
            h = len(lines) * f.get_linesize() + s(10)
            if y - h < self.kept_bottom:
                break
            box = pygame.Rect(0, 0, width, h)
            box.midbottom = (self.column.centerx, y)
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            alpha = int(240 * min(1.0, left / 0.8))
            pygame.draw.rect(panel, (*colour, alpha), panel.get_rect(), border_radius=s(10))
            surface.blit(panel, box.topleft)
            ty = box.y + s(5)
            for line in lines:
                img = f.render(line, True, palette.PAPER)
                img.set_alpha(alpha)
                surface.blit(img, img.get_rect(midtop=(box.centerx, ty)))
                ty += f.get_linesize()
            y = box.y - s(6)

    def draw_hint_bar(self, surface: pygame.Surface) -> None:
        """What to do now, in words, next to the buttons under the table."""
        s = self.ctx.scale
        x = self.bottom.x + s(12)
        for btn in self.choice_buttons:
            x = max(x, btn.rect.right + s(14))
        width = self.bottom.right - x - s(12)
        if width < s(120):
            return
        text = self.tip_text if self.tip_time > 0 else self.hint()
        if not text:
            return
        f = font(s(14))
        lines = wrap(text, f, width)[:2]
        y = self.bottom.centery - len(lines) * f.get_linesize() // 2
        for line in lines:
            surface.blit(f.render(line, True, palette.INK if self.tip_time <= 0 else palette.TEAL),
                         (x, y))
            y += f.get_linesize()

    def hint(self) -> str:
        view = self.view
        mover = view["to_move"]
        if mover is None:
            return ""
        if self.session.seats[mover].is_bot:
            return f"{self.seat_name(mover)} is playing…"
        if not self.my_turn():
            return ""
        return {
            "start": "Click a lit Star (or drag your cat onto it) to start there.",
            "prepare": self.prepare_hint(),
            "ransom": "Pay to get your cube back, or refuse.",
            "move": "Click a lit square or drag your cat there; hover a square to see the route.",
            "switch": "Click the cat you want to switch places with (on the maze or in the list).",
            "remove": "Click a cube (or drag it to the tray) to take it off the board.",
        }.get(view["phase"], "")

    def prepare_hint(self) -> str:
        view = self.view
        parts = []
        if view["supply"][view["current"]]:
            parts.append("Drag cubes from your tray onto the path to block rivals")
        if self.offers():
            parts.append("offer a kept cube back for gold (left)")
        if not parts:
            return "Roll the die: click it or press Space."
        text = ", or ".join(parts) + "; then roll (Space)."
        return text[0].upper() + text[1:]

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """What the hovered square is."""
        s = self.ctx.scale
        cell = self.cell_at(self.pointer)
        if cell is None or not self.board.collidepoint(self.pointer):
            return
        kind = self.kind_at(cell)
        if kind == "out" or (self.view["phase"] == "move" and cell in self.move_targets()):
            return
        view = self.view
        lines = [f"{self.cell_name(*cell)} · {KIND_TEXT.get(kind, kind)}"]
        if kind == "jackpot":
            gold = self.shown_pots().get(cell, 0)
            lines.append(f"{gold} gold left" if gold else "empty")
        elif kind == "star":
            name = next((n for n, rc in view["stars"].items() if tuple(rc) == cell), "")
            lines.append(f"the {name} Star" if name else "")
        for r, c, owner in view["cubes"]:
            if (r, c) == cell:
                lines.append(f"{self.seat_name(owner)}'s cube")
        here = [seat for seat, p in enumerate(view["pawns"]) if p is not None and tuple(p) == cell]
        if here:
            lines.append(", ".join(self.seat_name(x) for x in here))
        lines = [line for line in lines if line]
        f = font(s(13))
        w = max(f.size(line)[0] for line in lines) + s(16)
        h = len(lines) * f.get_linesize() + s(8)
        box = pygame.Rect(self.pointer[0] + s(16), self.pointer[1] + s(18), w, h)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, palette.PAPER, box, border_radius=s(6))
        pygame.draw.rect(surface, palette.WOOD, box, 1, border_radius=s(6))
        y = box.y + s(4)
        for i, line in enumerate(lines):
            img = font(s(13), bold=i == 0).render(line, True, palette.INK)
            surface.blit(img, (box.x + s(8), y))
            y += f.get_linesize()
