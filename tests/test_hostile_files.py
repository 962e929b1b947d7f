"""Hostile files and folders at the paths the app reads: FIFOs, devices, links, folders, huge
and growing files, numbers too large for the code, NaN, and names no screen can show.

Every read ends at once with a message naming the file (never blocking, never following a link,
never reading past the limit) and leaves the file as it was; every value read is one the code can
use. (``test_hostile_saves.py`` has the corpus of damaged save records.)
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from cats.session import Seat, Session
from saves.jsonfile import MAX_BYTES, FileProblem, read_json_object
from saves.profiles import ProfileBook
from saves.settings import Settings, load_settings, save_settings
from saves.store import SaveError, SaveStore
from saves.values import clean_name, name_problem, seed_of

POSIX = pytest.mark.skipif(os.name != "posix", reason="FIFOs, devices and links need POSIX")
BAD_NAMES = ["a\x00b", "\x00", "Mia\ud800", "\udfff", "\u200b", "\u200b\u200c\u200d\ufeff",
             "\u2800", "\u3164", " \u200b ", "a\nb", "tab\there", "\x1b[31mred", "\u0301\u0301",
             "line\u2028break", ""]
GOOD_NAMES = ["Mia", "Zoë", "李雷", "Ann-Marie O'Neil", "🐱", "a\u200bb", "x" * 40]


def played(moves: int = 3, name: str = "Mia", seed: int = 3) -> Session:
    session = Session.start("gambit", [Seat(name)], seed, {})
    for _ in range(moves):
        session.play(session.state.legal_actions()[0])
    return session


def snapshot(folder: Path) -> dict[str, Any]:
    """Every entry in ``folder``: what it is and (for files) its bytes."""
    out: dict[str, Any] = {}
    for p in sorted(folder.iterdir()):
        out[p.name] = (os.readlink(p) if p.is_symlink() else
                       p.read_bytes() if p.is_file() else "fifo" if p.is_fifo() else "dir")
    return out


# -- what can be at the path --------------------------------------------------------------------

@POSIX
def test_a_fifo_a_device_a_link_and_a_folder_are_refused_at_once(tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"format": 2, "game": "gambit"}))
    cases = {"fifo.json": lambda p: os.mkfifo(p), "zero.json": lambda p: p.symlink_to("/dev/zero"),
             "link.json": lambda p: p.symlink_to(outside), "dir.json": lambda p: p.mkdir(),
             "loop.json": lambda p: p.symlink_to(p)}
    for name, make in cases.items():
        path = tmp_path / name
        make(path)
        with pytest.raises(FileProblem) as err:
            read_json_object(path)  # a FIFO with no writer would block a plain open() forever
        assert str(err.value).startswith(name), err.value
    assert outside.read_text() == json.dumps({"format": 2, "game": "gambit"})


@POSIX
def test_a_device_or_fifo_as_a_save_is_listed_by_name_and_others_still_load() -> None:
    store = SaveStore()
    store.save("good", played())
    os.mkfifo(store.path_of("fifo"))
    (store.path_of("dev")).symlink_to("/dev/urandom")
    infos = {i.slot: i for i in store.list()}
    assert infos["good"].ok
    assert "fifo.json" in infos["fifo"].error and "dev.json" in infos["dev"].error
    for slot in ("fifo", "dev"):
        with pytest.raises(SaveError, match=f"{slot}.json"):
            store.load(slot)
    assert store.load("good").state == played().state


def test_a_file_larger_than_the_limit_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as fh:  # sparse: 200 MB that take no room
        fh.truncate(200 * 1024 * 1024)
    with pytest.raises(FileProblem, match="too large"):
        read_json_object(path)
    path.write_bytes(b'{"a": "' + b"x" * (MAX_BYTES - 9) + b'"}')
    assert os.path.getsize(path) == MAX_BYTES
    assert len(read_json_object(path)["a"]) == MAX_BYTES - 9


@POSIX
def test_a_file_that_grows_while_it_is_read_is_cut_at_the_limit(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """fstat says small, the file is larger by the time it is read: never read past the limit."""
    import saves.jsonfile as jsonfile

    path = tmp_path / "growing.json"
    path.write_bytes(b"{}")
    real_fstat = os.fstat
    path.write_bytes(b"[" * (MAX_BYTES + 10))
    monkeypatch.setattr(jsonfile.os, "fstat",
                        lambda fd: os.stat_result((*real_fstat(fd)[:6], 2, *real_fstat(fd)[7:])))
    reads: list[int] = []
    real_read = os.read
    monkeypatch.setattr(jsonfile.os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    with pytest.raises(FileProblem, match="too large"):
        read_json_object(path)
    assert sum(reads) <= MAX_BYTES + 1 + (1 << 20)


# -- settings and profiles: values too large, NaN, wrong types -----------------------------------

@pytest.mark.parametrize("text,field", [
    ('{"bot_pace": ' + "9" * 401 + "}", "bot_pace"),
    ('{"bot_pace": NaN}', "bot_pace"), ('{"effects_volume": Infinity}', "effects_volume"),
    ('{"music_volume": -Infinity}', "music_volume"),
    ('{"animation_speed": NaN}', "animation_speed"),
    ('{"ui_scale": 1e400}', "ui_scale"), ('{"animation_speed": true}', "animation_speed"),
    ('{"fullscreen": "yes"}', "fullscreen"), ('{"language": ["en"]}', "language"),
    ('{"music_volume": "0.5"}', "music_volume"),
    ('{"colour_blind_marks": null}', "colour_blind_marks"),
])
def test_a_settings_value_the_code_cannot_use_gets_the_default_and_a_message(
        nine_lives_home: Path, text: str, field: str) -> None:
    path = nine_lives_home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(text)
    settings, problem = load_settings()
    assert "settings.json" in problem and field in problem
    assert getattr(settings, field) == getattr(Settings(), field)
    assert all(v == v for v in vars(settings).values()), "no NaN gets through"
    assert path.read_text() == text
    save_settings(settings)  # what was loaded can be written back
    assert load_settings()[1] == ""


def test_settings_in_range_are_kept_and_out_of_range_clamped(nine_lives_home: Path) -> None:
    path = nine_lives_home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"bot_pace": 99, "effects_volume": -3, "music_volume": 5, '
                    '"animation_speed": 2, "ui_scale": 0.9}')
    settings, problem = load_settings()
    assert problem == ""
    assert (settings.bot_pace, settings.effects_volume, settings.music_volume,
            settings.animation_speed, settings.ui_scale) == (3.0, 0.0, 1.0, 2.0, 0.9)


PROFILE_CASES = [
    {"profiles": [{"name": "Mia", "best": {"gambit": 10**400}}]},
    {"profiles": [{"name": "Mia", "best": {"gambit": float("inf")}}]},
    {"profiles": [{"name": "Mia", "best": {"gambit": float("nan")}}]},
    {"profiles": [{"name": "Mia", "best": {"gambit": True}}]},
    {"profiles": [{"name": "Mia", "best": [1, 2]}]},
    {"groups": [{"name": "G", "members": ["Mia"], "tally": {"Mia": float("inf")}}]},
    {"groups": [{"name": "G", "members": ["Mia"], "tally": {"Mia": 10**400}}]},
    {"groups": [{"name": "G", "members": ["Mia"], "tally": {"Mia": -1}}]},
    {"groups": [{"name": "G", "members": "Mia"}]},
    {"groups": [{"name": "G", "members": ["Mia\x00"]}]},
    {"profiles": "Mia"},
    {"profiles": [5, None, []]},
    *[{"profiles": [{"name": bad}]} for bad in BAD_NAMES],
]


@pytest.mark.parametrize("data", PROFILE_CASES, ids=[str(i) for i in range(len(PROFILE_CASES))])
def test_profiles_with_values_the_code_cannot_use_are_reported_and_kept(
        nine_lives_home: Path, data: dict[str, Any]) -> None:
    path = nine_lives_home / "data" / "profiles.json"
    path.parent.mkdir(parents=True)
    good = {"name": "Leo", "best": {"box": 7}}
    data = dict(data, profiles=[good, *data["profiles"]] if isinstance(
        data.get("profiles"), list) else data.get("profiles", [good]))
    path.write_text(json.dumps(data))  # Infinity, NaN, 401-digit numbers, \ud800 as JSON has them
    before = path.read_bytes()
    book = ProfileBook().load()
    assert "profiles.json" in book.problem
    for profile in book.profiles:
        assert not name_problem(profile.name)
        assert all(isinstance(v, float) and abs(v) < 1e300 for v in profile.best.values())
    for group in book.groups:
        assert all(isinstance(v, int) and 0 <= v for v in group.tally.values())
    if isinstance(data.get("profiles"), list):
        assert book.get("Leo") is not None and book.get("Leo").best == {"box": 7.0}  # type: ignore[union-attr]
    book.add("New")
    book.save()  # refused: the file on disk is kept as it was
    assert path.read_bytes() == before


def test_the_app_starts_whatever_the_settings_and_profiles_hold(nine_lives_home: Path) -> None:
    from screens.app import build_context

    (nine_lives_home / "config").mkdir(parents=True)
    (nine_lives_home / "data").mkdir(parents=True)
    (nine_lives_home / "config" / "settings.json").write_text('{"bot_pace": ' + "9" * 401 + "}")
    (nine_lives_home / "data" / "profiles.json").write_text(
        '{"profiles": [{"name": "Mia", "best": {"gambit": ' + "1" + "0" * 400 + '}}],'
        ' "groups": [{"name": "G", "members": ["Mia"], "tally": {"Mia": Infinity}}]}')
    ctx = build_context(headless=True)  # raised OverflowError before
    ctx.executor.shutdown()
    assert "settings.json" in ctx.notice and "bot_pace" in ctx.notice
    assert "profiles.json" in ctx.profiles.problem
    assert ctx.settings.bot_pace == Settings().bot_pace


# -- names ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", BAD_NAMES, ids=[repr(n)[:16] for n in BAD_NAMES])
def test_a_name_no_screen_can_show_is_refused(name: str) -> None:
    assert name_problem(name)
    assert clean_name(name, "Player 1") == "Player 1"


@pytest.mark.parametrize("name", GOOD_NAMES)
def test_ordinary_names_are_kept(name: str) -> None:
    assert name_problem(name) == "" and clean_name(name, "x") == name


@pytest.mark.parametrize("name", ["a\x00b", "Mia\ud800", "\u200b"], ids=["nul", "surrogate", "zw"])
def test_a_save_with_such_a_name_loads_as_player_n_and_later_saves_work(name: str) -> None:
    store = SaveStore()
    store.save("good", played())
    record = played().to_record()
    record["players"][0]["name"] = name
    path = store.path_of("odd")
    path.write_bytes(json.dumps(dict(record, app="nine-lives"), ensure_ascii=True).encode())
    before = path.read_bytes()
    infos = {i.slot: i for i in store.list()}
    assert infos["odd"].ok and infos["odd"].players == ("Player 1",)
    session = store.load("odd")
    assert session.seats[0].name == "Player 1" and "odd.json" in store.last_notes[0]
    assert path.read_bytes() == before, "reading repairs nothing on disk"
    store.autosave(session)  # a surrogate name used to make every later save fail
    store.save("odd", session)
    assert store.load("odd").seats[0].name == "Player 1" and store.load("good")


def test_a_seat_named_with_a_surrogate_is_refused_by_the_writer_not_crashing() -> None:
    store = SaveStore()
    with pytest.raises(SaveError, match="could not be written"):
        store.save("x", Session.start("gambit", [Seat("Mia\ud800")], 1, {}))
    assert not store.folder.exists() or list(store.folder.iterdir()) == []


@pytest.mark.parametrize("text", ["²", "٣٤", "9" * 5000, "-" * 3, "\ud800", "12", " 42 ", "x"])
def test_any_typed_seed_gives_a_seed(text: str) -> None:
    from cats.rng import seed_from_text

    seed = seed_of(text)
    assert 0 <= seed < 2**63 and seed == seed_of(text)
    if text.strip().isascii() and len(text) < 100 and "\ud800" not in text:
        assert seed == seed_from_text(text), "the seeds players already use are unchanged"


# -- slot names and the files they lead to --------------------------------------------------------

@pytest.mark.skipif(sys.platform == "win32", reason="Windows has no such file names")
def test_only_files_a_slot_name_leads_back_to_are_listed_and_deleted() -> None:
    store = SaveStore()
    store.save("a", played(1))
    store.folder.joinpath("a .json").write_bytes(store.path_of("a").read_bytes())
    store.folder.joinpath("a\n.json").write_bytes(store.path_of("a").read_bytes())
    store.folder.joinpath(" a.json").write_bytes(store.path_of("a").read_bytes())
    infos = store.list()
    assert [i.slot for i in infos] == ["a"]
    assert all(i.path == store.path_of(i.slot) for i in infos)
    store.delete(infos[0].slot)
    left = sorted(p.name for p in store.folder.iterdir())
    assert left == [" a.json", "a\n.json", "a .json"], "only the listed file went"
