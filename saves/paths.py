"""Where Nine Lives keeps its files, asked of platformdirs at run time (never at import time).

Setting ``NINE_LIVES_HOME`` puts everything under one folder instead (tests, portable installs).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "nine-lives"


def _home() -> Path | None:
    value = os.environ.get("NINE_LIVES_HOME")
    return Path(value) if value else None


def data_dir() -> Path:
    """Folder for saves, profiles and hotseat groups."""
    home = _home()
    return home / "data" if home else platformdirs.user_data_path(APP, appauthor=False)


def saves_dir() -> Path:
    """Folder holding the save slots."""
    return data_dir() / "saves"


def config_dir() -> Path:
    """Folder for settings."""
    home = _home()
    return home / "config" if home else platformdirs.user_config_path(APP, appauthor=False)


def log_dir() -> Path:
    """Folder for log files."""
    home = _home()
    return home / "logs" if home else platformdirs.user_log_path(APP, appauthor=False)


def cache_dir() -> Path:
    """Folder for what can be made again (art drawn from its SVG, kept as pictures)."""
    home = _home()
    return home / "cache" if home else platformdirs.user_cache_path(APP, appauthor=False)
