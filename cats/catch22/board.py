"""The Catch 22 board, built once from ``cats/data/catch22_board.json``: squares, the path graph,
exact-length routes and the squares whose cube would cut the free path.

Squares are numbered 0..N-1 in reading order over the path squares only; bit ``i`` of a mask is
square ``i``. Names are column letter a–m (left to right) and row 1–13 (top to bottom): ``g1``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from cats.jsondata import load_component

PATH, STAR, JACKPOT = "path", "star", "jackpot"
ROLL_AGAIN, SWITCH_PLACES, REMOVE_CUBE = "roll_again", "switch_places", "remove_cube"
KIND_NAMES = {PATH: "plain path square", STAR: "Star", JACKPOT: "Jackpot",
              ROLL_AGAIN: "Roll Again square", SWITCH_PLACES: "Switch Places square",
              REMOVE_CUBE: "Remove Cube square"}
COLUMNS = "abcdefghijklmnopqrstuvwxyz"

# (end square, crosses a Star) -> the first route found, start square included.
Routes = dict[tuple[int, bool], tuple[int, ...]]


@dataclass(frozen=True)
class Board:
    """The printed board: every path square with its kind, gold and neighbours."""

    size: int
    rows: tuple[str, ...]
    legend: dict[str, str]
    cells: tuple[tuple[int, int], ...]          # square -> (row, col)
    index: dict[tuple[int, int], int]            # (row, col) -> square
    kinds: tuple[str, ...]                       # square -> kind
    printed_gold: tuple[int, ...]                # square -> Jackpot tokens (0 elsewhere)
    neighbours: tuple[tuple[int, ...], ...]      # square -> orthogonal path neighbours
    stars: tuple[tuple[str, int], ...]           # (name, square) in data order
    star_mask: int
    plain: tuple[int, ...]                       # squares where cubes may go, in order
    jackpots: tuple[int, ...]

    def name(self, square: int) -> str:
        """The square's name, e.g. ``g1``."""
        row, col = self.cells[square]
        return f"{COLUMNS[col]}{row + 1}"

    def at(self, row: Any, col: Any) -> Optional[int]:
        """The path square at (row, col), or ``None`` (off the board, out of bounds, not ints)."""
        if type(row) is not int or type(col) is not int:
            return None
        return self.index.get((row, col))

    def star_name(self, square: int) -> str:
        """The name of the Star on ``square`` ("north"), or "" if it is not a Star."""
        for name, sq in self.stars:
            if sq == square:
                return name
        return ""


def parse_board(data: Any) -> Board:
    """Build a :class:`Board` from the JSON data; ``ValueError`` on malformed data."""
    size = int(data["size"])
    rows = tuple(str(r) for r in data["rows"])
    legend = {str(k): str(v) for k, v in data["legend"].items()}
    grid = [row.split() for row in rows]
    if len(grid) != size or any(len(r) != size for r in grid):
        raise ValueError("catch22 board: rows do not match the size")
    by_char = {ch: kind for ch, kind in legend.items() if len(ch) == 1}
    cells: list[tuple[int, int]] = []
    kinds: list[str] = []
    gold: list[int] = []
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch.isdigit():
                kind, tokens = legend["digit"], int(ch)
            else:
                kind, tokens = by_char[ch], 0
            if kind == "out":
                continue
            cells.append((r, c))
            kinds.append(kind)
            gold.append(tokens)
    index = {cell: i for i, cell in enumerate(cells)}
    neighbours = tuple(
        tuple(index[(r + dr, c + dc)] for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
              if (r + dr, c + dc) in index)
        for r, c in cells)
    stars = tuple((str(name), index[(int(rc[0]), int(rc[1]))])
                  for name, rc in data["stars"].items())
    if sorted(sq for _, sq in stars) != [i for i, k in enumerate(kinds) if k == STAR]:
        raise ValueError("catch22 board: the named Stars do not match the S squares")
    return Board(
        size=size, rows=rows, legend=legend, cells=tuple(cells), index=index,
        kinds=tuple(kinds), printed_gold=tuple(gold), neighbours=neighbours, stars=stars,
        star_mask=sum(1 << sq for _, sq in stars),
        plain=tuple(i for i, k in enumerate(kinds) if k == PATH),
        jackpots=tuple(i for i, k in enumerate(kinds) if k == JACKPOT))


BOARD = parse_board(load_component(__package__, "board.json"))
NEIGHBOURS = BOARD.neighbours

_ROUTE_CACHE: dict[tuple[int, int, int], Routes] = {}
_CUT_CACHE: dict[int, int] = {}
_CACHE_LIMIT = 20_000  # a pure memo; small so long sessions do not grow (soak: ~190 MiB at 200k)


def routes(start: int, steps: int, blocked: int) -> Routes:
    """Every end square reachable in exactly ``steps`` steps without entering a square twice
    (the start included) or entering a ``blocked`` square, split by whether the route crosses a
    Star (the start not counted); each with the first route found. Cached; do not mutate."""
    key = (start, steps, blocked)
    found = _ROUTE_CACHE.get(key)
    if found is not None:
        return found
    found = {}
    path = [start]
    stars = BOARD.star_mask

    def walk(square: int, visited: int, left: int, crossed: bool) -> None:
        for nxt in NEIGHBOURS[square]:
            bit = 1 << nxt
            if visited & bit or blocked & bit:
                continue
            path.append(nxt)
            now = crossed or bool(stars & bit)
            if left == 1:
                if (nxt, now) not in found:
                    found[(nxt, now)] = tuple(path)
            else:
                walk(nxt, visited | bit, left - 1, now)
            path.pop()

    walk(start, 1 << start, steps, False)
    if len(_ROUTE_CACHE) > _CACHE_LIMIT:
        _ROUTE_CACHE.clear()
    _ROUTE_CACHE[key] = found
    return found


def cut_squares(cubed: int) -> int:
    """Mask of the free squares (no cube) whose cube would split their piece of free path in two
    or more: the articulation points of the free path graph. Cached by the cube mask."""
    hit = _CUT_CACHE.get(cubed)
    if hit is not None:
        return hit
    n = len(NEIGHBOURS)
    disc = [0] * n
    low = [0] * n
    timer = 1
    result = 0
    for root in range(n):
        if cubed >> root & 1 or disc[root]:
            continue
        disc[root] = low[root] = timer
        timer += 1
        children = 0
        stack = [(root, -1, iter(NEIGHBOURS[root]))]
        while stack:
            v, parent, it = stack[-1]
            for w in it:
                if cubed >> w & 1:
                    continue
                if not disc[w]:
                    disc[w] = low[w] = timer
                    timer += 1
                    stack.append((w, v, iter(NEIGHBOURS[w])))
                    break
                if w != parent and disc[w] < low[v]:
                    low[v] = disc[w]
            else:
                stack.pop()
                if stack:
                    u, u_parent, _ = stack[-1]
                    if low[v] < low[u]:
                        low[u] = low[v]
                    if u_parent == -1:
                        children += 1
                    elif low[v] >= disc[u]:
                        result |= 1 << u
        if children > 1:
            result |= 1 << root
    if len(_CUT_CACHE) > _CACHE_LIMIT:
        _CUT_CACHE.clear()
    _CUT_CACHE[cubed] = result
    return result


def free_pieces(cubed: int) -> int:
    """How many separate pieces the path squares without a cube form."""
    seen = cubed
    pieces = 0
    for root in range(len(NEIGHBOURS)):
        if seen >> root & 1:
            continue
        pieces += 1
        seen |= 1 << root
        todo = [root]
        while todo:
            for w in NEIGHBOURS[todo.pop()]:
                if not seen >> w & 1:
                    seen |= 1 << w
                    todo.append(w)
    return pieces
