"""Cat Chess: place and wake nine cats in a spiral garden to meet a secret goal card.

Rules: ``shared/rules/cat-chess.md``. The garden, the cats and the goal cards are
[reconstruction] data in ``cats/data/catchess_*.json``. Modules: ``garden`` (data and goal checks),
``actions`` (notation), ``state`` (the game), ``saves`` (loading a saved state). The solo
best-score search is ``cats.catchess_solo``.

Notation: ``place A on 5``, ``A stays``, ``move A to 6``, ``swap A with B``.
Drag-and-drop: a placement drags ("waiting", "A") onto ("region", 5); a move or a swap drags
("region", i) onto ("region", j). Letting a cat stay is *not* a drag (``drag_of`` is None): a drop
back on the cat's own region is a cancelled drag, and the screen offers "stay" as a click/button.
"""

# RULES NOTE: the rules give no win condition for the solo game. We count the solo game as won
#   when the player meets as many goals as the exact best for the three cards (shown after the
#   round); bots maximise goals met (reward = goals met / goals on the cards).
# RULES NOTE: option `rounds` ("the agreed number of rounds") overrides the default round count
#   for every player count, solo included (default solo: one round, per the [decision]); 0 means
#   the default. The 36 tokens cover 3 x 3 x 4 goals; longer games simply count more points.
# RULES NOTE: option `solo_moves` only concerns the solo game; with 2-3 players it is ignored.
#   `two_phase` with `solo_moves` off is the same as placing only.
# RULES NOTE: scoring, the reveal and the next deal happen in the same step as the round's last
#   turn (there is no "continue" action). Each finished round's final garden, every card and
#   every goal met stay in the view under "rounds_played", so the screen can show the reveal.
# RULES NOTE: "passes to the left" is read as the next seat in turn order (seat + 1), since turn
#   order is clockwise by seat order.
# RULES NOTE: the swap restriction is read with the [decision]: a cat that was in a swap on the
#   turn just before may not be in a swap now, whoever took that turn; a placement, a stay or a
#   move in between lifts it. The swapped cats may still stay or move into an empty region.

from cats.catchess.state import INFO, STATE, CatChessState, new_game

__all__ = ["INFO", "STATE", "CatChessState", "new_game"]
