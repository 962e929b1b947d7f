"""Plain JSON data: the engines' component files, deep copies, and checked readers for saves."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, Optional

JsonDict = dict[str, Any]


@lru_cache(maxsize=None)
def load_component(package: str, name: str) -> Any:
    """Parse the data file ``name`` beside ``package``'s modules once (checkout, wheel or bundle)."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return json.loads(text)


def plain(value: Any) -> Any:
    """A deep copy as plain JSON: tuples become lists, keys become strings (``None`` stays)."""
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def is_int(value: Any) -> bool:
    """True for a whole number that is not a bool."""
    return type(value) is int


def read_int(value: Any, what: str, low: int = 0, high: Optional[int] = None) -> int:
    """``value`` if it is a whole number in [low, high], else ``ValueError`` naming ``what``."""
    if type(value) is not int or value < low or (high is not None and value > high):
        raise ValueError(f"bad {what}: {value!r}")
    return value


def read_ints(value: Any, what: str, length: Optional[int] = None, low: int = 0,
              high: Optional[int] = None) -> list[int]:
    """A list of whole numbers in [low, high] (of ``length`` if given), else ``ValueError``."""
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ValueError(f"bad {what}: {value!r}" if length is None
                         else f"{what} must be a list of {length}")
    return [read_int(v, what, low, high) for v in value]
