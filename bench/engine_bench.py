"""Engine speed as ratios against a plain-Python Oh-Hell deal (``bench/ohhell.py``) timed in the
same run, interleaved, in CPU time, so a busy machine changes the figures little.

For every registered game: random full games (the seat count below), and at positions part-way
through random games the cost of ``legal_actions()`` and ``clone()``, each against the matching
operation of the reference (a whole deal, ``legal_cards()``, ``copy.deepcopy`` of a mid deal).
A game played in rounds (its package has ``round_stamp(state)``, the count of finished rounds)
also gets a per-round figure: one random round (a full game's time over its rounds) against one
deal. A ratio above 1 means the game's unit is faster than the reference's. ``BASELINE`` holds
the ratios measured before the engine work of the "fast engines" issue, to print the gain.
When ``open_spiel`` is installed (bench only: ``pip install open-spiel``), its ``oh_hell`` deal
driven from Python is timed beside the reference too.

    python bench/engine_bench.py                 # every game
    python bench/engine_bench.py --game box --seconds 2
    python bench/engine_bench.py --game between --rounds 9   # steadier medians
"""

from __future__ import annotations

import argparse
import copy
import importlib
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, Optional

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import ohhell  # noqa: E402
from cats import GAMES  # noqa: E402
from cats.core import State  # noqa: E402
from cats.rng import Rng  # noqa: E402

# Ratios at the start of the work (commit 5b978b5), from this script: game -> (games, legal, clone).
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


def round_stamp(game_id: str) -> Optional[Callable[[State], int]]:
    """The game's count of finished rounds, if it is played in rounds."""
    stamp: Optional[Callable[[State], int]] = getattr(
        importlib.import_module(f"cats.{game_id}"), "round_stamp", None)
    return stamp


def random_game(game_id: str, seed: int) -> State:
    """Play one random full game; the final position."""
    state = GAMES[game_id].new_game(seats(game_id), seed)
    rng = Rng(seed ^ 0xBE7C)
    while state.to_move is not None:
        actions = state.legal_actions()
        state.do(actions[rng.below(len(actions))])
    return state


def positions(game_id: str, count: int = 24) -> list[State]:
    """Positions part-way through seeded random games (a spread of depths)."""
    out = []
    for seed in range(count):
        state = GAMES[game_id].new_game(seats(game_id), 1000 + seed)
        rng = Rng(seed)
        depth = 5 + seed * 7
        for _ in range(depth):
            if state.to_move is None:
                break
            actions = state.legal_actions()
            state.do(actions[rng.below(len(actions))])
        if state.to_move is not None:
            out.append(state)
    return out


def per_call(fn: Callable[[int], Any], seconds: float) -> float:
    """CPU seconds per call of ``fn(i)``, calling it for about ``seconds``."""
    calls = 0
    start = time.process_time()
    while True:
        fn(calls)
        calls += 1
        spent = time.process_time() - start
        if spent >= seconds and calls >= 3:
            return spent / calls


def ratio(reference: Callable[[int], Any], subject: Callable[[int], Any], seconds: float,
          rounds: int = 3) -> float:
    """Median over interleaved rounds of (reference time per call) / (subject time per call)."""
    values = []
    for _ in range(rounds):
        ref = per_call(reference, seconds / 2)
        sub = per_call(subject, seconds / 2)
        values.append(ref / sub)
    return statistics.median(values)


def rounds_per_game(game_id: str, games: int = 20) -> Optional[float]:
    """Mean rounds in a random game, for a game played in rounds."""
    stamp = round_stamp(game_id)
    if stamp is None:
        return None
    return sum(stamp(random_game(game_id, i)) for i in range(games)) / games


def bench_game(game_id: str, seconds: float, rounds: int = 3
               ) -> tuple[float, float, float, Optional[float]]:
    """(full games, legal_actions, clone, one round) ratios for one game (round: None when the
    game is not played in rounds)."""
    games = ratio(ohhell.random_deal, lambda i: random_game(game_id, i), seconds, rounds)
    where = positions(game_id)
    deals = [ohhell.mid_deal(i) for i in range(24)]
    legal = ratio(lambda i: deals[i % len(deals)].legal_cards(),
                  lambda i: where[i % len(where)].legal_actions(), seconds, rounds)
    clone = ratio(lambda i: copy.deepcopy(deals[i % len(deals)]),
                  lambda i: where[i % len(where)].clone(), seconds, rounds)
    per_game = rounds_per_game(game_id)
    return games, legal, clone, None if per_game is None else games * per_game


def openspiel_ratio(seconds: float, rounds: int = 3) -> Optional[float]:
    """OpenSpiel's ``oh_hell`` deal driven from Python against the reference (None without it)."""
    deal = ohhell.openspiel_deal()
    if deal is None:
        return None
    return ratio(ohhell.random_deal, deal, seconds, rounds)


def main(argv: Optional[list[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append",
                        help="a game to bench (repeatable; default all)")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="CPU seconds per figure and round")
    parser.add_argument("--rounds", type=int, default=3,
                        help="interleaved rounds per figure, whose median is printed (more "
                             "rounds steady the figures on a busy machine)")
    args = parser.parse_args(argv)
    spiel = openspiel_ratio(args.seconds, args.rounds)
    if spiel is not None:
        print(f"OpenSpiel oh_hell deal driven from Python: {spiel:.3f} of the reference's speed")
    print("ratios against one plain-Python Oh-Hell deal / legal_cards() / deepcopy (higher is "
          "faster); CPU time, interleaved")
    print(f"{'game':10} {'seats':>5} {'games':>8} {'legal':>8} {'clone':>8} {'round':>8}"
          "   vs baseline")
    for game_id in args.game or list(GAMES):
        *figures, per_round = bench_game(game_id, args.seconds, args.rounds)
        base = BASELINE.get(game_id)
        gain = ("   " + " ".join(f"{f / b:5.2f}x" for f, b in zip(figures, base))) if base else ""
        round_text = "" if per_round is None else f"{per_round:8.3f}"
        if per_round is not None and game_id in BASELINE_ROUND:
            gain += f" {per_round / BASELINE_ROUND[game_id]:5.2f}x"
        print(f"{game_id:10} {seats(game_id):>5} " + " ".join(f"{f:8.3f}" for f in figures)
              + f" {round_text:>8}" + gain, flush=True)
        if per_round is not None and spiel is not None:
            versus = per_round / spiel
            verdict = "met" if versus >= 1.0 else "NOT met"
            print(f"{'':10} one random round takes {1 / versus:.2f} of the time of one OpenSpiel "
                  f"oh_hell deal driven from Python ({versus:.2f} deals in a round's time; "
                  f"target: a round at least as fast as a deal, {verdict})", flush=True)


if __name__ == "__main__":
    main()
