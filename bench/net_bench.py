"""How quick and how steady a networked table is on loopback (127.0.0.1 only), in one process.

* move -> new view: a ``TableHost`` and N scripted ``GuestClient``s, every seat open and taken
  by a guest. Each guest plays a random move from the ``legal`` list of the newest frame it was
  sent, for the seat it holds, when that seat is to move. The time is taken from the guest's
  ``send_action()`` call (its own thread hands the message to its loop, TLS websocket, the host
  decodes and checks it, plays it, builds the frames of every connection and sends them) to the
  new frame decoded and queued on that guest's side. A game that ends before ``--moves`` moves
  were measured is followed by a new table (the next seed). Printed per game and guest count:
  the moves measured, p50 / p95 / max in ms, the largest frame sent, the tables played.
  Goal (from the issue): p95 <= 20 ms on loopback with 5 guests. A line after the table times
  what one guest spends decoding the largest frame seen, and the host encoding it.
  ``--processes`` measures the same again with every guest a process of its own (spawned once
  for the run), so the guests no longer share the host's GIL (they still share the cores).
* host memory under a flood: 5 raw websocket connections to a table (four say hello and then
  send garbage, deep nesting, binary data, near-limit and oversized messages, foreign actions,
  as fast as the host takes them, coming back with their seat's token when the host closes
  them; the fifth never says hello, it sends garbage first and connects again), in rounds of a
  few seconds. The process RSS (``VmRSS``) before, at its peak, and after each round.

The host, the guests, the flood's connections and this driver are threads of one Python
process: they share one GIL and the machine's cores, so the latencies include that contention,
and the RSS is the whole process's (host and clients). Figures are printed, nothing asserted.

    python bench/net_bench.py                      # every game, 2, 3 and 5 guests, 300 moves
    python bench/net_bench.py --processes          # and again with a process per guest
    python bench/net_bench.py --games box between --moves 500
    python bench/net_bench.py --quick              # a smoke run (< 20 s)
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import gc
import hashlib
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cats import GAMES  # noqa: E402
from net import protocol as p  # noqa: E402
from net.guest import GuestClient, client_context  # noqa: E402
from net.host import SeatPlan, TableHost  # noqa: E402

LOOPBACK = "127.0.0.1"
GOAL_MS, GOAL_GUESTS = 20.0, 5
COUNTS = (2, 3, 5)
FLAT = 1.10          # RSS after a flood within this ratio of before reads as "flat"
STEADY = 0.01        # or, past the first round, growing at most this share of before a round
STALL = 15.0         # seconds without a frame before a table is given up (a hang guard)
JsonDict = dict[str, Any]


# -- the header --------------------------------------------------------------------------------
def code_fingerprint() -> str:
    """A hash of the code the figures speak for: ``net/`` and the session it drives."""
    digest = hashlib.sha256()
    files = sorted((ROOT / "net").glob("*.py")) + [ROOT / "cats" / "session.py"]
    for path in files:
        if path.is_file():
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
            digest.update(path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return digest.hexdigest()[:16]


def commit() -> str:
    """The checkout's short commit ("+changes" when the tree differs from it), or "?"."""
    try:
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "net",
                                "cats", "bench/net_bench.py"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return head + ("+changes" if dirty else "")


def header(argv: list[str]) -> str:
    """The first line: the command, the commit, the code fingerprint, the date, the machine."""
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    try:
        load = "load %.1f" % os.getloadavg()[0]
    except OSError:
        load = "load ?"
    command = " ".join(["python bench/net_bench.py", *argv])
    return (f"# {command}  ({commit()}, net code {code_fingerprint()}, {when}, "
            f"{os.cpu_count()}-core machine, {load})")


# -- memory ------------------------------------------------------------------------------------
def rss_mib() -> tuple[float, str]:
    """This process's resident set in MiB and where it was read (VmRSS, else the peak)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024, "VmRSS"
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024), "ru_maxrss (peak)"


# -- the timed guests ---------------------------------------------------------------------------
class Bell:
    """A counter the guests' threads ring on every event; the driver waits for a new ring."""

    def __init__(self) -> None:
        self.rings = 0
        self.cond = threading.Condition()

    def ring(self) -> None:
        with self.cond:
            self.rings += 1
            self.cond.notify_all()

    def wait(self, seen: int, timeout: float) -> int:
        with self.cond:
            self.cond.wait_for(lambda: self.rings != seen, timeout)
            return self.rings


class TimedGuest(GuestClient):
    """A guest whose events carry the moment they were queued (``_at``, perf_counter) and
    ring the driver's bell."""

    def __init__(self, *args: Any, bell: Bell, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.bell = bell
        self.frame: Optional[JsonDict] = None       # the newest frame not yet acted on
        self.pending: Optional[tuple[float, int, int]] = None  # (sent at, base version, ref)

    def _push(self, event: JsonDict) -> None:
        event["_at"] = time.perf_counter()
        super()._push(event)
        self.bell.ring()


@dataclass
class Cell:
    """What one game at one guest count measured."""

    game: str
    guests: int
    samples: list[float] = field(default_factory=list)   # ms
    tables: int = 0
    finished: int = 0
    frame_bytes: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    note: str = ""
    biggest: str = ""        # the largest frame seen as JSON text (in-process tables only)


def percentile(ordered: list[float], q: float) -> float:
    """The nearest-rank ``q`` quantile of sorted samples."""
    rank = max(1, -(-len(ordered) * q // 1))
    return ordered[min(len(ordered), int(rank)) - 1]


def drive(guests: list[TimedGuest], bell: Bell, cell: Cell, rng: random.Random,
          done: Callable[[], bool]) -> Optional[JsonDict]:
    """Play the guests' seats (random legal moves) until ``done()``, the game's end or a stall;
    each move's time lands in ``cell.samples``. The last frame seen."""
    last: Optional[JsonDict] = None
    seen, quiet_since = 0, time.monotonic()
    while not done():
        rings = bell.wait(seen, 0.5)
        if rings != seen:
            seen, quiet_since = rings, time.monotonic()
        elif time.monotonic() - quiet_since > STALL:
            cell.note = f"a table stalled ({STALL:.0f} s without an event)"
            return last
        over = False
        for guest in guests:
            for event in guest.poll():
                kind = event.get("t")
                if kind == "frame":
                    pending = guest.pending
                    if pending is not None and event["version"] > pending[1]:
                        cell.samples.append((event["_at"] - pending[0]) * 1000)
                        guest.pending = None
                    if guest.frame is None or event["version"] > guest.frame["version"]:
                        guest.frame = event
                    last = event
                    over = over or bool(event["over"])
                elif kind == "error":
                    code = str(event.get("code"))
                    cell.errors[code] = cell.errors.get(code, 0) + 1
                    if guest.pending is not None and event.get("ref") == guest.pending[2]:
                        guest.pending = None
                elif kind == "closed":
                    cell.errors["closed"] = cell.errors.get("closed", 0) + 1
        if over:
            cell.finished += 1
            return last
        for guest in guests:
            frame = guest.frame
            if guest.pending is not None or frame is None:
                continue
            seat = frame["to_move"]
            if seat in frame["held"] and frame["legal"] and frame["table"]["started"]:
                action = rng.choice(frame["legal"])["action"]
                guest.frame = None
                sent = time.perf_counter()
                ref = guest.send_action(seat, action)
                guest.pending = (sent, frame["version"], ref)
    return last


def text_of(frame: Optional[JsonDict]) -> str:
    """A frame as JSON text again, as the host sent it ("" for none)."""
    if frame is None:
        return ""
    return p.encode({k: v for k, v in frame.items() if k != "_at"})


def size_of(frame: Optional[JsonDict]) -> int:
    """The bytes of a frame as the host sent it (0 for none)."""
    return len(text_of(frame).encode("utf-8"))


def open_table(cell: Cell, seed: int, certs: Path,
               trace: Optional[Callable[[int, Any], None]] = None) -> tuple[TableHost, int]:
    """A started table of ``cell.guests`` open seats on loopback; the host and its port."""
    host = TableHost(cell.game, [SeatPlan("open")] * cell.guests, seed, bind=LOOPBACK,
                     cert_folder=certs, bot_pace=0, autosave=None, trace=trace)
    address, port = host.start()
    assert address == LOOPBACK
    cell.tables += 1
    return host, port


def play_table(cell: Cell, seed: int, cap: int, certs: Path, rng: random.Random) -> None:
    """One table, every guest a thread of this process, until it ends or ``cap`` moves are
    measured."""
    host, port = open_table(cell, seed, certs)
    bell = Bell()
    guests = [TimedGuest(LOOPBACK, port, code=host.code, name=f"Guest {i + 1}", seat=i,
                         retry=False, bell=bell) for i in range(cell.guests)]
    last: Optional[JsonDict] = None
    try:
        for guest in guests:
            guest.start()
        last = drive(guests, bell, cell, rng, lambda: len(cell.samples) >= cap)
    finally:
        text = text_of(last)
        if len(text.encode("utf-8")) > cell.frame_bytes:
            cell.frame_bytes, cell.biggest = len(text.encode("utf-8")), text
        for guest in guests:
            guest.close()
        host.stop()


# -- guests in processes of their own ----------------------------------------------------------
def guest_worker(jobs: Any, results: Any, stop: Any) -> None:
    """A guest process: for each job (game, guests, port, code, seat, seed) one guest plays its
    seat until the game ends or ``stop`` is set, then its figures go to ``results``."""
    while True:
        job = jobs.get()
        if job is None:
            return
        game, count, port, code, seat, seed = job
        cell = Cell(game, count)
        bell = Bell()
        guest = TimedGuest(LOOPBACK, port, code=code, name=f"Guest {seat + 1}", seat=seat,
                           retry=False, bell=bell)
        last: Optional[JsonDict] = None
        try:
            guest.start()
            last = drive([guest], bell, cell, random.Random(seed * 64 + seat), stop.is_set)
        finally:
            guest.close()
            results.put((seat, cell.samples, cell.errors, cell.finished, cell.note,
                         size_of(last)))


class GuestPool:
    """Guest processes (spawned once for the run), one per seat of the largest table."""

    def __init__(self, size: int) -> None:
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        self.stop = context.Event()
        self.results = context.Queue()
        self.jobs = [context.Queue() for _ in range(size)]
        self.procs = [context.Process(target=guest_worker, args=(q, self.results, self.stop),
                                      daemon=True, name=f"net-bench-guest-{i + 1}")
                      for i, q in enumerate(self.jobs)]
        for proc in self.procs:
            proc.start()

    def play(self, cell: Cell, seed: int, cap: int, certs: Path) -> None:
        """One table whose guests are the pool's processes, until it ends or ``cap`` moves
        (counted by the host) are played; their figures added to ``cell``."""
        enough = threading.Event()
        wanted = cap - len(cell.samples)

        def trace(version: int, session: Any) -> None:
            if len(session.log) >= wanted or session.state.to_move is None:
                enough.set()

        host, port = open_table(cell, seed, certs, trace)
        self.stop.clear()
        try:
            for seat in range(cell.guests):
                self.jobs[seat].put((cell.game, cell.guests, port, host.code, seat, seed))
            enough.wait(600.0)  # a hang guard
            self.stop.set()
            ended = False
            for _ in range(cell.guests):
                _, samples, errors, finished, note, size = self.results.get(timeout=60)
                cell.samples.extend(samples)
                for code, n in errors.items():
                    cell.errors[code] = cell.errors.get(code, 0) + n
                ended = ended or bool(finished)
                cell.frame_bytes = max(cell.frame_bytes, size)
                cell.note = cell.note or note
            cell.finished += ended
        finally:
            host.stop()

    def close(self) -> None:
        """End the processes."""
        for queue in self.jobs:
            queue.put(None)
        for proc in self.procs:
            proc.join(10)


def measure(game: str, guests: int, cap: int, seed: int, certs: Path,
            pool: Optional[GuestPool] = None) -> Cell:
    """Tables of ``game`` with ``guests`` guests until ``cap`` moves were measured (the guests
    threads of this process, or the pool's processes)."""
    cell = Cell(game, guests)
    rng = random.Random(seed)
    table_seed = seed
    while len(cell.samples) < cap and not cell.note:
        before = len(cell.samples)
        if pool is None:
            play_table(cell, table_seed, cap, certs, rng)
        else:
            pool.play(cell, table_seed, cap, certs)
        if len(cell.samples) == before and not cell.note:
            cell.note = "a table measured nothing"
        table_seed += 1
    return cell


def counts_for(game: str, wanted: list[int]) -> list[int]:
    """The guest counts of ``wanted`` the game allows (a solo game: its one seat)."""
    allowed = GAMES[game].info.player_counts()
    if GAMES[game].info.max_players == 1:
        return [1]
    return [n for n in wanted if n in allowed]


def row(cell: Cell) -> str:
    """One printed row of the latency table."""
    ordered = sorted(cell.samples)
    errors = ", ".join(f"{k} {v}" for k, v in sorted(cell.errors.items())) or "-"
    if not ordered:
        return f"{cell.game:10} {cell.guests:>6} {0:>6}   (nothing measured) {cell.note}"
    text = (f"{cell.game:10} {cell.guests:>6} {len(ordered):>6} {percentile(ordered, 0.5):8.2f} "
            f"{percentile(ordered, 0.95):8.2f} {ordered[-1]:8.2f} {cell.frame_bytes / 1024:9.1f} "
            f"{cell.tables:>4} ({cell.finished} ended)   {errors}")
    return text + (f"   {cell.note}" if cell.note else "")


# -- the flood ------------------------------------------------------------------------------------
@dataclass
class Flood:
    """What the flood's connections did and were told."""

    sent: int = 0
    sent_bytes: int = 0
    connects: int = 0
    received: dict[str, int] = field(default_factory=dict)
    tokens: dict[int, str] = field(default_factory=dict)   # raider -> its seat's resume token


def junk(i: int, rng: random.Random) -> list[Any]:
    """The messages a raider cycles through (text and binary); ``i`` varies the mix."""
    pad = "a" * (p.MAX_MESSAGE - 200)
    return [
        "not json {{{", b"\x00\xff" * 64, "[" * 20000, "[" * 30 + "]" * 30,
        '{"t":"zz","x":1}', "42", '"a string"', '{"t":"act","seat":"x"}',
        '{"t":"act","seat":%d,"action":{"kind":"nope","n":[1,2,3]}}' % (i % 5),
        '{"t":"act","seat":%d,"action":{}}' % ((i + 1) % 5),
        '{"t":"why_pick","source":[%d,%d]}' % (rng.randrange(9), rng.randrange(9)),
        '{"t":"why_drop","source":[0],"target":[[1,2],[3]]}',
        '{"t":"hello","v":1,"code":"AAAAA-AAAAA"}', '{"t":"undo"}',
        '{"t":"zz","pad":"%s"}' % pad, "\ud800".encode("utf-8", "surrogatepass"),
        '{"t":"act","seat":0,"action":{"a":%s}}' % ("[" * 22 + "]" * 22),
    ]


async def raider(i: int, port: int, code: str, until: float, stats: Flood,
                 hello_first: bool) -> None:
    """One raw connection sending junk as fast as the host takes it, until ``until``; it
    connects again (its seat's token, or a new try) whenever the host closes it."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    rng = random.Random(i)
    messages = junk(i, rng)
    if not hello_first:  # its first message is never a hello (a wrong code would count)
        messages = [m for m in messages if not (isinstance(m, str) and '"hello"' in m)]
    oversized = "x" * (p.MAX_MESSAGE + 1024)
    count = 0
    while time.monotonic() < until:
        try:
            async with connect(f"wss://{LOOPBACK}:{port}", ssl=client_context(),
                               compression=None, max_size=p.MAX_FRAME, open_timeout=5,
                               close_timeout=1, ping_interval=None, max_queue=None,
                               user_agent_header=None) as ws:
                stats.connects += 1

                async def read() -> None:
                    async for raw in ws:
                        message = p.decode(raw, p.MAX_FRAME, p.MAX_FRAME_DEPTH)
                        kind = str(message.get("code") or message.get("t"))
                        stats.received[kind] = stats.received.get(kind, 0) + 1
                        if message.get("t") == "welcome":
                            stats.tokens[i] = str(message.get("token"))

                reader = asyncio.get_running_loop().create_task(read())
                if hello_first:
                    hello: JsonDict = {"t": "hello", "v": p.PROTOCOL_VERSION}
                    if i in stats.tokens:
                        hello["resume"] = stats.tokens[i]
                    else:
                        hello.update(code=code, name=f"Raider {i + 1}", seat=i)
                    await ws.send(p.encode(hello))
                try:
                    while time.monotonic() < until and not ws.transport.is_closing():
                        count += 1
                        message = oversized if count % 997 == 0 else messages[count % len(messages)]
                        await ws.send(message)
                        stats.sent += 1
                        stats.sent_bytes += len(message)
                        await asyncio.sleep(0)  # lets a reset connection be noticed at once
                finally:
                    reader.cancel()
        except (ConnectionClosed, InvalidHandshake, OSError, asyncio.TimeoutError):
            await asyncio.sleep(0.01)  # the host closed it (or refused it): connect again


async def flood_round(port: int, code: str, seconds: float, stats: Flood) -> None:
    """Five raiders at once for ``seconds``: four after a hello, one that never says it."""
    until = time.monotonic() + seconds
    await asyncio.gather(*(raider(i, port, code, until, stats, hello_first=i < 4)
                           for i in range(5)))


def sample_peak(stop: threading.Event, peak: list[float]) -> None:
    """Keep the highest RSS seen until ``stop`` (every 50 ms)."""
    while not stop.wait(0.05):
        peak[0] = max(peak[0], rss_mib()[0])


def settle(host: TableHost) -> int:
    """Wait (up to 5 s) for the host to have no connection left; how many it still has."""
    deadline = time.monotonic() + 5.0
    live = host.call(lambda: host._live)
    while live and time.monotonic() < deadline:
        time.sleep(0.05)
        live = host.call(lambda: host._live)
    gc.collect()
    time.sleep(0.2)
    return live


def spectator_frame(port: int, code: str) -> Optional[float]:
    """Milliseconds for a new spectator to be sent a frame (None if none came in 5 s)."""
    bell = Bell()
    guest = TimedGuest(LOOPBACK, port, code=code, spectate=True, retry=False, bell=bell)
    started = time.perf_counter()
    guest.start()
    try:
        seen, deadline = 0, time.monotonic() + 5.0
        while time.monotonic() < deadline:
            seen = bell.wait(seen, 0.5)
            for event in guest.poll():
                if event.get("t") == "frame":
                    return float(event["_at"] - started) * 1000
        return None
    finally:
        guest.close()


def verdict(before: float, afters: list[float]) -> str:
    """Whether the RSS stayed flat: after/before, else the growth a round over the later half
    of the rounds (a rise in the first rounds, the allocator keeping what they took, is not a
    leak; growing on is)."""
    if not afters:
        return "no flood round ran"
    last = afters[-1]
    ratio = last / before
    text = f"after/before {ratio:.2f}x ({before:.1f} -> {last:.1f} MiB)"
    if ratio <= FLAT:
        return text + f": stayed flat (within {(FLAT - 1) * 100:.0f}%)"
    if len(afters) < 2:
        return text + f": did NOT stay within {(FLAT - 1) * 100:.0f}% (one round: cannot tell a " \
                      "one-time rise from growth)"
    half = afters[len(afters) // 2:] if len(afters) > 2 else afters
    later = (half[-1] - half[0]) / (len(half) - 1)
    first = len(afters) - len(half) + 1
    text += f"; rounds {first}-{len(afters)} added {later:+.1f} MiB a round"
    if later <= STEADY * before:
        return text + ": a rise in the first rounds, then flat"
    return text + (f": did NOT stay flat (in the later rounds it still grows by over "
                   f"{STEADY * 100:.0f}% of before a round; more rounds tell a plateau from a "
                   "leak)")


def flood(seconds: float, rounds: int, certs: Path) -> list[str]:
    """The flood's lines: RSS before, at the peak and after each round, and what was sent."""
    host = TableHost("box", [SeatPlan("open")] * 4, 7, bind=LOOPBACK, cert_folder=certs,
                     bot_pace=0, autosave=None)
    address, port = host.start()
    assert address == LOOPBACK
    stats = Flood()
    lines = []
    try:
        gc.collect()
        before, source = rss_mib()
        objects = [len(gc.get_objects())]
        peak = [before]
        afters, leftovers = [], []
        t0 = time.perf_counter()
        for _ in range(rounds):
            stop = threading.Event()
            watcher = threading.Thread(target=sample_peak, args=(stop, peak), daemon=True)
            watcher.start()
            try:
                asyncio.run(flood_round(port, host.code, seconds, stats))
            finally:
                stop.set()
                watcher.join()
            leftovers.append(settle(host))
            afters.append(rss_mib()[0])
            objects.append(len(gc.get_objects()))
        wall = time.perf_counter() - t0
        answer = spectator_frame(port, host.code)
    finally:
        host.stop()
    received = ", ".join(f"{k} {v}" for k, v in sorted(stats.received.items(),
                                                       key=lambda kv: -kv[1]))
    lines.append(f"host memory under a flood: 5 raw websocket connections to a Cat in the Box "
                 f"table, {rounds} rounds of {seconds:g} s ({wall:.1f} s with the pauses); four "
                 "say hello (seats 1-4) then send junk as fast as the host reads it, one never "
                 "says hello; no wrong join codes (five would lock 127.0.0.1 out, by design)")
    lines.append(f"  sent {stats.sent} messages ({stats.sent_bytes / 2**20:.1f} MiB: garbage, "
                 "binary, deep nesting, near-limit 64 KiB, oversized every 997th, foreign "
                 f"actions, hello twice), {stats.connects} connections made (a raider "
                 "connects again whenever the host closes it)")
    lines.append(f"  told back: {received or 'nothing'}")
    lines.append(f"  RSS ({source}, the whole process: host and clients): before {before:.1f} MiB,"
                 f" peak during {peak[0]:.1f} MiB ({peak[0] / before:.2f}x)")
    for n, (after, left) in enumerate(zip(afters, leftovers), 1):
        still = f", {left} connections not yet closed" if left else ""
        lines.append(f"    after round {n}: {after:.1f} MiB ({after / before:.2f}x of before"
                     f"{still})")
    lines.append("  " + verdict(before, afters))
    lines.append("  Python objects tracked by the collector: " + " -> ".join(map(str, objects))
                 + " (before, after each round: a leak of Python objects would climb here)")
    lines.append("  after the flood a new spectator was sent a frame in "
                 + (f"{answer:.1f} ms (connect, TLS, hello)" if answer is not None
                    else "NO time: none came within 5 s"))
    return lines


# -- the run ---------------------------------------------------------------------------------------
def main(argv: Optional[list[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="+", choices=list(GAMES), metavar="GAME",
                        help=f"games to bench (default all: {' '.join(GAMES)})")
    parser.add_argument("--moves", type=int, default=None,
                        help="moves measured per game and guest count (the cap; new tables are "
                             "started until it is reached; default 300, --quick 25)")
    parser.add_argument("--players", type=int, nargs="+", default=list(COUNTS),
                        help="guest counts, where a game allows them (a solo game: 1)")
    parser.add_argument("--flood-seconds", type=float, default=None,
                        help="length of one flood round (default 3, --quick 1.5)")
    parser.add_argument("--flood-rounds", type=int, default=None,
                        help="flood rounds (default 6, --quick 1; 0: no flood)")
    parser.add_argument("--seed", type=int, default=1, help="first table seed")
    parser.add_argument("--processes", action="store_true",
                        help="also measure with every guest a process of its own")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run (< 20 s): 25 moves, the largest count per game up to "
                             "5, one short flood round")
    args = parser.parse_args(argv)
    shown = list(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("NINE_LIVES_NET_BIND", LOOPBACK)
    for name, full, quick in (("moves", 300, 25), ("flood_seconds", 3.0, 1.5),
                              ("flood_rounds", 6, 1)):
        if getattr(args, name) is None:
            setattr(args, name, quick if args.quick else full)
    games = args.games or list(GAMES)
    print(header(shown), flush=True)
    print(f"loopback only ({LOOPBACK}); the host (TableHost, its own thread and loop), the guests "
          "(GuestClient, a thread and loop each) and this driver run as threads of ONE Python "
          "process, sharing one GIL and the machine's cores", flush=True)
    print("move -> new view: from a guest's send_action() to the new frame queued on its side "
          "(random legal moves from the frames' legal lists; every seat a guest)", flush=True)
    with tempfile.TemporaryDirectory(prefix="net-bench-") as folder:
        certs = Path(folder)
        cells = latency_table(games, args, certs)
        print(cost_line(cells), flush=True)
        if args.processes:
            pool = GuestPool(max(max(counts_for(g, args.players), default=1) for g in games))
            try:
                print(f"the same with every guest a process of its own ({len(pool.procs)} "
                      "spawned for the run; the host and this driver alone in this process, "
                      "the guests' processes beside it on the same cores)", flush=True)
                latency_table(games, args, certs, pool)
            finally:
                pool.close()
        if args.flood_rounds > 0:
            for line in flood(args.flood_seconds, args.flood_rounds, certs):
                print(line, flush=True)


def latency_table(games: list[str], args: argparse.Namespace, certs: Path,
                  pool: Optional[GuestPool] = None) -> list[Cell]:
    """Print the latency table (its header, a row per game and guest count, the goal line)."""
    print(f"{'game':10} {'guests':>6} {'moves':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} "
          f"{'frame KiB':>9} {'tables':>6}        errors", flush=True)
    cells: list[Cell] = []
    skipped = []
    for game in games:
        counts = counts_for(game, args.players)
        if args.quick:
            counts = [max(counts_for(game, list(range(1, GOAL_GUESTS + 1))))]
        if not counts:
            skipped.append(f"{game} (seats {GAMES[game].info.player_counts().start}-"
                           f"{GAMES[game].info.max_players})")
        for n in counts:
            cell = measure(game, n, args.moves, args.seed, certs, pool)
            cells.append(cell)
            print(row(cell), flush=True)
    if "gambit" in games:
        print("(gambit is solo: its one seat is one guest)", flush=True)
    if skipped:
        print("no guest count asked for fits: " + ", ".join(skipped), flush=True)
    print(goal_line(cells), flush=True)
    return cells


def cost_line(cells: list[Cell]) -> str:
    """What one guest spends reading the largest frame of the run (CPU of this process)."""
    cell = max(cells, key=lambda c: c.frame_bytes, default=None)
    if cell is None or not cell.biggest:
        return "(no frame kept to time)"
    text = cell.biggest
    import json

    def per_call(fn: Callable[[], Any]) -> float:
        fn()
        t0, n = time.perf_counter(), 0
        while n < 5 or time.perf_counter() - t0 < 0.3:
            fn()
            n += 1
        return (time.perf_counter() - t0) / n * 1000

    decode = per_call(lambda: p.decode(text, p.MAX_FRAME, p.MAX_FRAME_DEPTH))
    loads = per_call(lambda: json.loads(text))
    encode = per_call(lambda: p.encode(json.loads(text))) - loads
    return (f"where the time goes: the largest frame as a guest rebuilds it ({cell.game}, "
            f"{cell.guests} guests, {cell.frame_bytes / 1024:.1f} KiB; on the wire a frame "
            f"carries only the log entries new to that connection) would cost a guest "
            f"{decode:.2f} ms to decode whole "
            f"(json.loads {loads:.2f} ms of it) and the host {encode:.2f} ms to encode whole; "
            f"in one process every guest's decode shares one GIL")


def goal_line(cells: list[Cell]) -> str:
    """The goal and how each game's 5-guest table did."""
    at_goal = [c for c in cells if c.guests == GOAL_GUESTS and c.samples]
    if not at_goal:
        return f"goal: p95 <= {GOAL_MS:g} ms on loopback with {GOAL_GUESTS} guests: not measured " \
               "in this run (no 5-guest table)"
    parts = []
    for c in at_goal:
        value = percentile(sorted(c.samples), 0.95)
        parts.append(f"{c.game} {value:.2f} ms {'met' if value <= GOAL_MS else 'NOT met'}")
    fewer = sorted({c.game for c in cells} - {c.game for c in at_goal})
    tail = f" ({', '.join(fewer)}: fewer seats, not part of the goal)" if fewer else ""
    return f"goal: p95 <= {GOAL_MS:g} ms on loopback with {GOAL_GUESTS} guests: " \
           + ", ".join(parts) + tail


if __name__ == "__main__":
    main()
