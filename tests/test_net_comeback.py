"""Coming back to a table through the app: a guest's seat remembered across a restart (the
join page's "Back to your seat"), a hosted table resumed from its autosave with the same seats,
and the host handing a guest's seat to a bot from the game's menu."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from cats.session import Seat, Session
from net.guest import GuestClient
from net.host import SeatPlan, TableHost
from tests.test_net_app import run


@pytest.fixture
def ctx(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    from tests.frames import headless_context

    monkeypatch.setenv("NINE_LIVES_NET_BIND", "127.0.0.1")
    yield from headless_context()


def join_from_page(ctx: Any, host: TableHost, name: str) -> Any:
    """The join page, typed in as a player would; the game screen it opens."""
    from screens.netplay.join import JoinScene
    from screens.table.frame import GameScene

    page = JoinScene(ctx)
    ctx.scenes.push(page)
    run(ctx, lambda: ctx.scenes.top is page)
    page.fields["invite"].set_text(f"127.0.0.1:{host.port}")
    page.fields["code"].set_text(host.code)
    page.fields["name"].set_text(name)
    page.act("join")
    run(ctx, lambda: isinstance(ctx.scenes.top, GameScene))
    return ctx.scenes.top


def test_a_guest_comes_back_to_its_seat_after_a_restart(ctx: Any, tmp_path: Any) -> None:
    """The seat's token is kept in the data folder; after the app is gone, the join page
    offers the seat back and takes the player into it (no code typed)."""
    from screens.menus.main import MainMenu
    from screens.netplay.join import JoinScene
    from screens.netplay.tables import remembered_seat
    from screens.table.frame import GameScene

    host = TableHost("between", [SeatPlan("bot", "Rob", 1), SeatPlan("open")], 3,
                     bot_pace=0, cert_folder=tmp_path)
    host.start()
    try:
        ctx.scenes.push(MainMenu(ctx))
        scene = join_from_page(ctx, host, "Wren")
        seat = scene.humans()[0]
        kept = remembered_seat()
        assert kept is not None and kept["port"] == host.port and kept["name"] == "Wren"
        assert kept["fingerprint"] == host.fingerprint and host.code not in str(kept)
        scene.session.link.close()  # the app is closed: the connection is gone
        run(ctx, lambda: host.lobby()["seats"][1].get("away") is True)
        ctx.scenes.reset(MainMenu(ctx))
        page = JoinScene(ctx)
        ctx.scenes.push(page)
        run(ctx, lambda: ctx.scenes.top is page)
        assert page.rejoin is not None and "rejoin" in page.actions.values()
        page.act("rejoin")
        run(ctx, lambda: isinstance(ctx.scenes.top, GameScene))
        back = ctx.scenes.top
        assert back.humans() == [seat] and host.session.seats[1].name == "Wren"
        run(ctx, lambda: host.lobby()["seats"][1].get("away") is False)
        back.session.leave()
    finally:
        host.stop()


def test_a_forgotten_seat_is_dropped_from_the_join_page(ctx: Any, tmp_path: Any) -> None:
    """A remembered seat the table no longer knows: the refusal is said, and the offer goes."""
    from screens.menus.main import MainMenu
    from screens.netplay.join import JoinScene
    from screens.netplay.tables import remembered_seat

    host = TableHost("between", [SeatPlan("bot", "Rob", 1), SeatPlan("open")], 3,
                     bot_pace=0, cert_folder=tmp_path)
    host.start()
    try:
        ctx.scenes.push(MainMenu(ctx))
        join_from_page(ctx, host, "Wren").session.leave()
    finally:
        host.stop()
    other = TableHost("between", [SeatPlan("bot", "Rob", 1), SeatPlan("open")], 3,
                      bot_pace=0, cert_folder=tmp_path, port=host.port)
    other.start()  # the same certificate and port, but a new table: the token means nothing
    try:
        ctx.scenes.reset(MainMenu(ctx))
        page = JoinScene(ctx)
        ctx.scenes.push(page)
        run(ctx, lambda: ctx.scenes.top is page)
        page.act("rejoin")
        run(ctx, lambda: page.joining is None)
        assert page.message and remembered_seat() is None and page.rejoin is None
    finally:
        other.stop()


def test_a_hosted_table_is_resumed_with_its_seats(ctx: Any) -> None:
    """The host closes the lobby mid-game; Host a table offers the table again; the guest's
    token still finds its seat and the game goes on from the same position."""
    from screens.menus.main import MainMenu
    from screens.netplay.lobby import HostLobby
    from screens.overlays import MenuOverlay

    session = Session.start("catch22", [Seat("Hosty"), Seat("Friend"),
                                        Seat("Rob", "bot", 1)], 8)
    ctx.scenes.push(MainMenu(ctx))
    lobby = HostLobby(ctx, session, [1])
    ctx.scenes.push(lobby)
    run(ctx, lambda: ctx.scenes.top is lobby)
    table = lobby.table
    assert table is not None
    friend = GuestClient.from_invite(table.invite, name="Fern").start()
    run(ctx, lambda: [r["state"] for r in lobby.seats] == ["local", "guest", "bot"])
    token = friend.token
    friend.close()
    moves = table.host.call(lambda: len(table.host.session.log))
    lobby.act("close", -1)
    run(ctx, lambda: isinstance(ctx.scenes.top, MainMenu))
    menu = ctx.scenes.top
    menu.choose("host")
    run(ctx, lambda: isinstance(ctx.scenes.top, MenuOverlay))
    offer = ctx.scenes.top
    assert "Catch 22" in offer.lines[0]
    resume = offer.choices[0][1]
    resume()
    run(ctx, lambda: isinstance(ctx.scenes.top, HostLobby))
    again = ctx.scenes.top
    try:
        assert again.table is not None and again.table is not table
        host = again.table.host
        assert [s.name for s in host.session.seats] == ["Hosty", "Fern", "Rob"]
        assert host.call(lambda: len(host.session.log)) == moves
        back = GuestClient("127.0.0.1", host.port, fingerprint=host.fingerprint,
                           resume=token).start()
        assert back.welcomed.wait(10)
        run(ctx, lambda: [r["state"] for r in again.seats] == ["local", "guest", "bot"])
        assert back.held == [1]
        back.close()
    finally:
        again.act("close", -1)


def test_the_host_gives_a_guests_seat_to_a_bot_from_the_game_menu(ctx: Any) -> None:
    """At the host's own window, the game's menu has Seats: the dropped guest's seat goes to
    a bot of the chosen level, and back."""
    from screens.menus.main import MainMenu
    from screens.netplay.lobby import HostLobby
    from screens.table.frame import GameScene
    from screens.table.handover import hosted_seat_choices

    session = Session.start("box", [Seat("Hosty"), Seat("Friend"), Seat("Rob", "bot", 1)], 2)
    ctx.scenes.push(MainMenu(ctx))
    lobby = HostLobby(ctx, session, [1])
    ctx.scenes.push(lobby)
    run(ctx, lambda: ctx.scenes.top is lobby)
    table = lobby.table
    assert table is not None
    friend = GuestClient.from_invite(table.invite, name="Fern").start()
    run(ctx, lambda: any(r["state"] == "guest" for r in lobby.seats))
    run(ctx, lambda: lobby.act("open", -1) or isinstance(ctx.scenes.top, GameScene))
    scene = ctx.scenes.top
    friend.close()
    run(ctx, lambda: table.seat_table()[1]["state"] == "away")
    from screens.overlays import MenuOverlay

    page = MenuOverlay(ctx, "Seats", hosted_seat_choices(scene, table))
    ctx.scenes.push(page)
    run(ctx, lambda: ctx.scenes.top is page)
    to_bot = next(fn for label, fn in page.choices if "Fern" in label)
    to_bot()  # the level page
    run(ctx, lambda: ctx.scenes.top is not page)
    ctx.scenes.top.choices[0][1]()  # the first level: both pages close
    run(ctx, lambda: ctx.scenes.top is scene)
    run(ctx, lambda: table.seat_table()[1]["handed"] is True)
    run(ctx, lambda: scene.session.seats[1].is_bot)
    page = MenuOverlay(ctx, "Seats", hosted_seat_choices(scene, table))
    ctx.scenes.push(page)
    run(ctx, lambda: ctx.scenes.top is page)
    next(fn for label, fn in page.choices if "Fern" in label)()
    run(ctx, lambda: table.seat_table()[1]["handed"] is False)
    table.close()


def test_an_invite_of_the_same_host_finds_the_old_seat_or_joins_anew(ctx: Any,
                                                                      tmp_path: Any) -> None:
    """Pasting an invite from the host this computer last sat with: a resumed table takes the
    player back into their seat (the host came back on another port); a new table of that
    host does not know the token, and the invite's code joins it instead."""
    from screens.menus.main import MainMenu
    from screens.netplay.join import JoinScene
    from screens.table.frame import GameScene

    first = TableHost("between", [SeatPlan("bot", "Rob", 1), SeatPlan("open")], 3,
                      bot_pace=0, cert_folder=tmp_path)
    first.start()
    try:
        ctx.scenes.push(MainMenu(ctx))
        join_from_page(ctx, first, "Wren").session.leave()
        record = first.record()
    finally:
        first.stop()

    def paste(host: TableHost) -> Any:
        ctx.scenes.reset(MainMenu(ctx))
        page = JoinScene(ctx)
        ctx.scenes.push(page)
        run(ctx, lambda: ctx.scenes.top is page)
        page.fields["invite"].set_text(host.invite("127.0.0.1"))
        page.fields["name"].set_text("Wren")
        page.act("join")
        run(ctx, lambda: isinstance(ctx.scenes.top, GameScene))
        return ctx.scenes.top

    again = TableHost.from_record(record, bot_pace=0, cert_folder=tmp_path)
    again.start()
    try:
        scene = paste(again)
        assert scene.humans() == [1] and again.lobby()["seats"][1]["name"] == "Wren"
        assert again.fingerprint == first.fingerprint
        scene.session.leave()
    finally:
        again.stop()
    other = TableHost("box", [SeatPlan("open"), SeatPlan("bot", "Bo", 1)], 5, bot_pace=0,
                      cert_folder=tmp_path)
    other.start()
    try:
        scene = paste(other)
        assert scene.humans() == [0] and other.lobby()["seats"][0]["name"] == "Wren"
        scene.session.leave()
    finally:
        other.stop()
