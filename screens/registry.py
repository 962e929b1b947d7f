"""Which games have a screen, and how to open a session in its scene."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cats import GAMES
from cats.session import Session
from screens.between.screen import BetweenScene
from screens.box.screen import BoxScene
from screens.catch22.screen import Catch22Scene
from screens.catchess.screen import CatChessScene
from screens.table.frame import GameScene
from screens.gambit.screen import GambitScene

if TYPE_CHECKING:
    from screens.context import AppContext

SCREENS: dict[str, type[GameScene]] = {
    "gambit": GambitScene,
    "between": BetweenScene,
    "catch22": Catch22Scene,
    "catchess": CatChessScene,
    "box": BoxScene,
}
LIBRARY = tuple(GAMES)  # the engines' registry order is the library's order


def playable(game_id: str) -> bool:
    """A game is offered once both its engine and its screen exist."""
    return game_id in GAMES and game_id in SCREENS


def open_game(ctx: "AppContext", session: Session) -> GameScene:
    """The scene that plays ``session``."""
    return SCREENS[session.game_id](ctx, session)
