"""Cat's Gambit on bits: the 7×7 cells a floating 4×4 window around the fixed draw deck can ever
reach are bits of an int (row by row, top first), so occupied cells, open cells and a card's reach
are masks, and listing a mask's bits lists its cells top row first, left to right.

Shared by the rules (legal moves) and the solver (its model of the rules).
"""

from __future__ import annotations

from typing import Iterable, Optional

from cats.gambit.cards import DECK, Cell

# Every legal cell lies in a 4×4 window that holds the deck at (1, 0): x in [-2, 4], y in [-3, 3].
W = 7
X0, Y0 = -2, -3
NCELLS = W * W
FULL = (1 << NCELLS) - 1


def idx_of(cell: tuple[int, int]) -> int:
    """Bit index of an engine cell."""
    return (cell[1] - Y0) * W + (cell[0] - X0)


def cell_of(i: int) -> tuple[int, int]:
    """Engine cell of a bit index."""
    return (i % W + X0, i // W + Y0)


XS = [i % W + X0 for i in range(NCELLS)]
YS = [i // W + Y0 for i in range(NCELLS)]
DECK_I = idx_of(DECK)
DECK_BIT = 1 << DECK_I


def _inside(x: int, y: int) -> bool:
    return X0 <= x < X0 + W and Y0 <= y < Y0 + W


def _mask(cells: Iterable[Cell]) -> int:
    m = 0
    for x, y in cells:
        if _inside(x, y):
            m |= 1 << idx_of((x, y))
    return m


_DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
_JUMP = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))

NEIGH = [_mask((XS[i] + dx, YS[i] + dy) for dx, dy in _DIAG + _ORTH) for i in range(NCELLS)]
# Where a drawn card may go from the Paw (the engine's reach: sliders up to three steps).
REACH = {
    "B": [_mask((XS[i] + dx * d, YS[i] + dy * d) for dx, dy in _DIAG for d in (1, 2, 3))
          for i in range(NCELLS)],
    "R": [_mask((XS[i] + dx * d, YS[i] + dy * d) for dx, dy in _ORTH for d in (1, 2, 3))
          for i in range(NCELLS)],
    "C": [_mask((XS[i] + dx * d, YS[i] + dy * d) for dx, dy in _DIAG + _ORTH for d in (1, 2, 3))
          for i in range(NCELLS)],
    "N": [_mask((XS[i] + dx, YS[i] + dy) for dx, dy in _JUMP) for i in range(NCELLS)],
}
# What a piece on a cell attacks, blockers ignored, any distance (checks on the Queens).
ATTACK = {
    "B": [_mask((XS[i] + dx * d, YS[i] + dy * d) for dx, dy in _DIAG for d in range(1, W))
          for i in range(NCELLS)],
    "R": [_mask((XS[i] + dx * d, YS[i] + dy * d) for dx, dy in _ORTH for d in range(1, W))
          for i in range(NCELLS)],
    "N": REACH["N"],
}
ATTACK["C"] = [ATTACK["B"][i] | ATTACK["R"][i] for i in range(NCELLS)]
# A Pawn's normal cells: one step up, left, right, down (also the engine's order).
STEP = [_mask((XS[i] + dx, YS[i] + dy) for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)))
        for i in range(NCELLS)]
ROWS = [((1 << W) - 1) << (W * r) for r in range(W)]
COLS = [sum(1 << (r * W + c) for r in range(W)) for c in range(W)]
NOT_LEFT = FULL & ~COLS[0]
NOT_RIGHT = FULL & ~COLS[W - 1]


CELLS = [cell_of(i) for i in range(NCELLS)]
INDEX = {cell: i for i, cell in enumerate(CELLS)}
BIT = {cell: 1 << i for i, cell in enumerate(CELLS)}


def occupancy(cells: Iterable[Cell]) -> Optional[int]:
    """The mask of ``cells`` and the deck, or None if a cell lies off the board (a position
    that breaks the 4×4 bound: never in play, only in a hand-made or damaged one)."""
    m = DECK_BIT
    for cell in cells:
        b = BIT.get(cell)
        if b is None:
            return None
        m |= b
    return m


def bits(m: int) -> list[int]:
    """The set bit indices of a mask, lowest (smallest y, then x) first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


_BOX: dict[int, tuple[int, int, int, int]] = {}
_OPEN: dict[int, int] = {}


def box(occ: int) -> tuple[int, int, int, int]:
    """(min x, max x, min y, max y) of an occupancy mask (bit coordinates 0..6)."""
    b = _BOX.get(occ)
    if b is None:
        cols = [c for c in range(W) if occ & COLS[c]]
        rows = [r for r in range(W) if occ & ROWS[r]]
        b = _BOX[occ] = (cols[0], cols[-1], rows[0], rows[-1])
    return b


def open_mask(occ: int) -> int:
    """Cells where a card may go: empty, next to an occupied cell, keeping the 4×4 bound."""
    m = _OPEN.get(occ)
    if m is None:
        x0, x1, y0, y1 = box(occ)
        if x1 - x0 > 3 or y1 - y0 > 3:  # a damaged position, already past the bound
            return 0
        win = 0
        for c in range(max(x1 - 3, 0), min(x0 + 3, W - 1) + 1):
            win |= COLS[c]
        rwin = 0
        for r in range(max(y1 - 3, 0), min(y0 + 3, W - 1) + 1):
            rwin |= ROWS[r]
        h = occ | ((occ << 1) & NOT_LEFT) | ((occ >> 1) & NOT_RIGHT)
        near = (h | (h << W) | (h >> W)) & FULL
        m = _OPEN[occ] = near & win & rwin & ~occ
        if len(_OPEN) > 150_000:  # about 40 MB: the rules ask too, game after game
            _OPEN.clear()
            _BOX.clear()
    return m


_PUSHES: dict[tuple[int, int], list[tuple[int, int]]] = {}


def pushes(occ: int, paw: int) -> list[tuple[int, int]]:
    """Every Strategic Push (from, to) after which the Pawn has a normal cell."""
    key = (occ, paw)
    out = _PUSHES.get(key)
    if out is not None:
        return out
    out = []
    for frm in bits(occ & ~DECK_BIT):
        fb = 1 << frm
        rest = occ & ~fb
        targets = open_mask(rest) & ~fb
        p = paw
        for to in bits(targets):
            if paw == frm:
                p = to
            if STEP[p] & open_mask(rest | (1 << to)):
                out.append((frm, to))
    if len(_PUSHES) > 30_000:  # bounded: the rules ask too, game after game
        _PUSHES.clear()
    _PUSHES[key] = out
    return out


