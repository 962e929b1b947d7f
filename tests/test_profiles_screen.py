"""The Players page: adding a name, a name already there is said, a long list says how many more."""

from __future__ import annotations

from typing import Any

import pytest
from frames import click, headless_context, over_menu

from screens.menus.profiles import ProfilesScene


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1024, 640))


def open_page(ctx: Any) -> ProfilesScene:
    return over_menu(ctx, ProfilesScene(ctx))  # type: ignore[no-any-return]


def add(ctx: Any, page: ProfilesScene, name: str) -> None:
    page.entry.set_text(name)  # type: ignore[union-attr]
    click(ctx, page.add.rect.center)  # type: ignore[union-attr]


def test_adding_a_player_and_a_name_already_there(ctx) -> None:  # type: ignore[no-untyped-def]
    page = open_page(ctx)
    add(ctx, page, "Mia")
    assert [p.name for p in ctx.profiles.profiles] == ["Mia"] and page.message == ""
    add(ctx, page, "Mia")
    assert [p.name for p in ctx.profiles.profiles] == ["Mia"]
    assert page.message == "Mia is already on the list."


def test_a_long_list_shows_what_fits_and_counts_the_rest(ctx) -> None:  # type: ignore[no-untyped-def]
    for i in range(30):
        ctx.profiles.add(f"Cat {i}")
    page = open_page(ctx)
    shown = page.shown()
    assert 0 < len(shown) < 30 and len(shown) == page.rows() - 1
    assert len(page.cyclers) == 2 * len(shown)  # colour and symbol buttons for each row shown
