"""The five tutorials, one per game (each game keeps its script in ``cats/<id>/tutorial.py``)."""

from __future__ import annotations

from cats.between.tutorial import TUTORIAL as BETWEEN
from cats.box.tutorial import TUTORIAL as BOX
from cats.catch22.tutorial import TUTORIAL as CATCH22
from cats.catchess.tutorial import TUTORIAL as CATCHESS
from cats.gambit.tutorial import TUTORIAL as GAMBIT
from cats.tutorial import Tutorial

TUTORIALS: dict[str, Tutorial] = {t.game_id: t for t in (GAMBIT, CATCHESS, BETWEEN, CATCH22, BOX)}


def tutorial_for(game_id: str) -> Tutorial:
    """The tutorial of ``game_id``; ``KeyError`` if it has none."""
    try:
        return TUTORIALS[game_id]
    except KeyError:
        raise KeyError(f"no tutorial for {game_id!r}") from None
