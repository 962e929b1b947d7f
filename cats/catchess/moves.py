"""Every Cat Chess action made once, and the tables the state lists legal actions from.

Sets of cats and of regions are bit masks (bit ``c`` for the cat of index ``c``, bit ``r`` for the
region of index ``r``), so that the state keeps them up to date with one operation per move.
Each action made here carries its ``effect`` (kind, cat, region, other cat as indices), so that
playing it needs no look-up by letter or region id; an action made elsewhere (read from JSON,
typed in) gets the same tuple from :func:`effect`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

from cats.catchess.actions import Move, Place, Stay, Swap
from cats.catchess.garden import (
    CAT_INDEX,
    LETTERS,
    N_CATS,
    N_REGIONS,
    NEIGHBOURS,
    REGION_IDS,
    REGION_INDEX,
)
from cats.core import Action

# The kinds of an effect tuple (kind, cat, region, other, flip): region and other are -1 where
# unused; flip has the bits of the state's garden mask the action always flips.
PLACE_KIND, STAY_KIND, MOVE_KIND, SWAP_KIND = 0, 1, 2, 3
Effect = tuple[int, int, int, int, int]
# The garden mask: the waiting cats in bits 0.., the empty regions from FREE_AT, the awake cats
# from AWAKE_AT.
FREE_AT = N_CATS
AWAKE_AT = N_CATS + N_REGIONS


def _flip(kind: int, cat: int, region: int) -> int:
    """The garden-mask bits the action flips whatever the position (a move also frees the
    region it leaves)."""
    awake = 1 << (AWAKE_AT + cat)  # placed awake, or activated and asleep
    if kind == PLACE_KIND:
        return awake | 1 << cat | 1 << (FREE_AT + region)
    if kind == MOVE_KIND:
        return awake | 1 << (FREE_AT + region)
    return awake


def _made(action: Action, kind: int, cat: int, region: int = -1, other: int = -1) -> Any:
    made = (kind, cat, region, other, _flip(kind, cat, region))
    object.__setattr__(action, "effect", made)  # frozen: set once, here
    return action


PLACE = tuple(tuple(_made(Place(LETTERS[c], REGION_IDS[r]), PLACE_KIND, c, r)
                    for r in range(N_REGIONS)) for c in range(N_CATS))
STAY = tuple(_made(Stay(LETTERS[c]), STAY_KIND, c) for c in range(N_CATS))
MOVE = tuple(tuple(_made(Move(LETTERS[c], REGION_IDS[r]), MOVE_KIND, c, r)
                   for r in range(N_REGIONS)) for c in range(N_CATS))
SWAP = tuple(tuple(_made(Swap(LETTERS[c], LETTERS[o]), SWAP_KIND, c, -1, o)
                   for o in range(N_CATS)) for c in range(N_CATS))


def effect(action: Action) -> Effect:
    """(kind, cat, region, other) of an action, as indices (for actions not made here)."""
    made: Effect | None = getattr(action, "effect", None)
    if made is not None:
        return made
    c = CAT_INDEX[action.cat]  # type: ignore[attr-defined]
    if isinstance(action, Place):
        kind, r, o = PLACE_KIND, REGION_INDEX[action.region], -1
    elif isinstance(action, Move):
        kind, r, o = MOVE_KIND, REGION_INDEX[action.region], -1
    elif isinstance(action, Swap):
        kind, r, o = SWAP_KIND, -1, CAT_INDEX[action.other]
    else:
        kind, r, o = STAY_KIND, -1, -1
    return kind, c, r, o, _flip(kind, c, r)


EVERY_CAT = (1 << N_CATS) - 1
EVERY_REGION = (1 << N_REGIONS) - 1
# CATS_IN[bits]: the cats whose bit is set, in letter order; REGIONS_IN the same for regions.
CATS_IN = tuple(tuple(c for c in range(N_CATS) if bits >> c & 1) for bits in range(EVERY_CAT + 1))
REGIONS_IN = tuple(tuple(r for r in range(N_REGIONS) if bits >> r & 1)
                   for bits in range(EVERY_REGION + 1))

# NEXT_DOOR[cat][n]: the cat's activation towards region n by what sits there: the swap with
# cat o at index o, the move into n at index -1 (nobody there).
NEXT_DOOR = tuple(tuple(SWAP[c] + (MOVE[c][n],) for n in range(N_REGIONS)) for c in range(N_CATS))
# SHAPE[r]: how many neighbours region r has, then their indices (padded with -1 to four).
SHAPE = tuple((len(NEIGHBOURS[r]), *NEIGHBOURS[r], *(-1,) * (4 - len(NEIGHBOURS[r])))
              if len(NEIGHBOURS[r]) <= 4 else (0, -1, -1, -1, -1) for r in range(N_REGIONS))
# AROUND[r]: region r and its neighbours (whose cats' moves and swaps change when r does).
AROUND = tuple(sum(1 << n for n in (r, *NEIGHBOURS[r])) for r in range(N_REGIONS))

# The garden mask's bits of the waiting cats and of the awake cats: with none set, the round
# of a game whose cats move is over.
WAITING_OR_AWAKE = EVERY_CAT | EVERY_CAT << AWAKE_AT
# BIT[i]: 1 << i.
BIT = tuple(1 << i for i in range(AWAKE_AT + N_CATS))

# Per set of empty regions (by its mask), per cat, its placements onto them in region order;
# None until ``placements`` first makes them.
PLACEMENTS: list[tuple[tuple[Action, ...], ...] | None] = [None] * (EVERY_REGION + 1)


def placements(free: int) -> tuple[tuple[Action, ...], ...]:
    """Per cat, its placements onto the empty regions ``free``, in region order (made once per
    set of empty regions, on first use)."""
    rows = PLACEMENTS[free]
    if rows is None:
        pick = itemgetter(*REGIONS_IN[free])  # three or more
        rows = PLACEMENTS[free] = tuple(pick(row) for row in PLACE)
    return rows


def _towards(region: int) -> Callable[[int, Sequence[int]], tuple[Action, ...]]:
    """The activations of a cat on ``region`` with no swap barred, written out for its
    neighbours (the hot path of play)."""
    around = NEIGHBOURS[region]
    if len(around) == 2:
        a, b = around

        def two(cat: int, spot: Sequence[int]) -> tuple[Action, ...]:
            towards = NEXT_DOOR[cat]
            return STAY[cat], towards[a][spot[a]], towards[b][spot[b]]
        return two
    if len(around) == 3:
        a, b, c = around

        def three(cat: int, spot: Sequence[int]) -> tuple[Action, ...]:
            towards = NEXT_DOOR[cat]
            return STAY[cat], towards[a][spot[a]], towards[b][spot[b]], towards[c][spot[c]]
        return three
    if len(around) == 4:
        a, b, c, d = around

        def four(cat: int, spot: Sequence[int]) -> tuple[Action, ...]:
            towards = NEXT_DOOR[cat]
            return (STAY[cat], towards[a][spot[a]], towards[b][spot[b]], towards[c][spot[c]],
                    towards[d][spot[d]])
        return four

    def any_number(cat: int, spot: Sequence[int]) -> tuple[Action, ...]:
        towards = NEXT_DOOR[cat]
        return (STAY[cat], *(towards[n][spot[n]] for n in around))
    return any_number


# ACTIVATE[region](cat, spot): that cat's activations when no swap is barred.
ACTIVATE = tuple(_towards(r) for r in range(N_REGIONS))


def activations(cat: int, region: int, spot: Sequence[int], barred: tuple[int, ...]
                ) -> tuple[Action, ...]:
    """An awake cat's activations: it stays, moves to an empty neighbour or swaps with the cat
    of one (unless either took part in the swap just played), neighbours in region order."""
    if not barred:
        return ACTIVATE[region](cat, spot)
    c, o = barred
    out: list[Action] = [STAY[cat]]
    if cat == c or cat == o:  # it swaps with nobody: its moves only
        moves = MOVE[cat]
        for n in NEIGHBOURS[region]:
            if spot[n] < 0:
                out.append(moves[n])
        return tuple(out)
    towards = NEXT_DOOR[cat]
    for n in NEIGHBOURS[region]:
        other = spot[n]
        if other != c and other != o:  # a move (nobody there) or a swap with a free cat
            out.append(towards[n][other])
    return tuple(out)
