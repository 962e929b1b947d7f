"""Search pieces every game's bots share: random play, flat Monte Carlo, information-set MCTS
(whole game, or one round), UCB and a beginner's slips.

All of them work through the engine contract only, so every registered game gets them for free.
Searches are bounded by a number of iterations (reproducible: the same choice on any machine);
``seconds`` is only a safety cap on the thinking thread's CPU time (``time.thread_time``, which
a busy machine does not inflate), set well above what the iterations take. A decision the cap
cut is counted in ``capped`` (and ``last_capped`` says whether the last one was), so it can be
reported: a capped choice may differ from one machine to another.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Callable, MutableSequence, Optional, TypeVar

from cats.core import Action, Bot, State
from cats.rng import Rng

Rollout = Callable[[State, Rng], None]
T = TypeVar("T")


class SearchRng(Rng):
    """A generator for a search's own choices (re-deals, rollouts, tie-breaks), seeded from the
    bot's: small draws come from Python's C-backed Mersenne Twister seeded with the same number
    (a 53-bit float scaled to the bound, so the bias is below n / 2**53, which no search
    notices); ``next64`` and draws above 2**16 stay SplitMix64's. Never used for a game's own
    randomness."""

    __slots__ = ("_draw", "random")

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._draw = self.random = random.Random(seed).random   # a float in [0, 1)

    def below(self, n: int) -> int:
        """Integer in [0, n), nearly uniform for small ``n`` (exact draws above 2**16)."""
        if not 0 < n <= 1 << 16:
            return super().below(n)
        return int(self._draw() * n)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place with the small draws (:meth:`below`'s, inlined)."""
        if len(items) > 1 << 16:
            super().shuffle(items)
            return
        draw = self._draw
        for i in range(len(items) - 1, 0, -1):
            j = int(draw() * (i + 1))
            items[i], items[j] = items[j], items[i]


def random_rollout(state: State, rng: Rng, max_steps: int = 5000) -> None:
    """Play uniformly random legal actions until the game ends (in place)."""
    steps = 0
    while state.to_move is not None and steps < max_steps:
        actions = state.legal_actions()
        state.do(actions[rng.below(len(actions))])
        steps += 1


def final_reward(state: State, seat: int) -> float:
    """The seat's reward in a finished state (0.0 if the rollout was cut short)."""
    outcome = state.outcome()
    return 0.0 if outcome is None else outcome.reward(seat)


@dataclass
class RandomBot:
    """Plays a uniformly random legal action."""

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """A random legal action."""
        actions = world.legal_actions()
        return actions[rng.below(len(actions))]


@dataclass
class FlatMonteCarlo:
    """Tries every action in freshly re-dealt worlds and keeps the best average."""

    rollouts: int = 200
    seconds: float = 1.0
    rollout: Rollout = random_rollout
    capped: int = field(default=0, repr=False)
    last_capped: bool = field(default=False, repr=False)

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """The action with the best mean rollout reward."""
        self.last_capped = False
        actions = world.legal_actions()
        if len(actions) == 1:
            return actions[0]
        totals = [0.0] * len(actions)
        counts = [0] * len(actions)
        deadline = time.thread_time() + self.seconds
        for i in range(self.rollouts):
            k = i % len(actions)
            sim = world.determinize(seat, rng)
            sim.do(actions[k])
            self.rollout(sim, rng)
            totals[k] += final_reward(sim, seat)
            counts[k] += 1
            if i + 1 < self.rollouts and min(counts) > 0 and time.thread_time() > deadline:
                self.last_capped = True
                self.capped += 1
                break
        best = max(range(len(actions)), key=lambda j: (totals[j] / max(counts[j], 1), -j))
        return actions[best]


@dataclass(slots=True)
class SearchNode:
    """A node of an information-set search tree: the action into it, who chose it, statistics."""

    action: Optional[Action]
    seat: Optional[int]
    parent: Optional["SearchNode"]
    children: dict[Action, "SearchNode"] = field(default_factory=dict)
    visits: int = 0
    available: int = 0
    total: float = 0.0


def ucb_child(children: dict[Action, SearchNode], legal: list[Action],
              exploration: float) -> SearchNode:
    """The child among the ``legal`` actions with the best UCB value (availability-counted)."""
    best_child: Optional[SearchNode] = None
    best_value = -math.inf
    for a in legal:
        child = children[a]
        value = child.total / child.visits + exploration * math.sqrt(
            math.log(max(child.available, 1)) / child.visits)
        if value > best_value:
            best_value, best_child = value, child
    assert best_child is not None
    return best_child


@dataclass
class ISMCTS:
    """Single-observer information-set MCTS: each iteration re-deals the hidden information from
    the searching seat's point of view, walks the shared tree with UCB over the actions available
    in that world, rolls out, and backs the result up for the seat that chose each step."""

    iterations: int = 1500
    seconds: float = 1.0
    exploration: float = 0.7
    rollout: Rollout = random_rollout
    capped: int = field(default=0, repr=False)
    last_capped: bool = field(default=False, repr=False)

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """The most visited action at the root."""
        self.last_capped = False
        actions = world.legal_actions()
        if len(actions) == 1:
            return actions[0]
        root = SearchNode(None, None, None)
        deadline = time.thread_time() + self.seconds
        for i in range(self.iterations):
            self._iterate(root, world.determinize(seat, rng), rng)
            if (i & 15) == 15 and i + 1 < self.iterations and time.thread_time() > deadline:
                self.last_capped = True
                self.capped += 1
                break
        best = max(root.children.values(), key=lambda n: (n.visits, n.total))
        assert best.action is not None
        return best.action

    def _iterate(self, root: SearchNode, sim: State, rng: Rng) -> None:
        node = root
        while sim.to_move is not None:
            legal = sim.legal_actions()
            mover = sim.to_move
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[rng.below(len(untried))]
                child = SearchNode(action, mover, node, available=1)
                node.children[action] = child
                sim.do(action)
                node = child
                break
            best_child = ucb_child(node.children, legal, self.exploration)
            assert best_child.action is not None
            sim.do(best_child.action)
            node = best_child
        self.rollout(sim, rng)
        outcome = sim.outcome()
        while node.parent is not None:
            node.visits += 1
            if outcome is not None and node.seat is not None:
                node.total += outcome.reward(node.seat)
            node = node.parent
        node.visits += 1


@dataclass
class Noisy:
    """Plays ``bot``'s choice, except that a share ``epsilon`` of its decisions are random legal
    actions (a beginner's slips). Decisions with one legal action consume no randomness."""

    bot: Bot
    epsilon: float = 0.2

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """A random legal action with probability ``epsilon``, else the wrapped bot's choice."""
        actions = world.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if rng.below(1_000_000) < self.epsilon * 1_000_000:
            return actions[rng.below(len(actions))]
        return self.bot.choose(world, seat, rng)


RoundRollout = Callable[[State, Rng], None]
SeatRewards = Callable[[State, int], list[float]]


@dataclass
class RoundISMCTS:
    """Single-observer information-set MCTS limited to the current round.

    Each iteration re-deals the hidden information from the searching seat's knowledge, walks the
    shared tree (UCB over the actions available in that world), plays the round out with
    ``rollout`` and backs up ``rewards(state, start)`` — one value in 0..1 per seat — for the
    seat that chose each step. ``stamp(state)`` tells rounds apart: the walk stops as soon as it
    changes. Bounded by ``iterations``; ``seconds`` is a safety cap (``capped``, above).
    ``root_actions(world)``,
    if given, names the actions searched at the root (by default every legal one): a bot can
    rule moves out whatever its rollouts say."""

    rollout: RoundRollout
    rewards: SeatRewards
    stamp: Callable[[State], int]
    iterations: int = 400
    seconds: float = 1.0
    exploration: float = 0.7
    min_iterations: int = 32
    root_actions: Optional[Callable[[State], list[Action]]] = None
    last_iterations: int = field(default=0, repr=False)
    capped: int = field(default=0, repr=False)
    last_capped: bool = field(default=False, repr=False)

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """The most visited action at the root."""
        self.last_capped = False
        actions = world.legal_actions() if self.root_actions is None else self.root_actions(world)
        if len(actions) == 1:
            return actions[0]
        rng = SearchRng(rng.next64())
        root = SearchNode(None, seat, None)
        start = self.stamp(world)
        deadline = time.thread_time() + self.seconds
        done = 0
        for done in range(1, self.iterations + 1):
            self._iterate(root, world.determinize(seat, rng), rng, start, actions)
            if done >= self.min_iterations and (done & 7) == 0 and done < self.iterations \
                    and time.thread_time() > deadline:
                self.last_capped = True
                self.capped += 1
                break
        self.last_iterations = done
        best = max(root.children.values(),
                   key=lambda c: (c.visits, c.total, -actions.index(c.action)))  # type: ignore[arg-type]
        assert best.action is not None
        return best.action

    def _iterate(self, root: SearchNode, sim: State, rng: Rng, start: int,
                 at_root: list[Action]) -> None:
        node = root
        stamp, exploration, log, sqrt = self.stamp, self.exploration, math.log, math.sqrt
        while sim.to_move is not None and stamp(sim) == start:
            legal = at_root if node is root else sim.legal_actions()
            mover = sim.to_move
            children = node.children
            untried = []
            present = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.available += 1
                    present.append(child)
            if untried:
                action = untried[rng.below(len(untried))]
                child = SearchNode(action, mover, node, available=1)
                children[action] = child
                sim.do(action)
                node = child
                break
            # ucb_child over ``legal`` (every one present, each available at least once), inlined
            best_value = -math.inf
            for child in present:
                visits = child.visits
                value = child.total / visits + exploration * sqrt(log(child.available) / visits)
                if value > best_value:
                    best_value, node = value, child
            assert node.action is not None
            sim.do(node.action)
        if sim.to_move is not None and stamp(sim) == start:
            self.rollout(sim, rng)
        values = self.rewards(sim, start)
        while node.parent is not None:
            assert node.seat is not None   # every chosen step has a chooser
            node.visits += 1
            node.total += values[node.seat]
            node = node.parent
        node.visits += 1
