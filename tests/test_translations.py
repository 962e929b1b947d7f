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


def _catalogue_files() -> Iterator[tuple[str, str, list[catalogues.Message], Path]]:
    """(language, domain, its English messages, the language's .po) for every catalogue."""
    for (folder, domain), messages in catalogues.sources().items():
        for lang in catalogues.LANGUAGES:
            yield lang, domain, messages, catalogues.po_path(folder, lang, domain)


def _problems() -> list[str]:
    return [f"{lang}/{domain}: {p}" for lang, domain, messages, po in _catalogue_files()
            for p in catalogues.problems(messages, catalogues.load(po, lang))]


def _module(folder: Path, name: str, *lines: str) -> Path:
    """A small Python module written for the extractors to read."""
    path = folder / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


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
    for lang, _, _, po in _catalogue_files():
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


def test_a_chinese_name_in_an_english_interface_is_drawn_in_the_chinese_font() -> None:
    from screens.assets import font, html, theme_for
    from screens.table.movelog import row_html
    pygame.font.init()
    set_language("en")
    latin = font(20)
    assert latin.for_text("Ana") is latin  # English is drawn in the Latin font
    assert all(m is not None and m[4] > 0 for m in latin.metrics("小明 (you)")), "no empty boxes"
    assert latin.size("小明 (you)") == latin.for_text("小明").size("小明 (you)")
    assert latin.render("小明", True, (0, 0, 0)).get_size() == latin.size("小明")
    assert html("<小明> & Ana") == "&lt;<font face=noto_sans_tc>小明</font>&gt; &amp; Ana"
    row = row_html(3, ("陳美玲", "played yarn 5 under the laser", []), (font(14, bold=True), 160))
    assert row == "<b>3.</b> <font face=noto_sans_tc>陳美玲</font>: played yarn 5 under the laser"
    theme = theme_for("en")  # the boxes that show typed names have Chinese letters too
    assert theme["text_entry_line"]["font"]["name"] == "noto_sans_tc"
    assert theme["selection_list.#item_list_item"]["font"]["name"] == "noto_sans_tc"
    assert theme["button"]["font"]["name"] == "noto_sans"
    set_language("zh-TW")
    assert html("<小明>") == "&lt;小明&gt;"  # the Chinese interface's font has them already
    assert font(20).for_text("小明") is font(20)


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1280, 800), instant_bots=False)


def test_a_button_naming_a_chinese_player_has_chinese_letters_in_every_language(ctx) -> None:  # type: ignore[no-untyped-def]
    from screens.app import frame
    from screens.table.curtain import Curtain

    def ready_font(name: str) -> str:
        curtain = Curtain(ctx, name, lambda: None)
        ctx.scenes.push(curtain)
        frame(ctx, 0.016)
        button = curtain.ready_button
        assert button is not None
        found = ctx.ui.get_theme().get_font_info(button.combined_element_ids)
        assert found["size"] == 17 and found["bold"], "the primary button's type, kept"
        ctx.scenes.pop()
        frame(ctx, 0.016)
        return str(found["name"])

    assert ready_font("Ana") == "noto_sans"
    assert ready_font("陳美玲") == "noto_sans_tc"


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


def test_no_screen_writes_english_words_of_its_own() -> None:
    found = catalogues.screen_literals()
    assert not found, ("words a player reads go through tr() (screens/text.py or "
                       "screens/text_tables.py), then `catalogues.py update`:\n" + "\n".join(found))


def test_a_new_english_string_in_a_screen_is_caught(tmp_path: Path) -> None:
    screen = _module(tmp_path, "new_panel.py",
                     '"""A panel."""',
                     "def paint(surface, f, tr, a, b):",
                     '    """Draw it."""',
                     '    surface.blit(f.render("Cubes left", True, (0, 0, 0)), (0, 0))',
                     '    title = "Pawns"',
                     '    hint = f"{title} to place"',
                     '    ok = tr("catch22.dice"), {"key": 1}["key"], "phase_name"',
                     '    listed = ", ".join([a, b]) + f"{a} ({b})" + f"{a}: {b}"',
                     '    fine = f"{a}/{b}", f"{a}x{b}", " · ".join([a, b])')
    catalogues.ROOT, root = tmp_path, catalogues.ROOT
    try:
        found = catalogues.screen_literals([screen])
    finally:
        catalogues.ROOT = root
    assert sorted(line.split(": ", 1)[1] for line in found) == [
        "', '", "'Cubes left'", "'Pawns'", "'{} ({})'", "'{} to place'", "'{}: {}'"], (
        "words, and English punctuation between words put together in the screen")


def test_new_saves_and_engine_end_texts_are_extracted(tmp_path: Path) -> None:
    module = _module(tmp_path, "store.py",
                     '"""Saves."""',
                     "def check(path):",
                     '    """Check."""',
                     '    problem = f"{path} is upside down"',
                     "    return problem",
                     "def outcome(self):",
                     '    lines = [f"Fish caught: {self.fish}"]',
                     "    return lines")
    assert catalogues.sentences_of(module, whole=True) == ["{0} is upside down",
                                                          "Fish caught: {0}"]
    assert catalogues.sentences_of(module) == ["Fish caught: {0}"], "an end's lines, not a local"
    messages = {m.text for m in catalogues.message_sentences()}
    assert "a name cannot be empty" in messages and "unrecognized arguments: {0}" in messages


def test_engine_tables_locals_and_one_word_buttons_are_extracted(tmp_path: Path) -> None:
    module = _module(tmp_path, "state.py",
                     "def prompt(self):",
                     '    closed = "" if self.open else " (the lid is shut)"',
                     '    key = "not said"',
                     '    if self.phase:',
                     '        return {"a": "Feed the cat first.", "b": "Pet it now."}[self.phase]',
                     '    return f"Open the box{closed}"',
                     "def label(self, action):",
                     '    return {"draw": "Draw", "nap": "Take a nap"}.get(action.kind, "sleep")',
                     "def progress(self):",
                     '    step = {1: "napping"}.get(self.phase, f"round {self.n}")',
                     '    return f"Day {self.day} · {step}"')
    assert sorted(catalogues.sentences_of(module)) == sorted([
        "Feed the cat first.", "Pet it now.", "Open the box{0}", " (the lid is shut)",
        "Take a nap", "Draw", "round {0}", "Day {0} · {1}", "napping"])


def test_saves_and_command_line_messages_read_in_chinese() -> None:
    from screens.text import file_text
    set_language("zh-TW")
    damaged = ("resume.json: is damaged (bad JSON at line 3) Its backup (resume.json.bak, saved "
               "2026-12-01 10:00) was loaded instead; the damaged file is left as it is.")
    assert file_text(damaged) == ("resume.json：已損壞（第 3 行的 JSON 有誤） 已改為載入它的備份"
                                  "（resume.json.bak，存於 2026-12-01 10:00）；損壞的檔案維持原樣。")
    assert file_text("Another copy of Nine Lives (process 42) is using /tmp/x.") == (
        "另一個九命貓（程序 42）正在使用 /tmp/x。")
    assert file_text("/x/saves cannot be written (No space left on device)") == (
        "/x/saves 無法寫入（裝置上沒有剩餘空間）")
    set_language("en")
    assert file_text(damaged) == damaged


def test_a_wrong_argument_is_answered_in_the_chosen_language(
        capsys: pytest.CaptureFixture[str]) -> None:
    from screens import app
    for argv, answer in ((["--lang", "zh-TW", "--game", "gambit", "--bots", "5"],
                          "nine-lives: --bots 5：貓的棄兵局只會有 1 個座位"),
                         (["--lang=zh-TW", "--size", "1x1"], ("nine-lives: 參數 --size：尺寸 1x1 "
                          "超出 640x400 到 3840x2160 的範圍 （請見 --help）")),
                         (["--no-such-flag", "--lang", "zh-TW"],
                          "nine-lives: 無法辨識的參數：--no-such-flag （請見 --help）")):
        try:
            code = app.main(argv)
        except SystemExit as exc:
            code = exc.code  # type: ignore[assignment]
        assert code == 2
        assert capsys.readouterr().err.strip() == answer
    set_language("en")


def test_gambit_score_lines_are_phrases_with_plurals() -> None:
    from cats import GAMES
    from cats.gambit.words import W as GAMBIT
    state = GAMES["gambit"].new_game(1, 3, {})
    labels = [label for label, _ in state.score_lines()]
    assert labels[3] == "Penalty so far: 5 Pawns unplayed (cards left count at the end)"
    assert render(GAMBIT("pawns", n=1)) == "1 Pawn"
    set_language("zh-TW")
    assert [render(label.phrase) for label in labels] == [
        "奧蕾莉亞女王（5 分面）", "圖格中的貓拳（0）", "女王在中間四格",
        "目前罰分：5 張兵未打出（剩下的牌在結束時才計算）"]


def test_tutorial_sections_are_named_as_the_chinese_rules_page_names_them() -> None:
    from cats.tutorials import tutorial_for
    from screens.menus.main import rules_page
    from screens.text import rules_section
    for game in ("gambit", "catchess", "between", "catch22", "box"):
        heads = [line[3:] for line in rules_page(game, "en").splitlines()
                 if line.startswith("## ")]
        zh = [line[3:] for line in rules_page(game, "zh-TW").splitlines()
              if line.startswith("## ")]
        assert len(heads) == len(zh), f"{game}: the two rules pages' sections differ"
        for step in tutorial_for(game).steps:
            assert not step.section or step.section in heads, (game, step.section)
    set_language("zh-TW")
    assert rules_section("gambit", "Scoring") == "計分"
    assert rules_section("box", "Playing a card") == "打出一張牌"


def test_the_move_log_breaks_chinese_between_characters() -> None:
    from screens.assets import font
    from screens.table.movelog import row_html
    pygame.font.init()
    set_language("zh-TW")
    f = font(14, bold=True)
    text = "在離牌堆向右 2 格、向上 1 格打出女王的棄兵，然後抽到騎士。" * 2
    html = row_html(7, ("小明", text, ["將軍！奧蕾莉亞女王翻到 1 分面", "遊戲結束"]), (f, 160))
    lines = html.split("<br>")
    assert len(lines) > 3 and lines[0].startswith("<b>7.</b> 小明")
    assert all(f.size(line.replace("<b>", "").replace("</b>", ""))[0] <= 160 for line in lines)
    assert not any(line[:1] in "，。、；：？！」）" for line in lines[1:])
    joined = "".join(lines).replace("<b>7.</b>", "7.").replace(" ", "")
    assert joined == f"7. 小明：{text} · 將軍！奧蕾莉亞女王翻到 1 分面；遊戲結束".replace(" ", ""), (
        "nothing lost, the name and the notes set off with Chinese punctuation")
    set_language("en")
    english = row_html(7, ("Ann", "drew a Rook " * 9, ["check", "game over"]), (f, 160))
    assert "<br>" not in english, "English is left to the text box's own wrapping"
    assert english == "<b>7.</b> Ann: " + "drew a Rook " * 9 + " · check; game over"


def test_every_chinese_character_of_the_catalogues_and_rules_has_a_glyph() -> None:
    from screens.assets import font
    pygame.font.init()
    set_language("zh-TW")
    text = "".join(p.read_text(encoding="utf-8") for p in [
        *ROOT.glob("**/locale/zh_TW/LC_MESSAGES/*.po"), *ROOT.glob("assets/rules/zh-TW/*.md")])
    chars = sorted({c for c in text if ord(c) >= 0x2E80})
    for bold in (False, True):
        metrics = font(16, bold=bold).metrics("".join(chars))
        missing = "".join(c for c, m in zip(chars, metrics) if m is None)
        assert not missing, f"run packaging/cjk_font.py: no glyph for {missing}"


def test_the_interface_and_the_games_choose_plural_forms_in_one_place(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from cats.gambit.words import W as GAMBIT
    assert [tr("box.cards", n=n) for n in (1, 1.0, 2, 2.5)] == [
        "1 card", "1.0 card", "2 cards", "2.5 cards"]
    assert [render(GAMBIT("pawns", n=n)) for n in (1, 3)] == ["1 Pawn", "3 Pawns"]
    set_language("zh-TW")
    assert tr("box.cards", n=1) == "1 張牌" and render(GAMBIT("pawns", n=1)) == "1 張兵"
    asked = []
    chosen = words.chosen
    monkeypatch.setattr(words, "chosen", lambda *a: asked.append(a[1]) or chosen(*a))
    tr("box.cards", n=3), render(GAMBIT("pawns", n=3))
    assert asked == ["box.cards", "pawns"], "screens.text.tr and the phrases share words.chosen"


def test_latin_letters_and_numbers_in_chinese_are_set_off_by_spaces() -> None:
    from cats.catchess.words import W as CHESS
    from cats.words import spaced
    set_language("zh-TW")
    assert render(CHESS("placed", cat="E", region=5), ["A"]) == "把 E 放置到區域 5"
    assert tr("stats.bot_row", level="公貓", won=1, played=2).count(" ") >= 2
    assert spaced("玩家 1以 11 分獲勝。") == "玩家 1 以 11 分獲勝。"
    assert spaced("（貓在 14，本輪）") == "（貓在 14，本輪）", "not beside full-width marks"
    assert spaced("Ann以 3 分獲勝", "en") == "Ann以 3 分獲勝", "English is left as it is"
