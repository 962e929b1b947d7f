"""What the menus know of Cat in the Box (its info card), and the phases of a round."""

from __future__ import annotations

from cats.core import GameInfo, OptionSpec

ASIDE, PREDICTING, PLAYING, OVER = "aside", "predict", "play", "over"
PHASES = (ASIDE, PREDICTING, PLAYING, OVER)
ALL_COLOURS = 0b1111   # a player board with all four colour tokens (bit = colour index)

INFO = GameInfo(
    id="box", title="Cat in the Box: Deluxe Edition", short_title="Cat in the Box",
    min_players=2, max_players=5,
    hidden_information=True,
    options=(
        OptionSpec("deal", None, "Stacked deal", kind="script",
                   help="Per round, card numbers in deal order: seat 1's hand, then seat 2's, "
                        "...; unlisted cards follow ascending; 2-player leftovers come last "
                        "(the first three are revealed). null or a missing round: shuffle."),
        OptionSpec("first_player", None, "First Round Start Player", kind="script"),
    ),
    blurb="Quantum trick-taking: cards have numbers but no colour until you declare one on the "
          "shared research board. Predict your tricks, connect your tokens, avoid a paradox.")
