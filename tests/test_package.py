"""The desktop package: build it with PyInstaller, then run it with no Python environment at all.

Marked ``package``: skipped locally unless pytest is given ``--package``; always run in CI (where
``.ci/run`` installs the ``package`` extra). Outside CI a missing PyInstaller skips; in CI it fails.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, ci_run

pytestmark = [
    pytest.mark.package,
    pytest.mark.skipif(sys.platform == "win32", reason="the check runs the bundle under env -i"),
]

EXE = "nine-lives"


def bare_run(bundle: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the bundled program under ``env -i``: only the SDL dummy drivers and HOME set."""
    cmd = ["env", "-i", "SDL_VIDEODRIVER=dummy", "SDL_AUDIODRIVER=dummy", f"HOME={home}",
           str(bundle / EXE), *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=home)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``packaging/build.py`` run into a temporary folder; the one-folder bundle it made."""
    if importlib.util.find_spec("PyInstaller") is None:
        if ci_run():
            pytest.fail("PyInstaller is not installed: CI must install the package extra")
        pytest.skip('PyInstaller is not installed (pip install -e ".[package]")')
    out = tmp_path_factory.mktemp("package")
    done = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "build.py"), "--quiet",
         "--dist", str(out / "dist"), "--work", str(out / "build")],
        capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, f"build failed:\n{done.stdout}\n{done.stderr[-4000:]}"
    print(done.stdout)
    folder = out / "dist" / EXE
    assert (folder / EXE).is_file()
    return folder


def test_smoke_without_python(bundle: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    done = bare_run(bundle, home, "--smoke")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "smoke ok" in done.stdout
    # Logs and saves go to the platform folders (platformdirs, XDG defaults under HOME).
    assert (home / ".local" / "state" / "nine-lives" / "log" / "nine-lives.log").is_file()
    assert (home / ".local" / "share" / "nine-lives").is_dir()


def test_version(bundle: Path, tmp_path: Path) -> None:
    done = bare_run(bundle, tmp_path, "--version")
    version = re.search(r'(?m)^version\s*=\s*"([^"]+)"',
                        (ROOT / "pyproject.toml").read_text(encoding="utf-8")).group(1)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"nine-lives {version}"


def test_same_screenshot_as_source(bundle: Path, tmp_path: Path) -> None:
    """The bundle finds the same art, theme and fonts as a checkout: identical pixels."""
    import pygame

    home = tmp_path / "home"
    home.mkdir()
    for args in ([], ["--game", "gambit", "--seed", "42", "--moves", "8"],
                 # Traditional Chinese: the bundle keeps the Noto Sans TC subset and the .mo
                 # catalogues (a missing font would draw boxes, a missing catalogue English)
                 ["--lang", "zh-TW", "--game", "catchess", "--players", "3", "--seed", "42",
                  "--moves", "8"]):
        frozen, source = tmp_path / "frozen.png", tmp_path / "source.png"
        done = bare_run(bundle, home, "--screenshot", str(frozen), *args)
        assert done.returncode == 0, done.stdout + done.stderr
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--screenshot", str(source),
                               *args], capture_output=True, text=True, timeout=300, cwd=ROOT)
        assert done.returncode == 0, done.stdout + done.stderr
        a, b = pygame.image.load(str(frozen)), pygame.image.load(str(source))
        assert a.get_size() == b.get_size()
        assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"), args


def test_bundle_is_lean_but_complete(bundle: Path) -> None:
    from saves.settings import LANGUAGES

    internal = bundle / "_internal"
    assert (internal / "assets" / "theme.json").is_file()
    assert (internal / "assets" / "art" / "icon.png").is_file()
    data = sorted(p.name for p in (ROOT / "cats" / "data").glob("*.json"))
    assert sorted(p.name for p in (internal / "cats" / "data").glob("*.json")) == data
    fonts = {p.name for p in (internal / "pygame_gui" / "data").iterdir()}
    # What pygame-gui and the app load for Latin text (the theme uses bold and italic).
    for name in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf",
                 "NotoSans-BoldItalic.ttf", "FiraCode-Regular.ttf", "default_theme.json"):
        assert name in fonts
    translations = {p.name for p in (internal / "pygame_gui" / "data" / "translations").iterdir()}
    for lang in LANGUAGES:
        assert f"pygame-gui.{lang.split('-')[0]}.json" in translations
    if "ja" not in LANGUAGES:
        assert not any(name.startswith("NotoSansJP") for name in fonts)
    assert not list(internal.glob("libssl*"))
