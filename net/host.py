"""The host of a table: the one writer of its Session, on its own thread and asyncio loop.

Guests (the host's own window too, over loopback) connect with websockets over TLS, say hello
with the join code (or a resume token, or the host window's token) and are sent a frame after
every change of the table (``net.frames.frame_for`` for the seats each connection holds). An
action is played only if it equals one of ``legal_actions()`` for the seat to move and that
seat is held by the connection that sent it. Every refusal is an error to that connection only;
nothing else changes. Bots are played here, their search on a worker thread.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import secrets
import ssl
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Sequence, TypeVar

from cats import get_game
from cats.core import IllegalAction
from cats.session import Seat, Session
from net import frames, pinning
from net import protocol as p

log = logging.getLogger("nine-lives.net.host")

T = TypeVar("T")
JsonDict = dict[str, Any]

HELLO_DEADLINE = 3.0
RATE = 100.0          # messages per second a connection may send, on average
BURST = 200.0         # and at once
RATE_CLOSE = 2000     # messages dropped for the rate before the connection is closed
WRONG_PER_ADDRESS = 5
WRONG_PER_TABLE = 25  # wrong codes from all addresses before the code is retired
LOCKOUT_SECONDS = 300.0
OUTBOX = 32           # replies (errors, reasons) waiting for a slow guest; more are dropped
RECORD_FORMAT = 1
RECORD_KIND = "nine-lives-table"


@dataclass(frozen=True)
class SeatPlan:
    """How a seat is filled: ``open`` for a guest, ``local`` for the host's own window, or
    ``bot`` of a ``level``; ``name`` for a local seat or a bot (a guest names itself)."""

    kind: str = "open"
    name: str = ""
    level: int = 2
    symbol: str = ""
    colour: str = ""


@dataclass
class _Slot:
    plan: str                          # "open" | "local" | "bot"
    token: Optional[str] = None        # the guest's resume token once someone took the seat
    bot_level: Optional[int] = None    # an open or local seat handed to a bot
    human: Optional[Seat] = None       # the seat as it was before the bot took it

    @property
    def is_bot(self) -> bool:
        return self.plan == "bot" or self.bot_level is not None

    def status(self) -> str:
        if self.is_bot:
            return "bot"
        if self.plan == "local":
            return "local"
        return "guest" if self.token else "open"

    def to_json(self) -> JsonDict:
        return {"plan": self.plan, "token": self.token, "bot_level": self.bot_level,
                "human": None if self.human is None else self.human.to_json()}

    @classmethod
    def from_json(cls, data: Any) -> "_Slot":
        if not isinstance(data, Mapping) or data.get("plan") not in ("open", "local", "bot"):
            raise ValueError("a table seat needs a plan")
        token, level, human = data.get("token"), data.get("bot_level"), data.get("human")
        if token is not None and not (isinstance(token, str) and len(token) == 32):
            raise ValueError("bad resume token in the table record")
        if level is not None and (not isinstance(level, int) or not 1 <= level <= 3):
            raise ValueError("bad bot level in the table record")
        return cls(str(data["plan"]), token, level,
                   None if human is None else Seat.from_json(human))


class _Bucket:
    """A token bucket: ``take()`` is False once a connection sends faster than allowed."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class _Conn:
    """One connection: its role, what it holds, and what waits to be sent to it."""

    def __init__(self, ws: Any, address: str) -> None:
        self.ws = ws
        self.address = address
        self.role: Optional[str] = None     # "guest" | "host" | "spectator" once welcomed
        self.token: Optional[str] = None
        self.bucket = _Bucket(RATE, BURST)
        self.dropped = 0
        self.last_rate_error = 0.0
        # the newest frame not yet sent (older ones skipped): its own part as JSON text, and the
        # move log as it stood then, entry by entry with each entry's text
        self.frame: Optional[tuple[str, list[tuple[Any, str]]]] = None
        self.log_sent: list[Any] = []  # the log entries this connection has been sent
        self.outbox: collections.deque[str] = collections.deque()
        self.wake = asyncio.Event()
        self.closed = False

    def push(self, message: JsonDict) -> None:
        if len(self.outbox) < OUTBOX:
            self.outbox.append(p.encode(message))
            self.wake.set()


class TableError(RuntimeError):
    """The host could not start or was asked something it cannot do; ``str()`` says why."""


class TableHost:
    """A networked table: the lobby (seats open, local or bot), the Session and the server.

    ``start()`` and ``stop()`` are called from any thread (the app's); everything else runs on
    the host's own loop. ``call(fn)`` runs ``fn()`` there and returns its result."""

    def __init__(self, game_id: str, seats: Sequence[SeatPlan], seed: int,
                 options: Optional[Mapping[str, Any]] = None, *, bind: str = "127.0.0.1",
                 port: int = 0, name: str = "", cert_folder: Optional[Path] = None,
                 bot_pace: float = 0.6, autosave: Optional[Path] = None,
                 start_when_full: bool = True, max_connections: int = 16,
                 hello_deadline: float = HELLO_DEADLINE,
                 session: Optional[Session] = None,
                 slots: Optional[list[_Slot]] = None,
                 trace: Optional[Callable[[int, Session], None]] = None) -> None:
        game = get_game(game_id)
        if session is None:
            game.info.check_players(len(seats))
            humans = [self._seat_of(i, plan) for i, plan in enumerate(seats)]
            session = Session.start(game_id, humans, seed, options)
            slots = [_Slot(plan.kind) for plan in seats]
        assert slots is not None and len(slots) == len(session.seats)
        self.session = session
        self.slots = slots
        self.title = game.info.title
        self.name = p.clean_name(name, "Nine Lives")
        self.bind, self.port = bind, port
        self.cert_folder = cert_folder
        self.bot_pace = bot_pace
        self.autosave = autosave
        self.start_when_full = start_when_full
        self.max_connections = max_connections
        self.hello_deadline = hello_deadline  # seconds for TLS, the upgrade, then the hello
        self.trace = trace
        self.started = bool(session.log) or (start_when_full and self._all_filled())
        self.version = 0
        self.host_token = secrets.token_hex(32)
        self.fingerprint = ""
        self.code = ""
        self._conns: set[_Conn] = set()
        self._live = 0
        self._wrong: dict[str, int] = {}
        self._locked: dict[str, float] = {}
        self._wrong_total = 0
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._thread: Optional[threading.Thread] = None
        self._ready = threading.Event()
        self._failure: Optional[BaseException] = None
        self._stopping: Optional[asyncio.Event] = None
        self._bot_task: Optional[asyncio.Task[None]] = None
        self._bots = ThreadPoolExecutor(1, thread_name_prefix="table-bot")
        self._saver = ThreadPoolExecutor(1, thread_name_prefix="table-save")
        self._frame_cache: dict[tuple[int, ...], str] = {}
        self._log_cache: Optional[list[JsonDict]] = None
        self._entries_stale = True  # the log changed since log_entries() last looked
        self._mover: Optional[_Conn] = None
        # each log entry's JSON text, kept with the entry it was made from: the log only grows
        # (or loses its last entries to an undo), so a change encodes just the new entries
        self._entry_texts: list[tuple[Any, str]] = []
        self.saved_error = ""

    @staticmethod
    def _seat_of(index: int, plan: SeatPlan) -> Seat:
        if plan.kind not in ("open", "local", "bot"):
            raise ValueError(f"a seat is open, local or bot, not {plan.kind!r}")
        if plan.kind == "bot":
            return Seat(plan.name or f"Bot {index + 1}", "bot", plan.level, plan.symbol,
                        plan.colour)
        fallback = f"Player {index + 1}" if plan.kind == "local" else f"Open seat {index + 1}"
        return Seat(p.clean_name(plan.name, fallback), "human", 0, plan.symbol, plan.colour)

    # -- resuming a saved table ---------------------------------------------------------------
    @classmethod
    def from_record(cls, record: Mapping[str, Any], **kwargs: Any) -> "TableHost":
        """A table resumed from :meth:`record` output, with the same seats (a guest's resume
        token still finds its seat); ``ValueError`` with a reason if the record is damaged."""
        if not isinstance(record, Mapping) or record.get("kind") != RECORD_KIND:
            raise ValueError("not a Nine Lives table record")
        if record.get("format") != RECORD_FORMAT:
            raise ValueError("a table record of another format")
        session = Session.from_record(record.get("session", {}))
        raw = record.get("seats")
        if not isinstance(raw, list) or len(raw) != len(session.seats):
            raise ValueError("the table record's seats do not match its game")
        slots = [_Slot.from_json(s) for s in raw]
        host = cls(session.game_id, [], session.seed, session.options, session=session,
                   slots=slots, **kwargs)
        host.started = bool(record.get("started", True)) or host.started
        return host

    def _record(self) -> JsonDict:
        return {"kind": RECORD_KIND, "format": RECORD_FORMAT, "name": self.name,
                "started": self.started, "port": self.port, "session": self.session.to_record(),
                "seats": [s.to_json() for s in self.slots]}

    def record(self) -> JsonDict:
        """The table as a JSON record: the session's save record and the seat table."""
        return self.call(self._record)

    def save(self, path: Path) -> None:
        """Write :meth:`record` to ``path`` atomically (saves' writer; the old one kept as .bak)."""
        from saves.jsonfile import write_json

        write_json(path, self.record())

    # -- the thread and the loop ------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> tuple[str, int]:
        """Make the certificate if needed, open the server on its own thread; the address and
        port it listens on. ``TableError`` if it cannot."""
        if self._thread is not None:
            raise TableError("the table is already open")
        cert, key, self.fingerprint = pinning.load_certificate(self.cert_folder)
        self.code = pinning.make_code(self.fingerprint)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        context.load_cert_chain(str(cert), str(key))
        self._thread = threading.Thread(target=self._run, args=(context,),
                                        name="table-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TableError("the table did not open in time")
        if self._failure is not None:
            raise TableError(f"the table cannot open: {self._failure}") from self._failure
        return self.bind, self.port

    def _run(self, context: ssl.SSLContext) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main(context))
        except BaseException as exc:  # noqa: BLE001 - reported to start() or logged
            self._failure = exc
            log.exception("the table host stopped")
        finally:
            self._ready.set()
            try:
                loop.run_until_complete(loop.shutdown_asyncgens())
            finally:
                loop.close()

    async def _main(self, context: ssl.SSLContext) -> None:
        from websockets.asyncio.server import serve

        self._stopping = asyncio.Event()
        async with serve(self._serve, self.bind, self.port, ssl=context, compression=None,
                         max_size=p.MAX_MESSAGE, max_queue=4, close_timeout=1.0,
                         open_timeout=self.hello_deadline, ping_interval=10, ping_timeout=10,
                         server_header=None) as server:
            sockets = list(server.sockets)
            self.port = sockets[0].getsockname()[1]
            self._ready.set()
            self._kick_bot()
            await self._stopping.wait()
            for conn in list(self._conns):
                conn.push(p.error(p.CLOSING, "The host closed the table."))
            await asyncio.sleep(0)
            server.close(close_connections=True)
            await server.wait_closed()
        if self._bot_task is not None:
            self._bot_task.cancel()

    def stop(self, timeout: float = 10.0) -> None:
        """Close the table: every guest is told, the server stops, the thread ends."""
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stopping.set)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(timeout)
        self._bots.shutdown(wait=False, cancel_futures=True)
        self._saver.shutdown(wait=True)

    def call(self, fn: Callable[[], T], timeout: float = 10.0) -> T:
        """Run ``fn()`` on the host's loop (the Session's only thread) and return its result;
        the table's frames go out afterwards if it changed something through the host's own
        methods. On the loop itself (or before ``start``) ``fn`` runs at once."""
        loop = self._loop
        if loop is None or not loop.is_running() or threading.current_thread() is self._thread:
            return fn()

        async def run() -> T:
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), loop).result(timeout)

    # -- what the host's window may change -------------------------------------------------------
    def begin(self) -> None:
        """Let play begin even though some open seats are empty (they wait for a guest)."""
        def go() -> None:
            if not self.started:
                self.started = True
                self._changed(save=False)
        self.call(go)

    def give_to_bot(self, seat: int, level: int = 2) -> None:
        """Hand seat ``seat`` (empty, dropped or local) to a bot of ``level``; a guest keeps
        its token and gets the seat back with :meth:`take_back`."""
        def go() -> None:
            slot = self._slot(seat)
            get_game(self.session.game_id).bot(level)  # ValueError for a level the game lacks
            if slot.plan == "bot":
                raise TableError("that seat is already a bot")
            if slot.bot_level is None:
                slot.human = self.session.seats[seat]
            slot.bot_level = level
            old = self.session.seats[seat]
            # recorded in the save and the replay; no undo reaches back across it
            self.session.hand_over(seat, Seat(old.name, "bot", level, old.symbol, old.colour))
            self._changed()
        self.call(go)

    def take_back(self, seat: int) -> None:
        """Take a seat back from the bot it was handed to (its guest or the host plays it)."""
        def go() -> None:
            slot = self._slot(seat)
            if slot.bot_level is None or slot.human is None:
                raise TableError("that seat was not handed to a bot")
            self.session.hand_over(seat, slot.human)
            slot.bot_level, slot.human = None, None
            self._changed()
        self.call(go)

    def new_code(self) -> str:
        """Retire the join code (and every lockout) and make a new one."""
        def go() -> str:
            self.code = pinning.make_code(self.fingerprint)
            self._wrong.clear()
            self._locked.clear()
            self._wrong_total = 0
            return self.code
        return self.call(go)

    def invite(self, address: Optional[str] = None) -> str:
        """The invite string (address, port, join code, full fingerprint) to share."""
        return str(pinning.Invite(address or self.bind, self.port, self.code, self.fingerprint))

    def lobby(self) -> JsonDict:
        """The seat table as the host's window shows it (status, name, away)."""
        return self.call(self._table_info)

    def _slot(self, seat: int) -> _Slot:
        if not isinstance(seat, int) or not 0 <= seat < len(self.slots):
            raise TableError(f"there is no seat {seat}")
        return self.slots[seat]

    def _all_filled(self) -> bool:
        return all(s.plan != "open" or s.token or s.is_bot for s in self.slots)

    # -- who holds what ----------------------------------------------------------------------------
    def _held(self, conn: _Conn) -> list[int]:
        if conn.role == "host":
            return [i for i, s in enumerate(self.slots) if s.plan == "local" and not s.is_bot]
        if conn.role == "guest":
            return [i for i, s in enumerate(self.slots)
                    if s.token is not None and s.token == conn.token and not s.is_bot]
        return []

    def _away(self) -> list[int]:
        host_here = any(c.role == "host" for c in self._conns)
        tokens = {c.token for c in self._conns if c.role == "guest"}
        out = []
        for i, s in enumerate(self.slots):
            if s.is_bot:
                continue
            if (s.plan == "local" and not host_here) or (s.token and s.token not in tokens):
                out.append(i)
        return out

    def _table_info(self) -> JsonDict:
        away = set(self._away())
        return {"name": self.name, "game": self.session.game_id, "title": self.title,
                "started": self.started,
                "seats": [{"seat": i, "status": s.status(), "name": self.session.seats[i].name,
                           "away": i in away, "plan": s.plan,
                           "handed": s.bot_level is not None} for i, s in enumerate(self.slots)]}

    # -- frames --------------------------------------------------------------------------------------
    def _changed(self, save: bool = True) -> None:
        """The table changed: a new version, a frame to every connection, the autosave, and
        the bot's turn if it is one."""
        self.version += 1
        self._frame_cache.clear()
        self._log_cache = None
        self._entries_stale = True
        if self.trace is not None:
            self.trace(self.version, self.session)
        for conn in sorted(self._conns, key=lambda c: c is not self._mover):
            self._send_frame(conn)
        self._mover = None
        if save and self.autosave is not None:
            record = self._record()
            self._saver.submit(self._write_autosave, self.autosave, record)
        self._kick_bot()

    def _write_autosave(self, path: Path, record: JsonDict) -> None:
        from saves.jsonfile import write_json

        try:
            write_json(path, record)
            self.saved_error = ""
        except OSError as exc:
            self.saved_error = f"The table could not be saved: {exc}"
            log.warning(self.saved_error)

    def frame_of(self, held: Sequence[int]) -> JsonDict:
        """The frame a connection holding ``held`` is sent now (on the loop)."""
        if self._log_cache is None:
            self._log_cache = frames.log_json(self.session)
        return frames.frame_for(self.session, held, self.version, self._away(),
                                status=[s.status() for s in self.slots],
                                table={"started": self.started, "name": self.name},
                                log=self._log_cache, begun=self.started)

    def log_entries(self) -> list[tuple[Any, str]]:
        """The public move log now, each entry with its JSON text (the same for every
        connection): encoded once a change, and only the new entries (the log only grows, or
        loses its last entries to an undo). The list is not changed afterwards."""
        if self._entries_stale:
            log, kept = self.session.log, self._entry_texts
            same = 0
            while same < min(len(log), len(kept)) and kept[same][0] is log[same]:
                same += 1
            kept = kept[:same] + [(entry, p.encode(frames.entry_json(entry)))
                                  for entry in log[same:]]
            self._entry_texts = kept
            self._entries_stale = False
        return self._entry_texts

    def own_text(self, held: Sequence[int]) -> str:
        """The frame for ``held`` as JSON text, all but its move log."""
        frame = frames.frame_for(self.session, held, self.version, self._away(),
                                 status=[s.status() for s in self.slots],
                                 table={"started": self.started, "name": self.name},
                                 log=[], begun=self.started)
        del frame["log"]
        return p.encode(frame)

    @staticmethod
    def with_log(own: str, entries: list[tuple[Any, str]], since: int = 0) -> str:
        """A frame's text: its own part and the log entries from ``since`` on (``log_from``:
        what the connection was sent before stays; docs/NETWORK.md)."""
        tail = ",".join(text for _, text in entries[since:])
        return own[:-1] + f',"log_from":{since},"log":[{tail}]}}'

    def frame_text(self, held: Sequence[int]) -> str:
        """:meth:`frame_of` as the JSON text of a connection's first frame (the whole log)."""
        return self.with_log(self.own_text(held), self.log_entries())

    def _send_frame(self, conn: _Conn) -> None:
        if conn.role is None or conn.closed:
            return
        held = tuple(self._held(conn))
        own = self._frame_cache.get(held)
        if own is None:
            own = self.own_text(held)
            self._frame_cache[held] = own
        conn.frame = (own, self.log_entries())
        conn.wake.set()

    async def _writer(self, conn: _Conn) -> None:
        """Send what waits for one connection: replies in order, then only the newest frame
        (a slow guest skips frames rather than making the host keep them)."""
        try:
            while not conn.closed:
                await conn.wake.wait()
                conn.wake.clear()
                while conn.outbox or conn.frame is not None:
                    if conn.outbox:
                        await conn.ws.send(conn.outbox.popleft())
                    else:
                        waiting, conn.frame = conn.frame, None
                        if waiting is not None:
                            own, entries = waiting
                            since = 0  # the log from where it differs from what was sent
                            for sent, (entry, _) in zip(conn.log_sent, entries):
                                if sent is not entry:
                                    break
                                since += 1
                            conn.log_sent = [entry for entry, _ in entries]
                            await conn.ws.send(self.with_log(own, entries, since))
        except Exception:  # noqa: BLE001 - a connection closed under the writer
            conn.closed = True

    # -- a connection ----------------------------------------------------------------------------------
    async def _serve(self, ws: Any) -> None:
        from websockets.exceptions import ConnectionClosed

        address = str((ws.remote_address or ("?",))[0])
        conn = _Conn(ws, address)
        self._live += 1
        writer = asyncio.get_running_loop().create_task(self._writer(conn))
        try:
            if self._live > self.max_connections:
                conn.push(p.error(p.FULL, "The table is full: too many connections."))
                await self._drain_and_close(conn, writer, 1013)
                return
            if not await self._hello(conn):
                await self._drain_and_close(conn, writer, 1008)
                return
            async for raw in ws:
                if not self._admit(conn):
                    if conn.dropped > RATE_CLOSE:
                        await self._drain_and_close(conn, writer, 1008)
                        return
                    continue
                try:
                    message = p.check_guest_message(p.decode(raw))
                    self._handle(conn, message)
                except p.ProtocolError as exc:
                    conn.push(p.error(exc.code, exc.text, exc.ref))
        except ConnectionClosed:
            pass
        finally:
            self._live -= 1
            conn.closed = True
            conn.wake.set()
            writer.cancel()
            if conn in self._conns:
                self._conns.discard(conn)
                if conn.role in ("guest", "host") and self._loop is not None:
                    self._changed(save=False)  # the seat is away now

    async def _drain_and_close(self, conn: _Conn, writer: "asyncio.Task[None]", code: int) -> None:
        """Let the writer send what waits (briefly), then close the connection."""
        from websockets.exceptions import ConnectionClosed

        conn.wake.set()
        for _ in range(50):
            if not conn.outbox or writer.done():
                break
            await asyncio.sleep(0.01)
        try:
            await conn.ws.close(code)
        except ConnectionClosed:
            pass

    def _admit(self, conn: _Conn) -> bool:
        if conn.bucket.take():
            return True
        conn.dropped += 1
        now = time.monotonic()
        if now - conn.last_rate_error >= 1.0:
            conn.last_rate_error = now
            conn.push(p.error(p.RATE, "Too many messages: slow down (some were ignored)."))
        return False

    async def _hello(self, conn: _Conn) -> bool:
        """Read and answer the hello; True if the connection is now a guest, the host's window
        or a spectator."""
        try:
            raw = await asyncio.wait_for(conn.ws.recv(), self.hello_deadline)
        except asyncio.TimeoutError:
            conn.push(p.error(p.HELLO_TIMEOUT, "No hello in time: the connection is closed."))
            return False
        try:
            message = p.check_guest_message(p.decode(raw))
            if message["t"] != "hello":
                raise p.ProtocolError(p.NO_HELLO, "Say hello first (a join code or a token).",
                                      message.get("ref"))
            welcome = self._welcome(conn, message)
        except p.ProtocolError as exc:
            conn.push(p.error(exc.code, exc.text, exc.ref))
            return False
        conn.push(welcome)
        self._conns.add(conn)
        if conn.role == "spectator":
            self._send_frame(conn)
        else:
            if not self.started and self.start_when_full and self._all_filled():
                self.started = True
            self._changed(save=conn.role == "guest")
        return True

    def _wrong_try(self, conn: _Conn, what: str) -> p.ProtocolError:
        self._wrong[conn.address] = self._wrong.get(conn.address, 0) + 1
        self._wrong_total += 1
        if self._wrong[conn.address] >= WRONG_PER_ADDRESS:
            self._locked[conn.address] = time.monotonic() + LOCKOUT_SECONDS
        return p.ProtocolError(p.BAD_CODE if what == "code" else p.BAD_TOKEN,
                               "That join code is wrong." if what == "code"
                               else "That token belongs to no seat at this table.")

    def _check_lockout(self, conn: _Conn) -> None:
        until = self._locked.get(conn.address)
        if until is not None and time.monotonic() < until:
            raise p.ProtocolError(p.LOCKED_OUT, "Too many wrong join codes from this computer: "
                                  "wait a few minutes or ask the host for a new code.")
        if self._wrong_total >= WRONG_PER_TABLE:
            raise p.ProtocolError(p.LOCKED_OUT, "Too many wrong join codes: the host must make "
                                  "a new code.")

    def _welcome(self, conn: _Conn, hello: JsonDict) -> JsonDict:
        host_token, resume, code = hello.get("host_token"), hello.get("resume"), hello.get("code")
        if isinstance(host_token, str):
            if not secrets.compare_digest(host_token.encode("utf-8", "surrogatepass"),
                                          self.host_token.encode()):
                self._check_lockout(conn)
                raise self._wrong_try(conn, "token")
            for other in [c for c in self._conns if c.role == "host"]:
                self._replace(other)
            conn.role = "host"
        elif isinstance(resume, str):
            slot = next((s for s in self.slots if s.token is not None
                         and secrets.compare_digest(  # a lone surrogate is just wrong
                             s.token.encode(), resume.encode("utf-8", "surrogatepass"))), None)
            if slot is None:  # a lockout of the code never shuts a seated guest out
                self._check_lockout(conn)
                raise self._wrong_try(conn, "token")
            for other in [c for c in self._conns if c.token == slot.token]:
                self._replace(other)
            conn.role, conn.token = "guest", slot.token
        else:
            self._check_lockout(conn)
            if not isinstance(code, str) or not pinning.same_code(code, self.code):
                raise self._wrong_try(conn, "code")
            if hello.get("spectate"):
                conn.role = "spectator"
            else:
                seat = self._free_seat(hello.get("seat"), hello.get("ref"))
                token = secrets.token_hex(16)
                self.slots[seat].token = token
                old = self.session.seats[seat]
                name = p.clean_name(hello.get("name"), f"Player {seat + 1}")
                guest = Seat(name, "human", 0, old.symbol, old.colour)
                if self.session.log or any(h.seat == seat for h in self.session.handovers):
                    self.session.hand_over(seat, guest)  # recorded: a resumed table names it
                else:
                    self.session.name_seat(seat, guest)  # the record's players, too
                conn.role, conn.token = "guest", token
        held = self._held(conn)
        return {"t": "welcome", "v": p.PROTOCOL_VERSION, "held": held,
                "seat": held[0] if len(held) == 1 else None, "token": conn.token,
                "role": conn.role, "fingerprint": self.fingerprint, "table": self._table_info()}

    def _replace(self, other: _Conn) -> None:
        """An older connection of the same seat (a drop not yet noticed) is let go."""
        other.push(p.error(p.REPLACED, "This seat was taken up from another connection."))
        self._conns.discard(other)
        other.role = None
        asyncio.get_running_loop().create_task(other.ws.close(1000))

    def _free_seat(self, wanted: Any, ref: Any) -> int:
        free = [i for i, s in enumerate(self.slots)
                if s.plan == "open" and s.token is None and not s.is_bot]
        if wanted is None:
            if not free:
                raise p.ProtocolError(p.NO_SEAT, "Every seat is taken (you may watch instead).")
            return free[0]
        if wanted not in free:
            raise p.ProtocolError(p.NO_SEAT, f"Seat {int(wanted) + 1} is not free.")
        return int(wanted)

    # -- messages of a welcomed connection ---------------------------------------------------------
    def _handle(self, conn: _Conn, message: JsonDict) -> None:
        kind, ref = message["t"], message.get("ref")
        if conn.role is None:
            return
        if kind == "hello":
            raise p.ProtocolError(p.TWICE, "This connection has already said hello.", ref)
        if kind == "bye":
            return
        held = self._held(conn)
        if kind == "act":
            self._mover = conn  # its frame goes out first: the player who moved waits for it
            self._act(held, message, ref)
        elif kind == "why_pick":
            conn.push(self._reason(ref, lambda: frames.why_pick(self.session, held,
                                                                message["source"])))
        elif kind == "why_drop":
            conn.push(self._reason(ref, lambda: frames.why_drop(
                self.session, held, message["source"], message["target"])))
        elif kind == "undo":
            last = self.session.log[-1] if self.session.log else None
            if last is None or last.seat not in held or not self.session.can_undo():
                raise p.ProtocolError(p.NO_UNDO, "That move cannot be taken back.", ref)
            self.session.undo()
            self._changed()

    def _reason(self, ref: Any, ask: Callable[[], Any]) -> JsonDict:
        try:
            text = ask()
        except ValueError as exc:
            raise p.ProtocolError(p.BAD_FIELD, str(exc), ref) from None
        except Exception:  # noqa: BLE001 - an engine refusing a foreign spot: nothing to say
            text = ""
        return {"t": "reason", "ref": ref, "text": text}

    def _act(self, held: list[int], message: JsonDict, ref: Any) -> None:
        seat = message["seat"]
        state = self.session.state
        if seat not in held:
            raise p.ProtocolError(p.NOT_YOUR_SEAT, "You do not play that seat.", ref)
        if not self.started:
            raise p.ProtocolError(p.LOBBY, "The table has not begun yet.", ref)
        if state.to_move is None:
            raise p.ProtocolError(p.ILLEGAL, frames.text_to_json("The game is over."), ref)
        if state.to_move != seat:
            raise p.ProtocolError(p.NOT_YOUR_TURN, "It is not your turn.", ref)
        try:
            action = state.action_from_json(message["action"])
        except (ValueError, TypeError) as exc:
            raise p.ProtocolError(p.BAD_ACTION, f"That is not a move of this game ({exc}).",
                                  ref) from None
        try:
            # the host's own equal action is played: a guest's 1.0 or true for 1 never
            # reaches the session, its save or the frames
            legal = next((a for a in state.legal_actions() if a == action), None)
        except TypeError:  # unhashable fields in a foreign action
            legal = None
        if legal is None:
            try:
                reason = state.why_illegal(action) or "That move is not allowed now."
            except Exception:  # noqa: BLE001 - a foreign action the engine cannot explain
                reason = "That move is not allowed now."
            raise p.ProtocolError(p.ILLEGAL, frames.text_to_json(reason), ref)
        try:
            self.session.play(legal)
        except IllegalAction as exc:
            raise p.ProtocolError(p.ILLEGAL, frames.text_to_json(exc.reason), ref) from None
        self._changed()

    # -- bots ------------------------------------------------------------------------------------------
    def _kick_bot(self) -> None:
        if self._loop is None or (self._stopping is not None and self._stopping.is_set()):
            return
        if self._bot_task is not None and not self._bot_task.done():
            return
        if self.started and self.session.bot_to_move():
            self._bot_task = asyncio.get_running_loop().create_task(self._bot_turns())

    async def _bot_turns(self) -> None:
        while self.started and self.session.bot_to_move():
            version = self.version
            if self.bot_pace > 0:
                await asyncio.sleep(self.bot_pace)
            if self.version != version:
                continue  # the table changed meanwhile (a seat taken back, an undo)
            try:
                action = await asyncio.wrap_future(self.session.think(self._bots))
            except Exception:  # noqa: BLE001 - a bot that fails must not end the table
                log.exception("the bot for seat %s failed", self.session.to_move)
                return
            if self.version != version or not self.session.bot_to_move():
                continue
            try:
                self.session.play(action)
            except IllegalAction:
                log.exception("the bot chose an illegal move")
                return
            self._changed()
