"""Cat's Gambit components: the cards, the Pawns, scoring ranks, movement patterns, and their names.

Card codes: ``Q`` Queen Aurelia, ``U`` Queen Umbra, ``B`` Bishop, ``N`` Knight, ``R`` Rook,
``C`` Cat-ken, ``P:<pawn>`` a Pawn. Pawn ids: banish, burrow, call, perch, leap, gambit, push, peek.
"""

from __future__ import annotations

Cell = tuple[int, int]
DECK: Cell = (1, 0)
QUEEN_START: Cell = (0, 0)
DECK_CARDS = ("B", "B", "N", "N", "R", "R", "C", "C", "C", "C")
CARD_NAMES = {"B": "Bishop", "N": "Knight", "R": "Rook", "C": "Cat-ken", "Q": "Queen Aurelia",
              "U": "Queen Umbra"}
PAWNS = ("banish", "burrow", "call", "perch", "leap", "gambit", "push", "peek")
PAWN_NAMES = {
    "banish": "Banishment Move", "burrow": "Burrow Strategy", "call": "Cat-ken Call",
    "perch": "Cat-ken Perch", "leap": "Pawn Leap", "gambit": "Queen's Gambit",
    "push": "Strategic Push", "peek": "Tactical Peek",
}
PAWN_TEXT = {
    "banish": "After placing: send a Knight or Rook from the grid to the bottom of the deck.",
    "burrow": "After placing: look at the bottom two deck cards and choose their order.",
    "call": "After placing: move the Paw onto any Cat-ken.",
    "perch": "May be placed on top of any Cat-ken instead of an empty cell.",
    "leap": "After placing: the Pawn and Paw swap cells with a Bishop, Knight or Rook.",
    "gambit": "After placing: the Queen swaps cells with a Bishop, Knight or Rook.",
    "push": "Before placing: move one card or stack to another cell next to a card.",
    "peek": "Before placing: look at the top card of the deck.",
}
AFTER_ABILITIES = ("banish", "burrow", "call", "leap", "gambit")
CATKEN_POINTS = (0, 1, 3, 6, 10)
RANKS = ((20, "Merlin of Seven Seas"), (15, "Glowing Bishop"), (10, "Splashy Knight"),
         (7, "Jolly Rook"), (3, "Soft Shell Pawn"))
LOST_REWARD = -10.0

DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ORTHOGONALS = ((1, 0), (-1, 0), (0, 1), (0, -1))
KNIGHT_JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
NEIGHBOURS = DIAGONALS + ORTHOGONALS


def counted(k: int, word: str) -> str:
    """"1 card", "3 cards"."""
    return f"{k} {word}{'' if abs(k) == 1 else 's'}"


def card_name(code: str) -> str:
    """A card code of a stack (a letter, or "P:<pawn>") by name."""
    return PAWN_NAMES.get(code[2:], "Pawn") if code.startswith("P:") else CARD_NAMES.get(code, code)


def the(name: str) -> str:
    """A card's name with its article: "the Rook", but "Queen Aurelia"."""
    return name if name.startswith("Queen") else f"the {name}"


def rank_for(score: int) -> str:
    """The rank name a final score earns ("" below 3)."""
    for threshold, name in RANKS:
        if score >= threshold:
            return name
    return ""


def attacks(piece: str, frm: Cell, to: Cell) -> bool:
    """Whether ``piece`` on ``frm`` has ``to`` on its movement pattern, blockers ignored."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    if (dx, dy) == (0, 0):
        return False
    if piece == "R":
        return dx == 0 or dy == 0
    if piece == "B":
        return abs(dx) == abs(dy)
    if piece == "N":
        return (abs(dx), abs(dy)) in ((1, 2), (2, 1))
    if piece == "C":
        return dx == 0 or dy == 0 or abs(dx) == abs(dy)
    return False

