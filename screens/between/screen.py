"""Cat Between Us screen: the four room cards as the interest track (with the shelves up to the
crown), the round tracker, the six toys with the lures under them, your hand with its live total,
and the Nuzzle reveal at the end of every round.

Everything drawn comes from ``self.view`` (the engine's ``view_for`` of the seat looking at the
screen). Drop targets, refusal reasons, attractions and totals all come from the engine; the
"your total would be" preview while dragging asks the engine too (a clone plays the lure).
"""

from __future__ import annotations

from typing import Any, Optional

import pygame
import pytweening

from cats.core import Action, Spot
from screens.anim import Tween
from screens.between.draw import (
    CARD_RATIO,
    CAT,
    NUZZLE_SECONDS,
    ROOMS,
    SLIDE_SECONDS,
    TableDrawing,
)
from screens.between.panels import BetweenPanels
from screens.table.frame import GameScene

JsonDict = dict[str, Any]
Point = tuple[int, int]

class BetweenScene(TableDrawing, BetweenPanels, GameScene):
    """The Cat Between Us table."""

    def __init__(self, ctx: Any, session: Any) -> None:
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
        self.slide: Optional[tuple[int, int, int, Tween]] = None  # toy, slot, seat, tween
        self.nuzzle: Optional[Tween] = None
        self.nuzzle_from: JsonDict = {}
        self._preview: dict[tuple[Any, ...], Optional[tuple[int, bool]]] = {}
        super().__init__(ctx, session)

    def refresh(self) -> None:
        super().refresh()
        self._preview = {}

    # -- layout ------------------------------------------------------------------------------
    def layout(self) -> None:
        s = self.ctx.scale
        # Every move is a drag, so the strip the frame keeps for choice buttons stays empty:
        # the table uses it too.
        b = self.board.union(self.bottom).inflate(-s(20), -s(12))
        n = self.session.state.num_players
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
            return inner.x + (k % per + 0.5) * inner.w / per

        return centre(low) + (centre(high) - centre(low)) * (space - low)

    def space_w(self) -> float:
        per = (self.view.get("track_top", 35) + 1) // ROOMS
        return (self.rooms[0].w - self.ctx.scale(8)) / per

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

    # -- engine look-ups ---------------------------------------------------------------------
    def preview(self, source: Spot, target: Spot) -> Optional[tuple[int, bool]]:
        """The viewer's total (and whether it passes the cat) if this lure were played and the
        round ended then: the engine plays it on a copy and reports the viewer's own view."""
        if self.viewer is None:
            return None
        key = (len(self.session.log), self.viewer, source, target)
        if key not in self._preview:
            state = self.session.state
            action = state.find_action(source, target)
            result: Optional[tuple[int, bool]] = None
            if action is not None:
                world = state.clone()
                world.do(action)
                after = world.view_for(self.viewer)
                last, now = after.get("last_round"), self.view.get("last_round")
                if last is not None and (now is None or last["round"] != now["round"]):
                    result = (last["totals"][self.viewer], last["passed"][self.viewer])
                elif after.get("live_total") is not None:
                    result = (after["live_total"], bool(after["live_passed"]))
            if len(self._preview) > 64:
                self._preview.clear()
            self._preview[key] = result
        return self._preview[key]

    # -- animation ---------------------------------------------------------------------------
    def animate(self, before: JsonDict, action: Action) -> None:
        seat = before.get("to_move")
        drop_from = self.pointer.take_drop_point()
        last = self.view.get("last_round")
        old = before.get("last_round")
        if last is not None and (old is None or old["round"] != last["round"]):
            self.slide = None
            self.nuzzle_from = {"interest": list(before.get("interest") or last["totals"]),
                                "wins": list(before.get("wins") or self.view["wins"])}
            self.nuzzle = self.animator.add(Tween((0.0, 0.0), (1.0, 0.0), NUZZLE_SECONDS,
                                                  ease=pytweening.linear, tag="nuzzle"))
            self.ctx.sounds.play("check")
            return
        toy = getattr(action, "toy", None)
        if toy is None or seat is None or not 0 <= toy < len(self.slots):
            return
        cards = self.view["toys"][toy]["cards"]
        index = len(cards) - 1
        if index < 0 or cards[index]["id"] != getattr(action, "card", None):
            return
        end = self.slots[toy][min(index, 1)].topleft
        start = drop_from if drop_from is not None and seat == self.viewer else self.seat_anchor(seat)
        tween = self.animator.add(Tween(start, end, SLIDE_SECONDS, tag="slide"))
        self.slide = (toy, index, seat, tween)

    def seat_anchor(self, seat: int) -> Point:
        """Where a card played by ``seat`` flies in from: their row in the side panel."""
        rows = self.side_rows(self.side.inflate(-self.ctx.scale(20), -self.ctx.scale(20)))
        if seat < len(rows):
            return rows[seat].midleft
        return (self.side.x, self.side.y)

    def nuzzle_progress(self) -> float:
        """0..1 through the Nuzzle reveal; 1 when it is not running."""
        if self.nuzzle is not None and self.animator.find("nuzzle") is self.nuzzle:
            return self.nuzzle.value()[0]
        return 1.0

    def cat_space(self) -> float:
        """Where the cat token stands: on last round's number while the Nuzzle is told, then
        walking to this round's number."""
        now = self.view["cat"]
        last = self.view.get("last_round")
        p = self.nuzzle_progress()
        if last is None or p >= 1.0:
            return float(now)
        return last["cat"] + (now - last["cat"]) * self.phase(p, *CAT)

    # -- the Nuzzle: this game's round results ------------------------------------------------
    def finished_round(self, public: JsonDict) -> Optional[int]:
        last = public.get("last_round")
        return None if last is None else int(last["round"])

    def reveal_shown(self) -> bool:
        """The Nuzzle panel is up: the table's round results (public, until a click)."""
        return self.results_shown() and self.view.get("last_round") is not None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.nuzzle is not None and self.animator.find("nuzzle") is not self.nuzzle:
            self.nuzzle = None  # the reveal has been told
            self.nuzzle_from = {}

    def results_rect(self) -> pygame.Rect:
        s = self.ctx.scale
        return self.toys_area.inflate(s(8), s(8))

    def reveal_rect(self) -> pygame.Rect:
        """Where the Nuzzle panel is drawn."""
        return self.results_rect()


    # -- end -------------------------------------------------------------------------------
    def end_lines(self, outcome: Any) -> list[str]:
        """One line per seat: the full breakdown would not fit a small window, and the board's
        final Nuzzle panel shows every hand and total anyway."""
        lines = [self.names(outcome.summary)]
        for seat, seat_lines in enumerate(outcome.lines):
            head = seat_lines[0] if seat_lines else f"{outcome.scores[seat]:g}"
            mark = " (winner)" if seat in outcome.winners else ""
            lines.append(f"{self.seat_name(seat)}: {head}{mark}")
        lines.append("The board shows every hand of the last round.")
        return lines
