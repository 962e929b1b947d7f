"""Cat's Gambit geometry on a set of occupied cells: the floating 4×4 window and open cells.

The rules test a cell against the occupied cells (deck included) and their window many times per
position; these helpers take the set and its window (``span``) computed once, so a legal-move
search does not rebuild them per cell.
"""

from __future__ import annotations

from typing import Iterable

from cats.gambit.cards import DIAGONALS, KNIGHT_JUMPS, NEIGHBOURS, ORTHOGONALS, Cell

Box = tuple[int, int, int, int]  # (min x, max x, min y, max y)



class _Near(dict[Cell, tuple[Cell, ...]]):
    """The 8 cells around each cell, made on first use."""

    def __missing__(self, cell: Cell) -> tuple[Cell, ...]:
        out = self[cell] = tuple((cell[0] + dx, cell[1] + dy) for dx, dy in NEIGHBOURS)
        return out


NEAR = _Near()
_REACH: dict[tuple[str, Cell], tuple[Cell, ...]] = {}


def span(cells: Iterable[Cell]) -> Box:
    """(min x, max x, min y, max y) of some cells (at least one)."""
    it = iter(cells)
    x0, y0 = x1, y1 = next(it)
    for x, y in it:
        if x < x0:
            x0 = x
        elif x > x1:
            x1 = x
        if y < y0:
            y0 = y
        elif y > y1:
            y1 = y
    return x0, x1, y0, y1


def widen(box: Box, cell: Cell) -> Box:
    """The window ``box`` grown to hold ``cell``."""
    x0, x1, y0, y1 = box
    x, y = cell
    return (x if x < x0 else x0, x if x > x1 else x1, y if y < y0 else y0, y if y > y1 else y1)


def near(cell: Cell) -> tuple[Cell, ...]:
    """The 8 cells around ``cell``."""
    return NEAR[cell]


def reach(piece: str, frm: Cell) -> tuple[Cell, ...]:
    """Cells a card's movement reaches from ``frm`` (sliders within 3, the largest possible),
    top row first, then left to right."""
    key = (piece, frm)
    out = _REACH.get(key)
    if out is None:
        if piece == "N":
            cells = [(frm[0] + dx, frm[1] + dy) for dx, dy in KNIGHT_JUMPS]
        else:
            dirs = DIAGONALS if piece == "B" else ORTHOGONALS if piece == "R" else NEIGHBOURS
            cells = [(frm[0] + dx * d, frm[1] + dy * d) for dx, dy in dirs for d in (1, 2, 3)]
        out = _REACH[key] = tuple(sorted(set(cells), key=row_first))
    return out


def is_open(cell: Cell, occ: set[Cell], box: Box) -> bool:
    """Empty, next to an occupied cell, and inside a 4×4 window with all of ``occ`` (``box``)."""
    if cell in occ:
        return False
    x, y = cell
    x0, x1, y0, y1 = box
    if (x1 if x1 > x else x) - (x0 if x0 < x else x) > 3:
        return False
    if (y1 if y1 > y else y) - (y0 if y0 < y else y) > 3:
        return False
    return not occ.isdisjoint(NEAR[cell])


def open_cells(cells: Iterable[Cell], occ: set[Cell], box: Box) -> list[Cell]:
    """Those of ``cells`` that are open (as :func:`is_open`), in their order."""
    x0, x1, y0, y1 = box
    if x1 - x0 > 3 or y1 - y0 > 3:  # a damaged position, already past the bound
        return []
    lx, hx, ly, hy = x1 - 3, x0 + 3, y1 - 3, y0 + 3
    return [c for c in cells if lx <= c[0] <= hx and ly <= c[1] <= hy and c not in occ
            and not occ.isdisjoint(NEAR[c])]


def pawn_steps(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells one step orthogonally from ``cell``: up, left, right, down (Pawn order)."""
    x, y = cell
    return (x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)


def row_first(cell: Cell) -> tuple[int, int]:
    """Sort key: top row first, then left to right."""
    return cell[1], cell[0]
