"""The generic contract checks over every registered game, player count, option and many seeds."""

from __future__ import annotations

import pytest

from cats import GAMES
from cats.conformance import check_game, option_sets


CASES = [(gid, n, opts) for gid, g in GAMES.items() for n in g.info.player_counts()
         for opts in option_sets(g)]


@pytest.mark.parametrize("game_id,players,options", CASES,
                         ids=[f"{g}-{n}p-{'+'.join(o) or 'base'}" for g, n, o in CASES])
@pytest.mark.parametrize("seed", range(4))
def test_random_play_keeps_the_contract(game_id: str, players: int, options: dict,
                                        seed: int) -> None:
    """Random legal play to the end keeps every contract invariant at every step."""
    final, steps = check_game(GAMES[game_id], players, seed * 7919 + players, options)
    assert final.is_over() and steps > 0
