"""Engine speed as ratios against a plain-Python Oh-Hell deal (``bench/ohhell.py``, the shared
perf harness's reference "variant A") and, when OpenSpiel is installed, against its ``oh_hell``
deal driven from Python, timed in the same run, interleaved, in CPU time, so a busy machine
changes the figures little.

First, Cat in the Box measured as the shared harness (``/work/shared/perf/bench_engine.py``)
measures it, in this process and with the harness's own definitions (``bench/interleaved.py``
times them the harness's way): a **round** is a new 4-player game played by random legal moves
(``Rng(k).below``) until round 1's breakdown is in ``results`` (read after every move, as the
harness does: so the set-up, the deal, the round's scoring and breakdown and the next deal are
all in it); a **game** is a new game played to the end the same way; an OpenSpiel deal is
``oh_hell`` (4 players, 4 x 10 cards, 8 tricks) with chance outcomes sampled by probability and
moves by ``random.Random.choice``; the reference deal is played by ``random.Random.choice``
from one generator. Printed: a round and a game per OpenSpiel deal (target: a round at least as
fast as a deal), and per reference deal. Without OpenSpiel (``pip install -e ".[bench]"``) the
bench says so and prints the figures against the reference only.

Then for every registered game: whole random games (the seat count below; the outcome read at
the end, so scoring an engine leaves until asked is counted), and at positions part-way
through random games the cost of ``legal_actions()`` and ``clone()``, each against the matching
operation of the reference (a whole deal, ``legal_cards()``, ``copy.deepcopy`` of a mid deal).
Every random move of these is picked with ``random.Random(seed).randrange`` (the reference
plays by ``random.Random.choice`` from one generator, as the harness's does), and the engines of
the commit the work started from (``BEFORE``) are timed in the same run, interleaved with
today's, each tree in its own process (``bench/tree_worker.py``); the gain printed is today's
ratio over that commit's. ``--unread`` also prints the games ratio without the outcome read;
``--old-method`` also prints today's engine driven by ``Rng.below``. ``--digest COMMIT`` checks
that today's engines behave exactly as COMMIT's. A ratio above 1 means the game's unit is
faster than the reference's.

    python bench/engine_bench.py                 # the harness's figures, then every game
    python bench/engine_bench.py --game box --seconds 2
    python bench/engine_bench.py --harness-only --harness-rounds 7
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

from bench import interleaved, ohhell  # noqa: E402
from cats import GAMES, get_game  # noqa: E402
from cats.rng import Rng  # noqa: E402

# The commit the fast-engines work started from, whose engines are timed beside today's.
BEFORE = "5b978b5"
# Ratios at the start of the work (commit 5b978b5), from this script's earlier method (a
# ``Rng.below`` driver against the reference's ``random``, the two commits in different runs): game -> (games, legal, clone).
BASELINE: dict[str, tuple[float, float, float]] = {
    "gambit": (0.096, 0.040, 78.5), "catchess": (0.316, 0.283, 95.5),
    "between": (0.253, 0.521, 131.5), "catch22": (0.021, 0.208, 87.2),
    "box": (0.140, 0.408, 109.1),
}


def seats(game_id: str) -> int:
    """Four seats, or the most the game takes."""
    return min(4, GAMES[game_id].info.max_players)


def box_games(rounds_only: Optional[int]) -> Callable[[int], int]:
    """``f(n)``: ``n`` new 4-player Cat in the Box games (seeds 10,001 on) played by
    ``Rng(k).below`` until ``rounds_only`` rounds are in ``results`` (read after every move) or
    to the end (None): the harness's ``box_round1_4p`` and ``box_full_4p``; the moves made."""
    box, seed = get_game("box"), [0]

    def games(n: int) -> int:
        moves = 0
        for _ in range(n):
            seed[0] += 1
            state = box.new_game(4, 10_000 + seed[0])
            below = Rng(seed[0]).below
            if rounds_only:
                while state.phase != "over" and len(state.results) < rounds_only:  # type: ignore[attr-defined]
                    actions = state.legal_actions()
                    state.do(actions[below(len(actions))])
                    moves += 1
            else:
                while state.to_move is not None:
                    actions = state.legal_actions()
                    state.do(actions[below(len(actions))])
                    moves += 1
        return moves

    return games


def harness_figures(rounds: int, target: float) -> Optional[float]:
    """Print Cat in the Box's figures as the shared harness measures them; OpenSpiel's deals per
    reference deal (None without OpenSpiel)."""
    benches: dict[str, interleaved.Bench] = {"own_A_full": ohhell.random_deals(2)}
    spiel = ohhell.openspiel_deals(1)
    if spiel is not None:
        benches["os_ohhell_py_full"] = spiel
    benches["box_round1_4p"] = box_games(1)
    benches["box_full_4p"] = box_games(None)
    pairs = [("box_round1_4p", "own_A_full"), ("box_full_4p", "own_A_full")]
    if spiel is not None:
        pairs = [("box_round1_4p", "os_ohhell_py_full"), ("box_full_4p", "os_ohhell_py_full"),
                 *pairs, ("os_ohhell_py_full", "own_A_full")]
    else:
        print("OpenSpiel is not installed (pip install -e \".[bench]\", open-spiel==2.0.2): "
              "Cat in the Box is timed against the plain-Python reference deal only")
    rates = interleaved.run(benches, rounds, target)
    print(f"as the shared harness measures (bench/interleaved.py; {rounds} interleaved rounds of "
          f"~{target:g} CPU s each; median (min-max) of the per-round ratios):")
    for name, (median, low, high) in interleaved.ratios(rates, pairs).items():
        print(f"  {name:38} {median:6.3f} ({low:.3f}-{high:.3f})")
    for name, per_round in rates.items():
        print(f"  {name:38} {statistics.median(per_round):9,.0f} per CPU s")
    if spiel is None:
        return None
    rounds_per_deal = statistics.median(
        [x / y for x, y in zip(rates["box_round1_4p"], rates["os_ohhell_py_full"])])
    verdict = "met" if rounds_per_deal >= 1.0 else "NOT met"
    print(f"  a Box round runs at {rounds_per_deal:.3f} of an OpenSpiel deal's rate (target: at "
          f"least 1.0, {verdict})")
    return statistics.median(
        [x / y for x, y in zip(rates["os_ohhell_py_full"], rates["own_A_full"])])


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
    parser.add_argument("--unread", action="store_true",
                        help="also print the games ratio without each random game's outcome "
                             "read at its end (work an engine leaves until asked not counted)")
    parser.add_argument("--harness-rounds", type=int, default=5,
                        help="interleaved rounds of the shared harness's Cat in the Box figures")
    parser.add_argument("--harness-target", type=float, default=0.5,
                        help="CPU seconds per bench and round of those figures")
    parser.add_argument("--harness-only", action="store_true",
                        help="only the shared harness's Cat in the Box figures")
    parser.add_argument("--no-harness", action="store_true",
                        help="skip the shared harness's Cat in the Box figures")
    parser.add_argument("--digest", metavar="COMMIT",
                        help="instead of timing: a digest of 300 seeded random games (legal "
                             "actions, moves, narration, views, JSON, outcomes) of today's "
                             "engines and of COMMIT's, which must match")
    args = parser.parse_args(argv)
    if args.digest:
        sys.exit(compare_digests(args.digest, args.game or list(GAMES)))
    if not args.no_harness:
        harness_figures(args.harness_rounds, args.harness_target)
        if args.harness_only:
            return
        print()
    print("ratios against one plain-Python Oh-Hell deal (bench/ohhell.py, variant A, played by "
          "random.Random.choice) / legal_cards() / deepcopy (higher is faster); CPU time, "
          "interleaved; games: whole random games, the outcome read at the end, every move "
          f"picked by random.Random.randrange; 'before' is commit {args.before}'s engine in the "
          "same run")
    print(f"{'game':10} {'seats':>5} {'games':>8} {'legal':>8} {'clone':>8}"
          f"   {'before: games':>13} {'legal':>6} {'clone':>6}   new/before")
    with tempfile.TemporaryDirectory(prefix="engine-bench-") as folder:
        workers = [Worker(ROOT), Worker(export_tree(args.before, Path(folder)))]
        try:
            for game_id in args.game or list(GAMES):
                bench_versus(workers, game_id, args)
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


def bench_versus(workers: list[Worker], game_id: str, args: argparse.Namespace) -> None:
    """Print one game's row: today's ratios, the earlier commit's, and their quotient."""
    new, old = zip(*(paired(workers, what, game_id, args.seconds, args.rounds)
                     for what in ("game_outcome", "legal", "clone")))
    gains = " ".join(f"{n / o:5.2f}x" for n, o in zip(new, old))
    print(f"{game_id:10} {seats(game_id):>5} " + " ".join(f"{f:8.3f}" for f in new)
          + f"   {old[0]:13.3f} {old[1]:6.3f} {old[2]:6.1f}   {gains}", flush=True)
    if args.unread:
        now, then = paired(workers, "game", game_id, args.seconds, args.rounds)
        print(f"{'':10} games without the outcome read: {now:.3f} (before {then:.3f}: "
              f"{now / then:.2f}x)", flush=True)
    if args.old_method:
        driven = paired(workers[:1], "game", game_id, args.seconds, args.rounds, "rng")[0]
        base = BASELINE.get(game_id)
        versus = f" against the table's {base[0]:.3f}: {driven / base[0]:.2f}x" if base else ""
        print(f"{'':10} earlier method (Rng.below driver, outcome unread; baseline from an "
              f"earlier run against the earlier reference): games {driven:.3f}{versus}",
              flush=True)


if __name__ == "__main__":
    main()
