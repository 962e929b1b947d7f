"""Headless tests of the Cat Between Us screen: real mouse events through the frame loop make (or
refuse) lures, the hand-off curtain hides hands, bots move by themselves, a bot game ends."""

from __future__ import annotations

import threading

import pygame
import pytest
from frames import SlowBot, click, drag, frames_until, headless_context, pass_on, press_done, show

from cats.between.actions import Lure
from cats.between.cards import CARD_NAMES
from cats.session import Seat, Session
from screens.app import frame
from screens.between.screen import BetweenScene
from screens.table.curtain import Curtain
from screens.table.hotseat import Step

# Seat 0 leads; the deck is dealt in blocks of seven from seat 0 (3 players, no wins).
FIRST_HAND = ["mouse 0", "mouse 3", "yarn 2", "feather 5", "fish 1", "bell 4", "laser 6"]


def card(name: str) -> int:
    return CARD_NAMES.index(name)


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1100, 760))


def open_between(ctx, seats, confirm=True, **options):  # type: ignore[no-untyped-def]
    opts = {"first": 0, "deck": [[card(n) for n in FIRST_HAND]], **options}
    session = Session.start("between", seats, 11, opts)
    scene = show(ctx, BetweenScene(ctx, session), confirm)
    return session, scene


def centre(scene: BetweenScene, spot: tuple) -> tuple[int, int]:  # type: ignore[type-arg]
    rect = scene.spot_rect(spot)
    assert rect is not None, spot
    return rect.center


def humans(n: int) -> list[Seat]:
    return [Seat(f"P{i + 1}") for i in range(n)]


def test_every_spot_is_hit_where_it_is_drawn_at_two_window_sizes(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_between(ctx, humans(3))
    for size in ((1024, 700), (1600, 1000)):
        ctx.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        ctx.ui.set_window_resolution(size)
        scene.resize()
        spots = [("toy", t) for t in range(6)] + [("hand", c) for c in session.state.hands[0]]
        for spot in spots:
            assert scene.spot_at(centre(scene, spot)) == spot
        for source in session.state.drag_sources():
            assert source in spots


def test_a_legal_drag_plays_the_lure_and_updates_the_live_total(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_between(ctx, [Seat("Ann"), Seat("Bot", "bot", 1), Seat("Cy", "bot", 1)])
    drag(ctx, centre(scene, ("hand", card("fish 1"))), centre(scene, ("toy", 2)))
    assert session.log[0].action == Lure(card("fish 1"), 2)
    assert session.state.toys[2] == [card("fish 1")]
    assert scene.view["toys"][2]["attraction"] == 1
    assert scene.view["live_total"] == session.state.view_for(0)["live_total"]
    assert ctx.saves.load("resume").state == session.state, "autosaved after the lure"


def test_an_illegal_drop_slides_back_with_the_engine_reason(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_between(ctx, humans(3))
    for seat in (0, 1):  # seats 0 and 1 fill the mouse toy, seat 2 plays elsewhere
        session.play(Lure(session.state.hands[seat][0], 0))
    session.play(Lure(session.state.hands[2][0], 1))
    scene.viewer = session.to_move
    scene.refresh()
    assert scene.viewer == 0 and not scene.view["toys"][0]["open"]
    before = session.state.clone()
    mine = session.state.hands[0][0]
    drag(ctx, centre(scene, ("hand", mine)), centre(scene, ("toy", 0)))
    assert session.state == before and len(session.log) == 3
    reason = session.state.why_illegal(Lure(mine, 0))
    assert reason and "already has two cards" in reason
    assert scene.flash_text == reason


def test_highlights_while_dragging_are_the_engine_targets(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_between(ctx, humans(3))
    session.play(Lure(session.state.hands[0][0], 4))
    session.play(Lure(session.state.hands[1][0], 4))
    session.play(Lure(session.state.hands[2][0], 3))
    scene.viewer = 0
    scene.refresh()
    source = ("hand", session.state.hands[0][2])
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre(scene, source), button=1))
    frame(ctx, 0.016)
    assert scene.drag is not None
    assert scene.drag.targets == session.state.legal_targets(source)
    assert ("toy", 4) not in scene.drag.targets
    # Hovering a legal toy previews the total the engine would give.
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(scene, ("toy", 0)),
                                         rel=(1, 1), buttons=(1, 0, 0)))
    frame(ctx, 0.016)
    world = session.state.clone()
    world.do(Lure(source[1], 0))
    assert scene.preview(source, ("toy", 0)) == (world.view_for(0)["live_total"],
                                                 world.view_for(0)["live_passed"])
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    frame(ctx, 0.016)
    assert len(session.log) == 3


def test_hotseat_curtain_hides_the_next_hand_until_confirmed(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_between(ctx, humans(2), confirm=False, deck=None)
    opening = ctx.scenes.top
    assert isinstance(opening, Curtain), "even the first hand waits for its owner"
    assert scene.viewer is None and scene.view["hand"] is None
    click(ctx, opening.ready_button.rect.center)
    assert scene.viewer == 0 and scene.view["hand"] is not None
    first = session.state.hands[0][0]
    drag(ctx, centre(scene, ("hand", first)), centre(scene, ("toy", 5)))
    assert len(session.log) == 1 and session.to_move == 1
    assert scene.flow.step is Step.CONFIRM and scene.viewer == 0, "Done / Undo before passing"
    press_done(ctx, scene)
    curtain = ctx.scenes.top
    assert isinstance(curtain, Curtain)
    assert scene.viewer is None and scene.view["hand"] is None
    assert scene.view["live_total"] is None
    drawn: list[int] = []  # the curtain shows whose turn it is by their disc and symbol too
    scene.seat_disc = lambda surface, seat, *args, **kw: drawn.append(seat)
    curtain.draw(pygame.Surface(ctx.size))
    assert drawn == [1]
    del scene.seat_disc
    click(ctx, curtain.ready_button.rect.center)
    assert ctx.scenes.top is scene
    assert scene.viewer == 1
    assert [c["id"] for c in scene.view["hand"]] == session.state.hands[1]


def test_a_bot_moves_by_itself_while_frames_keep_running(ctx, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    release = threading.Event()

    import cats.ai
    monkeypatch.setattr(cats.ai, "make_bot", lambda game_id, level: SlowBot(release))
    session, scene = open_between(ctx, [Seat("Ann"), Seat("Bot", "bot", 2)], first=1, deck=None)
    assert session.bot_to_move()
    for _ in range(5):
        frame(ctx, 0.016)
    assert scene.pending is not None, "the bot thinks on the worker thread"
    # The bot waits for the release: a frame that waited for the bot would never have returned
    # with the bot still thinking.
    assert not scene.pending.done(), "frames keep running while it thinks"
    assert not session.log and not scene.my_turn()
    release.set()
    frames_until(ctx, lambda: bool(session.log), seconds=30.0)
    assert len(session.log) == 1 and session.log[0].seat == 1
    assert scene.my_turn()


def play_first_legal_lure(ctx, scene: BetweenScene) -> None:  # type: ignore[no-untyped-def]
    state = scene.session.state
    source = state.drag_sources()[0]
    drag(ctx, centre(scene, source), centre(scene, state.legal_targets(source)[0]))


def test_the_nuzzle_reveal_is_shown_to_the_whole_table_before_the_next_curtain(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_between(ctx, humans(2), deck=None)
    while session.state.round == 1:
        assert not scene.reveal_shown()
        play_first_legal_lure(ctx, scene)
        if session.state.round == 1:
            pass_on(ctx, scene)
    last = scene.view["last_round"]
    assert last is not None and last["round"] == 1
    assert last["totals"] == session.state.view_for(None)["last_round"]["totals"]
    # Everybody sees the Nuzzle together, on a neutral screen: nobody's new hand is up.
    assert scene.flow.step is Step.RESULTS and scene.reveal_shown()
    assert scene.viewer is None and scene.view["hand"] is None
    assert not isinstance(ctx.scenes.top, Curtain)
    click(ctx, scene.results_rect().center)
    assert not scene.reveal_shown()
    assert isinstance(ctx.scenes.top, Curtain), "the next hand waits for its owner"


def test_a_game_of_bots_reaches_the_end_panel(ctx) -> None:  # type: ignore[no-untyped-def]
    seats = [Seat(f"Bot {i}", "bot", 1) for i in range(3)]
    session = Session.start("between", seats, 5, {})
    scene = show(ctx, BetweenScene(ctx, session), run_frame=False)
    frames_until(ctx, lambda: scene.end_shown)
    assert session.state.is_over() and scene.end_shown
    assert ctx.scenes.top is not scene


@pytest.mark.parametrize("reopened", [False, True])
def test_no_hand_shows_while_a_bot_moves_first_in_hotseat(ctx, reopened) -> None:  # type: ignore[no-untyped-def]
    """A new game whose first seat is a bot, or a game reopened on a bot's turn: the table stays
    public (no human has confirmed) and the next human gets the curtain."""
    seats = [Seat("Kit", "bot", 1), Seat("Mia"), Seat("Leo")]
    session = Session.start("between", seats, 11, {"first": 0})
    if reopened:
        session = Session.from_record(session.to_record())
    scene = show(ctx, BetweenScene(ctx, session), confirm=False)
    assert not isinstance(ctx.scenes.top, Curtain)
    assert scene.viewer is None and scene.view["hand"] is None
    frames_until(ctx, lambda: len(session.log) >= 1, seconds=60)
    frames_until(ctx, lambda: isinstance(ctx.scenes.top, Curtain), seconds=10)
    assert session.to_move == 1 and isinstance(ctx.scenes.top, Curtain)
    assert ctx.scenes.top.name == "Mia" and scene.view["hand"] is None
