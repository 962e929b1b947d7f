"""Saves written by release 0.1 (tests/data/saves-0.1, made by that build: every game and player
count, part-way and finished, and option variants) still load and replay to their snapshots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cats.session import Session

SAVES = sorted((Path(__file__).parent / "data" / "saves-0.1").glob("*.json"))


def test_the_release_saves_cover_every_game_and_player_count() -> None:
    from cats import GAMES

    names = {p.stem for p in SAVES}
    for gid, game in GAMES.items():
        for n in game.info.player_counts():
            assert {f"{gid}-{n}p-mid", f"{gid}-{n}p-over"} <= names, (gid, n)


@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_a_release_save_replays_to_its_snapshot(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    session = Session.from_record(record)   # refuses a replay that misses the snapshot
    assert session.state.to_json() == record["snapshot"]
    assert len(session.log) == len(record["actions"])
    assert (session.state.outcome() is not None) == record["over"]
