"""The Cat in the Box game state: deal, set aside, predict, tricks, paradox, rounds, game end."""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Optional

from cats.box import words
from cats.box.actions import (
    COLOUR_INDEX,
    COLOURS,
    PLAY_SETS,
    PREDICT,
    RED,
    SET_ASIDE,
    Play,
    Predict,
    SetAside,
)
from cats.box.info import ALL_COLOURS, ASIDE, INFO, OVER, PHASES, PLAYING, PREDICTING
from cats.box.saves import state_from_json
from cats.box.scoring import RoundRecord, board_owners, game_outcome, play_json, totals
from cats.box.table import (
    EMPTY,
    NEUTRAL,
    Table,
    check_deal_script,
    deal_order,
    table_for,
    token_masks,
)
from cats.box.trick import TrickPlay, winner
from cats.core import Action, JsonDict, Outcome, Spot, State, action_table
from cats.jsondata import plain
from cats.rng import Rng
from cats.words import Phrase, Player, said

__all__ = ["ALL_COLOURS", "ASIDE", "INFO", "OVER", "PHASES", "PLAYING", "PREDICTING", "BoxState"]

DEAL_TRIES = 100   # random deals tried before searching for one that respects the inference
NOT_RED = ALL_COLOURS & ~(1 << RED)
_UNDEALT: list[list[int]] = []   # a state's hands while its round's deal is still to be made
_PREDICTIONS: dict[tuple[int, ...], tuple[Action, ...]] = {}   # a table's predictions: actions


def _or_list(items: list[Any]) -> str:
    """"1, 3 or 4" style text."""
    words = [str(i) for i in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


class BoxState(State):
    """A game of Cat in the Box in progress (seats 0..n-1; clockwise = next seat)."""

    INFO = INFO
    ACTIONS = action_table(SetAside, Predict, Play)

    table: Table
    options: JsonDict
    first_player: int
    round_no: int             # 0-based
    phase: str
    turn: int
    _hands: list[list[int]]   # sorted; _UNDEALT until the round's deal is made (see hands)
    _rng: Rng                 # the deal's generator (see rng)
    aside: list[int]          # the set-aside card, -1 before it is chosen
    revealed: list[int]       # 2 players: leftovers turned face up (neutral tokens)
    leftovers: list[int]      # 2 players: leftovers still face down
    board: list[int]          # research board: seat, EMPTY or NEUTRAL per (colour, number)
    colours: list[int]        # bit per colour index still on each player board
    predictions: list[int]    # -1: none
    tricks: list[int]
    trick: list[TrickPlay]
    led: int                  # led colour index, -1 before the lead
    trick_no: int             # 1-based number of the trick being played
    last_trick: Optional[tuple[tuple[TrickPlay, ...], int]]
    allowed: list[int]        # numbers each hand can still hold (public: forced red leads)
    rounds: list[RoundRecord]  # finished rounds (never changed once appended)
    final_round: int          # the game ends after this round (0-based; see end_after_this_round)
    # Kept up to date from the board (never saved): a bit per colour whose space of each number
    # (index 1..numbers) is empty, and whether a player's token is on the red row.
    free: list[int]
    red_open: bool
    tokens: list[int]         # per seat, its tokens as display-position bits (Table.cell_bit)

    # -- set-up --------------------------------------------------------------------------------
    @classmethod
    def start(cls, players: int, seed: int, options: JsonDict) -> "BoxState":
        """A new game: choose the first Round Start Player and deal round 1."""
        INFO.check_players(players)
        return cls.checked_start(players, seed, INFO.check_options(options))

    @classmethod
    def checked_start(cls, players: int, seed: int, options: JsonDict) -> "BoxState":
        """:meth:`start` for a player count and options ``Game.new_game`` has just checked (the
        registry's engine: they are not checked a second time)."""
        table = table_for(players)
        check_deal_script(table, options.get("deal"))
        first = options.get("first_player")
        if first is not None and (not isinstance(first, int) or not 0 <= first < players):
            raise ValueError(f"option 'first_player' must be a seat from 0 to {players - 1}")
        state = cls.__new__(cls)
        state.num_players, state.table, state.options = players, table, options
        state._rng, state.reveals = Rng(seed), 0
        state.first_player = state._rng.below(players) if first is None else first
        state.round_no, state.rounds, state.final_round = 0, [], players - 1
        state._start_round()
        return state

    @property
    def hands(self) -> list[list[int]]:
        """Each seat's hand, sorted. A round after the first is dealt when its hands or the
        generator are first read, not when the previous round ends: the same deal (nothing else
        draws from the generator), left out by a game copy that stops at the round's end. The
        engine's play paths read ``_hands`` (the set-aside phase, which comes first, reads this)."""
        hands = self._hands
        if hands is _UNDEALT:
            self.deal_now()
            hands = self._hands
        return hands

    @hands.setter
    def hands(self, hands: list[list[int]]) -> None:
        if self._hands is _UNDEALT:
            self.deal_now()
        self._hands = hands

    @property
    def rng(self) -> Rng:
        """The game's generator (the next deal made first if it is still to be made)."""
        if self._hands is _UNDEALT:
            self.deal_now()
        return self._rng

    @rng.setter
    def rng(self, rng: Rng) -> None:
        if self._hands is _UNDEALT:
            self.deal_now()
        self._rng = rng

    @property
    def start_player(self) -> int:
        """This round's Round Start Player (the card passes left each round)."""
        return (self.first_player + self.round_no) % self.num_players

    def _start_round(self, lazy: bool = False) -> None:
        """Deal, place two-player neutral tokens, and reset boards for a new round. ``lazy``: the
        deal waits until the hands or the generator are first read (see :attr:`hands`); only
        where every card is dealt, so nothing else depends on it."""
        t, n = self.table, self.num_players
        self.board = [EMPTY] * (len(COLOURS) * t.numbers)
        self.free = [0] + [ALL_COLOURS] * t.numbers
        if lazy and t.hand * n == t.numbers * t.copies:   # every card is dealt: no leftovers
            self._hands, self.revealed, self.leftovers = _UNDEALT, [], []
            self.reveals += 1
        else:
            self.deal_now()
            self._place_neutral_tokens()
            self.reveals += 2 if self.revealed else 1
        self.red_open = False
        self.tokens = [0] * n
        self.aside, self.colours = [-1] * n, [ALL_COLOURS] * n
        self.predictions, self.tricks = [-1] * n, [0] * n
        self.trick, self.led, self.trick_no, self.last_trick = [], -1, 0, None
        self.allowed = [t.all_numbers] * n
        self.phase, self.turn = ASIDE, self.start_player

    def deal_now(self) -> None:
        """This round's deal from the generator (or the script's entry for the round)."""
        script = self.options.get("deal") or []
        entry = script[self.round_no] if self.round_no < len(script) else None
        self._deal(entry, self._rng)

    def _deal(self, entry: Optional[list[int]], rng: Rng) -> None:
        """The hands (sorted), revealed and face-down leftovers of one deal."""
        t, n = self.table, self.num_players
        deck = deal_order(t, entry, rng)
        hand = t.hand
        self._hands = [sorted(deck[s * hand:(s + 1) * hand]) for s in range(n)]
        left = deck[n * hand:]
        self.revealed, self.leftovers = left[:t.leftover_reveals], left[t.leftover_reveals:]

    def _place_neutral_tokens(self) -> None:
        """Each revealed leftover covers green; a second copy also yellow, a third also blue."""
        rows = self.table.neutral_rows
        for number in set(self.revealed):
            for colour in rows[:self.revealed.count(number)]:
                self.board[self.table.index(colour, number)] = NEUTRAL
                self.free[number] &= ~(1 << colour)

    def index_board(self) -> None:
        """Derive the empty spaces per number and the open red row from the board."""
        n = self.table.numbers
        self.free = [0] + [sum(1 << c for c in range(len(COLOURS))
                               if self.board[c * n + number - 1] == EMPTY)
                           for number in range(1, n + 1)]
        self.red_open = max(self.board[:n]) >= 0
        self.tokens = token_masks(self.board, self.table)

    # -- the contract --------------------------------------------------------------------------
    @property
    def to_move(self) -> Optional[int]:
        """The seat to act, None once the game is over."""
        return None if self.phase == OVER else self.turn

    def legal_actions(self) -> list[Action]:
        """Set-aside cards, prediction values or (number, colour) plays, in a fixed order."""
        phase = self.phase
        if phase == PLAYING:
            mask = self.colours[self.turn] if self.red_open or self.trick else self.play_mask()
            # the hand's numbers on empty spaces of the colours in mask, by number, then colour
            free = self.free
            out: list[Action] = []
            previous = 0
            for number in self._hands[self.turn]:
                if number != previous:
                    previous = number
                    bits = free[number] & mask
                    if bits:
                        out += PLAY_SETS[number][bits]
            return out
        if phase == ASIDE:   # the hand is sorted: its distinct numbers in order
            return [SET_ASIDE[n] for n in dict.fromkeys(self.hands[self.turn])]
        if phase == PREDICTING:
            predictions = self.table.predictions
            made = _PREDICTIONS.get(predictions)
            if made is None:
                made = _PREDICTIONS[predictions] = tuple(PREDICT[k] for k in predictions)
            return list(made)
        return []

    def play_mask(self) -> int:
        """The colours (bit = colour index) the player to move may declare now: the legal plays
        are the hand's numbers on empty spaces (``free``) of these colours. The leader may not
        declare red while the red row is empty, unless no card can be declared another colour."""
        mask = self.colours[self.turn]
        if not self.trick and not self.red_open:
            others, free = mask & NOT_RED, self.free
            for number in self._hands[self.turn]:
                if free[number] & others:
                    return others
        return mask

    def _can_play(self, seat: int) -> bool:
        """Whether any card in the seat's hand can legally be declared some colour."""
        mask, free = self.colours[seat], self.free
        for number in self._hands[seat]:
            if free[number] & mask:
                return True
        return False

    def do(self, action: Action) -> None:
        """Apply a legal action (unchecked)."""
        kind = type(action)
        if kind is not Play:
            if kind is SetAside:
                self._set_aside(action.number)  # type: ignore[attr-defined]
            else:
                self._predict(action.tricks)  # type: ignore[attr-defined]
            return
        # declare(action.number, COLOUR_INDEX[action.colour]) written out: every play of a game
        number, colour = action.number, COLOUR_INDEX[action.colour]  # type: ignore[attr-defined]
        seat, table, trick = self.turn, self.table, self.trick
        self._hands[seat].remove(number)
        if not trick:
            if colour == RED and not self.red_open:
                self._note_forced_red(seat)
            self.led = colour
        elif colour != self.led:
            self.colours[seat] &= ~(1 << self.led)
        index = colour * table.numbers + number - 1
        self.board[index] = seat
        self.tokens[seat] |= table.cell_bit[index]
        self.free[number] &= ~(1 << colour)
        if colour == RED:
            self.red_open = True
        trick.append((seat, number, colour))
        self.reveals += 1
        if len(trick) == self.num_players:
            self._finish_trick()
            return
        seat += 1
        if seat == self.num_players:
            seat = 0
        self.turn = seat
        mask, free = self.colours[seat], self.free
        for held in self._hands[seat]:
            if free[held] & mask:
                return
        self._paradox(seat)

    # -- round flow ----------------------------------------------------------------------------
    def _set_aside(self, number: int) -> None:
        """The seat to act puts a card face down; after the last one, predict or play."""
        seat = self.turn
        self.hands[seat].remove(number)   # the first move of a round: may deal it
        self.aside[seat] = number
        self.turn = (seat + 1) % self.num_players
        if self.turn == self.start_player:
            if self.table.predictions:
                self.phase = PREDICTING
            else:
                self._begin_tricks()

    def _predict(self, tricks: int) -> None:
        """Record a public prediction; after the last one the tricks start."""
        seat = self.turn
        self.predictions[seat] = tricks
        self.turn = (seat + 1) % self.num_players
        if self.turn == self.start_player:
            self._begin_tricks()

    def _begin_tricks(self) -> None:
        """The Round Start Player leads the first trick."""
        self.phase, self.trick_no = PLAYING, 1
        self._give_turn(self.start_player)

    def _give_turn(self, seat: int) -> None:
        """Hand the turn to ``seat``; a paradox happens at once if they cannot play."""
        self.turn = seat
        if not self._can_play(seat):
            self._paradox(seat)

    def declare(self, number: int, colour: int) -> None:
        """Play a legal card as a colour index (unchecked; ``do`` of a Play without the action
        object, for rollouts; ``do`` has the same steps written out): token on the board, led
        colour lost when not following."""
        seat, table, trick = self.turn, self.table, self.trick
        self._hands[seat].remove(number)
        if not trick:
            if colour == RED and not self.red_open:
                self._note_forced_red(seat)
            self.led = colour
        elif colour != self.led:
            self.colours[seat] &= ~(1 << self.led)
        index = colour * table.numbers + number - 1
        self.board[index] = seat
        self.tokens[seat] |= table.cell_bit[index]
        self.free[number] &= ~(1 << colour)
        if colour == RED:
            self.red_open = True
        trick.append((seat, number, colour))
        self.reveals += 1
        if len(trick) == self.num_players:
            self._finish_trick()
            return
        # _give_turn to the next seat, inlined: this is the hottest path of every search
        seat += 1
        if seat == self.num_players:
            seat = 0
        self.turn = seat
        mask, free = self.colours[seat], self.free
        for held in self._hands[seat]:
            if free[held] & mask:
                return
        self._paradox(seat)

    def _note_forced_red(self, seat: int) -> None:
        """A closed-red lead shows every card left in hand was blocked in the other colours."""
        mask, n, board = self.colours[seat], self.table.numbers, self.board
        blocked = 0
        for number in range(1, n + 1):
            if all(not mask >> c & 1 or board[c * n + number - 1] != EMPTY for c in (1, 2, 3)):
                blocked |= 1 << number
        self.allowed[seat] &= blocked

    def _finish_trick(self) -> None:
        """Highest red wins, else highest of the led colour; the winner leads next."""
        seat = winner(self.trick, self.led)
        self.tricks[seat] += 1
        self.last_trick = (tuple(self.trick), seat)
        self.trick, self.led = [], -1
        if len(self._hands[seat]) <= 1:
            self._end_round(None, None, ())
        else:
            self.trick_no += 1
            self._give_turn(seat)

    def _paradox(self, seat: int) -> None:
        """Reveal the hand; the unfinished trick is discarded without winner; the phase ends."""
        self.reveals += 1
        discarded = tuple(self.trick)
        self.trick, self.led = [], -1
        self._end_round(seat, self._hands[seat][:], discarded)

    def _end_round(self, paradox: Optional[int], paradox_hand: Optional[list[int]],
                   discarded: tuple[TrickPlay, ...]) -> None:
        """Record the round (scored when asked), then deal the next one or end the game."""
        self.rounds.append(RoundRecord(
            self.round_no, self.start_player, self.board[:], self.tokens[:], self.tricks[:],
            self.predictions[:], paradox, paradox_hand, discarded, self.table))
        if self.round_no >= self.final_round:
            self.phase = OVER
        else:
            self.round_no += 1
            self._start_round(lazy=True)

    # -- results -------------------------------------------------------------------------------
    @property
    def results(self) -> list[JsonDict]:
        """The public breakdown of every finished round (plain JSON; do not change it)."""
        rounds = self.rounds
        if not rounds:
            return []
        return [r.json() for r in rounds]

    def end_after_this_round(self) -> None:
        """Make this copy's game end with the current round: a search that stops at the round's
        end then never deals the next one. Never used on a game being played."""
        self.final_round = self.round_no

    def outcome(self) -> Optional[Outcome]:
        """Totals over all rounds; ties go to the final round's score, then are shared."""
        if self.phase != OVER:
            return None
        return game_outcome([r.brief() for r in self.rounds], self.num_players)

    # -- what players see ----------------------------------------------------------------------
    def view_for(self, seat: Optional[int]) -> JsonDict:
        """Own hand and set-aside card, hand counts and everything public."""
        t, n = self.table, self.num_players
        own = seat is not None and 0 <= seat < n
        trick = self.trick
        leader = trick[0][0] if trick else (self.turn if self.phase == PLAYING else None)
        return {
            "game": "box", "seat": seat, "players": n, "phase": self.phase,
            "to_move": self.to_move, "round": self.round_no + 1, "rounds": n,
            "round_start_player": self.start_player,
            "trick_number": self.trick_no if self.phase == PLAYING else 0,
            "tricks_per_round": t.tricks_per_round, "numbers": t.numbers,
            "colours": list(COLOURS),
            "board_rows": self.board_rows(),
            "hand": list(self.hands[seat]) if own else None,  # type: ignore[index]
            "hand_counts": [len(h) for h in self.hands],
            "set_aside": (self.aside[seat] if own and self.aside[seat] >= 0  # type: ignore[index]
                          else None),
            "set_aside_done": [a >= 0 for a in self.aside],
            "board": board_owners(self.board, t),
            "red_open": self.red_open,
            "neutral_reveals": list(self.revealed),
            "hidden_leftovers": len(self.leftovers),
            "player_colours": [[c for i, c in enumerate(COLOURS) if m >> i & 1]
                               for m in self.colours],
            "prediction_values": list(t.predictions),
            "predictions": [None if p < 0 else p for p in self.predictions],
            "tricks_won": list(self.tricks),
            "trick": {"leader": leader, "led": COLOURS[self.led] if self.led >= 0 else None,
                      "plays": [play_json(p) for p in trick]},
            "last_trick": None if self.last_trick is None else {
                "plays": [play_json(p) for p in self.last_trick[0]],
                "winner": self.last_trick[1]},
            "round_scores": [list(r["scores"]) for r in self.results],
            "totals": totals(self.results, n),
            "rounds_played": plain(self.results),
            "last_round": plain(self.results[-1]) if self.results else None,
        }

    def prompt(self) -> str:
        """One line for the player to move."""
        if self.phase == ASIDE:
            return "Set aside one card face down: it sits out this round"
        if self.phase == PREDICTING:
            return f"Predict how many tricks you will win: {_or_list(list(self.table.predictions))}"
        if self.phase == PLAYING:
            if not self.trick:
                closed = "" if self.red_open else " (red is not open yet)"
                return f"Lead a card and declare its colour{closed}"
            return f"Play a card and declare a colour ({COLOURS[self.led]} was led)"
        return "The game is over"

    def progress(self) -> str:
        """"Round 2 · trick 5" style text."""
        if self.phase == OVER:
            return f"Game over after {len(self.rounds)} rounds"
        step = {ASIDE: "setting aside", PREDICTING: "predictions"}.get(
            self.phase, f"trick {self.trick_no}")
        return f"Round {self.round_no + 1} · {step}"

    def board_rows(self) -> list[str]:
        """The research board's colour rows, top to bottom (the order adjacency uses)."""
        n = self.table.numbers
        return [COLOURS[self.table.scan[k * n] // n] for k in range(len(COLOURS))]

    def label(self, action: Action) -> str:
        """Button text for an action."""
        if isinstance(action, Predict):
            return f"{action.tricks} trick{'s' if action.tricks != 1 else ''}"
        if isinstance(action, Play):
            return f"{action.number} as {action.colour}"
        if isinstance(action, SetAside):
            return f"Set aside {action.number}"
        return str(action)

    def candidate_action(self, source: Spot, target: Spot) -> Optional[Action]:
        """The action a drop means, legal or not: a hand card onto the set-aside spot, or onto
        the research space of its own number (another number's column means nothing)."""
        if len(source) != 2 or source[0] != "hand" or not isinstance(source[1], int):
            return None
        number = source[1]
        if tuple(target) == ("aside",):
            return SET_ASIDE.get(number) or SetAside(number)
        if len(target) == 3 and target[0] == "space" and target[2] == number:
            return Play(number, str(target[1]))
        return None

    def why_not_pick(self, source: Spot) -> Optional[str]:
        """A card is picked from the hand in the set-aside and playing phases only; the board's
        spaces and the set-aside spot take a card, they are not picked up."""
        if source and source[0] == "hand":
            return None if self.phase in (ASIDE, PLAYING, OVER) else self._wrong_phase()
        if source and source[0] == "space":
            return said(words.W("pick_first"))
        if tuple(source) == ("aside",) and self.phase == ASIDE:
            return said(words.W("aside_how"))
        return None

    def narrate(self, before: State, action: Action) -> tuple[Phrase, ...]:
        """The move (a card set aside unnamed), then the trick, paradox and round it ended."""
        assert isinstance(before, BoxState)
        return (words.move(action), *words.events(before, self))

    def score_breakdown(self) -> tuple[tuple[tuple[Phrase, float], ...], ...]:
        """Per seat, one row per finished round: its tricks and its score."""
        return tuple(tuple((words.W("round_row", round=r["round"], n=r["tricks"][s]),
                            float(r["scores"][s])) for r in self.results)
                     for s in range(self.num_players))

    def why_not_drop(self, source: Spot, target: Spot) -> str:
        """Why a drop from ``source`` onto ``target`` is refused ("" if it is legal or means
        nothing, such as dropping a card back into the hand)."""
        action = self.candidate_action(source, target)
        if action is not None:
            return self.why_illegal(action) or ""
        if (len(source) == 2 and source[0] == "hand" and len(target) == 3
                and target[0] == "space"):
            number = source[1]
            return (f"A {number} can only claim a space in the {number} column: the number "
                    "is fixed, you choose only its colour.")
        if target and target[0] == "hand":
            return ""
        return "Drag a card from your hand onto a research space."

    def drag_of(self, action: Action) -> Optional[tuple[Spot, Spot]]:
        """Hand card to a research space (play) or to the set-aside spot."""
        if isinstance(action, Play):
            return ("hand", action.number), ("space", action.colour, action.number)
        if isinstance(action, SetAside):
            return ("hand", action.number), ("aside",)
        return None

    def explain_illegal(self, action: Action) -> str:
        """A reason a player can read."""
        if self.phase == OVER:
            return "The game is over."
        if isinstance(action, Predict):
            if not self.table.predictions:
                return "There are no predictions in a two-player game."
            if self.phase != PREDICTING:
                return self._wrong_phase()
            never = [k for k in range(1, max(self.table.predictions))
                     if k not in self.table.predictions]
            extra = f" (you cannot predict {_or_list(never)})" if never else ""
            return f"You can predict {_or_list(list(self.table.predictions))} tricks{extra}."
        if isinstance(action, SetAside):
            if self.phase != ASIDE:
                return self._wrong_phase()
            return self._why_not_held(action.number) or f"'{action}' is not allowed now."
        if isinstance(action, Play):
            if self.phase != PLAYING:
                return self._wrong_phase()
            return self._why_not_play(action)
        return f"'{action}' is not a move in Cat in the Box."

    def _wrong_phase(self) -> str:
        """Reason for an action of the wrong phase."""
        return {ASIDE: "First set aside one card for this round.",
                PREDICTING: "Predict your tricks first.",
                PLAYING: "Cards are being played now: play a card and declare its colour."
                }[self.phase]

    def _why_not_held(self, number: Any) -> Optional[str]:
        """Reason a card number cannot come from the hand, or None."""
        top = self.table.numbers
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= top:
            return f"There is no card {number} in this game: cards run from 1 to {top}."
        if number not in self.hands[self.turn]:
            return f"You have no {number} in your hand."
        return None

    def _why_not_play(self, action: Play) -> str:
        """Reason a declaration is not legal."""
        if action.colour not in COLOUR_INDEX:
            return f"There is no colour '{action.colour}': declare {_or_list(list(COLOURS))}."
        held = self._why_not_held(action.number)
        if held:
            return held
        colour = COLOUR_INDEX[action.colour]
        if not self.colours[self.turn] >> colour & 1:
            return f"You gave up {action.colour} this round."
        owner = self.board[self.table.index(colour, action.number)]
        if owner != EMPTY:
            if owner == NEUTRAL:
                return said(words.W("space_taken", space=str(action)))
            return said(words.W("space_taken_by", space=str(action), owner=Player(owner)))
        if colour == RED and not self.trick and not self.red_open:
            return ("Red is not open yet: lead another colour until a token is on the red row "
                    "(or when no card can be declared another colour).")
        return f"'{action}' is not allowed now."

    # -- copies, saves and re-deals ------------------------------------------------------------
    def clone(self) -> "BoxState":
        """A fast independent copy (finished-round records and the leftovers are shared: they
        never change in place)."""
        c = BoxState.__new__(BoxState)
        c.num_players, c.table, c.options = self.num_players, self.table, self.options
        hands = self._hands
        if hands is _UNDEALT:
            hands = self.hands
        c._rng, c.reveals = Rng(self._rng.state), self.reveals
        c.first_player, c.round_no, c.phase, c.turn = (
            self.first_player, self.round_no, self.phase, self.turn)
        c._hands = [h[:] for h in hands]
        # The leftovers are never changed in place (a deal or a re-deal replaces them): shared.
        c.aside, c.revealed, c.leftovers = self.aside[:], self.revealed, self.leftovers
        c.board, c.colours = self.board[:], self.colours[:]
        c.free, c.red_open, c.tokens = self.free[:], self.red_open, self.tokens[:]
        c.predictions, c.tricks = self.predictions[:], self.tricks[:]
        c.trick, c.led, c.trick_no, c.last_trick = (
            self.trick[:], self.led, self.trick_no, self.last_trick)
        c.allowed, c.rounds, c.final_round = self.allowed[:], self.rounds[:], self.final_round
        return c

    def determinize(self, seat: int, rng: Rng) -> "BoxState":
        """Re-deal others' hands, others' set-aside cards and face-down leftovers at random,
        keeping hand sizes and the public inference from forced red leads.

        The result depends only on what ``seat`` knows and on ``rng``: the unseen cards are
        sorted before shuffling, and the real hands are never consulted."""
        world = self.clone()
        others = [s for s in range(self.num_players) if s != seat]
        unseen = sorted([c for s in others for c in self.hands[s]]
                        + [self.aside[s] for s in others if self.aside[s] >= 0]
                        + self.leftovers)
        sizes = {s: len(self.hands[s]) for s in others}
        constrained = sorted((s for s in others if self.allowed[s] != self.table.all_numbers),
                             key=lambda s: (bin(self.allowed[s]).count("1"), s))
        hands: Optional[dict[int, list[int]]] = None
        for _ in range(DEAL_TRIES):
            pool = unseen[:]
            rng.shuffle(pool)
            hands = self._constrained_hands(constrained, sizes, pool)
            if hands is not None:
                break
        if hands is None:  # rare: random deals keep breaking the inference; search for one
            counts = Counter(unseen)
            hands = self._search_hands(constrained, sizes, counts, rng)
            pool = sorted(counts.elements())
            rng.shuffle(pool)
        if hands is None:  # only for a state whose inference no deal meets (not from play)
            pool = unseen[:]
            rng.shuffle(pool)
            hands = {}
        for s in others:
            if s in hands:
                world.hands[s] = hands[s]
            else:
                world.hands[s], pool = sorted(pool[:sizes[s]]), pool[sizes[s]:]
            if self.aside[s] >= 0:
                world.aside[s] = pool.pop()
        world.leftovers = pool
        world.rng = Rng(rng.next64())
        return world

    def _constrained_hands(self, seats: list[int], sizes: dict[int, int],
                           pool: list[int]) -> Optional[dict[int, list[int]]]:
        """Greedy: each constrained seat takes the first allowed cards of the shuffled ``pool``
        (removed from it); ``None`` if a seat cannot be served."""
        hands: dict[int, list[int]] = {}
        for s in seats:
            allowed = self.allowed[s]
            picks = [i for i, c in enumerate(pool) if allowed >> c & 1][:sizes[s]]
            if len(picks) < sizes[s]:
                return None
            hands[s] = sorted(pool[i] for i in picks)
            for i in reversed(picks):
                del pool[i]
        return hands

    def _search_hands(self, seats: list[int], sizes: dict[int, int], counts: Counter[int],
                      rng: Rng) -> Optional[dict[int, list[int]]]:
        """Depth-first over how many of each number each constrained seat takes from ``counts``
        (taken out of it on success), numbers tried in a random order; a branch stops as soon
        as a later seat could no longer be filled."""
        if not seats:
            return {}
        seat, rest = seats[0], seats[1:]
        numbers = [c for c in sorted(counts) if self.allowed[seat] >> c & 1 and counts[c]]
        rng.shuffle(numbers)

        def fillable() -> bool:
            return all(sum(k for c, k in counts.items() if self.allowed[s] >> c & 1) >= sizes[s]
                       for s in rest)

        def take(i: int, need: int, hand: list[int]) -> Optional[dict[int, list[int]]]:
            if need == 0:
                if not fillable():
                    return None
                found = self._search_hands(rest, sizes, counts, rng)
                if found is not None:
                    found[seat] = sorted(hand)
                return found
            if i == len(numbers) or sum(counts[c] for c in numbers[i:]) < need:
                return None
            number = numbers[i]
            for k in range(min(counts[number], need), -1, -1):
                counts[number] -= k
                found = take(i + 1, need - k, hand + [number] * k)
                if found is not None:
                    return found
                counts[number] += k
            return None

        return take(0, sizes[seat], [])

    def to_json(self) -> JsonDict:
        """The complete state as plain JSON."""
        hands = self.hands   # first: the deal draws from the generator
        last = None if self.last_trick is None else {
            "plays": [list(p) for p in self.last_trick[0]], "winner": self.last_trick[1]}
        return {
            "game": "box", "players": self.num_players, "rng": self._rng.state,
            "reveals": self.reveals, "options": plain(self.options),
            "first_player": self.first_player, "round": self.round_no, "phase": self.phase,
            "turn": self.turn, "hands": [h[:] for h in hands], "aside": self.aside[:],
            "revealed": self.revealed[:], "leftovers": self.leftovers[:],
            "board": self.board[:], "colours": self.colours[:],
            "predictions": self.predictions[:], "tricks": self.tricks[:],
            "trick": [list(p) for p in self.trick], "led": self.led, "trick_no": self.trick_no,
            "last_trick": last, "allowed": self.allowed[:], "results": plain(self.results),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "BoxState":
        """Rebuild a state saved by :meth:`to_json`; ``ValueError`` on bad data."""
        try:
            return state_from_json(cls, data)
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise ValueError(f"not a Cat in the Box save: {exc!r}") from None


def round_stamp(state: State) -> int:
    """Which round a position is in: the count of finished rounds (the round search stops when
    it changes; the engine bench times a round with it)."""
    assert isinstance(state, BoxState)
    return len(state.rounds)
