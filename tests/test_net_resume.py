"""A loopback table's life cycle (net/host.py, net/guest.py): a guest drops and comes back
with its resume token, a second connection replaces the first, two hosts run on one machine
(a pinned guest refuses the wrong one), and a saved table resumes on a new port with the same
tokens and plays to the end."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from loopback import GUARD, Polled, Raw, hosting, play_out, run, snapshot, turn_of, version
from net import pinning
from net import protocol as p
from net.guest import GuestClient
from net.host import SeatPlan, TableHost


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table here listens on 127.0.0.1 only."""
    monkeypatch.setenv("NINE_LIVES_NET_BIND", "127.0.0.1")


async def until(check: Any, what: str) -> None:
    """Wait (a hang guard, not a measurement) until ``check()`` is true."""
    for _ in range(int(GUARD / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"never: {what}")


def resumed(host: TableHost, token: str, **kwargs: Any) -> Polled:
    """A new GuestClient coming back with a seat's token, pinned to the host's certificate."""
    return Polled(GuestClient("127.0.0.1", host.port, fingerprint=host.fingerprint,
                              resume=token, **kwargs).start())


def test_a_guest_who_leaves_shows_away_and_resumes_into_its_seat(tmp_path: Path) -> None:
    """A guest closes its connection: the lobby and the other guest's frames show its seat
    away (still its own); the game goes on to its turn; it comes back with its token into the
    same seat, gets the latest frame (same version and log as the host) and plays to the end."""
    async def body(host: TableHost) -> None:
        ann = Polled.joined(host, "Ann")
        again = None
        try:
            await ann.welcome()
            bob = await Raw.joined(host, "Bob")
            assert ann.seat is not None and bob.seat is not None and ann.token
            pick = random.Random(5)
            await turn_of(host, [ann, bob], bob.seat, pick)
            ann.close()
            await until(lambda: host.lobby()["seats"][ann.seat]["away"], "Ann shows away")
            seat = host.lobby()["seats"][ann.seat]
            assert seat["status"] == "guest" and seat["name"] == "Ann"
            away = await bob.wait(lambda m: m.get("t") == "frame"
                                  and m["seats"][ann.seat]["away"], "a frame with Ann away")
            assert not away["seats"][bob.seat]["away"]
            frame = await bob.play(bob.seat, pick.choice(away["legal"])["action"])
            assert frame["seats"][ann.seat]["away"]
            again = resumed(host, ann.token, name="ignored")
            welcome = await again.welcome()
            assert welcome["seat"] == ann.seat and welcome["token"] == ann.token
            latest = await again.at(0)
            now = version(host)
            assert latest["version"] == now and latest["held"] == [ann.seat]
            assert len(latest["log"]) == host.call(lambda: len(host.session.log))
            assert not latest["seats"][ann.seat]["away"]
            assert not host.lobby()["seats"][ann.seat]["away"]
            assert not (await bob.at(now))["seats"][ann.seat]["away"]
            last = await play_out(host, [again, bob], pick)
            assert last["outcome"] is not None and again.errors() == []
            await bob.close()
        finally:
            ann.close()
            if again is not None:
                again.close()

    with hosting(tmp_path) as host:
        run(body(host))


def test_a_broken_connection_comes_back_by_itself_with_the_token(tmp_path: Path) -> None:
    """When a GuestClient's connection breaks (the socket cut, no goodbye), it reports the
    drop as not final, connects again with its token, is welcomed into the same seat and
    plays on."""
    async def body(host: TableHost) -> None:
        ann = Polled.joined(host, "Ann")
        try:
            first = await ann.welcome()
            bob = await Raw.joined(host, "Bob")
            await ann.at(version(host))
            client = ann.client
            loop, ws = client._loop, client._ws
            assert loop is not None and ws is not None
            loop.call_soon_threadsafe(ws.transport.abort)
            dropped = await ann.wait(lambda m: m.get("t") == "closed", "the drop")
            assert dropped["final"] is False
            back = await ann.welcome()
            assert back["seat"] == first["seat"] and back["token"] == first["token"]
            last = await play_out(host, [ann, bob], random.Random(6))
            assert last["outcome"] is not None
            await bob.close()
        finally:
            ann.close()

    with hosting(tmp_path) as host:
        run(body(host))


def test_a_wrong_token_gets_bad_token_and_changes_nothing(tmp_path: Path) -> None:
    """A resume with a token no seat has (of the right length, or not) gets ``bad_token``,
    GuestClient gives up for good, and the table (seats, version, record) is as before."""
    async def body(host: TableHost) -> None:
        ann = await Raw.joined(host, "Ann")
        before = snapshot(host)
        stranger = resumed(host, "f" * 32)
        try:
            error = await stranger.wait(lambda m: m.get("t") == "error", "an error")
            assert error["code"] == p.BAD_TOKEN
            closed = await stranger.wait(lambda m: m.get("t") == "closed", "the close")
            assert closed["final"] is True
            assert not stranger.client.welcomed.is_set()
        finally:
            stranger.close()
        raw = await Raw.open(host.port)
        await raw.send({"t": "hello", "v": p.PROTOCOL_VERSION, "resume": "short"})
        await raw.error(p.BAD_TOKEN)
        assert await raw.closed() == 1008
        assert snapshot(host) == before
        await ann.close()

    with hosting(tmp_path) as host:
        run(body(host))


def test_resuming_from_a_second_connection_replaces_the_first(tmp_path: Path) -> None:
    """A second connection resuming a seat's token takes the seat: the first gets
    ``replaced`` and is closed (a GuestClient does not fight back); the newest connection is
    the one that plays, to the end."""
    async def body(host: TableHost) -> None:
        ann = Polled.joined(host, "Ann")
        try:
            await ann.welcome()
            bob = await Raw.joined(host, "Bob")
            assert ann.token and ann.seat is not None
            second = await Raw.open(host.port)
            await second.send({"t": "hello", "v": p.PROTOCOL_VERSION, "resume": ann.token})
            assert (await second.welcome())["seat"] == ann.seat
            error = await ann.wait(lambda m: m.get("t") == "error", "replaced")
            assert error["code"] == p.REPLACED
            closed = await ann.wait(lambda m: m.get("t") == "closed", "the close")
            assert closed["final"] is True
            third = await Raw.open(host.port)
            await third.send({"t": "hello", "v": p.PROTOCOL_VERSION, "resume": ann.token})
            assert (await third.welcome())["seat"] == ann.seat
            await second.error(p.REPLACED)
            assert await second.closed() == 1000
            assert not host.lobby()["seats"][ann.seat]["away"]
            last = await play_out(host, [third, bob], random.Random(7))
            assert last["outcome"] is not None
            assert [m for m in ann.got if m.get("t") == "welcome"][1:] == []
            await third.close()
            await bob.close()
        finally:
            ann.close()

    with hosting(tmp_path) as host:
        run(body(host))


def test_two_hosts_on_one_machine_and_a_pinned_guest_refuses_the_wrong_one(
        tmp_path: Path) -> None:
    """Three tables at once on their own ports (two sharing a certificate folder, hence a
    certificate) all play to the end; a guest pinned to host A's fingerprint or join code
    refuses host B before saying anything (B hears no code); A's code at the host sharing A's
    certificate passes the pin but is not that table's code (``bad_code``)."""
    async def body(a: TableHost, b: TableHost, c: TableHost) -> None:
        assert len({a.port, b.port, c.port}) == 3
        assert a.fingerprint == c.fingerprint != b.fingerprint
        if pinning.same_code(a.code, c.code):
            c.new_code()
        before = snapshot(b)
        for pin in ({"fingerprint": a.fingerprint}, {"code": a.code}):
            wrong = Polled(GuestClient("127.0.0.1", b.port, name="Pinned", **pin).start())
            try:
                closed = await wrong.wait(lambda m: m.get("t") == "closed", "the refusal")
                assert closed["final"] is True and "does not match" in closed["reason"]
                assert not wrong.client.welcomed.is_set()
            finally:
                wrong.close()
        assert snapshot(b) == before and b.call(lambda: dict(b._wrong)) == {}
        same_cert = Polled(GuestClient("127.0.0.1", c.port, fingerprint=a.fingerprint,
                                       code=a.code, name="Lost").start())
        try:
            error = await same_cert.wait(lambda m: m.get("t") == "error", "bad_code")
            assert error["code"] == p.BAD_CODE
        finally:
            same_cert.close()
        guests = [Polled(GuestClient.from_invite(h.invite("127.0.0.1"), name="Invited").start())
                  for h in (a, b, c)]
        try:
            for guest in guests:
                await guest.welcome()
            raws = [await Raw.joined(h, "Raw") for h in (a, b, c)]
            lasts = await asyncio.gather(*[
                play_out(h, [g, r], random.Random(i))
                for i, (h, g, r) in enumerate(zip((a, b, c), guests, raws))])
            assert all(last["outcome"] is not None for last in lasts)
            for raw in raws:
                await raw.close()
        finally:
            for guest in guests:
                guest.close()

    with hosting(tmp_path / "a") as a, hosting(tmp_path / "b") as b, \
            hosting(tmp_path / "a", seed=9) as c:
        run(body(a, b, c))


def test_a_saved_table_resumes_on_a_new_port_and_plays_to_the_end(tmp_path: Path) -> None:
    """``record()`` through JSON, the table stopped (its guests told ``closing``, and they do
    not retry), ``TableHost.from_record`` on a new port: each guest comes back with its old
    token into its seat under its name (one sat down before the game began, one joined once
    it was under way), the log goes on from where it was, the bot plays, and the game ends."""
    seats = [SeatPlan(), SeatPlan(), SeatPlan("bot", "Rob", 1)]
    pick = random.Random(8)
    saved: dict[str, Any] = {}

    async def first(host: TableHost) -> None:
        ann = Polled.joined(host, "Ann")
        bob = None
        try:
            assert (await ann.welcome())["seat"] == 0
            host.begin()
            await turn_of(host, [ann], 1, pick)  # the game waits for the empty seat
            bob = Polled.joined(host, "Bob")
            assert (await bob.welcome())["seat"] == 1
            for _ in range(3):
                await turn_of(host, [ann, bob], 0, pick)
                await turn_of(host, [ann, bob], 1, pick)
            saved["record"] = json.loads(json.dumps(host.record()))
            saved["tokens"] = {0: ann.token, 1: bob.token}
            saved["log"] = host.call(lambda: len(host.session.log))
            host.stop()
            for guest in (ann, bob):
                error = await guest.wait(lambda m: m.get("t") == "error", "closing")
                assert error["code"] == p.CLOSING
                closed = await guest.wait(lambda m: m.get("t") == "closed", "the close")
                assert closed["final"] is True
        finally:
            ann.close()
            if bob is not None:
                bob.close()

    async def second(host: TableHost) -> None:
        guests = [resumed(host, token) for token in saved["tokens"].values()]
        try:
            for seat, guest in zip(saved["tokens"], guests):
                assert (await guest.welcome())["seat"] == seat
            frame = await guests[0].at(0)
            assert len(frame["log"]) >= saved["log"]
            assert [s["name"] for s in frame["seats"]] == ["Ann", "Bob", "Rob"]
            assert [s["name"] for s in host.lobby()["seats"]] == ["Ann", "Bob", "Rob"]
            last = await play_out(host, guests, pick)
            assert last["outcome"] is not None
            assert all(g.errors() == [] for g in guests)
        finally:
            for guest in guests:
                guest.close()

    with hosting(tmp_path, seats) as host:
        run(first(host))
    record = saved["record"]
    assert len(record["session"]["actions"]) >= 6
    assert record["session"]["players"][0]["name"] == "Ann"
    assert [(h["seat"], h["player"]["name"]) for h in record["session"]["handovers"]] == \
        [(1, "Bob")]
    resumed_host = TableHost.from_record(record, bind="127.0.0.1", cert_folder=tmp_path,
                                         bot_pace=0, autosave=None)
    try:
        resumed_host.start()
        assert resumed_host.fingerprint and resumed_host.port
        run(second(resumed_host))
        done = resumed_host.record()
        assert done["session"]["actions"][:len(record["session"]["actions"])] == \
            record["session"]["actions"]
        assert resumed_host.call(lambda: resumed_host.session.state.to_move) is None
    finally:
        resumed_host.stop()


def test_a_damaged_table_record_is_refused_with_a_reason(tmp_path: Path) -> None:
    """``from_record`` refuses a record of another kind or format, seats that do not match
    the game, and a resume token of the wrong shape (``ValueError``), without opening."""
    host = TableHost("box", [SeatPlan(), SeatPlan()], 3, bind="127.0.0.1", cert_folder=tmp_path)
    good = json.loads(json.dumps(host.record()))
    damaged = [
        {**good, "kind": "a-pizza"},
        {**good, "format": 99},
        {**good, "seats": good["seats"][:1]},
        {**good, "seats": [{"plan": "open", "token": "abc"}, good["seats"][1]]},
        {**good, "seats": [{"plan": "sofa"}, good["seats"][1]]},
        {**good, "seats": [{"plan": "open", "bot_level": 9}, good["seats"][1]]},
    ]
    for record in damaged:
        with pytest.raises(ValueError):
            TableHost.from_record(record, bind="127.0.0.1", cert_folder=tmp_path)
    again = TableHost.from_record(good, bind="127.0.0.1", cert_folder=tmp_path)
    assert again.lobby()["seats"] == host.lobby()["seats"]
