"""Cat in the Box bots (cats/box/bots.py): Tomcat and Lion never paint themselves into a paradox
while a play keeps a card to declare, the fast rollout policy is the light policy, and the events
the bots bench counts."""

from __future__ import annotations

from typing import Iterator

import pytest

from cats.ai.search import SearchRng
from cats.box import GAME
from cats.box import bots
from cats.box.actions import COLOUR_INDEX, Play
from cats.box.state import BoxState
from cats.core import Action
from cats.rng import Rng


def positions(players: int, games: int, seed: int = 0) -> Iterator[BoxState]:
    """Every trick-phase position of seeded random games."""
    for g in range(games):
        state = GAME.new_game(players, seed + g)
        assert isinstance(state, BoxState)
        rng = Rng(seed + g)
        while state.to_move is not None:
            if state.phase == "play":
                yield state.clone()
            actions = state.legal_actions()
            state.do(actions[rng.below(len(actions))])


def keeps(state: BoxState, action: Action) -> bool:
    assert isinstance(action, Play)
    return bots.keeps_a_play(state, action.number, COLOUR_INDEX[action.colour])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_safe_plays_are_exactly_those_that_keep_a_card_to_declare(players: int) -> None:
    checked = 0
    for state in positions(players, 12):
        legal = state.legal_actions()
        keeping = [a for a in legal if keeps(state, a)]
        assert bots.safe_plays(state) == (keeping or legal)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_tomcat_never_dooms_itself_while_a_play_keeps_a_card(players: int) -> None:
    """A play after which the player holds no declarable card makes its paradox certain at its
    next turn: the policy never picks one while another play keeps a card."""
    doomed_positions = 0
    for state in positions(players, 25, seed=100):
        legal = state.legal_actions()
        if not any(keeps(state, a) for a in legal):
            continue
        if not all(keeps(state, a) for a in legal):
            doomed_positions += 1
        assert all(keeps(state, a) for a in bots.best_plays(state))
    assert doomed_positions > 5   # the choice really came up


def test_lion_searches_only_the_plays_that_keep_a_card() -> None:
    """Lion's root is cut to the plays that keep a card to declare, whatever its rollouts say."""
    checked = 0
    for state in positions(4, 40, seed=7):
        legal = state.legal_actions()
        if all(keeps(state, a) for a in legal) or not any(keeps(state, a) for a in legal):
            continue
        lion = bots.lion()
        lion.search.iterations, lion.search.min_iterations = 40, 8
        rng = Rng(checked)
        choice = lion.choose(state.determinize(state.turn, rng), state.turn, rng)
        assert keeps(state, choice), (state.to_json(), choice)
        checked += 1
        if checked == 6:
            break
    assert checked == 6


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rollout_policy_is_the_light_policy(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rollouts' fast policy picks the same plays as the Tomcat's policy without token
    adjacency and without the squeeze on rivals."""
    monkeypatch.setattr(bots, "TOUCH", 0.0)
    monkeypatch.setattr(bots, "PRESS", 0.0)
    for state in positions(players, 10, seed=50):
        assert sorted(map(str, bots.rollout_plays(state))) == \
            sorted(map(str, bots.best_plays(state)))


def test_events_name_avoidable_paradoxes_and_every_paradox_once() -> None:
    """A play that leaves the player no declarable card while another would keep one is named
    (and that player's paradox then comes, unless another ends the round first); every round
    that ends in a paradox names the seat that caused it, once."""
    avoidable = paradoxes = 0
    for seed in range(12):
        state = GAME.new_game(4, seed)
        assert isinstance(state, BoxState)
        rng = Rng(seed)
        doomed_seat = None
        while state.to_move is not None:
            legal = state.legal_actions()
            doomed = [a for a in legal if state.phase == "play" and not keeps(state, a)]
            pick = doomed if doomed and len(doomed) < len(legal) and doomed_seat is None else legal
            action = pick[rng.below(len(pick))]
            before = state.clone()
            state.apply(action)
            seen = bots.events(before, action, state)
            avoidably_doomed = action in doomed and len(doomed) < len(legal)
            assert ((before.turn, "avoidable paradox") in seen) == avoidably_doomed
            assert sum(name == "avoidable paradox" for _, name in seen) <= 1
            if avoidably_doomed:
                doomed_seat = before.turn
                avoidable += 1
            if len(state.rounds) > len(before.rounds):
                caused = state.results[-1]["paradox"]
                named = [seat for seat, name in seen if name == "paradox"]
                assert named == ([] if caused is None else [caused])
                if doomed_seat is not None:
                    assert caused is not None
                paradoxes += caused is not None
                doomed_seat = None
    assert avoidable > 5 and paradoxes > 20


def test_search_generator_draws_in_range_and_shuffles_reproducibly() -> None:
    rng = SearchRng(11)
    draws = [rng.below(7) for _ in range(7000)]
    assert set(draws) == set(range(7)) and min(draws.count(k) for k in range(7)) > 850
    assert SearchRng(5).below(1 << 40) == Rng(5).below(1 << 40)   # large draws stay exact
    one, two = list(range(30)), list(range(30))
    SearchRng(2).shuffle(one)
    SearchRng(2).shuffle(two)
    assert one == two and sorted(one) == list(range(30)) and one != list(range(30))


def squeezed_follow() -> BoxState:
    """A two-player trick led with yellow 4: seat 1 holds 3, 3, 5; the only empty spaces are
    yellow 3 and red 5. Winning with red 5 gives up yellow, leaving the two 3s nothing to be
    declared (a certain paradox); following with yellow 3 loses the trick but keeps a 3."""
    state = GAME.new_game(2, 3)
    assert isinstance(state, BoxState)
    rng = Rng(3)
    while state.phase != "play":
        actions = state.legal_actions()
        state.do(actions[rng.below(len(actions))])
    t = state.table
    yellow, red = COLOUR_INDEX["yellow"], COLOUR_INDEX["red"]
    state.board = [-2] * len(state.board)
    state.board[t.index(red, 1)] = 0
    state.board[t.index(yellow, 4)] = 0
    state.board[t.index(yellow, 3)] = state.board[t.index(red, 5)] = -1
    state.hands = [[1, 2], [3, 3, 5]]
    state.trick, state.led, state.turn = [(0, 4, yellow)], yellow, 1
    state.colours = [15, 15]
    state.tricks = [0, 0]
    state.index_board()
    assert [str(a) for a in state.legal_actions()] == ["3 yellow", "5 red"]
    return state


@pytest.mark.parametrize("level", [2, 3])
def test_tomcat_and_lion_follow_rather_than_win_into_a_certain_paradox(level: int) -> None:
    state = squeezed_follow()
    assert not keeps(state, Play(5, "red")) and keeps(state, Play(3, "yellow"))
    for seed in range(5):
        bot = bots.LEVELS[level]()
        assert bot.choose(state.clone(), 1, Rng(seed)) == Play(3, "yellow")


def test_the_squeeze_position_tempts_the_policy_without_the_safety_rule(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the weight against a certain paradox the policy likes winning with red 5 at least
    as well as following: the position tests the rule, not a play the policy liked anyway."""
    monkeypatch.setattr(bots, "DOOMED", 0.0)
    assert Play(5, "red") in bots.best_plays(squeezed_follow())


def test_the_search_shuffle_draws_as_its_small_draws_do() -> None:
    """The inlined shuffle of the search generator makes the draws ``below`` would make."""
    for seed in range(20):
        mine, theirs = list(range(30)), list(range(30))
        a, b = SearchRng(seed), SearchRng(seed)
        a.shuffle(mine)
        for i in range(29, 0, -1):
            j = b.below(i + 1)
            theirs[i], theirs[j] = theirs[j], theirs[i]
        assert mine == theirs and a.below(1000) == b.below(1000)
