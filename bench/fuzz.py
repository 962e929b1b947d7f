"""Random play at scale: N fuzzed games for every registered game and player count.

Every step of every game is checked (see ``cats/conformance.py``): legal actions unique and each
applicable to a clone, the game's conservation invariants (``cats/<id>/invariants.py``), views
unchanged by re-dealing what a seat cannot know, clone and JSON round trip equal, and the log
replayed step by step reproducing the state. Bool options are cycled through the games.

The full count takes hours on a small machine, so the runner keeps a ledger: each finished chunk
of seeds is appended to ``bench/results/fuzz-ledger.jsonl`` with a fingerprint of the code it
checked for that game (the shared engine code and checker, and the game's package ``cats/<id>/``
without its bots and words). A later run skips the chunks already done for the same code and reports
totals over all of them; a change to a game's code starts that game's count afresh.

    python bench/fuzz.py                 # 10,000 games per game and player count (resumes)
    python bench/fuzz.py --games 500 --game between --workers 2
    python bench/fuzz.py --report        # totals from the ledger only, running nothing
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import hashlib
import json
import multiprocessing
import os
import platform
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Optional

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cats import GAMES  # noqa: E402
from cats.conformance import Tally, cells, fuzz_range, option_sets  # noqa: E402

CHUNK = 100
LEDGER = ROOT / "bench" / "results" / "fuzz-ledger.jsonl"


# What a fuzz record speaks for: the contract, the checker, and the game's own package; not the
# session, the bots (they are not what is fuzzed) nor the words (the fuzzer never reads them).
SHARED = ("core.py", "rng.py", "jsondata.py", "__init__.py", "conformance.py")
NOT_FUZZED = ("bots.py", "solver.py", "words.py", "tutorial.py")


def fingerprint(game: str, root: Path = ROOT) -> str:
    """A hash of the code a fuzz result for ``game`` speaks for (see ``SHARED``)."""
    digest = hashlib.sha256()
    engines = root / "cats"
    files = [engines / name for name in SHARED if (engines / name).is_file()]
    files += [path for path in sorted((engines / game).rglob("*"))
              if path.suffix in (".py", ".json") and path.name not in NOT_FUZZED
              and "__pycache__" not in path.parts]
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class Job:
    """One chunk of seeds for one game and player count."""

    game: str
    players: int
    first: int
    last: int


@dataclass
class Cell:
    """Totals for one game and player count: from the ledger and from this run."""

    games: int = 0
    steps: int = 0
    failures: list[str] = field(default_factory=list)
    from_ledger: int = 0
    seconds: float = 0.0


def _valid(record: Any) -> bool:
    """A ledger record with the fields and types the report adds up."""
    if not isinstance(record, dict):
        return False
    ints = ("players", "first", "last", "games", "steps")
    return (all(type(record.get(k)) is int for k in ints)
            and isinstance(record.get("game"), str) and isinstance(record.get("fingerprint"), str)
            and isinstance(record.get("failures"), list)
            and all(isinstance(f, str) for f in record["failures"])
            and record["games"] == record["last"] - record["first"] >= 0)


def read_ledger(path: Path, print_fn: Any = print) -> list[dict[str, Any]]:
    """The ledger's records; a damaged line (a run killed mid-write) is reported and skipped."""
    if not path.exists():
        return []
    records = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            record = None
        if not _valid(record):
            print_fn(f"{path.name}: line {number} is damaged and is ignored")
            continue
        records.append(record)
    return records


def append_record(path: Path, record: dict[str, Any]) -> None:
    """Append one line and make it durable before the next chunk starts (after a line torn by
    a killed run, the new record starts on a line of its own)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+b") as out:
        out.seek(0, os.SEEK_END)
        if out.tell():
            out.seek(-1, os.SEEK_END)
            if out.read(1) != b"\n":
                out.write(b"\n")
        out.write((json.dumps(record, sort_keys=True) + "\n").encode("utf-8"))
        out.flush()
        os.fsync(out.fileno())


def plan(wanted: Iterable[tuple[str, int]], first: int, games: int) -> list[Job]:
    """The chunks covering seeds ``first .. first+games-1`` for every cell."""
    return [Job(g, n, s, min(s + CHUNK, first + games))
            for g, n in wanted for s in range(first, first + games, CHUNK)]


def _work(job: Job) -> tuple[Job, Tally, float]:
    t0 = time.perf_counter()
    tally = fuzz_range(job.game, job.players, range(job.first, job.last))
    return job, tally, time.perf_counter() - t0


def run(args: argparse.Namespace, print_fn: Any = print) -> int:
    """Fuzz (or only report); print one line per cell; 0 when every planned game passed."""
    wanted = [(g, n) for g, n in cells() if not args.game or g in args.game]
    jobs = plan(wanted, args.seed, args.games)
    codes = {gid: fingerprint(gid) for gid in dict.fromkeys(g for g, _ in wanted)}
    ledger: Optional[Path] = None if args.no_ledger else Path(args.ledger)
    done: dict[Job, dict[str, Any]] = {}
    if ledger is not None:
        for record in read_ledger(ledger, print_fn):
            if record["fingerprint"] == codes.get(record["game"]):
                done[Job(record["game"], record["players"], record["first"], record["last"])] = record
    todo = [j for j in jobs if j not in done]
    for gid in dict.fromkeys(g for g, _ in wanted):
        sets = ", ".join("+".join(f"{k}={v}" for k, v in s.items()) or "defaults"
                         for s in option_sets(GAMES[gid]))
        print_fn(f"{gid}: option sets cycled: {sets}")
    print_fn("code fingerprints " + ", ".join(f"{g} {c}" for g, c in codes.items()) + "; "
             f"{len(jobs) - len(todo)} of {len(jobs)} chunks of "
             f"{CHUNK} seeds already in the ledger; {0 if args.report else len(todo)} to run")
    totals = {cell: Cell() for cell in wanted}
    for job in jobs:
        if job in done:
            record, cell = done[job], totals[(job.game, job.players)]
            cell.games += record["games"]
            cell.steps += record["steps"]
            cell.failures.extend(record["failures"])
            cell.from_ledger += record["games"]
            cell.seconds += float(record.get("seconds", 0.0))
    started = time.perf_counter()
    if todo and not args.report:
        remaining = {cell: sum(1 for j in todo if (j.game, j.players) == cell) for cell in wanted}
        # Longest cells first (Catch 22's games are the longest), so the pool stays busy.
        todo.sort(key=lambda j: (j.game != "catch22", -j.players))
        with contextlib.ExitStack() as stack:
            if args.workers == 1:   # in-process: no fork (tests, debugging)
                results: Iterable[tuple[Job, Tally, float]] = map(_work, todo)
            else:
                pool = stack.enter_context(multiprocessing.Pool(args.workers))
                results = pool.imap_unordered(_work, todo)
            for job, tally, seconds in results:
                cell = totals[(job.game, job.players)]
                cell.games += tally.games
                cell.steps += tally.steps
                cell.failures.extend(tally.failures)
                cell.seconds += seconds
                if ledger is not None and fingerprint(job.game) != codes[job.game]:
                    print_fn("the checked code changed during the run: recording stops here")
                    ledger = None
                if ledger is not None:
                    append_record(ledger, {
                        "fingerprint": codes[job.game], "game": job.game, "players": job.players,
                        "first": job.first, "last": job.last, "games": tally.games,
                        "steps": tally.steps, "failures": tally.failures,
                        "seconds": round(seconds, 1), "python": platform.python_version(),
                        "when": datetime.datetime.now(datetime.timezone.utc)
                        .isoformat(timespec="seconds")})
                remaining[(job.game, job.players)] -= 1
                if remaining[(job.game, job.players)] == 0:
                    print_fn(f"  finished {job.game} {job.players}p "
                             f"({time.perf_counter() - started:.0f} s into the run)")
                for failure in tally.failures[:3]:
                    print_fn("    FAIL " + failure)
    planned = args.games
    print_fn(f"{'game':<10} {'players':>7} {'games':>7} {'steps':>10} {'failures':>8} "
             f"{'ledger':>7} {'worker s':>9}")
    total_fail, missing = 0, 0
    for (gid, n), cell in totals.items():
        total_fail += len(cell.failures)
        missing += planned - cell.games
        print_fn(f"{gid:<10} {n:>7} {cell.games:>7} {cell.steps:>10} {len(cell.failures):>8} "
                 f"{cell.from_ledger:>7} {cell.seconds:>9.0f}")
        for failure in cell.failures[:5]:
            print_fn("    FAIL " + failure)
    print_fn(f"total: {sum(c.games for c in totals.values())} games, "
             f"{sum(c.steps for c in totals.values())} steps, failures {total_fail}; "
             f"wall time this run {time.perf_counter() - started:.0f} s"
             + (f"; {missing} planned games not yet run" if missing else ""))
    return 1 if total_fail else (3 if missing else 0)


def main(argv: Optional[list[str]] = None) -> int:
    """Parse the command line and run; exit 1 on any failure, 3 if games are still missing."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", type=int, default=10_000, help="games per game and player count")
    p.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 2,
                   help="processes (default: one per CPU)")
    p.add_argument("--seed", type=int, default=0, help="first seed")
    p.add_argument("--ledger", default=str(LEDGER), help="where finished chunks are recorded")
    p.add_argument("--no-ledger", action="store_true", help="run everything, record nothing")
    p.add_argument("--report", action="store_true", help="only report what the ledger holds")
    args = p.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        p.error("--games and --workers must be at least 1")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
