"""Cat Between Us components ([reconstruction] data in ``cards.json`` and ``hands.json``): lure
cards, toys, the hand-size chart, and how totals stand against the cat."""

from __future__ import annotations

from cats.jsondata import JsonDict, load_component

TOYS = 6
CARDS_PER_TOY = 2
LURES_PER_ROUND = TOYS * CARDS_PER_TOY
LAST_ROUND = 7
CROWN = 3  # rounds won to reach the crown shelf
TRACK_TOP = 35  # the interest track shows 35+ for more
ALL_ROOM = (1 << TOYS) - 1  # a bit per toy with room for a card: every toy, as a round starts


# -- component data ([reconstruction], loaded once) ------------------------------------------------
def _load_cards() -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    data = load_component(__package__, "cards.json")
    suits = tuple(str(s) for s in data["suits"])
    cards = sorted(data["cards"], key=lambda c: c["id"])
    if len(suits) != TOYS or [c["id"] for c in cards] != list(range(len(cards))):
        raise ValueError("cards.json: need six suits and card ids 0..n-1")
    return (suits, tuple(int(c["suit"]) for c in cards), tuple(int(c["value"]) for c in cards),
            tuple(int(c["target"]) for c in cards))


SUIT_NAMES, CARD_SUIT, CARD_VALUE, CARD_TARGET = _load_cards()
DECK_SIZE = len(CARD_SUIT)
CARD_NAMES = tuple(f"{SUIT_NAMES[CARD_SUIT[c]]} {CARD_VALUE[c]}" for c in range(DECK_SIZE))
_HANDS = load_component(__package__, "hands.json")
KEEP = int(_HANDS["keep"])
# DEALT[players][position in turn order from the first player][rounds won] -> cards dealt
DEALT: dict[int, tuple[tuple[int, ...], ...]] = {
    int(n): tuple(tuple(int(x) for x in row) for row in rows) for n, rows in _HANDS["dealt"].items()
}


def card_name(card: int) -> str:
    """The notation of a lure card: "mouse 5"."""
    return CARD_NAMES[card] if 0 <= card < DECK_SIZE else f"card #{card}"


def toy_name(toy: int) -> str:
    """The name of a toy (the suit it matches)."""
    return SUIT_NAMES[toy] if 0 <= toy < TOYS else f"toy #{toy}"


def card_view(card: int) -> JsonDict:
    """A lure card as a screen draws it."""
    return {"id": card, "name": CARD_NAMES[card], "suit": CARD_SUIT[card],
            "suit_name": SUIT_NAMES[CARD_SUIT[card]], "value": CARD_VALUE[card],
            "target": CARD_TARGET[card]}


def standing(total: int, cat: int) -> tuple[int, int]:
    """Rank key of a total against the cat (lower is better): not passed and closest first,
    then passed by the least. A total equal to the cat's number does not pass."""
    return (0, cat - total) if total <= cat else (1, total - cat)


def attractions(toys: list[list[int]]) -> list[int]:
    """Each toy's attraction: the sum of the values of the cards under it."""
    return [sum(CARD_VALUE[c] for c in cards) for cards in toys]


def hand_total(hand: list[int], attraction: list[int]) -> int:
    """A player's total: the attraction of the toy matching each card's suit, card by card."""
    return sum(attraction[CARD_SUIT[c]] for c in hand)


def room_of(toys: list[list[int]]) -> int:
    """The bits of the toys with fewer than two cards."""
    return sum(1 << t for t, cards in enumerate(toys) if len(cards) < CARDS_PER_TOY)
