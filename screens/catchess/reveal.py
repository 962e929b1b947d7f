"""Cat Chess's round results: every card of the finished round with the goals each met (solo: the
best garden the cards allowed beside yours), drawn over the garden for the whole table, and the
button that shows it again."""

from __future__ import annotations

from typing import Optional

import pygame

from screens import palette
from screens.assets import font
from screens.catchess.layout import LAWN, LAWN_EDGE, STONE, STONE_EDGE
from screens.catchess.live import LiveGarden
from screens.overlays import wrap
from screens.table.board import JsonDict
from screens.text import tr


class CatChessBoard(LiveGarden):
    """The Cat Chess board: the table, the garden, the goal cards and, once a round is scored,
    its reveal over the garden (every card with its ticks; solo, a best garden beside yours)."""

    def paint(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        pygame.draw.rect(surface, palette.FELT, self.table, border_radius=s(18))
        if not self.view:
            self.text(surface, tr("catchess.setting_out"), s(20), palette.INK, True,
                      center=self.table.center)
            return
        self.draw_tray(surface)
        self.draw_garden(surface)
        self.draw_under_garden(surface)
        self.draw_cards(surface)
        self.draw_bottom(surface)
        if self.ui.reveal:
            self.draw_reveal(surface)
        elif self.reveal_entry() is not None:
            rect = self.reopen_rect()
            pygame.draw.rect(surface, palette.PAPER, rect, border_radius=s(11))
            pygame.draw.rect(surface, palette.WOOD, rect, width=1, border_radius=s(11))
            self.text(surface, self.reopen_text(), s(13), palette.INK, True, center=rect.center)
        if self.ui.counting:
            self.draw_banner(surface, tr("catchess.counting_best"))

    def draw_reveal(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        entry = self.reveal_entry()
        if entry is None:
            return
        rect = self.results_rect()
        pygame.draw.rect(surface, palette.tone((90, 60, 40)), rect.move(s(4), s(6)), border_radius=s(16))
        pygame.draw.rect(surface, palette.PAPER, rect, border_radius=s(16))
        pygame.draw.rect(surface, palette.WOOD, rect, width=s(3), border_radius=s(16))
        over = self.view.get("phase") == "over"
        x0 = rect.x + s(14)
        if self.solo:
            self.draw_solo_reveal(surface, rect, entry)
            return
        title = tr("catchess.scored_over" if over else "catchess.scored", round=entry["round"])
        room = rect.w - s(28) - font(s(12)).size(tr("table.click_close"))[0] - s(12)
        if font(s(18), bold=True).size(title)[0] > room:
            title = tr("catchess.scored_over_short" if over else "catchess.scored_short",
                       round=entry["round"])
        head = self.text(surface, title, s(18), palette.INK, True, topleft=(x0, rect.y + s(10)))
        self.text(surface, tr("table.click_close"), s(12), palette.MUTED,
                  midright=(rect.right - s(14), head.centery))
        y = head.bottom + s(8)
        # The final garden, small.
        cols, rows = self.grid_size()
        thumb_cell = max(s(22), min(s(52), (rect.w - s(28)) // (cols * 2), (rect.h // 3) // rows))
        thumb = pygame.Rect(0, y, cols * thumb_cell, rows * thumb_cell)
        thumb.centerx = rect.centerx
        self.text(surface, tr("catchess.final_garden"), s(13), palette.MUTED, True,
                  midright=(thumb.x - s(10), thumb.centery))
        self.draw_mini_garden(surface, thumb, self.garden_map(entry["garden"]))
        y = thumb.bottom + s(12)
        players = entry["players"]
        row_h = max(s(40), (rect.bottom - s(10) - y) // max(1, len(players)))
        for p in players:
            seat = p["seat"]
            row = pygame.Rect(rect.x + s(10), y, rect.w - s(20), row_h - s(4))
            pygame.draw.rect(surface, palette.tone((246, 238, 226)), row, border_radius=s(10))
            rad = max(8, min(s(13), row.h // 4))
            self.mini_badge(surface, seat, (row.x + s(6) + rad, row.y + s(4) + rad), rad)
            name = (tr("table.you", name=self.seat_name(seat)) if seat == self.ui.viewer
                    else self.seat_name(seat))
            nr = self.text(surface, name, s(14), palette.INK, True,
                           midleft=(row.x + s(12) + 2 * rad, row.y + s(4) + rad))
            gained = p["tokens"]
            numbers = tr("table.tag_sep").join(str(c["number"]) for c in p["cards"])
            tr_ = self.text(surface, tr("catchess.gained", n=gained), s(14),
                            palette.TEAL, True, midleft=(nr.right + s(12), nr.centery))
            self.text(surface, tr("catchess.card_numbers", numbers=numbers), s(13), palette.MUTED,
                      midleft=(tr_.right + s(10), nr.centery))
            body = row.h - 2 * rad - s(12)
            one = min(self.strip_size(row.w - s(16)), body)
            two = min(self.strip_size(row.w - s(16), 2), (body - s(6)) // 2)
            t = max(14, min(s(40), max(one, two)))
            for card in p["cards"]:
                self.draw_goal_strip(surface, card, (row.x + s(8), row.y + 2 * rad + s(8)), t,
                                     row.right - s(8), 2 if two > one else 1)
            y += row_h

    def draw_solo_reveal(self, surface: pygame.Surface, rect: pygame.Rect, entry: JsonDict) -> None:
        s = self.ctx.scale
        x0 = rect.x + s(14)
        got = sum(c["met"] for c in entry["players"][0]["cards"])
        best = entry.get("best") or {}
        score = best.get("score")
        head = self.text(surface, tr("catchess.solo_scored", round=entry["round"], got=got),
                         s(18), palette.INK, True, topleft=(x0, rect.y + s(10)))
        self.text(surface, tr("table.click_close"), s(12), palette.MUTED,
                  midright=(rect.right - s(14), head.centery))
        y = head.bottom + s(4)
        if score is not None:
            note = tr("catchess.best_found" if got >= score else "catchess.best_was", score=score)
            y = self.text(surface, note, s(16), palette.PLUM, True, topleft=(x0, y)).bottom + s(10)
        cols, rows = self.grid_size()
        half = (rect.w - s(42)) // 2
        thumb_cell = max(s(20), min(s(50), half // cols, (rect.h // 3) // rows))
        left = pygame.Rect(rect.x + s(14) + (half - cols * thumb_cell) // 2, y + s(20),
                           cols * thumb_cell, rows * thumb_cell)
        right = left.move(half + s(14), 0)
        self.text(surface, tr("catchess.your_garden", got=got), s(14), palette.INK, True,
                  midbottom=(left.centerx, left.y - s(4)))
        self.draw_mini_garden(surface, left, self.garden_map(entry["garden"]))
        arrangement = best.get("arrangement") or {}
        if arrangement:
            self.text(surface, tr("catchess.a_best_garden", score=score), s(14), palette.PLUM, True,
                      midbottom=(right.centerx, right.y - s(4)))
            garden = {rid: letter for letter, rid in arrangement.items()}
            self.draw_mini_garden(surface, right, garden)
        y = left.bottom + s(12)
        if arrangement:
            listing = "   ".join(tr("catchess.region_is", region=rid, cat=letter) for rid, letter in
                                 sorted((rid, letter) for letter, rid in arrangement.items()))
            f = font(s(13), bold=True)
            y = self.text(surface, tr("catchess.region_cat"), s(13), palette.MUTED, True,
                          topleft=(x0, y)).bottom
            for line in wrap(listing, f, rect.w - s(28)):
                y = self.text(surface, line, s(13), palette.INK, True, topleft=(x0, y)).bottom
            y += s(8)
        cards = entry["players"][0]["cards"]
        each = (rect.bottom - s(10) - y) // max(1, len(cards))
        width = rect.w - s(100)
        one = min(self.strip_size(width), each - s(6))
        two = min(self.strip_size(width, 2), (each - s(12)) // 2)
        lines = 2 if two > one else 1
        t = max(14, min(s(36), max(one, two)))
        for card in cards:
            if y + t > rect.bottom - s(6):
                break
            self.text(surface, tr("catchess.card", number=card["number"]), s(13), palette.INK, True,
                      midleft=(x0, y + t // 2))
            self.draw_goal_strip(surface, card, (x0 + s(72), y), t, rect.right - s(12), lines)
            y += lines * (t + s(6)) + (s(4) if lines == 2 else 0)

    def garden_map(self, garden: list[Optional[str]]) -> dict[int, str]:
        """Region id -> letter for a finished round's garden (listed in the view's region order)."""
        regions = self.view.get("regions") or []
        return {r["id"]: letter for r, letter in zip(regions, garden) if letter}

    def draw_mini_garden(self, surface: pygame.Surface, rect: pygame.Rect,
                         garden: dict[int, str]) -> None:
        """A small garden: the stones in the data's rows and columns, with their cats (drawn
        awake: at a round's end the garden is what counts)."""
        s = self.ctx.scale
        cols = self.grid_size()[0]
        cell = rect.w // max(1, cols)
        pygame.draw.rect(surface, LAWN, rect.inflate(s(10), s(10)), border_radius=s(10))
        pygame.draw.rect(surface, palette.duo(LAWN_EDGE, palette.INK), rect.inflate(s(10), s(10)), width=2,
                         border_radius=s(10))
        cats = self.cats()
        for r in self.view.get("regions") or []:
            c = (rect.x + r["col"] * cell + cell // 2, rect.y + r["row"] * cell + cell // 2)
            pygame.draw.circle(surface, palette.duo(STONE, palette.PAPER), c, int(cell * 0.46))
            pygame.draw.circle(surface, palette.duo(STONE_EDGE, palette.INK), c, int(cell * 0.46), 1)
            letter = garden.get(r["id"])
            if letter is None:
                self.text(surface, str(r["id"]), max(9, s(11)), palette.MUTED, True, center=c)
                continue
            cat = cats.get(letter, {"letter": letter, "label": ""})
            size = int(cell * 0.9)
            surface.blit(self.token(cat, size, asleep=False),
                         (c[0] - size // 2, c[1] - size // 2))
