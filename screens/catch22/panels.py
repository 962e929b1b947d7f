"""Catch 22 drawing around the maze: the control column and the side panel; the whole board."""

from __future__ import annotations

import math
from typing import Optional

import pygame

from screens import palette
from screens.assets import font, image, tall_script
from screens.catch22.draw import SPECIAL_ART, SPECIAL_TINT
from screens.catch22.live import LiveBoard
from screens.overlays import wrap
from screens.table.pointer import Point
from screens.text import tr


class Catch22Board(LiveBoard):
    """The Catch 22 board: the maze, the control column (die, cube tray, kept cubes and ransom
    offers, legend, news) and the side panel, drawn from the view and :class:`Catch22Ui`."""

    # -- drawing: the column -----------------------------------------------------------------
    def draw_column(self, surface: pygame.Surface) -> None:
        """The control column, beside the maze."""
        s = self.ctx.scale
        view = self.view
        parts = self.column_parts()
        pygame.draw.rect(surface, palette.FELT, self.column, border_radius=s(14))
        current = view["current"]
        header = parts["header"]
        turn = tr("catch22.choosing_stars") if view["phase"] == "start" else tr("catch22.turn", n=view["turn"])
        f = font(s(16), bold=True)
        text = f.render(turn, True, palette.INK)
        surface.blit(text, header.topleft)
        # The turn's owner (the whole column is about their turn), also while a rival answers
        # a ransom offer; the winner once the game is over.
        mover = view["current"] if view["to_move"] is not None else view.get("winner")
        if mover is not None and view["phase"] != "start":
            x = self.draw_mini_badge(surface, mover, (header.x + text.get_width() + s(16),
                                                      header.y + text.get_height() // 2))
            self.fit_text(surface, self.seat_name(mover),
                          pygame.Rect(x + s(5), header.y + s(2), header.right - x - s(5), header.h),
                          s(14), bold=True)
        self.draw_die_area(surface, parts)
        self.draw_tray(surface, parts, current)
        kept_bottom = self.draw_kept(surface, parts, current)
        self.draw_legend(surface, parts["legend"])
        self.draw_news(surface, kept_bottom)

    def draw_die_area(self, surface: pygame.Surface, parts: dict[str, pygame.Rect]) -> None:
        """The die (or the cats still to choose a Star) and its caption."""
        s = self.ctx.scale
        view = self.view
        current = view["current"]
        caption = parts["die_caption"]
        fb = font(s(13), bold=True)
        waiting = self.waiting_rects()
        held = self.ui.held.source if self.ui.held else None
        if view["phase"] == "start" or waiting:
            for seat, rect in waiting.items():
                if held == ("pawn", seat):
                    pygame.draw.circle(surface, palette.tone((200, 190, 170)), rect.center, rect.w // 2, 2)
                    continue
                start = self.stage("start")
                if start is not None and start.running(self.ui.time) and start.data["seat"] == seat:
                    continue
                self.draw_token(surface, seat, rect)
            if view["phase"] == "start":
                lines = [tr("catch22.pick_star", name=self.seat_name(current)),
                         tr("catch22.pick_star_how")]
                self.blit_text(surface, lines, caption.x, caption.y, caption.w, s(13),
                               bold_first=True)
                if len(waiting) > 1:
                    row = min(r.y for seat, r in waiting.items() if seat != current)
                    label = font(s(12)).render(tr("catch22.then"), True, palette.WOOD)
                    surface.blit(label, (caption.x, row - label.get_height() - s(1)))
            return
        t = self.ui.time
        die = next((st for st in self.ui.stages if st.kind == "die" and st.running(t)), None)
        rect = parts["die"]
        roll = self.ui.can_roll
        if roll:
            glow = int(s(4) + s(4) * self.ui.pulse)
            pygame.draw.rect(surface, palette.LEGAL, rect.inflate(glow * 2, glow * 2),
                             border_radius=s(16))
        if die is not None and die.progress(t) > 0:
            p = die.progress(t)
            if p < 1:
                face = 1 + int((t or 0.0) * 23) % 6 if p < 0.8 else die.data["value"]
                bounce = int(abs(math.sin(p * math.pi * 3)) * (1 - p) * s(18))
                self.draw_die(surface, rect.move(0, -bounce), face, self.seat_colour(die.data["seat"]),
                              angle=(1 - p) * 540)
            else:
                self.draw_die(surface, rect, die.data["value"], self.seat_colour(die.data["seat"]))
            return
        value, roller, dim = self.die_shown()
        if die is not None and self.ui.before:
            value = self.ui.before.get("die", 0) or value
            roller = self.ui.before.get("current", roller)
        if roll and die is None:
            self.draw_die(surface, rect, 0, self.seat_colour(current))
            text = fb.render(tr("catch22.roll"), True, palette.INK)
            surface.blit(text, text.get_rect(center=rect.center))
            lines = [tr("catch22.roll_how")]
        elif value:
            self.draw_die(surface, rect, value, self.seat_colour(roller), dim=dim)
            if view["phase"] == "move":
                lines = [tr("catch22.rolled", name=self.seat_name(current), n=value),
                         tr("catch22.move_exactly", n=value)]
            else:
                lines = [tr("catch22.last_roll", n=value), tr("catch22.rolled_by", name=self.seat_name(roller))]
        else:
            self.draw_die(surface, rect, 0, palette.WOOD, dim=True)
            lines = [tr("catch22.no_roll")]
        self.blit_text(surface, lines, caption.x, caption.y, caption.w, s(13))

    def die_shown(self) -> tuple[int, int, bool]:
        """(value, roller, dimmed) for the die at rest: this turn's roll, else the last one."""
        view = self.view
        if view["die"]:
            return view["die"], view["current"], False
        played = [d for d in view["dice"] if d[0] > 0]
        if played:
            return played[-1][2], played[-1][1], True
        return 0, view["current"], True

    def blit_text(self, surface: pygame.Surface, lines: list[str], x: int, y: int, width: int,
                  size: int, colour: Optional[tuple[int, int, int]] = None,
                  bold_first: bool = False, centre: bool = False) -> int:
        """Lines of text wrapped to ``width`` from (x, y); returns the y under them."""
        colour = colour or palette.INK
        for i, line in enumerate(lines):
            f = font(size, bold=bold_first and i == 0)
            for part in wrap(line, f, width):
                img = f.render(part, True, colour)
                if centre:
                    surface.blit(img, img.get_rect(midtop=(x + width // 2, y)))
                else:
                    surface.blit(img, (x, y))
                y += f.get_linesize()
        return y

    def draw_tray(self, surface: pygame.Surface, parts: dict[str, pygame.Rect], current: int) -> None:
        """The current player's cube tray."""
        s = self.ctx.scale
        tray = parts["tray"]
        supply = self.view["supply"][current]
        shown = supply - (1 if self.ui.held and self.ui.held.source == ("supply", current) else 0)
        title = tr("catch22.cubes_of", name=self.seat_name(current), n=supply)
        self.fit_text(surface, title, parts["tray_title"], s(14), bold=True)
        pygame.draw.rect(surface, palette.tone((206, 186, 160)), tray, border_radius=s(10))
        pygame.draw.rect(surface, palette.WOOD, tray, max(1, s(2)), border_radius=s(10))
        size = self.tray_cube_size()
        gap = max(1, (tray.w - s(8) - 5 * size) // 4)
        for i in range(max(0, shown)):
            x = tray.x + s(4) + (i % 5) * (size + gap)
            self.draw_cube(surface, current, pygame.Rect(x, tray.y + s(6), size, size))
        if self.view["phase"] == "remove" and self.ui.my_turn:
            self.blit_text(surface, [tr("catch22.drop_cube")], tray.x + (tray.w // 2 if shown else 0),
                           tray.centery - s(8), tray.w // (2 if shown else 1), s(13),
                           palette.INK, centre=True)
        elif supply == 0:
            self.blit_text(surface, [tr("catch22.none_left")], tray.x, tray.centery - s(8), tray.w, s(13),
                           palette.WOOD, centre=True)

    def fit_text(self, surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
                 bold: bool = False, colour: Optional[tuple[int, int, int]] = None) -> None:
        """One line of text at ``rect``'s top left, cut short with an ellipsis to fit."""
        colour = colour or palette.INK
        f = font(size, bold=bold)
        if f.size(text)[0] > rect.w:
            while len(text) > 1 and f.size(text + "…")[0] > rect.w:
                text = text[:-1]
            text = text.rstrip() + "…"
        surface.blit(f.render(text, True, colour), rect.topleft)

    def draw_kept(self, surface: pygame.Surface, parts: dict[str, pygame.Rect], current: int) -> int:
        """Opponents' cubes this player holds, and the ransom offers they may make (or a pending
        offer, or the cats a Switch Places may choose); returns the bottom of what it drew."""
        s = self.ctx.scale
        area = parts["kept"]
        view = self.view
        offer = view.get("offer")
        if offer:
            box = pygame.Rect(area.x, area.y, area.w, s(86))
            pygame.draw.rect(surface, palette.PAPER, box, border_radius=s(10))
            pygame.draw.rect(surface, palette.PLUM, box, max(1, s(2)), border_radius=s(10))
            lines = [tr("catch22.offers", name=self.seat_name(offer["from"]),
                        owner=self.seat_name(offer["owner"]), n=offer["price"]),
                     tr("catch22.pay_or_refuse", owner=self.seat_name(offer["owner"]))]
            self.blit_text(surface, lines, box.x + s(8), box.y + s(6), box.w - s(16), s(13),
                           bold_first=True)
            return box.bottom
        rows = self.switch_rows()
        if rows:
            self.fit_text(surface, tr("catch22.switch_with"), area, s(14), bold=True)
            for seat, rect in rows:
                hover = rect.collidepoint(self.ui.hover)
                pygame.draw.rect(surface, palette.PAPER, rect, border_radius=s(10))
                pygame.draw.rect(surface, palette.tone((60, 150, 70)), rect, s(3) if hover else s(2),
                                 border_radius=s(10))
                token = pygame.Rect(rect.x + s(4), rect.y + s(3), rect.h - s(6), rect.h - s(6))
                self.draw_token(surface, seat, token)
                where = view["pawns"][seat]
                label = (tr("catch22.seat_at", name=self.seat_name(seat), cell=self.cell_name(*where))
                         if where else self.seat_name(seat))
                self.fit_text(surface, label, pygame.Rect(token.right + s(8), rect.y + s(10),
                                                          rect.right - token.right - s(12), s(20)),
                              s(14), bold=True)
            return rows[-1][1].bottom
        kept = view["kept"][current]
        if not any(kept):
            return area.y
        self.fit_text(surface, tr("catch22.rivals_cubes"), area, s(14), bold=True)
        x = area.x
        y = area.y + s(22)
        size = s(22)
        f = font(s(13), bold=True)
        for owner, count in enumerate(kept):
            if count:
                self.draw_cube(surface, owner, pygame.Rect(x, y, size, size))
                text = f.render(f"×{count}", True, palette.INK)
                surface.blit(text, (x + size + s(2), y + s(2)))
                x += size + text.get_width() + s(10)
        prices = {owner: chosen for owner, _prices, chosen in self.ui.ransom}
        for owner, row, minus, plus, button in self.ransom_rows():
            self.blit_text(surface, [self.ransom_title(owner)], row.x, row.y, row.w, s(13),
                           bold_first=True)
            for rect, sign in ((minus, "−"), (plus, "+")):
                pygame.draw.rect(surface, palette.PAPER, rect, border_radius=s(6))
                pygame.draw.rect(surface, palette.WOOD, rect, max(1, s(2)), border_radius=s(6))
                text = font(s(16), bold=True).render(sign, True, palette.INK)
                surface.blit(text, text.get_rect(center=rect.center))
            price = font(s(14), bold=True).render(tr("catch22.gold", n=prices[owner]), True, palette.INK)
            mid = pygame.Rect(minus.right, minus.y, plus.x - minus.right, minus.h)
            surface.blit(price, price.get_rect(center=mid.center))
            pygame.draw.rect(surface, palette.PLUM, button, border_radius=s(8))
            text = font(s(13), bold=True).render(tr("catch22.offer"), True, palette.PAPER)
            surface.blit(text, text.get_rect(center=button.center))
            y = max(y, row.bottom)
        return y + size

    def draw_legend(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """What the printed squares mean."""
        s = self.ctx.scale
        self.fit_text(surface, tr("catch22.squares"), rect, s(14), bold=True)
        rows = [("star_square", tr("catch22.key.star", n=self.view["threshold"])),
                ("jackpot", tr("catch22.key.jackpot")),
                (SPECIAL_ART["roll_again"], tr("catch22.key.roll_again")),
                (SPECIAL_ART["switch_places"], tr("catch22.key.switch")),
                (SPECIAL_ART["remove_cube"], tr("catch22.key.remove")),
                ("cube", tr("catch22.key.cube"))]
        y = rect.y + s(22)
        size = s(20)
        for art, text in rows:
            if art in SPECIAL_ART.values():
                kind = next(k for k, v in SPECIAL_ART.items() if v == art)
                pygame.draw.rect(surface, SPECIAL_TINT[kind], (rect.x, y, size, size), border_radius=s(4))
            surface.blit(image(art, size, size), (rect.x, y))
            self.fit_text(surface, text, pygame.Rect(rect.x + size + s(6), y + s(1), rect.w - size - s(6), size),
                          s(12))
            y += s(22)

    # -- drawing: side panel -----------------------------------------------------------------
    def paint_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s = self.ctx.scale
        view = self.view
        gold = self.shown_gold()
        threshold = view["threshold"]
        t = self.ctx.line
        row_h, y, dice_top = self.side_layout(rect)
        self.fit_text(surface, tr("catch22.gold_title", n=threshold), rect, s(14), bold=True)
        mover = view["to_move"]
        bar_w = max(s(40), rect.w // 3 * s(100) // t(100))  # narrower for large names
        for seat in range(view["players"]):
            row = pygame.Rect(rect.x - s(4), y, rect.w + s(8), row_h - s(4))
            if seat == mover:
                pygame.draw.rect(surface, palette.PAPER, row, border_radius=s(8))
                pygame.draw.rect(surface, self.seat_colour(seat), row, max(2, s(3)), border_radius=s(8))
            cy = row.y + min(row.h // 2, t(18))
            right = self.draw_badge(surface, seat, (row.x + s(6), cy))
            coin = s(20)
            gx = row.right - bar_w - coin - s(40)
            name_right = gx
            if row_h < t(40):  # no room for a second line: cubes in supply beside the gold
                cube = s(16)
                name_right = gx - cube - s(26)
                self.draw_cube(surface, seat, pygame.Rect(name_right + s(2), cy - cube // 2, cube, cube))
                count = font(s(13), bold=True).render(str(view["supply"][seat]), True, palette.INK)
                surface.blit(count, count.get_rect(midleft=(name_right + cube + s(4), cy)))
            lift = s(3) if tall_script() and row_h >= t(40) else 0  # clear of the cubes line
            name_rect = pygame.Rect(right + s(6), cy - s(10) - lift, name_right - right - s(10),
                                    s(22))
            self.fit_text(surface, self.seat_name(seat), name_rect, s(15), bold=seat == mover)
            surface.blit(image("coin", coin, coin), (gx, cy - coin // 2))
            text = font(s(17), bold=True).render(str(gold[seat]), True, palette.INK)
            surface.blit(text, text.get_rect(midleft=(gx + coin + s(4), cy)))
            bar = pygame.Rect(row.right - bar_w - s(6), cy - s(5), bar_w, s(10))
            pygame.draw.rect(surface, palette.tone((206, 186, 160)), bar, border_radius=s(5))
            filled = bar.copy()
            filled.w = int(bar.w * min(1.0, gold[seat] / max(1, threshold)))
            if filled.w:
                pygame.draw.rect(surface, palette.MUSTARD, filled, border_radius=s(5))
            pygame.draw.rect(surface, palette.INK, bar, 1, border_radius=s(5))
            if gold[seat] >= threshold:
                star = image("star_square", s(20), s(20))
                surface.blit(star, star.get_rect(center=(bar.right - s(6), cy)))
            if row_h >= t(40):
                self.draw_row_cubes(surface, seat, row.x + s(44), cy + t(14), row.right - s(6))
            y += row_h
        self.draw_dice_history(surface, pygame.Rect(rect.x, dice_top, rect.w, rect.bottom - dice_top))

    def draw_row_cubes(self, surface: pygame.Surface, seat: int, x: int, y: int, right: int) -> None:
        """A player's cubes in supply (their colour) and rivals' cubes they hold."""
        s = self.ctx.scale
        size = s(14)
        f = font(s(11))
        supply = self.view["supply"][seat]
        label = f.render(tr("catch22.in_supply", n=supply), True, palette.INK)
        self.draw_cube(surface, seat, pygame.Rect(x, y - size // 2 + s(1), size, size))
        surface.blit(label, (x + size + s(3), y - label.get_height() // 2))
        x += size + label.get_width() + s(10)
        for owner, count in enumerate(self.view["kept"][seat]):
            if count and x + size * 2 < right:
                self.draw_cube(surface, owner, pygame.Rect(x, y - size // 2 + s(1), size, size))
                text = f.render(tr("catch22.held", n=count), True, palette.INK)
                surface.blit(text, (x + size + s(2), y - text.get_height() // 2))
                x += size + text.get_width() + s(8)

    def draw_dice_history(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The last turns' rolls, each turn on a line with the roller's badge."""
        s = self.ctx.scale
        self.fit_text(surface, tr("catch22.dice"), rect, s(14), bold=True)
        turns: list[tuple[int, int, list[int]]] = []
        for turn, seat, value in self.view["dice"]:
            if turn == 0:
                continue
            if turns and turns[-1][0] == turn and turns[-1][1] == seat:
                turns[-1][2].append(value)
            else:
                turns.append((turn, seat, [value]))
        t = self.ui.time
        hidden = sum(1 for st in self.ui.stages if st.kind == "die" and st.progress(t) < 1) if t is not None else 0
        if hidden and turns:
            values = turns[-1][2][:max(0, len(turns[-1][2]) - hidden)]
            turns[-1] = (turns[-1][0], turns[-1][1], values)
        y = rect.y + s(22)
        f = font(s(12))
        if not turns:
            rolls = [d for d in self.view["dice"] if d[0] == 0]
            if rolls:
                text = f.render(tr("catch22.roll_off"), True, palette.WOOD)
                surface.blit(text, (rect.x, y))
                y += s(20)
                x = rect.x
                for _turn, seat, value in rolls:
                    if x + s(50) > rect.right:
                        x, y = rect.x, y + s(24)
                    x = self.draw_mini_badge(surface, seat, (x + s(9), y + s(10))) + s(3)
                    self.draw_die(surface, pygame.Rect(x, y, s(20), s(20)), value, self.seat_colour(seat))
                    x += s(30)
            return
        label_w = f.size(tr("catch22.turn_short", n=turns[-1][0]))[0] + s(4)
        fits = max(1, (rect.bottom - y) // s(22))  # the turns there is room for (large text)
        for turn, seat, values in turns[-min(3, fits):]:
            text = f.render(tr("catch22.turn_short", n=turn), True, palette.WOOD)
            surface.blit(text, (rect.x, y + s(3)))
            x = self.draw_mini_badge(surface, seat, (rect.x + label_w + s(9), y + s(10)))
            x += s(6)
            for value in values[-8:]:
                self.draw_die(surface, pygame.Rect(x, y, s(20), s(20)), value, self.seat_colour(seat))
                x += s(24)
            y += s(22)

    def draw_mini_badge(self, surface: pygame.Surface, seat: int, centre: Point) -> int:
        """A small badge (the dice panel); returns its right edge."""
        r = self.ctx.scale(9)
        self.seat_disc(surface, seat, centre, r, ring_width=1)
        return centre[0] + r
