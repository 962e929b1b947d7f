"""Catch 22 drawing over the table: flying coins, the news of what just happened, the hint bar
under the table (what to do now, in words) and the tooltip of the square under the pointer."""

from __future__ import annotations

import math

import pygame
import pytweening  # type: ignore[import-untyped]

from cats.words import engine_text
from screens import palette
from screens.assets import font, image
from screens.catch22.draw import MazeBoard
from screens.catch22.layout import Catch22Ui, JsonDict
from screens.overlays import wrap
from screens.text import tr

KINDS = ("path", "star", "jackpot", "roll_again", "switch_places", "remove_cube", "out")


class HintBoard(MazeBoard):
    """The coins, news, hint bar and tooltip (drawn over the table's frame)."""

    def draw_over(self, surface: pygame.Surface, view: JsonDict, ui: Catch22Ui) -> None:
        """Draw what lies over the frame: flying coins, the hint bar, the tooltip."""
        paint = self.seeing(view, ui)
        assert isinstance(paint, HintBoard)
        paint.draw_coins(surface)
        paint.draw_hint_bar(surface)
        if ui.held is None and ui.time is None:
            paint.draw_tooltip(surface)

    def draw_coins(self, surface: pygame.Surface) -> None:
        """Coins flying from a square or a player's gold to another player's gold."""
        t = self.ui.time
        for st in self.ui.stages:
            if st.kind != "coins" or not st.running(t) or st.progress(t) <= 0:
                continue
            if "from_cell" in st.data:
                start = self.cell_rect(tuple(st.data["from_cell"])).center
            else:
                start = self.gold_anchor(st.data["from_seat"]) or self.area.center
            end = self.gold_anchor(st.data["to"]) or self.side.center
            count = max(1, min(10, st.data["count"]))
            size = max(14, int(self.cell * 0.5))
            for i in range(count):
                delay = i * 0.35 / count
                p = (st.progress(t) - delay) / max(0.01, 1 - 0.35)
                if p <= 0 or p >= 1:
                    continue
                k = pytweening.easeInOutQuad(p)
                x = start[0] + (end[0] - start[0]) * k
                y = start[1] + (end[1] - start[1]) * k - math.sin(k * math.pi) * self.cell * 1.5
                surface.blit(image("coin", size, size), (int(x) - size // 2, int(y) - size // 2))

    def draw_news(self, surface: pygame.Surface, kept_bottom: int) -> None:
        """Steals, Jackpots, the win: short notes in the column, above the legend."""
        s = self.ctx.scale
        parts = self.column_parts()
        y = parts["legend"].y - s(8)
        f = font(s(13), bold=True)
        width = self.column.w - s(20)
        for text, colour, left in reversed(self.ui.news):
            lines = wrap(text, f, width - s(16))
            h = len(lines) * f.get_linesize() + s(10)
            if y - h < kept_bottom:
                break
            box = pygame.Rect(0, 0, width, h)
            box.midbottom = (self.column.centerx, y)
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            alpha = int(240 * min(1.0, left / 0.8))
            pygame.draw.rect(panel, (*colour, alpha), panel.get_rect(), border_radius=s(10))
            surface.blit(panel, box.topleft)
            ty = box.y + s(5)
            for line in lines:
                img = f.render(line, True, palette.PAPER).copy()  # faded below
                img.set_alpha(alpha)
                surface.blit(img, img.get_rect(midtop=(box.centerx, ty)))
                ty += f.get_linesize()
            y = box.y - s(6)

    def draw_hint_bar(self, surface: pygame.Surface) -> None:
        """What to do now, in words, next to the buttons under the table."""
        s = self.ctx.scale
        x = self.bottom.x + s(12)
        if self.ui.buttons_right is not None:
            x = max(x, self.ui.buttons_right + s(14))
        width = self.bottom.right - x - s(12)
        if width < s(120):
            return
        text = self.ui.tip or self.hint()
        if not text:
            return
        f = font(s(14))
        lines = wrap(text, f, width)[:2]
        y = self.bottom.centery - len(lines) * f.get_linesize() // 2
        for line in lines:
            surface.blit(f.render(line, True, palette.TEAL if self.ui.tip else palette.INK),
                         (x, y))
            y += f.get_linesize()

    def hint(self) -> str:
        """What to do now, in words."""
        view = self.view
        mover = view["to_move"]
        if mover is None:
            return ""
        if self.seats[mover].is_bot:
            return tr("catch22.is_playing", name=self.seat_name(mover))
        if not self.ui.my_turn:
            return ""
        return {
            "start": tr("catch22.hint.start"),
            "prepare": self.prepare_hint(),
            "ransom": tr("catch22.hint.ransom"),
            "move": tr("catch22.hint.move"),
            "switch": tr("catch22.hint.switch"),
            "remove": tr("catch22.hint.remove"),
        }.get(view["phase"], "")

    def prepare_hint(self) -> str:
        """What may be done before rolling."""
        view = self.view
        cubes, ransom = bool(view["supply"][view["current"]]), bool(self.ui.ransom)
        if cubes and ransom:
            return tr("catch22.hint.cubes_or_ransom")
        if cubes:
            return tr("catch22.hint.cubes")
        if ransom:
            return tr("catch22.hint.ransom_offer")
        return tr("catch22.hint.roll")

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """What the hovered square is."""
        s = self.ctx.scale
        at = self.ui.hover
        cell = self.cell_at(at)
        if cell is None or not self.area.collidepoint(at):
            return
        kind = self.kind_at(cell)
        if kind == "out" or (self.view["phase"] == "move" and cell in self.move_targets()):
            return
        view = self.view
        lines = [tr("catch22.tip", cell=self.cell_name(*cell),
                    kind=tr(f"catch22.kind.{kind}") if kind in KINDS else kind)]
        if kind == "jackpot":
            gold = self.shown_pots().get(cell, 0)
            lines.append(tr("catch22.gold_left", n=gold) if gold else tr("catch22.empty"))
        elif kind == "star":
            name = next((n for n, rc in view["stars"].items() if tuple(rc) == cell), "")
            lines.append(tr("catch22.the_star", star=engine_text(name)) if name else "")
        for r, c, owner in view["cubes"]:
            if (r, c) == cell:
                lines.append(tr("catch22.cube_of", name=self.seat_name(owner)))
        here = [seat for seat, p in enumerate(view["pawns"]) if p is not None and tuple(p) == cell]
        if here:
            lines.append(tr("table.tag_sep").join(self.seat_name(x) for x in here))
        lines = [line for line in lines if line]
        f = font(s(13))
        w = max(f.size(line)[0] for line in lines) + s(16)
        h = len(lines) * f.get_linesize() + s(8)
        box = pygame.Rect(at[0] + s(16), at[1] + s(18), w, h)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, palette.PAPER, box, border_radius=s(6))
        pygame.draw.rect(surface, palette.WOOD, box, 1, border_radius=s(6))
        y = box.y + s(4)
        for i, line in enumerate(lines):
            img = font(s(13), bold=i == 0).render(line, True, palette.INK)
            surface.blit(img, (box.x + s(8), y))
            y += f.get_linesize()
