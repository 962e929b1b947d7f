"""The generic contract checks over every registered game, player count, option and many seeds."""

from __future__ import annotations

import pytest

from cats import GAMES
from conformance import check_random_game


def _option_sets(game_id: str) -> list[dict[str, bool]]:
    """No options, then each true/false option switched on alone."""
    bools = [o.name for o in GAMES[game_id].info.options if o.kind == "bool"]
    return [{}] + [{name: not GAMES[game_id].info.check_options()[name]} for name in bools]


CASES = [(gid, n, opts) for gid, g in GAMES.items() for n in g.info.player_counts()
         for opts in _option_sets(gid)]


@pytest.mark.parametrize("game_id,players,options", CASES,
                         ids=[f"{g}-{n}p-{'+'.join(o) or 'base'}" for g, n, o in CASES])
@pytest.mark.parametrize("seed", range(4))
def test_random_play_keeps_the_contract(game_id: str, players: int, options: dict,
                                        seed: int) -> None:
    """Random legal play to the end keeps every contract invariant at every step."""
    check_random_game(GAMES[game_id], players, seed * 7919 + players, options=options)
