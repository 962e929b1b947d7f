"""Host a table and join one through the app's own pages, over loopback: the host's lobby and
its own window as a guest, a friend's GuestClient elsewhere, and the join page opening the game
screen at the seat the host gives."""

from __future__ import annotations

import random
import time
from typing import Any, Iterator

import pytest

from cats.session import Seat, Session
from net.guest import GuestClient
from net.host import SeatPlan, TableHost
from screens.table.hotseat import Step


@pytest.fixture
def ctx(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    from tests.frames import headless_context

    monkeypatch.setenv("NINE_LIVES_NET_BIND", "127.0.0.1")  # loopback only
    yield from headless_context()


def run(ctx: Any, done: Any, seconds: float = 30.0, each: Any = None) -> None:
    """Frames until ``done()`` (a hang guard, not a timed assertion)."""
    from screens.app import frame

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        frame(ctx, 0.016)
        if each is not None:
            each()
        if done():
            return
        time.sleep(0.005)
    raise AssertionError("the table did not get there in time")


def play_randomly(client: GuestClient, latest: dict[str, Any], pick: random.Random) -> None:
    """A friend at another computer: random legal moves from the frames it is sent."""
    for event in client.poll():
        if event.get("t") == "frame":
            latest["frame"] = event
    frame = latest.get("frame")
    if frame and frame["legal"] and frame["to_move"] in frame["held"]:
        client.send_action(frame["to_move"], pick.choice(frame["legal"])["action"])
        latest["frame"] = None


def test_host_a_table_from_the_app_and_play_it_out(ctx: Any) -> None:
    from screens.menus.main import MainMenu
    from screens.netplay.lobby import HostLobby
    from screens.table.frame import GameScene

    session = Session.start("box", [Seat("Hosty", symbol="paw", colour="teal"),
                                    Seat("Friend", symbol="ear", colour="plum"),
                                    Seat("Rob", "bot", 1, symbol="box", colour="sage")], 4)
    ctx.scenes.push(MainMenu(ctx))
    lobby = HostLobby(ctx, session, [1])
    ctx.scenes.push(lobby)
    run(ctx, lambda: ctx.scenes.top is lobby)
    table = lobby.table
    assert table is not None and table.code and table.invite.startswith("nine-lives://")
    friend = GuestClient.from_invite(table.invite, name="Fern").start()
    run(ctx, lambda: any(r["state"] == "guest" for r in lobby.seats))
    assert [r["state"] for r in lobby.seats] == ["local", "guest", "bot"]
    run(ctx, lambda: lobby.act("open", -1) or isinstance(ctx.scenes.top, GameScene))
    scene = ctx.scenes.top
    assert scene.remote and scene.humans() == [0]
    pick, latest = random.Random(2), {}

    def each() -> None:
        play_randomly(friend, latest, pick)
        if scene.flow.step is Step.RESULTS:
            scene.dismiss_results()
        elif scene.my_turn() and not scene.session.waiting:
            scene.play(pick.choice(scene.session.state.legal_actions()))

    run(ctx, lambda: scene.session.state.is_over(), seconds=120, each=each)
    assert table.host.session.state.is_over()
    assert len(scene.session.log) == len(table.host.session.log)
    assert scene.session.seats[1].name == "Fern"
    assert not ctx.last_error
    friend.close()
    table.close()


@pytest.mark.parametrize("game", ["gambit", "catchess", "between", "catch22", "box"])
def test_join_a_table_from_the_app(ctx: Any, tmp_path: Any, game: str) -> None:
    """Each title from the join page to its end over the wire, a bot in the other seat (Cat's
    Gambit is solo): the guest's screen plays its seat from the frames alone."""
    from screens.menus.main import MainMenu
    from screens.netplay.join import JoinScene
    from screens.table.frame import GameScene

    seats = [SeatPlan("open")] + ([] if game == "gambit" else [SeatPlan("bot", "Rob", 1)])
    options = {"rounds": 1} if game == "catchess" else ({"threshold": 8} if game == "catch22"
                                                        else {})
    host = TableHost(game, seats, 9, options, bot_pace=0, cert_folder=tmp_path)
    address, port = host.start()
    try:
        ctx.scenes.push(MainMenu(ctx))
        page = JoinScene(ctx)
        ctx.scenes.push(page)
        run(ctx, lambda: ctx.scenes.top is page)
        page.fields["invite"].set_text(f"{address}:{port}")
        page.fields["code"].set_text(host.code.lower())  # typed in any case, with its dash
        page.fields["name"].set_text("Guesty")
        page.act("join")
        run(ctx, lambda: isinstance(ctx.scenes.top, GameScene))
        scene = ctx.scenes.top
        assert scene.remote and scene.humans() == [0]
        assert host.session.seats[0].name == "Guesty"
        pick = random.Random(3)

        def each() -> None:
            if scene.flow.step is Step.RESULTS:
                scene.dismiss_results()
            elif scene.my_turn() and not scene.session.waiting:
                scene.play(pick.choice(scene.session.state.legal_actions()))

        run(ctx, lambda: scene.session.state.is_over(), seconds=120, each=each)
        assert host.session.state.is_over() and not ctx.last_error
        scene.session.leave()
    finally:
        host.stop()


def test_a_wrong_code_is_refused_on_the_join_page(ctx: Any, tmp_path: Any) -> None:
    from screens.menus.main import MainMenu
    from screens.netplay.join import JoinScene

    host = TableHost("box", [SeatPlan("open"), SeatPlan("open")], 1, cert_folder=tmp_path)
    address, port = host.start()
    try:
        ctx.scenes.push(MainMenu(ctx))
        page = JoinScene(ctx)
        ctx.scenes.push(page)
        run(ctx, lambda: ctx.scenes.top is page)
        page.fields["invite"].set_text(f"{address}:{port}")
        page.fields["code"].set_text("00000-00000")
        page.act("join")
        run(ctx, lambda: page.joining is None)
        assert "certificate" in page.message  # the pin did not match: the code was never sent
        assert all(r["status"] == "open" for r in host.lobby()["seats"])
    finally:
        host.stop()


def test_host_a_table_from_the_main_menu_opens_the_lobby(ctx: Any) -> None:
    """Main menu → Host a table → the new-game page with a seat for another computer →
    Host the table → the lobby, its table open with that seat waiting."""
    from screens.menus.main import MainMenu
    from screens.menus.newgame import NewGameScene
    from screens.netplay.lobby import HostLobby

    menu = MainMenu(ctx)
    ctx.scenes.push(menu)
    run(ctx, lambda: ctx.scenes.top is menu)
    menu.choose("host")
    run(ctx, lambda: isinstance(ctx.scenes.top, NewGameScene))
    page = ctx.scenes.top
    assert page.hosting and page.remote_seats() == [1]
    assert page.names[1]  # a name to show until the friend gives theirs
    page.start()
    run(ctx, lambda: isinstance(ctx.scenes.top, HostLobby))
    lobby = ctx.scenes.top
    try:
        assert lobby.table is not None and not lobby.problem
        run(ctx, lambda: [r["state"] for r in lobby.seats] == ["local", "open"])
    finally:
        lobby.act("close", -1)


def test_a_guest_waits_until_the_host_opens_the_table(ctx: Any, tmp_path: Any) -> None:
    """Before the host opens a table with a seat still empty, the guest is told it waits (and
    is offered no move); once opened, its turn's prompt comes."""
    from screens.menus.main import MainMenu
    from screens.netplay.join import JoinScene
    from screens.table.frame import GameScene

    host = TableHost("between", [SeatPlan("open"), SeatPlan("open")], 9, bot_pace=0,
                     cert_folder=tmp_path)
    address, port = host.start()
    try:
        ctx.scenes.push(MainMenu(ctx))
        page = JoinScene(ctx)
        ctx.scenes.push(page)
        run(ctx, lambda: ctx.scenes.top is page)
        page.fields["invite"].set_text(f"{address}:{port}")
        page.fields["code"].set_text(host.code)
        page.act("join")
        run(ctx, lambda: isinstance(ctx.scenes.top, GameScene))
        scene = ctx.scenes.top
        assert scene.prompt_line() == "Waiting for the host to open the table…"
        assert scene.session.state.legal_actions() == []
        host.begin()
        run(ctx, lambda: scene.session.begun())
        assert scene.prompt_line() != "Waiting for the host to open the table…"
        assert scene.session.state.legal_actions()  # seat 1 leads in Cat Between Us
        scene.session.leave()
    finally:
        host.stop()


def test_watch_a_table_from_the_join_page(ctx: Any, tmp_path: Any) -> None:
    """Watch: the table as everyone sees it (no seat taken, no hand shown, no move offered),
    following the game to its end."""
    from screens.menus.main import MainMenu
    from screens.netplay.join import JoinScene
    from screens.table.frame import GameScene

    host = TableHost("box", [SeatPlan("bot", "Ann", 1), SeatPlan("bot", "Bo", 1)], 6,
                     bot_pace=0.01, cert_folder=tmp_path)
    address, port = host.start()
    try:
        ctx.scenes.push(MainMenu(ctx))
        page = JoinScene(ctx)
        ctx.scenes.push(page)
        run(ctx, lambda: ctx.scenes.top is page)
        page.fields["invite"].set_text(f"{address}:{port}")
        page.fields["code"].set_text(host.code)
        page.act("watch")
        run(ctx, lambda: isinstance(ctx.scenes.top, GameScene))
        scene = ctx.scenes.top
        assert scene.humans() == [] and scene.ui_facts()["watching"]
        assert scene.session.state.legal_actions() == []
        assert [r["status"] for r in host.lobby()["seats"]] == ["bot", "bot"]
        run(ctx, lambda: scene.session.state.is_over(), seconds=120)
        assert not ctx.last_error and scene.view == host.session.state.view_for(None)
        scene.session.leave()
    finally:
        host.stop()
