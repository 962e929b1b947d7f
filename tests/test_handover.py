"""A seat handed to a bot mid-game and taken back (issue #31): recorded in the save, replayed
exactly, never crossed by undo; and the table's Seats menu does it with real clicks."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Iterator

import pytest

from cats.session import Seat, Session
from saves.store import SaveStore

PEOPLE = [Seat("Ada", symbol="paw", colour="teal"), Seat("Bo", symbol="ear", colour="plum"),
          Seat("Cy", symbol="box", colour="sage")]


def played(game: str = "box", moves: int = 6, seed: int = 5) -> Session:
    """A game of three people after ``moves`` random legal moves."""
    session = Session.start(game, PEOPLE, seed)
    pick = random.Random(seed)
    for _ in range(moves):
        session.play(pick.choice(session.state.legal_actions()))
    return session


def test_handover_is_saved_and_replayed_exactly() -> None:
    session = played()
    bot = replace(session.seats[1], kind="bot", level=2)
    session.hand_over(1, bot)
    for _ in range(8):  # the bot plays its turns; people play theirs
        if session.bot_to_move():
            session.bot_move_now()
        else:
            session.play(session.state.legal_actions()[0])
    session.hand_over(1, session.person_of(1) or PEOPLE[1])
    session.play(session.state.legal_actions()[0])
    record = session.to_record()
    assert [h["at"] for h in record["handovers"]] == [6, 14]
    assert record["players"][1]["kind"] == "human"  # the seats as the game began
    again = Session.from_record(record)
    assert again.to_record() == record
    assert [s.to_json() for s in again.seats] == [s.to_json() for s in session.seats]
    assert again.handovers == session.handovers
    assert [e.seat for e in again.log] == [e.seat for e in session.log]


def test_undo_never_crosses_a_handover() -> None:
    session = played("catchess", moves=1)  # placing a cat reveals nothing: it may be undone
    mover = session.to_move
    assert mover is not None
    session.play(session.state.legal_actions()[0])
    assert session.can_undo(before_handoff=True)
    session.hand_over(2, replace(session.seats[2], kind="bot", level=1))
    assert not session.can_undo(before_handoff=True)
    assert not session.undo(before_handoff=True)
    assert len(session.log) == 2


def test_a_handover_after_the_last_move_is_refused_on_load() -> None:
    record = played().to_record()
    record["handovers"] = [{"at": 99, "seat": 0, "player": PEOPLE[0].to_json()}]
    with pytest.raises(ValueError, match="changes hands"):
        Session.from_record(record)
    record["handovers"] = [{"at": 1, "seat": 0}]
    with pytest.raises(ValueError):
        Session.from_record(record)


def test_person_of_finds_who_played_before_the_bot() -> None:
    session = played(moves=2)
    assert session.person_of(0) == PEOPLE[0]
    session.hand_over(0, replace(PEOPLE[0], kind="bot", level=3))
    assert session.person_of(0) == PEOPLE[0]
    assert session.seats[0].is_bot


def test_saved_through_the_store(tmp_path: Any) -> None:
    session = played()
    session.hand_over(0, replace(PEOPLE[0], kind="bot", level=2))
    store = SaveStore(tmp_path)
    store.save("handed", session)
    loaded = store.load("handed")
    assert loaded.seats[0].is_bot and loaded.handovers == session.handovers
    assert loaded.to_record()["snapshot"] == session.to_record()["snapshot"]


# -- the table: the Seats menu with real clicks ---------------------------------------------------
@pytest.fixture
def ctx() -> Iterator[Any]:
    from tests.frames import headless_context
    yield from headless_context()


def _press(ctx: Any, label: str) -> None:
    from screens.app import frame
    from screens.overlays import MenuOverlay
    from tests.frames import click

    frame(ctx, 0.016)  # a pushed scene arrives between frames
    top = ctx.scenes.top
    assert isinstance(top, MenuOverlay), top
    button = next(b for b in top.elements if getattr(b, "text", None) == label)
    click(ctx, button.rect.center)


def test_seats_menu_hands_a_seat_to_a_bot_and_back(ctx: Any) -> None:
    from screens.app import frame
    from screens.registry import open_game
    from screens.text import tr
    from tests.frames import frames_until, show

    session = Session.start("between", [PEOPLE[0], PEOPLE[1]], 3)
    scene = show(ctx, open_game(ctx, session))
    scene.menu.open()
    _press(ctx, tr("game.seats"))
    _press(ctx, tr("seats.to_bot", name="Bo"))
    _press(ctx, tr("new.level.1"))
    frame(ctx, 0.016)
    assert ctx.scenes.top is scene
    assert session.seats[1].is_bot and session.handovers[-1].seat == 1
    assert scene.flow.humans == {0}
    # Ada plays on alone against the bot: her moves are answered without a curtain
    start = len(session.log)
    frames_until(ctx, lambda: len(session.log) > start + 3 or session.state.is_over(),
                 seconds=60, each=lambda: scene.my_turn() and scene.play(
                     session.state.legal_actions()[0]))
    assert any(session.seats[e.seat].is_bot for e in session.log[start:])
    scene.menu.open()
    _press(ctx, tr("game.seats"))
    _press(ctx, tr("seats.back", name="Bo"))
    assert not session.seats[1].is_bot and scene.flow.humans == {0, 1}
    saved = Session.from_record(session.to_record())
    assert [h.seat for h in saved.handovers] == [1, 1]
