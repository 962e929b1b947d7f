"""Component data files (boards, card lists, charts) shipped with the engine."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any


@lru_cache(maxsize=None)
def load_json(name: str) -> Any:
    """Parse ``cats/data/<name>`` once (works from a checkout, a wheel and a frozen bundle)."""
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return json.loads(text)
