"""Finding tables on the local network: the advert names the game, the host and where to connect,
never the join code; the folder backend (tests, two copies on one machine) and the zeroconf
listener's bookkeeping (with a stand-in for the network: no multicast is ever sent here)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from net import discovery
from net.discovery import Advert, FolderAnnouncement, FolderBrowser, ZeroconfBrowser

ADVERT = Advert("box", "Cat in the Box: Deluxe", "Hosty", "192.168.1.20", 50123)


def test_an_announced_table_is_found_and_withdrawn(tmp_path: Path) -> None:
    """A folder advert is listed with game, title, host and address, and goes when closed."""
    found = FolderBrowser(tmp_path)
    assert found.tables() == []
    shown = FolderAnnouncement(tmp_path, ADVERT)
    assert found.tables() == [{"game": "box", "title": "Cat in the Box: Deluxe", "host": "Hosty",
                               "address": "192.168.1.20:50123"}]
    shown.close()
    assert found.tables() == []


def test_the_advert_never_holds_the_join_code(tmp_path: Path) -> None:
    """What is announced is the text record and the address: no code, no token, no secret."""
    assert set(ADVERT.properties()) == {"v", "game", "title", "host"}
    shown = FolderAnnouncement(tmp_path, ADVERT)
    try:
        data = json.loads(shown.path.read_text(encoding="utf-8"))
        assert set(data) == {"v", "game", "title", "host", "address", "port", "at"}
    finally:
        shown.close()


def test_stale_damaged_and_foreign_adverts_are_skipped(tmp_path: Path) -> None:
    """A crashed host's old advert, garbage, an oversized file and another program's record
    are not listed; the good one still is."""
    good = FolderAnnouncement(tmp_path, ADVERT)
    old = dict(ADVERT.properties(), address="10.0.0.2", port=1, at=time.time() - 3600)
    (tmp_path / "table-old.json").write_text(json.dumps(old), encoding="utf-8")
    (tmp_path / "table-junk.json").write_bytes(b"\xff\xfe not json")
    (tmp_path / "table-big.json").write_text(" " * 5000 + "{}", encoding="utf-8")
    foreign = dict(ADVERT.properties(), v="9", address="10.0.0.3", port=2, at=time.time())
    (tmp_path / "table-foreign.json").write_text(json.dumps(foreign), encoding="utf-8")
    (tmp_path / "table-list.json").write_text("[1, 2]", encoding="utf-8")
    try:
        assert [t["address"] for t in FolderBrowser(tmp_path).tables()] == ["192.168.1.20:50123"]
    finally:
        good.close()


def test_what_another_computer_sent_is_cleaned() -> None:
    """Control characters go, long fields are cut, a bad port or a missing game is no advert."""
    advert = Advert.read({b"v": b"1", b"game": b"box", b"title": b"Box\x1b[2J" + b"x" * 200,
                          b"host": b"Eve\n"}, "10.0.0.9", 4000)
    assert advert is not None and "\x1b" not in advert.title and len(advert.title) <= 64
    assert advert.host == "Eve"
    assert Advert.read({"v": "1", "game": "box", "title": "T"}, "10.0.0.9", 70000) is None
    assert Advert.read({"v": "1", "title": "T"}, "10.0.0.9", 4000) is None
    assert Advert("box", "T", "H", "fe80::1", 9).where() == "[fe80::1]:9"


class FakeInfo:
    """What zeroconf hands a listener for one service."""

    def __init__(self, props: dict[bytes, bytes], port: int) -> None:
        self.properties = props
        self.port = port

    def parsed_addresses(self) -> list[str]:
        return ["192.168.1.30"]


class FakeZeroconf:
    def __init__(self, infos: dict[str, Any]) -> None:
        self.infos = infos

    def get_service_info(self, kind: str, name: str, timeout: int = 0) -> Any:
        return self.infos.get(name)


def test_the_zeroconf_listener_follows_adds_and_removals() -> None:
    """Tables appear as they are announced and go when withdrawn; others' services are not
    listed (the listener's calls driven by hand: no network here)."""
    browser = ZeroconfBrowser.__new__(ZeroconfBrowser)
    browser._found, browser._lock = {}, __import__("threading").Lock()
    ours = FakeInfo({k.encode(): v.encode() for k, v in ADVERT.properties().items()}, 50123)
    printer = FakeInfo({b"rp": b"ipp/print"}, 631)
    zc = FakeZeroconf({"a": ours, "p": printer})
    browser.add_service(zc, discovery.SERVICE, "a")
    browser.add_service(zc, discovery.SERVICE, "p")
    browser.add_service(zc, discovery.SERVICE, "gone-already")
    assert [t["address"] for t in browser.tables()] == ["192.168.1.30:50123"]
    browser.remove_service(zc, discovery.SERVICE, "a")
    assert browser.tables() == []


def test_the_backend_is_chosen_by_the_environment(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    """``off`` finds and announces nothing; ``folder:`` uses the folder named."""
    monkeypatch.setenv(discovery.ENV, "off")
    assert discovery.browse().tables() == []
    discovery.announce(ADVERT).close()
    monkeypatch.setenv(discovery.ENV, f"folder:{tmp_path}")
    shown = discovery.announce(ADVERT)
    assert len(discovery.browse().tables()) == 1
    shown.close()


@pytest.fixture
def ctx(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Any]:
    from tests.frames import headless_context

    monkeypatch.setenv("NINE_LIVES_NET_BIND", "127.0.0.1")
    monkeypatch.setenv(discovery.ENV, f"folder:{tmp_path / 'adverts'}")
    yield from headless_context()


def test_a_hosted_table_is_listed_on_the_join_page_and_joined(ctx: Any) -> None:
    """The host's lobby announces its table; the join page's look lists it, a pick fills the
    address, the code joins; the lobby's switch withdraws the advert."""
    from cats.session import Seat, Session
    from screens.app import frame
    from screens.menus.main import MainMenu
    from screens.netplay.join import JoinScene
    from screens.netplay.lobby import HostLobby

    session = Session.start("between", [Seat("Hosty"), Seat("Friend")], 5)
    ctx.scenes.push(MainMenu(ctx))
    lobby = HostLobby(ctx, session, [1])
    ctx.scenes.push(lobby)
    frame(ctx, 0.016)
    table = lobby.table
    assert table is not None and table.announced
    try:
        page = JoinScene(ctx)
        page.act("look")
        page.update(0.1)
        assert [t["host"] for t in page.found] == ["Hosty"]
        assert table.code not in json.dumps(page.found)
        page.act("pick:0")
        assert page.texts["invite"] == f"127.0.0.1:{table.host.port}"
        lobby.act("announce", -1)
        assert not table.announced and page.browser is not None
        assert page.browser.tables() == []
        page.stop_looking()
    finally:
        table.close()
    assert not os.listdir(os.environ[discovery.ENV][7:])
