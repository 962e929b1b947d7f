"""Game-specific bots, registered into :data:`cats.ai.GAME_BOTS` (imported lazily by make_bot)."""

from __future__ import annotations

from cats.ai import GAME_BOTS
from cats.ai.gambit_solver import GambitSolver, GreedyBot

GAME_BOTS.setdefault("gambit", {})
# Cat's Gambit: 1 keeps the best score bound one move ahead; 2 and 3 sample the unseen deck
# orders around an exact search (3 with about three times the work of 2).
GAME_BOTS["gambit"].update({
    1: GreedyBot,
    2: lambda: GambitSolver(samples=8, nodes=8_000, exact_deck=4,
                            exact_nodes=(8_000, 8_000)),
    3: GambitSolver,
})

from cats.ai.levels import register  # noqa: E402  (the four multiplayer games' levels)

register(GAME_BOTS)
