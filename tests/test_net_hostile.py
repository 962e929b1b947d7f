"""Hostile guests at a loopback table (net/host.py): oversize, compressed, flooding, silent,
guessing and malformed connections each get a clear error (or are closed), nothing at the table
changes, and an honest guest at the same table plays on."""

from __future__ import annotations

import asyncio
import json
import random
import ssl
from pathlib import Path
from typing import Any

import pytest

from loopback import Polled, Raw, hosting, play_out, run, snapshot, turn_of, version
from net import frames
from net import protocol as p
from net.guest import client_context
from net.host import SeatPlan, TableHost


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table here listens on 127.0.0.1 only."""
    monkeypatch.setenv("NINE_LIVES_NET_BIND", "127.0.0.1")


def hello(code: str, **fields: Any) -> dict[str, Any]:
    """A guest's hello with a join code (and any other fields)."""
    return {"t": "hello", "v": p.PROTOCOL_VERSION, "code": code, **fields}


def an_illegal_action(host: TableHost) -> tuple[dict[str, Any], str]:
    """An action of the game (read back from JSON) the rules refuse now, and the engine's
    reason for it."""
    state = host.call(lambda: host.session.state.clone())
    for legal in state.legal_actions():
        data = legal.to_json()
        for key, value in data.items():
            if isinstance(value, int) and not isinstance(value, bool):
                for other in range(value, value + 40):
                    wrong = {**data, key: other}
                    action = state.action_from_json(wrong)
                    if action not in state.legal_actions():
                        reason = state.why_illegal(action)
                        assert reason
                        return wrong, reason
    raise AssertionError("no illegal action found")


async def honest_plays_on(host: TableHost, honest: Polled, other: Raw, seed: int = 1) -> None:
    """The honest guest (and the other seat) play the game out to its end."""
    last = await play_out(host, [honest, other], random.Random(seed))
    assert last["over"] and last["outcome"] is not None
    assert honest.errors() == []


def test_every_malformed_message_gets_its_error_to_that_guest_only(tmp_path: Path) -> None:
    """Garbage text, binary frames, NaN, deep nesting, non-objects, unknown types, bad fields,
    a second hello, a move out of turn, a move for another seat, an illegal move (with the
    engine's reason), a bad action, an undo not allowed and a bad spot each get their error
    with the message's ref, to the sender only; the table's version and record do not change;
    the honest guest plays the game out afterwards."""
    async def body(host: TableHost) -> None:
        honest = Polled.joined(host, "Honest")
        try:
            await honest.welcome()
            bad = await Raw.joined(host, "Mallory")
            assert {honest.seat, bad.seat} == {0, 1} and bad.token and bad.token != honest.token
            assert honest.seat is not None and bad.seat is not None
            pick = random.Random(3)
            await turn_of(host, [honest, bad], honest.seat, pick)
            before = snapshot(host)
            honest_legal = (await honest.at(before[0]))["legal"][0]["action"]
            deep = "[" * 30 + "]" * 30
            cases: list[tuple[Any, str, Any]] = [
                ("not json {", p.BAD_JSON, None),
                ("", p.BAD_JSON, None),
                ('{"t": "act", "seat": 0, "action": {"kind": "aside", "number": NaN}}',
                 p.BAD_JSON, None),
                (b'{"t": "undo", "ref": 1}', p.BINARY, None),
                ('{"t": "act", "ref": 2, "seat": 0, "action": ' + deep + "}", p.TOO_DEEP, None),
                ("[" * 20000 + "]" * 20000, p.TOO_DEEP, None),
                ("[1, 2, 3]", p.NOT_OBJECT, None),
                ('"hello"', p.NOT_OBJECT, None),
                ("42", p.NOT_OBJECT, None),
                ("null", p.NOT_OBJECT, None),
                ({"t": "teleport", "ref": 3}, p.UNKNOWN_TYPE, 3),
                ({"ref": 4, "seat": 0}, p.UNKNOWN_TYPE, 4),
                ({"t": "act", "ref": "five"}, p.BAD_FIELD, None),
                ({"t": "act", "ref": 6, "seat": "0", "action": {}}, p.BAD_FIELD, 6),
                ({"t": "act", "ref": 7, "seat": 0}, p.BAD_FIELD, 7),
                ({"t": "act", "ref": 8, "seat": True, "action": {}}, p.BAD_FIELD, 8),
                ({"t": "why_drop", "ref": 9, "source": [0]}, p.BAD_FIELD, 9),
                ({**hello(host.code), "ref": 11}, p.TWICE, 11),
                ({"t": "act", "ref": 12, "seat": honest.seat, "action": honest_legal},
                 p.NOT_YOUR_SEAT, 12),
                ({"t": "act", "ref": 13, "seat": 7, "action": honest_legal}, p.NOT_YOUR_SEAT, 13),
                ({"t": "act", "ref": 14, "seat": bad.seat, "action": honest_legal},
                 p.NOT_YOUR_TURN, 14),
            ]
            for message, code, ref in cases:
                await bad.send(message)
                await bad.error(code, ref)
                assert snapshot(host) == before, (message, code)
            # the honest guest plays on; then it is the hostile guest's turn
            await honest.play(honest.seat, honest_legal)
            await turn_of(host, [honest, bad], bad.seat, pick)
            await bad.at(version(host))
            before = snapshot(host)
            wrong, reason = an_illegal_action(host)
            await bad.send({"t": "act", "ref": 20, "seat": bad.seat, "action": wrong})
            refused = await bad.error(p.ILLEGAL, 20)
            assert refused["text"] == frames.text_to_json(reason)
            for message, code, ref in [
                ({"t": "act", "ref": 31, "seat": bad.seat, "action": {"kind": "aside",
                                                                       "number": "\ud800"}},
                 p.ILLEGAL, 31),  # the engine's reason echoes a lone surrogate
                ({"t": "act", "ref": 21, "seat": bad.seat, "action": {"kind": "fly"}},
                 p.BAD_ACTION, 21),
                ({"t": "act", "ref": 22, "seat": bad.seat, "action": {"kind": "aside",
                                                                       "nmber": 1}},
                 p.BAD_ACTION, 22),
                ({"t": "act", "ref": 23, "seat": bad.seat, "action": {"kind": ["aside"]}},
                 p.BAD_ACTION, 23),
                ({"t": "act", "ref": 24, "seat": bad.seat, "action": {"kind": "\ud800"}},
                 p.BAD_ACTION, 24),
                ({"t": "act", "ref": 25, "seat": bad.seat, "action": {"kind": "aside",
                                                                       "number": "1"}},
                 p.ILLEGAL, 25),
                ({"t": "act", "ref": 29, "seat": bad.seat, "action": {"kind": "aside",
                                                                       "number": {"x": [1]}}},
                 p.ILLEGAL, 29),
                ({"t": "why_pick", "ref": 26, "source": []}, p.BAD_FIELD, 26),
                ({"t": "why_drop", "ref": 27, "source": [[[1]]], "target": [0]},
                 p.BAD_FIELD, 27),
                ({"t": "undo", "ref": 28}, p.NO_UNDO, 28),
            ]:
                await bad.send(message)
                await bad.error(code, ref)
            assert snapshot(host) == before
            assert honest.errors() == [], "an error went to the wrong guest"
            await honest_plays_on(host, honest, bad)
            await bad.send({"t": "act", "ref": 30, "seat": bad.seat, "action": wrong})
            await bad.error(p.ILLEGAL, 30)
            await bad.close()
        finally:
            honest.close()

    with hosting(tmp_path) as host:
        run(body(host))


def test_a_move_is_played_as_the_hosts_own_action_never_the_guests_json(
        tmp_path: Path) -> None:
    """A move sent with 2.0 (or true) for the number 2 (or 1) equals a legal move, but the one
    the session plays, saves and shows is the host's own: the record holds whole numbers."""
    async def body(host: TableHost) -> None:
        honest = Polled.joined(host, "Honest")
        try:
            await honest.welcome()
            bad = await Raw.joined(host, "Mallory")
            assert bad.seat is not None
            pick = random.Random(4)
            for _ in range(2):
                await turn_of(host, [honest, bad], bad.seat, pick)
                frame = await bad.at(version(host))
                action = next(a["action"] for a in frame["legal"]
                              if any(type(v) is int for v in a["action"].values()))
                key = next(k for k, v in action.items() if type(v) is int)
                foreign = {**action, key: True if action[key] == 1 else float(action[key])}
                played = await bad.play(bad.seat, foreign)
                assert played["log"][-1]["seat"] == bad.seat
                last = host.record()["session"]["actions"][-1]
                assert last == action and type(last[key]) is int, last
            await honest_plays_on(host, honest, bad)
            await bad.close()
        finally:
            honest.close()

    with hosting(tmp_path) as host:
        run(body(host))


def test_hostile_openings_are_refused_and_closed_and_the_table_goes_on(tmp_path: Path) -> None:
    """Before a hello: garbage, a binary frame, a move, a hello of another protocol version or
    without a code, a hello with a name past its limit, tokens of lone surrogates, invalid UTF-8 in a text frame and a
    message over 64 KiB are each refused (an error, then the close; websockets itself closes
    with 1007 / 1009 for the last two); a hello for a taken seat gets ``no_seat``; a name of
    control characters and lone surrogates is cleaned; nothing at the table changes."""
    async def body(host: TableHost) -> None:
        first = await Raw.joined(host, "\x00\ud800\u202eEve\x07", seat=1)
        assert first.seat == 1
        assert host.lobby()["seats"][1]["name"] == "Eve"
        before = snapshot(host)
        openings: list[tuple[Any, str]] = [
            ("garbage", p.BAD_JSON),
            (b"\x00\x01binary", p.BINARY),
            ({"t": "act", "seat": 0, "action": {}}, p.NO_HELLO),
            ({"t": "hello", "v": 99, "code": host.code}, p.VERSION),
            ({"t": "hello", "v": p.PROTOCOL_VERSION, "name": "x"}, p.BAD_FIELD),
            (hello(host.code, name="n" * 201), p.BAD_FIELD),
            (hello(host.code, spectate="yes"), p.BAD_FIELD),
            (hello(host.code, seat=1), p.NO_SEAT),
            (hello(host.code, seat=-1), p.BAD_FIELD),
            ({"t": "hello", "v": p.PROTOCOL_VERSION, "resume": "\ud800" * 32}, p.BAD_TOKEN),
            ({"t": "hello", "v": p.PROTOCOL_VERSION, "host_token": "\udfff"}, p.BAD_TOKEN),
            ({"t": "hello", "v": "\ud83d", "code": host.code}, p.VERSION),
        ]
        for message, code in openings:
            raw = await Raw.open(host.port)
            await raw.send(message)
            await raw.error(code, None)
            assert await raw.closed() == 1008, message
            assert snapshot(host) == before, message
        raw = await Raw.open(host.port)
        await raw.ws.send(b'{"t": "hello", "name": "\xff\xfe"}', text=True)
        assert await raw.closed() == 1007
        raw = await Raw.joined(host, "Big", spectate=True)
        await raw.send(json.dumps({"t": "bye", "pad": "x" * (p.MAX_MESSAGE + 10)}))
        assert await raw.closed() == 1009
        # just under the cap is read as usual
        raw = await Raw.joined(host, "Padded", spectate=True)
        padded = {"t": "why_pick", "ref": 5, "source": [0], "pad": ""}
        padded["pad"] = "x" * (p.MAX_MESSAGE - len(json.dumps(padded)) - 1)
        await raw.send(padded)
        answer = await raw.reply()
        assert answer["t"] == "reason" and answer["ref"] == 5
        await raw.close()
        assert snapshot(host) == before
        # the table goes on: the open seat is still free for an honest guest
        honest = Polled.joined(host, "Honest")
        try:
            assert (await honest.welcome())["seat"] == 0
            await honest_plays_on(host, honest, first)
        finally:
            honest.close()
        await first.close()

    with hosting(tmp_path) as host:
        run(body(host))


def test_the_host_never_negotiates_compression(tmp_path: Path) -> None:
    """A guest offering permessage-deflate gets a plain connection (no extension answered),
    and it still plays as any guest."""
    async def body(host: TableHost) -> None:
        raw = await Raw.open(host.port, compression="deflate")
        assert "permessage-deflate" in str(raw.ws.request.headers.get(
            "Sec-WebSocket-Extensions", ""))
        assert raw.ws.response.headers.get("Sec-WebSocket-Extensions") is None
        assert raw.ws.protocol.extensions == []
        await raw.send(hello(host.code, name="Zip"))
        assert (await raw.welcome())["role"] == "guest"
        await raw.close()

    with hosting(tmp_path) as host:
        run(body(host))


def test_a_flood_is_rate_limited_and_a_long_one_closed_while_the_table_goes_on(
        tmp_path: Path) -> None:
    """Past the burst (200) a guest's messages are dropped with a ``rate_limited`` error (at
    most one a second); a guest that keeps flooding (over 2000 dropped) is closed (1008); the
    table does not change and the honest guest plays the game out."""
    async def body(host: TableHost) -> None:
        from websockets.exceptions import ConnectionClosed

        honest = Polled.joined(host, "Honest")
        try:
            await honest.welcome()
            bad = await Raw.joined(host, "Flood")
            await bad.at(version(host))
            before = snapshot(host)
            for _ in range(400):
                await bad.send({"t": "bye"})
            await bad.error(p.RATE, None)
            assert snapshot(host) == before
            # a flood past RATE_CLOSE dropped messages is closed
            flood = await Raw.joined(host, "Flood 2", spectate=True)
            try:
                for _ in range(6000):
                    await flood.ws.send('{"t":"bye"}')
            except ConnectionClosed:
                pass
            assert await flood.closed() == 1008
            assert [m["code"] for m in flood.errors()][:1] == [p.RATE]
            assert snapshot(host) == before
            await asyncio.sleep(1.0)  # the flooder's bucket fills again before it plays
            await honest_plays_on(host, honest, bad)
            await bad.close()
        finally:
            honest.close()

    with hosting(tmp_path) as host:
        run(body(host))


def test_a_connection_that_never_says_hello_is_closed_at_the_deadline(tmp_path: Path) -> None:
    """A websocket that says nothing gets ``hello_timeout`` and is closed; a TCP connection
    that never starts TLS, and a TLS one that never asks for the websocket, are closed too
    (the deadline is the host's ``hello_deadline``, shortened here)."""
    async def body(host: TableHost) -> None:
        quiet = await Raw.open(host.port)
        await quiet.error(p.HELLO_TIMEOUT, None)
        assert await quiet.closed() == 1008
        reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
        try:
            assert await asyncio.wait_for(reader.read(100), 10) == b""
        finally:
            writer.close()
        reader, writer = await asyncio.open_connection("127.0.0.1", host.port,
                                                       ssl=client_context(), server_hostname="")
        try:
            try:
                assert await asyncio.wait_for(reader.read(100), 10) == b""
            except (ConnectionError, ssl.SSLError):
                pass  # closed without a TLS goodbye: closed all the same
        finally:
            writer.close()
        assert host.lobby()["seats"][0]["status"] == "open"
        late = await Raw.joined(host, "Late but fine")
        await late.close()

    assert TableHost("box", [SeatPlan(), SeatPlan()], 1).hello_deadline == 3.0
    with hosting(tmp_path, hello_deadline=0.4) as host:
        run(body(host))


def test_five_wrong_codes_lock_the_address_out_until_a_new_code(tmp_path: Path) -> None:
    """Five wrong join codes from one address get ``bad_code``; after that even the right
    code gets ``locked_out`` (and so does a wrong token); the guest already seated is not
    disturbed and, dropped, still comes back with its token; a new code from the host lets
    the address in again."""
    async def body(host: TableHost) -> None:
        seated = await Raw.joined(host, "Seated")
        before = snapshot(host)
        right = host.code
        wrong = ("00000-00000" if right.replace("-", "") != "0000000000" else "11111-11111")
        for _ in range(5):
            raw = await Raw.open(host.port)
            await raw.send(hello(wrong, name="Guess"))
            await raw.error(p.BAD_CODE, None)
            assert await raw.closed() == 1008
        for attempt in (hello(right, name="Right, too late"),
                        {"t": "hello", "v": p.PROTOCOL_VERSION, "resume": "0" * 32}):
            raw = await Raw.open(host.port)
            await raw.send(attempt)
            await raw.error(p.LOCKED_OUT, None)
            assert await raw.closed() == 1008
        assert snapshot(host) == before
        assert seated.errors() == []
        await seated.close()
        back = await Raw.open(host.port)
        await back.send({"t": "hello", "v": p.PROTOCOL_VERSION, "resume": seated.token})
        assert (await back.welcome())["seat"] == seated.seat
        host.new_code()
        late = await Raw.joined(host, "Let in")
        assert late.seat is not None and late.seat != seated.seat
        await late.close()
        await back.close()

    with hosting(tmp_path) as host:
        run(body(host))


def test_a_table_wide_lockout_retires_the_code_but_not_the_seated_guests_tokens(
        tmp_path: Path) -> None:
    """After 25 wrong codes in all the join code stops working for everyone (``locked_out``)
    until the host makes a new one, but a seated guest who drops still resumes its seat."""
    async def body(host: TableHost) -> None:
        seated = await Raw.joined(host, "Seated")
        host.call(lambda: setattr(host, "_wrong_total", 25))  # as if 25 guesses came in
        raw = await Raw.open(host.port)
        await raw.send(hello(host.code, name="Right code"))
        await raw.error(p.LOCKED_OUT, None)
        assert await raw.closed() == 1008
        await seated.close()
        back = await Raw.open(host.port)
        await back.send({"t": "hello", "v": p.PROTOCOL_VERSION, "resume": seated.token})
        assert (await back.welcome())["seat"] == seated.seat
        host.new_code()
        late = await Raw.joined(host, "Let in")
        await late.close()
        await back.close()

    with hosting(tmp_path) as host:
        run(body(host))


def test_the_connection_cap_answers_full_and_frees_up(tmp_path: Path) -> None:
    """With ``max_connections=2``, a third connection gets ``full`` and is closed (1013); once
    one leaves, a new one gets in."""
    async def body(host: TableHost) -> None:
        one = await Raw.joined(host, "One")
        two = await Raw.joined(host, "Two", spectate=True)
        three = await Raw.open(host.port)
        await three.error(p.FULL, None)
        assert await three.closed() == 1013
        await two.close()
        for _ in range(100):
            four = await Raw.open(host.port)
            await four.send(hello(host.code, spectate=True))
            answer = await four.reply()
            if answer["t"] == "welcome":
                break
            assert answer["code"] == p.FULL
            await four.closed()
            await asyncio.sleep(0.05)
        else:
            raise AssertionError("the cap never freed up")
        assert answer["role"] == "spectator"
        await four.close()
        await one.close()

    with hosting(tmp_path, max_connections=2) as host:
        run(body(host))
