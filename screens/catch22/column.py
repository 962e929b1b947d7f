"""Catch 22's control column: where its parts go (header, die, cube tray, kept cubes with the
ransom offers, legend), the cats still waiting to choose a Star, and the ransom price controls."""

from __future__ import annotations

import pygame

from cats.core import Action
from screens.assets import font
from screens.overlays import wrap
from screens.table.frame import SceneMixin


class ControlColumn(SceneMixin):
    """Mixed into :class:`~screens.catch22.screen.Catch22Scene`: the column's layout and the ransom offers made in it."""

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

    def offers(self) -> dict[int, list[Action]]:
        """Legal ransom offers by owner, cheapest first."""
        out: dict[int, list[Action]] = {}
        for a in self.session.state.legal_actions():
            if a.kind == "offer":
                out.setdefault(a.owner, []).append(a)  # type: ignore[attr-defined]
        for offers in out.values():
            offers.sort(key=lambda a: a.price)  # type: ignore[attr-defined]
        return out

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
