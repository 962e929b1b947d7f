"""The Catch 22 board's fast routes and cut squares agree with their plain definitions
(``cats/catch22/board.py``): a depth-first walk, and "a cube there would add a piece"."""

from __future__ import annotations

from cats.catch22.board import BOARD, NEIGHBOURS, cut_squares, free_pieces, routes
from cats.catch22.cubes import CubeMap
from cats.rng import Rng


def walk_routes(start: int, steps: int, blocked: int) -> dict[tuple[int, bool], tuple[int, ...]]:
    """Routes by a plain depth-first walk: the first route met per (end, crossed)."""
    found: dict[tuple[int, bool], tuple[int, ...]] = {}

    def walk(path: list[int], crossed: bool) -> None:
        if len(path) == steps + 1:
            found.setdefault((path[-1], crossed), tuple(path))
            return
        for nxt in NEIGHBOURS[path[-1]]:
            if nxt in path or blocked >> nxt & 1:
                continue
            walk(path + [nxt], crossed or bool(BOARD.star_mask >> nxt & 1))

    walk([start], False)
    return found


def random_masks(count: int, most: int, seed: int) -> list[int]:
    """Cube masks of up to ``most`` cubes anywhere on the path."""
    rng = Rng(seed)
    out = []
    for _ in range(count):
        mask = 0
        for _ in range(rng.below(most + 1)):
            mask |= 1 << rng.below(len(NEIGHBOURS))
        out.append(mask)
    return out


def test_cut_squares_are_the_squares_whose_cube_would_add_a_piece() -> None:
    for cubed in [0] + random_masks(300, 40, 1):
        pieces = free_pieces(cubed)
        expected = 0
        for sq in range(len(NEIGHBOURS)):
            if not cubed >> sq & 1 and free_pieces(cubed | 1 << sq) > pieces:
                expected |= 1 << sq
        assert cut_squares(cubed) == expected, bin(cubed)


def test_routes_are_the_first_routes_of_a_depth_first_walk() -> None:
    rng = Rng(2)
    for blocked in random_masks(200, 30, 3):
        start = rng.below(len(NEIGHBOURS))
        steps = 1 + rng.below(6)
        blocked &= ~(1 << start)
        found = routes(start, steps, blocked)
        assert found == walk_routes(start, steps, blocked)
        assert found.ends == tuple(sorted({end for end, _ in found}))


def test_the_cube_map_keeps_its_masks_through_placing_and_taking_off() -> None:
    cubes = CubeMap([(3, 0), (10, 1)])
    cubes[20] = 1
    cubes[3] = 2                        # a cube changing hands on one square
    assert cubes.pop(10) == 1
    assert cubes == {3: 2, 20: 1}
    assert cubes.mask == 1 << 3 | 1 << 20
    assert cubes.owned[:3] == (0, 1 << 20, 1 << 3)
    assert cubes.blocks[:3] == (cubes.mask, 1 << 3, 1 << 20)
    twin = cubes.copy()
    twin[30] = 0
    assert 30 not in cubes and cubes.mask == 1 << 3 | 1 << 20 and twin.blocks[1] >> 30 & 1
