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
from typing import Any

import pytest
from conftest import ROOT, ci_run

from screens.sound import CUES, MUSIC

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
    every = f"sound (cues, loops): {len(CUES)} {len(MUSIC)}"
    assert every in done.stdout, "every cue and loop loads in the bundle"
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
    sounds = {p.name for p in (internal / "assets" / "sounds").iterdir()}
    assert {f"{c}.wav" for c in CUES} | {f"music_{m}.ogg" for m in MUSIC} <= sounds
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


def test_the_bundle_hosts_a_table_a_guest_joins(bundle: Path, tmp_path: Path) -> None:
    """Issue 29: start a host from the bundle (no window), join it from Python over loopback,
    play 20 moves at the guest's seat while the bundle's bot plays the other."""
    import random
    import time

    from net.guest import GuestClient

    home = tmp_path / "home"
    home.mkdir()
    cmd = ["env", "-i", "SDL_VIDEODRIVER=dummy", "SDL_AUDIODRIVER=dummy", f"HOME={home}",
           str(bundle / EXE), "--host-table", "between", "--seats", "open,bot", "--seed", "5",
           "--bind", "127.0.0.1", "--for", "120"]
    host = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=home)
    try:
        assert host.stdout is not None
        lines = [host.stdout.readline() for _ in range(3)]
        invite = lines[2].split(" ", 1)[1].strip() if lines[2].startswith("invite ") else ""
        assert invite.startswith("nine-lives://"), "".join(lines) + host.stderr.read()[-2000:]
        guest = GuestClient.from_invite(invite, name="Tester").start()
        pick, played, answered = random.Random(1), 0, -1
        frame: dict[str, Any] | None = None
        deadline = time.monotonic() + 120  # a hang guard
        while played < 20 and time.monotonic() < deadline:
            frames = [e for e in guest.poll() if e.get("t") == "frame"]
            frame = frames[-1] if frames else frame
            if frame is not None and frame["over"]:
                break
            if frame is not None and frame["legal"] and frame["version"] != answered:
                answered = frame["version"]
                guest.send_action(frame["to_move"], pick.choice(frame["legal"])["action"])
                played += 1
            time.sleep(0.01)
        guest.close()
        assert played == 20 or (frame is not None and frame["over"])
    finally:
        host.terminate()
        host.wait(timeout=30)
