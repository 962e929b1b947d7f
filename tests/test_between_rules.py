"""Scenario tests for Cat Between Us, one per rule line of shared/rules/cat-between-us.md.

Rounds are stacked through the script options: ``setup_round`` builds the deck so that each seat
holds its kept cards plus the cards it will play, and the plays fill the toys in order.
"""

from __future__ import annotations

from collections import Counter
from typing import Optional, Sequence

import pytest

from cats.between import GAME
from cats.between.actions import Lure
from cats.between.cards import (
    CARD_NAMES,
    CARD_SUIT,
    CARD_TARGET,
    CARD_VALUE,
    DEALT,
    KEEP,
    SUIT_NAMES,
)
from cats.between.state import BetweenState
from cats.core import IllegalAction
from cats.jsondata import load_component
from cats.rng import Rng

# Under-card layout used by most scenarios: attraction mouse 2, yarn 3, feather 4, fish 5, bell 6,
# laser 11. Suits of the under cards deliberately differ from the toys they sit under.
LAYOUT = [["fish 0", "bell 2"], ["fish 3", "bell 0"], ["fish 1", "bell 3"],
          ["fish 4", "bell 1"], ["fish 2", "bell 4"], ["fish 5", "bell 6"]]
ATTRACTION = [2, 3, 4, 5, 6, 11]


def card(name: str) -> int:
    """The id of a card from its notation."""
    return CARD_NAMES.index(name)


def cat_card(number: int) -> int:
    """A card whose target number puts the cat on ``number``."""
    return CARD_TARGET.index(number)


def setup_round(players: int, keep: Sequence[Sequence[str]], *, cat: int, first: int = 0,
                wins: Optional[list[int]] = None, round_no: Optional[int] = None,
                under: Sequence[Sequence[str]] = LAYOUT) -> tuple[BetweenState, list[str]]:
    """A stacked round: each seat is dealt its kept cards plus the lures it will play."""
    hands = [list(k) for k in keep]
    plays = []
    sequence = [(t, name) for t, pair in enumerate(under) for name in pair]
    for k, (toy, name) in enumerate(sequence):
        hands[(first + k) % players].append(name)
        plays.append(f"play {name} under {SUIT_NAMES[toy]}")
    deck = [card(n) for pos in range(players) for n in hands[(first + pos) % players]]
    options = {"first": first, "cats": [cat_card(cat)], "deck": [deck]}
    if wins is not None:
        options["wins"] = wins
    if round_no is not None:
        options["round"] = round_no
    state = GAME.new_game(players, 1, options)
    for seat in range(players):
        assert state.hands[seat] == sorted(card(n) for n in hands[seat]), "bad stacked hand size"
    return state, plays  # type: ignore[return-value]


def play_round(players: int, keep: Sequence[Sequence[str]], **kw: object) -> BetweenState:
    """Stack a round and play all 12 lures; returns the state after the Nuzzle."""
    state, plays = setup_round(players, keep, **kw)  # type: ignore[arg-type]
    for text in plays:
        state.apply(state.parse(text))
    return state


def random_round(state: BetweenState, rng: Rng) -> None:
    """Play the rest of the current round at random."""
    start = state.round
    while state.to_move is not None and state.round == start:
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])


# -- Components ------------------------------------------------------------------------------------
def test_components_42_lure_cards_six_suits_values_0_to_6() -> None:
    """Components [rulebook count, reconstruction]: 6 toy suits x values 0-6, one of each."""
    assert len(CARD_SUIT) == 42
    pairs = Counter(zip(CARD_SUIT, CARD_VALUE))
    assert set(pairs) == {(s, v) for s in range(6) for v in range(7)}
    assert set(pairs.values()) == {1}
    assert len(SUIT_NAMES) == 6 and len(set(SUIT_NAMES)) == 6


def test_reconstruction_target_numbers_12_to_32_each_on_two_cards_spread_in_every_suit() -> None:
    """[reconstruction] target numbers 12..32, each printed on two cards, every suit spread."""
    counts = Counter(CARD_TARGET)
    assert sorted(counts) == list(range(12, 33))
    assert set(counts.values()) == {2}
    for suit in range(6):
        targets = [CARD_TARGET[c] for c in range(42) if CARD_SUIT[c] == suit]
        assert min(targets) <= 14 and max(targets) >= 30


def test_reconstruction_card_data_lives_in_data_file() -> None:
    """[reconstruction] suits, values and targets come from cats/between/cards.json."""
    data = load_component("cats.between", "cards.json")
    assert data["suits"] == list(SUIT_NAMES)
    for entry in data["cards"]:
        c = entry["id"]
        assert (CARD_SUIT[c], CARD_VALUE[c], CARD_TARGET[c]) == (entry["suit"], entry["value"],
                                                                  entry["target"])


def test_six_toys_one_per_suit_in_a_row_and_track_0_to_35() -> None:
    """Components: 6 toy cards, one per suit; 4 room cards form the interest track 0-35."""
    view = GAME.new_game(3, 5).view_for(0)
    assert [t["name"] for t in view["toys"]] == list(SUIT_NAMES)
    assert [t["toy"] for t in view["toys"]] == list(range(6))
    assert view["track_top"] == 35
    assert view["rounds"] == 7 and view["crown"] == 3


# -- Setup -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 6])
def test_setup_interest_on_0_progress_on_first_shelf_round_tracker_on_1(players: int) -> None:
    """Setup [seed]: interest markers on 0, progress markers on the first shelf, round 1."""
    state = GAME.new_game(players, 9)
    view = state.view_for(1)
    assert view["interest"] == [0] * players and view["interest_space"] == [0] * players
    assert view["wins"] == [0] * players
    assert view["round"] == 1 and view["phase"] == "lure" and view["last_round"] is None


# -- Prep ------------------------------------------------------------------------------------------
def test_prep_cat_token_on_target_number_of_drawn_card() -> None:
    """Prep: draw a random lure card and put the cat token on the space of its target number."""
    state = GAME.new_game(2, 3, {"cats": [card("yarn 3")]})
    assert state.cat == CARD_TARGET[card("yarn 3")]
    view = state.view_for(0)
    assert view["cat"] == CARD_TARGET[card("yarn 3")] and view["cat_card"]["id"] == card("yarn 3")


def test_prep_cat_is_a_random_card_shuffled_back_into_the_deck() -> None:
    """Prep: the cat's card is random, and shuffled back, so it can be dealt to a player."""
    cats, dealt_back = set(), 0
    for seed in range(60):
        state = GAME.new_game(6, seed)
        cats.add(state.cat)
        assert 12 <= state.cat <= 32
        if any(state.cat_card in hand for hand in state.hands):
            dealt_back += 1
    assert len(cats) >= 10
    assert dealt_back > 0


def test_prep_gather_and_shuffle_all_42_cards_each_round() -> None:
    """Prep: every round gathers all 42 cards (cards under toys come back) and shuffles."""
    state = GAME.new_game(2, 11)
    random_round(state, Rng(1))
    assert state.round == 2 and all(t == [] for t in state.toys)
    assert sum(len(h) for h in state.hands) == sum(
        DEALT[2][(s - state.first) % 2][state.wins[s]] for s in range(2))
    every = [c for h in state.hands for c in h]
    assert len(set(every)) == len(every)


def test_prep_rest_of_deck_set_aside_unseen() -> None:
    """Prep: after the deal the rest of the deck is set aside and never shown."""
    state = GAME.new_game(3, 4)
    dealt = {c for h in state.hands for c in h}
    assert len(dealt) == 21
    view = state.view_for(0)
    seen = {c["id"] for c in view["hand"]}
    assert seen == set(state.hands[0])
    assert "deck" not in view and "set_aside" not in view


def test_prep_deal_is_a_reveal() -> None:
    """Prep: dealing a round makes hidden cards known, so ``reveals`` counts it."""
    state = GAME.new_game(2, 2)
    assert state.reveals >= 1
    before = state.reveals
    random_round(state, Rng(3))
    assert state.reveals > before


def test_prep_scripted_deck_deals_in_turn_order_from_first_player() -> None:
    """Prep (RULES NOTE): a stacked deck is dealt hand by hand from the first player."""
    deck = list(range(42))
    state = GAME.new_game(3, 0, {"first": 2, "deck": [deck]})
    assert state.hands[2] == list(range(0, 7))
    assert state.hands[0] == list(range(7, 14))
    assert state.hands[1] == list(range(14, 21))


# -- Lure ------------------------------------------------------------------------------------------
def test_lure_starts_with_first_player_and_goes_clockwise() -> None:
    """Lure: from the first player, clockwise, each plays one card."""
    state = GAME.new_game(3, 0, {"first": 1})
    order = []
    for _ in range(6):
        order.append(state.to_move)
        state.apply(state.legal_actions()[0])
    assert order == [1, 2, 0, 1, 2, 0]


def test_lure_one_card_from_hand_face_up_under_a_toy() -> None:
    """Lure: the card leaves the hand and lies face up under the chosen toy."""
    state, _ = setup_round(2, [["mouse 0", "mouse 1", "yarn 0"], ["laser 0", "yarn 1", "feather 0"]],
                           cat=18)
    state.apply(state.parse("play fish 0 under mouse"))
    assert card("fish 0") not in state.hands[0]
    assert state.toys[0] == [card("fish 0")]
    public = state.view_for(None)
    assert [c["name"] for c in public["toys"][0]["cards"]] == ["fish 0"]
    assert public["hand_counts"] == [8, 9]


def test_lure_suit_need_not_match_the_toy() -> None:
    """Lure: the card's suit need not match the toy; any toy with room is a target."""
    state = GAME.new_game(2, 7, {"first": 0})
    hand = state.hands[0]
    targets = {a.toy for a in state.legal_actions() if isinstance(a, Lure) and a.card == hand[0]}
    assert targets == set(range(6))


def test_lure_toy_with_two_cards_is_closed_with_reason() -> None:
    """Lure: each toy may have at most two cards; a third is refused with a reason."""
    state, _ = setup_round(2, [["mouse 0", "mouse 1", "yarn 0"], ["laser 0", "yarn 1", "feather 0"]],
                           cat=18)
    state.apply(state.parse("play fish 0 under laser"))
    state.apply(state.parse("play bell 0 under laser"))
    assert all(a.toy != 5 for a in state.legal_actions() if isinstance(a, Lure))
    with pytest.raises(IllegalAction) as err:
        state.apply(Lure(card("fish 3"), 5))
    assert err.value.reason == "The laser toy already has two cards."


def test_lure_card_not_in_hand_is_refused_with_reason() -> None:
    """Lure: only a card from the mover's own hand may be played."""
    state, _ = setup_round(2, [["mouse 0", "mouse 1", "yarn 0"], ["laser 0", "yarn 1", "feather 0"]],
                           cat=18)
    with pytest.raises(IllegalAction) as err:
        state.apply(Lure(card("laser 0"), 0))
    assert err.value.reason == "The laser 0 is not in your hand."
    state.apply(state.parse("play fish 0 under mouse"))
    assert state.why_illegal(Lure(card("fish 0"), 1)) == "The fish 0 is already under the mouse toy."
    assert "only six toys" in state.explain_illegal(Lure(card("bell 2"), 6))


def test_lure_goes_on_until_every_toy_has_exactly_two_cards() -> None:
    """Lure: play continues until all six toys have two cards (12 cards), then the Nuzzle."""
    state, plays = setup_round(2, [["mouse 0", "mouse 1", "yarn 0"],
                                   ["laser 0", "yarn 1", "feather 0"]], cat=18)
    for text in plays[:11]:
        state.apply(state.parse(text))
        assert state.round == 1 and state.last is None
    assert [len(t) for t in state.toys] == [2, 2, 2, 2, 2, 1]
    state.apply(state.parse(plays[11]))
    assert state.last is not None and state.last["round"] == 1
    assert [len(t) for t in state.last["toys"]] == [2] * 6
    assert state.round == 2 and state.played == 0


# -- Nuzzle ----------------------------------------------------------------------------------------
def test_nuzzle_toy_attraction_is_sum_of_its_two_cards() -> None:
    """Nuzzle: a toy's attraction is the sum of the values of the two cards under it."""
    state = play_round(2, [["mouse 0", "mouse 1", "yarn 0"], ["laser 0", "yarn 1", "feather 0"]],
                       cat=18)
    assert state.last["attraction"] == ATTRACTION


def test_nuzzle_total_sums_toy_matching_each_hand_card_values_ignored() -> None:
    """Nuzzle: a total sums the attraction of the toy matching each card's suit; hand values ignored."""
    low = play_round(2, [["mouse 0", "feather 1", "yarn 0"], ["laser 0", "yarn 1", "feather 0"]],
                     cat=18)
    high = play_round(2, [["mouse 6", "feather 6", "yarn 6"], ["laser 0", "yarn 1", "feather 0"]],
                      cat=18)
    assert low.last["totals"][0] == 2 + 4 + 3 == high.last["totals"][0]
    assert low.last["totals"][1] == 11 + 3 + 4


def test_decision_two_cards_of_one_suit_count_the_toy_twice() -> None:
    """[decision] two cards of one suit in hand count that toy's attraction twice."""
    state = play_round(2, [["mouse 0", "mouse 1", "yarn 0"], ["laser 0", "laser 1", "laser 2"]],
                       cat=32)
    assert state.last["totals"] == [2 + 2 + 3, 33]


def test_nuzzle_reveals_every_hand_in_view() -> None:
    """Nuzzle: each player reveals the cards left in hand (the view shows all of them)."""
    state = play_round(3, [["mouse 0", "laser 0", "feather 0"], ["laser 1", "laser 2", "laser 3"],
                           ["mouse 1", "laser 4", "feather 1"]], cat=20)
    last = state.view_for(2)["last_round"]
    assert [[c["name"] for c in h] for h in last["hands"]] == [
        ["mouse 0", "feather 0", "laser 0"], ["laser 1", "laser 2", "laser 3"],
        ["mouse 1", "feather 1", "laser 4"]]
    assert last["totals"] == [17, 33, 17] and last["passed"] == [False, True, False]
    assert last["winners"] == [0, 2] and last["cat"] == 20
    assert state.reveals >= 3


def test_nuzzle_interest_markers_move_to_totals_track_shows_35_plus() -> None:
    """Nuzzle: interest markers move to the totals; the track shows 35+ for more."""
    state = play_round(2, [["laser 0", "laser 1", "laser 2", "laser 3", "laser 4"],
                           ["mouse 0", "mouse 1", "mouse 2"]], cat=12, wins=[2, 0])
    assert state.interest == [55, 6]
    view = state.view_for(0)
    assert view["interest"] == [55, 6] and view["interest_space"] == [35, 6]


def test_nuzzle_live_total_if_the_round_ended_now() -> None:
    """Nuzzle (view): each seat sees its total if the round ended now, from placed cards."""
    state, plays = setup_round(2, [["mouse 0", "mouse 1", "yarn 0"],
                                   ["laser 0", "yarn 1", "feather 0"]], cat=18)
    assert state.view_for(0)["live_total"] == 0
    for text in plays[:3]:  # fish 0 and bell 2 under mouse, fish 3 under yarn
        state.apply(state.parse(text))
    view = state.view_for(0)
    assert view["toys"][0]["attraction"] == 2 and view["toys"][1]["attraction"] == 3
    # mouse 0 + mouse 1 + yarn 0 + four fish cards (fish toy still empty)
    assert view["live_total"] == 2 + 2 + 3 + 0
    assert [c["attraction"] for c in view["hand"]] == [2, 2, 3, 0, 0, 0, 0]
    assert view["live_passed"] is False


# -- Winners ---------------------------------------------------------------------------------------
def test_winners_closest_without_passing_win_the_round() -> None:
    """Winners: the total closest to the cat without passing it wins; progress moves one shelf."""
    state = play_round(2, [["mouse 0", "mouse 1", "yarn 0"], ["laser 0", "yarn 1", "feather 0"]],
                       cat=17)
    assert state.last["totals"] == [7, 18]
    assert state.last["winners"] == [0] and state.wins == [1, 0]


def test_winners_total_equal_to_cat_does_not_pass() -> None:
    """Winners: a total equal to the cat's number does not pass it."""
    state = play_round(2, [["mouse 0", "mouse 1", "yarn 0"], ["laser 0", "yarn 1", "feather 0"]],
                       cat=18)
    assert state.last["winners"] == [1] and state.wins == [0, 1]


def test_winners_equal_totals_share_the_round() -> None:
    """Winners: several players may win a round with equal totals; each moves a shelf."""
    state = play_round(2, [["mouse 0", "laser 0", "feather 0"], ["mouse 1", "laser 1", "feather 1"]],
                       cat=20)
    assert state.last["totals"] == [17, 17]
    assert state.last["winners"] == [0, 1] and state.wins == [1, 1]


def test_winners_if_everyone_passed_the_least_over_wins() -> None:
    """Winners: if every player passed the cat, those who passed it by the least win."""
    state = play_round(2, [["laser 0", "mouse 0", "mouse 1"], ["laser 1", "yarn 1", "feather 0"]],
                       cat=13)
    assert state.last["totals"] == [15, 18]
    assert state.last["winners"] == [0] and state.wins == [1, 0]


def test_winners_round_tracker_moves_on() -> None:
    """A round: after the Nuzzle the round tracker moves to the next round."""
    state = play_round(2, [["mouse 0", "mouse 1", "yarn 0"], ["laser 0", "yarn 1", "feather 0"]],
                       cat=17)
    assert state.round == 2 and state.progress() == "Round 2 · 0 lures played"


# -- Hand size -------------------------------------------------------------------------------------
def test_reconstruction_hand_chart_is_3_plus_cards_played_plus_wins() -> None:
    """Hand size [reconstruction]: dealt = 3 + cards played this round + rounds won."""
    assert KEEP == 3
    for players in range(2, 7):
        played = [sum(1 for k in range(12) if k % players == pos) for pos in range(players)]
        for pos in range(players):
            assert list(DEALT[players][pos]) == [3 + played[pos] + w for w in range(3)]
    assert DEALT[2][0] == (9, 10, 11) and DEALT[3][0] == (7, 8, 9)
    assert DEALT[4][0] == (6, 7, 8) and DEALT[6][5] == (5, 6, 7)


def test_reconstruction_five_players_first_two_in_turn_order_get_a_card_more() -> None:
    """Hand size: with 5 players the first two in turn order play 3 cards, the others 2."""
    state = GAME.new_game(5, 0, {"first": 3, "wins": [0, 1, 0, 2, 0]})
    assert [len(h) for h in state.hands] == [5, 6, 5, 8, 6]


@pytest.mark.parametrize("players", range(2, 7))
def test_hand_size_a_winner_starts_later_rounds_with_one_more_card(players: int) -> None:
    """Hand size [rulebook]: each round already won adds one card to the deal."""
    wins = [s % 3 for s in range(players)]
    state = GAME.new_game(players, 8, {"first": 0, "wins": wins})
    for seat in range(players):
        assert len(state.hands[seat]) == DEALT[players][seat][wins[seat]]


@pytest.mark.parametrize("players", range(2, 7))
def test_hand_size_everyone_ends_lure_with_3_plus_wins_cards(players: int) -> None:
    """Hand size: every player finishes the lure phase with 3 cards plus one per round won."""
    wins = [(s + 1) % 3 for s in range(players)]
    state = GAME.new_game(players, 21, {"wins": wins})
    random_round(state, Rng(players))
    assert [len(h) for h in state.last["hands"]] == [3 + w for w in wins]


def test_hand_size_deck_suffices_for_six_players_on_two_wins() -> None:
    """Hand size: the largest need (6 players on 2 wins, 6 x 7 = 42) uses the whole deck."""
    state = GAME.new_game(6, 5, {"wins": [2] * 6})
    every = sorted(c for h in state.hands for c in h)
    assert every == list(range(42))


# -- First player ----------------------------------------------------------------------------------
def test_first_player_round_1_is_random() -> None:
    """First player [rulebook]: round 1 starts with a random player (seeded, replayable)."""
    firsts = {GAME.new_game(4, seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.new_game(4, 17).first == GAME.new_game(4, 17).first
    assert GAME.new_game(4, 17).to_move == GAME.new_game(4, 17).first


def test_first_player_later_round_is_the_winner() -> None:
    """First player: a later round starts with a winner of the previous round."""
    state = play_round(2, [["mouse 0", "mouse 1", "yarn 0"], ["laser 0", "yarn 1", "feather 0"]],
                       cat=18)
    assert state.last["winners"] == [1]
    assert state.first == 1 and state.to_move == 1


def test_decision_several_winners_first_clockwise_from_previous_first_leads() -> None:
    """[decision] several winners: the first of them clockwise from the previous first player."""
    state = play_round(3, [["mouse 0", "laser 0", "feather 0"], ["laser 1", "laser 2", "laser 3"],
                           ["mouse 1", "laser 4", "feather 1"]], cat=20, first=1)
    assert state.last["winners"] == [0, 2]
    assert state.first == 2 and state.to_move == 2


def test_decision_previous_first_player_leads_again_if_they_won_again() -> None:
    """[decision] the previous first player leads again if they are among the winners."""
    state = play_round(3, [["mouse 0", "laser 0", "feather 0"], ["mouse 2", "laser 5", "feather 2"],
                           ["laser 1", "laser 2", "laser 3"]], cat=20, first=1)
    assert state.last["winners"] == [0, 1]
    assert state.first == 1


# -- End of the game -------------------------------------------------------------------------------
def test_end_third_round_won_reaches_the_crown_and_wins_at_once() -> None:
    """End [seed]: the progress marker reaching the crown (third win) wins at once."""
    state = play_round(3, [["mouse 0", "mouse 1", "mouse 2", "mouse 3", "feather 0"],
                           ["laser 3", "laser 4", "feather 1", "feather 2", "yarn 1"],
                           ["laser 0", "laser 1", "yarn 0"]], cat=13, wins=[2, 2, 0], round_no=3)
    assert state.last["totals"] == [12, 33, 25] and state.last["winners"] == [0]
    assert state.is_over() and state.round == 3 and state.to_move is None
    assert state.legal_actions() == []
    out = state.outcome()
    assert out.winners == (0,) and out.scores == (3.0, 2.0, 0.0)
    assert "crown" in out.summary
    with pytest.raises(IllegalAction) as err:
        state.apply(Lure(state.hands[1][0], 0))
    assert err.value.reason == "The game is over."


def test_decision_several_reach_the_crown_in_one_round_share_the_win() -> None:
    """[decision] several players reaching the crown in the same round share the win."""
    state = play_round(3, [["mouse 0", "mouse 1", "mouse 2", "mouse 3", "feather 0"],
                           ["mouse 4", "mouse 5", "mouse 6", "yarn 1", "yarn 2"],
                           ["laser 0", "laser 1", "yarn 0"]], cat=13, wins=[2, 2, 0], round_no=2)
    assert state.last["totals"] == [12, 12, 25]
    out = state.outcome()
    assert out.winners == (0, 1) and out.reward(0) == out.reward(1) == 0.5
    assert "share" in out.summary


def test_end_game_ends_after_round_7_most_rounds_won_wins() -> None:
    """End [seed]: otherwise the game ends after round 7; most rounds won wins."""
    state = play_round(3, [["mouse 0", "mouse 1", "mouse 2", "mouse 3", "feather 0"],
                           ["laser 0", "laser 1", "yarn 0"],
                           ["mouse 4", "mouse 5", "mouse 6", "yarn 1"]],
                       cat=25, wins=[2, 0, 1], round_no=7)
    assert state.last["winners"] == [1] and state.wins == [2, 1, 1]
    assert state.is_over() and state.outcome().winners == (0,)
    assert "most rounds" in state.outcome().summary


def test_end_game_does_not_end_before_round_7_without_a_crown() -> None:
    """End: without a crown the game goes on until round 7 is complete."""
    state = play_round(3, [["mouse 0", "mouse 1", "mouse 2", "mouse 3", "feather 0"],
                           ["laser 0", "laser 1", "yarn 0"],
                           ["mouse 4", "mouse 5", "mouse 6", "yarn 1"]],
                       cat=25, wins=[2, 0, 1], round_no=6)
    assert not state.is_over() and state.round == 7


ROUND7_WINS = [2, 2, 0]


def round7(keep0: list[str], keep1: list[str], keep2: list[str], cat: int) -> BetweenState:
    """Round 7 with seats 0 and 1 on two wins each and seat 2 winning the round."""
    state = play_round(3, [keep0, keep1, keep2], cat=cat, wins=list(ROUND7_WINS), round_no=7)
    assert state.last["winners"] == [2] and state.is_over()
    return state


def test_decision_round7_tie_a_player_who_did_not_pass_beats_one_who_did() -> None:
    """[decision] tied on rounds won: the tied player who did not pass in round 7 wins."""
    state = round7(["mouse 0", "mouse 1", "mouse 2", "mouse 3", "feather 0"],
                   ["laser 3", "laser 4", "feather 1", "feather 2", "yarn 1"],
                   ["laser 0", "laser 1", "yarn 0"], cat=25)
    assert state.last["totals"] == [12, 33, 25]
    assert state.outcome().winners == (0,)


def test_decision_round7_tie_among_non_passers_the_closer_wins() -> None:
    """[decision] tied on rounds won, neither passed: the closer to the cat wins."""
    state = round7(["mouse 0", "mouse 1", "mouse 2", "mouse 3", "feather 0"],
                   ["mouse 4", "mouse 5", "yarn 1", "yarn 2", "laser 3"],
                   ["laser 0", "laser 1", "yarn 0"], cat=25)
    assert state.last["totals"] == [12, 21, 25]
    assert state.outcome().winners == (1,)
    assert "did best" in state.outcome().summary


def test_decision_round7_tie_among_passers_the_least_over_wins() -> None:
    """[decision] tied on rounds won, both passed: the one who passed by the least wins."""
    state = round7(["mouse 0", "mouse 1", "mouse 2", "mouse 3", "fish 6"],
                   ["laser 3", "laser 4", "feather 1", "feather 2", "yarn 1"],
                   ["mouse 4", "mouse 5", "mouse 6"], cat=12)
    assert state.last["totals"] == [13, 33, 6]
    assert state.outcome().winners == (0,)


def test_end_round7_still_tied_share_the_victory() -> None:
    """End [seed]: still tied after the round-7 comparison, they share the victory."""
    state = round7(["mouse 0", "mouse 1", "mouse 2", "mouse 3", "feather 0"],
                   ["mouse 4", "mouse 5", "mouse 6", "yarn 1", "yarn 2"],
                   ["laser 0", "laser 1", "yarn 0"], cat=25)
    assert state.last["totals"] == [12, 12, 25]
    out = state.outcome()
    assert out.winners == (0, 1) and "share" in out.summary


def test_outcome_lines_give_each_seat_its_breakdown() -> None:
    """Outcome: per-seat lines with rounds won and the last round's total against the cat."""
    state = round7(["mouse 0", "mouse 1", "mouse 2", "mouse 3", "feather 0"],
                   ["laser 3", "laser 4", "feather 1", "feather 2", "yarn 1"],
                   ["laser 0", "laser 1", "yarn 0"], cat=25)
    lines = state.outcome().lines
    assert lines[0][0] == "Rounds won: 2" and lines[0][-1] == "Winner"
    assert lines[1][2] == "Round 7: total 33 for a cat on 25 (passed the cat by 8)"
    assert lines[2][1] == "Won round 7"
    assert state.view_for(0)["winners"] == [0]


# -- Interface details the screens rely on -------------------------------------------------------
def test_drag_from_hand_slot_to_toy() -> None:
    """Actions: a lure is a drag from ("hand", card) to ("toy", index)."""
    state, _ = setup_round(2, [["mouse 0", "mouse 1", "yarn 0"], ["laser 0", "yarn 1", "feather 0"]],
                           cat=18)
    action = state.parse("play fish 0 under yarn")
    assert state.drag_of(action) == (("hand", card("fish 0")), ("toy", 1))
    assert state.find_action(("hand", card("fish 0")), ("toy", 1)) == action
    assert state.legal_targets(("hand", card("fish 0"))) == [("toy", t) for t in range(6)]


def test_refused_drop_is_explained() -> None:
    """A drop onto a full toy maps to its lure so the screen can show why it is refused."""
    state, plays = setup_round(2, [["mouse 0", "mouse 1", "yarn 0"],
                                   ["laser 0", "yarn 1", "feather 0"]], cat=18)
    for text in plays[:2]:  # fish 0 and bell 2 fill the mouse toy
        state.apply(state.parse(text))
    action = state.candidate_action(("hand", card("fish 3")), ("toy", 0))
    assert action == Lure(card("fish 3"), 0)
    assert state.why_illegal(action) == "The mouse toy already has two cards."
    assert state.candidate_action(("deck",), ("toy", 0)) is None


def test_prompt_and_progress_texts() -> None:
    """prompt() and progress() describe the position in one line."""
    state, plays = setup_round(2, [["mouse 0", "mouse 1", "yarn 0"],
                                   ["laser 0", "yarn 1", "feather 0"]], cat=18)
    state.apply(state.parse(plays[0]))
    assert state.progress() == "Round 1 · 1 lure played"
    assert "cat on 18" in state.prompt() and "11 lures left" in state.prompt()
    state.played = 11  # the text alone: one lure to go
    assert state.prompt().endswith(", 1 lure left this round)")


def test_json_round_trip_and_bad_data_refused() -> None:
    """Saves: to_json/from_json round trip; foreign or broken data raises ValueError."""
    state = play_round(2, [["mouse 0", "mouse 1", "yarn 0"], ["laser 0", "yarn 1", "feather 0"]],
                       cat=18)
    data = state.to_json()
    assert BetweenState.from_json(data) == state
    broken = dict(data, hands=[[0, 0], []])
    with pytest.raises(ValueError):
        BetweenState.from_json(broken)
    with pytest.raises(ValueError):
        BetweenState.from_json({"game": "box"})
    with pytest.raises(ValueError):
        GAME.new_game(2, 0, {"deck": [[1, 1]]})
