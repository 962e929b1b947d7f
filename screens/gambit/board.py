"""Cat's Gambit board, drawn from the view: the tableau of cards around the deck, the marks on cells, the Paw, the
burrow panel, the tray of Pawns, the held card, and the side panel with what is known of the deck."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from cats.core import Spot
from cats.gambit.cards import CARD_NAMES, PAWN_NAMES
from cats.words import say
from screens import palette
from screens.assets import font, image
from screens.gambit.layout import TableauLayout
from screens.overlays import blit_lines, fit_text, lines_bottom, wrap
from screens.table.board import Ui
from screens.table.pointer import Point
from screens.text import tr

ART = {"B": "gambit_bishop", "N": "gambit_knight", "R": "gambit_rook", "C": "gambit_catken",
       "Q5": "gambit_aurelia_5", "Q1": "gambit_aurelia_1", "U-2": "gambit_umbra_2",
       "U-5": "gambit_umbra_5", "P": "gambit_pawn", "back": "gambit_back"}


def place_in_deck(known: dict[str, int]) -> str:
    """ "top", "bottom", "second from bottom" or "4 from bottom" for a known deck card."""
    if known["from_top"] == 0:
        return tr("gambit.top")
    return {0: tr("gambit.bottom"), 1: tr("gambit.second_bottom")}.get(
        known["from_bottom"], tr("gambit.from_bottom", n=known["from_bottom"] + 1))


class GambitBoard(TableauLayout):
    """Everything drawn on the Cat's Gambit table."""

    def paint(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        view = self.view
        pygame.draw.rect(surface, palette.FELT, self.area.inflate(-s(8), -s(8)), border_radius=s(18))
        occupied = {(c[0], c[1]) for c in view["grid"]} | {tuple(view["deck_cell"])}
        for cell in view["possible"]:
            rect = self.card_rect(tuple(cell))
            if tuple(cell) not in occupied:
                pygame.draw.rect(surface, palette.tone((232, 216, 196)), rect, border_radius=s(8))
                pygame.draw.rect(surface, palette.edge((210, 190, 168)), rect, width=palette.thick(1),
                                 border_radius=s(8))
        marks = {tuple(m["cell"]): m for m in view["target_marks"]}
        for x, y, stack in view["grid"]:
            self.draw_stack(surface, stack, self.card_rect((x, y)))
        self.draw_deck(surface)
        if self.ui.held is None:
            for cell, mark in marks.items():  # before picking up: show where it may go
                if mark["legal"]:
                    pygame.draw.rect(surface, palette.LEGAL, self.card_rect(cell), width=s(2),
                                     border_radius=s(8))
        for cell, mark in marks.items():
            self.draw_mark(surface, self.card_rect(cell), mark)
        if self.ui.hint is not None:
            lit = self.spot_rect(self.ui.hint)
            if lit:
                pygame.draw.rect(surface, palette.TEAL, lit.inflate(s(8), s(8)), width=s(4),
                                 border_radius=s(10))
        self.draw_paw(surface, self.paw_rect())
        self.draw_tray(surface)
        self.draw_burrow(surface)

    def draw_burrow(self, surface: pygame.Surface) -> None:
        """Burrow Strategy: the bottom two cards face up; dragging the left onto the right
        swaps them (the buttons below do the same, or keep the order)."""
        cards = self.bottom_cards()
        if not cards:
            return
        s = self.ctx.scale
        panel, slots = self.burrow_panel()
        pygame.draw.rect(surface, palette.tone((120, 90, 70)), panel.move(s(3), s(4)), border_radius=s(14))
        pygame.draw.rect(surface, palette.PAPER, panel, border_radius=s(14))
        pygame.draw.rect(surface, palette.WOOD, panel, width=s(2), border_radius=s(14))
        f = font(s(16), bold=True)
        title = f.render(tr("gambit.burrow_title"), True, palette.INK)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + s(10))))
        hint = font(s(12)).render(tr("gambit.burrow_hint"), True,
                                  palette.WOOD)
        surface.blit(hint, hint.get_rect(midtop=(panel.centerx, panel.y + s(32))))
        held = self.ui.held.source if self.ui.held else None
        small = font(s(12), bold=True)
        for (spot, rect), caption in zip(slots, (tr("gambit.second_bottom"), tr("gambit.bottom_last"))):
            if spot == held:
                pygame.draw.rect(surface, palette.tone((200, 182, 160)), rect, border_radius=s(8))
            else:
                self.draw_stack(surface, [cards[spot[1]]], rect)
            txt = small.render(caption, True, palette.INK)
            surface.blit(txt, txt.get_rect(midtop=(rect.centerx, rect.bottom + s(6))))
        # A two-headed arrow between the cards: they change places.
        y, half, head = slots[0][1].centery, s(16), s(7)
        cx = panel.centerx
        pygame.draw.line(surface, palette.WOOD, (cx - half, y), (cx + half, y), s(3))
        for tip, back in ((cx - half - s(2), cx - half + head), (cx + half + s(2), cx + half - head)):
            pygame.draw.polygon(surface, palette.WOOD, [(tip, y), (back, y - head), (back, y + head)])

    def draw_mark(self, surface: pygame.Surface, rect: pygame.Rect, mark: dict[str, Any]) -> None:
        """Cells that would check a queen say so (in words and a red corner), before the drop."""
        s = self.ctx.scale
        label = ""
        if mark["checks_queen"]:
            label = tr("gambit.check_here") if mark["legal"] else tr("gambit.check_refused")
            if not mark["legal"]:  # refused while a safe cell exists: hatched, not only red
                for off in range(-rect.h, rect.w, s(10)):
                    pygame.draw.line(surface, palette.tone((200, 120, 100)), (rect.x + max(off, 0),
                                     rect.y + max(-off, 0)), (rect.x + min(off + rect.h, rect.w),
                                     rect.y + min(rect.h, rect.w - off)), 1)
        elif mark["checks_umbra"]:
            label = tr("gambit.checks_umbra")
        if not label:
            return
        f = font(max(9, s(11)), bold=True)
        lines = wrap(label, f, rect.w - 4)
        y = rect.bottom - len(lines) * f.get_linesize() - s(4)
        band = pygame.Rect(rect.x, y - s(2), rect.w, rect.bottom - y + s(2))
        colour = palette.WARN if mark["checks_queen"] else palette.PLUM
        pygame.draw.rect(surface, colour, band, border_radius=s(6))
        for line in lines:
            txt = f.render(line, True, palette.PAPER)
            surface.blit(txt, txt.get_rect(midtop=(rect.centerx, y)))
            y += f.get_linesize()

    def card_image(self, code: str, w: int, h: int) -> pygame.Surface:
        """A card face at a size, with its name written in the top band."""
        view = self.view
        if code == "Q":
            key = f"Q{view['queen_side']}"
        elif code == "U":
            key = f"U{view['umbra_side']}"
        elif code.startswith("P:"):
            key = "P"
        else:
            key = code
        surf = image(ART.get(key, "gambit_back"), w, h).copy()
        if code.startswith("P:"):
            name = say(PAWN_NAMES[code[2:]]) if code[2:] in PAWN_NAMES else tr("gambit.pawn")
        elif code == "Q":
            name = tr("gambit.card_queen", n=view["queen_side"])
        elif code == "U":
            name = tr("gambit.card_umbra", n=view["umbra_side"])
        else:
            name = say(CARD_NAMES.get(code, code))
        size = max(8, int(h * 0.075))
        inner = int(w * 0.84)  # inside the card's frame
        f = font(size, bold=True)
        lines = wrap(name, f, inner)[:2]
        while size > 8 and max(f.size(line)[0] for line in lines) > inner:
            size -= 1  # a long word ("Banishment") does not wrap: smaller type
            f = font(size, bold=True)
            lines = wrap(name, f, inner)[:2]
        y = max(2, int(h * 0.02))
        for line in lines:
            txt = f.render(line, True, palette.INK)
            surf.blit(txt, txt.get_rect(midtop=(w // 2, y)))
            y += f.get_linesize() - 2
        return surf

    def draw_stack(self, surface: pygame.Surface, stack: list[str], rect: pygame.Rect) -> None:
        """A stack: the base card, then each card on it a little smaller and lower."""
        for i, code in enumerate(stack):
            if i == 0:
                r = rect
            else:
                r = rect.inflate(-rect.w * 0.3, -rect.h * 0.3)
                r.midbottom = (rect.centerx + i * 6, rect.bottom + i * 2)
            if code == "Q" and self.ui.flip is not None:
                k = abs(self.ui.flip * 2 - 1)
                r = r.inflate(-int(r.w * (1 - k)), 0)
            pygame.draw.rect(surface, palette.tone((120, 90, 70)), r.move(2, 3), border_radius=self.ctx.scale(8))
            surface.blit(self.card_image(code, r.w, r.h), r.topleft)
            if palette.high_contrast():  # a thick black edge round every card
                pygame.draw.rect(surface, palette.INK, r, palette.thick(2),
                                 border_radius=self.ctx.scale(8))

    def draw_deck(self, surface: pygame.Surface) -> None:
        """The deck with its count (what the player knows of it is listed in the side panel)."""
        s = self.ctx.scale
        rect = self.card_rect(tuple(self.view["deck_cell"]))
        count = self.view["deck_count"]
        for i in range(min(count, 4), 0, -1):
            pygame.draw.rect(surface, palette.WOOD, rect.move(i * 2, i * 2), border_radius=s(8))
        surface.blit(image("gambit_back", rect.w, rect.h), rect.topleft)
        badge = font(s(20), bold=True).render(str(count), True, palette.PAPER)
        box = badge.get_rect(center=rect.center).inflate(s(18), s(8))
        pygame.draw.rect(surface, palette.INK, box, border_radius=s(12))
        surface.blit(badge, badge.get_rect(center=box.center))

    def draw_paw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The Paw token."""
        surface.blit(image("gambit_paw", rect.w, rect.h), rect.topleft)

    def draw_tray(self, surface: pygame.Surface) -> None:
        """The drawn card and the five Pawns face up with their ability names."""
        s = self.ctx.scale
        pygame.draw.rect(surface, palette.tone((214, 194, 170)), self.tray, border_radius=s(14))
        f = font(s(13), bold=True)
        slots = self.tray_slots()
        first = tr("gambit.pawn_to_place") if self.placing_pawn() else tr("gambit.drawn_card")
        surface.blit(f.render(first, True, palette.INK), (slots[0][1].x, self.tray.y + s(4)))
        if len(slots) > 1:
            surface.blit(f.render(tr("gambit.pawns"), True, palette.INK), (slots[1][1].x, self.tray.y + s(4)))
        held = self.ui.held.source if self.ui.held else None
        for spot, rect in self.tray_slots():
            if spot == held:
                pygame.draw.rect(surface, palette.tone((190, 170, 150)), rect, border_radius=s(8))
                continue
            if spot == ("revealed",):
                card = self.view["revealed"]
                if card:
                    self.draw_stack(surface, [card], rect)
                else:
                    pygame.draw.rect(surface, palette.edge((200, 182, 160)), rect, width=palette.thick(2),
                                     border_radius=s(8))
                continue
            self.draw_pawn_card(surface, spot[1], rect)

    def draw_pawn_card(self, surface: pygame.Surface, pawn: str, rect: pygame.Rect) -> None:
        """A Pawn card with its ability name (playable ones are outlined)."""
        s = self.ctx.scale
        surface.blit(self.card_image("P:" + pawn, rect.w, rect.h), rect.topleft)
        if ("pawn", pawn) in self.ui.sources and self.ui.my_turn:
            pygame.draw.rect(surface, palette.LEGAL, rect.inflate(s(4), s(4)), width=s(3),
                             border_radius=s(8))

    def draw_piece(self, surface: pygame.Surface, spot: Spot, topleft: tuple[int, int],
                   lifted: bool = False) -> None:
        rect = self.spot_rect(spot)
        if rect is None:
            return
        moved = pygame.Rect(topleft, rect.size)
        if spot[0] in ("revealed", "pawn"):  # shrink to grid size so the drop cell is visible
            held = self.ui.held
            grab = held.pos if held else moved.center
            moved = self.card_rect((0, 0))
            moved.center = (grab[0], grab[1]) if held else rect.center
            if not held:
                moved.topleft = topleft
        if spot == ("paw",):
            self.draw_paw(surface, moved)
        elif spot == ("revealed",) and self.view["revealed"]:
            self.draw_stack(surface, [self.view["revealed"]], moved)
        elif spot[0] == "pawn":
            surface.blit(self.card_image("P:" + spot[1], moved.w, moved.h), moved.topleft)
        elif spot[0] == "cell":
            stack = next((st for x, y, st in self.view["grid"] if (x, y) == (spot[1], spot[2])), None)
            if stack:
                self.draw_stack(surface, stack, moved)
        elif spot == ("deck",):
            surface.blit(image("gambit_back", rect.w, rect.h), moved.topleft)
        elif spot[0] == "bottom" and spot[1] in self.bottom_cards():
            self.draw_stack(surface, [self.bottom_cards()[spot[1]]], moved)

    def draw_known(self, surface: pygame.Surface, known: list[dict[str, Any]], rect: pygame.Rect,
                   y: int) -> int:
        """The deck cards the player has seen (Peek, Burrow), drawn as cards with their place in
        the deck under each; returns the y below them."""
        s = self.ctx.scale
        n = len(known)
        w = min(s(64), (rect.w - s(8) * (n - 1)) // max(1, n))
        h = int(w * 1.4)
        # Cards set apart as the panel allows, so each place ("second from bottom") has room
        # for its two lines under its card.
        gap = max(s(8), min(s(40), (rect.w - n * w) // max(1, n - 1))) if n > 1 else s(8)
        room = w + gap - s(4)
        f = font(s(12))
        for i, k in enumerate(known):
            card = pygame.Rect(rect.x + i * (w + gap), y, w, h)
            pygame.draw.rect(surface, palette.tone((120, 90, 70)), card.move(2, 3), border_radius=s(6))
            surface.blit(self.card_image(k["card"], w, h), card.topleft)
            words = place_in_deck(k)
            for size in (12, 11, 10):  # the whole place in two lines, smaller if need be
                small = font(s(size))
                parts = wrap(words, small, room)
                if len(parts) <= 2:
                    break
            if len(parts) > 2:
                parts = [parts[0], fit_text(" ".join(parts[1:]), small, room)]
            for j, part in enumerate(parts):
                label = small.render(part, True, palette.INK)
                surface.blit(label, label.get_rect(midtop=(card.centerx,
                                                           card.bottom + s(3) + j * f.get_linesize())))
        return y + h + s(6) + 2 * f.get_linesize()

    def side_lines(self) -> tuple[list[str], list[dict[str, Any]]]:
        """The side panel's lines (score, Umbra, checks) and the deck cards seen, top first."""
        view = self.view
        lines = [tr("gambit.score_so_far")]
        lines += [tr("gambit.score_line", label=say(label), points=f"{points:+d}")
                  for label, points in view["score_lines"]]
        lines.append(tr("gambit.total", score=view["score"]))
        if view["umbra_option"]:
            state = tr("gambit.umbra_gone") if view["umbra_gone"] else (
                tr("gambit.umbra_at", side=view["umbra_side"]) if view["umbra"]
                else tr("gambit.umbra_waiting"))
            lines.append(tr("gambit.umbra", state=state))
        lines.append(tr("gambit.checks", checks=view["checks"]))
        known = sorted(view["deck_known"], key=lambda k: k["from_top"])
        if known:   # what the player has legitimately seen of the deck (Peek, Burrow)
            lines.append(tr("gambit.known"))
        return lines, known

    def paint_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s = self.ctx.scale
        lines, known = self.side_lines()
        y = blit_lines(surface, lines, rect.x, rect.y, s(15), width=rect.w, bold_first=True)
        if known:
            self.draw_known(surface, known, rect, y + s(4))

    def known_bottom(self, known: list[dict[str, Any]], rect: pygame.Rect, y: int) -> int:
        """Where :meth:`draw_known` ends (measured, nothing drawn)."""
        s = self.ctx.scale
        w = min(s(64), (rect.w - s(8) * (len(known) - 1)) // max(1, len(known)))
        return y + int(w * 1.4) + s(6) + 2 * font(s(12)).get_linesize()

    def pawn_words_top(self, rect: pygame.Rect) -> int:
        """Where the hovered Pawn's words go in the side panel ``rect``: under its lines."""
        s = self.ctx.scale
        lines, known = self.side_lines()
        y = lines_bottom(lines, rect.y, s(15), width=rect.w, bold_first=True)
        if known:
            y = self.known_bottom(known, rect, y + s(4))
        return y + s(12)

    # -- over the cached layer, every frame --------------------------------------------------
    def hover_key(self, point: Point) -> None:
        return None  # the layer reads nothing of the pointer's place: see paint_live

    def resting(self, ui: Ui) -> Ui:
        return replace(ui, hover=(-1, -1))

    def paint_live(self, surface: pygame.Surface) -> None:
        """The words of the Pawn under the pointer, under the side panel's lines."""
        at = self.ui.hover
        hovered = self.spot_at(at) if self.area.collidepoint(at) else None
        pawn = next((p for p in self.view.get("pawns") or [] if hovered == ("pawn", p["id"])),
                    None)
        if pawn and self.side.w > 1:
            s = self.ctx.scale
            rect = self.side.inflate(-s(20), -s(20))  # as the frame hands it to paint_side
            blit_lines(surface, [say(pawn["name"]), say(pawn["text"])], rect.x, self.pawn_words_top(rect),
                       s(15), palette.TEAL, width=rect.w, bold_first=True)
