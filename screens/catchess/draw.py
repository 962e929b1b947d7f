"""Cat Chess garden drawing: the basket, the curled path, its stones and cats, the drop targets."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Optional

import pygame

from cats.core import Spot
from screens import palette
from screens.assets import font, image
from screens.table.frame import SceneMixin
from screens.overlays import wrap

if TYPE_CHECKING:
    from screens.catchess.screen import JsonDict, Point

# The nine cat tokens, matched to the engine's cats by coat (the view's "label").
ART_BY_COAT = {"white": "cat_2", "black": "cat_1", "ginger": "cat_0", "grey": "cat_3",
               "brown tabby": "cat_8", "calico": "cat_4", "tuxedo": "cat_6", "Siamese": "cat_5",
               "tortoiseshell": "catchess_tortie"}
NIGHT = (62, 74, 107)          # the asleep ring and moon
LAWN = (190, 208, 172)
LAWN_EDGE = (120, 150, 110)
TRAIL = (238, 216, 170)
TRAIL_EDGE = (196, 164, 118)
STONE = (244, 234, 214)
STONE_EDGE = (150, 124, 96)
DIM = (120, 100, 86)
WARN_DASH = (200, 80, 60)   # a path step between regions that do not touch


@lru_cache(maxsize=256)
def cat_token(art: str, letter: str, size: int, asleep: bool) -> pygame.Surface:
    """A cat token at ``size`` px: the coat art, the letter on a badge and, asleep, closed eyes,
    a night-blue ring and a moon badge (asleep differs by shape, not colour alone)."""
    size = max(12, size)
    surf = image(art, size, size).copy()
    k = size / 120  # the token art is drawn on a 120-unit square
    if asleep:
        for side in (-1, 1):
            cx, cy = 60 + side * 13.5, 66.8  # the eyes in the art's units
            fur = surf.get_at((int(cx * k), int(56 * k)))
            lid = pygame.Rect(0, 0, int(17 * k) + 1, int(17.5 * k) + 1)
            lid.center = (int(cx * k), int(cy * k))
            pygame.draw.ellipse(surf, fur, lid)
            lash = pygame.Rect(0, 0, int(13 * k) + 1, int(9 * k) + 1)
            lash.center = (int(cx * k), int((cy - 1) * k))
            light = 0.3 * fur[0] + 0.59 * fur[1] + 0.11 * fur[2]
            pygame.draw.arc(surf, palette.INK if light > 90 else (226, 214, 200), lash,
                            math.pi * 1.05, math.pi * 1.95, max(1, int(2.4 * k)))
        pygame.draw.circle(surf, NIGHT, (size / 2, size / 2), 51 * k, max(1, int(7 * k)))
        moon = int(size * 0.38)
        surf.blit(image("catchess_asleep", moon, moon), (size - moon, 0))
    r = max(7, int(size * (0.19 if size >= 48 else 0.24)))
    centre = (size - r - 1, size - r - 1)
    pygame.draw.circle(surf, palette.PAPER, centre, r)
    pygame.draw.circle(surf, palette.INK, centre, r, max(1, size // 45))
    text = font(max(8, int(r * 1.45)), bold=True).render(letter, True, palette.INK)
    surf.blit(text, text.get_rect(center=(centre[0], centre[1] + 1)))
    return surf


@lru_cache(maxsize=1024)
def rendered(text: str, size: int, colour: tuple[int, ...], bold: bool) -> pygame.Surface:
    """A line of text rendered once (the table redraws the same labels every frame)."""
    return font(size, bold).render(text, True, colour)


class GardenDrawing(SceneMixin):
    """Mixed into :class:`~screens.catchess.screen.CatChessScene`: draws the table, the basket,
    the garden with its stones and cats, the text under it, the held cat and its drop
    targets, from the scene's layout and view."""

    goal_rows: list[tuple[pygame.Rect, list[str]]]  # the goal rows drawn this frame (hover)

    # -- drawing -------------------------------------------------------------------------------
    def text(self, surface: pygame.Surface, text: str, size: int, colour: Any = palette.INK,
             bold: bool = False, **where: Any) -> pygame.Rect:
        img = rendered(text, size, tuple(colour), bold)
        rect = img.get_rect(**where)
        surface.blit(img, rect)
        return rect

    def art(self, cat: JsonDict) -> str:
        return ART_BY_COAT.get(cat.get("label", ""), "cat_7")

    def token(self, cat: JsonDict, size: int, asleep: Optional[bool] = None) -> pygame.Surface:
        sleeping = (not cat.get("awake", True)) if asleep is None else asleep
        return cat_token(self.art(cat), cat["letter"], size, sleeping)

    def draw_board(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        self.goal_rows = []
        pygame.draw.rect(surface, palette.FELT, self.table, border_radius=s(18))
        if not self.view:
            self.text(surface, "Setting out the garden…", s(20), palette.INK, True,
                      center=self.table.center)
            return
        self.draw_tray(surface)
        self.draw_garden(surface)
        self.draw_under_garden(surface)
        self.draw_cards(surface)
        self.draw_bottom(surface)
        if self.reveal_shown():
            self.draw_reveal(surface)
        elif self.reveal_entry() is not None:
            rect = self.reopen_rect()
            pygame.draw.rect(surface, palette.PAPER, rect, border_radius=s(11))
            pygame.draw.rect(surface, palette.WOOD, rect, width=1, border_radius=s(11))
            self.text(surface, self.reopen_text(), s(13), palette.INK, True, center=rect.center)
        if self.waiting_for_best():
            self.draw_banner(surface, "Counting the goals and working out the best score "
                                      "these cards allowed…")

    def hidden_spots(self) -> set[Spot]:
        """Spots whose cat is in the hand (dragged) or sliding back."""
        out: set[Spot] = set()
        if self.drag and (self.drag.moved or self.drag.pos != self.drag.origin):
            out.add(self.drag.source)
        if self.returning is not None and self.animator.find("return") is self.returning:
            out.add(self.returning_source)
        return out

    def draw_tray(self, surface: pygame.Surface) -> None:
        """The basket: one slot per cat; waiting cats sit in theirs, placed cats leave a note."""
        s = self.ctx.scale
        tray = self.tray
        pygame.draw.rect(surface, (214, 194, 170), tray, border_radius=s(14))
        waiting = {c["letter"]: c for c in self.view.get("waiting") or []}
        mine = self.my_turn() and any(sp[0] == "waiting" for sp in self.sources())
        title = "Waiting cats" + (" — drag one onto an empty region" if mine else "")
        if not waiting:
            title = "Every cat is in the garden"
        self.text(surface, title, s(14), palette.INK, True, topleft=(tray.x + s(12), tray.y + s(5)))
        hidden = self.hidden_spots()
        moving = self.moving_now()
        where = {r["cat"]["letter"]: r["id"] for r in self.view["regions"] if r["cat"]}
        for letter, rect in self.slot_rects().items():
            cat = waiting.get(letter)
            if cat is None or ("waiting", letter) in hidden or letter in moving:
                pygame.draw.circle(surface, (200, 180, 156), rect.center, rect.w // 2 - s(2))
                if letter in where:
                    self.text(surface, f"on {where[letter]}", max(9, s(11)), DIM, True,
                              center=rect.center)
                continue
            if mine:
                pygame.draw.circle(surface, palette.MUSTARD, rect.center, rect.w // 2 + s(3), s(3))
            surface.blit(self.token(cat, rect.w), rect.topleft)

    def path_points(self) -> list[tuple[int, Point]]:
        regions = sorted(self.view.get("regions") or [], key=lambda r: r["path"])
        return [(r["id"], self.centres[r["id"]]) for r in regions if r["id"] in self.centres]

    def draw_garden(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        lawn = self.lawn
        pygame.draw.rect(surface, (120, 100, 80), lawn.move(s(3), s(4)), border_radius=s(22))
        pygame.draw.rect(surface, LAWN, lawn, border_radius=s(22))
        pygame.draw.rect(surface, LAWN_EDGE, lawn, width=s(3), border_radius=s(22))
        regions = {r["id"]: r for r in self.view["regions"]}
        path = self.path_points()
        order = [rid for rid, _ in path]
        consecutive = {frozenset(p) for p in zip(order, order[1:])}
        # Neighbours that are not next along the path: stepping stones between them.
        done: set[frozenset[int]] = set()
        for rid, r in regions.items():
            for n in r["neighbours"]:
                pair = frozenset((rid, n))
                if pair in done or pair in consecutive or n not in self.centres:
                    continue
                done.add(pair)
                a, b = self.centres[rid], self.centres[n]
                dot = max(3, int(self.cell * 0.045))
                for t in (0.38, 0.5, 0.62):
                    p = (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t))
                    pygame.draw.circle(surface, (168, 150, 128), p, dot)
                    pygame.draw.circle(surface, (132, 114, 94), p, dot, 1)
        # The curled path, in the data's order; a segment between regions that do not touch
        # (none in this garden) would be drawn thin and dashed.
        pts = self.spline([p for _, p in path])
        width = max(6, int(self.cell * 0.3))
        if len(pts) > 1:
            pygame.draw.lines(surface, TRAIL_EDGE, False, pts, width + s(4))
            for p in pts[::3]:
                pygame.draw.circle(surface, TRAIL_EDGE, p, (width + s(4)) // 2)
            pygame.draw.lines(surface, TRAIL, False, pts, width)
            for p in pts:
                pygame.draw.circle(surface, TRAIL, p, width // 2 - 1)
        for (ra, pa), (rb, pb) in zip(path, path[1:]):
            if rb not in regions[ra]["neighbours"]:
                pygame.draw.line(surface, WARN_DASH, pa, pb, 2)
            self.chevron(surface, pa, pb)
        self.draw_stones(surface, regions)

    def draw_under_garden(self, surface: pygame.Surface) -> None:
        """Under the garden: the last move (who, what) and, on your turn, how to play."""
        s = self.ctx.scale
        y = self.lawn.bottom + s(8)
        room = self.left.bottom - y
        if room < s(20):
            return
        lines: list[tuple[str, Any]] = []
        if self.my_turn():
            if self.view.get("phase") == "place":
                hint = "Gold ring: you may pick it up. Drop a waiting cat on any empty region."
            else:
                hint = ("Gold ring: you may pick it up. An awake cat goes to a neighbouring "
                        "region: empty = move, taken = swap; then it falls asleep.")
            lines.append((hint, palette.INK))
        f = font(s(13))
        x = self.left.x + s(4)
        log = self.session.log
        if log and self.view.get("moves") and not self.waiting_for_best():
            entry = log[-1]
            rad = s(10)
            self.mini_badge(surface, entry.seat, (x + rad, y + rad), rad)
            self.text(surface, f"Last move: {self.seat_name(entry.seat)} "
                               f"{entry.text}", s(14), palette.INK, True,
                      midleft=(x + 2 * rad + s(8), y + rad))
            y += 2 * rad + s(6)
        elif self.reveal_entry() is not None and not self.reveal_shown():
            y = self.reopen_rect().bottom + s(4)  # under the "show result" button
        for text, colour in lines:
            for line in wrap(text, f, self.left.w - s(8)):
                if y + f.get_linesize() > self.left.bottom:
                    return
                y = self.text(surface, line, s(13), colour, topleft=(x, y)).bottom

    def spline(self, points: list[Point]) -> list[Point]:
        """A Catmull-Rom curve through the region centres (the path curls, the order is data)."""
        if len(points) < 3:
            return points
        out: list[Point] = []
        ext = [points[0], *points, points[-1]]
        for i in range(1, len(ext) - 2):
            p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
            for k in range(10):
                t = k / 10
                x, y = (0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t * t
                               + (-a + 3 * b - 3 * c + d) * t * t * t)
                        for a, b, c, d in zip(p0, p1, p2, p3))
                out.append((int(x), int(y)))
        out.append(points[-1])
        return out

    def chevron(self, surface: pygame.Surface, a: Point, b: Point) -> None:
        """A small arrow on the path between two regions, pointing towards the centre end."""
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1
        ux, uy = dx / length, dy / length
        size = max(4, int(self.cell * 0.07))
        tip = (mx + ux * size, my + uy * size)
        back = (mx - ux * size, my - uy * size)
        left = (back[0] - uy * size, back[1] + ux * size)
        right = (back[0] + uy * size, back[1] - ux * size)
        pygame.draw.lines(surface, TRAIL_EDGE, False, [left, tip, right], max(2, size // 2))

    def draw_stones(self, surface: pygame.Surface, regions: dict[int, JsonDict]) -> None:
        s = self.ctx.scale
        r = self.stone_r
        size = self.token_size
        hidden = self.hidden_spots()
        moving = self.moving_now()
        sources = set(self.sources()) if self.my_turn() else set()
        paths = [x["path"] for x in regions.values()]
        first, last = min(paths), max(paths)
        swapped = set(self.view.get("just_swapped") or [])
        ring_seat, ring_regions = self.last_move if self.last_move else (None, [])
        for rid, region in regions.items():
            c = self.centres.get(rid)
            if c is None:
                continue
            pygame.draw.circle(surface, (150, 130, 104), (c[0] + s(2), c[1] + s(3)), r)
            lit = self.drag is not None and ("region", rid) in self.drag.targets
            pygame.draw.circle(surface, (196, 230, 190) if lit else STONE, c, r)
            pygame.draw.circle(surface, STONE_EDGE, c, r, max(2, s(2)))
            if ring_seat is not None and rid in ring_regions:
                self.dashed_ring(surface, self.seat_colour(ring_seat), c, r + s(5), s(4))
            self.number_badge(surface, rid)
            if region["path"] in (first, last):
                tag = "outer end" if region["path"] == first else "centre"
                self.pill(surface, tag, max(9, s(11)), palette.WOOD,
                          midtop=(c[0], c[1] + r - s(6)))
            cat = region["cat"]
            if cat is None or ("region", rid) in hidden or cat["letter"] in moving:
                continue
            if ("region", rid) in sources:
                pygame.draw.circle(surface, palette.MUSTARD, c, int(size * 0.5) + s(4), s(3))
            if cat["letter"] in self.hover_cats:
                pygame.draw.circle(surface, palette.TEAL, c, int(size * 0.5) + s(6), s(4))
            surface.blit(self.token(cat, size), (c[0] - size // 2, c[1] - size // 2))
            if cat["letter"] in swapped:
                self.pill(surface, "just swapped", max(9, s(11)), palette.PLUM,
                          midtop=(c[0] + r // 4, c[1] - r - s(4)))
        if ring_seat is not None and ring_regions:
            c = self.centres.get(ring_regions[0])
            if c is not None:
                self.mini_badge(surface, ring_seat, (c[0] - int(r * 0.8), c[1] + int(r * 0.8)),
                                max(8, int(self.cell * 0.1)))
        for letter, (x, y) in moving.items():
            cat = self.cats().get(letter)
            if cat is not None:
                surface.blit(self.token(cat, size), (int(x), int(y)))

    def number_badge(self, surface: pygame.Surface, rid: int) -> None:
        """The region's number on a small badge at the stone's upper left."""
        c = self.centres[rid]
        r = self.stone_r
        br = max(8, int(self.cell * 0.1))
        bc = (int(c[0] - r * 0.78), int(c[1] - r * 0.78))
        pygame.draw.circle(surface, palette.PAPER, bc, br)
        pygame.draw.circle(surface, palette.WOOD, bc, br, max(1, self.ctx.scale(2)))
        self.text(surface, str(rid), max(9, int(br * 1.2)), palette.INK, True,
                  center=(bc[0], bc[1] + 1))

    def dashed_ring(self, surface: pygame.Surface, colour: tuple[int, int, int], c: Point,
                    radius: int, width: int) -> None:
        """A dashed circle: the last move's regions, in the colour of the player who made it."""
        rect = pygame.Rect(c[0] - radius, c[1] - radius, 2 * radius, 2 * radius)
        for k in range(16):
            start = k * math.pi / 8
            pygame.draw.arc(surface, palette.INK, rect.inflate(2, 2), start, start + math.pi / 12,
                            width + 2)
            pygame.draw.arc(surface, colour, rect, start, start + math.pi / 12, width)

    def mini_badge(self, surface: pygame.Surface, seat: int, centre: Point, r: int) -> None:
        """A small colour disc with the player's symbol (who made the last move)."""
        self.seat_disc(surface, seat, centre, r, ring_width=2)
    # -- drop targets and the held cat ---------------------------------------------------------
    def draw_targets(self, surface: pygame.Surface) -> None:
        """The engine's legal targets of the held cat glow; hovering one names the action, and
        hovering a refused region shows the engine's reason before the drop."""
        if not self.drag:
            return
        s = self.ctx.scale
        r = self.stone_r
        for target in self.drag.targets:  # (the stones themselves glow under their cats)
            c = self.centres.get(target[1]) if target[0] == "region" else None
            if c is None:
                continue
            pygame.draw.circle(surface, palette.LEGAL, c, r + s(4), s(4))
            self.number_badge(surface, target[1])
            if self.ctx.settings.colour_blind_marks:
                self.draw_tick(surface, pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r))
        hover = self.hovered_target()
        if hover is None or hover == self.drag.source or hover[1] not in self.centres:
            return
        c = self.centres[hover[1]]
        action, reason = self.target_action(self.drag.source, hover)
        if action is not None:
            self.pill(surface, self.label(action), max(9, s(11)), palette.TEAL,
                      midtop=(c[0], c[1] + r + s(4)))
        elif reason:
            self.reason_box(surface, reason, (c[0], c[1] + r + s(4)))

    def reason_box(self, surface: pygame.Surface, text: str, midtop: Point) -> None:
        s = self.ctx.scale
        f = font(s(13), bold=True)
        lines = wrap(text, f, s(240))
        h = len(lines) * f.get_linesize() + s(8)
        w = max(f.size(line)[0] for line in lines) + s(16)
        box = pygame.Rect(0, 0, w, h)
        box.midtop = midtop
        box.clamp_ip(self.table)
        pygame.draw.rect(surface, palette.WARN, box, border_radius=s(8))
        y = box.y + s(4)
        for line in lines:
            y = self.text(surface, line, s(13), palette.PAPER, True, midtop=(box.centerx, y)).bottom

    def draw_piece(self, surface: pygame.Surface, spot: Spot, topleft: tuple[int, int],
                   lifted: bool = False) -> None:
        rect = self.spot_rect(spot)
        cat = self.cat_at(spot)
        if rect is None or cat is None:
            return
        size = int(self.token_size * (1.08 if lifted else 1.0))
        cx, cy = topleft[0] + rect.w // 2, topleft[1] + rect.h // 2
        if lifted:
            shadow = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.circle(shadow, (40, 28, 20, 70), (size // 2, size // 2), size // 2)
            surface.blit(shadow, (cx - size // 2 + 5, cy - size // 2 + 8))
        surface.blit(self.token(cat, size), (cx - size // 2, cy - size // 2))
