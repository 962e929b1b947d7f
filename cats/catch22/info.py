"""What the menus know of Catch 22 (its info card) and the numbers and phases of a turn."""

from __future__ import annotations

from cats.core import GameInfo, OptionSpec

CUBES_EACH = 5
DIE_SIDES = 6
EVENTS_KEPT = 12
# Rolls kept for the dice panel; the full history is in the log (and state size stays bounded,
# which keeps clones, saves and bot search flat over a long game).
DICE_KEPT = 32

START, PREPARE, RANSOM, MOVE, SWITCH, REMOVE, OVER = (
    "start", "prepare", "ransom", "move", "switch", "remove", "over")
PHASES = (START, PREPARE, RANSOM, MOVE, SWITCH, REMOVE, OVER)

INFO = GameInfo(
    id="catch22", title="Catch 22", min_players=2, max_players=6,
    hidden_information=False,
    options=(
        OptionSpec("threshold", 22, "Gold needed to win", kind="int",
                   help="Enter a Star holding at least this much gold to win."),
        OptionSpec("dice", None, "Loaded dice", kind="script",
                   help="Die results used before any random roll (tests and puzzles)."),
    ),
    blurb="Grab gold from Jackpots and rivals, wall them in with Blocker Cubes, "
          "and dash across a Star with 22 gold.")
