"""Cat's Gambit board geometry: the tray of the drawn card and the Pawns down the left, the
floating grid around the deck fitted to the cells still possible, the Paw in its cell's corner,
the Burrow panel in the corner that hides the fewest cards; and what lies under the pointer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence

import pygame

from cats.core import Spot
from screens.table.board import Board, BoardContext, Ui
from screens.table.pointer import Point

if TYPE_CHECKING:
    from cats.session import Seat

Cell = tuple[int, int]


@dataclass(frozen=True)
class GambitUi(Ui):
    """Cat's Gambit's UI facts: Aurelia's flip (0..1 while it turns) and the hinted spot."""

    flip: Optional[float] = None
    hint: Optional[Spot] = None


class TableauLayout(Board):
    """Where everything on the Cat's Gambit table is, for the view shown."""

    ui: GambitUi

    def __init__(self, ctx: BoardContext, seats: Sequence["Seat"]) -> None:
        super().__init__(ctx, seats)
        self.cell_w = self.cell_h = 1
        self.origin = (0, 0)
        self.window: tuple[int, int, int, int] = (0, 0, 0, 0)
        self.tray = pygame.Rect(0, 0, 1, 1)
        self.tray_card_w = self.tray_card_h = 1
        self.ui = GambitUi()
        self.side = pygame.Rect(0, 0, 1, 1)  # the side panel (the hovered Pawn's words go there)

    def layout(self, rect: pygame.Rect) -> None:
        self.area = rect.copy()
        s = self.ctx.scale
        tray_h = self.area.h - s(24)
        self.tray_card_h = max(40, min((tray_h - s(26) * 3) // 3, s(200)))
        self.tray_card_w = int(self.tray_card_h * 0.72)
        self.tray = pygame.Rect(self.area.x + s(12), self.area.y + s(12),
                                2 * self.tray_card_w + s(40), tray_h)
        self.refit()

    def refit(self) -> None:
        if self.area.w <= 1:
            return
        cells = [tuple(c) for c in self.view.get("possible", [])] or [(0, 0)]
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        self.window = (min(xs), max(xs), min(ys), max(ys))
        cols = self.window[1] - self.window[0] + 1
        rows = self.window[3] - self.window[2] + 1
        s = self.ctx.scale
        area = pygame.Rect(self.tray.right + s(16), self.area.y + s(44),
                           self.area.right - self.tray.right - s(32), self.area.h - s(60))
        self.cell_h = max(20, min(area.h // rows, int(area.w / cols / 0.78)))
        self.cell_w = int(self.cell_h * 0.78)
        gw, gh = cols * self.cell_w, rows * self.cell_h
        self.origin = (area.centerx - gw // 2, area.y + (area.h - gh) // 2)

    # -- spots -------------------------------------------------------------------------------
    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """The screen rectangle of a grid cell."""
        x = self.origin[0] + (cell[0] - self.window[0]) * self.cell_w
        y = self.origin[1] + (cell[1] - self.window[2]) * self.cell_h
        return pygame.Rect(x, y, self.cell_w, self.cell_h)

    def card_rect(self, cell: Cell) -> pygame.Rect:
        """The card drawn inside a cell (a little margin around it)."""
        return self.cell_rect(cell).inflate(-self.ctx.scale(6), -self.ctx.scale(6))

    def tray_slots(self) -> list[tuple[Spot, pygame.Rect]]:
        """The drawn-card slot, then the Pawn slots, two to a row down the left side."""
        s = self.ctx.scale
        w, h = self.tray_card_w, self.tray_card_h
        spots: list[Spot] = [self.first_tray_spot()] + [("pawn", p["id"])
                                                       for p in self.view.get("pawns", [])]
        slots = []
        for i, spot in enumerate(spots):
            row, col = divmod(i, 2)
            x = self.tray.x + s(12) + col * (w + s(16))
            y = self.tray.y + s(24) + row * (h + s(26))
            slots.append((spot, pygame.Rect(x, y, w, h)))
        return slots

    def placing_pawn(self) -> Optional[str]:
        """The Pawn played by Tactical Peek or Strategic Push that now waits to be placed."""
        view = self.view
        pending = view.get("pending")
        if view.get("phase") == "pawn" and pending and \
                all(p["id"] != pending for p in view.get("pawns", [])):
            return str(pending)
        return None

    def first_tray_spot(self) -> Spot:
        """The first tray slot holds the drawn card, or the Pawn that waits to be placed."""
        pawn = self.placing_pawn()
        return ("pawn", pawn) if pawn else ("revealed",)

    def paw_rect(self) -> pygame.Rect:
        """The Paw token, in the lower right corner of its cell."""
        r = self.card_rect(tuple(self.view["paw"]))
        size = max(16, int(self.cell_w * 0.42))
        return pygame.Rect(r.right - size + self.ctx.scale(4), r.bottom - size + self.ctx.scale(4),
                           size, size)

    def bottom_cards(self) -> dict[int, str]:
        """The bottom two deck cards while the Burrow order is chosen (position from the bottom
        -> card), else nothing."""
        if self.view.get("phase") != "burrow":
            return {}
        return {k["from_bottom"]: k["card"] for k in self.view["deck_known"]
                if k["from_bottom"] in (0, 1)}

    def burrow_panel(self) -> tuple[pygame.Rect, list[tuple[Spot, pygame.Rect]]]:
        """The Burrow panel and its two card slots (second from bottom, bottom), in the corner of
        the table that hides the fewest cards: the grid stays readable while choosing."""
        s = self.ctx.scale
        size = self.card_rect((0, 0)).size
        w, h = max(int(size[0] * 0.85), s(80)), max(int(size[1] * 0.85), s(110))
        area = pygame.Rect(self.tray.right + s(16), self.area.y + s(12), 0,
                           self.area.h - s(24))
        area.w = self.area.right - s(12) - area.x
        panel = pygame.Rect(0, 0, max(2 * w + s(90), s(340)), h + s(90))
        cards = [self.card_rect((x, y)) for x, y, _ in self.view["grid"]]
        cards.append(self.card_rect(tuple(self.view["deck_cell"])))
        best = None
        for corner in ("topright", "bottomright", "topleft", "bottomleft", "midbottom", "midtop"):
            spot = panel.copy()
            setattr(spot, corner, getattr(area, corner))
            hidden = sum(spot.clip(c).w * spot.clip(c).h for c in cards)
            if best is None or hidden < best[0]:
                best = (hidden, spot)
        assert best is not None
        panel = best[1]
        left = pygame.Rect(panel.centerx - w - s(28), panel.y + s(52), w, h)
        right = pygame.Rect(panel.centerx + s(28), panel.y + s(52), w, h)
        return panel, [(("bottom", 1), left), (("bottom", 0), right)]

    def spot_at(self, pos: Point) -> Optional[Spot]:
        if self.bottom_cards():
            for spot, rect in self.burrow_panel()[1]:
                if rect.collidepoint(pos):
                    return spot
        for spot, rect in self.tray_slots():
            if rect.collidepoint(pos):
                return spot
        if self.paw_rect().collidepoint(pos) and ("paw",) in self.ui.sources:
            return ("paw",)
        if not self.area.collidepoint(pos) or self.tray.collidepoint(pos):
            return None
        cx = (pos[0] - self.origin[0]) // self.cell_w + self.window[0]
        cy = (pos[1] - self.origin[1]) // self.cell_h + self.window[2]
        if (cx, cy) == tuple(self.view["deck_cell"]):
            return ("deck",)
        return ("cell", cx, cy)

    def spot_rect(self, spot: Spot) -> Optional[pygame.Rect]:
        if spot[0] == "cell":
            return self.card_rect((spot[1], spot[2]))
        if spot == ("deck",):
            return self.card_rect(tuple(self.view["deck_cell"]))
        if spot == ("paw",):
            return self.paw_rect()
        if spot[0] == "bottom":
            return dict(self.burrow_panel()[1]).get(spot)
        for slot, rect in self.tray_slots():
            if slot == spot:
                return rect
        return None
