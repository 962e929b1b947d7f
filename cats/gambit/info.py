"""What the menus know of Cat's Gambit before a game starts: its info card and options."""

from __future__ import annotations

from cats.core import GameInfo, OptionSpec

INFO = GameInfo(
    id="gambit",
    title="Cat's Gambit",
    min_players=1,
    max_players=1,
    hidden_information=True,
    options=(
        OptionSpec("umbra", False, "Queen Umbra expansion",
                   help="Queen Umbra haunts each new Cat-ken; check her twice with Bishops, "
                        "Knights and Rooks."),
        OptionSpec("free_check", False, "Free check",
                   help="Cells that check the Queen may be chosen even when a safe cell exists."),
        OptionSpec("deck", None, "Deck order (top first)", kind="script"),
        OptionSpec("pawns", None, "The five Pawns", kind="script"),
    ),
    blurb="Solo puzzle: place chess-cat cards on a floating 4×4 grid and keep the Queen safe.",
)
