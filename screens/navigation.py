"""Where a table's menu leads: the menus and the game screens, handed to every table as
``ctx.nav`` (the shared table parts never import them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cats.session import Session
    from screens.context import AppContext
    from screens.scene import Scene


class AppNavigation:
    """The app's menus and game screens."""

    def main_menu(self, ctx: "AppContext") -> "Scene":
        """The main menu."""
        from screens.menus.main import MainMenu
        return MainMenu(ctx)

    def load(self, ctx: "AppContext") -> "Scene":
        """The Load page."""
        from screens.menus.loadgame import LoadScene
        return LoadScene(ctx)

    def rules(self, ctx: "AppContext", game_id: str) -> "Scene":
        """The rules viewer open at a game."""
        from screens.menus.main import RulesScene
        return RulesScene(ctx, game_id)

    def settings(self, ctx: "AppContext") -> "Scene":
        """The Settings page."""
        from screens.menus.settings import SettingsScene
        return SettingsScene(ctx)

    def open_game(self, ctx: "AppContext", session: "Session") -> "Scene":
        """The table that plays ``session``."""
        from screens.registry import open_game
        return open_game(ctx, session)

    def replay(self, ctx: "AppContext", session: "Session") -> "Scene":
        """The replay viewer stepping through ``session`` (a copy: the game is not changed)."""
        from screens.replay.scene import ReplayScene
        return ReplayScene(ctx, session)
