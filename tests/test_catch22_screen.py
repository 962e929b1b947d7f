"""Catch 22 screen, headless: real mouse and key events through the frame loop make (or refuse)
the engine's actions; bots play off the frame loop; an all-bot game reaches the end panel."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from frames import click, drag, frames_until, headless_context, show

from cats.catch22.actions import Move, PlaceCube
from cats.session import Seat, Session
from screens.app import frame
from screens.catch22.screen import Catch22Scene
from screens.overlays import MenuOverlay

NORTH, SOUTH = (0, 6), (12, 6)


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    for context in headless_context((1280, 800)):
        context.settings.confirm_moves = False  # gestures here; the Done step: test_hotseat_tables
        yield context


def post(event_type: int, **kw) -> None:  # type: ignore[no-untyped-def]
    pygame.event.post(pygame.event.Event(event_type, **kw))


def press(ctx, start: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    frame(ctx, 0.016)


def space(ctx) -> None:  # type: ignore[no-untyped-def]
    post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44)
    frame(ctx, 0.016)


def open_catch22(ctx, seats=None, dice=None, seed=22, **options):  # type: ignore[no-untyped-def]
    """Two people by default; loaded dice: the roll-off comes first (6, 1: player 1 starts)."""
    seats = seats or [Seat("Ann"), Seat("Bob")]
    session = Session.start("catch22", seats, seed, {"dice": dice, **options})
    scene = show(ctx, Catch22Scene(ctx, session), confirm=False)
    return session, scene


def started(ctx, dice):  # type: ignore[no-untyped-def]
    """Ann on the south Star, Bob on the north Star (chosen by clicking), Ann to prepare."""
    session, scene = open_catch22(ctx, dice=[6, 1] + dice)
    click(ctx, scene.spot_rect(("square", *SOUTH)).center)
    click(ctx, scene.spot_rect(("square", *NORTH)).center)
    assert [str(e.action) for e in session.log] == ["start south", "start north"]
    assert session.state.phase == "prepare" and session.to_move == 0
    return session, scene


def test_space_bar_rolls_the_die(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = started(ctx, [4])
    space(ctx)
    assert str(session.log[-1].action) == "roll"
    assert session.state.phase == "move" and session.state.die == 4
    assert scene.view["die"] == 4
    assert "rolls 4" in scene.log_box.html_text


def test_clicking_a_lit_end_square_moves_there(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = started(ctx, [3])
    space(ctx)
    moves = session.state.moves()
    action, route = moves[0]
    lit = session.state.legal_targets(("pawn", 0))
    assert ("square", action.row, action.col) in lit
    assert sorted(lit) == sorted(("square", *m["to"]) for m in scene.view["moves"])
    click(ctx, scene.spot_rect(("square", action.row, action.col)).center)
    assert session.log[-1].action == action and len(route) == 4


def test_dragging_the_cat_to_a_lit_square_moves_there(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = started(ctx, [2])
    space(ctx)
    action = session.state.moves()[-1][0]
    drag(ctx, scene.spot_rect(("pawn", 0)).center,
         scene.spot_rect(("square", action.row, action.col)).center)
    assert session.log[-1].action == action


def test_dragging_the_cat_to_an_unlit_square_is_refused_with_the_reason(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = started(ctx, [2])
    space(ctx)
    before = session.state.clone()
    drag(ctx, scene.spot_rect(("pawn", 0)).center, scene.spot_rect(("square", 8, 6)).center)
    assert session.state == before
    assert scene.flash_text == session.state.why_illegal(Move(8, 6))
    assert "exactly 2 steps" in scene.flash_text


def test_cube_dragged_onto_a_forbidden_square_is_refused_with_the_engine_reason(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = started(ctx, [])
    tray = scene.spot_rect(("supply", 0)).center
    for cell in (NORTH, SOUTH, (12, 0), (1, 1)):  # Stars with cats, a Jackpot, a hedge
        before = session.state.clone()
        drag(ctx, tray, scene.spot_rect(("square", *cell)).center)
        assert session.state == before and len(session.log) == 2
        reason = session.state.why_illegal(PlaceCube(*cell))
        assert reason and scene.flash_text == reason
    assert "Star" in session.state.why_illegal(PlaceCube(*NORTH))


def test_cube_dragged_onto_a_legal_square_is_placed(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = started(ctx, [])
    target = ("square", 4, 1)
    assert target in session.state.legal_targets(("supply", 0))
    drag(ctx, scene.spot_rect(("supply", 0)).center, scene.spot_rect(target).center)
    assert str(session.log[-1].action) == "cube b5"
    assert session.state.supply[0] == 4 and scene.view["cubes"] == [[4, 1, 0]]


def test_highlights_while_dragging_are_the_engine_targets(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = started(ctx, [5])
    press(ctx, scene.spot_rect(("supply", 0)).center)
    assert scene.drag is not None
    assert scene.drag.targets == session.state.legal_targets(("supply", 0))
    post(pygame.MOUSEBUTTONUP, pos=scene.spot_rect(("supply", 0)).center, button=1)
    frame(ctx, 0.016)
    assert scene.drag is None and len(session.log) == 2
    space(ctx)
    press(ctx, scene.spot_rect(("pawn", 0)).center)
    assert scene.drag is not None and scene.drag.source == ("pawn", 0)
    assert scene.drag.targets == session.state.legal_targets(("pawn", 0))


def test_remove_cube_choice_is_made_by_clicking_the_cube(ctx) -> None:  # type: ignore[no-untyped-def]
    # Ann starts north and puts a cube on b5; she rolls 4: g1 -> k1, a Remove Cube square.
    session, scene = open_catch22(ctx, dice=[6, 1, 4])
    click(ctx, scene.spot_rect(("square", *NORTH)).center)
    click(ctx, scene.spot_rect(("square", *SOUTH)).center)
    drag(ctx, scene.spot_rect(("supply", 0)).center, scene.spot_rect(("square", 4, 1)).center)
    space(ctx)
    click(ctx, scene.spot_rect(("square", 0, 10)).center)
    assert str(session.log[-1].action) == "move k1"
    assert session.state.phase == "remove" and session.to_move == 0
    assert ("square", 4, 1) in session.state.drag_sources()
    assert [str(a) for a in scene.choice_buttons.values()] == ["remove no cube"]
    click(ctx, scene.spot_rect(("square", 4, 1)).center)
    assert str(session.log[-1].action) == "remove cube b5"
    assert session.state.supply[0] == 5 and scene.view["cubes"] == []
    assert "takes back their cube from b5" in scene.log_box.html_text


def test_a_bot_seat_moves_by_itself_without_blocking_the_frame(ctx, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import threading

    import cats.ai
    from cats.ai.search import RandomBot

    release = threading.Event()

    class SlowBot(RandomBot):
        def choose(self, world, seat, rng):  # type: ignore[no-untyped-def]
            release.wait(120.0)  # keeps "thinking" until the test has run frames meanwhile
            return super().choose(world, seat, rng)

    monkeypatch.setattr(cats.ai, "make_bot", lambda game_id, level: SlowBot())
    # The bot wins the roll-off and chooses its Star first.
    session, scene = open_catch22(ctx, seats=[Seat("Ann"), Seat("Cat", "bot", 1)], dice=[1, 6])
    assert session.to_move == 1 and not scene.my_turn()
    for _ in range(10):
        frame(ctx, 0.016)
    assert scene.pending is not None and not session.log, "the bot is still thinking"
    assert not scene.pending.done(), "frames keep running while the bot thinks (until released)"
    release.set()
    frames_until(ctx, lambda: bool(session.log), seconds=30.0)
    assert [e.seat for e in session.log] == [1], "the bot chose its Star by itself"
    assert str(session.log[0].action).startswith("start ")
    assert scene.my_turn() and session.to_move == 0


def test_all_bot_game_reaches_the_end_panel(ctx) -> None:  # type: ignore[no-untyped-def]
    seats = [Seat(f"Bot {i}", "bot", 1) for i in range(1, 3)]
    session, scene = open_catch22(ctx, seats=seats, seed=24)  # about 90 actions to the win
    frames_until(ctx, lambda: scene.end_shown)
    assert session.state.is_over(), f"still playing after {len(session.log)} actions"
    frame(ctx, 0.016)
    assert scene.end_shown and isinstance(ctx.scenes.top, MenuOverlay)
    winner = session.state.outcome().winners[0]
    assert scene.view["winner"] == winner


def test_ransom_is_offered_in_the_column_and_answered_with_buttons(ctx) -> None:  # type: ignore[no-untyped-def]
    from cats.rng import seed_from_text
    from screens.app import play_random

    seed = seed_from_text("1")
    session = Session.start("catch22", [Seat(f"P{i}") for i in range(1, 5)], seed, {})
    play_random(session, 114, seed)   # player 4 holds one of player 3's cubes; player 3 has gold
    scene = show(ctx, Catch22Scene(ctx, session), confirm=False)
    offers = [a for a in session.state.legal_actions() if a.kind == "offer"]
    assert offers and session.to_move == 3
    owner, _row, minus, plus, button = scene.ransom_rows()[0]
    assert owner == offers[0].owner
    click(ctx, minus.center)
    click(ctx, minus.center)
    click(ctx, minus.center)
    click(ctx, plus.center)             # the lowest price, then one more
    click(ctx, button.center)
    assert session.log[-1].action == offers[1]
    assert session.state.phase == "ransom" and session.to_move == owner and scene.my_turn()
    labels = {scene.choice_buttons[b]: b for b in scene.choice_buttons}
    assert [str(a) for a in labels] == ["pay ransom", "refuse ransom"]
    paid_by = session.state.gold[owner]
    click(ctx, next(b for a, b in labels.items() if a.kind == "pay").rect.center)
    assert str(session.log[-1].action) == "pay ransom"
    assert session.state.gold[owner] == paid_by - offers[1].price


def test_two_routes_to_one_square_are_chosen_by_the_player(ctx, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # The reconstructed board never offers this (each Star is a corridor square), so the two
    # moves are staged: the screen must ask rather than pick one itself.
    session, scene = started(ctx, [3])
    space(ctx)
    real = session.state.moves()[0][0]
    via, avoid = Move(real.row, real.col, "star"), Move(real.row, real.col, "nostar")
    monkeypatch.setattr(session.state, "legal_actions", lambda: [via, avoid])
    played: list = []
    monkeypatch.setattr(scene, "play", lambda action: played.append(action) or True)
    click(ctx, scene.spot_rect(("square", real.row, real.col)).center)
    assert played == [] and scene.route_pick == (real.row, real.col)
    buttons = {a: b for b, a in scene.choice_buttons.items()}
    assert list(buttons) == [via, avoid]
    assert scene.label(via).endswith("via a Star")
    click(ctx, buttons[via].rect.center)
    assert played == [via]


def test_resize_lays_the_maze_out_again(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_catch22(ctx, dice=[6, 1])
    ctx.window = pygame.display.set_mode((900, 640), pygame.RESIZABLE)
    ctx.ui.set_window_resolution((900, 640))
    scene.resize()
    frame(ctx, 0.016)
    assert scene.board.contains(scene.boardview.frame_rect) and scene.board.contains(scene.boardview.column)
    assert not scene.boardview.frame_rect.colliderect(scene.boardview.column)
    click(ctx, scene.spot_rect(("square", *SOUTH)).center)
    assert [str(e.action) for e in session.log] == ["start south"]


def test_the_board_draws_the_walk_from_the_ui_it_is_handed(ctx) -> None:  # type: ignore[no-untyped-def]
    ctx.settings.animation_speed = 1
    session, scene = started(ctx, [3])
    frames_until(ctx, lambda: not scene.animator.busy)
    space(ctx)
    frames_until(ctx, lambda: not scene.animator.busy)
    assert session.state.phase == "move"
    action = session.state.moves()[0][0]
    click(ctx, scene.spot_rect(("square", action.row, action.col)).center)
    frame(ctx, 0.1)
    ui = scene.ui()
    assert ui.time is not None and any(st.kind == "walk" for st in ui.stages)
    board = scene.boardview
    before = {k: (id(v), repr(v)) for k, v in vars(board).items()}
    mid, again, rest = (pygame.Surface(ctx.size) for _ in range(3))
    board.draw(mid, scene.view, ui)
    board.draw(again, scene.view, ui)
    board.draw(rest, scene.view, replace(ui, time=None))
    assert pygame.image.tobytes(mid, "RGB") == pygame.image.tobytes(again, "RGB")
    assert pygame.image.tobytes(mid, "RGB") != pygame.image.tobytes(rest, "RGB")
    assert {k: (id(v), repr(v)) for k, v in vars(board).items()} == before


def test_the_done_band_leaves_the_whole_board_in_view(ctx) -> None:  # type: ignore[no-untyped-def]
    """Hotseat's Done / Undo sits in the strip under the board: over it, it would hide the last
    rows' squares, where the move being confirmed may have ended (Catch 22 has no hand there)."""
    _, scene = open_catch22(ctx)
    band = scene.confirm_rect()
    assert not band.colliderect(scene.boardview.frame_rect)
    assert scene.bottom.contains(band)
