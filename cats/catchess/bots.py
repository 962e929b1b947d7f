"""A Cat Chess heuristic bot that reads the other players' goal cards from their moves.

Registered by :mod:`cats.ai.levels`: ``EtiquetteBot`` (levels 1–2) and ``InferenceBot`` (3).
Inference: this round's moves are public (``state.log``); for each move of another seat and each
card it might hold, the move's likelihood is a softmax over every legal alternative of the goals
that card would meet afterwards. Cards differ between seats, so the
posterior is taken over joint deals. The bot then plays the action that best trades its own goals
(met now, plus a little for goals still open) against the goals the others are expected to meet.
Solo: it places every cat straight onto an arrangement that reaches the exact best score.
"""

from __future__ import annotations

import math
import time
from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import permutations
from typing import Sequence

from cats.ai.search import Noisy
from cats.catchess.actions import Move, Place, Stay, Swap
from cats.catchess.garden import (
    ADJ,
    CARDS,
    CAT_INDEX,
    LETTERS,
    N_CATS,
    N_REGIONS,
    NEIGHBOURS,
    PATH,
    REGION_INDEX,
    GoalCard,
    goals_met,
)
from cats.catchess.solo import best_for_cards
from cats.catchess.state import CatChessState
from cats.core import Action, BotFactory, State
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
    sim.clear_garden()
    sim.mover = sim.to_move = sim.round_start
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

    def likelihoods(self, world: CatChessState, seat: int) -> dict[int, list[float]]:
        """For each other seat, P(this round's public moves | card) per card index."""
        others = [s for s in range(world.num_players) if s != seat]
        likelihood = {s: [1.0] * len(CARDS) for s in others}
        if not others:
            return likelihood
        sim = round_start_copy(world)
        for mover, action in world.log:
            if mover in likelihood:
                for card, p in enumerate(self.move_likelihoods(sim, action)):
                    likelihood[mover][card] *= p
            sim.do(action)
        return likelihood

    def deals(self, world: CatChessState, seat: int) -> list[tuple[tuple[int, ...], float]]:
        """Every deal of cards to the other seats (in seat order) with its posterior weight
        (unnormalised; deals of zero weight left out)."""
        others = [s for s in range(world.num_players) if s != seat]
        if not others:
            return []
        likelihood = self.likelihoods(world, seat)
        free = [c for c in range(len(CARDS)) if c not in world.hands[seat]]
        out = []
        for deal in permutations(free, len(others)):
            weight = math.prod(likelihood[s][c] for s, c in zip(others, deal))
            if weight > 0:
                out.append((deal, weight))
        return out

    def beliefs(self, world: CatChessState, seat: int) -> Beliefs:
        """For each other seat, the probability of holding each card index."""
        others = [s for s in range(world.num_players) if s != seat]
        if not others:
            return {}
        marginals = {s: [0.0] * len(CARDS) for s in others}
        norm = 0.0
        for deal, weight in self.deals(world, seat):
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


# -- the strongest level: look-ahead over deals drawn from the inferred goal cards ------------------

def _goal_tables() -> tuple[list[list[int]], list[list[tuple[int, ...]]]]:
    """Per card: the goal (0 = order, 1..3 = friend pairs) each cat belongs to, and each goal's
    cats."""
    goal_of, members = [], []
    for card in CARDS:
        groups: list[tuple[int, ...]] = [card.order, *card.friends]
        owner = [0] * N_CATS
        for g, cats in enumerate(groups):
            for c in cats:
                owner[c] = g
        goal_of.append(owner)
        members.append(groups)
    return goal_of, members


GOAL_OF, GOAL_CATS = _goal_tables()
# PARTNER[card][cat]: the cat's friend on that card, or -1 if the cat is in its order goal.
PARTNER = tuple(tuple(next((b if a == c else a for a, b in card.friends if c in (a, b)), -1)
                      for c in range(N_CATS)) for card in CARDS)
PATH_OF = tuple(PATH)
ADJACENT = tuple(tuple(row) for row in ADJ)


def goal_holds(cats: tuple[int, ...], where: list[int], from_centre: bool) -> bool:
    """Whether one goal (three cats in order, or two friends) holds in ``where``."""
    if len(cats) == 2:
        a, b = where[cats[0]], where[cats[1]]
        return a >= 0 and b >= 0 and ADJACENT[a][b]
    a, b, c = where[cats[0]], where[cats[1]], where[cats[2]]
    if a < 0 or b < 0 or c < 0:
        return False
    pa, pb, pc = PATH_OF[a], PATH_OF[b], PATH_OF[c]
    return pa > pb > pc or (not from_centre and pa < pb < pc)


def card_goals(card: int, where: list[int], from_centre: bool) -> int:
    """How many of a card's four goals hold."""
    return sum(goal_holds(cats, where, from_centre) for cats in GOAL_CATS[card])


class Garden:
    """A bare copy of a round in progress for fast play-outs: the cats, the turn order and the
    cards the play-out assumes each seat holds."""

    __slots__ = ("where", "spot", "asleep", "barred", "mover", "players", "cards",
                 "from_centre", "two_phase")

    def __init__(self, state: CatChessState, cards: list[int]) -> None:
        self.where = state.where[:]
        self.spot = state.spot[:]
        self.asleep = state.asleep[:]
        self.barred: tuple[int, ...] = state.just_swapped
        self.mover = state.mover
        self.players = state.num_players
        self.cards = cards
        self.from_centre = state.from_centre
        self.two_phase = state.two_phase

    def copy(self) -> "Garden":
        """An independent copy."""
        new = Garden.__new__(Garden)
        new.where, new.spot, new.asleep = self.where[:], self.spot[:], self.asleep[:]
        new.barred, new.mover, new.players = self.barred, self.mover, self.players
        new.cards, new.from_centre, new.two_phase = self.cards, self.from_centre, self.two_phase
        return new

    def done(self) -> bool:
        """All cats placed and asleep: the round is over."""
        return -1 not in self.where and all(self.asleep)

    def apply(self, kind: int, c: int, x: int) -> None:
        """0 place ``c`` on region ``x``; 1 ``c`` stays; 2 ``c`` moves to region ``x``;
        3 ``c`` swaps with cat ``x``."""
        where, spot = self.where, self.spot
        self.barred = ()
        if kind == 0:
            where[c] = x
            spot[x] = c
        else:
            if kind == 2:
                spot[where[c]] = -1
                spot[x] = c
                where[c] = x
            elif kind == 3:
                rc, ro = where[c], where[x]
                where[c], where[x] = ro, rc
                spot[rc], spot[ro] = x, c
                self.barred = (c, x)
            self.asleep[c] = True
        self.mover = (self.mover + 1) % self.players

    def apply_action(self, action: Action) -> None:
        """Apply an engine action."""
        c = CAT_INDEX[action.cat]  # type: ignore[attr-defined]
        if isinstance(action, Place):
            self.apply(0, c, REGION_INDEX[action.region])
        elif isinstance(action, Stay):
            self.apply(1, c, -1)
        elif isinstance(action, Move):
            self.apply(2, c, REGION_INDEX[action.region])
        else:
            assert isinstance(action, Swap)
            self.apply(3, c, CAT_INDEX[action.other])

    def moves(self) -> list[tuple[int, int, int]]:
        """Every legal (kind, cat, target) for the seat to move."""
        where, spot = self.where, self.spot
        out: list[tuple[int, int, int]] = []
        waiting = -1 in where
        if waiting:
            empty = [r for r in range(N_REGIONS) if spot[r] < 0]
            for c in range(N_CATS):
                if where[c] < 0:
                    out.extend((0, c, r) for r in empty)
        if not (self.two_phase and waiting):
            barred, asleep = self.barred, self.asleep
            for c in range(N_CATS):
                r = where[c]
                if r < 0 or asleep[c]:
                    continue
                out.append((1, c, -1))
                free = c not in barred
                for n in NEIGHBOURS[r]:
                    o = spot[n]
                    if o < 0:
                        out.append((2, c, n))
                    elif free and o not in barred:
                        out.append((3, c, o))
        return out

    def greedy(self, rng: Rng) -> tuple[int, int, int]:
        """The move that meets the most of the mover's own goals (ties at random)."""
        card = self.cards[self.mover]
        goal_of, groups, partner = GOAL_OF[card], GOAL_CATS[card], PARTNER[card]
        where, centre = self.where, self.from_centre
        status = [goal_holds(g, where, centre) for g in groups]
        best: list[tuple[int, int, int]] = []
        best_gain = -9
        for move in self.moves():
            kind, c, x = move
            if kind == 1:
                gain = 0
            else:
                old_c = where[c]
                if kind == 3:
                    old_x = where[x]
                    where[c], where[x] = old_x, old_c
                    g1, g2 = goal_of[c], goal_of[x]
                    gain = goal_holds(groups[g1], where, centre) - status[g1]
                    if g2 != g1:
                        gain += goal_holds(groups[g2], where, centre) - status[g2]
                    where[x] = old_x
                    where[c] = old_c
                elif partner[c] >= 0:  # c's goal is a friend pair: only where the friend is
                    friend = where[partner[c]]
                    gain = (friend >= 0 and ADJACENT[x][friend]) - status[goal_of[c]]
                else:
                    where[c] = x
                    g1 = goal_of[c]
                    gain = goal_holds(groups[g1], where, centre) - status[g1]
                    where[c] = old_c
            if gain > best_gain:
                best_gain, best = gain, [move]
            elif gain == best_gain:
                best.append(move)
        return best[rng.below(len(best))]

    def play_out(self, rng: Rng, explore: float) -> None:
        """Everyone plays greedily for their own card (a share ``explore`` at random) until the
        round is over (in place)."""
        threshold = int(explore * 1000)
        while not self.done():
            if threshold and rng.below(1000) < threshold:
                moves = self.moves()
                self.apply(*moves[rng.below(len(moves))])
            else:
                self.apply(*self.greedy(rng))


@dataclass
class InferenceBot:
    """Cat Chess look-ahead: the other seats' cards are drawn from the posterior that
    :class:`GoalReader` infers from their public moves this round; for each drawn deal the most
    promising actions (by :class:`EtiquetteBot`'s value) are each played out to the end of the
    round with greedy play for everyone (same deal and random stream for every action), and the
    action with the best mean of own goals minus the best rival's goals is played. Solo: the
    exact optimal arrangement (as :class:`EtiquetteBot`).

    ``worlds`` bounds the work (reproducible); ``seconds`` is only a safety cap on the thinking
    thread's CPU time, and a decision it cuts short is counted in ``capped``. The cap was 0.25 s
    and never cut a decision on the 2-core test machine (loaded, 2026-12-04: 324 decisions of six
    3-player level-3 games, cap lifted, took at most 0.055 s, median 0.019 s), so it is now 1 s,
    a safety net only."""

    worlds: int = 24
    candidates: int = 8
    explore: float = 0.1
    rival: float = 1.0
    seconds: float = 1.0
    min_worlds: int = 4
    guide: EtiquetteBot = field(default_factory=EtiquetteBot)
    last_worlds: int = field(default=0, repr=False)
    capped: int = field(default=0, repr=False)
    last_capped: bool = field(default=False, repr=False)

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """The action with the best sampled round result."""
        assert isinstance(world, CatChessState)
        self.last_capped = False
        actions = world.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if world.solo:
            return self.guide.choose(world, seat, rng)
        deals = self.guide.reader.deals(world, seat)
        beliefs = self._marginals(world, seat, deals)
        values = [self.guide.value(world, seat, a, beliefs) for a in actions]
        order = sorted(range(len(actions)), key=lambda i: (-values[i], i))
        shortlist = [actions[i] for i in order[:self.candidates]]
        if not deals:
            return shortlist[0]
        others = [s for s in range(world.num_players) if s != seat]
        cumulative = []
        running = 0.0
        for _, weight in deals:
            running += weight
            cumulative.append(running)
        totals = [0.0] * len(shortlist)
        deadline = time.thread_time() + self.seconds
        done = 0
        for done in range(1, self.worlds + 1):
            pick = rng.next64() / 2.0**64 * running
            index = min(bisect_right(cumulative, pick), len(deals) - 1)
            cards = [-1] * world.num_players
            cards[seat] = world.hands[seat][0]
            for s, c in zip(others, deals[index][0]):
                cards[s] = c
            base = Garden(world, cards)
            stream = rng.next64()
            for k, action in enumerate(shortlist):
                sim = base.copy()
                sim.apply_action(action)
                sim.play_out(Rng(stream), self.explore)
                mine = card_goals(cards[seat], sim.where, sim.from_centre)
                best = max(card_goals(cards[s], sim.where, sim.from_centre) for s in others)
                totals[k] += mine - self.rival * best
            if done >= self.min_worlds and done < self.worlds and time.thread_time() > deadline:
                self.last_capped = True
                self.capped += 1
                break
        self.last_worlds = done
        best_k = max(range(len(shortlist)), key=lambda k: (totals[k], -k))
        return shortlist[best_k]

    @staticmethod
    def _marginals(world: CatChessState, seat: int,
                   deals: list[tuple[tuple[int, ...], float]]) -> Beliefs:
        others = [s for s in range(world.num_players) if s != seat]
        marginals = {s: [0.0] * len(CARDS) for s in others}
        norm = sum(w for _, w in deals)
        for deal, weight in deals:
            for s, c in zip(others, deal):
                marginals[s][c] += weight / norm
        return marginals


# -- the three levels ------------------------------------------------------------------------------
LEVELS: dict[int, BotFactory] = {
    1: lambda: Noisy(EtiquetteBot(spite=0.0), 0.3),
    2: EtiquetteBot,
    3: InferenceBot,
}
