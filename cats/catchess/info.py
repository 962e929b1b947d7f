"""What the menus know of Cat Chess (its info card), its round and deal numbers, and the check
of its options against a player count."""

from __future__ import annotations

from typing import Any, Mapping, Optional

from cats.core import GameInfo, OptionSpec

DEFAULT_ROUNDS = {1: 1, 2: 4, 3: 3}
MAX_ROUNDS = 12
SOLO_CARDS = 3
GOALS_PER_CARD = 4

INFO = GameInfo(
    id="catchess",
    title="Cat Chess",
    min_players=1,
    max_players=3,
    hidden_information=True,
    options=(
        OptionSpec("rounds", 0, "Rounds (0: 4 for two players, 3 for three, 1 solo)", kind="int",
                   help="The agreed number of rounds; 0 plays the usual number."),
        OptionSpec("two_phase", False, "Place every cat before any moves",
                   help="All nine cats are placed before any cat is activated."),
        OptionSpec("from_centre", False, "Variant: order goals read from the centre",
                   help="The order goal must run from the centre of the spiral outward."),
        OptionSpec("solo_moves", True, "Solo: cats may move after placement",
                   help="Off: the solo round ends after the ninth cat is placed."),
        OptionSpec("deal", None, "Goal cards per round, in seat order", kind="script"),
        OptionSpec("start", None, "Start player of round 1", kind="script"),
    ),
    blurb="Place and wake nine cats in a spiral garden to meet your secret etiquette card.",
)


def check_game_options(options: Mapping[str, Any], players: int) -> list[Optional[list[int]]]:
    """Validate the round count and the scripted deal/start; the deal per round (None = random)."""
    rounds = options["rounds"]
    if not 0 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"rounds must be between 0 and {MAX_ROUNDS}")
    start = options["start"]
    if start is not None and (isinstance(start, bool) or start not in range(players)):
        raise ValueError("the scripted start player must be a seat number")
    deal = options["deal"]
    if deal is None:
        return []
    if not isinstance(deal, (list, tuple)):
        raise ValueError("the scripted deal must be a list of rounds")
    from cats.catchess.garden import CARD_INDEX  # the goal cards load with a game

    size = SOLO_CARDS if players == 1 else players
    out: list[Optional[list[int]]] = []
    for cards in deal:
        if cards is None:
            out.append(None)
            continue
        if (not isinstance(cards, (list, tuple)) or len(cards) != size
                or any(isinstance(n, bool) or n not in CARD_INDEX for n in cards)
                or len(set(cards)) != size):
            raise ValueError(f"each scripted round deals {size} different card numbers")
        out.append([CARD_INDEX[n] for n in cards])
    return out
