"""A plain-Python Oh-Hell deal: the fixed yardstick the engine bench measures every game against.

Written the way a straightforward Python card game is written (dataclass cards, list-returning
legal moves), not tuned: 4 players, 4 suits x 10 ranks, 8 tricks dealt, trump from the next card,
bids with the dealer "hook" rule (the dealer may not bid so that the bids add up to the tricks),
tricks + 10 points for an exact bid, random legal play. OpenSpiel's ``oh_hell`` driven from Python
runs at about 0.60-0.70 of this.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

PLAYERS = 4
SUITS = 4
RANKS = 10
TRICKS = 8


@dataclass(frozen=True)
class Card:
    """One card: a suit and a rank."""

    suit: int
    rank: int


@dataclass
class Deal:
    """One deal of Oh-Hell from the shuffle to the score."""

    rng: random.Random
    dealer: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    trump: Optional[Card] = None
    bids: list[int] = field(default_factory=list)
    tricks: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    trick: list[tuple[int, Card]] = field(default_factory=list)
    leader: int = 1
    played: int = 0

    def __post_init__(self) -> None:
        deck = [Card(s, r) for s in range(SUITS) for r in range(RANKS)]
        self.rng.shuffle(deck)
        self.hands = [deck[i * TRICKS:(i + 1) * TRICKS] for i in range(PLAYERS)]
        self.trump = deck[PLAYERS * TRICKS]
        self.leader = (self.dealer + 1) % PLAYERS

    def bidder(self) -> int:
        """The seat to bid next."""
        return (self.dealer + 1 + len(self.bids)) % PLAYERS

    def legal_bids(self) -> list[int]:
        """Every bid the next bidder may make (the dealer's hook excludes one)."""
        bids = list(range(TRICKS + 1))
        if len(self.bids) == PLAYERS - 1:
            forbidden = TRICKS - sum(self.bids)
            bids = [b for b in bids if b != forbidden]
        return bids

    def to_play(self) -> int:
        """The seat to play next in the trick."""
        return (self.leader + len(self.trick)) % PLAYERS

    def legal_cards(self) -> list[Card]:
        """The cards the player to play may play: follow suit if able."""
        hand = self.hands[self.to_play()]
        if self.trick:
            led = self.trick[0][1].suit
            follow = [c for c in hand if c.suit == led]
            if follow:
                return follow
        return list(hand)

    def play(self, card: Card) -> None:
        """Play a legal card; a full trick goes to its winner, who leads the next."""
        seat = self.to_play()
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) == PLAYERS:
            assert self.trump is not None
            led = self.trick[0][1].suit
            trump = self.trump.suit

            def strength(entry: tuple[int, Card]) -> tuple[int, int]:
                c = entry[1]
                return (2 if c.suit == trump else 1 if c.suit == led else 0, c.rank)

            winner = max(self.trick, key=strength)[0]
            self.tricks[winner] += 1
            self.leader = winner
            self.trick = []
            self.played += 1

    def scores(self) -> list[int]:
        """Tricks won, plus 10 for an exact bid."""
        order = [(self.dealer + 1 + i) % PLAYERS for i in range(PLAYERS)]
        bid_of = dict(zip(order, self.bids))
        return [self.tricks[s] + (10 if self.tricks[s] == bid_of[s] else 0) for s in range(PLAYERS)]


def random_deal(seed: int) -> list[int]:
    """Play one deal with random legal bids and cards; the scores."""
    rng = random.Random(seed)
    deal = Deal(rng, dealer=seed % PLAYERS)
    while len(deal.bids) < PLAYERS:
        bids = deal.legal_bids()
        deal.bids.append(bids[rng.randrange(len(bids))])
    while deal.played < TRICKS:
        cards = deal.legal_cards()
        deal.play(cards[rng.randrange(len(cards))])
    return deal.scores()


def mid_deal(seed: int) -> Deal:
    """A deal after the bids and three tricks (for legal-move and copy timings)."""
    rng = random.Random(seed)
    deal = Deal(rng, dealer=seed % PLAYERS)
    while len(deal.bids) < PLAYERS:
        deal.bids.append(deal.legal_bids()[0])
    while deal.played < 3 or deal.trick:
        deal.play(deal.legal_cards()[0])
    deal.play(deal.legal_cards()[0])
    return deal


def openspiel_deal() -> Optional[Callable[[int], list[float]]]:
    """OpenSpiel's ``oh_hell`` with the same shape (4 players, 4 x 10 cards, 8 tricks) driven from
    Python with random chance outcomes and random legal moves, if ``open_spiel`` is installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_suits": SUITS,
                                         "num_cards_per_suit": RANKS, "num_tricks_fixed": TRICKS})

    def deal(seed: int) -> list[float]:
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
        return list(state.returns())

    return deal


def openspiel_ismcts_rate(simulations: int = 300, positions: int = 12) -> Optional[float]:
    """Simulations per CPU second of OpenSpiel's C++ ISMCTS (random rollouts) choosing a move
    in ``oh_hell`` deals of the same shape, from positions spread over the deal (None without
    ``open_spiel``)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_suits": SUITS,
                                         "num_cards_per_suit": RANKS, "num_tricks_fixed": TRICKS})
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
