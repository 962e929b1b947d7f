"""The command line answers every wrong argument with one line on stderr and exit code 2 (never a
traceback); sizes are bounded; ``--game`` opens its game even when it cannot be saved."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import screens.app as app
from screens.overlays import MenuOverlay

ROOT = Path(__file__).resolve().parent.parent

WRONG = [
    ["--game", "gambit", "--option", "deck"],
    ["--game", "gambit", "--option", "no-such-option"],
    ["--game", "box", "--option", "hands"],
    ["--game", "chess"],
    ["--size", "1x1", "--screenshot", "{tmp}/x.png"],
    ["--size", "10x10x10", "--screenshot", "{tmp}/x.png"],
    ["--size", "100000x100000", "--screenshot", "{tmp}/x.png"],
    ["--size", "-800x600", "--screenshot", "{tmp}/x.png"],
    ["--size", "abc", "--screenshot", "{tmp}/x.png"],
    ["--screenshot", "{tmp}/missing/folder/x.png"],
    ["--screenshot", "{tmp}"],
    ["--screenshot", "{tmp}/x.txt"],
    ["--players", "-1", "--game", "between"],
    ["--players", "9" * 50, "--game", "between"],
    ["--players", "²", "--game", "between"],
    ["--game", "between", "--players", "9"],
    ["--game", "gambit", "--bots", "5"],
    ["--bots", "-2", "--game", "box"],
    ["--moves", "1e9", "--screenshot", "{tmp}/x.png"],
    ["--scene", "nowhere", "--screenshot", "{tmp}/x.png"],
    ["--no-such-flag"],
]


@pytest.mark.parametrize("argv", WRONG, ids=[" ".join(a)[:40] for a in WRONG])
def test_a_wrong_argument_gets_one_line_and_exit_2(argv: list[str], tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    try:
        code = app.main(argv)
    except SystemExit as exc:
        code = exc.code  # type: ignore[assignment]
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip()]
    assert code == 2, err
    assert len(lines) == 1 and lines[0].startswith("nine-lives: "), err
    assert "Traceback" not in err
    assert not list(tmp_path.rglob("*.png"))


def test_seeds_no_number_can_hold_still_start_a_game(tmp_path: Path) -> None:
    for seed in ("²", "9" * 5000):
        args = app.parse_args(["--game", "gambit", "--seed", seed])
        session = app.start_session(args)
        assert 0 <= session.seed < 2**63


def test_the_sizes_at_the_bounds_make_screenshots(tmp_path: Path) -> None:
    for size in ("640x400", "3840x2160"):
        out = tmp_path / f"{size}.png"
        assert app.main(["--screenshot", str(out), "--size", size, "--scene", "load"]) == 0
        assert out.stat().st_size > 1000


def test_errors_reach_the_shell_as_one_line_without_a_traceback(tmp_path: Path) -> None:
    env = dict(os.environ, NINE_LIVES_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    for argv in (["--game", "gambit", "--option", "deck"],
                 ["--screenshot", str(tmp_path / "missing" / "x.png")]):
        result = subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT, env=env,
                                capture_output=True, text=True, timeout=300)
        lines = [line for line in result.stderr.splitlines()
                 if line.strip() and not line.startswith("ALSA")]
        assert result.returncode == 2 and len(lines) == 1, result.stderr
        assert "Traceback" not in result.stderr


def test_game_opens_and_says_it_is_not_saved_when_the_folder_cannot_be_written(
        nine_lives_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (nine_lives_home / "data").mkdir(parents=True)
    (nine_lives_home / "data" / "saves").write_text("a file, not a folder")
    seen: dict[str, Any] = {}

    def loop(ctx: Any) -> None:
        app.frame(ctx, 0.016)
        seen["stack"] = [type(s).__name__ for s in ctx.scenes.stack]
        seen["top"] = ctx.scenes.top

    monkeypatch.setattr(app, "run", loop)
    assert app.main(["--game", "gambit", "--seed", "3"]) == 0  # a traceback before
    assert seen["stack"][:2] == ["MainMenu", "GambitScene"], seen["stack"]
    top = seen["top"]
    assert isinstance(top, MenuOverlay) and top.title == "Games are not being saved"
    text = " ".join(top.lines)
    assert "saves" in text and "a file is where the folder should be" in text
    assert "after every move" in text
    assert seen["stack"].count("MenuOverlay") == 1, "said once"
