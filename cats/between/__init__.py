"""Cat Between Us (id ``between``): slip lure cards under six toys, then nuzzle up to the cat.

Modules: ``cards`` (the [reconstruction] lure cards and hand-size chart), ``actions``, ``state``
(the rules), ``bots``, ``invariants``.
"""

from __future__ import annotations

from typing import Mapping

from cats.between.invariants import conservation
from cats.between.state import INFO, BetweenState, new_game
from cats.core import BotFactory, Game


def _bot_levels() -> Mapping[int, BotFactory]:
    from cats.between.bots import (
        LEVELS,  # imported when a bot is first asked for: keeps start-up light
    )

    return LEVELS


GAME = Game(INFO, BetweenState, new_game, _bot_levels, conservation)

__all__ = ["GAME", "INFO", "BetweenState", "new_game"]
