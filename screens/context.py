"""The app context handed to every scene: window, UI manager, settings, saves, bots, clock."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional, Protocol

import pygame
import pygame_gui

from saves.profiles import ProfileBook
from saves.settings import Settings, layout_share, text_share
from saves.store import SaveStore
from screens.sound import Sounds
from screens.window import WindowPlace
from screens.worker import Worker

if TYPE_CHECKING:
    from cats.session import Session
    from screens.anim import Animator
    from screens.scene import Scene, SceneManager


class Navigation(Protocol):
    """The screens a game's table leads to (its menu, its end panel), handed to the table so
    that the shared table parts never import the menus or another game's screen."""

    def main_menu(self, ctx: "AppContext") -> "Scene":
        """The main menu."""

    def load(self, ctx: "AppContext") -> "Scene":
        """The Load page."""

    def rules(self, ctx: "AppContext", game_id: str) -> "Scene":
        """The rules viewer open at a game."""

    def settings(self, ctx: "AppContext") -> "Scene":
        """The Settings page."""

    def open_game(self, ctx: "AppContext", session: "Session") -> "Scene":
        """The table that plays ``session``."""

    def replay(self, ctx: "AppContext", session: "Session") -> "Scene":
        """The replay viewer for ``session``."""


@dataclass
class AppContext:
    """Everything a scene may use; there are no module globals."""

    window: pygame.Surface
    ui: pygame_gui.UIManager
    settings: Settings
    saves: SaveStore
    profiles: ProfileBook
    sounds: Sounds
    scenes: "SceneManager"
    executor: Worker  # the bots' thread
    nav: "Navigation"
    clock: pygame.time.Clock = field(default_factory=pygame.time.Clock)
    headless: bool = False
    running: bool = True
    notice: str = ""  # a message the next menu shows (e.g. a save that failed to load)
    settings_problem: Optional[str] = None
    headless_reveal: bool = False  # screenshots skip the opening hand-off curtain
    read_only: bool = False  # another copy owns the data folder: nothing is written there
    last_error: str = ""  # the error last logged by the frame loop (each is logged once)
    error_streak: int = 0  # frames in a row that failed (the recovery goes further each time)
    place: WindowPlace = field(default_factory=WindowPlace)  # the windowed size in full screen
    keyboard: bool = False  # the keys were used last (not the mouse): a new screen shows its ring
    arrived: Any = None  # the top scene the keyboard last arrived at (screens.scene.Scene)

    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        return self.window.get_size()

    def scale(self, value: float) -> int:
        """A length scaled by the window height and the UI-size setting (its layout share: above
        100 % only the text grows), remembered per window size and setting: a frame asks
        hundreds of times."""
        size, ui_scale = self.window.get_size(), self.settings.ui_scale
        memo = self.__dict__.get("_scaled")
        if memo is None or memo[0] != (size, ui_scale):
            memo = ((size, ui_scale), {})
            self.__dict__["_scaled"] = memo
        got = memo[1].get(value)
        if got is None:
            got = memo[1][value] = max(1, int(value * layout_share(ui_scale)
                                              * min(size[1] / 720, size[0] / 1100)))
        return got

    def line(self, value: float) -> int:
        """A length that holds text (a line's pitch, a row's height): as :meth:`scale`, grown
        with large text (the interface size's text share)."""
        return max(1, int(self.scale(value) * text_share(self.settings.ui_scale)))

    def animator(self) -> Animator:
        """A new animator following the animation-speed setting (the easing code loads with the
        first screen that animates, not at start)."""
        from screens.anim import Animator

        return Animator(self.settings.animation_speed)
