"""The hotseat curtain: covers the whole table until the named player confirms; Esc opens the
game's menu (save, quit) over it without revealing anything."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional

import pygame
import pygame_gui

from screens import palette
from screens.assets import font
from screens.scene import Scene
from screens.text import tr

if TYPE_CHECKING:
    from screens.context import AppContext

Badge = Callable[[pygame.Surface, tuple[int, int], int], None]


class Curtain(Scene):
    """The hand-off: the next player's name, disc and symbol, and their Ready button."""

    def __init__(self, ctx: "AppContext", name: str, on_ready: Callable[[], None],
                 badge: Optional[Badge] = None, on_menu: Optional[Callable[[], None]] = None
                 ) -> None:
        super().__init__(ctx)
        self.name = name
        self.on_ready = on_ready
        self.badge = badge  # draws the player's disc and symbol (surface, centre, radius)
        self.on_menu = on_menu  # Esc: the game's menu, opened over the curtain
        self.ready_button: Optional[pygame_gui.elements.UIButton] = None

    def build_ui(self) -> None:
        w, h = self.ctx.size
        label = tr("handoff.ready", name=self.name)
        # As wide as a long name needs (the theme's primary type is 17 px bold), within the window.
        bw = min(w - self.ctx.scale(40), max(self.ctx.scale(360), font(17, True).size(label)[0] + 48))
        self.ready_button = self.button(
            pygame.Rect((w - bw) // 2, h // 2 + self.ctx.scale(60), bw, self.ctx.scale(48)),
            label, "#primary")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ready_button:
            self.ctx.scenes.pop()
            self.on_ready()
            return True
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                and self.on_menu is not None):
            self.on_menu()
        return True  # nothing reaches the game below while the curtain is down

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(palette.WOOD)
        w, h = surface.get_size()
        for x in range(0, w, self.ctx.scale(90)):
            pygame.draw.line(surface, palette.tone((126, 84, 52)), (x, 0), (x, h), self.ctx.scale(3))
        if self.badge is not None:
            self.badge(surface, (w // 2, h // 2 - self.ctx.scale(100)), self.ctx.scale(34))
        title = font(self.ctx.scale(34), True).render(tr("handoff.title", name=self.name), True,
                                                      palette.PAPER)
        surface.blit(title, title.get_rect(center=(w // 2, h // 2 - self.ctx.scale(30))))
        body = font(self.ctx.scale(18)).render(tr("handoff.body", name=self.name), True,
                                               palette.CREAM)
        surface.blit(body, body.get_rect(center=(w // 2, h // 2 + self.ctx.scale(16))))
        hint = font(self.ctx.scale(14)).render(tr("handoff.menu"), True, palette.CREAM)
        surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - self.ctx.scale(20))))
