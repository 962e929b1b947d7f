"""Switching the language live with a game open: the game's menu -> Settings -> Language -> Done,
and every text the table shows follows at once, without a restart: its buttons, the move log
(the moves played before the switch too), the prompt and the board's own drawing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from frames import click, headless_context, show

from cats.rng import Rng
from cats.session import Seat, Session
from screens.app import frame
from screens.text import set_language

NAMES = ["小明", "阿美", "志豪"]
GAMES = {"gambit": 1, "catchess": 3, "between": 3, "catch22": 3, "box": 3}
ENGLISH = re.compile(r"[A-Za-z]{2,}")
KEPT = {"Catch", "Esc", "Ctrl"}  # the title "Catch 22"; key names on keycaps


@pytest.fixture()
def ctx() -> Iterator[Any]:
    set_language("en")
    yield from headless_context((1280, 800), instant_bots=False)
    set_language("en")


def drawn_texts(ctx: Any, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Every text of one frame: the scene's pygame-gui elements and what it drew itself."""
    from screens import assets

    texts: set[str] = set()
    render, render_kept = assets.Font.render, assets.Font.render_kept

    def recording(self: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(text, str):
            texts.add(text)
        return render(self, text, *args, **kwargs)

    def recording_kept(self: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        texts.add(text)  # (a line kept from an earlier run is not rendered again)
        return render_kept(self, text, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(assets.Font, "render", recording)
        patch.setattr(assets.Font, "render_kept", recording_kept)
        for scene in ctx.scenes.visible():
            scene.layer = None  # the table's cached layer is painted again, not reused
        frame(ctx, 0.016)
    for element in ctx.scenes.top.elements:
        for attr in ("text", "html_text"):
            value = getattr(element, attr, None)
            if isinstance(value, str):
                texts.add(re.sub(r"<[^>]+>", " ", value))
    return texts


def english(texts: set[str]) -> list[str]:
    """The texts with an English word in them."""
    return sorted(t for t in texts if any(w not in KEPT for w in ENGLISH.findall(t)))


def game_open(ctx: Any, game_id: str) -> Any:
    """A game of ``game_id`` a few random moves in, open over the main menu (everyone human)."""
    from screens.registry import open_game

    session = Session.start(game_id, [Seat(n) for n in NAMES[:GAMES[game_id]]], 7, {})
    rng = Rng(7)
    for _ in range(5):
        actions = session.state.legal_actions()
        session.play(actions[rng.below(len(actions))])
    return show(ctx, open_game(ctx, session))


def switch_in_settings(ctx: Any, scene: Any) -> None:
    """Esc menu -> Settings -> click Language -> Done, back at the table."""
    from screens.menus.settings import SettingsScene

    scene.menu.open()
    frame(ctx, 0.016)
    settings_button = next(b for b in ctx.scenes.top.elements
                           if getattr(b, "text", None) in ("Settings", "設定"))
    click(ctx, settings_button.rect.center)
    settings = ctx.scenes.top
    assert isinstance(settings, SettingsScene)
    for key in ("language", "done"):
        button = next(b for b, k in settings.controls.items() if k == key)
        click(ctx, button.rect.center)
    frame(ctx, 0.016)
    assert ctx.scenes.top is scene


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_switching_to_chinese_with_a_game_open_redraws_the_whole_table(
        ctx: Any, game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = game_open(ctx, game_id)
    before = english(drawn_texts(ctx, monkeypatch))
    assert len(before) > 5, "the table is in English first (the check can fail)"
    switch_in_settings(ctx, scene)
    assert ctx.settings.language == "zh-TW"
    after = drawn_texts(ctx, monkeypatch)
    assert not english(after), f"{game_id}: still English after the switch: {english(after)}"
    assert any(NAMES[0] in t and "：" in t for t in after), "the log's rows, said again"
    switch_in_settings(ctx, scene)
    assert ctx.settings.language == "en"
    assert len(english(drawn_texts(ctx, monkeypatch))) > 5, "and back to English"


def test_seats_called_by_their_default_names_take_the_new_languages(ctx: Any) -> None:
    from screens.registry import open_game

    seats = [Seat("Player 1"), Seat("Ann"), Seat("Tomcat 3", "bot", 2)]
    session = Session.start("between", seats, 7, {})
    scene = show(ctx, open_game(ctx, session))
    switch_in_settings(ctx, scene)
    assert [s.name for s in session.seats] == ["玩家 1", "Ann", "公貓 3"]
    assert session.seats[2].is_bot and session.seats[2].level == 2
    switch_in_settings(ctx, scene)
    assert [s.name for s in session.seats] == ["Player 1", "Ann", "Tomcat 3"]


def test_a_refused_save_name_is_answered_in_chinese(ctx: Any) -> None:
    from screens.overlays import TextPrompt

    scene = game_open(ctx, "box")
    set_language("zh-TW")
    scene.menu.ask_save()
    frame(ctx, 0.016)
    prompt = ctx.scenes.top
    assert isinstance(prompt, TextPrompt)
    said = prompt.on_accept("我的/../遊戲")
    assert said is not None and said.startswith("「我的/../遊戲」不能當存檔名稱"), said
    assert not english({said}), "the saves' own words, through the messages catalogue"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_switched_table_looks_like_one_opened_in_chinese(
        ctx: Any, game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's painted layer (the board and the side panel; what moves with the pointer or
    the clock is drawn over it), pixel for pixel: nothing drawn once and kept (a board's printed
    background, a row's label) may keep the language it was drawn in."""
    import pygame

    from screens.menus.main import MainMenu
    from screens.registry import open_game
    from screens.table.curtain import Curtain

    def layer(table: Any) -> bytes:
        pygame.mouse.set_pos((1, 1))
        table.layer = None
        frame(ctx, 0.016)
        assert table.layer is not None
        return pygame.image.tobytes(table.layer[2], "RGB")

    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 0)  # the highlights' breathing
    scene = game_open(ctx, game_id)
    switch_in_settings(ctx, scene)
    switched = layer(scene)
    fresh = open_game(ctx, scene.session)
    ctx.scenes.rebuild([MainMenu(ctx), fresh])
    frame(ctx, 0.016)
    if isinstance(ctx.scenes.top, Curtain):
        click(ctx, ctx.scenes.top.ready_button.rect.center)
    assert switched == layer(fresh), f"{game_id}: the table switched live differs from a fresh one"
