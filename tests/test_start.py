"""Start-up, headless: the first menu frame loads nothing it does not draw (the command line's
parser, the bots' thread pool, the session and table code, the easing code load when first
needed), and a plain start reads the same command line as the parser would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from screens import cli
from screens.app import app_version, parse_args
from screens.cliparser import parse_args as full_parse

ROOT = Path(__file__).resolve().parent.parent
FIRST_FRAME = """
import sys
from screens import app
args = app.parse_args([])
lock, held = app.take_lock()
app.setup_logging(to_file=not held)
ctx = app.build_context(read_only=bool(held))
app.open_menu(ctx, held, None)
app.frame(ctx, 0.016, [])
lock.release()
print(" ".join(sorted(sys.modules)))
"""
LATER = ["argparse", "concurrent.futures", "cats.session", "screens.anim", "secrets",
         "screens.table.frame", "screens.replay.scene", "screens.tutorial.scene",
         "screens.menus.loadgame", "screens.menus.settings"]


def test_a_plain_start_reads_what_the_parser_would() -> None:
    plain = parse_args([])
    assert vars(plain) == vars(full_parse([], app_version))
    assert vars(parse_args([])) is not vars(plain)  # a fresh one each time (its lists too)
    plain.option.append("umbra")
    assert parse_args([]).option == []
    assert full_parse(["--game", "box"], app_version).game == "box"
    assert isinstance(cli.plain_start().size, tuple)


def test_the_first_menu_frame_loads_only_what_it_draws(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(tmp_path),
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_STATE_HOME=str(tmp_path / "state"), XDG_CACHE_HOME=str(tmp_path / "cache"),
               PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
    run = subprocess.run([sys.executable, "-c", FIRST_FRAME], env=env, cwd=ROOT, check=True,
                         capture_output=True, text=True, timeout=120)
    loaded = set(run.stdout.split("\n")[-2].split())
    assert "screens.menus.main" in loaded  # (the list is the one of the frame drawn)
    assert [name for name in LATER if name in loaded] == []
