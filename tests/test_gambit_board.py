"""Cat's Gambit legal moves on bits (``cats.gambit.board``) agree with the cell-by-cell rules
that answer positions off the board."""

from __future__ import annotations

import pytest

import cats.gambit.state as gambit_state
from cats import GAMES
from cats.gambit.actions import Draw, Push
from cats.gambit.state import GambitState
from cats.rng import Rng

GAME = GAMES["gambit"]
OPTION_SETS = ({}, {"umbra": True}, {"free_check": True})


def _cell_by_cell(monkeypatch: pytest.MonkeyPatch, state: GambitState) -> list[str]:
    """The legal actions as the cell-by-cell rules find them (the board path switched off)."""
    with monkeypatch.context() as patch:
        patch.setattr(gambit_state, "occupancy", lambda cells: None)
        return [str(a) for a in state.legal_actions()]


def test_bits_and_cells_give_the_same_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """4×4 bound, adjacency, reach, Pawn steps, pushes: the same actions in the same order."""
    compared = pushes = 0
    for seed in range(60):
        state = GAME.new_game(1, seed, OPTION_SETS[seed % len(OPTION_SETS)])
        rng = Rng(seed)
        while state.phase != "over":
            actions = state.legal_actions()
            assert [str(a) for a in actions] == _cell_by_cell(monkeypatch, state), seed
            compared += 1
            pushes += any(isinstance(a, Push) for a in actions)
            state.do(actions[rng.below(len(actions))] if rng.below(3) else actions[-1])
    assert compared > 1000 and pushes > 50


def _off_board() -> GambitState:
    """A damaged position: a Rook three cells left of the Queen, outside every 4×4 window."""
    state: GambitState = GAME.new_game(1, 3, {"pawns": ["push", "peek", "leap", "call",
                                                        "perch"]})  # type: ignore[assignment]
    state.grid[(-3, 0)] = ["R"]
    state.paw = (-3, 0)
    state.after_draw = True
    return state


def test_a_position_off_the_board_is_answered_cell_by_cell() -> None:
    """Cells outside the 7×7 board do not break the rules: with the grid five wide nothing fits
    (no Pawn, no push of the Queen); only pushes that bring the stray Rook back are offered."""
    state = _off_board()
    actions = state.legal_actions()
    assert actions[0] == Draw() and len(actions) > 1
    assert all(isinstance(a, Push) and (a.fx, a.fy) == (-3, 0) and -2 <= a.tx for a in actions[1:])
