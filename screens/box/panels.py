"""Cat in the Box drawing around the board: header, player boards, hand, results, side panel."""

from __future__ import annotations

import pygame

from cats.words import engine_text
from screens import palette
from screens.assets import font, image
from screens.box.aidpanel import draw_aids
from screens.box.draw import BoxDrawing
from screens.box.layout import CARD_RATIO
from screens.overlays import wrap
from screens.text import tagged, tr


def cards_text(k: int) -> str:
    """"1 card", "3 cards" in the current language."""
    return tr("box.cards", n=k)


class BoxBoard(BoxDrawing):
    """The Cat in the Box board with its panels: the header line, the player boards, the
    action bar's prompt, your hand with the set-aside spot, the round's result over the table
    and the side panel."""

    # -- drawing: the header and the action bar ----------------------------------------------
    def draw_header(self, surface: pygame.Surface) -> None:
        """Round, trick, the led colour, whether red is open, and the last-trick button."""
        s = self.ctx.scale
        v = self.view
        h = self.header
        y = h.centery
        x = self.text(surface, tr("box.round_of", round=v["round"], rounds=v["rounds"]), s(16), palette.INK, True,
                      midleft=(h.x, y)).right + s(14)
        phase = v["phase"]
        if phase == "aside":
            step = tr("box.setting_aside")
        elif phase == "predict":
            step = tr("box.predictions")
        elif phase == "play" and self.ui.sweep is not None:
            step = tr("box.trick_done", n=v["trick_number"] - 1, of=v["tricks_per_round"])
        elif phase == "play":
            step = tr("box.trick_of", n=v["trick_number"], of=v["tricks_per_round"])
        else:
            step = tr("box.game_over")
        x = self.text(surface, step, s(15), palette.INK, midleft=(x, y)).right + s(14)
        led = v["trick"]["led"]
        if phase == "play" and led:
            x = self.text(surface, tr("box.led"), s(14), palette.MUTED, midleft=(x, y)).right + s(4)
            x = self.mark(surface, led, (x + s(10), y), s(20)).right + s(4)
            x = self.text(surface, engine_text(led), s(14), palette.INK, True, midleft=(x, y)).right + s(14)
        if phase != "over":
            red_open = v["red_open"]
            self.mark(surface, "red", (x + s(10), y), s(20), faded=not red_open)
            self.text(surface, tr("box.red_open") if red_open else tr("box.red_closed"),
                      s(14), palette.INK if red_open else palette.MUTED, midleft=(x + s(24), y))
        label = self.last_pill_label()
        if label is not None:
            self.pill(surface, label, s(13), palette.PLUM if self.ui.peek_last else palette.WOOD,
                      midright=(h.right, y))

    def draw_action_bar(self, surface: pygame.Surface) -> None:
        """What the player looking at the screen is asked to do now (buttons sit on the right)."""
        s = self.ctx.scale
        v = self.view
        bar = self.action_bar
        mover = v.get("to_move")
        phase = v["phase"]
        if v.get("hand") is None:
            text = tr("box.hidden") if self.ui.humans else tr("net.watching" if self.ui.watching else "box.all_bots")
        elif phase == "over":
            text = tr("box.over")
        elif not self.ui.my_turn:
            who = self.seat_name(mover) if mover is not None else ""
            text = tr("box.waiting", name=who)
        elif phase == "aside":
            text = tr("box.aside_how")
        elif phase == "predict":
            text = tr("box.predict_how")
        elif self.ui.chosen is not None:
            text = tr("box.chosen", card=self.ui.chosen[1])
        else:
            text = tr("box.play_how")
        right = (bar.right if self.ui.buttons_left is None else self.ui.buttons_left) - s(12)
        f = font(s(15), bold=True)
        lines = wrap(text, f, right - bar.x - s(8))[:2]
        y = bar.centery - len(lines) * f.get_linesize() // 2
        for line in lines:
            surface.blit(f.render(line, True, palette.INK), (bar.x + s(8), y))
            y += f.get_linesize()

    # -- drawing: player boards --------------------------------------------------------------
    def draw_panel(self, surface: pygame.Surface, seat: int, highlight: bool = False) -> None:
        """A player board: name, the colour tokens still held, prediction, tricks, score."""
        s = self.ctx.scale
        v = self.view
        r = self.panel_of(seat)
        mover = v.get("to_move")
        fill = palette.PAPER if seat == mover or highlight else palette.tone((238, 224, 206))
        pygame.draw.rect(surface, palette.tone((150, 110, 80)), r.move(s(2), s(3)), border_radius=s(10))
        pygame.draw.rect(surface, fill, r, border_radius=s(10))
        edge = palette.PLUM if highlight else palette.MUSTARD if seat == mover else palette.WOOD
        pygame.draw.rect(surface, edge, r, width=s(3) if seat == mover or highlight else 1,
                         border_radius=s(10))
        pad = s(6)
        rad = max(8, s(11))
        row1 = r.y + pad + rad
        self.marker(surface, seat, (r.x + pad + rad, row1), rad)
        tags = []
        name_right = r.right - pad
        name_x = r.x + pad * 2 + rad * 2
        name = self.seat_name(seat)
        if seat == v.get("round_start_player") and v["phase"] != "over":
            # The long badge only while it leaves room for the whole name.
            pill_size = max(9, s(10))
            room = name_right - s(4) - name_x - font(s(14), bold=True).size(name)[0]
            long = tr("box.round_start")
            label = long if self.pill_width(long, pill_size) <= room else tr("box.starts")
            name_right = self.pill(surface, label, pill_size, palette.WOOD,
                                   midright=(r.right - pad, row1)).x - s(4)
        if self.seats[seat].is_bot:
            tags.append("bot")
        if seat == self.ui.viewer:
            tags.append("you")
        title = tagged(name, tags)
        if font(s(14), bold=True).size(title)[0] > name_right - name_x:
            title = name  # the name before the tags: "(you)" is also told by the outline
        self.text(surface, self.fit(title, s(14), name_right - name_x, True), s(14),
                  palette.INK, True, midleft=(name_x, row1))
        # Row 2: the four colour tokens (given-up colours crossed out), cards in hand.
        row2 = r.y + r.h // 2 + s(2)
        chip = max(10, min(s(20), (r.w - 2 * pad - s(56)) // 4 - s(3)))
        x = r.x + pad
        held = set(v["player_colours"][seat])
        for colour in v["colours"]:
            rect = self.mark(surface, colour, (x + chip // 2, row2), chip, faded=colour not in held)
            if colour not in held:
                pygame.draw.line(surface, palette.WARN, rect.topleft, rect.bottomright, s(2))
                pygame.draw.line(surface, palette.WARN, rect.bottomleft, rect.topright, s(2))
            x += chip + s(3)
        cards = v["hand_counts"][seat]
        self.text(surface, cards_text(cards), s(12), palette.MUTED, midright=(r.right - pad, row2))
        # Row 3: prediction, tricks won, total score.
        row3 = r.bottom - pad - self.ctx.line(7)
        prediction = v["predictions"][seat]
        won = v["tricks_won"][seat]
        parts = []
        if v["prediction_values"]:
            parts.append(tr("box.predicts_unknown") if prediction is None
                         else tr("box.predicts", n=prediction))
        parts.append(tr("box.won", n=won))
        line = " · ".join(parts)
        total = tr("box.pts", n=v["totals"][seat])
        tw = font(s(12), bold=True).size(total)[0]
        self.text(surface, self.fit(line, s(12), r.w - 2 * pad - tw - s(6)), s(12), palette.INK,
                  midleft=(r.x + pad, row3))
        self.text(surface, total, s(12), palette.WOOD, True, midright=(r.right - pad, row3))

    # -- drawing: the hand -------------------------------------------------------------------
    def draw_hand(self, surface: pygame.Surface) -> None:
        """The viewer's hand, sorted and fanned, and the set-aside spot."""
        s = self.ctx.scale
        v = self.view
        area = self.hand_area
        band = pygame.Rect(area.x - s(4), area.y - s(2), area.w + s(8), area.h + s(4))
        pygame.draw.rect(surface, palette.tone((214, 194, 170)), band, border_radius=s(14))
        hand = v.get("hand")
        self.draw_aside(surface)
        if hand is None:
            cover = self.hand_rects([0] * max(v["hand_counts"]) if v["hand_counts"] else [])
            msg = tr("box.hidden") if self.ui.humans else tr("net.watching" if self.ui.watching else "box.bots_hidden")
            for rect in cover:
                surface.blit(image("card_back", rect.w, rect.h), rect.topleft)
            # On a dark tag: the card backs under it would swallow plain text.
            self.pill(surface, msg, s(15), palette.INK, pad=(24, 12),
                      center=(area.centerx - self.card[0], area.centery))
            return
        rects = self.hand_rects(hand)
        hidden = None
        if self.ui.held is not None or self.ui.returning is not None:
            hidden = self.ui.held_index
        mine = self.ui.my_turn and v["phase"] in ("aside", "play")
        sources = set(self.ui.playable) if mine else set()
        hover = self.hand_index_at(self.ui.hover) if self.ui.held is None and mine else None
        for i, (number, rect) in enumerate(zip(hand, rects)):
            if i == hidden:
                pygame.draw.rect(surface, palette.tone((196, 176, 152)), rect, border_radius=s(8))
                continue
            chosen = self.ui.chosen is not None and self.ui.chosen[0] == i
            r = rect.move(0, -s(14)) if chosen else rect.move(0, -s(7)) if i == hover else rect
            self.draw_card(surface, r, number)
            if chosen:
                pygame.draw.rect(surface, palette.TEAL, r.inflate(s(6), s(6)), width=s(3),
                                 border_radius=s(10))
            elif ("hand", number) in sources and v["phase"] == "play":
                pygame.draw.rect(surface, palette.LEGAL, r.inflate(s(4), s(4)), width=max(1, s(2)),
                                 border_radius=s(9))
            elif mine and v["phase"] == "play":  # no legal space for it now
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                shade.fill(palette.tone((90, 70, 60, 70)))
                surface.blit(shade, r.topleft)

    def draw_aside(self, surface: pygame.Surface) -> None:
        """The set-aside spot: empty (and inviting while setting aside) or your face-down card."""
        s = self.ctx.scale
        v = self.view
        rect = self.aside_rect
        self.text(surface, tr("box.aside_title"), s(12), palette.WOOD, True,
                  midbottom=(rect.centerx, rect.y - s(1)))
        mine = v.get("set_aside")
        if mine is not None:
            self.draw_card(surface, rect, None, face_down=True)
            self.pill(surface, tr("box.your_aside", number=mine), s(12), palette.INK,
                      midbottom=(rect.centerx, rect.bottom - s(4)))
            return
        inviting = v["phase"] == "aside" and self.ui.my_turn
        self.draw_empty_slot(surface, rect, tr("box.drop_here") if inviting else "",
                             active=inviting)

    # -- drawing: the round result -----------------------------------------------------------
    def draw_result(self, surface: pygame.Surface) -> None:
        """The round's breakdown per player; a paradox is announced with the revealed hand."""
        s = self.ctx.scale
        v = self.view
        last = v["last_round"]
        rect = self.result_rect()
        pygame.draw.rect(surface, palette.tone((90, 60, 40)), rect.move(s(4), s(6)), border_radius=s(16))
        pygame.draw.rect(surface, palette.PAPER, rect, border_radius=s(16))
        pygame.draw.rect(surface, palette.WOOD, rect, width=s(3), border_radius=s(16))
        x0 = rect.x + s(14)
        paradox = last.get("paradox")
        if paradox is not None:
            title = tr("box.paradox_title", round=last["round"], name=self.seat_name(paradox))
        else:
            title = tr("box.round_over", round=last["round"])
        if v["phase"] == "over":
            title = tr("box.and_game_over", title=title)
        head = self.text(surface, title, s(17), palette.WARN if paradox is not None else palette.INK,
                         True, topleft=(x0, rect.y + s(6)))
        self.text(surface, tr("box.result_hint"), s(12), palette.MUTED,
                  midright=(rect.right - s(14), head.centery))
        y = head.bottom + s(2)
        if paradox is not None:
            hand = last.get("paradox_hand") or []
            label = self.text(surface, tr("box.paradox_hand", name=self.seat_name(paradox)), s(13), palette.INK,
                              True, topleft=(x0, y + s(2)))
            ch = max(s(18), min(s(34), (rect.bottom - y) // 5))
            cw = int(ch / CARD_RATIO)
            cx = label.right + s(8)
            for number in hand:
                self.draw_card(surface, pygame.Rect(cx, y, cw, ch), number)
                cx += cw + s(3)
            note = tr("box.paradox_note")
            if last.get("discarded"):
                note = tr("box.and_discarded", note=note)
            self.text(surface, self.fit(note, s(12), rect.right - cx - s(20)), s(12), palette.MUTED,
                      midleft=(cx + s(8), y + ch // 2))
            y += ch + s(3)
        n = v["players"]
        heads = ["tricks", "predicted", "largest group", "bonus", "round", "total"]
        if not v["prediction_values"]:
            heads.remove("predicted")
        name_w = max(s(90), min(s(200), rect.w // 4))
        col_w = (rect.w - s(28) - name_w) // len(heads)
        f = font(s(12), bold=True)
        for i, h in enumerate(heads):
            img = f.render(tr(f"box.col.{h.replace(' ', '_')}"), True, palette.MUTED)
            surface.blit(img, img.get_rect(midtop=(x0 + name_w + col_w * i + col_w // 2, y)))
        y += f.get_linesize()
        row_h = max(s(16), min(s(26), (rect.bottom - s(6) - y) // n))
        totals = v["totals"] if v["rounds_played"] and v["rounds_played"][-1]["round"] == \
            last["round"] else None
        for seat in range(n):
            ry = y + seat * row_h
            cy = ry + row_h // 2
            rad = max(5, min(s(10), row_h // 2 - 1))
            self.marker(surface, seat, (x0 + rad, cy), rad)
            self.text(surface, self.fit(self.seat_name(seat), s(13), name_w - 2 * rad - s(10), True),
                      s(13), palette.INK, True, midleft=(x0 + 2 * rad + s(6), cy))
            predicted = last["predictions"][seat]
            if seat == paradox:
                bonus = tr("box.paradox_cell")
            elif last["bonus_earned"][seat]:
                bonus = f"+{last['group'][seat]}"
            else:
                bonus = "—"
            cells = {"tricks": str(last["tricks"][seat]),
                     "predicted": "—" if predicted is None else str(predicted),
                     "largest group": str(last["group"][seat]), "bonus": bonus,
                     "round": f"{last['scores'][seat]:+d}",
                     "total": "" if totals is None else str(totals[seat])}
            for i, h in enumerate(heads):
                colour = palette.WARN if h == "bonus" and seat == paradox else palette.INK
                self.text(surface, cells[h], s(13), colour, h in ("round", "total", "bonus"),
                          center=(x0 + name_w + col_w * i + col_w // 2, cy))

    # -- side panel --------------------------------------------------------------------------
    def paint_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Scores by round, the 2-player revealed leftovers, and the goal."""
        s = self.ctx.scale
        v = self.view
        limit = self.side.bottom - self.side.h // 2 - s(12)
        y = self.text(surface, tr("box.scores_round", round=v["round"], rounds=v["rounds"]), s(16),
                      palette.INK, True, topleft=rect.topleft).bottom + s(6)
        n = v["players"]
        aiding = v.get("phase") in ("aside", "predict", "play")
        tallest = s(24) if aiding and n > 3 else s(32)  # leave the aid room under the scores
        row_h = max(s(20), min(tallest, (limit - y - s(60)) // max(1, n)))
        for seat in range(n):
            cy = y + row_h // 2
            rad = max(7, min(s(11), row_h // 2 - 2))
            self.marker(surface, seat, (rect.x + rad, cy), rad)
            total = str(v["totals"][seat])
            tr_ = self.text(surface, total, s(15), palette.INK, True, midright=(rect.right, cy))
            rounds = [str(r[seat]) for r in v["round_scores"]]
            detail = (" + ".join(rounds)) if len(rounds) > 1 else ""
            name = self.seat_name(seat)
            room = tr_.x - rect.x - 2 * rad - s(12)
            dw = font(s(12)).size(detail + "  =")[0] if detail else 0
            if dw and dw < room - s(40):
                self.text(surface, detail + " =", s(12), palette.MUTED, midright=(tr_.x - s(6), cy))
                room -= dw + s(6)
            self.text(surface, self.fit(name, s(14), room, True), s(14), palette.INK, True,
                      midleft=(rect.x + 2 * rad + s(8), cy))
            y += row_h
        y += s(8)
        if aiding:
            y = draw_aids(self, surface, rect, y, limit)
        notes = []
        if v.get("neutral_reveals"):
            shown = tr("table.tag_sep").join(str(k) for k in v["neutral_reveals"])
            notes.append(tr("box.revealed", shown=shown))
        aim = tr("box.aim_two") if v["players"] == 2 else tr("box.aim_more")
        notes.append(tr("box.goal", aim=aim))
        f = font(s(12))
        for note in notes:
            lines = wrap(note, f, rect.w)
            if y + len(lines) * f.get_linesize() > limit:
                break
            for line in lines:
                surface.blit(f.render(line, True, palette.INK), (rect.x, y))
                y += f.get_linesize()
            y += s(4)
