"""Cat Between Us drawing: the room cards of the interest track with their shelves, the round
tracker, the toys with the lures under them, your hand and its live total, a lure in flight."""

from __future__ import annotations

from typing import Optional

import pygame

from cats.core import Spot
from cats.words import engine_text
from screens import palette
from screens.assets import font, image
from screens.between.layout import (
    CLIMB,
    ROOM_WALLS,
    ROOMS,
    SHELF_KEYS,
    SLIDE,
    SUIT_ART,
    SUIT_COLOUR,
    BetweenLayout,
    JsonDict,
)
from screens.table.pointer import Point
from screens.text import tr


def toy_title(name: str) -> str:
    """A toy's name as its card shows it ("Mouse"), in the current language."""
    said = engine_text(name)
    return said.capitalize() if said == name else said

class TableDrawing(BetweenLayout):
    """Draws the table, the track
    with its markers and the cat, the toys and their lures, the hand, the total box and the
    lure sliding under its toy."""

    # -- drawing -----------------------------------------------------------------------------
    def draw_reveal(self, surface: pygame.Surface) -> None:
        """The Nuzzle panel over the toys (the board's panels draw it)."""

    def paint(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        table = self.area.inflate(-s(8), -s(8))
        pygame.draw.rect(surface, palette.FELT, table, border_radius=s(18))
        self.draw_header(surface)
        self.draw_track(surface)
        self.draw_toys(surface)
        self.draw_hand(surface)
        if self.ui.reveal:
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
        x = self.text(surface, tr("between.round"), s(15), palette.INK, True, midleft=(h.x, h.centery)).right + s(8)
        r = s(11)
        for k in range(1, v["rounds"] + 1):
            c = (x + r, h.centery)
            if k < v["round"] or (k == v["round"] and v["phase"] == "over"):
                pygame.draw.circle(surface, palette.WOOD, c, r)
                colour = palette.PAPER
            elif k == v["round"]:
                pygame.draw.circle(surface, palette.MUSTARD, c, r + s(2))
                pygame.draw.circle(surface, palette.INK, c, r + s(2), 2)
                colour = palette.PAPER if palette.high_contrast() else palette.INK  # on the dark
            else:
                pygame.draw.circle(surface, palette.PAPER, c, r)
                pygame.draw.circle(surface, palette.tone((200, 180, 160)), c, r, 2)
                colour = palette.MUTED
            self.text(surface, str(k), s(12), colour, True, center=c)
            x += 2 * r + s(5)
        x += s(14)
        cat = image("cat_0", s(28), s(28))
        surface.blit(cat, cat.get_rect(midleft=(x, h.centery)))
        x = self.text(surface, tr("between.cat_on", n=round(self.cat_space())), s(16), palette.INK, True,
                      midleft=(x + s(32), h.centery)).right + s(18)
        played, total = v["lures_played"], v["lures_per_round"]
        label = self.text(surface, tr("between.lures", played=played, total=total), s(14), palette.INK,
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
                    pygame.draw.circle(surface, palette.tone((190, 170, 150)), c, dr, 1)

    def draw_track(self, surface: pygame.Surface) -> None:
        """The four room cards: shelves with progress markers, lanes with interest markers, the
        numbered floor 0-35 and the cat token under its space."""
        s = self.ctx.scale
        v = self.view
        n = v["players"]
        p = self.ui.nuzzle
        per = (v["track_top"] + 1) // ROOMS
        small = font(max(8, s(11)), bold=True)
        for i, room in enumerate(self.rooms):
            pygame.draw.rect(surface, palette.tone((150, 110, 80)), room.move(s(2), s(3)), border_radius=s(10))
            pygame.draw.rect(surface, ROOM_WALLS[i], room, border_radius=s(10))
            plank = pygame.Rect(room.x + s(4), room.y + self.shelf_h - s(7), room.w - s(8), s(5))
            pygame.draw.rect(surface, palette.WOOD, plank, border_radius=s(2))
            label_x = room.x + s(8)
            if i == ROOMS - 1:
                crown = image("between_crown", s(22), s(22))
                surface.blit(crown, (label_x, room.y + s(3)))
                label_x += s(24)
            self.text(surface, tr(SHELF_KEYS[i]), s(12), palette.WOOD, True,
                      topleft=(label_x, room.y + s(6)))
            floor = pygame.Rect(room.x, room.bottom - self.num_h - s(4), room.w, self.num_h + s(4))
            pygame.draw.rect(surface, palette.tone((214, 192, 166)), floor, border_bottom_left_radius=s(10),
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
        tag = font(s(12), bold=True).render(tr("between.the_cat", n=round(cat_at)), True, palette.INK)
        where = tag.get_rect(midleft=(cx + self.cat_h // 2 + s(4), bottom + self.cat_h // 2 + s(1)))
        if where.right > self.rooms[-1].right:
            where.midright = (cx - self.cat_h // 2 - s(4), where.centery)
        surface.blit(tag, where)
        # Interest markers (sliding to the new totals during the Nuzzle).
        slid = self.phase(p, *SLIDE)
        old = self.ui.nuzzle_from.get("interest") if p < 1.0 else None
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
        return x + font(s(12), bold=True).size(tr(SHELF_KEYS[shelf]))[0]

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
        old = self.ui.nuzzle_from.get("wins")
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
        held = self.ui.held.source if self.ui.held else None
        hover = self.spot_at(self.ui.hover) if self.ui.held else None
        mine: dict[int, int] = {}
        for c in v.get("hand") or []:
            mine[c["suit"]] = mine.get(c["suit"], 0) + 1
        for t, toy in enumerate(v["toys"]):
            card = self.toy_cards[t]
            colour = SUIT_COLOUR.get(toy["name"], palette.WOOD)
            pygame.draw.rect(surface, palette.tone((150, 110, 80)), card.move(s(2), s(3)), border_radius=s(12))
            pygame.draw.rect(surface, palette.PAPER, card, border_radius=s(12))
            pygame.draw.rect(surface, colour, card, width=s(3), border_radius=s(12))
            name_h = s(18)
            band_h = s(24)
            art_size = max(10, min(card.w - s(16), card.h - name_h - band_h - s(6)))
            art = image(SUIT_ART.get(toy["name"], "toy_0"), art_size, art_size)
            surface.blit(art, art.get_rect(midtop=(card.centerx, card.y + s(2))))
            self.text(surface, toy_title(toy["name"]), s(14), palette.INK, True,
                      midbottom=(card.centerx, card.bottom - band_h - s(1)))
            band = pygame.Rect(card.x + s(3), card.bottom - band_h - s(3), card.w - s(6), band_h)
            pygame.draw.rect(surface, colour, band, border_radius=s(8))
            self.text(surface, tr("between.attracts", n=toy["attraction"]), s(14), palette.PAPER, True,
                      center=band.center)
            if mine.get(t):
                self.pill(surface, tr("between.you_hold", n=mine[t]), s(11), palette.INK,
                          topleft=(card.x + s(4), card.y + s(5)))
            for i, slot in enumerate(self.slots[t]):
                sliding = self.ui.slide is not None and self.ui.slide[:2] == (t, i)
                if i < len(toy["cards"]) and not sliding:
                    self.draw_card(surface, toy["cards"][i], slot)
                else:
                    self.draw_empty_slot(surface, slot, toy["open"] and self.ui.my_turn)
            if not toy["open"]:
                self.pill(surface, tr("between.full"), s(12), palette.MUTED,
                          midtop=(self.toy_cols[t].centerx, self.slots[t][-1].bottom + s(2)))
            if held is not None and hover == ("toy", t):
                self.draw_drop_hint(surface, held, t)

    def draw_drop_hint(self, surface: pygame.Surface, held: Spot, toy: int) -> None:
        """While a card hovers over a toy: what your total would become, or that it is full."""
        s = self.ctx.scale
        col = self.toy_cols[toy]
        if ("toy", toy) in self.ui.targets:
            result = self.ui.preview
            if result is None:
                return
            total, passed = result
            text, colour = tr("between.would_be", n=total), palette.WARN if passed else palette.TEAL
        else:
            text, colour = tr("between.full"), palette.WARN
        img = font(s(14), bold=True).render(text, True, palette.PAPER)
        box = img.get_rect(midbottom=(col.centerx, col.y - s(2))).inflate(s(12), s(6))
        box.clamp_ip(self.area)
        pygame.draw.rect(surface, colour, box, border_radius=s(8))
        surface.blit(img, img.get_rect(center=box.center))

    def draw_empty_slot(self, surface: pygame.Surface, rect: pygame.Rect, inviting: bool) -> None:
        """An empty place under a toy; a faint plus when the player to move may fill it."""
        s = self.ctx.scale
        pygame.draw.rect(surface, palette.tone((232, 216, 196)), rect, border_radius=s(8))
        pygame.draw.rect(surface, palette.edge((200, 180, 158)), rect,
                         width=palette.thick(max(1, s(2))), border_radius=s(8))
        if inviting:
            arm = max(4, rect.w // 6)
            c = rect.center
            pygame.draw.line(surface, palette.edge((196, 172, 148)), (c[0] - arm, c[1]), (c[0] + arm, c[1]), s(3))
            pygame.draw.line(surface, palette.edge((196, 172, 148)), (c[0], c[1] - arm), (c[0], c[1] + arm), s(3))

    def draw_card(self, surface: pygame.Surface, card: JsonDict, rect: pygame.Rect,
                  counts: Optional[int] = None, lifted: bool = False) -> None:
        """A lure card: its value, its suit's toy and colour; ``counts`` adds the '+N' chip a
        hand card is worth right now."""
        s = self.ctx.scale
        colour = SUIT_COLOUR.get(card["suit_name"], palette.WOOD)
        radius = max(3, min(s(8), rect.w // 6))
        shadow = s(6) if lifted else max(1, s(2))
        pygame.draw.rect(surface, palette.tone((120, 90, 70)), rect.move(shadow // 2 + 1, shadow), border_radius=radius)
        pygame.draw.rect(surface, palette.PAPER, rect, border_radius=radius)
        pygame.draw.rect(surface, colour, rect, width=palette.thick(max(2, rect.w // 18)), border_radius=radius)
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
        pygame.draw.rect(surface, palette.tone((214, 194, 170)), area.inflate(s(10), s(6)), border_radius=s(14))
        hand = v.get("hand")
        if hand is None:
            msg = tr("box.hidden") if self.ui.humans else tr("net.watching" if self.ui.watching else "box.all_bots")
            self.text(surface, msg, s(16), palette.INK, True, center=area.center)
            return
        mover = self.ui.mover
        who = self.seat_name(self.ui.viewer) if self.ui.viewer is not None else ""
        if v["phase"] == "over":
            caption = tr("between.hand_over", name=who)
        elif self.ui.my_turn:
            caption = tr("between.your_turn", name=who)
        elif mover is not None:
            caption = tr("between.hand_waiting", name=who, mover=self.seat_name(mover))
        else:
            caption = tr("between.hand_of", name=who)
        if self.ui.viewer is not None:
            self.marker(surface, self.ui.viewer, (area.x + s(9), area.y + s(11)), s(9))
        caption = self.fit(caption, s(15), area.right - area.x - s(28), bold=True)
        self.text(surface, caption, s(15), palette.INK, True, topleft=(area.x + s(24), area.y + s(2)))
        held = self.ui.held.source if self.ui.held else None
        sources = self.ui.sources if self.ui.my_turn else ()
        for spot, rect in self.hand_slots():
            card = self.card_of(spot)
            if card is None:
                continue
            if spot == held:
                pygame.draw.rect(surface, palette.tone((196, 176, 152)), rect, border_radius=s(8))
                continue
            hovered = self.ui.held is None and rect.collidepoint(self.ui.hover) and spot in sources
            r = rect.move(0, -s(8)) if hovered else rect
            self.draw_card(surface, card, r, counts=card["attraction"])
            if spot in sources and self.ui.held is None:
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
        heading = tr("between.final_total") if v["phase"] == "over" else tr("between.if_now")
        hover = self.spot_at(self.ui.hover) if self.ui.held else None
        if self.ui.held is not None and hover is not None and hover[0] == "toy" \
                and hover in self.ui.targets:
            result = self.ui.preview
            if result is not None:
                total, passed = result
                heading = tr("between.if_there")
        colour = palette.WARN if passed else palette.TEAL
        pygame.draw.rect(surface, palette.PAPER, box, border_radius=s(12))
        pygame.draw.rect(surface, colour, box, width=s(3), border_radius=s(12))
        self.text(surface, self.fit(heading, s(12), box.w - s(8)), s(12), palette.INK,
                  midtop=(box.centerx, box.y + s(4)))
        big = self.text(surface, str(total), s(38), colour, True,
                        center=(box.centerx, box.y + box.h // 2 + s(1)))
        cat = v["cat"]
        if passed:
            note = tr("between.passed_cat", n=total - cat)
        elif total == cat:
            note = tr("between.right_on_cat")
        else:
            note = tr("between.short_of_cat", n=cat - total)
        self.text(surface, self.fit(note, s(12), box.w - s(8), bold=True), s(12), colour, True,
                  midbottom=(box.centerx, box.bottom - s(4)))
        side = tr("between.total") if total == now else tr("between.now", n=now)
        self.text(surface, side, s(12), palette.INK, midright=(big.x - s(6), big.centery))

    def draw_slide(self, surface: pygame.Surface) -> None:
        """A lure card flying under its toy."""
        if self.ui.slide is None:
            return
        toy, index, (x, y) = self.ui.slide
        cards = self.view["toys"][toy]["cards"]
        if index >= len(cards):
            return
        self.draw_card(surface, cards[index], pygame.Rect(int(x), int(y), *self.slots[toy][0].size),
                       lifted=True)

    def draw_piece(self, surface: pygame.Surface, spot: Spot, topleft: Point,
                   lifted: bool = False) -> None:
        rect = self.spot_rect(spot)
        card = self.card_of(spot)
        if rect is None or card is None:
            return
        self.draw_card(surface, card, pygame.Rect(topleft, rect.size), counts=card["attraction"],
                       lifted=lifted)
