"""Cheap heuristics for Cat in the Box: a greedy policy, a rollout and an ISMCTS factory.

Registered by :mod:`cats.ai.levels`: ``GreedyBoxBot`` (levels 1–2), and a round-limited ISMCTS
built from ``play_round`` and ``round_rewards`` (3).
The idea: never paint yourself into a paradox (keep every card in hand declarable), keep options
open, chase tricks only while short of the prediction, and place tokens next to your own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cats.ai.search import ISMCTS, Noisy, RoundISMCTS
from cats.box.actions import COLOUR_INDEX, RED, Play, Predict, SetAside
from cats.box.state import PLAYING, BoxState
from cats.box.table import EMPTY
from cats.core import Action, BotFactory, State
from cats.rng import Rng

EXPLORE = 0.15    # share of random moves in rollouts
SAFETY = 10.0     # weight of keeping every card in hand declarable
WANT = 3.0        # weight of winning (or ducking) the trick as the prediction asks
TOUCH = 1.0       # weight per own token next to the claimed space


def _options(state: BoxState, seat: int, hand: list[int], colours: int, taken: int) -> tuple[int, int]:
    """(cards in hand still declarable, declarable (card, colour) pairs) for a hypothetical hand."""
    board, n = state.board, state.table.numbers
    cards = pairs = 0
    for number in hand:
        free = sum(1 for c in range(4) if colours >> c & 1 and board[c * n + number - 1] == EMPTY
                   and c * n + number - 1 != taken)
        cards += free > 0
        pairs += free
    return cards, pairs


def _would_win(state: BoxState, number: int, colour: int) -> bool:
    """Whether the card would be winning the trick right now."""
    led = state.led if state.trick else colour

    def rank(c: int, k: int) -> int:
        return (40 if c == RED else 20 if c == led else 0) + k

    return all(rank(colour, number) > rank(c, k) for _, k, c in state.trick)


def _want_tricks(state: BoxState, seat: int) -> int:
    """How many more tricks the seat wants (two players: stay at 4 or fewer)."""
    if state.table.bonus_max_tricks is not None:
        return state.table.bonus_max_tricks - state.tricks[seat]
    return state.predictions[seat] - state.tricks[seat]


def play_score(state: BoxState, action: Play) -> float:
    """Higher is better: safety, flexibility, the trick the prediction wants, and adjacency."""
    seat, n = state.turn, state.table.numbers
    colour = COLOUR_INDEX[action.colour]
    hand = list(state.hands[seat])
    hand.remove(action.number)
    colours = state.colours[seat]
    if state.trick and colour != state.led:
        colours &= ~(1 << state.led)
    index = colour * n + action.number - 1
    cards, pairs = _options(state, seat, hand, colours, index)
    last_trick = len(hand) <= 1
    safe = 1.0 if last_trick else cards / max(len(hand), 1)
    win = 1.0 if _would_win(state, action.number, colour) else -1.0
    want = 1.0 if _want_tricks(state, seat) > 0 else -1.0
    touch = sum(1 for j in state.table.neighbours[index] if state.board[j] == seat)
    return SAFETY * safe + 0.2 * pairs + WANT * win * want + TOUCH * touch


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
    """The heuristic's choice for the seat to move (ties broken at random)."""
    if state.phase != PLAYING:
        return aside_choice(state) if state.phase == "aside" else prediction_choice(state)
    best = best_plays(state)
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def best_plays(state: BoxState) -> list[Action]:
    """The legal plays with the best :func:`play_score`, computed in O(1) per play.

    Same score as :func:`play_score`: the free (colour, number) spaces left for every card of
    the hand are counted once per colour set (with and without the led colour), and a play only
    changes the count of its own number."""
    seat, n = state.turn, state.table.numbers
    board, hand, trick = state.board, state.hands[seat], state.trick
    mask = state.colours[seat]
    led = state.led if trick else -1
    counts = [0] * (n + 1)
    for k in hand:
        counts[k] += 1
    variants: dict[int, tuple[list[int], int, int]] = {}

    def variant(m: int) -> tuple[list[int], int, int]:
        got = variants.get(m)
        if got is None:
            free = [0] * (n + 1)
            cards = pairs = 0
            for k in range(1, n + 1):
                f = 0
                for c in range(4):
                    if m >> c & 1 and board[c * n + k - 1] == EMPTY:
                        f += 1
                free[k] = f
                if counts[k]:
                    pairs += counts[k] * f
                    if f:
                        cards += counts[k]
            got = variants[m] = (free, cards, pairs)
        return got

    left = len(hand) - 1
    last_trick = left <= 1
    want = 1.0 if _want_tricks(state, seat) > 0 else -1.0
    top = -1
    if trick:
        for _, k, c in trick:
            rank = (40 if c == RED else 20 if c == led else 0) + k
            if rank > top:
                top = rank
    neighbours = state.table.neighbours
    best: list[Action] = []
    best_score = float("-inf")
    for action in state.legal_actions():
        number = action.number  # type: ignore[attr-defined]
        colour = COLOUR_INDEX[action.colour]  # type: ignore[attr-defined]
        m = mask & ~(1 << led) if trick and colour != led else mask
        free, cards, pairs = variant(m)
        f = free[number]
        had = counts[number]
        cards += (had - 1) * (f > 1) - had * (f > 0)
        pairs += (had - 1) * (f - 1) - had * f
        safe = 1.0 if last_trick else cards / max(left, 1)
        if trick:
            rank = (40 if colour == RED else 20 if colour == led else 0) + number
            win = 1.0 if rank > top else -1.0
        else:
            win = 1.0
        index = colour * n + number - 1
        touch = 0
        for j in neighbours[index]:
            if board[j] == seat:
                touch += 1
        score = SAFETY * safe + 0.2 * pairs + WANT * win * want + TOUCH * touch
        if score > best_score + 1e-9:
            best, best_score = [action], score
        elif score >= best_score - 1e-9:
            best.append(action)
    return best


def heuristic_rollout(state: State, rng: Rng, max_steps: int = 2000) -> None:
    """Play the game out with mostly greedy moves (in place)."""
    assert isinstance(state, BoxState)
    steps = 0
    while state.to_move is not None and steps < max_steps:
        if rng.below(1000) < EXPLORE * 1000:
            actions = state.legal_actions()
            state.do(actions[rng.below(len(actions))])
        else:
            state.do(greedy_box(state, rng))
        steps += 1


@dataclass
class GreedyBoxBot:
    """Plays the heuristic move at once (a quick level-1/2 opponent)."""

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """The greedy heuristic action."""
        assert isinstance(world, BoxState)
        return greedy_box(world, rng)


def heuristic_ismcts(iterations: int = 800, seconds: float = 0.3) -> ISMCTS:
    """ISMCTS whose rollouts follow the greedy heuristic."""
    return ISMCTS(iterations=iterations, seconds=seconds, rollout=heuristic_rollout)


# -- pieces for the round search (level 3) ---------------------------------------------------------
def round_stamp(state: State) -> int:
    """Which round a state is in (the count of finished rounds)."""
    assert isinstance(state, BoxState)
    return len(state.results)


def play_round(state: State, rng: Rng, explore: float = EXPLORE) -> None:
    """Mostly greedy moves until the current round is scored (in place)."""
    assert isinstance(state, BoxState)
    rounds = len(state.results)
    threshold = int(explore * 1000)
    while state.phase != "over" and len(state.results) == rounds:
        if threshold and rng.below(1000) < threshold:
            actions = state.legal_actions()
            state.do(actions[rng.below(len(actions))])
        else:
            state.do(greedy_box(state, rng))


def round_rewards(state: State, start: int, scale: float = 6.0) -> list[float]:
    """Per seat, a 0..1 value of round ``start``'s score against the others' mean; when that
    round ended the game, half of it is the share of the win."""
    assert isinstance(state, BoxState)
    n = state.num_players
    if len(state.results) <= start:
        return [0.5] * n
    scores = state.results[start]["scores"]
    total = sum(scores)
    out = []
    for s in range(n):
        diff = scores[s] - (total - scores[s]) / (n - 1)
        out.append(0.5 + 0.5 * math.tanh(diff / scale))
    if state.phase == "over":
        outcome = state.outcome()
        assert outcome is not None
        out = [0.5 * v + 0.5 * outcome.reward(s) for s, v in enumerate(out)]
    return out


# -- the three levels ------------------------------------------------------------------------------
LEVELS: dict[int, BotFactory] = {
    1: lambda: Noisy(GreedyBoxBot(), 0.3),
    2: GreedyBoxBot,
    3: lambda: RoundISMCTS(play_round, round_rewards, round_stamp, iterations=300),
}
