"""The Load screen: every save listed (a damaged one by name with the reason), loading opens the
game, deleting asks first, and its messages show between the list and the buttons."""

from __future__ import annotations

from typing import Any

import pytest
from frames import click, headless_context, over_menu

from cats.session import Seat, Session
from screens.app import frame
from screens.assets import font
from screens.menus.loadgame import LoadScene
from screens.overlays import MenuOverlay


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1024, 640))


def open_load(ctx: Any) -> LoadScene:
    return over_menu(ctx, LoadScene(ctx))  # type: ignore[no-any-return]


def button(scene: LoadScene, key: str) -> Any:
    return next(b for b, k in scene.actions.items() if k == key)


def select(ctx: Any, scene: LoadScene, slot: str) -> None:
    """Click the list row of ``slot``."""
    assert scene.listing is not None
    row = next(item for item in scene.listing.item_list if item["text"].startswith(slot + " "))
    click(ctx, row["button_element"].rect.center)


def test_saves_are_listed_a_damaged_one_by_name_and_reason(ctx) -> None:  # type: ignore[no-untyped-def]
    ctx.saves.save("evening", Session.start("gambit", [Seat("Mia")], 4, {}))
    ctx.saves.path_of("broken").write_text("{not json", encoding="utf-8")
    scene = open_load(ctx)
    texts = [item["text"] for item in scene.listing.item_list]  # type: ignore[union-attr]
    assert any(t.startswith("evening — Cat's Gambit, Mia") for t in texts), texts
    assert any(t.startswith("broken — ") for t in texts), texts
    assert ctx.saves.path_of("broken").read_text(encoding="utf-8") == "{not json"


def test_load_without_a_choice_says_so_below_the_list(ctx) -> None:  # type: ignore[no-untyped-def]
    ctx.saves.save("evening", Session.start("gambit", [Seat("Mia")], 4, {}))
    scene = open_load(ctx)
    click(ctx, button(scene, "load").rect.center)
    assert scene.message == "Choose a saved game first."
    # The message line sits between the list and the buttons, where nothing covers it.
    top = scene.panel.bottom - ctx.scale(124)
    assert scene.listing.rect.bottom <= top  # type: ignore[union-attr]
    assert top + font(ctx.scale(15)).get_linesize() <= button(scene, "load").rect.top


def test_loading_a_save_opens_its_game(ctx) -> None:  # type: ignore[no-untyped-def]
    session = Session.start("gambit", [Seat("Mia")], 4, {})
    session.play(session.state.parse("draw"))
    ctx.saves.save("evening", session)
    scene = open_load(ctx)
    select(ctx, scene, "evening")
    click(ctx, button(scene, "load").rect.center)
    frame(ctx, 0.016)
    top = ctx.scenes.top
    assert type(top).__name__ == "GambitScene"
    assert [str(e.action) for e in top.session.log] == ["draw"]


def test_delete_asks_first_and_keep_it_keeps_the_file(ctx) -> None:  # type: ignore[no-untyped-def]
    ctx.saves.save("evening", Session.start("gambit", [Seat("Mia")], 4, {}))
    path = ctx.saves.path_of("evening")
    scene = open_load(ctx)
    for answer, kept in (("Keep it", True), ("Delete it", False)):
        select(ctx, scene, "evening")
        click(ctx, button(scene, "delete").rect.center)
        overlay = ctx.scenes.top
        assert isinstance(overlay, MenuOverlay) and "evening" in overlay.title
        choice = next(b for b, fn in overlay._actions.items() if b.text == answer)
        click(ctx, choice.rect.center)
        frame(ctx, 0.016)
        assert ctx.scenes.top is scene
        assert path.exists() == kept
    assert scene.message == "Deleted “evening”."
    assert not any(item["text"].startswith("evening") for item in scene.listing.item_list)  # type: ignore[union-attr]


def test_the_autosave_is_listed_under_the_menus_name_for_it(ctx) -> None:  # type: ignore[no-untyped-def]
    ctx.saves.autosave(Session.start("gambit", [Seat("Mia")], 4, {}))
    scene = open_load(ctx)
    texts = [item["text"] for item in scene.listing.item_list]  # type: ignore[union-attr]
    assert len(texts) == 1 and texts[0].startswith("Continue (autosave) — Cat's Gambit, Mia")
    assert scene.selected() is None
    select(ctx, scene, "Continue (autosave)")
    assert scene.selected() is not None and scene.selected().slot == "resume"  # type: ignore[union-attr]
