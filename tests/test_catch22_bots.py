"""Catch 22 bots use the blocking half of the game: cubes as safe squares and walls, removals,
ransom offers and answers (``cats/catch22/bots.py``)."""

from __future__ import annotations

from typing import Optional, Sequence

import pytest

from cats.catch22 import GAME
from cats.catch22.state import Catch22State
from cats.catch22.board import BOARD
from cats.catch22.bots import (
    ExpectimaxBot,
    GreedyBot,
    answer_ransom,
    cube_worth,
    ransom_offer,
    safety_cube,
)
from cats.core import Action
from cats.rng import Rng


def sq(name: str) -> int:
    """Board square from its name (``g1``)."""
    square = BOARD.index.get((int(name[1:]) - 1, ord(name[0]) - ord("a")))
    assert square is not None, name
    return square


def game(players: int = 2, dice: Sequence[int] = ()) -> Catch22State:
    """Past set-up, player 1 to act, every pawn on the north Star."""
    state = GAME.new_game(players, 5, {"dice": [6] + [1] * (players - 1) + list(dice)})
    for _ in range(players):
        state.apply(state.parse("start north"))
    return state


def choose(bot: object, state: Catch22State, seat: Optional[int] = None) -> Action:
    """The bot's choice for the seat to move, without its time cap."""
    if hasattr(bot, "seconds"):
        bot.seconds = 60.0  # type: ignore[attr-defined]
    seat = state.to_move if seat is None else seat
    assert seat is not None
    return bot.choose(state.clone(), seat, Rng(3))  # type: ignore[attr-defined]


def test_a_cube_is_worth_nothing_to_a_player_holding_the_winning_gold() -> None:
    state = game()
    state.gold = [22, 3]
    assert cube_worth(state, 0) == 0
    assert cube_worth(state, 1) >= 1


def test_a_cube_is_worth_more_with_an_empty_supply_and_a_rival_near_winning() -> None:
    state = game()
    state.gold = [19, 4]
    plain = cube_worth(state, 1)
    state.supply[1] = 0
    empty = cube_worth(state, 1)
    state.gold[0] = 5
    assert plain < empty and cube_worth(state, 1) < empty


@pytest.mark.parametrize("bot", [GreedyBot(), ExpectimaxBot()], ids=["L2", "L3"])
def test_a_kept_cube_is_offered_back_at_what_it_is_worth_to_its_owner(bot: object) -> None:
    state = game()
    state.kept[0][1] = 1
    state.supply[1] -= 1
    state.gold = [2, 9]
    offer = choose(bot, state)
    assert offer == ransom_offer(state, 0)
    assert offer is not None and offer.kind == "offer"
    assert offer.price == cube_worth(state, 1)  # type: ignore[attr-defined]
    state.apply(offer)
    assert answer_ransom(state).kind == "pay"


def test_no_offer_to_an_owner_who_would_not_pay() -> None:
    state = game()
    state.kept[0][1] = 1
    state.supply[1] -= 1
    state.gold = [2, 23]
    assert ransom_offer(state, 0) is None
    assert choose(GreedyBot(), state).kind != "offer"


@pytest.mark.parametrize("bot", [GreedyBot(), ExpectimaxBot()], ids=["L2", "L3"])
def test_a_dear_ransom_is_refused_and_a_fair_one_paid(bot: object) -> None:
    for price, answer in ((1, "pay"), (8, "refuse")):
        state = game()
        state.kept[0][1] = 1
        state.supply[1] -= 1
        state.gold = [2, 9]
        state.apply(state.parse(f"offer player 2 a cube for {price} gold"))
        assert choose(bot, state).kind == answer, price


@pytest.mark.parametrize("bot", [GreedyBot(), ExpectimaxBot()], ids=["L2", "L3"])
def test_a_rivals_cube_is_taken_off_from_a_remove_cube_square(bot: object) -> None:
    state = game(dice=[2])
    state.cubes[sq("b5")] = 1
    state.supply[1] -= 1
    state.pawns[0] = sq("i1")
    state.apply(state.parse("roll"))
    state.apply(state.parse("move k1"))
    assert state.phase == "remove"
    assert choose(bot, state) == state.parse("remove cube b5")


def test_a_player_carrying_gold_places_a_cube_where_it_may_land_safely() -> None:
    state = game()
    state.gold = [12, 0]
    state.pawns = [sq("e1"), sq("e4")]
    square = safety_cube(state, 0)
    assert square is not None and square in state.cube_squares()
    action = choose(GreedyBot(), state)
    assert action.kind == "cube" and BOARD.index[(action.row, action.col)] == square  # type: ignore[attr-defined]
    state.apply(action)
    assert safety_cube(state, 0) is None       # one safe square within reach is enough


def test_no_safety_cube_without_gold_to_protect() -> None:
    state = game()
    state.gold = [1, 0]
    state.pawns = [sq("e1"), sq("e4")]
    assert safety_cube(state, 0) is None
    assert choose(GreedyBot(), state).kind == "roll"
