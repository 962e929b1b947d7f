"""Cat in the Box bots: a greedy policy that never paints itself into a paradox, and a round search.

Registered levels: 1 Kitten plays the policy with slips, 2 Tomcat plays the policy, 3 Lion searches
the rest of the round (information-set MCTS) among the policy's few best plays, with a light
policy in its rollouts, and counts causing the paradox as worse than its score alone says.
The policy, per legal play: never leave yourself without a card you can declare while another play
keeps one (that paradox would be certain at your next turn); then keep many cards and
declarations open, win or duck the trick as the prediction asks, place tokens next to your own,
and take the spaces still open to a rival who has lost a colour (making a rival cause the
paradox). The light policy drops the last two, which rollouts cannot afford.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional, Sequence

from cats.ai.search import Noisy, RoundISMCTS, SearchRng
from cats.box.actions import COLOUR_INDEX, PLAY_SETS, PLAYS, RED, Play, Predict, SetAside
from cats.box.info import ALL_COLOURS, ASIDE, OVER, PLAYING
from cats.box.scoring import winners
from cats.box.state import BoxState, round_stamp
from cats.box.table import Table
from cats.box.trick import COLOUR_RANKS
from cats.core import Action, BotFactory, State
from cats.rng import Rng

EXPLORE = 0.15    # share of rollout moves chosen at random among the plays that keep a card
SAFETY = 10.0     # weight of the share of the hand still declarable after the play
PAIRS = 1.0       # weight per (card, colour) declaration still open after the play
WANT = 3.0        # weight of winning (or ducking) the trick as the prediction asks
TOUCH = 0.5       # weight per own token next to the claimed space
PRESS = 2.0       # weight of taking a space that a rival short of options could still use
DOOMED = -100.0   # a play after which the player holds no declarable card: a certain paradox
PARADOX_COST = 0.1  # taken off the round value of the player who caused the paradox
ROOT_WIDTH = 4    # plays Lion searches at the root: the policy's best few

# Per colour mask (bit = colour index): how many colours it holds, and which, in colour order.
BITS = tuple(bin(m).count("1") for m in range(16))
COLOURS_OF = tuple(tuple(c for c in range(4) if m >> c & 1) for m in range(16))


def _want_tricks(state: BoxState, seat: int) -> int:
    """How many more tricks the seat wants (two players: stay at 4 or fewer)."""
    if state.table.bonus_max_tricks is not None:
        return state.table.bonus_max_tricks - state.tricks[seat]
    return state.predictions[seat] - state.tricks[seat]


def keeps_a_play(state: BoxState, number: int, colour: int) -> bool:
    """Whether the seat to move, after playing ``number`` as ``colour``, still holds a card it
    can declare (true too when it will not play again this round)."""
    seat = state.turn
    hand = list(state.hands[seat])
    hand.remove(number)
    if len(hand) <= 1:
        return True
    mask = state.colours[seat]
    if state.trick and colour != state.led:
        mask &= ~(1 << state.led)
    free = list(state.free)
    free[number] &= ~(1 << colour)
    return any(free[k] & mask for k in hand)


def _squeeze(state: BoxState, seat: int) -> Optional[list[float]]:
    """Per colour, how much taking one of its spaces squeezes the rivals who have lost a colour:
    the sum over those still holding it of (cards they must still play) / (spaces open to them).
    Rivals holding all four colours gain the same from every colour, so they are left out
    (``None`` when every rival holds all four)."""
    free, hands = state.free, state.hands
    squeeze: Optional[list[float]] = None
    for rival, mask in enumerate(state.colours):
        if rival == seat or mask == ALL_COLOURS:
            continue
        plays = len(hands[rival]) - 1
        if plays <= 0:
            continue
        room = 0
        for bits in free:
            room += BITS[bits & mask]
        weight = plays / room if room else float(plays)
        if squeeze is None:
            squeeze = [0.0, 0.0, 0.0, 0.0]
        for c in COLOURS_OF[mask]:
            squeeze[c] += weight
    return squeeze


def _win_chances(numbers: int, after_me: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Per number, a rough chance that a card now winning the trick holds on with ``after_me``
    players still to play: as red, and as another colour."""
    key = numbers * 8 + after_me
    found = _CHANCES.get(key)
    if found is None:
        red = tuple((k / numbers) ** after_me for k in range(numbers + 1))
        other = tuple((0.5 * k / numbers) ** after_me for k in range(numbers + 1))
        found = _CHANCES[key] = (red, other)
    return found


_CHANCES: dict[int, tuple[tuple[float, ...], tuple[float, ...]]] = {}


def _room(state: BoxState, held: int, other: int
          ) -> tuple[list[int], list[int], int, int, int, int]:
    """The hand's distinct numbers and their counts, and how many cards and (card, colour)
    declarations it has open in the colours ``held`` and ``other`` (``held`` without the led
    colour: what a play that does not follow keeps)."""
    free = state.free
    distinct: list[int] = []
    counts: list[int] = []
    cards_f = pairs_f = cards_o = pairs_o = 0
    previous = 0
    for k in state.hands[state.turn]:   # sorted: equal numbers are neighbours
        if k == previous:
            counts[-1] += 1
        else:
            distinct.append(k)
            counts.append(1)
            previous = k
        spaces = free[k] & held
        if spaces:
            cards_f += 1
            pairs_f += BITS[spaces]
        spaces = free[k] & other
        if spaces:
            cards_o += 1
            pairs_o += BITS[spaces]
    return distinct, counts, cards_f, pairs_f, cards_o, pairs_o


def safe_plays(state: BoxState) -> list[Action]:
    """The legal plays after which the player still holds a card to declare (all of them when
    none does, or when the player will not play again this round)."""
    seat = state.turn
    hand = state.hands[seat]
    if len(hand) <= 2:
        return state.legal_actions()
    held, free = state.colours[seat], state.free
    pmask = state.play_mask()
    led = state.led if state.trick else -1
    other = held & ~(1 << led) if led >= 0 else held
    cards_f = cards_o = 0   # cards declarable in the colours kept by following / not following
    for k in hand:
        spaces = free[k]
        if spaces & held:
            cards_f += 1
            if spaces & other:
                cards_o += 1
    sets = PLAY_SETS
    safe: list[Action] = []
    previous = 0
    for k in hand:   # sorted: each number once
        if k == previous:
            continue
        previous = k
        bits = free[k] & pmask
        if not bits:
            continue
        had = hand.count(k)
        keep_f = cards_f - had + (had - 1) * (BITS[free[k] & held] > 1) > 0
        if led < 0:
            if keep_f:
                safe += sets[k][bits]
            continue
        keep_o = cards_o - had + (had - 1) * (BITS[free[k] & other] > 1) > 0
        if keep_f and keep_o:
            safe += sets[k][bits]
        elif keep_f:
            if bits >> led & 1:
                safe.append(PLAYS[k][led])
        elif keep_o:
            safe += sets[k][bits & other]
    return safe or state.legal_actions()


def best_plays(state: BoxState, ranked: Optional[list[tuple[float, Action]]] = None
               ) -> list[Action]:
    """The legal plays with the best policy score.

    The plays are taken number by number (the legal ones: the hand's numbers on empty spaces of
    the colours of ``play_mask``). Keeping cards declarable is counted per colour set (with and
    without the led colour) once, and a play changes only its own number's count. ``ranked``,
    if given, receives every legal play with its score."""
    seat = state.turn
    held, free, trick, table = state.colours[seat], state.free, state.trick, state.table
    numbers = table.numbers
    pmask = state.play_mask()
    left = len(state.hands[seat]) - 1
    if trick:
        led = state.led
        other = held & ~(1 << led)
        ranks = COLOUR_RANKS[led + 1]
        top = -1
        for _, k, c in trick:
            if ranks[c] + k > top:
                top = ranks[c] + k
    else:
        led, other, ranks, top = -1, held, COLOUR_RANKS[0], -1
    distinct, counts, cards_f, pairs_f, cards_o, pairs_o = _room(state, held, other)
    need = _want_tricks(state, seat)
    want = WANT * (-1.0 if need == 0 else 1.0 if need > 0 else 0.5)
    own = state.tokens[seat] if need >= 0 else 0
    red_chance, other_chance = _win_chances(numbers, state.num_players - len(trick) - 1)
    squeeze = _squeeze(state, seat)
    near = table.near_bits
    best: list[Action] = []
    best_score = -1e18
    keep_f = keep_o = SAFETY
    for k, had in zip(distinct, counts):
        bits = free[k] & pmask
        if not bits:
            continue
        if left > 1:
            if led < 0 or bits >> led & 1:
                spaces = BITS[free[k] & held]
                cards = cards_f - had + (had - 1) * (spaces > 1)
                keep_f = (DOOMED if cards <= 0
                          else SAFETY * cards / left + PAIRS * (pairs_f - spaces - had + 1))
            if led >= 0 and bits & other:
                spaces = BITS[free[k] & other]
                cards = cards_o - had + (had - 1) * (spaces > 1)
                keep_o = (DOOMED if cards <= 0
                          else SAFETY * cards / left + PAIRS * (pairs_o - spaces - had + 1))
        for c in COLOURS_OF[bits]:
            score = keep_f if led < 0 or c == led else keep_o
            if ranks[c] + k > top:
                score += want * (2.0 * (red_chance if c == RED else other_chance)[k] - 1.0)
            else:
                score -= want
            if own:
                score += TOUCH * (near[c * numbers + k - 1] & own).bit_count()
            if squeeze is not None:
                score += PRESS * squeeze[c]
            if ranked is not None:
                ranked.append((score, PLAYS[k][c]))
            if score > best_score + 1e-9:
                best, best_score = [PLAYS[k][c]], score
            elif score >= best_score - 1e-9:
                best.append(PLAYS[k][c])
    return best


def _gains(numbers: int, after_me: int, want: float
           ) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Per number, what the trick term adds to a card now holding the trick (as red, and as
    another colour): ``want`` times the chance it holds on (see :func:`_win_chances`), as a
    -1..1 edge."""
    key = (numbers, after_me, want)
    found = _GAINS.get(key)
    if found is None:
        red, other = _win_chances(numbers, after_me)
        found = _GAINS[key] = (tuple(want * (2.0 * p - 1.0) for p in red),
                               tuple(want * (2.0 * p - 1.0) for p in other))
    return found


_GAINS: dict[tuple[int, int, float], tuple[tuple[float, ...], tuple[float, ...]]] = {}


def _rollout_gains(table: Table, after_me: int, need: int
                   ) -> tuple[float, tuple[float, ...], tuple[float, ...]]:
    """The light policy's trick term: ``want`` (see :func:`best_plays`) and :func:`_gains`, for
    a seat that needs ``need`` more tricks with ``after_me`` players still to play."""
    code = 0 if need == 0 else 1 if need > 0 else 2
    key = (table.numbers * 8 + after_me) * 3 + code
    found = _ROLLOUT_GAINS.get(key)
    if found is None:
        want = WANT * (-1.0, 1.0, 0.5)[code]
        found = _ROLLOUT_GAINS[key] = (want, *_gains(table.numbers, after_me, want))
    return found


_ROLLOUT_GAINS: dict[int, tuple[float, tuple[float, ...], tuple[float, ...]]] = {}


def rollout_plays(state: BoxState) -> Sequence[Action]:
    """The plays the light policy (no token adjacency, no squeeze) likes best: the plays
    ``best_plays`` picks with those weights at zero, computed per number and colour class (the
    led colour, red, and any other colour score alike within a number), as rollouts need it
    fast. Within a number the plays come class by class."""
    seat = state.turn
    held, free, trick, table = state.colours[seat], state.free, state.trick, state.table
    hand = state.hands[seat]
    left = len(hand) - 1
    bonus_max = table.bonus_max_tricks
    need = (state.predictions[seat] if bonus_max is None else bonus_max) - state.tricks[seat]
    after_me = state.num_players - len(trick) - 1
    gains = _ROLLOUT_GAINS.get((table.numbers * 8 + after_me) * 3 + (
        0 if need == 0 else 1 if need > 0 else 2))
    want, red_gain, other_gain = gains or _rollout_gains(table, after_me, need)
    sets = PLAY_SETS
    best: tuple[Action, ...] = ()
    best_score = -1e18
    keep_f = keep_o = SAFETY
    if not trick:   # a lead holds the trick so far, in any colour; nothing is given up
        pmask = held if state.red_open else state.play_mask()
        if left > 1:
            per_card = SAFETY / left
            cards_f = pairs_f = 0   # as _room counts, inlined: this is the rollouts' hot path
            for k in hand:
                spaces = free[k] & held
                if spaces:
                    cards_f += 1
                    pairs_f += BITS[spaces]
        previous = 0
        for k in hand:   # sorted: each number once, its copies counted where they matter
            if k == previous:
                continue
            previous = k
            bits = free[k] & pmask
            if not bits:
                continue
            if left > 1:
                had = hand.count(k)
                spaces = BITS[free[k] & held]
                cards = cards_f - had + (had - 1) * (spaces > 1)
                keep_f = (DOOMED if cards <= 0
                          else per_card * cards + PAIRS * (pairs_f - spaces - had + 1))
            if bits & 1:
                score = keep_f + red_gain[k]
                if score > best_score + 1e-9:
                    best, best_score = sets[k][1], score
                elif score >= best_score - 1e-9:
                    best += sets[k][1]
            if bits & 14:
                score = keep_f + other_gain[k]
                if score > best_score + 1e-9:
                    best, best_score = sets[k][bits & 14], score
                elif score >= best_score - 1e-9:
                    best += sets[k][bits & 14]
        return best
    led = state.led
    led_bit = 1 << led
    other = held & ~led_bit
    ranks = COLOUR_RANKS[led + 1]
    top = -1
    for _, k, c in trick:
        if ranks[c] + k > top:
            top = ranks[c] + k
    split = other != held
    if left > 1:
        per_card = SAFETY / left
        cards_f = pairs_f = cards_o = pairs_o = 0
        for k in hand:
            spaces = free[k] & held
            if spaces:
                cards_f += 1
                pairs_f += BITS[spaces]
                if split:
                    spaces &= other
                    if spaces:
                        cards_o += 1
                        pairs_o += BITS[spaces]
    led_gain = red_gain if led == RED else other_gain
    led_rank, red_rank = ranks[led], ranks[RED]
    red_only = 1 & ~led_bit
    plain = ~(led_bit | 1)
    previous = 0
    for k in hand:
        if k == previous:
            continue
        previous = k
        bits = free[k] & held
        if not bits:
            continue
        if left > 1:
            had = hand.count(k)
            spaces = BITS[bits]
            cards = cards_f - had + (had - 1) * (spaces > 1)
            keep_f = (DOOMED if cards <= 0
                      else per_card * cards + PAIRS * (pairs_f - spaces - had + 1))
            if split:
                spaces = BITS[bits & other]
                cards = cards_o - had + (had - 1) * (spaces > 1)
                keep_o = (DOOMED if cards <= 0
                          else per_card * cards + PAIRS * (pairs_o - spaces - had + 1))
            else:
                keep_o = keep_f
        # neither red nor the led colour ever takes a trick that has been led
        colours = bits & led_bit
        if colours:
            score = keep_f + (led_gain[k] if led_rank + k > top else -want)
            if score > best_score + 1e-9:
                best, best_score = sets[k][colours], score
            elif score >= best_score - 1e-9:
                best += sets[k][colours]
        colours = bits & red_only
        if colours:
            score = keep_o + (red_gain[k] if red_rank + k > top else -want)
            if score > best_score + 1e-9:
                best, best_score = sets[k][colours], score
            elif score >= best_score - 1e-9:
                best += sets[k][colours]
        colours = bits & plain
        if colours:
            score = keep_o - want
            if score > best_score + 1e-9:
                best, best_score = sets[k][colours], score
            elif score >= best_score - 1e-9:
                best += sets[k][colours]
    return best


def aside_choice(state: BoxState) -> Action:
    """Set aside a copy of the number held most often (duplicates crowd the board)."""
    hand = state.hands[state.turn]
    number = max(sorted(set(hand)), key=lambda k: (hand.count(k), -k))
    return SetAside(number)


def prediction_choice(state: BoxState) -> Action:
    """Predict the allowed value closest to a rough count of strong cards."""
    top = state.table.numbers
    strong = sum(1 for k in state.hands[state.turn] if k > top * 2 // 3)
    estimate = 0.6 * strong
    return Predict(min(state.table.predictions, key=lambda v: (abs(v - estimate), v)))


def greedy_box(state: BoxState, rng: Rng) -> Action:
    """The policy's choice for the seat to move (ties broken at random)."""
    if state.phase != PLAYING:
        return aside_choice(state) if state.phase == ASIDE else prediction_choice(state)
    best = best_plays(state)
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


@dataclass
class GreedyBoxBot:
    """Plays the policy's move at once (Tomcat; with slips, Kitten)."""

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """The policy's action."""
        assert isinstance(world, BoxState)
        return greedy_box(world, rng)


# -- pieces for the round search (level 3) ---------------------------------------------------------
def play_round(state: State, rng: Rng, explore: float = EXPLORE) -> None:
    """Light-policy moves (:func:`rollout_plays`; with ``explore``, a random play among those
    that keep a card to declare) until the current round is scored (in place)."""
    assert isinstance(state, BoxState)
    rounds = len(state.rounds)
    # a float in [0, 1): the search generator's own C draw, else one from ``rng.below``
    draw = rng.random if isinstance(rng, SearchRng) else lambda: rng.below(1 << 30) / (1 << 30)
    threshold = int(explore * 1024) / 1024
    while True:
        phase = state.phase
        if phase != PLAYING:
            if phase == OVER or len(state.rounds) != rounds:
                return
            state.do(aside_choice(state) if phase == ASIDE else prediction_choice(state))
            continue
        pool = safe_plays(state) if draw() < threshold else rollout_plays(state)
        play = pool[int(draw() * len(pool))] if len(pool) > 1 else pool[0]
        state.declare(play.number, COLOUR_INDEX[play.colour])  # type: ignore[attr-defined]


def round_rewards(state: State, start: int, scale: float = 6.0) -> list[float]:
    """Per seat, a 0..1 value of round ``start``'s score against the others' mean; when that
    round ended the game, half of it is the share of the win."""
    assert isinstance(state, BoxState)
    n = state.num_players
    if len(state.rounds) <= start:
        return [0.5] * n
    record = state.rounds[start]
    scores, caused = record.scores, record.paradox
    total = sum(scores)
    out = []
    for s in range(n):
        diff = scores[s] - (total - scores[s]) / (n - 1)
        value = 0.5 + 0.5 * math.tanh(diff / scale)
        out.append(max(0.0, value - PARADOX_COST) if s == caused else value)
    if len(state.rounds) == n:   # the game's last round: the win counts too
        won, _ = winners([r.scores for r in state.rounds], n)
        out = [0.5 * v + 0.5 * (1.0 / len(won) if s in won else 0.0) for s, v in enumerate(out)]
    return out


@dataclass
class RoundSearch:
    """Lion: information-set MCTS over the rest of the round, in worlds that end with it."""

    search: RoundISMCTS

    @property
    def last_iterations(self) -> int:
        """Simulations run by the last search."""
        return self.search.last_iterations

    @property
    def capped(self) -> int:
        """Searches its CPU-time safety cap cut short."""
        return self.search.capped

    @property
    def last_capped(self) -> bool:
        """Whether the cap cut the last search short."""
        return self.search.last_capped

    @property
    def seconds(self) -> float:
        """The search's CPU-time safety cap."""
        return self.search.seconds

    @seconds.setter
    def seconds(self, value: float) -> None:
        self.search.seconds = value

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """The most visited action at the root, searching in a copy that ends with the round."""
        assert isinstance(world, BoxState)
        short = world.clone()
        short.end_after_this_round()
        return self.search.choose(short, seat, rng)


def root_plays(state: State) -> list[Action]:
    """What Lion searches: in the trick phase the ``ROOT_WIDTH`` plays the policy likes best
    (ties included), never one that leaves no card to declare while another keeps one; else
    every legal action. A few strong candidates get enough simulations each to be told apart."""
    assert isinstance(state, BoxState)
    if state.phase != PLAYING:
        return state.legal_actions()
    ranked: list[tuple[float, Action]] = []
    best_plays(state, ranked=ranked)
    if any(score > DOOMED / 2 for score, _ in ranked):
        ranked = [(score, action) for score, action in ranked if score > DOOMED / 2]
    scores = sorted((score for score, _ in ranked), reverse=True)
    cut = scores[min(ROOT_WIDTH, len(scores)) - 1] - 1e-9
    return [action for score, action in ranked if score >= cut]


def lion() -> RoundSearch:
    """A round search of 300 simulations, rolling out with the policy.

    The 300 simulations bound it. The CPU-time cap was 0.3 s and never cut a search on the
    2-core test machine (loaded, 2026-12-04: 279 decisions of two 4-player level-3 games, cap
    lifted, took at most 0.064 s, median 0.034 s), so it is now 1 s, a safety net only."""
    return RoundSearch(RoundISMCTS(play_round, round_rewards, round_stamp, iterations=300,
                                   seconds=1.0, root_actions=root_plays))


# -- events the bots bench counts -----------------------------------------------------------------
def events(before: State, action: Action, after: State) -> list[tuple[int, str]]:
    """What one move shows (for the bots bench): the seat that caused a paradox, and a play that
    made the player's own paradox certain while another legal play kept a card to declare."""
    assert isinstance(before, BoxState) and isinstance(after, BoxState)
    shown: list[tuple[int, str]] = []
    if isinstance(action, Play):
        colour = COLOUR_INDEX[action.colour]
        if not keeps_a_play(before, action.number, colour) and any(
                keeps_a_play(before, a.number, COLOUR_INDEX[a.colour])  # type: ignore[attr-defined]
                for a in before.legal_actions()):
            shown.append((before.turn, "avoidable paradox"))
    if len(after.rounds) > len(before.rounds):
        caused = after.rounds[-1].paradox
        if caused is not None:
            shown.append((caused, "paradox"))
    return shown


# -- the three levels ------------------------------------------------------------------------------
LEVELS: dict[int, BotFactory] = {
    1: lambda: Noisy(GreedyBoxBot(), 0.3),
    2: GreedyBoxBot,
    3: lion,
}

__all__ = ["LEVELS", "GreedyBoxBot", "RoundSearch", "best_plays", "greedy_box", "events",
           "keeps_a_play", "play_round", "round_rewards", "safe_plays"]
