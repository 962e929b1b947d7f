"""No game is ever lost: starting, loading or replaying another game keeps every unfinished one
as its own autosave; Continue opens the newest unfinished game; Load lists each with its
progress; a finished game is not continued as if it were under way."""

from __future__ import annotations

from typing import Any

import pytest

from cats.session import Seat, Session
from frames import click, headless_context, over_menu
from saves.store import RESUME, SaveStore, is_autosave
from screens.app import frame
from screens.menus.loadgame import LoadScene
from screens.menus.main import MainMenu
from screens.menus.newgame import NewGameScene, kinds


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1280, 800))


def widget(dialog: NewGameScene, kind: str, key: Any = None) -> Any:
    return next(w for w, (k, v) in dialog.widgets.items() if k == kind and (key is None or v == key))


def start_from_dialog(ctx: Any, game: str) -> Any:
    """New game -> choose ``game`` -> Start, as a player does; the game's scene."""
    ctx.scenes.reset(MainMenu(ctx))
    frame(ctx, 0.016)
    dialog = over_menu(ctx, NewGameScene(ctx, game))
    dialog.kinds = [kinds()[0]] * 6  # everyone human: the test plays every seat
    dialog.name_seats()
    dialog.resize()
    click(ctx, widget(dialog, "start").rect.center)
    frame(ctx, 0.016)
    scene = next(s for s in reversed(ctx.scenes.stack) if hasattr(s, "session"))
    assert scene.session.game_id == game
    return scene


def play_moves(scene: Any, moves: int) -> None:
    """Play ``moves`` actions through the scene (every seat human), autosaving each."""
    for _ in range(moves):
        scene.play(scene.session.state.legal_actions()[0])


def autosaves(store: SaveStore) -> dict[str, Any]:
    return {i.slot: i for i in store.list() if is_autosave(i.slot)}


def menu_button(menu: MainMenu, key: str) -> Any:
    return next(b for b, k in menu.buttons.items() if k == key)


def test_a_new_game_from_the_main_menu_keeps_the_unfinished_one(ctx) -> None:  # type: ignore[no-untyped-def]
    between = start_from_dialog(ctx, "between")
    play_moves(between, 12)
    gambit = start_from_dialog(ctx, "gambit")
    kept_state = between.session.state.to_json()
    play_moves(gambit, 2)
    saves = autosaves(ctx.saves)
    assert len(saves) == 2 and {i.game for i in saves.values()} == {"between", "gambit"}
    other = next(i for i in saves.values() if i.game == "between")
    assert other.ok and not other.over and other.progress
    assert ctx.saves.load(other.slot).state.to_json() == kept_state
    # Load lists both; Continue opens the newest (the Gambit game).
    load = over_menu(ctx, LoadScene(ctx))
    rows = load.lines
    assert any(r.startswith("Continue (autosave) — Cat's Gambit") for r in rows), rows
    assert any(r.startswith("Autosave ") and "Cat Between Us" in r for r in rows), rows
    ctx.scenes.reset(MainMenu(ctx))
    frame(ctx, 0.016)
    click(ctx, menu_button(ctx.scenes.top, "continue").rect.center)
    assert ctx.scenes.top.session.state == gambit.session.state


def test_loading_a_kept_game_brings_it_back_without_a_copy_or_losing_the_other(ctx) -> None:  # type: ignore[no-untyped-def]
    first = start_from_dialog(ctx, "between")
    play_moves(first, 5)
    second = start_from_dialog(ctx, "catch22")
    play_moves(second, 3)
    kept = next(i for i in autosaves(ctx.saves).values() if i.game == "between")
    load = over_menu(ctx, LoadScene(ctx))
    row = next(item for item, line in zip(load.listing.item_list, load.lines)
               if line.startswith("Autosave "))
    click(ctx, row["button_element"].rect.center)
    assert load.selected() is not None and load.selected().slot == kept.slot
    click(ctx, next(b for b, k in load.actions.items() if k == "load").rect.center)
    frame(ctx, 0.016)
    scene = next(s for s in reversed(ctx.scenes.stack) if hasattr(s, "session"))
    assert scene.session.game_id == "between"
    saves = autosaves(ctx.saves)
    assert sorted(i.game for i in saves.values()) == ["between", "catch22"], saves
    assert saves[RESUME].game == "between", "the loaded game is the one in play"


def test_replaying_the_deal_keeps_the_game_under_way(ctx) -> None:  # type: ignore[no-untyped-def]
    scene = start_from_dialog(ctx, "gambit")
    play_moves(scene, 3)
    before = scene.session.state.to_json()
    scene.menu.restart_same()
    frame(ctx, 0.016)
    again = ctx.scenes.top
    play_moves(again, 1)
    states = [ctx.saves.load(slot).state.to_json() for slot in autosaves(ctx.saves)]
    assert before in states and len(states) == 2


def test_a_finished_game_is_not_continued_and_is_replaced_without_keeping() -> None:
    store = SaveStore()
    done = Session.start("gambit", [Seat("Mia")], 5, {})
    while done.state.to_move is not None:
        done.play(done.state.legal_actions()[0])
    store.autosave(done)
    assert store.list()[0].over and store.latest_unfinished() is None
    fresh = Session.start("gambit", [Seat("Mia")], 6, {})
    store.autosave(fresh)
    assert [i.slot for i in store.list()] == [RESUME], "a finished game needs no keeping"
    assert store.latest_unfinished() == RESUME


def test_continue_is_off_when_only_finished_games_are_saved() -> None:
    for ctx in headless_context():
        done = Session.start("gambit", [Seat("Mia")], 5, {})
        while done.state.to_move is not None:
            done.play(done.state.legal_actions()[0])
        ctx.saves.autosave(done)
        menu = over_menu(ctx, MainMenu(ctx))
        assert not menu_button(menu, "continue").is_enabled


def test_a_game_with_no_move_yet_is_continued_but_not_kept_when_replaced() -> None:
    store = SaveStore()
    store.autosave(Session.start("gambit", [Seat("Mia")], 5, {}))
    assert store.latest_unfinished() == RESUME
    store.autosave(Session.start("box", [Seat("Ann"), Seat("Bob")], 5, {}))
    assert [i.game for i in store.list()] == ["box"], "nothing was played: nothing to lose"


def test_a_player_cannot_name_a_save_like_an_autosave() -> None:
    assert is_autosave("resume") and is_autosave("Resume") and is_autosave("resume-20260101-101010")
    assert not is_autosave("resume game") and not is_autosave("Evening")
