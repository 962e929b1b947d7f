"""The three bot levels of every multiplayer game (``cats/<id>/bots.py``):
legal choices, no peeking at hidden cards, determinism, and bot-only games through the session."""

from __future__ import annotations

from typing import Any

import pytest

from cats import GAMES as REGISTRY
from cats import get_game
from cats.ai import Bot, make_bot
from cats.ai.search import Noisy
from cats.core import State
from cats.rng import Rng
from cats.session import Seat, Session

GAMES = tuple(gid for gid, game in REGISTRY.items() if game.info.max_players > 1)
LEVELS = (1, 2, 3)
PLAYERS = {gid: min(4, REGISTRY[gid].info.max_players) for gid in GAMES}


def uncapped(bot: Bot) -> Bot:
    """The same bot without its safety time cap, so that a slow test machine cannot change a
    choice (the iteration budgets alone bound the work)."""
    inner = getattr(bot, "bot", bot)
    if hasattr(inner, "seconds"):
        inner.seconds = 60.0
    return bot


def positions(game_id: str) -> list[State]:
    """A few seeded positions along random games (openings, middles, late moves)."""
    game = get_game(game_id)
    out = []
    for seed, steps in ((1, 0), (2, 9), (3, 31)):
        state = game.new_game(PLAYERS[game_id], seed)
        rng = Rng(seed)
        for _ in range(steps):
            if state.to_move is None:
                break
            legal = state.legal_actions()
            state.do(legal[rng.below(len(legal))])
        assert state.to_move is not None
        out.append(state)
    return out


def test_every_game_supplies_three_levels_and_refuses_another() -> None:
    for gid, game in REGISTRY.items():
        assert sorted(game.bot_levels()) == [1, 2, 3], gid
        assert all(callable(getattr(game.bot(level), "choose", None)) for level in LEVELS)
        with pytest.raises(ValueError, match="no bot of level 4"):
            make_bot(gid, 4)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_level_returns_a_legal_action(game_id: str) -> None:
    for level in LEVELS:
        for i, state in enumerate(positions(game_id)):
            seat = state.to_move
            assert seat is not None
            rng = Rng(100 + i)
            action = make_bot(game_id, level).choose(state.determinize(seat, rng), seat, rng)
            assert action in state.legal_actions(), (level, i, action)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_level_peeks_at_what_its_seat_cannot_know(game_id: str) -> None:
    """Two worlds equal in what the seat knows but dealt differently: the same choice."""
    for level in LEVELS:
        for i, state in enumerate(positions(game_id)):
            seat = state.to_move
            assert seat is not None
            one, two = state.determinize(seat, Rng(1)), state.determinize(seat, Rng(2))
            assert one.view_for(seat) == two.view_for(seat)
            assert one.to_json() != two.to_json()  # hidden cards (or at least the die) differ
            a = uncapped(make_bot(game_id, level)).choose(one, seat, Rng(40 + i))
            b = uncapped(make_bot(game_id, level)).choose(two, seat, Rng(40 + i))
            assert a == b, (level, i, a, b)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_level_is_deterministic_given_its_generator(game_id: str) -> None:
    state = positions(game_id)[1]
    seat = state.to_move
    assert seat is not None
    for level in LEVELS:
        world = state.determinize(seat, Rng(9))
        choices = {str(uncapped(make_bot(game_id, level)).choose(world.clone(), seat, Rng(s)))
                   for s in (5, 5)}
        assert len(choices) == 1


def test_noisy_slips_at_the_given_rate_and_otherwise_defers() -> None:
    class First:
        def choose(self, world: State, seat: int, rng: Rng) -> Any:
            return world.legal_actions()[0]

    state = get_game("between").new_game(4, 3)
    seat = state.to_move
    assert seat is not None
    first = state.legal_actions()[0]
    rng = Rng(1)
    never = [Noisy(First(), 0.0).choose(state, seat, rng) for _ in range(50)]
    always = [Noisy(First(), 1.0).choose(state, seat, rng) for _ in range(50)]
    assert all(a == first for a in never)
    assert sum(a != first for a in always) > 40


SHORT_GAMES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("between", 3, {"round": 7}),
    ("catch22", 3, {"threshold": 6}),
    ("catchess", 3, {"rounds": 1}),
    ("box", 2, {}),
)


@pytest.mark.parametrize("game_id,players,options", SHORT_GAMES)
def test_a_short_bot_only_session_reaches_the_end(game_id: str, players: int,
                                                  options: dict[str, Any]) -> None:
    seats = [Seat(f"Bot {i + 1}", "bot", LEVELS[i % 3] if players > 2 else 3 - i)
             for i in range(players)]
    session = Session.start(game_id, seats, 21, options)
    steps = 0
    while session.state.to_move is not None:
        session.bot_move_now()
        steps += 1
        assert steps < 2000
    assert session.state.outcome() is not None
