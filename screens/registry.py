"""Which games have a screen, and how to open a session in its scene.

A game's screen module is imported when its table first opens (start-up stays light)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Iterator, Mapping

from cats import GAMES

if TYPE_CHECKING:
    from cats.session import Session
    from screens.context import AppContext
    from screens.table.frame import GameScene

#: each game's scene, as "module:class" (imported on first use)
SCREEN_PATHS: dict[str, str] = {
    "gambit": "screens.gambit.screen:GambitScene",
    "between": "screens.between.screen:BetweenScene",
    "catch22": "screens.catch22.screen:Catch22Scene",
    "catchess": "screens.catchess.screen:CatChessScene",
    "box": "screens.box.screen:BoxScene",
}


class Screens(Mapping[str, "type[GameScene]"]):
    """Game id → scene class; a scene's module is imported when it is first looked up."""

    def __getitem__(self, game_id: str) -> "type[GameScene]":
        module, name = SCREEN_PATHS[game_id].split(":")
        scene: type[GameScene] = getattr(import_module(module), name)
        return scene

    def __iter__(self) -> Iterator[str]:
        return iter(SCREEN_PATHS)

    def __len__(self) -> int:
        return len(SCREEN_PATHS)

    def __contains__(self, game_id: object) -> bool:
        return game_id in SCREEN_PATHS


SCREENS = Screens()
LIBRARY = tuple(GAMES)  # the engines' registry order is the library's order


def playable(game_id: str) -> bool:
    """A game is offered once both its engine and its screen exist."""
    return game_id in GAMES and game_id in SCREENS


def open_game(ctx: "AppContext", session: "Session") -> "GameScene":
    """The scene that plays ``session``."""
    return SCREENS[session.game_id](ctx, session)
