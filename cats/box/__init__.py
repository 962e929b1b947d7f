"""Cat in the Box: Deluxe Edition (id ``box``): quantum trick-taking for 2-5 players.

Rules: shared/rules/cat-in-the-box.md. Set-up data (cards, hand sizes, predictions, board rows):
``setup.json``. Modules: ``actions``, ``table`` (set-up and board geometry), ``state``,
``scoring``, ``bots``, ``invariants``.
"""

from __future__ import annotations

from typing import Mapping

from cats.box.invariants import conservation
from cats.box.state import INFO, BoxState
from cats.core import BotFactory, Game


def _bot_levels() -> Mapping[int, BotFactory]:
    from cats.box.bots import (
        LEVELS,  # imported when a bot is first asked for: keeps start-up light
    )

    return LEVELS


GAME = Game(INFO, BoxState, BoxState.start, _bot_levels, conservation)

__all__ = ["GAME", "INFO", "BoxState"]
