"""Cat in the Box engine internals kept up to date rather than rescanned: the empty spaces per
number, the open red row, each seat's tokens as bits, the largest groups on bit masks, and round
scores ahead of their JSON."""

from __future__ import annotations

from typing import Any, Sequence

import pytest

from cats.box import GAME
from cats.box.actions import COLOURS
from cats.box.state import BoxState
from cats.box.table import EMPTY, Table, largest_group, shuffle, table_for, token_masks
from cats.rng import Rng


def random_game(players: int, seed: int) -> list[BoxState]:
    """Every position of one random game."""
    state = GAME.new_game(players, seed)
    assert isinstance(state, BoxState)
    rng = Rng(seed)
    out = [state.clone()]
    while state.to_move is not None:
        actions = state.legal_actions()
        state.do(actions[rng.below(len(actions))])
        out.append(state.clone())
    return out


def group_by_search(board: Sequence[int], seat: int, table: Table) -> list[int]:
    """The largest group found the slow way: breadth-first from every token in display order."""
    best: list[int] = []
    seen: set[int] = set()
    for start in table.scan:
        if board[start] != seat or start in seen:
            continue
        group, queue = [start], [start]
        seen.add(start)
        while queue:
            cell = queue.pop(0)
            for near in table.neighbours[cell]:
                if board[near] == seat and near not in seen:
                    seen.add(near)
                    group.append(near)
                    queue.append(near)
        if len(group) > len(best):
            best = group
    return sorted(best, key=table.scan.index)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_free_spaces_and_open_red_follow_the_board(players: int) -> None:
    """The per-number empty colours and the open red row, kept as cards are played, equal what
    the board shows (and what a state read back from JSON derives)."""
    for seed in range(6):
        for state in random_game(players, seed):
            n = state.table.numbers
            expected = [sum(1 << c for c in range(len(COLOURS))
                            if state.board[c * n + k - 1] == EMPTY) for k in range(1, n + 1)]
            assert state.free[1:] == expected
            assert state.red_open == any(owner >= 0 for owner in state.board[:n])
            assert state.tokens == token_masks(state.board, state.table)
            again = BoxState.from_json(state.to_json())
            assert again.free == state.free and again.red_open == state.red_open
            assert again.tokens == state.tokens


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_largest_group_on_bit_masks_matches_a_breadth_first_search(players: int) -> None:
    table = table_for(players)
    rng = Rng(players)
    for _ in range(400):
        board = [rng.below(players + 2) - 2 for _ in range(len(COLOURS) * table.numbers)]
        for seat in range(players):
            assert largest_group(board, seat, table) == group_by_search(board, seat, table)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_round_scores_kept_at_once_equal_the_breakdown(players: int) -> None:
    """A finished round's scores are known before its JSON breakdown is built, and agree."""
    for seed in range(10):
        final = random_game(players, seed)[-1]
        assert [r.scores for r in final.rounds] == [r["scores"] for r in final.results]
        assert len(final.rounds) == players


def test_a_world_ending_after_its_round_deals_nothing_more() -> None:
    """end_after_this_round: the round is scored as usual and the copy's game stops there, the
    generator untouched by a next deal; the game it was copied from goes on."""
    state = random_game(4, 3)[20]
    world = state.clone()
    world.end_after_this_round()
    rng = Rng(1)
    while world.to_move is not None:
        actions = world.legal_actions()
        world.do(actions[rng.below(len(actions))])
    assert len(world.rounds) == 1 and world.phase == "over"
    assert world.rng.state == state.rng.state
    assert state.final_round == 3 and state.to_move is not None


@pytest.mark.parametrize("players", [2, 4])
def test_kept_counts_equal_a_recount_in_clones_and_redealt_worlds(players: int) -> None:
    """Clones and worlds re-dealt for the seat to move carry the same empty spaces, open red row
    and token bits as a fresh recount from their board (and play on from them alike)."""
    for seed in range(4):
        for i, state in enumerate(random_game(players, seed)):
            if state.to_move is None or i % 3:
                continue
            world = state.determinize(state.to_move, Rng(seed * 100 + i))
            for copy in (state.clone(), world, world.clone()):
                recount = copy.clone()
                recount.index_board()
                assert (copy.free, copy.red_open, copy.tokens) == (
                    recount.free, recount.red_open, recount.tokens)
            actions = world.legal_actions()
            world.do(actions[0])
            recount = world.clone()
            recount.index_board()
            assert (world.free, world.red_open, world.tokens) == (
                recount.free, recount.red_open, recount.tokens)


def test_the_deal_shuffle_draws_as_the_generator_shuffles() -> None:
    """The inlined deal shuffle gives the generator's own shuffle, and leaves it in the same
    state (so every later draw of the game is unchanged)."""
    for seed in range(50):
        table = table_for(2 + seed % 4)
        mine, theirs = table.deck(), table.deck()
        a, b = Rng(seed), Rng(seed)
        shuffle(mine, a)
        b.shuffle(theirs)
        assert mine == theirs and a.state == b.state
        assert mine != table.deck()


def test_a_redrawn_deal_draw_falls_back_to_one_draw_at_a_time(monkeypatch: Any) -> None:
    """A packed draw at or above its bound's limit is drawn again one at a time from there: with
    one bound's limit lowered to nothing, the fallback starts at that draw and (the generator
    itself accepting it) still gives the generator's own shuffle."""
    import cats.box.table as table_module
    limits = table_module._LIMITS
    monkeypatch.setattr(table_module, "_NEAR_TOP", 1 << 64)   # every deal checks each draw
    for bound in (2, 3, 17, 40):
        monkeypatch.setattr(table_module, "_LIMITS",
                            tuple(0 if n == bound else v for n, v in enumerate(limits)))
        for seed in range(30):
            table = table_for(4)
            mine, theirs = table.deck(), table.deck()
            a, b = Rng(seed), Rng(seed)
            shuffle(mine, a)
            b.shuffle(theirs)
            assert mine == theirs and a.state == b.state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_deal_made_when_first_read_is_the_deal_made_at_the_round_end(players: int) -> None:
    """A game whose state is never read between moves (the next deal owed until a set-aside
    needs the hands) ends as one read after every move, and a state read at once after a round
    ended (its JSON, its clone, its generator) holds the same next round as one read later."""
    for seed in range(30):
        read = GAME.new_game(players, seed)
        unread = GAME.new_game(players, seed)
        assert isinstance(read, BoxState) and isinstance(unread, BoxState)
        rng = Rng(seed)
        while read.to_move is not None:
            actions = read.legal_actions()
            finished = len(read.rounds)
            action = actions[rng.below(len(actions))]
            read.do(action)
            unread.do(action)
            if len(read.rounds) != finished and read.to_move is not None:
                copy = read.clone()
                state = read.rng.state
                assert read.to_json() == copy.to_json()
                assert copy.rng.state == state and copy.hands == read.hands
        assert read.to_json() == unread.to_json()
