"""Bots play the same on any machine (issue #32): a seeded bot-only game, and Cat's Gambit's
hints, give exactly the same moves a second time on a machine kept busy beside them.

Every bot is bounded by counted work (nodes, simulations, worlds); its CPU-time cap is only a
safety net. The load (a thread spinning in Python, one hashing with the interpreter lock released
and a process burning a core) slows the thinking down and changes the CPU time each node takes,
so a decision that still depended on a clock would come out differently.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import threading
from contextlib import contextmanager
from typing import Any, Iterator

import pytest

from cats import GAMES
from cats.gambit.solver import GambitSolver
from cats.gambit.state import GambitState
from cats.rng import Rng
from cats.session import Seat, Session

# Moves played per game (a cap that keeps the whole file near a minute on a small machine):
# enough for each level to make a good number of real decisions. Cat's Gambit is solo: one game
# per level; its level 3 late in the game (the widened exact search) is in the hint test below.
MOVES = {"between": 60, "catch22": 120, "catchess": 60, "box": 60}
GAMBIT_MOVES = {1: 80, 2: 80, 3: 8}
SEED = 32
HINT_SEED = 14  # a deal whose late game widens the exact search, some hints to the node budget


@contextmanager
def busy_machine() -> Iterator[None]:
    """Load beside the test: two busy threads in this process and a CPU-burning subprocess."""
    stop = threading.Event()

    def spin() -> None:  # takes the interpreter lock from the bot about half of the time
        n = 0
        while not stop.wait(0.002):
            for _ in range(20_000):
                n = (n * 31 + 7) % 1_000_003

    def hash_away() -> None:  # hashing large buffers releases the lock: another core kept busy
        block = bytes(1 << 20)
        while not stop.is_set():
            hashlib.sha256(block).digest()

    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    threads = [threading.Thread(target=f, daemon=True) for f in (spin, hash_away)]
    try:
        for thread in threads:
            thread.start()
        yield
    finally:
        stop.set()
        burner.kill()
        burner.wait(timeout=30)
        for thread in threads:
            thread.join(timeout=30)


def bot_game(game_id: str, levels: list[int], moves: int) -> list[str]:
    """The moves of a seeded bot-only game (at most ``moves``), each with its seat."""
    seats = [Seat(f"Bot {i + 1}", "bot", level) for i, level in enumerate(levels)]
    session = Session.start(game_id, seats, SEED)
    out = []
    while session.state.to_move is not None and len(out) < moves:
        seat = session.state.to_move
        entry = session.bot_move_now()
        out.append(f"{seat}: {entry.action}")
    return out


def seat_levels(game_id: str) -> list[int]:
    """Every level the game's bots have, at four seats (or as many as the game takes)."""
    info = GAMES[game_id].info
    players = max(info.min_players, min(4, info.max_players))
    levels = sorted(GAMES[game_id].bot_levels())
    return [levels[-1 - i % len(levels)] for i in range(players)]


@pytest.mark.parametrize("game_id", sorted(MOVES))
def test_a_seeded_bot_game_is_the_same_on_a_busy_machine(game_id: str) -> None:
    levels = seat_levels(game_id)
    assert set(levels) == set(GAMES[game_id].bot_levels())
    quiet = bot_game(game_id, levels, MOVES[game_id])
    with busy_machine():
        loaded = bot_game(game_id, levels, MOVES[game_id])
    assert len(quiet) > 20
    assert loaded == quiet


@pytest.mark.parametrize("level", sorted(GAMBIT_MOVES))
def test_a_seeded_gambit_bot_game_is_the_same_on_a_busy_machine(level: int) -> None:
    quiet = bot_game("gambit", [level], GAMBIT_MOVES[level])
    with busy_machine():
        loaded = bot_game("gambit", [level], GAMBIT_MOVES[level])
    assert len(quiet) >= 8  # the whole game, or as many moves as asked for
    assert loaded == quiet


def hints(seed: int, options: dict[str, Any]) -> list[tuple[str, float, dict[str, object]]]:
    """A whole game played by the hints of one solver (level 3's, its table carried from hint to
    hint as the screen's is), each seeded as the screen seeds it: action, value, statistics."""
    state = GAMES["gambit"].new_game(1, seed, options)
    assert isinstance(state, GambitState)
    solver = GambitSolver()
    out: list[tuple[str, float, dict[str, object]]] = []
    moves = 0
    while state.phase != "over":
        world = state.determinize(0, Rng(seed + moves))
        assert isinstance(world, GambitState)
        action, value = solver.hint(world, Rng(moves + 17))
        out.append((str(action), value, dict(solver.last_stats)))
        state.apply(action)
        moves += 1
    return out


def test_the_gambit_hint_sequence_is_the_same_on_a_busy_machine() -> None:
    """Hint after hint, from the opening through the widened exact search of the late game."""
    quiet = hints(HINT_SEED, {})
    widened = [stats.get("widened") for _, _, stats in quiet]
    assert "stopped" in widened and "completed" in widened  # both ends of the late game's search
    with busy_machine():
        loaded = hints(HINT_SEED, {})
    capped = [i for i, (_, _, stats) in enumerate(loaded) if stats.get("capped")]
    assert loaded == quiet, f"hints cut by the CPU-time cap under load: {capped}"


@pytest.mark.parametrize("game_id", sorted(MOVES))
def test_a_decision_cut_by_the_cpu_cap_is_counted(game_id: str) -> None:
    """With its safety cap at nothing, level 3 still plays legal moves, and each decision the cap
    cut is said (``last_capped``) and counted (``capped``), so a bench can report it."""
    state = GAMES[game_id].new_game(len(seat_levels(game_id)), SEED)
    bot = GAMES[game_id].bot(3)
    bot.seconds = 0.0  # type: ignore[attr-defined]
    said = 0
    for step in range(150):
        seat = state.to_move
        if seat is None:
            break
        rng = Rng(step)
        action = bot.choose(state.determinize(seat, rng), seat, rng)
        assert action in state.legal_actions()
        said += bool(getattr(bot, "last_capped"))
        state.apply(action)
    assert said > 0 and getattr(bot, "capped") == said
