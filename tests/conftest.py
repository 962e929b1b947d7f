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


def ci_run() -> bool:
    """Whether the suite runs in CI (the ``CI`` variable set, as CI services do)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--package", action="store_true",
                     help="also build the PyInstaller package and smoke-test it (on in CI)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``package`` run only with ``--package`` or in CI (they build the bundle)."""
    if config.getoption("--package") or ci_run():
        return
    skip = pytest.mark.skip(reason="builds the desktop package (~30 s): run with --package; "
                                   "always runs in CI")
    for item in items:
        if "package" in item.keywords:
            item.add_marker(skip)
