"""Saves: atomic writes with a backup, previews, damaged/foreign/newer files reported by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cats.session import Seat, Session
from saves.jsonfile import backup_of
from saves.profiles import ProfileBook
from saves.settings import UI_SCALES, Settings, load_settings, save_settings
from saves.store import SaveError, SaveStore


def played(moves: int = 6, seed: int = 3) -> Session:
    s = Session.start("gambit", [Seat("Mia")], seed, {"umbra": True})
    for i in range(moves):
        if s.state.to_move is None:
            break
        s.play(s.state.legal_actions()[i % len(s.state.legal_actions())])
    return s


def test_save_and_load_round_trip(nine_lives_home: Path) -> None:
    store = SaveStore()
    s = played()
    path = store.save("My game", s)
    assert path.parent == nine_lives_home / "data" / "saves"
    loaded = store.load("My game")
    assert loaded.state == s.state and len(loaded.log) == len(s.log)


def test_second_save_keeps_a_backup_of_the_first() -> None:
    store = SaveStore()
    store.save("slot", played(2))
    first = store.path_of("slot").read_text()
    store.save("slot", played(5))
    assert backup_of(store.path_of("slot")).read_text() == first


def test_list_shows_preview_and_damaged_files_by_name() -> None:
    store = SaveStore()
    store.save("good", played())
    store.path_of("bad").write_text('{"format": 1, "game": "gambit", "actions": [')
    infos = {i.slot: i for i in store.list()}
    assert infos["good"].ok and infos["good"].title == "Cat's Gambit"
    assert infos["good"].players == ("Mia",) and "Turn" in infos["good"].progress
    assert not infos["bad"].ok and "bad.json" in infos["bad"].error


@pytest.mark.parametrize("content,needle", [
    (b"", "damaged"),
    (b"\xff\xfe\x00garbage", "not text"),
    (b"[1, 2, 3]", "does not hold"),
    (b'{"format": 99, "game": "gambit"}', "newer"),
    (b'{"format": 1, "game": "chess", "seed": 1, "players": [], "actions": []}', "unknown game"),
    (b'{"format": 1, "app": "other-app"}', "not a Nine Lives"),
    (b"[" * 100000 + b"]" * 100000, "nested"),
])
def test_hostile_file_is_reported_by_name_and_left_untouched(content: bytes, needle: str) -> None:
    store = SaveStore()
    store.folder.mkdir(parents=True, exist_ok=True)
    path = store.path_of("hostile")
    path.write_bytes(content)
    with pytest.raises(SaveError) as err:
        store.load("hostile")
    assert "hostile.json" in str(err.value) and needle in str(err.value)
    assert path.read_bytes() == content


def test_truncated_save_fails_cleanly_at_every_offset() -> None:
    store = SaveStore()
    store.save("whole", played(8))
    data = store.path_of("whole").read_bytes()
    for cut in range(0, len(data) - 1, max(1, len(data) // 60)):
        store.path_of("cut").write_bytes(data[:cut])
        with pytest.raises(SaveError, match="cut.json"):
            store.load("cut")


def test_slot_names_cannot_leave_the_save_folder() -> None:
    store = SaveStore()
    for name in ("../evil", "a/b", "..", "", "x" * 80, "C:\\x"):
        with pytest.raises(SaveError):
            store.path_of(name)


def test_a_save_name_may_be_written_in_chinese() -> None:
    store = SaveStore()
    session = played(3)
    store.save("貓棋 第二局", session)
    assert [i.slot for i in store.list()] == ["貓棋 第二局"]
    assert store.load("貓棋 第二局").state == session.state
    for name in ("貓/棋", "貓：棋", "_貓", "貓" * 41):  # a path, a drive mark, no letter first, long
        with pytest.raises(SaveError, match="save name"):
            store.path_of(name)


def test_a_name_typed_decomposed_is_the_same_save() -> None:
    store = SaveStore()
    store.save("Café", played(2))        # é as one character
    assert store.exists("Cafe\u0301")    # e and a combining accent: the same name
    assert store.path_of("Cafe\u0301") == store.path_of("Café")


def test_interrupted_write_leaves_the_old_save(monkeypatch: pytest.MonkeyPatch) -> None:
    store = SaveStore()
    store.save("slot", played(2))
    before = store.path_of("slot").read_text()

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr("saves.jsonfile.os.replace", boom)
        with pytest.raises(SaveError, match=r"slot\.json.*No space left"):
            store.save("slot", played(6))
    assert store.path_of("slot").read_text() == before
    assert store.load("slot").state.to_json()


def test_delete_removes_slot_and_backup() -> None:
    store = SaveStore()
    store.save("slot", played(1))
    store.save("slot", played(2))
    store.delete("slot")
    assert not store.exists("slot") and not backup_of(store.path_of("slot")).exists()


def test_settings_round_trip_and_damaged_file_kept(nine_lives_home: Path) -> None:
    save_settings(Settings(effects_volume=0.2, music_volume=0.1, animation_speed=2.0))
    loaded, problem = load_settings()
    assert problem == "" and loaded.animation_speed == 2.0
    assert (loaded.effects_volume, loaded.music_volume) == (0.2, 0.1)
    path = nine_lives_home / "config" / "settings.json"
    path.write_text("{oops")
    loaded, problem = load_settings()
    assert "settings.json" in problem and loaded == Settings()
    assert path.read_text() == "{oops"


def test_profiles_best_and_group_tally() -> None:
    book = ProfileBook().load()
    book.add("Mia")
    book.add("Leo")
    assert book.get("Leo").symbol != book.get("Mia").symbol
    assert book.record_best("Mia", "gambit", 12) and not book.record_best("Mia", "gambit", 9)
    book.record_win(["Mia", "Leo"], ["Leo"])
    book.record_win(["Leo", "Mia"], ["Leo", "Mia"])
    book.save()
    again = ProfileBook().load()
    assert again.get("Mia").best["gambit"] == 12
    assert again.groups[0].tally == {"Leo": 2, "Mia": 1}


def test_damaged_profiles_file_is_never_overwritten(nine_lives_home: Path) -> None:
    path = nine_lives_home / "data" / "profiles.json"
    path.parent.mkdir(parents=True)
    path.write_text("not json")
    book = ProfileBook().load()
    assert "profiles.json" in book.problem
    book.add("Mia")
    book.save()
    assert path.read_text() == "not json"


def test_catch22_save_from_before_the_dice_cap_still_loads() -> None:
    """A Catch 22 save written when the state kept every roll (a longer ``dice`` list in the
    snapshot) loads: the snapshot is read through the engine before the replay check."""
    from cats.catch22.state import DICE_KEPT
    store = SaveStore()
    s = Session.start("catch22", [Seat("Ann"), Seat("Bob")], 12, {})
    while s.state.to_move is not None and s.state.reveals <= DICE_KEPT + 5:
        s.play(s.state.legal_actions()[0])
    assert s.state.reveals > DICE_KEPT, "the game rolled more dice than the state keeps"
    path = store.save("long game", s)
    record = json.loads(path.read_text())
    record["format"] = 1   # as the version before the cap wrote it
    older = [[0, 0, 3], [0, 1, 5]] + [[1, 0, 4]] * 10
    record["snapshot"]["dice"] = older + record["snapshot"]["dice"]
    path.write_text(json.dumps(record))
    loaded = store.load("long game")
    assert loaded.state == s.state and len(loaded.log) == len(s.log)
    record["snapshot"]["dice"][-1] = [99, 0, 6]   # a snapshot that differs is still refused
    path.write_text(json.dumps(record))
    with pytest.raises(SaveError, match="long game"):
        store.load("long game")


def test_an_interface_size_larger_than_any_offered_reads_as_100_percent() -> None:
    """Up to 150 % (above 100 % only the text grows); anything larger reads as 100 %."""
    assert max(UI_SCALES) == 1.5
    assert Settings(ui_scale=1.5).clamp().ui_scale == 1.5
    assert Settings(ui_scale=2.0).clamp().ui_scale == 1.0
    assert Settings(ui_scale=0.9).clamp().ui_scale == 0.9
