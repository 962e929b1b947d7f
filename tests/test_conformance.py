"""The generic contract checks over every registered game, player count and many seeds."""

from __future__ import annotations

import pytest

from cats import GAMES
from conformance import check_random_game

CASES = [(gid, n) for gid, g in GAMES.items() for n in g.info.player_counts()]


@pytest.mark.parametrize("game_id,players", CASES)
@pytest.mark.parametrize("seed", range(6))
def test_random_play_keeps_the_contract(game_id: str, players: int, seed: int) -> None:
    """Random legal play to the end keeps every contract invariant at every step."""
    check_random_game(GAMES[game_id], players, seed * 7919 + players)
