"""The choices strip: buttons for the actions made by choosing rather than by a gesture (Roll,
a prediction, letting a cat stay, one of two routes), labelled by the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

import pygame
import pygame_gui

from cats.core import Action
from screens.assets import font

if TYPE_CHECKING:
    from screens.scene import Scene


class ChoiceStrip:
    """The choice buttons a scene shows now, each standing for one action."""

    def __init__(self, scene: "Scene") -> None:
        self.scene = scene
        self.buttons: dict[pygame_gui.elements.UIButton, Action] = {}

    def clear(self) -> None:
        """Remove every choice button."""
        for btn in self.buttons:
            btn.kill()
            if btn in self.scene.elements:
                self.scene.elements.remove(btn)
        self.buttons = {}

    def add(self, rect: pygame.Rect, label: str, action: Action, tooltip: str = ""
            ) -> pygame_gui.elements.UIButton:
        """One button for ``action``."""
        btn = self.scene.button(rect, label, "#choice", tooltip=tooltip)
        self.buttons[btn] = action
        return btn

    def row(self, area: pygame.Rect, actions: Sequence[Action], labels: Sequence[str],
            limit: int = 8) -> None:
        """Buttons left to right along ``area`` (sized to their labels)."""
        s = self.scene.ctx.scale
        x = area.x + s(12)
        for action, label in list(zip(actions, labels))[:limit]:
            # The theme's button type is 15 px at every window size (the layout scales).
            bw = max(s(120), font(15).size(label)[0] + max(s(30), 24))
            self.add(pygame.Rect(x, area.y + s(12), bw, s(40)), label, action)
            x += bw + s(8)

    def action_of(self, element: object) -> Optional[Action]:
        """The action a pressed button stands for."""
        return next((a for b, a in self.buttons.items() if b is element), None)

    def hovered(self) -> Optional[Action]:
        """The action of the button under the pointer."""
        return next((a for b, a in self.buttons.items() if getattr(b, "hovered", False)), None)
