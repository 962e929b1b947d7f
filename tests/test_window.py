"""The window as a player meets it, headless: resizing, full screen and back, the minimum and
default sizes, the loop asleep at rest, the move log's size, messages by kind."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from frames import headless_context, show

from cats.session import Seat, Session
from screens import pace as pacing
from screens.app import frame, run
from screens.menus.main import MainMenu
from screens.registry import open_game
from screens.table.toast import INFO, REFUSAL, STYLES, SUCCESS, draw_toast
from screens.window import DEFAULT, MINIMUM, default_size, minimum_size, sdl_window


@pytest.fixture
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1280, 720))


def key(ctx: Any, code: int) -> None:
    """Press a key and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="",
                                         scancode=0))
    frame(ctx, 0.016)


def table(ctx: Any, game: str = "between", players: int = 3) -> Any:
    """A table of humans waiting for the first move."""
    session = Session.start(game, [Seat(f"P{i + 1}") for i in range(players)], 7, {})
    ctx.headless_reveal = True
    scene = show(ctx, open_game(ctx, session))
    frame(ctx, 0.016)  # the scene entered at the end of the first: now it has run once
    return scene


def test_a_resize_lays_every_screen_out_again(ctx) -> None:  # type: ignore[no-untyped-def]
    scene = table(ctx)
    pygame.display.set_mode((1000, 640), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 640), w=1000, h=640))
    frame(ctx, 0.016)
    assert ctx.window.get_size() == (1000, 640) == tuple(ctx.ui.window_resolution)
    assert scene.board.right <= scene.side.x and scene.side.right == 1000
    assert scene.message_slot.colliderect(scene.log_box.rect) is False


def test_full_screen_and_back_restores_the_window_size_and_place(ctx) -> None:  # type: ignore[no-untyped-def]
    table(ctx)
    window = sdl_window()
    window.position = (30, 40)
    before = (window.size, window.position)
    key(ctx, pygame.K_F11)
    assert ctx.place.fullscreen
    assert ctx.window.get_size() == sdl_window().size != before[0]  # the desktop's size
    key(ctx, pygame.K_F11)
    assert not ctx.place.fullscreen
    assert (sdl_window().size, sdl_window().position) == before
    assert ctx.window.get_size() == before[0] == tuple(ctx.ui.window_resolution)


def test_the_window_keeps_a_minimum_size(ctx) -> None:  # type: ignore[no-untyped-def]
    ctx.place.hold_minimum()
    window = sdl_window()
    window.size = (500, 300)
    pygame.event.pump()
    assert window.size[0] >= min(MINIMUM[0], 1024) and window.size[1] >= MINIMUM[1]


def test_the_default_window_fits_a_small_laptop_screen() -> None:
    w, h = default_size((1366, 768))
    assert w <= 1366 - 40 and h <= 768 - 80 and (w, h) >= MINIMUM
    assert default_size((2560, 1440)) == DEFAULT
    assert default_size((800, 600)) == minimum_size((800, 600)) == (800, 600)


class Stop(Exception):
    pass


def test_at_rest_the_loop_sleeps_on_the_event_queue(ctx, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    ctx.scenes.push(MainMenu(ctx))
    frame(ctx, 0.016)
    assert ctx.scenes.top.next_frame() is None
    waits: list[int] = []

    def wait(timeout: int = 0) -> pygame.event.Event:
        waits.append(timeout)
        return pygame.event.Event(pygame.QUIT)

    monkeypatch.setattr(pygame.event, "wait", wait)
    pace = pacing.Pace(clock=lambda: 100.0)
    pace.last_input = 0.0  # long ago
    run(ctx, pace)
    assert pace.slept == 1 and waits == [int(pacing.HEARTBEAT * 1000)]
    assert not ctx.running


def test_while_something_moves_or_just_after_input_the_loop_draws_at_once(ctx) -> None:  # type: ignore[no-untyped-def]
    scene = table(ctx)
    assert pacing.wants_frame_in(ctx, since_input=60.0) == pacing.HEARTBEAT
    assert pacing.wants_frame_in(ctx, since_input=0.0) == 0.0
    assert pacing.wants_frame_in(ctx, since_input=1.0) == pacing.WARM_RATE
    scene.animator.speed = 1.0
    scene.returning = scene.animator.add(pacing_tween())
    assert scene.next_frame() == 0.0 and pacing.wants_frame_in(ctx, 60.0) == 0.0
    scene.animator.skip()
    scene.flash("Saved", 2.0, kind=SUCCESS)
    assert scene.next_frame() == pytest.approx(2.0)


def test_time_slept_at_rest_still_counts_for_the_tables_timers(ctx) -> None:  # type: ignore[no-untyped-def]
    scene = table(ctx)
    scene.flash("Saved", 2.0, kind=SUCCESS)
    frame(ctx, 0.1, [], slept=0.5)
    assert scene.flash_time == pytest.approx(1.4)
    frame(ctx, 0.1, [], slept=1.5)
    assert scene.flash_time <= 0 and scene.next_frame() is None


def pacing_tween() -> Any:
    from screens.anim import Tween

    return Tween((0.0, 0.0), (1.0, 1.0), 0.5, tag="test")


def test_a_text_box_with_the_focus_keeps_its_cursor_blinking(ctx) -> None:  # type: ignore[no-untyped-def]
    import pygame_gui

    ctx.scenes.push(MainMenu(ctx))
    frame(ctx, 0.016)
    entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(10, 10, 200, 30), ctx.ui)
    entry.focus()
    ctx.ui.set_focus_set(entry)
    assert pacing.wants_frame_in(ctx, since_input=60.0) == pacing.BLINK


def test_the_move_log_follows_the_interface_size(ctx) -> None:  # type: ignore[no-untyped-def]
    scene = table(ctx)
    small = scene.movelog.size
    ctx.settings.ui_scale = 1.3
    scene.resize()
    assert scene.movelog.size > small
    assert f"pixel_size={scene.movelog.size}" in scene.movelog.sized("x")


def test_messages_by_kind_look_different_and_stay_off_the_board(ctx) -> None:  # type: ignore[no-untyped-def]
    scene = table(ctx)
    assert len({STYLES[k] for k in (REFUSAL, INFO, SUCCESS)}) == 3
    shots = {}
    for kind in (REFUSAL, INFO, SUCCESS):
        surf = pygame.Surface((320, 64))
        surf.fill((0, 0, 0))
        draw_toast(surf, surf.get_rect(), "Not there", kind, ctx.scale)
        grey = pygame.transform.grayscale(surf)  # the marks differ by shape, not only colour
        mark = grey.subsurface(pygame.Rect(0, 0, 48, 64))
        shots[kind] = pygame.mask.from_threshold(mark, (255, 255, 255), (90, 90, 90)).count()
    assert len(set(shots.values())) == 3
    scene.flash("That card cannot go there.", kind=REFUSAL)
    frame(ctx, 0.016)
    slot = scene.message_slot
    assert not slot.colliderect(scene.board) and scene.side.contains(slot)
    assert ctx.window.get_at(slot.move(4, 0).midleft)[:3] == STYLES[REFUSAL][0] or \
        ctx.window.get_at((slot.x + ctx.scale(40), slot.centery))[:3] != (0, 0, 0)


def test_settings_rows_stay_under_the_mouse_after_a_click(ctx) -> None:  # type: ignore[no-untyped-def]
    from frames import click

    from screens.menus.settings import SettingsScene

    ctx.scenes.push(MainMenu(ctx))
    ctx.scenes.push(SettingsScene(ctx))
    frame(ctx, 0.016)
    scene = ctx.scenes.top
    size = next(b for b, k in scene.controls.items() if k == "scale")
    where, before = size.rect.center, size.rect.copy()
    click(ctx, where)
    assert ctx.settings.ui_scale != 1.0  # the click took
    size = next(b for b, k in scene.controls.items() if k == "scale")
    assert size.rect == before
