"""A plain-Python Oh-Hell deal: the fixed yardstick the engine bench measures every game against.

The same definition as the shared perf harness's reference (``/work/shared/perf/own_ohhell.py``,
"variant A"), so the project's ratios and the harness's are of one thing: 4 players, 4 suits x
10 ranks, 8 tricks dealt, trump from the next card, a random dealer, bids with the dealer "hook"
rule (the dealer may not bid so that the bids add up to the tricks), tricks + 10 points for an
exact bid. Written the way a straightforward Python card game is written (dataclass cards and
state, list-returning legal moves), not tuned. Random play picks with ``random.Random.choice``
from one generator that runs on from deal to deal, as the harness does. OpenSpiel's ``oh_hell``
driven from Python runs at about 0.5-0.6 of this.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

PLAYERS = 4
SUITS = 4
RANKS = 10
TRICKS = 8
BONUS = 10


@dataclass(frozen=True)
class Card:
    """One card: a suit and a rank."""

    suit: int
    rank: int


FULL_DECK = [Card(s, r) for s in range(SUITS) for r in range(1, RANKS + 1)]


@dataclass
class State:
    """One deal of Oh-Hell from the shuffle to the score."""

    hands: list[list[Card]]
    trump: int
    dealer: int
    current: int
    leader: int
    bids: list[Optional[int]] = field(default_factory=lambda: [None] * PLAYERS)
    tricks_won: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    trick: list[tuple[int, Card]] = field(default_factory=list)
    tricks_played: int = 0
    phase: str = "bid"

    def legal_moves(self) -> list[Any]:
        """Bids (the dealer's hook excludes one) or the cards that may be played (follow suit if
        able)."""
        if self.phase == "bid":
            moves = list(range(TRICKS + 1))
            if self.current == self.dealer:
                forbidden = TRICKS - sum(b for b in self.bids if b is not None)
                moves = [m for m in moves if m != forbidden]
            return moves
        return self.legal_cards()

    def legal_cards(self) -> list[Card]:
        """The cards the player to play may play: follow suit if able."""
        hand = self.hands[self.current]
        if self.trick:
            led = self.trick[0][1].suit
            follow = [c for c in hand if c.suit == led]
            if follow:
                return follow
        return list(hand)

    def apply(self, move: Any) -> None:
        """A bid, or a card played; a full trick goes to its winner, who leads the next."""
        if self.phase == "bid":
            self.bids[self.current] = move
            self.current = (self.current + 1) % PLAYERS
            if self.current == self.leader:
                self.phase = "play"
            return
        self.hands[self.current].remove(move)
        self.trick.append((self.current, move))
        if len(self.trick) == PLAYERS:
            winner = self.trick_winner()
            self.tricks_won[winner] += 1
            self.trick = []
            self.tricks_played += 1
            self.leader = self.current = winner
            if self.tricks_played == TRICKS:
                self.phase = "over"
        else:
            self.current = (self.current + 1) % PLAYERS

    def trick_winner(self) -> int:
        """Highest trump, else highest of the led suit."""
        best_p, best_c = self.trick[0]
        for p, c in self.trick[1:]:
            if c.suit == best_c.suit:
                if c.rank > best_c.rank:
                    best_p, best_c = p, c
            elif c.suit == self.trump:
                best_p, best_c = p, c
        return best_p

    def is_terminal(self) -> bool:
        """Whether all tricks are played."""
        return self.phase == "over"

    def returns(self) -> list[int]:
        """Tricks won, plus 10 for an exact bid."""
        return [t + (BONUS if t == b else 0) for t, b in zip(self.tricks_won, self.bids)]


def new_game(rng: random.Random) -> State:
    """A shuffled deal with a random dealer; the seat after the dealer bids and leads first."""
    deck = FULL_DECK[:]
    rng.shuffle(deck)
    dealer = rng.randrange(PLAYERS)
    hands = [deck[i * TRICKS:(i + 1) * TRICKS] for i in range(PLAYERS)]
    trump = deck[PLAYERS * TRICKS].suit
    first = (dealer + 1) % PLAYERS
    return State(hands=hands, trump=trump, dealer=dealer, current=first, leader=first)


def play_out(state: State, rng: random.Random) -> int:
    """Random legal bids and cards (``rng.choice``) to the end; the moves made."""
    moves = 0
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_moves()))
        moves += 1
    return moves


def random_deals(seed: int = 2) -> Callable[[int], int]:
    """``f(n)``: play ``n`` random deals from one generator that runs on from deal to deal (the
    harness's ``own_A_full``); the moves made."""
    rng = random.Random(seed)

    def deals(n: int) -> int:
        return sum(play_out(new_game(rng), rng) for _ in range(n))

    return deals


def random_deal(seed: int) -> list[int]:
    """Play one deal with random legal bids and cards from ``random.Random(seed)``; the scores."""
    rng = random.Random(seed)
    state = new_game(rng)
    play_out(state, rng)
    return state.returns()


def mid_deal(seed: int) -> State:
    """A deal after the bids and three tricks and one card (for legal-move and copy timings)."""
    rng = random.Random(seed)
    state = new_game(rng)
    while state.phase == "bid":
        state.apply(state.legal_moves()[0])
    while state.tricks_played < 3 or state.trick:
        state.apply(state.legal_cards()[0])
    state.apply(state.legal_cards()[0])
    return state


def sample_chance(state: Any, rng: random.Random) -> int:
    """A chance outcome of an OpenSpiel state drawn by its probabilities (the harness's
    ``common.sample_chance``)."""
    x = rng.random()
    outcomes = state.chance_outcomes()
    for action, p in outcomes:
        x -= p
        if x <= 0.0:
            return int(action)
    return int(outcomes[-1][0])


def openspiel_game() -> Any:
    """OpenSpiel's ``oh_hell`` with the same shape (4 players, 4 x 10 cards, 8 tricks), or None
    when ``open_spiel`` is not installed (``pip install -e ".[bench]"``)."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    return pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_suits": SUITS,
                                         "num_cards_per_suit": RANKS, "num_tricks_fixed": TRICKS})


def openspiel_deals(seed: int = 1) -> Optional[Callable[[int], int]]:
    """``f(n)``: ``n`` OpenSpiel ``oh_hell`` deals driven from Python, chance outcomes sampled by
    their probabilities and moves picked by ``random.Random.choice`` from one generator (the
    harness's ``os_ohhell_py_full``); the steps made. None without ``open_spiel``."""
    game = openspiel_game()
    if game is None:
        return None
    rng = random.Random(seed)

    def deals(n: int) -> int:
        steps = 0
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(sample_chance(state, rng))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps

    return deals


def openspiel_ismcts_rate(simulations: int = 300, positions: int = 12) -> Optional[float]:
    """Simulations per CPU second of OpenSpiel's C++ ISMCTS (random rollouts) choosing a move
    in ``oh_hell`` deals of the same shape, from positions spread over the deal (None without
    ``open_spiel``)."""
    game = openspiel_game()
    if game is None:
        return None
    import pyspiel
    spent = 0.0
    for seed in range(positions):
        rng = random.Random(seed)
        state = game.new_initial_state()
        moves = (seed * 3) % (PLAYERS * TRICKS)   # bids and plays made before the search
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            elif moves:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
                moves -= 1
            else:
                break
        bot = pyspiel.ISMCTSBot(seed, pyspiel.RandomRolloutEvaluator(1, seed), 2.0, simulations,
                                -1, pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
                                False, False)
        start = time.thread_time()
        bot.step(state)
        spent += time.thread_time() - start
    return positions * simulations / spent
