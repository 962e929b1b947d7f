"""Cat Between Us (id ``between``): slip lure cards under six toys, then nuzzle up to the cat.

Modules: ``cards`` (the [reconstruction] lure cards and hand-size chart), ``actions``, ``state``
(the rules), ``bots``, ``invariants``.
"""

from __future__ import annotations

from functools import cache
from typing import Mapping

from cats.between.info import INFO
from cats.core import BotFactory, Engine, Game


@cache
def _engine() -> Engine:
    # Imported when a game is first started or read, not when the menu lists the game.
    from cats.between.invariants import conservation
    from cats.between.state import BetweenState, new_game

    return Engine(BetweenState, new_game, conservation)


def _bot_levels() -> Mapping[int, BotFactory]:
    from cats.between.bots import LEVELS  # imported when a bot is first asked for

    return LEVELS


GAME = Game(INFO, _engine, _bot_levels)

__all__ = ["GAME", "INFO"]
