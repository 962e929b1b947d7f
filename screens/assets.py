"""One way to reach packaged files: from a checkout, an installed wheel or a PyInstaller bundle.

Images are vector art rendered at the size asked for and cached; fonts come from pygame-gui's
Noto Sans so drawn text and widgets share one typeface.
"""

from __future__ import annotations

import json
import logging
import sys
import time
import warnings
from collections import OrderedDict
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame

from cats import words
from saves.settings import text_share
from screens import artcache
from screens.script import CJK, escape

if TYPE_CHECKING:
    import pygame_gui

log = logging.getLogger(__name__)


def asset_path(*parts: str) -> Path:
    """The filesystem path of a file under ``assets/``."""
    return assets_root().joinpath(*parts)


@lru_cache(maxsize=1)
def assets_root() -> Path:
    """The ``assets/`` folder (in the bundle when frozen), found once."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle, "assets")
    return Path(str(resources.files("assets")))


def read_text(*parts: str) -> str:
    """The text of a file under ``assets/``."""
    return asset_path(*parts).read_text(encoding="utf-8")


@lru_cache(maxsize=512)
def image(name: str, width: int, height: int) -> pygame.Surface:
    """``assets/art/<name>.svg`` rendered at (width, height) in the display's format; a plain
    tile if missing. Shared: callers copy before changing it."""
    path = asset_path("art", f"{name}.svg")
    size = (max(width, 1), max(height, 1))
    kept = artcache.load(path, size)  # drawn in an earlier run (slow art only)
    if kept is not None:
        return displayable(kept)
    try:
        began = time.perf_counter()
        surf = pygame.image.load_sized_svg(str(path), size)
        if time.perf_counter() - began >= artcache.SLOW:
            artcache.keep(path, size, surf)
    except (pygame.error, FileNotFoundError, OSError) as exc:
        log.warning("art %s not loaded: %s", name, exc)
        surf = pygame.Surface((max(width, 1), max(height, 1)), pygame.SRCALPHA)
        surf.fill((200, 180, 160, 255))
    return displayable(surf)


def displayable(surf: pygame.Surface) -> pygame.Surface:
    """``surf`` converted to the display's pixel format (blits 50x faster) once a window is open."""
    if pygame.display.get_surface() is None:
        return surf
    try:
        return surf.convert_alpha()
    except pygame.error:
        return surf


class Font:
    """The app font at one size. Every size of a font file is drawn by one shared face, set to
    the size asked for when it draws (opening a face and shaping its first line costs a
    millisecond or more, a change of size a fraction of that). What it rendered and measured
    is remembered: the same words in the same colour are drawn from a cache (callers copy a
    rendered line before changing it)."""

    CACHE = 512  # rendered lines (and measured texts) kept per font

    def __init__(self, face: Face, size: int, chinese: Callable[[], Font] | None = None) -> None:
        self.face = face
        self.point_size = size
        # A font whose file has no Chinese letters (Latin) draws and measures a line with
        # Chinese in it (a player's name) in this one: the whole line, in one face.
        self.chinese = chinese
        self.rendered: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()
        self.sizes: dict[str, tuple[int, int]] = {}
        self.metric: dict[str, int] = {}

    def sized(self) -> pygame.font.Font:
        """The shared face, at this font's size."""
        return self.face.at(self.point_size)

    def render(self, text: Any, antialias: Any, color: Any, bgcolor: Any = None,
               wraplength: int = 0) -> pygame.Surface:
        """``text`` drawn in ``color`` (as :meth:`pygame.font.Font.render`), from the cache if
        it was drawn before."""
        key = (text, bool(antialias), tuple(color) if color is not None else None,
               tuple(bgcolor) if bgcolor is not None else None, wraplength)
        cached = self.rendered.get(key)
        if cached is not None:
            self.rendered.move_to_end(key)
            return cached
        drawing = self.for_text(text).sized() if isinstance(text, str) else self.sized()
        surf = drawing.render(text, antialias, color, bgcolor, wraplength)
        self.rendered[key] = surf
        if len(self.rendered) > self.CACHE:
            self.rendered.popitem(last=False)
        return surf

    def render_kept(self, text: str, color: tuple[int, ...]) -> pygame.Surface:
        """``render(text, True, color)``, kept across runs in the art cache: for the static lines
        of the first frame (the menu's titles and cards), which then open no font face (a face's
        first line costs a millisecond or more: FreeType's auto-hinter measures the font)."""
        key = (text, True, tuple(color), None, 0)
        cached = self.rendered.get(key)
        if cached is not None:
            return cached
        face = self.for_text(text).face  # (a Chinese name is drawn by the Chinese font)
        path = None if face.path is None else artcache.line_path(
            face.path, self.point_size, text, tuple(color))
        surf = artcache.load_from(path)
        if surf is None:
            surf = self.render(text, True, color)
            artcache.keep_at(path, surf)
        self.rendered[key] = surf
        if len(self.rendered) > self.CACHE:
            self.rendered.popitem(last=False)
        return surf

    def size(self, text: str) -> tuple[int, int]:
        """The width and height ``text`` takes."""
        got = self.sizes.get(text)
        if got is None:
            if len(self.sizes) >= self.CACHE:
                self.sizes.clear()
            got = self.sizes[text] = self.for_text(text).sized().size(text)
        return got

    def metrics(self, text: str) -> list[Any]:
        """Each letter's (min x, max x, min y, max y, advance), None for one the font lacks."""
        return list(self.for_text(text).sized().metrics(text))

    def for_text(self, text: str) -> Font:
        """The font that draws ``text``: this one, or its Chinese one if ``text`` needs it."""
        if self.chinese is not None and CJK.search(text):
            return self.chinese()
        return self

    def _metric(self, name: str) -> int:
        got = self.metric.get(name)
        if got is None:
            got = self.metric[name] = getattr(self.sized(), name)()
        return got

    def get_linesize(self) -> int:
        """The height of a line of text (with the gap to the next)."""
        return self._metric("get_linesize")

    def get_height(self) -> int:
        """The height of the tallest letter."""
        return self._metric("get_height")

    def get_ascent(self) -> int:
        """The height above the baseline."""
        return self._metric("get_ascent")

    def get_descent(self) -> int:
        """The depth below the baseline (negative)."""
        return self._metric("get_descent")


class Face:
    """One font file opened once, its size changed as each :class:`Font` draws."""

    def __init__(self, path: str | None, size: int) -> None:
        self.path = path
        self.font = pygame.font.Font(path, size)
        self.current = size

    def at(self, size: int) -> pygame.font.Font:
        """The face at ``size`` points."""
        if size != self.current:
            self.font.point_size = size
            self.current = size
        return self.font


# A language whose script Noto Sans lacks is drawn with its own font (assets/fonts, SIL OFL),
# in our own drawing and in pygame-gui's theme (registered there under this name).
SCRIPT_FONTS = {"zh-TW": "noto_sans_tc"}
CHINESE = "zh-TW"  # whose font draws Chinese in a Latin language's text (a player's name)
# The pygame-gui elements the app makes: each gets the language's font in :func:`theme_for`.
THEMED_ELEMENTS = ("button", "label", "text_box", "text_entry_line", "tool_tip", "selection_list",
                   "drop_down_menu", "window", "panel", "horizontal_slider")
TYPED_ELEMENTS = ("text_entry_line", "selection_list")  # they show players' names


def _font_file(bold: bool, lang: str = "en") -> str:
    if lang in SCRIPT_FONTS:
        return str(asset_path("fonts", f"NotoSansTC-{'Bold' if bold else 'Regular'}.otf"))
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return str(Path(bundle, "pygame_gui", "data", name))
    return str(resources.files("pygame_gui.data").joinpath(name))


_FOLLOWED: list[Any] = []  # the settings whose interface size the text follows (:func:`follow`)


def follow(settings: Any) -> None:
    """Size the text by ``settings``' interface size from now on (read as each font is asked
    for: a change shows in the next frame; pygame-gui's theme waits for :func:`use_language`)."""
    _FOLLOWED[:] = [settings]


def ui_scale() -> float:
    """The interface size in use (1.0 before :func:`follow`)."""
    return float(_FOLLOWED[0].ui_scale) if _FOLLOWED else 1.0


def text_size(size: int) -> int:
    """A text size in pixels scaled for the layouts (``ctx.scale``) at the interface size's
    share for text alone (above 100 % the text grows, the layouts do not)."""
    return max(1, round(size * text_share(ui_scale())))


def theme_px(size: int = 15) -> int:
    """The pixel size of a pygame-gui theme font of ``size`` at the interface size (the theme's
    sizes are not scaled by the window)."""
    return max(8, round(size * ui_scale()))


def button_height(least: int, size: int = 15) -> int:
    """A button's height: ``least`` pixels, or more if its theme font (``size``) needs them."""
    return max(least, int(theme_px(size) * 1.45) + 6)


def button_width(text: str, least: int, size: int = 15, bold: bool = False) -> int:
    """A button's width: ``least`` pixels, or what ``text`` in its theme font needs."""
    return max(least, exact_font(theme_px(size), bold).size(text)[0] + theme_px(size) + 8)


def exact_font(size: int, bold: bool = False) -> Font:
    """The app font at exactly ``size`` pixels (a size already grown for large text, such as
    pygame-gui's)."""
    return _font(size, bold, words.language())


def font(size: int, bold: bool = False) -> Font:
    """The app font at ``size`` pixels (grown by :func:`text_size`), for the current language's
    script."""
    return _font(text_size(size), bold, words.language())


@lru_cache(maxsize=256)
def _font(size: int, bold: bool, lang: str) -> Font:
    size = max(size, 6)
    chinese = None if lang in SCRIPT_FONTS else (lambda: _font(size, bold, CHINESE))
    try:
        return Font(_face(_font_file(bold, lang), size), size, chinese)
    except (FileNotFoundError, OSError, pygame.error):
        return Font(Face(None, size), size)  # pygame's own font: sized as it opens, not shared


_FACES: dict[str, Face] = {}  # each font file's shared face, by path


def _face(path: str, size: int) -> Face:
    """The shared face of a font file (opened at ``size`` the first time)."""
    face = _FACES.get(path)
    if face is None:
        face = _FACES[path] = Face(path, size)
    return face


def theme_file() -> str:
    """The pygame-gui theme of the look in use: assets/theme.json, or theme-contrast.json."""
    from screens import palette

    return "theme-contrast.json" if palette.high_contrast() else "theme.json"


def theme_for(lang: str) -> dict[str, Any]:
    """The look's theme (:func:`theme_file`) with its fonts swapped for ``lang``'s script font
    where it needs one and sized at the interface size."""
    theme: dict[str, Any] = json.loads(read_text(theme_file()))
    name = SCRIPT_FONTS.get(lang, "noto_sans")
    # What players typed (names, in any script) is shown in a font that has Chinese too.
    typed = SCRIPT_FONTS.get(lang, SCRIPT_FONTS[CHINESE])
    for element in THEMED_ELEMENTS:
        theme.setdefault(element, {})
    for key, block in theme.items():
        if key != "defaults" and isinstance(block, dict):
            # pygame-gui's own default (Noto Sans 14) where the theme names none, so a switch
            # back from another script's font is complete
            block.setdefault("font", {"size": "14"})["name"] = (
                typed if key.split(".")[0] in TYPED_ELEMENTS else name)
    for block in theme.values():
        if isinstance(block, dict) and "size" in block.get("font", {}):
            block["font"]["size"] = str(max(8, round(int(block["font"]["size"]) * ui_scale())))
    # A button naming a player: its object id's twin (:func:`naming_id`), in that font.
    for key in [k for k in theme if k.startswith("#")] + ["button"]:
        twin = json.loads(json.dumps(theme[key]))
        twin["font"]["name"] = typed
        theme[naming_id(key if key != "button" else "")] = twin
    return theme


def naming_id(object_id: str) -> str:
    """The object id of a button like ``object_id``'s ("": a plain one) that shows a player's
    name (:func:`theme_for` gives it a font with Chinese letters in every language)."""
    return f"{object_id}_naming" if object_id else "#naming"


def tall_script() -> bool:
    """Whether the current language's script fills its whole line (Chinese): two lines set
    close together need a few pixels more between them than Latin letters do."""
    return words.language() in SCRIPT_FONTS


def ui_font_name() -> str:
    """The name pygame-gui's theme gives the current language's font."""
    return SCRIPT_FONTS.get(words.language(), "noto_sans")


def html(text: str) -> str:
    """``text`` for a pygame-gui HTML box: escaped, and its Chinese (a player's name) set in
    the Chinese font where the language's font has none."""
    safe = escape(text)
    return safe if words.language() in SCRIPT_FONTS else CJK.runs_in_face(
        safe, SCRIPT_FONTS[CHINESE])


def use_language(ui: "pygame_gui.UIManager", lang: str) -> None:
    """Give pygame-gui's theme the fonts of ``lang`` and the look in use (its colours, the
    interface size's font sizes); elements made afterwards use them."""
    for code, name in SCRIPT_FONTS.items():
        regular, bold = _font_file(False, code), _font_file(True, code)
        ui.add_font_paths(name, regular, bold, regular, bold)  # no italic: upright stands in
    ui.get_theme().load_theme(theme_for(lang))
    # Each size and style of a font is read from its file when an element first uses it (not
    # all of them before the first frame); pygame-gui would warn that it was not preloaded.
    warnings.filterwarnings("ignore", message="Finding font with id", category=UserWarning)


def clear_caches() -> None:
    """Forget cached images and fonts (after pygame was restarted)."""
    image.cache_clear()
    _font.cache_clear()
    _FACES.clear()
