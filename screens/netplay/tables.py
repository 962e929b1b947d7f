"""Between the screens and the network package: hosting a table (the host, and the host's own
window joining it as an ordinary guest over loopback), joining one, and the game screen a
networked seat plays in."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from cats.session import Session
from net.guest import GuestClient
from net.remote import RemoteSession
from screens.text import file_text, tr

if TYPE_CHECKING:
    from net.host import TableHost
    from screens.context import AppContext
    from screens.scene import Scene

LOOPBACK = "127.0.0.1"


def bind_address() -> str:
    """Where a hosted table listens: every interface (friends on the LAN), or what
    ``NINE_LIVES_NET_BIND`` says (tests and this project's machines: loopback)."""
    return os.environ.get("NINE_LIVES_NET_BIND", "0.0.0.0")


def lan_address(bind: str) -> str:
    """The address friends reach this computer at, read from the network interfaces (no
    traffic is sent): the first private IPv4 address, else loopback."""
    if bind not in ("0.0.0.0", "::"):
        return bind
    try:
        import ifaddr  # comes with zeroconf
    except ImportError:
        return LOOPBACK
    found = [str(ip.ip) for adapter in ifaddr.get_adapters() for ip in adapter.ips
             if isinstance(ip.ip, str) and not ip.ip.startswith("127.")
             and not ip.ip.startswith("169.254.")]
    private = [a for a in found if a.startswith(("10.", "192.168.")) or
               (a.startswith("172.") and 16 <= int(a.split(".")[1]) <= 31)]
    return (private or found or [LOOPBACK])[0]


class HostLink:
    """The host's own window's connection: a guest over loopback; leaving closes the table."""

    def __init__(self, table: "HostedTable", client: GuestClient) -> None:
        self.table = table
        self.client = client

    def send_action(self, seat: int, action: dict[str, Any]) -> int:
        return self.client.send_action(seat, action)

    def ask_why_pick(self, source: Any) -> int:
        return self.client.ask_why_pick(source)

    def ask_why_drop(self, source: Any, target: Any) -> int:
        return self.client.ask_why_drop(source, target)

    def undo(self) -> int:
        return self.client.undo()

    def poll(self) -> list[dict[str, Any]]:
        return self.client.poll()

    def close(self) -> None:
        self.table.close()


class HostedTable:
    """A table this computer hosts: the server, and this window's seat(s) at it."""

    def __init__(self, host: "TableHost") -> None:
        self.host = host
        self.address = host.start()
        self.code = host.code
        self.invite = host.invite(lan_address(host.bind))
        self.client = GuestClient(LOOPBACK, host.port, fingerprint=host.fingerprint,
                                  host_token=host.host_token).start()
        self.link = HostLink(self, self.client)
        self.events: list[dict[str, Any]] = []
        self.closed = False
        self.advert: Any = None
        self.advert_problem = ""

    @property
    def announced(self) -> bool:
        """Whether the table is announced on the local network now."""
        return self.advert is not None

    def announce(self, on: bool) -> None:
        """Announce the table on the local network (game, host's name, address; never the
        code), or withdraw it; a network that refuses leaves it unannounced, with the reason."""
        from net.discovery import Advert, announce

        if not on or self.closed:
            if self.advert is not None:
                self.advert.close()
                self.advert = None
            return
        if self.advert is None:
            address, port = self.invite_address()
            try:
                self.advert = announce(Advert(self.host.session.game_id, self.host.title,
                                              self.host.name, address, port))
                self.advert_problem = ""
            except (OSError, ImportError, ValueError) as exc:
                self.advert_problem = str(exc)

    def invite_address(self) -> tuple[str, int]:
        """Where friends connect: this computer's address on the network, and the port."""
        return lan_address(self.host.bind), self.host.port

    def seat_table(self) -> list[dict[str, Any]]:
        """Each seat as the lobby shows it: state (open, guest, away, local, bot), name."""
        rows = []
        for row in self.host.lobby()["seats"]:
            status = str(row.get("status", "open"))
            state = "away" if row.get("away") and status == "guest" else status
            rows.append({"state": state, "name": row.get("name", ""),
                         "remote": row.get("plan") == "open", "handed": row.get("handed")})
        return rows

    def give_to_bot(self, seat: int, level: int = 2) -> None:
        """A bot plays ``seat`` until it is given back."""
        self.host.give_to_bot(seat, level)

    def give_back(self, seat: int) -> None:
        """The seat's person plays it again."""
        self.host.take_back(seat)

    def first_frame(self) -> Optional[dict[str, Any]]:
        """The newest frame this window has been sent (``None`` before the first)."""
        self.events += self.client.poll()
        frames = [e for e in self.events if e.get("t") == "frame"]
        if not frames:
            return None
        self.events = []  # the screen reads every later event from the client itself
        return frames[-1]

    def close(self) -> None:
        """Close the table for everybody (its record stays in the autosave)."""
        if not self.closed:
            self.announce(False)
            self.closed = True
            self.client.close()
            self.host.stop()


def open_table(ctx: "AppContext", session: Session, remote: list[int]) -> HostedTable:
    """Host ``session``'s game: ``remote`` seats wait for guests, the other people sit at
    this window, bots are played by the host."""
    from net.host import SeatPlan, TableHost

    plans = []
    for i, seat in enumerate(session.seats):
        kind = "open" if i in remote else ("bot" if seat.is_bot else "local")
        plans.append(SeatPlan(kind, "" if kind == "open" else seat.name, seat.level or 2,
                              seat.symbol, seat.colour))
    host_name = next((s.name for i, s in enumerate(session.seats)
                      if i not in remote and not s.is_bot), "Nine Lives")
    hosted_file().parent.mkdir(parents=True, exist_ok=True)
    host = TableHost(session.game_id, plans, session.seed, session.options, bind=bind_address(),
                     name=host_name, bot_pace=max(0.0, ctx.settings.bot_pace),
                     autosave=hosted_file())
    return HostedTable(host)


def hosted_file() -> Path:
    """The autosave of the table this computer hosts."""
    from saves.paths import data_dir

    return data_dir() / "tables" / "hosted.json"


def unfinished_table() -> Optional[dict[str, Any]]:
    """The record of a hosted table whose game is not over (to resume), or ``None``."""
    from saves.jsonfile import FileProblem, read_json_object

    try:
        record = read_json_object(hosted_file())
        from net.host import TableHost

        host = TableHost.from_record(record)
    except (FileProblem, OSError, ValueError, KeyError, TypeError):
        return None  # a damaged record stays where it is; the menu offers a new table
    return None if host.session.state.is_over() else record


def resume_table(ctx: "AppContext", record: dict[str, Any]) -> HostedTable:
    """Host a saved table again with its seats (guests come back with their tokens), on
    its old port if it is free."""
    from net.host import TableHost

    kwargs: dict[str, Any] = dict(bind=bind_address(), autosave=hosted_file(),
                                  bot_pace=max(0.0, ctx.settings.bot_pace))
    port = record.get("port")
    if isinstance(port, int) and 0 < port < 65536:
        try:
            return HostedTable(TableHost.from_record(record, port=port, **kwargs))
        except (OSError, RuntimeError):
            pass  # taken by another program now: any free port (guests type the new invite)
    return HostedTable(TableHost.from_record(record, **kwargs))


def table_screen(ctx: "AppContext", table: HostedTable) -> Optional["Scene"]:
    """The game's screen at the host's own seats (``None`` until the first frame has come)."""
    from screens.registry import open_game

    table.host.begin()
    frame = table.first_frame()
    if frame is None:
        return None
    return open_game(ctx, RemoteSession(table.link, frame))  # type: ignore[arg-type]


def look_for_tables() -> Any:
    """Listen for tables announced on the local network (only when the player asks);
    ``None`` if listening is not possible here."""
    from net.discovery import browse

    try:
        return browse()
    except (ImportError, OSError):
        return None


SEAT_KIND = "nine-lives-seat"


def seat_file() -> Path:
    """Where this computer remembers the seat it last took at another computer's table."""
    from saves.paths import data_dir

    return data_dir() / "tables" / "joined.json"


def remember_seat(client: GuestClient, welcome: dict[str, Any]) -> None:
    """Keep what takes this player back to their seat (the host, its certificate's pin and the
    seat's token), so a restarted app or a resumed table finds the seat again."""
    from saves.jsonfile import write_json

    table = welcome.get("table") if isinstance(welcome.get("table"), dict) else {}
    if not client.token or not client.fingerprint:
        return
    path = seat_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_json(path, {"kind": SEAT_KIND, "host": client.host, "port": client.port,
                          "fingerprint": client.fingerprint, "token": client.token,
                          "name": client.name, "title": str(table.get("title", ""))[:80],
                          "game": str(table.get("game", ""))[:40],
                          "host_name": str(table.get("name", ""))[:40]})
    except OSError:
        pass  # the seat still plays; only a later rejoin would need the code again


def remembered_seat() -> Optional[dict[str, Any]]:
    """The seat remembered by :func:`remember_seat`, or ``None`` (none, or not readable: a
    damaged file is left as it is)."""
    import re

    from saves.jsonfile import FileProblem, read_json_object

    try:
        data = read_json_object(seat_file())
    except (FileProblem, OSError):
        return None
    ok = (data.get("kind") == SEAT_KIND and isinstance(data.get("host"), str)
          and isinstance(data.get("port"), int) and 0 < data["port"] < 65536
          and isinstance(data.get("fingerprint"), str)
          and re.fullmatch(r"[0-9a-f]{64}", data["fingerprint"]) is not None
          and isinstance(data.get("token"), str) and 0 < len(data["token"]) <= 64)
    return data if ok else None


def forget_seat() -> None:
    """The remembered seat is no use any more (the host does not know its token)."""
    try:
        seat_file().unlink()
    except OSError:
        pass


class Joining:
    """A join under way: connect, be welcomed, wait for the first frame, open the table."""

    def __init__(self, ctx: "AppContext", invite: str, code: str, name: str,
                 rejoin: Optional[dict[str, Any]] = None, watch: bool = False) -> None:
        self.ctx = ctx
        self.problem = ""
        self.rejoin = rejoin
        self.invite, self.name = invite.strip(), name.strip()
        self.client: Optional[GuestClient] = None
        try:
            if rejoin is not None:
                self.client = GuestClient(str(rejoin["host"]), int(rejoin["port"]),
                                          fingerprint=str(rejoin["fingerprint"]),
                                          resume=str(rejoin["token"])).start()
            else:
                self.client = self.connect(invite.strip(), code.strip(), name.strip(), watch)
        except ValueError as exc:
            self.problem = tr("net.failed", reason=file_text(str(exc)))

    @staticmethod
    def connect(invite: str, code: str, name: str, watch: bool = False) -> GuestClient:
        """A guest (or, ``watch``, a spectator) for an invite, or for "address:port" and a
        join code; ``ValueError`` naming what is missing."""
        if invite.startswith("nine-lives://"):
            from net.pinning import parse_invite

            kept = remembered_seat()
            if kept is not None and not watch and \
                    kept["fingerprint"] == parse_invite(invite).fingerprint:
                # the same host (its certificate): perhaps the old seat at a resumed table;
                # if that table does not know the token, the invite's code joins (step())
                parsed = parse_invite(invite)
                return GuestClient(parsed.host, parsed.port, fingerprint=parsed.fingerprint,
                                   resume=str(kept["token"]), name=name).start()
            return GuestClient.from_invite(invite, name=name, spectate=watch).start()
        address, _, port = invite.rpartition(":")
        if not address or not port.isdigit() or not code:
            raise ValueError("Paste the invite, or type the address as host:port and the code.")
        return GuestClient(address.strip("[]"), int(port), code=code, name=name,
                           spectate=watch).start()

    def step(self) -> tuple[Optional["Scene"], str]:
        """(the game's screen once the table has sent its first frame, or a problem)."""
        from screens.registry import open_game

        if self.client is None:
            return None, self.problem
        newest: Optional[dict[str, Any]] = None
        for event in self.client.poll():
            kind = event.get("t")
            if kind == "welcome":
                remember_seat(self.client, event)
            elif kind == "frame":
                newest = event  # the screen opens at the newest one this poll brought
            elif kind == "error" or (kind == "closed" and event.get("final")):
                from net.frames import text_from_json

                if event.get("code") == "bad_token":
                    forget_seat()  # that table no longer knows the seat
                    if self.rejoin is None and self.client.token:
                        # an invite of the same host, but a new table: join it by its code
                        self.client.close()
                        self.client = GuestClient.from_invite(self.invite,
                                                              name=self.name).start()
                        return None, ""
                text = event.get("text", event.get("reason", ""))
                self.cancel()
                return None, tr("net.refused", reason=file_text(str(text_from_json(text))))
        if newest is not None:
            return open_game(self.ctx, RemoteSession(self.client, newest)), ""  # type: ignore[arg-type]
        return None, ""

    def cancel(self) -> None:
        """Stop trying."""
        if self.client is not None:
            self.client.close()
            self.client = None
