"""Loopback tables for the net tests: a host on 127.0.0.1, hand-made raw websocket guests and
GuestClients read from one asyncio test loop, every wait bounded by a hang guard."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path
from typing import Any, Callable, Coroutine, Iterator, Optional, Sequence, TypeVar, Union

from net import protocol as p
from net.guest import GuestClient, client_context
from net.host import SeatPlan, TableHost

T = TypeVar("T")
JsonDict = dict[str, Any]
GUARD = 15.0  # seconds: a hang guard for one wait, never a measurement


def run(coro: Coroutine[Any, Any, T], guard: float = 30.0) -> T:
    """Run one test body on a fresh loop, failing (not hanging) if it never ends."""
    return asyncio.run(asyncio.wait_for(coro, guard))


@contextlib.contextmanager
def hosting(folder: Path, seats: Sequence[SeatPlan] = (SeatPlan(), SeatPlan()), *,
            game: str = "box", seed: int = 5, **kwargs: Any) -> Iterator[TableHost]:
    """An open table on loopback, its certificate in ``folder``; stopped however the test ends."""
    host = TableHost(game, list(seats), seed, bind="127.0.0.1", cert_folder=folder,
                     bot_pace=0, autosave=None, **kwargs)
    try:
        host.start()
        yield host
    finally:
        host.stop()


def snapshot(host: TableHost) -> tuple[int, str]:
    """The table's version and its whole record (session log, seats) as one comparable value."""
    return host.call(lambda: (host.version, json.dumps(host._record(), sort_keys=True)))


def version(host: TableHost) -> int:
    """The table's version, read on its own loop."""
    return host.call(lambda: host.version)


class Peer:
    """What one guest was sent, in order; ``frame`` is the newest frame."""

    def __init__(self) -> None:
        self.got: list[JsonDict] = []
        self.cursor = 0
        self.frame: Optional[JsonDict] = None
        self.seat: Optional[int] = None
        self.token: Optional[str] = None

    def _keep(self, message: JsonDict) -> None:
        self.got.append(message)
        if message.get("t") == "frame":
            self.frame = message
        elif message.get("t") == "welcome":
            self.seat, self.token = message.get("seat"), message.get("token")

    async def _more(self) -> None:
        """Take in what arrived (waiting a little for it)."""
        raise NotImplementedError

    async def act(self, seat: int, action: JsonDict) -> int:
        """Ask the host for a move; the ref of the message."""
        raise NotImplementedError

    async def wait(self, pred: Callable[[JsonDict], bool], what: str = "a message",
                   guard: float = GUARD) -> JsonDict:
        """The next message (after those already waited past) that ``pred`` accepts."""
        async def go() -> JsonDict:
            while True:
                while self.cursor < len(self.got):
                    message = self.got[self.cursor]
                    self.cursor += 1
                    if pred(message):
                        return message
                await self._more()
        try:
            return await asyncio.wait_for(go(), guard)
        except asyncio.TimeoutError:
            raise AssertionError(f"never got {what}; got {[m.get('t') for m in self.got]}"
                                 f" {[m for m in self.got if m.get('t') == 'error']}") from None

    async def welcome(self) -> JsonDict:
        """The welcome (an error instead fails the test)."""
        message = await self.wait(lambda m: m.get("t") in ("welcome", "error", "closed"),
                                  "a welcome")
        assert message["t"] == "welcome", message
        return message

    async def at(self, version: int) -> JsonDict:
        """The newest frame if it is of the table at ``version`` or later, else the next
        such frame."""
        if self.frame is not None and self.frame["version"] >= version:
            return self.frame
        return await self.wait(lambda m: m.get("t") == "frame" and m["version"] >= version,
                               f"a frame of version {version}")

    async def reply(self) -> JsonDict:
        """The next message that is not a frame."""
        return await self.wait(lambda m: m.get("t") != "frame", "a reply")

    def errors(self) -> list[JsonDict]:
        """Every error this guest was sent so far."""
        return [m for m in self.got if m.get("t") == "error"]

    async def play(self, seat: int, action: JsonDict) -> JsonDict:
        """Play ``action`` and wait for the frame after it (an error fails the test)."""
        before = self.frame["version"] if self.frame else -1
        ref = await self.act(seat, action)
        message = await self.wait(lambda m: (m.get("t") == "frame" and m["version"] > before)
                                  or (m.get("t") == "error" and m.get("ref") == ref),
                                  f"the frame after {action}")
        assert message["t"] == "frame", message
        return message


class Raw(Peer):
    """A hand-made guest: raw text (or bytes) over TLS, none of GuestClient's checks."""

    def __init__(self, ws: Any) -> None:
        super().__init__()
        self.ws = ws
        self.ref = 1000

    @classmethod
    async def open(cls, port: int, **kwargs: Any) -> "Raw":
        """A TLS websocket to the table on ``port`` (nothing said yet); ``kwargs`` for connect."""
        from websockets.asyncio.client import connect

        options: JsonDict = {"ssl": client_context(), "compression": None,
                             "max_size": p.MAX_FRAME, "open_timeout": 5, "close_timeout": 1,
                             "ping_interval": None}
        options.update(kwargs)
        return cls(await connect(f"wss://127.0.0.1:{port}", **options))

    @classmethod
    async def joined(cls, host: TableHost, name: str = "Raw", **fields: Any) -> "Raw":
        """A raw guest said hello with the join code and was welcomed."""
        raw = await cls.open(host.port)
        await raw.send({"t": "hello", "v": p.PROTOCOL_VERSION, "code": host.code,
                        "name": name, **fields})
        await raw.welcome()
        return raw

    async def send(self, message: Union[JsonDict, str, bytes]) -> None:
        """Send a message as JSON text, or text / bytes exactly as given."""
        if isinstance(message, dict):
            message = json.dumps(message)
        await self.ws.send(message)

    async def act(self, seat: int, action: JsonDict) -> int:
        """Ask for a move; the ref the answer will carry."""
        self.ref += 1
        await self.send({"t": "act", "seat": seat, "action": action, "ref": self.ref})
        return self.ref

    async def _more(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            raw = await self.ws.recv()
        except ConnectionClosed:
            raise AssertionError(f"the host closed the connection ({self.ws.close_code}); "
                                 f"got {self.got[-3:]}") from None
        self._keep(p.decode(raw, p.MAX_FRAME, p.MAX_FRAME_DEPTH))

    async def error(self, code: str, ref: Optional[int] = None) -> JsonDict:
        """The next reply, which must be the error ``code`` for ``ref``."""
        message = await self.reply()
        assert message["t"] == "error" and message["code"] == code, (code, message)
        assert message["ref"] == ref, (ref, message)
        assert message["text"], message
        return message

    async def closed(self, guard: float = GUARD) -> int:
        """Read until the host closes the connection; its close code."""
        from websockets.exceptions import ConnectionClosed

        async def go() -> int:
            try:
                while True:
                    self._keep(json.loads(await self.ws.recv()))
            except ConnectionClosed:
                code = self.ws.close_code
                return -1 if code is None else int(code)
        return await asyncio.wait_for(go(), guard)

    async def close(self) -> None:
        """Leave (the close handshake)."""
        await self.ws.close()


class Polled(Peer):
    """A GuestClient (its own thread), its events polled from the test loop."""

    def __init__(self, client: GuestClient) -> None:
        super().__init__()
        self.client = client

    @classmethod
    def joined(cls, host: TableHost, name: str = "Guest", **kwargs: Any) -> "Polled":
        """A GuestClient started with the join code (it waits for no welcome)."""
        options: JsonDict = {"code": host.code, "name": name}
        options.update(kwargs)
        return cls(GuestClient("127.0.0.1", host.port, **options).start())

    async def _more(self) -> None:
        events = self.client.poll()
        for event in events:
            self._keep(event)
        if not events:
            await asyncio.sleep(0.01)

    async def act(self, seat: int, action: JsonDict) -> int:
        """Ask for a move through the client; its ref."""
        return self.client.send_action(seat, action)

    def close(self) -> None:
        """Leave the table (the client's goodbye; it does not come back)."""
        self.client.close()


async def turn_of(host: TableHost, peers: Sequence[Peer], seat: int, pick: random.Random) -> None:
    """Play random legal moves (of whichever peer is to move; the host plays its bots) until
    ``seat`` is to move."""
    for _ in range(400):
        if await _step(host, peers, pick, stop_at=seat):
            return
    raise AssertionError(f"seat {seat} never came to move")


async def _step(host: TableHost, peers: Sequence[Peer], pick: random.Random,
                stop_at: Optional[int] = None) -> bool:
    """One move of the peer to move (or wait for the host's bot); True once the table is at
    ``stop_at``'s turn or, without one, over."""
    now = version(host)
    frames = [await peer.at(now) for peer in peers]
    newest = max(frames, key=lambda f: f["version"])
    if newest["over"]:
        assert stop_at is None, "the game ended before that seat's turn"
        return True
    to_move = newest["to_move"]
    if to_move == stop_at and all(f["version"] == newest["version"] for f in frames):
        return True
    movers = [i for i, f in enumerate(frames) if to_move in f["held"]]
    if not movers:  # a bot's turn (or a seat nobody here holds): the host moves on
        await peers[0].at(newest["version"] + 1)
        return False
    frame = frames[movers[0]]
    if frame["version"] == newest["version"] and frame["legal"]:
        await peers[movers[0]].play(to_move, pick.choice(frame["legal"])["action"])
    return False


async def play_out(host: TableHost, peers: Sequence[Peer], pick: random.Random,
                   limit: int = 2000) -> JsonDict:
    """Random legal moves by the peers (the host plays its bots) to the end; the last frame."""
    for _ in range(limit):
        if await _step(host, peers, pick):
            now = version(host)
            return max([await peer.at(now) for peer in peers], key=lambda f: f["version"])
    raise AssertionError("the game did not end")
