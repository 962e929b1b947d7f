"""Table aids. Cat in the Box: the rule "a declaration is legal when the research space
(colour, number) is empty and the player still has that colour's token on their player board"
(rules, Playing a card) read from a hand-worked position, and never claiming less than the
engine allows. Cat's Gambit: the deck cards seen by Peek and Burrow drawn as cards."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from frames import headless_context

from cats.box.aids import aids
from cats.session import Seat, Session
from screens.app import play_random
from screens.gambit.board import GambitBoard
from screens.table.board import BoardContext


def test_box_aids_of_a_hand_worked_position() -> None:
    # 2 players, numbers 1..5. Seat 0 declared off blue once (its blue token is gone), seat 1
    # off yellow and red. Red is the trump row.
    view = {
        "colours": ["red", "blue", "yellow", "green"], "numbers": 5,
        "board": {"red":    [None, 0, None, None, None],
                  "blue":   [1, None, None, 0, None],
                  "yellow": [None, None, 1, 1, None],
                  "green":  ["neutral", 0, None, "neutral", None]},
        "player_colours": [["red", "yellow", "green"], ["blue", "green"]],
    }
    facts = aids(view)
    assert facts.open_spaces[1] == ("red", "yellow")
    assert facts.open_spaces[2] == ("blue", "yellow")
    assert facts.open_spaces[3] == ("red", "blue", "green")
    assert facts.open_spaces[4] == ("red",)
    assert facts.open_spaces[5] == ("red", "blue", "yellow", "green")
    assert facts.open_per_colour == {"red": 4, "blue": 3, "yellow": 3, "green": 2}
    assert facts.given_up == (("blue",), ("red", "yellow"))
    # seat 0 holds red, yellow, green: every number has one of them open
    assert facts.playable[0] == (1, 2, 3, 4, 5)
    # seat 1 holds blue, green only: 1 (red, yellow open) and 4 (red open) are out of reach
    assert facts.playable[1] == (2, 3, 5)


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 8), (5, 1)])
def test_box_aids_never_rule_out_a_legal_play(players: int, seed: int) -> None:
    session = Session.start("box", [Seat(f"P{i}") for i in range(players)], seed, {})
    checked = 0
    for step in range(200):
        state = session.state
        if state.is_over():
            break
        seat = state.to_move
        assert seat is not None
        facts = aids(state.view_for(seat))
        assert aids(state.view_for(None)) == facts  # public facts only
        for action in state.legal_actions():
            if action.kind == "play":
                checked += 1
                assert action.number in facts.playable[seat]  # type: ignore[attr-defined]
                assert action.colour in facts.open_spaces[action.number]  # type: ignore[attr-defined]
        play_random(session, 1, seed + step)
    assert checked > 20


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1280, 800))


def test_gambit_draws_the_cards_seen_in_the_deck_as_cards(ctx, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    session = Session.start("gambit", [Seat("Mia")], 7, {})
    play_random(session, 20, 7)  # this deal peeks / burrows within 20 moves
    view = session.state.view_for(0)
    assert view["deck_known"], "the seed should have a known deck card by now"
    board = GambitBoard(BoardContext(ctx.window, ctx.settings), session.seats)
    board.layout(pygame.Rect(0, 56, 900, 680))
    drawn: list[tuple[str, int, int]] = []
    real = board.card_image

    def spy(code: str, w: int, h: int) -> Any:
        drawn.append((code, w, h))
        return real(code, w, h)

    monkeypatch.setattr(board, "card_image", spy)
    from screens.table.board import Ui
    board.draw_side(ctx.window, pygame.Rect(960, 70, 300, 700), view, Ui(viewer=0))
    known = [k["card"] for k in sorted(view["deck_known"], key=lambda k: k["from_top"])]
    assert [code for code, _, _ in drawn] == known
    assert all(h > w > 20 for _, w, h in drawn)  # card-shaped, not a word in a list
