"""Scenario tests for Cat in the Box (shared/rules/cat-in-the-box.md): one per rule line or
[decision], each set up with a stacked deal (option "deal") and played in the game's notation."""

from __future__ import annotations

from typing import Any, Sequence

import pytest

from cats.box import GAME
from cats.box.actions import Play, SetAside
from cats.box.scoring import game_outcome
from cats.box.state import BoxState
from cats.box.table import largest_group, table_for
from cats.core import IllegalAction
from cats.rng import Rng

NUMBERS = {2: 5, 3: 6, 4: 8, 5: 9}
HAND = {2: 10, 3: 10, 4: 10, 5: 9}


def start(players: int, hands: Sequence[Sequence[int]], left: Sequence[int] = (),
          first: int = 0, seed: int = 0) -> BoxState:
    """A game whose first round deals ``hands`` (seat 0 first), then ``left``; rest ascending."""
    deal = [c for hand in hands for c in hand] + list(left)
    state = GAME.new_game(players, seed, {"deal": [deal], "first_player": first})
    assert isinstance(state, BoxState)
    return state


def play(state: BoxState, moves: str) -> BoxState:
    """Apply comma-separated moves in notation; each must be legal."""
    for move in moves.split(","):
        state.apply(state.parse(move.strip()))
    return state


def names(state: BoxState) -> list[str]:
    """The legal actions in notation."""
    return [str(a) for a in state.legal_actions()]


def reason(state: BoxState, action: Any) -> str:
    """The refusal reason of an illegal action."""
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    return err.value.reason


def two_player_neutrals(left: Sequence[int]) -> BoxState:
    """A two-player game whose five leftovers are ``left`` (the first three are revealed)."""
    assert len(left) == 5
    rest = table_for(2).deck()
    for c in left:
        rest.remove(c)
    return start(2, [rest[:10], rest[10:]], left)


# 3 players: seat 0 holds 1s, 2s and a lone 6; seat 1 holds 3s and 4s; seat 2 the rest.
THREE = [[1, 1, 1, 1, 1, 2, 2, 2, 2, 6], [3, 3, 3, 3, 3, 4, 4, 4, 4, 4]]
THREE_READY = "set aside 6, set aside 3, set aside 5, predict 1, predict 3, predict 4"

# 2 players: leftovers 5, 4, 5 revealed (neutral 5 green, 5 yellow, 4 green).
TWO = [[1, 1, 2, 2, 3, 3, 4, 4, 5, 5], [1, 1, 1, 2, 2, 2, 3, 3, 3, 4]]
TWO_LEFT = [5, 4, 5]


def forced_red_lead() -> BoxState:
    """Seat 0 gives up blue and green; the yellow row fills; seat 0 then leads."""
    state = start(2, TWO, TWO_LEFT, first=1)
    return play(state, "set aside 4, set aside 5, 1 blue, 2 yellow, 1 green, 3 yellow, "
                       "1 yellow, 4 yellow")


# Recorded rounds played to the end without paradox (found by search, replayed here).
FULL_ROUNDS = {
    2: ([[1, 1, 1, 2, 2, 3, 4, 4, 5, 5], [1, 1, 2, 2, 3, 3, 3, 4, 4, 5]], [3, 5, 5, 2, 4],
        ("set aside 1, set aside 1, 1 blue, 1 red, 2 red, 1 yellow, 2 yellow, 2 blue, 3 red, "
        "2 green, 3 yellow, 3 blue, 4 red, 4 blue, 4 yellow, 4 green, 5 red, 5 blue")),
    3: ([[1, 1, 1, 2, 3, 3, 4, 4, 5, 5], [1, 2, 2, 3, 3, 4, 4, 5, 6, 6]], [],
        ("set aside 2, set aside 5, set aside 6, predict 4, predict 3, predict 4, 5 blue, "
        "2 blue, 2 green, 3 blue, 6 blue, 6 red, 6 green, 1 green, 4 green, 5 yellow, 1 yellow, "
        "6 yellow, 3 yellow, 4 yellow, 4 red, 1 blue, 1 red, 3 green, 2 yellow, 5 green, 5 red, "
        "4 blue, 3 red, 2 red")),
    4: ([[2, 3, 4, 4, 4, 6, 6, 6, 7, 8], [1, 1, 2, 2, 3, 3, 4, 5, 6, 7],
         [1, 2, 3, 4, 5, 5, 6, 7, 8, 8]], [],
        ("set aside 4, set aside 6, set aside 7, set aside 8, predict 2, predict 1, predict 3, "
        "predict 1, 6 blue, 1 blue, 5 blue, 7 blue, 5 yellow, 6 yellow, 3 yellow, 1 yellow, "
        "6 green, 2 green, 8 green, 1 green, 2 yellow, 7 yellow, 4 yellow, 7 green, 2 blue, "
        "3 blue, 1 red, 4 blue, 4 green, 6 red, 5 green, 4 red, 5 red, 3 green, 7 red, 2 red, "
        "8 blue, 3 red, 8 red, 8 yellow")),
    5: ([[1, 3, 4, 5, 6, 6, 8, 8, 9], [1, 2, 2, 3, 5, 6, 7, 7, 9], [1, 2, 4, 6, 7, 8, 8, 9, 9],
         [1, 3, 3, 4, 5, 5, 6, 8, 9]], [],
        ("set aside 4, set aside 2, set aside 9, set aside 8, set aside 1, predict 2, predict 3, "
        "predict 1, predict 1, predict 2, 8 green, 9 green, 8 blue, 4 green, 2 green, 1 green, "
        "8 red, 5 green, 7 green, 8 yellow, 4 blue, 3 blue, 7 blue, 1 blue, 7 yellow, 4 red, "
        "6 red, 7 red, 1 red, 3 yellow, 2 yellow, 6 yellow, 1 yellow, 4 yellow, 5 red, 6 blue, "
        "6 green, 2 blue, 9 blue, 3 green, 5 blue, 5 yellow, 9 red, 3 red, 9 yellow")),
}


def full_round(players: int, stop_before_last: bool = False) -> BoxState:
    """Replay the recorded full round for ``players``."""
    hands, left, moves = FULL_ROUNDS[players]
    listed = moves.split(", ")
    state = start(players, hands, left)
    return play(state, ", ".join(listed[:-1] if stop_before_last else listed))


# -- Setup by player count ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_cards_dealt_and_research_columns_by_player_count(players: int) -> None:
    """Setup table: cards 1-5/1-6/1-8/1-9, ten cards each (nine with 5), columns in play."""
    state = GAME.new_game(players, 11)
    assert isinstance(state, BoxState)
    top = NUMBERS[players]
    assert [len(h) for h in state.hands] == [HAND[players]] * players
    cards = [c for h in state.hands for c in h] + state.revealed + state.leftovers
    assert sorted(cards) == [n for n in range(1, top + 1) for _ in range(5)]
    view = state.view_for(0)
    assert view["numbers"] == top
    assert all(len(row) == top for row in view["board"].values())
    assert (len(state.revealed), len(state.leftovers)) == ((3, 2) if players == 2 else (0, 0))


def test_two_player_three_revealed_leftovers_put_neutral_tokens_on_green() -> None:
    """2 players: 3 of the 5 leftovers are revealed; each puts a neutral token on green."""
    state = two_player_neutrals([1, 2, 4, 3, 5])
    board = state.view_for(0)["board"]
    assert board["green"] == ["neutral", "neutral", None, "neutral", None]
    assert board["red"] == board["blue"] == board["yellow"] == [None] * 5
    view = state.view_for(1)
    assert view["neutral_reveals"] == [1, 2, 4] and view["hidden_leftovers"] == 2


def test_two_player_number_revealed_twice_covers_yellow_three_times_blue() -> None:
    """2 players: a number revealed twice also covers yellow, three times also blue."""
    board = two_player_neutrals([5, 4, 5, 1, 2]).view_for(0)["board"]
    assert board["green"] == [None, None, None, "neutral", "neutral"]
    assert board["yellow"] == [None, None, None, None, "neutral"]
    board = two_player_neutrals([3, 3, 3, 1, 2]).view_for(0)["board"]
    assert [board[c][2] for c in ("red", "blue", "yellow", "green")] == [
        None, "neutral", "neutral", "neutral"]


def test_two_player_neutral_tokens_never_go_on_red_nor_open_it() -> None:
    """2 players: neutral tokens never go on red, so red stays closed for the leader."""
    state = two_player_neutrals([3, 3, 3, 1, 2])
    state = play(state, "set aside 1, set aside 4")
    assert state.view_for(0)["red_open"] is False
    assert not any(a.endswith("red") for a in names(state))


def test_decision_observed_tokens_never_exist_and_never_open_red() -> None:
    """[decision] Only the columns in play exist; no observed token is on the board."""
    state = GAME.new_game(4, 5)
    view = state.view_for(0)
    assert all(row == [None] * 8 for row in view["board"].values())
    assert view["red_open"] is False


def test_decision_first_round_start_player_is_random_and_replayable() -> None:
    """[decision] The first Round Start Player is chosen at random (from the seed)."""
    firsts = {GAME.new_game(4, seed).view_for(None)["round_start_player"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.new_game(4, 7).to_json() == GAME.new_game(4, 7).to_json()


# -- Setting aside ----------------------------------------------------------------------------------
def test_decision_set_aside_one_player_at_a_time_from_round_start_player() -> None:
    """[decision] Each player secretly sets aside one card, in turn from the Round Start Player."""
    state = start(3, THREE, first=1)
    assert (state.phase, state.to_move) == ("aside", 1)
    play(state, "set aside 3")
    assert state.to_move == 2 and state.hands[1] == [3] * 4 + [4] * 5
    play(state, "set aside 5, set aside 6")
    assert (state.phase, state.to_move) == ("predict", 1)
    assert state.aside == [6, 3, 5]


def test_set_aside_card_is_out_of_this_round() -> None:
    """Round 1: the set-aside card is out of the round: it can never be played."""
    state = play(start(3, THREE), THREE_READY)
    assert all(not a.startswith("6 ") for a in names(state))
    assert reason(state, Play(6, "blue")) == "You have no 6 in your hand."


def test_decision_set_aside_card_is_secret_to_other_seats() -> None:
    """[decision] Views never show another player's set-aside card, only that it is done."""
    state = play(start(3, THREE), "set aside 6")
    assert state.view_for(0)["set_aside"] == 6
    other = state.view_for(1)
    assert other["set_aside"] is None and other["set_aside_done"] == [True, False, False]
    assert other["hand_counts"] == [9, 10, 10]


# -- Predictions ------------------------------------------------------------------------------------
def test_three_players_predict_one_three_or_four_never_two() -> None:
    """Predict: 3 players choose from {1, 3, 4} ("you cannot declare 2 tricks")."""
    state = play(start(3, THREE), "set aside 6, set aside 3, set aside 5")
    assert names(state) == ["predict 1", "predict 3", "predict 4"]
    assert "cannot predict 2" in reason(state, state.ACTIONS["predict"](2))


@pytest.mark.parametrize("players", [4, 5])
def test_four_and_five_players_predict_one_two_or_three(players: int) -> None:
    """Predict: 4-5 players choose from {1, 2, 3} [reconstruction, data file]."""
    state = GAME.new_game(players, 3)
    for _ in range(players):
        state.apply(state.legal_actions()[0])
    assert state.phase == "predict" and names(state) == ["predict 1", "predict 2", "predict 3"]


def test_two_players_do_not_predict() -> None:
    """Predict: not in 2-player games; the tricks start after setting aside."""
    state = play(start(2, TWO, TWO_LEFT), "set aside 1, set aside 1")
    assert state.phase == "play" and not any(a.startswith("predict") for a in names(state))
    assert reason(state, state.ACTIONS["predict"](3)) == (
        "There are no predictions in a two-player game.")


def test_decision_predictions_in_turn_order_are_public_at_once() -> None:
    """[decision] Predictions go clockwise from the Round Start Player and are public at once."""
    state = play(start(3, THREE, first=2), "set aside 5, set aside 6, set aside 3")
    assert state.to_move == 2
    play(state, "predict 4")
    assert state.to_move == 0
    assert state.view_for(1)["predictions"] == [None, None, 4]


# -- Declarations -----------------------------------------------------------------------------------
def test_round_start_player_leads_first_trick() -> None:
    """Tricks: the Round Start Player leads the first trick."""
    state = play(start(3, THREE, first=2), "set aside 5, set aside 6, set aside 3, "
                                           "predict 1, predict 1, predict 1")
    assert (state.phase, state.to_move) == ("play", 2)


def test_declaration_needs_empty_space_and_colour_still_held() -> None:
    """Playing: legal when the space (colour, number) is empty and the colour token is held."""
    state = play(start(2, TWO, TWO_LEFT, first=1), "set aside 4, set aside 5, 1 blue, 2 yellow")
    # Seat 1 leads: 1 blue and 2 yellow are taken, red is closed.
    assert names(state) == ["1 yellow", "1 green", "2 blue", "2 green",
                            "3 blue", "3 yellow", "3 green"]
    assert reason(state, Play(1, "blue")) == (
        "That space is taken: 1 blue already has player 2's token.")
    play(state, "1 green")
    assert reason(state, Play(2, "blue")) == "You gave up blue this round."
    assert reason(state, Play(5, "yellow")) == (
        "That space is taken: 5 yellow already has a neutral token.")


def test_leader_may_not_declare_red_while_red_row_is_empty() -> None:
    """Leading: the leader may not declare red unless an exception applies."""
    state = play(start(3, THREE), THREE_READY)
    assert names(state) == ["1 blue", "1 yellow", "1 green", "2 blue", "2 yellow", "2 green"]
    assert reason(state, Play(1, "red")).startswith("Red is not open yet")


def test_red_lead_exception_a_player_token_on_red_row() -> None:
    """Leading, exception 1: red may be led once a player's token is on the red row."""
    state = play(start(3, THREE), THREE_READY + ", 2 blue, 3 red, 6 blue")
    assert state.to_move == 1 and state.view_for(1)["red_open"] is True
    assert "4 red" in names(state)


def test_red_lead_exception_b_no_card_can_be_declared_another_colour() -> None:
    """Leading, exception 2: red may be led when no card can be declared another colour."""
    state = forced_red_lead()
    view = state.view_for(0)
    assert state.to_move == 0 and view["red_open"] is False
    assert view["player_colours"][0] == ["red", "yellow"]
    assert all(owner is not None for owner in view["board"]["yellow"])
    assert names(state) == ["1 red", "2 red", "3 red", "4 red", "5 red"]


def test_following_another_colour_gives_up_the_led_colour() -> None:
    """Following: declaring another colour removes the player's led-colour token for the round."""
    state = play(start(2, TWO, TWO_LEFT, first=1), "set aside 4, set aside 5, 1 blue, 2 yellow")
    assert state.view_for(1)["player_colours"] == [["red", "yellow", "green"],
                                                   ["red", "blue", "yellow", "green"]]


def test_following_another_colour_is_legal_while_led_space_is_free() -> None:
    """Following: another colour is legal even while the led-colour space for that number is free."""
    state = play(start(2, TWO, TWO_LEFT, first=1), "set aside 4, set aside 5, 1 blue")
    assert {"2 blue", "2 yellow", "2 red"} <= set(names(state))


def test_giving_up_a_colour_already_gone_changes_nothing() -> None:
    """Following: if the led-colour token is already gone, nothing more happens."""
    state = play(start(3, THREE), THREE_READY + ", 2 blue, 3 red, 6 blue")
    assert state.view_for(0)["player_colours"][1] == ["red", "yellow", "green"]
    play(state, "4 yellow, 5 red, 1 red, 6 green, 1 green, 4 green, 5 blue, 1 blue, 4 red")
    assert state.view_for(0)["player_colours"][1] == ["red", "yellow", "green"]


def test_following_a_red_lead_with_another_colour_gives_up_red() -> None:
    """Following: the rule applies to a red lead too (RULES NOTE): red is given up."""
    state = play(forced_red_lead(), "5 red, 2 blue")
    assert state.view_for(0)["player_colours"][1] == ["blue", "yellow", "green"]


def test_no_duty_to_follow_but_a_legal_card_must_be_played() -> None:
    """There is no duty to follow; a legal card must be played (no pass exists)."""
    state = play(start(3, THREE), THREE_READY + ", 2 blue")
    assert {"3 blue", "3 red", "3 yellow", "3 green"} <= set(names(state))
    assert all(isinstance(a, Play) for a in state.legal_actions())


# -- Trick winner -----------------------------------------------------------------------------------
def test_trick_winner_any_red_beats_the_led_colour() -> None:
    """Winner: if any red was declared, the highest red wins (a low red beats a high lead)."""
    state = play(start(3, THREE), THREE_READY + ", 2 blue, 3 red, 6 blue")
    assert state.view_for(0)["last_trick"]["winner"] == 1 and state.tricks == [0, 1, 0]


def test_trick_winner_highest_of_several_reds() -> None:
    """Winner: with several reds the highest red wins."""
    state = play(start(3, THREE), THREE_READY + ", 2 blue, 3 red, 6 blue, 4 yellow, 5 red, 1 red")
    assert state.view_for(0)["last_trick"]["winner"] == 2 and state.tricks == [0, 1, 1]


def test_trick_winner_highest_card_of_led_colour_without_red() -> None:
    """Winner: without red the highest card of the led colour wins; other colours never do."""
    state = play(start(3, THREE), THREE_READY + ", 2 blue, 3 red, 6 blue, 4 yellow, 5 red, "
                                                "1 red, 6 green, 1 green, 4 green")
    assert state.tricks == [0, 1, 2]
    state = play(start(2, TWO, TWO_LEFT, first=1), "set aside 4, set aside 5, 1 blue, 2 yellow")
    assert state.tricks == [0, 1]  # 2 yellow is higher but not the led colour


def test_trick_winner_leads_the_next_trick() -> None:
    """Tricks: each trick's winner leads the next."""
    state = play(start(3, THREE), THREE_READY + ", 2 blue, 3 red, 6 blue")
    assert state.to_move == 1 and state.view_for(1)["trick"] == {
        "leader": 1, "led": None, "plays": []}
    assert state.progress() == "Round 1 · trick 2"


# -- Paradox ----------------------------------------------------------------------------------------
PARADOX_MID = ([[1, 1, 1, 2, 3, 3, 4, 5, 5, 5], [1, 2, 2, 2, 3, 4, 4, 4, 4, 5]], [1, 2, 3, 3, 5],
               ("set aside 1, set aside 5, 5 green, 1 blue, 1 yellow, 3 blue, 4 blue, 4 red, "
               "2 red, 3 red, 5 blue"))
PARADOX_LEAD = ([[1, 1, 1, 2, 2, 4, 5, 5, 5, 5], [1, 1, 2, 2, 3, 3, 3, 3, 4, 4]], [2, 4, 3, 5, 4],
                ("set aside 5, set aside 3, 4 blue, 1 green, 5 yellow, 1 red, 4 red, 2 red, "
                "3 red"))


def paradox_game(case: tuple[Any, ...]) -> BoxState:
    """Replay a recorded two-player paradox scenario."""
    hands, left, moves = case
    return play(start(2, hands, left), moves)


def test_paradox_reveals_hand_and_discards_unfinished_trick() -> None:
    """Paradox: the player to act has no legal card: hand revealed, trick has no winner."""
    state = paradox_game(PARADOX_MID)
    result = state.results[0]
    assert result["paradox"] == 1 and result["paradox_hand"] == [2, 2, 4, 4, 4]
    assert result["discarded"] == [{"seat": 0, "number": 5, "colour": "blue"}]
    assert result["tricks"] == [3, 1]  # nobody won the unfinished trick
    assert state.view_for(0)["last_round"]["paradox_hand"] == [2, 2, 4, 4, 4]


def test_paradox_ends_trick_phase_and_tokens_stay() -> None:
    """Paradox: tokens stay (the discarded 5 blue counts in the group) and the phase ends."""
    state = paradox_game(PARADOX_MID)
    result = state.results[0]
    assert result["board"]["blue"] == [1, None, 1, 0, 0]
    assert result["cells"][0] == [["blue", 4], ["blue", 5]]
    assert state.round_no == 1 and state.phase == "aside"


def test_paradox_scores_minus_tricks_and_others_score_normally() -> None:
    """Paradox scoring: -1 per trick and no bonus for the causer; others score normally."""
    assert paradox_game(PARADOX_MID).results[0]["scores"] == [3 + 2, -1]
    assert paradox_game(PARADOX_LEAD).results == []
    state = play(paradox_game(PARADOX_LEAD), "1 blue")
    assert state.results[0]["scores"] == [1 + 1, -3]


# Paradox rounds with 3-5 players (found by search, replayed here): the causer's tricks equal
# their prediction, another player's do too, and a third player is short of their prediction.
PARADOX_ROUNDS = {
    3: ([[1, 2, 2, 3, 3, 4, 4, 4, 5, 6], [1, 1, 2, 2, 3, 3, 3, 5, 5, 6]], 2,
        ("set aside 1, set aside 1, set aside 2, predict 1, predict 4, predict 4, 5 yellow, "
        "2 blue, 1 yellow, 4 blue, 6 blue, 1 green, 2 green, 5 red, 3 blue, 6 red, 4 yellow, "
        "1 red, 4 red, 3 yellow, 3 red, 6 yellow, 2 yellow, 3 green")),
    4: ([[1, 1, 1, 4, 5, 5, 6, 6, 7, 8], [1, 2, 2, 2, 3, 4, 4, 4, 7, 8],
         [1, 2, 3, 3, 5, 5, 6, 7, 7, 8]], 2,
        ("set aside 4, set aside 8, set aside 8, set aside 3, predict 3, predict 2, predict 1, "
        "predict 3, 6 yellow, 7 blue, 2 yellow, 8 blue, 6 green, 3 green, 1 red, 6 red, 6 blue, "
        "5 yellow, 4 blue, 7 red, 7 yellow, 3 blue, 5 red, 2 blue, 1 green, 4 green, 3 yellow, "
        "2 red, 5 blue, 8 red, 2 green, 3 red, 7 green, 4 red")),
    5: ([[1, 1, 3, 4, 4, 4, 5, 5, 6], [1, 1, 2, 5, 6, 6, 6, 6, 7], [2, 2, 3, 4, 7, 8, 8, 9, 9],
         [2, 3, 5, 7, 8, 8, 8, 9, 9]], 4,
        ("set aside 4, set aside 7, set aside 7, set aside 9, set aside 5, predict 3, predict 2, "
        "predict 1, predict 2, predict 2, 3 green, 6 red, 9 blue, 5 yellow, 9 yellow, 1 blue, "
        "3 blue, 7 yellow, 1 red, 1 yellow, 4 red, 6 green, 6 blue, 4 yellow, 3 red, 3 yellow, "
        "4 green, 2 yellow, 2 blue, 2 red, 9 red, 7 red, 5 green, 5 blue, 8 blue, 8 red")),
}


@pytest.mark.parametrize("players,tricks,predictions,groups,scores", [
    (3, [1, 1, 4], [1, 4, 4], [6, 2, 3], [1 + 6, 1, -4]),
    (4, [3, 0, 1, 2], [3, 2, 1, 3], [4, 3, 2, 3], [3 + 4, 0, -1, 2]),
    (5, [0, 1, 0, 2, 2], [3, 2, 1, 2, 2], [4, 3, 2, 2, 1], [0, 1, 0, 2 + 2, -2]),
], ids=["3 players", "4 players", "5 players"])
def test_paradox_scoring_three_to_five_players(players: int, tricks: list[int],
                                               predictions: list[int], groups: list[int],
                                               scores: list[int]) -> None:
    """Paradox scoring, 3-5 players: the causer scores -1 per trick and no bonus even with an
    exact prediction; the others get the bonus only if their tricks so far equal it."""
    hands, causer, moves = PARADOX_ROUNDS[players]
    state = play(start(players, hands), moves)
    result = state.results[0]
    assert result["paradox"] == causer and state.round_no == 1
    assert sum(result["tricks"]) < table_for(players).tricks_per_round  # ended early
    assert result["tricks"] == tricks and result["predictions"] == predictions
    assert result["group"] == groups
    assert tricks[causer] == predictions[causer] > 0  # exact, yet no bonus and negative
    assert result["bonus_earned"] == [s != causer and tricks[s] == predictions[s]
                                      for s in range(players)]
    assert result["scores"] == scores


# Two-player paradox rounds (found by search): the other player has won 0 tricks, or 5.
PARADOX_TWO_ZERO = ([[1, 1, 2, 2, 2, 3, 5, 5, 5, 5], [1, 1, 2, 3, 3, 3, 4, 4, 4, 5]],
                    [3, 4, 2, 1, 4],
                    ("set aside 5, set aside 5, 3 yellow, 2 red, 3 blue, 1 blue, 3 red, "
                    "1 green, 4 blue, 5 green, 4 red, 2 yellow, 1 red, 5 yellow"))
PARADOX_TWO_FIVE = ([[1, 2, 2, 2, 3, 3, 3, 4, 4, 5], [1, 1, 1, 1, 2, 3, 3, 4, 4, 5]],
                    [5, 5, 2, 5, 4],
                    ("set aside 3, set aside 4, 1 green, 5 red, 3 yellow, 2 red, 4 red, "
                    "4 yellow, 2 blue, 3 blue, 1 blue, 4 blue, 3 red, 2 yellow, 3 green, "
                    "1 yellow, 5 blue"))


def test_two_player_paradox_other_player_with_zero_tricks_earns_the_bonus() -> None:
    """Paradox scoring, 2 players: 0 tricks counts as "4 or fewer", so the other player earns
    the group bonus with no trick; the causer scores -1 per trick."""
    result = paradox_game(PARADOX_TWO_ZERO).results[0]
    assert result["paradox"] == 1 and result["tricks"] == [0, 6]
    assert result["group"] == [2, 6] and result["bonus_earned"] == [True, False]
    assert result["scores"] == [0 + 2, -6]


def test_two_player_paradox_other_player_with_five_tricks_earns_no_bonus() -> None:
    """Paradox scoring, 2 players: the others score normally with the tricks won so far, so 5
    tricks (more than 4) earn no bonus even though the causer is the one penalised."""
    result = paradox_game(PARADOX_TWO_FIVE).results[0]
    assert result["paradox"] == 1 and result["tricks"] == [5, 2]
    assert result["group"] == [6, 6] and result["bonus_earned"] == [False, False]
    assert result["scores"] == [5, -2]


def test_paradox_only_the_player_to_act_is_tested() -> None:
    """Paradox: only the player to act is tested; a blocked player waiting does not end it."""
    state = paradox_game(PARADOX_LEAD)
    view = state.view_for(1)
    stuck = all(view["board"][c][n - 1] is not None
                for n in view["hand"] for c in view["player_colours"][1])
    assert stuck and state.to_move == 0 and state.phase == "play" and not state.results
    play(state, "1 blue")  # seat 1 wins the trick, must lead, and cannot: paradox at the lead
    result = state.results[0]
    assert result["paradox"] == 1 and result["discarded"] == []
    assert result["paradox_hand"] == [2, 2, 3, 3, 4]


def test_paradox_keeps_set_aside_cards_and_leftovers_hidden() -> None:
    """Paradox: set-aside cards and 2-player leftovers stay hidden."""
    state = paradox_game(PARADOX_MID)
    result = state.results[0]
    assert set(result) >= {"paradox_hand"} and not {"aside", "leftovers"} & set(result)
    view = state.view_for(0)
    assert view["last_round"] == result and view["hidden_leftovers"] == 2


# -- End of the trick phase -----------------------------------------------------------------------
@pytest.mark.parametrize("players,tricks", [(2, 8), (3, 8), (4, 8), (5, 7)])
def test_trick_phase_ends_when_every_player_holds_one_card(players: int, tricks: int) -> None:
    """End: every player holds exactly one card (8 tricks with 2-4, 7 with 5), never played."""
    state = full_round(players, stop_before_last=True)
    assert state.progress() == f"Round 1 · trick {tricks}"
    assert sorted(len(h) for h in state.hands) == [1] * (players - 1) + [2]
    play(state, FULL_ROUNDS[players][2].split(", ")[-1])
    result = state.results[0]
    assert result["paradox"] is None and sum(result["tricks"]) == tricks
    for seat in range(players):  # each seat placed one token per trick and kept its last card
        assert sum(row.count(seat) for row in result["board"].values()) == tricks
    assert state.round_no == 1


# -- Scoring ----------------------------------------------------------------------------------------
def test_score_tricks_plus_largest_group_when_prediction_is_exact() -> None:
    """Scoring: +1 per trick; bonus = largest group when tricks equal the prediction."""
    result = full_round(4).results[0]
    assert result["predictions"] == [2, 1, 3, 1] and result["tricks"] == [2, 1, 3, 2]
    assert result["group"] == [3, 4, 4, 3]
    assert result["bonus_earned"] == [True, True, True, False]
    assert result["scores"] == [2 + 3, 1 + 4, 3 + 4, 2]


def test_largest_group_is_orthogonal_diagonals_do_not_connect() -> None:
    """Scoring: the bonus group is orthogonally connected; diagonals do not connect."""
    result = full_round(2).results[0]
    assert result["board"]["yellow"][0] == 0 and result["board"]["green"][1] == 0  # diagonal
    assert result["group"][0] == 6  # blue 1-5 + yellow 1; green 2 touches only diagonally
    assert result["cells"][0] == [["blue", n] for n in range(1, 6)] + [["yellow", 1]]
    table = table_for(2)
    board = [-1] * 20
    for colour, number in ((0, 1), (1, 2), (2, 3), (3, 4)):  # a diagonal staircase
        board[table.index(colour, number)] = 0
    assert len(largest_group(board, 0, table)) == 1


def test_two_player_bonus_for_four_or_fewer_tricks() -> None:
    """Scoring, 2 players: the bonus goes to each player who won 4 or fewer tricks."""
    result = full_round(2).results[0]
    assert result["tricks"] == [0, 8] and result["predictions"] == [None, None]
    assert result["bonus_earned"] == [True, False]
    assert result["scores"] == [0 + 6, 8]


# Two-player rounds played to the end (found by search): tricks split 4-4 and 5-3.
TWO_FOUR_FOUR = ([[1, 3, 3, 3, 4, 4, 4, 5, 5, 5], [1, 1, 2, 2, 2, 3, 4, 4, 5, 5]], [1, 1, 3, 2, 2],
                 ("set aside 3, set aside 1, 5 yellow, 4 yellow, 5 green, 4 green, 1 blue, 1 red, "
                 "2 green, 4 red, 5 blue, 2 yellow, 3 red, 5 red, 3 yellow, 3 blue, 2 red, 4 blue"))
TWO_FIVE_THREE = ([[1, 2, 3, 3, 3, 4, 4, 5, 5, 5], [1, 1, 1, 2, 2, 2, 3, 4, 4, 4]],
                  [2, 5, 3, 1, 5],
                  ("set aside 3, set aside 2, 3 yellow, 3 blue, 4 yellow, 1 green, 5 yellow, "
                  "4 green, 2 blue, 4 blue, 1 blue, 5 blue, 1 yellow, 2 red, 1 red, 5 red, 3 red, "
                  "4 red"))


def test_two_player_bonus_limit_exactly_four_tricks_earns_it() -> None:
    """Scoring, 2 players: "4 or fewer" includes 4: both players winning 4 tricks earn the bonus."""
    hands, left, moves = TWO_FOUR_FOUR
    result = play(start(2, hands, left), moves).results[0]
    assert result["paradox"] is None and result["tricks"] == [4, 4]
    assert result["group"] == [7, 5] and result["bonus_earned"] == [True, True]
    assert result["scores"] == [4 + 7, 4 + 5]


def test_two_player_bonus_limit_five_tricks_earn_no_bonus() -> None:
    """Scoring, 2 players: a player who won 5 tricks (more than 4) earns no bonus; 3 still do."""
    hands, left, moves = TWO_FIVE_THREE
    result = play(start(2, hands, left), moves).results[0]
    assert result["paradox"] is None and result["tricks"] == [5, 3]
    assert result["group"] == [5, 3] and result["bonus_earned"] == [False, True]
    assert result["scores"] == [5, 3 + 3]


def test_five_players_score_with_prediction_bonus() -> None:
    """Scoring with 5 players: exact predictions earn the group bonus, others do not."""
    result = full_round(5).results[0]
    assert result["tricks"] == [2, 2, 1, 1, 1] and result["predictions"] == [2, 3, 1, 1, 2]
    assert result["scores"] == [2 + 3, 2, 1 + 2, 1 + 2, 1]


# -- Rounds and the game --------------------------------------------------------------------------
def test_round_start_player_passes_left_and_leads_the_next_round() -> None:
    """The game: the Round Start Player card passes left each round; they lead trick 1."""
    state = full_round(3)
    view = state.view_for(None)
    assert view["round"] == 2 and view["round_start_player"] == 1
    assert state.to_move == 1 and state.phase == "aside"
    assert [len(h) for h in state.hands] == [10, 10, 10]
    assert view["player_colours"] == [["red", "blue", "yellow", "green"]] * 3
    assert all(row == [None] * 6 for row in view["board"].values())
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    assert (state.phase, state.to_move) == ("play", 1)


def random_finish(state: BoxState, seed: int) -> BoxState:
    """Play random legal actions to the end."""
    rng = Rng(seed)
    while state.to_move is not None:
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_game_lasts_as_many_rounds_as_players(players: int) -> None:
    """The game: as many rounds as players, each player Round Start Player once; totals add up."""
    state = random_finish(GAME.new_game(players, 21), 4)  # type: ignore[arg-type]
    starts = [r["start_player"] for r in state.results]
    assert len(starts) == players and sorted(starts) == list(range(players))
    assert starts == [(starts[0] + k) % players for k in range(players)]
    outcome = state.outcome()
    assert outcome is not None
    assert list(outcome.scores) == [sum(r["scores"][s] for r in state.results)
                                    for s in range(players)]
    best = max(outcome.scores)
    assert outcome.winners
    assert set(outcome.winners) <= {s for s in range(players) if outcome.scores[s] == best}
    assert outcome.lines[0][-1] == f"Total: {outcome.scores[0]}"
    assert state.progress() == f"Game over after {players} rounds"


def fake_round(number: int, scores: list[int]) -> dict[str, Any]:
    """A finished-round record with given scores."""
    n = len(scores)
    return {"round": number, "start_player": 0, "tricks": [0] * n, "predictions": [1] * n,
            "bonus_earned": [False] * n, "group": [0] * n, "cells": [[]] * n,
            "scores": scores, "paradox": None, "paradox_hand": None, "discarded": [],
            "board": {}}


def test_highest_total_wins() -> None:
    """The game: highest total wins."""
    outcome = game_outcome([fake_round(1, [4, 9, 1]), fake_round(2, [6, 2, 1]),
                            fake_round(3, [1, 2, 2])], 3)
    assert outcome.scores == (11, 13, 4) and outcome.winners == (1,)
    assert outcome.summary == "Player 2 wins with 13 points."


def test_tie_broken_by_final_round_score() -> None:
    """The game: ties are broken by the final round's score."""
    outcome = game_outcome([fake_round(1, [8, 5, 1]), fake_round(2, [2, 5, 1])], 2 + 1)
    assert outcome.scores == (10, 10, 2) and outcome.winners == (1,)
    assert "final round" in outcome.summary


def test_tie_still_tied_on_final_round_is_shared() -> None:
    """The game: still tied after the final round's score, the victory is shared."""
    outcome = game_outcome([fake_round(1, [7, 7, 9]), fake_round(2, [3, 3, 0])], 3)
    assert outcome.winners == (0, 1) and "share" in outcome.summary
    assert outcome.reward(0) == outcome.reward(1) == 0.5


# -- Notation, gestures, prompts ------------------------------------------------------------------
def test_notation_drag_gestures_and_prompts() -> None:
    """Actions: "7 red" notation; drags hand -> research space or set-aside spot; one-line prompt."""
    state = start(3, THREE)
    assert state.prompt().startswith("Set aside") and state.progress() == "Round 1 · setting aside"
    assert state.drag_of(SetAside(6)) == (("hand", 6), ("aside",))
    assert state.find_action(("hand", 6), ("aside",)) == SetAside(6)
    play(state, THREE_READY)
    assert state.prompt() == "Lead a card and declare its colour (red is not open yet)"
    assert state.legal_targets(("hand", 2)) == [("space", c, 2) for c in ("blue", "yellow", "green")]
    assert state.find_action(("hand", 2), ("space", "green", 2)) == Play(2, "green")
    assert str(Play(7, "red")) == "7 red"
    play(state, "2 blue")
    assert state.prompt() == "Play a card and declare a colour (blue was led)"
    assert "no colour 'pink'" in reason(state, Play(3, "pink"))


def test_view_shows_current_trick_and_history() -> None:
    """Views: current trick (who played what), tricks won, round scores and totals."""
    state = play(start(3, THREE), THREE_READY + ", 2 blue, 3 red")
    view = state.view_for(2)
    assert view["trick"] == {"leader": 0, "led": "blue", "plays": [
        {"seat": 0, "number": 2, "colour": "blue"}, {"seat": 1, "number": 3, "colour": "red"}]}
    assert view["to_move"] == 2 and view["tricks_won"] == [0, 0, 0]
    assert view["hand"] == [2, 5, 5, 5, 5, 6, 6, 6, 6]
    finished = full_round(3).view_for(0)
    assert finished["round_scores"] == [[3, 6, 2]] and finished["totals"] == [3, 6, 2]
    assert finished["last_round"]["cells"][1] == [["blue", 2], ["yellow", 2], ["yellow", 3]]


# -- Re-dealing hidden cards for a seat (bots, fuzzer) -----------------------------------------
def _random_positions(players: int, games: int = 6) -> list[BoxState]:
    """Every position of a few seeded random games."""
    positions = []
    for seed in range(games):
        state = GAME.new_game(players, seed)
        rng = Rng(seed + 40)
        while state.to_move is not None:
            positions.append(state.clone())
            actions = state.legal_actions()
            state.apply(actions[rng.below(len(actions))])
    return positions


def _respects_inference(world: BoxState, real: BoxState, seat: int) -> bool:
    hidden = sorted([c for s in range(real.num_players) if s != seat for c in real.hands[s]]
                    + [real.aside[s] for s in range(real.num_players)
                       if s != seat and real.aside[s] >= 0] + real.leftovers)
    dealt = sorted([c for s in range(world.num_players) if s != seat for c in world.hands[s]]
                   + [world.aside[s] for s in range(world.num_players)
                      if s != seat and world.aside[s] >= 0] + world.leftovers)
    return dealt == hidden and all(
        len(world.hands[s]) == len(real.hands[s]) and
        all(real.allowed[s] >> c & 1 for c in world.hands[s])
        for s in range(real.num_players) if s != seat) and world.hands[seat] == real.hands[seat]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_decision_redeal_depends_only_on_what_the_seat_knows(players: int) -> None:
    """Two positions that look the same to a seat re-deal to the same world for the same Rng
    (the real hands are never consulted, nor the order hidden cards lie in)."""
    checked = 0
    for state in _random_positions(players):
        seat = state.to_move
        assert seat is not None
        twin = state.determinize(seat, Rng(7 + checked))     # another deal of the same unknowns
        assert twin.view_for(seat) == state.view_for(seat)
        one = state.determinize(seat, Rng(99))
        two = twin.determinize(seat, Rng(99))
        assert one.to_json() == two.to_json()
        assert _respects_inference(one, state, seat)
        checked += 1
    assert checked > 100


def test_decision_redeal_searches_when_random_deals_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no random tries left the re-deal finds a deal respecting every inference by search,
    still independent of the real hands."""
    import cats.box.state as box_state
    monkeypatch.setattr(box_state, "DEAL_TRIES", 0)
    checked = 0
    for state in _random_positions(3, games=3)[::7]:
        if state.phase != "play":
            continue
        for s in range(3):   # as if every seat had led a closed red: hands pinned to numbers held
            state.allowed[s] = sum(1 << c for c in set(state.hands[s]))
        for seat in range(3):
            one = state.determinize(seat, Rng(5))
            assert _respects_inference(one, state, seat)
            twin = state.determinize(seat, Rng(6))
            assert twin.determinize(seat, Rng(5)).to_json() == one.to_json()
            checked += 1
    assert checked > 10


def test_redeal_of_a_state_no_deal_can_explain_still_conserves_the_cards() -> None:
    """A loaded state whose inference no deal meets (never reached by play) re-deals without it
    rather than failing: every unseen card is dealt once, hand sizes kept."""
    state = next(s for s in _random_positions(3, games=1) if s.phase == "play")
    state.allowed[1] = 0   # "holds no number at all", yet holds cards
    world = state.determinize(0, Rng(3))
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert world.hands[0] == state.hands[0]
    assert sorted(world.hands[1] + world.hands[2] + [world.aside[1], world.aside[2]]) == \
        sorted(state.hands[1] + state.hands[2] + [state.aside[1], state.aside[2]])
