"""Cat Between Us board geometry: the room cards of the interest track, the toys with their two
lure places, the hand and its total box, the players' rows in the side panel; what lies under the
pointer (exactly the engine's drag_of spots: ("hand", card) and ("toy", toy))."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

import pygame
import pytweening  # type: ignore[import-untyped]

from cats.core import Spot
from screens import palette
from screens.table.board import Board, BoardContext, Ui
from screens.table.pointer import Point

if TYPE_CHECKING:
    from cats.session import Seat

JsonDict = dict[str, Any]

# Each suit's toy art and colour (told apart by picture and name as well as colour).
SUIT_ART = {"mouse": "toy_1", "yarn": "toy_0", "feather": "toy_2", "fish": "toy_3",
            "bell": "toy_4", "laser": "between_laser"}
SUIT_COLOUR = palette.Named(
    mouse=lambda: palette.PLUM, yarn=lambda: palette.ROSE, feather=lambda: palette.TEAL,
    fish=lambda: palette.TERRACOTTA, bell=lambda: palette.MUSTARD, laser=lambda: palette.SAGE)
ROOMS = 4
ROOM_WALLS = ((240, 226, 204), (226, 234, 216), (243, 223, 218), (222, 233, 232))
SHELF_KEYS = ("between.shelf.start", "between.shelf.one", "between.shelf.two",
              "between.shelf.crown")
CARD_RATIO = 1.4  # height / width of a lure card
# The Nuzzle reveal, in seconds at normal speed: totals count up, then the interest markers
# slide, then the winners' progress markers climb a shelf; the result then stays a while.
NUZZLE_SECONDS = 7.0
COUNT = (0.4, 1.8)
SLIDE = (1.8, 3.0)
CLIMB = (3.0, 3.8)
CAT = (4.0, 4.8)  # then the cat walks to the next round's number
SLIDE_SECONDS = 0.35
DIM = (120, 100, 86)




@dataclass(frozen=True)
class BetweenUi(Ui):
    """Cat Between Us's UI facts: the engine's preview of the held lure over the toy under the
    pointer, a lure in flight, the Nuzzle reveal's progress and where it started from."""

    preview: Optional[tuple[int, bool]] = None  # the viewer's total, passed the cat
    slide: Optional[tuple[int, int, Point]] = None  # toy, place, where the card is now
    nuzzle: float = 1.0  # 0..1 through the Nuzzle reveal; 1 when it is not running
    nuzzle_from: Mapping[str, list[int]] = field(default_factory=dict)
    reveal: bool = False  # the Nuzzle panel is up
    humans: bool = True  # some seat is played by a person
    mover: Optional[int] = None


class BetweenLayout(Board):
    """Where everything on the Cat Between Us table is."""

    ui: BetweenUi

    def __init__(self, ctx: BoardContext, seats: Sequence["Seat"]) -> None:
        super().__init__(ctx, seats)
        self.side = pygame.Rect(0, 0, 1, 1)
        self.header = pygame.Rect(0, 0, 1, 1)
        self.rooms: list[pygame.Rect] = []
        self.shelf_h = self.lane_h = self.num_h = self.cat_h = 1
        self.toys_area = pygame.Rect(0, 0, 1, 1)
        self.toy_cols: list[pygame.Rect] = []
        self.toy_cards: list[pygame.Rect] = []
        self.slots: list[list[pygame.Rect]] = []
        self.hand_area = pygame.Rect(0, 0, 1, 1)
        self.hand_card = (1, 1)
        self.total_box = pygame.Rect(0, 0, 1, 1)
        self.ui = BetweenUi()

    # -- the Nuzzle's timing ------------------------------------------------------------------
    @staticmethod
    def phase(p: float, start: float, end: float) -> float:
        """Progress through the stretch [start, end] seconds of the reveal, eased, 0..1."""
        start, end = start / NUZZLE_SECONDS, end / NUZZLE_SECONDS
        if p <= start:
            return 0.0
        if p >= end:
            return 1.0
        return float(pytweening.easeInOutCubic((p - start) / (end - start)))

    def layout(self, rect: pygame.Rect) -> None:
        self.area = rect.copy()
        s = self.ctx.scale
        b = self.area.inflate(-s(20), -s(12))
        n = len(self.seats)
        self.header = pygame.Rect(b.x, b.y, b.w, s(30))
        self.shelf_h = s(32)
        self.num_h = s(15)
        self.cat_h = s(28)
        self.lane_h = max(s(14), min(s(30), int(b.h * 0.2 / n)))
        track_h = self.shelf_h + n * self.lane_h + self.num_h + s(6)
        gap = s(6)
        room_w = (b.w - gap * (ROOMS - 1)) // ROOMS
        top = self.header.bottom + s(6)
        self.rooms = [pygame.Rect(b.x + i * (room_w + gap), top, room_w, track_h)
                      for i in range(ROOMS)]
        y = top + track_h + self.cat_h + s(6)
        # The hand: cards sized so that eight fit side by side; bigger hands fan out.
        total_w = s(170)
        room = b.w - total_w - s(14)
        card_w = max(s(40), min(s(112), (room - 7 * s(8)) // 8))
        card_h = int(card_w * CARD_RATIO)
        hand_h = card_h + s(30)
        self.hand_card = (card_w, card_h)
        self.hand_area = pygame.Rect(b.x, b.bottom - hand_h, b.w, hand_h)
        self.total_box = pygame.Rect(self.hand_area.right - total_w, self.hand_area.y + s(24),
                                     total_w, hand_h - s(24))
        self.toys_area = pygame.Rect(b.x, y, b.w, self.hand_area.y - s(10) - y)
        cw = b.w / 6
        self.toy_cols, self.toy_cards, self.slots = [], [], []
        for t in range(6):
            col = pygame.Rect(int(b.x + t * cw + s(4)), self.toys_area.y, int(cw - s(8)),
                              self.toys_area.h)
            self.toy_cols.append(col)
            # The two lures go side by side under the toy; the toy card takes the height
            # left (up to a little taller than wide) and the block is centred in the column.
            sw = max(s(16), min((col.w - s(14)) // 2, int((col.h - col.w * 0.85 - s(24)) / CARD_RATIO)))
            sh = int(sw * CARD_RATIO)
            th = min(col.h - sh - s(24), int(col.w * 1.05))
            spare = max(0, col.h - th - sh - s(24))
            col.y += spare // 2
            x0 = col.centerx - sw - s(3)
            sy = col.y + th + s(8)
            pair = [pygame.Rect(x0, sy, sw, sh), pygame.Rect(x0 + sw + s(6), sy, sw, sh)]
            col.h = th + sh + s(24)
            self.toy_cards.append(pygame.Rect(col.x, col.y, col.w, th))
            self.slots.append(pair)

    def space_x(self, space: float) -> float:
        """The x of a track space's centre (fractions slide between spaces)."""
        top = self.view.get("track_top", 35)
        per = (top + 1) // ROOMS
        space = max(0.0, min(float(space), float(top)))
        low = int(space)
        high = min(low + 1, top)

        def centre(k: int) -> float:
            room = self.rooms[min(k // per, ROOMS - 1)]
            inner = room.inflate(-self.ctx.scale(8), 0)
            return float(inner.x + (k % per + 0.5) * inner.w / per)

        return centre(low) + (centre(high) - centre(low)) * (space - low)

    def space_w(self) -> float:
        """The width of one track space."""
        per = (self.view.get("track_top", 35) + 1) // ROOMS
        return float((self.rooms[0].w - self.ctx.scale(8)) / per)

    def lane_y(self, seat: int) -> int:
        return self.rooms[0].y + self.shelf_h + seat * self.lane_h + self.lane_h // 2

    def hand_slots(self) -> list[tuple[Spot, pygame.Rect]]:
        """The viewer's hand cards, left to right."""
        hand = self.view.get("hand") or []
        if not hand:
            return []
        s = self.ctx.scale
        area = self.hand_area
        w, h = self.hand_card
        room = self.total_box.x - s(14) - area.x
        step = w + s(8)
        if len(hand) > 1 and step * (len(hand) - 1) + w > room:
            step = max(s(14), (room - w) // (len(hand) - 1))
        return [(("hand", c["id"]), pygame.Rect(area.x + i * step, area.y + s(26), w, h))
                for i, c in enumerate(hand)]

    # -- spots (exactly the engine's drag_of spots: ("hand", card) and ("toy", toy)) ----------
    def spot_at(self, pos: Point) -> Optional[Spot]:
        for spot, rect in reversed(self.hand_slots()):
            if rect.collidepoint(pos):
                return spot
        for t, col in enumerate(self.toy_cols):
            if col.collidepoint(pos):
                return ("toy", t)
        return None

    def spot_rect(self, spot: Spot) -> Optional[pygame.Rect]:
        if spot[0] == "toy" and 0 <= spot[1] < len(self.toy_cols):
            return self.toy_cols[spot[1]]
        for slot, rect in self.hand_slots():
            if slot == spot:
                return rect
        return None

    def card_of(self, spot: Spot) -> Optional[JsonDict]:
        return next((c for c in self.view.get("hand") or [] if ("hand", c["id"]) == spot), None)

    def side_rows(self, rect: pygame.Rect) -> list[pygame.Rect]:
        """The players' rows in the side panel."""
        s = self.ctx.scale
        n = len(self.seats)
        bottom = self.side.bottom - self.side.h // 2 - s(14)
        top = rect.y + self.ctx.line(26)
        row_h = max(s(30), min(self.ctx.line(46), (bottom - top) // max(1, n)))
        return [pygame.Rect(rect.x, top + i * row_h, rect.w, row_h - s(4)) for i in range(n)]

    def seat_anchor(self, seat: int) -> Point:
        """Where a card played by ``seat`` flies in from: their row in the side panel."""
        rows = self.side_rows(self.side.inflate(-self.ctx.scale(20), -self.ctx.scale(20)))
        if seat < len(rows):
            return rows[seat].midleft
        return (self.side.x, self.side.y)

    def cat_space(self) -> float:
        """Where the cat token stands: on last round's number while the Nuzzle is told, then
        walking to this round's number."""
        now = self.view["cat"]
        last = self.view.get("last_round")
        p = self.ui.nuzzle
        if last is None or p >= 1.0:
            return float(now)
        return float(last["cat"] + (now - last["cat"]) * self.phase(p, *CAT))

    def reveal_rect(self) -> pygame.Rect:
        """Where the Nuzzle panel is drawn (over the toys)."""
        s = self.ctx.scale
        return self.toys_area.inflate(s(8), s(8))
