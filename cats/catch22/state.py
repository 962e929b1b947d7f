"""The Catch 22 game state: set-up, turns, moves, squares, cubes, ransoms and the win."""

from __future__ import annotations

from typing import Any, Mapping, Optional

from cats.catch22 import words
from cats.catch22.actions import (
    ACTIONS,
    AVOIDING_STARS,
    CUBE_ACTIONS,
    LEAVE,
    MOVE_ACTIONS,
    PAY,
    REFUSE,
    REMOVE_ACTIONS,
    ROLL,
    START_ACTIONS,
    SWITCH_ACTIONS,
    VIA_STAR,
    Move,
    OfferRansom,
    PlaceCube,
    RemoveCube,
    StartAt,
    SwitchPlaces,
    cell_name,
    offers_to,
)
from cats.catch22.board import (
    BOARD,
    JACKPOT,
    NEIGHBOURS,
    PATH,
    REMOVE_CUBE,
    ROLL_AGAIN,
    SWITCH_PLACES,
    RouteSet,
    Routes,
    CutInfo,
    cut_info,
    end_table,
    lost_ends,
    routes,
)
from cats.catch22.cubes import CubeMap
from cats.catch22.info import (
    CUBES_EACH,
    DICE_KEPT,
    DIE_SIDES,
    EVENTS_KEPT,
    INFO,
    MOVE,
    OVER,
    PREPARE,
    RANSOM,
    REMOVE,
    START,
    SWITCH,
)
from cats.catch22.reasons import explain
from cats.catch22.saves import state_from_json
from cats.catch22.words import W
from cats.core import Action, JsonDict, Outcome, Spot, State
from cats.rng import Rng
from cats.words import Phrase, Player, said

RollKey = tuple[int, int, int]   # (pawn square, die, squares blocked by other players' cubes)
# (routes, mover holds the winning gold, the legal moves)
MoveTable = tuple[Routes, bool, tuple[Action, ...]]
_NO_TABLE: MoveTable = ({}, False, ())
# (cube mask, the free plain squares whose cube would not cut the path, its cut squares' info)
OpenSquares = tuple[int, int, Optional[CutInfo]]
_new_state = object.__new__
_KINDS = BOARD.kinds
# (phase, seat to move, what the line depends on) -> the prompt: a few hundred lines at most
_PROMPTS: dict[tuple[Any, ...], str] = {}
_MASK64 = (1 << 64) - 1
_DIE_LIMIT = (1 << 64) - (1 << 64) % DIE_SIDES   # Rng.below's bound against modulo bias
_BYTES = (len(BOARD.cells) + 7) // 8
# Per byte of a square mask (byte k covers squares 8k..8k+7) and value: its placements in order,
# so a mask's placements are joined from a few tuples instead of testing every plain square.
_PLACEMENT_BYTES = tuple(
    tuple(tuple(CUBE_ACTIONS[8 * k + b] for b in range(8)
                if value >> b & 1 and 8 * k + b in CUBE_ACTIONS) for value in range(256))
    for k in range(_BYTES))


def placements(free: int) -> list[Action]:
    """The cube placements on the plain squares of the mask ``free``, in square order."""
    out: list[Action] = []
    for table, value in zip(_PLACEMENT_BYTES, free.to_bytes(_BYTES, "little")):
        if value:
            out += table[value]
    return out


def plain_moves(start: int, steps: int, blocked: int) -> tuple[Action, ...]:
    """One move per end square reachable from ``start`` in exactly ``steps`` steps avoiding
    ``blocked``, in square order: the legal moves while the mover lacks the winning gold (the
    moves :func:`move_table` gives, without building the routes)."""
    table = end_table(start, steps)
    every = table.moves
    if every is None:
        every = table.moves = tuple(map(MOVE_ACTIONS.__getitem__, table.ends))
    hit = blocked & table.reach
    if not hit:
        return every
    firsts = table.firsts
    if firsts is not None:          # one walk per end: an end is lost when its walk is blocked
        return tuple([move for move, walk in zip(every, firsts) if not walk & hit])
    lost = lost_ends(table, hit)
    if not lost:
        return every
    return tuple([move for i, move in enumerate(every) if not lost >> i & 1])


def move_table(found: Routes, matters: bool) -> MoveTable:
    """The legal moves for the routes ``found``: one per end square in square order, two when
    ``matters`` (the mover holds the winning gold) and routes to one end differ in crossing a
    Star."""
    if isinstance(found, RouteSet):
        kept = found.moves
        if kept is not None and (not matters or len(kept) == len(found)):
            return found, matters, kept
        ends = found.ends
    else:
        ends = tuple(sorted({end for end, _ in found}))
    if not matters or len(ends) == len(found):
        plain: tuple[Action, ...] = tuple(map(MOVE_ACTIONS.__getitem__, ends))
        if isinstance(found, RouteSet):
            found.moves = plain     # one move per end: the same whatever the mover's gold
        return found, matters, plain
    moves: list[Action] = []
    for end in ends:
        if (end, True) in found and (end, False) in found:
            row, col = BOARD.cells[end]
            moves += (Move(row, col, VIA_STAR), Move(row, col, AVOIDING_STARS))
        else:
            moves.append(MOVE_ACTIONS[end])
    return found, matters, tuple(moves)


class Catch22State(State):
    """A Catch 22 position. Squares are :data:`BOARD` indices; seats are 0-based."""

    INFO = INFO
    ACTIONS = ACTIONS

    num_players: int
    threshold: int
    rng: Rng
    reveals: int
    script: list[int]          # loaded dice still to come
    phase: str
    current: int               # whose turn (the chooser during set-up)
    first: int                 # winner of the roll-off
    turn: int                  # 1 = the first player's first turn; 0 during set-up
    pawns: list[int]           # square per seat, -1 before choosing a Star
    gold: list[int]
    pots: dict[int, int]       # Jackpot square -> gold left
    cubes: CubeMap             # square -> owner, with masks
    supply: list[int]
    kept: list[list[int]]      # kept[holder][owner]: opponents' cubes taken off the board
    refused: list[int]         # per owner: kept cubes already offered (and refused) this turn
    offer: Optional[tuple[int, int]]   # pending ransom (owner, price)
    die: int                   # the roll the current move uses (0 when none)
    dice: list[list[int]]      # the last DICE_KEPT rolls: [turn, seat, value]
    events: list[JsonDict]     # the last few happenings, for the log
    winner: int
    win_square: int
    # Caches, each valid while its key (cheap, thanks to the cube masks) is unchanged, so that
    # nothing here needs to know which action changed what: the current roll's routes and moves,
    # and the squares open to cubes with their actions.
    _roll_key: RollKey            # (pawn square, die, blocking cubes) of _roll_routes
    _roll_routes: Routes
    _moves_key: RollKey           # the same, of _plain (moves below the winning gold)
    _plain: tuple[Action, ...]
    _table: MoveTable
    _open: OpenSquares

    # -- contract: who moves, what is legal ------------------------------------------------------
    @property
    def to_move(self) -> Optional[int]:
        """The seat that acts next (the cube's owner while a ransom is pending)."""
        phase = self.phase
        if phase == OVER:
            return None
        if phase == RANSOM and self.offer is not None:
            return self.offer[0]
        return self.current

    def legal_actions(self) -> list[Action]:
        """Every legal action in a fixed order."""
        phase = self.phase
        if phase == MOVE:
            me = self.current
            if self.gold[me] < self.threshold:
                key = (self.pawns[me], self.die, self.cubes.blocks[me])
                if key != self._moves_key:
                    self._moves_key = key
                    self._plain = plain_moves(*key)
                return list(self._plain)
            return list(self._move_table()[2])
        if phase == PREPARE:
            actions: list[Action] = [ROLL]
            me = self.current
            if self.supply[me]:
                free = self._open_squares()[1]
                free &= ~self._occupied()
                free &= ~self._last_exits(self.cubes.mask)
                actions += placements(free)
            if any(self.kept[me]):
                actions.extend(self._offers())
            return actions
        if phase == START:
            return list(START_ACTIONS)
        if phase == RANSOM:
            return [PAY, REFUSE]
        if phase == SWITCH:
            return [SWITCH_ACTIONS[s] for s in self.switch_targets()]
        if phase == REMOVE:
            removals: list[Action] = [REMOVE_ACTIONS[sq] for sq in sorted(self.cubes)]
            removals.append(LEAVE)
            return removals
        return []

    def moves(self) -> list[tuple[Move, tuple[int, ...]]]:
        """The legal moves for the current roll, each with the route it takes (start first).

        One move per end square; two ("via star" / "avoiding stars") when the mover holds the
        winning gold and routes to that square differ in whether they cross a Star."""
        if self.phase != MOVE:
            return []
        return [(move, self.route_of(move)) for move in self._move_table()[2]
                if isinstance(move, Move)]

    def _move_table(self) -> MoveTable:
        """The moves of the current roll (shared between states with the same routes)."""
        found = self.current_routes()
        matters = self.gold[self.current] >= self.threshold
        table = self._table
        if table[0] is not found or table[1] != matters:
            table = self._table = move_table(found, matters)
        return table

    def current_routes(self) -> Routes:
        """Routes of exactly the rolled length for the mover (other players' cubes block)."""
        me = self.current
        key = (self.pawns[me], self.die, self.cubes.blocks[me])
        if key != self._roll_key:
            self._roll_key = key
            self._roll_routes = routes(*key)
        return self._roll_routes

    def cube_squares(self) -> list[int]:
        """Squares where the player to move may place a cube now (empty if none in supply)."""
        if self.phase != PREPARE or not self.supply[self.current]:
            return []
        free = self._open_squares()[1] & ~self._occupied() & ~self._last_exits(self.cubes.mask)
        return [sq for sq in BOARD.plain if free >> sq & 1]

    def _open_squares(self) -> OpenSquares:
        """Free plain squares whose cube would not cut the path (pawns not yet taken out)."""
        cubed = self.cubes.mask
        known = self._open
        if cubed != known[0]:
            info = cut_info(cubed, known[2])
            known = self._open = (cubed, BOARD.plain_mask & ~cubed & ~info[-1], info)
        return known

    def cube_mask(self) -> int:
        """Bit mask of the squares holding a cube."""
        return self.cubes.mask

    def _occupied(self) -> int:
        mask = 0
        for sq in self.pawns:
            if sq >= 0:
                mask |= 1 << sq
        return mask

    def _last_exits(self, cubed: int) -> int:
        """Mask of squares that are the only free neighbour of a pawn standing on its own cube."""
        mask = 0
        owned = self.cubes.owned
        for seat, sq in enumerate(self.pawns):
            if sq >= 0 and owned[seat] >> sq & 1:
                free = [n for n in NEIGHBOURS[sq] if not cubed >> n & 1]
                if len(free) == 1:
                    mask |= 1 << free[0]
        return mask

    def _offers(self) -> list[Action]:
        me = self.current
        out: list[Action] = []
        for owner in range(self.num_players):
            if owner != me and self.kept[me][owner] > self.refused[owner]:
                out.extend(offers_to(owner, self.gold[owner]))
        return out

    def switch_targets(self) -> list[int]:
        """Seats the mover may switch places with: every other pawn not on its own cube."""
        me = self.current
        return [s for s in range(self.num_players)
                if s != me and self.cubes.get(self.pawns[s]) != s]

    # -- contract: doing things -----------------------------------------------------------------
    def do(self, action: Action) -> None:
        """Apply a legal action (unchecked)."""
        kind = action.kind
        if kind == "move":
            self._do_move(action)  # type: ignore[arg-type]
        elif kind == "roll":
            self._roll_and_go()
        elif kind == "cube":
            sq = BOARD.index[(action.row, action.col)]  # type: ignore[attr-defined]
            self.cubes[sq] = self.current
            self.supply[self.current] -= 1
        elif kind == "start":
            self._do_start(action)  # type: ignore[arg-type]
        elif kind == "offer":
            self.offer = (action.owner, action.price)  # type: ignore[attr-defined]
            self.phase = RANSOM
        elif kind == "pay":
            self._do_pay()
        elif kind == "refuse":
            owner, price = self.offer  # type: ignore[misc]
            self.refused[owner] += 1
            self.offer = None
            self.phase = PREPARE
            self._event("refuse", owner, f"Player {owner + 1} refuses to pay {price} gold.")
        elif kind == "switch":
            self._do_switch(action.seat)  # type: ignore[attr-defined]
        elif kind == "remove":
            self._do_remove(BOARD.index[(action.row, action.col)])  # type: ignore[attr-defined]
        elif kind == "leave":
            self._end_turn()
        else:  # pragma: no cover - guarded by the action table
            raise ValueError(f"unknown action {action!r}")

    def _do_start(self, action: StartAt) -> None:
        me = self.current
        square = dict(BOARD.stars)[action.star]
        self.pawns[me] = square
        self._event("start", me, f"Player {me + 1} starts on the {action.star} Star.")
        nxt = (me + 1) % self.num_players
        if nxt == self.first:
            self.turn = 1
            self.phase = PREPARE
        self.current = nxt

    def _do_pay(self) -> None:
        me = self.current
        owner, price = self.offer  # type: ignore[misc]
        self.gold[owner] -= price
        self.gold[me] += price
        self.kept[me][owner] -= 1
        self.supply[owner] += 1
        self.offer = None
        self.phase = PREPARE
        self._event("ransom", owner,
                    f"Player {owner + 1} pays player {me + 1} {price} gold to get a cube back.")

    def roll_die(self) -> int:
        """Roll the die for the current player: loaded dice first, then the state's Rng."""
        if self.script:
            value = self.script.pop(0)
        else:   # self.rng.below(DIE_SIDES) + 1, inlined (SplitMix64; a test holds them equal)
            rng = self.rng
            while True:
                z = rng.state = (rng.state + 0x9E3779B97F4A7C15) & _MASK64
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                z ^= z >> 31
                if z < _DIE_LIMIT:
                    break
            value = z % DIE_SIDES + 1
        self.reveals += 1
        self.dice.append([self.turn, self.current, value])
        if len(self.dice) > DICE_KEPT:
            del self.dice[0]
        return value

    def _roll_and_go(self) -> None:
        """Roll, then wait for a move, or end the turn if no move of that length exists."""
        me = self.current
        self.die = die = self.roll_die()
        self.phase = MOVE
        pawn, blocked = self.pawns[me], self.cubes.blocks[me]
        if self.gold[me] < self.threshold:     # only the ends matter: no routes built
            self._moves_key = (pawn, die, blocked)
            self._plain = moves = plain_moves(pawn, die, blocked)
            stuck = not moves
        else:                                   # current_routes(), inlined
            self._roll_key = (pawn, die, blocked)
            self._roll_routes = found = routes(pawn, die, blocked)
            stuck = not found
        if stuck:
            self._event("stuck", me, f"Player {me + 1} rolls {self.die} and cannot move.")
            self._end_turn()

    def _do_move(self, action: Move) -> None:
        me = self.current
        end = BOARD.index[(action.row, action.col)]
        if self.gold[me] >= self.threshold:
            for sq in self.route_of(action)[1:]:
                if BOARD.star_mask >> sq & 1:   # entering a Star with the gold wins at once
                    self.pawns[me] = sq
                    self._win(sq)
                    return
        self.pawns[me] = end
        if _KINDS[end] == PATH and self.pawns.count(end) == 1:
            self._end_turn()            # the common landing, without _land's dispatch
        else:
            self._land(end)

    def route_of(self, action: Move) -> tuple[int, ...]:
        """The squares a legal move passes through, start first."""
        end = BOARD.index[(action.row, action.col)]
        found = self.current_routes()
        if action.route == VIA_STAR:
            return found[(end, True)]
        if action.route == AVOIDING_STARS:
            return found[(end, False)]
        return found.get((end, True)) or found[(end, False)]

    def _land(self, end: int) -> None:
        """Resolve the square the mover landed on, in the rules' order."""
        me = self.current
        if self.pawns.count(end) > 1:
            self._steal(end, [s for s in range(self.num_players)
                              if s != me and self.pawns[s] == end])
            self._end_turn()
            return
        kind = BOARD.kinds[end]
        if kind == PATH:
            self._end_turn()
        elif kind == JACKPOT:
            taken = self.pots[end]
            self.pots[end] = 0
            self.gold[me] += taken
            self._event("jackpot", me, f"Player {me + 1} empties the Jackpot on "
                                       f"{BOARD.name(end)}: {taken} gold, and rolls again.")
            self._roll_and_go()
        elif kind == ROLL_AGAIN:
            self._event("roll_again", me, f"Player {me + 1} rolls again.")
            self._roll_and_go()
        elif kind == SWITCH_PLACES:
            if self.switch_targets():
                self.phase = SWITCH
            else:
                self._end_turn()
        elif kind == REMOVE_CUBE:
            if self.cubes:
                self.phase = REMOVE
            else:
                self._end_turn()
        else:  # a Star: an ordinary square unless it wins
            self._end_turn()

    def _steal(self, end: int, victims: list[int]) -> None:
        me = self.current
        taken = 0
        for s in victims:
            taken += self.gold[s]
            self.gold[s] = 0
        pot = self.pots.get(end, 0)
        if pot:
            self.pots[end] = 0
        self.gold[me] += taken + pot
        names = " and ".join(f"player {s + 1}" for s in victims)
        extra = f" and {pot} from the Jackpot" if pot else ""
        self._event("steal", me,
                    f"Player {me + 1} lands on {names} and steals {taken} gold{extra}.")

    def _do_switch(self, other: int) -> None:
        me = self.current
        mine, theirs = self.pawns[me], self.pawns[other]
        self.pawns[me], self.pawns[other] = theirs, mine
        self._event("switch", me, f"Player {me + 1} switches places with player {other + 1}.")
        if BOARD.star_mask >> theirs & 1 and self.gold[me] >= self.threshold:
            self._win(theirs)
            return
        self._end_turn()

    def _do_remove(self, square: int) -> None:
        me = self.current
        owner = self.cubes.pop(square)
        if owner == me:
            self.supply[me] += 1
            text = f"Player {me + 1} takes back their cube from {BOARD.name(square)}."
        else:
            self.kept[me][owner] += 1
            text = f"Player {me + 1} removes player {owner + 1}'s cube from {BOARD.name(square)}."
        self._event("remove", me, text)
        self._end_turn()

    def _win(self, square: int) -> None:
        me = self.current
        self.winner = me
        self.win_square = square
        self.phase = OVER
        self.die = 0
        self._event("win", me, f"Player {me + 1} reaches the {BOARD.star_name(square)} Star "
                               f"with {self.gold[me]} gold and wins!")

    def _end_turn(self) -> None:
        self.current = (self.current + 1) % self.num_players
        self.turn += 1
        self.phase = PREPARE
        self.die = 0
        if any(self.refused):
            self.refused = [0] * self.num_players

    def _event(self, kind: str, seat: int, text: str) -> None:
        self.events.append({"turn": self.turn, "seat": seat, "kind": kind, "text": text})
        if len(self.events) > EVENTS_KEPT:
            del self.events[0]

    # -- contract: results and views ------------------------------------------------------------
    def outcome(self) -> Optional[Outcome]:
        """Gold as scores; the player who entered a Star with enough gold wins."""
        if self.phase != OVER:
            return None
        w = self.winner
        star = BOARD.star_name(self.win_square)
        lines = []
        for s in range(self.num_players):
            on_board = sum(1 for owner in self.cubes.values() if owner == s)
            kept = sum(self.kept[s])
            lines.append((f"Gold: {self.gold[s]}",
                          f"Cubes: {self.supply[s]} in supply, {on_board} on the board",
                          f"Opponents' cubes kept: {kept}")
                         + ((f"Won at the {star} Star",) if s == w else ()))
        return Outcome(
            scores=tuple(float(g) for g in self.gold), winners=(w,),
            summary=said(W("summary", winner=Player(w), star=star, gold=self.gold[w],
                           turn=self.turn)),
            lines=tuple(lines))

    def view_for(self, seat: Optional[int]) -> JsonDict:
        """Everything a screen shows (Catch 22 has no secrets, so every seat sees the same)."""
        cell = BOARD.cells
        return {
            "game": "catch22",
            "board": list(BOARD.rows),
            "legend": dict(BOARD.legend),
            "stars": {name: list(cell[sq]) for name, sq in BOARD.stars},
            "players": self.num_players,
            "threshold": self.threshold,
            "phase": self.phase,
            "to_move": self.to_move,
            "current": self.current,
            "turn": self.turn,
            "pawns": [list(cell[sq]) if sq >= 0 else None for sq in self.pawns],
            "gold": list(self.gold),
            "cubes": [[*cell[sq], owner] for sq, owner in sorted(self.cubes.items())],
            "supply": list(self.supply),
            "kept": [list(k) for k in self.kept],
            "jackpots": [[*cell[sq], self.pots[sq]] for sq in BOARD.jackpots],
            "jackpot_gold_left": sum(self.pots.values()),
            "die": self.die,
            "dice": [list(d) for d in self.dice],
            "rolls": self.reveals,
            "offer": (None if self.offer is None else
                      {"from": self.current, "owner": self.offer[0], "price": self.offer[1]}),
            "moves": [{"action": str(a), "to": [a.row, a.col],
                       "route": [list(cell[sq]) for sq in r],
                       "crosses_star": any(BOARD.star_mask >> sq & 1 for sq in r[1:])}
                      for a, r in self.moves()],
            "cube_squares": [list(cell[sq]) for sq in self.cube_squares()],
            "events": [dict(e) for e in self.events],
            "winner": None if self.winner < 0 else self.winner,
            "prompt": self.prompt(),
        }

    def progress(self) -> str:
        """"Turn 14" (or "Choosing Stars" during set-up)."""
        return "Choosing Stars" if self.phase == START else f"Turn {self.turn}"

    def prompt(self) -> str:
        """One line telling the player to move what to do."""
        phase = self.phase
        key: tuple[Any, ...]
        if phase == PREPARE:
            cubes = bool(self.supply[self.current])
            offer = any(self.kept[self.current][o] > self.refused[o] and self.gold[o]
                        for o in range(self.num_players) if o != self.current)
            key = (phase, self.to_move, "place_or_offer" if cubes and offer else
                   "place_then_roll" if cubes else "offer_then_roll" if offer else "roll_now")
        elif phase == RANSOM and self.offer is not None:
            key = (phase, self.to_move, self.current, self.offer[1])
        elif phase == MOVE:
            key = (phase, self.to_move, self.die)
        elif phase in (START, SWITCH, REMOVE):
            key = (phase, self.to_move)
        else:
            outcome = self.outcome()
            return outcome.summary if outcome else ""
        text = _PROMPTS.get(key)   # the same few lines over and over: rendered once each
        if text is None:
            text = _PROMPTS[key] = self._render_prompt(key)
        return text

    @staticmethod
    def _render_prompt(key: tuple[Any, ...]) -> str:
        phase, to_move = key[0], key[1]
        if phase == PREPARE:
            what = W(key[2])
        elif phase == RANSOM:
            what = W("pay_or_not", keeper=Player(key[2]), price=key[3])
        elif phase == MOVE:
            what = W("rolled", die=key[2])
        else:
            what = W({START: "choose_star", SWITCH: "choose_switch", REMOVE: "choose_cube"}[phase])
        return said(W("prompt", who=Player(to_move or 0), what=what))

    def narrate(self, before: State, action: Action) -> tuple[Phrase, ...]:
        """The move with its die, then what followed: gold stolen, a Jackpot, a win."""
        assert isinstance(before, Catch22State)
        move, followed = words.happenings(before, self, action)
        return (move, *followed)

    def score_breakdown(self) -> tuple[tuple[tuple[Phrase, float], ...], ...]:
        """Per seat, the one thing that scores: gold."""
        return tuple(((W("gold_row"), float(g)),) for g in self.gold)

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """The faces of the next roll of the die, each as likely."""
        if self.phase == OVER:
            return []
        return [(d, 1 / DIE_SIDES) for d in range(1, DIE_SIDES + 1)]

    def force_chance(self, outcome: Any) -> None:
        """The next roll of the die comes up ``outcome`` (for search)."""
        self.script = [int(outcome)]

    # -- contract: gestures and reasons ---------------------------------------------------------
    def drag_of(self, action: Action) -> Optional[tuple[tuple[Any, ...], tuple[Any, ...]]]:
        """Cubes drag from the supply, pawns to their square, removed cubes back to a tray."""
        me = self.current
        if isinstance(action, PlaceCube):
            return ("supply", me), ("square", action.row, action.col)
        if isinstance(action, Move):
            return ("pawn", me), ("square", action.row, action.col)
        if isinstance(action, StartAt):
            squares = dict(BOARD.stars)
            if action.star in squares:
                return ("pawn", me), ("square", *BOARD.cells[squares[action.star]])
            return None
        if isinstance(action, SwitchPlaces):
            return ("pawn", me), ("pawn", action.seat)
        if isinstance(action, RemoveCube):
            return ("square", action.row, action.col), ("supply", me)
        return None

    def candidate_action(self, source: tuple[Any, ...], target: tuple[Any, ...]
                         ) -> Optional[Action]:
        """The action a drop from ``source`` onto ``target`` would mean, legal or not (the
        inverse of :meth:`drag_of`, for refusal reasons); ``None`` if it means nothing."""
        me = self.current
        if len(target) == 3 and target[0] == "square":
            row, col = target[1], target[2]
            if source == ("supply", me):
                return PlaceCube(row, col)
            if source == ("pawn", me):
                if self.phase == START:
                    square = BOARD.at(row, col)
                    star = BOARD.star_name(square) if square is not None else ""
                    return StartAt(star or cell_name(row, col))
                return Move(row, col)
        if source == ("pawn", me) and len(target) == 2 and target[0] == "pawn":
            seat = target[1]
            if self.phase in (MOVE, START) and type(seat) is int and 0 <= seat < self.num_players \
                    and self.pawns[seat] >= 0:
                return self.candidate_action(source, ("square", *BOARD.cells[self.pawns[seat]]))
            return SwitchPlaces(seat)
        if len(source) == 3 and source[0] == "square" and target == ("supply", me):
            return RemoveCube(source[1], source[2])
        return None

    def why_not_pick(self, source: Spot) -> Optional[str]:
        """Why a cube, a cat or a square cannot be taken now: the reason of the move it would
        begin (the tray: a cube onto a free path square; a cube on the board: back to the tray
        in a removal; a square or a cat: the current cat going there)."""
        if source in self.drag_sources():
            return None
        me = self.current
        candidate: Optional[Action] = None
        if source[0] == "supply":
            free = next((BOARD.cells[q] for q in range(len(BOARD.cells)) if BOARD.kinds[q] == PATH
                         and q not in self.cubes and q not in self.pawns), None)
            if free is not None:
                candidate = self.candidate_action(source, ("square", *free))
        elif source[0] == "square" and self.phase == REMOVE:
            candidate = self.candidate_action(source, ("supply", me))
        elif source[0] == "square" and self.phase != PREPARE:
            candidate = self.candidate_action(("pawn", me), source)
        elif source[0] == "pawn" and source[1] == me and self.pawns[me] >= 0:
            candidate = self.candidate_action(("pawn", me), ("square", *BOARD.cells[self.pawns[me]]))
        elif source[0] == "pawn" and self.phase == SWITCH:
            candidate = self.candidate_action(("pawn", me), source)
        elif source[0] == "pawn" and type(source[1]) is int and 0 <= source[1] < self.num_players \
                and source[1] != me:
            return said(W("their_cat", seat=Player(source[1])))
        return self.why_illegal(candidate) if candidate is not None else None

    def label(self, action: Action) -> str:
        """Button text for an action ("Roll the die", "Pay 3 gold", ...)."""
        kind = action.kind
        if kind == "roll":
            return "Roll the die"
        if kind == "pay":
            return f"Pay {self.offer[1] if self.offer else 0} gold"
        if kind == "refuse":
            return "Refuse to pay"
        if kind == "leave":
            return "Remove no cube"
        if kind == "offer":
            return said(W("label_offer", owner=Player(action.owner),  # type: ignore[attr-defined]
                          price=action.price))  # type: ignore[attr-defined]
        if kind == "start":
            return f"Start on the {action.star} Star"  # type: ignore[attr-defined]
        if kind == "switch":
            return said(W("label_switch", other=Player(action.seat)))  # type: ignore[attr-defined]
        where = cell_name(getattr(action, "row", None), getattr(action, "col", None))
        if kind == "cube":
            return f"Place a cube on {where}"
        if kind == "remove":
            return f"Remove the cube on {where}"
        if kind == "move":
            route = action.route  # type: ignore[attr-defined]
            if route == VIA_STAR:
                return f"Move to {where} via a Star"
            if route == AVOIDING_STARS:
                return f"Move to {where} avoiding Stars"
            return f"Move to {where}"
        return str(action)

    def explain_illegal(self, action: Action) -> str:
        """A sentence saying why ``action`` is not legal now."""
        return explain(self, action)

    # -- contract: copies and saves -------------------------------------------------------------
    def clone(self) -> "Catch22State":
        """A fast independent copy."""
        twin = _new_state(Catch22State)
        twin.num_players = self.num_players
        twin.threshold = self.threshold
        twin.rng = Rng(self.rng.state)
        twin.reveals = self.reveals
        twin.script = self.script[:]
        twin.phase = self.phase
        twin.current = self.current
        twin.first = self.first
        twin.turn = self.turn
        twin.pawns = self.pawns[:]
        twin.gold = self.gold[:]
        twin.pots = self.pots.copy()
        twin.cubes = self.cubes.copy()
        twin.supply = self.supply[:]
        twin.kept = [k[:] for k in self.kept]
        twin.refused = self.refused[:]
        twin.offer = self.offer
        twin.die = self.die
        twin.dice = self.dice[:]   # entries are never mutated
        twin.events = self.events[:]
        twin.winner = self.winner
        twin.win_square = self.win_square
        # The caches are only ever replaced, never changed in place: copies may share them.
        twin._roll_key = self._roll_key
        twin._roll_routes = self._roll_routes
        twin._moves_key = self._moves_key
        twin._plain = self._plain
        twin._table = self._table
        twin._open = self._open
        return twin

    def _clear_caches(self) -> None:
        self._roll_key = (-1, 0, 0)
        self._roll_routes = {}
        self._moves_key = (-1, 0, 0)
        self._plain = ()
        self._table = _NO_TABLE
        self._open = (-1, 0, None)

    def determinize(self, seat: int, rng: Rng) -> "Catch22State":
        """A copy with a reseeded die and no loaded dice: bots cannot foresee rolls."""
        world = self.clone()
        world.rng = Rng(rng.next64())
        world.script = []
        return world

    def to_json(self) -> JsonDict:
        """The complete state as plain JSON."""
        cell = BOARD.cells
        return {
            "players": self.num_players,
            "threshold": self.threshold,
            "rng": self.rng.state,
            "reveals": self.reveals,
            "script": list(self.script),
            "phase": self.phase,
            "current": self.current,
            "first": self.first,
            "turn": self.turn,
            "pawns": [list(cell[sq]) if sq >= 0 else None for sq in self.pawns],
            "gold": list(self.gold),
            "pots": [[*cell[sq], self.pots[sq]] for sq in BOARD.jackpots],
            "cubes": [[*cell[sq], owner] for sq, owner in sorted(self.cubes.items())],
            "supply": list(self.supply),
            "kept": [list(k) for k in self.kept],
            "refused": list(self.refused),
            "offer": None if self.offer is None else list(self.offer),
            "die": self.die,
            "dice": [list(d) for d in self.dice],
            "events": [dict(e) for e in self.events],
            "winner": self.winner,
            "win_square": None if self.win_square < 0 else list(cell[self.win_square]),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Catch22State":
        """Rebuild a state from :meth:`to_json` output; ``ValueError`` on bad data."""
        state = state_from_json(cls, data)
        state._clear_caches()
        return state


def _loaded_dice(dice: Any) -> list[int]:
    """The ``dice`` option checked: ``None`` or a list of die results 1..6."""
    if dice is None:
        return []
    if not isinstance(dice, (list, tuple)) or not all(
            type(d) is int and 1 <= d <= DIE_SIDES for d in dice):
        raise ValueError("option 'dice' must be a list of die results from 1 to 6")
    return list(dice)


def new_game(players: int, seed: int, options: Optional[Mapping[str, Any]] = None
             ) -> Catch22State:
    """A new game: Jackpots filled, 5 cubes each, the roll-off done; Stars are chosen next."""
    INFO.check_players(players)
    opts = INFO.check_options(options)
    if opts["threshold"] < 1:
        raise ValueError("option 'threshold' must be at least 1")
    state = object.__new__(Catch22State)
    state.num_players = players
    state.threshold = opts["threshold"]
    state.rng = Rng(seed)
    state.reveals = 0
    state.script = _loaded_dice(opts["dice"])
    state.phase = START
    state.current = 0
    state.first = 0
    state.turn = 0
    state.pawns = [-1] * players
    state.gold = [0] * players
    state.pots = {sq: BOARD.printed_gold[sq] for sq in BOARD.jackpots}
    state.cubes = CubeMap()
    state.supply = [CUBES_EACH] * players
    state.kept = [[0] * players for _ in range(players)]
    state.refused = [0] * players
    state.offer = None
    state.die = 0
    state.dice = []
    state.events = []
    state.winner = -1
    state.win_square = -1
    state._clear_caches()
    _roll_off(state)
    return state


def _roll_off(state: Catch22State) -> None:
    """Everyone rolls; the highest goes first; players tied for highest roll again."""
    contenders = list(range(state.num_players))
    while True:
        rolls = []
        for seat in contenders:
            state.current = seat
            rolls.append(state.roll_die())
        best = max(rolls)
        text = ", ".join(f"player {s + 1} rolls {r}" for s, r in zip(contenders, rolls))
        state._event("roll_off", -1, "Roll-off: " + text + ".")
        contenders = [s for s, r in zip(contenders, rolls) if r == best]
        if len(contenders) == 1:
            break
    state.first = state.current = contenders[0]
    state._event("first", state.first, f"Player {state.first + 1} goes first and chooses a Star.")
