"""Every game's screen at a networked seat: the table shows only what the host's frames say
(net.remote.RemoteSession), sends its moves instead of playing them, and follows the host's
changes as a local table follows its session. The host here is a session in the same process
behind a loopback-free link, so these tests look at the screens alone (tests/test_net_*.py
cover the wire)."""

from __future__ import annotations

import random
from typing import Any, Iterator, Optional

import pytest

from cats.core import IllegalAction, to_tuple
from cats.session import Seat, Session
from net.frames import frame_for, text_to_json, why_drop, why_pick
from net.remote import RemoteSession
from screens.table.hotseat import Step

GAMES = {"gambit": 1, "catchess": 2, "between": 3, "catch22": 2, "box": 3}


class LocalLink:
    """A host in the same process: the session, and the seats one screen holds."""

    def __init__(self, session: Session, held: list[int]) -> None:
        self.session = session
        self.held = held
        self.version = 0
        self.sent_version = -1
        self.inbox: list[dict[str, Any]] = []
        self.frames: list[dict[str, Any]] = []  # every frame sent (the no-leak check reads them)
        self.closed = False
        session.listeners.append(lambda _s: self.changed())

    def changed(self) -> None:
        self.version += 1

    def frame(self) -> dict[str, Any]:
        frame = frame_for(self.session, self.held, self.version)
        self.frames.append(frame)
        return frame

    # -- the Link protocol -------------------------------------------------------------------
    def send_action(self, seat: int, action: dict[str, Any]) -> int:
        assert seat in self.held and seat == self.session.to_move
        try:
            self.session.play(self.session.state.action_from_json(action))
        except IllegalAction as exc:
            self.inbox.append({"t": "error", "code": "illegal", "text": exc.reason})
        return 0

    def ask_why_pick(self, source: Any) -> int:
        self.inbox.append({"t": "reason", "text": why_pick(self.session, self.held,
                                                           list(source))})
        return 0

    def ask_why_drop(self, source: Any, target: Any) -> int:
        self.inbox.append({"t": "reason", "text": why_drop(self.session, self.held,
                                                           list(source), list(target))})
        return 0

    def undo(self) -> int:
        self.session.undo()
        return 0

    def poll(self) -> list[dict[str, Any]]:
        events, self.inbox = self.inbox, []
        if self.version != self.sent_version:
            self.sent_version = self.version
            events.append(self.frame())
        return events

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def ctx() -> Iterator[Any]:
    from tests.frames import headless_context
    yield from headless_context()


def seats_for(game: str) -> list[Seat]:
    """The guest at seat 0; a person elsewhere at seat 1; bots after."""
    n = GAMES[game]
    seats = [Seat("Guest", symbol="paw", colour="teal")]
    if n > 1:
        seats.append(Seat("Far", symbol="ear", colour="plum"))
    seats += [Seat(f"Bot {i}", "bot", 1, symbol="box", colour="sage") for i in range(2, n)]
    return seats


def remote_table(ctx: Any, game: str, seed: int = 3) -> tuple[Any, LocalLink, Session]:
    from screens.registry import open_game
    from tests.frames import show

    host = Session.start(game, seats_for(game), seed)
    link = LocalLink(host, [0])
    remote = RemoteSession(link, link.poll()[-1])
    return show(ctx, open_game(ctx, remote)), link, host


def host_moves(host: Session, pick: random.Random) -> None:
    """The host's side: bots move, and the far person plays random legal moves."""
    while host.to_move is not None and host.to_move != 0:
        if host.bot_to_move():
            host.bot_move_now()
        else:
            host.play(pick.choice(host.state.legal_actions()))


@pytest.mark.parametrize("game,animated", [(g, False) for g in sorted(GAMES)]
                         + [(g, True) for g in ("box", "catch22", "between")])
def test_a_whole_game_at_a_networked_seat(ctx: Any, game: str, animated: bool) -> None:
    from screens.app import frame

    if animated:  # the other seats' moves arrive as log entries (their animations degrade)
        ctx.settings.animation_speed = 1.0
    scene, link, host = remote_table(ctx, game)
    assert scene.remote and scene.humans() == [0]
    pick = random.Random(7)
    for _turn in range(2000):
        host_moves(host, pick)
        frame(ctx, 0.016)
        if host.state.is_over():
            break
        if scene.flow.step is Step.RESULTS:  # a round's results, until a click
            scene.dismiss_results()
            frame(ctx, 0.016)
        assert scene.my_turn(), scene.flow.step
        before = len(host.log)
        assert scene.play(pick.choice(scene.session.state.legal_actions()))
        assert len(host.log) == before + 1  # the host played it, not the guest
        frame(ctx, 0.016)
        assert scene.session.version == link.version
    frame(ctx, 0.016)
    assert host.state.is_over() and scene.session.state.is_over()
    assert scene.session.state.outcome() is not None
    assert len(scene.session.log) == len(host.log)
    # the screen showed the guest's own view or the public one, never another seat's
    assert scene.view in (host.state.view_for(0), host.state.view_for(None))
    for sent in link.frames:
        assert set(sent["views"]) == {"0"}
    assert not ctx.last_error  # the frame loop logs (and survives) an error: none here


def test_a_refused_drop_is_explained_by_the_host(ctx: Any) -> None:
    from screens.app import frame

    scene, link, host = remote_table(ctx, "between")
    state = host.state
    source = state.drag_sources()[0]
    wrong = next(t for t in [("toy", i) for i in range(8)] + [("hand", 9)]
                 if t not in state.legal_targets(source))
    scene.gesture(source, wrong)
    frame(ctx, 0.016)
    expected = scene.names(state.why_not_drop(source, wrong))
    assert expected and scene.flash_text == expected
    assert len(host.log) == 0


def test_undo_is_asked_of_the_host(ctx: Any) -> None:
    from screens.app import frame

    scene, link, host = remote_table(ctx, "gambit", seed=0)
    for _ in range(2):  # the second placement of this deal reveals nothing: it may be undone
        start = len(host.log)
        scene.play(host.state.legal_actions()[0])
        frame(ctx, 0.016)
    assert len(host.log) == start + 1 and host.can_undo() and scene.session.frame["undo"]
    scene.tool("undo")
    frame(ctx, 0.016)
    assert len(host.log) == start and len(scene.session.log) == start
    assert scene.my_turn()


def test_a_guest_plays_nothing_locally(ctx: Any) -> None:
    scene, link, host = remote_table(ctx, "box")
    with pytest.raises(IllegalAction):
        scene.session.state.apply(host.state.legal_actions()[0])
    assert scene.session.seed == 0 and "seed" not in str(link.frames[-1]["options"])


def test_the_host_gives_the_guests_seat_to_a_bot(ctx: Any) -> None:
    from dataclasses import replace

    from screens.app import frame

    scene, link, host = remote_table(ctx, "catch22")
    link.held = []  # the host took the seat away from this connection
    host.hand_over(0, replace(host.seats[0], kind="bot", level=1))
    frame(ctx, 0.016)
    assert scene.humans() == [] and not scene.my_turn()
