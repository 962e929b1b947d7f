"""Catch 22 drawing over the cached table layer, every frame: what follows the pointer (the
route to the end square under it, that square lit strongly, the hovered Switch Places row) and
what breathes (the lit end squares, the rings on what may be taken or clicked, the die's glow).
The layer is painted with the pointer away and the breath out (:meth:`LiveBoard.resting`)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pygame

from screens import palette
from screens.assets import font
from screens.catch22.draw import REST_GLOW
from screens.catch22.hints import HintBoard
from screens.catch22.layout import Catch22Ui, Cell
from screens.table.board import Ui
from screens.table.pointer import Point
from screens.text import tr

RING = (60, 150, 70)  # the green of the rings around what may be taken
NEWS_FADE = 0.8  # seconds a news note takes to fade out (see HintBoard.draw_news)


@lru_cache(maxsize=64)
def veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A plain square of the lit colour at ``alpha`` (kept: every frame blits a few)."""
    surf = pygame.Surface(size)
    surf.fill(palette.LEGAL)
    surf.set_alpha(alpha)
    return surf


palette.baked(veil.cache_clear)


def over(base: int, total: int) -> int:
    """The alpha that, laid over a glow of alpha ``base``, makes one of alpha ``total``."""
    if total <= base:
        return 0
    return round(255 * (1 - (255 - total) / (255 - base)))


class LiveBoard(HintBoard):
    """The parts of the Catch 22 table that are drawn over the cached layer."""

    ui: Catch22Ui

    def hover_key(self, point: Point) -> None:
        return None  # the layer reads nothing of the pointer's place: see paint_live

    def resting(self, ui: Ui) -> Ui:
        assert isinstance(ui, Catch22Ui)
        news = tuple((text, colour, min(NEWS_FADE, -(-left // 0.1) * 0.1))
                     for text, colour, left in ui.news)  # the fade in tenths of a second
        return replace(ui, hover=(-1, -1), pulse=0.0, news=news)

    def paint_live(self, surface: pygame.Surface) -> None:
        mine, still = self.ui.my_turn, self.ui.time is None
        free = mine and self.ui.held is None and still
        if free:
            self.breathe_available(surface)
        self.draw_routes(surface)
        if free:
            self.draw_current_ring(surface)
            self.draw_pickable(surface)
        self.draw_die_glow(surface)
        self.draw_switch_hover(surface)

    # -- the pointer's place --------------------------------------------------------------
    def hovered_cell(self) -> Cell | None:
        """The maze cell under the pointer (None off the maze)."""
        at = self.ui.hover
        return self.cell_at(at) if self.area.collidepoint(at) else None

    def breathe_available(self, surface: pygame.Surface) -> None:
        """The current cat's end squares breathe; the one under the pointer is lit strongly."""
        s = self.ctx.scale
        hover = self.hovered_cell()
        occupied = {(p[0], p[1]) for p in self.view["pawns"] if p is not None}
        occupied |= {(c[0], c[1]) for c in self.view["cubes"]}
        breath = over(REST_GLOW, int(REST_GLOW + 70 * self.ui.pulse))
        for spot in self.ui.pawn_targets:
            if spot[0] != "square":
                continue
            cell = (spot[1], spot[2])
            if cell == self.ui.route_pick:
                continue  # already lit strongly in the layer
            rect = self.tile_rect(cell)
            strong = cell == hover
            alpha = over(REST_GLOW, 190) if strong else breath
            if alpha and cell not in occupied:
                surface.blit(veil(rect.size, alpha), rect.topleft)
            if strong:
                pygame.draw.rect(surface, RING, rect.inflate(s(2), s(2)), width=s(5),
                                 border_radius=s(8))

    def draw_routes(self, surface: pygame.Surface) -> None:
        """The route to the hovered (or held-over, or being chosen) end square, with the cats
        on its squares drawn again over it (in the layer they lie over the route)."""
        if self.view["phase"] != "move" or self.ui.time is not None:
            return
        goal = self.ui.route_pick
        if goal is None:
            goal = self.hovered_cell()
        if goal is None:
            return
        routes = [m for m in self.view["moves"] if (m["to"][0], m["to"][1]) == goal]
        if not routes:
            return
        two = len(routes) > 1
        for m in routes:
            colour = (palette.MUSTARD if m["crosses_star"] else palette.TEAL) if two \
                else self.seat_colour(self.view["current"])
            self.draw_route(surface, m["route"], colour,
                            offset=(3 if m["crosses_star"] else -3) if two else 0)
        self.redraw_cats_on(surface, {(r, c) for m in routes for r, c in m["route"]})
        if two:
            for m in routes:
                colour = palette.MUSTARD if m["crosses_star"] else palette.TEAL
                end = self.cell_rect(goal)
                label = tr("catch22.via_star") if m["crosses_star"] else tr("catch22.avoiding_stars")
                f = font(max(10, self.ctx.scale(13)), bold=True)
                text = f.render(label, True, palette.PAPER)
                box = text.get_rect()
                box.midbottom = (end.centerx, end.y - self.ctx.scale(4)
                                 - (box.h + 6 if m["crosses_star"] else 0))
                pygame.draw.rect(surface, colour, box.inflate(10, 4), border_radius=6)
                surface.blit(text, box)

    def draw_route(self, surface: pygame.Surface, route: list[list[int]],
                   colour: tuple[int, int, int], offset: int = 0) -> None:
        """One route: a line through its squares with each step numbered."""
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

    def redraw_cats_on(self, surface: pygame.Surface, cells: set[Cell]) -> None:
        """The cats standing on ``cells`` (the route's start: the cat that walks it)."""
        held = self.ui.held.source if self.ui.held else None
        pawns = self.view["pawns"]
        for seat, rect in self.pawn_rects().items():
            at = pawns[seat]
            if at is None or (at[0], at[1]) not in cells or held == ("pawn", seat):
                continue
            self.draw_token(surface, seat, rect)

    def draw_switch_hover(self, surface: pygame.Surface) -> None:
        """The Switch Places row under the pointer gets a thicker edge."""
        if self.view.get("offer"):
            return
        for _, rect in self.switch_rows():
            if rect.collidepoint(self.ui.hover):
                pygame.draw.rect(surface, RING, rect, self.ctx.scale(3),
                                 border_radius=self.ctx.scale(10))

    # -- the breath -----------------------------------------------------------------------
    def ring_width(self) -> int:
        """The width of a breathing ring now."""
        s = self.ctx.scale
        return max(2, int(s(3) + s(2) * self.ui.pulse))

    def draw_current_ring(self, surface: pygame.Surface) -> None:
        """A ring in the current cat's colour when it may be taken hold of."""
        me = self.view["current"]
        if ("pawn", me) not in self.ui.sources or me in self.moving_pawns():
            return
        rect = self.pawn_rects().get(me)
        if rect is None:
            return
        s, width = self.ctx.scale, self.ring_width()
        pygame.draw.circle(surface, self.seat_colour(me), rect.center, rect.w // 2 + s(4), width)
        pygame.draw.circle(surface, palette.INK, rect.center, rect.w // 2 + s(4) + width, 1)

    def draw_pickable(self, surface: pygame.Surface) -> None:
        """Rings on what may be clicked now: cats to switch with, cubes to take off."""
        s = self.ctx.scale
        phase = self.view["phase"]
        colour = (*palette.LEGAL, 255)
        width = self.ring_width()
        if phase == "switch":
            rects = self.pawn_rects()
            for spot in self.ui.pawn_targets:
                if spot[0] == "pawn" and spot[1] in rects:
                    rect = rects[spot[1]]
                    pygame.draw.circle(surface, colour, rect.center, rect.w // 2 + s(5), width)
        elif phase == "remove":
            for spot in self.ui.sources:
                if spot[0] == "square":
                    rect = self.cell_rect((spot[1], spot[2]))
                    pygame.draw.rect(surface, RING, rect.inflate(s(2), s(2)), width,
                                     border_radius=s(8))
            tray = self.column_parts()["tray"]
            pygame.draw.rect(surface, colour, tray.inflate(s(4), s(4)), width, border_radius=s(10))
        elif phase == "prepare" and self.view["supply"][self.view["current"]]:
            tray = self.column_parts()["tray"]
            pygame.draw.rect(surface, colour, tray.inflate(s(4), s(4)), width, border_radius=s(10))

    def draw_die_glow(self, surface: pygame.Surface) -> None:
        """The die's glow while it may be rolled, breathing out past the layer's (at rest)."""
        if not self.ui.can_roll or self.view["phase"] == "start" or self.waiting_rects():
            return  # no die is shown while cats wait to choose a Star
        s = self.ctx.scale
        rest, glow = s(4), int(s(4) + s(4) * self.ui.pulse)
        if glow > rest:
            rect = self.column_parts()["die"]
            pygame.draw.rect(surface, palette.LEGAL, rect.inflate(glow * 2, glow * 2),
                             width=glow - rest + 1, border_radius=s(16))
