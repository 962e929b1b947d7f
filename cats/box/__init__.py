"""Cat in the Box: Deluxe Edition (id ``box``): quantum trick-taking for 2-5 players.

Rules: shared/rules/cat-in-the-box.md. Set-up data (cards, hand sizes, predictions, board rows):
cats/data/box_setup.json.
"""

# RULES NOTE: the rules file lists the board rows "red, blue, yellow, green" but never says
#   that this is their printed top-to-bottom order; adjacency (largest group) uses that listing,
#   kept as "board_rows" in box_setup.json so the printed order can replace it.
# RULES NOTE: "clockwise" and "passes left" are both read as "to the next seat" (seat k+1);
#   setting aside, like predicting, goes one player at a time from the Round Start Player.
# RULES NOTE: following a red lead with another colour removes the player's red token (the
#   rule says "the led-colour token" without exception for red); we apply it literally.
# RULES NOTE: a leader who leads red under the "no other colour" exception publicly shows that
#   every remaining card was blocked in the other colours; determinize keeps that inference.
#   (Is that intended to be public? It follows from public facts, so we treat it as known.)
# RULES NOTE: the cards left in hand at round end (and, in 2 players, the two face-down
#   leftovers) are never revealed; only a paradox reveals a hand.

from __future__ import annotations

from cats.box.state import INFO, BoxState
from cats.core import JsonDict

STATE = BoxState


def new_game(players: int, seed: int, options: JsonDict) -> BoxState:
    """A new game of Cat in the Box: random first Round Start Player, round 1 dealt."""
    return BoxState.start(players, seed, options)


__all__ = ["INFO", "STATE", "new_game"]
