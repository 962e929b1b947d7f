"""The one palette every screen draws with (the pygame-gui theme uses the same values), in two
looks: the cosy one and high contrast (:func:`use` switches; read the names at drawing time,
``palette.INK``, never copy them into a module's constants)."""

from __future__ import annotations

import sys
from typing import Callable

Colour = tuple[int, ...]

CREAM = (246, 235, 221)
PAPER = (255, 248, 238)
INK = (59, 42, 32)
WOOD = (139, 94, 60)
TERRACOTTA = (217, 112, 74)
TEAL = (62, 124, 135)
MUSTARD = (224, 176, 75)
PLUM = (122, 78, 126)
SAGE = (143, 175, 138)
ROSE = (229, 142, 155)
SHADOW = (0, 0, 0, 40)
FELT = (222, 205, 184)
LEGAL = (120, 190, 120)
WARN = (200, 80, 60)
FOCUS = (28, 92, 206)  # the keyboard's ring and the table's cursor (with a shape, never alone)
EDGE = (90, 66, 50)  # the dark rim of a disc or card, a shadow's colour
MUTED = (120, 100, 86)  # quiet text: captions, hints, a number's label
GOLD = (176, 128, 30)  # a gold word: a jackpot, a best score
LINE = 1  # how many times thicker outlines of cards and spaces are drawn (:func:`thick`)

# Near-black on white; every colour that words are written in, or written on, is dark enough
# for white words (and for being words on the white and the grey) at 7:1 or more
# (tests/test_contrast.py); the seats keep their hues, darkened, and their symbols.
CONTRAST: dict[str, object] = {
    "CREAM": (255, 255, 255), "PAPER": (255, 255, 255), "INK": (0, 0, 0), "WOOD": (30, 30, 30),
    "TERRACOTTA": (140, 20, 0), "TEAL": (0, 75, 95), "MUSTARD": (90, 65, 0),
    "PLUM": (80, 20, 120), "SAGE": (10, 80, 20), "ROSE": (140, 0, 80), "SHADOW": (0, 0, 0, 90),
    "FELT": (230, 230, 230), "LEGAL": (0, 75, 20), "WARN": (150, 0, 0), "EDGE": (0, 0, 0),
    "MUTED": (40, 40, 40), "GOLD": (90, 65, 0), "LINE": 2,
}
COSY: dict[str, object] = {name: globals()[name] for name in CONTRAST}
# The pairs (words, what they are written on) the screens draw text in: all of them reach
# 7:1 in high contrast.
# (The names are a dictionary's keys: words to translate are never looked for there.)
_LIGHT_GROUNDS = {"PAPER": 1, "CREAM": 1, "FELT": 1}
_ON_LIGHT = {"INK": 1, "WOOD": 1, "MUTED": 1, "WARN": 1, "TERRACOTTA": 1, "TEAL": 1,
             "MUSTARD": 1, "PLUM": 1, "SAGE": 1, "ROSE": 1, "GOLD": 1, "LEGAL": 1}
_UNDER_PAPER = {"INK": 1, "WOOD": 1, "EDGE": 1, "WARN": 1, "TERRACOTTA": 1, "TEAL": 1,
                "MUSTARD": 1, "PLUM": 1, "SAGE": 1, "ROSE": 1, "LEGAL": 1}
TEXT_PAIRS = tuple([(ink, ground) for ink in _ON_LIGHT for ground in _LIGHT_GROUNDS]
                   + [(next(iter(_LIGHT_GROUNDS)), ground) for ground in _UNDER_PAPER])

PLAYER_COLOURS = {"terracotta": TERRACOTTA, "teal": TEAL, "mustard": MUSTARD, "plum": PLUM,
                  "sage": SAGE, "rose": ROSE}
SEAT_ORDER = ("terracotta", "teal", "mustard", "plum", "sage", "rose")
SYMBOL_ART = {"paw": "sym_0", "ear": "sym_1", "box": "sym_2", "fish": "sym_3", "star": "sym_4",
              "cross": "sym_5"}

_forget: list[Callable[[], None]] = []  # caches of drawings with the palette's colours in them
_high = [False]


def use(high_contrast: bool) -> bool:
    """Draw in the high-contrast look (or the cosy one) from now on; whether it changed. The
    caches registered with :func:`baked` are emptied when it does."""
    module = sys.modules[__name__]
    if high_contrast == _high[0]:
        return False
    _high[0] = high_contrast
    for name, value in (CONTRAST if high_contrast else COSY).items():
        setattr(module, name, value)
    PLAYER_COLOURS.update({name: getattr(module, name.upper()) for name in SEAT_ORDER})
    for forget in _forget:
        forget()
    return True


def high_contrast() -> bool:
    """Whether the high-contrast look is in use."""
    return _high[0]


def baked(forget: Callable[[], None]) -> Callable[[], None]:
    """Register a cache of drawings made in the palette's colours (its ``cache_clear``)."""
    _forget.append(forget)
    return forget


def thick(width: int) -> int:
    """An outline of a card or a space ``width`` wide, in the current look (thicker in high
    contrast)."""
    return width * LINE


def marks(settings: object) -> bool:
    """Whether the colour-blind marks are drawn: when asked for, and always in high contrast."""
    return bool(getattr(settings, "colour_blind_marks", True)) or _high[0]


def luminance(colour: Colour) -> float:
    """The relative luminance of an sRGB colour (WCAG 2)."""
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def duo(cosy: Colour, contrast_colour: Colour) -> Colour:
    """A colour of one drawing in each look: ``cosy``, or ``contrast_colour`` in high contrast
    (call it as you draw)."""
    return contrast_colour if _high[0] else cosy


Entry = object  # a palette name, a colour, a callable giving one, or a tuple of these


def resolve(entry: Entry) -> object:
    """``entry`` in the current look (see :class:`Named`)."""
    if isinstance(entry, str):
        return getattr(sys.modules[__name__], entry)
    if callable(entry):
        return entry()
    if isinstance(entry, tuple) and any(not isinstance(v, int) for v in entry):
        return tuple(resolve(v) for v in entry)
    return entry


class Named(dict):  # type: ignore[type-arg]
    """A table of colours given as callables (``lambda: palette.TEAL``, :func:`duo`) or palette
    names, each read in the look in use when it is looked up: a module's colour table follows
    :func:`use`."""

    def __getitem__(self, key: object) -> object:
        return resolve(super().__getitem__(key))

    def get(self, key: object, default: object = None) -> object:
        return self[key] if key in self else default

    def values(self):  # type: ignore[no-untyped-def,override]
        return [self[k] for k in self]

    def items(self):  # type: ignore[no-untyped-def,override]
        return [(k, self[k]) for k in self]


def tone(colour: Colour) -> Colour:
    """A drawing's own colour (a tint, a shade, a shadow) in the current look: itself, or in
    high contrast white, the light grey or black by how light it is."""
    if not _high[0]:
        return colour
    light = luminance(colour)
    shade = PAPER if light >= 0.55 else FELT if light >= 0.25 else INK
    return (*shade[:3], *colour[3:4])  # type: ignore[misc]


def edge(colour: Colour) -> Colour:
    """An outline's own colour in the current look: itself, or black in high contrast."""
    return INK if _high[0] else colour
