"""The table's short messages, each kind in its own style and with its own mark (never told apart
by colour alone): a refusal (a cross), information (an "i"), a success (a tick). They show in
their own slot in the side panel, above the move log: never over the board or its headings."""

from __future__ import annotations

from typing import Callable

import pygame

from screens import palette
from screens.assets import font
from screens.overlays import fit_text, wrap

REFUSAL, INFO, SUCCESS = "refusal", "info", "success"
#: kind -> (fill, border, text colour)
STYLES = palette.Named({
    REFUSAL: (lambda: palette.WARN, lambda: palette.duo((140, 50, 36), palette.INK),
              lambda: palette.PAPER),
    INFO: (lambda: palette.PAPER, lambda: palette.TEAL, lambda: palette.INK),
    SUCCESS: (lambda: palette.duo((214, 236, 206), palette.PAPER), lambda: palette.LEGAL,
              lambda: palette.INK)})


def draw_mark(surface: pygame.Surface, kind: str, centre: tuple[int, int], r: int) -> None:
    """The kind's mark in a disc: a cross, an "i" or a tick."""
    border = STYLES.get(kind, STYLES[INFO])[1]
    disc, line = (palette.PAPER, border) if kind == REFUSAL else (border, palette.PAPER)
    pygame.draw.circle(surface, disc, centre, r)
    x, y, w = centre[0], centre[1], max(2, r // 3)
    if kind == REFUSAL:
        d = int(r * 0.45)
        pygame.draw.line(surface, line, (x - d, y - d), (x + d, y + d), w)
        pygame.draw.line(surface, line, (x - d, y + d), (x + d, y - d), w)
    elif kind == SUCCESS:
        pygame.draw.lines(surface, line, False, [(x - r * 0.5, y), (x - r * 0.1, y + r * 0.45),
                                                 (x + r * 0.55, y - r * 0.45)], w)
    else:
        pygame.draw.circle(surface, line, (x, y - int(r * 0.45)), max(1, w // 2 + 1))
        pygame.draw.line(surface, line, (x, y - int(r * 0.1)), (x, y + int(r * 0.55)), w)


def draw_toast(surface: pygame.Surface, slot: pygame.Rect, text: str, kind: str,
               scale: Callable[[float], int]) -> pygame.Rect:
    """``text`` in ``slot`` in the style of ``kind`` (wrapped, cut to the slot); its box."""
    fill, border, ink = STYLES.get(kind, STYLES[INFO])
    s = scale
    r = s(11)
    room = slot.w - 2 * r - s(26)
    for size in (15, 14, 13, 12):
        f = font(s(size), bold=kind == REFUSAL)
        lines = wrap(text, f, room)
        if len(lines) * f.get_linesize() <= slot.h - s(12):
            break
    most = max(1, (slot.h - s(12)) // f.get_linesize())
    if len(lines) > most:
        lines = lines[:most - 1] + [fit_text(" ".join(lines[most - 1:]), f, room)]
    height = len(lines) * f.get_linesize() + s(12)
    box = pygame.Rect(slot.x, slot.y, slot.w, min(slot.h, max(height, 2 * r + s(12))))
    pygame.draw.rect(surface, fill, box, border_radius=s(10))
    pygame.draw.rect(surface, border, box, width=max(1, s(2)), border_radius=s(10))
    draw_mark(surface, kind, (box.x + s(8) + r, box.centery), r)
    y = box.centery - len(lines) * f.get_linesize() // 2
    for line in lines:
        surface.blit(f.render(line, True, ink), (box.x + 2 * r + s(16), y))
        y += f.get_linesize()
    return box
