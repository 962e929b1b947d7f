"""The table by keyboard: the arrows move a cursor over the pieces that may be picked up now
(the pointer's sources, asked of the engine), Enter picks one, the arrows then move over its
lit targets (and the piece itself: Enter there is a click on it), Enter drops it the way a
mouse drop goes, and Esc puts it back. No rule is decided here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import pygame

from cats.core import Spot
from screens import palette
from screens.focus import draw_ring

if TYPE_CHECKING:
    from screens.context import AppContext
    from screens.focus import Focus
    from screens.table.board import Board
    from screens.table.pointer import Drag, Pointer

Point = tuple[int, int]
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}


def step(spots: dict[Spot, Point], at: Point, direction: tuple[int, int]) -> Optional[Spot]:
    """The spot an arrow leads to from ``at``: the nearest one that way (straight ahead counts
    more than aside); past the last one, round to the far side."""
    dx, dy = direction
    best: Optional[tuple[float, Spot]] = None
    for spot, (x, y) in spots.items():
        ahead = (x - at[0]) * dx + (y - at[1]) * dy
        aside = abs((x - at[0]) * dy) + abs((y - at[1]) * dx)
        if ahead <= 0 or ahead < aside * 0.25:
            continue
        score = ahead + 2 * aside
        if best is None or score < best[0]:
            best = (score, spot)
    if best is not None:
        return best[1]
    for spot, (x, y) in spots.items():  # round: the farthest back, nearest the line
        back = (at[0] - x) * dx + (at[1] - y) * dy
        aside = abs((x - at[0]) * dy) + abs((y - at[1]) * dx)
        score = -back + 2 * aside
        if back > 0 and (best is None or score < best[0]):
            best = (score, spot)
    return best[1] if best is not None else None


class BoardKeys:
    """The keyboard's part of the table (mixed into the game scene)."""

    ctx: "AppContext"
    pointer: "Pointer"
    boardview: "Board"
    focus: "Focus"
    key_spot: Optional[Spot] = None  # where the cursor is
    key_held = False  # the held piece was taken by the keyboard
    key_shown = False  # the cursor shows (after an arrow, until the mouse or Tab)

    if TYPE_CHECKING:
        drag: Optional[Drag]

        def my_turn(self) -> bool: ...
        def pick_sources(self) -> list[Spot]: ...
        def spot_rect(self, spot: Spot) -> Optional[pygame.Rect]: ...
        def ui(self) -> object: ...
        def pointer_down(self, pos: Point) -> bool: ...
        def pointer_up(self, pos: Point) -> bool: ...
        def gesture(self, source: Spot, target: Spot, drag: Optional[Drag] = None) -> bool: ...
        def slide_back(self, drag: Drag, reason: str) -> None: ...
        def rebuild_choices(self) -> None: ...

    # -- where the cursor may go -------------------------------------------------------------
    def key_spots(self) -> list[Spot]:
        """Where the cursor may be now: the held piece's targets and the piece itself, or the
        pieces that may be picked up (those drawn on screen)."""
        drag = self.drag
        if drag is not None and self.key_held:
            spots = [*drag.targets, drag.source]
        elif drag is not None or not self.my_turn():
            return []
        else:
            spots = self.pick_sources()
        seen: list[Spot] = []
        for spot in spots:
            if spot not in seen and self.spot_rect(spot) is not None:
                seen.append(spot)
        return seen

    def key_now(self) -> Optional[Spot]:
        """The spot under the cursor (the first one when it is on none of them)."""
        spots = self.key_spots()
        if self.key_spot in spots:
            return self.key_spot
        return spots[0] if spots else None

    def key_point(self, spot: Spot) -> Point:
        """A point on the screen where the board finds ``spot`` (a card in a fan is partly under
        the next one: its middle may be another card's)."""
        rect = self.spot_rect(spot)
        if rect is None:
            return self.pointer.at
        self.boardview.ui = self.ui()  # type: ignore[assignment]
        points = [rect.center] + [(rect.x + rect.w * i // 6, rect.y + rect.h * j // 6)
                                  for j in range(1, 6) for i in range(1, 6)]
        for point in points:
            if self.boardview.spot_at(point) == spot:
                return point
        return rect.center

    def key_step(self, spot: Optional[Spot], key: int) -> Optional[Spot]:
        """Where an arrow key takes the cursor from ``spot`` (nothing is changed)."""
        spots = self.key_spots()
        if not spots:
            return None
        if spot not in spots:
            return spots[0]
        centres = {s: self.spot_rect(s).center for s in spots if s != spot}  # type: ignore[union-attr]
        rect = self.spot_rect(spot)
        assert rect is not None
        return step(centres, rect.center, ARROWS[key]) or spot

    # -- keys --------------------------------------------------------------------------------
    def board_key(self, event: pygame.event.Event) -> bool:
        """Arrows, Enter and Esc on the board; True if the key was used."""
        if event.key in ARROWS:
            spots = self.key_spots()
            if not spots:
                return False
            self.focus.hide()  # the arrows take over from the Tab ring
            first = not self.key_shown or self.key_spot not in spots
            self.key_shown = True
            self.key_spot = self.key_now() if first else self.key_step(self.key_spot, event.key)
            self.key_follow()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.key_shown:
            if self.drag is not None and self.key_held:
                self.key_drop()
                return True
            spot = self.key_now()
            if spot is None:
                return False
            self.key_pick(spot)
            return True
        if event.key == pygame.K_ESCAPE and self.drag is not None and self.key_held:
            drag = self.pointer.let_go()
            self.key_held = False
            if drag is not None:
                self.slide_back(drag, "")
            self.key_spot = drag.source if drag is not None else None
            return True
        return False

    def key_follow(self) -> None:
        """The pointer's hover (previews) and a held piece go where the cursor is."""
        if self.key_spot is None:
            return
        point = self.key_point(self.key_spot)
        self.pointer.at = point
        drag = self.drag
        if drag is not None and self.key_held:
            if self.key_spot == drag.source:
                drag.pos = drag.press
            else:
                drag.pos = point
                drag.moved = True

    def key_pick(self, spot: Spot) -> None:
        """Enter on a piece: taken as a press on it takes it (or refused with the reason); one
        with nowhere to go but itself is clicked at once, as a press and release do."""
        point = self.key_point(spot)
        self.pointer.at = point
        self.pointer_down(point)
        drag = self.drag
        if drag is not None:
            self.key_held = True
            self.key_spot = drag.source
            if set(drag.targets) <= {drag.source}:
                self.key_drop()  # a piece whose one gesture is a click on it (the deck): clicked

    def key_drop(self) -> None:
        """Enter while holding: let go over the target as the mouse does (on the piece itself:
        a click on it)."""
        drag = self.drag
        assert drag is not None
        target = self.key_spot if self.key_spot is not None else drag.source
        self.key_held = False
        if target == drag.source:
            drag.pos, drag.moved = drag.press, False
            self.pointer_up(drag.press)
            return
        point = self.key_point(target)
        drag.pos, drag.moved = point, True
        self.boardview.ui = self.ui()  # type: ignore[assignment]
        if self.boardview.spot_at(point) == target:
            self.pointer.at = point
            self.pointer_up(point)
        else:  # nowhere on the screen finds it: the same gesture, asked directly
            self.pointer.let_go()
            self.gesture(drag.source, target, drag)

    def key_reset(self) -> None:
        """The pointer was used: the cursor goes (an arrow brings it back)."""
        self.key_shown = False
        self.key_held = False

    # -- drawing -----------------------------------------------------------------------------
    def draw_cursor(self, surface: pygame.Surface) -> None:
        """The cursor: the focus ring with corner brackets, and a marker above it, a down
        arrow over a piece to pick, a ring with a cross over a place to drop it."""
        if not self.key_shown or self.focus.shown:
            return
        spot = self.key_now()
        rect = self.spot_rect(spot) if spot is not None else None
        if rect is None:
            return
        s = self.ctx.scale
        ring = draw_ring(surface, rect, s(4))
        cx, top = ring.centerx, ring.y - s(6)
        size = s(11)
        drag = self.drag
        if drag is not None and self.key_held and spot != drag.source:
            centre = (cx, top - size)
            pygame.draw.circle(surface, palette.PAPER, centre, size + s(3))
            pygame.draw.circle(surface, palette.FOCUS, centre, size, width=s(3))
            pygame.draw.line(surface, palette.INK, (cx - size // 2, top - size),
                             (cx + size // 2, top - size), s(3))
            pygame.draw.line(surface, palette.INK, (cx, top - size - size // 2),
                             (cx, top - size + size // 2), s(3))
            return
        tip = (cx, top)
        arrow = [tip, (cx - size, top - int(size * 1.4)), (cx + size, top - int(size * 1.4))]
        pygame.draw.polygon(surface, palette.PAPER, [(x, y) for x, y in arrow], 0)
        pygame.draw.polygon(surface, palette.FOCUS, arrow, 0)
        pygame.draw.polygon(surface, palette.INK, arrow, max(1, s(2)))
