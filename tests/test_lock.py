"""One process owns a data folder: a second copy is told so plainly and may open read-only
(nothing at all is written to the data or settings folders) or quit; the lock goes with the
process that held it, however it ended."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

from saves.lock import FolderLock, LockHeld
from screens.overlays import MenuOverlay

ROOT = Path(__file__).resolve().parent.parent
HOLDER = """
import sys, time
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from saves.lock import FolderLock
FolderLock(Path(sys.argv[2])).acquire()
print("locked", flush=True)
time.sleep(600)
"""


@pytest.fixture()
def holder(nine_lives_home: Path, tmp_path: Path):  # type: ignore[no-untyped-def]
    """Another process holding the lock of the test's data folder (killed afterwards)."""
    script = tmp_path / "holder.py"
    script.write_text(HOLDER, encoding="utf-8")
    child = subprocess.Popen([sys.executable, str(script), str(ROOT), str(nine_lives_home / "data")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stdout.readline().strip() == b"locked"
    yield child
    child.kill()
    child.wait(timeout=30)


def files(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder``: bytes and modification time."""
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_second_lock_on_one_folder_is_refused_and_released_locks_are_free(tmp_path: Path) -> None:
    first = FolderLock(tmp_path).acquire()
    with pytest.raises(LockHeld, match=f"process {os.getpid()}"):
        FolderLock(tmp_path).acquire()
    first.release()
    again = FolderLock(tmp_path).acquire()
    assert again.held
    again.release()


def test_another_process_holding_the_folder_is_named(holder: Any, nine_lives_home: Path) -> None:
    with pytest.raises(LockHeld) as err:
        FolderLock(nine_lives_home / "data").acquire()
    assert f"process {holder.pid}" in str(err.value) and str(nine_lives_home / "data") in str(err.value)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_holder_leaves_no_stale_lock(holder: Any, nine_lives_home: Path) -> None:
    holder.send_signal(signal.SIGKILL)
    holder.wait(timeout=30)
    lock = FolderLock(nine_lives_home / "data").acquire()
    assert lock.held
    lock.release()


def run_main(monkeypatch: pytest.MonkeyPatch, argv: list[str],
             play: Callable[[Any], None]) -> int:
    """``main(argv)`` with the frame loop replaced by ``play(ctx)``."""
    import screens.app as app

    def loop(ctx: Any) -> None:
        ctx.headless = True  # errors fail the test
        app.frame(ctx, 0.016)
        play(ctx)

    monkeypatch.setattr(app, "run", loop)
    return app.main(argv)


def choose(ctx: Any, label: str) -> None:
    from frames import click

    overlay = ctx.scenes.top
    assert isinstance(overlay, MenuOverlay)
    click(ctx, next(b for b in overlay._actions if b.text == label).rect.center)


def test_a_second_copy_offers_read_only_and_then_writes_nothing(
        holder: Any, nine_lives_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cats.session import Seat, Session
    from screens.registry import open_game

    # What the first copy saved: a game, settings and players.
    from saves.settings import Settings, save_settings
    from saves.store import SaveStore
    SaveStore().save("evening", Session.start("gambit", [Seat("Mia")], 4, {}))
    save_settings(Settings(effects_volume=0.3))
    before = files(nine_lives_home / "data"), files(nine_lives_home / "config")

    def play(ctx: Any) -> None:
        top = ctx.scenes.top
        assert isinstance(top, MenuOverlay) and top.title == "Nine Lives is already open"
        assert any(f"process {holder.pid}" in line for line in top.lines)
        choose(ctx, "Open read-only")
        assert ctx.read_only and "Read-only" in ctx.notice
        session = ctx.saves.load("evening")
        scene = open_game(ctx, session)
        ctx.scenes.push(scene)
        from screens.app import frame
        frame(ctx, 0.016)
        for _ in range(3):
            assert scene.play(session.state.legal_actions()[0])
        ctx.settings.effects_volume = 0.9
        from screens.menus.settings import SettingsScene
        SettingsScene(ctx)._save()
        ctx.profiles.add("Leo")
        ctx.profiles.save()
        assert ctx.scenes.top is scene, "no 'not being saved' dialog: read-only was chosen"

    assert run_main(monkeypatch, [], play) == 0
    assert (files(nine_lives_home / "data"), files(nine_lives_home / "config")) == before


def test_a_second_copy_can_quit(holder: Any, nine_lives_home: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    def play(ctx: Any) -> None:
        choose(ctx, "Quit")
        assert not ctx.running

    assert run_main(monkeypatch, [], play) == 0
    assert not (nine_lives_home / "data" / "saves").exists()


def test_the_first_copy_holds_the_lock_while_it_runs(nine_lives_home: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []

    def play(ctx: Any) -> None:
        with pytest.raises(LockHeld) as err:
            FolderLock(nine_lives_home / "data").acquire()
        seen.append(str(err.value))
        assert not ctx.read_only

    assert run_main(monkeypatch, [], play) == 0
    assert seen and f"process {os.getpid()}" in seen[0]
    FolderLock(nine_lives_home / "data").acquire().release()  # free once main() returned
