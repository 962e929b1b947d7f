"""Computer opponents behind one interface.

A bot is anything with ``choose(world, seat, rng) -> Action``. ``world`` is a state re-dealt from
the seat's own knowledge (see :meth:`cats.core.State.determinize`), so a bot cannot peek even if
it wanted to. Levels: 1 plays quickly and plainly, 2 samples, 3 searches hardest. A game may list
its own bots in ``GAME_BOTS``; otherwise the generic ones below serve.
"""

from __future__ import annotations

from typing import Callable, Protocol

from cats.core import Action, State
from cats.rng import Rng


class Bot(Protocol):
    """A computer player."""

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """The action this bot plays in ``world`` for ``seat``."""
        ...


LEVEL_NAMES = {1: "Kitten", 2: "Tomcat", 3: "Lion"}

# game id -> level -> factory; filled in by cats.ai.registry to keep imports one-way.
GAME_BOTS: dict[str, dict[int, Callable[[], Bot]]] = {}


def make_bot(game_id: str, level: int) -> Bot:
    """The bot for ``game_id`` at ``level`` (1–3)."""
    from cats.ai import generic, registry  # noqa: F401  (registry fills GAME_BOTS)

    factory = GAME_BOTS.get(game_id, {}).get(level)
    if factory is not None:
        bot: Bot = factory()
        return bot
    return generic.default_bot(level)
