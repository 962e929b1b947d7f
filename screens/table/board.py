"""A board is a view: each game's board lays out, hit-tests and draws what a seat may see (the
JSON of ``state.view_for(seat)``) plus a few UI facts (the held piece, lit targets, the hover
point, animations' progress). It holds no session and no State, and drawing changes nothing.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Optional, Sequence

import pygame

from cats.core import Spot
from saves.settings import layout_share, text_share
from screens import palette
from screens.table.look import TableLook
from screens.table.pointer import Drag, Point

if TYPE_CHECKING:
    from cats.session import Seat
    from saves.settings import Settings

JsonDict = dict[str, Any]


class BoardContext:
    """What a board needs of the app: the UI scale and the drawing settings."""

    def __init__(self, window: pygame.Surface, settings: "Settings") -> None:
        self.window = window
        self.settings = settings

    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        return self.window.get_size()

    def scale(self, value: float) -> int:
        """A length scaled by the window height and the UI-size setting's layout share (as the
        app's),
        remembered per window size and setting: a frame asks hundreds of times."""
        size, ui_scale = self.window.get_size(), self.settings.ui_scale
        memo = self.__dict__.get("_scaled")
        if memo is None or memo[0] != (size, ui_scale):
            memo = ((size, ui_scale), {})
            self.__dict__["_scaled"] = memo
        got = memo[1].get(value)
        if got is None:
            got = memo[1][value] = max(1, int(value * layout_share(ui_scale)
                                              * min(size[1] / 720, size[0] / 1100)))
        return got

    def line(self, value: float) -> int:
        """A length that holds text (a line's pitch, a row's height): as :meth:`scale`, grown
        with large text (the interface size's text share)."""
        return max(1, int(self.scale(value) * text_share(self.settings.ui_scale)))


@dataclass(frozen=True)
class Ui:
    """The UI facts a board draws besides the view (games add their own in a subclass)."""

    held: Optional[Drag] = None  # the piece in hand (a copy: its targets are the lit ones)
    returning: Optional[tuple[Spot, Point]] = None  # a refused piece sliding back, and where
    hover: Point = (-1, -1)
    sources: tuple[Spot, ...] = ()  # what the pointer may take hold of now
    my_turn: bool = False  # the seat on screen may act now
    viewer: Optional[int] = None  # the seat whose view this is (None: the public view)
    selected: Optional[Spot] = None  # a piece chosen by a click, waiting for a target
    watching: bool = False  # a spectator at a networked table: no seat here, hands hidden

    @property
    def targets(self) -> list[Spot]:
        """The lit drop targets of the held piece."""
        return list(self.held.targets) if self.held else []


class Board(TableLook):
    """Base of every game's board: geometry in :meth:`layout` / :meth:`fit`, hit-testing in
    :meth:`spot_at` / :meth:`spot_rect`, painting in :meth:`paint` / :meth:`paint_side` and
    :meth:`draw_piece`."""

    ctx: BoardContext

    def __init__(self, ctx: BoardContext, seats: Sequence["Seat"]) -> None:
        self.ctx = ctx
        self.seat_list = seats
        self.area = pygame.Rect(0, 0, 1, 1)
        self.view: JsonDict = {}
        self.ui = Ui()

    @property
    def seats(self) -> Sequence["Seat"]:
        """Who sits where (names, colours, symbols)."""
        return self.seat_list

    # -- geometry ------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Lay the board out in ``rect``."""
        self.area = rect.copy()
        self.refit()

    def show(self, view: JsonDict, ui: Optional[Ui] = None) -> None:
        """The view (and UI facts) that hit-testing answers for."""
        self.view = view
        if ui is not None:
            self.ui = ui
        self.refit()

    def refit(self) -> None:
        """Geometry that depends on the view (boards whose layout follows the view)."""

    def spot_at(self, pos: Point) -> Optional[Spot]:
        """The board position under the pointer."""
        return None

    def hover_key(self, point: Point) -> Any:
        """All that the cached layer's painting reads of the pointer's place (the table is painted
        again only when it changes): the point itself, unless a game says less (what a game
        draws over the layer in :meth:`paint_live` reads the pointer there, every frame)."""
        return point

    def layer_facts(self, ui: Ui) -> Any:
        """All that the cached layer's painting reads of the UI facts: the layer is painted again
        only when they change. The held piece is drawn over the layer (:meth:`draw_live`), so
        of it only what it is, its lit targets and whether it has left its place count; of the
        pointer's place, what :meth:`hover_key` says."""
        held = ui.held
        lifted = None if held is None else (held.source, tuple(held.targets),
                                            held.moved or held.pos != held.origin)
        return replace(self.resting(ui), hover=(-1, -1), held=None), lifted, \
            self.hover_key(ui.hover)

    def resting(self, ui: Ui) -> Ui:
        """The UI facts the cached layer is painted with (games leave out what they draw over
        it every frame, such as a breathing highlight's phase)."""
        return ui

    def spot_rect(self, spot: Spot) -> Optional[pygame.Rect]:
        """Where a board position is drawn."""
        return None

    # -- drawing -------------------------------------------------------------------------------
    def seeing(self, view: JsonDict, ui: Ui) -> "Board":
        """A copy of this board showing ``view`` with ``ui``: drawing changes nothing here."""
        paint = copy.copy(self)
        paint.ui = ui
        if view is not self.view:
            paint.view = view
            paint.refit()
        return paint

    def draw(self, surface: pygame.Surface, view: JsonDict, ui: Ui) -> None:
        """Draw ``view`` as the cached layer has it: the board and the lit targets of the held
        piece (the held piece itself and the live parts: :meth:`draw_live`)."""
        paint = self.seeing(view, ui)
        paint.paint(surface)
        paint.draw_targets(surface)

    def draw_live(self, surface: pygame.Surface, view: JsonDict, ui: Ui,
                  room: Optional[pygame.Rect] = None) -> None:
        """Draw over the cached layer what follows the pointer or the clock every frame: the
        game's live parts (hover highlights, breathing lights) and the held piece (kept to
        ``room``: the side panel covers it)."""
        paint = self.seeing(view, ui)
        paint.paint_live(surface)
        clip = surface.get_clip()
        if room is not None:
            surface.set_clip(clip.clip(room))
        paint.draw_held(surface)
        surface.set_clip(clip)

    def paint_live(self, surface: pygame.Surface) -> None:
        """Paint what the cached layer leaves out because it changes with the pointer's place or
        the clock (games; cheap: it runs every frame)."""

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect, view: JsonDict,
                  ui: Ui) -> None:
        """Draw the game's part of the side panel for ``view``."""
        self.seeing(view, ui).paint_side(surface, rect)

    def paint(self, surface: pygame.Surface) -> None:
        """Paint the board from ``self.view`` (games)."""

    def paint_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Paint the side panel's game information (games)."""

    def draw_piece(self, surface: pygame.Surface, spot: Spot, topleft: Point,
                   lifted: bool = False) -> None:
        """Paint the piece that sits on ``spot`` at ``topleft`` (while held)."""

    def draw_targets(self, surface: pygame.Surface) -> None:
        """Light up the legal drop targets of the held piece."""
        for target in self.ui.targets:
            rect = self.spot_rect(target)
            if rect is None:
                continue
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            glow.fill((*palette.LEGAL, 90))
            surface.blit(glow, rect.topleft)
            pygame.draw.rect(surface, palette.LEGAL, rect, width=self.ctx.scale(4),
                             border_radius=self.ctx.scale(10))
            if palette.marks(self.ctx.settings):
                self.draw_tick(surface, rect)

    def draw_held(self, surface: pygame.Surface) -> None:
        """Draw the piece under the pointer, or sliding back after a refused drop."""
        held = self.ui.held
        if held and (held.moved or held.pos != held.origin):
            self.draw_piece(surface, held.source, held.topleft, lifted=True)
        elif self.ui.returning is not None:
            spot, at = self.ui.returning
            self.draw_piece(surface, spot, at, lifted=True)
