"""Session: undo/redo limits, exact replay, bot moves off the caller's thread."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from cats.core import IllegalAction
from cats.session import Seat, Session

DECK = ["B", "N", "R", "C", "B", "N", "R", "C", "C", "C"]
PAWNS = ["banish", "burrow", "call", "leap", "push"]


def gambit(**options: object) -> Session:
    return Session.start("gambit", [Seat("Mia")], 11,
                         {"deck": DECK, "pawns": PAWNS, **options})


def test_undo_stops_at_a_draw_but_takes_back_a_placement() -> None:
    s = gambit()
    s.play(s.state.parse("draw"))
    assert not s.can_undo(), "a draw revealed a card: it cannot be undone"
    before = s.state.clone()
    s.play(s.state.legal_actions()[0])
    assert s.can_undo()
    assert s.undo()
    assert s.state == before
    assert s.can_redo() and s.redo()
    assert not s.can_redo()


def test_illegal_move_leaves_session_unchanged() -> None:
    s = gambit()
    snapshot = s.state.clone()
    with pytest.raises(IllegalAction) as err:
        s.play(s.state.action_from_json({"kind": "place", "x": 5, "y": 5}))
    assert "revealed" in err.value.reason or "not allowed" in err.value.reason or err.value.reason
    assert s.state == snapshot and s.log == []


def test_new_move_clears_redo() -> None:
    s = gambit()
    s.play(s.state.parse("draw"))
    s.play(s.state.legal_actions()[0])
    s.undo()
    s.play(s.state.legal_actions()[-1])
    assert not s.can_redo()


def test_replay_from_record_reproduces_the_game() -> None:
    s = gambit(umbra=True)
    while s.state.to_move is not None:
        s.play(s.state.legal_actions()[len(s.log) % len(s.state.legal_actions())])
    again = Session.from_record(s.to_record())
    assert again.state == s.state
    assert [str(e.action) for e in again.log] == [str(e.action) for e in s.log]


def test_record_with_tampered_snapshot_is_refused() -> None:
    s = gambit()
    s.play(s.state.parse("draw"))
    record = s.to_record()
    record["snapshot"]["queen_side"] = 1
    with pytest.raises(ValueError, match="does not match"):
        Session.from_record(record)


def test_record_with_illegal_action_names_the_move() -> None:
    s = gambit()
    record = s.to_record()
    record["actions"] = [{"kind": "draw"}, {"kind": "place", "x": 9, "y": 9}]
    record["snapshot"] = None
    with pytest.raises(ValueError, match="move 2"):
        Session.from_record(record)


def test_bot_thinks_on_a_worker_thread_and_plays_legally() -> None:
    s = Session.start("gambit", [Seat("Bot", "bot", 1)], 5, {})
    with ThreadPoolExecutor(1) as pool:
        while s.state.to_move is not None:
            action = s.think(pool).result(timeout=30)
            assert action in s.state.legal_actions()
            s.play(action)
    assert s.state.outcome() is not None
    assert not s.can_undo(), "a bot's move is never undone"


def test_other_players_move_cannot_be_undone() -> None:
    s = gambit()
    s.play(s.state.parse("draw"))
    s.play(s.state.legal_actions()[0])
    s.seats = [Seat("Mia"), Seat("Leo")]  # pretend a second human acted
    entry = s.log[-1]
    s.log[-1] = type(entry)(1, entry.action, entry.revealed, entry.text)
    assert not s.can_undo()
