"""The app window: a default size that fits the screen, a minimum size the layouts can hold, and
full screen and back to the very size and place the window had."""

from __future__ import annotations

import warnings
from typing import Optional

import pygame

DEFAULT = (1280, 720)
MINIMUM = (960, 600)  # below this the tables' text gets too small to read
ROOM = (40, 80)  # left free on the desktop by the default window (title bar, task bar)


def desktop() -> Optional[tuple[int, int]]:
    """The size of the first desktop (``None`` if the video driver cannot say)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]


def minimum_size(screen: Optional[tuple[int, int]] = None) -> tuple[int, int]:
    """:data:`MINIMUM`, or the screen itself if that is smaller."""
    if screen is None:
        return MINIMUM
    return min(MINIMUM[0], screen[0]), min(MINIMUM[1], screen[1])


def default_size(screen: Optional[tuple[int, int]] = None) -> tuple[int, int]:
    """:data:`DEFAULT` shrunk to fit ``screen`` with room for the title and task bars."""
    if screen is None:
        return DEFAULT
    low = minimum_size(screen)
    return (max(low[0], min(DEFAULT[0], screen[0] - ROOM[0])),
            max(low[1], min(DEFAULT[1], screen[1] - ROOM[1])))


def sdl_window() -> Optional["pygame.Window"]:
    """The display module's window (``None`` before one is open)."""
    if pygame.display.get_surface() is None:
        return None
    with warnings.catch_warnings():  # the display surface is still drawn by pygame.display
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


class WindowPlace:
    """Remembers the windowed size and position while the window is full screen."""

    def __init__(self) -> None:
        self.windowed: Optional[tuple[tuple[int, int], tuple[int, int]]] = None

    @property
    def fullscreen(self) -> bool:
        """The window fills the screen."""
        return self.windowed is not None

    def started_fullscreen(self, size: tuple[int, int]) -> None:
        """The app opened full screen: leaving it gives a ``size`` window in the screen's middle."""
        screen = desktop() or size
        self.windowed = (size, (max(0, (screen[0] - size[0]) // 2),
                                max(0, (screen[1] - size[1]) // 2)))

    def hold_minimum(self) -> None:
        """Tell the window manager the smallest size the layouts can hold."""
        window = sdl_window()
        if window is not None:
            window.minimum_size = minimum_size(desktop())

    def toggle(self) -> pygame.Surface:
        """Full screen, or back to the size and place the window had; the new display surface."""
        window = sdl_window()
        if window is None:
            raise pygame.error("no window is open")
        if self.windowed is None:
            self.windowed = (window.size, window.position)
            window.set_fullscreen(True)  # the desktop's mode: no change of video mode
        else:
            size, position = self.windowed
            self.windowed = None
            window.set_windowed()
            if window.size != size:
                window.size = size
            window.position = position
        pygame.event.pump()  # the display surface follows the window's new size
        surface = pygame.display.get_surface()
        if surface is None or surface.get_size() != window.size:
            flags = pygame.RESIZABLE | (pygame.FULLSCREEN if self.fullscreen else 0)
            surface = pygame.display.set_mode(window.size, flags)
        return surface
