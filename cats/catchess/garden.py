"""The spiral garden, the nine cats and the goal cards (data files), and the goal checks.

Everything here is read from the [reconstruction] data files ``cats/data/catchess_board.json``,
``catchess_cats.json`` and ``catchess_cards.json``; nothing about the board or the cards is
written in code. Regions and cats are used internally by index (position in the data file);
the notation and the views use region ids (1–12) and cat letters (A–I).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from cats.core import JsonDict
from cats.jsondata import load_component


@dataclass(frozen=True)
class Cat:
    """One cat piece: its letter (the notation), name, coat, pattern and short label."""

    letter: str
    name: str
    coat: str
    pattern: str
    label: str


@dataclass(frozen=True)
class GoalCard:
    """A goal card: one order goal (three cat indices) and three friend pairs (cat indices)."""

    number: int
    order: tuple[int, int, int]
    friends: tuple[tuple[int, int], ...]


def _bad(what: str) -> ValueError:
    return ValueError(f"Cat Chess data: {what}")


def _load_board() -> tuple[tuple[JsonDict, ...], tuple[tuple[int, ...], ...]]:
    data = load_component(__package__, "garden.json")
    regions = tuple(dict(r) for r in data["regions"])
    ids = [r["id"] for r in regions]
    if len(set(ids)) != len(ids) or len({r["path"] for r in regions}) != len(ids):
        raise _bad("region ids and path numbers must be unique")
    index = {rid: i for i, rid in enumerate(ids)}
    links: list[set[int]] = [set() for _ in regions]
    for a, b in data["adjacent"]:
        if a not in index or b not in index or a == b:
            raise _bad(f"bad adjacency {a}-{b}")
        links[index[a]].add(index[b])
        links[index[b]].add(index[a])
    neighbours = tuple(tuple(sorted(s, key=lambda i: ids[i])) for s in links)
    return regions, neighbours


def _load_cats() -> tuple[Cat, ...]:
    cats = tuple(Cat(c["letter"], c["name"], c["coat"], c["pattern"], c["label"])
                 for c in load_component(__package__, "cats.json")["cats"])
    if len({c.letter for c in cats}) != len(cats):
        raise _bad("cat letters must be unique")
    return cats


def _load_cards(cat_index: dict[str, int]) -> tuple[GoalCard, ...]:
    cards = []
    for c in load_component(__package__, "cards.json")["cards"]:
        order = tuple(cat_index[x] for x in c["order"])
        friends = tuple((cat_index[a], cat_index[b]) for a, b in c["friends"])
        used = list(order) + [x for pair in friends for x in pair]
        if len(order) != 3 or len(friends) != 3 or sorted(used) != list(range(len(cat_index))):
            raise _bad(f"card {c['number']} must use every cat exactly once, in an order goal "
                       "of three and three friend pairs")
        cards.append(GoalCard(int(c["number"]), order, friends))
    if len({c.number for c in cards}) != len(cards):
        raise _bad("card numbers must be unique")
    return tuple(cards)


REGIONS, NEIGHBOURS = _load_board()
N_REGIONS = len(REGIONS)
REGION_IDS: tuple[int, ...] = tuple(r["id"] for r in REGIONS)
REGION_INDEX: dict[int, int] = {rid: i for i, rid in enumerate(REGION_IDS)}
PATH: tuple[int, ...] = tuple(r["path"] for r in REGIONS)
ADJ: tuple[tuple[bool, ...], ...] = tuple(
    tuple(j in NEIGHBOURS[i] for j in range(N_REGIONS)) for i in range(N_REGIONS))

CATS = _load_cats()
N_CATS = len(CATS)
LETTERS: tuple[str, ...] = tuple(c.letter for c in CATS)
CAT_INDEX: dict[str, int] = {c.letter: i for i, c in enumerate(CATS)}

CARDS = _load_cards(CAT_INDEX)
CARD_INDEX: dict[int, int] = {c.number: i for i, c in enumerate(CARDS)}

if N_REGIONS <= N_CATS:
    raise _bad("the garden needs more regions than cats")


def cat_index(value: Any) -> int:
    """The index of the cat with letter ``value``, or -1 if there is no such cat."""
    return CAT_INDEX.get(value, -1) if isinstance(value, str) else -1


def region_index(value: Any) -> int:
    """The index of the region with id ``value``, or -1 if there is no such region."""
    if isinstance(value, bool) or not isinstance(value, int):
        return -1
    return REGION_INDEX.get(value, -1)


def order_goal_met(order: Sequence[int], where: Sequence[int], from_centre: bool) -> bool:
    """True if the three cats lie along the path in this order (either way, or centre-out)."""
    a, b, c = where[order[0]], where[order[1]], where[order[2]]
    if a < 0 or b < 0 or c < 0:
        return False
    pa, pb, pc = PATH[a], PATH[b], PATH[c]
    return pa > pb > pc or (not from_centre and pa < pb < pc)


def friend_goal_met(pair: Sequence[int], where: Sequence[int]) -> bool:
    """True if the two friends sit in adjacent regions."""
    a, b = where[pair[0]], where[pair[1]]
    return a >= 0 and b >= 0 and ADJ[a][b]


def goals_met(card: GoalCard, where: Sequence[int], from_centre: bool) -> list[bool]:
    """The four goals of a card, order goal first: which ones hold for this arrangement (the
    same as :func:`order_goal_met` then :func:`friend_goal_met` for each pair, written out:
    the end of every round and the bots' look-ahead count goals)."""
    x, y, z = card.order
    a, b, c = where[x], where[y], where[z]
    if a < 0 or b < 0 or c < 0:
        order = False
    else:
        pa, pb, pc = PATH[a], PATH[b], PATH[c]
        order = pa > pb > pc or (not from_centre and pa < pb < pc)
    (p1, q1), (p2, q2), (p3, q3) = card.friends
    a, b = where[p1], where[q1]
    one = a >= 0 and b >= 0 and ADJ[a][b]
    a, b = where[p2], where[q2]
    two = a >= 0 and b >= 0 and ADJ[a][b]
    a, b = where[p3], where[q3]
    return [order, one, two, a >= 0 and b >= 0 and ADJ[a][b]]


def cat_json(cat: int, awake: bool = True) -> JsonDict:
    """A cat as the screen shows it: letter, name, coat, pattern, label, awake or asleep."""
    c = CATS[cat]
    return {"letter": c.letter, "name": c.name, "coat": c.coat, "pattern": c.pattern,
            "label": c.label, "awake": awake}


def card_json(card: GoalCard, met: Sequence[bool], from_centre: bool) -> JsonDict:
    """A goal card with each goal's "met" tick."""
    return {
        "number": card.number,
        "order": {"cats": [LETTERS[x] for x in card.order], "met": bool(met[0]),
                  "reading": "from the centre" if from_centre else "either way"},
        "friends": [{"cats": [LETTERS[a], LETTERS[b]], "met": bool(m)}
                    for (a, b), m in zip(card.friends, met[1:])],
        "met": sum(1 for m in met if m),
    }


def goal_texts(card: GoalCard) -> list[str]:
    """The four goals in words: "order G-A-D", "B-C", ..."""
    made = _GOAL_TEXTS.get(id(card))
    if made is not None and made[0] is card:  # one of the data file's cards: written once
        return list(made[1])
    return _write_goals(card)


def _write_goals(card: GoalCard) -> list[str]:
    texts = ["order " + "-".join(LETTERS[x] for x in card.order)]
    texts.extend(f"{LETTERS[a]}-{LETTERS[b]}" for a, b in card.friends)
    return texts


_GOAL_TEXTS = {id(c): (c, tuple(_write_goals(c))) for c in CARDS}
