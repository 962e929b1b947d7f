"""Cat Chess garden drawing: the basket, the curled path, its stones and cats, the text under
the garden, the held cat and its drop targets; drawn from the view and the UI facts only."""

from __future__ import annotations

import math

import pygame

from cats.core import Spot
from screens import palette
from screens.assets import font
from screens.catchess.layout import (
    LAWN,
    LAWN_EDGE,
    STONE,
    STONE_EDGE,
    TRAIL,
    TRAIL_EDGE,
    WARN_DASH,
    CatChessLayout,
)
from screens.overlays import fit_text, wrap
from screens.table.board import JsonDict
from screens.table.pointer import Point
from screens.text import tr


class GardenBoard(CatChessLayout):
    """The Cat Chess board's garden half: the basket, the garden with its stones and cats, the
    text under it, the held cat and its drop targets."""

    def draw_tray(self, surface: pygame.Surface) -> None:
        """The basket: one slot per cat; waiting cats sit in theirs, placed cats leave a note."""
        s = self.ctx.scale
        tray = self.tray
        pygame.draw.rect(surface, palette.tone((214, 194, 170)), tray, border_radius=s(14))
        waiting = {c["letter"]: c for c in self.view.get("waiting") or []}
        mine = self.ui.my_turn and any(sp[0] == "waiting" for sp in self.ui.sources)
        title = tr("catchess.waiting_drag") if mine else tr("catchess.waiting")
        if not waiting:
            title = tr("catchess.all_placed")
        self.text(surface, title, s(14), palette.INK, True, topleft=(tray.x + s(12), tray.y + s(5)))
        hidden = self.hidden_spots()
        moving = dict(self.ui.moving)
        where = {r["cat"]["letter"]: r["id"] for r in self.view["regions"] if r["cat"]}
        for letter, rect in self.slot_rects().items():
            cat = waiting.get(letter)
            if cat is None or ("waiting", letter) in hidden or letter in moving:
                pygame.draw.circle(surface, palette.tone((200, 180, 156)), rect.center, rect.w // 2 - s(2))
                if letter in where:
                    self.text(surface, tr("catchess.sits_on", region=where[letter]), max(9, s(11)), palette.MUTED, True,
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
        pygame.draw.rect(surface, palette.tone((120, 100, 80)), lawn.move(s(3), s(4)), border_radius=s(22))
        pygame.draw.rect(surface, LAWN, lawn, border_radius=s(22))
        pygame.draw.rect(surface, palette.duo(LAWN_EDGE, palette.INK), lawn, width=s(3), border_radius=s(22))
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
                    pygame.draw.circle(surface, palette.tone((168, 150, 128)), p, dot)
                    pygame.draw.circle(surface, palette.tone((132, 114, 94)), p, dot, 1)
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
        """Under the garden: the last move (who, what) and, on your turn, how to play: the whole
        hint in a size that fits, the last move left to the log if the two do not fit."""
        s = self.ctx.scale
        y = self.lawn.bottom + s(8)
        room = self.left.bottom - y
        if room < s(20):
            return
        x = self.left.x + s(4)
        rad = s(10)
        last = self.ui.last_entry
        show_last = last is not None and bool(self.view.get("moves")) and not self.ui.counting
        hint = ""
        if self.ui.my_turn:
            hint = tr("catchess.hint_place" if self.view.get("phase") == "place"
                      else "catchess.hint_activate")
        size, lines = 13, []
        if hint:
            # The move log has the last move: when both do not fit, how to play comes first.
            tries = [(show_last, 13), (show_last, 12), (False, 13), (False, 12)]
            for show_last, size in tries[0 if show_last else 2:]:
                lines = wrap(hint, font(s(size)), self.left.w - s(8))
                if len(lines) * font(s(size)).get_linesize() + (2 * rad + s(6)) * show_last <= room:
                    break
        if show_last and last is not None:
            self.mini_badge(surface, last[0], (x + rad, y + rad), rad)
            self.text(surface, tr("table.last_move", name=self.seat_name(last[0]),
                                  move=last[1]), s(14), palette.INK, True,
                      midleft=(x + 2 * rad + s(8), y + rad))
            y += 2 * rad + s(6)
        elif self.reveal_entry() is not None and not self.ui.reveal:
            y = self.reopen_rect().bottom + s(4)  # under the "show result" button
        f = font(s(size))
        for i, line in enumerate(lines):
            if y + f.get_linesize() > self.left.bottom:
                return
            if i + 1 < len(lines) and y + 2 * f.get_linesize() > self.left.bottom:
                line = fit_text(line + " " + lines[i + 1], f, self.left.w - s(8))  # cut: "…"
            y = self.text(surface, line, s(size), palette.INK, topleft=(x, y)).bottom

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
        moving = dict(self.ui.moving)
        sources = set(self.ui.sources) if self.ui.my_turn else set()
        paths = [x["path"] for x in regions.values()]
        first, last = min(paths), max(paths)
        swapped = set(self.view.get("just_swapped") or [])
        ring_seat, ring_regions = self.ui.last_move if self.ui.last_move else (None, [])
        for rid, region in regions.items():
            c = self.centres.get(rid)
            if c is None:
                continue
            pygame.draw.circle(surface, palette.tone((150, 130, 104)), (c[0] + s(2), c[1] + s(3)), r)
            lit = ("region", rid) in self.ui.targets
            pygame.draw.circle(surface, palette.tone((196, 230, 190)) if lit else palette.duo(STONE, palette.PAPER), c, r)
            pygame.draw.circle(surface, palette.duo(STONE_EDGE, palette.INK), c, r,
                               palette.thick(max(2, s(2))))
            if ring_seat is not None and rid in ring_regions:
                self.dashed_ring(surface, self.seat_colour(ring_seat), c, r + s(5), s(4))
            self.number_badge(surface, rid)
            if region["path"] in (first, last):
                tag = tr("catchess.outer_end") if region["path"] == first else tr("catchess.centre")
                self.pill(surface, tag, max(9, s(11)), palette.WOOD,
                          midtop=(c[0], c[1] + r - s(6)))
            cat = region["cat"]
            if cat is None or ("region", rid) in hidden or cat["letter"] in moving:
                continue
            if ("region", rid) in sources:
                pygame.draw.circle(surface, palette.MUSTARD, c, int(size * 0.5) + s(4), s(3))
            # (the cats of the goal under the pointer are ringed over the layer: LiveGarden)
            surface.blit(self.token(cat, size), (c[0] - size // 2, c[1] - size // 2))
            if cat["letter"] in swapped:
                self.pill(surface, tr("catchess.just_swapped_tag"), max(9, s(11)), palette.PLUM,
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
        held = self.ui.held
        if held is None:
            return
        s = self.ctx.scale
        r = self.stone_r
        for target in held.targets:  # (the stones themselves glow under their cats)
            c = self.centres.get(target[1]) if target[0] == "region" else None
            if c is None:
                continue
            pygame.draw.circle(surface, palette.LEGAL, c, r + s(4), s(4))
            self.number_badge(surface, target[1])
            if palette.marks(self.ctx.settings):
                self.draw_tick(surface, pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r))
        self.draw_target_word(surface)

    def draw_target_word(self, surface: pygame.Surface) -> None:
        """Under the region the held cat is over: the action that drop makes, or the engine's
        reason for refusing it."""
        held, hover = self.ui.held, self.ui.target
        if held is None or hover is None or hover == held.source or hover[1] not in self.centres:
            return
        s = self.ctx.scale
        r = self.stone_r
        c = self.centres[hover[1]]
        label, reason = self.ui.target_label, self.ui.target_reason
        if label:
            self.pill(surface, label, max(9, s(11)), palette.TEAL,
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
            pygame.draw.circle(shadow, palette.tone((40, 28, 20, 70)), (size // 2, size // 2), size // 2)
            surface.blit(shadow, (cx - size // 2 + 5, cy - size // 2 + 8))
        surface.blit(self.token(cat, size), (cx - size // 2, cy - size // 2))
