"""The frame loop: one frame, the window's size and full screen, recovery after an error."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional

from saves.store import not_saving
from saves.values import printable
from screens.startup import app_version

if TYPE_CHECKING:
    import pygame

    from screens.pace import Pace
    from screens.scene import Scene

log = logging.getLogger("nine-lives")


def frame(ctx, dt: float, events: "Optional[list[pygame.event.Event]]" = None,  # type: ignore[no-untyped-def]
          slept: float = 0.0) -> None:
    """One frame: events (``events``, or those queued), update, draw, then the scene changes
    asked for. ``slept``: seconds the loop slept beyond ``dt`` (nothing was moving then): the
    top scene's timers catch up first. An error anywhere in it is logged once and shown in one
    dialog, and the app goes back to a working screen."""
    changing = False
    try:
        if slept > 0 and ctx.scenes.top is not None:
            ctx.scenes.top.update(slept)  # a message's seconds, a bot's pause: no tween runs
        if slept > 0:
            ctx.sounds.update(slept)  # a delayed cue, a loop fading across
        _frame(ctx, dt, events)
        changing = True
        ctx.scenes.apply()
    except Exception as exc:  # noqa: BLE001 - the frame loop is the last line of defence
        if ctx.headless:
            raise
        recover(ctx, exc, building=changing)
    else:
        ctx.error_streak = 0
    from screens import uicache

    uicache.write_index()  # the shapes this frame's new buttons added, in one write


def _frame(ctx, dt: float, events: "Optional[list[pygame.event.Event]]") -> None:  # type: ignore[no-untyped-def]
    import pygame

    for event in pygame.event.get() if events is None else events:
        if event.type == pygame.QUIT:
            ctx.running = False
            continue
        if event.type == pygame.VIDEORESIZE:
            relayout(ctx, pygame.display.get_surface())
            continue
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            toggle_fullscreen(ctx)
            continue
        top = ctx.scenes.top
        if top is not None and top.keyboard(event):
            continue  # Tab, or a key on the widget under the keyboard's ring
        consumed = ctx.ui.process_events(event)
        if not consumed and mute_key(ctx, event):
            continue
        if not consumed and top is not None:
            top.handle_event(event)
    top = ctx.scenes.top
    if top is not None:
        top.update(dt)
        if ctx.keyboard and ctx.arrived is not top:
            ctx.arrived = top
            top.focus_arrive()  # a screen opened by keys shows where the keys are
    ctx.sounds.want(music_of(ctx.scenes.stack))
    ctx.sounds.update(dt)
    ctx.ui.update(dt)
    for scene in ctx.scenes.visible():
        scene.draw(ctx.window)
    ctx.ui.draw_ui(ctx.window)
    if top is not None:
        top.draw_focus(ctx.window)
    if ctx.sounds.note_time > 0:
        from screens.soundnote import draw_sound_note

        draw_sound_note(ctx)
    pygame.display.flip()


def mute_key(ctx, event: "pygame.event.Event") -> bool:  # type: ignore[no-untyped-def]
    """M (not while typing, not with Ctrl or Alt): all sound off or on, said in a note."""
    import pygame
    import pygame_gui

    if event.type != pygame.KEYDOWN or event.key != pygame.K_m:
        return False
    if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
        return False
    focus = ctx.ui.get_focus_set() or ()
    if any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in focus):
        return False  # an M typed into a name
    from screens.text import tr

    muted = not ctx.sounds.muted
    ctx.sounds.toggle_mute(tr("sound.muted") if muted else tr("sound.unmuted"))
    return True


def music_of(stack: "list[Scene]") -> Optional[str]:
    """The loop for the screens on the stack: the topmost that names one (a game's table, the
    main menu); a page or dialog over them keeps theirs."""
    for scene in reversed(stack):
        name = getattr(scene, "music", None)
        if name:
            return str(name)
    return None


def relayout(ctx, window: "pygame.Surface") -> None:  # type: ignore[no-untyped-def]
    """The window changed size: every scene lays itself out again (those below stay paused)."""
    if window.get_size() == ctx.ui.window_resolution and window is ctx.window:
        return
    ctx.window = window
    ctx.ui.set_window_resolution(window.get_size())
    for scene in ctx.scenes.stack:
        scene.resize()
        if scene is not ctx.scenes.top:
            scene.pause()


def toggle_fullscreen(ctx) -> None:  # type: ignore[no-untyped-def]
    """F11: full screen, or back to the window's own size and place."""
    import pygame

    try:
        window = ctx.place.toggle()
    except pygame.error as exc:
        log.warning("full screen could not be switched: %s", exc)
        return
    relayout(ctx, window)


def recover(ctx, exc: Exception, building: bool = False) -> None:  # type: ignore[no-untyped-def]
    """After an error: one dialog over the screens if they still work. If a screen failed to be
    built (``building``) or the error comes back under the dialog (a screen that fails every
    frame), a fresh main menu under the dialog; if it comes back once the dialog was closed, the
    main menu without a second dialog; then the dialog alone; and if even that fails, the app
    ends. Each error is logged once."""
    from screens.menus.main import MainMenu
    from screens.overlays import ErrorBox
    from screens.text import tr

    text = tr("game.error_kind", kind=type(exc).__name__, error=exc)
    repeated = text == ctx.last_error
    if not repeated:
        log.error("error during play", exc_info=exc)
        ctx.last_error = text
    ctx.scenes.discard()
    message = error_message(ctx, exc)
    streak, ctx.error_streak = ctx.error_streak, ctx.error_streak + 1
    boxed = isinstance(ctx.scenes.top, ErrorBox)

    def menu_only() -> list[Scene]:
        ctx.notice = tr("error.menu_again")
        return [MainMenu(ctx)]

    plans = [lambda: [*ctx.scenes.stack, ErrorBox(ctx, message)],
             lambda: [MainMenu(ctx), ErrorBox(ctx, message)],
             lambda: [ErrorBox(ctx, message)]]
    if repeated and not boxed and not streak:  # the dialog was closed and the screen fails again
        plans = [menu_only, plans[2]]
    else:
        plans = plans[max(1 if boxed or building else 0, streak):]
    for plan in plans:
        try:
            scenes = plan()
            if len(scenes) > 1 and scenes[:-1] == ctx.scenes.stack:
                ctx.scenes.stack[-1].pause()
                ctx.scenes.stack.append(scenes[-1])
                scenes[-1].enter()
            else:
                ctx.scenes.rebuild(scenes)
            return
        except Exception as again:  # noqa: BLE001 - try the next, simpler screen
            log.error("could not show the error: %s", again)
            ctx.scenes.discard()
    log.error("no screen can be shown: quitting")
    ctx.running = False


def error_message(ctx, exc: Exception) -> str:  # type: ignore[no-untyped-def]
    """What the error dialog says: the error, and whether the game in play is safe on disk."""
    from screens.text import file_text, tr

    lines = [tr("game.error", error=printable(str(exc) or type(exc).__name__, 200))]
    if any(hasattr(scene, "session") for scene in ctx.scenes.stack):
        if ctx.saves.saving_problem:
            lines.append(file_text(not_saving(printable(ctx.saves.saving_problem, 200))))
        elif not ctx.read_only:
            lines.append(tr("game.error_saved"))
    return " ".join(lines)


def run(ctx, pace: "Optional[Pace]" = None) -> None:  # type: ignore[no-untyped-def]
    """The frame loop until the window closes: asleep on the event queue while the screen is
    at rest, every frame while something moves (see :mod:`screens.pace`)."""
    from screens.pace import Pace

    pace = pace or Pace()
    first = True
    while ctx.running:
        events = pace.events(ctx)
        dt = ctx.clock.tick(60) / 1000.0
        # Animations never jump more than 0.1 s after a slow frame; after a sleep (when nothing
        # moved) the time slept still counts for the scene's timers.
        frame(ctx, min(dt, 0.1), events, slept=max(0.0, dt - 0.1) if pace.rested else 0.0)
        if first:
            first = False
            log.info("Nine Lives %s", app_version())  # after the first frame: metadata is slow
