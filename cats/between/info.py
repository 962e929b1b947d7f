"""What the menus know of Cat Between Us (its info card) and the check of its scripted set-up
options against a player count."""

from __future__ import annotations

from typing import Any, Mapping

from cats.core import GameInfo, OptionSpec
from cats.jsondata import is_int

INFO = GameInfo(
    id="between", title="Cat Between Us", min_players=2, max_players=6,
    hidden_information=True,
    options=(
        OptionSpec("first", None, "First player of the first round", kind="script"),
        OptionSpec("cats", None, "Cat card drawn each round (card ids)", kind="script"),
        OptionSpec("deck", None, "Deck order each round (card ids on top)", kind="script"),
        OptionSpec("round", None, "Start at this round", kind="script"),
        OptionSpec("wins", None, "Rounds already won per seat", kind="script"),
    ),
    blurb="Slip lure cards under six toys so that the cards left in your hand add up close to "
          "the cat's number without passing it. Three rounds won reach the crown.",
)


def check_script(opts: Mapping[str, Any], players: int) -> None:
    """Refuse malformed scripted set-ups with a readable ``ValueError``."""
    from cats.between.cards import CROWN, DECK_SIZE, LAST_ROUND  # the deck loads with a game

    first = opts.get("first")
    if first is not None and not (is_int(first) and 0 <= first < players):
        raise ValueError("option 'first' must be a seat number")
    start = opts.get("round")
    if start is not None and not (is_int(start) and 1 <= start <= LAST_ROUND):
        raise ValueError("option 'round' must be 1 to 7")
    wins = opts.get("wins")
    if wins is not None and not (isinstance(wins, list) and len(wins) == players and
                                 all(is_int(w) and 0 <= w < CROWN for w in wins)):
        raise ValueError("option 'wins' must give 0-2 rounds won for every seat")
    cats = opts.get("cats")
    if cats is not None and not (isinstance(cats, list) and all(
            c is None or (is_int(c) and 0 <= c < DECK_SIZE) for c in cats)):
        raise ValueError("option 'cats' must list card ids (or null) per round")
    deck = opts.get("deck")
    if deck is not None:
        if not isinstance(deck, list):
            raise ValueError("option 'deck' must list one deck order per round")
        for order in deck:
            if order is None:
                continue
            if not (isinstance(order, list) and all(is_int(c) and 0 <= c < DECK_SIZE for c in order)
                    and len(set(order)) == len(order)):
                raise ValueError("each deck order must list distinct card ids")
