"""Set-up by player count (``cats/data/box_setup.json``), the deal, and research-board geometry."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Optional, Sequence

from cats.box.actions import COLOUR_INDEX, COLOURS
from cats.jsondata import load_component
from cats.rng import Rng

EMPTY = -1     # research space without a token
NEUTRAL = -2   # two-player neutral token


_DECKS: dict[tuple[int, int], tuple[int, ...]] = {}   # (numbers, copies): the ascending deck


@dataclass(frozen=True)
class Table:
    """Everything fixed by the player count: cards, hand size, predictions, board shape."""

    players: int
    numbers: int                  # cards and research columns run 1..numbers
    copies: int
    hand: int                     # cards dealt to each player
    predictions: tuple[int, ...]  # empty: no prediction (two players)
    leftover_reveals: int
    neutral_rows: tuple[int, ...]  # colour covered by a number's 1st, 2nd, 3rd reveal
    bonus_max_tricks: Optional[int]
    neighbours: tuple[tuple[int, ...], ...]  # orthogonal neighbours of each board index
    scan: tuple[int, ...]         # board indices in display order (rows top-down, then numbers)
    # Groups are found on bit masks of display positions (bit p = scan[p]): a shift by one is a
    # step along a row once the cells that would wrap around a row's end are masked off.
    not_first_column: int         # display positions outside the first column
    not_last_column: int          # display positions outside the last column
    cell_bit: tuple[int, ...]     # per board index, the bit of its display position
    near_bits: tuple[int, ...]    # per board index, the display-position bits of its neighbours

    @property
    def tricks_per_round(self) -> int:
        """Tricks in a round without paradox: every player ends holding exactly one card."""
        return self.hand - 2

    @property
    def all_numbers(self) -> int:
        """Bit mask with a bit set for every card number in play."""
        return (1 << (self.numbers + 1)) - 2

    def deck(self) -> list[int]:
        """The cat cards used at this player count, in ascending order (a new list)."""
        cards = _DECKS.get((self.numbers, self.copies))
        if cards is None:
            cards = _DECKS[self.numbers, self.copies] = tuple(
                n for n in range(1, self.numbers + 1) for _ in range(self.copies))
        return list(cards)

    def index(self, colour: int, number: int) -> int:
        """The board index of the research space (colour index, number)."""
        return colour * self.numbers + number - 1

    def space(self, index: int) -> tuple[str, int]:
        """(colour name, number) of a board index."""
        return COLOURS[index // self.numbers], index % self.numbers + 1


@lru_cache(maxsize=None)
def table_for(players: int) -> Table:
    """The set-up table for a player count (2..5)."""
    data: Any = load_component(__package__, "setup.json")
    row: Any = data["players"][str(players)]
    numbers = int(row["numbers"])
    rows = [COLOUR_INDEX[c] for c in data["board_rows"]]
    neighbours, scan = _geometry(numbers, rows)
    bonus_max = row.get("bonus_max_tricks")
    cells = range(len(scan))
    cell_bit = [0] * len(scan)
    for p, index in enumerate(scan):
        cell_bit[index] = 1 << p
    return Table(
        players=players, numbers=numbers, copies=int(data["copies"]), hand=int(row["hand"]),
        predictions=tuple(int(k) for k in row["predictions"]),
        leftover_reveals=int(row.get("leftover_reveals", 0)),
        neutral_rows=tuple(COLOUR_INDEX[c] for c in row.get("neutral_rows", ())),
        bonus_max_tricks=None if bonus_max is None else int(bonus_max),
        neighbours=neighbours, scan=scan,
        not_first_column=sum(1 << p for p in cells if p % numbers),
        not_last_column=sum(1 << p for p in cells if p % numbers != numbers - 1),
        cell_bit=tuple(cell_bit),
        near_bits=tuple(sum(cell_bit[j] for j in near) for near in neighbours))


def _geometry(numbers: int, rows: Sequence[int]
              ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Neighbour lists and display order for a board of ``numbers`` columns."""
    position = {colour: p for p, colour in enumerate(rows)}
    neighbours: list[tuple[int, ...]] = []
    for colour in range(len(COLOURS)):
        for col in range(numbers):
            near = [colour * numbers + c for c in (col - 1, col + 1) if 0 <= c < numbers]
            p = position[colour]
            near += [rows[q] * numbers + col for q in (p - 1, p + 1) if 0 <= q < len(rows)]
            neighbours.append(tuple(sorted(near)))
    scan = tuple(colour * numbers + col for colour in rows for col in range(numbers))
    return tuple(neighbours), scan


def token_masks(board: Sequence[int], table: Table) -> list[int]:
    """Per seat, the display positions of its tokens as a bit mask."""
    masks = [0] * table.players
    for p, index in enumerate(table.scan):
        owner = board[index]
        if owner >= 0:
            masks[owner] |= 1 << p
    return masks


def largest_group_mask(tokens: int, table: Table) -> int:
    """The largest orthogonally connected group of a token mask (the one reached first in display
    order on ties), as a mask."""
    width, right, left = table.numbers, table.not_first_column, table.not_last_column
    # Tokens without a neighbour are groups of one: they win only when every group is one, and
    # then the first of them does; the search below looks at the others alone.
    rest = tokens & (((tokens << 1) & right) | ((tokens >> 1) & left)
                     | (tokens << width) | (tokens >> width))
    if not rest:
        return tokens & -tokens
    best = best_size = 0
    while rest.bit_count() > best_size:   # a later group must be larger to win: ties go first
        group = rest & -rest
        while True:   # grow by one step in every direction until nothing is added
            grown = (group | ((group << 1) & right) | ((group >> 1) & left)
                     | (group << width) | (group >> width)) & rest
            if grown == group:
                break
            group = grown
        rest ^= group
        size = group.bit_count()
        if size > best_size:
            best, best_size = group, size
    return best


def mask_cells(mask: int, table: Table) -> list[int]:
    """The board indices of a display-position mask, in display order."""
    scan, out = table.scan, []
    while mask:
        low = mask & -mask
        out.append(scan[low.bit_length() - 1])
        mask ^= low
    return out


def largest_group(board: Sequence[int], seat: int, table: Table) -> list[int]:
    """Board indices of the seat's largest orthogonally connected group (first found on ties)."""
    return mask_cells(largest_group_mask(token_masks(board, table)[seat], table), table)


def check_deal_script(table: Table, script: Any) -> None:
    """Refuse a scripted deal that is not a list (per round) of card lists from the deck."""
    if script is None:
        return
    if not isinstance(script, list):
        raise ValueError("option 'deal' must be a list of per-round card orders")
    for entry in script:
        if entry is None:
            continue
        if not isinstance(entry, list) or not all(
                isinstance(n, int) and not isinstance(n, bool) for n in entry):
            raise ValueError("each round of option 'deal' must be a list of card numbers")
        pool = table.deck()
        for n in entry:
            if n not in pool:
                raise ValueError(f"option 'deal' uses more {n}s than the deck holds")
            pool.remove(n)


_MASK = (1 << 64) - 1
_STEP = 0x9E3779B97F4A7C15
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
# Per bound n, the largest multiple of n within 64 bits: draws at or above it are redrawn.
_LIMITS = tuple(0 if n == 0 else (1 << 64) - (1 << 64) % n for n in range(64))
_NEAR_TOP = 64   # every limit below 64 is above 2**64 - 64: only a draw that high can be redrawn
_LANE = 128   # bits per lane of the packed draws: a lane's 64-bit value times a 64-bit constant fits


@lru_cache(maxsize=None)
def _lanes(count: int) -> tuple[int, int, int]:
    """For ``count`` packed draws: a 1 per lane, the lanes' generator steps (k + 1) * step, and
    a 64-bit mask per lane."""
    ones = sum(1 << (_LANE * k) for k in range(count))
    steps = sum(((k + 1) * _STEP) << (_LANE * k) for k in range(count))
    return ones, steps, ones * _MASK


def shuffle(deck: list[int], rng: Rng) -> None:
    """``rng.shuffle(deck)`` with the same draws and result, a deal's SplitMix64 outputs computed
    at once: each lane of one big integer holds one draw's generator state, so the mixing is a
    few big-integer operations rather than a few per card (a deal was a fifth of a random
    round's engine time). A draw that must be redrawn (about once in 10^17) falls back to
    drawing one at a time from there."""
    size = len(deck)
    count = size - 1
    if count < 1 or size >= len(_LIMITS):
        _shuffle_from(deck, size, rng)
        return
    ones, steps, lanes = _lanes(count)
    start = rng.state
    z = (start * ones + steps) & lanes
    z = ((z ^ (z >> 30)) & lanes) * _MIX1 & lanes
    z = ((z ^ (z >> 27)) & lanes) * _MIX2 & lanes
    z = (z ^ (z >> 31)) & lanes
    draws = memoryview(z.to_bytes(count * _LANE // 8, "little")).cast("Q")[::2]
    n = size
    if (z + ones * _NEAR_TOP) & ~lanes:   # some draw is within 64 of 2**64: may be redrawn
        limits = _LIMITS
        for draw in draws:
            if draw >= limits[n]:
                rng.state = (start + (size - n) * _STEP) & _MASK
                _shuffle_from(deck, n, rng)
                return
            j = draw % n
            n -= 1
            deck[n], deck[j] = deck[j], deck[n]
    else:   # no draw reaches any bound's limit (each is above 2**64 - 64)
        for draw in draws:
            j = draw % n
            n -= 1
            deck[n], deck[j] = deck[j], deck[n]
    rng.state = (start + count * _STEP) & _MASK


def _shuffle_from(deck: list[int], size: int, rng: Rng) -> None:
    """The Fisher–Yates steps of ``rng.shuffle`` for positions ``size - 1`` down to 1."""
    for i in range(size - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]


def deal_order(table: Table, entry: Optional[Sequence[int]], rng: Rng) -> list[int]:
    """The deck order for one round: the script (cards it omits follow ascending) or a shuffle."""
    if entry is None:
        deck = table.deck()
        shuffle(deck, rng)
        return deck
    rest = table.deck()
    for n in entry:
        rest.remove(n)
    return list(entry) + rest
