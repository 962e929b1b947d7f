"""Computer opponents behind one interface.

A bot is anything with ``choose(world, seat, rng) -> Action`` (:class:`cats.core.Bot`). ``world``
is a state re-dealt from the seat's own knowledge (see :meth:`cats.core.State.determinize`), so a
bot cannot peek even if it wanted to. Each game's package lists its three levels in
``cats/<id>/bots.py`` (1 Kitten plays quickly and plainly, 2 Tomcat plays well, 3 Lion searches
hardest); the search pieces they share are in :mod:`cats.ai.search`.

Every bot works on the ``world`` it is given, uses only ``rng`` for randomness and bounds its work
by counts (reproducible); ``seconds`` is only a safety cap on the thinking thread's CPU time, so a
busy machine makes a move slower but does not change it.
"""

from __future__ import annotations

import cats
from cats.core import Bot

LEVEL_NAMES = {1: "Kitten", 2: "Tomcat", 3: "Lion"}


def make_bot(game_id: str, level: int) -> Bot:
    """A new bot for ``game_id`` at ``level`` (1–3)."""
    return cats.get_game(game_id).bot(level)


__all__ = ["LEVEL_NAMES", "Bot", "make_bot"]
