"""Catch 22 through the generic contract checks, and a soak showing random games always end."""

from __future__ import annotations

import pytest

from cats.catch22 import GAME, INFO
from cats.conformance import check_game
from cats.rng import Rng

MAX_ACTIONS = 20000


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("seed", [1, 22, 303, 4444])
def test_random_play_keeps_the_contract(players: int, seed: int) -> None:
    """Random legal play to the end keeps every contract invariant at every step."""
    final = check_game(GAME, players, seed * 31 + players)[0]
    assert final.outcome() is not None


def test_random_play_with_a_low_threshold_keeps_the_contract() -> None:
    """The threshold option: games that end quickly still keep the contract."""
    final = check_game(GAME, 3, 7, {"threshold": 3})[0]
    assert final.gold[final.winner] >= 3


def test_no_game_stalls() -> None:
    """200 random games (2–6 players) all end within the action bound, each with one winner."""
    for i in range(200):
        players = 2 + i % 5
        state = GAME.new_game(players, 1000 + i)
        rng = Rng(i)
        steps = 0
        while state.to_move is not None:
            actions = state.legal_actions()
            state.do(actions[rng.below(len(actions))])
            steps += 1
            assert steps < MAX_ACTIONS, f"game {i} with {players} players did not end"
        outcome = state.outcome()
        assert outcome is not None and len(outcome.winners) == 1
        assert state.gold[outcome.winners[0]] >= INFO.options[0].default


def test_greedy_bot_plays_legal_moves_and_beats_random_play() -> None:
    """The optional heuristic bot (cats/ai/catch22_bots.py) plays legally and mostly wins."""
    from cats.ai.search import RandomBot
    from cats.catch22.bots import GreedyBot

    greedy, random_bot = GreedyBot(), RandomBot()
    wins = 0
    for i in range(10):
        state = GAME.new_game(2, 500 + i)
        rng = Rng(i)
        while state.to_move is not None:
            seat = state.to_move
            bot = greedy if seat == 0 else random_bot
            state.apply(bot.choose(state.determinize(seat, rng), seat, rng))
        wins += state.winner == 0
    assert wins >= 7
