"""Headless tests of the Cat Chess screen: real mouse events through the frame loop place, move
and swap cats (or are refused with the engine's reason), the hand-off curtain hides the next goal
card, bots move by themselves, the solo best score is worked out off the frame thread, and a game
of bots reaches the end panel."""

from __future__ import annotations

import threading
import time

import pygame
import pytest
from frames import SlowBot, click, drag, frames_until, headless_context, press_done, show

from cats.catchess import solo as catchess_solo
from cats.catchess.actions import Move, Place, Stay, Swap
from cats.catchess.state import hands_of
from cats.session import Seat, Session
from screens.app import frame
from screens.catchess.screen import CatChessScene
from screens.table.curtain import Curtain

SOLO_DEAL = {"deal": [[3, 4, 8]]}


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1280, 800))


def open_catchess(ctx, seats, **options):  # type: ignore[no-untyped-def]
    session = Session.start("catchess", seats, 7, {"start": 0, **options})
    scene = show(ctx, CatChessScene(ctx, session), confirm=False)
    return session, scene


def settle(ctx, scene, seconds: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    """Run frames until the screen no longer waits for the worker thread."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        frame(ctx, 0.016)
        if not scene.waiting_for_best() and scene.pending is None:
            return
        time.sleep(0.005)


def centre(scene: CatChessScene, spot: tuple) -> tuple[int, int]:  # type: ignore[type-arg]
    rect = scene.spot_rect(spot)
    assert rect is not None, spot
    return rect.center


def region(rid: int) -> tuple[str, int]:
    return ("region", rid)


def waiting(letter: str) -> tuple[str, str]:
    return ("waiting", letter)


def test_every_spot_is_hit_where_it_is_drawn_at_two_window_sizes(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_catchess(ctx, [Seat("Ann")], **SOLO_DEAL)
    session.play(Place("A", 5))
    scene.refresh()
    for size in ((1024, 700), (1600, 1000)):
        ctx.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        ctx.ui.set_window_resolution(size)
        scene.resize()
        spots = [region(r["id"]) for r in scene.view["regions"]]
        spots += [waiting(c["letter"]) for c in scene.view["waiting"]]
        for spot in spots:
            rect = scene.spot_rect(spot)
            assert rect is not None and scene.board.contains(rect), spot
            assert scene.spot_at(rect.center) == spot
        for source in session.state.drag_sources():
            assert source in spots
            for target in session.state.legal_targets(source):
                assert target in spots


def test_a_waiting_cat_is_placed_by_drag(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_catchess(ctx, [Seat("Ann")], **SOLO_DEAL)
    drag(ctx, centre(scene, waiting("C")), centre(scene, region(5)))
    assert [e.action for e in session.log] == [Place("C", 5)]
    placed = next(r for r in scene.view["regions"] if r["id"] == 5)
    assert placed["cat"]["letter"] == "C" and placed["cat"]["awake"]
    assert "C" not in [c["letter"] for c in scene.view["waiting"]]
    assert ctx.saves.load("resume").state == session.state, "autosaved after the placement"


def test_move_and_swap_by_drag_then_the_cat_sleeps(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_catchess(ctx, [Seat("Ann")], **SOLO_DEAL)
    for letter, rid in (("A", 1), ("B", 2), ("C", 3)):
        drag(ctx, centre(scene, waiting(letter)), centre(scene, region(rid)))
    drag(ctx, centre(scene, region(3)), centre(scene, region(4)))  # C into the empty region 4
    assert session.log[-1].action == Move("C", 4)
    drag(ctx, centre(scene, region(2)), centre(scene, region(1)))  # B onto A: a swap
    assert session.log[-1].action == Swap("B", "A")
    cats = {r["id"]: r["cat"] for r in scene.view["regions"] if r["cat"]}
    assert cats[1]["letter"] == "B" and not cats[1]["awake"], "the activated cat fell asleep"
    assert cats[2]["letter"] == "A" and cats[2]["awake"]
    assert cats[4]["letter"] == "C" and not cats[4]["awake"]


def test_an_illegal_drop_leaves_the_state_and_shows_the_engine_reason(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_catchess(ctx, [Seat("Ann")], **SOLO_DEAL)
    for action in (Place("A", 1), Place("B", 2), Place("C", 3), Swap("B", "A")):
        session.play(action)
    scene.refresh()
    scene.rebuild_choices()
    before = session.state.clone()
    # A was just swapped: it may not swap with C on the next turn.
    drag(ctx, centre(scene, region(2)), centre(scene, region(3)))
    assert session.state == before and len(session.log) == 4
    reason = session.state.why_illegal(Swap("A", "C"))
    assert reason and "just swapped" in reason
    assert scene.flash_text == reason
    # Region 7 is not next to region 2.
    drag(ctx, centre(scene, region(2)), centre(scene, region(7)))
    assert session.state == before
    assert scene.flash_text == session.state.why_illegal(Move("A", 7))
    # An asleep cat cannot be picked up; the engine says why.
    drag(ctx, centre(scene, region(1)), centre(scene, region(10)))
    assert session.state == before
    assert scene.flash_text == session.state.why_illegal(Stay("B"))


def test_highlights_while_dragging_are_the_engine_targets(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_catchess(ctx, [Seat("Ann")], **SOLO_DEAL)
    for action in (Place("A", 12), Place("B", 5), Place("C", 3)):
        session.play(action)
    scene.refresh()
    for source in (region(12), waiting("D")):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre(scene, source),
                                             button=1))
        frame(ctx, 0.016)
        assert scene.drag is not None and scene.drag.source == source
        assert scene.drag.targets == session.state.legal_targets(source)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(3, 3), button=1))
        frame(ctx, 0.016)
        assert len(session.log) == 3
    # The centre's neighbours: empty 7 and 11 to move to, taken 3 and 5 to swap with.
    assert set(session.state.legal_targets(region(12))) == {region(r) for r in (3, 5, 7, 11)}


def test_a_click_explains_and_the_stay_button_lets_the_cat_sleep(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_catchess(ctx, [Seat("Ann")], **SOLO_DEAL)
    drag(ctx, centre(scene, waiting("H")), centre(scene, region(6)))
    click(ctx, centre(scene, region(6)))
    assert len(session.log) == 1 and "H stays" in scene.flash_text
    button = next(b for b, a in scene.choice_buttons.items() if a == Stay("H"))
    click(ctx, button.rect.center)
    assert session.log[-1].action == Stay("H")
    cat = next(r["cat"] for r in scene.view["regions"] if r["id"] == 6)
    assert not cat["awake"]
    assert all(a != Stay("H") for a in scene.choice_buttons.values())


def test_hotseat_curtain_hides_the_next_goal_card_until_confirmed(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_catchess(ctx, [Seat("Ann"), Seat("Ben")])
    opening = ctx.scenes.top
    assert isinstance(opening, Curtain), "even the first goal card waits for its owner"
    assert scene.viewer is None and scene.view["my_cards"] == []
    click(ctx, opening.ready_button.rect.center)
    assert scene.viewer == 0 and len(scene.view["my_cards"]) == 1
    assert scene.view["my_cards"][0]["number"] == hands_of(session.state)[0][0]
    drag(ctx, centre(scene, waiting("A")), centre(scene, region(1)))
    assert len(session.log) == 1 and session.to_move == 1
    press_done(ctx, scene)
    curtain = ctx.scenes.top
    assert isinstance(curtain, Curtain)
    assert scene.viewer is None and scene.view["my_cards"] == []
    click(ctx, curtain.ready_button.rect.center)
    assert ctx.scenes.top is scene and scene.viewer == 1
    assert [c["number"] for c in scene.view["my_cards"]] == hands_of(session.state)[1]
    assert scene.my_turn()


def test_a_bot_moves_by_itself_while_frames_keep_running(ctx, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    release = threading.Event()

    import cats.ai
    monkeypatch.setattr(cats.ai, "make_bot", lambda game_id, level: SlowBot(release))
    session, scene = open_catchess(ctx, [Seat("Ann"), Seat("Bot", "bot", 2)], start=1)
    assert session.bot_to_move()
    for _ in range(5):
        frame(ctx, 0.016)
    assert scene.pending is not None, "the bot thinks on the worker thread"
    assert not scene.pending.done(), "frames keep running while it thinks (until released)"
    assert not session.log and not scene.my_turn()
    release.set()
    frames_until(ctx, lambda: bool(session.log), seconds=30.0)
    assert len(session.log) == 1 and session.log[0].seat == 1
    assert scene.my_turn() and scene.viewer == 0


def test_solo_best_score_is_worked_out_off_the_frame_thread_and_shown(ctx, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    catchess_solo._best.cache_clear()
    gate = threading.Event()
    on_main: list[bool] = []
    real = catchess_solo.max_goals

    def slow_search(*args, **kwargs):  # type: ignore[no-untyped-def]
        on_main.append(threading.current_thread() is threading.main_thread())
        gate.wait(120)  # a frame that waited for the search would not return before it
        return real(*args, **kwargs)

    monkeypatch.setattr(catchess_solo, "max_goals", slow_search)
    session, scene = open_catchess(ctx, [Seat("Ann")], **SOLO_DEAL)
    while session.state.legal_actions() and len(session.log) < 17:
        assert scene.play(session.state.legal_actions()[0])
    frame(ctx, 0.016)
    last = session.state.legal_actions()[0]
    assert scene.play(last)
    assert session.state.is_over()
    for _ in range(5):
        frame(ctx, 0.016)
    assert scene.waiting_for_best() and not scene.end_shown
    assert scene.view["rounds_played"] == [], "the round's end waits for the best score"
    gate.set()
    settle(ctx, scene)
    assert on_main == [False], "the exact search ran once, on the worker thread"
    best = catchess_solo.best_for_cards([3, 4, 8])
    entry = scene.view["rounds_played"][0]
    assert entry["best"]["score"] == best.score == scene.view["solo"]["best"]
    assert sorted(entry["best"]["arrangement"]) == list("ABCDEFGHI")
    assert f"was {best.score}" in scene.prompt_line() and "best possible" in scene.prompt_line()
    for _ in range(3):
        frame(ctx, 0.016)
    assert scene.end_shown and ctx.scenes.top is not scene
    ctx.scenes.pop()  # "Look at the board": the reveal shows the best garden
    frame(ctx, 0.016)
    assert scene.reveal_shown()
    catchess_solo._best.cache_clear()


def test_a_game_of_three_bots_reaches_the_end_panel(ctx) -> None:  # type: ignore[no-untyped-def]
    seats = [Seat(f"Bot {i}", "bot", 1) for i in range(3)]
    session = Session.start("catchess", seats, 5, {})
    scene = show(ctx, CatChessScene(ctx, session), run_frame=False)
    frames_until(ctx, lambda: scene.end_shown)
    assert session.state.is_over() and scene.end_shown
    assert len(session.log) == 54
    assert ctx.scenes.top is not scene
    assert len(scene.view["rounds_played"]) == 3


def test_the_board_is_told_the_engines_word_on_the_drop_and_the_goal_under_the_pointer(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_catchess(ctx, [Seat("Ann")], **SOLO_DEAL)
    session.play(Place("A", 5))
    scene.refresh()
    frame(ctx, 0.016)
    start, legal = centre(scene, waiting("B")), centre(scene, region(7))
    taken = centre(scene, region(5))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frame(ctx, 0.016)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=legal, rel=(1, 1),
                                         buttons=(1, 0, 0)))
    frame(ctx, 0.016)
    ui = scene.ui()
    world = session.state.clone()
    world.do(Place("B", 7))
    assert ui.target == region(7) and ui.target_label == scene.label(Place("B", 7))
    assert ui.preview == tuple(world.view_for(0)["my_cards"]) and not ui.target_reason
    assert ui.held is not None and region(7) in ui.targets and region(5) not in ui.targets
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=taken, rel=(1, 1),
                                         buttons=(1, 0, 0)))
    frame(ctx, 0.016)
    ui = scene.ui()
    assert ui.target == region(5) and not ui.target_label and ui.preview is None
    assert ui.target_reason == session.state.why_illegal(Place("B", 5))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    frame(ctx, 0.016)
    rows = scene.boardview.goal_rows()
    assert len(rows) == 4 * len(scene.view["my_cards"])
    row, cats = rows[1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=row.center, rel=(1, 1),
                                         buttons=(0, 0, 0)))
    frame(ctx, 0.016)
    first_pair = scene.view["my_cards"][0]["friends"][0]["cats"]
    assert scene.ui().hover_cats == tuple(cats) == tuple(first_pair)


def test_a_narrow_window_says_the_prompt_in_fewer_words_not_cut(ctx) -> None:  # type: ignore[no-untyped-def]
    """The engine's words, shortened by the game's own short form (cats/catchess/words.py),
    not by a screen cutting phrases out of English."""
    from cats.words import set_language
    name = "Maximiliana of the Seven Gardens"  # a long name: in a small window the line is long
    session, scene = open_catchess(ctx, [Seat(name)], **SOLO_DEAL)
    assert session.state.phase() == "place"

    def resized(size: tuple[int, int]) -> str:
        ctx.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        ctx.ui.set_window_resolution(size)
        scene.resize()
        return str(scene.prompt_line())

    assert resized((1920, 1080)) == f"{name}: Place a waiting cat on an empty region of the garden."
    assert resized((1024, 640)) == f"{name}: Place a waiting cat."
    set_language("zh-TW")
    try:
        assert scene.prompt_line() == f"{name}：把一隻等待的貓放到花園的空區域。"  # it fits
        session.seats[0] = Seat(name + " and the Old Orchards")  # it no longer does
        assert scene.prompt_line() == f"{name} and the Old Orchards：放置一隻等待的貓。"
    finally:
        set_language("en")


def test_how_to_play_under_the_garden_is_never_cut_mid_sentence(ctx) -> None:  # type: ignore[no-untyped-def]
    """The hint under the garden is drawn whole (a smaller size, or the last move left to the
    log, when the room is short), at every window size."""
    from screens.text import tr
    session, scene = open_catchess(ctx, [Seat("Ann")], **SOLO_DEAL)
    session.play(Place("A", 5))
    scene.refresh()
    hint = tr("catchess.hint_activate")
    board = scene.boardview
    for size in ((1280, 688), (1280, 800), (1024, 640), (1920, 1080)):
        ctx.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        ctx.ui.set_window_resolution(size)
        scene.resize()
        frame(ctx, 0.016)
        drawn: list[str] = []
        text = board.text

        def recording(surface, line, *args, **kwargs):  # type: ignore[no-untyped-def]
            drawn.append(line)
            return text(surface, line, *args, **kwargs)

        board.text = recording  # type: ignore[method-assign]
        try:
            board.draw_under_garden(pygame.Surface(size))
        finally:
            del board.text
        said = " ".join(line for line in drawn if not line.startswith("Last move"))
        assert said == hint, (size, drawn)
