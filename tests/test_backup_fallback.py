"""A damaged save whose backup is good loads from the backup: Load and Continue find the game,
the player is told which file was damaged and which one was loaded, and the damaged file is left
exactly as it was (the next autosave moves it aside, never over the backup)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cats.session import Seat, Session
from saves.store import RESUME, SaveError, SaveStore


def played(store: SaveStore, moves: int) -> Session:
    """A Cat Chess game autosaved after each of ``moves`` moves (so a .bak one move back)."""
    session = Session.start("catchess", [Seat("Mia"), Seat("Leo")], 11, {})
    for _ in range(moves):
        session.play(session.state.legal_actions()[0])
        store.autosave(session)
    return session


def test_damaged_bytes_load_the_backup_and_say_so(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    played(store, 4)
    resume = store.path_of(RESUME)
    resume.write_bytes(b'{"app": "nine-lives", "format": 2, "game": "catch')  # cut short
    damaged = resume.read_bytes()
    fresh = SaveStore(tmp_path)
    session = fresh.load(RESUME)
    assert len(session.log) == 3, "the backup holds the game one move back"
    assert any("resume.json" in n and "resume.json.bak" in n for n in fresh.last_notes)
    assert resume.read_bytes() == damaged, "the damaged file is left untouched"


def test_continue_and_load_list_offer_a_damaged_game_with_a_good_backup(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    played(store, 3)
    store.path_of(RESUME).write_bytes(b"\xff\xfe not json")
    fresh = SaveStore(tmp_path)
    (info,) = fresh.list()
    assert info.ok and info.game == "catchess" and "backup" in info.progress
    assert fresh.latest_unfinished() == RESUME


def test_a_game_that_does_not_replay_loads_the_backup(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    played(store, 4)
    resume = store.path_of(RESUME)
    record = json.loads(resume.read_text())
    record["actions"] = record["actions"][:1] + [record["actions"][0]] * 3  # replay breaks
    resume.write_text(json.dumps(record))
    session = SaveStore(tmp_path).load(RESUME)
    assert len(session.log) == 3


def test_both_damaged_is_reported_by_the_slots_own_name(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    played(store, 2)
    resume = store.path_of(RESUME)
    resume.write_bytes(b"[]")
    (tmp_path / "resume.json.bak").write_bytes(b"{broken")
    with pytest.raises(SaveError, match=r"^resume\.json"):
        SaveStore(tmp_path).load(RESUME)
    assert resume.read_bytes() == b"[]" and (tmp_path / "resume.json.bak").read_bytes() == b"{broken"


def test_a_save_from_a_newer_version_never_falls_back(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    played(store, 3)
    resume = store.path_of(RESUME)
    record = json.loads(resume.read_text())
    resume.write_text(json.dumps(dict(record, format=99)))
    with pytest.raises(SaveError, match="newer"):
        SaveStore(tmp_path).load(RESUME)


def test_the_next_autosave_keeps_the_good_backup(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    played(store, 3)
    store.path_of(RESUME).write_bytes(b"{")
    fresh = SaveStore(tmp_path)
    session = fresh.load(RESUME)
    session.play(session.state.legal_actions()[0])
    fresh.autosave(session)
    assert len(fresh.load(RESUME).log) == 3
    assert len(list(tmp_path.glob("resume.json.damaged-*"))) == 1, "moved aside, not lost"
