"""Cat in the Box board geometry: the header, the research board (a row per colour, a column per
number), the players' boards with their trick slots, the action bar, the hand fan and the
set-aside spot; what lies under the pointer (exactly the engine's drag_of spots:
``("hand", number)``, ``("space", colour, number)`` and ``("aside",)``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Sequence

import pygame

from cats.core import Spot
from screens.assets import font
from screens.table.board import Board, BoardContext, Ui
from screens.table.pointer import Point
from screens.text import tr

if TYPE_CHECKING:
    from cats.session import Seat

JsonDict = dict[str, Any]

CARD_RATIO = 1.4  # height / width of a cat card (the art is 200 x 280)


@dataclass(frozen=True)
class BoxUi(Ui):
    """Cat in the Box's UI facts: the card chosen by a click and the spaces it may claim, the
    copy in hand the pointer took, the engine's playable cards, the round result being up, the
    last trick peeked at, a card flying into the trick, the finished trick's sweep."""

    chosen: Optional[tuple[int, int]] = None  # (index in hand, number) picked by a click
    lit: tuple[Spot, ...] = ()  # where the chosen card may go
    held_index: Optional[int] = None  # which copy of a number the pointer took
    playable: tuple[Spot, ...] = ()  # the engine's drag sources now
    result: bool = False  # the round's result panel is up
    peek_last: bool = False  # the last trick is shown instead of this one
    fly: Optional[tuple[JsonDict, Point]] = None  # a played card and where it is now
    sweep: Optional[tuple[tuple[JsonDict, ...], int, float]] = None  # plays, winner, 0..1
    last_claim: Optional[tuple[str, int]] = None  # the space the last card played claimed
    humans: bool = True  # some seat is played by a person
    buttons_left: Optional[int] = None  # the left edge of the choice buttons in the bar


class BoxLayout(Board):
    """Where everything on the Cat in the Box table is."""

    ui: BoxUi
    PILL_PAD = (12, 4)

    def __init__(self, ctx: BoardContext, seats: Sequence["Seat"]) -> None:
        super().__init__(ctx, seats)
        self.side = pygame.Rect(0, 0, 1, 1)
        self.table = pygame.Rect(0, 0, 1, 1)
        self.header = pygame.Rect(0, 0, 1, 1)
        self.grid = pygame.Rect(0, 0, 1, 1)
        self.grid_area = pygame.Rect(0, 0, 1, 1)
        self.label_w = 1
        self.cell_w = self.cell_h = 1
        self.strip = pygame.Rect(0, 0, 1, 1)
        self.panels: list[pygame.Rect] = []
        self.slots: list[pygame.Rect] = []
        self.action_bar = pygame.Rect(0, 0, 1, 1)
        self.hand_area = pygame.Rect(0, 0, 1, 1)
        self.card = (1, 1)
        self.aside_rect = pygame.Rect(0, 0, 1, 1)
        self.ui = BoxUi()

    # -- geometry ----------------------------------------------------------------------------
    def refit(self) -> None:
        v = self.view
        if not v:
            return
        s = self.ctx.scale
        t = self.area.inflate(-s(16), -s(12))
        self.table = t
        n = v["players"]
        numbers = v["numbers"]
        gap = s(8)
        line = self.ctx.line  # what holds text grows with large text; the board fits the rest
        self.header = pygame.Rect(t.x, t.y, t.w, line(26))
        card_h = max(s(60), min(s(118), int(t.h * 0.16)))
        self.card = (int(card_h / CARD_RATIO), card_h)
        hand_h = card_h + s(14)
        self.hand_area = pygame.Rect(t.x, t.bottom - hand_h, t.w, hand_h)
        aside_w = self.card[0] + s(40)
        self.aside_rect = pygame.Rect(0, 0, self.card[0], card_h)
        self.aside_rect.midbottom = (t.right - aside_w // 2, self.hand_area.bottom - s(4))
        bar_h = line(46)
        self.action_bar = pygame.Rect(t.x, self.hand_area.y - bar_h - s(4), t.w, bar_h)
        panel_h = line(66)
        slot_h = max(s(56), min(s(112), int(t.h * 0.14)))
        strip_h = panel_h + slot_h + s(14)
        grid_top = self.header.bottom + s(4)
        board_h = self.action_bar.y - gap - strip_h - gap - grid_top
        self.label_w = max(s(84), min(s(120), t.w // 9))
        head_h = s(18)
        self.cell_h = max(s(20), min(s(64), (board_h - head_h) // 4))
        self.cell_w = max(s(24), min((t.w - self.label_w - s(12)) // numbers,
                                     int(self.cell_h * 1.7)))
        grid_w = self.label_w + self.cell_w * numbers
        gx = t.x + (t.w - grid_w) // 2
        used_h = head_h + 4 * self.cell_h
        spare = max(0, board_h - used_h)
        self.grid_area = pygame.Rect(gx, grid_top + spare // 3, grid_w, used_h)
        self.grid = pygame.Rect(gx + self.label_w, self.grid_area.y + head_h,
                                self.cell_w * numbers, 4 * self.cell_h)
        strip_y = self.grid.bottom + gap + (spare - spare // 3)
        self.strip = pygame.Rect(t.x, strip_y, t.w, self.action_bar.y - gap - strip_y)
        slot_h = max(s(40), min(self.strip.h - panel_h - s(12), s(120)))
        col_w = (t.w - (n - 1) * gap) // n
        self.panels, self.slots = [], []
        for seat in range(n):
            x = t.x + seat * (col_w + gap)
            panel = pygame.Rect(x, self.strip.y, col_w, panel_h)
            slot = pygame.Rect(0, 0, int(slot_h / CARD_RATIO), slot_h)
            slot.midtop = (panel.centerx, panel.bottom + s(8))
            self.panels.append(panel)
            self.slots.append(slot)

    def rows(self) -> list[str]:
        """The research board's colour rows, top to bottom."""
        return list(self.view.get("board_rows") or self.view["colours"])

    def space_rect(self, colour: str, number: int) -> pygame.Rect:
        """The screen rectangle of a research space."""
        row = self.rows().index(colour)
        return pygame.Rect(self.grid.x + (number - 1) * self.cell_w,
                           self.grid.y + row * self.cell_h, self.cell_w, self.cell_h)

    def hand_rects(self, hand: list[int]) -> list[pygame.Rect]:
        """Where each card of a hand lies: side by side, overlapping when room is short, along
        a gentle arc (the middle cards a little higher)."""
        if not hand:
            return []
        s = self.ctx.scale
        w, h = self.card
        room = self.aside_rect.x - s(30) - self.hand_area.x
        k = len(hand)
        step = w + s(6)
        if k > 1 and step * (k - 1) + w > room:
            step = max(s(12), (room - w) // (k - 1))
        width = step * (k - 1) + w
        x0 = self.hand_area.x + max(0, (room - width) // 2)
        mid = (k - 1) / 2
        rects = []
        for i in range(k):
            lift = int(s(5) * (1 - ((i - mid) / max(mid, 1)) ** 2)) if k > 2 else 0
            rects.append(pygame.Rect(x0 + i * step, self.hand_area.bottom - s(4) - h - lift, w, h))
        return rects

    def hand(self) -> list[int]:
        """The viewer's hand (empty when it is hidden)."""
        return list(self.view.get("hand") or [])

    def hand_index_at(self, pos: Point) -> Optional[int]:
        """The hand card under the pointer (the topmost where cards overlap)."""
        rects = self.hand_rects(self.hand())
        for i in range(len(rects) - 1, -1, -1):
            if rects[i].collidepoint(pos):
                return i
        return None

    def spot_at(self, pos: Point) -> Optional[Spot]:
        index = self.hand_index_at(pos)
        if index is not None:
            return ("hand", self.hand()[index])
        if self.aside_rect.collidepoint(pos):
            return ("aside",)
        if self.grid.collidepoint(pos):
            col = (pos[0] - self.grid.x) // self.cell_w
            row = (pos[1] - self.grid.y) // self.cell_h
            return ("space", self.rows()[row], col + 1)
        return None

    def spot_rect(self, spot: Spot) -> Optional[pygame.Rect]:
        if spot[0] == "space":
            return self.space_rect(spot[1], spot[2])
        if spot == ("aside",):
            return self.aside_rect
        if spot[0] == "hand":
            hand = self.hand()
            rects = self.hand_rects(hand)
            chosen = self.ui.chosen
            for index in (self.ui.held_index, chosen[0] if chosen else None):
                if index is not None and index < len(hand) and hand[index] == spot[1]:
                    return rects[index]
            if spot[1] in hand:
                return rects[hand.index(spot[1])]
        return None

    def slot_of(self, seat: int) -> pygame.Rect:
        """Where a seat's card in the trick lies."""
        return self.slots[seat] if 0 <= seat < len(self.slots) else self.strip

    def panel_of(self, seat: int) -> pygame.Rect:
        """A seat's player board."""
        return self.panels[seat] if 0 <= seat < len(self.panels) else self.strip

    def result_rect(self) -> pygame.Rect:
        """Where the round's result is drawn (over the player boards and the action bar)."""
        s = self.ctx.scale
        top = self.strip.y - s(4)
        return pygame.Rect(self.table.x, top, self.table.w, self.action_bar.bottom - top)

    def last_pill_label(self) -> Optional[str]:
        """The header's last-trick button's words, when it is shown."""
        if not self.view.get("last_trick") or self.ui.result:
            return None
        return tr("box.back_to_trick") if self.ui.peek_last else tr("box.show_last")

    def last_pill(self) -> pygame.Rect:
        """Where the header's last-trick button is (empty when it is not shown)."""
        label = self.last_pill_label()
        if label is None:
            return pygame.Rect(0, 0, 0, 0)
        s = self.ctx.scale
        img = font(s(13), bold=True).size(label)
        box = pygame.Rect(0, 0, *img).inflate(s(self.PILL_PAD[0]), s(self.PILL_PAD[1]))
        box.midright = (self.header.right, self.header.centery)
        return box
