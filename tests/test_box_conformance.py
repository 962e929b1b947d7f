"""Contract checks for Cat in the Box: random games through tests.conformance, re-dealing of
hidden cards by determinize, and views that never leak another seat's hand or set-aside card."""

from __future__ import annotations

from collections import Counter

import pytest

from cats.box import GAME
from cats.box.state import BoxState
from cats.conformance import check_game
from cats.rng import Rng


def unseen(state: BoxState, seat: int) -> Counter[int]:
    """The cards ``seat`` cannot see: other hands, other set-aside cards, face-down leftovers."""
    cards = Counter(state.leftovers)
    for s in range(state.num_players):
        if s != seat:
            cards.update(state.hands[s])
            if state.aside[s] >= 0:
                cards[state.aside[s]] += 1
    return cards


def random_states(players: int, seed: int, every: int = 3) -> list[BoxState]:
    """Snapshots of one random game, every few steps."""
    rng = Rng(seed)
    state = GAME.new_game(players, seed)
    assert isinstance(state, BoxState)
    out = []
    step = 0
    while state.to_move is not None:
        if step % every == 0:
            out.append(state.clone())
        actions = state.legal_actions()
        state.do(actions[rng.below(len(actions))])
        step += 1
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_game_keeps_the_contract(players: int, seed: int) -> None:
    """check_game: legal actions, clone, JSON, views, determinize, replay."""
    state = check_game(GAME, players, seed * 7919 + players)[0]
    assert state.outcome() is not None


@pytest.mark.parametrize("players", [2, 4, 5])
def test_determinize_really_redeals_hidden_cards(players: int) -> None:
    """Determinize re-deals others' hands, set-aside cards and leftovers, keeping what is known."""
    rng = Rng(99)
    changed = False
    for state in random_states(players, 5, every=7)[:12]:
        seat = state.to_move
        assert seat is not None
        for _ in range(3):
            world = state.determinize(seat, rng)
            assert world.hands[seat] == state.hands[seat]
            assert world.aside[seat] == state.aside[seat]
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            assert [a >= 0 for a in world.aside] == [a >= 0 for a in state.aside]
            assert len(world.leftovers) == len(state.leftovers)
            assert world.revealed == state.revealed and world.board == state.board
            assert unseen(world, seat) == unseen(state, seat)
            changed |= world.hands != state.hands or world.aside != state.aside
    assert changed, "determinize never changed any hidden card"


def test_determinize_keeps_the_forced_red_lead_inference() -> None:
    """A closed-red lead shows the rest of the leader's hand was blocked: re-deals respect it."""
    rng = Rng(7)
    for seed in range(300):
        rnd = Rng(seed)
        state = GAME.new_game(2, seed)
        assert isinstance(state, BoxState)
        while state.to_move is not None:
            full = state.table.all_numbers
            constrained = [s for s in range(2) if state.allowed[s] != full
                           and s != state.to_move and len(state.hands[s]) > 1]
            if constrained:
                s = constrained[0]
                for _ in range(10):
                    world = state.determinize(state.to_move, rng)
                    assert all(state.allowed[s] >> c & 1 for c in world.hands[s])
                return
            actions = state.legal_actions()
            state.do(actions[rnd.below(len(actions))])
    pytest.fail("no forced red lead found")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_views_never_show_another_seats_hand_or_set_aside_card(players: int) -> None:
    """view_for(seat) shows only that seat's hand and set-aside card, for every seat."""
    rng = Rng(3)
    for state in random_states(players, 8, every=5):
        for seat in range(players):
            view = state.view_for(seat)
            assert view["hand"] == sorted(state.hands[seat])
            assert view["set_aside"] == (state.aside[seat] if state.aside[seat] >= 0 else None)
            assert view["hand_counts"] == [len(h) for h in state.hands]
            assert state.determinize(seat, rng).view_for(seat) == view
        public = state.view_for(None)
        assert public["hand"] is None and public["set_aside"] is None
        assert "leftovers" not in public and isinstance(public["hidden_leftovers"], int)


def test_greedy_bot_plays_legal_moves_to_the_end() -> None:
    """The optional heuristic bot (cats.box.bots) only ever picks legal actions."""
    from cats.box.bots import GreedyBoxBot

    bot, rng = GreedyBoxBot(), Rng(4)
    state = GAME.new_game(3, 12)
    while state.to_move is not None:
        seat = state.to_move
        action = bot.choose(state.determinize(seat, rng), seat, rng)
        state.apply(action)
    assert state.outcome() is not None
