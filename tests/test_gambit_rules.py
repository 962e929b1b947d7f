"""Scenario tests for Cat's Gambit against its rules page (shared/rules/cats-gambit.md).

Each test names the rule line it checks. Positions come from a scripted deal (``deal``) played with
the move notation, or from a small hand-written position (``position``) when a deal would be long.
Coordinates are (x, y), x to the right, y downward; the Queen starts on (0, 0), the deck is (1, 0).
Every expected cell set and score below was worked out by hand from the rules page.
"""

from __future__ import annotations

import json
from typing import Iterable, Optional

import pytest

from cats import GAMES
from cats.core import IllegalAction
from cats.gambit.actions import (
    Ability,
    Burrow,
    Decline,
    Draw,
    Look,
    Peek,
    Place,
    PlayPawn,
    Push,
)
from cats.gambit.cards import PAWNS, rank_for
from cats.gambit.state import GambitState
from cats.rng import Rng

GAME = GAMES["gambit"]
FIVE = ["banish", "burrow", "call", "leap", "gambit"]
OTHERS = ["perch", "push", "peek", "leap", "gambit"]

# A deck that starts with a Rook: R B N C C R N C C B (bottom two: C then B).
ROOK_FIRST = "RBNCCRNCCB"


# -- helpers ---------------------------------------------------------------------------------------

def deal(deck: str = ROOK_FIRST, pawns: Iterable[str] = FIVE, umbra: bool = False,
         free_check: bool = False, seed: int = 1) -> GambitState:
    """A scripted new game (deck top first)."""
    state = GAME.new_game(1, seed, {"deck": list(deck), "pawns": list(pawns), "umbra": umbra,
                                    "free_check": free_check})
    assert isinstance(state, GambitState)
    return state


def play(state: GambitState, *moves: str) -> GambitState:
    """Apply moves written in the notation ("draw", "place 2,0", "pawn peek 2,1", ...)."""
    for move in moves:
        state.apply(state.parse(move))
    return state


def position(cards: dict, paw: tuple[int, int], deck: str = "CCCCC", pawns: Iterable[str] = (),
             queen: tuple[int, int] = (0, 0), after_draw: bool = True,
             known: Optional[list[bool]] = None, umbra: bool = False, free_check: bool = False,
             queen_side: int = 5, checks: int = 0, umbra_side: int = -2) -> GambitState:
    """A mid-game position at the start of a turn.

    ``cards`` maps cells to a card letter or a stack list (bottom first); the Queen is added on
    ``queen``; a stack holding "U" is Queen Umbra's. ``after_draw``: the last turn was a draw.
    """
    state = deal(umbra=umbra, free_check=free_check)
    state.grid = {queen: ["Q"]}
    for cell, content in cards.items():
        state.grid[cell] = [content] if isinstance(content, str) else list(content)
    state.queen = queen
    state.paw = paw
    state.deck = list(deck)
    state.known = list(known) if known is not None else [False] * len(deck)
    state.pawns = list(pawns)
    state.after_draw = after_draw
    state.phase = "turn"
    state.queen_side = queen_side
    state.checks = checks
    state.umbra_side = umbra_side
    state.umbra = next((c for c, s in state.grid.items() if "U" in s), None)
    return state


def place_cells(state: GambitState) -> set[tuple[int, int]]:
    """Cells where the revealed card may legally go."""
    return {(a.x, a.y) for a in state.legal_actions() if isinstance(a, Place)}


def pawn_cells(state: GambitState, pawn: str) -> set[tuple[int, int]]:
    """Cells where ``pawn`` may be placed now."""
    return {(a.x, a.y) for a in state.legal_actions()
            if isinstance(a, PlayPawn) and a.pawn == pawn}


def pushes(state: GambitState) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    """Strategic Pushes on offer, as (from, to)."""
    return {((a.fx, a.fy), (a.tx, a.ty)) for a in state.legal_actions() if isinstance(a, Push)}


def refused(state: GambitState, action, reason_part: str = "") -> str:
    """Apply an illegal action: IllegalAction with a reason, and the state unchanged."""
    before = state.clone()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert isinstance(info.value.reason, str) and info.value.reason.strip()
    assert reason_part.lower() in info.value.reason.lower()
    assert state == before
    assert state.to_json() == before.to_json()
    return info.value.reason


def points(state: GambitState) -> dict[str, int]:
    """The score lines by topic: queen, catkens, centre, penalty, umbra."""
    out = {}
    for label, pts in state.score_lines():
        key = ("queen" if label.startswith("Queen Aurelia") else
               "catkens" if label.startswith("Cat-kens") else
               "centre" if label.startswith("Queen in the middle") else
               "penalty" if label.startswith("Penalty") else
               "umbra" if label.startswith("Queen Umbra") else label)
        out[key] = pts
    return out


def finished(cards: dict, pawns: Iterable[str] = (), queen_side: int = 5,
             queen: tuple[int, int] = (0, 0), deck: str = "C", end: str = "deck",
             umbra_side: int = -2) -> GambitState:
    """A game that has just ended (End 3 by default: one card left in the deck)."""
    state = position(cards, paw=queen, deck=deck, pawns=pawns, queen=queen, queen_side=queen_side,
                     umbra=True, umbra_side=umbra_side)
    state.phase = "over"
    state.end = end
    return state


def draw_and_place_first(state: GambitState) -> None:
    """Draw and put the card on its first legal cell (when the cell does not matter)."""
    play(state, "draw")
    play(state, str(Place(*sorted(place_cells(state))[0])))


def deck_known(state: GambitState) -> list[tuple[int, str]]:
    """The view's shown deck cards as (position from the bottom, card)."""
    return sorted((k["from_bottom"], k["card"]) for k in state.view_for(0)["deck_known"])


# -- components and setup --------------------------------------------------------------------------

def test_components_deck_is_2_bishops_2_knights_2_rooks_4_catkens_and_8_distinct_pawns():
    """Components: 10 deck cards B×2 N×2 R×2 C×4; 8 Pawns with distinct abilities."""
    state = GAME.new_game(1, 5)
    assert sorted(state.deck) == sorted("BBNNRRCCCC")
    assert len(PAWNS) == 8 and len(set(PAWNS)) == 8
    with pytest.raises(ValueError):
        deal(deck="BBBNRRCCCC")  # a scripted deck must be the real components


def test_setup_1_five_of_the_eight_pawns_at_random_face_up():
    """Setup 1: five of the eight Pawns chosen at random; the player sees which."""
    seen = set()
    for seed in range(12):
        state = GAME.new_game(1, seed)
        assert len(state.pawns) == 5 and len(set(state.pawns)) == 5
        assert set(state.pawns) <= set(PAWNS)
        assert [p["id"] for p in state.view_for(0)["pawns"]] == state.pawns
        seen.add(frozenset(state.pawns))
    assert len(seen) > 1, "the five Pawns must vary with the seed"
    assert set(deal(pawns=OTHERS).pawns) == set(OTHERS)


def test_setup_2_queen_on_origin_5vp_side_deck_right_of_queen_paw_on_deck():
    """Setup 2: Queen on (0,0) 5 VP side up, shuffled deck on (1,0), Paw on the deck."""
    state = GAME.new_game(1, 3)
    assert state.grid == {(0, 0): ["Q"]}
    assert state.queen == (0, 0) and state.queen_side == 5 and state.checks == 0
    assert state.paw == (1, 0)
    assert len(state.deck) == 10 and not any(state.known)
    view = state.view_for(0)
    assert view["deck_cell"] == [1, 0] and view["deck_count"] == 10 and view["paw"] == [1, 0]
    assert view["deck_known"] == [] and "deck" not in view  # the order stays hidden
    orders = {tuple(GAME.new_game(1, seed).deck) for seed in range(8)}
    assert len(orders) > 1, "the deck must be shuffled"
    assert GAME.info.check_options()["umbra"] is False  # expansion off by default
    assert GAME.info.check_options()["free_check"] is False


# -- movement from the Paw -------------------------------------------------------------------------

def test_draw_bishop_any_distance_diagonally_from_the_paw():
    """Draw 2, Bishop: diagonally from the Paw (first card: from the deck)."""
    state = play(deal("BBNNRRCCCC"), "draw")
    assert state.phase == "place" and state.revealed == "B"
    assert place_cells(state) == {(0, -1), (2, -1), (0, 1), (2, 1)}
    play(state, "place 2,1")
    assert state.grid[(2, 1)] == ["B"] and state.paw == (2, 1)  # Draw 3: Paw moves onto it


def test_draw_rook_any_distance_orthogonally_moving_past_the_queen():
    """Draw 2, Rook: orthogonally, past another card ((-1,0) is beyond the Queen)."""
    state = play(deal(), "draw")
    assert place_cells(state) == {(-1, 0), (1, -1), (1, 1), (2, 0)}
    play(state, "place -1,0")
    assert state.grid[(-1, 0)] == ["R"] and state.paw == (-1, 0)


def test_draw_knight_chess_jump():
    """Draw 2, Knight: a knight's jump; only the jumps next to an occupied cell are legal."""
    state = play(deal("NBRCCRNCCB"), "draw")
    assert place_cells(state) == {(-1, -1), (-1, 1)}


def test_draw_catken_orthogonally_or_diagonally_any_distance():
    """Draw 2, Cat-ken: orthogonal or diagonal, any distance (free_check shows every cell)."""
    state = play(deal("CBRNCRNCCB", free_check=True), "draw")
    assert place_cells(state) == {(0, -1), (1, -1), (2, -1), (2, 0), (2, 1), (1, 1), (0, 1),
                                  (-1, 0)}


def test_geometry_movement_ignores_blockers_bishop_past_the_deck():
    """Geometry: a card "can move past another card or the draw deck" (Bishop over the deck)."""
    state = play(position({(2, 1): "R"}, paw=(2, 1), deck="BCCC"), "draw")
    assert place_cells(state) == {(3, 2), (1, 2), (3, 0), (0, -1)}


def test_geometry_movement_ignores_blockers_catken_past_cards_at_distance_three():
    """Geometry: Cat-ken movement passes over cards, at any distance."""
    state = play(position({(2, 1): "R", (1, 1): "B"}, paw=(2, 1), deck="CCCC", free_check=True),
                 "draw")
    cells = place_cells(state)
    assert {(0, 1), (-1, 1), (0, -1)} <= cells  # past (1,1), past (1,1)+(0,1), past the deck


def test_geometry_rook_past_two_cards():
    """Geometry: a Rook passes the Queen and the deck alike."""
    state = play(position({(2, 0): "N", (2, 1): "B"}, paw=(2, 0), deck="RCCC"), "draw")
    assert (-1, 0) in place_cells(state)  # over the deck and the Queen


# -- adjacency and the 4x4 bound -------------------------------------------------------------------

def test_adjacency_the_queen_counts_as_a_neighbour():
    """Adjacency: the first Knight's only legal cells touch the Queen alone."""
    state = play(deal("NBRCCRNCCB"), "draw")
    for cell in place_cells(state):
        assert max(abs(cell[0]), abs(cell[1])) == 1  # next to the Queen
        assert max(abs(cell[0] - 1), abs(cell[1])) > 1  # not next to the deck


def test_adjacency_the_deck_counts_and_an_unconnected_cell_is_refused():
    """Adjacency: (2,±1) touch only the deck yet are legal; (3,2) touches nothing: refused."""
    state = play(deal("BBNNRRCCCC"), "draw")
    assert {(2, 1), (2, -1)} <= place_cells(state)
    refused(state, Place(3, 2), "touch")


def test_bound_4x4_window_floats_and_is_never_exceeded():
    """4×4 bound: the first Rook may go left or right (window floats); later not past 4 wide."""
    first = play(deal(), "draw")
    assert {(-1, 0), (2, 0)} <= place_cells(first)
    state = play(position({(-1, 0): "B", (2, 0): "R"}, paw=(2, 0), deck="RCCC"), "draw")
    assert place_cells(state) == {(2, -1), (2, 1)}  # (3,0) and (-2,0) would be 5 wide
    refused(state, Place(3, 0), "four by four")
    refused(state, Place(-2, 0), "four by four")


def test_decision_deck_cell_counts_for_adjacency_and_bound():
    """[decision] The deck is inside the 4×4 bound, and nothing is ever placed on it."""
    # Queen moved to (1,1); cards at (1,2),(1,3): y spans 0..3 only because of the deck.
    state = play(position({(1, 2): "R", (1, 3): "N"}, paw=(1, 3), queen=(1, 1), deck="RCCC"),
                 "draw")
    assert place_cells(state) == {(0, 3), (2, 3)}  # (1,4) and (1,-1) would be 5 high
    refused(state, Place(1, 4), "four by four")
    refused(state, Place(1, 0), "taken")


def test_geometry_deck_never_moves_and_is_never_pushed():
    """Geometry: the deck stays on (1,0); Strategic Push never moves it."""
    state = play(deal(pawns=OTHERS), "draw", "place 2,0")
    assert pushes(state) and all(frm != (1, 0) for frm, _ in pushes(state))
    refused(state, Push(1, 0, 1, 1), "push")
    play(state, "push 2,0 to 2,1", "pawn push 2,2", "draw")
    assert state.view_for(0)["deck_cell"] == [1, 0] and (1, 0) not in state.grid


# -- when Pawns may be played ----------------------------------------------------------------------

def test_pawn_never_as_the_first_turn():
    """Pawn: never as the first turn — only Draw is legal at the start."""
    state = deal()
    assert state.legal_actions() == [Draw()]
    refused(state, PlayPawn("banish", 1, 1), "never first")


def test_pawn_never_two_pawns_in_a_row():
    """Pawn: only after a draw that placed a card; never two Pawns in a row."""
    state = play(deal(), "draw", "place 2,0")
    assert pawn_cells(state, "leap")
    play(state, "pawn leap 3,0", "decline")
    assert state.legal_actions() == [Draw()]
    refused(state, PlayPawn("banish", 4, 0), "two pawns")
    draw_and_place_first(state)
    assert pawn_cells(state, "banish")  # a draw again: Pawns are back


def test_pawn_normal_placement_one_step_orthogonally_then_paw_moves_onto_it():
    """Pawn normal placement: unoccupied, one orthogonal step from the Paw, in the bound."""
    state = play(deal(pawns=OTHERS), "draw", "place 2,0")
    assert pawn_cells(state, "peek") == {(2, -1), (3, 0), (2, 1)}  # (1,0) is the deck
    refused(state, PlayPawn("peek", 3, 1), "one step")  # diagonal step
    play(state, "pawn peek 3,0")
    assert state.grid[(3, 0)] == ["P:peek"] and state.paw == (3, 0)
    assert "peek" not in state.pawns and state.played == ["peek"]
    assert state.phase == "turn" and not state.after_draw


def test_pawn_normal_placement_keeps_the_4x4_bound():
    """Pawn normal placement: within the bound ((3,0) would make the grid 5 wide)."""
    state = position({(-1, 0): "B", (2, 0): "R"}, paw=(2, 0), pawns=["peek"])
    assert pawn_cells(state, "peek") == {(2, -1), (2, 1)}


def test_decision_pawn_with_no_legal_placement_cannot_be_chosen_game_goes_on():
    """[decision] A Pawn with no legal placement cannot be chosen; it does not end the game."""
    # Paw on (1,1): its four orthogonal neighbours are the deck and three cards.
    state = position({(1, 1): "R", (0, 1): "B", (2, 1): "N", (1, 2): "B"}, paw=(1, 1),
                     pawns=["peek", "banish", "leap", "gambit", "burrow"])
    assert state.legal_actions() == [Draw()]
    assert not state.is_over()
    refused(state, PlayPawn("peek", 1, 0))
    refused(state, Peek())


def test_pawn_with_no_normal_cell_catken_perch_still_has_a_placement():
    """A Pawn with no legal placement (even with its ability): Cat-ken Perch's ability gives it
    one — with every orthogonal cell next to the Paw taken, only Perch onto a Cat-ken is legal."""
    # Paw on (1,1): its four orthogonal neighbours are the deck and three cards; a Cat-ken on (-1,1).
    state = position({(1, 1): "R", (0, 1): "B", (2, 1): "N", (1, 2): "B", (-1, 1): "C"},
                     paw=(1, 1), pawns=["perch", "peek", "banish", "leap", "call"])
    assert set(state.legal_actions()) == {Draw(), PlayPawn("perch", -1, 1)}
    refused(state, PlayPawn("peek", 1, 0))
    refused(state, PlayPawn("perch", 0, 1))  # a Bishop, not a Cat-ken
    play(state, "pawn perch -1,1")
    assert state.grid[(-1, 1)] == ["C", "P:perch"] and state.paw == (-1, 1)
    assert state.phase == "turn" and state.pawns == ["peek", "banish", "leap", "call"]


# -- the eight Pawn abilities and declining them ---------------------------------------------------

def test_pawn_banishment_move_rook_to_bottom_of_deck_known():
    """Banishment Move: a Knight or Rook from the grid to the deck bottom; it stays known."""
    state = play(deal(), "draw", "place 2,0", "pawn banish 2,1")
    assert state.phase == "ability"
    assert set(state.legal_actions()) == {Ability("banish", 2, 0), Decline()}
    play(state, "banish 2,0")
    assert (2, 0) not in state.grid
    assert state.paw == (2, 1) and state.grid[(2, 1)] == ["P:banish"]  # left alone: fine
    assert len(state.deck) == 10 and state.deck[-1] == "R" and state.known[-1]
    assert deck_known(state) == [(0, "R")]
    # still shown after further draws, until it leaves the deck
    draw_and_place_first(state)
    assert deck_known(state) == [(0, "R")]


def test_pawn_banishment_only_knights_and_rooks():
    """Banishment Move: only a Knight or Rook may be banished, not a Bishop or Cat-ken."""
    state = play(position({(2, 0): "B", (2, 1): "N", (0, 1): "C"}, paw=(2, 1),
                          pawns=["banish"]), "pawn banish 3,1")
    assert set(state.legal_actions()) == {Ability("banish", 2, 1), Decline()}
    refused(state, Ability("banish", 2, 0))


def test_pawn_banishment_unavailable_without_knight_or_rook_but_pawn_playable():
    """Banishment Move: with no Knight or Rook in the grid the Pawn is still played."""
    state = position({(2, 0): "B"}, paw=(2, 0), deck="CCRN", pawns=["banish"])
    play(state, "pawn banish 2,1")
    assert state.phase == "turn" and state.grid[(2, 1)] == ["P:banish"]
    assert state.deck == list("CCRN")


def test_pawn_banishment_declined():
    """Banishment Move declined: the Rook stays, the deck is unchanged."""
    state = play(deal(), "draw", "place 2,0", "pawn banish 2,1", "decline")
    assert state.grid[(2, 0)] == ["R"] and len(state.deck) == 9 and deck_known(state) == []


def test_pawn_banishment_grows_the_deck_and_postpones_end_3():
    """Banishment Move: the deck grows by one, which postpones End 3."""
    base = position({(2, 0): "N"}, paw=(2, 0), deck="BC", pawns=["banish"])
    control = play(base.clone(), "pawn banish 2,1", "decline", "draw", "place 3,2")
    assert control.is_over() and control.end == "deck"
    state = play(base, "pawn banish 2,1", "banish 2,0", "draw", "place 3,2")
    assert not state.is_over() and state.deck == ["C", "N"]


def test_pawn_burrow_strategy_look_and_order_bottom_two():
    """Burrow Strategy: look at the bottom two and put them back in the chosen order."""
    state = play(deal(), "draw", "place 2,0", "pawn burrow 2,1")
    assert set(state.legal_actions()) == {Look(), Decline()}
    play(state, "look")
    assert state.phase == "burrow"
    assert deck_known(state) == [(0, "B"), (1, "C")]
    play(state, "burrow swap")
    assert state.deck[-2:] == ["B", "C"] and deck_known(state) == [(0, "C"), (1, "B")]
    assert state.phase == "turn"
    keep = play(deal(), "draw", "place 2,0", "pawn burrow 2,1", "look", "burrow keep")
    assert keep.deck[-2:] == ["C", "B"]


def test_pawn_burrow_order_by_dragging_one_bottom_card_onto_the_other():
    """Burrow Strategy: the swap is a drag of the second card onto the bottom one (either way
    round means the swap); keeping the order is a button; other drops mean nothing."""
    state = play(deal(), "draw", "place 2,0", "pawn burrow 2,1", "look")
    assert state.drag_sources() == [("bottom", 1)]
    assert state.legal_targets(("bottom", 1)) == [("bottom", 0)]
    assert state.find_action(("bottom", 1), ("bottom", 0)) == Burrow(True)
    assert state.candidate_action(("bottom", 0), ("bottom", 1)) == Burrow(True)
    assert state.candidate_action(("bottom", 0), ("bottom", 0)) is None
    assert state.drag_of(Burrow(False)) is None
    assert state.candidate_action(("bottom", 1), ("cell", 2, 1)) is None


def test_pawn_burrow_with_two_cards_left_chooses_the_next_draw():
    """Burrow Strategy: with two cards left this also chooses the next draw."""
    state = position({(2, 0): "N"}, paw=(2, 0), deck="CR", pawns=["burrow"])
    play(state, "pawn burrow 2,1", "look", "burrow swap", "draw")
    assert state.revealed == "R"


def test_pawn_burrow_declined():
    """Burrow Strategy declined: nothing seen, order unchanged."""
    state = play(deal(), "draw", "place 2,0", "pawn burrow 2,1", "decline")
    assert deck_known(state) == [] and state.deck == list(ROOK_FIRST[1:])


def test_pawn_catken_call_moves_paw_to_covered_catken_at_any_distance():
    """Cat-ken Call [decision]: the Paw goes onto any Cat-ken stack, covered, any distance."""
    state = position({(2, 0): "R", (-1, 1): ["C", "P:perch"], (1, -1): "C"}, paw=(2, 0),
                     deck="RCCCC", pawns=["call"])
    play(state, "pawn call 2,1")
    assert set(state.legal_actions()) == {Ability("call", -1, 1), Ability("call", 1, -1),
                                          Decline()}
    play(state, "call -1,1")
    assert state.paw == (-1, 1) and state.grid[(2, 1)] == ["P:call"]
    assert state.grid[(-1, 1)] == ["C", "P:perch"]
    # the next card moves from the Paw's new cell: a Rook from (-1,1)
    play(state, "draw")
    assert (-1, 0) in place_cells(state) and (2, 2) not in place_cells(state)


def test_pawn_catken_call_declined():
    """Cat-ken Call declined: the Paw stays on the Pawn."""
    state = position({(2, 0): "R", (-1, 1): "C"}, paw=(2, 0), pawns=["call"])
    play(state, "pawn call 2,1", "decline")
    assert state.paw == (2, 1)


def test_pawn_catken_perch_on_the_catken_placed_last_turn():
    """Cat-ken Perch: on top of a Cat-ken stack, the one placed last turn included."""
    state = play(deal("CBRNCRNCCB", pawns=OTHERS), "draw", "place 2,1")
    assert (2, 1) in pawn_cells(state, "perch")
    play(state, "pawn perch 2,1")
    assert state.grid[(2, 1)] == ["C", "P:perch"] and state.paw == (2, 1)
    assert state.phase == "turn"


def test_pawn_catken_perch_on_a_distant_catken_but_not_on_other_cards():
    """Cat-ken Perch [decision]: any Cat-ken stack at any distance; not the Queen or a Rook."""
    state = position({(2, 0): "R", (-1, 1): "C", (1, -1): "C"}, paw=(2, 0), pawns=["perch"])
    assert pawn_cells(state, "perch") == {(2, -1), (2, 1), (-1, 1), (1, -1)}  # (3,0): 5 wide
    refused(state, PlayPawn("perch", 0, 0))
    refused(state, PlayPawn("perch", 2, 0))
    play(state, "pawn perch -1,1")
    assert state.grid[(-1, 1)] == ["C", "P:perch"] and state.paw == (-1, 1)


def test_pawn_catken_perch_declined_goes_on_an_empty_cell():
    """Cat-ken Perch declined: the Pawn is placed normally."""
    state = play(deal("CBRNCRNCCB", pawns=OTHERS), "draw", "place 2,1", "pawn perch 3,1")
    assert state.grid[(3, 1)] == ["P:perch"] and state.grid[(2, 1)] == ["C"]


def test_pawn_leap_swaps_pawn_and_paw_with_a_minor_card():
    """Pawn Leap: the Pawn (with the Paw) swaps cells with a Bishop, Knight or Rook."""
    state = play(deal(), "draw", "place 2,0", "pawn leap 2,1")
    assert set(state.legal_actions()) == {Ability("leap", 2, 0), Decline()}
    play(state, "leap 2,0")
    assert state.grid[(2, 0)] == ["P:leap"] and state.grid[(2, 1)] == ["R"]
    assert state.paw == (2, 0)


def test_pawn_leap_not_with_a_catken_and_declined():
    """Pawn Leap: Cat-kens are not swap targets; declining leaves everything in place."""
    state = position({(2, 0): "C", (-1, 0): "B"}, paw=(2, 0), pawns=["leap"])
    play(state, "pawn leap 2,1")
    assert set(state.legal_actions()) == {Ability("leap", -1, 0), Decline()}
    play(state, "decline")
    assert state.paw == (2, 1) and state.grid[(-1, 0)] == ["B"]


def test_pawn_queens_gambit_swaps_the_queen_with_a_minor_card():
    """Queen's Gambit: the Queen swaps cells with a Bishop, Knight or Rook."""
    state = play(deal(), "draw", "place 2,0", "pawn gambit 2,1")
    assert set(state.legal_actions()) == {Ability("gambit", 2, 0), Decline()}
    play(state, "gambit 2,0")
    assert state.queen == (2, 0) and state.grid[(2, 0)] == ["Q"] and state.grid[(0, 0)] == ["R"]
    assert state.paw == (2, 1)


def test_pawn_queens_gambit_declined():
    """Queen's Gambit declined: the Queen stays."""
    state = play(deal(), "draw", "place 2,0", "pawn gambit 2,1", "decline")
    assert state.queen == (0, 0) and state.grid[(0, 0)] == ["Q"]


def test_decision_pawn_leap_onto_a_lone_card_the_pawn_stays_without_a_neighbour():
    """[decision] Cards left without a neighbour after Pawn Leap stay where they are; the game
    goes on (the Pawn and the Paw land on a Knight's cell that touches nothing)."""
    # The Knight on (-1,2) touches nothing (left alone earlier, e.g. by a push).
    state = position({(2, 0): "R", (-1, 2): "N"}, paw=(2, 0), deck="RCCC", pawns=["leap"])
    play(state, "pawn leap 2,1", "leap -1,2")
    assert state.grid[(-1, 2)] == ["P:leap"] and state.grid[(2, 1)] == ["N"]
    assert state.paw == (-1, 2)
    assert not state.touches((-1, 2))  # no neighbour at all, orthogonal or diagonal
    assert state.phase == "turn" and not state.is_over() and state.legal_actions() == [Draw()]
    # the game goes on: the next Rook moves from the lone Pawn, which stays put
    play(state, "draw", "place -1,3")
    assert state.grid[(-1, 3)] == ["R"] and state.grid[(-1, 2)] == ["P:leap"]
    assert not state.is_over()


def test_decision_queens_gambit_onto_a_lone_card_the_queen_stays_without_a_neighbour():
    """[decision] Cards left without a neighbour after Queen's Gambit stay where they are; the
    game goes on (the Queen swaps onto a Bishop's cell that touches nothing)."""
    state = position({(2, 0): "R", (-1, 2): "B"}, paw=(2, 0), deck="RCCC", pawns=["gambit"])
    play(state, "pawn gambit 2,1", "gambit -1,2")
    assert state.queen == (-1, 2) and state.grid[(-1, 2)] == ["Q"]
    assert state.grid[(0, 0)] == ["B"] and state.paw == (2, 1)
    assert not state.touches((-1, 2))  # no neighbour at all, orthogonal or diagonal
    assert state.phase == "turn" and not state.is_over() and state.legal_actions() == [Draw()]
    play(state, "draw", "place 2,2")
    assert state.queen == (-1, 2) and not state.touches((-1, 2)) and not state.is_over()


def test_pawn_strategic_push_queen_may_be_pushed_deck_may_not():
    """Strategic Push [decision]: the Queen may be pushed, the deck may not; then placed."""
    state = play(deal(pawns=OTHERS), "draw", "place 2,0")
    offered = pushes(state)
    assert ((0, 0), (0, 1)) in offered
    assert all(frm in ((0, 0), (2, 0)) for frm, _ in offered)
    play(state, "push 0,0 to 0,1")
    assert state.queen == (0, 1) and state.grid[(0, 1)] == ["Q"] and (0, 0) not in state.grid
    assert state.phase == "pawn"
    # push and placement are one turn: only the placement is legal now
    assert {str(a) for a in state.legal_actions()} == {"pawn push 2,-1", "pawn push 3,0",
                                                      "pawn push 2,1"}
    refused(state, Draw())
    play(state, "pawn push 2,1")
    assert state.grid[(2, 1)] == ["P:push"] and state.paw == (2, 1) and state.phase == "turn"


def test_pawn_strategic_push_any_distance_paw_moves_with_the_pushed_card():
    """Strategic Push: any distance; the Paw moves with the card it was on."""
    state = play(deal(pawns=OTHERS), "draw", "place 2,0", "push 2,0 to -1,-1")
    assert state.grid[(-1, -1)] == ["R"] and state.paw == (-1, -1)
    assert pawn_cells(state, "push") == {(-1, -2), (-2, -1), (0, -1), (-1, 0)}


def test_pawn_strategic_push_target_must_touch_another_card_after_the_move():
    """Strategic Push / Adjacency: the target touches another occupied cell (vacated is empty)."""
    state = play(deal(pawns=OTHERS), "draw", "place 2,0")
    offered = pushes(state)
    assert ((0, 0), (-1, 0)) not in offered  # next to (0,0) only, which it just left
    assert ((0, 0), (-1, 1)) not in offered
    refused(state, Push(0, 0, -1, 0), "push")


def test_pawn_strategic_push_keeps_the_bound():
    """Strategic Push: the pushed card stays within the 4×4 bound."""
    state = position({(-1, 0): "B", (2, 0): "R"}, paw=(2, 0), pawns=["push"])
    offered = pushes(state)
    assert ((-1, 0), (3, 1)) in offered  # without the Bishop the grid spans x 0..3
    assert ((0, 0), (3, 1)) not in offered  # without the Queen it would span x -1..3


def test_pawn_strategic_push_offered_only_if_the_pawn_then_has_a_cell():
    """Strategic Push: a push is only offered if the Pawn then has a legal cell."""
    state = position({(1, 1): "R", (0, 1): "B", (2, 1): "N", (1, 2): "B"}, paw=(1, 1),
                     pawns=["push"])
    offered = pushes(state)
    assert offered
    assert not any(frm == (0, 0) for frm, _ in offered)  # moving the Queen frees nothing
    assert any(frm == (0, 1) for frm, _ in offered)  # moving the Bishop frees (0,1)
    assert pawn_cells(state, "push") == set()  # without the push the Pawn has no cell
    frm, to = next((f, t) for f, t in sorted(offered) if f == (0, 1))
    play(state, str(Push(*frm, *to)))
    assert (0, 1) in pawn_cells(state, "push")


def test_pawn_strategic_push_may_leave_other_cards_without_a_neighbour():
    """Strategic Push: other cards left without a neighbour by the push are fine."""
    state = position({(-1, 1): "N"}, paw=(-1, 1), pawns=["push"])
    assert ((0, 0), (1, 1)) in pushes(state)
    play(state, "push 0,0 to 1,1")
    assert state.grid[(-1, 1)] == ["N"] and state.queen == (1, 1)
    assert not state.touches((-1, 1))  # the Knight has no neighbour left: allowed
    play(state, "pawn push -1,0")


def test_pawn_strategic_push_declined_is_a_normal_placement():
    """Strategic Push declined: the Pawn is placed normally, nothing moves."""
    state = play(deal(pawns=OTHERS), "draw", "place 2,0", "pawn push 2,1")
    assert state.grid == {(0, 0): ["Q"], (2, 0): ["R"], (2, 1): ["P:push"]}


def test_reading_strategic_push_may_move_a_lone_pawn_card():
    """Strategic Push [reading]: "one card or stack" — a Pawn standing alone is a card, so it
    may be pushed like any other card (a perched Pawn moves only with its Cat-ken stack)."""
    state = position({(2, 0): "R", (2, 1): "P:peek", (0, 1): ["C", "P:perch"]}, paw=(2, 0),
                     pawns=["push"])
    offered = pushes(state)
    assert ((2, 1), (-1, 0)) in offered
    assert any(frm == (0, 1) for frm, _ in offered)  # the whole perched stack
    play(state, "push 2,1 to -1,0")
    assert state.grid[(-1, 0)] == ["P:peek"] and (2, 1) not in state.grid
    assert state.paw == (2, 0) and state.phase == "pawn"
    play(state, "pawn push 2,1")  # the vacated cell is free for the Pawn being played
    assert state.grid[(2, 1)] == ["P:push"] and state.grid[(0, 1)] == ["C", "P:perch"]


def test_pawn_tactical_peek_top_card_shown_until_drawn():
    """Tactical Peek: see the top card before placing; it stays shown until it leaves the deck."""
    state = play(deal(pawns=OTHERS), "draw", "place 2,0", "peek")
    assert state.phase == "pawn" and deck_known(state) == [(8, "B")]
    assert {str(a) for a in state.legal_actions()} == {"pawn peek 2,-1", "pawn peek 3,0",
                                                      "pawn peek 2,1"}
    play(state, "pawn peek 2,1")
    assert deck_known(state) == [(8, "B")] and state.view_for(0)["deck_known"][0]["from_top"] == 0
    play(state, "draw")
    assert state.revealed == "B" and deck_known(state) == []


def test_pawn_tactical_peek_declined():
    """Tactical Peek declined: the Pawn is placed without seeing anything."""
    state = play(deal(pawns=OTHERS), "draw", "place 2,0", "pawn peek 2,1")
    assert deck_known(state) == [] and state.grid[(2, 1)] == ["P:peek"]


def test_seen_deck_cards_stay_shown_until_they_leave_the_deck():
    """[decision] Burrowed cards stay shown across later turns."""
    state = play(deal(), "draw", "place 2,0", "pawn burrow 2,1", "look", "burrow keep", "draw")
    play(state, str(Place(*sorted(place_cells(state))[0])))
    assert deck_known(state) == [(0, "B"), (1, "C")]


# -- Pawns never cause or remove a check -----------------------------------------------------------

def test_pawn_never_causes_check_queens_gambit_onto_a_catken_line():
    """Pawns never cause a check: the Queen swapped onto a Cat-ken's diagonal is not checked."""
    state = position({(2, 1): "C", (3, 2): "B"}, paw=(3, 2), deck="CBBN", pawns=["gambit"],
                     free_check=True)
    play(state, "pawn gambit 3,3", "gambit 3,2")
    assert state.queen == (3, 2) and state.queen_side == 5 and state.checks == 0
    # the next real check is the first one: 1 VP side, not checkmate
    play(state, "draw", "place 3,1")
    assert state.checks == 1 and state.queen_side == 1 and not state.is_over()


def test_pawn_never_causes_check_pushing_a_catken_onto_the_queens_row():
    """Pawns never cause a check: a Cat-ken pushed onto the Queen's row does not check."""
    state = position({(2, 1): "C"}, paw=(2, 1), pawns=["push"])
    play(state, "push 2,1 to 2,0", "pawn push 2,1")
    assert state.checks == 0 and state.queen_side == 5


def test_pawn_never_removes_check_queens_gambit_off_the_line():
    """Pawns never remove a check: the Queen moved away stays on 1 VP; the next check mates."""
    state = position({(2, 0): "C", (2, 1): "R"}, paw=(2, 1), deck="CBNR", pawns=["gambit"],
                     queen_side=1, checks=1, free_check=True)
    play(state, "pawn gambit 3,1", "gambit 2,1")
    assert state.queen == (2, 1) and state.queen_side == 1 and state.checks == 1
    play(state, "draw", "place 3,2")  # diagonal of the Queen on (2,1)
    assert state.is_over() and state.end == "checkmate"


# -- check on Queen Aurelia ------------------------------------------------------------------------

@pytest.mark.parametrize("cards,paw,cell", [
    ({(2, 0): "R", (3, 1): "N"}, (3, 1), (3, 0)),  # row, over the deck and a Rook
    ({(0, 1): "R", (0, 2): "B", (1, 3): "N"}, (1, 3), (0, 3)),  # column, over two cards
    ({(1, 1): "B", (2, 2): "N", (3, 2): "R"}, (3, 2), (3, 3)),  # diagonal, over two cards
    ({(1, -1): "B", (2, -2): "N", (3, -2): "R"}, (3, -2), (3, -3)),  # other diagonal
], ids=["row", "column", "diagonal", "anti-diagonal"])
def test_check_catken_on_queen_line_any_distance_through_cards(cards, paw, cell):
    """Check: a Cat-ken placed on the Queen's row, column or diagonals checks, cards between."""
    state = play(position(cards, paw=paw, deck="CCRB", free_check=True), "draw",
                 str(Place(*cell)))
    assert state.checks == 1 and state.queen_side == 1 and not state.is_over()
    assert state.view_for(0)["queen_side"] == 1


def test_check_catken_off_the_lines_does_not_check():
    """Check: a Cat-ken not on a line with the Queen (a knight's offset) does not check."""
    state = play(deal("CBRNCRNCCB", free_check=True), "draw", "place 2,1")
    assert state.checks == 0 and state.queen_side == 5


def test_check_only_catkens_check():
    """Check: only Cat-kens check — a Rook on the Queen's row does not."""
    state = play(deal(), "draw", "place 2,0")
    assert state.checks == 0 and state.queen_side == 5


def test_check_default_rule_checking_cell_refused_while_a_safe_cell_exists():
    """[decision] Default: a checking cell is legal only when every legal cell checks."""
    state = play(deal("CBRNCRNCCB"), "draw")
    assert place_cells(state) == {(2, -1), (2, 1)}  # the only cells off the Queen's lines
    refused(state, Place(2, 0), "check")
    marks = {tuple(m["cell"]): m for m in state.view_for(0)["target_marks"]}
    assert marks[(2, 0)]["checks_queen"] and not marks[(2, 0)]["legal"]
    assert not marks[(2, 1)]["checks_queen"] and marks[(2, 1)]["legal"]


def test_check_default_rule_checking_cells_legal_when_every_cell_checks():
    """[decision] Default: when every legal cell checks, the checking cells are legal."""
    # Grid spans x -1..2; from (-1,0) a Cat-ken reaches (-1,±1) and (0,±1): all on her lines.
    state = play(position({(-1, 0): "R", (2, 0): "R"}, paw=(-1, 0), deck="CCRB"), "draw")
    assert place_cells(state) == {(-1, -1), (-1, 1), (0, -1), (0, 1)}
    play(state, "place 0,1")
    assert state.checks == 1 and state.queen_side == 1


def test_check_free_check_option_checking_cells_chosen_freely_and_marked():
    """Option free_check: checking cells may be chosen freely; the screen marks them."""
    state = play(deal("CBRNCRNCCB", free_check=True), "draw")
    assert {(2, 0), (1, 1), (2, 1)} <= place_cells(state)
    marks = {tuple(m["cell"]): m for m in state.view_for(0)["target_marks"]}
    assert marks[(2, 0)]["checks_queen"] and marks[(2, 0)]["legal"]
    assert not marks[(2, 1)]["checks_queen"]
    play(state, "place 2,0")
    assert state.checks == 1 and state.queen_side == 1


def test_check_first_flips_to_1vp_second_is_checkmate_lost_no_score():
    """First check: Queen to 1 VP. Second check by another Cat-ken: checkmate, game lost."""
    state = play(deal("CCRBNRNBCC", free_check=True), "draw", "place 2,0")
    assert state.queen_side == 1 and state.checks == 1 and state.phase == "turn"
    play(state, "draw", "place 1,1")
    assert state.is_over() and state.end == "checkmate"
    assert state.legal_actions() == []
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ()
    assert "lost" in outcome.summary.lower()
    assert outcome.reward(0) < 0
    text = " ".join(outcome.lines[0]).lower()
    assert "no score" in text and "rank:" not in text
    refused(state, Draw(), "over")


def test_end_1_checkmate_overrides_end_3():
    """Draw 4: checkmate ends the game as lost and overrides every other ending (End 3 here)."""
    state = position({(2, 0): "C"}, paw=(2, 0), deck="CB", queen_side=1, checks=1,
                     free_check=True)
    play(state, "draw", "place 1,1")
    assert len(state.deck) == 1 and state.end == "checkmate"
    assert state.outcome().winners == ()


# -- the three endings -----------------------------------------------------------------------------

STUCK = {(2, 0): "R", (0, 1): "B", (0, -1): "N", (1, 2): "N"}  # a Knight from (2,0) has no cell


def test_end_2_revealed_card_without_a_legal_cell_ends_the_game():
    """Draw 1 / End 2: a revealed card with no legal cell ends the game at once."""
    state = play(position(STUCK, paw=(2, 0), deck="NC"), "draw")
    assert state.is_over() and state.end == "stuck" and state.revealed == "N"
    assert state.outcome() is not None and "no legal cell" in state.outcome().summary


def test_end_2_scoring_revealed_card_counts_as_unplaced():
    """Scoring [decision]: on End 2 the revealed card counts; the bottom card does not."""
    state = play(position(STUCK, paw=(2, 0), deck="NC"), "draw")
    # Queen 5; no Cat-ken; centre: x 0..2, y -1..2 -> Queen (0,0) fits; penalty: the Knight.
    assert points(state) == {"queen": 5, "catkens": 0, "centre": 5, "penalty": -2}
    assert state.outcome().scores == (8,)
    longer = play(position(STUCK, paw=(2, 0), deck="NBC", pawns=[]), "draw")
    assert points(longer)["penalty"] == -4  # Knight + Bishop; bottom Cat-ken excluded


def test_end_3_one_card_left_is_never_played():
    """Draw 5 / End 3: when exactly one card remains the game ends; it is never played."""
    state = play(position({(2, 0): "R"}, paw=(2, 0), deck="RC"), "draw", "place 2,1")
    assert state.is_over() and state.end == "deck" and state.deck == ["C"]
    assert points(state)["catkens"] == 0  # the Cat-ken left in the deck does not count
    assert points(state)["penalty"] == 0  # nor is the bottom card a penalty


def test_end_3_a_full_game_ends_after_nine_draws():
    """End 3: with no Banishment, a game that is not lost ends after the ninth card."""
    state = deal("RBNBRNCCCC", pawns=OTHERS)
    draws = 0
    while not state.is_over():
        play(state, "draw")
        draws += 1
        assert not state.is_over(), "this deal never gets stuck"
        play(state, str(Place(*sorted(place_cells(state))[0])))
    assert draws == 9 and state.end == "deck" and len(state.deck) == 1


# -- scoring ---------------------------------------------------------------------------------------

def test_scoring_queen_5_or_1_by_side():
    """Scoring: the Queen is worth 5 or 1 by the side up."""
    assert points(finished({}, queen_side=5))["queen"] == 5
    assert points(finished({}, queen_side=1))["queen"] == 1


@pytest.mark.parametrize("stacks,expected", [
    ([], 0),
    ([["C"]], 1),
    ([["C"], ["C", "P:perch"]], 3),
    ([["C"], ["C", "P:perch"], ["C", "U"]], 6),
    ([["C"], ["C", "P:perch"], ["C", "U"], ["C"]], 10),
])
def test_scoring_catkens_1_3_6_10_covered_ones_count(stacks, expected):
    """Scoring: 1/2/3/4 Cat-kens in the grid (covered ones count) → 1/3/6/10."""
    cells = [(2, 0), (2, 1), (0, 1), (-1, 0)]
    state = finished({cells[i]: s for i, s in enumerate(stacks)}, deck="C")
    assert points(state)["catkens"] == expected


def test_scoring_catken_left_in_the_deck_does_not_count():
    """Scoring: a Cat-ken left in the deck does not count."""
    state = finished({(2, 0): "C", (2, 1): "C", (0, 1): "C"}, deck="C")
    assert points(state)["catkens"] == 6 and state.catkens_in_grid() == 3


@pytest.mark.parametrize("cards,queen,centred", [
    ({}, (0, 0), True),  # just the Queen and the deck: an incomplete grid
    ({(2, 0): "R"}, (0, 0), True),  # x 0..2: a window x -1..2 centres her
    ({(2, 0): "R", (3, 0): "B"}, (0, 0), False),  # x 0..3: she is on the edge
    ({(-1, 0): "R", (2, 0): "B"}, (0, 0), True),  # x -1..2: q=0 in [0, 1]
    ({(0, 1): "R", (0, 2): "B", (0, 3): "N"}, (0, 0), False),  # y 0..3: top edge
    ({(0, -1): "R", (0, 1): "B", (0, 2): "N"}, (0, 0), True),  # y -1..2
    ({(2, 1): "R", (2, 2): "B"}, (0, 0), True),  # corner of a 3×3: still centrable
    ({(2, 0): "R", (1, 3): "B"}, (0, 0), False),  # x fine, y 0..3 fails
    ({(0, 0): "R", (2, 2): "B", (2, 1): "N"}, (1, 1), True),  # Queen moved to (1,1)
], ids=["two-cells", "x0-2", "x0-3", "x-1-2", "y0-3", "y-1-2", "3x3-corner", "y-fails",
        "moved"])
def test_scoring_centre_plus5_per_decision_formula_incomplete_grid(cards, queen, centred):
    """Scoring [decision]: +5 when hi−2 ≤ q ≤ lo+2 on both axes (deck included), incomplete too."""
    state = finished(cards, queen=queen)
    assert points(state)["centre"] == (5 if centred else 0)


@pytest.mark.parametrize("pawns,expected", [
    ([], 0), (["peek"], -2), (["peek", "push"], -4), (["peek", "push", "leap"], -5),
    (["peek", "push", "leap", "call", "perch"], -5),
])
def test_scoring_penalty_2_per_unplayed_pawn_capped_at_5(pawns, expected):
    """Scoring: −2 per unplayed Pawn; the penalty is at most −5 in total."""
    assert points(finished({}, pawns=pawns))["penalty"] == expected


def test_scoring_penalty_cards_and_pawns_share_the_cap():
    """Scoring: cards left (End 2) and unplayed Pawns together are capped at −5."""
    state = play(position(STUCK, paw=(2, 0), deck="NC", pawns=["peek"]), "draw")
    assert points(state)["penalty"] == -4  # Knight + one Pawn
    state = play(position(STUCK, paw=(2, 0), deck="NC", pawns=["peek", "push"]), "draw")
    assert points(state)["penalty"] == -5  # −6 capped


def _ranked(queen_side, n_catkens, centred, pawns):
    cards = {}
    for cell in [(2, 0), (2, -1), (0, -1), (-1, 0)][:n_catkens]:
        cards[cell] = "C"
    if not centred:  # push the grid to x 0..3 so the Queen is on the edge
        cards[(3, 1)] = "R"
        cards[(2, 1)] = "B"
        cards.pop((-1, 0), None)
        if n_catkens == 4:
            cards[(1, 1)] = "C"
    state = finished(cards, queen_side=queen_side, pawns=pawns)
    assert state.catkens_in_grid() == n_catkens
    assert points(state)["centre"] == (5 if centred else 0)
    return state


@pytest.mark.parametrize("queen_side,catkens,centred,pawns,total,rank", [
    (1, 1, False, [], 2, ""),  # 1 + 1
    (5, 2, False, ["a", "b", "c"], 3, "Soft Shell Pawn"),  # 5 + 3 − 5
    (1, 0, True, [], 6, "Soft Shell Pawn"),  # 1 + 5
    (1, 3, False, [], 7, "Jolly Rook"),  # 1 + 6
    (1, 2, True, [], 9, "Jolly Rook"),  # 1 + 3 + 5
    (5, 0, True, [], 10, "Splashy Knight"),  # 5 + 5
    (1, 4, True, ["a"], 14, "Splashy Knight"),  # 1 + 10 + 5 − 2
    (5, 4, False, [], 15, "Glowing Bishop"),  # 5 + 10
    (5, 4, True, ["a"], 18, "Glowing Bishop"),  # 5 + 10 + 5 − 2
    (5, 4, True, [], 20, "Merlin of Seven Seas"),  # 5 + 10 + 5
])
def test_ranks_highest_threshold_met(queen_side, catkens, centred, pawns, total, rank):
    """Ranks: 3 Soft Shell Pawn, 7 Jolly Rook, 10 Splashy Knight, 15 Glowing Bishop, 20 Merlin."""
    names = {"a": "peek", "b": "push", "c": "leap"}
    state = _ranked(queen_side, catkens, centred, [names[p] for p in pawns])
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (total,)
    assert rank_for(total) == rank
    assert f"Rank: {rank or '—'}" in outcome.lines[0]
    if rank:
        assert rank in outcome.summary and outcome.winners == (0,)
    else:
        assert "no rank" in outcome.summary and outcome.winners == ()


# -- the Queen Umbra expansion ---------------------------------------------------------------------

def test_umbra_off_by_default_never_appears():
    """Expansion off by default: no Umbra on a new Cat-ken."""
    state = play(deal("CBRNCRNCCB"), "draw", "place 2,1")
    assert state.grid[(2, 1)] == ["C"] and state.umbra is None
    assert "umbra" not in points(state)


def test_umbra_goes_on_the_new_catken_at_minus2_with_the_paw():
    """Umbra: after a Cat-ken is placed (check resolved), Umbra goes on it, −2 side; Paw there."""
    state = play(deal("CBRNCRNCCB", umbra=True), "draw", "place 2,1")
    assert state.grid[(2, 1)] == ["C", "U"] and state.umbra == (2, 1)
    assert state.umbra_side == -2 and state.paw == (2, 1)
    view = state.view_for(0)
    assert view["umbra"] == [2, 1] and view["umbra_side"] == -2


def test_umbra_placed_after_the_aurelia_check_is_resolved():
    """Umbra: the checking Cat-ken flips Aurelia and also receives Umbra."""
    state = play(deal("CBRNCRNCCB", umbra=True, free_check=True), "draw", "place 2,0")
    assert state.checks == 1 and state.queen_side == 1
    assert state.grid[(2, 0)] == ["C", "U"] and state.umbra_side == -2


@pytest.mark.parametrize("deck,cell", [
    ("CRBNCRNCCB", (2, 2)),  # Rook: same column
    ("CBRNCRNCCB", (1, 2)),  # Bishop: diagonal
    ("CNRBCRNBCC", (1, -1)),  # Knight: a jump (its only legal cell)
], ids=["rook", "bishop", "knight"])
def test_umbra_checked_by_bishop_knight_rook_by_movement_pattern(deck, cell):
    """Umbra: a B/N/R placed from the deck checks her when she is on its pattern; −5 side."""
    state = play(deal(deck, umbra=True), "draw", "place 2,1", "draw")
    assert cell in place_cells(state)
    play(state, str(Place(*cell)))
    assert state.umbra == (2, 1) and state.umbra_side == -5
    assert state.grid[(2, 1)] == ["C", "U"]


@pytest.mark.parametrize("card,cell,checked", [
    ("R", (1, 2), False),  # row 2 / column 1: Umbra is on (2,1)
    ("R", (2, 3), True),  # same column as Umbra
    ("B", (1, 3), False),  # (2,1) is not on its diagonals
    ("N", (0, 1), False),  # (2,1) is two steps away in a row: no jump
])
def test_umbra_check_uses_the_new_cells_pattern_not_the_path(card, cell, checked):
    """Umbra [decision]: the attack test is from the card's new cell, blockers ignored."""
    state = position({(2, 1): ["C", "U"], (2, 2): "P:peek"}, paw=(2, 2), deck=card + "CCC",
                     umbra=True)
    play(state, "draw", str(Place(*cell)))
    assert state.umbra_side == (-5 if checked else -2)


def test_umbra_a_catken_never_checks_her():
    """Umbra: only a Bishop, Knight or Rook checks her; a new Cat-ken moves her instead."""
    state = position({(2, 1): ["C", "U"]}, paw=(2, 1), deck="CCRB", umbra=True,
                     umbra_side=-5)
    play(state, "draw", "place 3,1")
    assert state.umbra == (3, 1) and state.umbra_side == -2 and not state.umbra_gone


def test_umbra_second_check_removes_her_for_good():
    """Umbra: second check → she leaves the game for good (no return on a later Cat-ken)."""
    state = position({(2, 1): ["C", "U"]}, paw=(2, 1), deck="RCCB", umbra=True, umbra_side=-5)
    play(state, "draw", "place 2,2")
    assert state.umbra is None and state.umbra_gone and state.grid[(2, 1)] == ["C"]
    assert state.view_for(0)["umbra_gone"] is True
    draw_and_place_first(state)
    assert all("U" not in s for s in state.grid.values()) and state.umbra is None
    assert "umbra" not in points(state)


def test_umbra_resets_to_minus2_onto_a_new_catken():
    """Umbra: another Cat-ken before the second check: she resets to −2 and moves onto it."""
    state = position({(2, 1): ["C", "U"]}, paw=(2, 1), deck="CRNB", umbra=True, umbra_side=-5)
    play(state, "draw", "place 3,1")
    assert state.grid[(2, 1)] == ["C"] and state.grid[(3, 1)] == ["C", "U"]
    assert state.umbra == (3, 1) and state.umbra_side == -2


def test_umbra_moves_onto_the_last_catken_drawn_and_scores():
    """Umbra: also when that Cat-ken was the last card drawn; her side is added at the end."""
    state = position({(2, 1): ["C", "U"]}, paw=(2, 1), deck="CR", umbra=True, umbra_side=-5)
    play(state, "draw", "place 3,1")
    assert state.end == "deck" and state.umbra == (3, 1) and state.umbra_side == -2
    assert points(state)["umbra"] == -2


def test_umbra_penalty_separate_from_the_minus5_cap():
    """Umbra [decision]: her −5 is added on top of the capped −5 penalty."""
    state = finished({(2, 1): ["C", "U"]}, pawns=["peek", "push", "leap"], umbra_side=-5)
    pts = points(state)
    assert pts["penalty"] == -5 and pts["umbra"] == -5
    # 5 Queen + 1 Cat-ken + 5 centre (x 0..2, y 0..1) − 5 − 5
    assert state.outcome().scores == (1,)


def test_umbra_pushed_stack_carries_her_and_the_paw():
    """Umbra / Strategic Push: a pushed Cat-ken stack carries Umbra (and the Paw)."""
    state = position({(2, 1): ["C", "U"]}, paw=(2, 1), deck="RCCB", pawns=["push"], umbra=True)
    play(state, "push 2,1 to 1,1")
    assert state.grid[(1, 1)] == ["C", "U"] and state.umbra == (1, 1) and state.paw == (1, 1)
    assert (2, 1) not in state.grid
    play(state, "pawn push 1,2", "draw", "place 1,3")  # Rook on her column
    assert state.umbra_side == -5


def test_decision_perch_on_umbra_stack_she_stays_checkable_and_counts():
    """Cat-ken Perch [decision]: the Pawn may go on Umbra's stack; she stays and can be checked."""
    state = play(deal("CRBNCRNCCB", pawns=OTHERS, umbra=True), "draw", "place 2,1")
    play(state, "pawn perch 2,1")
    assert state.grid[(2, 1)] == ["C", "U", "P:perch"] and state.umbra == (2, 1)
    play(state, "draw", "place 2,2")
    assert state.umbra_side == -5 and points(state)["umbra"] == -5


def _next_umbra_check(state: GambitState, move: str, side: int) -> None:
    """Play a drawn card that checks Umbra: the first real check flips, the second removes her."""
    play(state, "draw", move)
    if side == -2:
        assert state.umbra_side == -5 and state.umbra is not None and not state.umbra_gone
    else:
        assert state.umbra is None and state.umbra_gone


@pytest.mark.parametrize("side", [-2, -5])
def test_umbra_pawns_never_cause_check_pawn_leap_puts_a_rook_on_her_column(side):
    """Pawns never cause or remove a check (Umbra): a Rook leapt onto her column does not check."""
    state = position({(2, 1): ["C", "U"], (0, -1): "R"}, paw=(2, 1), deck="BCCC",
                     pawns=["leap"], umbra=True, umbra_side=side)
    play(state, "pawn leap 2,0", "leap 0,-1")
    assert state.grid[(2, 0)] == ["R"] and state.paw == (0, -1)  # Rook now on column 2
    assert state.umbra == (2, 1) and state.umbra_side == side and not state.umbra_gone
    assert state.grid[(2, 1)] == ["C", "U"]
    _next_umbra_check(state, "place -1,-2", side)  # Bishop: (2,1) on its diagonal


@pytest.mark.parametrize("side", [-2, -5])
def test_umbra_pawns_never_cause_check_queens_gambit_puts_a_knight_a_jump_away(side):
    """Pawns never cause or remove a check (Umbra): a Knight swapped a jump from her does not."""
    state = position({(2, 1): ["C", "U"], (-1, 0): "N"}, paw=(2, 1), deck="RCCC",
                     pawns=["gambit"], umbra=True, umbra_side=side)
    play(state, "pawn gambit 2,2", "gambit -1,0")
    assert state.grid[(0, 0)] == ["N"] and state.queen == (-1, 0)  # (2,1) is a jump from (0,0)
    assert state.umbra == (2, 1) and state.umbra_side == side and not state.umbra_gone
    assert state.grid[(2, 1)] == ["C", "U"]
    assert state.checks == 0 and state.queen_side == 5
    _next_umbra_check(state, "place 2,3", side)  # Rook: her column


@pytest.mark.parametrize("side", [-2, -5])
@pytest.mark.parametrize("card,to", [("R", (0, 1)), ("B", (1, 2)), ("N", (1, -1))],
                         ids=["rook-row", "bishop-diagonal", "knight-jump"])
def test_umbra_pawns_never_cause_check_strategic_push_onto_her_line(card, to, side):
    """Pawns never cause or remove a check (Umbra): a B/N/R pushed to attack her does not check."""
    state = position({(2, 1): ["C", "U"], (-1, 0): card}, paw=(2, 1), deck="RCCC",
                     pawns=["push"], umbra=True, umbra_side=side)
    play(state, f"push -1,0 to {to[0]},{to[1]}", "pawn push 2,0")
    assert state.grid[to] == [card]
    assert state.umbra == (2, 1) and state.umbra_side == side and not state.umbra_gone
    assert state.grid[(2, 1)] == ["C", "U"]
    _next_umbra_check(state, "place 2,-1", side)  # Rook from the Pawn on (2,0): her column


@pytest.mark.parametrize("frm,to,umbra_at", [
    ((0, 1), (-1, 0), (2, 1)),  # another Cat-ken pushed: she does not move onto it
    ((2, 1), (2, -1), (2, -1)),  # her own stack pushed: she rides along, not reset
], ids=["other-catken", "her-stack"])
def test_umbra_pawns_pushed_catken_neither_resets_nor_moves_her(frm, to, umbra_at):
    """Pawns never cause or remove a check (Umbra): a pushed Cat-ken is not a placed one — she
    keeps her −5 side and does not move onto it."""
    state = position({(2, 1): ["C", "U"], (0, 1): "C"}, paw=(2, 1), deck="RCCC",
                     pawns=["push"], umbra=True, umbra_side=-5)
    play(state, f"push {frm[0]},{frm[1]} to {to[0]},{to[1]}")
    play(state, str(sorted(state.legal_actions(), key=str)[0]))
    assert state.umbra == umbra_at and state.grid[umbra_at] == ["C", "U"]
    assert state.umbra_side == -5 and not state.umbra_gone
    assert sum(s.count("U") for s in state.grid.values()) == 1
    assert state.checks == 0 and state.queen_side == 5


# -- illegal actions -------------------------------------------------------------------------------

def _first_rook():
    return play(deal(), "draw")


def _after_pawn():
    return play(deal(), "draw", "place 2,0", "pawn leap 2,1", "decline")


def _banish_ability():
    return play(position({(2, 0): "B", (2, 1): "N"}, paw=(2, 1), pawns=["banish"]),
                "pawn banish 3,1")


def _over():
    return play(position({(2, 0): "R"}, paw=(2, 0), deck="RC"), "draw", "place 2,1")


ILLEGAL = [
    ("first-turn-pawn", deal, PlayPawn("leap", 1, 1), "never first"),
    ("place-without-card", deal, Place(2, 0), "not allowed"),
    ("place-on-deck", _first_rook, Place(1, 0), "taken"),
    ("place-on-queen", _first_rook, Place(0, 0), "taken"),
    ("rook-diagonal", _first_rook, Place(2, 1), "cannot move"),
    ("no-neighbour", _first_rook, Place(3, 0), "touch"),
    ("draw-before-placing", _first_rook, Draw(), "place the revealed card"),
    ("two-pawns", _after_pawn, PlayPawn("banish", 3, 1), "two pawns"),
    ("unknown-pawn", lambda: play(deal(pawns=OTHERS), "draw", "place 2,0"),
     PlayPawn("banish", 2, 1), "not available"),
    ("pawn-on-a-card", lambda: play(deal(), "draw", "place 2,0"), PlayPawn("leap", 0, 0),
     "taken"),
    ("banish-bishop", _banish_ability, Ability("banish", 2, 0), "ability"),
    ("draw-during-ability", _banish_ability, Draw(), "ability"),
    ("burrow-before-look", lambda: play(deal(), "draw", "place 2,0", "pawn burrow 2,1"),
     Burrow(True), "ability"),
    ("game-over", _over, Draw(), "over"),
]


@pytest.mark.parametrize("make,action,reason", [c[1:] for c in ILLEGAL],
                         ids=[c[0] for c in ILLEGAL])
def test_illegal_actions_refused_with_a_reason_state_unchanged(make, action, reason):
    """Illegal actions raise IllegalAction with a reason from state.apply; the state is unchanged."""
    refused(make(), action, reason)


def test_parse_of_an_illegal_move_is_refused():
    """Illegal text moves raise IllegalAction too."""
    state = deal()
    with pytest.raises(IllegalAction):
        state.parse("place 2,0")


# -- saving and hidden information -----------------------------------------------------------------

@pytest.mark.parametrize("moves", [
    ("draw", "place 2,0", "pawn banish 2,1"),
    ("draw", "place 2,0", "pawn burrow 2,1", "look"),
    ("draw",),
])
def test_json_round_trip_mid_ability(moves):
    """Saves: a position mid-ability round-trips through JSON and plays on identically."""
    state = play(deal(), *moves)
    data = json.loads(json.dumps(state.to_json()))
    twin = GambitState.from_json(data)
    assert twin == state and twin.view_for(0) == state.view_for(0)
    assert twin.legal_actions() == state.legal_actions()
    move = state.legal_actions()[0]
    state.apply(move)
    twin.apply(move)
    assert twin == state


def test_determinize_keeps_known_cards_in_place_and_shuffles_the_unknown():
    """determinize: peeked, burrowed and banished cards stay put; only unknown cards move."""
    state = play(deal(pawns=["burrow", "peek", "call", "leap", "gambit"]), "draw", "place 2,0",
                 "pawn burrow 2,1", "look", "burrow keep", "draw", "place 3,0", "peek",
                 "pawn peek 3,1")
    # deck: N C C R N C C B; top N peeked, bottom C B burrowed
    assert state.deck == list("NCCRNCCB")
    assert state.known == [True, False, False, False, False, False, True, True]
    before = state.clone()
    arrangements = set()
    for seed in range(12):
        world = state.determinize(0, Rng(seed))
        assert world.deck[0] == "N" and world.deck[-2:] == ["C", "B"]
        assert sorted(world.deck[1:6]) == sorted("CCRNC")
        assert world.known == state.known and world.grid == state.grid
        assert world.view_for(0) == state.view_for(0)
        arrangements.add(tuple(world.deck[1:6]))
    assert len(arrangements) > 1
    assert state == before


def test_determinize_keeps_the_banished_card_at_the_bottom():
    """determinize: the banished card stays at the bottom of the deck."""
    state = play(deal(), "draw", "place 2,0", "pawn banish 2,1", "banish 2,0")
    for seed in range(6):
        world = state.determinize(0, Rng(seed))
        assert world.deck[-1] == "R" and sorted(world.deck) == sorted(state.deck)


# -- the move log's wording -------------------------------------------------------------------------

def describe(state, action):  # type: ignore[no-untyped-def]
    """How the log says ``action``, from the position before it (as ``narrate`` says it)."""
    from cats.gambit import words
    from cats.words import render
    return render(words.move(state, action))


def test_log_names_the_cards_and_says_where_cells_lie_from_the_deck():
    """The grid floats and has no labels, so the log says cards by name and cells from the deck."""
    state = deal("RBNCBNRCCC", pawns=("banish", "burrow", "call", "leap", "push"))
    said = []
    for move in ("draw", "place 2,0", "push 2,0 to 2,-1", "pawn push 3,-1"):
        action = state.parse(move)
        said.append(describe(state, action))
        state.apply(action)
    assert said == ["drew a Rook", "placed the Rook 1 right from the deck",
                    "played Strategic Push: pushed the Rook 1 up",
                    "placed Strategic Push 2 right, 1 up from the deck"]  # one Pawn, one turn
    assert describe(state, Draw()) == "drew a Bishop"  # the top card, seen once drawn


def test_log_names_a_stack_by_its_card_and_queens_without_an_article():
    """Cat-ken Call and Perch go onto a Cat-ken stack: the log names the Cat-ken, not what lies
    on it; Queen Aurelia is never "the Queen Aurelia"."""
    state = position({(2, 0): ["C", "P:perch"], (0, 1): "R"}, paw=(2, 0), pawns=("call", "push"))
    assert describe(state, Push(2, 0, 2, 1)) == \
        "played Strategic Push: pushed the Cat-ken (under the Cat-ken Perch) 1 down"
    assert describe(state, Push(0, 0, 0, -1)) == "played Strategic Push: pushed Queen Aurelia 1 up"
    state.phase, state.pending = "ability", "call"
    assert describe(state, Ability("call", 2, 0)) == \
        "called the Paw onto the Cat-ken (under the Cat-ken Perch) 1 right from the deck"
    junk = PlayPawn("no-such-pawn", 9, 9)  # a damaged save: described, then refused by apply
    assert "no-such-pawn" in describe(state, junk)


def test_penalty_line_counts_cards_left_only_once_the_game_has_ended():
    """Penalty: cards left in the deck count at the end; during play only unplayed Pawns show."""
    state = deal()
    label = dict((k.split(":")[0], k) for k, _ in state.score_lines())["Penalty so far"]
    assert label == "Penalty so far: 5 Pawns unplayed (cards left count at the end)"
    over = finished({(2, 0): "R"}, pawns=("leap",), deck="NBC", queen_side=1)
    assert ("Penalty: 2 cards left, 1 Pawn unplayed (at most −5)", -5) in over.score_lines()
    assert over.outcome().summary == "The game ends (one card is left in the deck): 1 point, no rank."
