"""Cat in the Box drawing: the research board, its tokens and colour marks, the trick and cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

import pygame
import pytweening  # type: ignore[import-untyped]

from cats.core import Spot
from cats.words import engine_text
from screens import palette
from screens.assets import font, image
from screens.box.layout import CARD_RATIO, BoxLayout, JsonDict
from screens.overlays import wrap
from screens.table.board import BoardContext
from screens.table.pointer import Point
from screens.text import language, tr

if TYPE_CHECKING:
    from cats.session import Seat
# The four research colours, each with its own pattern and symbol (never colour alone).
COLOUR_RGB = {"red": (200, 70, 62), "blue": (58, 104, 168), "yellow": (214, 162, 30),
              "green": (88, 146, 90)}
COLOUR_PALE = {"red": (246, 214, 206), "blue": (212, 224, 242), "yellow": (250, 236, 196),
               "green": (216, 234, 208)}
DIM = (120, 100, 86)
SLOT = (232, 216, 196)
SLOT_EDGE = (200, 180, 158)
SWEEP_HOLD = 0.6      # share of the sweep spent showing the finished trick


class BoxDrawing(BoxLayout):
    """Draws the table, the research board with its tokens, colour marks and outlined groups,
    the trick slots (a card flying in, the finished trick swept to its winner), the cards and
    the held card."""

    def __init__(self, ctx: BoardContext, seats: Sequence["Seat"]) -> None:
        super().__init__(ctx, seats)
        self.backgrounds: dict[bool, pygame.Surface] = {}  # the research board without tokens,
        self.background_key: Any = None  # kept per layout: redrawn only when this changes

    # -- drawing helpers ---------------------------------------------------------------------
    def marker(self, surface: pygame.Surface, seat: int, centre: tuple[float, float],
               r: int) -> None:
        """A player's token: their disc with a shadow."""
        self.seat_disc(surface, seat, centre, r, shadow=True, art_scale=1.25)

    def mark(self, surface: pygame.Surface, colour: str, centre: tuple[int, int], size: int,
             faded: bool = False) -> pygame.Rect:
        """A research colour's symbol (diamond, waves, dots, leaf)."""
        art = image(f"box_{colour}", size, size)
        rect = art.get_rect(center=centre)
        if faded:
            art = art.copy()
            art.set_alpha(80)
        surface.blit(art, rect)
        return rect

    def cell_surface(self, tiles: dict[tuple[str, int, int], pygame.Surface], colour: str,
                     w: int, h: int) -> pygame.Surface:
        """A research space's background: the row's pale colour under its pattern."""
        key = (colour, w, h)
        surf = tiles.get(key)
        if surf is None:
            surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
            surf.fill((*COLOUR_PALE[colour], 255))
            t = max(10, self.ctx.scale(26))
            tile = image(f"box_tile_{colour}", t, t)
            for y in range(0, h, t):
                for x in range(0, w, t):
                    surf.blit(tile, (x, y))
            tiles[key] = surf
        return surf

    def draw_card(self, surface: pygame.Surface, rect: pygame.Rect, number: Optional[int],
                  colour: Optional[str] = None, lifted: bool = False,
                  face_down: bool = False) -> None:
        """A cat card: the number drawn over the card face; a played card also wears its
        declared colour as a frame and that colour's symbol."""
        s = self.ctx.scale
        radius = max(3, min(s(9), rect.w // 7))
        shadow = s(6) if lifted else max(1, s(2))
        pygame.draw.rect(surface, palette.tone((120, 90, 70)), rect.move(shadow // 2 + 1, shadow),
                         border_radius=radius)
        if face_down:
            surface.blit(image("card_back", rect.w, rect.h), rect.topleft)
            return
        surface.blit(image("box_card", rect.w, rect.h), rect.topleft)
        if palette.high_contrast():  # a thick black edge round every card
            pygame.draw.rect(surface, palette.INK, rect, palette.thick(2), border_radius=radius)
        if colour is not None:
            pygame.draw.rect(surface, COLOUR_RGB[colour], rect, width=max(3, rect.w // 11),
                             border_radius=radius)
            pygame.draw.rect(surface, palette.INK, rect, width=max(1, s(2)), border_radius=radius)
            size = max(10, int(rect.w * 0.34))
            self.mark(surface, colour, (rect.right - size // 2 - max(3, rect.w // 10),
                                        rect.y + size // 2 + max(3, rect.w // 10)), size)
        if number is not None:
            size = max(10, int(rect.h * 0.34))
            self.text(surface, str(number), size, palette.INK, True,
                      topleft=(rect.x + max(4, rect.w // 9), rect.y + max(1, rect.h // 40)))

    def glow(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Light up a legal target (as the frame does while dragging)."""
        s = self.ctx.scale
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        layer.fill((*palette.LEGAL, 90))
        surface.blit(layer, rect.topleft)
        pygame.draw.rect(surface, palette.LEGAL, rect, width=s(4), border_radius=s(10))
        if palette.marks(self.ctx.settings):
            self.draw_tick(surface, rect)

    # -- the panels' parts (drawn by :class:`~screens.box.panels.BoxBoard`) -------------------
    def draw_header(self, surface: pygame.Surface) -> None:
        """Round, trick, the led colour, whether red is open, and the last-trick button."""

    def draw_result(self, surface: pygame.Surface) -> None:
        """The round's breakdown per player."""

    def draw_action_bar(self, surface: pygame.Surface) -> None:
        """What the player looking at the screen is asked to do now."""

    def draw_hand(self, surface: pygame.Surface) -> None:
        """The viewer's hand and the set-aside spot."""

    def draw_panel(self, surface: pygame.Surface, seat: int, highlight: bool = False) -> None:
        """A player board."""

    # -- drawing -----------------------------------------------------------------------------
    def refit(self) -> None:
        super().refit()
        if not self.view or self.grid.w <= 1:
            return
        area = self.grid_area.inflate(self.ctx.scale(10), self.ctx.scale(10))
        key = (tuple(area), self.cell_w, self.cell_h, tuple(self.rows()), self.view["numbers"],
               language())  # the row labels are words: a language switch draws them again
        if self.background_key != key:
            tiles: dict[tuple[str, int, int], pygame.Surface] = {}
            self.backgrounds = {shut: self.board_background(area, list(key[3]), key[4], shut,
                                                            tiles) for shut in (False, True)}
            self.background_key = key

    def paint(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        pygame.draw.rect(surface, palette.FELT, self.table.inflate(s(8), s(8)), border_radius=s(18))
        self.draw_header(surface)
        self.draw_research(surface)
        if self.ui.result:
            self.draw_result(surface)
        else:
            self.draw_players(surface)
            self.draw_action_bar(surface)
        self.draw_hand(surface)
        for target in self.ui.lit:
            rect = self.spot_rect(target)
            if rect is not None:
                self.glow(surface, rect)
        self.draw_flying(surface)

    def held_spot(self) -> Optional[Spot]:
        """The card in hand or chosen by a click."""
        if self.ui.held is not None:
            return self.ui.held.source
        return ("hand", self.ui.chosen[1]) if self.ui.chosen is not None else None

    # -- drawing: the research board ---------------------------------------------------------
    def draw_research(self, surface: pygame.Surface) -> None:
        """The research board: a labelled row per colour, a column per number, the tokens; at a
        round's end, that round's final board with every player's largest group outlined."""
        s = self.ctx.scale
        v = self.view
        result = v["last_round"] if self.ui.result else None
        board = result["board"] if result else v["board"]
        rows = self.rows()
        numbers = v["numbers"]
        area = self.grid_area.inflate(s(10), s(10))
        shut = not result and not v["red_open"]
        background = self.backgrounds.get(shut)
        if background is None:  # not laid out for this view (a copy drawing another view)
            background = self.board_background(area, rows, numbers, shut, {})
        surface.blit(background, (area.x, area.y))
        held = self.held_spot()
        for number in range(1, numbers + 1):
            rect = self.space_rect(rows[0], number)
            bold = held is not None and held[1] == number
            self.text(surface, str(number), s(14) if bold else s(13),
                      palette.INK if bold else palette.WOOD, True,
                      midbottom=(rect.centerx, self.grid.y - s(1)))
        for colour in rows:
            for number in range(1, numbers + 1):
                owner = board[colour][number - 1]
                if owner is None:
                    continue
                inner = self.space_rect(colour, number).inflate(-s(3), -s(3))
                r = max(6, int(min(inner.w, inner.h) * 0.36))
                if owner == "neutral":
                    art = image("box_neutral", 2 * r, 2 * r)
                    surface.blit(art, art.get_rect(center=inner.center))
                else:
                    self.marker(surface, int(owner), inner.center, r)
        if held is not None and isinstance(held[1], int) and 1 <= held[1] <= numbers:
            col = pygame.Rect(self.grid.x + (held[1] - 1) * self.cell_w, self.grid.y,
                              self.cell_w, self.grid.h)
            pygame.draw.rect(surface, palette.INK, col, width=max(1, s(2)), border_radius=s(4))
        if result:
            self.draw_groups(surface, result)
            self.pill(surface, tr("box.board_at_end", round=result["round"]), s(13),
                      palette.PLUM, midright=(self.header.right, self.header.centery))
        else:
            self.draw_last_claim(surface)

    def board_background(self, area: pygame.Rect, rows: list[str], numbers: int, shut: bool,
                         tiles: dict[tuple[str, int, int], pygame.Surface]) -> pygame.Surface:
        """The research board without tokens (row labels, patterned spaces), drawn once per
        layout and kept: redrawing 36 spaces every frame is the slowest part of the table."""
        s = self.ctx.scale
        pad = s(4)
        surf = pygame.Surface((area.w + pad, area.h + pad))
        surf.fill(palette.FELT)  # the table under the board's rounded corners
        ox, oy = -area.x, -area.y
        local = area.move(ox, oy)
        pygame.draw.rect(surf, palette.tone((150, 110, 80)), local.move(s(2), s(3)), border_radius=s(12))
        pygame.draw.rect(surf, palette.tone((214, 194, 170)), local, border_radius=s(12))
        small = max(9, s(12))
        for row, colour in enumerate(rows):
            y = self.grid.y + row * self.cell_h + oy
            label = pygame.Rect(self.grid_area.x + ox, y, self.label_w - s(6), self.cell_h)
            icon = max(12, min(s(26), self.cell_h - s(10)))
            self.mark(surf, colour, (label.x + icon // 2 + s(2), label.centery), icon)
            tx = label.x + icon + s(7)
            two = colour == "red" and self.cell_h >= s(34)
            name_y = label.centery - (s(7) if two else 0)
            self.text(surf, engine_text(colour), s(14), palette.INK, True, midleft=(tx, name_y))
            if two:
                self.text(surf, tr("box.trump"), small, palette.MUTED, midleft=(tx, label.centery + s(9)))
            for number in range(1, numbers + 1):
                inner = self.space_rect(colour, number).move(ox, oy).inflate(-s(3), -s(3))
                surf.blit(self.cell_surface(tiles, colour, inner.w, inner.h), inner.topleft)
                pygame.draw.rect(surf, palette.edge((190, 168, 146)), inner, width=1)
                self.text(surf, str(number), small, palette.duo((168, 148, 128), palette.MUTED),
                          topleft=(inner.x + s(3), inner.y + s(1)))
            if colour == "red" and shut:
                band = pygame.Rect(self.grid.x + ox, y, self.grid.w, self.cell_h).inflate(-s(2),
                                                                                          -s(2))
                shade = pygame.Surface(band.size, pygame.SRCALPHA)
                shade.fill(palette.duo((90, 70, 60, 40), (0, 0, 0, 24)))
                surf.blit(shade, band.topleft)
        return surf.convert() if pygame.display.get_surface() is not None else surf

    def draw_last_claim(self, surface: pygame.Surface) -> None:
        """A ring around the space claimed by the last card played (to follow bots)."""
        if self.ui.last_claim is None:
            return
        colour, number = self.ui.last_claim
        if colour not in COLOUR_RGB or self.view["board"][colour][number - 1] is None:
            return
        rect = self.space_rect(colour, number).inflate(-self.ctx.scale(1), -self.ctx.scale(1))
        pygame.draw.rect(surface, palette.MUSTARD, rect, width=self.ctx.scale(3),
                         border_radius=self.ctx.scale(6))

    def draw_groups(self, surface: pygame.Surface, result: JsonDict) -> None:
        """Outline each player's largest group (the engine's cells) in their colour, drawn a
        little inside the group's edge so that neighbouring groups stay apart."""
        s = self.ctx.scale
        rows = self.rows()
        d = s(4)
        for seat, cells in enumerate(result.get("cells") or []):
            group = {(c[0], int(c[1])) for c in cells}

            def inside(colour: str, number: int, dr: int, dc: int,
                       group: set[tuple[str, int]] = group) -> bool:
                row = rows.index(colour) + dr
                return 0 <= row < len(rows) and (rows[row], number + dc) in group

            segments = []
            for colour, number in group:
                r = self.space_rect(colour, number)
                left = r.x + (0 if inside(colour, number, 0, -1) else d)
                right = r.right - 1 - (0 if inside(colour, number, 0, 1) else d)
                top = r.y + (0 if inside(colour, number, -1, 0) else d)
                bottom = r.bottom - 1 - (0 if inside(colour, number, 1, 0) else d)
                if not inside(colour, number, -1, 0):
                    segments.append(((left, top), (right, top)))
                if not inside(colour, number, 1, 0):
                    segments.append(((left, bottom), (right, bottom)))
                if not inside(colour, number, 0, -1):
                    segments.append(((left, top), (left, bottom)))
                if not inside(colour, number, 0, 1):
                    segments.append(((right, top), (right, bottom)))
            for a, b in segments:
                pygame.draw.line(surface, palette.INK, a, b, s(6))
            for a, b in segments:
                pygame.draw.line(surface, self.seat_colour(seat), a, b, s(4))

    # -- drawing: the trick ------------------------------------------------------------------
    def trick_cards(self) -> tuple[list[JsonDict], Optional[int], str]:
        """The cards to show in the trick slots: (plays, winner, caption)."""
        v = self.view
        sweep = self.ui.sweep
        if sweep is not None:
            return list(sweep[0]), sweep[1], tr("box.wins_trick")
        if self.ui.peek_last and v.get("last_trick"):
            last = v["last_trick"]
            return last["plays"], last["winner"], tr("box.won_it")
        return v["trick"]["plays"], None, ""

    def draw_players(self, surface: pygame.Surface) -> None:
        """Each player's board, and under it the card they put into the trick."""
        s = self.ctx.scale
        v = self.view
        plays, winner, caption = self.trick_cards()
        by_seat = {p["seat"]: (i, p) for i, p in enumerate(plays)}
        flying = self.ui.fly
        sweep = self.ui.sweep
        k = sweep[2] if sweep else 0.0
        moving = sweep is not None and k > SWEEP_HOLD
        mover = v.get("to_move")
        for seat in range(v["players"]):
            self.draw_panel(surface, seat, highlight=(seat == winner))
            slot = self.slot_of(seat)
            entry = by_seat.get(seat)
            if flying is not None and flying[0]["seat"] == seat and entry is not None \
                    and entry[1]["number"] == flying[0]["number"]:
                entry = None  # still on its way
                self.draw_empty_slot(surface, slot, "")
            elif entry is not None and not moving:
                index, play = entry
                self.draw_card(surface, slot, play["number"], play["colour"])
                if index == 0:
                    self.pill(surface, tr("box.led_tag"), s(11), palette.INK, midtop=(slot.centerx,
                                                                          slot.bottom - s(2)))
            elif v["phase"] == "play" and seat == mover and not self.ui.peek_last and sweep is None:
                self.draw_empty_slot(surface, slot, tr("box.to_play"), active=True)
            elif v["phase"] == "aside" and v["set_aside_done"][seat]:
                self.draw_card(surface, slot, None, face_down=True)
                self.pill(surface, tr("box.aside_tag"), s(11), palette.INK,
                          midtop=(slot.centerx, slot.bottom - s(2)))
            elif v["phase"] == "predict" and v["predictions"][seat] is not None:
                self.draw_empty_slot(surface, slot, "")
                self.text(surface, str(v["predictions"][seat]), max(12, slot.h // 2), palette.INK,
                          True, center=slot.center)
                self.pill(surface, tr("box.predicts_tag"), s(11), palette.INK,
                          midtop=(slot.centerx, slot.bottom - s(2)))
            elif seat == mover and v["phase"] in ("aside", "predict"):
                self.draw_empty_slot(surface, slot, tr("box.choosing") if v["phase"] == "aside"
                                     else tr("box.predicting"), active=True)
            else:
                self.draw_empty_slot(surface, slot, "")
            if seat == winner and caption and not moving:
                self.pill(surface, caption, s(12), palette.PLUM,
                          midbottom=(slot.centerx, slot.y + s(4)))
        if self.ui.peek_last and v.get("last_trick") and sweep is None:
            self.text(surface, tr("box.last_trick_note"), s(12),
                      palette.PLUM, True, midbottom=(self.strip.centerx, self.strip.bottom + s(2)))
        if moving and sweep is not None:  # the finished trick flies to its winner
            q = pytweening.easeInOutCubic((k - SWEEP_HOLD) / (1 - SWEEP_HOLD))
            target = self.panel_of(sweep[1]).center
            for play in sweep[0]:
                slot = self.slot_of(play["seat"])
                w = max(8, int(slot.w * (1 - 0.6 * q)))
                h = int(w * CARD_RATIO)
                cx = slot.centerx + (target[0] - slot.centerx) * q
                cy = slot.centery + (target[1] - slot.centery) * q
                self.draw_card(surface, pygame.Rect(int(cx - w / 2), int(cy - h / 2), w, h),
                               play["number"], play["colour"])

    def draw_empty_slot(self, surface: pygame.Surface, rect: pygame.Rect, label: str,
                        active: bool = False) -> None:
        s = self.ctx.scale
        pygame.draw.rect(surface, palette.tone(SLOT), rect, border_radius=s(8))
        pygame.draw.rect(surface, palette.MUSTARD if active else palette.edge(SLOT_EDGE), rect,
                         width=palette.thick(s(3) if active else max(1, s(2))), border_radius=s(8))
        if label:
            size = max(9, s(12))
            f = font(size, bold=True)
            lines = wrap(label, f, rect.w - s(6))
            while size > 8 and (max(f.size(line)[0] for line in lines) > rect.w - s(6)
                                or len(lines) * f.get_linesize() > rect.h - s(4)):
                size -= 1  # a single long word ("predicting…") cannot wrap: smaller type
                f = font(size, bold=True)
                lines = wrap(label, f, rect.w - s(6))
            y = rect.centery - len(lines) * f.get_linesize() // 2
            for line in lines:
                img = f.render(line, True, palette.WOOD)
                surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
                y += f.get_linesize()

    def draw_flying(self, surface: pygame.Surface) -> None:
        """A played card on its way into the trick."""
        flying = self.ui.fly
        if flying is None:
            return
        card, (x, y) = flying
        slot = self.slot_of(card["seat"])
        self.draw_card(surface, pygame.Rect(int(x), int(y), slot.w, slot.h), card["number"],
                       card["colour"], lifted=True)

    def draw_piece(self, surface: pygame.Surface, spot: Spot, topleft: Point,
                   lifted: bool = False) -> None:
        if spot[0] != "hand":
            return
        rect = pygame.Rect(topleft, self.card)
        held = self.ui.held
        over_aside = held is not None and self.aside_rect.collidepoint(held.pos)
        if held is not None and self.grid.collidepoint(held.pos):
            # Over the board the card shrinks and turns see-through, so the space under the
            # pointer (outlined) stays visible.
            s = self.ctx.scale
            pos = held.pos
            hover = self.spot_at(pos)
            if hover is not None and hover[0] == "space":
                space = self.space_rect(hover[1], hover[2])
                pygame.draw.rect(surface, palette.INK, space, width=s(3), border_radius=s(6))
            h = max(s(40), int(self.cell_h * 1.15))
            w = int(h / CARD_RATIO)
            layer = pygame.Surface((w + s(8), h + s(8)), pygame.SRCALPHA)
            self.draw_card(layer, pygame.Rect(0, 0, w, h), spot[1], lifted=True)
            layer.set_alpha(215)
            surface.blit(layer, (pos[0] + s(10), pos[1] - h - s(4)))
            return
        self.draw_card(surface, rect, spot[1], lifted=lifted, face_down=over_aside)
