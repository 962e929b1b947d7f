"""A small slice of ``bench/fuzz.py``: the same per-step checks over a few games per game and
player count (every registered game; bool option sets cycled by seed)."""

from __future__ import annotations

import copy

import pytest
from cats.conformance import cells, fuzz_range

from cats import GAMES

SEED_BASE = 900_001  # away from the fuzzer's default seeds, so the two runs add up


def _games(game_id: str) -> int:
    """Two games (tests/test_conformance.py plays every option set through the same checker)."""
    return 2


@pytest.mark.parametrize("game_id,players", cells(), ids=[f"{g}-{n}p" for g, n in cells()])
def test_fuzz_slice_finds_no_failure(game_id: str, players: int) -> None:
    """Random legal play keeps every fuzz invariant at every step."""
    first = SEED_BASE - SEED_BASE % 4  # a multiple of 4: the seeds cycle through option sets
    tally = fuzz_range(game_id, players, range(first, first + _games(game_id)))
    assert tally.failures == []
    assert tally.steps > 0


# One damage per game that its conservation check must notice.
TAMPER = {
    "gambit": lambda d: d["deck"].pop(),
    "between": lambda d: d["hands"][0].pop(),
    "catch22": lambda d: d["gold"].__setitem__(0, d["gold"][0] + 1),
    "catchess": lambda d: d["tokens"].__setitem__(0, d["tokens"][0] + 1),
    "box": lambda d: d["hands"][0].pop(),
}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_conservation_check_accepts_the_start_and_notices_damage(game_id: str) -> None:
    game = GAMES[game_id]
    check = game.invariants
    start = game.new_game(game.info.min_players, 5).to_json()
    assert check(start, start) == []
    damaged = copy.deepcopy(start)
    TAMPER[game_id](damaged)
    assert check(start, damaged)
