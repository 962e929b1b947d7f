"""A Cat Chess heuristic bot that reads the other players' goal cards from their moves.

Not registered anywhere (yet). Inference: this round's moves are public (``state.log``); for each
move of another seat and each card it might hold, the move's likelihood is a softmax over every
legal alternative of the goals that card would meet afterwards. Cards differ between seats, so the
posterior is taken over joint deals. The bot then plays the action that best trades its own goals
(met now, plus a little for goals still open) against the goals the others are expected to meet.
Solo: it places every cat straight onto an arrangement that reaches the exact best score.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import permutations
from typing import Sequence

from cats.catchess.actions import Move, Place, Stay, Swap
from cats.catchess.garden import (CARDS, CAT_INDEX, LETTERS, N_CATS, N_REGIONS, REGION_INDEX,
                                  GoalCard, goals_met)
from cats.catchess.state import CatChessState
from cats.catchess_solo import best_for_cards
from cats.core import Action, State
from cats.rng import Rng

Beliefs = dict[int, list[float]]  # seat -> probability per card index


def after(where: Sequence[int], action: Action) -> list[int]:
    """Region index per cat once ``action`` is played (no legality check)."""
    out = list(where)
    c = CAT_INDEX[action.cat]  # type: ignore[attr-defined]
    if isinstance(action, (Place, Move)):
        out[c] = REGION_INDEX[action.region]
    elif isinstance(action, Swap):
        o = CAT_INDEX[action.other]
        out[c], out[o] = where[o], where[c]
    return out


def goal_count(card: int, where: Sequence[int], from_centre: bool) -> int:
    """How many goals of card index ``card`` hold."""
    return sum(goals_met(CARDS[card], where, from_centre))


def round_start_copy(world: CatChessState) -> CatChessState:
    """The current round rewound to its first turn (same deal, empty garden)."""
    sim = world.clone()
    sim.where, sim.spot = [-1] * N_CATS, [-1] * N_REGIONS
    sim.asleep, sim.just_swapped = [False] * N_CATS, ()
    sim.turn, sim.log, sim.mover = 0, [], sim.round_start
    return sim


@dataclass
class GoalReader:
    """Posterior over the other seats' goal cards from this round's public moves."""

    beta: float = 1.5
    _cache: dict[tuple[object, ...], list[float]] = field(default_factory=dict, repr=False)

    def move_likelihoods(self, sim: CatChessState, action: Action) -> list[float]:
        """P(action | card) for every card index, under the softmax model."""
        key = (tuple(sim.where), tuple(sim.asleep), sim.just_swapped, sim.from_centre, action)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        options = [after(sim.where, a) for a in sim.legal_actions()]
        chosen = after(sim.where, action)
        out = []
        for card in range(len(CARDS)):
            values = [goal_count(card, w, sim.from_centre) for w in options]
            top = max(values)
            total = sum(math.exp(self.beta * (v - top)) for v in values)
            out.append(math.exp(self.beta * (goal_count(card, chosen, sim.from_centre) - top))
                       / total)
        self._cache[key] = out
        return out

    def beliefs(self, world: CatChessState, seat: int) -> Beliefs:
        """For each other seat, the probability of holding each card index."""
        others = [s for s in range(world.num_players) if s != seat]
        if not others:
            return {}
        likelihood = {s: [1.0] * len(CARDS) for s in others}
        sim = round_start_copy(world)
        for mover, action in world.log:
            if mover in likelihood:
                for card, p in enumerate(self.move_likelihoods(sim, action)):
                    likelihood[mover][card] *= p
            sim.do(action)
        free = [c for c in range(len(CARDS)) if c not in world.hands[seat]]
        marginals = {s: [0.0] * len(CARDS) for s in others}
        norm = 0.0
        for deal in permutations(free, len(others)):
            weight = math.prod(likelihood[s][c] for s, c in zip(others, deal))
            norm += weight
            for s, c in zip(others, deal):
                marginals[s][c] += weight
        return {s: [w / norm for w in marginals[s]] for s in others} if norm else marginals


@dataclass
class EtiquetteBot:
    """Greedy for its own goals, spiteful towards the goals the others probably hold."""

    spite: float = 0.6
    openness: float = 0.25
    reader: GoalReader = field(default_factory=GoalReader)

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """The action with the best own-minus-expected-others goal balance."""
        assert isinstance(world, CatChessState)
        actions = world.legal_actions()
        if world.solo:
            planned = self.solo_plan(world, actions)
            if planned is not None:
                return planned
        beliefs = self.reader.beliefs(world, seat)
        scored = [(self.value(world, seat, a, beliefs), -i) for i, a in enumerate(actions)]
        best = max(scored)
        ties = [i for i, (v, _) in enumerate(scored) if v >= best[0] - 1e-9]
        return actions[ties[rng.below(len(ties))]]

    def solo_plan(self, world: CatChessState, actions: list[Action]) -> Action | None:
        """Place cats on an optimal arrangement, then let every cat stay there."""
        numbers = [CARDS[c].number for c in world.hands[0]]
        target = best_for_cards(numbers, world.from_centre).arrangement
        for action in actions:
            if isinstance(action, Place) and target[LETTERS.index(action.cat)] == action.region:
                return action
        for action in actions:
            c = CAT_INDEX[action.cat]  # type: ignore[attr-defined]
            if isinstance(action, Stay) and world.where[c] == REGION_INDEX[target[c]]:
                return action
        return None

    def value(self, world: CatChessState, seat: int, action: Action, beliefs: Beliefs) -> float:
        """Own goals (met, plus a share of those still open) minus the others' expected goals."""
        where = after(world.where, action)
        asleep = list(world.asleep)
        if not isinstance(action, Place):
            asleep[CAT_INDEX[action.cat]] = True  # type: ignore[attr-defined]
        own = 0.0
        for card in world.hands[seat]:
            met = goals_met(CARDS[card], where, world.from_centre)
            own += sum(met) + self.openness * self._open(CARDS[card], met, where, asleep)
        theirs = sum(p * goal_count(card, where, world.from_centre)
                     for probs in beliefs.values() for card, p in enumerate(probs) if p > 0.01)
        return own - self.spite * theirs

    @staticmethod
    def _open(card: GoalCard, met: list[bool], where: list[int], asleep: list[bool]) -> int:
        """Unmet goals with a cat that can still be placed or activated."""
        groups: list[tuple[int, ...]] = [card.order, *card.friends]
        return sum(1 for ok, cats in zip(met, groups) if not ok
                   and any(where[c] < 0 or not asleep[c] for c in cats))
