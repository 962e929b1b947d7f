"""Killed during a save: a child process saves two different games in turn to the resume slot
and is SIGKILLed at seeded random moments; the slot must always load into one of the two games,
the temporary files a kill leaves behind must not disturb the listing, and the tidy at start
removes every one of them."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from cats import GAMES
from cats.rng import Rng
from cats.session import Seat, Session
from saves.store import RESUME, SaveStore

ROOT = Path(__file__).resolve().parent.parent
KILLS = 20

CHILD = """
import json, sys
sys.path.insert(0, sys.argv[1])
from cats.session import Session
from saves.store import RESUME, SaveStore
records = json.loads(open(sys.argv[2], encoding="utf-8").read())
sessions = [Session.from_record(r) for r in records]
store = SaveStore()
store.save(RESUME, sessions[1])
print("ready", flush=True)
i = 0
while True:
    store.save(RESUME, sessions[i % 2])
    i += 1
"""

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def two_games() -> list[dict[str, Any]]:
    """Records of two different registered games (two seeds of one game if only one exists)."""
    ids = sorted(GAMES)
    picks = [(ids[0], 1), (ids[1], 2)] if len(ids) > 1 else [(ids[0], 1), (ids[0], 2)]
    records = []
    for game_id, seed in picks:
        info = GAMES[game_id].info
        seats = [Seat(f"Cat {i + 1}") for i in range(max(info.min_players, min(2, info.max_players)))]
        session = Session.start(game_id, seats, seed, {})
        rng = Rng(seed)
        for _ in range(12):
            if session.state.to_move is None:
                break
            actions = session.state.legal_actions()
            session.play(actions[rng.below(len(actions))])
        records.append(session.to_record())
    assert records[0] != records[1]
    return records


def test_resume_slot_survives_kills_mid_save(tmp_path: Path) -> None:
    records = two_games()
    script = tmp_path / "child.py"
    script.write_text(CHILD, encoding="utf-8")
    data = tmp_path / "records.json"
    data.write_text(json.dumps(records), encoding="utf-8")
    store = SaveStore()
    store.save(RESUME, Session.from_record(records[0]))
    # Kill within the time of several saves on this machine, so that kills land all over the
    # child's loop whether saving is quick or slow here.
    sessions = [Session.from_record(record) for record in records]
    start = time.perf_counter()
    for session in sessions:
        store.save(RESUME, session)
    span = max(0.04, 4 * (time.perf_counter() - start))
    rng = Rng(20261130)
    seen = []
    for kill in range(KILLS):
        child = subprocess.Popen([sys.executable, str(script), str(ROOT), str(data)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 env=dict(os.environ))
        try:
            assert child.stdout is not None
            line = child.stdout.readline()
            assert line.strip() == b"ready", child.stderr.read() if child.stderr else line
            time.sleep(span * rng.below(1_000_000) / 1_000_000)
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=10)
        assert child.returncode == -signal.SIGKILL, f"kill {kill}: the child ended by itself"
        loaded = store.load(RESUME)  # never raises: the slot is always whole
        record = loaded.to_record()
        assert record in records, f"kill {kill}: the resume slot holds neither game"
        seen.append(records.index(record))
        infos = store.list()
        assert [i.slot for i in infos] == [RESUME] and infos[0].ok, infos
    assert set(seen) == {0, 1}, f"every kill found the same game: {seen}"
    store.tidy()
    left = sorted(p.name for p in store.folder.iterdir())
    assert left in ([f"{RESUME}.json"], [f"{RESUME}.json", f"{RESUME}.json.bak"]), left
    assert store.load(RESUME).to_record() in records


def test_stray_temporary_files_do_not_break_listing() -> None:
    records = two_games()
    store = SaveStore()
    store.save(RESUME, Session.from_record(records[0]))
    store.save("kept", Session.from_record(records[1]))
    folder = store.folder
    strays = {
        f".{RESUME}.json.12345.tmp": b'{"format": 1, "game": ',     # a write cut short
        f".{RESUME}.json.12345.baktmp": b"",                        # a backup copy cut short
        ".kept.json.999.tmp": json.dumps(records[0]).encode(),     # a whole but unrenamed file
        "kept.json.bak": b"\x00\xff garbage",                       # a damaged backup
        "notes.txt": b"hello",
        ".json": b"{}",
    }
    for name, content in strays.items():
        (folder / name).write_bytes(content)
    (folder / "sub.json").mkdir()  # a folder with a save's name
    infos = {i.slot: i for i in store.list()}
    assert set(infos) == {RESUME, "kept", "sub"}
    assert infos[RESUME].ok and infos["kept"].ok and not infos["sub"].ok
    assert store.load(RESUME).to_record() == records[0]
    assert store.load("kept").to_record() == records[1]
    # A new save over the slot still works, and the strays are left alone.
    store.save(RESUME, Session.from_record(records[1]))
    assert store.load(RESUME).to_record() == records[1]
    for name, content in strays.items():
        assert (folder / name).read_bytes() == content
