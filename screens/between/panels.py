"""Cat Between Us panels: the Nuzzle reveal over the toys and the players' side panel."""

from __future__ import annotations

import pygame

from cats import get_game
from cats.words import say
from screens import palette
from screens.assets import font, image
from screens.between.layout import (
    CARD_RATIO,
    CLIMB,
    COUNT,
    NUZZLE_SECONDS,
    SLIDE,
    SUIT_ART,
)
from screens.between.live import LiveTable
from screens.overlays import wrap
from screens.text import blurb, tagged, tr


class BetweenBoard(LiveTable):
    """The Cat Between Us board with its panels: the Nuzzle reveal (every hand,
    what each card counted, totals counting up, the winners) and the side panel of players."""

    # -- the Nuzzle reveal -------------------------------------------------------------------

    def draw_reveal(self, surface: pygame.Surface) -> None:
        """The Nuzzle: every hand revealed with what each card counted, the totals counting up,
        and the round's winners celebrated."""
        s = self.ctx.scale
        v = self.view
        last = v["last_round"]
        p = self.ui.nuzzle
        rect = self.reveal_rect()
        pygame.draw.rect(surface, palette.tone((90, 60, 40)), rect.move(s(4), s(6)), border_radius=s(16))
        pygame.draw.rect(surface, palette.PAPER, rect, border_radius=s(16))
        pygame.draw.rect(surface, palette.WOOD, rect, width=s(3), border_radius=s(16))
        x0 = rect.x + s(14)
        if v["phase"] == "over":
            title = tr("between.nuzzle_over", round=last["round"])
        else:
            title = tr("between.nuzzle", round=last["round"], cat=last["cat"])
        head = self.text(surface, title, s(18), palette.INK, True, topleft=(x0, rect.y + s(8)))
        hint = tr("between.see_all") if p < 1.0 else tr("table.click_close")
        self.text(surface, hint, s(12), palette.MUTED, midright=(rect.right - s(14), head.centery))
        # The toys' final attractions.
        y = head.bottom + s(6)
        ts = s(22)
        x = x0
        self.text(surface, tr("between.toys"), s(13), palette.INK, True, midleft=(x, y + ts // 2))
        x += s(44)
        for t, name in enumerate(n["name"] for n in v["toys"]):
            art = image(SUIT_ART.get(name, "toy_0"), ts, ts)
            surface.blit(art, (x, y))
            x = self.text(surface, str(last["attraction"][t]), s(14), palette.INK, True,
                          midleft=(x + ts + s(2), y + ts // 2)).right + s(12)
        y += ts + s(6)
        # One row per player.
        n = v["players"]
        row_h = max(s(22), min(s(56), (rect.bottom - s(8) - y) // n))
        count = self.phase(p, *COUNT)
        cheer = p >= CLIMB[0] / NUZZLE_SECONDS
        winners = set(last["winners"])
        order = [(last["first"] + k) % n for k in range(n)]  # turn order of that round
        name_w = max(s(80), min(s(150), rect.w // 6))
        widest = max(len(h) for h in last["hands"])
        for row, seat in enumerate(order):
            r = pygame.Rect(rect.x + s(8), y + row * row_h, rect.w - s(16), row_h - s(3))
            if seat in winners and cheer:
                pygame.draw.rect(surface, palette.tone((250, 226, 160)), r, border_radius=s(10))
                pygame.draw.rect(surface, palette.MUSTARD, r, width=s(2), border_radius=s(10))
            rad = max(6, min(s(12), row_h // 2 - s(3)))
            self.marker(surface, seat, (r.x + s(6) + rad, r.centery), rad)
            name = self.seat_name(seat)
            f = font(s(14), bold=True)
            while f.size(name)[0] > name_w - rad * 2 - s(10) and len(name) > 3:
                name = name[:-1]
            self.text(surface, name, s(14), palette.INK, True, midleft=(r.x + s(12) + 2 * rad, r.centery))
            cx = r.x + name_w + s(6)
            ch = max(s(16), r.h - s(6))
            cw = int(ch / CARD_RATIO)
            for card in last["hands"][seat]:
                c = pygame.Rect(cx, r.centery - ch // 2, cw, ch)
                self.draw_card(surface, card, c)
                worth = last["attraction"][card["suit"]]
                self.text(surface, f"+{worth}", s(12), palette.INK, True,
                          midleft=(c.right + s(2), c.centery))
                cx = c.right + s(30)
            cx = max(cx, r.x + name_w + s(6) + widest * (cw + s(30)))
            total = last["totals"][seat]
            shown = round(total * count)
            colour = palette.WARN if last["passed"][seat] else palette.TEAL
            tx = self.text(surface, f"= {shown}", s(20), colour, True, midleft=(cx + s(4), r.centery)).right
            if count >= 1.0:
                cat = last["cat"]
                if seat in winners and cheer:
                    note = (tr("between.wins_game") if seat in v.get("winners", ())
                            else tr("between.wins_round"))
                elif last["passed"][seat]:
                    note = tr("between.passed_by", n=total - cat)
                elif total == cat:
                    note = tr("between.right_on")
                else:
                    note = tr("between.short", n=cat - total)
                nx = tx + s(12)
                if seat in winners and cheer:
                    star = image("star_square", ch, ch)
                    surface.blit(star, star.get_rect(midleft=(nx, r.centery)))
                    nx += ch + s(6)
                self.text(surface, note, s(14), palette.INK if seat in winners and cheer else palette.MUTED,
                          seat in winners and cheer, midleft=(nx, r.centery))
        if v["phase"] == "over" and cheer and v.get("summary"):
            summary = say(v["summary"], [seat.name for seat in self.seats])  # the engine's
            lines = wrap(summary, font(s(14), bold=True), rect.w - s(28))  # words, in Chinese
            yy = rect.bottom - s(8) - len(lines) * font(s(14)).get_linesize()
            if yy > y + n * row_h:
                for line in lines:
                    yy = self.text(surface, line, s(14), palette.PLUM, True, topleft=(x0, yy)).bottom

    # -- side panel --------------------------------------------------------------------------
    def paint_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Every player: colour and symbol, cards in hand, rounds won, interest, last total."""
        s = self.ctx.scale
        v = self.view
        self.text(surface, tr("between.players_round", round=v["round"], rounds=v["rounds"]), s(16), palette.INK, True,
                  topleft=rect.topleft)
        mover = v.get("to_move")
        last = v.get("last_round")
        p = self.ui.nuzzle
        wins_now, interest_now = v["wins"], v["interest"]
        if p < 1.0 and self.ui.nuzzle_from:  # the reveal is still telling: do not spoil it here
            if p < CLIMB[1] / NUZZLE_SECONDS:
                wins_now = self.ui.nuzzle_from["wins"]
                last = None
            if p < SLIDE[1] / NUZZLE_SECONDS:
                interest_now = self.ui.nuzzle_from["interest"]
        for seat, r in enumerate(self.side_rows(rect)):
            if seat == mover:
                pygame.draw.rect(surface, palette.PAPER, r, border_radius=s(10))
                pygame.draw.rect(surface, palette.MUSTARD, r, width=s(2), border_radius=s(10))
            rad = max(8, min(s(14), r.h // 2 - s(3)))
            self.marker(surface, seat, (r.x + s(6) + rad, r.centery), rad)
            x = r.x + s(14) + 2 * rad
            name = self.seat_name(seat)
            tags = []
            if seat == v.get("first_player") and v["phase"] != "over":
                tags.append("leads")
            if self.seats[seat].is_bot:
                tags.append("bot")
            if seat == self.ui.viewer:
                tags.append("you")
            title = tagged(name, tags)
            f = font(s(14), bold=True)
            room = r.right - x - (s(30) if seat == mover else s(4))  # clear of the turn marker
            while f.size(title)[0] > room and len(title) > 4:
                title = title[:-2] + "…"
            two = r.h >= self.ctx.line(34)  # room for the second line at the text's size
            ty = r.y + r.h // 4 + s(1) if two else r.centery
            self.text(surface, title, s(14), palette.INK, True, midleft=(x, ty))
            cards = v["hand_counts"][seat]
            wins = wins_now[seat]
            parts = [tr("box.cards", n=cards),
                     tr("between.won_crown" if wins >= v["crown"] else "between.won", n=wins),
                     tr("between.interest", n=interest_now[seat])]
            if last is not None and seat in last["winners"]:
                parts.append(tr("between.won_last"))
            line = " · ".join(parts)
            fs = font(s(12))
            while fs.size(line)[0] > r.right - x - s(4) and len(parts) > 2:
                parts.pop()
                line = " · ".join(parts)
            if two:
                self.text(surface, line, s(12), palette.MUTED, midleft=(x, r.bottom - r.h // 4 - s(1)))
            if seat == mover:
                tip = (r.right - s(18), ty)
                pygame.draw.polygon(surface, palette.WOOD, [tip, (tip[0] + s(10), ty - s(7)),
                                                            (tip[0] + s(10), ty + s(7))])
        rows = self.side_rows(rect)
        y = (rows[-1].bottom if rows else rect.y) + s(14)
        limit = self.side.bottom - self.side.h // 2 - s(12)
        f = font(s(12))
        lines = wrap(blurb(get_game("between").info), f, rect.w)  # in the language of now
        if y + (len(lines) + 1) * f.get_linesize() + s(4) <= limit:
            y = self.text(surface, tr("between.goal"), s(13), palette.INK, True, topleft=(rect.x, y)).bottom
            for line in lines:
                y = self.text(surface, line, s(12), palette.INK, topleft=(rect.x, y)).bottom
