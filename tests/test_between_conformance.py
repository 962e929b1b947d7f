"""Contract checks for Cat Between Us: random games, re-dealing hidden hands, views without secrets."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from cats.between import GAME
from cats.between.state import BetweenState
from cats.conformance import check_game
from cats.rng import Rng


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("seed", range(5))
def test_random_play_keeps_the_contract(players: int, seed: int) -> None:
    """Random legal play to the end keeps every contract invariant at every step."""
    state = check_game(GAME, players, seed * 104729 + players)[0]
    assert state.outcome() is not None and state.round <= 7


def _card_ids(data: Any) -> Iterator[int]:
    """Every card id inside a view (any dict carrying a "suit_name" is a card)."""
    if isinstance(data, dict):
        if "suit_name" in data:
            yield data["id"]
        for value in data.values():
            yield from _card_ids(value)
    elif isinstance(data, list):
        for value in data:
            yield from _card_ids(value)


def test_determinize_really_re_deals_other_hands() -> None:
    """determinize: other hands change, counts and the seat's own hand and the table do not."""
    state = GAME.new_game(4, 3)
    for _ in range(5):
        state.do(state.legal_actions()[0])
    seat = state.to_move
    assert seat is not None
    world = state.determinize(seat, Rng(99))
    assert isinstance(world, BetweenState)
    assert world.hands[seat] == state.hands[seat] and world.toys == state.toys
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert any(world.hands[s] != state.hands[s] for s in range(4) if s != seat)
    unseen = set(range(42)) - set(state.hands[seat]) - {c for t in state.toys for c in t}
    assert {c for s in range(4) if s != seat for c in world.hands[s]} <= unseen
    assert world.rng.state != state.rng.state
    assert world.view_for(seat) == state.view_for(seat)


@pytest.mark.parametrize("players", range(2, 7))
def test_views_never_show_another_seats_hand(players: int) -> None:
    """view_for(seat) holds only that seat's hand (plus the public cat card and toys)."""
    state = GAME.new_game(players, 40 + players)
    rng = Rng(players)
    for step in range(30):
        for seat in list(range(players)) + [None]:
            view = state.view_for(seat)
            shown = set(_card_ids({k: v for k, v in view.items() if k != "last_round"}))
            public = {state.cat_card} | {c for t in state.toys for c in t}
            own = set(state.hands[seat]) if seat is not None else set()
            assert shown <= own | public
            assert view["hand_counts"] == [len(h) for h in state.hands]
            if seat is not None:
                assert own <= shown
            world = state.determinize(seat if seat is not None else 0, rng)
            if seat is None:
                assert world.view_for(None) == view
            else:
                assert world.view_for(seat) == view
        actions = state.legal_actions()
        state.do(actions[rng.below(len(actions))])


def test_heuristic_rollout_finishes_and_evaluate_is_a_share() -> None:
    """The optional greedy rollout policy ends games; evaluate stays within 0..1."""
    from cats.between.bots import evaluate, heuristic_rollout

    for players in (2, 5):
        state = GAME.new_game(players, 77)
        assert 0.0 <= evaluate(state, 0) <= 1.0
        heuristic_rollout(state, Rng(players))
        assert state.is_over() and evaluate(state, 0) == state.outcome().reward(0)


@pytest.mark.parametrize("players", range(2, 7))
def test_what_the_state_keeps_up_to_date_matches_a_state_read_afresh(players: int) -> None:
    """The toys with room and the mover, kept up to date move by move (on clones too), give
    the same legal lures and mover as the same position read back from its JSON."""
    rng = Rng(players)
    state = GAME.new_game(players, 70 + players)
    other = state.clone()
    while state.to_move is not None:
        for live in (state, other):
            if live.to_move is None:
                continue
            fresh = BetweenState.from_json(live.to_json())
            assert live.legal_actions() == fresh.legal_actions()
            assert live.to_move == fresh.to_move
        legal = state.legal_actions()
        state.do(legal[rng.below(len(legal))])
        if other.to_move is not None:
            legal = other.legal_actions()
            other.do(legal[-1 - rng.below(len(legal))])
