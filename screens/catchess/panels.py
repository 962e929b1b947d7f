"""Cat Chess drawing around the garden: goal cards, bottom strip, side panel, banner and reveal."""

from __future__ import annotations

from typing import Optional, Sequence

import pygame

from cats.words import join
from screens import palette
from screens.assets import font, image
from screens.catchess.draw import GardenBoard
from screens.catchess.layout import STAY_CAPTION
from screens.overlays import wrap
from screens.table.board import JsonDict
from screens.table.pointer import Point
from screens.text import tagged, tr

GAIN = (214, 236, 206)
LOSS = (244, 214, 204)
HOVERED = (236, 228, 214)  # a goal row under the pointer
Goal = tuple[str, list[str], bool, bool | None]  # kind, cats, met now, met after a drop


class GoalPanels(GardenBoard):
    """The Cat Chess board's panels: the goal cards (with a drop's preview), the legend, the
    bottom strip, the side panel and the waiting banner."""

    # -- goal cards ----------------------------------------------------------------------------
    def draw_cards(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        col = self.cards_rect
        cards = self.view.get("my_cards") or []
        preview = self.ui.preview
        if not cards:
            self.draw_hidden_card(surface, col)
            return
        met = sum(c["met"] for c in cards)
        goals = 4 * len(cards)
        head = tr("catchess.your_cards", n=len(cards))
        y = self.text(surface, head, s(17), palette.INK, True, topleft=(col.x, col.y)).bottom
        now = tr("catchess.met_now", met=met, goals=goals)
        if preview is not None:
            later = sum(c["met"] for c in preview)
            now = tr("catchess.if_dropped", later=later, goals=goals, met=met)
        y = self.text(surface, now, s(14), palette.TEAL if preview else palette.MUTED, True,
                      topleft=(col.x, y + s(2))).bottom + s(6)
        legend_h = s(96) if len(cards) == 1 else 0
        gap = s(8)
        for i, (card, rect) in enumerate(zip(cards, self.card_rects())):
            self.draw_card(surface, rect, card, preview[i] if preview else None)
            y = rect.bottom + gap
        if legend_h:
            self.draw_legend(surface, pygame.Rect(col.x, y + s(4), col.w, col.bottom - y - s(4)))

    def draw_hidden_card(self, surface: pygame.Surface, col: pygame.Rect) -> None:
        s = self.ctx.scale
        title = tr("catchess.goal_cards")
        y = self.text(surface, title, s(17), palette.INK, True, topleft=(col.x, col.y)).bottom
        h = min(s(200), col.h // 2)
        w = int(h * 0.72)
        back = pygame.Rect(col.x, y + s(8), w, h)
        surface.blit(image("card_back", w, h), back.topleft)
        if self.ui.viewer is None and self.ui.humans:
            note = tr("catchess.secret_handoff")
        else:
            note = tr("catchess.secret_round")
        f = font(s(14))
        ty = back.y
        for line in wrap(note, f, col.right - back.right - s(12)):
            ty = self.text(surface, line, s(14), palette.INK,
                           topleft=(back.right + s(12), ty)).bottom
        self.draw_legend(surface, pygame.Rect(col.x, back.bottom + s(14), col.w,
                                              col.bottom - back.bottom - s(14)))

    def draw_card(self, surface: pygame.Surface, rect: pygame.Rect, card: JsonDict,
                  preview: Optional[JsonDict] = None) -> None:
        """A goal card: the order goal and three friend pairs, each with a live tick."""
        s = self.ctx.scale
        pygame.draw.rect(surface, palette.tone((120, 90, 70)), rect.move(s(2), s(3)), border_radius=s(12))
        pygame.draw.rect(surface, palette.PAPER, rect, border_radius=s(12))
        pygame.draw.rect(surface, palette.TEAL, rect, width=s(3), border_radius=s(12))
        head_h = max(s(22), min(s(30), rect.h // 6))
        head = pygame.Rect(rect.x, rect.y, rect.w, head_h)
        pygame.draw.rect(surface, palette.TEAL, head, border_top_left_radius=s(12),
                         border_top_right_radius=s(12))
        hs = max(10, min(s(15), head_h - s(8)))
        self.text(surface, tr("catchess.goal_card", number=card["number"]), hs, palette.PAPER, True,
                  midleft=(head.x + s(10), head.centery))
        shown = preview or card
        self.text(surface, tr("catchess.card_met", met=shown["met"]), hs, palette.PAPER, True,
                  midright=(head.right - s(10), head.centery))
        rows, goals, t, reading = self.card_goals(rect, card, preview)
        for row, goal in zip(rows, goals):
            self.draw_goal_row(surface, row, goal, t, reading)

    def card_goals(self, rect: pygame.Rect, card: JsonDict, preview: JsonDict | None = None
                   ) -> tuple[list[pygame.Rect], list[Goal], int, str]:
        """A goal card's rows, their goals (kind, cats, met, met after the previewed drop), the
        size of the cats drawn in them and how the order goal reads."""
        s = self.ctx.scale
        rows = [row for row, _ in self.card_rows(rect, card)]  # where hovering rings the cats
        t = max(14, min(s(46), rows[0].h - s(6)))
        goals: list[Goal] = []
        order = card["order"]
        centre_out = order.get("reading") == "from the centre"
        reading = tr("catchess.centre_out") if centre_out else tr("catchess.either_way")
        goals.append(("order", order["cats"], order["met"],
                      preview["order"]["met"] if preview else None))
        for i, pair in enumerate(card["friends"]):
            goals.append(("pair", pair["cats"], pair["met"],
                          preview["friends"][i]["met"] if preview else None))
        return rows, goals, t, reading

    def draw_goal_row(self, surface: pygame.Surface, row: pygame.Rect, goal: Goal, t: int,
                      reading: str, hovered: bool = False) -> None:
        """One goal of a card: its cats, what it asks and its tick (shaded by a drop's preview,
        or while the pointer is over it)."""
        s = self.ctx.scale
        kind, letters, met, later = goal
        shown_met = met if later is None else later
        if later is not None and later != met:
            pygame.draw.rect(surface, GAIN if later else LOSS, row, border_radius=s(8))
        elif hovered:
            pygame.draw.rect(surface, HOVERED, row, border_radius=s(8))
        x = row.x + s(4)
        cy = row.centery
        x = self.draw_goal_cats(surface, letters, kind, x, cy, t,
                                order_gap=s(14), order_size=max(4, t // 6))
        tick_r = max(7, int(t * 0.34))
        tick_c = (row.right - tick_r - s(4), cy)
        desc = (tr("catchess.in_order", reading=reading) if kind == "order"
                else tr("catchess.neighbours"))
        room = tick_c[0] - tick_r - s(8) - (x + s(8))
        f = font(max(9, s(12)))
        lines = wrap(desc, f, room) if room > s(50) else []
        if lines and len(lines) * f.get_linesize() <= row.h:
            ty = cy - len(lines) * f.get_linesize() // 2
            for line in lines:
                ty = self.text(surface, line, max(9, s(12)), palette.MUTED, topleft=(x + s(8), ty)).bottom
        self.draw_goal_tick(surface, tick_c, tick_r, shown_met)

    def chevron_text(self, surface: pygame.Surface, centre: Point, size: int) -> None:
        x, y = centre
        pygame.draw.lines(surface, palette.INK, False,
                          [(x - size // 2, y - size), (x + size // 2, y),
                           (x - size // 2, y + size)],
                          max(2, size // 2))

    def draw_goal_cats(self, surface: pygame.Surface, letters: Sequence[str], kind: str, x: int,
                       cy: int, t: int, order_gap: int, order_size: int, line: int = 0) -> int:
        """A goal's cats in a row, joined by chevrons (path order) or rose lines (neighbours);
        returns the x after the last one."""
        s = self.ctx.scale
        cats = self.cats()
        line = line or s(10)
        for j, letter in enumerate(letters):
            cat = cats.get(letter, {"letter": letter, "label": ""})
            surface.blit(self.token(cat, t, asleep=False), (x, cy - t // 2))
            x += t
            if j < len(letters) - 1:
                if kind == "order":
                    self.chevron_text(surface, (x + order_gap // 2, cy), order_size)
                    x += order_gap
                else:
                    pygame.draw.line(surface, palette.ROSE, (x, cy), (x + line, cy), s(3))
                    x += s(10)
        return x

    def draw_goal_tick(self, surface: pygame.Surface, c: Point, r: int, met: bool) -> None:
        """Met: a green disc with a tick. Not met: an empty ring with a dash (shape, not only
        colour)."""
        if met:
            pygame.draw.circle(surface, palette.LEGAL, c, r)
            pygame.draw.circle(surface, palette.INK, c, r, 2)
            pygame.draw.lines(surface, palette.INK, False,
                              [(c[0] - r * 0.5, c[1]), (c[0] - r * 0.1, c[1] + r * 0.45),
                               (c[0] + r * 0.55, c[1] - r * 0.45)], max(2, r // 3))
        else:
            pygame.draw.circle(surface, palette.PAPER, c, r)
            pygame.draw.circle(surface, palette.MUTED, c, r, 2)
            pygame.draw.line(surface, palette.MUTED, (c[0] - r * 0.4, c[1]), (c[0] + r * 0.4, c[1]), 2)

    def draw_legend(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """How to read the garden: awake, asleep, the path and the stepping stones."""
        s = self.ctx.scale
        if rect.h < s(40):
            return
        t = s(30)
        sample = (self.view.get("waiting") or [None])[0] or next(
            (r["cat"] for r in self.view["regions"] if r["cat"]), None)
        y = rect.y
        rows = []
        moves_on = not self.solo or (self.view.get("options") or {}).get("solo_moves", True)
        if sample is not None and moves_on:
            rows.append((self.token(sample, t, asleep=False), tr("catchess.awake_key")))
            rows.append((self.token(sample, t, asleep=True), tr("catchess.asleep_key")))
        for img, text in rows:
            if y + t > rect.bottom:
                return
            surface.blit(img, (rect.x, y))
            self.text(surface, text, s(13), palette.INK, midleft=(rect.x + t + s(8), y + t // 2))
            y += t + s(4)
        if y + s(18) <= rect.bottom:
            f = font(s(12))
            for line in wrap(tr("catchess.trail"), f, rect.w):
                if y + f.get_linesize() > rect.bottom:
                    break
                y = self.text(surface, line, s(12), palette.MUTED, topleft=(rect.x, y)).bottom

    # -- bottom strip --------------------------------------------------------------------------
    def draw_bottom(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        strip = self.bottom
        cy = strip.y + s(32)
        if self.ui.staying:
            f = font(s(15), bold=True)
            lines = wrap(tr(STAY_CAPTION), f, s(250))
            ty = cy - len(lines) * f.get_linesize() // 2
            for line in lines:
                ty = self.text(surface, line, s(15), palette.INK, True,
                               topleft=(strip.x + s(16), ty)).bottom
            return
        mover = self.ui.mover
        if mover is None or self.ui.counting:
            return
        if self.ui.my_turn:
            phase = self.view.get("phase")
            if phase == "place":
                text = tr("catchess.drag_waiting")
            else:
                text = tr("catchess.drag_any")
        elif self.seats[mover].is_bot:
            text = tr("table.choosing", name=self.seat_name(mover))
        else:
            text = tr("table.waiting_for", name=self.seat_name(mover))
        self.text(surface, text, s(15), palette.MUTED, True, midleft=(strip.x + s(16), cy))

    # -- overlays: the waiting banner ----------------------------------------------------------
    def draw_banner(self, surface: pygame.Surface, text: str) -> None:
        s = self.ctx.scale
        f = font(s(16), bold=True)
        img = f.render(text, True, palette.PAPER)
        box = img.get_rect(center=self.left.center).inflate(s(28), s(16))
        pygame.draw.rect(surface, palette.TEAL, box, border_radius=s(12))
        surface.blit(img, img.get_rect(center=box.center))

    # -- the reveal ----------------------------------------------------------------------------
    def strip_size(self, width: int, lines: int = 1) -> int:
        """The token size at which a whole card fits ``width`` px wide in one or two lines."""
        s = self.ctx.scale
        if lines == 2:  # the order goal and a pair, then two pairs
            return int((width - s(10) * 3 - s(20) * 2) / (5 + 0.6 * 2))
        # 9 tokens, 4 ticks (0.6 t each), 2 chevrons and 3 links (s(10) each), 4 gaps of s(20)
        return int((width - s(10) * 5 - s(20) * 4) / (9 + 0.6 * 4))

    def draw_goal_strip(self, surface: pygame.Surface, card: JsonDict, topleft: Point, t: int,
                        right: int, lines: int = 1) -> int:
        """A card in one line (or two): order cats with arrows, then the friend pairs, each with
        a tick."""
        s = self.ctx.scale
        x, y = topleft
        cy = y + t // 2
        goals = [("order", card["order"]["cats"], card["order"]["met"])]
        goals += [("pair", p["cats"], p["met"]) for p in card["friends"]]
        tick_r = max(6, int(t * 0.3))
        for i, (kind, letters, met) in enumerate(goals):
            if lines == 2 and i == 2:
                x, cy = topleft[0], cy + t + s(6)
            need = len(letters) * t + (len(letters) - 1) * s(10) + 2 * tick_r + s(16)
            if x + need > right:
                break
            x = self.draw_goal_cats(surface, letters, kind, x, cy, t, order_gap=s(10),
                                    order_size=max(3, t // 7), line=s(8))
            self.draw_goal_tick(surface, (x + s(4) + tick_r, cy), tick_r, met)
            x += 2 * tick_r + s(16)
        return x

    # -- side panel ----------------------------------------------------------------------------
    def paint_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s = self.ctx.scale
        v = self.view
        if not v:
            return
        over = v.get("phase") == "over"
        title = (tr("catchess.round_of", round=v["round"], rounds=v["rounds"]) if not over
                 else tr("game.over"))
        y = self.text(surface, title, s(17), palette.INK, True, topleft=rect.topleft).bottom + s(6)
        mover = v.get("to_move")
        bottom = self.side.bottom - self.side.h // 2 - s(16)
        n = len(self.seats)
        t = self.ctx.line  # two lines of text a row: taller with large text
        row_h = max(t(34), min(t(50), (bottom - y - s(120)) // max(1, n)))
        for seat in range(n):
            r = pygame.Rect(rect.x, y, rect.w, row_h - s(4))
            if seat == mover and not self.ui.counting:
                pygame.draw.rect(surface, palette.PAPER, r, border_radius=s(10))
                pygame.draw.rect(surface, palette.MUSTARD, r, width=s(2), border_radius=s(10))
                pygame.draw.polygon(surface, palette.INK, [(r.right - s(6), r.centery - s(7)),
                                                            (r.right - s(6), r.centery + s(7)),
                                                            (r.right - s(15), r.centery)])
            x = self.draw_badge(surface, seat, (r.x + s(6), r.centery)) + s(8)
            tags = []
            if seat == self.ui.viewer:
                tags.append("you")
            if self.seats[seat].is_bot:
                tags.append("bot")
            name = tagged(self.seat_name(seat), tags)
            f = font(s(14), bold=True)
            while f.size(name)[0] > r.right - x - s(22) and len(name) > 4:
                name = name[:-2] + "…"
            self.text(surface, name, s(14), palette.INK, True, midleft=(x, r.centery - t(8)))
            tokens = v["tokens"][seat]
            if self.solo:
                info = tr("catchess.goals_scored", n=tokens)
            else:
                info = tr("catchess.tokens", n=tokens)
            if seat == v.get("start_player") and not over and n > 1:
                info = tr("catchess.started", info=info)
            self.text(surface, self.fit(info, s(12), r.right - x - s(22)), s(12), palette.MUTED,
                      midleft=(x, r.centery + t(9)))
            y += row_h
        y += s(4)
        if not over:
            turn, per = v["turn"], v["turns_per_round"]
            y = self.text(surface, tr("catchess.turn_of", turn=turn, per=per), s(13), palette.INK, True,
                          topleft=(rect.x, y)).bottom + s(4)
            dot = max(3, min(s(6), (rect.w - s(4)) // (per * 3)))
            for i in range(per):
                c = (rect.x + dot + i * dot * 3, y + dot)
                if i < turn - 1:
                    pygame.draw.circle(surface, palette.WOOD, c, dot)
                elif i == turn - 1:
                    pygame.draw.circle(surface, palette.MUSTARD, c, dot + 1)
                    pygame.draw.circle(surface, palette.INK, c, dot + 1, 1)
                else:
                    pygame.draw.circle(surface, palette.WOOD, c, dot, 1)
            y += 2 * dot + s(8)
        solo = v.get("solo")
        if solo:
            if solo.get("score") is not None:
                y = self.text(surface, tr("catchess.met_solo", score=solo["score"], out_of=solo["out_of"]),
                              s(15), palette.TEAL, True, topleft=(rect.x, y)).bottom + s(2)
            if solo.get("best") is not None:
                y = self.text(surface, tr("catchess.best_solo", best=solo["best"], out_of=solo["out_of"]),
                              s(15), palette.PLUM, True, topleft=(rect.x, y)).bottom + s(2)
        swapped = v.get("just_swapped") or []
        if swapped and not over:
            f = font(s(13))
            note = tr("catchess.just_swapped", cats=join(list(swapped)))
            for line in wrap(note, f, rect.w):
                if y + f.get_linesize() > bottom:
                    break
                y = self.text(surface, line, s(13), palette.PLUM, topleft=(rect.x, y)).bottom
        if self.solo and y + s(70) < bottom:
            self.draw_legend(surface, pygame.Rect(rect.x, y + s(8), rect.w, bottom - y - s(8)))
