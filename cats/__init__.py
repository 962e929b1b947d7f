"""Nine Lives rules engine: pure Python, no pygame.

``GAMES`` is the explicit registry of playable games, in menu order (nothing is discovered by
scanning folders, which would break inside a frozen build). A game is one package ``cats/<id>/``
exporting one :class:`~cats.core.Game` named ``GAME``; adding a game is one more name below.
"""

from __future__ import annotations

from cats import between, box, catch22, catchess, gambit
from cats.core import Game, GameInfo, IllegalAction, Outcome, State

GAMES: dict[str, Game] = {g.GAME.id: g.GAME for g in (gambit, catchess, between, catch22, box)}


def get_game(game_id: str) -> Game:
    """The registry entry for ``game_id``; ``KeyError`` with a readable message if unknown."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}") from None


__all__ = ["GAMES", "Game", "GameInfo", "IllegalAction", "Outcome", "State", "get_game"]
