"""Where a table's menu leads: the menus and the game screens, handed to every table as
``ctx.nav`` (the shared table parts never import them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from screens.menus.loadgame import LoadScene
from screens.menus.main import MainMenu, RulesScene
from screens.registry import open_game
from screens.replay.scene import ReplayScene
from screens.menus.settings import SettingsScene

if TYPE_CHECKING:
    from cats.session import Session
    from screens.context import AppContext
    from screens.scene import Scene


class AppNavigation:
    """The app's menus and game screens."""

    def main_menu(self, ctx: "AppContext") -> "Scene":
        """The main menu."""
        return MainMenu(ctx)

    def load(self, ctx: "AppContext") -> "Scene":
        """The Load page."""
        return LoadScene(ctx)

    def rules(self, ctx: "AppContext", game_id: str) -> "Scene":
        """The rules viewer open at a game."""
        return RulesScene(ctx, game_id)

    def settings(self, ctx: "AppContext") -> "Scene":
        """The Settings page."""
        return SettingsScene(ctx)

    def open_game(self, ctx: "AppContext", session: "Session") -> "Scene":
        """The table that plays ``session``."""
        return open_game(ctx, session)

    def replay(self, ctx: "AppContext", session: "Session") -> "Scene":
        """The replay viewer stepping through ``session`` (a copy: the game is not changed)."""
        return ReplayScene(ctx, session)
