"""Cheap heuristics for Cat Between Us: a position evaluation and a greedy rollout policy.

Not registered anywhere; a registry may wire ``heuristic_ismcts`` or ``GreedyLureBot`` in later.
The idea: a seat wants the cards left in its hand to add up just under the cat's number, so each
lure is judged by the seat's projected total (placed cards plus an average for empty slots).
"""

from __future__ import annotations

from dataclasses import dataclass

from cats.ai.generic import ISMCTS
from cats.between import (CARD_SUIT, CARD_TARGET, CARD_VALUE, CARDS_PER_TOY, CROWN, LURES, TOYS,
                          BetweenState)
from cats.core import Action, State
from cats.rng import Rng

MEAN_VALUE = 3.0  # average lure value (0..6) expected in a still empty slot
AIM_BELOW = 2.0  # aim a little under the cat: passing it is much worse than falling short
EXPLORE = 0.15  # share of random moves in rollouts, so they do not all look alike


def _expected_attraction(state: BetweenState) -> list[float]:
    """Each toy's attraction with the empty slots filled by an average card."""
    out = []
    for cards in state.toys:
        out.append(sum(CARD_VALUE[c] for c in cards) + MEAN_VALUE * (CARDS_PER_TOY - len(cards)))
    return out


def _miss(total: float, cat: int) -> float:
    """How bad a projected total is: distance to just under the cat, passing costs double."""
    goal = cat - AIM_BELOW
    return 2.0 * (total - goal) if total > goal else goal - total


def _hand_counts(state: BetweenState, seat: int) -> list[int]:
    counts = [0] * TOYS
    for c in state.hands[seat]:
        counts[CARD_SUIT[c]] += 1
    return counts


def lure_score(state: BetweenState, action: Action, seat: int) -> float:
    """Lower is better: the seat's projected miss after playing ``action``."""
    counts = _hand_counts(state, seat)
    attraction = _expected_attraction(state)
    base = sum(counts[s] * attraction[s] for s in range(TOYS))
    return _miss(_total_after(base, counts, attraction, action), CARD_TARGET[state.cat_card])


def _total_after(base: float, counts: list[int], attraction: list[float], action: Action) -> float:
    """Projected total once ``action``'s card leaves the hand and lies under its toy."""
    card, toy = action.card, action.toy  # type: ignore[attr-defined]
    suit = CARD_SUIT[card]
    left = counts[toy] - (1 if suit == toy else 0)
    return base - attraction[suit] + (CARD_VALUE[card] - MEAN_VALUE) * left


def greedy_lure(state: BetweenState, rng: Rng) -> Action:
    """The mover's lure with the smallest projected miss (ties broken at random)."""
    seat = state.to_move
    assert seat is not None
    counts = _hand_counts(state, seat)
    attraction = _expected_attraction(state)
    base = sum(counts[s] * attraction[s] for s in range(TOYS))
    cat = CARD_TARGET[state.cat_card]
    best: list[Action] = []
    best_score = float("inf")
    for action in state.legal_actions():
        score = _miss(_total_after(base, counts, attraction, action), cat)
        if score < best_score - 1e-9:
            best, best_score = [action], score
        elif score <= best_score + 1e-9:
            best.append(action)
    return best[rng.below(len(best))]


def heuristic_rollout(state: State, rng: Rng, max_steps: int = 2000) -> None:
    """Play the game out with mostly greedy lures (in place)."""
    assert isinstance(state, BetweenState)
    steps = 0
    while state.to_move is not None and steps < max_steps:
        if rng.below(100) < EXPLORE * 100:
            actions = state.legal_actions()
            state.do(actions[rng.below(len(actions))])
        else:
            state.do(greedy_lure(state, rng))
        steps += 1


def evaluate(state: State, seat: int) -> float:
    """A 0..1 guess of how well ``seat`` stands: rounds won, then this round's projected miss."""
    assert isinstance(state, BetweenState)
    outcome = state.outcome()
    if outcome is not None:
        return outcome.reward(seat)
    progress = state.wins[seat] / CROWN
    rivals = max((w for s, w in enumerate(state.wins) if s != seat), default=0) / CROWN
    attraction = _expected_attraction(state)
    total = sum(attraction[CARD_SUIT[c]] for c in state.hands[seat])
    closeness = 1.0 / (1.0 + _miss(total, CARD_TARGET[state.cat_card]) / 4.0)
    return max(0.0, min(1.0, 0.5 + 0.35 * (progress - rivals) + 0.15 * (closeness - 0.5)))


@dataclass
class GreedyLureBot:
    """Plays the lure that keeps its own projected total just under the cat."""

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """The greedy lure for ``seat``."""
        assert isinstance(world, BetweenState)
        return greedy_lure(world, rng)


def heuristic_ismcts() -> ISMCTS:
    """Information-set MCTS using the greedy rollout policy."""
    return ISMCTS(rollout=heuristic_rollout)


__all__ = ["GreedyLureBot", "LURES", "evaluate", "greedy_lure", "heuristic_ismcts",
           "heuristic_rollout", "lure_score"]
