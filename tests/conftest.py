"""Shared test set-up: headless SDL, and save/config folders redirected to a temporary place."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def nine_lives_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test writes saves, settings and logs under its own temporary folder."""
    home = tmp_path / "nine-lives-home"
    monkeypatch.setenv("NINE_LIVES_HOME", str(home))
    return home
