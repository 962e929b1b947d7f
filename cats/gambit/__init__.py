"""Cat's Gambit (id ``gambit``): the solo chess-move card placement puzzle, with Queen Umbra.

Modules: ``cards`` (the components and their names), ``actions``, ``state`` (the rules),
``solver`` (the hint solver, also the bots), ``bots`` (the three levels), ``invariants``
(what the fuzzer checks is conserved).
"""

from __future__ import annotations

from typing import Mapping

from cats.core import BotFactory, Game
from cats.gambit.invariants import conservation
from cats.gambit.state import INFO, GambitState, new_game


def _bot_levels() -> Mapping[int, BotFactory]:
    from cats.gambit.bots import (
        LEVELS,  # imported when a bot is first asked for: keeps start-up light
    )

    return LEVELS


GAME = Game(INFO, GambitState, new_game, _bot_levels, conservation)

__all__ = ["GAME", "INFO", "GambitState", "new_game"]
