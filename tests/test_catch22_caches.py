"""Catch 22's kept-up-to-date data (cut squares updated cube by cube, moves from end tables, the
inlined die) equals a fresh computation from JSON, on clones and determinized worlds too."""

from __future__ import annotations

from cats.catch22 import board
from cats.catch22.board import NEIGHBOURS, cut_info, cut_squares, routes
from cats.catch22.state import Catch22State, move_table, new_game, plain_moves
from cats.rng import Rng


def fresh(state: Catch22State) -> Catch22State:
    """The same position rebuilt from its JSON, with every memo emptied."""
    board._CUT_CACHE.clear()
    board._JUNCTION_CACHE.clear()
    board._ROUTE_CACHE.clear()
    return Catch22State.from_json(state.to_json())


def same_position(state: Catch22State) -> None:
    """``state`` answers as a fresh copy of itself does."""
    again = fresh(state)
    assert [str(a) for a in state.legal_actions()] == [str(a) for a in again.legal_actions()]
    assert state.cube_squares() == again.cube_squares()
    assert state.moves() == again.moves()
    assert state._open_squares()[1] == again._open_squares()[1]


def test_kept_data_matches_a_fresh_state_on_clones_and_worlds() -> None:
    for seed in range(12):
        state = new_game(2 + seed % 5, seed)
        rng = Rng(seed ^ 0x5EED)
        step = 0
        while state.to_move is not None and step < 400:
            same_position(state)
            if step % 5 == 0:
                twin = state.clone()
                same_position(twin)
                world = state.determinize(state.to_move, Rng(step))
                same_position(world)
                if world.to_move is not None:   # a world moves on without touching the state
                    actions = world.legal_actions()
                    world.do(actions[rng.below(len(actions))])
                    same_position(world)
            actions = state.legal_actions()
            state.do(actions[rng.below(len(actions))])
            step += 1


def test_cut_squares_one_cube_at_a_time_equal_the_whole_count() -> None:
    rng = Rng(7)
    for _ in range(60):
        cubed, info = 0, cut_info(0)
        for _ in range(30):
            cubed ^= 1 << rng.below(len(NEIGHBOURS))
            board._CUT_CACHE.clear()
            stepped = cut_info(cubed, info)
            board._CUT_CACHE.clear()
            assert stepped == cut_info(cubed)
            board._CUT_CACHE.clear()
            assert stepped[-1] == cut_squares(cubed)
            info = stepped


def test_plain_moves_are_the_moves_of_the_routes() -> None:
    rng = Rng(11)
    for _ in range(400):
        start = rng.below(len(NEIGHBOURS))
        steps = 1 + rng.below(6)
        blocked = 0
        for _ in range(rng.below(25)):
            blocked |= 1 << rng.below(len(NEIGHBOURS))
        blocked &= ~(1 << start)
        assert plain_moves(start, steps, blocked) == move_table(
            routes(start, steps, blocked), False)[2]


def test_the_inlined_die_draws_as_the_rng_does() -> None:
    for seed in range(200):
        state = new_game(3, seed)
        twin = Rng(state.rng.state)
        for _ in range(20):
            assert state.roll_die() == twin.below(6) + 1
        assert state.rng.state == twin.state

