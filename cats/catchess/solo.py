"""Solo Cat Chess: the exact best score three goal cards allow, and one arrangement reaching it.

Any arrangement of the nine cats on distinct regions can be reached (with or without moves: place
each cat where it belongs, then let it stay), so the best score is a maximum over arrangements.
The search is exact: iterative deepening on the number of missed goals, each pass a depth-first
placement of the cats (most connected first) that gives up a branch as soon as it has missed
more goals than the pass allows. The first pass that finds an arrangement proves the optimum.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, Optional, Sequence

from cats.catchess.garden import CARD_INDEX, CARDS, N_CATS, NEIGHBOURS, PATH, REGION_IDS

Friend = tuple[int, int]
Order = tuple[int, int, int]


class SoloBest(NamedTuple):
    """The best score and one arrangement reaching it: region id per cat, in letter order."""

    score: int
    arrangement: tuple[int, ...]


def best_for_cards(numbers: Sequence[int], from_centre: bool = False) -> SoloBest:
    """The most goals these goal cards (by number) can meet at once, found exactly."""
    if len(set(numbers)) != len(numbers) or any(n not in CARD_INDEX for n in numbers):
        raise ValueError(f"not a set of different goal cards: {list(numbers)}")
    return _best(tuple(sorted(numbers)), bool(from_centre))


@lru_cache(maxsize=None)
def _best(numbers: tuple[int, ...], from_centre: bool) -> SoloBest:
    cards = [CARDS[CARD_INDEX[n]] for n in numbers]
    friends = [pair for card in cards for pair in card.friends]
    orders = [card.order for card in cards]
    score, regions = max_goals(N_CATS, NEIGHBOURS, PATH, friends, orders, not from_centre)
    return SoloBest(score, tuple(REGION_IDS[r] for r in regions))


def max_goals(n_cats: int, neighbours: Sequence[Sequence[int]], path: Sequence[int],
              friends: Sequence[Friend], orders: Sequence[Order], either_way: bool
              ) -> tuple[int, tuple[int, ...]]:
    """Exact maximum number of goals met over all placements (region index per cat) of the cats."""
    search = _Search(n_cats, neighbours, path, friends, orders, either_way)
    total = len(friends) + len(orders)
    for budget in range(total + 1):
        found = search.run(budget)
        if found is not None:
            return total - budget, found
    raise AssertionError("unreachable: missing every goal is always possible")


def count_goals(where: Sequence[int], neighbours: Sequence[Sequence[int]], path: Sequence[int],
                friends: Sequence[Friend], orders: Sequence[Order], either_way: bool) -> int:
    """How many of the goals one arrangement (region index per cat) meets."""
    met = sum(1 for a, b in friends if where[b] in neighbours[where[a]])
    for x, y, z in orders:
        px, py, pz = path[where[x]], path[where[y]], path[where[z]]
        met += px > py > pz or (either_way and px < py < pz)
    return met


def _cat_sequence(n_cats: int, goals: Sequence[tuple[int, ...]]) -> list[int]:
    """Cats in search order: each next cat shares the most goals with those already placed."""
    degree = [sum(c in g for g in goals) for c in range(n_cats)]
    seq: list[int] = []
    while len(seq) < n_cats:
        placed = set(seq)
        best = max((c for c in range(n_cats) if c not in placed),
                   key=lambda c: (sum(1 for g in goals if c in g and placed & set(g)),
                                  degree[c], -c))
        seq.append(best)
    return seq


class _Search:
    """One problem: cats, regions, goals; ``run(budget)`` finds a placement missing ≤ budget."""

    def __init__(self, n_cats: int, neighbours: Sequence[Sequence[int]], path: Sequence[int],
                 friends: Sequence[Friend], orders: Sequence[Order], either_way: bool) -> None:
        self.n_cats = n_cats
        self.n_regions = len(neighbours)
        self.nbr_masks = [sum(1 << n for n in nb) for nb in neighbours]
        self.neighbours = [list(nb) for nb in neighbours]
        self.path = list(path)
        self.either_way = either_way
        goals: list[tuple[int, ...]] = [tuple(f) for f in friends] + [tuple(o) for o in orders]
        self.seq = _cat_sequence(n_cats, goals)
        rank = {c: k for k, c in enumerate(self.seq)}
        # Goals checked when their last cat (in search order) is placed.
        self.closing_friends: list[list[int]] = [[] for _ in range(n_cats)]
        self.closing_orders: list[list[Order]] = [[] for _ in range(n_cats)]
        for a, b in friends:
            last, other = (a, b) if rank[a] > rank[b] else (b, a)
            self.closing_friends[rank[last]].append(other)
        for order in orders:
            self.closing_orders[max(rank[c] for c in order)].append(order)
        self.pos = [-1] * n_cats

    def run(self, budget: int) -> Optional[tuple[int, ...]]:
        """A placement missing at most ``budget`` goals, or None if there is none."""
        self.pos = [-1] * self.n_cats
        if self._dfs(0, 0, 0, budget):
            return tuple(self.pos)
        return None

    def _dfs(self, k: int, used: int, missed: int, budget: int) -> bool:
        if k == self.n_cats:
            return True
        cat = self.seq[k]
        pos, path = self.pos, self.path
        anchors = [pos[f] for f in self.closing_friends[k]]
        orders = self.closing_orders[k]
        free = ~used & ((1 << self.n_regions) - 1)
        if missed == budget and anchors:
            # No slack left: the cat must sit next to every friend already placed.
            for a in anchors:
                free &= self.nbr_masks[a]
        while free:
            low = free & -free
            free ^= low
            r = low.bit_length() - 1
            miss = missed
            for a in anchors:
                if not (self.nbr_masks[a] >> r) & 1:
                    miss += 1
            if miss > budget:
                continue
            pos[cat] = r
            for x, y, z in orders:
                px, py, pz = path[pos[x]], path[pos[y]], path[pos[z]]
                if not (px > py > pz or (self.either_way and px < py < pz)):
                    miss += 1
            if miss <= budget and self._dfs(k + 1, used | low, miss, budget):
                return True
        pos[cat] = -1
        return False
