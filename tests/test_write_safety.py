"""Writing: unique temporary files made exclusively in the folder (a planted link is never
followed), removed on any failure and tidied at start; a damaged file never becomes the backup;
a full disk never throws a complete new save away; a folder that cannot be written is said."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

import saves.jsonfile as jsonfile
from cats.session import Seat, Session
from saves.jsonfile import backup_of, tidy, write_json
from saves.store import RESUME, SaveError, SaveStore

POSIX = pytest.mark.skipif(os.name != "posix", reason="needs POSIX links")


def played(moves: int, seed: int = 3) -> Session:
    session = Session.start("gambit", [Seat("Mia")], seed, {})
    for _ in range(moves):
        session.play(session.state.legal_actions()[0])
    return session


def entries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@POSIX
def test_a_link_planted_at_the_old_temporary_names_is_not_followed(tmp_path: Path) -> None:
    store = SaveStore()
    store.save("slot", played(1))
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    for pid in range(os.getpid() - 2, os.getpid() + 3):  # the names the old code wrote through
        for suffix in ("tmp", "baktmp"):
            (store.folder / f".slot.json.{pid}.{suffix}").symlink_to(victim)
    store.save("slot", played(2))
    assert victim.read_text() == "keep me"
    assert store.load("slot").state == played(2).state


def test_temporary_names_are_unique_and_made_exclusively(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[str, int]] = []
    real_mkstemp = jsonfile.tempfile.mkstemp

    def spy(*args: Any, **kwargs: Any) -> Any:
        fd, name = real_mkstemp(*args, **kwargs)
        made.append((name, fd))
        return fd, name

    monkeypatch.setattr(jsonfile.tempfile, "mkstemp", spy)
    store = SaveStore()
    for moves in range(4):
        store.save("slot", played(moves))
    names = [name for name, _ in made]
    assert len(set(names)) == len(names) == 4
    assert all(Path(n).parent == store.folder for n in names), "in the folder itself"
    assert entries(store.folder) == ["slot.json", "slot.json.bak"]


@pytest.mark.parametrize("failing", ["write", "fsync", "replace", "link_and_copy"])
def test_a_failed_write_leaves_no_temporary_file_and_the_old_save(
        monkeypatch: pytest.MonkeyPatch, failing: str) -> None:
    store = SaveStore()
    store.save("slot", played(1))
    store.save("slot", played(2))
    before = {n: (store.folder / n).read_bytes() for n in entries(store.folder)}

    def full(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.ENOSPC, "No space left on device")

    if failing == "write":
        monkeypatch.setattr(jsonfile.os, "fdopen", lambda fd, mode: _FullFile(fd))
    elif failing == "fsync":
        monkeypatch.setattr(jsonfile.os, "fsync", full)
    elif failing == "replace":
        monkeypatch.setattr(jsonfile.os, "replace", full)
    if failing == "link_and_copy":  # the backup does not fit: the new save must still go in
        monkeypatch.setattr(jsonfile.os, "link", full)
        monkeypatch.setattr(jsonfile, "_write_temp_at", full)
        store.save("slot", played(3))
        assert store.load("slot").state == played(3).state
        assert backup_of(store.path_of("slot")).read_bytes() == before["slot.json.bak"]
    else:
        with pytest.raises(SaveError, match=r"slot\.json.*No space left"):
            store.save("slot", played(3))
        assert {n: (store.folder / n).read_bytes() for n in entries(store.folder)} == before
    assert not [n for n in entries(store.folder) if n.endswith("tmp")], entries(store.folder)


class _FullFile:
    """A file whose writes fail as on a full disk (closes the descriptor it was given)."""

    def __init__(self, fd: int) -> None:
        os.close(fd)

    def __enter__(self) -> "_FullFile":
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def write(self, data: bytes) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_tidy_at_start_removes_left_over_temporary_files_and_nothing_else() -> None:
    store = SaveStore()
    store.save("kept", played(2))
    strays = [".kept.json.12345.tmp", ".kept.json.12345.baktmp", ".resume.json.abcd1234.tmp",
              ".kept.json.bak.ab12cd34ef56.tmp", ".probe.json.x1y2.tmp"]
    for name in strays:
        (store.folder / name).write_bytes(b'{"format": 1')
    others = {"notes.txt": b"hi", ".hidden": b"x", "kept.json.damaged-20260101-000000": b"{"}
    for name, content in others.items():
        (store.folder / name).write_bytes(content)
    (store.folder / ".dir.json.1.tmp").mkdir()
    assert sorted(store.tidy()) == sorted(strays)
    assert entries(store.folder) == sorted([".dir.json.1.tmp", "kept.json", *others])
    assert store.load("kept").state == played(2).state


def test_the_app_tidies_its_folders_at_start(nine_lives_home: Path) -> None:
    from screens.app import build_context

    folders = [nine_lives_home / "data" / "saves", nine_lives_home / "data",
               nine_lives_home / "config"]
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / ".x.json.999.tmp").write_bytes(b"{")
    ctx = build_context(headless=True)
    ctx.executor.shutdown()
    for folder in folders:
        assert not list(folder.glob("*.tmp")), folder


def test_a_damaged_resume_never_replaces_its_good_backup_and_is_moved_aside() -> None:
    store = SaveStore()
    good = played(4)
    store.save(RESUME, played(2))
    store.save(RESUME, good)  # resume.json.bak now holds the 2-move game
    path = store.path_of(RESUME)
    bak_before = backup_of(path).read_bytes()
    good_bytes = path.read_bytes()
    path.write_bytes(good_bytes[: len(good_bytes) // 2])  # damaged
    store.save(RESUME, played(6))
    assert backup_of(path).read_bytes() == bak_before, "the good backup is kept"
    aside = [n for n in entries(store.folder) if ".damaged-" in n]
    assert len(aside) == 1 and aside[0].startswith("resume.json.damaged-")
    assert (store.folder / aside[0]).read_bytes() == good_bytes[: len(good_bytes) // 2]
    assert store.load(RESUME).state == played(6).state


def test_a_foreign_file_is_moved_aside_not_made_the_backup(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    write_json(path, {"volume": 0.1})
    write_json(path, {"volume": 0.2})
    path.write_text('["not", "an", "object"]')
    write_json(path, {"volume": 0.3})
    assert json.loads(backup_of(path).read_text()) == {"volume": 0.1}
    assert json.loads(path.read_text()) == {"volume": 0.3}
    assert [p.read_text() for p in tmp_path.glob("settings.json.damaged-*")] == [
        '["not", "an", "object"]']


def test_a_new_game_after_a_damaged_resume_keeps_the_game_in_its_backup() -> None:
    """The resume slot is damaged, its backup holds a game under way: starting another game
    keeps that one as its own autosave (it used to be overwritten by the next save)."""
    store = SaveStore()
    first = played(3, seed=11)
    store.autosave(first)
    store.autosave(first)  # the backup now holds the first game too
    store.path_of(RESUME).write_bytes(b'{"format": 2, "gam')
    other = played(1, seed=12)
    store.autosave(other)
    store.autosave(other)
    kept = [i for i in store.list() if i.slot != RESUME and i.ok]
    assert len(kept) == 1 and store.load(kept[0].slot).state == first.state


def test_saving_into_a_folder_that_is_a_file_says_so_and_changes_nothing(
        nine_lives_home: Path) -> None:
    (nine_lives_home / "data").mkdir(parents=True)
    (nine_lives_home / "data" / "saves").write_text("a file where the folder should be")
    store = SaveStore()
    message = store.keep(played(1))
    assert message.startswith("Games are not being saved") and "saves" in message
    assert store.keep(played(2)) == "", "said once, not after every move"
    started = SaveStore()
    assert "cannot be written" in started.check_writable()
    assert started.keep(played(1)) == "", "already said at start"
    with pytest.raises(SaveError, match="could not be written"):
        store.save("x", played(1))
    assert (nine_lives_home / "data" / "saves").read_text() == "a file where the folder should be"


READ_ONLY_CHECK = """
import sys
from cats.session import Seat, Session
from saves.store import SaveError, SaveStore
store = SaveStore()
session = Session.start("gambit", [Seat("Mia")], 3, {})
session.play(session.state.legal_actions()[0])
print("check:", store.check_writable())
try:
    store.save("x", session)
except SaveError as exc:
    print("refused:", exc)
"""


def read_only_run(folder: Path) -> "subprocess.CompletedProcess[str] | None":
    """As root (whom folder permissions do not bind): READ_ONLY_CHECK run in a private mount
    namespace where ``folder`` is a read-only bind mount of itself; ``None`` if this machine
    gives no mount namespace (no ``unshare``, or not allowed)."""
    import shutil
    import subprocess
    import sys

    if shutil.which("unshare") is None or shutil.which("mount") is None:
        return None
    root = Path(__file__).resolve().parent.parent
    script = ('mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" || exit 97; '
              'shift; exec "$@"')
    done = subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c",
                           script, "sh", str(folder), sys.executable, "-c", READ_ONLY_CHECK],
                          cwd=root, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(root)})
    return None if done.returncode == 97 or "unshare failed" in done.stderr else done


@pytest.mark.skipif(os.name != "posix", reason="read-only folders as POSIX has them")
def test_saving_into_a_read_only_folder_says_so(nine_lives_home: Path) -> None:
    """A saves folder that cannot be written: said at start, a save refused, nothing made.
    Folder permissions (chmod) for a user; for root, whom they do not bind, a read-only bind
    mount of the folder in a mount namespace of its own."""
    store = SaveStore()
    store.folder.mkdir(parents=True)
    if os.geteuid() != 0:
        store.folder.chmod(0o500)
        try:
            assert "cannot be written" in store.check_writable()
            with pytest.raises(SaveError):
                store.save("x", played(1))
        finally:
            store.folder.chmod(0o700)
    else:
        done = read_only_run(store.folder)
        if done is None:
            pytest.skip("root, and no mount namespace here to make a folder read-only in")
        assert done.returncode == 0, done.stderr[-2000:]
        assert "cannot be written" in done.stdout and "refused: " in done.stdout, done.stdout
    assert entries(store.folder) == []
