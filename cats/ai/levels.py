"""Three levels of computer opponent for Cat Between Us, Catch 22, Cat in the Box and Cat Chess.

``register(GAME_BOTS)`` fills ``table[game_id] = {1: factory, 2: factory, 3: factory}``:

| game | 1 Kitten | 2 Tomcat | 3 Lion |
|---|---|---|---|
| between | greedy lures, with random slips | greedy lures (projected total just under the cat) | look-ahead over sampled deals of the unseen cards |
| catch22 | greedy one-ply, with random slips | greedy one-ply on gold, danger and Stars | expectimax over the six die faces, cubes and ransoms |
| box | greedy plays, with random slips | greedy plays (never a paradox, chase the prediction) | information-set MCTS over re-dealt hands, greedy rollouts |
| catchess | own goals only, with random slips | own goals against the goals inferred from others' moves | look-ahead over deals drawn from the inferred goal cards |

Every bot works on the ``world`` it is given (re-dealt from its own seat by the session), uses
only ``rng`` for randomness (worlds are re-dealt again from ``rng`` before any simulation, so
the hidden part of ``world`` and its generator never matter) and bounds its work by counts
sized for about 0.1–0.2 s a move on a 2-core machine. ``seconds`` is only a safety cap; it counts
the thinking thread's CPU time (``time.thread_time``), so a busy machine makes a move slower but
does not change it, while a slow machine still answers in time.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from cats.ai import Bot
from cats.ai.generic import SearchNode, ucb_child
from cats.core import Action, State
from cats.rng import Rng

Factory = Callable[[], Bot]


# -- shared pieces --------------------------------------------------------------------------------
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
    changes. Bounded by ``iterations``; ``seconds`` is a safety cap."""

    rollout: RoundRollout
    rewards: SeatRewards
    stamp: Callable[[State], int]
    iterations: int = 400
    seconds: float = 0.25
    exploration: float = 0.7
    min_iterations: int = 32
    last_iterations: int = field(default=0, repr=False)

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """The most visited action at the root."""
        actions = world.legal_actions()
        if len(actions) == 1:
            return actions[0]
        root = SearchNode(None, seat, None)
        start = self.stamp(world)
        deadline = time.thread_time() + self.seconds
        done = 0
        for done in range(1, self.iterations + 1):
            self._iterate(root, world.determinize(seat, rng), rng, start)
            if done >= self.min_iterations and (done & 7) == 0 \
                    and time.thread_time() > deadline:
                break
        self.last_iterations = done
        best = max(root.children.values(),
                   key=lambda c: (c.visits, c.total, -actions.index(c.action)))  # type: ignore[arg-type]
        assert best.action is not None
        return best.action

    def _iterate(self, root: SearchNode, sim: State, rng: Rng, start: int) -> None:
        node = root
        stamp = self.stamp
        while sim.to_move is not None and stamp(sim) == start:
            legal = sim.legal_actions()
            mover = sim.to_move
            children = node.children
            untried = [a for a in legal if a not in children]
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[rng.below(len(untried))]
                child = SearchNode(action, mover, node, available=1)
                children[action] = child
                sim.do(action)
                node = child
                break
            best_child = ucb_child(children, legal, self.exploration)
            assert best_child.action is not None
            sim.do(best_child.action)
            node = best_child
        if sim.to_move is not None and stamp(sim) == start:
            self.rollout(sim, rng)
        values = self.rewards(sim, start)
        while node.parent is not None:
            assert node.seat is not None   # every chosen step has a chooser
            node.visits += 1
            node.total += values[node.seat]
            node = node.parent
        node.visits += 1


# -- the levels of each game ------------------------------------------------------------------------
def _between() -> dict[int, Factory]:
    from cats.ai.between_bots import GreedyLureBot, LookaheadLureBot

    return {
        1: lambda: Noisy(GreedyLureBot(), 0.35),
        2: GreedyLureBot,
        3: lambda: LookaheadLureBot(worlds=96, candidates=12),
    }


def _catch22() -> dict[int, Factory]:
    from cats.ai.catch22_bots import ExpectimaxBot, GreedyBot

    return {
        1: lambda: Noisy(GreedyBot(), 0.3),
        2: GreedyBot,
        3: ExpectimaxBot,
    }


def _box() -> dict[int, Factory]:
    from cats.ai.box_bots import GreedyBoxBot, play_round, round_rewards, round_stamp

    def lion() -> Bot:
        return RoundISMCTS(play_round, round_rewards, round_stamp, iterations=300)

    return {
        1: lambda: Noisy(GreedyBoxBot(), 0.3),
        2: GreedyBoxBot,
        3: lion,
    }


def _catchess() -> dict[int, Factory]:
    from cats.ai.catchess_bots import EtiquetteBot, InferenceBot

    return {
        1: lambda: Noisy(EtiquetteBot(spite=0.0), 0.3),
        2: EtiquetteBot,
        3: InferenceBot,
    }


LEVELS: dict[str, Callable[[], dict[int, Factory]]] = {
    "between": _between,
    "catch22": _catch22,
    "box": _box,
    "catchess": _catchess,
}


def register(table: dict[str, dict[int, Factory]]) -> None:
    """Fill ``table[game_id]`` with the three level factories of every game here (idempotent)."""
    for game_id, levels in LEVELS.items():
        table[game_id] = levels()
