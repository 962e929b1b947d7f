"""The rules engine never needs pygame, and uses only its own seeded generator."""

from __future__ import annotations

import re

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_cats_imports_with_pygame_made_unimportable() -> None:
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        "import pkgutil, importlib, cats, cats.ai, cats.ai.search, cats.session\n"
        "for m in pkgutil.walk_packages(cats.__path__, 'cats.'):\n"
        "    importlib.import_module(m.name)\n"
        "print(sorted(cats.GAMES))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "gambit" in result.stdout


def test_no_global_random_in_the_engine() -> None:
    # A seeded ``random.Random(seed)`` instance is allowed (the bots' search draws from one, its
    # seed taken from the game's Rng); the module's global functions are not.
    offenders = []
    for path in (ROOT / "cats").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        uses = re.findall(r"\brandom\.(\w+)", text)
        if "from random" in text or any(use != "Random" for use in uses):
            offenders.append(path.name)
    assert offenders == []
