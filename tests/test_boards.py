"""A board is a view: it draws the view and the UI facts it is handed, holds no session and no
State, and drawing changes nothing (the same pixels twice, the board's attributes untouched)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from frames import headless_context, show

from cats import GAMES as REGISTRY
from cats.core import State
from cats.session import Seat, Session
from screens.app import frame, play_random
from screens.registry import open_game
from screens.table.board import Board

GAMES = {gid: min(3, game.info.max_players) for gid, game in REGISTRY.items()}  # every game


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1280, 800), instant_bots=False)


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through attributes and containers."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (str, bytes, int, float, bool, type(None),
                                                pygame.Surface, type)):
            continue
        seen[id(obj)] = obj
        if isinstance(obj, dict):
            todo.extend(obj.keys())
            todo.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            todo.extend(obj)
        elif hasattr(obj, "__dict__"):
            todo.extend(vars(obj).values())
    return list(seen.values())


def opened(ctx: Any, game: str, moves: int) -> Any:
    """A table of ``game`` after ``moves`` random moves, everyone human."""
    session = Session.start(game, [Seat(f"P{i + 1}") for i in range(GAMES[game])], 5, {})
    play_random(session, moves, 5)
    return session, show(ctx, open_game(ctx, session), confirm=False)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("moves", [0, 6])
def test_the_board_holds_no_session_nor_state_and_drawing_changes_nothing(ctx, game, moves) -> None:  # type: ignore[no-untyped-def]
    session, scene = opened(ctx, game, moves)
    frame(ctx, 0.016)
    board = scene.boardview
    assert isinstance(board, Board)
    kinds = {type(o) for o in reachable(board)}
    assert Session not in kinds and not any(issubclass(k, State) for k in kinds)
    before = {k: (id(v), repr(v)) for k, v in vars(board).items()}
    view, ui = scene.view, scene.ui()
    state_before = session.state.to_json()
    first = pygame.Surface(ctx.size)
    second = pygame.Surface(ctx.size)
    board.draw(first, view, ui)
    board.draw_side(first, scene.side, view, ui)
    board.draw(second, view, ui)
    board.draw_side(second, scene.side, view, ui)
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(second, "RGB")
    assert {k: (id(v), repr(v)) for k, v in vars(board).items()} == before
    assert session.state.to_json() == state_before
