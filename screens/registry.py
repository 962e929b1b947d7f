"""Which games have a screen, and how to open a session in its scene."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cats.session import Session
from screens.between_screen import BetweenScene
from screens.box_screen import BoxScene
from screens.catch22_screen import Catch22Scene
from screens.catchess_screen import CatChessScene
from screens.game_frame import GameScene
from screens.gambit_screen import GambitScene

if TYPE_CHECKING:
    from screens.context import AppContext

SCREENS: dict[str, type[GameScene]] = {
    "gambit": GambitScene,
    "between": BetweenScene,
    "catch22": Catch22Scene,
    "catchess": CatChessScene,
    "box": BoxScene,
}


def open_game(ctx: "AppContext", session: Session) -> GameScene:
    """The scene that plays ``session``."""
    return SCREENS[session.game_id](ctx, session)
