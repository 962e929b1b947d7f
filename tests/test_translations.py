"""Traditional Chinese: every English message has a zh-TW translation with the same placeholders,
the compiled catalogues match their sources, and the app can be switched to it (command line,
Settings, live) and draws its script."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from frames import click, headless_context

from cats import words
from cats.between.words import W as BETWEEN
from cats.words import Player, render, said
from screens.app import frame
from screens.text import STRINGS, set_language, tr

ROOT = Path(__file__).resolve().parent.parent


def _catalogues():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "packaging" / "catalogues.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogues"] = module
    spec.loader.exec_module(module)
    return module


catalogues = _catalogues()


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def _problems() -> list[str]:
    found = []
    for (folder, domain), messages in catalogues.sources().items():
        for lang in catalogues.LANGUAGES:
            catalog = catalogues.load(catalogues.po_path(folder, lang, domain), lang)
            found += [f"{lang}/{domain}: {p}" for p in catalogues.problems(messages, catalog)]
    return found


def test_every_message_has_a_zh_tw_translation_with_the_same_placeholders() -> None:
    problems = _problems()
    assert not problems, ("run `python packaging/catalogues.py update`, translate, then "
                          "`... compile`:\n" + "\n".join(problems))


def test_a_new_english_string_without_a_translation_is_caught(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(STRINGS["en"], "test.fake", "A new {thing} nobody translated")
    assert any("test.fake" in p for p in _problems())


def test_a_translation_that_drops_a_placeholder_is_caught() -> None:
    from babel.messages.catalog import Catalog
    catalog = Catalog(locale="zh_TW")
    catalog.add("Seat {n}", "座位", context="new.seat")
    message = catalogues.Message("new.seat", "Seat {n}")
    assert list(catalogues.problems([message], catalog)) == [
        "new.seat: placeholders of '座位' differ from 'Seat {n}'"]


def test_the_compiled_catalogues_are_made_from_the_current_po_files() -> None:
    for (folder, domain) in catalogues.sources():
        for lang in catalogues.LANGUAGES:
            po = catalogues.po_path(folder, lang, domain)
            assert po.with_suffix(".mo").read_bytes() == catalogues.compiled(po, lang), (
                f"{po} changed: run `python packaging/catalogues.py compile`")


def test_ui_strings_and_phrases_read_in_chinese_and_the_engine_keeps_english() -> None:
    phrase = BETWEEN("tied_best", round=3, tied=(Player(0), Player(1)), n=2,
                     winners=(Player(1),))
    set_language("zh-TW")
    assert tr("menu.new") == "新遊戲"
    assert tr("game.hint_is", move="X", value=2.25) == "提示：X（預期分數 2.2）"
    assert render(phrase, ["小明", "阿美"]) == (
        "第 3 輪後，小明和阿美同樣贏得 2 輪；阿美在最後一輪表現最好，獲勝。")
    assert str(said(phrase)).startswith("After round 3"), "an engine's own text stays English"
    set_language("en")
    assert tr("menu.new") == "New game"
    assert render(phrase, ["A", "B"]).startswith("After round 3, A and B tied on 2 rounds")


def test_an_unknown_language_reads_as_english() -> None:
    set_language("xx")
    assert tr("menu.new") == "New game" and words.language() == "en"


def test_lang_on_the_command_line() -> None:
    from screens.app import parse_args
    assert parse_args(["--lang", "zh-TW", "--screenshot", "x.png"]).lang == "zh-TW"
    assert parse_args([]).lang is None
    with pytest.raises(SystemExit) as exit_:
        parse_args(["--lang", "klingon"])
    assert exit_.value.code == 2


def test_the_chinese_font_draws_chinese() -> None:
    from screens.assets import font
    pygame.font.init()
    set_language("zh-TW")
    f = font(24)
    assert all(m is not None and m[4] > 0 for m in f.metrics("貓棋九命"))
    surface = f.render("貓棋", True, (0, 0, 0), (255, 255, 255))
    ink = sum(1 for x in range(surface.get_width()) for y in range(surface.get_height())
              if surface.get_at((x, y))[0] < 128)
    assert ink > 50, "the glyphs have ink, not empty boxes"


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1280, 800), instant_bots=False)


def test_switching_language_in_settings_redraws_the_menus_in_chinese(ctx) -> None:  # type: ignore[no-untyped-def]
    from screens.menus.main import MainMenu
    from screens.menus.settings import SettingsScene

    menu = MainMenu(ctx)
    ctx.scenes.push(menu)
    scene = SettingsScene(ctx)
    ctx.scenes.push(scene)
    frame(ctx, 0.016)
    language = next(b for b, key in scene.controls.items() if key == "language")
    assert language.is_enabled and language.text == "English"
    click(ctx, language.rect.center)
    assert ctx.settings.language == "zh-TW"
    language = next(b for b, key in scene.controls.items() if key == "language")
    assert language.text == "繁體中文", "the page is rebuilt at once"
    done = next(b for b, key in scene.controls.items() if key == "done")
    assert done.text == "完成"
    click(ctx, done.rect.center)
    frame(ctx, 0.016)
    texts = {e.text for e in menu.elements if hasattr(e, "text")}
    assert "新遊戲" in texts, "the menu under Settings is rebuilt in Chinese"


def test_game_nouns_inside_sentences_are_said_in_chinese() -> None:
    from cats.between.words import W as BETWEEN_WORDS
    from cats.box.words import W as BOX
    played = BOX("played", number=4, colour="red")
    lured = BETWEEN_WORDS("lured", card="bell 2", toy="laser")
    set_language("zh-TW")
    box_text, between_text = render(played, ["A"]), render(lured, ["A"])
    assert "紅色" in box_text and "red" not in box_text
    assert "鈴鐺 2" in between_text and "雷射筆" in between_text
    assert tr("table.tagged", name="A", tags="你") == "A（你）"
    set_language("en")
    assert render(played, ["A"]) == "played 4 as red"
