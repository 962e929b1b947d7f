"""The Cat Chess game state: rounds of placing and activating cats, then scoring goal cards."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Optional

from cats.catchess import words
from cats.catchess.actions import ACTIONS, Move, Place, Stay, Swap
from cats.catchess.deal import shuffle
from cats.catchess.garden import (
    CARD_INDEX,
    CARDS,
    LETTERS,
    N_CATS,
    N_REGIONS,
    NEIGHBOURS,
    REGION_IDS,
    REGIONS,
    card_json,
    cat_index,
    cat_json,
    goal_texts,
    goals_met,
    region_index,
)
from cats.catchess.info import (
    DEFAULT_ROUNDS,
    GOALS_PER_CARD,
    INFO,
    SOLO_CARDS,
    check_game_options,
)
from cats.catchess.moves import (
    ACTIVATE,
    AROUND,
    AWAKE_AT,
    BIT,
    CATS_IN,
    EVERY_CAT,
    EVERY_REGION,
    FREE_AT,
    MOVE_KIND,
    NEXT_DOOR,
    PLACE_KIND,
    PLACEMENTS,
    REGIONS_IN,
    SHAPE,
    STAY,
    SWAP_KIND,
    WAITING_OR_AWAKE,
    activations,
    effect,
    placements,
)
from cats.catchess.saves import load_state
from cats.core import Action, GameInfo, JsonDict, Outcome, Spot, State
from cats.jsondata import plain
from cats.rng import Rng
from cats.words import Phrase, said

if TYPE_CHECKING:
    from cats.catchess.solo import SoloBest

# A finished round before its record is written: number, start player, hands, goals met,
# tokens gained, garden (cat per region) and asleep flags.
_RoundParts = tuple[int, int, list[list[int]], list[list[list[bool]]], list[int], list[int],
                    list[bool]]
# Work a state owes, done when its cards, tokens, round records or generator are first read:
# (_DEAL, round, ...) deals that round's goal cards; (_SCORE, round, start player, where, spot,
# asleep) scores a finished round on its garden. The lists are never mutated once owed.
_Owed = tuple[int, int, int, list[int], list[int], list[bool]]
_DEAL, _SCORE = 0, 1
_NONE: list[Any] = []


class CatChessState(State):
    """A game of Cat Chess: the garden, the waiting cats, the goal cards and the tokens."""

    INFO: ClassVar[GameInfo] = INFO
    ACTIONS: ClassVar[dict[str, type[Action]]] = ACTIONS
    # The seat to act (the mover), ``None`` once the last round is scored: kept up to date with
    # ``mover`` and ``over`` rather than worked out when asked.
    to_move: Optional[int] = None

    def __init__(self, players: int, options: Mapping[str, Any], rng: Rng,
                 first_start: int) -> None:
        self.num_players = players
        self.options: JsonDict = dict(options)
        self._rng = rng
        self.reveals = 0
        self.first_start = first_start
        self.solo = players == 1
        self.two_phase: bool = self.options["two_phase"]
        self.from_centre: bool = self.options["from_centre"]
        self.cats_move = not self.solo or bool(self.options["solo_moves"])
        self.rounds_total: int = self.options["rounds"] or DEFAULT_ROUNDS[players]
        self.seat_after = tuple((seat + 1) % players for seat in range(players))  # the next mover
        self.deals = check_game_options(self.options, players)  # scripted deal per round
        self.round = 0
        self.over = False
        self._hands: list[list[int]] = [[] for _ in range(players)]
        self._tokens = [0] * players
        # A record per finished round, or the parts of one not yet written out (``history``).
        self._history: list[JsonDict | _RoundParts] = []
        self._owed: tuple[_Owed, ...] = ()
        self.clear_garden()
        self.mover = self.to_move = first_start

    def clear_garden(self) -> None:
        """Every cat waiting and awake again, the garden empty, no moves yet this round."""
        self.where = [-1] * N_CATS      # region index per cat, -1 while waiting
        self.spot = [-1] * N_REGIONS    # cat index per region, -1 when empty
        self.asleep = [False] * N_CATS
        self.just_swapped: tuple[int, ...] = ()
        self.log: list[tuple[int, Action]] = []  # this round's (seat, action), public
        # The garden in one mask (moves.FREE_AT, AWAKE_AT): the cats off the board, the empty
        # regions and the cats in the garden and awake.
        self.bits = EVERY_CAT | EVERY_REGION << FREE_AT
        self.awake_at = 0  # the regions an awake cat sits on
        # The activations of each awake cat (entry N_CATS stays empty), kept up to date by every
        # move for the cats around the regions it changed; right after a swap the entries it
        # touched bar the swapped cats, and ``redo`` has the regions to work out again next move.
        self.per_cat: list[tuple[Action, ...]] = [()] * (N_CATS + 1)
        self.redo = 0

    def garden_changed(self) -> None:
        """Bring the bit masks and activations in line with ``where``, ``spot``, ``asleep`` and
        ``just_swapped`` after they were set directly (a loaded save)."""
        where, asleep = self.where, self.asleep
        waiting = sum(1 << c for c in range(N_CATS) if where[c] < 0)
        awake = sum(1 << c for c in range(N_CATS) if where[c] >= 0 and not asleep[c])
        free = sum(1 << r for r in range(N_REGIONS) if self.spot[r] < 0)
        self.bits = waiting | free << FREE_AT | awake << AWAKE_AT
        self.awake_at = sum(1 << where[c] for c in CATS_IN[self.awake_bits])
        barred = self.just_swapped
        for c in CATS_IN[self.awake_bits]:
            self.per_cat[c] = activations(c, where[c], self.spot, barred)
        self.redo = 0
        for c in barred:
            self.redo |= AROUND[where[c]]

    @property
    def waiting_bits(self) -> int:
        """The cats off the board, a bit per cat."""
        return self.bits & EVERY_CAT

    @property
    def free(self) -> int:
        """The empty regions, a bit per region."""
        return self.bits >> FREE_AT & EVERY_REGION

    @property
    def awake_bits(self) -> int:
        """The cats in the garden and awake, a bit per cat."""
        return self.bits >> AWAKE_AT

    # -- rounds ---------------------------------------------------------------------------------
    @property
    def turn(self) -> int:
        """Turns played this round (one per placement or activation): the round's moves."""
        return len(self.log)

    @property
    def round_start(self) -> int:
        """The start player of the current round (passes to the left each round)."""
        return (self.first_start + self.round) % self.num_players

    @property
    def turns_per_round(self) -> int:
        """18 turns (every cat placed and activated), or 9 in a solo game without moves."""
        return 2 * N_CATS if self.cats_move else N_CATS

    def start_round(self) -> None:
        """Clear the garden, wake every cat and deal the goal cards (a reveal)."""
        self.clear_garden()
        self.mover = self.to_move = self.round_start
        self._owed += ((_DEAL, self.round, 0, _NONE, _NONE, _NONE),)
        self.reveals += 1

    def first_deal(self) -> None:
        """Deal round 1's goal cards (a reveal) to a state just made: its garden is empty and
        its start player moves, as :meth:`start_round` would leave them."""
        self._owed += ((_DEAL, self.round, 0, _NONE, _NONE, _NONE),)
        self.reveals += 1

    def _deal(self, round_no: int) -> list[list[int]]:
        scripted = self.deals
        if round_no < len(scripted) and scripted[round_no] is not None:
            cards: list[int] = list(scripted[round_no])  # type: ignore[arg-type]
        else:
            deck = list(range(len(CARDS)))
            shuffle(self._rng, deck)
            cards = deck[:SOLO_CARDS if self.solo else self.num_players]
        return [cards] if self.solo else [[c] for c in cards]

    def round_complete(self) -> bool:
        """All cats in the garden and asleep (awake is fine in a solo game without moves)."""
        return not self.waiting_bits and (not self.cats_move or not self.awake_bits)

    def _end_round(self) -> None:
        self.reveals += 1
        if self.round + 1 >= self.rounds_total:
            # The last garden stays the state's own: the round is scored on copies.
            self._owed += ((_SCORE, self.round, self.round_start, self.where[:], self.spot[:],
                            self.asleep[:]),)
            self.over = True
            self.to_move = None
            return
        # The next round's garden is made of new lists, so these may be kept as they are.
        self._owed += ((_SCORE, self.round, self.round_start, self.where, self.spot,
                        self.asleep),)
        self.round += 1
        self.start_round()

    def _settle(self) -> None:
        """Do the owed deals and scoring, in order (the same draws, at the same points of the
        generator's sequence, as if each had been done at once)."""
        owed, self._owed = self._owed, ()
        centre = self.from_centre
        for kind, round_no, start, where, spot, asleep in owed:
            if kind == _DEAL:
                self._hands = self._deal(round_no)
                continue
            hands = self._hands
            met = [[goals_met(CARDS[c], where, centre) for c in hand] for hand in hands]
            gained = [sum(map(sum, seat)) for seat in met]
            tokens = self._tokens
            for seat, n in enumerate(gained):
                tokens[seat] += n
            # The round's record is written out when it is first read; the next round's deal
            # is a new list, so these may be kept as they are.
            self._history.append((round_no + 1, start, hands, met, gained, spot, asleep))

    @property
    def hands(self) -> list[list[int]]:
        """The goal cards (indices) each seat holds this round."""
        if self._owed:
            self._settle()
        return self._hands

    @hands.setter
    def hands(self, hands: list[list[int]]) -> None:
        if self._owed:
            self._settle()
        self._hands = hands

    @property
    def tokens(self) -> list[int]:
        """The etiquette tokens each seat has won in the finished rounds."""
        if self._owed:
            self._settle()
        return self._tokens

    @tokens.setter
    def tokens(self, tokens: list[int]) -> None:
        if self._owed:
            self._settle()
        self._tokens = tokens

    @property
    def rng(self) -> Rng:
        """The game's generator (the goal-card deals draw from it)."""
        if self._owed:
            self._settle()
        return self._rng

    @rng.setter
    def rng(self, rng: Rng) -> None:
        if self._owed:
            self._settle()
        self._rng = rng

    def rounds_finished(self) -> int:
        """The rounds played to the end so far."""
        return len(self._history) + sum(1 for entry in self._owed if entry[0] == _SCORE)

    @property
    def history(self) -> list[JsonDict]:
        """One record per finished round (its number, start player, cards, goals met, tokens,
        garden and asleep cats); the records are never mutated."""
        if self._owed:
            self._settle()
        entries = self._history
        for i, entry in enumerate(entries):
            if isinstance(entry, tuple):
                entries[i] = _round_record(*entry)
        return entries  # type: ignore[return-value]  # every entry is a record now

    @history.setter
    def history(self, entries: list[JsonDict]) -> None:
        if self._owed:
            self._settle()
        self._history = list(entries)

    def _garden_letters(self) -> list[Optional[str]]:
        return _letters_on(self.spot)

    # -- the contract ---------------------------------------------------------------------------
    def waiting(self) -> list[int]:
        """The cats still off the board, in letter order."""
        return list(CATS_IN[self.waiting_bits])

    def may_place(self) -> bool:
        """True if a cat is waiting (an empty region always exists)."""
        return self.waiting_bits != 0

    def may_activate(self) -> bool:
        """True if activating is allowed now and some cat in the garden is awake."""
        if not self.cats_move or (self.two_phase and self.waiting_bits):
            return False
        return self.awake_bits != 0

    def legal_actions(self) -> list[Action]:
        """Placements (cat, then region), then activations per cat: stay, moves and swaps."""
        # A finished game's garden is complete (no cat waiting; none awake, or the cats stay put
        # in a solo game without moves), so it lists nothing.
        acts: list[Action] = []
        bits = self.bits
        waiting = bits & EVERY_CAT
        if waiting:
            free = bits >> FREE_AT & EVERY_REGION
            rows = PLACEMENTS[free] or placements(free)
            for c in CATS_IN[waiting]:
                acts += rows[c]
            if self.two_phase:
                return acts
        if self.cats_move:
            per_cat = self.per_cat
            for c in CATS_IN[bits >> AWAKE_AT]:
                acts += per_cat[c]
        return acts

    def do(self, action: Action) -> None:
        """Apply a legal action; end the round (score, reveal, deal) when the garden is done."""
        try:
            kind, c, r, o, flip = action.effect  # type: ignore[attr-defined]  # moves.py's
        except AttributeError:
            kind, c, r, o, flip = effect(action)
        mover = self.mover
        self.log.append((mover, action))
        self.mover = self.to_move = self.seat_after[mover]
        if kind == PLACE_KIND:
            spot = self.spot
            self.where[c] = r
            spot[r] = c
            self.bits = bits = self.bits ^ flip  # the region was empty, the cat waiting: awake
            self.awake_at = at = self.awake_at | BIT[r]
            touch = AROUND[r]
            redo = self.redo
            if redo:  # the move before was a swap: its bars end now
                touch |= redo
                self.redo = 0
                self.just_swapped = ()
            if not bits & EVERY_CAT and not self.cats_move:
                self._end_round()  # a solo game without moves, its ninth cat placed
                return
        elif kind == SWAP_KIND:  # both change regions, the cat falls asleep, and the cats
            # around both regions may not swap with the two until the next move
            where, spot = self.where, self.spot
            here, there = where[c], where[o]
            where[c], where[o] = there, here
            spot[here], spot[there] = o, c
            self.asleep[c] = True
            self.bits = bits = self.bits ^ flip  # the cat falls asleep
            at = self.awake_at ^ BIT[here]
            if bits >> (AWAKE_AT + o) & 1:
                at ^= BIT[here] | BIT[there]  # the other cat, awake, moves over
            self.awake_at = at
            redo = AROUND[here] | AROUND[there]
            touch = (redo | self.redo) & at
            self.redo = redo
            barred = self.just_swapped = (c, o)
            if not bits & WAITING_OR_AWAKE:
                self._end_round()
                return
            per_cat = self.per_cat
            for n in REGIONS_IN[touch]:
                x = spot[n]
                per_cat[x] = activations(x, n, spot, barred)
            return
        else:
            where = self.where
            here = where[c]
            self.asleep[c] = True
            self.awake_at = at = self.awake_at ^ BIT[here]  # the cat falls asleep
            spot = self.spot
            if kind == MOVE_KIND:
                spot[here] = -1
                spot[r] = c
                where[c] = r
                # the region it leaves is free
                self.bits = bits = self.bits ^ flip ^ BIT[FREE_AT + here]
                touch = AROUND[here] | AROUND[r]
                redo = self.redo
                if redo:  # the move before was a swap: its bars end now
                    touch |= redo
                    self.redo = 0
                    self.just_swapped = ()
            else:  # it stays, and falls asleep where it is: no other cat's activations change
                self.bits = bits = self.bits ^ flip
                touch = self.redo
                if touch:  # the move before was a swap: its bars end now
                    self.redo = 0
                    self.just_swapped = ()
            if not bits & WAITING_OR_AWAKE:
                self._end_round()
                return
        touch &= at
        if touch:  # moves.ACTIVATE written out for the garden's two, three or four neighbours
            per_cat = self.per_cat
            for n in REGIONS_IN[touch]:
                x = spot[n]
                k, a, b, d, e = SHAPE[n]
                towards = NEXT_DOOR[x]
                if k == 3:
                    per_cat[x] = (STAY[x], towards[a][spot[a]], towards[b][spot[b]],
                                  towards[d][spot[d]])
                elif k == 2:
                    per_cat[x] = STAY[x], towards[a][spot[a]], towards[b][spot[b]]
                elif k == 4:
                    per_cat[x] = (STAY[x], towards[a][spot[a]], towards[b][spot[b]],
                                  towards[d][spot[d]], towards[e][spot[e]])
                else:
                    per_cat[x] = ACTIVATE[n](x, spot)

    # -- scoring --------------------------------------------------------------------------------
    def live_goals(self, seat: int) -> list[list[bool]]:
        """For each card of ``seat``, which goals hold in the garden right now."""
        return [goals_met(CARDS[c], self.where, self.from_centre) for c in self.hands[seat]]

    def solo_best(self, round_no: int) -> "SoloBest":
        """The best solo score possible with the cards of a finished round (exact search)."""
        from cats.catchess.solo import best_for_cards

        return best_for_cards(self.history[round_no]["cards"][0], self.from_centre)

    def outcome(self) -> Optional[Outcome]:
        """Scores are etiquette tokens; most tokens wins, ties share (solo: see solo_outcome)."""
        if not self.over:
            return None
        lines = tuple(tuple(self._score_lines(seat)) for seat in range(self.num_players))
        scores = tuple(float(t) for t in self.tokens)
        if self.solo:
            return self._solo_outcome(scores, lines)
        top = max(self.tokens)
        winners = tuple(s for s, t in enumerate(self.tokens) if t == top)
        return Outcome(scores, winners, said(words.summary(winners, top)), lines)

    def _solo_outcome(self, scores: tuple[float, ...], lines: tuple[tuple[str, ...], ...]
                      ) -> Outcome:
        best = sum(self.solo_best(i).score for i in range(len(self.history)))
        goals = SOLO_CARDS * GOALS_PER_CARD * len(self.history)
        got = self.tokens[0]
        winners = (0,) if got == best else ()
        summary = (f"You met {got} of {goals} goals; the best possible with these cards "
                   f"was {best}.")
        return Outcome(scores, winners, summary, lines, rewards=(got / goals,))

    def _score_lines(self, seat: int) -> list[str]:
        out = []
        for entry in self.history:
            parts = "; ".join([_card_line(number, tuple(met)) for number, met
                               in zip(entry["cards"][seat], entry["met"][seat])])
            out.append(f"Round {entry['round']}: {parts} = {_tokens(entry['tokens'][seat])}")
        out.append(f"Total: {_tokens(self.tokens[seat])}")
        return out

    # -- what players see -----------------------------------------------------------------------
    def phase(self) -> str:
        """"place", "activate", "place or activate" or "over"."""
        if self.over:
            return "over"
        place, activate = self.may_place(), self.may_activate()
        if place and activate:
            return "place or activate"
        return "place" if place else "activate"

    def view_for(self, seat: Optional[int]) -> JsonDict:
        """Garden, waiting cats, tokens, this seat's card(s) with live ticks, revealed rounds."""
        view: JsonDict = {
            "game": INFO.id,
            "seat": seat,
            "players": self.num_players,
            "round": self.round + 1,
            "rounds": self.rounds_total,
            "turn": self.turn + (0 if self.over else 1),
            "turns_per_round": self.turns_per_round,
            "to_move": self.to_move,
            "start_player": self.round_start,
            "phase": self.phase(),
            "options": {k: self.options[k] for k in ("two_phase", "from_centre", "solo_moves")},
            "regions": self._regions_json(),
            "waiting": [cat_json(c) for c in self.waiting()],
            "just_swapped": [LETTERS[c] for c in self.just_swapped],
            "moves": [{"seat": s, "move": str(a)} for s, a in self.log],
            "tokens": list(self.tokens),
            "my_cards": [],
            "rounds_played": [self._round_json(i) for i in range(len(self.history))],
        }
        if seat is not None and 0 <= seat < self.num_players:
            view["my_cards"] = [card_json(CARDS[c], met, self.from_centre)
                                for c, met in zip(self.hands[seat], self.live_goals(seat))]
        if self.solo:
            view["solo"] = self._solo_json(seat == 0)
        return view

    def _regions_json(self) -> list[JsonDict]:
        out = []
        for r, data in enumerate(REGIONS):
            c = self.spot[r]
            out.append({"id": data["id"], "path": data["path"], "row": data["row"],
                        "col": data["col"], "neighbours": [REGION_IDS[n] for n in NEIGHBOURS[r]],
                        "cat": None if c < 0 else cat_json(c, not self.asleep[c])})
        return out

    def _round_json(self, i: int) -> JsonDict:
        entry = self.history[i]
        players = []
        for seat in range(self.num_players):
            cards = [card_json(CARDS[CARD_INDEX[n]], met, self.from_centre)
                     for n, met in zip(entry["cards"][seat], entry["met"][seat])]
            players.append({"seat": seat, "cards": cards, "tokens": entry["tokens"][seat]})
        out: JsonDict = {"round": entry["round"], "start_player": entry["start_player"],
                         "garden": list(entry["garden"]), "asleep": list(entry["asleep"]),
                         "players": players}
        if self.solo:
            best = self.solo_best(i)
            out["best"] = {"score": best.score,
                           "arrangement": dict(zip(LETTERS, best.arrangement))}
        return out

    def _solo_json(self, own: bool) -> JsonDict:
        score = sum(sum(m) for m in self.live_goals(0)) if own or self.over else None
        best = self.solo_best(len(self.history) - 1).score if self.over else None
        return {"score": score, "out_of": SOLO_CARDS * GOALS_PER_CARD, "best": best,
                "total": self.tokens[0]}

    def prompt(self) -> str:
        """What the player to move does now."""
        phase = self.phase()
        if phase == "over":
            return "The game is over."
        if phase == "place":
            return "Place a waiting cat on an empty region of the garden."
        if phase == "activate":
            return "Activate an awake cat: let it stay, move it next door or swap with a neighbour."
        return "Place a waiting cat, or activate an awake cat in the garden."

    def progress(self) -> str:
        """"Round 2 · turn 5"."""
        if self.over:
            return f"Finished · {self.rounds_total} round{'s' if self.rounds_total > 1 else ''}"
        return f"Round {self.round + 1} · turn {self.turn + 1}"

    def drag_of(self, action: Action) -> Optional[tuple[Spot, Spot]]:
        """Place: waiting cat → region; move/swap: region → region; stay is a click (None)."""
        if isinstance(action, Place):
            return ("waiting", action.cat), ("region", action.region)
        if isinstance(action, (Move, Swap)):
            c = cat_index(action.cat)
            if c < 0 or self.where[c] < 0:
                return None
            if isinstance(action, Move):
                return ("region", REGION_IDS[self.where[c]]), ("region", action.region)
            o = cat_index(action.other)
            if o < 0 or self.where[o] < 0:
                return None
            return ("region", REGION_IDS[self.where[c]]), ("region", REGION_IDS[self.where[o]])
        return None

    def candidate_action(self, source: Spot, target: Spot) -> Optional[Action]:
        """The action a drop means, legal or not (so a refused drop can be explained).

        A waiting cat onto a region is a placement; the cat of one region onto another region is a
        move if that region is empty, else a swap with its cat. A drop back on the cat's own
        region means nothing (a cancelled drag: "stay" is a button, not a drop)."""
        if (len(target) != 2 or target[0] != "region" or len(source) != 2
                or region_index(target[1]) < 0):
            return None
        if source[0] == "waiting" and cat_index(source[1]) >= 0:
            return Place(source[1], target[1])
        if source[0] != "region" or region_index(source[1]) < 0 or source[1] == target[1]:
            return None
        c = self.spot[region_index(source[1])]
        if c < 0:
            return None
        o = self.spot[region_index(target[1])]
        if o < 0:
            return Move(LETTERS[c], target[1])
        return Swap(LETTERS[c], LETTERS[o])

    def label(self, action: Action) -> str:
        """Button text for an action: "A stays" (it falls asleep where it is), else the notation."""
        if isinstance(action, Stay):
            return f"{action.cat} stays"
        return str(action)

    def narrate(self, before: State, action: Action) -> tuple[Phrase, ...]:
        """The move, and the end of the round it brought about."""
        assert isinstance(before, CatChessState)
        said_now = [words.move(action)]
        if self.rounds_finished() > before.rounds_finished():
            said_now.append(words.W("round_ends", round=self.history[-1]["round"]))
        return tuple(said_now)

    def score_breakdown(self) -> tuple[tuple[tuple[Phrase, float], ...], ...]:
        """Per seat, the etiquette tokens of each finished round."""
        return tuple(tuple((words.W("round_row", round=e["round"], n=e["tokens"][s]),
                            float(e["tokens"][s])) for e in self.history)
                     for s in range(self.num_players))

    def why_not_pick(self, source: Spot) -> Optional[str]:
        """An empty region, or a cat that may not be activated (or may only stay)."""
        if source in self.drag_sources():
            return None
        letter: Optional[str] = None
        if len(source) == 2 and source[0] == "region" and region_index(source[1]) >= 0:
            c = self.spot[region_index(source[1])]
            if c < 0:
                return said(words.W("empty_region"))
            letter = LETTERS[c]
        elif len(source) == 2 and source[0] == "waiting" and cat_index(source[1]) >= 0:
            letter = str(source[1])
        if letter is None:
            return None
        return self.why_illegal(Stay(letter)) or said(words.W("only_stays", cat=letter))

    # -- illegal actions ------------------------------------------------------------------------
    def explain_illegal(self, action: Action) -> str:
        """Why this place/stay/move/swap is not allowed now."""
        if self.over:
            return "The game is over."
        if isinstance(action, Place):
            return self._why_not_place(action)
        if isinstance(action, (Stay, Move, Swap)):
            reason = self._why_not_activate(action.cat)
            if reason:
                return reason
            if isinstance(action, Move):
                return self._why_not_move(action)
            if isinstance(action, Swap):
                return self._why_not_swap(action)
        return f"'{action}' is not a Cat Chess move."

    def _why_not_place(self, action: Place) -> str:
        c, r = cat_index(action.cat), region_index(action.region)
        if c < 0:
            return f"There is no cat {action.cat!r}; the cats are A to I."
        if r < 0:
            return f"There is no region {action.region!r}; the regions are 1 to {N_REGIONS}."
        if self.where[c] >= 0:
            return f"Cat {action.cat} is already in the garden."
        if self.spot[r] >= 0:
            return f"That region is taken: cat {LETTERS[self.spot[r]]} sits on {action.region}."
        return f"'{action}' is not allowed now."

    def _why_not_activate(self, letter: Any) -> str:
        c = cat_index(letter)
        if c < 0:
            return f"There is no cat {letter!r}; the cats are A to I."
        if not self.cats_move:
            return "In this solo game cats stay where they are placed."
        if self.where[c] < 0:
            return f"Cat {letter} is still waiting off the board: place it first."
        if self.two_phase and -1 in self.where:
            return "Every cat must be placed before any cat is activated (two-phase play)."
        if self.asleep[c]:
            return f"Cat {letter} is asleep; an asleep cat is never activated again."
        return ""

    def _why_not_move(self, action: Move) -> str:
        r = region_index(action.region)
        here = self.where[cat_index(action.cat)]
        if r < 0:
            return f"There is no region {action.region!r}; the regions are 1 to {N_REGIONS}."
        if r == here:
            return f"Cat {action.cat} is already there: choose '{action.cat} stays' instead."
        if r not in NEIGHBOURS[here]:
            return f"Region {action.region} is not next to region {REGION_IDS[here]}."
        if self.spot[r] >= 0:
            return (f"That region is taken by cat {LETTERS[self.spot[r]]}: "
                    f"swap with it instead.")
        return f"'{action}' is not allowed now."

    def _why_not_swap(self, action: Swap) -> str:
        c, o = cat_index(action.cat), cat_index(action.other)
        if o < 0:
            return f"There is no cat {action.other!r}; the cats are A to I."
        if o == c:
            return "A cat cannot swap with itself."
        if self.where[o] < 0:
            return f"Cat {action.other} is not in the garden."
        if self.where[o] not in NEIGHBOURS[self.where[c]]:
            return f"Cat {action.other} is not in a region next to cat {action.cat}."
        for x in (c, o):
            if x in self.just_swapped:
                return (f"That cat was just swapped: {LETTERS[x]} took part in a swap on the "
                        f"previous turn and cannot swap this turn.")
        return f"'{action}' is not allowed now."

    # -- hidden information, copies and saves ---------------------------------------------------
    def determinize(self, seat: int, rng: Rng) -> "CatChessState":
        """Re-deal the other players' current goal cards from those ``seat`` does not hold."""
        world = self.clone()
        world.rng = Rng(rng.next64())
        world.options = dict(self.options, deal=None)  # scripted future deals are not known
        world.deals = []
        if self.over or self.solo:
            return world
        pool = [c for c in range(len(CARDS)) if c not in self.hands[seat]]
        rng.shuffle(pool)
        for other in range(self.num_players):
            if other != seat:
                world.hands[other] = [pool.pop()]
        return world

    def clone(self) -> "CatChessState":
        """A fast independent copy."""
        new = CatChessState.__new__(CatChessState)
        new.__dict__.update(self.__dict__)
        new._rng = Rng(self._rng.state)
        new.where = self.where[:]
        new.spot = self.spot[:]
        new.asleep = self.asleep[:]
        new.per_cat = self.per_cat[:]
        new._hands = [h[:] for h in self._hands]
        new._tokens = self._tokens[:]
        new._history = self._history[:]
        new.log = self.log[:]
        return new

    def to_json(self) -> JsonDict:
        """The whole state as plain JSON."""
        return {
            "players": self.num_players,
            "options": plain(self.options),
            "rng": self.rng.state,
            "reveals": self.reveals,
            "first_start": self.first_start,
            "round": self.round,
            "turn": self.turn,
            "over": self.over,
            "garden": self._garden_letters(),
            "asleep": [LETTERS[c] for c in range(N_CATS) if self.asleep[c]],
            "just_swapped": [LETTERS[c] for c in self.just_swapped],
            "hands": [[CARDS[c].number for c in hand] for hand in self.hands],
            "tokens": list(self.tokens),
            "history": plain(self.history),
            "moves": [[seat, action.to_json()] for seat, action in self.log],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "CatChessState":
        """Rebuild a state from to_json output; ValueError on anything inconsistent."""

        try:
            return load_state(cls, data)
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise ValueError(f"not a Cat Chess state: {exc!r}") from None


def _letters_on(spot: list[int]) -> list[Optional[str]]:
    return [None if c < 0 else LETTERS[c] for c in spot]


def _round_record(number: int, start: int, hands: list[list[int]], met: list[list[list[bool]]],
                  gained: list[int], spot: list[int], asleep: list[bool]) -> JsonDict:
    return {
        "round": number,
        "start_player": start,
        "cards": [[CARDS[c].number for c in hand] for hand in hands],
        "met": met,
        "tokens": gained,
        "garden": _letters_on(spot),
        "asleep": [LETTERS[c] for c in range(N_CATS) if asleep[c]],
    }


@cache
def _ticks(number: int, met: tuple[bool, ...]) -> str:
    """"order G-A-D ✓, B-C ✗, ..." for card ``number`` with these goals met."""
    texts = goal_texts(CARDS[CARD_INDEX[number]])
    return ", ".join(f"{t} {'✓' if m else '✗'}" for t, m in zip(texts, met))


@cache
def _card_line(number: int, met: tuple[Any, ...]) -> str:
    """"card 4: order G-A-D ✓, ..." in a round's score line."""
    line = f"card {number}: {_ticks(number, tuple(map(bool, met)))}"  # a piece of a line
    return line


@cache
def _tokens(n: int) -> str:
    return f"{n} etiquette token{'' if n == 1 else 's'}"


def new_game(players: int, seed: int, options: Mapping[str, Any]) -> CatChessState:
    """A new game: the round-1 start player is drawn at random, then the first deal."""
    INFO.check_players(players)
    return checked_new_game(players, seed, INFO.check_options(options))


def checked_new_game(players: int, seed: int, options: JsonDict) -> CatChessState:
    """:func:`new_game` for a player count and options already checked against ``INFO`` (the
    registry's ``Game.new_game`` checks both before it asks the engine)."""
    rng = Rng(seed)
    start = options["start"]  # the scripted deal and start: checked by the state
    first = rng.below(players) if start is None else start
    state = CatChessState(players, options, rng, first)
    state.first_deal()
    return state





def hands_of(state: CatChessState) -> list[list[int]]:
    """The card numbers each seat holds this round (for tests and tools, never for screens)."""
    return [[CARDS[c].number for c in hand] for hand in state.hands]
