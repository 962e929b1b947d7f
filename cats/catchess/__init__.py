"""Cat Chess: place and wake nine cats in a spiral garden to meet a secret goal card.

Rules: ``shared/rules/cat-chess.md``. The garden, the cats and the goal cards are
[reconstruction] data in ``garden.json``, ``cats.json`` and ``cards.json``. Modules: ``garden`` (data and goal checks),
``actions`` (notation), ``state`` (the game), ``saves`` (loading a saved state), ``solo`` (the solo best-score search), ``bots``, ``invariants``.

Notation: ``place A on 5``, ``A stays``, ``move A to 6``, ``swap A with B``.
Drag-and-drop: a placement drags ("waiting", "A") onto ("region", 5); a move or a swap drags
("region", i) onto ("region", j). Letting a cat stay is *not* a drag (``drag_of`` is None): a drop
back on the cat's own region is a cancelled drag, and the screen offers "stay" as a click/button.
"""

from __future__ import annotations

from functools import cache
from typing import Mapping

from cats.catchess.info import INFO
from cats.core import BotFactory, Engine, Game


@cache
def _engine() -> Engine:
    # Imported when a game is first started or read, not when the menu lists the game.
    from cats.catchess.invariants import conservation
    from cats.catchess.state import CatChessState, checked_new_game

    # Game.new_game checks the player count and the options before it calls the engine.
    return Engine(CatChessState, checked_new_game, conservation)


def _bot_levels() -> Mapping[int, BotFactory]:
    from cats.catchess.bots import LEVELS  # imported when a bot is first asked for

    return LEVELS


GAME = Game(INFO, _engine, _bot_levels)

__all__ = ["GAME", "INFO"]
