"""The move log beside the table: one row a move, "N. Name: what was done · what it brought
about", appended as moves are played and rebuilt when moves are taken back."""

from __future__ import annotations

from typing import Callable, Optional, Sequence

import pygame
import pygame_gui

from screens.assets import exact_font, html, tall_script, text_size
from screens.overlays import wrap
from screens.script import CJK
from screens.text import tr

Row = tuple[str, str, Sequence[str]]  # the mover's name, the move's text, its notes
Fit = tuple[pygame.font.Font, int]


def log_font_size(scale: Callable[[float], int]) -> int:
    """The log's text size: the theme's 14 px, scaled with the window and the interface size
    (above 100 % the text alone grows: :func:`screens.assets.text_size`)."""
    return text_size(max(10, scale(14)))


def row_html(number: int, row: Row, fit: Optional[Fit] = None) -> str:
    """One move's row in the log; with ``fit`` (a font and a width), a row of Chinese words
    is broken into lines of that width here (the text box breaks lines only at spaces: a
    Chinese name in English words breaks with them)."""
    name, text, notes = row
    if notes:
        text = tr("table.log_notes", move=text, notes=tr("table.log_note_sep").join(notes))
    head = f"{number}."
    said = tr("table.log_row", name=name, move=text)
    if fit is not None and tall_script() and CJK.search(said):
        lines = wrap(f"{head} {said}", fit[0], fit[1])
        first = lines[0][len(head):] if lines[0].startswith(head) else " " + lines[0]
        return "<br>".join([f"<b>{head}</b>{html(first)}"] + [html(line) for line in lines[1:]])
    return f"<b>{head}</b> {html(said)}"


def log_fit(box: pygame_gui.elements.UITextBox, size: Optional[int]) -> Fit:
    """The font and line width a log row is broken to: the box less its border, padding and
    scroll bar, measured in the bold face (the widest a row's text can be)."""
    return exact_font(size or 14, bold=True), max(40, box.rect.w - 44)


class MoveLog:
    """Keeps a text box in step with the session's log.

    ``rows`` moves at most are shown; ``calm`` seconds must pass between rebuilds while bots
    play (rebuilding a long text box is slow), a human's move always shows at once.
    """

    def __init__(self, box: pygame_gui.elements.UITextBox, title: str, rows: int = 60,
                 calm: float = 0.0, size: Optional[int] = None) -> None:
        self.box = box
        self.size = size  # the text's pixel size (None: the theme's)
        self.title = title
        self.rows = rows
        self.calm = calm
        self.shown = -1
        self.wait = 0.0

    def update(self, dt: float, count: int, row: Callable[[int], Row], bot_moved: bool) -> None:
        """Show the first ``count`` moves; ``row(i)`` words move ``i``."""
        self.wait -= dt
        if count == self.shown or (self.calm and self.wait > 0 and bot_moved):
            return
        self.wait = self.calm
        if self.calm or count < self.shown or self.shown < 0 or count - self.shown > 20:
            first = max(0, count - self.rows)
            fit = log_fit(self.box, self.size)
            rows = [row_html(i + 1, row(i), fit) for i in range(first, count)]
            self.box.set_text(self.sized("<b>" + self.title + "</b>"
                                         + "".join("<br>" + r for r in rows)))
        else:
            fit = log_fit(self.box, self.size)
            for i in range(self.shown, count):
                self.box.append_html_text("<br>" + self.sized(row_html(i + 1, row(i), fit)))
        self.shown = count
        if self.box.scroll_bar is not None:
            self.box.scroll_bar.set_scroll_from_start_percentage(1.0)

    def sized(self, text: str) -> str:
        """``text`` at the log's size (the tag is left open: it lasts to the text's end, and a
        row stays a row of the log's words, the last one ending with its notes)."""
        return text if self.size is None else f"<font pixel_size={self.size}>{text}"
