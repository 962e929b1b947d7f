"""Hostile save files, generated from a real save of every registered game.

Truncations, flipped bytes, wrong types and extreme numbers in every top-level field and in the
logged actions, deep nesting, unknown games, newer formats, an illegal move in the middle of the
log, and slot names that try to leave the save folder. Every one must end in a ``SaveError``
naming the file (or, for a change that does not matter such as the preview text, in the same
game), change no file in the folder (bytes and modification times), and leave every other save
listed and loadable. (``tests/test_saves.py`` has the hand-written basics.)
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

import pytest

from cats import GAMES
from cats.rng import Rng
from cats.session import SAVE_FORMAT, Seat, Session
from saves.store import SaveError, SaveStore

GAME_IDS = sorted(GAMES)
HOSTILE = "hostile"
REQUIRED = ("format", "game", "seed", "players", "actions", "options")
ODD_VALUES: list[Any] = [None, True, False, 0, -1, 1.5, -(2**63), 2**63, 10**30, -(10**30), 1e308,
                         "", "x" * 10_000, "gambit", [], [1, "a"], {}, {"kind": "draw"}]


@lru_cache(maxsize=None)
def _real(game_id: str) -> tuple[str, str]:
    """(record JSON, state JSON) of a real session of ``game_id``: random moves, not finished."""
    info = GAMES[game_id].info
    players = max(info.min_players, min(2, info.max_players))
    seats = [Seat(f"Cat {i + 1}") for i in range(players)]
    session = Session.start(game_id, seats, 4242 + players, {})
    rng = Rng(99)
    for _ in range(40):
        if session.state.to_move is None:
            break
        actions = session.state.legal_actions()
        session.play(actions[rng.below(len(actions))])
    record = dict(session.to_record(), app="nine-lives", saved_at=1_700_000_000.0)
    return json.dumps(record), json.dumps(session.state.to_json())


def real_record(game_id: str) -> dict[str, Any]:
    """A fresh copy of the real record of ``game_id``."""
    return json.loads(_real(game_id)[0])


def real_state(game_id: str) -> dict[str, Any]:
    """The state JSON the real record of ``game_id`` loads into."""
    return json.loads(_real(game_id)[1])


def good_slot(game_id: str) -> str:
    return f"good {game_id}"


def folder_files(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file in the folder: its bytes and modification time (ns)."""
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture()
def store() -> SaveStore:
    """A save folder holding one good save of every registered game."""
    store = SaveStore()
    for gid in GAME_IDS:
        store.folder.mkdir(parents=True, exist_ok=True)
        store.path_of(good_slot(gid)).write_text(_real(gid)[0], encoding="utf-8")
    return store


def others_intact(store: SaveStore, load: bool = False) -> None:
    """Every good save is still listed as readable (and, if asked, loads into its game)."""
    infos = {i.slot: i for i in store.list()}
    for info in infos.values():
        info.when()  # must not raise, whatever the file says
    for gid in GAME_IDS:
        info = infos[good_slot(gid)]
        assert info.ok and info.game == gid, info.error
        if load:
            assert store.load(good_slot(gid)).state.to_json() == real_state(gid)


def attack(store: SaveStore, content: bytes, game_id: str, must_fail: bool = True) -> str:
    """Put ``content`` in the hostile slot and try it; returns "refused" or "loaded"."""
    path = store.path_of(HOSTILE)
    path.write_bytes(content)
    before = folder_files(store.folder)
    try:
        session = store.load(HOSTILE)
    except SaveError as exc:
        assert f"{HOSTILE}.json" in str(exc), f"the message does not name the file: {exc}"
        result = "refused"
    else:
        assert not must_fail, f"a hostile file loaded: {content[-300:]!r}"
        # Only a change that does not matter may load, and then into the very same game.
        assert session.game_id == game_id and session.state.to_json() == real_state(game_id)
        result = "loaded"
    infos = {i.slot: i for i in store.list()}
    assert infos[HOSTILE].ok or f"{HOSTILE}.json" in infos[HOSTILE].error
    assert folder_files(store.folder) == before, "a file in the save folder changed"
    others_intact(store)
    return result


def dump(record: Any) -> bytes:
    return json.dumps(record).encode("utf-8")


def nested(depth: int, leaf: Any = 1, as_dict: bool = False) -> Any:
    value = leaf
    for _ in range(depth):
        value = {"a": value} if as_dict else [value]
    return value


def deep_text(depth: int, as_dict: bool = False) -> bytes:
    """JSON text nested ``depth`` deep, made as text (no encoder recursion at any depth)."""
    if as_dict:
        return b'{"a": ' * depth + b"1" + b"}" * depth
    return b"[" * depth + b"1" + b"]" * depth


def dump_deep(record: dict[str, Any], path: tuple[Any, ...], raw: bytes) -> bytes:
    """``record`` as JSON with the value at ``path`` replaced by the raw JSON text ``raw``."""
    record = copy.deepcopy(record)
    target: Any = record
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = "@@DEEP@@"
    return dump(record).replace(b'"@@DEEP@@"', raw)


# -- the byte-level corpus -----------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAME_IDS)
def test_truncated_real_save_is_refused_at_every_offset(store: SaveStore, game_id: str) -> None:
    data = dump(real_record(game_id))
    step = max(1, len(data) // 80)
    for cut in list(range(0, len(data) - 1, step)) + [len(data) - 1]:
        attack(store, data[:cut], game_id)
    others_intact(store, load=True)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_flipped_bytes_are_refused_or_harmless(store: SaveStore, game_id: str) -> None:
    data = store.path_of(good_slot(game_id)).read_bytes()
    rng = Rng(sum(map(ord, game_id)))
    results = []
    for _ in range(60):
        damaged = bytearray(data)
        for _ in range(1 + rng.below(3)):
            damaged[rng.below(len(damaged))] ^= 1 + rng.below(255)
        results.append(attack(store, bytes(damaged), game_id, must_fail=False))
    assert results.count("refused") > len(results) // 2
    others_intact(store, load=True)


# -- field-level corpus --------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAME_IDS)
def test_wrong_types_in_every_top_level_field(store: SaveStore, game_id: str) -> None:
    original = real_record(game_id)
    for key in original:
        for value in ODD_VALUES + ["__missing__"]:
            record = copy.deepcopy(original)
            if value == "__missing__":
                del record[key]
            else:
                record[key] = value
            if key in record and json.dumps(record[key]) == json.dumps(original[key]):
                continue
            # Required fields must refuse any other value, except options left to defaults.
            fails = key in REQUIRED and not (key == "options" and value in ({}, "__missing__"))
            if key in ("snapshot", "app") and value not in (None, "__missing__"):
                fails = True
            attack(store, dump(record), game_id, must_fail=fails)
    others_intact(store, load=True)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_huge_negative_and_odd_numbers_in_seed_counts_and_actions(store: SaveStore,
                                                                  game_id: str) -> None:
    original = real_record(game_id)
    for seed in (-1, -(2**70), 2**63, 2**64 + 5, 10**4000 // 10**3990, 1.0, 4e18):
        attack(store, dump(dict(original, seed=seed)), game_id)
    # Too many digits to be a number at all (Python refuses > 4300 digits).
    attack(store, dump(original).replace(b'"seed": ', b'"seed": ' + b"9" * 5000 + b", \"x\": "),
           game_id)
    for players in ([], [original["players"][0]] * 50, original["players"] * 2):
        attack(store, dump(dict(original, players=players)), game_id)
    for level in (-1, 4, 10**30, "1"):
        seats = copy.deepcopy(original["players"])
        seats[0] = dict(seats[0], kind="bot", level=level)
        attack(store, dump(dict(original, players=seats)), game_id)
    # Every option (scripted set-ups included): extreme numbers and wrong types.
    for spec in GAMES[game_id].info.options:
        for value in (-1, -(10**30), 10**30, 2**63, 1e308, "x", [10**30], [[-1]], {"a": 1}, True):
            options = dict(original["options"], **{spec.name: value})
            if options != original["options"]:
                attack(store, dump(dict(original, options=options)), game_id, must_fail=False)
    # Every field of a few logged actions: extreme numbers, wrong types, deep values.
    actions = original["actions"]
    picks = sorted({0, len(actions) // 2, len(actions) - 1}) if actions else []
    odd = [-1, -(10**18), 10**18, 2**63, 10**100, 1e308, -0.5, "1", None, True, [], {},
           nested(60), [[[-1]]]]
    for i in picks:
        for name in [k for k in actions[i] if k != "kind"] or ["extra"]:
            for value in odd:
                record = copy.deepcopy(original)
                record["actions"][i][name] = value
                if record["actions"][i] == actions[i]:
                    continue
                # A different action may happen to be legal and lead to the same position.
                attack(store, dump(record), game_id, must_fail=False)
        for kind in (None, 5, [], "no-such-kind", "x" * 5000):
            record = copy.deepcopy(original)
            record["actions"][i] = dict(actions[i], kind=kind)
            attack(store, dump(record), game_id)
        record = copy.deepcopy(original)
        record["actions"][i] = [actions[i]]
        attack(store, dump(record), game_id)
    others_intact(store, load=True)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_deeply_nested_json_anywhere(store: SaveStore, game_id: str) -> None:
    original = real_record(game_id)
    for depth in (50, 400, 900, 5_000, 200_000):
        for as_dict in (False, True):
            raw = deep_text(depth, as_dict)
            for key in ("game", "players", "actions", "options", "snapshot", "progress", "seed",
                        "format"):
                attack(store, dump_deep(original, (key,), raw), game_id,
                       must_fail=key != "progress")
            for path in (("players", 0), ("players", 0, "name"), ("actions", 0),
                         ("options", "extra")):
                attack(store, dump_deep(original, path, raw), game_id)
            action = original["actions"][0]
            for name in [k for k in action if k != "kind"] + ["kind", "extra"]:
                attack(store, dump_deep(original, ("actions", 0, name), raw), game_id)
    # Raw text nested deeper than any parser allows, and a whole file that is one deep list.
    attack(store, b'{"format": 1, "game": ' + b"[" * 300_000 + b"]" * 300_000 + b"}", game_id)
    attack(store, b"{" * 50_000, game_id)
    others_intact(store, load=True)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_unknown_game_and_newer_or_foreign_format(store: SaveStore, game_id: str) -> None:
    original = real_record(game_id)
    for game in ("chess", "", "GAMBIT", "../" + game_id, game_id + "\x00", ["x"], {"id": game_id}):
        attack(store, dump(dict(original, game=game)), game_id)
    for fmt in (SAVE_FORMAT + 1, 10**30, 0, -5, str(SAVE_FORMAT), None, 1.0, [1]):
        attack(store, dump(dict(original, format=fmt)), game_id)
    with pytest.raises(SaveError, match="newer"):
        store.path_of(HOSTILE).write_bytes(dump(dict(original, format=SAVE_FORMAT + 1)))
        store.load(HOSTILE)
    for other in GAME_IDS:  # another game's name on this game's log
        if other != game_id:
            attack(store, dump(dict(original, game=other)), game_id)
    others_intact(store, load=True)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_illegal_action_in_the_middle_of_the_log(store: SaveStore, game_id: str) -> None:
    original = real_record(game_id)
    actions = original["actions"]
    assert len(actions) >= 3, "the real game is too short to test"
    middle = len(actions) // 2
    info = GAMES[game_id].info
    seats = [Seat.from_json(p) for p in original["players"]]
    session = Session.replay(game_id, seats, original["seed"], original["options"],
                             actions[:middle])
    legal = {json.dumps(a.to_json(), sort_keys=True) for a in session.state.legal_actions()}
    illegal: Optional[dict[str, Any]] = next(
        (a for a in actions if json.dumps(a, sort_keys=True) not in legal), None)
    assert illegal is not None, f"{info.id}: every logged action is legal in the middle"
    for snapshot in (original["snapshot"], None):
        record = dict(original, actions=actions[:middle] + [illegal] + actions[middle + 1:],
                      snapshot=snapshot)
        store.path_of(HOSTILE).write_bytes(dump(record))
        with pytest.raises(SaveError, match=f"{HOSTILE}.json.*move {middle + 1}"):
            store.load(HOSTILE)
        attack(store, dump(record), game_id)
    # A log cut short while the snapshot remains.
    attack(store, dump(dict(original, actions=actions[:middle])), game_id)
    others_intact(store, load=True)


# -- slot names ----------------------------------------------------------------------------------

BAD_NAMES = ["../evil", "..", "../../etc/passwd", "/etc/passwd", "/tmp/x", "C:\\Windows\\x",
             "C:x", "a/b", "a\\b", "\\\\server\\share", "a\x00b", "\x00", "x" * 41, "x" * 5000,
             "CON", "con", "Nul", "PRN", "AUX", "COM1", "lpt9", " CON ", "", "   ", ".hidden",
             "resume.json", "a:b", "a*b", "a?b", "<a>", "a|b", 'a"b', "\n", "a\tb"]


@pytest.mark.parametrize("name", BAD_NAMES, ids=[repr(n)[:20] for n in BAD_NAMES])
def test_slot_names_that_leave_the_folder_are_refused(store: SaveStore, tmp_path: Path,
                                                      name: str) -> None:
    session = Session.from_record(real_record(GAME_IDS[0]))
    before = folder_files(store.folder)
    outside = sorted(str(p) for p in tmp_path.rglob("*"))
    for call in (lambda: store.save(name, session), lambda: store.load(name),
                 lambda: store.delete(name), lambda: store.exists(name),
                 lambda: store.read_record(name), lambda: store.path_of(name)):
        with pytest.raises(SaveError, match="save name|device"):
            call()
    assert folder_files(store.folder) == before
    assert sorted(str(p) for p in tmp_path.rglob("*")) == outside
    others_intact(store)


def test_listing_skips_files_whose_names_are_not_slots(store: SaveStore) -> None:
    for name in ("CON.json", "..json", ".hidden.json", "x" * 60 + ".json", "a b$.json"):
        (store.folder / name).write_text(_real(GAME_IDS[0])[0])
    listed = {i.slot for i in store.list()}
    assert listed == {good_slot(g) for g in GAME_IDS}
    others_intact(store, load=True)


def test_preview_of_odd_records_never_raises(store: SaveStore) -> None:
    """The Load dialog's list survives odd values in the fields it previews."""
    original = real_record(GAME_IDS[0])
    odd: list[dict[str, Any]] = [
        {"players": 5}, {"players": "abc"}, {"players": [nested(900)]},
        {"players": [{"name": nested(900)}]}, {"game": ["gambit"]}, {"game": {"a": 1}},
        {"game": nested(900)}, {"saved_at": 10**400}, {"saved_at": 1e308}, {"saved_at": -1e300},
        {"saved_at": "yesterday"}, {"saved_at": True}, {"progress": nested(900)},
        {"progress": 5}, {"over": nested(900)},
    ]
    for change in odd:
        key, value = next(iter(change.items()))
        store.path_of(HOSTILE).write_bytes(dump_deep(original, (key,), dump(value)))
        infos = {i.slot: i for i in store.list()}
        assert infos[HOSTILE].when() is not None
        others_intact(store)
    for special in (b'{"format": 1, "saved_at": NaN}', b'{"format": 1, "saved_at": Infinity}',
                    b'{"format": 1, "saved_at": -Infinity, "game": "gambit"}'):
        store.path_of(HOSTILE).write_bytes(special)
        assert [i.when() for i in store.list()]
        others_intact(store)


# -- the engines' own readers ----------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAME_IDS)
def test_state_from_json_refuses_hostile_positions_with_value_error(game_id: str) -> None:
    """A damaged position never crashes a game's ``from_json`` with anything but ValueError."""
    cls = GAMES[game_id].state_class
    snapshot = real_state(game_id)
    assert cls.from_json(snapshot).to_json() == snapshot
    for key in snapshot:
        missing = copy.deepcopy(snapshot)
        del missing[key]
        with pytest.raises(ValueError):
            cls.from_json(missing)
        for value in ODD_VALUES + [nested(50), [[None]], [[10**30, -1, "x"]]]:
            data = copy.deepcopy(snapshot)
            data[key] = value
            try:  # some odd values fit the field (a number for a number); none may crash
                cls.from_json(data)
            except ValueError:
                pass
    for value in ODD_VALUES:  # none of them is a position
        with pytest.raises(ValueError):
            cls.from_json(value)  # type: ignore[arg-type]
