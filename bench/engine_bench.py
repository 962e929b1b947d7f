"""Engine speed as ratios against a plain-Python Oh-Hell deal (``bench/ohhell.py``) timed in the
same run, interleaved, in CPU time, so a busy machine changes the figures little.

For every registered game: random full games (the seat count below), and at positions part-way
through random games the cost of ``legal_actions()`` and ``clone()``, each against the matching
operation of the reference (a whole deal, ``legal_cards()``, ``copy.deepcopy`` of a mid deal).
A game played in rounds (its package has ``round_stamp(state)``, the count of finished rounds)
also gets a per-round figure: one random round (a full game's time over its rounds) against one
deal. A ratio above 1 means the game's unit is faster than the reference's.

The method (since issue #17's fair-driver step): every random move, of the games and of the
reference, is picked with ``random.Random(seed).randrange`` (the reference's own picker; the
games were driven by the pure-Python ``Rng.below`` before, about a fifth of a Cat Chess game's
time), and the engines of the commit the work started from (``BEFORE``) are timed in the same
run, interleaved with today's, each tree in its own process (``bench/tree_worker.py``); the gain
printed is today's ratio over that commit's. ``--old-method`` also prints the earlier figure
(today's engine driven by ``Rng.below``, against the ``BASELINE`` table from an earlier run).
``--digest COMMIT`` checks that today's engines behave exactly as COMMIT's. ``--outcome`` also
times each random game with its ``outcome()`` read at the end: an engine may leave work until it
is asked for (Cat Chess scores its rounds and deals the next cards when they are first read), and
that figure counts it.
When ``open_spiel`` is installed (bench only: ``pip install open-spiel``), its ``oh_hell`` deal
driven from Python is timed beside the reference too.

    python bench/engine_bench.py                 # every game
    python bench/engine_bench.py --game box --seconds 2
    python bench/engine_bench.py --game between --rounds 9   # steadier medians
    python bench/engine_bench.py --digest main --game catchess  # same behaviour as main's?
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, Optional

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import ohhell  # noqa: E402
from bench.tree_worker import per_call  # noqa: E402  # the one timing loop, shared with the workers
from cats import GAMES  # noqa: E402

# The commit the fast-engines work started from, whose engines are timed beside today's.
BEFORE = "5b978b5"
# Ratios at the start of the work (commit 5b978b5), from this script's earlier method (a
# ``Rng.below`` driver against the reference's ``random``, the two commits in different runs): game -> (games, legal, clone).
BASELINE: dict[str, tuple[float, float, float]] = {
    "gambit": (0.096, 0.040, 78.5), "catchess": (0.316, 0.283, 95.5),
    "between": (0.253, 0.521, 131.5), "catch22": (0.021, 0.208, 87.2),
    "box": (0.140, 0.408, 109.1),
}
# Per-round ratios at the same commit, for the games played in rounds (Cat in the Box: its four
# rounds of the games ratio above; this script measured 0.535 there).
BASELINE_ROUND: dict[str, float] = {"box": 0.560}


def seats(game_id: str) -> int:
    """Four seats, or the most the game takes."""
    return min(4, GAMES[game_id].info.max_players)


def ratio(reference: Callable[[int], Any], subject: Callable[[int], Any], seconds: float,
          rounds: int = 3) -> float:
    """Median over interleaved rounds of (reference time per call) / (subject time per call)."""
    values = []
    for _ in range(rounds):
        ref = per_call(reference, seconds / 2)
        sub = per_call(subject, seconds / 2)
        values.append(ref / sub)
    return statistics.median(values)


def openspiel_ratio(seconds: float, rounds: int = 3) -> Optional[float]:
    """OpenSpiel's ``oh_hell`` deal driven from Python against the reference (None without it)."""
    deal = ohhell.openspiel_deal()
    if deal is None:
        return None
    return ratio(ohhell.random_deal, deal, seconds, rounds)


class Worker:
    """A :mod:`bench.tree_worker` process serving one code tree's engines."""

    def __init__(self, root: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "bench" / "tree_worker.py"), str(root)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=str(root))

    def ask(self, **request: Any) -> Any:
        """Send one request; its answer."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the tree worker stopped")
        return json.loads(line)

    def close(self) -> None:
        """Stop the process."""
        try:
            self.ask(op="quit")
        except (RuntimeError, BrokenPipeError, ValueError):
            pass
        self.proc.wait()


def export_tree(commit: str, into: Path) -> Path:
    """The ``cats/`` of ``commit`` written under ``into`` (git archive; no checkout)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "cats"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def paired(workers: list[Worker], what: str, game_id: str, seconds: float, rounds: int,
           picker: str = "random") -> list[float]:
    """Per worker, the median over interleaved rounds of (reference time) / (subject time):
    each round times the reference and the subject in every worker in turn."""
    ref_what = {"game": "ref", "game_outcome": "ref", "legal": "ref_legal",
                "clone": "ref_clone"}[what]
    values: list[list[float]] = [[] for _ in workers]
    for _ in range(rounds):
        for w, worker in enumerate(workers):
            ref = worker.ask(op="time", what=ref_what, seconds=seconds / 2)
            sub = worker.ask(op="time", what=what, game=game_id, seconds=seconds / 2,
                             picker=picker)
            values[w].append(ref / sub)
    return [statistics.median(v) for v in values]


def main(argv: Optional[list[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append",
                        help="a game to bench (repeatable; default all)")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="CPU seconds per figure and round")
    parser.add_argument("--rounds", type=int, default=3,
                        help="interleaved rounds per figure, whose median is printed (more "
                             "rounds steady the figures on a busy machine)")
    parser.add_argument("--before", default=BEFORE,
                        help=f"the commit whose engines are timed beside today's (default "
                             f"{BEFORE}, the start of the fast-engines work)")
    parser.add_argument("--old-method", action="store_true",
                        help="also print the games ratio the earlier way: today's engine "
                             "driven by Rng.below, against the BASELINE table")
    parser.add_argument("--outcome", action="store_true",
                        help="also print the games ratio with each random game's outcome read "
                             "at its end (so work an engine leaves until asked is counted)")
    parser.add_argument("--digest", metavar="COMMIT",
                        help="instead of timing: a digest of 300 seeded random games (legal "
                             "actions, moves, narration, views, JSON, outcomes) of today's "
                             "engines and of COMMIT's, which must match")
    args = parser.parse_args(argv)
    if args.digest:
        sys.exit(compare_digests(args.digest, args.game or list(GAMES)))
    spiel = openspiel_ratio(args.seconds, args.rounds)
    if spiel is not None:
        print(f"OpenSpiel oh_hell deal driven from Python: {spiel:.3f} of the reference's speed")
    print("ratios against one plain-Python Oh-Hell deal / legal_cards() / deepcopy (higher is "
          "faster); CPU time, interleaved; every random move (games and reference) picked by "
          f"random.Random.randrange; 'before' is commit {args.before}'s engine in the same run")
    print(f"{'game':10} {'seats':>5} {'games':>8} {'legal':>8} {'clone':>8} {'round':>8}"
          f"   {'before: games':>13} {'legal':>6} {'clone':>6}   new/before")
    with tempfile.TemporaryDirectory(prefix="engine-bench-") as folder:
        workers = [Worker(ROOT), Worker(export_tree(args.before, Path(folder)))]
        try:
            for game_id in args.game or list(GAMES):
                bench_versus(workers, game_id, args, spiel)
        finally:
            for worker in workers:
                worker.close()


def compare_digests(commit: str, games: list[str]) -> int:
    """Print each game's 300-game digest for today's engines and ``commit``'s; 1 if any differ."""
    with tempfile.TemporaryDirectory(prefix="engine-digest-") as folder:
        workers = [Worker(ROOT), Worker(export_tree(commit, Path(folder)))]
        differ = 0
        try:
            for game_id in games:
                mine, theirs = (w.ask(op="digest", game=game_id, games=300) for w in workers)
                differ |= mine != theirs
                print(f"{game_id:10} today {mine[:16]}  {commit} {theirs[:16]}  "
                      f"{'match' if mine == theirs else 'DIFFER'}", flush=True)
        finally:
            for worker in workers:
                worker.close()
    return int(differ)


def bench_versus(workers: list[Worker], game_id: str, args: argparse.Namespace,
                 spiel: Optional[float]) -> None:
    """Print one game's row: today's ratios, the earlier commit's, and their quotient."""
    new, old = zip(*(paired(workers, what, game_id, args.seconds, args.rounds)
                     for what in ("game", "legal", "clone")))
    per_game = workers[0].ask(op="rounds", game=game_id)
    per_round = None if per_game is None else new[0] * per_game
    round_text = "" if per_round is None else f"{per_round:8.3f}"
    gains = " ".join(f"{n / o:5.2f}x" for n, o in zip(new, old))
    print(f"{game_id:10} {seats(game_id):>5} " + " ".join(f"{f:8.3f}" for f in new)
          + f" {round_text:>8}   {old[0]:13.3f} {old[1]:6.3f} {old[2]:6.1f}   {gains}",
          flush=True)
    if args.outcome:
        now, then = paired(workers, "game_outcome", game_id, args.seconds, args.rounds)
        print(f"{'':10} games with the outcome read at the end: {now:.3f} (before {then:.3f}: "
              f"{now / then:.2f}x)", flush=True)
    if args.old_method:
        driven = paired(workers[:1], "game", game_id, args.seconds, args.rounds, "rng")[0]
        base = BASELINE.get(game_id)
        versus = f" against the table's {base[0]:.3f}: {driven / base[0]:.2f}x" if base else ""
        print(f"{'':10} earlier method (Rng.below driver, baseline from an earlier run): games "
              f"{driven:.3f}{versus}", flush=True)
    if per_round is not None and spiel is not None:
        versus_deal = per_round / spiel
        verdict = "met" if versus_deal >= 1.0 else "NOT met"
        print(f"{'':10} one random round takes {1 / versus_deal:.2f} of the time of one OpenSpiel "
              f"oh_hell deal driven from Python ({versus_deal:.2f} deals in a round's time; "
              f"target: a round at least as fast as a deal, {verdict})", flush=True)


if __name__ == "__main__":
    main()
