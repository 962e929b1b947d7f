"""Cat Between Us (id ``between``): slip lure cards under six toys, then nuzzle up to the cat.

Rules: shared/rules/cat-between-us.md. Component data ([reconstruction]) lives in
``cats/between/cards.json`` (suits, values, target numbers) and ``hands.json``
(the hand-size chart).

RULES NOTE: open questions and the readings chosen here.
- Prep: "draw a random lure card ... shuffle it back" is done as a uniform pick among the 42
  cards followed by a fresh shuffle of the whole deck; the drawn card is public (it only places
  the cat) and may be dealt to anyone.
- Prep: the rules say "deal each player their hand size"; the deal goes in blocks in turn order
  from the first player (the same as dealing one at a time for a shuffled deck, and it makes a
  stacked test deck readable). The rest of the deck is set aside unseen and never used.
- Nuzzle happens at once when the 12th card is placed, and the next round is dealt at once too:
  there is no "next round" action. The reveal (all hands, attractions, totals, winners) stays
  in the view as ``last_round`` until the following Nuzzle.
- Interest markers keep the true total (it breaks ties after round 7); the track space shown is
  capped at 35 ("35+"). Markers stay where they are between rounds (the rules never reset them).
- The live total "if the round ended now" counts only the cards already under each toy (a toy
  with one card attracts that card's value).
- A third round won reaches the crown and ends the game at once, even in round 7; in that case
  the crown decides, not the most-rounds count (the two always agree).
- Round 7 tie-break ranks the tied players on their round-7 totals exactly as round winners are
  ranked (not passed beats passed; closer beats farther; least over beats more over).
- Script options ``round`` and ``wins`` (start later in the game / with rounds already won) are
  a puzzle and test set-up, not a rule; they only change where the game starts.
"""

from __future__ import annotations

from itertools import chain
from typing import Any, Mapping, Optional

from cats.between import words
from cats.between.actions import LURES_UNDER, Lure
from cats.between.cards import (
    ALL_ROOM,
    CARD_SUIT,
    CARD_TARGET,
    CARD_VALUE,
    CARDS_PER_TOY,
    CROWN,
    DEALT,
    DECK_SIZE,
    LAST_ROUND,
    LURES_PER_ROUND,
    SUIT_NAMES,
    TOYS,
    TRACK_TOP,
    attractions,
    card_name,
    card_view,
    hand_total,
    room_of,
    standing,
    toy_name,
)
from cats.between.info import INFO, check_script
from cats.between.prep import shuffle_deck
from cats.between.saves import load_state
from cats.core import Action, JsonDict, Outcome, Spot, State, action_table
from cats.jsondata import plain
from cats.rng import Rng
from cats.words import Phrase, said

__all__ = ["INFO", "BetweenState", "new_game"]

# TURN_ORDER[players][first]: the seats in turn order from the first player.
TURN_ORDER = {n: tuple(tuple((first + p) % n for p in range(n)) for first in range(n))
              for n in DEALT}
# MOST_DEALT[players]: the most cards a Prep can deal (every seat with the most rounds won).
MOST_DEALT = {n: sum(max(row) for row in chart) for n, chart in DEALT.items()}
_PASSED = 1 << 20  # more than any total can fall short of the cat
# A Nuzzle as recorded at once: (round, cat, cat card, first, hands, toys, attraction, totals,
# winners); turned into the JSON reveal only when something reads it.
_Parts = tuple[int, int, int, int, list[list[int]], list[list[int]], list[int], list[int],
               tuple[int, ...]]


class BetweenState(State):
    """A game of Cat Between Us."""

    INFO = INFO
    ACTIONS = action_table(Lure)
    # The seat to play the next lure (first player + lures played, round the table), ``None``
    # once the game is over: kept up to date by every change rather than worked out when asked.
    to_move: Optional[int] = None

    def __init__(self, num_players: int, rng: Rng, options: JsonDict) -> None:
        self.num_players = num_players
        self.rng = rng
        self.reveals = 0
        self.options = options  # script set-up (read only, shared by clones)
        self.round = int(options.get("round") or 1)
        self.first = 0
        self.cat_card = 0
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.toys: list[list[int]] = [[] for _ in range(TOYS)]
        self.room = ALL_ROOM  # bit t set while toy t has fewer than two cards
        self.played = 0
        self.to_move = 0
        self.wins: list[int] = list(options.get("wins") or [0] * num_players)
        self.interest: list[int] = [0] * num_players
        self._last: Optional[JsonDict] = None  # the latest Nuzzle reveal (never mutated)
        self._last_parts: Optional[_Parts] = None  # the same, not yet turned into JSON
        self.round_winners: list[tuple[int, ...]] = []
        self.final: Optional[tuple[int, ...]] = None  # winners once the game is over
        self.ending = ""  # "crown" or "rounds"

    # -- the contract ------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every card in the mover's hand under every toy with room, by card then toy."""
        seat = self.to_move
        if seat is None:
            return []
        under = LURES_UNDER[self.room]
        acts: list[Action] = []
        for c in self.hands[seat]:
            acts += under[c]
        return acts

    def do(self, action: Action) -> None:
        """Play the lure; the twelfth card triggers the Nuzzle and the next Prep."""
        card, toy = action.card, action.toy  # type: ignore[attr-defined]  # always a Lure
        seat: int = self.to_move  # type: ignore[assignment]  # the game is not over
        self.hands[seat].remove(card)
        cards = self.toys[toy]
        if cards:  # the toy's second card: it is full now
            self.room ^= 1 << toy
        cards.append(card)
        played = self.played = self.played + 1
        if played == LURES_PER_ROUND:
            self._nuzzle()
        else:
            self.to_move = (seat + 1) % self.num_players

    def outcome(self) -> Optional[Outcome]:
        """Rounds won per seat, the winners, a summary and each seat's breakdown."""
        if self.final is None:
            return None
        return Outcome(scores=tuple(float(w) for w in self.wins), winners=self.final,
                       summary=self._summary(), lines=tuple(self._lines(s) for s in
                                                            range(self.num_players)))

    def view_for(self, seat: Optional[int]) -> JsonDict:
        """The public table, the seat's own hand and live total, and the last Nuzzle reveal."""
        cat = CARD_TARGET[self.cat_card]
        attraction = attractions(self.toys)
        view: JsonDict = {
            "game": "between", "seat": seat, "players": self.num_players,
            "round": self.round, "rounds": LAST_ROUND, "phase": self.phase(),
            "to_move": self.to_move, "first_player": self.first,
            "cat": cat, "cat_card": card_view(self.cat_card),
            "lures_played": self.played, "lures_per_round": LURES_PER_ROUND,
            "toys": [{"toy": t, "name": SUIT_NAMES[t], "cards": [card_view(c) for c in cards],
                      "attraction": attraction[t], "open": len(cards) < CARDS_PER_TOY}
                     for t, cards in enumerate(self.toys)],
            "hand_counts": [len(h) for h in self.hands],
            "interest": list(self.interest),
            "interest_space": [min(t, TRACK_TOP) for t in self.interest],
            "track_top": TRACK_TOP,
            "wins": list(self.wins), "crown": CROWN,
            "round_winners": [list(w) for w in self.round_winners],
            "last_round": self._last_view(),
            "prompt": self.prompt(), "progress": self.progress(),
            "hand": None, "live_total": None, "live_passed": None,
        }
        if seat is not None:
            hand = self.hands[seat]
            view["hand"] = [dict(card_view(c), attraction=attraction[CARD_SUIT[c]]) for c in hand]
            total = hand_total(hand, attraction)
            view["live_total"] = total
            view["live_passed"] = total > cat
        if self.final is not None:
            view["winners"] = list(self.final)
            view["summary"] = self._summary()
        return view

    def to_json(self) -> JsonDict:
        """The complete state as plain JSON."""
        return {
            "game": "between", "players": self.num_players, "rng": self.rng.state,
            "reveals": self.reveals, "options": plain(self.options),
            "round": self.round, "first": self.first, "cat_card": self.cat_card,
            "hands": [list(h) for h in self.hands], "toys": [list(t) for t in self.toys],
            "played": self.played, "wins": list(self.wins), "interest": list(self.interest),
            "last": plain(self.last), "round_winners": [list(w) for w in self.round_winners],
            "final": None if self.final is None else list(self.final), "ending": self.ending,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "BetweenState":
        """Rebuild a state from :meth:`to_json` output; ``ValueError`` on bad data."""
        try:
            return load_state(cls, data)
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a Cat Between Us state: {exc!r}") from None

    def explain_illegal(self, action: Action) -> str:
        """Why a lure cannot be played now, in a player's words."""
        if not isinstance(action, Lure):
            return "In Cat Between Us the only move is to play a lure card from your hand under a toy."
        if not 0 <= action.toy < TOYS:
            return "There are only six toys."
        if not 0 <= action.card < DECK_SIZE:
            return "There is no such lure card."
        name = card_name(action.card)
        for t, cards in enumerate(self.toys):
            if action.card in cards:
                return f"The {name} is already under the {toy_name(t)} toy."
        seat = self.to_move
        if seat is None or action.card not in self.hands[seat]:
            return f"The {name} is not in your hand."
        if len(self.toys[action.toy]) >= CARDS_PER_TOY:
            return f"The {toy_name(action.toy)} toy already has two cards."
        return f"'{action}' is not allowed now."

    def drag_of(self, action: Action) -> Optional[tuple[Spot, Spot]]:
        """A lure is dragged from its hand slot to a toy."""
        if isinstance(action, Lure):
            return (("hand", action.card), ("toy", action.toy))
        return None

    def candidate_action(self, source: Spot, target: Spot) -> Optional[Action]:
        """The lure a drop from a hand slot onto a toy means, legal or not (to explain refusals)."""
        if (len(source) == 2 and len(target) == 2 and source[0] == "hand" and target[0] == "toy"
                and isinstance(source[1], int) and isinstance(target[1], int)):
            return Lure(source[1], target[1])
        return None

    def determinize(self, seat: int, rng: Rng) -> "BetweenState":
        """Re-deal the other hands from every card the seat has not seen (hands and set-aside)."""
        world = self.clone()
        world.rng = Rng(rng.next64())
        if self.final is not None:
            return world
        seen = set(self.hands[seat])
        for cards in self.toys:
            seen.update(cards)
        pool = [c for c in range(DECK_SIZE) if c not in seen]
        rng.shuffle(pool)
        start = 0
        for other in range(self.num_players):
            if other != seat:
                size = len(self.hands[other])
                world.hands[other] = sorted(pool[start:start + size])
                start += size
        return world

    def progress(self) -> str:
        """"Round 2 · 5 lures played"."""
        if self.final is not None:
            return f"Game over · round {self.round}"
        return f"Round {self.round} · {self.played} lure{'' if self.played == 1 else 's'} played"

    def prompt(self) -> str:
        """What the player to move does now."""
        if self.final is not None:
            return "The game is over."
        left = LURES_PER_ROUND - self.played
        return (f"Play a lure card under a toy with fewer than two cards "
                f"(cat on {CARD_TARGET[self.cat_card]}, {left} lure{'' if left == 1 else 's'} "
                "left this round)")

    def clone(self) -> "BetweenState":
        """A fast copy: the mutable lists are copied, the immutable results shared."""
        new = BetweenState.__new__(BetweenState)
        new.num_players = self.num_players
        new.rng = Rng(self.rng.state)
        new.reveals = self.reveals
        new.options = self.options
        new.round = self.round
        new.first = self.first
        new.cat_card = self.cat_card
        new.hands = [h[:] for h in self.hands]
        new.toys = [t[:] for t in self.toys]
        new.room = self.room
        new.played = self.played
        new.to_move = self.to_move
        new.wins = self.wins[:]
        new.interest = self.interest[:]
        new._last = self._last
        new._last_parts = self._last_parts
        new.round_winners = self.round_winners[:]
        new.final = self.final
        new.ending = self.ending
        return new

    # -- game vocabulary ---------------------------------------------------------------------------
    def phase(self) -> str:
        """"lure" while cards are being played, "over" at the end."""
        return "over" if self.final is not None else "lure"

    @property
    def cat(self) -> int:
        """The track space the cat token sits on this round."""
        return CARD_TARGET[self.cat_card]

    def hand_size(self, seat: int) -> int:
        """Cards dealt to ``seat`` this round, from the hand-size chart."""
        position = (seat - self.first) % self.num_players
        return DEALT[self.num_players][position][self.wins[seat]]

    def start_round(self) -> None:
        """Prep: draw the cat card, shuffle it back, deal every hand; the rest is set aside."""
        options = self.options
        if options.get("cats") is None and options.get("deck") is None:
            drawn, deck = shuffle_deck(self.rng, True, MOST_DEALT[self.num_players])
            self.cat_card = drawn  # type: ignore[assignment]  # drawn when asked for
        else:
            k = self.round - int(options.get("round") or 1)
            cats, top = _scripted(options.get("cats"), k), _scripted(options.get("deck"), k)
            drawn, deck = shuffle_deck(self.rng, cats is None)
            self.cat_card = cats if drawn is None else drawn
            if top is not None:
                chosen = set(top)
                deck = list(top) + [c for c in deck if c not in chosen]
        n, wins, hands = self.num_players, self.wins, self.hands
        start = 0
        for row, seat in zip(DEALT[n], TURN_ORDER[n][self.first]):
            end = start + row[wins[seat]]
            hands[seat] = sorted(deck[start:end])
            start = end
        self.toys = [[], [], [], [], [], []]
        self.room = ALL_ROOM
        self.played = 0
        self.to_move = self.first
        self.reveals += 1

    def _nuzzle(self) -> None:
        """Reveal hands, move interest markers, find the round winners, then end or deal again."""
        cat = CARD_TARGET[self.cat_card]
        value, suit = CARD_VALUE, CARD_SUIT
        a, b, c, d, e, f, g, h, i, j, k, m = chain(*self.toys)  # every toy holds two cards now
        attraction = [value[a] + value[b], value[c] + value[d], value[e] + value[f],
                      value[g] + value[h], value[i] + value[j], value[k] + value[m]]
        # Plain loops rather than comprehensions: once a round, but on the bench's hot path.
        totals = []
        for hand in self.hands:
            total = 0
            for card in hand:
                total += attraction[suit[card]]
            totals.append(total)
        # standing() as one number: not passed and closest first, then passed by the least
        keys = [cat - t if t <= cat else _PASSED + t - cat for t in totals]
        best = min(keys)
        winners = tuple([s for s, key in enumerate(keys) if key == best])
        wins = self.wins
        for s in winners:
            wins[s] += 1
        self.interest = totals
        self.round_winners.append(winners)
        # Prep replaces every hand list and the toys, so the reveal may keep these as they are.
        self._last_parts = (self.round, cat, self.cat_card, self.first, self.hands[:], self.toys,
                            attraction, totals, winners)
        self._last = None
        self.reveals += 1
        if max(wins) >= CROWN:
            crowned = tuple([s for s, w in enumerate(wins) if w >= CROWN])
            self.final, self.ending, self.to_move = crowned, "crown", None
        elif self.round >= LAST_ROUND:
            self.final, self.ending = self._most_rounds_winners(totals, cat), "rounds"
            self.to_move = None
        else:
            self.first = self._next_first(winners)
            self.round += 1
            self.start_round()

    @property
    def last(self) -> Optional[JsonDict]:
        """The latest Nuzzle reveal as JSON (hands, toys, attractions, totals, winners), or
        ``None`` before the first; shared by clones and never mutated."""
        parts = self._last_parts
        if parts is not None:
            rnd, cat, cat_card, first, hands, toys, attraction, totals, winners = parts
            self._last = {
                "round": rnd, "cat": cat, "cat_card": cat_card, "first": first,
                "hands": [list(h) for h in hands], "toys": [list(t) for t in toys],
                "attraction": list(attraction), "totals": list(totals),
                "passed": [t > cat for t in totals], "winners": list(winners),
            }
            self._last_parts = None
        return self._last

    @last.setter
    def last(self, reveal: Optional[JsonDict]) -> None:
        self._last, self._last_parts = reveal, None

    def set_toys(self, toys: list[list[int]]) -> None:
        """Put these cards under the toys (a loaded save, a test set-up)."""
        self.toys = toys
        self.room = room_of(toys)

    def _next_first(self, winners: tuple[int, ...]) -> int:
        """The first round winner clockwise from the previous first player (inclusive)."""
        if len(winners) == 1:
            return winners[0]
        for step in range(self.num_players):
            seat = (self.first + step) % self.num_players
            if seat in winners:
                return seat
        return self.first

    def _most_rounds_winners(self, totals: list[int], cat: int) -> tuple[int, ...]:
        """Most rounds won; ties split by round 7 ranked like round winners; still tied share."""
        most = max(self.wins)
        tied = [s for s in range(self.num_players) if self.wins[s] == most]
        best = min(standing(totals[s], cat) for s in tied)
        return tuple(s for s in tied if standing(totals[s], cat) == best)

    def _tied_on_most(self) -> list[int]:
        most = max(self.wins)
        return [s for s in range(self.num_players) if self.wins[s] == most]

    def _summary(self) -> str:
        assert self.final is not None
        winners = words.seats(self.final)
        if self.ending == "crown":
            return said(words.W("crown" if len(self.final) == 1 else "crown_shared",
                                winners=winners))
        most = max(self.wins)
        tied = self._tied_on_most()
        if len(tied) == 1:
            return said(words.W("most_rounds", round=self.round, winners=winners, n=most))
        return said(words.W("tied_best" if len(self.final) == 1 else "tied_shared",
                            round=self.round, tied=words.seats(tied), winners=winners, n=most))

    def narrate(self, before: State, action: Action) -> tuple[Phrase, ...]:
        """The lure, then the Nuzzle it brought about: the round's end and who won it."""
        assert isinstance(before, BetweenState)
        said_now = [words.move(action)]
        if len(self.round_winners) > len(before.round_winners):
            said_now.append(words.W("round_ends", round=before.round))
            said_now.append(words.W("round_won", winners=words.seats(self.round_winners[-1])))
        return tuple(said_now)

    def why_not_pick(self, source: Spot) -> Optional[str]:
        """A toy takes lures; it is not picked up."""
        if source and source[0] == "toy":
            return said(words.W("toy_only"))
        return None

    def score_breakdown(self) -> tuple[tuple[tuple[Phrase, float], ...], ...]:
        """Per seat, one row per round played: 1 for a round won, else 0."""
        start = int(self.options.get("round") or 1)
        return tuple(tuple((words.W("round_row", round=start + i), 1.0 if seat in w else 0.0)
                           for i, w in enumerate(self.round_winners))
                     for seat in range(self.num_players))

    def _lines(self, seat: int) -> tuple[str, ...]:
        start = int(self.options.get("round") or 1)
        won = [str(start + i) for i, w in enumerate(self.round_winners) if seat in w]
        wins = self.wins[seat]
        lines = [f"Rounds won: {wins} - crown!" if wins >= CROWN else f"Rounds won: {wins}"]
        rounds = ", ".join(won)
        lines.append(f"Won round {rounds}" if len(won) == 1 else f"Won rounds {rounds}" if won
                     else "Won no round in this game")
        if self.last is not None:
            total, cat = self.last["totals"][seat], self.last["cat"]
            lines.append(f"Round {self.last['round']}: total {total} for a cat on {cat} "
                         f"({_distance_text(total, cat)})")
        if seat in (self.final or ()):
            lines.append("Winner")
        return tuple(lines)

    def _last_view(self) -> Optional[JsonDict]:
        last = self.last
        if last is None:
            return None
        view: JsonDict = plain(last)
        view["hands"] = [[card_view(c) for c in h] for h in last["hands"]]
        view["toys"] = [[card_view(c) for c in t] for t in last["toys"]]
        view["cat_card"] = card_view(last["cat_card"])
        view["interest_space"] = [min(t, TRACK_TOP) for t in last["totals"]]
        return view


def new_game(players: int, seed: int, options: Mapping[str, Any]) -> BetweenState:
    """Set up a game: markers on 0 and the first shelf, a random first player, round 1 dealt."""
    INFO.check_players(players)
    opts = INFO.check_options(options)
    check_script(opts, players)
    state = BetweenState(players, Rng(seed), opts)
    first = opts.get("first")
    state.first = int(first) if first is not None else state.rng.below(players)
    state.start_round()
    return state


# -- helpers ---------------------------------------------------------------------------------------
def _distance_text(total: int, cat: int) -> str:
    if total == cat:
        return "right on the cat"
    if total < cat:
        return f"{cat - total} short of the cat"
    return f"passed the cat by {total - cat}"


def _scripted(script: Any, k: int) -> Any:
    """Entry ``k`` of a per-round script list, or ``None``."""
    if script is None or k >= len(script):
        return None
    return script[k]
