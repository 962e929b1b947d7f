"""Session: undo/redo limits, exact replay, bot moves off the caller's thread."""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import cats.ai
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
    assert "'place 5,5' is not allowed now" in err.value.reason
    assert s.state == snapshot and s.log == []


def test_new_move_clears_redo() -> None:
    s = gambit()
    s.play(s.state.parse("draw"))
    s.play(s.state.legal_actions()[0])
    assert s.undo() and s.can_redo()
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


def test_bot_thinks_on_a_worker_thread_and_plays_legally(monkeypatch: pytest.MonkeyPatch) -> None:
    s = Session.start("gambit", [Seat("Bot", "bot", 1)], 5, {})
    seen: list[tuple[threading.Thread, bool]] = []  # the thread and whether it had the real state
    real_make_bot = cats.ai.make_bot

    class Watched:
        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def choose(self, world: Any, seat: int, rng: Any) -> Any:
            seen.append((threading.current_thread(), world is s.state))
            return self.bot.choose(world, seat, rng)

    monkeypatch.setattr(cats.ai, "make_bot", lambda game, level: Watched(real_make_bot(game, level)))
    with ThreadPoolExecutor(1) as pool:
        while s.state.to_move is not None:
            action = s.think(pool).result(timeout=30)
            assert action in s.state.legal_actions()
            s.play(action)
    assert s.state.outcome() is not None
    assert not s.can_undo(), "a bot's move is never undone"
    assert seen and all(thread is not threading.main_thread() and not real for thread, real in seen)


def test_other_players_move_cannot_be_undone() -> None:
    s = gambit()
    s.play(s.state.parse("draw"))
    s.play(s.state.legal_actions()[0])
    s.seats = [Seat("Mia"), Seat("Leo")]  # pretend a second human acted
    entry = s.log[-1]
    s.log[-1] = type(entry)(1, entry.action, entry.revealed, entry.text)
    assert not s.can_undo()


def test_a_move_that_passed_the_turn_is_taken_back_only_before_the_hand_off() -> None:
    """The hotseat Done / Undo step: the mover may take back a move that revealed nothing while
    the device has not passed on yet; never a revealing move, never a bot's."""
    s = Session.start("catchess", [Seat("Ann"), Seat("Ben")], 3, {})
    before, first = s.state.clone(), s.to_move
    s.play(s.state.legal_actions()[0])
    assert s.to_move != first and not s.can_undo(), "the other player's turn: no plain undo"
    assert s.can_undo(before_handoff=True) and s.undo(before_handoff=True)
    assert s.state == before and s.to_move == first
    bots = Session.start("catchess", [Seat("Ann"), Seat("Kit", "bot", 1)], 3, {})
    while not (bots.log and bots.seats[bots.log[-1].seat].is_bot):
        bots.play(bots.state.legal_actions()[0])  # until the bot has moved last
    assert not bots.can_undo(before_handoff=True)


def test_log_keeps_the_engines_wording_through_a_save_and_load() -> None:
    s = gambit()
    for text in ("draw", "place 0,-1"):
        s.play(s.state.parse(text))
    assert [e.text for e in s.log] == ["drew a Bishop", "placed the Bishop 1 left, 1 up from the deck"]
    again = Session.from_record(json.loads(json.dumps(s.to_record())))
    assert [e.text for e in again.log] == [e.text for e in s.log]
