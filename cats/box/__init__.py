"""Cat in the Box: Deluxe Edition (id ``box``): quantum trick-taking for 2-5 players.

Rules: shared/rules/cat-in-the-box.md. Set-up data (cards, hand sizes, predictions, board rows):
``setup.json``. Modules: ``info`` (info card, phases), ``actions``, ``table`` (set-up, board
geometry, groups), ``trick`` (who wins a trick), ``state``, ``scoring``, ``saves`` (reading a
state back), ``bots``, ``invariants``. ``round_stamp(state)`` counts finished rounds.
"""

from __future__ import annotations

from typing import Mapping

from cats.box.invariants import conservation
from cats.box.info import INFO
from cats.box.state import BoxState, round_stamp
from cats.core import BotFactory, Game


def _bot_levels() -> Mapping[int, BotFactory]:
    from cats.box.bots import (
        LEVELS,  # imported when a bot is first asked for: keeps start-up light
    )

    return LEVELS


GAME = Game(INFO, BoxState, BoxState.start, _bot_levels, conservation)

__all__ = ["GAME", "INFO", "BoxState", "round_stamp"]
