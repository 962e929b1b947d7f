"""The replay viewer: each step shows exactly the engine's replay of that many moves, through
the eyes chosen; hidden hands never show for a seat while the game is unfinished; the step
buttons, arrow keys, Home / End and the slider move it; Load and the end panel open it."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
import pytest
from frames import click, headless_context, over_menu

from cats import get_game
from cats.session import Seat, Session
from screens.app import frame, play_random
from screens.menus.loadgame import LoadScene
from screens.replay.scene import ReplayScene
from screens.replay.viewers import EVERYTHING, TABLE, Viewer, viewers

GAMES = [("gambit", 1), ("catchess", 2), ("between", 2), ("catch22", 2), ("box", 2)]


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1280, 800))


def finished(game_id: str, players: int, seed: int = 5, moves: int = 100_000) -> Session:
    """A game played with random legal moves (to the end unless ``moves`` stops it)."""
    session = Session.start(game_id, [Seat(f"P{i + 1}") for i in range(players)], seed, {})
    play_random(session, moves, seed)
    return session


def engine_view(session: Session, moves: int, seat: Any) -> dict[str, Any]:
    """The view after ``moves`` moves, replayed by the engine from the seed (not the viewer)."""
    actions = [e.action.to_json() for e in session.log[:moves]]
    again = Session.replay(session.game_id, session.seats, session.seed, session.options, actions)
    return again.state.view_for(seat)


def watch(ctx: Any, session: Session) -> ReplayScene:
    return over_menu(ctx, ReplayScene(ctx, session))  # type: ignore[no-any-return]


def key(ctx: Any, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="",
                                         scancode=0))
    frame(ctx, 0.016)


@pytest.mark.parametrize("game_id,players", GAMES)
def test_every_step_forwards_and_back_is_the_engine_replay(ctx, game_id: str,  # type: ignore[no-untyped-def]
                                                           players: int) -> None:
    session = finished(game_id, players)
    assert session.state.is_over()
    scene = watch(ctx, session)
    total = len(session.log)
    assert scene.index == total
    seat = 0 if get_game(game_id).info.hidden_information else None
    for moves in (total, 0, total // 2, 1, total - 1, total // 3, total):
        scene.go(moves)
        assert scene.index == moves
        assert scene.view == engine_view(session, moves, seat), (game_id, moves)
    frame(ctx, 0.016)  # and it draws


def test_everything_follows_whoever_acts_once_the_game_is_over(ctx) -> None:  # type: ignore[no-untyped-def]
    session = finished("box", 2)
    scene = watch(ctx, session)
    assert Viewer(EVERYTHING) in scene.choices
    scene.watch(Viewer(EVERYTHING))
    for moves in (3, 10, 20):
        scene.go(moves)
        mover = session.state_at(moves).to_move
        assert scene.view == session.state_at(moves).view_for(mover)
        assert scene.view["hand"] is not None


@pytest.mark.parametrize("game_id", ["box", "between"])
def test_an_unfinished_hotseat_game_shows_no_hand_at_any_step(ctx, game_id: str) -> None:  # type: ignore[no-untyped-def]
    session = finished(game_id, 2, moves=14)
    assert not session.state.is_over()
    scene = watch(ctx, session)
    assert scene.choices == [Viewer(TABLE)]
    for viewer in (Viewer("seat", 0), Viewer("seat", 1), Viewer(EVERYTHING)):
        scene.watch(viewer)  # not offered: refused
        assert scene.watching == Viewer(TABLE)
    for moves in range(len(session.log) + 1):
        scene.go(moves)
        assert scene.view["hand"] is None
        assert scene.view == session.state_at(moves).view_for(None)


def test_an_unfinished_game_against_a_bot_offers_only_the_persons_seat() -> None:
    seats = [Seat("Mia"), Seat("Tomcat", "bot", 2)]
    assert viewers(seats, True, over=False) == [Viewer("seat", 0), Viewer(TABLE)]
    assert viewers(seats, True, over=True) == [Viewer("seat", 0), Viewer("seat", 1),
                                               Viewer(EVERYTHING), Viewer(TABLE)]
    assert viewers(seats, False, over=False) == [Viewer(TABLE)]  # nothing hidden: the table


def test_arrow_keys_home_end_and_the_buttons_step(ctx) -> None:  # type: ignore[no-untyped-def]
    session = finished("catch22", 2, moves=30)
    scene = watch(ctx, session)
    total = len(session.log)
    key(ctx, pygame.K_LEFT)
    key(ctx, pygame.K_LEFT)
    assert scene.index == total - 2
    key(ctx, pygame.K_RIGHT)
    assert scene.index == total - 1
    key(ctx, pygame.K_HOME)
    assert scene.index == 0
    key(ctx, pygame.K_LEFT)  # nothing before the deal
    assert scene.index == 0
    key(ctx, pygame.K_END)
    assert scene.index == total
    buttons = {k: b for b, k in scene.buttons.items()}
    click(ctx, buttons["first"].rect.center)
    assert scene.index == 0
    click(ctx, buttons["next"].rect.center)
    assert scene.index == 1
    assert scene.movelog is not None and scene.movelog.shown == 1  # the log keeps in step
    click(ctx, buttons["last"].rect.center)
    assert scene.index == total


def test_the_slider_moves_the_replay(ctx) -> None:  # type: ignore[no-untyped-def]
    session = finished("gambit", 1, moves=12)
    scene = watch(ctx, session)
    scene.go(0)
    frame(ctx, 0.016)
    slider = scene.slider
    assert slider is not None and int(slider.get_current_value()) == 0
    click(ctx, slider.right_button.rect.center)
    frame(ctx, 0.016)
    assert scene.index == 1
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
                                         ui_element=slider, value=7))
    frame(ctx, 0.016)
    assert scene.index == 7 and scene.view == session.state_at(7).view_for(0)


def test_watch_on_the_load_page_opens_the_replay(ctx) -> None:  # type: ignore[no-untyped-def]
    ctx.saves.save("evening", finished("box", 2, moves=9))
    load = over_menu(ctx, LoadScene(ctx))
    assert load.listing is not None
    row = next(i for i in load.listing.item_list if i["text"].startswith("evening "))
    click(ctx, row["button_element"].rect.center)
    click(ctx, next(b for b, k in load.actions.items() if k == "watch").rect.center)
    top = ctx.scenes.top
    assert isinstance(top, ReplayScene) and top.total == 9 and top.index == 9


def test_the_end_panel_offers_the_replay(ctx) -> None:  # type: ignore[no-untyped-def]
    from frames import show

    from screens.overlays import MenuOverlay
    from screens.registry import open_game

    done = finished("catch22", 2, seed=3)
    actions = [e.action for e in done.log]
    session = Session.replay("catch22", done.seats, done.seed, {},
                             [a.to_json() for a in actions[:-1]])
    table = show(ctx, open_game(ctx, session))
    table.play(actions[-1])
    for _ in range(5):
        frame(ctx, 0.05)
    panel = ctx.scenes.top
    assert isinstance(panel, MenuOverlay)
    watch_button = next(b for b in panel._actions if b.text == "Watch the replay")
    click(ctx, watch_button.rect.center)
    top = ctx.scenes.top
    assert isinstance(top, ReplayScene) and top.total == len(actions)
    assert top.session is not session  # the table's own game is left alone


def test_watching_leaves_the_game_as_it_was(ctx) -> None:  # type: ignore[no-untyped-def]
    session = finished("between", 2)
    before = session.state.to_json()
    scene = watch(ctx, session)
    for moves in (0, 5, len(session.log)):
        scene.go(moves)
    assert session.state.to_json() == before and scene.session.state is session.state
