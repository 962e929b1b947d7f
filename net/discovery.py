"""Announcing a table on the local network and finding the tables announced there.

An advert names the game, the host's name and where to connect, never the join code (a guest
still types the code: it pins the host's certificate). Two backends behind one interface:

- ``zeroconf`` (the default in the app): mDNS/DNS-SD service ``_nine-lives._tcp.local.``.
- ``folder:<path>``: each advert is a small JSON file in a folder; for tests and for two copies of
  the app on one machine where multicast is not wanted (this project's machines).
- ``off``: nothing is announced, nothing is found.

``NINE_LIVES_DISCOVERY`` picks the backend; nothing is sent on the network until
:func:`announce` or :func:`browse` is called (the host's lobby, the join page's "look" button).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Protocol

SERVICE = "_nine-lives._tcp.local."
ENV = "NINE_LIVES_DISCOVERY"
STALE = 30.0      # seconds: a folder advert not refreshed for this long is gone (a crashed host)
REFRESH = 5.0     # seconds between a folder advert's refreshes
MAX_ADVERT = 2048  # bytes: a bigger advert file is not read
FIELD = 64        # characters of one advert field


@dataclass(frozen=True)
class Advert:
    """One table as announced: what it plays, who hosts it, where to connect."""

    game: str
    title: str
    host: str
    address: str
    port: int

    def where(self) -> str:
        """``address:port`` as the join page's field takes it (IPv6 in brackets)."""
        return f"[{self.address}]:{self.port}" if ":" in self.address else \
            f"{self.address}:{self.port}"

    def to_json(self) -> dict[str, Any]:
        """The advert as the join page lists it."""
        return {"game": self.game, "title": self.title, "host": self.host,
                "address": self.where()}

    def properties(self) -> dict[str, str]:
        """The advert's text record (never the join code)."""
        return {"v": "1", "game": self.game, "title": self.title, "host": self.host}

    @classmethod
    def read(cls, props: Mapping[Any, Any], address: str, port: Any) -> Optional["Advert"]:
        """An advert from a text record and an address, or ``None`` if it is not one of ours."""
        def text(key: str) -> str:
            raw = props.get(key, props.get(key.encode(), b""))
            if isinstance(raw, bytes):
                raw = raw.decode("utf-8", "replace")
            return _clean(str(raw or ""))
        if text("v") != "1" or not isinstance(port, int) or not 0 < port < 65536:
            return None
        game, title = text("game"), text("title")
        if not game or not title or not address:
            return None
        return cls(game, title, text("host") or "?", _clean(address), port)


def _clean(value: str) -> str:
    """A field another computer sent: printable, short."""
    return re.sub(r"[\x00-\x1f\x7f]", "", value)[:FIELD]


class Announcement(Protocol):
    """A table being announced; ``close()`` withdraws it."""

    def close(self) -> None: ...


class Browsing(Protocol):
    """Listening for tables; ``tables()`` is what is announced now."""

    def tables(self) -> list[dict[str, Any]]: ...

    def close(self) -> None: ...


class _Nothing:
    """The ``off`` backend: nothing announced, nothing found."""

    def tables(self) -> list[dict[str, Any]]:
        return []

    def close(self) -> None:
        pass


# -- folder backend ----------------------------------------------------------------------------
class FolderAnnouncement:
    """An advert kept as a JSON file, refreshed while the table is open."""

    def __init__(self, folder: Path, advert: Advert) -> None:
        self.folder = folder
        self.path = folder / f"table-{os.getpid()}-{secrets.token_hex(4)}.json"
        self.advert = advert
        self._stop = threading.Event()
        folder.mkdir(parents=True, exist_ok=True)
        self._write()
        self._thread = threading.Thread(target=self._refresh, name="advert", daemon=True)
        self._thread.start()

    def _write(self) -> None:
        data = dict(self.advert.properties(), address=self.advert.address,
                    port=self.advert.port, at=time.time())
        temp = self.path.with_suffix(".tmp")
        temp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(temp, self.path)

    def _refresh(self) -> None:
        while not self._stop.wait(REFRESH):
            try:
                self._write()
            except OSError:
                return

    def close(self) -> None:
        """Withdraw the advert."""
        self._stop.set()
        try:
            self.path.unlink()
        except OSError:
            pass


class FolderBrowser:
    """Reads the adverts in a folder (fresh ones only; anything else is skipped)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def tables(self) -> list[dict[str, Any]]:
        """The tables announced now, by host then title."""
        found = []
        try:
            paths = sorted(self.folder.glob("table-*.json"))
        except OSError:
            return []
        for path in paths:
            try:
                if path.stat().st_size > MAX_ADVERT:
                    continue
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if not isinstance(data, dict) or not isinstance(data.get("at"), (int, float)):
                continue
            if time.time() - float(data["at"]) > STALE:
                continue
            advert = Advert.read(data, str(data.get("address", "")), data.get("port"))
            if advert is not None:
                found.append(advert.to_json())
        return sorted(found, key=lambda t: (t["host"], t["title"], t["address"]))

    def close(self) -> None:
        pass


# -- zeroconf backend --------------------------------------------------------------------------
class ZeroconfAnnouncement:
    """The advert registered with mDNS on every interface."""

    def __init__(self, advert: Advert, factory: Optional[Callable[[], Any]] = None) -> None:
        from zeroconf import ServiceInfo, Zeroconf

        self.zc = (factory or Zeroconf)()
        label = _clean(f"{advert.host} {advert.title} {secrets.token_hex(2)}")[:60]
        family = socket.AF_INET6 if ":" in advert.address else socket.AF_INET
        self.info = ServiceInfo(SERVICE, f"{label}.{SERVICE}",
                                addresses=[socket.inet_pton(family, advert.address)],
                                port=advert.port, properties=advert.properties(),
                                server=f"{socket.gethostname()}.local.")
        self.zc.register_service(self.info)

    def close(self) -> None:
        """Withdraw the advert and stop the responder."""
        try:
            self.zc.unregister_service(self.info)
        finally:
            self.zc.close()


class ZeroconfBrowser:
    """Listens for ``_nine-lives._tcp`` adverts; the list follows adds and removals."""

    def __init__(self, factory: Optional[Callable[[], Any]] = None) -> None:
        from zeroconf import ServiceBrowser, Zeroconf

        self.zc = (factory or Zeroconf)()
        self._found: dict[str, Advert] = {}
        self._lock = threading.Lock()
        self.browser = ServiceBrowser(self.zc, SERVICE, listener=self)  # type: ignore[arg-type]

    # the listener's three calls (zeroconf's ServiceListener)
    def add_service(self, zc: Any, kind: str, name: str) -> None:
        """A table appeared: read its record."""
        info = zc.get_service_info(kind, name, timeout=1500)
        if info is None:
            return
        addresses = info.parsed_addresses() if hasattr(info, "parsed_addresses") else []
        advert = Advert.read(info.properties or {}, addresses[0] if addresses else "", info.port)
        if advert is not None:
            with self._lock:
                self._found[name] = advert

    update_service = add_service

    def remove_service(self, zc: Any, kind: str, name: str) -> None:
        """A table went away."""
        with self._lock:
            self._found.pop(name, None)

    def tables(self) -> list[dict[str, Any]]:
        """The tables announced now."""
        with self._lock:
            found = [a.to_json() for a in self._found.values()]
        return sorted(found, key=lambda t: (t["host"], t["title"], t["address"]))

    def close(self) -> None:
        """Stop listening."""
        self.browser.cancel()
        self.zc.close()


# -- choosing ----------------------------------------------------------------------------------
def backend() -> str:
    """The backend ``NINE_LIVES_DISCOVERY`` names: ``zeroconf``, ``folder:<path>`` or ``off``."""
    return os.environ.get(ENV, "zeroconf").strip() or "zeroconf"


def announce(advert: Advert) -> Announcement:
    """Announce ``advert`` with the chosen backend (``off``: a no-op announcement)."""
    chosen = backend()
    if chosen.startswith("folder:"):
        return FolderAnnouncement(Path(chosen[7:]), advert)
    if chosen == "zeroconf":
        return ZeroconfAnnouncement(advert)
    return _Nothing()


def browse() -> Browsing:
    """Listen for tables with the chosen backend."""
    chosen = backend()
    if chosen.startswith("folder:"):
        return FolderBrowser(Path(chosen[7:]))
    if chosen == "zeroconf":
        return ZeroconfBrowser()
    return _Nothing()
