"""Cat's Gambit bots (the same solver gives the hints): 1 keeps the best score bound one move
ahead; 2 and 3 sample the unseen deck orders around an exact search (3 with about three times
the work of 2, and from 7 cards left its exact search widened with what is left of its 64,000
nodes, its table carried from move to move). Every level is bounded by counted work only, so it
plays the same on any machine."""

from __future__ import annotations

from cats.core import BotFactory
from cats.gambit.solver import GambitSolver, GreedyBot

LEVELS: dict[int, BotFactory] = {
    1: GreedyBot,
    2: lambda: GambitSolver(samples=8, nodes=8_000, exact_deck=4, exact_nodes=(8_000, 8_000),
                            widen_deck=0, carry_table=False),
    3: GambitSolver,
}
