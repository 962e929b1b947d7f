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
from screens import palette
from screens.anim import Tween
from screens.assets import font, image
from screens.game_frame import GameScene
from screens.overlays import wrap

JsonDict = dict[str, Any]
Point = tuple[int, int]

# Each suit's toy art and colour (told apart by picture and name as well as colour).
SUIT_ART = {"mouse": "toy_1", "yarn": "toy_0", "feather": "toy_2", "fish": "toy_3",
            "bell": "toy_4", "laser": "between_laser"}
SUIT_COLOUR = {"mouse": palette.PLUM, "yarn": palette.ROSE, "feather": palette.TEAL,
               "fish": palette.TERRACOTTA, "bell": palette.MUSTARD, "laser": palette.SAGE}
ROOMS = 4
ROOM_WALLS = ((240, 226, 204), (226, 234, 216), (243, 223, 218), (222, 233, 232))
SHELF_NAMES = ("Start", "1 win", "2 wins", "Crown")
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


class BetweenScene(GameScene):
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
        # Per seat looking: the round of the last Nuzzle reveal they closed / have seen.
        self.reveal_closed: dict[Optional[int], int] = {}
        self.reveal_seen: dict[Optional[int], int] = {}
        self.drop_from: Optional[Point] = None
        self._preview: dict[tuple[Any, ...], Optional[tuple[int, bool]]] = {}
        super().__init__(ctx, session)
        old = self.reveal_round()
        if old is not None:  # a loaded game: the last Nuzzle is old news for everybody
            self.reveal_seen = {seat: old for seat in self.humans()}

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

    def why_not_pick(self, spot: Spot) -> str:
        if spot[0] == "toy":
            return "Drag a lure card from your hand under a toy."
        return ""

    def card_of(self, spot: Spot) -> Optional[JsonDict]:
        return next((c for c in self.view.get("hand") or [] if ("hand", c["id"]) == spot), None)

    # -- pointer -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.nuzzle is not None
                and self.animator.find("nuzzle") is self.nuzzle):
            self.animator.skip()  # the first click shows the whole reveal at once
            return True
        return super().handle_event(event)

    def pointer_down(self, pos: Point) -> bool:
        if self.reveal_shown() and self.reveal_rect().collidepoint(pos):
            self.close_reveal()
            return True
        taken = super().pointer_down(pos)
        if taken and self.reveal_shown():
            self.close_reveal()  # picking a card clears the table
        return taken

    def pointer_up(self, pos: Point) -> bool:
        if self.drag is not None:
            self.drop_from = (self.drag.pos[0] - self.drag.grab[0],
                              self.drag.pos[1] - self.drag.grab[1])
        return super().pointer_up(pos)

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

    def log_text(self, action: Action) -> str:
        return str(action).replace("play ", "played ", 1).replace(" under ", " under the ", 1)

    # -- animation ---------------------------------------------------------------------------
    def animate(self, before: JsonDict, action: Action) -> None:
        seat = before.get("to_move")
        drop_from, self.drop_from = self.drop_from, None
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

    @staticmethod
    def phase(p: float, start: float, end: float) -> float:
        """Progress through the stretch [start, end] seconds of the reveal, eased, 0..1."""
        start, end = start / NUZZLE_SECONDS, end / NUZZLE_SECONDS
        if p <= start:
            return 0.0
        if p >= end:
            return 1.0
        return pytweening.easeInOutCubic((p - start) / (end - start))

    def cat_space(self) -> float:
        """Where the cat token stands: on last round's number while the Nuzzle is told, then
        walking to this round's number."""
        now = self.view["cat"]
        last = self.view.get("last_round")
        p = self.nuzzle_progress()
        if last is None or p >= 1.0:
            return float(now)
        return last["cat"] + (now - last["cat"]) * self.phase(p, *CAT)

    # -- the reveal --------------------------------------------------------------------------
    def reveal_round(self) -> Optional[int]:
        last = self.view.get("last_round")
        return None if last is None else last["round"]

    def reveal_shown(self) -> bool:
        """The Nuzzle panel shows while its animation runs, then until the viewer closes it or
        the next round's first lure is played (and for good once the game is over); a player
        who missed it behind the hand-off curtain sees it on their next turn."""
        last = self.view.get("last_round")
        if last is None or self.drag is not None:
            return False
        if self.nuzzle_progress() < 1.0:
            return True
        if self.reveal_closed.get(self.viewer) == last["round"]:
            return False
        if self.view.get("lures_played", 0) == 0 or self.view.get("phase") == "over":
            return True
        # A player who was behind the hand-off curtain during the Nuzzle gets to see it once.
        return self.viewer is not None and self.reveal_seen.get(self.viewer) != last["round"]

    def close_reveal(self) -> None:
        rnd = self.reveal_round()
        if rnd is not None:
            self.reveal_closed[self.viewer] = rnd
            self.reveal_seen[self.viewer] = rnd

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.nuzzle is not None and self.animator.find("nuzzle") is not self.nuzzle:
            self.nuzzle = None  # the reveal has been told to whoever is looking
            self.nuzzle_from = {}
            rnd = self.reveal_round()
            if rnd is not None and self.viewer is not None:
                self.reveal_seen[self.viewer] = rnd

    def reveal_rect(self) -> pygame.Rect:
        s = self.ctx.scale
        return self.toys_area.inflate(s(8), s(8))

    # -- drawing -----------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        table = self.board.union(self.bottom).inflate(-s(8), -s(8))
        pygame.draw.rect(surface, palette.FELT, table, border_radius=s(18))
        self.draw_header(surface)
        self.draw_track(surface)
        self.draw_toys(surface)
        self.draw_hand(surface)
        if self.reveal_shown():
            self.draw_reveal(surface)
        self.draw_slide(surface)

    def marker(self, surface: pygame.Surface, seat: int, centre: tuple[float, float],
               r: int, ring: Optional[tuple[int, int, int]] = None) -> None:
        """A player's marker: their disc with a shadow; a coloured ring marks a highlight."""
        self.seat_disc(surface, seat, centre, r, ring=ring, ring_width=2 if ring is None else 3,
                       shadow=True, art_scale=1.25)

    def draw_header(self, surface: pygame.Surface) -> None:
        """Round tracker, the cat's number and the lures played this round."""
        s = self.ctx.scale
        v = self.view
        h = self.header
        x = self.text(surface, "Round", s(15), palette.INK, True, midleft=(h.x, h.centery)).right + s(8)
        r = s(11)
        for k in range(1, v["rounds"] + 1):
            c = (x + r, h.centery)
            if k < v["round"] or (k == v["round"] and v["phase"] == "over"):
                pygame.draw.circle(surface, palette.WOOD, c, r)
                colour = palette.PAPER
            elif k == v["round"]:
                pygame.draw.circle(surface, palette.MUSTARD, c, r + s(2))
                pygame.draw.circle(surface, palette.INK, c, r + s(2), 2)
                colour = palette.INK
            else:
                pygame.draw.circle(surface, palette.PAPER, c, r)
                pygame.draw.circle(surface, (200, 180, 160), c, r, 2)
                colour = DIM
            self.text(surface, str(k), s(12), colour, True, center=c)
            x += 2 * r + s(5)
        x += s(14)
        cat = image("cat_0", s(28), s(28))
        surface.blit(cat, cat.get_rect(midleft=(x, h.centery)))
        x = self.text(surface, f"Cat on {round(self.cat_space())}", s(16), palette.INK, True,
                      midleft=(x + s(32), h.centery)).right + s(18)
        played, total = v["lures_played"], v["lures_per_round"]
        label = self.text(surface, f"Lures {played}/{total}", s(14), palette.INK,
                          midleft=(x, h.centery))
        dx = label.right + s(8)
        dr = s(4)
        if dx + total * (2 * dr + s(3)) <= h.right:
            for k in range(total):
                c = (dx + dr + k * (2 * dr + s(3)), h.centery)
                if k < played:
                    pygame.draw.circle(surface, palette.WOOD, c, dr)
                else:
                    pygame.draw.circle(surface, palette.PAPER, c, dr)
                    pygame.draw.circle(surface, (190, 170, 150), c, dr, 1)

    def draw_track(self, surface: pygame.Surface) -> None:
        """The four room cards: shelves with progress markers, lanes with interest markers, the
        numbered floor 0-35 and the cat token under its space."""
        s = self.ctx.scale
        v = self.view
        n = v["players"]
        p = self.nuzzle_progress()
        per = (v["track_top"] + 1) // ROOMS
        small = font(max(8, s(11)), bold=True)
        for i, room in enumerate(self.rooms):
            pygame.draw.rect(surface, (150, 110, 80), room.move(s(2), s(3)), border_radius=s(10))
            pygame.draw.rect(surface, ROOM_WALLS[i], room, border_radius=s(10))
            plank = pygame.Rect(room.x + s(4), room.y + self.shelf_h - s(7), room.w - s(8), s(5))
            pygame.draw.rect(surface, palette.WOOD, plank, border_radius=s(2))
            label_x = room.x + s(8)
            if i == ROOMS - 1:
                crown = image("between_crown", s(22), s(22))
                surface.blit(crown, (label_x, room.y + s(3)))
                label_x += s(24)
            self.text(surface, SHELF_NAMES[i], s(12), palette.WOOD, True,
                      topleft=(label_x, room.y + s(6)))
            floor = pygame.Rect(room.x, room.bottom - self.num_h - s(4), room.w, self.num_h + s(4))
            pygame.draw.rect(surface, (214, 192, 166), floor, border_bottom_left_radius=s(10),
                             border_bottom_right_radius=s(10))
            for k in range(per):
                number = i * per + k
                cx = self.space_x(number)
                label = f"{number}+" if number == v["track_top"] else str(number)
                colour = palette.INK if number == round(self.cat_space()) else palette.WOOD
                img = small.render(label, True, colour)
                surface.blit(img, img.get_rect(center=(int(cx), floor.centery)))
            pygame.draw.rect(surface, palette.WOOD, room, width=2, border_radius=s(10))
        # Lanes: one per player, tinted with their colour.
        inner_l = self.rooms[0].x + s(3)
        inner_r = self.rooms[-1].right - s(3)
        for seat in range(n):
            y = self.lane_y(seat)
            stripe = pygame.Surface((inner_r - inner_l, max(2, self.lane_h - s(4))), pygame.SRCALPHA)
            stripe.fill((*self.seat_colour(seat), 40))
            surface.blit(stripe, (inner_l, y - stripe.get_height() // 2))
        # The cat: a line through the lanes at its space and the token under the floor.
        cat_at = self.cat_space()
        cx = int(self.space_x(min(cat_at, v["track_top"])))
        sw = max(4, int(self.space_w()))
        top = self.rooms[0].y + self.shelf_h - s(2)
        bottom = self.rooms[0].bottom
        band = pygame.Surface((sw, bottom - top), pygame.SRCALPHA)
        band.fill((*palette.MUSTARD, 90))
        surface.blit(band, (cx - sw // 2, top))
        pygame.draw.circle(surface, palette.MUSTARD, (cx, bottom - self.num_h // 2 - s(2)),
                           max(6, sw // 2 + s(1)), 2)
        token = image("cat_0", self.cat_h, self.cat_h)
        surface.blit(token, token.get_rect(midtop=(cx, bottom + s(1))))
        tag = font(s(12), bold=True).render(f"the cat: {round(cat_at)}", True, palette.INK)
        where = tag.get_rect(midleft=(cx + self.cat_h // 2 + s(4), bottom + self.cat_h // 2 + s(1)))
        if where.right > self.rooms[-1].right:
            where.midright = (cx - self.cat_h // 2 - s(4), where.centery)
        surface.blit(tag, where)
        # Interest markers (sliding to the new totals during the Nuzzle).
        slid = self.phase(p, *SLIDE)
        old = self.nuzzle_from.get("interest") if p < 1.0 else None
        r = max(5, min(self.lane_h // 2 - 1, int(sw * 0.55)))
        for seat in range(n):
            space: float = v["interest_space"][seat]
            if old is not None:
                start = min(old[seat], v["track_top"])
                space = start + (space - start) * slid
            x = self.space_x(space)
            self.marker(surface, seat, (x, self.lane_y(seat)), r)
            if v["interest"][seat] > v["track_top"] and (old is None or slid >= 1.0):
                self.text(surface, str(v["interest"][seat]), s(11), palette.WARN, True,
                          midright=(int(x) - r - s(2), self.lane_y(seat)))
        self.draw_progress(surface, p)

    def shelf_label_right(self, shelf: int) -> int:
        """The right edge of a shelf's name (the crown shelf has the crown before it)."""
        s = self.ctx.scale
        x = self.rooms[shelf].x + s(8) + (s(24) if shelf == ROOMS - 1 else 0)
        return x + font(s(12), bold=True).size(SHELF_NAMES[shelf])[0]

    def shelf_spots(self, wins: list[int]) -> list[tuple[float, float]]:
        """Where each seat's progress marker sits on the shelves for a wins list."""
        s = self.ctx.scale
        spots: list[tuple[float, float]] = []
        count = [0] * ROOMS
        r = s(10)
        for w in wins:
            shelf = max(0, min(w, ROOMS - 1))
            room = self.rooms[shelf]
            on_shelf = sum(1 for x in wins if max(0, min(x, ROOMS - 1)) == shelf)
            start = self.shelf_label_right(shelf) + s(4)
            step = min(2 * r + s(3), (room.right - s(6) - r - start) / max(1, on_shelf))
            spots.append((start + r + count[shelf] * step, room.y + self.shelf_h - s(7) - r + s(1)))
            count[shelf] += 1
        return spots

    def draw_progress(self, surface: pygame.Surface, p: float) -> None:
        """Progress markers on the shelves; the Nuzzle lifts the winners one shelf."""
        s = self.ctx.scale
        wins = self.view["wins"]
        end = self.shelf_spots(wins)
        old = self.nuzzle_from.get("wins")
        start = self.shelf_spots(old) if p < 1.0 and old is not None and len(old) == len(wins) else end
        k = self.phase(p, *CLIMB)
        last = self.view.get("last_round")
        winners = set(last["winners"]) if last else set()
        for seat in range(len(wins)):
            x = start[seat][0] + (end[seat][0] - start[seat][0]) * k
            y = start[seat][1] + (end[seat][1] - start[seat][1]) * k
            if start[seat] != end[seat]:
                y -= s(8) * (4 * k * (1 - k))  # a little hop up to the next shelf
            ring = palette.MUSTARD if seat in winners and 0.0 < p < 1.0 and k > 0 else None
            self.marker(surface, seat, (x, y), s(10), ring)

    def draw_toys(self, surface: pygame.Surface) -> None:
        """The six toys, each with its attraction and the lures under it."""
        s = self.ctx.scale
        v = self.view
        held = self.drag.source if self.drag else None
        hover = self.spot_at(self.pointer) if self.drag else None
        mine: dict[int, int] = {}
        for c in v.get("hand") or []:
            mine[c["suit"]] = mine.get(c["suit"], 0) + 1
        for t, toy in enumerate(v["toys"]):
            card = self.toy_cards[t]
            colour = SUIT_COLOUR.get(toy["name"], palette.WOOD)
            pygame.draw.rect(surface, (150, 110, 80), card.move(s(2), s(3)), border_radius=s(12))
            pygame.draw.rect(surface, palette.PAPER, card, border_radius=s(12))
            pygame.draw.rect(surface, colour, card, width=s(3), border_radius=s(12))
            name_h = s(18)
            band_h = s(24)
            art_size = max(10, min(card.w - s(16), card.h - name_h - band_h - s(6)))
            art = image(SUIT_ART.get(toy["name"], "toy_0"), art_size, art_size)
            surface.blit(art, art.get_rect(midtop=(card.centerx, card.y + s(2))))
            self.text(surface, toy["name"].capitalize(), s(14), palette.INK, True,
                      midbottom=(card.centerx, card.bottom - band_h - s(1)))
            band = pygame.Rect(card.x + s(3), card.bottom - band_h - s(3), card.w - s(6), band_h)
            pygame.draw.rect(surface, colour, band, border_radius=s(8))
            self.text(surface, f"attracts {toy['attraction']}", s(14), palette.PAPER, True,
                      center=band.center)
            if mine.get(t):
                self.pill(surface, f"you hold {mine[t]}", s(11), palette.INK,
                          topleft=(card.x + s(4), card.y + s(5)))
            for i, slot in enumerate(self.slots[t]):
                sliding = self.slide is not None and self.slide[:2] == (t, i) and \
                    self.animator.find("slide") is self.slide[3]
                if i < len(toy["cards"]) and not sliding:
                    self.draw_card(surface, toy["cards"][i], slot)
                else:
                    self.draw_empty_slot(surface, slot, toy["open"] and self.my_turn())
            if not toy["open"]:
                self.pill(surface, "full", s(12), DIM,
                          midtop=(self.toy_cols[t].centerx, self.slots[t][-1].bottom + s(2)))
            if held is not None and hover == ("toy", t):
                self.draw_drop_hint(surface, held, t)

    def draw_drop_hint(self, surface: pygame.Surface, held: Spot, toy: int) -> None:
        """While a card hovers over a toy: what your total would become, or that it is full."""
        s = self.ctx.scale
        col = self.toy_cols[toy]
        if self.drag is not None and ("toy", toy) in self.drag.targets:
            result = self.preview(held, ("toy", toy))
            if result is None:
                return
            total, passed = result
            text, colour = f"total would be {total}", palette.WARN if passed else palette.TEAL
        else:
            text, colour = "full", palette.WARN
        img = font(s(14), bold=True).render(text, True, palette.PAPER)
        box = img.get_rect(midbottom=(col.centerx, col.y - s(2))).inflate(s(12), s(6))
        box.clamp_ip(self.board)
        pygame.draw.rect(surface, colour, box, border_radius=s(8))
        surface.blit(img, img.get_rect(center=box.center))

    def draw_empty_slot(self, surface: pygame.Surface, rect: pygame.Rect, inviting: bool) -> None:
        """An empty place under a toy; a faint plus when the player to move may fill it."""
        s = self.ctx.scale
        pygame.draw.rect(surface, (232, 216, 196), rect, border_radius=s(8))
        pygame.draw.rect(surface, (200, 180, 158), rect, width=max(1, s(2)), border_radius=s(8))
        if inviting:
            arm = max(4, rect.w // 6)
            c = rect.center
            pygame.draw.line(surface, (196, 172, 148), (c[0] - arm, c[1]), (c[0] + arm, c[1]), s(3))
            pygame.draw.line(surface, (196, 172, 148), (c[0], c[1] - arm), (c[0], c[1] + arm), s(3))

    def draw_card(self, surface: pygame.Surface, card: JsonDict, rect: pygame.Rect,
                  counts: Optional[int] = None, lifted: bool = False) -> None:
        """A lure card: its value, its suit's toy and colour; ``counts`` adds the '+N' chip a
        hand card is worth right now."""
        s = self.ctx.scale
        colour = SUIT_COLOUR.get(card["suit_name"], palette.WOOD)
        radius = max(3, min(s(8), rect.w // 6))
        shadow = s(6) if lifted else max(1, s(2))
        pygame.draw.rect(surface, (120, 90, 70), rect.move(shadow // 2 + 1, shadow), border_radius=radius)
        pygame.draw.rect(surface, palette.PAPER, rect, border_radius=radius)
        pygame.draw.rect(surface, colour, rect, width=max(2, rect.w // 18), border_radius=radius)
        vs = max(9, int(rect.h * 0.3))
        self.text(surface, str(card["value"]), vs, palette.INK, True,
                  topleft=(rect.x + max(3, rect.w // 10), rect.y + max(1, rect.h // 40)))
        chip_h = max(10, int(rect.h * 0.2)) if counts is not None else 0
        size = max(8, min(int(rect.w * 0.7), rect.h - vs - chip_h))
        art = image(SUIT_ART.get(card["suit_name"], "toy_0"), size, size)
        surface.blit(art, art.get_rect(midbottom=(rect.centerx + rect.w // 10,
                                                  rect.bottom - chip_h - max(1, rect.h // 30))))
        if counts is not None:
            chip = pygame.Rect(rect.x + s(3), rect.bottom - chip_h - s(3), rect.w - s(6), chip_h)
            pygame.draw.rect(surface, colour, chip, border_radius=s(6))
            self.text(surface, f"+{counts}", max(9, int(chip_h * 0.8)), palette.PAPER, True,
                      center=chip.center)

    def draw_hand(self, surface: pygame.Surface) -> None:
        """The viewer's hand with what each card is worth, and the live total box."""
        s = self.ctx.scale
        v = self.view
        area = self.hand_area
        pygame.draw.rect(surface, (214, 194, 170), area.inflate(s(10), s(6)), border_radius=s(14))
        hand = v.get("hand")
        if hand is None:
            msg = ("Hands stay hidden until the next player confirms." if self.humans()
                   else "Every seat is a bot: watch them play.")
            self.text(surface, msg, s(16), palette.INK, True, center=area.center)
            return
        mover = self.session.to_move
        who = self.seat_name(self.viewer) if self.viewer is not None else ""
        if v["phase"] == "over":
            caption = f"{who}: the game is over."
        elif self.my_turn():
            caption = f"{who}, your turn: drag a card from your hand under a toy that has room."
        elif mover is not None:
            caption = f"{who}'s hand · waiting for {self.seat_name(mover)}"
        else:
            caption = f"{who}'s hand"
        if self.viewer is not None:
            self.marker(surface, self.viewer, (area.x + s(9), area.y + s(11)), s(9))
        self.text(surface, caption, s(15), palette.INK, True, topleft=(area.x + s(24), area.y + s(2)))
        held = self.drag.source if self.drag else None
        sources = self.session.state.drag_sources() if self.my_turn() else []
        for spot, rect in self.hand_slots():
            card = self.card_of(spot)
            if card is None:
                continue
            if spot == held:
                pygame.draw.rect(surface, (196, 176, 152), rect, border_radius=s(8))
                continue
            hovered = self.drag is None and rect.collidepoint(self.pointer) and spot in sources
            r = rect.move(0, -s(8)) if hovered else rect
            self.draw_card(surface, card, r, counts=card["attraction"])
            if spot in sources and self.drag is None:
                pygame.draw.rect(surface, palette.LEGAL, r.inflate(s(4), s(4)), width=max(1, s(2)),
                                 border_radius=s(9))
        self.draw_total(surface)

    def draw_total(self, surface: pygame.Surface) -> None:
        """Your total if the round ended now, against the cat (both from the view)."""
        s = self.ctx.scale
        v = self.view
        box = self.total_box
        total, passed = v.get("live_total"), v.get("live_passed")
        if total is None:
            return
        now = total
        heading = "your final total" if v["phase"] == "over" else "if the round ended now"
        hover = self.spot_at(self.pointer) if self.drag else None
        if self.drag is not None and hover is not None and hover[0] == "toy" \
                and hover in self.drag.targets:
            result = self.preview(self.drag.source, hover)
            if result is not None:
                total, passed = result
                heading = "if you play it there"
        colour = palette.WARN if passed else palette.TEAL
        pygame.draw.rect(surface, palette.PAPER, box, border_radius=s(12))
        pygame.draw.rect(surface, colour, box, width=s(3), border_radius=s(12))
        self.text(surface, heading, s(12), palette.INK,
                  midtop=(box.centerx, box.y + s(4)))
        big = self.text(surface, str(total), s(38), colour, True,
                        center=(box.centerx, box.y + box.h // 2 + s(1)))
        cat = v["cat"]
        if passed:
            note = f"passed the cat by {total - cat}"
        elif total == cat:
            note = "right on the cat!"
        else:
            note = f"{cat - total} short of the cat"
        self.text(surface, note, s(12), colour, True, midbottom=(box.centerx, box.bottom - s(4)))
        side = "total" if total == now else f"now {now}"
        self.text(surface, side, s(12), palette.INK, midright=(big.x - s(6), big.centery))

    def draw_slide(self, surface: pygame.Surface) -> None:
        """A lure card flying under its toy."""
        if self.slide is None:
            return
        toy, index, _seat, tween = self.slide
        if self.animator.find("slide") is not tween:
            self.slide = None
            return
        cards = self.view["toys"][toy]["cards"]
        if index >= len(cards):
            return
        x, y = tween.value()
        self.draw_card(surface, cards[index], pygame.Rect(int(x), int(y), *self.slots[toy][0].size),
                       lifted=True)

    def draw_reveal(self, surface: pygame.Surface) -> None:
        """The Nuzzle: every hand revealed with what each card counted, the totals counting up,
        and the round's winners celebrated."""
        s = self.ctx.scale
        v = self.view
        last = v["last_round"]
        p = self.nuzzle_progress()
        rect = self.reveal_rect()
        pygame.draw.rect(surface, (90, 60, 40), rect.move(s(4), s(6)), border_radius=s(16))
        pygame.draw.rect(surface, palette.PAPER, rect, border_radius=s(16))
        pygame.draw.rect(surface, palette.WOOD, rect, width=s(3), border_radius=s(16))
        x0 = rect.x + s(14)
        if v["phase"] == "over":
            title = f"Nuzzle of round {last['round']} · game over"
        else:
            title = f"Nuzzle! Round {last['round']} · the cat was on {last['cat']}"
        head = self.text(surface, title, s(18), palette.INK, True, topleft=(x0, rect.y + s(8)))
        hint = "click to see it all" if p < 1.0 else "click to close"
        self.text(surface, hint, s(12), DIM, midright=(rect.right - s(14), head.centery))
        # The toys' final attractions.
        y = head.bottom + s(6)
        ts = s(22)
        x = x0
        self.text(surface, "Toys:", s(13), palette.INK, True, midleft=(x, y + ts // 2))
        x += s(44)
        for t, name in enumerate(n["name"] for n in v["toys"]):
            art = image(SUIT_ART.get(name, "toy_0"), ts, ts)
            surface.blit(art, (x, y))
            x = self.text(surface, str(last["attraction"][t]), s(14), palette.INK, True,
                          midleft=(x + ts + s(2), y + ts // 2)).right + s(12)
        y += ts + s(6)
        # One row per player.
        n = v["players"]
        row_h = max(s(22), min(s(56), (rect.bottom - s(8) - y) // n))
        count = self.phase(p, *COUNT)
        cheer = p >= CLIMB[0] / NUZZLE_SECONDS
        winners = set(last["winners"])
        order = [(last["first"] + k) % n for k in range(n)]  # turn order of that round
        name_w = max(s(80), min(s(150), rect.w // 6))
        widest = max(len(h) for h in last["hands"])
        for row, seat in enumerate(order):
            r = pygame.Rect(rect.x + s(8), y + row * row_h, rect.w - s(16), row_h - s(3))
            if seat in winners and cheer:
                pygame.draw.rect(surface, (250, 226, 160), r, border_radius=s(10))
                pygame.draw.rect(surface, palette.MUSTARD, r, width=s(2), border_radius=s(10))
            rad = max(6, min(s(12), row_h // 2 - s(3)))
            self.marker(surface, seat, (r.x + s(6) + rad, r.centery), rad)
            name = self.seat_name(seat)
            f = font(s(14), bold=True)
            while f.size(name)[0] > name_w - rad * 2 - s(10) and len(name) > 3:
                name = name[:-1]
            self.text(surface, name, s(14), palette.INK, True, midleft=(r.x + s(12) + 2 * rad, r.centery))
            cx = r.x + name_w + s(6)
            ch = max(s(16), r.h - s(6))
            cw = int(ch / CARD_RATIO)
            for card in last["hands"][seat]:
                c = pygame.Rect(cx, r.centery - ch // 2, cw, ch)
                self.draw_card(surface, card, c)
                worth = last["attraction"][card["suit"]]
                self.text(surface, f"+{worth}", s(12), palette.INK, True,
                          midleft=(c.right + s(2), c.centery))
                cx = c.right + s(30)
            cx = max(cx, r.x + name_w + s(6) + widest * (cw + s(30)))
            total = last["totals"][seat]
            shown = int(round(total * count))
            colour = palette.WARN if last["passed"][seat] else palette.TEAL
            tx = self.text(surface, f"= {shown}", s(20), colour, True, midleft=(cx + s(4), r.centery)).right
            if count >= 1.0:
                cat = last["cat"]
                if seat in winners and cheer:
                    note = ("wins the round and the game!" if seat in v.get("winners", ())
                            else "wins the round!")
                elif last["passed"][seat]:
                    note = f"passed by {total - cat}"
                elif total == cat:
                    note = "right on the cat"
                else:
                    note = f"{cat - total} short"
                nx = tx + s(12)
                if seat in winners and cheer:
                    star = image("star_square", ch, ch)
                    surface.blit(star, star.get_rect(midleft=(nx, r.centery)))
                    nx += ch + s(6)
                self.text(surface, note, s(14), palette.INK if seat in winners and cheer else DIM,
                          seat in winners and cheer, midleft=(nx, r.centery))
        if v["phase"] == "over" and cheer and v.get("summary"):
            lines = wrap(v["summary"], font(s(14), bold=True), rect.w - s(28))
            yy = rect.bottom - s(8) - len(lines) * font(s(14)).get_linesize()
            if yy > y + n * row_h:
                for line in lines:
                    yy = self.text(surface, line, s(14), palette.PLUM, True, topleft=(x0, yy)).bottom

    def draw_piece(self, surface: pygame.Surface, spot: Spot, topleft: Point,
                   lifted: bool = False) -> None:
        rect = self.spot_rect(spot)
        card = self.card_of(spot)
        if rect is None or card is None:
            return
        self.draw_card(surface, card, pygame.Rect(topleft, rect.size), counts=card["attraction"],
                       lifted=lifted)

    # -- end -------------------------------------------------------------------------------
    def end_lines(self, outcome: Any) -> list[str]:
        """One line per seat: the full breakdown would not fit a small window, and the board's
        final Nuzzle panel shows every hand and total anyway."""
        lines = [outcome.summary]
        for seat, seat_lines in enumerate(outcome.lines):
            head = seat_lines[0] if seat_lines else f"{outcome.scores[seat]:g}"
            mark = " (winner)" if seat in outcome.winners else ""
            lines.append(f"{self.seat_name(seat)}: {head}{mark}")
        lines.append("The board shows every hand of the last round.")
        return lines

    # -- side panel --------------------------------------------------------------------------
    def side_rows(self, rect: pygame.Rect) -> list[pygame.Rect]:
        s = self.ctx.scale
        n = self.session.state.num_players
        bottom = self.side.bottom - self.side.h // 2 - s(14)
        top = rect.y + s(26)
        row_h = max(s(30), min(s(46), (bottom - top) // max(1, n)))
        return [pygame.Rect(rect.x, top + i * row_h, rect.w, row_h - s(4)) for i in range(n)]

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Every player: colour and symbol, cards in hand, rounds won, interest, last total."""
        s = self.ctx.scale
        v = self.view
        self.text(surface, f"Players · round {v['round']} of {v['rounds']}", s(16), palette.INK, True,
                  topleft=rect.topleft)
        mover = v.get("to_move")
        last = v.get("last_round")
        p = self.nuzzle_progress()
        wins_now, interest_now = v["wins"], v["interest"]
        if p < 1.0 and self.nuzzle_from:  # the reveal is still telling: do not spoil it here
            if p < CLIMB[1] / NUZZLE_SECONDS:
                wins_now = self.nuzzle_from["wins"]
                last = None
            if p < SLIDE[1] / NUZZLE_SECONDS:
                interest_now = self.nuzzle_from["interest"]
        for seat, r in enumerate(self.side_rows(rect)):
            if seat == mover:
                pygame.draw.rect(surface, palette.PAPER, r, border_radius=s(10))
                pygame.draw.rect(surface, palette.MUSTARD, r, width=s(2), border_radius=s(10))
            rad = max(8, min(s(14), r.h // 2 - s(3)))
            self.marker(surface, seat, (r.x + s(6) + rad, r.centery), rad)
            x = r.x + s(14) + 2 * rad
            name = self.seat_name(seat)
            tags = []
            if seat == v.get("first_player") and v["phase"] != "over":
                tags.append("leads")
            if self.session.seats[seat].is_bot:
                tags.append("bot")
            if seat == self.viewer:
                tags.append("you")
            title = name + (f" ({', '.join(tags)})" if tags else "")
            f = font(s(14), bold=True)
            while f.size(title)[0] > r.right - x - s(4) and len(title) > 4:
                title = title[:-2] + "…" if not title.endswith("…") else title[:-2] + "…"
            two = r.h >= s(34)
            ty = r.y + r.h // 4 + s(1) if two else r.centery
            self.text(surface, title, s(14), palette.INK, True, midleft=(x, ty))
            cards = v["hand_counts"][seat]
            wins = wins_now[seat]
            parts = [f"{cards} card{'s' if cards != 1 else ''}",
                     f"won {wins}" + (" · crown!" if wins >= v["crown"] else ""),
                     f"interest {interest_now[seat]}"]
            if last is not None and seat in last["winners"]:
                parts.append("won last round")
            line = " · ".join(parts)
            fs = font(s(12))
            while fs.size(line)[0] > r.right - x - s(4) and len(parts) > 2:
                parts.pop()
                line = " · ".join(parts)
            if two:
                self.text(surface, line, s(12), DIM, midleft=(x, r.bottom - r.h // 4 - s(1)))
            if seat == mover:
                tip = (r.right - s(18), ty)
                pygame.draw.polygon(surface, palette.WOOD, [tip, (tip[0] + s(10), ty - s(7)),
                                                            (tip[0] + s(10), ty + s(7))])
        rows = self.side_rows(rect)
        y = (rows[-1].bottom if rows else rect.y) + s(14)
        limit = self.side.bottom - self.side.h // 2 - s(12)
        f = font(s(12))
        lines = wrap(self.info.blurb, f, rect.w)
        if y + (len(lines) + 1) * f.get_linesize() + s(4) <= limit:
            y = self.text(surface, "Goal", s(13), palette.INK, True, topleft=(rect.x, y)).bottom
            for line in lines:
                y = self.text(surface, line, s(12), palette.INK, topleft=(rect.x, y)).bottom
