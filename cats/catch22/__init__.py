"""Catch 22 (id ``catch22``): take the gold and run. Rules: shared/rules/catch-22.md.

RULES NOTE: questions for the rules editor, each implemented with the reading given here.
1. Cube placement when the free path is already in pieces. A Remove Cube can free a square whose
   neighbours all hold cubes, so the cube-free path squares stop forming one region through no
   placement. Read literally ("refused if afterwards [they] no longer form one connected
   region"), every placement would then be refused until another removal. Implemented: a
   placement is refused if it splits a piece of free path (raises the number of pieces), so
   filling the isolated square again is allowed. Likewise "a pawn standing on its own cube could
   no longer step onto a square without a cube" refuses taking such a pawn's last free neighbour
   (a pawn already without one does not freeze everyone's cubes). Is that the intent?
2. Route choice is offered ("via star" / "avoiding stars") only when the mover already holds the
   winning gold: below it, crossing a Star changes nothing, so one action per end square. On the
   reconstructed board it never arises: each Star is a corridor square and every way around one
   is longer than 6 steps (a test checks this). Should a board that allows it be drawn?
3. A player who wins by crossing a Star stops on that Star (the game ends there); the rest of
   the rolled steps are not walked.
4. Ransom: "at most one offer per kept cube per turn" is counted per owner: with k of a player's
   cubes kept you may make k offers to that player in a turn; a paid offer returns the cube, a
   refused one uses up that cube's offer. The owner must hold at least 1 gold to be offered one.
5. The roll-off happens inside new_game (its dice are in the history with turn 0); ties among the
   highest re-roll, only the tied players. Stars are then chosen from the roll-off winner
   clockwise. The extra roll after a Jackpot or Roll Again square is rolled automatically (no
   cube placing or ransom comes before it), and a roll with no legal move ends the turn at once.
6. Landing on an opponent standing on a Switch Places or Remove Cube square (or a Star) steals and
   ends the turn: the square's own effect does not apply. Landing on an opponent with 0 gold is
   still a steal (of nothing) and ends the turn, even on a Jackpot (whose gold is taken, no extra
   roll).
"""

from __future__ import annotations

from functools import cache
from typing import Mapping

from cats.catch22.info import INFO
from cats.core import BotFactory, Engine, Game


@cache
def _engine() -> Engine:
    # Imported when a game is first started or read, not when the menu lists the game.
    from cats.catch22.invariants import conservation
    from cats.catch22.state import Catch22State, new_game

    return Engine(Catch22State, new_game, conservation)


def _bot_levels() -> Mapping[int, BotFactory]:
    from cats.catch22.bots import LEVELS  # imported when a bot is first asked for

    return LEVELS


GAME = Game(INFO, _engine, _bot_levels)

__all__ = ["GAME", "INFO"]
