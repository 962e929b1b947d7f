"""Cat's Gambit: what the rules conserve, checked by the fuzzer
at every step from the positions' JSON."""

from __future__ import annotations

from collections import Counter

from cats.gambit.cards import DECK, DECK_CARDS, PAWNS
from cats.jsondata import JsonDict


def conservation(start: JsonDict, now: JsonDict) -> list[str]:
    """Ten deck cards and the Queens on the table; five Pawns, each in hand or played once."""
    problems: list[str] = []
    on_grid: Counter[str] = Counter()
    cells: dict[tuple[int, int], list[str]] = {}
    for x, y, stack in now["grid"]:
        if (x, y) in cells:
            problems.append(f"cell {x},{y} listed twice")
        if not stack:
            problems.append(f"empty stack on {x},{y}")
        cells[(x, y)] = stack
        on_grid.update(stack)
    # Deck cards: on the grid, in the deck, or revealed (in hand).
    cards = Counter(c for c in on_grid.elements() if c in "BNRC")
    cards.update(now["deck"])
    if now["revealed"] is not None:
        cards[now["revealed"]] += 1
    if cards != Counter(DECK_CARDS):
        problems.append(f"deck cards not conserved: {dict(cards)} != {dict(Counter(DECK_CARDS))}")
    if len(now["known"]) != len(now["deck"]):
        problems.append("known flags and deck differ in length")
    # Queen Aurelia: exactly one, where the state says.
    queens = [c for c, s in cells.items() if "Q" in s]
    if on_grid["Q"] != 1 or queens != [tuple(now["queen"])]:
        problems.append(f"Queen Aurelia not once on {now['queen']}: {queens}")
    # Queen Umbra: on the table only while the expansion has her, on her cell.
    umbras = [c for c, s in cells.items() if "U" in s]
    expected = [tuple(now["umbra"])] if now["umbra"] else []
    if umbras != expected or on_grid["U"] != len(expected):
        problems.append(f"Queen Umbra on {umbras}, state says {now['umbra']}")
    if now["umbra"] and not now["umbra_option"]:
        problems.append("Queen Umbra without the expansion")
    # Pawns: the five dealt, each in hand, pending (peek/push) or played, and played ones placed.
    pending = [now["pending"]] if now["phase"] == "pawn" and now["pending"] else []
    pawns = list(now["pawns"]) + list(now["played"]) + pending
    if sorted(pawns) != sorted(start["pawns"]) or len(set(pawns)) != 5 or \
            any(p not in PAWNS for p in pawns):
        problems.append(f"Pawns not conserved: {pawns} vs {start['pawns']}")
    placed = sorted(c[2:] for c in on_grid.elements() if c.startswith("P:"))
    if placed != sorted(now["played"]):
        problems.append(f"Pawns on the grid {placed} != played {now['played']}")
    # The table stays inside a 4×4 window, the deck cell included; the Paw is on a card.
    xs = [DECK[0]] + [c[0] for c in cells]
    ys = [DECK[1]] + [c[1] for c in cells]
    if max(xs) - min(xs) > 3 or max(ys) - min(ys) > 3:
        problems.append("cards outside a 4×4 window")
    if tuple(now["paw"]) != DECK and tuple(now["paw"]) not in cells:
        problems.append(f"the Paw is on an empty cell {now['paw']}")
    if not 0 <= now["checks"] <= 2:
        problems.append(f"checks out of range: {now['checks']}")
    return problems
