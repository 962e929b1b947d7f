"""The command line: --smoke plays every game's screen headless; --screenshot writes a PNG."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NINE_LIVES_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_smoke_exits_zero_and_writes_a_log(tmp_path: Path) -> None:
    result = _run("--smoke", home=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "smoke ok" in result.stdout and "gambit" in result.stdout
    assert (tmp_path / "logs" / "nine-lives.log").exists()


def test_screenshot_of_a_game_in_progress(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    result = _run("--screenshot", str(out), "--game", "gambit", "--seed", "3", "--moves", "6",
                  home=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert out.stat().st_size > 10_000


def test_bad_command_line_is_refused_with_a_message(tmp_path: Path) -> None:
    result = _run("--game", "gambit", "--players", "4", "--screenshot", str(tmp_path / "x.png"),
                  home=tmp_path)
    assert result.returncode == 2
    assert "Cat's Gambit is for 1 player, not 4" in result.stderr
    assert not (tmp_path / "x.png").exists()
    result = _run("--game", "box", "--players", "9", home=tmp_path)
    assert result.returncode == 2
    assert "is for 2–5 players, not 9" in result.stderr
