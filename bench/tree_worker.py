"""One code tree's engines and bots behind a pipe, so a bench can time two versions of ``cats/``
(today's and an earlier commit's) interleaved in one run, each in its own process.

Started as ``python bench/tree_worker.py ROOT`` (ROOT holds the ``cats/`` to import); reads one
JSON request a line on stdin and answers one JSON line on stdout. The Oh-Hell reference always
comes from this file's own ``bench/ohhell.py``, so both trees time the same yardstick (its deals
played by ``random.Random.choice`` from one generator, as the shared harness plays them). Every
random move of the engine measurements is picked the same way (:func:`pick`:
``random.Random(seed).randrange``), unless a request asks for the older driver
(``"picker": "rng"``: the engine's ``Rng(seed ^ 0xBE7C).below``).

Requests (``op``): ``time`` (``what``: ref, game, game_outcome, legal, ref_legal, clone,
ref_clone; ``game``, ``seconds``, ``picker``) -> CPU seconds per call; ``rounds`` -> mean rounds
of a random game; ``digest`` (``game``, ``games``) -> a SHA-256 over 300 seeded random games'
legal actions, moves, narration, views, JSON and outcomes; ``lion`` (``positions``) ->
simulations and CPU seconds of level 3 in Cat in the Box from seeded positions, time cap lifted;
``quit``.
"""

from __future__ import annotations

import copy
import hashlib
import importlib
import importlib.util
import json
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve().parent


def load_reference() -> Any:
    """This bench's ``ohhell`` module, loaded by path (the other tree may not have one)."""
    spec = importlib.util.spec_from_file_location("bench_ohhell_ref", HERE / "ohhell.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def pick(rnd: random.Random, n: int) -> int:
    """The shared picker: an index in [0, n), drawn as the reference draws its moves."""
    return rnd.randrange(n)


class Tree:
    """The engines of one ``cats/`` tree, driven by the shared picker (or the old one)."""

    def __init__(self) -> None:
        from cats import GAMES
        from cats.rng import Rng
        self.games = GAMES
        self.Rng = Rng
        self.ref = load_reference()

    def seats(self, game_id: str) -> int:
        """Four seats, or the most the game takes."""
        return int(min(4, self.games[game_id].info.max_players))

    def random_game(self, game_id: str, seed: int, picker: str = "random") -> Any:
        """One random full game; the final position."""
        state = self.games[game_id].new_game(self.seats(game_id), seed)
        below: Callable[[int], int]
        if picker == "rng":
            below = self.Rng(seed ^ 0xBE7C).below
        else:
            below = random.Random(seed ^ 0xBE7C).randrange
        while state.to_move is not None:
            actions = state.legal_actions()
            state.do(actions[below(len(actions))])
        return state

    def positions(self, game_id: str, count: int = 24) -> list[Any]:
        """Positions part-way through seeded random games (a spread of depths)."""
        out = []
        for seed in range(count):
            state = self.games[game_id].new_game(self.seats(game_id), 1000 + seed)
            rnd = random.Random(seed)
            for _ in range(5 + seed * 7):
                if state.to_move is None:
                    break
                actions = state.legal_actions()
                state.do(actions[pick(rnd, len(actions))])
            if state.to_move is not None:
                out.append(state)
        return out

    def subject(self, what: str, game_id: str, picker: str) -> Callable[[int], Any]:
        """The call to time for one request."""
        ref = self.ref
        if what == "ref":   # one deal a call, from one generator that runs on (the harness's)
            deals = ref.random_deals(2)
            return lambda i: deals(1)
        if what == "game":
            return lambda i: self.random_game(game_id, i, picker)
        if what == "game_outcome":  # the outcome read too: work left until asked is counted
            return lambda i: self.random_game(game_id, i, picker).outcome()
        if what in ("ref_legal", "ref_clone"):
            deals = [ref.mid_deal(i) for i in range(24)]
            if what == "ref_legal":
                return lambda i: deals[i % len(deals)].legal_cards()
            return lambda i: copy.deepcopy(deals[i % len(deals)])
        where = self.positions(game_id)
        if what == "legal":
            return lambda i: where[i % len(where)].legal_actions()
        if what == "clone":
            return lambda i: where[i % len(where)].clone()
        raise ValueError(f"unknown measure {what!r}")

    def digest(self, game_id: str, games: int) -> str:
        """SHA-256 over seeded random games: every position's legal actions, the move, its
        narration, every seat's view and the spectator's, the JSON, and the outcome."""
        h = hashlib.sha256()
        for seed in range(games):
            state = self.games[game_id].new_game(2 + seed % (self.seats(game_id) - 1), seed)
            rnd = random.Random(seed)
            while state.to_move is not None:
                actions = state.legal_actions()
                h.update(json.dumps([a.to_json() for a in actions], sort_keys=True).encode())
                action = actions[pick(rnd, len(actions))]
                before = state.clone()
                state.apply(action)
                h.update(repr(state.narrate(before, action)).encode())
                if seed % 10 == 0:
                    for seat in [None, *range(state.num_players)]:
                        h.update(json.dumps(state.view_for(seat), sort_keys=True).encode())
                    h.update(json.dumps(state.to_json(), sort_keys=True).encode())
            h.update(json.dumps(state.to_json(), sort_keys=True).encode())
            outcome = state.outcome()
            h.update(json.dumps(None if outcome is None else outcome.to_json(),
                                sort_keys=True).encode())
        return h.hexdigest()

    def lion(self, positions: int) -> tuple[int, float]:
        """Simulations and CPU seconds of Cat in the Box's level 3 (cap lifted) from seeded
        positions of random 4-player games, each searched from a re-dealt world."""
        from cats.ai import make_bot
        sims, spent = 0, 0.0
        for i in range(positions):
            state = self.games["box"].new_game(4, 700 + i)
            rnd = random.Random(i)
            for _ in range(pick(rnd, 36)):
                if state.to_move is None:
                    break
                actions = state.legal_actions()
                state.do(actions[pick(rnd, len(actions))])
            seat = state.to_move
            if seat is None or len(state.legal_actions()) < 2:
                continue
            world = state.determinize(seat, self.Rng(77 + i))
            bot = make_bot("box", 3)
            inner: Any = getattr(bot, "search", bot)
            inner.seconds = 1e9
            start = time.process_time()
            bot.choose(world, seat, self.Rng(91 + i))
            spent += time.process_time() - start
            sims += inner.last_iterations
        return sims, spent


def per_call(fn: Callable[[int], Any], seconds: float) -> float:
    """CPU seconds per call of ``fn(i)``, calling it for about ``seconds`` (the one timing loop:
    the workers time with it, and ``engine_bench`` imports it for what it times itself)."""
    calls = 0
    start = time.process_time()
    while True:
        fn(calls)
        calls += 1
        spent = time.process_time() - start
        if spent >= seconds and calls >= 3:
            return spent / calls


def round_stamp_of(game_id: str) -> Any:
    """The game's ``round_stamp(state)``: from its package in older trees, from its state
    module since the packages export only ``GAME`` and ``INFO``; ``None`` if it has none."""
    for name in (f"cats.{game_id}", f"cats.{game_id}.state"):
        try:
            stamp = getattr(importlib.import_module(name), "round_stamp", None)
        except ImportError:
            continue
        if stamp is not None:
            return stamp
    return None


def serve(root: str) -> None:
    """Answer requests until ``quit`` or end of input."""
    sys.path.insert(0, root)
    tree = Tree()
    made: dict[tuple[str, str, str], Callable[[int], Any]] = {}
    for line in sys.stdin:
        req = json.loads(line)
        op = req["op"]
        if op == "quit":
            break
        if op == "time":
            key = (req["what"], req.get("game", ""), req.get("picker", "random"))
            if key not in made:
                made[key] = tree.subject(*key)
            answer: Any = per_call(made[key], float(req["seconds"]))
        elif op == "rounds":
            stamp = round_stamp_of(req["game"])
            answer = None if stamp is None else sum(
                stamp(tree.random_game(req["game"], i)) for i in range(20)) / 20
        elif op == "digest":
            answer = tree.digest(req["game"], int(req.get("games", 300)))
        elif op == "lion":
            answer = tree.lion(int(req.get("positions", 12)))
        else:
            raise ValueError(f"unknown op {op!r}")
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    serve(sys.argv[1])
