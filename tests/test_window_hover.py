"""The pointer over a table, headless: what follows the pointer (hover highlights, the route to
the square under it, rings on the cats of a goal) is drawn over the cached table layer, so moving
the pointer never paints the layer again; the highlight shows under the pointer and is gone
again, pixel for pixel, once the pointer has moved away."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest
from frames import headless_context, show

from cats.core import Rng
from cats.session import Seat, Session
from screens.app import frame
from screens.registry import open_game

Point = tuple[int, int]


@pytest.fixture
def ctx(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 0)  # the breath held still
    for context in headless_context((1280, 800)):
        context.headless_reveal = True
        context.settings.confirm_moves = False
        yield context


def play_until(session: Session, ready: Callable[[Session], bool], seed: int = 3) -> None:
    """Random legal moves until ``ready`` (or the game is over: the test then fails)."""
    rng = Rng(seed)
    for _ in range(400):
        if ready(session) or session.state.to_move is None:
            break
        actions = session.state.legal_actions()
        session.play(actions[rng.below(len(actions))])
    assert ready(session), "no position to hover over was reached"


def move_to(ctx: Any, pos: Point) -> None:
    """The pointer moves to ``pos``; a frame is drawn."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                         buttons=(0, 0, 0)))
    frame(ctx, 0.016)


def pixels(ctx: Any, rect: pygame.Rect) -> bytes:
    """The window's pixels in ``rect``."""
    area = rect.clip(ctx.window.get_rect())
    return pygame.image.tobytes(ctx.window.subsurface(area), "RGB")


# -- per game: a table of people with something to hover, and where -------------------------------
def box_table() -> tuple[Session, Callable[[Any], tuple[Point, pygame.Rect]]]:
    """Cat in the Box, a person to play: the pointer over the last card of the hand."""
    session = Session.start("box", [Seat("Ann"), Seat("Bob"), Seat("Cy")], 7, {})
    play_until(session, lambda s: s.state.to_move is not None
               and s.state.view_for(None)["phase"] == "play")

    def where(scene: Any) -> tuple[Point, pygame.Rect]:
        rect = scene.boardview.hand_rects(scene.view["hand"])[-1]
        return (rect.right - 4, rect.centery), rect.inflate(12, 30)
    return session, where


def catch22_table() -> tuple[Session, Callable[[Any], tuple[Point, pygame.Rect]]]:
    """Catch 22 in the move phase: the pointer over one of the cat's lit end squares."""
    session = Session.start("catch22", [Seat("Ann"), Seat("Bob"), Seat("Cy")], 22, {})
    play_until(session, lambda s: s.state.phase == "move" and bool(s.state.moves()))

    def where(scene: Any) -> tuple[Point, pygame.Rect]:
        goal = scene.view["moves"][0]["to"]
        rect = scene.spot_rect(("square", goal[0], goal[1]))
        return rect.center, rect.inflate(8, 8)
    return session, where


def between_table() -> tuple[Session, Callable[[Any], tuple[Point, pygame.Rect]]]:
    """Cat Between Us, a person to play a lure: the pointer over the last card of the hand."""
    session = Session.start("between", [Seat("Ann"), Seat("Bob"), Seat("Cy")], 7, {})
    play_until(session, lambda s: s.state.to_move is not None)

    def where(scene: Any) -> tuple[Point, pygame.Rect]:
        sources = scene.pick_sources()
        rect = [r for sp, r in scene.boardview.hand_slots() if sp in sources][-1]
        return (rect.right - 4, rect.centery), rect.inflate(12, 24)
    return session, where


def catchess_table() -> tuple[Session, Callable[[Any], tuple[Point, pygame.Rect]]]:
    """Cat Chess, a person to move: the pointer over the first goal of their first card."""
    session = Session.start("catchess", [Seat("Ann"), Seat("Bob"), Seat("Cy")], 7, {})
    play_until(session, lambda s: s.state.to_move is not None and len(s.log) >= 4)

    def where(scene: Any) -> tuple[Point, pygame.Rect]:
        row = scene.boardview.goal_rows()[0][0]
        return row.center, row
    return session, where


def gambit_table() -> tuple[Session, Callable[[Any], tuple[Point, pygame.Rect]]]:
    """Cat's Gambit with Pawns in the tray: the pointer over one (its words in the side panel)."""
    session = Session.start("gambit", [Seat("Ann")], 7, {"umbra": True})
    play_until(session, lambda s: bool(s.state.view_for(0)["pawns"]))

    def where(scene: Any) -> tuple[Point, pygame.Rect]:
        pawn = scene.view["pawns"][0]["id"]
        return scene.spot_rect(("pawn", pawn)).center, scene.side
    return session, where


TABLES: dict[str, Callable[[], tuple[Session, Callable[[Any], tuple[Point, pygame.Rect]]]]] = {
    "box": box_table,
    "catch22": catch22_table,
    "between": between_table,
    "catchess": catchess_table,
    "gambit": gambit_table,
}


def sweep(scene: Any, step: int = 9) -> list[Point]:
    """Points across the whole window in rows, as a pointer swept over the table."""
    w, h = scene.ctx.window.get_size()
    return [(x, y) for y in range(step // 2, h, step * 4) for x in range(step // 2, w, step)]


@pytest.mark.parametrize("game", sorted(TABLES))
def test_moving_the_pointer_over_the_table_does_not_paint_the_layer_again(
        ctx: Any, game: str) -> None:
    session, _ = TABLES[game]()
    scene = show(ctx, open_game(ctx, session))
    frame(ctx, 0.016)
    before = scene.layer_paints
    for pos in sweep(scene):
        move_to(ctx, pos)
    assert scene.layer_paints == before
    assert scene.session is session and len(session.log) == len(scene.session.log)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_hover_highlight_shows_under_the_pointer_and_leaves_nothing_behind(
        ctx: Any, game: str) -> None:
    session, where = TABLES[game]()
    scene = show(ctx, open_game(ctx, session))
    away: Point = (1, ctx.window.get_height() - 2)
    move_to(ctx, away)
    spot, rect = where(scene)
    at_rest = pixels(ctx, rect)
    paints = scene.layer_paints
    move_to(ctx, spot)
    lit = pixels(ctx, rect)
    move_to(ctx, away)
    assert lit != at_rest  # the highlight is drawn under the pointer
    assert pixels(ctx, rect) == at_rest  # and nothing of it stays once the pointer has gone
    assert scene.layer_paints == paints


def test_catch22s_breathing_highlights_are_drawn_over_the_layer(ctx: Any, monkeypatch: Any) -> None:
    session, where = catch22_table()
    scene = show(ctx, open_game(ctx, session))
    ctx.settings.animation_speed = 1.0  # it breathes only with animations on
    frame(ctx, 0.016)
    _, rect = where(scene)
    paints = scene.layer_paints
    clock = iter(range(0, 100_000, 97))
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: next(clock))
    seen = set()
    for _ in range(30):  # about three seconds of breathing, in frames with nothing else new
        frame(ctx, 0.016, [])
        seen.add(pixels(ctx, rect))
    assert len(seen) > 3  # the lit square breathes
    assert scene.layer_paints == paints  # and the table under it is not painted again


def test_catch22_highlights_breathe_only_with_animations_on(ctx, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Animations off (Settings) holds the breath still: a player who turned motion off sees
    steady highlights, and a screenshot is the same from run to run."""
    session, _ = catch22_table()
    scene = show(ctx, open_game(ctx, session), confirm=False)
    ctx.settings.animation_speed = 1.0  # (the test context plays with animations off)
    pulses = []
    for ticks in (0, 400, 800):
        monkeypatch.setattr(pygame.time, "get_ticks", lambda t=ticks: t)
        pulses.append(scene.pulse())
    assert len(set(pulses)) == 3  # breathing with animations on
    ctx.settings.animation_speed = 0
    still = []
    for ticks in (0, 400, 800):
        monkeypatch.setattr(pygame.time, "get_ticks", lambda t=ticks: t)
        still.append(scene.pulse())
    assert set(still) == {0.5}
