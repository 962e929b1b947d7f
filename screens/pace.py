"""The frame loop's pace: every frame while something moves, a few a second just after input
(hover fades, tooltips, a text cursor), and asleep on the event queue when the screen is at rest.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable

import pygame
import pygame_gui

if TYPE_CHECKING:
    from screens.context import AppContext

HOT = 0.3  # seconds after input drawn at full rate (button presses, hover changes)
WARM, WARM_RATE = 2.0, 0.1  # seconds after input, and the frame interval then (tooltips)
BLINK = 0.25  # frame interval while a text box has the focus (its cursor blinks)
HEARTBEAT = 1.0  # at rest the loop still looks once a second (a screen that forgot to ask)


def wants_frame_in(ctx: "AppContext", since_input: float) -> float:
    """Seconds the loop may sleep before the next frame (0: draw the next one now)."""
    scenes = ctx.scenes
    if scenes._pending or not scenes.stack:
        return 0.0
    waits = [HEARTBEAT]
    top = scenes.stack[-1]
    for ask in (top.next_frame(), ctx.sounds.next_frame()):
        if ask is not None:
            waits.append(max(0.0, ask))
    if since_input < HOT:
        waits.append(0.0)
    elif since_input < WARM:
        waits.append(WARM_RATE)
    if typing(ctx.ui):
        waits.append(BLINK)
    return min(waits)


def typing(ui: pygame_gui.UIManager) -> bool:
    """A text box has the keyboard (its cursor blinks)."""
    focus = ui.get_focus_set() or set()  # type: ignore[no-untyped-call]
    return any(isinstance(e, (pygame_gui.elements.UITextEntryLine,
                              pygame_gui.elements.UITextEntryBox)) for e in focus)


class Pace:
    """Waits for the next frame's events: at once, or asleep in ``pygame.event.wait``."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.last_input = clock()
        self.slept = 0  # how many times the loop slept on the event queue (tests, bench)
        self.rested = False  # the last wait slept (nothing was moving meanwhile)

    def events(self, ctx: "AppContext") -> list[pygame.event.Event]:
        """The events of the next frame, after sleeping as long as the screen allows."""
        timeout = wants_frame_in(ctx, self.clock() - self.last_input)
        self.rested = timeout > 0
        if timeout <= 0:
            events = pygame.event.get()
        else:
            self.slept += 1
            first = pygame.event.wait(max(1, int(timeout * 1000)))
            events = [] if first.type == pygame.NOEVENT else [first, *pygame.event.get()]
        if any(e.type in INPUT for e in events):
            self.last_input = self.clock()
        return events


INPUT = {pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
         pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.VIDEORESIZE,
         pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED, pygame.WINDOWENTER,
         pygame.WINDOWLEAVE, pygame.WINDOWFOCUSGAINED}

