"""The side panel's aid: for each number, which colours' spaces are still open (the colour's
symbol, faded once taken, and the count), and for each player the colours they have given up and
the numbers they can still declare (a dot) or no longer can (a cross) — shapes, not colour alone.
The facts are the engine's (``cats.box.aids``); this only lays them out."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cats.box.aids import aids
from screens import palette
from screens.text import tr

if TYPE_CHECKING:
    from screens.box.panels import BoxBoard

DIM = (120, 96, 78)


def draw_aids(board: "BoxBoard", surface: pygame.Surface, rect: pygame.Rect, y: int,
              limit: int) -> int:
    """Draw the aid from ``y`` if it fits above ``limit``; returns the y below it."""
    s, t = board.ctx.scale, board.ctx.line  # t: the rows of words (large text: taller)
    facts = aids(board.view)
    n = len(facts.given_up)
    for size in (15, 13, 11, 9):  # the largest marks that fit above the move log
        mark = max(7, s(size))
        row = mark + s(5)
        height = t(18) + t(16) + len(facts.colours) * (mark + s(2)) + n * row + s(6)
        if y + height <= limit:
            break
    if y + height > limit or not facts.numbers:
        return y
    board.text(surface, tr("box.aids.title"), s(13), palette.INK, True, topleft=(rect.x, y))
    y += t(18)
    gave_w = len(facts.colours) * (mark + s(2))
    left = rect.x + s(22) + gave_w + s(6)
    col = max(s(14), (rect.right - left) // len(facts.numbers))
    board.text(surface, tr("box.aids.gave_up"), s(10), palette.duo(DIM, palette.MUTED),
               midleft=(rect.x + s(22), y + t(8)))
    for i, number in enumerate(facts.numbers):
        cx = left + i * col + col // 2
        board.text(surface, str(number), s(12), palette.INK, True, center=(cx, y + t(8)))
    y += t(16)
    for k, colour in enumerate(facts.colours):
        cy = y + k * (mark + s(2)) + mark // 2
        for i, number in enumerate(facts.numbers):
            cx = left + i * col + col // 2
            if colour in facts.open_spaces[number]:
                board.mark(surface, colour, (cx, cy), mark)
            else:  # taken: a small dot where the symbol would be
                pygame.draw.circle(surface, palette.duo(DIM, palette.MUTED), (cx, cy), max(1, s(2)))
    board.text(surface, tr("box.aids.open"), s(10), palette.duo(DIM, palette.MUTED),
               midright=(left - s(4), y + len(facts.colours) * (mark + s(2)) // 2))
    y += len(facts.colours) * (mark + s(2)) + s(2)
    for seat in range(n):
        cy = y + row // 2
        board.marker(surface, seat, (rect.x + s(8), cy), max(6, row // 2 - 2))
        for k, colour in enumerate(facts.given_up[seat]):
            r = board.mark(surface, colour, (rect.x + s(22) + k * (mark + s(2)) + mark // 2, cy),
                           mark, faded=True)
            pygame.draw.line(surface, palette.INK, r.topleft, r.bottomright, max(1, s(2)))
        for i, number in enumerate(facts.numbers):
            cx = left + i * col + col // 2
            if number in facts.playable[seat]:
                pygame.draw.circle(surface, palette.INK, (cx, cy), max(2, s(3)))
            else:
                d = max(3, s(4))
                pygame.draw.line(surface, palette.duo(DIM, palette.MUTED), (cx - d, cy - d), (cx + d, cy + d), max(1, s(2)))
                pygame.draw.line(surface, palette.duo(DIM, palette.MUTED), (cx - d, cy + d), (cx + d, cy - d), max(1, s(2)))
        y += row
    return y + s(6)
