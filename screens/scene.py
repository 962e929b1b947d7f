"""Scenes and the scene stack. Changes to the stack are applied between frames."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional

import pygame
import pygame_gui
from pygame_gui.core import UIElement

from screens.assets import button_height, naming_id
from screens.focus import Focus, FocusTarget
from screens.script import CJK

if TYPE_CHECKING:
    from screens.context import AppContext

#: keys that say the keyboard is in use (the next screen shows its ring at once)
KEYBOARD_KEYS = (pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_UP,
                 pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)


class Scene:
    """One screen. ``draw`` only paints; all changes happen in ``handle_event`` and ``update``."""

    #: scenes below an overlay keep drawing (dialogs over a game)
    overlay = False
    _focus: Optional[Focus] = None
    #: Up and Down move the ring too (a dialog's column of buttons)
    arrow_focus = False
    #: the background loop while this scene is on show (screens/sound.py ``MUSIC``); None: the
    #: scene under it says
    music: Optional[str] = None

    def __init__(self, ctx: "AppContext") -> None:
        self.ctx = ctx
        self.elements: list[UIElement] = []

    # -- life cycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        """Called when the scene becomes active for the first time."""
        self.build_ui()

    def exit(self) -> None:
        """Called when the scene leaves the stack."""
        self.clear_ui()

    def pause(self) -> None:
        """Another scene was pushed on top."""
        for element in self.elements:
            element.hide()

    def resume(self) -> None:
        """The scene on top was popped."""
        self.clear_ui()
        self.build_ui()

    def resize(self) -> None:
        """The window changed size: lay the UI out again."""
        self.clear_ui()
        self.build_ui()

    # -- UI helpers --------------------------------------------------------------------------
    def build_ui(self) -> None:
        """Create this scene's pygame-gui elements (laid out from the window size)."""

    def clear_ui(self) -> None:
        """Remove this scene's pygame-gui elements."""
        for element in self.elements:
            element.kill()
        self.elements = []

    def keep(self, element: UIElement) -> UIElement:
        """Track an element so it is removed with the scene."""
        self.elements.append(element)
        return element

    def button(self, rect: pygame.Rect, text: str, object_id: str = "", tooltip: str = "",
               naming: bool = False) -> pygame_gui.elements.UIButton:
        """A themed button owned by this scene; ``naming``: its text names players (in any
        script) now or later (a text with Chinese in it always counts). Large text makes it
        taller if its font needs it."""
        if naming or CJK.search(text):
            object_id = naming_id(object_id)
        need = button_height(rect.h, 17 if object_id.startswith("#primary") else 15)
        if need > rect.h:  # large text: as much taller as its font needs, on the same middle
            rect = rect.inflate(0, need - rect.h)
        btn = pygame_gui.elements.UIButton(
            rect, text, self.ctx.ui, tool_tip_text=tooltip or None,
            object_id=object_id or None)
        self.keep(btn)
        return btn

    # -- the keyboard's ring ------------------------------------------------------------------
    @property
    def focus(self) -> Focus:
        """Where Tab has put the ring on this scene."""
        if self._focus is None:
            self._focus = Focus()
        return self._focus

    def focus_elements(self) -> list[UIElement]:
        """This scene's widgets in Tab order (as made, unless the scene says otherwise)."""
        return self.elements

    def focus_targets(self) -> list[FocusTarget]:
        """Buttons the scene draws itself that Tab stops at too (after its widgets)."""
        return []

    def keyboard(self, event: pygame.event.Event) -> bool:
        """A key before pygame-gui and :meth:`handle_event` see it: Tab moves the ring, Enter
        or Space presses what it is on. True if the key was used."""
        if event.type == pygame.KEYDOWN:
            if event.key in KEYBOARD_KEYS:
                self.ctx.keyboard = True
            return self.focus.key(self, event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.ctx.keyboard = False
            self.focus.hide()
        return False

    def focus_arrive(self) -> None:
        """The scene came to the top while the keys are in use: the ring shows on its first
        stop (unless Tab has put it somewhere already)."""
        self.focus.arrive(self)

    def draw_focus(self, surface: pygame.Surface) -> None:
        """Draw the ring (over what pygame-gui drew)."""
        self.focus.draw(self, surface)

    # -- per frame ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event; return True if it was consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and poll background work by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene (no state changes)."""

    def next_frame(self) -> Optional[float]:
        """Seconds until this scene needs a frame without any input (0: every frame, while
        something moves; ``None``: only on input). The loop sleeps on events meanwhile."""
        return None


class SceneManager:
    """A stack of scenes; push/pop/replace requests take effect at the next :meth:`apply`."""

    def __init__(self) -> None:
        self.stack: list[Scene] = []
        self._pending: list[Callable[[], None]] = []

    @property
    def top(self) -> Optional[Scene]:
        """The active scene."""
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top (the current one pauses)."""
        def op() -> None:
            if self.stack:
                self.stack[-1].pause()
            self.stack.append(scene)
            scene.enter()
        self._pending.append(op)

    def pop(self) -> None:
        """Remove the top scene (the one below resumes)."""
        def op() -> None:
            if self.stack:
                self.stack.pop().exit()
            if self.stack:
                self.stack[-1].resume()
        self._pending.append(op)

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        def op() -> None:
            if self.stack:
                self.stack.pop().exit()
            self.stack.append(scene)
            scene.enter()
        self._pending.append(op)

    def reset(self, scene: Scene) -> None:
        """Clear the stack and show ``scene``."""
        def op() -> None:
            while self.stack:
                self.stack.pop().exit()
            self.stack.append(scene)
            scene.enter()
        self._pending.append(op)

    def apply(self) -> None:
        """Carry out the requested stack changes (between frames)."""
        while self._pending:
            self._pending.pop(0)()

    def discard(self) -> None:
        """Drop the requested changes not yet carried out (after an error)."""
        self._pending.clear()

    def rebuild(self, scenes: list[Scene]) -> None:
        """Now, not between frames: leave every scene (whatever fails in leaving) and enter
        ``scenes``, bottom first. An error in entering one propagates."""
        while self.stack:
            scene = self.stack.pop()
            try:
                scene.exit()
            except Exception:  # noqa: BLE001 - a broken scene is being thrown away
                pass
        for scene in scenes:
            if self.stack:
                self.stack[-1].pause()
            self.stack.append(scene)
            scene.enter()

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: the top one and any it overlays."""
        start = len(self.stack) - 1
        while start > 0 and self.stack[start].overlay:
            start -= 1
        return self.stack[max(start, 0):]
