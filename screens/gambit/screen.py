"""Cat's Gambit screen: the floating grid around the Queen and the deck, the drawn card, the five
Pawns, and drag-and-drop for every placement and ability."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any, Optional

import pygame

from cats.core import Action, Spot
from cats.gambit import words
from cats.rng import Rng
from screens.anim import Tween
from screens.gambit.draw import TableauDrawing
from screens.table.frame import GameScene
from screens.text import tr

Cell = tuple[int, int]


class GambitScene(TableauDrawing, GameScene):
    """The Cat's Gambit table."""

    has_hint = True

    def __init__(self, ctx: Any, session: Any) -> None:
        self.cell_w = self.cell_h = 1
        self.origin = (0, 0)
        self.window: tuple[int, int, int, int] = (0, 0, 0, 0)
        self.tray = pygame.Rect(0, 0, 1, 1)
        self.tray_card_w = self.tray_card_h = 1
        self.hint_future: Optional[Future[tuple[Action, float]]] = None
        self.hint_spot: Optional[Spot] = None
        self.flip: Optional[Tween] = None
        super().__init__(ctx, session)

    # -- layout ------------------------------------------------------------------------------
    def layout(self) -> None:
        s = self.ctx.scale
        tray_h = self.board.h - s(24)
        self.tray_card_h = max(40, min((tray_h - s(26) * 3) // 3, s(200)))
        self.tray_card_w = int(self.tray_card_h * 0.72)
        self.tray = pygame.Rect(self.board.x + s(12), self.board.y + s(12),
                                2 * self.tray_card_w + s(40), tray_h)
        self._fit_grid()

    def _fit_grid(self) -> None:
        cells = [tuple(c) for c in self.view.get("possible", [])] or [(0, 0)]
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        self.window = (min(xs), max(xs), min(ys), max(ys))
        cols = self.window[1] - self.window[0] + 1
        rows = self.window[3] - self.window[2] + 1
        s = self.ctx.scale
        area = pygame.Rect(self.tray.right + s(16), self.board.y + s(44),
                           self.board.right - self.tray.right - s(32), self.board.h - s(60))
        self.cell_h = max(20, min(area.h // rows, int(area.w / cols / 0.78)))
        self.cell_w = int(self.cell_h * 0.78)
        gw, gh = cols * self.cell_w, rows * self.cell_h
        self.origin = (area.centerx - gw // 2, area.y + (area.h - gh) // 2)

    def refresh(self) -> None:
        super().refresh()
        if self.board.w > 1:
            self._fit_grid()

    # -- spots -------------------------------------------------------------------------------
    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """The screen rectangle of a grid cell."""
        x = self.origin[0] + (cell[0] - self.window[0]) * self.cell_w
        y = self.origin[1] + (cell[1] - self.window[2]) * self.cell_h
        return pygame.Rect(x, y, self.cell_w, self.cell_h)

    def card_rect(self, cell: Cell) -> pygame.Rect:
        """The card drawn inside a cell (a little margin around it)."""
        return self.cell_rect(cell).inflate(-self.ctx.scale(6), -self.ctx.scale(6))

    def tray_slots(self) -> list[tuple[Spot, pygame.Rect]]:
        """The drawn-card slot, then the Pawn slots, two to a row down the left side."""
        s = self.ctx.scale
        w, h = self.tray_card_w, self.tray_card_h
        spots: list[Spot] = [self.first_tray_spot()] + [("pawn", p["id"])
                                                       for p in self.view.get("pawns", [])]
        slots = []
        for i, spot in enumerate(spots):
            row, col = divmod(i, 2)
            x = self.tray.x + s(12) + col * (w + s(16))
            y = self.tray.y + s(24) + row * (h + s(26))
            slots.append((spot, pygame.Rect(x, y, w, h)))
        return slots

    def placing_pawn(self) -> Optional[str]:
        """The Pawn played by Tactical Peek or Strategic Push that now waits to be placed."""
        view = self.view
        pending = view.get("pending")
        if view.get("phase") == "pawn" and pending and \
                all(p["id"] != pending for p in view.get("pawns", [])):
            return str(pending)
        return None

    def first_tray_spot(self) -> Spot:
        """The first tray slot holds the drawn card, or the Pawn that waits to be placed."""
        pawn = self.placing_pawn()
        return ("pawn", pawn) if pawn else ("revealed",)

    def paw_rect(self) -> pygame.Rect:
        """The Paw token, in the lower right corner of its cell."""
        r = self.card_rect(tuple(self.view["paw"]))
        size = max(16, int(self.cell_w * 0.42))
        return pygame.Rect(r.right - size + self.ctx.scale(4), r.bottom - size + self.ctx.scale(4),
                           size, size)

    def bottom_cards(self) -> dict[int, str]:
        """The bottom two deck cards while the Burrow order is chosen (position from the bottom
        -> card), else nothing."""
        if self.view.get("phase") != "burrow":
            return {}
        return {k["from_bottom"]: k["card"] for k in self.view["deck_known"]
                if k["from_bottom"] in (0, 1)}

    def burrow_panel(self) -> tuple[pygame.Rect, list[tuple[Spot, pygame.Rect]]]:
        """The Burrow panel and its two card slots (second from bottom, bottom), in the corner of
        the table that hides the fewest cards: the grid stays readable while choosing."""
        s = self.ctx.scale
        size = self.card_rect((0, 0)).size
        w, h = max(int(size[0] * 0.85), s(80)), max(int(size[1] * 0.85), s(110))
        area = pygame.Rect(self.tray.right + s(16), self.board.y + s(12), 0,
                           self.board.h - s(24))
        area.w = self.board.right - s(12) - area.x
        panel = pygame.Rect(0, 0, max(2 * w + s(90), s(340)), h + s(90))
        cards = [self.card_rect((x, y)) for x, y, _ in self.view["grid"]]
        cards.append(self.card_rect(tuple(self.view["deck_cell"])))
        best = None
        for corner in ("topright", "bottomright", "topleft", "bottomleft", "midbottom", "midtop"):
            spot = panel.copy()
            setattr(spot, corner, getattr(area, corner))
            hidden = sum(spot.clip(c).w * spot.clip(c).h for c in cards)
            if best is None or hidden < best[0]:
                best = (hidden, spot)
        assert best is not None
        panel = best[1]
        left = pygame.Rect(panel.centerx - w - s(28), panel.y + s(52), w, h)
        right = pygame.Rect(panel.centerx + s(28), panel.y + s(52), w, h)
        return panel, [(("bottom", 1), left), (("bottom", 0), right)]

    def spot_at(self, pos: tuple[int, int]) -> Optional[Spot]:
        if self.bottom_cards():
            for spot, rect in self.burrow_panel()[1]:
                if rect.collidepoint(pos):
                    return spot
        for spot, rect in self.tray_slots():
            if rect.collidepoint(pos):
                return spot
        if self.paw_rect().collidepoint(pos) and ("paw",) in self.session.state.drag_sources():
            return ("paw",)
        if not self.board.collidepoint(pos) or self.tray.collidepoint(pos):
            return None
        cx = (pos[0] - self.origin[0]) // self.cell_w + self.window[0]
        cy = (pos[1] - self.origin[1]) // self.cell_h + self.window[2]
        if (cx, cy) == tuple(self.view["deck_cell"]):
            return ("deck",)
        return ("cell", cx, cy)

    def spot_rect(self, spot: Spot) -> Optional[pygame.Rect]:
        if spot[0] == "cell":
            return self.card_rect((spot[1], spot[2]))
        if spot == ("deck",):
            return self.card_rect(tuple(self.view["deck_cell"]))
        if spot == ("paw",):
            return self.paw_rect()
        if spot[0] == "bottom":
            return dict(self.burrow_panel()[1]).get(spot)
        for slot, rect in self.tray_slots():
            if slot == spot:
                return rect
        return None

    def also_button(self, action: Action) -> bool:
        return action.kind in ("draw", "peek", "look", "burrow")

    # -- animation ---------------------------------------------------------------------------
    def animate(self, before: dict[str, Any], action: Action) -> None:
        self.hint_spot = None
        if before.get("queen_side") != self.view.get("queen_side"):
            self.flip = self.animator.add(Tween((1.0, 0.0), (0.0, 0.0), 0.5, tag="flip"))
            self.ctx.sounds.play("check")
        event = self.view.get("last_event")
        if event:
            self.flash(event, 4.0)

    # -- hint --------------------------------------------------------------------------------
    def show_hint(self) -> None:
        if not self.my_turn() or self.hint_future is not None:
            return
        try:
            from cats.gambit.solver import GambitSolver
        except ImportError:
            self.flash(tr("game.no_hint"))
            return
        state = self.session.state
        world = state.determinize(0, Rng(self.session.seed + len(self.session.log)))
        rng = Rng(len(self.session.log) + 17)
        self.hint_future = self.ctx.executor.submit(GambitSolver().hint, world, rng)
        self.flash("Thinking about a hint…", 2.0)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.hint_future is not None and self.hint_future.done():
            future, self.hint_future = self.hint_future, None
            action, value = future.result()
            if action in self.session.state.legal_actions():
                self.flash(tr("game.hint_is", move=self.describe(action), value=value), 6.0)
                gesture = self.session.state.drag_of(action)
                self.hint_spot = gesture[1] if gesture else None

    def describe(self, action: Action) -> str:
        """What a hint suggests, in the log's words (cells said from the deck)."""
        return self.session.say(words.hint(self.session.state, action))  # type: ignore[arg-type]

    # -- drawing -----------------------------------------------------------------------------
