"""Cat's Gambit (id ``gambit``): the solo chess-move card placement puzzle, with Queen Umbra.

Modules: ``cards`` (the components and their names), ``actions``, ``state`` (the rules),
``solver`` (the hint solver, also the bots), ``bots`` (the three levels), ``invariants``
(what the fuzzer checks is conserved).
"""

from __future__ import annotations

from functools import cache
from typing import Mapping

from cats.gambit.info import INFO
from cats.core import BotFactory, Engine, Game


@cache
def _engine() -> Engine:
    # Imported when a game is first started or read, not when the menu lists the game.
    from cats.gambit.invariants import conservation
    from cats.gambit.state import GambitState, new_game

    return Engine(GambitState, new_game, conservation)


def _bot_levels() -> Mapping[int, BotFactory]:
    from cats.gambit.bots import LEVELS  # imported when a bot is first asked for

    return LEVELS


GAME = Game(INFO, _engine, _bot_levels)

__all__ = ["GAME", "INFO"]
