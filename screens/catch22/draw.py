"""Catch 22 maze drawing: the printed board, Jackpot pots, lit squares, routes and the pieces,
painted from the view and the UI facts only."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Optional

import pygame
import pytweening  # type: ignore[import-untyped]

from cats.core import Spot
from screens import palette
from screens.assets import exact_font, font, image, text_size
from screens.catch22.layout import Catch22Layout, Cell, Colour, Stage
from screens.table.pointer import Point
from screens.text import tr

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


@lru_cache(maxsize=256)
def cube_art(colour: Colour, symbol: str, size: int) -> pygame.Surface:
    """The grey cube art tinted in a seat's colour, with its symbol on the top face."""
    surf = image("cube", size, size).copy()
    light = tuple(min(255, int(v * 1.12) + 14) for v in colour)
    surf.fill((*light, 255), special_flags=pygame.BLEND_RGBA_MULT)
    sym = image(symbol, max(6, int(size * 0.36)), max(6, int(size * 0.36)))
    surf.blit(sym, sym.get_rect(center=(int(size * 0.5), int(size * 0.3))))
    return surf


REST_GLOW = 95  # the alpha of a lit end square at rest (it breathes up to 165 over the layer)


class MazeBoard(Catch22Layout):
    """The maze and its cats, cubes and dice."""

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
            self.seat_disc(surface, seat, bc, br, ring_width=max(1, s(2)), art_scale=1.25)
        else:
            pygame.draw.circle(surface, colour, centre, r)
            pygame.draw.circle(surface, palette.PAPER, centre, max(2, r - max(2, r // 5)), max(1, r // 6))
            pygame.draw.circle(surface, palette.INK, centre, r, max(1, s(2)))
            art = image(self.seat_symbol(seat), int(r * 1.15), int(r * 1.15))
            surface.blit(art, art.get_rect(center=centre))

    def cube_image(self, seat: int, size: int) -> pygame.Surface:
        """The grey cube art tinted in the seat's colour, with its symbol on the top face."""
        return cube_art(self.seat_colour(seat), self.seat_symbol(seat), size)

    def draw_cube(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """A seat's cube filling ``rect``."""
        surface.blit(self.cube_image(seat, rect.w), rect.topleft)

    def cube_rect(self, cell: Cell, with_pawn: bool) -> pygame.Rect:
        """Where a cube on ``cell`` is drawn (in a corner when a cat shares the square)."""
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
                 border: Optional[tuple[int, int, int]] = None, angle: float = 0.0,
                 dim: bool = False) -> None:
        """A die face with pips (value 0: blank)."""
        border = border or palette.INK
        size = rect.w
        face = pygame.Surface((size, size), pygame.SRCALPHA)
        radius = max(3, size // 6)
        pygame.draw.rect(face, palette.tone((255, 252, 246)), face.get_rect(), border_radius=radius)
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
            pygame.draw.rect(surface, palette.tone((120, 90, 70)), shadow, border_radius=radius)
        surface.blit(face, face.get_rect(center=rect.center))

    def draw_piece(self, surface: pygame.Surface, spot: Spot, topleft: Point,
                   lifted: bool = False) -> None:
        view = self.view
        if spot[0] == "pawn":
            rect = self.spot_rect(spot)
            if rect is not None:
                self.draw_token(surface, spot[1], pygame.Rect(topleft, rect.size), lifted)
        elif spot[0] == "supply":
            size = int(self.cell * 0.8)
            at = (topleft[0] + self.ui.last_grab[0] - size // 2, topleft[1] + self.ui.last_grab[1] - size // 2)
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
        pygame.draw.rect(surf, palette.duo(HEDGE_DARK, (30, 30, 30)), surf.get_rect(), border_radius=s(14))
        inner = pygame.Rect(ox, oy, c * self.n, c * self.n)
        pygame.draw.rect(surf, palette.duo(HEDGE, (60, 60, 60)), inner)
        # the edge's letters and numbers: large text grows them as far as the margin holds
        f = exact_font(max(9, min(text_size(s(13)), int((ox - 2) * 0.8))), bold=True)
        for i in range(self.n):
            letter = f.render("abcdefghijklmnopqrstuvwxyz"[i], True, (232, 240, 222))
            surf.blit(letter, letter.get_rect(center=(ox + i * c + c // 2, oy // 2)))
            number = f.render(str(i + 1), True, (232, 240, 222))
            surf.blit(number, number.get_rect(center=(ox // 2, oy + i * c + c // 2)))
        for r in range(self.n):
            for col in range(self.n):
                rect = pygame.Rect(ox + col * c, oy + r * c, c, c)
                if self.kind_at((r, col)) != "out":
                    pygame.draw.rect(surf, palette.duo(GRAVEL, palette.PAPER), rect)
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
            shade = palette.duo(HEDGE_LIGHT, (90, 90, 90)) if (i + seed) % 3 == 0 else palette.duo(HEDGE, (60, 60, 60))
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
        fill = SPECIAL_TINT.get(kind, palette.duo(STONE, palette.PAPER))
        pygame.draw.rect(surf, palette.tone((150, 120, 80)), tile.move(1, 2), border_radius=radius)
        pygame.draw.rect(surf, fill, tile, border_radius=radius)
        pygame.draw.rect(surf, palette.duo(STONE_EDGE, palette.INK), tile, palette.thick(max(1, tile.w // 28)), border_radius=radius)
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
                text = f.render(tr(f"catch22.square.{kind}"), True, palette.INK)
                if text.get_width() > tile.w - 2:
                    text = pygame.transform.smoothscale(
                        text, (tile.w - 2, max(1, int(text.get_height() * (tile.w - 2) / text.get_width()))))
                surf.blit(text, text.get_rect(midbottom=(tile.centerx, tile.bottom - 1)))

    def paint(self, surface: pygame.Surface) -> None:
        self.draw_column(surface)
        if self.static is not None:
            surface.blit(self.static, self.frame_rect.topleft)
        self.draw_pots(surface)
        mine = self.ui.my_turn
        held = self.ui.held.source if self.ui.held else None
        still = self.ui.time is None
        if mine and held is None and still:
            self.draw_available(surface)
        self.draw_cubes(surface, held)
        self.draw_pawns(surface, held)
        self.draw_win(surface)

    def draw_pots(self, surface: pygame.Surface) -> None:
        """Each Jackpot's gold left, on a coin in the corner of its square."""
        s = self.ctx.scale
        for cell, gold in self.shown_pots().items():
            tile = self.tile_rect(cell)
            if gold <= 0:
                veil = pygame.Surface(tile.size, pygame.SRCALPHA)
                veil.fill((*palette.duo(GRAVEL, palette.PAPER), 170))
                surface.blit(veil, tile.topleft)
            r = max(7, int(self.cell * 0.2))
            centre = (tile.right - r + s(2), tile.y + r - s(2))
            pygame.draw.circle(surface, GOLD if gold else (210, 200, 180), centre, r)
            pygame.draw.circle(surface, palette.INK, centre, r, max(1, s(2)))
            text = font(max(8, int(r * 1.25)), bold=True).render(str(gold), True, palette.INK)
            surface.blit(text, text.get_rect(center=centre))

    def draw_available(self, surface: pygame.Surface) -> None:
        """Before anything is picked up: where the current cat may go (squares or cats), at
        rest (the breathing and the square under the pointer are drawn over: ``paint_live``)."""
        s = self.ctx.scale
        for spot in self.ui.pawn_targets:
            if spot[0] != "square":
                continue
            rect = self.tile_rect((spot[1], spot[2]))
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            strong = self.ui.route_pick == (spot[1], spot[2])
            glow.fill((*palette.LEGAL, 190 if strong else REST_GLOW))
            surface.blit(glow, rect.topleft)
            pygame.draw.rect(surface, palette.tone((60, 150, 70)), rect.inflate(s(2), s(2)),
                             width=s(5) if strong else s(3), border_radius=s(8))
            if palette.marks(self.ctx.settings):
                self.draw_tick(surface, rect)

    def draw_cubes(self, surface: pygame.Surface, held: Optional[Spot]) -> None:
        pawns_at = {(p[0], p[1]) for p in self.view["pawns"] if p is not None}
        t = self.ui.time
        anim = self.stage("cube")
        for r, c, owner in self.view["cubes"]:
            if held == ("square", r, c):
                ghost = self.cube_rect((r, c), False)
                pygame.draw.rect(surface, palette.tone((200, 190, 170)), ghost.inflate(-ghost.w // 3, -ghost.h // 3),
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
        moving = self.moving_pawns()
        rects = self.pawn_rects(frozenset(moving))
        for seat, rect in rects.items():
            if held == ("pawn", seat):
                pygame.draw.circle(surface, palette.tone((200, 190, 170)), rect.center, rect.w // 2, 2)
                continue
            self.draw_token(surface, seat, rect)
        for seat, rect in moving.items():
            self.draw_token(surface, seat, rect, lifted=True)

    def moving_pawns(self) -> dict[int, pygame.Rect]:
        """The cats under way in the after-action animation, and where they are drawn now."""
        t = self.ui.time
        moving: dict[int, pygame.Rect] = {}
        walk, swap, start = self.stage("walk"), self.stage("swap"), self.stage("start")
        if walk is not None and walk.running(t):
            moving[walk.data["seat"]] = self.walk_rect(walk, t)
        if swap is not None and swap.running(t) and self.ui.before:
            for seat in (swap.data["a"], swap.data["b"]):
                was, now = self.ui.before["pawns"][seat], self.view["pawns"][seat]
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
        return moving

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
