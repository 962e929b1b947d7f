"""Cheap Catch 22 heuristics: a position value (gold, danger, distance home) and a greedy policy.

Not registered anywhere yet; ``GreedyBot().choose(world, seat, rng)`` follows the bot interface
and ``evaluate(state, seat)`` can serve as a rollout cut-off value for a search.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from cats.catch22.actions import LEAVE, PAY, REFUSE, ROLL, Move, OfferRansom, RemoveCube
from cats.catch22.board import BOARD, NEIGHBOURS, STAR
from cats.catch22.state import MOVE, PREPARE, RANSOM, REMOVE, START, SWITCH, Catch22State
from cats.core import Action
from cats.rng import Rng


def _all_distances() -> list[list[int]]:
    """Shortest step counts between every two path squares (cubes ignored)."""
    n = len(NEIGHBOURS)
    table = []
    for start in range(n):
        dist = [99] * n
        dist[start] = 0
        todo = [start]
        for square in todo:
            for nxt in NEIGHBOURS[square]:
                if dist[nxt] == 99:
                    dist[nxt] = dist[square] + 1
                    todo.append(nxt)
        table.append(dist)
    return table


DIST = _all_distances()
STARS = [sq for _, sq in BOARD.stars]
STAR_DIST = [min(DIST[sq][s] for s in STARS) for sq in range(len(NEIGHBOURS))]


def danger(state: Catch22State, seat: int, square: int) -> float:
    """Rough chance that some opponent lands on ``square`` next round (0 on one's own cube)."""
    if state.cubes.get(square) == seat:
        return 0.0
    risk = 0.0
    for other, at in enumerate(state.pawns):
        if other != seat and at >= 0 and 1 <= DIST[at][square] <= 6:
            risk += 1 / 6
    return min(risk, 1.0)


def evaluate(state: Catch22State, seat: int) -> float:
    """A value for ``seat``: 1 for a won game, else a blend of safe gold and nearness to a Star."""
    if state.winner >= 0:
        return 1.0 if state.winner == seat else 0.0
    at = state.pawns[seat]
    if at < 0:
        return 0.0
    gold = state.gold[seat]
    safe_gold = gold * (1 - 0.6 * danger(state, seat, at))
    value = safe_gold / max(state.threshold, 1)
    if gold >= state.threshold:
        value += 0.3 / (1 + STAR_DIST[at])
    else:
        pots = sum(g / (1 + DIST[at][sq]) for sq, g in state.pots.items() if g)
        value += 0.02 * pots
    leader = max((g for s, g in enumerate(state.gold) if s != seat), default=0)
    return max(0.0, min(0.99, 0.5 * value - 0.2 * leader / max(state.threshold, 1) + 0.2))


@dataclass
class GreedyBot:
    """One-ply greedy play on :func:`evaluate`; plain rules of thumb for cubes and ransoms."""

    def choose(self, world: Catch22State, seat: int, rng: Rng) -> Action:  # type: ignore[override]
        """The action with the best immediate value (ties broken by order)."""
        phase = world.phase
        if phase == START:
            return max(world.legal_actions(), key=lambda a: self._star_value(world, a))
        if phase == PREPARE:
            return self._prepare(world, seat)
        if phase == RANSOM:
            assert world.offer is not None
            owner, price = world.offer
            return PAY if price <= max(2, world.gold[owner] // 4) else REFUSE
        if phase == REMOVE:
            return self._remove(world, seat)
        if phase in (MOVE, SWITCH):
            return self._best_after(world, seat)
        return world.legal_actions()[0]

    def _star_value(self, world: Catch22State, action: Action) -> float:
        square = dict(BOARD.stars)[getattr(action, "star")]
        return sum(g / (1 + DIST[square][sq]) for sq, g in world.pots.items())

    def _best_after(self, world: Catch22State, seat: int) -> Action:
        best: Optional[Action] = None
        best_value = -1.0
        for action in world.legal_actions():
            after = world.clone()
            after.script = []
            after.do(action)
            value = evaluate(after, seat)
            if isinstance(action, Move) and world.gold[seat] >= world.threshold:
                end = BOARD.index[(action.row, action.col)]
                value += 0.01 / (1 + STAR_DIST[end])
            if value > best_value:
                best, best_value = action, value
        assert best is not None
        return best

    def _prepare(self, world: Catch22State, seat: int) -> Action:
        for action in world.legal_actions():
            if isinstance(action, OfferRansom) \
                    and action.price == max(1, world.gold[action.owner] // 3):
                return action
        threat = self._threat(world, seat)
        if threat is not None and world.supply[seat]:
            target = world.pawns[threat]
            for action in world.legal_actions():
                if action.kind == "cube":
                    square = BOARD.index[(getattr(action, "row"), getattr(action, "col"))]
                    if DIST[target][square] == 1 and STAR_DIST[square] < STAR_DIST[target]:
                        return action
        return ROLL

    def _threat(self, world: Catch22State, seat: int) -> Optional[int]:
        """An opponent holding the winning gold within a roll of a Star, if any."""
        for other, at in enumerate(world.pawns):
            if other != seat and at >= 0 and world.gold[other] >= world.threshold \
                    and STAR_DIST[at] <= 6 and BOARD.kinds[at] != STAR:
                return other
        return None

    def _remove(self, world: Catch22State, seat: int) -> Action:
        here = world.pawns[seat]
        theirs = [a for a in world.legal_actions() if isinstance(a, RemoveCube)
                  and world.cubes[BOARD.index[(a.row, a.col)]] != seat]
        if not theirs:
            return LEAVE
        return min(theirs, key=lambda a: DIST[here][BOARD.index[(a.row, a.col)]])
