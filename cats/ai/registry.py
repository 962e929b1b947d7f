"""Game-specific bots, registered into :data:`cats.ai.GAME_BOTS` (imported lazily by make_bot)."""

from __future__ import annotations

from cats.ai import GAME_BOTS

GAME_BOTS.setdefault("gambit", {})
