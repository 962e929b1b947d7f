"""Cheap heuristics for Cat in the Box: a greedy policy, a rollout and an ISMCTS factory.

Not registered anywhere; a registry may wire ``GreedyBoxBot`` or ``heuristic_ismcts`` in later.
The idea: never paint yourself into a paradox (keep every card in hand declarable), keep options
open, chase tricks only while short of the prediction, and place tokens next to your own.
"""

from __future__ import annotations

from dataclasses import dataclass

from cats.ai.generic import ISMCTS
from cats.box.actions import COLOUR_INDEX, RED, Play, Predict, SetAside
from cats.box.state import PLAYING, BoxState
from cats.box.table import EMPTY
from cats.core import Action, State
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
    best: list[Action] = []
    best_score = float("-inf")
    for action in state.legal_actions():
        score = play_score(state, action)  # type: ignore[arg-type]
        if score > best_score + 1e-9:
            best, best_score = [action], score
        elif score >= best_score - 1e-9:
            best.append(action)
    return best[rng.below(len(best))]


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
