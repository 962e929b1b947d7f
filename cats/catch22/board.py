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
    plain_mask: int                              # the plain squares as a mask

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
        jackpots=tuple(i for i, k in enumerate(kinds) if k == JACKPOT),
        plain_mask=sum(1 << i for i, k in enumerate(kinds) if k == PATH))


BOARD = parse_board(load_component(__package__, "board.json"))
NEIGHBOURS = BOARD.neighbours

# -- exact-length walks -------------------------------------------------------------------------
class RouteSet(dict[tuple[int, bool], tuple[int, ...]]):
    """Routes as :func:`routes` gives them: a ``dict`` of (end, crossed) -> route, in key order,
    with ``ends``, the distinct end squares in square order, and ``moves``, a place for the
    engine to keep the move actions it derives from them (``None`` until then)."""

    __slots__ = ("ends", "moves")
    ends: tuple[int, ...]
    moves: Optional[tuple[Any, ...]]


# Per (start, steps): every simple walk of that length on the empty board, grouped by key
# (end, crossed) in key order, each group's walks (squares entered as a mask, route) in the order
# a depth-first search over NEIGHBOURS meets them: the first walk of a group that no cube blocks
# is the route the search itself would find first.
Walk = tuple[tuple[int, bool], int, tuple[int, ...]]
Group = tuple[tuple[int, bool], tuple[int, ...], tuple[tuple[int, ...], ...]]
WalkTable = tuple[int, RouteSet, tuple[Group, ...]]   # (squares any walk enters, unblocked, groups)

_SLOTS = 8                               # walk tables are kept for 0..7 steps
_WALKS: list[Optional[WalkTable]] = [None] * (len(NEIGHBOURS) * _SLOTS)
_ROUTE_CACHE: dict[tuple[int, int, int], RouteSet] = {}
_CUT_CACHE: dict[int, CutInfo] = {}
_CACHE_LIMIT = 20_000  # a pure memo; small so long sessions do not grow (soak: ~190 MiB at 200k)


def _walk_table(start: int, steps: int) -> WalkTable:
    """Every simple walk of ``steps`` steps from ``start`` (kept for short walks)."""
    walks: list[Walk] = []
    path = [start]
    stars = BOARD.star_mask

    def walk(square: int, visited: int, left: int, crossed: bool) -> None:
        for nxt in NEIGHBOURS[square]:
            bit = 1 << nxt
            if visited & bit:
                continue
            path.append(nxt)
            now = crossed or bool(stars & bit)
            if left == 1:
                walks.append(((nxt, now), visited & ~(1 << start) | bit, tuple(path)))
            else:
                walk(nxt, visited | bit, left - 1, now)
            path.pop()

    walk(start, 1 << start, steps, False)
    walks.sort(key=lambda w: w[0])   # stable: the search's order is kept within a key
    groups: list[Group] = []
    unblocked = RouteSet()
    reach = 0
    for key, mask, route in walks:
        reach |= mask
        if key in unblocked:
            _, masks, paths = groups[-1]
            groups[-1] = (key, masks + (mask,), paths + (route,))
        else:
            unblocked[key] = route
            groups.append((key, (mask,), (route,)))
    unblocked.ends = _ends(unblocked)
    unblocked.moves = None
    table = (reach, unblocked, tuple(groups))
    if 0 <= steps < _SLOTS:
        _WALKS[start * _SLOTS + steps] = table
    return table


def _ends(found: RouteSet) -> tuple[int, ...]:
    """The distinct end squares of routes listed in key order."""
    ends: list[int] = []
    for end, _ in found:
        if not ends or ends[-1] != end:
            ends.append(end)
    return tuple(ends)


def _filtered(table: WalkTable, blocked: int) -> RouteSet:
    """The unblocked routes with every route entering a ``blocked`` square replaced by the next
    walk of its group, or dropped when none is left."""
    found = RouteSet(table[1])
    lost = False
    for key, masks, paths in table[2]:
        if masks[0] & blocked:
            for i in range(1, len(masks)):
                if not masks[i] & blocked:
                    found[key] = paths[i]
                    break
            else:
                del found[key]
                lost = True
    found.ends = _ends(found) if lost else table[1].ends
    found.moves = None
    return found


def routes(start: int, steps: int, blocked: int) -> RouteSet:
    """Every end square reachable in exactly ``steps`` steps without entering a square twice
    (the start included) or entering a ``blocked`` square, split by whether the route crosses a
    Star (the start not counted); each with the first route found. Cached; do not mutate."""
    table = _WALKS[start * _SLOTS + steps] if 0 <= steps < _SLOTS else None
    if table is None:
        table = _walk_table(start, steps)
    if not blocked:
        return table[1]
    blocked &= table[0]            # cubes no walk of this length reaches change nothing
    if not blocked:
        return table[1]
    key = (start, steps, blocked)
    found = _ROUTE_CACHE.get(key)
    if found is None:
        found = _filtered(table, blocked)
        if len(_ROUTE_CACHE) > _CACHE_LIMIT:
            _ROUTE_CACHE.clear()
        _ROUTE_CACHE[key] = found
    return found


class EndTable:
    """Per (start, steps): the distinct end squares of every simple walk of that length on the
    empty board (square order) with what is needed to tell at once which a cube mask leaves
    reachable, and ``moves``, a place for the engine to keep one move action per end."""

    __slots__ = ("ends", "first_hit", "firsts", "masks", "moves", "reach")

    def __init__(self, reach: int, ends: tuple[int, ...], masks: tuple[tuple[int, ...], ...],
                 first_hit: dict[int, int]) -> None:
        self.reach = reach              # squares any walk enters
        self.ends = ends
        self.masks = masks              # per end: the squares each walk to it enters
        self.first_hit = first_hit      # square -> ends (bits by place) whose first walk enters it
        # per end its one walk's mask, when no end has two walks (None otherwise)
        self.firsts = (tuple(m[0] for m in masks) if all(len(m) == 1 for m in masks)
                       else None)
        self.moves: Optional[tuple[Any, ...]] = None


_END_TABLES: list[Optional[EndTable]] = [None] * (len(NEIGHBOURS) * _SLOTS)


def end_table(start: int, steps: int) -> EndTable:
    """The :class:`EndTable` of walks of ``steps`` steps from ``start`` (kept for short walks)."""
    slot = start * _SLOTS + steps if 0 <= steps < _SLOTS else -1
    if slot >= 0:
        found = _END_TABLES[slot]
        if found is not None:
            return found
    table = _WALKS[slot] if slot >= 0 else None
    reach, unblocked, groups = table if table is not None else _walk_table(start, steps)
    ends = unblocked.ends
    place = {end: i for i, end in enumerate(ends)}
    masks: list[list[int]] = [[] for _ in ends]
    for (end, _), group_masks, _ in groups:
        masks[place[end]].extend(group_masks)
    first_hit: dict[int, int] = {}
    for i, walks in enumerate(masks):
        rest = walks[0]
        while rest:
            bit = rest & -rest
            sq = bit.bit_length() - 1
            first_hit[sq] = first_hit.get(sq, 0) | 1 << i
            rest ^= bit
    made = EndTable(reach, ends, tuple(tuple(m) for m in masks), first_hit)
    if slot >= 0:
        _END_TABLES[slot] = made
    return made


def lost_ends(table: EndTable, blocked: int) -> int:
    """The ends of ``table`` (bits by place) that no walk avoiding ``blocked`` squares reaches:
    the ends :func:`routes` drops for that cube mask."""
    hit = blocked & table.reach
    if not hit:
        return 0
    first_hit = table.first_hit
    affected = 0
    while hit:
        bit = hit & -hit
        affected |= first_hit.get(bit.bit_length() - 1, 0)
        hit ^= bit
    if not affected:
        return 0
    hit = blocked & table.reach
    lost = 0
    masks = table.masks
    while affected:
        bit = affected & -affected
        affected ^= bit
        for mask in masks[bit.bit_length() - 1]:
            if not mask & hit:
                break
        else:
            lost |= bit
    return lost


# -- cut squares ---------------------------------------------------------------------------------
# The path graph as junctions (squares without exactly two neighbours) joined by corridors
# (runs of two-neighbour squares). Articulation points are then found on the small junction
# graph: a corridor square cuts when its corridor is a bridge, or lies inside a dead-end stub or
# an isolated run that cubes have made of a broken corridor.
Corridor = tuple[int, int, tuple[int, ...], int]   # (junction a, junction b, squares a->b, mask)


def _corridors(neighbours: tuple[tuple[int, ...], ...]
               ) -> tuple[tuple[int, ...], tuple[Corridor, ...]]:
    """The junctions and every corridor between them, each corridor once."""
    junctions = [sq for sq, near in enumerate(neighbours) if len(near) != 2]
    is_junction = [len(near) != 2 for near in neighbours]
    found: list[Corridor] = []
    seen: set[tuple[int, int]] = set()   # (junction, first square) of corridors walked
    covered = [False] * len(neighbours)
    todo = list(junctions)
    while True:
        for a in todo:
            for first in neighbours[a]:
                if (a, first) in seen:
                    continue
                prev, cur, inner = a, first, []
                while not is_junction[cur]:
                    covered[cur] = True
                    inner.append(cur)
                    prev, cur = cur, next(n for n in neighbours[cur] if n != prev)
                seen.add((a, first))
                seen.add((cur, prev))
                found.append((a, cur, tuple(inner), sum(1 << sq for sq in inner)))
        # A ring of two-neighbour squares has no junction: make one of its squares one.
        ring = next((sq for sq, near in enumerate(neighbours)
                     if len(near) == 2 and not covered[sq] and not is_junction[sq]), None)
        if ring is None:
            return tuple(junctions), tuple(found)
        is_junction[ring] = covered[ring] = True
        junctions.append(ring)
        todo = [ring]


JUNCTIONS, CORRIDORS = _corridors(NEIGHBOURS)
# Each corridor's squares with its junctions, to tell at once whether a cube touches it.
_TOUCHED = tuple(mask | 1 << a | 1 << b for a, b, _, mask in CORRIDORS)
# Per junction (by its place in JUNCTIONS): (other junction's place, corridor) for corridors
# between two different junctions; loops are counted apart.
_PLACE = {sq: k for k, sq in enumerate(JUNCTIONS)}
_LINKS = tuple(
    tuple((_PLACE[b if a == j else a], cid) for cid, (a, b, _, _) in enumerate(CORRIDORS)
          if a != b and j in (a, b))
    for j in JUNCTIONS)
_LINKS_BITS = tuple(tuple((w, cid, 1 << cid) for w, cid in links) for links in _LINKS)
_LINKED_AT = tuple(sum(1 << cid for _, cid in links) for links in _LINKS)
_JUNCTION_CACHE: dict[int, tuple[int, int, int]] = {}


def _junction_cuts(intact: int) -> tuple[int, int, int]:
    """For the junction graph with only the ``intact`` corridors (a mask over CORRIDORS): the
    squares of its bridge corridors, its articulation junctions, and the junctions some piece of
    that graph would still touch if they were cubed (Tarjan, by corridor, so that two corridors
    between the same junctions are not mistaken for one). Cached."""
    hit = _JUNCTION_CACHE.get(intact)
    if hit is not None:
        return hit
    count = len(JUNCTIONS)
    disc = [0] * count
    low = [0] * count
    clock = 1
    bridges = cuts = attached = 0

    def visit(v: int, via: int) -> None:
        nonlocal clock, bridges, cuts, attached
        disc[v] = low[v] = mine = lowest = clock
        clock += 1
        pieces = 0 if via < 0 else 1
        for w, cid, bit in _LINKS_BITS[v]:
            if cid == via or not intact & bit:
                continue
            seen = disc[w]
            if seen:
                if seen < lowest:  # noqa: PLR1730 - min() costs a call here
                    lowest = seen
                continue
            visit(w, cid)
            below = low[w]
            if below < lowest:  # noqa: PLR1730
                lowest = below
            if below >= mine:
                pieces += 1
                if below > mine:
                    bridges |= _INNER[cid]
        low[v] = lowest
        if pieces:
            attached |= _JUNCTION_BITS[v]
            if pieces >= 2:
                cuts |= _JUNCTION_BITS[v]

    for root in range(count):
        if not disc[root] and intact & _LINKED_AT[root]:
            visit(root, -1)
    found = (bridges, cuts, attached)
    if len(_JUNCTION_CACHE) > _CACHE_LIMIT // 4:
        _JUNCTION_CACHE.clear()
    _JUNCTION_CACHE[intact] = found
    return found


def _broken(cid: int, local: int) -> tuple[int, int, int]:
    """For corridor ``cid`` with the cubes ``local`` on its squares or junctions: the mask of its
    squares that cut, and how many dead-end stubs it leaves on junction a and on junction b.
    Runs of free squares between cubes: one touching a free junction is a stub (every square but
    its tip cuts), any other a path (its inner squares cut)."""
    a, b, inner, _ = CORRIDORS[cid]
    a_free = not local >> a & 1
    b_free = not local >> b & 1
    cuts = stubs_a = stubs_b = 0
    last = len(inner) - 1
    i = 0
    while i <= last:
        if local >> inner[i] & 1:
            i += 1
            continue
        j = i
        while j < last and not local >> inner[j + 1] & 1:
            j += 1
        if i == 0 and a_free:
            stubs_a += 1
            run = inner[i:j]
        elif j == last and b_free:
            stubs_b += 1
            run = inner[i + 1:j + 1]
        else:
            run = inner[i + 1:j]
        for sq in run:
            cuts |= 1 << sq
        i = j + 1
    found = (cuts, stubs_a, stubs_b)
    _BROKEN[cid][local] = found
    return found


# Per corridor: cube pattern on it -> _broken(); few patterns each, so never cleared.
_BROKEN: tuple[dict[int, tuple[int, int, int]], ...] = tuple({} for _ in CORRIDORS)
_ENDS = tuple((a, b) for a, b, _, _ in CORRIDORS)
# square -> the corridors (a mask over CORRIDORS) whose squares or junctions include it
_CORRIDORS_AT = [sum(1 << cid for cid, touched in enumerate(_TOUCHED) if touched >> sq & 1)
                 for sq in range(len(NEIGHBOURS))]
_LINKED = sum(1 << cid for cid, (a, b) in enumerate(_ENDS) if a != b)
_LOOPS = [sum(1 for a, b in _ENDS if a == b == sq) for sq in range(len(NEIGHBOURS))]
_LOOPED = [sq for sq in range(len(NEIGHBOURS)) if _LOOPS[sq]]


# What the cut squares of a cube mask are made of, kept so that one cube more or less updates
# them corridor by corridor: (cube mask, corridors touched by a cube, cut squares inside those
# corridors, per junction place its dead-end stubs and intact loops, the junction squares with
# one or more of those, with two or more, the cut squares).
CutInfo = tuple[int, int, int, tuple[int, ...], int, int, int]
# Junction squares with at least one and with two or more stubs or loops: with two such a free
# junction cuts, with one when anything else of the junction graph touches it.
_SIDE_BITS = tuple[int, int]
_INNER = tuple(mask for _, _, _, mask in CORRIDORS)
_END_PLACES = tuple((_PLACE[a], _PLACE[b]) for a, b in _ENDS)
_LOOP_SIDES = tuple(_LOOPS[sq] for sq in JUNCTIONS)
_JUNCTION_BITS = tuple(1 << sq for sq in JUNCTIONS)
_LOOP_ONE = sum(bit for bit, side in zip(_JUNCTION_BITS, _LOOP_SIDES) if side >= 1)
_LOOP_TWO = sum(bit for bit, side in zip(_JUNCTION_BITS, _LOOP_SIDES) if side >= 2)


def cut_squares(cubed: int) -> int:
    """Mask of the free squares (no cube) whose cube would split their piece of free path in two
    or more: the articulation points of the free path graph. Cached by the cube mask."""
    return cut_info(cubed)[-1]


def cut_info(cubed: int, near: Optional[CutInfo] = None) -> CutInfo:
    """The :data:`CutInfo` of the cube mask ``cubed``; from ``near`` (the info of another mask)
    by updating the corridors that changed when the two masks differ by one cube."""
    hit = _CUT_CACHE.get(cubed)
    if hit is not None:
        return hit
    diff = cubed ^ near[0] if near is not None else 0
    if near is not None and not diff:
        return near
    if near is not None and not diff & (diff - 1):
        old, broken, inside, sides_of, one_side, two_sides, _ = near
        sides = list(sides_of)
        rest = _CORRIDORS_AT[diff.bit_length() - 1]
    else:
        old = broken = inside = 0
        sides = list(_LOOP_SIDES)
        one_side, two_sides = _LOOP_ONE, _LOOP_TWO
        rest = 0
        todo = cubed
        while todo:
            bit = todo & -todo
            rest |= _CORRIDORS_AT[bit.bit_length() - 1]
            todo ^= bit
    while rest:
        bit = rest & -rest
        cid = bit.bit_length() - 1
        rest ^= bit
        pa, pb = _END_PLACES[cid]
        if broken & bit:                # take the corridor's old share out
            local = _TOUCHED[cid] & old
            _, stubs_a, stubs_b = _BROKEN[cid].get(local) or _broken(cid, local)
            inside &= ~_INNER[cid]
            sides[pa] -= stubs_a
            sides[pb] -= stubs_b
            if pa == pb:
                sides[pa] += 1
            broken ^= bit
        local = _TOUCHED[cid] & cubed
        if local:                       # and its new one in
            cuts, stubs_a, stubs_b = _BROKEN[cid].get(local) or _broken(cid, local)
            inside |= cuts
            sides[pa] += stubs_a
            sides[pb] += stubs_b
            if pa == pb:
                sides[pa] -= 1
            broken |= bit
        for place in (pa, pb):
            jbit = _JUNCTION_BITS[place]
            side = sides[place]
            one_side = one_side | jbit if side else one_side & ~jbit
            two_sides = two_sides | jbit if side >= 2 else two_sides & ~jbit
    bridges, cut_junctions, attached = _junction_cuts(_LINKED & ~broken)
    result = inside | bridges | cut_junctions | two_sides | one_side & attached
    found = (cubed, broken, inside, tuple(sides), one_side, two_sides, result & ~cubed)
    if len(_CUT_CACHE) > _CACHE_LIMIT:
        _CUT_CACHE.clear()
    _CUT_CACHE[cubed] = found
    return found


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
