"""The new-game dialog: any of the five games from one dialog, people's names on human seats and
levels on bots, one colour-and-symbol pair per seat, number options, solo without a bot."""

from __future__ import annotations

from typing import Any

import pygame_gui
import pytest
from frames import click, headless_context, over_menu

from screens.app import frame
from screens.menus.newgame import NewGameScene, kinds


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1024, 640))


def open_dialog(ctx: Any, game: str = "gambit") -> NewGameScene:
    return over_menu(ctx, NewGameScene(ctx, game))  # type: ignore[no-any-return]


def widget(dialog: NewGameScene, kind: str, key: Any = None) -> Any:
    return next(w for w, (k, v) in dialog.widgets.items() if k == kind and (key is None or v == key))


def choose_kind(ctx: Any, dialog: NewGameScene, seat: int, kind: str) -> None:
    """Pick a seat's Human/Bot entry as the drop-down would."""
    import pygame
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=kind,
                                         ui_element=widget(dialog, "kind", seat)))
    frame(ctx, 0.016)


def test_the_dialog_switches_game_by_its_tabs(ctx) -> None:  # type: ignore[no-untyped-def]
    dialog = open_dialog(ctx)
    click(ctx, widget(dialog, "game", "catch22").rect.center)
    assert dialog.game.info.id == "catch22" and dialog.players == 2
    click(ctx, widget(dialog, "start").rect.center)
    assert type(ctx.scenes.top).__name__ == "Catch22Scene"
    assert ctx.scenes.top.session.game_id == "catch22"


def test_people_sit_at_human_seats_and_bots_are_named_by_level(ctx) -> None:  # type: ignore[no-untyped-def]
    for name in ("Mia", "Leo"):
        ctx.profiles.add(name)
    dialog = open_dialog(ctx, "between")
    assert dialog.names[:2] == ["Mia", "Tomcat 2"], "a saved player is never put on a bot seat"
    choose_kind(ctx, dialog, 1, kinds()[0])
    assert dialog.names[1] == "Leo"
    choose_kind(ctx, dialog, 1, kinds()[3])
    assert dialog.names[1] == "Lion 2"


def test_two_seats_with_one_name_are_refused_and_pairs_never_repeat(ctx) -> None:  # type: ignore[no-untyped-def]
    for i in range(7):  # the 7th saved player gets the first colour and symbol again
        ctx.profiles.add(f"P{i}")
    dialog = open_dialog(ctx, "box")
    assert dialog.names[:2] == ["P0", "Tomcat 2"]
    widget(dialog, "name", 1).set_text("p0")
    click(ctx, widget(dialog, "start").rect.center)
    assert ctx.scenes.top is dialog and "both called p0" in dialog.message.lower()
    widget(dialog, "name", 1).set_text("P6")
    dialog._collect()
    pairs = [(s.colour, s.symbol) for s in dialog.seats()]
    assert len(set(pairs)) == len(pairs) == dialog.players


def test_number_options_are_offered_and_reach_the_game(ctx) -> None:  # type: ignore[no-untyped-def]
    dialog = open_dialog(ctx, "catch22")
    entry = widget(dialog, "number", "threshold")
    entry.set_text("30")
    click(ctx, widget(dialog, "start").rect.center)
    assert ctx.scenes.top.session.options["threshold"] == 30


def test_solo_shows_no_bot_choice_and_solo_options_only_for_one_player(ctx) -> None:  # type: ignore[no-untyped-def]
    dialog = open_dialog(ctx, "catchess")
    assert dialog.players == 2
    assert not any(k == "option" and v == "solo_moves" for k, v in dialog.widgets.values())
    dialog.players = 1
    dialog.resize()
    frame(ctx, 0.016)
    assert not any(k == "kind" for k, _ in dialog.widgets.values())
    assert any(k == "option" and v == "solo_moves" for k, v in dialog.widgets.values())
    assert [s.is_bot for s in dialog.seats()] == [False]
