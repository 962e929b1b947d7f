"""Cat Chess against the engine contract: random games for 1–3 players and every variant option,
determinize re-dealing others' secret goal cards, and views that never show another seat's card
before the round-end reveal."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from cats.catchess import GAME
from cats.catchess.garden import CARD_INDEX
from cats.catchess.state import CatChessState
from cats.conformance import check_game
from cats.rng import Rng

VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (1, {"solo_moves": False}),
    (1, {"from_centre": True, "two_phase": True}),
    (2, {"two_phase": True, "rounds": 2}),
    (2, {"from_centre": True, "rounds": 2}),
    (3, {"two_phase": True, "from_centre": True, "rounds": 1}),
]


@pytest.mark.parametrize("players", [1, 2, 3])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_random_games_keep_the_contract(players: int, seed: int) -> None:
    """Random legal play to the end keeps every contract invariant (default options)."""
    state = check_game(GAME, players, seed * 7919 + players)[0]
    assert isinstance(state, CatChessState) and len(state.history) == state.rounds_total


@pytest.mark.parametrize("players,options", VARIANTS)
@pytest.mark.parametrize("seed", [11, 12])
def test_random_games_with_variant_options_keep_the_contract(players: int, options: dict[str, Any],
                                                            seed: int) -> None:
    """The two-phase, from-the-centre, solo-without-moves and rounds options keep the contract."""
    check_game(GAME, players, seed, options)[0]


def random_states(players: int, seed: int, options: dict[str, Any] | None = None
                  ) -> list[CatChessState]:
    """Every position of one random game that is not over."""
    state = GAME.new_game(players, seed, options)
    rng = Rng(seed)
    out = []
    while state.to_move is not None:
        out.append(state.clone())
        acts = state.legal_actions()
        state.do(acts[rng.below(len(acts))])
    return out


def test_determinize_really_re_deals_the_other_players_secret_cards() -> None:
    """determinize(seat): own card and the revealed past kept; others' cards re-dealt."""
    state = GAME.new_game(3, 5, {"deal": [[1, 2, 3]]})
    rng = Rng(17)
    differs = 0
    for _ in range(20):
        world = state.determinize(0, rng)
        assert world.hands[0] == state.hands[0] and world.history == state.history
        dealt = [h[0] for h in world.hands]
        assert len(set(dealt)) == 3
        differs += world.hands[1:] != state.hands[1:]
        assert world.view_for(0) == state.view_for(0)
        assert world.rng.state != state.rng.state
    assert differs > 10
    solo = GAME.new_game(1, 5, {})
    assert solo.determinize(0, rng).hands == solo.hands


@pytest.mark.parametrize("players", [2, 3])
def test_views_never_show_another_seats_card_before_the_round_end_reveal(players: int) -> None:
    """A seat's view is the same whatever cards the others hold this round; the reveal comes
    only in "rounds_played" once a round is over."""
    for state in random_states(players, 21, {"rounds": 2})[::3]:
        for seat in range(players):
            view = state.view_for(seat)
            assert [c["number"] for c in view["my_cards"]] == [
                next(n for n, i in CARD_INDEX.items() if i == state.hands[seat][0])]
            assert len(view["rounds_played"]) == len(state.history) == state.round
            mine = state.hands[seat][0]
            pool = [c for c in range(9) if c != mine]
            for others in itertools.islice(itertools.permutations(pool, players - 1), 0, 40, 7):
                world = state.clone()
                it = iter(others)
                for other in range(players):
                    if other != seat:
                        world.hands[other] = [next(it)]
                assert world.view_for(seat) == view
        spectator = state.view_for(None)
        assert spectator["my_cards"] == []


def test_round_end_reveal_shows_every_card() -> None:
    """After a round ends, every seat's card and goals met are in everyone's view."""
    states = random_states(2, 8, {"rounds": 2, "deal": [[6, 9], [1, 2]]})
    later = states[-1]
    shown = later.view_for(1)["rounds_played"][0]["players"]
    assert [p["cards"][0]["number"] for p in shown] == [6, 9]


@pytest.mark.parametrize("players,options", [(3, {}), (2, {}), (1, {})] + VARIANTS)
def test_what_the_state_keeps_up_to_date_matches_a_state_read_afresh(
        players: int, options: dict[str, Any]) -> None:
    """The waiting, awake and empty-region masks and the activations cached per region, kept up
    to date move by move (on clones and re-dealt worlds too), give the same legal actions as the
    same position read back from its JSON."""
    rng = Rng(players * 31 + len(options))
    state = GAME.new_game(players, 90 + players, options)
    other = state.clone()
    while state.to_move is not None:
        seat = state.to_move
        for live in (state, other, state.determinize(seat, Rng(seat))):
            if live.to_move is not None:
                fresh = CatChessState.from_json(live.to_json())
                assert live.legal_actions() == fresh.legal_actions()
                assert live.to_move == fresh.to_move and live.turn == fresh.turn
        legal = state.legal_actions()
        state.do(legal[rng.below(len(legal))])
        if other.to_move is not None:
            legal = other.legal_actions()
            other.do(legal[-1 - rng.below(len(legal))])


@pytest.mark.parametrize("players,options", [(3, {}), (2, {"rounds": 5}), (1, {})])
def test_owed_deals_and_scores_come_out_as_if_done_at_once(
        players: int, options: dict[str, Any]) -> None:
    """A round's scoring and the next deal wait until the cards, tokens, records or generator
    are read: a game never read until its end, a game read after every move and a clone taken
    mid-game and read late all end in the same JSON, outcome and generator state."""
    seeds = Rng(5 + players)
    late = GAME.new_game(players, 17, options)
    eager = GAME.new_game(players, 17, options)
    clones = []
    while late.to_move is not None:
        legal = late.legal_actions()
        assert legal == eager.legal_actions()
        action = legal[seeds.below(len(legal))]
        late.do(action)
        eager.do(action)
        eager.hands, eager.tokens, eager.history, eager.rng  # noqa: B018  # read: owed work done
        if seeds.below(6) == 0:
            clones.append(late.clone())
    assert late.to_json() == eager.to_json() and late.rng.state == eager.rng.state
    assert late.outcome() == eager.outcome()
    for copy in clones:
        while copy.to_move is not None:
            copy.do(copy.legal_actions()[0])
        assert copy.to_json()["tokens"] == copy.tokens  # settled and consistent


def test_an_action_made_anew_has_the_effect_of_the_one_the_tables_hand_out() -> None:
    """Actions read from JSON or typed in are played exactly as the shared ones are."""
    from cats.catchess.actions import Move, Place, Stay, Swap
    from cats.catchess.moves import MOVE, PLACE, STAY, SWAP, effect

    made = [Place("C", 7), Stay("I"), Move("A", 12), Swap("B", "H")]
    shared = [PLACE[2][6], STAY[8], MOVE[0][11], SWAP[1][7]]
    assert made == shared
    assert [effect(a) for a in made] == [a.effect for a in shared]  # type: ignore[attr-defined]
