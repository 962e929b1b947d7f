"""Every Cat Chess action made once, and the tables the state lists legal actions from.

Sets of cats and of regions are bit masks (bit ``c`` for the cat of index ``c``, bit ``r`` for the
region of index ``r``), so that the state keeps them up to date with one operation per move.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from cats.catchess.actions import Move, Place, Stay, Swap
from cats.catchess.garden import LETTERS, N_CATS, N_REGIONS, NEIGHBOURS, REGION_IDS
from cats.core import Action

PLACE = tuple(tuple(Place(LETTERS[c], REGION_IDS[r]) for r in range(N_REGIONS))
              for c in range(N_CATS))
STAY = tuple(Stay(LETTERS[c]) for c in range(N_CATS))
MOVE = tuple(tuple(Move(LETTERS[c], REGION_IDS[r]) for r in range(N_REGIONS))
             for c in range(N_CATS))
SWAP = tuple(tuple(Swap(LETTERS[c], LETTERS[o]) for o in range(N_CATS)) for c in range(N_CATS))

EVERY_CAT = (1 << N_CATS) - 1
EVERY_REGION = (1 << N_REGIONS) - 1
# CATS_IN[bits]: the cats whose bit is set, in letter order.
CATS_IN = tuple(tuple(c for c in range(N_CATS) if bits >> c & 1) for bits in range(EVERY_CAT + 1))

# NEXT_DOOR[cat][n]: the cat's activation towards region n by what sits there: the swap with
# cat o at index o, the move into n at index -1 (nobody there).
NEXT_DOOR = tuple(tuple(SWAP[c] + (MOVE[c][n],) for n in range(N_REGIONS)) for c in range(N_CATS))
# AROUND[r]: region r and its neighbours (whose cats' moves and swaps change when r does).
AROUND = tuple(sum(1 << n for n in (r, *NEIGHBOURS[r])) for r in range(N_REGIONS))

# Per set of empty regions, per cat, its placements (filled by ``placements`` on first use).
PLACEMENTS: dict[int, tuple[tuple[Action, ...], ...]] = {}


def placements(free: int) -> tuple[tuple[Action, ...], ...]:
    """Per cat, its placements onto the empty regions ``free``, in region order (made once per
    set of empty regions, on first use)."""
    rows = PLACEMENTS.get(free)
    if rows is None:
        pick = itemgetter(*[r for r in range(N_REGIONS) if free >> r & 1])  # three or more
        rows = PLACEMENTS[free] = tuple(pick(row) for row in PLACE)
    return rows


def activations(cat: int, region: int, spot: Sequence[int], barred: tuple[int, ...]
                ) -> tuple[Action, ...]:
    """An awake cat's activations: it stays, moves to an empty neighbour or swaps with the cat
    of one (unless either took part in the swap just played), neighbours in region order."""
    if not barred:
        towards, around = NEXT_DOOR[cat], NEIGHBOURS[region]
        # Written out for the garden's two, three and four neighbours (the hot path of play).
        if len(around) == 3:
            a, b, c = around
            return STAY[cat], towards[a][spot[a]], towards[b][spot[b]], towards[c][spot[c]]
        if len(around) == 2:
            a, b = around
            return STAY[cat], towards[a][spot[a]], towards[b][spot[b]]
        if len(around) == 4:
            a, b, c, d = around
            return (STAY[cat], towards[a][spot[a]], towards[b][spot[b]], towards[c][spot[c]],
                    towards[d][spot[d]])
    out: list[Action] = [STAY[cat]]
    moves, swaps, free = MOVE[cat], SWAP[cat], cat not in barred
    for n in NEIGHBOURS[region]:
        other = spot[n]
        if other < 0:
            out.append(moves[n])
        elif free and other not in barred:
            out.append(swaps[other])
    return tuple(out)
