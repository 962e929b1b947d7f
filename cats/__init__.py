"""Nine Lives rules engine: pure Python, no pygame.

``GAMES`` is the explicit registry of playable games (nothing is discovered by scanning folders,
which would break inside a frozen build).
"""

from __future__ import annotations

from cats.core import Game, GameInfo, IllegalAction, Outcome, State
from cats import between, box, catch22, catchess, gambit

GAMES: dict[str, Game] = {
    module.INFO.id: Game(module.INFO, module.STATE, module.new_game)
    for module in (gambit, catchess, between, catch22, box)
}


def get_game(game_id: str) -> Game:
    """The registry entry for ``game_id``; ``KeyError`` with a readable message if unknown."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}") from None


__all__ = ["GAMES", "Game", "GameInfo", "IllegalAction", "Outcome", "State", "get_game"]
