"""Driving the headless app in tests: a context, clicks and drags as real pygame events, frames
until something happens (bounded by wall time), and a bot that thinks until released.

Bots think on a worker thread, so how many frames a bot game needs depends on the machine's
load; a wall-clock bound keeps these tests deterministic in outcome without being flaky.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable, Iterator

import pygame

from screens.app import build_context, frame


def headless_context(size: tuple[int, int] = (1280, 800), instant_bots: bool = True
                     ) -> Iterator[Any]:
    """For a fixture: a headless app with animations off (and bots without pause), shut down after."""
    context = build_context(size, headless=True)
    context.settings.animation_speed = 0
    if instant_bots:
        context.settings.bot_pace = 0
    yield context
    context.executor.shutdown(wait=True)


def show(ctx: Any, scene: Any, confirm: bool = True, run_frame: bool = True) -> Any:
    """Put a game scene over the main menu (as the app does), run a frame, and pass the opening
    hand-off curtain if one shows and ``confirm``; returns the scene."""
    from screens.menus.main import MainMenu
    from screens.table.curtain import Curtain

    ctx.scenes.push(MainMenu(ctx))
    ctx.scenes.push(scene)
    if run_frame:
        frame(ctx, 0.016)
        if confirm and isinstance(ctx.scenes.top, Curtain):
            click(ctx, ctx.scenes.top.ready_button.rect.center)
    return scene


def _post(kind: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def click(ctx: Any, pos: tuple[int, int]) -> None:
    """Press and release the left button at ``pos``, then run two frames."""
    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frame(ctx, 0.016)
    frame(ctx, 0.016)


def drag(ctx: Any, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at ``start``, move through the midpoint to ``end`` and release there."""
    _post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    frame(ctx, 0.016)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for pos in (mid, end):
        _post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
        frame(ctx, 0.016)
    _post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    frame(ctx, 0.016)


def frames_until(ctx: Any, done: Callable[[], bool], seconds: float = 120.0,
                 dt: float = 0.016, each: Callable[[], None] | None = None) -> int:
    """Run frames until ``done()`` is true or ``seconds`` of wall time pass; the frames run."""
    deadline = time.monotonic() + seconds
    count = 0
    while time.monotonic() < deadline:
        frame(ctx, dt)
        count += 1
        if each is not None:
            each()
        if done():
            break
        time.sleep(0.001)   # leave the bot thread the interpreter now and then
    return count


class SlowBot:
    """A bot that "thinks" until ``release`` is set (at most 2 min), then plays the first action.

    Tests check that frames ran while it thought by its still thinking afterwards (never by
    timing them): a frame that waited for the bot would not return before the release."""

    def __init__(self, release: threading.Event) -> None:
        self.release = release

    def choose(self, world: Any, seat: int, rng: Any) -> Any:
        """Wait for the release, then the first legal action."""
        self.release.wait(120.0)
        return world.legal_actions()[0]


def over_menu(ctx: Any, scene: Any) -> Any:
    """Open a page (Load, Players, New game…) over the main menu and run a frame; returns it."""
    from screens.menus.main import MainMenu

    ctx.scenes.push(MainMenu(ctx))
    ctx.scenes.push(scene)
    frame(ctx, 0.016)
    return scene


def press_done(ctx: Any, scene: Any) -> None:
    """Press Done on the mover's Done / Undo step."""
    button = next(b for b, key in scene.confirm_buttons.items() if key == "done")
    click(ctx, button.rect.center)


def pass_on(ctx: Any, scene: Any) -> None:
    """Go on to the next human's turn: Done, the round's results clicked away, the curtain
    lifted (whichever of them come)."""
    from screens.table.curtain import Curtain
    from screens.table.hotseat import Step

    for _ in range(6):
        step = scene.flow.step
        if isinstance(ctx.scenes.top, Curtain):
            click(ctx, ctx.scenes.top.ready_button.rect.center)
        elif step is Step.CONFIRM:
            press_done(ctx, scene)
        elif step is Step.RESULTS:
            click(ctx, scene.board.center)
        else:
            return
