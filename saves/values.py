"""Checks for values read from disk or typed in: player names, numbers, seeds.

Whatever a file or a text box holds, these return something the code can use (or say why not):
numbers finite and in range, names without control characters or unpaired surrogates and with
at least one character that shows on screen.
"""

from __future__ import annotations

import math
import unicodedata
from typing import Any, Optional

NAME_LIMIT = 40
# Categories that draw nothing by themselves (format, separators, combining marks, unassigned).
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp", "Mn", "Me"})
# Letters that fonts draw as blank space.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def name_problem(name: Any) -> str:
    """Why ``name`` cannot be a player's name ("" if it can)."""
    if not isinstance(name, str):
        return "a name must be text"
    if not name.strip():
        return "a name cannot be empty"
    for ch in name:
        category = unicodedata.category(ch)
        if category == "Cs":
            return "a name cannot hold a broken character (an unpaired surrogate)"
        if category == "Cc" or ch in "\u2028\u2029":
            return "a name cannot hold control characters (such as a line break)"
    if not any(unicodedata.category(ch) not in _INVISIBLE and ch not in _BLANK_LETTERS
               for ch in name):
        return "a name needs at least one letter, digit or sign that shows"
    if len(name.strip()) > NAME_LIMIT:
        return f"a name can have at most {NAME_LIMIT} characters"
    return ""


def clean_name(name: Any, default: str) -> str:
    """``name`` stripped and cut to the limit if usable as a player's name, else ``default``."""
    if isinstance(name, str):
        name = name.strip()[:NAME_LIMIT].strip()
    return name if not name_problem(name) else default


def finite(value: Any, low: float, high: float) -> Optional[float]:
    """``value`` as a float if it is a real number (not a bool) within ``low..high``, else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:  # an integer with hundreds of digits
        return None
    if not math.isfinite(number) or not low <= number <= high:
        return None
    return number


def whole(value: Any, low: int, high: int) -> Optional[int]:
    """``value`` if it is an int (not a bool) within ``low..high``, else None."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return None
    return value


def seed_of(text: str) -> int:
    """A 63-bit seed from typed text: digits as that number, any other text hashed.

    The same numbers as ``cats.rng.seed_from_text`` for every seed it can read; digits that are
    not ASCII ("²") or too many to be a number are hashed as text instead of failing."""
    from cats.rng import seed_from_text

    text = text.strip()
    digits = text.lstrip("-")
    if digits.isdigit() and digits.isascii() and len(digits) <= 4000:
        return seed_from_text(text)
    h = 1469598103934665603  # FNV-1a, as seed_from_text hashes text
    for byte in text.encode("utf-8", "surrogatepass"):
        h = ((h ^ byte) * 1099511628211) & ((1 << 64) - 1)
    return h & ((1 << 63) - 1)


def printable(text: str, limit: int = 300) -> str:
    """``text`` cut to ``limit`` characters, each one a font can draw ("?" for the others)."""
    return "".join(ch if ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF else "?"
                   for ch in text[:limit])
