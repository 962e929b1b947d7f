"""Cat in the Box: Deluxe Edition (id ``box``): quantum trick-taking for 2-5 players.

Rules: shared/rules/cat-in-the-box.md. Set-up data (cards, hand sizes, predictions, board rows):
``setup.json``. Modules: ``info`` (info card, phases), ``actions``, ``table`` (set-up, board
geometry, groups), ``trick`` (who wins a trick), ``state``, ``scoring``, ``saves`` (reading a
state back), ``bots``, ``invariants``. ``round_stamp(state)`` counts finished rounds.
"""

from __future__ import annotations

from functools import cache
from typing import Mapping

from cats.box.info import INFO
from cats.core import BotFactory, Engine, Game


@cache
def _engine() -> Engine:
    # Imported when a game is first started or read, not when the menu lists the game.
    from cats.box.invariants import conservation
    from cats.box.state import BoxState

    return Engine(BoxState, BoxState.checked_start, conservation)


def _bot_levels() -> Mapping[int, BotFactory]:
    from cats.box.bots import LEVELS  # imported when a bot is first asked for

    return LEVELS


GAME = Game(INFO, _engine, _bot_levels)

__all__ = ["GAME", "INFO"]
