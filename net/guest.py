"""A guest's connection to a table: its own thread and asyncio loop, a TLS websocket whose
certificate is checked against a pin before anything is said, and a queue of what the host
sent that a frame loop polls without waiting.

The pin is the host certificate's full SHA-256 (an invite string, the host's own window) or
the join code, whose tag only the right certificate matches (``net.pinning``). The join code
is sent only after the pin has matched, so a wrong host never learns it. A dropped connection
is tried again with the seat's resume token (a few times, waiting longer each time).
"""

from __future__ import annotations

import asyncio
import collections
import logging
import ssl
import threading
from typing import Any, Optional

from net import pinning
from net import protocol as p

JsonDict = dict[str, Any]
log = logging.getLogger("nine-lives.net.guest")
RETRIES = (0.3, 0.6, 1.2, 2.5, 5.0, 5.0, 5.0)  # seconds before each try again after a drop
OPEN_TIMEOUT = 5.0

# errors after which trying again cannot help
FINAL = {p.BAD_CODE, p.LOCKED_OUT, p.NO_SEAT, p.BAD_TOKEN, p.VERSION, p.FULL, p.REPLACED,
         p.CLOSING, p.HELLO_TIMEOUT, p.NO_HELLO}


class WrongHost(ConnectionError):
    """The certificate the other end showed is not the table's."""


def client_context() -> ssl.SSLContext:
    """TLS without a certificate authority: the host is known by its pinned fingerprint."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


class GuestClient:
    """One connection to a table at ``host:port``.

    ``fingerprint`` (64 hex digits) or ``code`` pins the host; the hello carries ``code`` with
    ``name`` and ``seat`` (a guest), or ``host_token`` (the host's own window), or ``resume``
    (a seat's token), or ``spectate``. Events, in order: ``welcome``, ``frame``, ``reason``,
    ``error`` (as the host sent them) and ``{"t": "closed", "reason", "final"}``.
    """

    def __init__(self, host: str, port: int, *, fingerprint: str = "", code: str = "",
                 name: str = "", seat: Optional[int] = None, spectate: bool = False,
                 host_token: str = "", resume: str = "", retry: bool = True) -> None:
        if not fingerprint and not code:
            raise ValueError("a guest needs the host's fingerprint or the join code")
        self.host, self.port = host, port
        self.fingerprint = fingerprint.lower()
        self.code = code
        self.name, self.seat, self.spectate = name, seat, spectate
        self.host_token = host_token
        self.token = resume
        self.retry = retry
        self.held: list[int] = []
        self.welcomed = threading.Event()
        self._events: collections.deque[JsonDict] = collections.deque()
        self._lock = threading.Lock()
        self._ref = 0
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._ws: Any = None
        self._closing = False
        self._met = False
        self._log: list[Any] = []  # the move log as this connection has been sent it
        self._thread: Optional[threading.Thread] = None

    @classmethod
    def from_invite(cls, invite: str, **kwargs: Any) -> "GuestClient":
        """A guest for an invite string; ``ValueError`` with a reason if it is not one."""
        parsed = pinning.parse_invite(invite)
        return cls(parsed.host, parsed.port, fingerprint=parsed.fingerprint, code=parsed.code,
                   **kwargs)

    # -- the thread ------------------------------------------------------------------------------
    def start(self) -> "GuestClient":
        """Connect in the background (events tell how it goes)."""
        self._thread = threading.Thread(target=self._run, name="table-guest", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        finally:
            loop.close()

    def _push(self, event: JsonDict) -> None:
        with self._lock:
            self._events.append(event)

    async def _main(self) -> None:
        tries = 0
        while not self._closing:
            self._met = False
            final, reason = await self._connect_once()
            if self._closing:
                break
            if self._met:
                tries = 0  # it was welcomed: a new drop starts counting again
            retry = self.retry and not final and bool(self.token or self.host_token) \
                and tries < len(RETRIES)
            self._push({"t": "closed", "reason": reason, "final": not retry})
            if not retry:
                break
            await asyncio.sleep(RETRIES[tries])
            tries += 1

    async def _connect_once(self) -> tuple[bool, str]:
        """One connection, until it ends: (whether it ended for good, why)."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        final = False
        try:
            async with connect(f"wss://{self.host}:{self.port}", ssl=client_context(),
                               compression=None, max_size=p.MAX_FRAME, open_timeout=OPEN_TIMEOUT,
                               close_timeout=1.0, ping_interval=10, ping_timeout=10,
                               user_agent_header=None) as ws:
                self._check_pin(ws)
                self._log = []  # a new connection's first frame brings the whole log
                self._ws = ws
                await ws.send(p.encode(self._hello()))
                async for raw in ws:
                    message = p.decode(raw, p.MAX_FRAME, p.MAX_FRAME_DEPTH)
                    final = self._take(message) or final
            return final, "closed"
        except WrongHost as exc:
            return True, str(exc)
        except p.ProtocolError as exc:
            return True, exc.text
        except (OSError, asyncio.TimeoutError, ConnectionClosed, InvalidHandshake) as exc:
            return final, str(exc) or type(exc).__name__
        finally:
            self._ws = None

    def _check_pin(self, ws: Any) -> None:
        ssl_object = ws.transport.get_extra_info("ssl_object")
        der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
        if not der:
            raise WrongHost("The host showed no certificate.")
        seen = pinning.fingerprint_of(der)
        if self.fingerprint:
            ok = seen == self.fingerprint
        else:
            ok = pinning.code_pins(self.code, seen)
        if not ok:
            raise WrongHost("That is not the table of this invite or code: "
                            "the host's certificate does not match (nothing was sent).")
        self.fingerprint = seen  # met once: a reconnection checks the same certificate

    def _hello(self) -> JsonDict:
        hello: JsonDict = {"t": "hello", "v": p.PROTOCOL_VERSION}
        if self.host_token:
            hello["host_token"] = self.host_token
        elif self.token:
            hello["resume"] = self.token
        else:
            hello["code"] = self.code
            hello["name"] = self.name
            if self.spectate:
                hello["spectate"] = True
            elif self.seat is not None:
                hello["seat"] = self.seat
        return hello

    def _whole_log(self, frame: JsonDict) -> bool:
        """Give ``frame`` the whole move log: the host sends each connection only the entries
        from ``log_from`` on (the rest it sent before). False if that does not fit."""
        start, tail = frame.pop("log_from", 0), frame.get("log")
        if not isinstance(start, int) or not 0 <= start <= len(self._log) \
                or not isinstance(tail, list):
            return False
        self._log[start:] = tail
        frame["log"] = list(self._log)
        return True

    def _take(self, message: JsonDict) -> bool:
        """Keep a message from the host; True if it ends the connection for good."""
        kind = message.get("t")
        if kind == "frame" and not self._whole_log(message):
            log.warning("a frame's log did not follow the last one: frame skipped")
            return False
        if kind == "welcome":
            self._met = True
            held = message.get("held")
            self.held = [int(s) for s in held] if isinstance(held, list) else []
            if isinstance(message.get("token"), str):
                self.token = message["token"]
            self.welcomed.set()
        self._push(message)
        return kind == "error" and message.get("code") in FINAL

    # -- what the table sends -------------------------------------------------------------------------
    def poll(self) -> list[JsonDict]:
        """Everything the host has sent since the last poll (never waits)."""
        with self._lock:
            events = list(self._events)
            self._events.clear()
        return events

    def _send(self, message: JsonDict) -> int:
        with self._lock:
            self._ref += 1
            ref = self._ref
        message["ref"] = ref
        loop, ws = self._loop, self._ws
        if loop is None or ws is None or loop.is_closed():
            self._push(p.error("offline", "Not connected to the table right now.", ref))
            return ref
        text = p.encode(message)

        async def go() -> None:
            try:
                await ws.send(text)
            except Exception:  # noqa: BLE001 - a connection closing under the send
                self._push(p.error("offline", "Not connected to the table right now.", ref))

        asyncio.run_coroutine_threadsafe(go(), loop)
        return ref

    def send_action(self, seat: int, action: JsonDict) -> int:
        """Ask the host to play ``action`` for ``seat`` (the host checks both)."""
        return self._send({"t": "act", "seat": seat, "action": action})

    def ask_why_pick(self, source: Any) -> int:
        """Ask why the piece at ``source`` cannot be picked up (a ``reason`` answers)."""
        return self._send({"t": "why_pick", "source": list(source)})

    def ask_why_drop(self, source: Any, target: Any) -> int:
        """Ask why a drop was refused (a ``reason`` answers)."""
        return self._send({"t": "why_drop", "source": list(source), "target": list(target)})

    def undo(self) -> int:
        """Ask the host to take this seat's last move back."""
        return self._send({"t": "undo"})

    def close(self) -> None:
        """Leave the table (the seat stays this guest's: its token can come back)."""
        self._closing = True
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None and not loop.is_closed():
            async def bye() -> None:
                try:
                    await ws.send(p.encode({"t": "bye"}))
                    await ws.close()
                except Exception:  # noqa: BLE001 - already gone
                    pass
            try:
                asyncio.run_coroutine_threadsafe(bye(), loop)
            except RuntimeError:
                pass
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(3.0)
