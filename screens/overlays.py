"""Overlay scenes and text helpers shared by every screen: a button menu with a message panel,
and a one-line text prompt (save names, seeds)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

import pygame
import pygame_gui

from screens import palette
from screens.assets import button_height, button_width, font
from screens.assets import html as escape_html  # (a local "html" is a box's text)
from screens.scene import Scene
from screens.script import CJK
from screens.text import file_text, tr

if TYPE_CHECKING:
    from screens.context import AppContext

Choice = tuple[str, Callable[[], None]]


def dim(surface: pygame.Surface, alpha: int = 140) -> None:
    """Darken everything drawn so far (behind an overlay)."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((40, 28, 20, alpha))
    surface.blit(shade, (0, 0))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A paper panel with a wood border and a soft shadow."""
    shadow = rect.move(6, 8)
    pygame.draw.rect(surface, palette.tone((60, 40, 30)), shadow, border_radius=18)
    pygame.draw.rect(surface, palette.PAPER, rect, border_radius=18)
    pygame.draw.rect(surface, palette.WOOD, rect, width=3, border_radius=18)


def draw_page(surface: pygame.Surface, scale: Any, panel: pygame.Rect, title: str) -> None:
    """A full page (Settings, Players, Load): cream background, the paper panel and its title."""
    surface.fill(palette.CREAM)
    draw_panel(surface, panel)
    surface.blit(font(scale(28), bold=True).render(title, True, palette.INK),
                 (panel.x + scale(30), panel.y + scale(24)))


def blit_lines(surface: pygame.Surface, lines: Sequence[str], x: int, y: int, size: int,
               colour: Optional[tuple[int, int, int]] = None, width: int = 0,
               bold_first: bool = False) -> int:
    """Draw lines of text (wrapped to ``width`` if given); returns the y below them."""
    colour = colour or palette.INK
    for i, line in enumerate(lines):
        f = font(size, bold=bold_first and i == 0)
        indent, parts = wrap_indented(line, f, width)
        for part in parts:
            surface.blit(f.render(part, True, colour), (x + indent, y))
            y += int(f.get_linesize() * 1.05)
    return y


def lines_bottom(lines: Sequence[str], y: int, size: int, width: int = 0,
                 bold_first: bool = False) -> int:
    """Where :func:`blit_lines` would end: the y below ``lines`` (measured, nothing drawn)."""
    for i, line in enumerate(lines):
        f = font(size, bold=bold_first and i == 0)
        y += int(f.get_linesize() * 1.05) * len(wrap_indented(line, f, width)[1])
    return y


def wrap_indented(line: str, f: pygame.font.Font, width: int = 0) -> tuple[int, list[str]]:
    """A line's leading spaces as a pixel indent, and its text wrapped to the width left
    (not wrapped when ``width`` is 0)."""
    text = line.lstrip(" ")
    indent = f.size(" " * (len(line) - len(text)))[0] if text != line else 0
    return indent, wrap(text, f, max(1, width - indent)) if width else [text]


# Chinese breaks between any two characters, except before closing and after opening marks.
_NO_BREAK_BEFORE = set("，。、：；！？）」』》〉…—・％,.:;!?)]")
_NO_BREAK_AFTER = set("（「『《〈([")


def breaks(text: str) -> list[str]:
    """``text`` as the pieces a line may break between: words with the space before them, and
    each Chinese character (its punctuation kept with it)."""
    pieces: list[str] = []
    for part in re.findall(r" *[^ ]+| +$", text):
        run = ""
        for ch in part:
            if CJK.match(ch) and ch not in _NO_BREAK_BEFORE:
                if run.strip() and not (run[-1] in _NO_BREAK_AFTER):
                    pieces.append(run)
                    run = ""
            elif run and CJK.match(run[-1]) and run[-1] not in _NO_BREAK_AFTER \
                    and ch not in _NO_BREAK_BEFORE:
                pieces.append(run)
                run = ""
            run += ch
        if run:
            pieces.append(run)
    return pieces


def wrap(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (between words, or between
    Chinese characters)."""
    lines: list[str] = []
    line = ""
    for piece in breaks(text):
        trial = line + piece if line else piece.lstrip(" ")
        if f.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = piece.lstrip(" ")
    if line:
        lines.append(line)
    return lines or [""]


def fit_text(text: str, f: pygame.font.Font, width: int) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


class MenuOverlay(Scene):
    """A titled column of buttons over the current scene; Esc closes it."""

    overlay = True
    arrow_focus = True

    def __init__(self, ctx: "AppContext", title: str, choices: Sequence[Choice],
                 lines: Sequence[str] = (), closable: bool = True) -> None:
        super().__init__(ctx)
        self.title = title
        self.choices = list(choices)
        self.lines = list(lines)
        self.closable = closable
        self._actions: dict[pygame_gui.elements.UIButton, Callable[[], None]] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.text_width = 0
        self.scroll_box: Optional[pygame_gui.elements.UITextBox] = None

    def build_ui(self) -> None:
        w, h = self.ctx.size
        s, t = self.ctx.scale, self.ctx.line  # t: room for the title (large text: more)
        bh, gap = button_height(s(40)), s(8)
        bw = min(max([s(300)] + [button_width(label, 0) for label, _fn in self.choices]),
                 w - s(80))
        # in two columns when one does not fit the window's height (large text)
        cols = 2 if len(self.choices) * (bh + gap) > h - s(20) - t(80) - s(40) else 1
        pw = min(max(cols * bw + (cols - 1) * s(12) + s(80), s(300) + s(260)), w - s(40))
        if cols == 2:
            bw = (pw - s(80) - s(12)) // 2
        self.text_width = pw - s(100)
        buttons_h = -(-len(self.choices) // cols) * (bh + gap)
        room = h - s(40) - t(80) - buttons_h  # what the text may take before it scrolls
        text_h = self._text_height(self.text_width)
        self.scroll_box = None
        if text_h > room:
            text_h = max(room, s(80))
        ph = t(80) + text_h + buttons_h
        self.panel = pygame.Rect((w - pw) // 2, max((h - ph) // 2, s(10)), pw, ph)
        if self.lines and self._text_height(self.text_width) > text_h:
            box = pygame.Rect(self.panel.x + s(40), self.panel.y + t(60), pw - s(80), text_h - s(4))
            html = "<br>".join(escape_html(line) for line in self._box_lines(box.w - 44))
            self.scroll_box = self.keep(pygame_gui.elements.UITextBox(html, box, self.ctx.ui))
        y = self.panel.y + t(64) + text_h
        self._actions = {}
        rows = -(-len(self.choices) // cols)
        for i, (label, fn) in enumerate(self.choices):
            col, row = divmod(i, rows)
            x = self.panel.centerx - bw // 2 if cols == 1 else (
                self.panel.x + s(40) + col * (bw + s(12)))
            btn = self.button(pygame.Rect(x, y + row * (bh + gap), bw, bh), label,
                              "#primary" if i == 0 else "")
            self._actions[btn] = fn

    def _box_lines(self, width: int) -> list[str]:
        """The lines for the scrolling text box: Chinese broken here to ``width`` (the box
        breaks only at spaces), each piece keeping its line's indent."""
        f = font(14, bold=True)  # the theme's text box size, bold: the widest it can be
        out = []
        for line in self.lines:
            if not CJK.search(line):
                out.append(line)
                continue
            indent = line[:len(line) - len(line.lstrip(" "))]
            out += [indent + part for part in wrap(line.lstrip(" "), f, width - f.size(indent)[0])]
        return out

    def _text_height(self, width: int) -> int:
        if not self.lines:
            return 0
        f = font(self.ctx.scale(17))
        count = sum(len(wrap_indented(line, f, width)[1]) for line in self.lines)
        return int(count * int(f.get_linesize() * 1.05)) + self.ctx.scale(10)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self._actions:
            self._actions[event.ui_element]()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.closable:
            self.ctx.scenes.pop()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        draw_panel(surface, self.panel)
        title = font(self.ctx.scale(26), bold=True).render(self.title, True, palette.INK)
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx,
                                                   self.panel.y + self.ctx.scale(16))))
        if self.scroll_box is None:
            blit_lines(surface, self.lines, self.panel.x + self.ctx.scale(50),
                       self.panel.y + self.ctx.line(62), self.ctx.scale(17),
                       width=self.text_width)


class TextPrompt(Scene):
    """Ask for one line of text (a save name); Enter or OK accepts, Esc or Cancel cancels.

    ``on_accept`` returns ``None`` when the text is taken, or a message to show: the prompt then
    stays open with the text kept, so a refused name can be mended rather than typed again.
    """

    overlay = True

    def __init__(self, ctx: "AppContext", title: str, initial: str,
                 on_accept: Callable[[str], Optional[str]],
                 on_closed: Optional[Callable[[], None]] = None, limit: int = 40) -> None:
        super().__init__(ctx)
        self.title = title
        self.initial = initial
        self.on_accept = on_accept
        self.on_closed = on_closed  # runs after an accepted text has closed the prompt
        self.limit = limit
        self.entry: Optional[pygame_gui.elements.UITextEntryLine] = None
        self.ok: Optional[pygame_gui.elements.UIButton] = None
        self.cancel: Optional[pygame_gui.elements.UIButton] = None
        self.message = ""
        self.panel = pygame.Rect(0, 0, 0, 0)

    def build_ui(self) -> None:
        w, h = self.ctx.size
        pw, ph = self.ctx.scale(460), self.ctx.scale(224)  # room for a message under the entry
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        inner = self.panel.inflate(-self.ctx.scale(60), 0)
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(inner.x, self.panel.y + self.ctx.scale(70), inner.w, self.ctx.scale(38)),
            self.ctx.ui)
        self.entry.length_limit = self.limit
        self.entry.set_text(self.initial[:self.limit])
        self.entry.focus()
        self.keep(self.entry)
        bw, bh = self.ctx.scale(120), self.ctx.scale(38)
        y = self.panel.bottom - self.ctx.scale(56)
        self.ok = self.button(pygame.Rect(inner.right - bw, y, bw, bh), tr("ok"), "#primary")
        self.cancel = self.button(pygame.Rect(inner.right - 2 * bw - self.ctx.scale(10), y, bw, bh),
                                  tr("cancel"))

    def _accept(self) -> None:
        text = self.entry.get_text() if self.entry else ""
        problem = self.on_accept(text)
        if problem:
            self.message = file_text(problem)
            self.initial = text  # kept when the layout is built again
        else:
            self.ctx.scenes.pop()
            if self.on_closed is not None:
                self.on_closed()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ok:
            self._accept()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.cancel:
            self.ctx.scenes.pop()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self._accept()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.scenes.pop()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        draw_panel(surface, self.panel)
        title = font(self.ctx.scale(22), bold=True).render(self.title, True, palette.INK)
        surface.blit(title, (self.panel.x + self.ctx.scale(30), self.panel.y + self.ctx.scale(22)))
        if self.message:
            width = self.panel.w - self.ctx.scale(60)
            blit_lines(surface, [self.message], self.panel.x + self.ctx.scale(30),
                       self.panel.y + self.ctx.scale(114), self.ctx.scale(13), palette.WARN,
                       width=width)


class ErrorBox(MenuOverlay):
    """The one dialog an unexpected error shows (the frame loop never stacks a second)."""

    def __init__(self, ctx: "AppContext", message: str) -> None:
        super().__init__(ctx, tr("error.title"), [(tr("ok"), ctx.scenes.pop)], [message])


def notice(ctx: "AppContext", title: str, lines: Sequence[str], button: str = "") -> MenuOverlay:
    """A message with one button (OK unless named) that closes it."""
    return MenuOverlay(ctx, title, [(button or tr("ok"), ctx.scenes.pop)], list(lines))


def saving_notice(ctx: "AppContext", reason: str) -> MenuOverlay:
    """The dialog saying games are not being saved, and why."""
    return notice(ctx, tr("saving.title"), [tr("saving.reason", reason=file_text(reason)),
                                            tr("saving.body")], tr("saving.ok"))


def keep_game(ctx: "AppContext", session: Any) -> None:
    """Autosave ``session``; the first time saving stops working, say so once, plainly."""
    if ctx.saves.keep(session):
        ctx.scenes.push(saving_notice(ctx, ctx.saves.saving_problem))


def lock_dialog(ctx: "AppContext", reason: str) -> MenuOverlay:
    """Another copy owns the data folder: open read-only (nothing written) or quit."""
    def read_only() -> None:
        ctx.scenes.pop()
        ctx.notice = tr("lock.notice")

    def quit_app() -> None:
        ctx.running = False

    return MenuOverlay(ctx, tr("lock.title"), [(tr("lock.read_only"), read_only),
                                                (tr("lock.quit"), quit_app)],
                       [file_text(reason), tr("lock.body")], closable=False)
