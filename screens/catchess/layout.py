"""Cat Chess board geometry: the basket on top, the garden below in the data's rows and columns,
the goal cards on the right, the round's reveal over the garden; what lies under the pointer
(exactly the engine's drag_of spots: ("waiting", letter) and ("region", id)); and the cat tokens."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

import pygame

from cats.core import Spot
from screens import palette
from screens.assets import font, image
from screens.table.board import Board, BoardContext, JsonDict, Ui
from screens.table.pointer import Point
from screens.text import language, tr

if TYPE_CHECKING:
    from cats.session import Seat

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
DIM = (120, 100, 86)  # quiet words: palette.MUTED (which follows the look) is this colour
WARN_DASH = (200, 80, 60)   # a path step between regions that do not touch
STAY_CAPTION = "catchess.stay_caption"  # a key of screens.text
GoalRow = tuple[pygame.Rect, list[str]]


def cat_token(art: str, letter: str, size: int, asleep: bool) -> pygame.Surface:
    """A cat token at ``size`` px: the coat art, the letter on a badge and, asleep, closed eyes,
    a night-blue ring and a moon badge (asleep differs by shape, not colour alone); drawn once
    per language (the letter is set in the language's font)."""
    return _cat_token(art, letter, size, asleep, language())


@lru_cache(maxsize=256)
def _cat_token(art: str, letter: str, size: int, asleep: bool, lang: str) -> pygame.Surface:
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


palette.baked(_cat_token.cache_clear)


def rendered(text: str, size: int, colour: tuple[int, ...], bold: bool) -> pygame.Surface:
    """A line of text rendered once per language (the table redraws the same labels every
    frame; a player's name reads the same in both languages but is set in each one's font)."""
    return _rendered(text, size, colour, bold, language())


def clear_drawn() -> None:
    """Forget the tokens and lines drawn so far (they never outlive a restart of pygame)."""
    _cat_token.cache_clear()
    _rendered.cache_clear()


@lru_cache(maxsize=1024)
def _rendered(text: str, size: int, colour: tuple[int, ...], bold: bool,
              lang: str) -> pygame.Surface:
    return font(size, bold).render(text, True, colour)


@dataclass(frozen=True)
class CatChessUi(Ui):
    """Cat Chess's UI facts: cats in flight, the last move's rings, the cats of the goal under
    the pointer, the engine's word on the region under the held cat and the goal cards as that
    drop would leave them, and the table's state (the solo best still counting, the reveal up)."""

    moving: Mapping[str, tuple[float, float]] = field(default_factory=dict)  # letter -> topleft
    last_move: Optional[tuple[int, tuple[int, ...]]] = None  # seat, regions
    hover_cats: tuple[str, ...] = ()
    target: Optional[Spot] = None  # the region under the held cat (not its own)
    target_label: str = ""  # the action that drop makes
    target_reason: str = ""  # or why the engine refuses it
    preview: Optional[tuple[JsonDict, ...]] = None  # the viewer's cards after that drop
    counting: bool = False  # the round's end waits for the solo best score
    reveal: bool = False  # the round's reveal is up
    humans: bool = True  # some seat is played by a person
    mover: Optional[int] = None
    last_entry: Optional[tuple[int, str]] = None  # the last logged move: seat, words
    staying: bool = False  # the "stays" buttons are up in the bottom strip


class CatChessLayout(Board):
    """Where everything on the Cat Chess table is, for the view shown."""

    ui: CatChessUi
    PILL_PAD = (10, 4)

    def __init__(self, ctx: BoardContext, seats: Sequence["Seat"]) -> None:
        super().__init__(ctx, seats)
        self.table = pygame.Rect(0, 0, 1, 1)
        self.left = pygame.Rect(0, 0, 1, 1)       # basket and garden
        self.cards_rect = pygame.Rect(0, 0, 1, 1)
        self.tray = pygame.Rect(0, 0, 1, 1)
        self.lawn = pygame.Rect(0, 0, 1, 1)
        self.side = pygame.Rect(0, 0, 1, 1)
        self.bottom = pygame.Rect(0, 0, 1, 1)
        self.slot = 1
        self.cell = 1
        self.centres: dict[int, Point] = {}
        self.cells: dict[int, pygame.Rect] = {}
        self.ui = CatChessUi()

    @property
    def solo(self) -> bool:
        """One player: the solo game."""
        return len(self.seats) == 1

    # -- geometry ------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.area = rect.copy()
        s = self.ctx.scale
        self.table = self.area.inflate(-s(8), -s(8))
        a = self.area.inflate(-s(24), -s(20))
        cw = max(s(220), min(s(360), int(a.w * 0.36)))
        self.cards_rect = pygame.Rect(a.right - cw, a.y, cw, a.h)
        self.left = pygame.Rect(a.x, a.y, self.cards_rect.x - s(18) - a.x, a.h)
        self.refit()

    def grid_size(self) -> tuple[int, int]:
        """The garden's columns and rows (from the data)."""
        regions = self.view.get("regions") or []
        if not regions:
            return 4, 3
        return (max(int(r["col"]) for r in regions) + 1, max(int(r["row"]) for r in regions) + 1)

    def refit(self) -> None:
        """Basket on top, the garden below: region centres from the data's rows and columns."""
        if self.area.w <= 1:
            return
        s = self.ctx.scale
        left = self.left
        self.slot = max(s(30), min(s(66), (left.w - s(20) - 8 * s(6)) // 9))
        self.tray = pygame.Rect(left.x, left.y, left.w, self.slot + s(8) + self.ctx.line(26))
        cols, rows = self.grid_size()
        room = pygame.Rect(left.x, self.tray.bottom + s(8), left.w,
                           left.bottom - self.tray.bottom - s(8) - s(52))
        self.cell = max(s(30), min((room.w - s(20)) // cols, (room.h - s(20)) // rows))
        gw, gh = self.cell * cols, self.cell * rows
        x0 = room.centerx - gw // 2
        y0 = room.y + s(10) + max(0, (room.h - s(20) - gh) // 2)
        self.lawn = pygame.Rect(x0, y0, gw, gh).inflate(s(20), s(20))
        self.centres, self.cells = {}, {}
        for r in self.view.get("regions") or []:
            cell = pygame.Rect(x0 + r["col"] * self.cell, y0 + r["row"] * self.cell,
                               self.cell, self.cell)
            self.cells[r["id"]] = cell
            self.centres[r["id"]] = cell.center

    @property
    def stone_r(self) -> int:
        """The radius of a region's stone."""
        return int(self.cell * 0.37)

    @property
    def token_size(self) -> int:
        """A cat token's size on the garden."""
        return int(self.cell * 0.62)

    def letters(self) -> list[str]:
        """All nine cats' letters, in order (in the garden or waiting)."""
        out = [str(c["letter"]) for c in self.view.get("waiting") or []]
        out += [str(r["cat"]["letter"]) for r in self.view.get("regions") or [] if r["cat"]]
        return sorted(out)

    def cats(self) -> dict[str, JsonDict]:
        """Letter -> the cat as the view shows it (with "awake")."""
        out = {c["letter"]: c for c in self.view.get("waiting") or []}
        for r in self.view.get("regions") or []:
            if r["cat"]:
                out[r["cat"]["letter"]] = r["cat"]
        return out

    def slot_rects(self) -> dict[str, pygame.Rect]:
        """One fixed basket slot per cat (in letter order), so a cat's slot never shifts."""
        s = self.ctx.scale
        letters = self.letters()
        gap = s(6)
        total = len(letters) * self.slot + (len(letters) - 1) * gap
        x = self.tray.centerx - total // 2
        y = self.tray.y + self.ctx.line(26)  # under the tray's heading
        return {L: pygame.Rect(x + i * (self.slot + gap), y, self.slot, self.slot)
                for i, L in enumerate(letters)}

    # -- spots (exactly the engine's drag_of spots) --------------------------------------------
    def spot_at(self, pos: Point) -> Optional[Spot]:
        waiting = {c["letter"] for c in self.view.get("waiting") or []}
        for letter, rect in self.slot_rects().items():
            if letter in waiting and rect.collidepoint(pos):
                return ("waiting", letter)
        for rid, cell in self.cells.items():
            if cell.collidepoint(pos):
                return ("region", rid)
        return None

    def spot_rect(self, spot: Spot) -> Optional[pygame.Rect]:
        if spot[0] == "region" and spot[1] in self.centres:
            r = self.stone_r
            return pygame.Rect(0, 0, 2 * r, 2 * r).move(self.centres[spot[1]][0] - r,
                                                         self.centres[spot[1]][1] - r)
        if spot[0] == "waiting":
            return self.slot_rects().get(spot[1])
        return None

    def region_of(self, rid: int) -> Optional[JsonDict]:
        """The view's region with this id."""
        return next((r for r in self.view.get("regions") or [] if r["id"] == rid), None)

    def cat_at(self, spot: Spot) -> Optional[JsonDict]:
        """The cat on a spot, as the view shows it."""
        if spot[0] == "region":
            region = self.region_of(spot[1])
            return region["cat"] if region else None
        if spot[0] == "waiting":
            return next((c for c in self.view.get("waiting") or [] if c["letter"] == spot[1]), None)
        return None

    def hidden_spots(self) -> set[Spot]:
        """Spots whose cat is in the hand (dragged) or sliding back."""
        out: set[Spot] = set()
        held = self.ui.held
        if held and (held.moved or held.pos != held.origin):
            out.add(held.source)
        if self.ui.returning is not None:
            out.add(self.ui.returning[0])
        return out

    # -- the goal cards ------------------------------------------------------------------------
    def card_rects(self) -> list[pygame.Rect]:
        """Where the viewer's goal cards are drawn, top to bottom."""
        s = self.ctx.scale
        col = self.cards_rect
        cards = self.view.get("my_cards") or []
        if not cards:
            return []
        y = col.y + rendered(tr("catchess.your_cards", n=1), s(17), palette.INK, True).get_height()
        y = y + s(2) + rendered("0", s(14), palette.MUTED, True).get_height() + s(6)
        legend_h = s(96) if len(cards) == 1 else 0
        gap = s(8)
        each = (col.bottom - y - legend_h - gap * (len(cards) - 1)) // len(cards)
        each = min(each, s(250))
        out = []
        for _ in cards:
            out.append(pygame.Rect(col.x, y, col.w, each))
            y += each + gap
        return out

    def card_rows(self, rect: pygame.Rect, card: JsonDict) -> list[GoalRow]:
        """A goal card's four rows (the order goal, then the three friend pairs) and their cats."""
        s = self.ctx.scale
        head_h = max(s(22), min(s(30), rect.h // 6))
        bottom = rect.y + head_h
        body = pygame.Rect(rect.x + s(8), bottom + s(4), rect.w - s(16),
                           rect.bottom - bottom - s(8))
        row_h = body.h // 4
        letters = [list(card["order"]["cats"])] + [list(p["cats"]) for p in card["friends"]]
        return [(pygame.Rect(body.x, body.y + i * row_h, body.w, row_h), cats)
                for i, cats in enumerate(letters)]

    def goal_rows(self) -> list[GoalRow]:
        """Every goal row of the viewer's cards on screen, with its cats (hover rings them)."""
        cards = self.view.get("my_cards") or []
        return [row for rect, card in zip(self.card_rects(), cards)
                for row in self.card_rows(rect, card)]

    # -- the round's reveal --------------------------------------------------------------------
    def reveal_entry(self) -> Optional[JsonDict]:
        """The last finished round, as the view tells it."""
        rounds = self.view.get("rounds_played") or []
        return rounds[-1] if rounds else None

    def results_rect(self) -> pygame.Rect:
        """Where the round's reveal is drawn: over the basket and the garden."""
        s = self.ctx.scale
        return self.left.inflate(s(6), s(6))

    def reopen_text(self) -> str:
        """The caption of the button that shows the last round's reveal again."""
        entry = self.reveal_entry()
        return tr("catchess.show_round", round=entry["round"]) if entry else ""

    def reopen_rect(self) -> pygame.Rect:
        """The "show result" button under the garden."""
        s = self.ctx.scale
        f = font(s(13), bold=True)
        w = f.size(self.reopen_text())[0] + s(20)
        return pygame.Rect(self.left.right - w, self.lawn.bottom + s(8), w, s(22))

    # -- text and tokens -----------------------------------------------------------------------
    def text(self, surface: pygame.Surface, text: str, size: int, colour: Any = None,
             bold: bool = False, **where: Any) -> pygame.Rect:
        img = rendered(text, size, tuple(colour or palette.INK), bold)
        rect = img.get_rect(**where)
        surface.blit(img, rect)
        return rect

    def token(self, cat: JsonDict, size: int, asleep: Optional[bool] = None) -> pygame.Surface:
        """A cat's token (asleep as the view says unless told)."""
        sleeping = (not cat.get("awake", True)) if asleep is None else asleep
        return cat_token(ART_BY_COAT.get(cat.get("label", ""), "cat_7"), cat["letter"], size,
                         sleeping)
