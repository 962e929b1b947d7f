"""Headless tests of the Cat in the Box screen: real mouse events through the frame loop set cards
aside, predict, play by drag or by click (or are refused with the engine's reason), the hand-off
curtain hides hands, bots move by themselves, and an all-bot game reaches the end panel."""

from __future__ import annotations

import itertools
from dataclasses import replace
import threading

import pygame
import pytest
from frames import SlowBot, click, drag, frames_until, headless_context, pass_on, press_done, show

from cats.box.actions import Play, Predict, SetAside
from cats.session import Seat, Session
from screens import palette
from screens.app import frame
from screens.box.screen import BoxScene
from screens.menus.main import MainMenu
from screens.table.curtain import Curtain

# Four players, seat 0 starts; every number 1-8 five times.
HANDS = [[1, 1, 1, 2, 2, 2, 3, 3, 3, 8],
         [1, 1, 2, 2, 3, 3, 4, 4, 4, 8],
         [4, 4, 5, 5, 5, 5, 5, 6, 6, 8],
         [6, 6, 6, 7, 7, 7, 7, 7, 8, 8]]
READY = ["set aside 8"] * 4 + ["predict 1", "predict 2", "predict 3", "predict 1"]


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1280, 800))


def post(kind: int, pos: tuple[int, int], **extra) -> None:  # type: ignore[no-untyped-def]
    pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


def humans(n: int) -> list[Seat]:
    return [Seat(f"P{i + 1}") for i in range(n)]


def open_box(ctx, seats, hands=HANDS, first=0, seed=3, confirm=True):  # type: ignore[no-untyped-def]
    deal = [c for hand in hands for c in hand] if hands else None
    session = Session.start("box", seats, seed, {"deal": [deal], "first_player": first})
    scene = show(ctx, BoxScene(ctx, session), confirm)
    return session, scene


def setup(session: Session, scene: BoxScene, moves: list[str]) -> None:
    """Play moves straight through the session, then look from the seat to move."""
    ctx = scene.ctx
    while isinstance(ctx.scenes.top, Curtain):
        click(ctx, ctx.scenes.top.ready_button.rect.center)
    for move in moves:
        session.play(session.state.parse(move))
    scene.viewer = session.to_move
    scene.refresh()
    scene.rebuild_choices()
    frame(ctx, 0.016)


def hand_point(scene: BoxScene, number: int) -> tuple[int, int]:
    """A point on a hand card's visible strip (later cards may overlap its right part)."""
    rect = scene.spot_rect(("hand", number))
    assert rect is not None, number
    return rect.x + scene.ctx.scale(8), rect.centery


def centre(scene: BoxScene, spot: tuple) -> tuple[int, int]:  # type: ignore[type-arg]
    rect = scene.spot_rect(spot)
    assert rect is not None, spot
    return rect.center


def test_every_spot_is_hit_where_it_is_drawn_at_two_window_sizes(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_box(ctx, humans(5), hands=None)
    for size in ((1024, 700), (1600, 1000)):
        ctx.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        ctx.ui.set_window_resolution(size)
        scene.resize()
        frame(ctx, 0.016)
        assert scene.boardview.table.right <= scene.side.x and scene.boardview.hand_area.bottom <= size[1]
        for colour in scene.view["colours"]:
            for number in range(1, scene.view["numbers"] + 1):
                spot = ("space", colour, number)
                assert scene.spot_at(centre(scene, spot)) == spot
                assert scene.boardview.grid.right <= scene.boardview.table.right
        assert scene.spot_at(centre(scene, ("aside",))) == ("aside",)
        for number in session.state.hands[session.to_move]:
            assert scene.spot_at(hand_point(scene, number)) == ("hand", number)
        panels = scene.boardview.panels
        assert len(panels) == 5 and all(a.right < b.x for a, b in itertools.pairwise(panels))


def test_set_aside_by_dragging_a_card_onto_the_set_aside_spot(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_box(ctx, humans(4))
    assert scene.viewer == 0 and scene.view["phase"] == "aside"
    drag(ctx, hand_point(scene, 8), centre(scene, ("aside",)))
    assert session.log[0].action == SetAside(8) and session.state.aside[0] == 8
    assert session.log[0].text == "set a card aside", "the log keeps it secret"
    assert ctx.saves.load("resume").state == session.state, "autosaved after the move"
    # The next player sets aside by clicking a card, then the spot.
    pass_on(ctx, scene)
    assert scene.viewer == 1
    click(ctx, hand_point(scene, 4))
    click(ctx, centre(scene, ("aside",)))
    assert session.log[-1].action == SetAside(4) and session.log[-1].seat == 1


def test_prediction_is_made_with_a_button(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_box(ctx, humans(4))
    setup(session, scene, READY[:4])
    assert scene.view["phase"] == "predict" and scene.viewer == 0
    labels = {scene.label(a): b for b, a in scene.choice_buttons.items()}
    assert sorted(labels) == ["1 trick", "2 tricks", "3 tricks"]
    click(ctx, labels["2 tricks"].rect.center)
    assert session.log[-1].action == Predict(2) and session.state.predictions[0] == 2


def test_a_legal_drag_onto_a_space_plays_that_colour(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_box(ctx, humans(4))
    setup(session, scene, READY)
    assert scene.view["phase"] == "play" and scene.viewer == 0
    drag(ctx, hand_point(scene, 3), centre(scene, ("space", "blue", 3)))
    assert session.log[-1].action == Play(3, "blue")
    assert session.state.view_for(None)["board"]["blue"][2] == 0
    assert session.state.view_for(None)["trick"]["plays"] == [
        {"seat": 0, "number": 3, "colour": "blue"}]


def refused(ctx, scene: BoxScene, number: int, spot: tuple, action) -> None:  # type: ignore[no-untyped-def,type-arg]
    session = scene.session
    before = session.state.clone()
    count = len(session.log)
    reason = session.state.why_illegal(action) if action is not None else None
    drag(ctx, hand_point(scene, number), centre(scene, spot))
    assert session.state == before and len(session.log) == count
    if action is not None:
        assert reason and scene.flash_text == session.say(reason)  # seats said by name
    return scene.flash_text  # type: ignore[return-value]


def test_illegal_drops_slide_back_with_the_engine_reason(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_box(ctx, humans(4))
    setup(session, scene, READY)
    # Red is not open: the leader may not declare red while another colour is possible.
    refused(ctx, scene, 3, ("space", "red", 3), Play(3, "red"))
    assert "Red is not open" in scene.flash_text
    # A card only fits its own number's column (the engine explains that too).
    text = refused(ctx, scene, 2, ("space", "yellow", 5), None)
    assert text == session.state.why_not_drop(("hand", 2), ("space", "yellow", 5))
    assert "2 column" in text
    # Seat 0 leads 3 blue; seat 1 then finds that space taken.
    setup(session, scene, ["3 blue"])
    assert scene.viewer == 1
    refused(ctx, scene, 3, ("space", "blue", 3), Play(3, "blue"))
    assert "taken" in scene.flash_text
    # Seat 1 follows with green: blue is given up for the round.
    setup(session, scene, ["1 green", "4 blue", "6 blue", "7 yellow", "1 yellow"])
    assert scene.viewer == 1 and "blue" not in scene.view["player_colours"][1]
    refused(ctx, scene, 2, ("space", "blue", 2), Play(2, "blue"))
    assert "gave up blue" in scene.flash_text


def test_highlights_while_dragging_are_the_engine_targets(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_box(ctx, humans(4))
    setup(session, scene, READY + ["3 blue", "1 green"])
    assert scene.viewer == 2
    for number in (4, 5):
        source = ("hand", number)
        post(pygame.MOUSEBUTTONDOWN, hand_point(scene, number), button=1)
        frame(ctx, 0.016)
        assert scene.drag is not None and scene.drag.source == source
        assert scene.drag.targets == session.state.legal_targets(source)
        assert scene.drag.targets, "a 4 and a 5 can go somewhere"
        post(pygame.MOUSEMOTION, (5, 5), rel=(1, 1), buttons=(1, 0, 0))
        frame(ctx, 0.016)
        post(pygame.MOUSEBUTTONUP, (5, 5), button=1)
        frame(ctx, 0.016)
        assert len(session.log) == 10


def test_click_a_card_then_a_lit_space_or_a_button(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_box(ctx, humans(4))
    setup(session, scene, READY)
    click(ctx, hand_point(scene, 2))
    assert scene.selected is not None and scene.selected[1] == 2
    offered = sorted(str(a) for a in scene.choice_buttons.values())
    assert offered == sorted(str(a) for a in session.state.legal_actions()
                             if isinstance(a, Play) and a.number == 2)
    # A space that is not lit is refused with the reason; the selection stays.
    click(ctx, centre(scene, ("space", "red", 2)))
    assert len(session.log) == 8 and "Red is not open" in scene.flash_text
    click(ctx, centre(scene, ("space", "yellow", 2)))
    assert session.log[-1].action == Play(2, "yellow")
    # The next player picks a card and presses a declaration button instead.
    setup(session, scene, [])
    click(ctx, hand_point(scene, 4))
    button = next(b for b, a in scene.choice_buttons.items() if a == Play(4, "yellow"))
    click(ctx, button.rect.center)
    assert session.log[-1].action == Play(4, "yellow") and session.log[-1].seat == 1


def test_hotseat_curtain_hides_the_next_hand_until_confirmed(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_box(ctx, humans(2), hands=None, first=0, confirm=False)
    opening = ctx.scenes.top
    assert isinstance(opening, Curtain), "even the first hand waits for its owner"
    assert scene.viewer is None and scene.view["hand"] is None
    click(ctx, opening.ready_button.rect.center)
    assert scene.viewer == 0 and scene.view["hand"] is not None
    mine = session.state.hands[0][0]
    drag(ctx, hand_point(scene, mine), centre(scene, ("aside",)))
    assert len(session.log) == 1 and session.to_move == 1
    press_done(ctx, scene)
    curtain = ctx.scenes.top
    assert isinstance(curtain, Curtain)
    assert scene.viewer is None and scene.view["hand"] is None and scene.view["set_aside"] is None
    click(ctx, curtain.ready_button.rect.center)
    assert ctx.scenes.top is scene and scene.viewer == 1
    assert scene.view["hand"] == session.state.hands[1]


def test_a_bot_moves_by_itself_while_frames_keep_running(ctx, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    release = threading.Event()

    import cats.ai
    monkeypatch.setattr(cats.ai, "make_bot", lambda game_id, level: SlowBot(release))
    session, scene = open_box(ctx, [Seat("Ann"), Seat("Bot", "bot", 2)], hands=None, first=1)
    assert session.bot_to_move() and scene.viewer == 0
    for _ in range(5):
        frame(ctx, 0.016)
    assert scene.pending is not None, "the bot thinks on the worker thread"
    assert not scene.pending.done(), "frames keep running while it thinks (until released)"
    assert not session.log and not scene.my_turn()
    release.set()
    frames_until(ctx, lambda: bool(session.log), seconds=30.0)
    assert len(session.log) == 1 and session.log[0].seat == 1
    assert scene.my_turn() and scene.view["hand"] == session.state.hands[0]


def test_a_four_bot_game_reaches_the_end_panel(ctx, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    seats = [Seat(f"Bot {i}", "bot", 1) for i in range(4)]
    session = Session.start("box", seats, 3, {})
    scene = BoxScene(ctx, session)
    # The shared frame re-lays its move-log text box out after every move (~0.1 s each); here
    # it is brought up to date once at the end instead, to keep the test fast.
    update_log = scene.update_log
    monkeypatch.setattr(scene, "update_log", lambda dt: None)
    ctx.scenes.push(MainMenu(ctx))
    ctx.scenes.push(scene)
    rounds_seen = set()
    def note_round() -> None:
        if scene.result_shown():
            rounds_seen.add(scene.view["last_round"]["round"])

    frames_until(ctx, lambda: scene.end_shown, each=note_round)
    assert session.state.is_over() and scene.end_shown
    assert ctx.scenes.top is not scene
    assert scene.view["hand"] is None, "a spectator never sees a bot's hand"
    assert rounds_seen == {1, 2, 3, 4}, "every round's result was shown"
    update_log(0.0)
    assert scene.movelog.shown == len(session.log)


def test_the_trick_winner_and_the_last_trick_come_from_the_engine(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_box(ctx, humans(4))
    setup(session, scene, READY + ["3 blue", "1 green", "4 blue"])
    assert scene.viewer == 3
    drag(ctx, hand_point(scene, 6), centre(scene, ("space", "blue", 6)))
    plays, winner = session.state.last_trick
    assert scene.sweep is not None and scene.sweep[1] == winner == 3
    assert [p["number"] for p in scene.sweep[0]] == [3, 1, 4, 6]
    setup(session, scene, [])
    assert scene.last_pill.w > 0
    click(ctx, scene.last_pill.center)
    assert scene.peek_last
    shown, who, _ = scene.trick_cards()
    assert shown == scene.view["last_trick"]["plays"] and who == winner
    click(ctx, scene.last_pill.center)
    assert not scene.peek_last


def test_a_refusal_naming_a_card_does_not_outlive_the_hand_off(ctx) -> None:  # type: ignore[no-untyped-def]
    """The message under the prompt can name a card in the hand ("A 8 can only claim…"): it is
    dropped when the curtain comes down, so the next player never reads it."""
    session, scene = open_box(ctx, humans(2), hands=None, first=0)
    mine = session.state.hands[0][0]
    drag(ctx, hand_point(scene, mine), scene.board.center)
    assert scene.flash_text, "the drop was refused with a reason"
    drag(ctx, hand_point(scene, mine), centre(scene, ("aside",)))
    press_done(ctx, scene)
    curtain = ctx.scenes.top
    assert isinstance(curtain, Curtain) and scene.flash_text == ""
    click(ctx, curtain.ready_button.rect.center)
    assert scene.viewer == 1 and scene.flash_text == ""


def test_the_board_draws_a_chosen_and_a_held_card_from_the_ui_facts_and_changes_nothing(ctx) -> None:  # type: ignore[no-untyped-def]
    """A board is a view: the scene hands it the chosen card and the engine's spaces for it, and
    the card under the pointer; drawing them twice gives the same pixels and leaves it as it was."""
    session, scene = open_box(ctx, humans(4))
    setup(session, scene, READY + ["3 blue", "1 green"])
    click(ctx, hand_point(scene, 5))
    ui = scene.ui()
    assert ui.chosen == scene.selected and ui.chosen is not None and ui.chosen[1] == 5
    assert list(ui.lit) == session.state.legal_targets(("hand", 5)) and ui.lit
    post(pygame.MOUSEBUTTONDOWN, hand_point(scene, 4), button=1)
    frame(ctx, 0.016)
    over = centre(scene, ("space", "blue", 4))
    post(pygame.MOUSEMOTION, over, rel=(1, 1), buttons=(1, 0, 0))
    frame(ctx, 0.016)
    ui = scene.ui()
    assert ui.held is not None and ui.held.source == ("hand", 4) and ui.held.pos == over
    assert ui.playable == tuple(session.state.drag_sources())
    board = scene.boardview
    before = {k: (id(v), repr(v)) for k, v in vars(board).items()}
    state_before = session.state.to_json()
    first, second = pygame.Surface(ctx.size), pygame.Surface(ctx.size)
    for surface in (first, second):
        board.draw(surface, scene.view, ui)
        board.draw_side(surface, scene.side, scene.view, ui)
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(second, "RGB")
    assert {k: (id(v), repr(v)) for k, v in vars(board).items()} == before
    assert session.state.to_json() == state_before
    # The held card shows over the board: without it the pixels differ.
    bare = pygame.Surface(ctx.size)
    board.draw(bare, scene.view, replace(ui, held=None))
    board.draw_side(bare, scene.side, scene.view, ui)
    assert pygame.image.tobytes(bare, "RGB") != pygame.image.tobytes(first, "RGB")
    post(pygame.MOUSEBUTTONUP, (5, 5), button=1)
    frame(ctx, 0.016)


def test_the_last_trick_button_is_hit_where_the_header_draws_it(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_box(ctx, humans(4))
    setup(session, scene, READY + ["3 blue", "1 green", "4 blue", "6 blue"])
    rect = scene.last_pill
    assert rect.w > 0 and rect.midright == scene.boardview.header.midright
    surface = pygame.Surface(ctx.size)
    surface.fill((0, 0, 0))
    scene.boardview.draw(surface, scene.view, scene.ui())
    for x in (rect.x + 2, rect.right - 3):
        assert surface.get_at((x, rect.centery))[:3] == palette.WOOD, "the tag is drawn there"
