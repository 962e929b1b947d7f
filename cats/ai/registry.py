"""Game-specific bots, registered into :data:`cats.ai.GAME_BOTS` (imported lazily by make_bot)."""

from __future__ import annotations

from cats.ai import GAME_BOTS
from cats.ai.levels import register

GAME_BOTS.setdefault("gambit", {})
register(GAME_BOTS)  # the four multiplayer games' three levels
