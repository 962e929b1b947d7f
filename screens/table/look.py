"""How seats and labels look on every table: a seat's colour and symbol, its disc and badge,
one-line texts, pills, the tick that marks a legal target by shape as well as by colour."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Protocol, Sequence

import pygame

from screens import palette
from screens.assets import font, image
from screens.overlays import fit_text

if TYPE_CHECKING:
    from cats.session import Seat


class Scaled(Protocol):
    """What the look needs of a context: lengths scaled to the window."""

    def scale(self, value: float) -> int:
        """A length scaled by the window and the UI-size setting."""


class TableLook:
    """Drawing helpers a table and its board share (they read the seats, never the state)."""

    ctx: Scaled
    #: padding (width, height, unscaled) of the labels drawn by :meth:`pill`
    PILL_PAD = (10, 3)

    @property
    def seats(self) -> Sequence["Seat"]:
        """Who sits where (names, colours, symbols)."""
        raise NotImplementedError

    def seat_name(self, seat: int) -> str:
        """A seat's player name."""
        return self.seats[seat].name

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """A seat's colour: the profile's, else the seat order's."""
        name = self.seats[seat].colour or palette.SEAT_ORDER[seat % 6]
        return palette.PLAYER_COLOURS.get(name, palette.TERRACOTTA)

    def seat_symbol(self, seat: int) -> str:
        """The art name of a seat's symbol (players are never told apart by colour alone)."""
        symbol = self.seats[seat].symbol or list(palette.SYMBOL_ART)[seat % 6]
        return palette.SYMBOL_ART.get(symbol, "sym_0")

    def text(self, surface: pygame.Surface, text: str, size: int, colour: Any = None,
             bold: bool = False, **anchor: Any) -> pygame.Rect:
        """Render one line at an anchor (``topleft=``, ``center=``, ``midleft=`` …)."""
        img = font(size, bold=bold).render(text, True, colour or palette.INK)
        rect = img.get_rect(**anchor)
        surface.blit(img, rect)
        return rect

    def pill(self, surface: pygame.Surface, text: str, size: int, fill: Any,
             pad: Optional[tuple[int, int]] = None, **anchor: Any) -> pygame.Rect:
        """A short bold label in paper colour on a rounded coloured tag."""
        s = self.ctx.scale
        pad = pad or self.PILL_PAD
        img = font(size, bold=True).render(text, True, palette.PAPER)
        box = img.get_rect().inflate(s(pad[0]), s(pad[1]))
        setattr(box, *next(iter(anchor.items())))
        pygame.draw.rect(surface, fill, box, border_radius=s(pad[0] // 2 + 1))
        surface.blit(img, img.get_rect(center=box.center))
        return box

    def fit(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """``text`` shortened with an ellipsis to fit ``width`` pixels at ``size``."""
        return fit_text(text, font(size, bold=bold), width)

    def pill_width(self, text: str, size: int, pad: Optional[tuple[int, int]] = None) -> int:
        """How wide :meth:`pill` draws ``text``."""
        return font(size, bold=True).size(text)[0] + self.ctx.scale((pad or self.PILL_PAD)[0])

    def seat_disc(self, surface: pygame.Surface, seat: int, centre: tuple[float, float], r: int,
                  ring: Optional[tuple[int, int, int]] = None, ring_width: Optional[int] = None,
                  shadow: bool = False, art_scale: float = 1.3) -> None:
        """A player's colour disc with their symbol on it (never colour alone)."""
        c = (int(centre[0]), int(centre[1]))
        if shadow:
            pygame.draw.circle(surface, palette.tone((90, 66, 50)), (c[0] + 1, c[1] + 2), r)
        width = ring_width if ring_width is not None else max(1, min(2, r // 5))
        if palette.high_contrast():  # the dark symbol on white in a thick ring of the colour
            pygame.draw.circle(surface, palette.PAPER, c, r)
            pygame.draw.circle(surface, self.seat_colour(seat), c, r, max(2, r // 4))
            pygame.draw.circle(surface, ring or palette.INK, c, r, max(1, width))
        else:
            pygame.draw.circle(surface, self.seat_colour(seat), c, r)
            pygame.draw.circle(surface, ring or palette.INK, c, r, width)
        size = max(6, int(r * art_scale))
        art = image(self.seat_symbol(seat), size, size)
        surface.blit(art, art.get_rect(center=c))

    def draw_badge(self, surface: pygame.Surface, seat: int, midleft: tuple[int, int],
                   radius: int = 16) -> int:
        """A player's badge at ``midleft``; returns its right edge."""
        r = self.ctx.scale(radius)
        self.seat_disc(surface, seat, (midleft[0] + r, midleft[1]), r, ring_width=2)
        return midleft[0] + 2 * r

    def draw_tick(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A tick in a disc: marks a legal drop target by shape as well as by colour."""
        s = self.ctx.scale
        r = max(6, min(rect.w, rect.h) // 7)
        c = (rect.right - r - s(4), rect.y + r + s(4))
        pygame.draw.circle(surface, palette.PAPER, c, r)
        pygame.draw.circle(surface, palette.INK, c, r, max(1, s(2)))
        pygame.draw.lines(surface, palette.INK, False,
                          [(c[0] - r * 0.5, c[1]), (c[0] - r * 0.1, c[1] + r * 0.45),
                           (c[0] + r * 0.55, c[1] - r * 0.45)], max(2, s(3)))
