"""Scenario tests for Catch 22, one per rule line, [decision] and [reconstruction] of
shared/rules/catch-22.md (and each RULES NOTE of cats/catch22/__init__.py).

Dice are loaded with the ``dice`` script option: the first results settle the roll-off, the rest
are the turn rolls. Positions that take many turns to reach are set directly on the state
(``put``, ``cube``), then played in the game's notation through ``state.parse``.
"""

from __future__ import annotations

from typing import Optional, Sequence

import pytest

from cats.catch22 import GAME
from cats.catch22.state import Catch22State
from cats.catch22 import state as state_module
from cats.catch22.board import BOARD, free_pieces
from cats.catch22.info import DICE_KEPT
from cats.core import IllegalAction
from cats.jsondata import load_component
from cats.rng import Rng


# -- helpers -------------------------------------------------------------------------------------
def sq(name: str) -> int:
    """Board square from its name: column letter a-m, row 1-13 from the top (``g1``)."""
    square = BOARD.index.get((int(name[1:]) - 1, ord(name[0]) - ord("a")))
    assert square is not None, f"{name} is not a path square"
    return square


def game(players: int = 2, dice: Sequence[int] = (), starts: Optional[Sequence[str]] = None,
         threshold: int = 22) -> Catch22State:
    """A game past set-up: player 1 wins the roll-off, pawns on Stars (all north by default)."""
    rolloff = [6] + [1] * (players - 1)
    state = GAME.new_game(players, 5, {"dice": rolloff + list(dice), "threshold": threshold})
    for name in starts or ["north"] * players:
        play(state, f"start {name}")
    assert state.phase == "prepare" and state.to_move == 0 and state.turn == 1
    return state


def play(state: Catch22State, *moves: str) -> None:
    """Apply moves written in the game's notation (each must be legal)."""
    for text in moves:
        state.apply(state.parse(text))


def put(state: Catch22State, seat: int, name: str, gold: Optional[int] = None) -> None:
    """Stand ``seat``'s pawn on a square (and set its gold)."""
    state.pawns[seat] = sq(name)
    if gold is not None:
        state.gold[seat] = gold


def cube(state: Catch22State, owner: int, *names: str) -> None:
    """Put cubes of ``owner`` on squares, taken from their supply."""
    for name in names:
        state.cubes[sq(name)] = owner
        state.supply[owner] -= 1


def legal(state: Catch22State) -> list[str]:
    """The legal actions' notations."""
    return [str(a) for a in state.legal_actions()]


def move_ends(state: Catch22State) -> set[str]:
    """Names of the end squares of the legal moves."""
    return {text.split()[1] for text in legal(state) if text.startswith("move")}


def refused(state: Catch22State, action_text: str) -> str:
    """The reason the game gives for refusing an action (built from a legal twin's notation)."""
    from cats.catch22 import actions as act
    words = action_text.split()
    if words[0] == "cube":
        action = act.PlaceCube(int(words[1][1:]) - 1, ord(words[1][0]) - 97)
    elif words[0] == "move":
        route = {"via": "star", "avoiding": "nostar"}.get(words[2], "") if len(words) > 2 else ""
        action = act.Move(int(words[1][1:]) - 1, ord(words[1][0]) - 97, route)
    elif words[0] == "offer":
        action = act.OfferRansom(int(words[2]) - 1, int(words[6]))
    elif words[0] == "switch":
        action = act.SwitchPlaces(int(words[3]) - 1)
    elif words[0] == "remove" and words[1] == "cube":
        action = act.RemoveCube(int(words[2][1:]) - 1, ord(words[2][0]) - 97)
    else:
        action = {"roll": act.ROLL, "pay": act.PAY, "refuse": act.REFUSE,
                  "remove": act.LEAVE}[words[0]]
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.to_json() == before, "a refused action changed the state"
    return info.value.reason


# -- Components and board [seed] / [reconstruction] ---------------------------------------------
def test_reconstruction_board_is_13x13_with_100_path_squares_and_no_dead_ends() -> None:
    """[reconstruction] 13 x 13, 100 path squares, no dead ends."""
    assert BOARD.size == 13 and len(BOARD.rows) == 13
    assert len(BOARD.cells) == 100
    assert all(len(n) >= 2 for n in BOARD.neighbours)
    assert free_pieces(0) == 1


def test_reconstruction_special_squares_and_48_gold_in_14_jackpots() -> None:
    """[seed] 4 Stars, 14 Jackpots; [reconstruction] 48 gold; Roll Again, Switch, Remove Cube."""
    kinds = BOARD.kinds
    assert kinds.count("star") == 4 and kinds.count("jackpot") == 14
    assert sum(BOARD.printed_gold) == 48
    tokens = sorted(BOARD.printed_gold[j] for j in BOARD.jackpots)
    assert tokens == [2] * 4 + [3] * 4 + [4] * 4 + [6] * 2
    for special in ("roll_again", "switch_places", "remove_cube"):
        assert kinds.count(special) == 4
    assert {name for name, _ in BOARD.stars} == {"north", "west", "east", "south"}


def test_reconstruction_board_symmetry_quarter_turn_network_half_turn_gold() -> None:
    """[reconstruction] the path network looks the same after a quarter turn; gold only after a
    half turn (north and south Stars are nearer the two 6-gold Jackpots)."""
    n = BOARD.size - 1
    cells = set(BOARD.cells)
    assert {(c, n - r) for r, c in cells} == cells
    gold = {BOARD.cells[j]: BOARD.printed_gold[j] for j in BOARD.jackpots}
    assert all(gold[(n - r, n - c)] == g for (r, c), g in gold.items())
    assert any(gold.get((c, n - r)) != g for (r, c), g in gold.items())


def test_reconstruction_north_and_south_stars_are_two_steps_nearer_the_6_gold_jackpots() -> None:
    """[reconstruction] the north and south Stars are two steps nearer the two 6-gold Jackpots
    (than the west and east Stars): breadth-first search over the path squares."""
    sixes = {j for j in BOARD.jackpots if BOARD.printed_gold[j] == 6}
    assert len(sixes) == 2

    def steps_to_a_six(start: int) -> int:
        seen, frontier, steps = {start}, [start], 0
        while frontier:
            if sixes.intersection(frontier):
                return steps
            steps += 1
            frontier = [n for sq_ in frontier for n in BOARD.neighbours[sq_] if n not in seen]
            seen.update(frontier)
        raise AssertionError("no 6-gold Jackpot is reachable")

    near = {name: steps_to_a_six(square) for name, square in BOARD.stars}
    assert near["north"] == near["south"] and near["west"] == near["east"]
    assert near["north"] + 2 == near["west"]
    assert (near["north"], near["west"]) == (9, 11)   # the audit's measurement


def test_reconstruction_board_lives_in_a_data_file_as_legend_rows() -> None:
    """[reconstruction] the board is data (cats/catch22/board.json), rows plus legend."""
    data = load_component("cats.catch22", "board.json")
    assert data["rows"][0] == "2 o R o o o S o o o C o 2"
    assert data["legend"]["S"] == "star" and list(BOARD.rows) == data["rows"]


def test_components_two_to_six_players_five_cubes_each() -> None:
    """[seed] 2–6 players, each with one pawn and 5 Blocker Cubes."""
    with pytest.raises(ValueError):
        GAME.new_game(1, 0)
    with pytest.raises(ValueError):
        GAME.new_game(7, 0)
    state = game(6)
    assert state.supply == [5] * 6 and len(state.pawns) == 6


# -- Setup ---------------------------------------------------------------------------------------
def test_setup_every_jackpot_filled_with_its_tokens() -> None:
    """[seed] Fill every Jackpot with its number of tokens."""
    state = GAME.new_game(3, 0)
    assert state.pots == {j: BOARD.printed_gold[j] for j in BOARD.jackpots}
    assert state.view_for(None)["jackpot_gold_left"] == 48


def test_setup_highest_roll_goes_first() -> None:
    """[seed] Everyone rolls the die; the highest goes first."""
    state = GAME.new_game(3, 0, {"dice": [2, 5, 3]})
    assert state.first == 1 and state.to_move == 1 and state.phase == "start"
    assert state.dice == [[0, 0, 2], [0, 1, 5], [0, 2, 3]]
    assert state.reveals == 3


def test_decision_ties_among_the_highest_roll_again() -> None:
    """[decision] ties among the highest roll again (only the tied players)."""
    state = GAME.new_game(4, 0, {"dice": [4, 6, 6, 1, 2, 5]})
    assert state.dice == [[0, 0, 4], [0, 1, 6], [0, 2, 6], [0, 3, 1], [0, 1, 2], [0, 2, 5]]
    assert state.first == 2


def test_decision_stars_chosen_in_turn_order_and_may_be_shared() -> None:
    """[seed]+[decision] from the first player clockwise, each puts their pawn on a Star of their
    choice; several may share one. Then the first player takes turn 1."""
    state = GAME.new_game(3, 0, {"dice": [1, 2, 6]})
    assert state.to_move == 2
    play(state, "start south")
    assert state.to_move == 0
    play(state, "start south")
    assert state.to_move == 1
    play(state, "start east")
    assert state.pawns == [sq("g13"), sq("m7"), sq("g13")]
    assert state.phase == "prepare" and state.to_move == 2 and state.turn == 1


def test_play_passes_clockwise() -> None:
    """[seed] Play passes clockwise (to the next seat)."""
    state = game(3, dice=[1, 1, 1])
    for expected in (1, 2, 0):
        play(state, "roll", "move f1")
        assert state.to_move == expected and state.pawns[expected - 1] == sq("f1")


# -- 1. Cubes ------------------------------------------------------------------------------------
def test_cubes_any_number_before_the_first_roll() -> None:
    """[seed] place any number of your cubes from your supply, before the turn's first roll."""
    state = game(dice=[2])
    play(state, "cube b1", "cube b5", "cube e3")
    assert state.cubes == {sq("b1"): 0, sq("b5"): 0, sq("e3"): 0} and state.supply[0] == 2
    assert state.to_move == 0 and state.phase == "prepare"
    play(state, "roll")
    assert state.phase == "move" and not any(t.startswith("cube") for t in legal(state))


def test_cubes_only_from_the_supply() -> None:
    """[seed] cubes come from your supply: 5 and no more."""
    state = game()
    play(state, "cube b5", "cube l5", "cube b9", "cube l9", "cube e2")
    assert state.supply[0] == 0 and not any(t.startswith("cube") for t in legal(state))
    assert refused(state, "cube a2") == "You have no cubes left in your supply."


@pytest.mark.parametrize("name,reason", [
    ("g1", "A cube may not go on a Star."),
    ("a1", "A cube may not go on a Jackpot."),
    ("c1", "A cube may not go on a Roll Again square."),
    ("g4", "A cube may not go on a Switch Places square."),
    ("k1", "A cube may not go on a Remove Cube square."),
    ("b2", "Cubes go on the yellow path only, not out of bounds."),
])
def test_cubes_only_on_plain_path_squares(name: str, reason: str) -> None:
    """[seed] cubes go on empty plain path squares: not a Star, Jackpot, Roll Again, Switch
    Places or Remove Cube square."""
    state = game()
    assert f"cube {name}" not in legal(state)
    assert refused(state, f"cube {name}") == reason


def test_cubes_not_on_a_pawn_or_a_cube() -> None:
    """[seed] not a square with a pawn or a cube."""
    state = game()
    put(state, 1, "e2")
    cube(state, 1, "e3")
    assert "cube e2" not in legal(state) and "cube e3" not in legal(state)
    assert refused(state, "cube e2") == "A cube may not go on a square with a pawn."
    assert refused(state, "cube e3") == "That square already holds a cube."


def test_decision_no_placing_before_a_second_roll_in_the_same_turn() -> None:
    """[decision] no placing before a second roll in the same turn (a Jackpot's extra roll)."""
    state = game(dice=[1, 6])
    put(state, 0, "b1")
    play(state, "roll", "move a1")
    assert state.phase == "move" and state.die == 6 and state.to_move == 0
    assert refused(state, "cube b5") == "Cubes may only be placed before the turn's first roll."


def test_decision_a_cube_may_not_cut_the_path_in_two() -> None:
    """[decision] a placement is refused if afterwards the path squares without a cube no longer
    form one connected region."""
    state = game()
    play(state, "cube a2")
    assert "cube b1" not in legal(state)   # a1 would be cut off
    assert refused(state, "cube b1").startswith("That would cut the path in two")
    assert "cube d1" not in legal(state)   # a1-b1-c1 would be cut off too
    assert "cube e2" in legal(state)        # the top row still joins the rest through column i


def test_decision_a_cube_may_not_shut_in_a_pawn_standing_on_its_own_cube() -> None:
    """[decision] refused if a pawn standing on its own cube could no longer step onto a square
    without a cube."""
    state = game()
    cube(state, 1, "e2")
    put(state, 1, "e2")
    play(state, "cube e1")
    assert "cube e3" not in legal(state)
    assert refused(state, "cube e3").startswith("That would shut in player 2")
    state.pawns[1] = sq("a13")   # once the pawn has left, e3 is an ordinary free leaf
    assert "cube e3" in legal(state)


def test_rules_note_1_placing_when_a_removal_left_the_free_path_in_pieces() -> None:
    """RULES NOTE 1: after a Remove Cube isolates a free square, placements that do not split a
    piece stay legal, and the isolated square itself may be filled again."""
    state = game(dice=[2])
    play(state, "cube e1", "cube e2", "cube e3")   # each a leaf when placed: all legal
    put(state, 0, "i1")
    play(state, "roll", "move k1", "remove cube e2")
    assert state.kept == [[0, 0], [0, 0]] and state.supply[0] == 3
    assert free_pieces(state.cube_mask()) == 2
    state.current = 0
    state.phase = "prepare"
    assert "cube e2" in legal(state) and "cube b5" in legal(state)
    play(state, "cube e2")
    assert free_pieces(state.cube_mask()) == 1


def test_rules_note_1_a_pawn_already_without_a_free_neighbour_does_not_freeze_placements() -> None:
    """RULES NOTE 1: only taking a pawn's last free neighbour is refused; a pawn on its own cube
    that already has no free neighbour does not make other placements illegal."""
    state = game()
    cube(state, 1, "e1", "e2", "e3")   # player 2 walked onto their own cubes: e2 is walled in
    put(state, 1, "e2")
    assert all(n in state.cubes for n in BOARD.neighbours[sq("e2")])
    assert free_pieces(state.cube_mask()) == 1
    walled_in = legal(state)
    state.pawns[1] = sq("a13")   # the same cubes with the pawn elsewhere
    assert walled_in == legal(state)
    state.pawns[1] = sq("e2")
    assert "cube b5" in walled_in and "cube e4" in walled_in
    play(state, "cube b5", "cube e4")
    assert state.cubes[sq("b5")] == 0 and state.cubes[sq("e4")] == 0 and state.supply[0] == 3


# -- 2. Roll and move ----------------------------------------------------------------------------
def test_roll_and_move_exactly_that_many_steps() -> None:
    """[seed] roll the die and move exactly that many steps along orthogonal path squares."""
    state = game(dice=[3])
    play(state, "roll")
    assert state.die == 3 and state.dice[-1] == [1, 0, 3]
    assert move_ends(state) == {"d1", "e2", "j1", "i2"}
    for entry in state.view_for(0)["moves"]:
        assert len(entry["route"]) == 4 and entry["route"][0] == [0, 6]


def test_decision_a_move_never_enters_the_same_square_twice() -> None:
    """[decision] a move never enters the same square twice, the start square included."""
    state = game(dice=[2])
    play(state, "roll")
    assert move_ends(state) == {"e1", "i1"}   # no f1 -> g1 back-and-forth to the start


def test_decision_a_move_may_pass_over_pawns() -> None:
    """[decision] it may pass over pawns (passing steals nothing)."""
    state = game(dice=[2])
    put(state, 1, "f1", gold=5)
    play(state, "roll", "move e1")
    assert state.pawns[0] == sq("e1") and state.gold == [0, 5]


def test_decision_a_move_may_neither_pass_nor_end_on_another_players_cube() -> None:
    """[decision] it may neither pass nor end on another player's cube."""
    state = game(dice=[2, 1])
    cube(state, 1, "f1")
    play(state, "roll")
    assert move_ends(state) == {"i1"}
    assert "another player's cube" in refused(state, "move e1")
    state = game(dice=[1])
    cube(state, 1, "f1")
    play(state, "roll")
    assert refused(state, "move f1").startswith("Player 2's cube blocks f1")


def test_decision_a_move_may_pass_and_end_on_your_own_cubes() -> None:
    """[decision] it may pass and end on your own cubes."""
    state = game(dice=[2])
    play(state, "cube f1", "cube e1", "roll")
    assert move_ends(state) == {"e1", "i1"}
    play(state, "move e1")
    assert state.pawns[0] == sq("e1") and state.cubes[sq("e1")] == 0


def test_no_move_of_exactly_that_length_ends_the_turn() -> None:
    """[seed] If no move of exactly that length exists, the turn ends."""
    state = game(dice=[6])
    put(state, 0, "b1")
    cube(state, 1, "a2", "d1")   # b1 boxed into a1-b1-c1
    play(state, "roll")
    assert state.to_move == 1 and state.phase == "prepare" and state.turn == 2
    assert state.pawns[0] == sq("b1") and state.events[-1]["kind"] == "stuck"


# -- 3. Win check during the move ----------------------------------------------------------------
def test_win_by_landing_on_a_star_with_22_gold() -> None:
    """[seed] a player holding at least 22 gold wins the moment their pawn enters a Star."""
    state = game(dice=[1])
    put(state, 0, "f1", gold=22)
    play(state, "roll", "move g1")
    outcome = state.outcome()
    assert state.to_move is None and outcome is not None
    assert outcome.winners == (0,) and outcome.scores == (22.0, 0.0)
    assert "north Star" in outcome.summary and len(outcome.lines) == 2


def test_win_by_crossing_a_star_stops_there() -> None:
    """[seed] passing over a Star is enough (RULES NOTE 3: the pawn stops on that Star)."""
    state = game(dice=[3])
    put(state, 0, "e1", gold=23)
    play(state, "roll", "move h1")
    assert state.winner == 0 and state.pawns[0] == sq("g1")


def test_no_win_below_the_threshold() -> None:
    """[seed] until then Stars are ordinary path squares."""
    state = game(dice=[3])
    put(state, 0, "e1", gold=21)
    play(state, "roll", "move h1")
    assert state.outcome() is None and state.pawns[0] == sq("h1") and state.to_move == 1


def test_win_check_does_not_count_the_start_square() -> None:
    """[seed] the start square is not counted."""
    state = game(dice=[2])
    put(state, 0, "g1", gold=30)
    play(state, "roll", "move e1")
    assert state.outcome() is None and state.to_move == 1


def test_decision_gold_counted_as_the_pawn_enters_the_star() -> None:
    """[decision] gold is counted as the pawn enters the Star, before anything there resolves:
    20 gold plus a steal on the Star is not a win."""
    state = game(dice=[1])
    put(state, 0, "f1", gold=20)
    put(state, 1, "g1", gold=5)
    play(state, "roll", "move g1")
    assert state.outcome() is None and state.gold == [25, 0] and state.to_move == 1


def test_decision_threshold_is_an_option_default_22() -> None:
    """[decision] the threshold is an option with default 22."""
    assert GAME.new_game(2, 0).threshold == 22
    state = game(dice=[1], threshold=5)
    put(state, 0, "f1", gold=5)
    play(state, "roll", "move g1")
    assert state.winner == 0


def test_route_choice_when_routes_differ_in_crossing_a_star(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """Moves: when routes to one end square differ in crossing a Star and the mover holds the
    winning gold, both routes are separate actions (RULES NOTE 2). No such pair exists on the
    reconstructed board with a six-sided die, so two routes are supplied by hand."""
    via = (sq("f1"), sq("g1"), sq("h1"))
    around = (sq("f1"), sq("e1"), sq("h1"))   # not a real route: only the choice is under test
    monkeypatch.setattr(state_module, "routes",
                        lambda start, steps, blocked: {(via[-1], True): via,
                                                       (around[-1], False): around})
    # Below the winning gold the engine lists moves from its end tables without the routes
    # (tests/test_catch22_caches.py holds the two equal): here they come from the routes above.
    monkeypatch.setattr(state_module, "plain_moves", lambda start, steps, blocked: (
        state_module.move_table(state_module.routes(start, steps, blocked), False)[2]))
    for route, wins in (("via star", True), ("avoiding stars", False)):
        state = game(dice=[2])
        put(state, 0, "f1", gold=22)
        play(state, "roll")
        assert legal(state) == ["move h1 via star", "move h1 avoiding stars"]
        assert refused(state, "move h1").startswith("Pick the route")
        play(state, f"move h1 {route}")
        assert (state.winner == 0) is wins
    state = game(dice=[2])
    put(state, 0, "f1", gold=3)
    play(state, "roll")
    assert legal(state) == ["move h1"]


def test_no_two_routes_of_one_roll_differ_in_crossing_a_star_on_this_board() -> None:
    """[reconstruction] consequence: on this board the route choice never arises (a Star is a
    corridor square and the ways around it are longer than 6 steps)."""
    from cats.catch22.board import routes
    for start in range(len(BOARD.cells)):
        for steps in range(1, 7):
            found = routes(start, steps, 0)
            assert not any(c and (e, False) in found for e, c in found)


# -- 4. Where you land ---------------------------------------------------------------------------
def test_landing_on_an_opponent_steals_all_their_gold_and_ends_the_turn() -> None:
    """[seed] land on an opponent's pawn: take all their gold; your turn is then over."""
    state = game(dice=[2])
    put(state, 1, "e1", gold=7)
    state.gold[0] = 1
    play(state, "roll", "move e1")
    assert state.gold == [8, 0] and state.to_move == 1 and state.phase == "prepare"
    assert state.events[-1]["kind"] == "steal" and "7 gold" in state.events[-1]["text"]


def test_landing_on_several_opponents_steals_from_every_one() -> None:
    """[seed] take all their gold (every one of them)."""
    state = game(3, dice=[2])
    put(state, 1, "e1", gold=4)
    put(state, 2, "e1", gold=6)
    play(state, "roll", "move e1")
    assert state.gold == [10, 0, 0]


def test_decision_steal_on_a_jackpot_takes_its_gold_and_gives_no_extra_roll() -> None:
    """[decision] also the gold of a Jackpot on that square; then the turn ends (no extra roll)."""
    state = game(dice=[6, 3])
    put(state, 1, "a1", gold=2)
    play(state, "roll", "move a1")
    assert state.gold == [4, 0] and state.pots[sq("a1")] == 0
    assert state.to_move == 1 and len(state.dice) == 3   # roll-off 2 + one roll


def test_decision_steal_on_a_special_square_skips_its_effect() -> None:
    """[seed "Your turn is then over"] a steal on Roll Again gives no extra roll."""
    state = game(dice=[4, 6])
    put(state, 1, "c1", gold=1)
    play(state, "roll", "move c1")
    assert state.gold == [1, 0] and state.to_move == 1 and state.script == [6]


@pytest.mark.parametrize("start,square,kind", [
    ("e4", "g4", "switch_places"),
    ("i1", "k1", "remove_cube"),
])
def test_decision_steal_on_switch_places_or_remove_cube_skips_its_effect(
        start: str, square: str, kind: str) -> None:
    """[decision]+[seed "Your turn is then over"] landing on an opponent on a Switch Places or a
    Remove Cube square takes their gold; no other effect of the square applies (no switch, no
    cube removal) and the turn passes."""
    state = game(dice=[2])
    assert BOARD.kinds[sq(square)] == kind
    put(state, 0, start, gold=1)
    put(state, 1, square, gold=5)
    cube(state, 1, "b5")   # a cube to remove, and player 2 could be switched with
    play(state, "roll", f"move {square}")
    assert state.gold == [6, 0] and state.events[-1]["kind"] == "steal"
    assert state.phase not in ("switch", "remove") and state.phase == "prepare"
    assert state.to_move == 1 and state.turn == 2
    assert state.pawns == [sq(square), sq(square)] and state.cubes == {sq("b5"): 1}


def test_landing_on_an_opponent_with_no_gold_still_ends_the_turn() -> None:
    """RULES NOTE 6: landing on an opponent with 0 gold on a Jackpot takes the Jackpot's gold,
    no extra roll."""
    state = game(dice=[6, 3])
    put(state, 1, "a1", gold=0)
    play(state, "roll", "move a1")
    assert state.gold == [2, 0] and state.to_move == 1


def test_jackpot_take_all_its_gold_and_roll_again() -> None:
    """[seed] land on a Jackpot: collect all its tokens, then roll again."""
    state = game(dice=[6, 1])
    play(state, "roll", "move a1")
    assert state.gold[0] == 2 and state.pots[sq("a1")] == 0
    assert state.phase == "move" and state.to_move == 0 and state.die == 1
    assert state.dice[-2:] == [[1, 0, 6], [1, 0, 1]] and state.reveals == 4
    assert move_ends(state) == {"b1", "a2"}
    assert state.events[-1]["kind"] == "jackpot"


def test_decision_an_empty_jackpot_still_gives_the_extra_roll() -> None:
    """[decision] take all its gold (possibly none) and roll again."""
    state = game(dice=[6, 2])
    state.pots[sq("a1")] = 0
    play(state, "roll", "move a1")
    assert state.gold[0] == 0 and state.phase == "move" and state.die == 2


def test_roll_again_square() -> None:
    """[seed] Roll Again: roll again."""
    state = game(dice=[4, 5])
    play(state, "roll", "move c1")
    assert state.phase == "move" and state.to_move == 0 and state.die == 5
    assert state.events[-1]["kind"] == "roll_again"


def test_extra_roll_without_a_move_ends_the_turn() -> None:
    """[seed] the extra roll moves exactly too; with no such move the turn ends."""
    state = game(dice=[1, 6])
    put(state, 0, "d1")
    cube(state, 1, "a2", "e1")
    play(state, "roll", "move c1")
    assert state.to_move == 1 and state.pawns[0] == sq("c1")


def test_switch_places_swaps_with_the_chosen_player_and_ends_the_turn() -> None:
    """[seed] Switch Places: swap squares with another player of your choice; turn over."""
    state = game(3, dice=[2])
    put(state, 0, "e4", gold=3)
    put(state, 1, "a7", gold=4)
    put(state, 2, "m13", gold=5)
    play(state, "roll", "move g4")
    assert state.phase == "switch" and legal(state) == ["switch with player 2",
                                                         "switch with player 3"]
    play(state, "switch with player 3")
    assert state.pawns == [sq("m13"), sq("a7"), sq("g4")]
    assert state.gold == [3, 4, 5] and state.to_move == 1


def test_decision_switch_excludes_a_pawn_on_its_own_cube_and_may_do_nothing() -> None:
    """[decision] a pawn on its own cube cannot be chosen; if nobody can, nothing happens."""
    state = game(3, dice=[2])
    put(state, 0, "e4")
    put(state, 1, "b5")
    cube(state, 1, "b5")
    play(state, "roll", "move g4")
    assert legal(state) == ["switch with player 3"]
    assert refused(state, "switch with player 2").endswith("cannot be moved.")
    state = game(dice=[2])
    put(state, 0, "e4")
    put(state, 1, "b5")
    cube(state, 1, "b5")
    play(state, "roll", "move g4")
    assert state.to_move == 1 and state.pawns[0] == sq("g4") and state.phase == "prepare"


def test_decision_switch_moves_no_gold_and_triggers_nothing() -> None:
    """[decision] the swap moves no gold and triggers nothing on either square."""
    state = game(dice=[2])
    put(state, 0, "e4")
    put(state, 1, "d4", gold=2)   # on a Jackpot
    play(state, "roll", "move g4", "switch with player 2")
    assert state.pawns == [sq("d4"), sq("g4")]
    assert state.pots[sq("d4")] == 3 and state.gold == [0, 2]
    assert state.to_move == 1 and state.phase == "prepare"


def test_decision_arriving_on_a_star_by_a_swap_counts_for_the_win() -> None:
    """[decision] arriving on a Star by a swap counts as entering it for the win check."""
    state = game(dice=[2])
    put(state, 0, "e4", gold=22)
    put(state, 1, "m7")
    play(state, "roll", "move g4", "switch with player 2")
    assert state.winner == 0 and state.pawns[0] == sq("m7")


def test_remove_cube_your_own_goes_back_to_your_supply() -> None:
    """[seed] Remove Cube: take a cube off; your own returns to supply, placeable next turn."""
    state = game(dice=[2, 1])
    play(state, "cube b5")
    put(state, 0, "i1")
    play(state, "roll", "move k1")
    assert state.phase == "remove" and legal(state) == ["remove cube b5", "remove no cube"]
    play(state, "remove cube b5")
    assert state.cubes == {} and state.supply[0] == 5 and state.to_move == 1


def test_remove_cube_your_own_may_be_placed_from_your_next_turn() -> None:
    """[decision] your own removed cube goes back to your supply and may be placed from your next
    turn (here it is the only cube in the owner's supply)."""
    state = game(dice=[2, 1])
    cube(state, 0, "b5", "l5", "b9", "l9", "e2")
    assert state.supply[0] == 0
    put(state, 0, "i1")
    play(state, "roll", "move k1", "remove cube b5")
    assert sq("b5") not in state.cubes and state.supply[0] == 1
    assert state.to_move == 1
    play(state, "roll", "move h1")
    assert state.to_move == 0 and state.phase == "prepare" and state.turn == 3
    assert "cube b5" in legal(state)
    play(state, "cube b5")
    assert state.cubes[sq("b5")] == 0 and state.supply[0] == 0


def test_remove_cube_an_opponents_is_kept_by_you() -> None:
    """[decision] an opponent's cube is kept by you."""
    state = game(dice=[2])
    cube(state, 1, "b5")
    put(state, 0, "i1")
    play(state, "roll", "move k1", "remove cube b5")
    assert state.kept[0][1] == 1 and state.supply == [5, 4] and state.cubes == {}


def test_remove_cube_includes_a_cube_its_owner_stands_on() -> None:
    """[seed] any one cube, a cube its owner stands on included."""
    state = game(dice=[2])
    cube(state, 1, "b5")
    put(state, 1, "b5", gold=4)
    put(state, 0, "i1")
    play(state, "roll", "move k1", "remove cube b5")
    assert state.kept[0][1] == 1 and state.pawns[1] == sq("b5")


def test_decision_remove_cube_is_optional() -> None:
    """[decision] optional: you may remove no cube."""
    state = game(dice=[2])
    cube(state, 1, "b5")
    put(state, 0, "i1")
    play(state, "roll", "move k1", "remove no cube")
    assert state.cubes == {sq("b5"): 1} and state.to_move == 1


def test_decision_remove_cube_does_nothing_when_no_cube_is_out() -> None:
    """[decision] nothing happens when no cube is out."""
    state = game(dice=[2])
    put(state, 0, "i1")
    play(state, "roll", "move k1")
    assert state.to_move == 1 and state.phase == "prepare"


def test_a_pawn_on_its_own_cube_cannot_be_landed_on() -> None:
    """[seed] a pawn standing on its own cube cannot be landed on (the cube blocks the square)."""
    state = game(dice=[2])
    cube(state, 1, "e1")
    put(state, 1, "e1", gold=9)
    play(state, "roll")
    assert "e1" not in move_ends(state)
    assert refused(state, "move e1").startswith("Player 2's cube blocks e1")


# -- 5. Ransom -----------------------------------------------------------------------------------
def ransom_game(owner_gold: int = 4, dice: Sequence[int] = ()) -> Catch22State:
    """Player 1 keeps one of player 2's cubes; player 2 holds ``owner_gold``."""
    state = game(dice=dice)
    state.kept[0][1] = 1
    state.supply[1] = 4
    state.gold[1] = owner_gold
    return state


def test_ransom_price_from_one_to_what_the_owner_holds() -> None:
    """[seed] before your first roll, offer a kept cube back for 1..(owner's gold) tokens."""
    state = ransom_game(owner_gold=3)
    offers = [t for t in legal(state) if t.startswith("offer")]
    assert offers == [f"offer player 2 a cube for {p} gold" for p in (1, 2, 3)]
    assert refused(state, "offer player 2 a cube for 4 gold").startswith("The price must be")
    state.gold[1] = 0
    assert not [t for t in legal(state) if t.startswith("offer")]


def test_ransom_accepted_owner_pays_and_gets_the_cube_into_supply() -> None:
    """[seed] the owner accepts: pays, gets the cube into supply."""
    state = ransom_game(owner_gold=4)
    play(state, "offer player 2 a cube for 3 gold")
    assert state.phase == "ransom" and state.to_move == 1
    assert legal(state) == ["pay ransom", "refuse ransom"]
    play(state, "pay ransom")
    assert state.gold == [3, 1] and state.kept[0][1] == 0 and state.supply[1] == 5
    assert state.to_move == 0 and state.phase == "prepare"


def test_ransom_declined_and_at_most_one_offer_per_kept_cube_per_turn() -> None:
    """[seed, simplified] the owner declines; at most one offer per kept cube per turn."""
    state = ransom_game(owner_gold=4, dice=[1, 1])
    play(state, "offer player 2 a cube for 4 gold", "refuse ransom")
    assert state.gold == [0, 4] and state.kept[0][1] == 1 and state.to_move == 0
    assert not [t for t in legal(state) if t.startswith("offer")]
    assert refused(state, "offer player 2 a cube for 1 gold").startswith("You have already offered")
    play(state, "roll", "move f1", "roll")
    play(state, str(state.legal_actions()[0]))
    assert state.to_move == 0
    assert "offer player 2 a cube for 1 gold" in legal(state)   # a new turn, a new offer


def test_ransom_two_kept_cubes_allow_two_offers_per_turn_and_no_more() -> None:
    """[seed, simplified] at most one offer per kept cube per turn (RULES NOTE 4): with two of the
    owner's cubes kept, a second offer may follow a refusal, a third may not; the holder's next
    turn allows offers again."""
    state = ransom_game(owner_gold=4, dice=[1, 1])
    state.kept[0][1] = 2
    state.supply[1] = 3
    offers = [f"offer player 2 a cube for {p} gold" for p in (1, 2, 3, 4)]
    play(state, "offer player 2 a cube for 4 gold", "refuse ransom")
    assert state.phase == "prepare" and state.to_move == 0 and state.kept[0][1] == 2
    assert [t for t in legal(state) if t.startswith("offer")] == offers
    play(state, "offer player 2 a cube for 2 gold", "refuse ransom")
    assert state.gold == [0, 4] and state.kept[0][1] == 2 and state.to_move == 0
    assert not [t for t in legal(state) if t.startswith("offer")]
    assert refused(state, "offer player 2 a cube for 1 gold").startswith("You have already offered")
    play(state, "roll", "move f1")       # player 1's turn ends
    assert state.to_move == 1
    play(state, "roll", "move h1")       # player 2's turn ends
    assert state.to_move == 0 and state.phase == "prepare"
    assert [t for t in legal(state) if t.startswith("offer")] == offers   # a new turn
    play(state, "offer player 2 a cube for 1 gold", "refuse ransom")
    assert [t for t in legal(state) if t.startswith("offer")] == offers


def test_ransom_only_before_the_first_roll() -> None:
    """[seed] ransom offers are made before your first roll."""
    state = ransom_game(dice=[2])
    play(state, "roll")
    assert refused(state, "offer player 2 a cube for 1 gold") == (
        "Ransom offers are made before your first roll.")


# -- Contract: views, gestures, notation, randomness ---------------------------------------------
def test_view_shows_moves_with_routes_dice_and_events() -> None:
    """view_for: board, pawns, gold, Jackpot gold, dice history, phase, moves with routes, log."""
    state = game(dice=[6, 1])
    play(state, "roll")
    view = state.view_for(1)
    assert view == state.view_for(None)   # nothing is hidden
    assert view["phase"] == "move" and view["die"] == 6 and view["dice"][-1] == [1, 0, 6]
    to_a1 = [m for m in view["moves"] if m["action"] == "move a1"]
    assert to_a1 and to_a1[0]["route"] == [[0, 6], [0, 5], [0, 4], [0, 3], [0, 2], [0, 1], [0, 0]]
    play(state, "move a1")
    view = state.view_for(0)
    assert view["gold"] == [2, 0] and view["jackpot_gold_left"] == 46
    assert view["events"][-1]["kind"] == "jackpot" and view["pawns"][0] == [0, 0]


def test_drag_gestures_are_board_spots() -> None:
    """drag_of: cube from supply to a square; pawn to its end square; find_action inverts it."""
    state = game(dice=[2])
    action = state.parse("cube b5")
    assert state.drag_of(action) == (("supply", 0), ("square", 4, 1))
    assert state.find_action(("supply", 0), ("square", 4, 1)) == action
    play(state, "roll")
    move = state.parse("move e1")
    assert state.drag_of(move) == (("pawn", 0), ("square", 0, 4))
    assert set(state.legal_targets(("pawn", 0))) == {("square", 0, 4), ("square", 0, 8)}


def test_dice_history_is_capped_and_old_saves_load() -> None:
    """The state keeps the last DICE_KEPT rolls (the log has them all); a save holding a longer
    history (written before the cap) loads with its last DICE_KEPT rolls."""
    loaded = [1 + (i * 7) % 6 for i in range(DICE_KEPT + 20)]   # every roll comes from here
    state = GAME.new_game(2, 5, {"dice": loaded})
    rng = Rng(8)
    while state.to_move is not None and state.script:
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
    used = loaded[:len(loaded) - len(state.script)]
    assert len(used) > DICE_KEPT and state.reveals == len(used)
    assert [value for _turn, _seat, value in state.dice] == used[-DICE_KEPT:]
    assert state.view_for(None)["rolls"] == len(used)
    data = state.to_json()
    old = dict(data, dice=[[0, 0, 1]] * 50 + data["dice"])
    assert type(state).from_json(old).to_json() == data


def test_prompt_and_progress() -> None:
    """prompt() is one line; progress() reads "Turn N"."""
    state = GAME.new_game(2, 0, {"dice": [6, 1]})
    assert state.progress() == "Choosing Stars" and "Star" in state.prompt()
    play(state, "start north", "start north")
    assert state.progress() == "Turn 1" and state.prompt() == "Player 1: place cubes, then roll."


def test_every_die_goes_through_the_state_and_replays() -> None:
    """Dice come from the state's Rng, are recorded and count as reveals; a replay is exact;
    determinize reseeds and forgets loaded dice."""
    one, two = GAME.new_game(4, 99), GAME.new_game(4, 99)
    rng = Rng(3)
    while one.to_move is not None and one.turn < 30:
        action = one.legal_actions()[rng.below(len(one.legal_actions()))]
        one.apply(action)
        two.apply(two.action_from_json(action.to_json()))
    assert one == two and one.reveals > DICE_KEPT and len(one.dice) == DICE_KEPT
    assert one.view_for(None)["rolls"] == one.reveals
    loaded = game(dice=[5, 5, 5])
    world = loaded.determinize(0, Rng(1))
    assert world.script == [] and world.view_for(0) == loaded.view_for(0)
    assert world.rng.state != loaded.rng.state


def test_clone_is_independent_and_json_round_trips() -> None:
    """clone() is a deep copy; to_json/from_json round trip; bad data raises ValueError."""
    state = game(dice=[2])
    play(state, "cube b5")
    twin = state.clone()
    play(twin, "cube b9", "roll")
    assert state.cubes == {sq("b5"): 0} and state.phase == "prepare"
    assert Catch22State.from_json(twin.to_json()) == twin
    bad = twin.to_json()
    bad["pawns"][0] = [1, 1]
    with pytest.raises(ValueError):
        Catch22State.from_json(bad)
    with pytest.raises(ValueError):
        Catch22State.from_json({"players": 2})


def test_actions_have_distinct_notations_and_wrong_phase_reasons() -> None:
    """legal_actions: no duplicates, distinct notation; out-of-phase actions explained."""
    state = ransom_game(owner_gold=2)
    texts = legal(state)
    assert len(texts) == len(set(texts)) and texts[0] == "roll"
    assert refused(state, "move e1") == "Roll the die first."
    assert refused(state, "pay ransom") == "There is no ransom offer to answer."
    assert refused(state, "remove no cube").startswith("Cubes come off the board only")
