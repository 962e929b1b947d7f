"""Cheap Catch 22 heuristics: a position value (gold, danger, distance home) and a greedy policy.

Registered by :mod:`cats.ai.levels`: ``GreedyBot`` (levels 1–2) and ``ExpectimaxBot`` (3), which
plans a whole turn over the six die faces with :func:`position_value` at the leaves.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Optional

from cats.ai.search import Noisy
from cats.catch22.actions import (
    CUBE_ACTIONS,
    LEAVE,
    PAY,
    REFUSE,
    ROLL,
    Move,
    OfferRansom,
    RemoveCube,
)
from cats.catch22.board import BOARD, JACKPOT, NEIGHBOURS, ROLL_AGAIN, STAR, routes
from cats.catch22.info import MOVE, OVER, PREPARE, RANSOM, REMOVE, START, SWITCH
from cats.catch22.state import Catch22State
from cats.core import Action, BotFactory, State
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


def cube_worth(state: Catch22State, seat: int) -> int:
    """Gold that one more cube in supply is worth to ``seat`` now, the price at which it buys a
    kept cube back. Nothing to a player holding the winning gold (it runs for a Star, and gold
    spent may cost the win); else 1, one more with an empty supply, two more when a rival is
    within 4 gold of winning and at most one cube is left to wall them in, one more when the
    supply is empty and half the winning gold is being carried (cubes make safe squares)."""
    threshold = state.threshold
    gold = state.gold[seat]
    if gold >= threshold:
        return 0
    supply = state.supply[seat]
    rival = max((g for s, g in enumerate(state.gold) if s != seat), default=0)
    worth = 1 + (supply == 0)
    if rival >= threshold - 4 and supply <= 1:
        worth += 2
    if supply == 0 and gold >= threshold // 2:
        worth += 1
    return worth


def ransom_offer(state: Catch22State, keeper: int) -> Optional[OfferRansom]:
    """The offer ``keeper`` makes for a kept cube: to the first owner who would pay, at what the
    cube is worth to them (capped by their gold); ``None`` if no owner would."""
    for owner in range(state.num_players):
        if owner != keeper and state.kept[keeper][owner] > state.refused[owner] \
                and state.gold[owner]:
            price = min(cube_worth(state, owner), state.gold[owner])
            if price >= 1:
                return OfferRansom(owner, price)
    return None


def answer_ransom(state: Catch22State) -> Action:
    """Pay a pending offer when the price is at most what the cube is worth to its owner."""
    assert state.offer is not None
    owner, price = state.offer
    return PAY if price <= cube_worth(state, owner) else REFUSE


def safety_cube(state: Catch22State, seat: int, least_gold: int = 5) -> Optional[int]:
    """A square for a cube that would make a safe landing for ``seat`` this turn: the allowed
    square most die faces reach (two or more, or one when carrying twice ``least_gold``), when
    carrying at least ``least_gold``, some rival's pawn could reach it next round and no own cube
    is within reach already; ``None`` otherwise."""
    if state.gold[seat] < least_gold or not state.supply[seat]:
        return None
    at = state.pawns[seat]
    counts: dict[int, int] = {}
    own = state.cubes.owned[seat]
    for reach in faces(at, state.cubes.blocking(seat))[1]:
        for sq in reach:
            if own >> sq & 1:
                return None
            counts[sq] = counts.get(sq, 0) + 1
    allowed = state.cube_squares()
    best = max(allowed, key=lambda sq: (counts.get(sq, 0), -sq), default=None)
    if best is None or counts.get(best, 0) < (1 if state.gold[seat] >= 2 * least_gold else 2):
        return None
    if not any(o != seat and p >= 0 and 1 <= DIST[p][best] <= 6
               for o, p in enumerate(state.pawns)):
        return None
    return best


@dataclass
class GreedyBot:
    """One-ply greedy play on :func:`evaluate`; plain rules of thumb for cubes and ransoms."""

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """The action with the best immediate value (ties broken by order)."""
        assert isinstance(world, Catch22State)
        phase = world.phase
        if phase == START:
            return max(world.legal_actions(), key=lambda a: self._star_value(world, a))
        if phase == PREPARE:
            return self._prepare(world, seat)
        if phase == RANSOM:
            return answer_ransom(world)
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
        offer = ransom_offer(world, seat)
        if offer is not None:
            return offer
        threat = self._threat(world, seat)
        if threat is not None and world.supply[seat]:
            target = world.pawns[threat]
            for action in world.legal_actions():
                if action.kind == "cube":
                    square = BOARD.index[(getattr(action, "row"), getattr(action, "col"))]
                    if DIST[target][square] == 1 and STAR_DIST[square] < STAR_DIST[target]:
                        return action
        safe = safety_cube(world, seat)
        return ROLL if safe is None else CUBE_ACTIONS[safe]

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


# -- the strongest level: expectimax over the die --------------------------------------------------

WIN_VALUE = 2.0
_FACES: dict[tuple[int, int], "Faces"] = {}
_FACES_LIMIT = 100_000
_JACKPOTS = frozenset(BOARD.jackpots)

# (faces that can cross a Star, end squares per face 1..6, Jackpot ends per face 1..6)
Faces = tuple[int, tuple[frozenset[int], ...], tuple[tuple[int, ...], ...]]


def faces(start: int, blocked: int) -> Faces:
    """For a pawn on ``start`` with ``blocked`` squares: how many die faces allow a move that
    crosses a Star, the end squares reachable with each face 1..6, and those that are Jackpots
    (cached)."""
    key = (start, blocked)
    hit = _FACES.get(key)
    if hit is None:
        star = 0
        ends = []
        for d in range(1, 7):
            found = routes(start, d, blocked)
            star += any(crossed for _, crossed in found)
            ends.append(frozenset(end for end, _ in found))
        pots = tuple(tuple(sorted(e & _JACKPOTS)) for e in ends)
        hit = (star, tuple(ends), pots)
        if len(_FACES) > _FACES_LIMIT:
            _FACES.clear()
        _FACES[key] = hit
    return hit


@dataclass
class Weights:
    """Tunable weights of :func:`position_value`."""

    gold: float = 0.5        # progress per share of the threshold while short of it
    ready: float = 0.55      # progress for holding the winning gold
    star: float = 0.4        # extra for a Star within one roll (as a share of the faces)
    near: float = 0.05       # extra for holding the gold near a Star
    pots: float = 0.5        # weight of the expected Jackpot gold reachable next roll
    rival: float = 0.6       # weight of the best opponent's progress
    cube: float = 0.004      # value of a cube in supply
    kept: float = 0.03       # value of an opponent's cube kept (a ransom to come)


W = Weights()


def position_value(state: Catch22State, me: int, w: Weights = W) -> float:
    """How well ``me`` stands once its turn is over (higher is better; a win is WIN_VALUE).

    Progress is gold towards the threshold, then the chance of crossing a Star with one roll;
    it is discounted by the chance that an opponent lands on ``me`` (and steals everything) and
    by the chance that an opponent holding the gold crosses a Star before ``me`` moves again."""
    if state.winner >= 0:
        return WIN_VALUE if state.winner == me else -WIN_VALUE
    n = state.num_players
    threshold = state.threshold
    all_cubes = 0
    own = [0] * n
    for sq, owner in state.cubes.items():
        all_cubes |= 1 << sq
        own[owner] |= 1 << sq
    pawns = state.pawns
    empty: Faces = (0, (), ())
    info = [faces(pawns[x], all_cubes & ~own[x]) if pawns[x] >= 0 else empty for x in range(n)]
    pots = state.pots

    def progress(x: int) -> float:
        gold = state.gold[x]
        if gold >= threshold:
            return w.ready + w.star * info[x][0] / 6 + w.near / (1 + STAR_DIST[pawns[x]])
        value = w.gold * gold / threshold
        pot = 0
        for reach in info[x][2]:
            if reach:
                pot += max(pots[sq] for sq in reach)
        if pot:
            value += w.gold * w.pots * min(pot / 6, threshold - gold) / threshold
        return value

    at = pawns[me]
    safe_me = 1.0
    survive = 1.0
    rival = 0.0
    for o in range(n):
        if o == me or pawns[o] < 0:
            continue
        ends = info[o][1]
        if state.gold[me] and at >= 0:
            hits = sum(1 for reach in ends if at in reach)
            safe_me *= 1 - hits / 6
        if state.gold[o] >= threshold:
            survive *= 1 - info[o][0] / 6
        rival = max(rival, progress(o))
    mine = progress(me)
    if safe_me < 1.0:
        gold = state.gold[me]
        state.gold[me] = 0
        broke = progress(me)
        state.gold[me] = gold
        mine = safe_me * mine + (1 - safe_me) * broke
    return survive * mine - w.rival * rival + w.cube * state.supply[me] \
        + w.kept * sum(state.kept[me])


def _triggers_roll(state: Catch22State, move: Move) -> bool:
    """Whether ending ``move`` (without a win) gives the mover another roll."""
    end = BOARD.index[(move.row, move.col)]
    if BOARD.kinds[end] not in (JACKPOT, ROLL_AGAIN):
        return False
    me = state.current
    return not any(at == end for s, at in enumerate(state.pawns) if s != me)


@dataclass
class ExpectimaxBot:
    """Plans its whole turn over the die: the value of rolling is the mean over the six faces of
    the best move for each face (a Jackpot or Roll Again square opens another expectation); cube
    placements (a safe square to land on, or a wall on a rich rival's way to a Star) are tried
    before the roll and kept only when they raise that expectation. Leaves are valued with
    :func:`position_value`. Catch 22 has no hidden information; the generator of ``world`` is
    replaced from ``rng`` so a re-dealt world never changes the choice.

    The work is fixed by the counts above (``cube_candidates`` cubes tried, ``cube_finalists``
    valued in full), so the choice is the same on any machine; ``seconds`` is only a safety cap
    on the thinking thread's CPU time, and a decision it cuts short is counted in ``capped``. The
    cap was 0.25 s and never cut a decision on the 2-core test machine (loaded, 2026-12-04: 412
    decisions of three 4-player level-3 games, cap lifted, took at most 0.116 s), so it is now
    1 s, a safety net only."""

    weights: Weights = field(default_factory=Weights)
    cube_candidates: int = 6
    cube_finalists: int = 2
    cube_margin: float = 0.005
    seconds: float = 1.0
    capped: int = field(default=0, repr=False)
    last_capped: bool = field(default=False, repr=False)
    _deadline: float = field(default=0.0, init=False, repr=False)

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """The action with the best expected value for ``seat``."""
        assert isinstance(world, Catch22State)
        state = world.clone()
        state.rng = Rng(rng.next64())
        state.script = []
        self._deadline = time.thread_time() + self.seconds
        self.last_capped = False
        phase = state.phase
        if phase == START:
            return GreedyBot().choose(state, seat, rng)
        if phase == PREPARE:
            return self._prepare(state, seat)
        if phase == MOVE:
            return self._best_move(state, seat, 0)[1]
        if phase == RANSOM:
            return self._ransom(state, seat)
        options = state.legal_actions()
        return max(options, key=lambda a: self._after(state, a, seat))

    # -- values -------------------------------------------------------------------------------
    def _after(self, state: Catch22State, action: Action, me: int) -> float:
        sim = state.clone()
        sim.do(action)
        return self._resolve(sim, me)

    def _resolve(self, sim: Catch22State, me: int) -> float:
        """Value of a position reached during ``me``'s turn (its own choices resolved greedily)."""
        if sim.phase in (SWITCH, REMOVE) and sim.current == me:
            return max(self._after(sim, a, me) for a in sim.legal_actions())
        if sim.phase == MOVE and sim.current == me:
            return self._best_move(sim, me, 2)[0]
        return position_value(sim, me, self.weights)

    def _move_value(self, state: Catch22State, move: Move, me: int, depth: int) -> float:
        sim = state.clone()
        sim.do(move)
        if sim.phase == OVER or depth >= 1 or not _triggers_roll(state, move):
            return self._resolve(sim, me)
        total = 0.0
        for d, p in state.chance_outcomes():
            sim = state.clone()
            sim.force_chance(d)
            sim.do(move)
            if sim.phase == MOVE and sim.current == me:
                total += p * self._best_move(sim, me, depth + 1)[0]
            else:
                total += p * self._resolve(sim, me)
        return total

    def _best_move(self, state: Catch22State, me: int, depth: int) -> tuple[float, Action]:
        best: Optional[Action] = None
        best_value = -math.inf
        for action in state.legal_actions():
            if depth >= 2:
                sim = state.clone()
                sim.do(action)
                value = position_value(sim, me, self.weights) if sim.phase == OVER or \
                    sim.current != me or sim.phase == PREPARE else self._static(sim, me)
            else:
                value = self._move_value(state, action, me, depth)  # type: ignore[arg-type]
            if value > best_value:
                best, best_value = action, value
        assert best is not None
        return best_value, best

    def _static(self, sim: Catch22State, me: int) -> float:
        if sim.phase in (SWITCH, REMOVE) and sim.current == me:
            return max(position_value(_done(sim, a), me, self.weights) for a in sim.legal_actions())
        return position_value(sim, me, self.weights)

    def roll_value(self, state: Catch22State, me: int, deep: bool = True) -> float:
        """The expected value of rolling now: the mean over the faces of the best move (``deep``:
        a further roll earned on the way is an expectation too, else the one our generator
        rolls)."""
        total = 0.0
        for d, p in state.chance_outcomes():
            sim = state.clone()
            sim.force_chance(d)
            sim.do(ROLL)
            if sim.phase == MOVE and sim.current == me:
                total += p * self._best_move(sim, me, 0 if deep else 1)[0]
            else:
                total += p * position_value(sim, me, self.weights)
        return total

    # -- decisions ----------------------------------------------------------------------------
    def _prepare(self, state: Catch22State, me: int) -> Action:
        offer = self._offer(state, me)
        if offer is not None:
            return offer
        shortlist = self._cube_shortlist(state, me)
        if not shortlist:
            return ROLL
        # A quick pass (further rolls sampled) keeps the cubes that look useful ...
        quick = self.roll_value(state, me, deep=False)
        gains = []
        for square in shortlist:
            if self._out_of_time():
                break
            value = self.roll_value(_done(state, CUBE_ACTIONS[square]), me, deep=False)
            if value > quick + self.cube_margin / 2:
                gains.append((value - quick, square))
        if not gains:
            return ROLL
        gains.sort(key=lambda g: (-g[0], g[1]))
        # ... and the full expectation decides between rolling and the best of them.
        best: Action = ROLL
        best_value = self.roll_value(state, me) + self.cube_margin
        for _, square in gains[:self.cube_finalists]:
            if self._out_of_time():
                break
            value = self.roll_value(_done(state, CUBE_ACTIONS[square]), me)
            if value > best_value:
                best, best_value = CUBE_ACTIONS[square], value
        return best

    def _out_of_time(self) -> bool:
        """Whether the safety cap is past (the cut is counted once per decision)."""
        if time.thread_time() <= self._deadline:
            return False
        if not self.last_capped:
            self.last_capped = True
            self.capped += 1
        return True

    def _cube_shortlist(self, state: Catch22State, me: int) -> list[int]:
        """Squares worth trying a cube on: safe landings when carrying gold, and squares on the
        Star-crossing routes of opponents who hold (or nearly hold) the winning gold."""
        allowed = state.cube_squares()
        if not allowed:
            return []
        allowed_set = set(allowed)
        picks: list[tuple[float, int]] = []
        at = state.pawns[me]
        if state.gold[me] >= 3:
            counts: dict[int, int] = {}
            for reach in faces(at, state.cubes.blocking(me))[1]:
                for sq in reach:
                    if sq in allowed_set:
                        counts[sq] = counts.get(sq, 0) + 1
            for sq, k in counts.items():
                picks.append((k + 0.1 * STAR_DIST[sq] * (state.gold[me] < state.threshold), sq))
        for o, pawn in enumerate(state.pawns):
            # walls on the Star routes of rivals holding (or within 4 of) the winning gold
            if o == me or pawn < 0 or state.gold[o] < state.threshold - 4:
                continue
            blocked = state.cubes.blocking(o)
            hits: dict[int, int] = {}
            for d in range(1, 7):
                for (end, crossed), route in routes(pawn, d, blocked).items():
                    if crossed:
                        for sq in route[1:]:
                            if sq in allowed_set:
                                hits[sq] = hits.get(sq, 0) + 1
            urgent = 10 if state.gold[o] >= state.threshold else 5
            for sq, k in hits.items():
                picks.append((urgent + k, sq))
        picks.sort(key=lambda p: (-p[0], p[1]))
        out: list[int] = []
        for _, sq in picks:
            if sq not in out:
                out.append(sq)
            if len(out) >= self.cube_candidates:
                break
        return out

    def _offer(self, state: Catch22State, me: int) -> Optional[Action]:
        """Offer a kept cube at what it is worth to its owner (a refusal costs nothing)."""
        return ransom_offer(state, me)

    def _ransom(self, state: Catch22State, me: int) -> Action:
        """Pay when the price is at most what the cube is worth to ``me`` now."""
        return answer_ransom(state)


def _done(state: Catch22State, action: Action) -> Catch22State:
    sim = state.clone()
    sim.do(action)
    return sim


# -- the three levels ------------------------------------------------------------------------------
LEVELS: dict[int, BotFactory] = {
    1: lambda: Noisy(GreedyBot(), 0.3),
    2: GreedyBot,
    3: ExpectimaxBot,
}
