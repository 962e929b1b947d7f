"""Cat's Gambit solver: an exact clairvoyant search and a hint that decides without peeking.

``clairvoyant_value(state)`` solves the position exactly as if the deck order were known (an upper
bound on what any real player can expect). ``GambitSolver`` samples the unknown deck order from
what the player knows (``state.determinize``), values every legal action by its mean clairvoyant
value over the samples (perfect-information Monte Carlo) and plays the best one.

The search runs on a compact copy of the rules ("the model"): the 7×7 cells that a floating 4×4
window around the fixed draw deck can ever reach are bits of an int (``cats/gambit/board.py``,
which the rules use too), and a position is a flat tuple, hashable as it is, so it serves as its
own transposition-table key. The model follows ``cats/gambit/state.py`` action for action
(``tests/test_gambit_solver.py`` replays random games through both and compares them); the engine
stays the authority and converts the chosen move back.
"""

from __future__ import annotations

import gc
import math
import time
from typing import Any, Callable, Optional

from cats.core import Action, State
from cats.gambit.actions import (
    Ability,
    Burrow,
    Decline,
    Draw,
    Look,
    Peek,
    Place,
    PlayPawn,
    Push,
)
from cats.gambit.board import (
    ATTACK,
    COLS,
    DECK_BIT,
    FULL,
    REACH,
    ROWS,
    STEP,
    W,
    bits,
    box,
    cell_of,
    idx_of,
    open_mask,
    pushes,
)
from cats.gambit.cards import CATKEN_POINTS, LOST_REWARD, PAWNS
from cats.gambit.state import GambitState
from cats.rng import Rng

Pos = tuple[Any, ...]  # a model position (the fields are listed under "the model")
Token = tuple[Any, ...]  # a model action: ("draw",), ("place", cell), ("pawn", pawn, cell), ...
# A child of a position is a Pos or a final value (a number); told apart by class, for speed.


def centred(occ: int, q: int) -> bool:
    """Whether some 4×4 window around every card has the Queen in its middle four cells."""
    x0, x1, y0, y1 = box(occ)
    qx, qy = q % W, q // W
    return x1 - 2 <= qx <= x0 + 2 and y1 - 2 <= qy <= y0 + 2


# -- the model ---------------------------------------------------------------------------------------
# A position: (occ, mC, mB, mN, mR, q, paw, umb, uside, deck, pawns, phase, rev, pend, ad, checks)
#   occ     every occupied cell, the deck included; the Pawns are occ minus the rest
#   mC..mR  Cat-ken stacks, Bishops, Knights, Rooks; q the Queen's cell, paw the Paw's cell
#   umb     Queen Umbra's cell or -1; uside -2/-5 (in play or still to come) or 0 (gone, or no
#           expansion); deck the deck as a string, top first; pawns a bit set over PAWNS
#   phase   TURN, PLACE (rev is the drawn card), PAWN (pend: peek or push already used), ABIL
#           (pend: the Pawn whose ability is offered), BURROW (after Look)
#   ad      the previous turn placed a drawn card (a Pawn may be played); checks 0 or 1
TURN, PLACE, PAWN, ABIL, BURROW = range(5)
BANISH, BURROW_P, CALL, PERCH, LEAP, GAMBIT, PUSH, PEEK = range(8)
AFTER = (1 << BANISH) | (1 << BURROW_P) | (1 << CALL) | (1 << LEAP) | (1 << GAMBIT)
PHASES = {"turn": TURN, "place": PLACE, "pawn": PAWN, "ability": ABIL, "burrow": BURROW}
TYPE_SLOT = {"C": 1, "B": 2, "N": 3, "R": 4}


def from_state(state: GambitState) -> Pos:
    """The model position of an engine state (its true deck order)."""
    occ = DECK_BIT
    masks = [0, 0, 0, 0, 0]
    for cell, stack in state.grid.items():
        b = 1 << idx_of(cell)
        occ |= b
        slot = TYPE_SLOT.get(stack[0])
        if slot:
            masks[slot] |= b
    umb = idx_of(state.umbra) if state.umbra is not None else -1
    if umb >= 0:
        uside = state.umbra_side
    elif state.umbra_option and not state.umbra_gone:
        uside = -2
    else:
        uside = 0
    pawns = 0
    for p in state.pawns:
        pawns |= 1 << PAWNS.index(p)
    phase = PHASES[state.phase]
    pend = PAWNS.index(state.pending) if state.pending else -1
    rev = (state.revealed or "") if phase == PLACE else ""
    ad = 1 if (phase == TURN and state.after_draw) else 0
    return (occ, masks[1], masks[2], masks[3], masks[4], idx_of(state.queen), idx_of(state.paw),
            umb, uside, "".join(state.deck), pawns, phase, rev, pend if phase in (PAWN, ABIL) else -1,
            ad, state.checks)


def final_score(occ: int, mC: int, q: int, umb: int, uside: int, pawns: int, checks: int,
                cards_left: int) -> int:
    """The engine's score of a finished (not lost) game."""
    pen = 2 * (cards_left + pawns.bit_count())
    return ((5 if checks == 0 else 1) + CATKEN_POINTS[mC.bit_count()]
            + (5 if centred(occ, q) else 0) - (pen if pen < 5 else 5) + (uside if umb >= 0 else 0))


def card_cells(card: str, paw: int, occ: int, q: int, free_check: bool) -> int:
    """Where a drawn card may go (the check rule applied to Cat-kens)."""
    cells = REACH[card][paw] & open_mask(occ)
    if card == "C" and not free_check:
        safe = cells & ~ATTACK["C"][q]
        if safe:
            return safe
    return cells


def _move(m: int, fb: int, tb: int) -> int:
    return (m & ~fb) | tb if m & fb else m


class Model:
    """Successor generation for model positions (rules options fixed per game)."""

    def __init__(self, free_check: bool = False) -> None:
        self.free_check = free_check

    # Each child is (action token, position or final value). Tokens: ("draw",), ("place", i),
    # ("pawn", p, i), ("push", f, t), ("ability", p, i), ("decline",), ("swap",).
    def children(self, s: Pos) -> list[tuple[Token, Any]]:
        """Every child, the Strategic Pushes included."""
        out = self.plain_children(s)
        out.extend(self.push_children(s))
        return out

    def push_children(self, s: Pos) -> list[tuple[Token, Any]]:
        """The Strategic Push children (many, and rarely needed first: searched last)."""
        if s[11] != TURN or not s[14] or not s[10] >> PUSH & 1:
            return []
        return [(("push", f, t), self._push(s, f, t)) for f, t in pushes(s[0], s[6])]

    def plain_children(self, s: Pos, draw: bool = True) -> list[tuple[Token, Any]]:
        """Every child but the Strategic Pushes (and the draw, unless ``draw``)."""
        (occ, mC, mB, mN, mR, q, paw, umb, uside, deck, pawns, phase, rev, pend, ad,
         checks) = s
        out: list[tuple[Token, Any]] = []
        if phase == TURN:
            if draw:
                out.append((("draw",), self._draw(s)))
            if ad:
                normal = STEP[paw] & open_mask(occ)
                for p in range(8):
                    if not pawns >> p & 1:
                        continue
                    cells = normal | mC if p == PERCH else normal
                    for c in bits(cells):
                        out.append((("pawn", p, c), self._pawn(s, p, c)))
        elif phase == PLACE:
            for c in bits(card_cells(rev, paw, occ, q, self.free_check)):
                out.append((("place", c), self._place(s, c)))
        elif phase == PAWN:
            for c in bits(STEP[paw] & open_mask(occ)):
                out.append((("pawn", pend, c), self._pawn(s, pend, c)))
        elif phase == ABIL:
            if pend == BURROW_P:
                out.append((("decline",), self._turn(s)))
                out.append((("swap",), self._swap_bottom(s)))
            else:
                if pend == BANISH:
                    targets = mN | mR
                elif pend == CALL:
                    targets = mC
                else:
                    targets = mB | mN | mR
                for c in bits(targets):
                    out.append((("ability", pend, c), self._ability(s, pend, c)))
                out.append((("decline",), self._turn(s)))
        else:  # BURROW, after Look
            out.append((("decline",), self._turn(s)))
            out.append((("swap",), self._swap_bottom(s)))
        return out

    @staticmethod
    def _turn(s: Pos) -> Pos:
        return s[:11] + (TURN, "", -1, 0, s[15])

    @staticmethod
    def _swap_bottom(s: Pos) -> Pos:
        deck = s[9]
        return s[:9] + (deck[:-2] + deck[-1] + deck[-2], s[10], TURN, "", -1, 0, s[15])

    def _draw(self, s: Pos) -> Any:
        (occ, mC, mB, mN, mR, q, paw, umb, uside, deck, pawns, phase, rev, pend, ad,
         checks) = s
        card = deck[0]
        rest = deck[1:]
        if not card_cells(card, paw, occ, q, self.free_check):
            return final_score(occ, mC, q, umb, uside, pawns, checks, len(rest))
        return (occ, mC, mB, mN, mR, q, paw, umb, uside, rest, pawns, PLACE, card, -1, 0, checks)

    def _place(self, s: Pos, c: int) -> Any:
        (occ, mC, mB, mN, mR, q, paw, umb, uside, deck, pawns, phase, card, pend, ad,
         checks) = s
        b = 1 << c
        occ |= b
        if card == "C":
            mC |= b
            if ATTACK["C"][q] & b:
                if checks:
                    return LOST_REWARD
                checks = 1
            if uside:
                umb, uside = c, -2
        else:
            if card == "B":
                mB |= b
            elif card == "N":
                mN |= b
            else:
                mR |= b
            if umb >= 0 and ATTACK[card][c] >> umb & 1:
                if uside == -2:
                    uside = -5
                else:
                    umb, uside = -1, 0
        if len(deck) == 1:
            return final_score(occ, mC, q, umb, uside, pawns, checks, 0)
        return (occ, mC, mB, mN, mR, q, c, umb, uside, deck, pawns, TURN, "", -1, 1, checks)

    def _pawn(self, s: Pos, p: int, c: int) -> Pos:
        (occ, mC, mB, mN, mR, q, paw, umb, uside, deck, pawns, phase, rev, pend, ad,
         checks) = s
        pawns &= ~(1 << p)
        occ |= 1 << c
        if AFTER >> p & 1:
            if p == BURROW_P:
                offer = len(deck) >= 2
            elif p == BANISH:
                offer = bool(mN | mR)
            elif p == CALL:
                offer = bool(mC)
            else:
                offer = bool(mB | mN | mR)
            if offer:
                return (occ, mC, mB, mN, mR, q, c, umb, uside, deck, pawns, ABIL, "", p, 0, checks)
        return (occ, mC, mB, mN, mR, q, c, umb, uside, deck, pawns, TURN, "", -1, 0, checks)

    @staticmethod
    def _push(s: Pos, f: int, t: int) -> Pos:
        (occ, mC, mB, mN, mR, q, paw, umb, uside, deck, pawns, phase, rev, pend, ad,
         checks) = s
        fb, tb = 1 << f, 1 << t
        return ((occ & ~fb) | tb, _move(mC, fb, tb), _move(mB, fb, tb), _move(mN, fb, tb),
                _move(mR, fb, tb), t if q == f else q, t if paw == f else paw,
                t if umb == f else umb, uside, deck, pawns & ~(1 << PUSH), PAWN, "", PUSH, 0,
                checks)

    @staticmethod
    def _ability(s: Pos, p: int, c: int) -> Pos:
        (occ, mC, mB, mN, mR, q, paw, umb, uside, deck, pawns, phase, rev, pend, ad,
         checks) = s
        b = 1 << c
        if p == BANISH:
            if mN & b:
                mN &= ~b
                deck += "N"
            else:
                mR &= ~b
                deck += "R"
            occ &= ~b
        elif p == CALL:
            paw = c
        else:
            other = paw if p == LEAP else q
            ob = 1 << other
            if mB & b:
                mB ^= b | ob
            elif mN & b:
                mN ^= b | ob
            else:
                mR ^= b | ob
            if p == LEAP:
                paw = c
            else:
                q = c
        return (occ, mC, mB, mN, mR, q, paw, umb, uside, deck, pawns, TURN, "", -1, 0, checks)


def to_action(token: Token) -> Action:
    """The engine action for a model token (("swap",) after Look is Burrow(True))."""
    kind = token[0]
    if kind == "draw":
        return Draw()
    if kind == "place":
        return Place(*cell_of(token[1]))
    if kind == "pawn":
        return PlayPawn(PAWNS[token[1]], *cell_of(token[2]))
    if kind == "push":
        f, t = cell_of(token[1]), cell_of(token[2])
        return Push(f[0], f[1], t[0], t[1])
    if kind == "ability":
        return Ability(PAWNS[token[1]], *cell_of(token[2]))
    if kind == "decline":
        return Decline()
    raise ValueError(token)


# -- bounds ------------------------------------------------------------------------------------------
def upper_bound(s: Pos, unknown_cats: int = 0) -> int:
    """An admissible upper bound on the final score reachable from ``s`` (deck order known).

    In an information-set position (deck cards ``?`` not known yet, ``unknown_cats`` of them
    Cat-kens) it bounds every order those cards may come in.

    For every order the remaining cards can still be drawn in (Banishment and Burrow can bring
    the bottom card into play), the bound adds: Queen Aurelia and the Cat-kens (their cells off
    her lines, :func:`_catken_bound`), the Pawn and card penalty (Pawn slots between draws, free
    cells in the 4×4 grid) and Queen Umbra (:func:`_umbra_term`).
    """
    (occ, mC, mB, mN, mR, q, paw, umb, uside, deck, pawns, phase, rev, pend, ad,
     checks) = s
    ability = pend if phase == ABIL else -1
    banish = pawns & 1 or ability == BANISH
    burrow = pawns >> BURROW_P & 1 or ability == BURROW_P or phase == BURROW
    placing = phase == PLACE
    orders = _orders(rev + deck if placing else deck, placing, bool(banish), bool(burrow),
                     umb >= 0, uside, unknown_cats)
    grid_cats = mC.bit_count()
    queen_moves = pawns & (1 << GAMBIT | 1 << PUSH) or ability == GAMBIT
    npawns = pawns.bit_count()
    slot = 1 if phase == TURN and ad else 0
    cells = occ.bit_count()
    perch = pawns >> PERCH & 1
    best = -99
    for c_left, places, banished, umbra in orders:
        if queen_moves:
            cats = grid_cats + c_left
            total = (5 if checks == 0 else 1) + CATKEN_POINTS[cats if cats < 4 else 4] + 5
        else:
            total = _catken_bound(occ & ~(mN | mR) if banished else occ, q, grid_cats, c_left,
                                  checks)
        short = npawns - places + 1 - slot
        over = places + npawns - perch - (16 - cells + banished)
        if over > short:
            short = over
        if short > 0:
            total -= 2 * short if short < 3 else 5
        total += umbra
        if total > best:
            best = total
    return best


def expected_bound(s: Pos, unknown: str) -> float:
    """The mean, over every order of the unseen cards, of the clairvoyant :func:`upper_bound`:
    a bound on the best expected final score a player who has not seen them can reach."""
    (occ, mC, mB, mN, mR, q, paw, umb, uside, deck, pawns, phase, rev, pend, ad,
     checks) = s
    if "?" not in deck:
        return upper_bound(s)
    ability = pend if phase == ABIL else -1
    banish = bool(pawns & 1 or ability == BANISH)
    burrow = bool(pawns >> BURROW_P & 1 or ability == BURROW_P or phase == BURROW)
    placing = phase == PLACE
    groups = _arrangements(rev + deck if placing else deck, unknown, placing, banish, burrow,
                           umb >= 0, uside)
    grid_cats = mC.bit_count()
    queen_moves = pawns & (1 << GAMBIT | 1 << PUSH) or ability == GAMBIT
    npawns = pawns.bit_count()
    slot = 1 if phase == TURN and ad else 0
    cells = occ.bit_count()
    perch = pawns >> PERCH & 1
    part: dict[tuple[int, int, int], int] = {}
    total = 0.0
    for weight, orders in groups:
        best = -99
        for c_left, places, banished, umbra in orders:
            key = (c_left, places, banished)
            v = part.get(key)
            if v is None:
                if queen_moves:
                    cats = grid_cats + c_left
                    v = (5 if checks == 0 else 1) + CATKEN_POINTS[cats if cats < 4 else 4] + 5
                else:
                    v = _catken_bound(occ & ~(mN | mR) if banished else occ, q, grid_cats,
                                      c_left, checks)
                short = npawns - places + 1 - slot
                over = places + npawns - perch - (16 - cells + banished)
                if over > short:
                    short = over
                if short > 0:
                    v -= 2 * short if short < 3 else 5
                part[key] = v
            v += umbra
            if v > best:
                best = v
        total += weight * best
    return total


_ARRANGEMENTS: dict[tuple[Any, ...], list[tuple[float, list[tuple[int, int, int, int]]]]] = {}


def _arrangements(cards: str, unknown: str, placing: bool, banish: bool, burrow: bool,
                  present: bool, side: int) -> list[tuple[float, list[tuple[int, int, int, int]]]]:
    """The unseen cards dealt into the ``?`` places every distinct way, grouped by their
    :func:`_orders` (probability of the group, orders)."""
    key = (cards, unknown, placing, banish, burrow, present, side)
    hit = _ARRANGEMENTS.get(key)
    if hit is not None:
        return hit
    holes = [i for i, c in enumerate(cards) if c == "?"]
    counts: dict[tuple[tuple[int, int, int, int], ...], int] = {}
    total = 0

    def deal(k: int, pool: str, filled: list[str], ways: int) -> None:
        nonlocal total
        if k == len(holes):
            orders = tuple(_orders("".join(filled), placing, banish, burrow, present, side))
            counts[orders] = counts.get(orders, 0) + ways
            total += ways
            return
        for card in sorted(set(pool)):
            filled[holes[k]] = card
            deal(k + 1, _without(pool, card), filled, ways * pool.count(card))
        filled[holes[k]] = "?"

    deal(0, unknown, list(cards), 1)
    out = [(ways / total, list(orders)) for orders, ways in counts.items()]
    if len(_ARRANGEMENTS) > 50_000:
        _ARRANGEMENTS.clear()
    _ARRANGEMENTS[key] = out
    return out


_ORDERS: dict[tuple[Any, ...], list[tuple[int, int, int, int]]] = {}


def _orders(cards: str, placing: bool, banish: bool, burrow: bool, present: bool,
            side: int, unknown_cats: int = 0) -> list[tuple[int, int, int, int]]:
    """(Cat-kens, placements, banished 0/1, best Umbra term) for each way the cards may come.

    ``cards`` is the deck, top first, with the card being placed in front when ``placing``. The
    bottom card stays in the deck unless a Banishment adds one under it; Burrow may swap the
    bottom two (before or after the Banishment: then the banished card comes up instead).
    """
    key = (cards, placing, banish, burrow, present, side, unknown_cats)
    hit = _ORDERS.get(key)
    if hit is not None:
        return hit
    seqs = [(cards[:-1], 0)]
    two = len(cards) >= 2 + placing
    if burrow and two:
        seqs.append((cards[:-2] + cards[-1], 0))
    if banish:
        seqs.append((cards, 1))
        if burrow:
            seqs.append((cards[:-1] + "N", 1))
            if two:
                seqs.append((cards[:-2] + cards[-1] + cards[-2], 1))
    out = []
    for seq, banished in seqs:
        hidden = seq.count("?")
        if hidden:  # unknown cards: as many Cat-kens as may be there, Umbra at her best
            entry = (seq.count("C") + min(hidden, unknown_cats), len(seq), banished, 0)
        else:
            entry = (seq.count("C"), len(seq), banished, _umbra_term(seq, present, side))
        if entry not in out:
            out.append(entry)
    if len(_ORDERS) > 100_000:
        _ORDERS.clear()
    _ORDERS[key] = out
    return out


def _umbra_term(seq: str, present: bool, side: int) -> int:
    """The best final Queen Umbra term when the cards ``seq`` are drawn in this order.

    Two checks in a row before the next Cat-ken send her away for good; a check can always be
    avoided, so at the end she shows the side she had at the last reset (or her present side).
    """
    if not side:
        return 0
    need = (2 if side == -2 else 1) if present else 0
    count = 0
    reset = False
    for ch in seq:
        if ch == "C":
            need, count, reset = 2, 0, True
        elif need:
            count += 1
            if count >= need:
                return 0
    if not need:
        return 0
    return -2 if reset else side


def _window(lo: int, hi: int) -> tuple[int, int]:
    return max(hi - 3, 0), min(lo + 3, W - 1)


_CATKEN_BOUND: dict[tuple[int, int, int, int, int], int] = {}


def _catken_bound(occ: int, q: int, grid_cats: int, c_left: int, checks: int) -> int:
    """Bound on Queen + Cat-kens + middle bonus while the Queen cannot move.

    The Cat-kens still to come need cells off the Queen's lines inside the final 4×4 window
    (otherwise they check her); the window only shrinks as cards are added. ``occ`` may be
    shrunk beforehand by every card that could still leave the grid (Banishment).
    """
    key = (occ, q, grid_cats, c_left, checks)
    hit = _CATKEN_BOUND.get(key)
    if hit is not None:
        return hit
    x0, x1, y0, y1 = box(occ)
    qx, qy = q % W, q // W
    free_lines = ~occ & ~ATTACK["C"][q] & FULL
    best = -99
    options = []
    ax0, ax1 = _window(x0, x1)
    ay0, ay1 = _window(y0, y1)
    options.append((0, ax0, ax1 + 0, ay0, ay1))
    # Windows with the Queen in the middle four: x start a in [max(x1-3, qx-2), min(x0, qx-1)].
    cx0, cx1 = max(x1 - 3, qx - 2), min(x0, qx - 1)
    cy0, cy1 = max(y1 - 3, qy - 2), min(y0, qy - 1)
    if cx0 <= cx1 and cy0 <= cy1:
        options.append((5, max(cx0, 0), min(cx1 + 3, W - 1), max(cy0, 0), min(cy1 + 3, W - 1)))
    for bonus, wx0, wx1, wy0, wy1 in options:
        region = 0
        for c in range(wx0, wx1 + 1):
            region |= COLS[c]
        rows = 0
        for r in range(wy0, wy1 + 1):
            rows |= ROWS[r]
        safe = (free_lines & region & rows).bit_count()
        short = c_left - safe
        if short <= 0:
            cats = grid_cats + c_left
            v = (5 if checks == 0 else 1) + CATKEN_POINTS[cats if cats < 4 else 4]
        else:
            # Leave the missing Cat-kens out, or (Queen still on 5) take one check.
            cats = grid_cats + safe
            v = (5 if checks == 0 else 1) + CATKEN_POINTS[cats if cats < 4 else 4]
            if checks == 0:
                cats += 1
                v = max(v, 1 + CATKEN_POINTS[cats if cats < 4 else 4])
        v += bonus
        if v > best:
            best = v
    if best < LOST_REWARD:
        best = int(LOST_REWARD)
    if len(_CATKEN_BOUND) > 300_000:
        _CATKEN_BOUND.clear()
    _CATKEN_BOUND[key] = best
    return best


# -- exact clairvoyant search ------------------------------------------------------------------------
class Budget(Exception):
    """The node budget of a search ran out."""


class Search:
    """Depth-first branch and bound over model positions with a transposition table.

    ``value(s, alpha)`` is exact when it is above ``alpha``, otherwise an upper bound not above
    ``alpha``. The table keeps (value, exact) per position. Children are tried best bound first.
    ``lower`` is the best final value met so far: some line of play reaches it, so it is a lower
    bound on the value of the position the search started from.
    """

    def __init__(self, model: Model, budget: Optional[int] = None) -> None:
        self.model = model
        self.table: dict[Any, tuple[float, bool]] = {}
        self.nodes = 0
        self.limit = budget if budget is not None else 1 << 62
        self.deadline = math.inf  # on the thinking thread's CPU clock (time.thread_time)
        self.lower = LOST_REWARD

    def value(self, s: Pos, alpha: float) -> float:
        table = self.table
        hit = table.get(s)
        if hit is not None:
            v, exact = hit
            if exact:
                if v > self.lower:
                    self.lower = v
                return v
            if v <= alpha:
                return v
            ub = v
        else:
            ub = upper_bound(s)
            if ub <= alpha:
                table[s] = (ub, False)
                return ub
        self.nodes += 1
        if self.nodes > self.limit or not self.nodes & 255 and time.thread_time() > self.deadline:
            raise Budget
        best = -1e9
        model = self.model
        for kids in (model.plain_children(s), None):
            if kids is None:
                if best >= ub or not (s[11] == TURN and s[14] and s[10] >> PUSH & 1):
                    break
                kids = model.push_children(s)
            scored: list[tuple[float, Optional[Pos]]] = []
            cub: float
            for _, child in kids:
                if child.__class__ is tuple:
                    h = table.get(child)
                    if h is None:
                        cub = upper_bound(child)
                        table[child] = (cub, False)
                    else:
                        cub = h[0]
                    scored.append((cub, child))
                else:
                    if child > self.lower:
                        self.lower = child
                    scored.append((child, None))
            scored.sort(key=_first, reverse=True)
            for cub, child in scored:
                if cub <= best or cub <= alpha:
                    if cub > best:
                        best = cub
                    break
                if child is None:
                    v = cub
                else:
                    v = self.value(child, best if best > alpha else alpha)
                if v > best:
                    best = v
                    if best >= ub:
                        break
        table[s] = (best, best > alpha)
        return best

    def solve(self, s: Pos) -> float:
        """The exact value of ``s`` (raises Budget when the node budget runs out)."""
        target: float = upper_bound(s)
        while True:
            v = self.value(s, target - 1)
            if v >= target:
                return v
            target = v
            if target <= self.lower:
                return target

    def estimate(self, s: Pos) -> float:
        """The exact value if the budget allows, else the best value found so far."""
        self.lower = LOST_REWARD
        try:
            return self.solve(s)
        except Budget:
            return self.lower


def _first(item: tuple[float, Any]) -> float:
    return item[0]


# -- engine actions and model children -----------------------------------------------------------
def _token(action: Action, phase: int) -> Optional[Token]:
    """The model token of an engine action (None for Peek and Look, which the model skips)."""
    if isinstance(action, Draw):
        return ("draw",)
    if isinstance(action, Place):
        return ("place", idx_of((action.x, action.y)))
    if isinstance(action, PlayPawn):
        return ("pawn", PAWNS.index(action.pawn), idx_of((action.x, action.y)))
    if isinstance(action, Push):
        return ("push", idx_of((action.fx, action.fy)), idx_of((action.tx, action.ty)))
    if isinstance(action, Ability):
        return ("ability", PAWNS.index(action.ability), idx_of((action.x, action.y)))
    if isinstance(action, Burrow):
        return ("swap",) if action.swap else ("decline",)
    if isinstance(action, Decline):
        return ("decline",)
    return None


def action_tokens(state: GambitState) -> list[tuple[Action, list[Token]]]:
    """Each legal engine action with the model tokens whose best child gives its value.

    Peek is worth its best Tactical Peek placement and Look its better Burrow order (for a player
    who knows the deck order, looking adds nothing). The model's ``("swap",)`` while an ability
    is offered stands for Look then Burrow(True).
    """
    phase = PHASES[state.phase]
    out: list[tuple[Action, list[Token]]] = []
    for action in state.legal_actions():
        if isinstance(action, Peek):
            out.append((action, [("pawn", PAWNS.index("peek"), c)
                                 for c in bits(STEP[idx_of(state.paw)])]))
        elif isinstance(action, Look):
            out.append((action, [("decline",), ("swap",)]))
        else:
            token = _token(action, phase)
            assert token is not None, action
            out.append((action, [token]))
    return out


def _child_map(model: Model, s: Pos) -> dict[Token, Any]:
    return dict(model.children(s))


# -- the clairvoyant player --------------------------------------------------------------------------
def clairvoyant_value(state: GambitState) -> tuple[float, Optional[Action]]:
    """(best final reward, an action reaching it) for a player who knows the true deck order.

    Exact: branch and bound over the whole game from ``state``, checkmate worth the engine's
    reward (-10). The action is the first legal one (engine order) that keeps the best value;
    None once the game is over.
    """
    if state.phase == "over":
        outcome = state.outcome()
        assert outcome is not None
        return outcome.reward(0), None
    model = Model(state.free_check)
    s = from_state(state)
    search = Search(model)
    best = search.solve(s)
    kids = _child_map(model, s)
    for action, tokens in action_tokens(state):
        for token in tokens:
            child = kids.get(token)
            if child is None:
                continue
            v = search.value(child, best - 1) if child.__class__ is tuple else child
            if v >= best:
                return float(best), action
    raise AssertionError("no action reaches the solved value")  # pragma: no cover


# -- sampling what the player does not know ----------------------------------------------------------
def sample_world(state: GambitState, rng: Rng) -> GambitState:
    """A copy with the unknown deck cards in a random order drawn from what the player knows.

    Like ``state.determinize(0, rng)``, but the unknown cards are sorted before the shuffle, so
    two states that differ only in the hidden order give the same samples for the same ``rng``.
    """
    world = state.clone()
    unknown = [i for i, k in enumerate(world.known) if not k]
    cards = sorted(world.deck[i] for i in unknown)
    rng.shuffle(cards)
    for i, c in zip(unknown, cards):
        world.deck[i] = c
    world.rng = Rng(rng.next64())
    return world


# -- the bots ----------------------------------------------------------------------------------------
class GreedyBot:
    """Level 1: the action whose result keeps the best score bound in one sampled order."""

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """A quick, plain move."""
        assert isinstance(world, GambitState)
        pairs = action_tokens(world)
        if len(pairs) == 1:
            return pairs[0][0]
        model = Model(world.free_check)
        kids = _child_map(model, from_state(sample_world(world, rng)))
        best, best_v = pairs[0][0], -1e9
        for action, tokens in pairs:
            v = -1e9
            for token in tokens:
                child = kids.get(token)
                if child is not None:
                    v = max(v, upper_bound(child) if child.__class__ is tuple else child)
            v += rng.below(1000) / 10_000  # break ties at random
            if v > best_v:
                best, best_v = action, v
        return best


# -- exact play under uncertainty (late game) --------------------------------------------------------
def from_info(state: GambitState) -> tuple[Pos, str]:
    """The information-set position of an engine state: deck cards the player has not seen are
    ``?``; with them the multiset of unseen cards (sorted)."""
    s = from_state(state)
    deck = "".join(c if k else "?" for c, k in zip(state.deck, state.known))
    unknown = "".join(sorted(c for c, k in zip(state.deck, state.known) if not k))
    return s[:9] + (deck,) + s[10:], unknown


def _without(unknown: str, card: str) -> str:
    i = unknown.index(card)
    return unknown[:i] + unknown[i + 1:]


_DRAWS: dict[str, list[tuple[str, float, str]]] = {}


def _draws(unknown: str) -> list[tuple[str, float, str]]:
    """(card, probability, unseen cards left) for each card the next unseen one may be."""
    out = _DRAWS.get(unknown)
    if out is None:
        out = _DRAWS[unknown] = [(x, unknown.count(x) / len(unknown), _without(unknown, x))
                                 for x in sorted(set(unknown))]
    return out


class Expectimax:
    """Optimal expected final reward over the unseen cards' orders (every order equally likely).

    Decision nodes take the best child (children whose bound cannot beat the best are skipped);
    a draw, a Tactical Peek or a Burrow look from unseen cards is a chance node. Exact, so meant
    for the last few cards. Positions are (model position with ``?`` cards, unseen multiset).
    """

    def __init__(self, model: Model, budget: Optional[int] = None) -> None:
        self.model = model
        self.table: dict[Any, tuple[float, bool]] = {}
        self.nodes = 0
        self.limit = budget if budget is not None else 1 << 62
        self.deadline = math.inf  # on ``clock``, the thinking thread's CPU clock by default
        self.clock: Callable[[], float] = time.thread_time
        self.capped = False  # whether the last Budget came from the clock (not the nodes)
        # Positions kept at most: past it the table starts again (it is only a cache), which
        # bounds the memory of a long search at the price of work done again.
        self.table_limit: float = math.inf

    def bound(self, s: Pos, unknown: str) -> float:
        """Mean over the unseen orders of the clairvoyant bound (>= the expected value)."""
        return expected_bound(s, unknown)

    def children(self, s: Pos, unknown: str) -> list[tuple[Token, Any]]:
        """(token, outcome) per action; an outcome is a final value, an (s, unknown) position or
        a chance list [(probability, outcome), ...]."""
        out = self.plain_children(s, unknown)
        out.extend(self.push_children(s, unknown))
        return out

    def push_children(self, s: Pos, unknown: str) -> list[tuple[Token, Any]]:
        """The Strategic Push children (searched last)."""
        return [(token, (child, unknown)) for token, child in self.model.push_children(s)]

    def plain_children(self, s: Pos, unknown: str) -> list[tuple[Token, Any]]:
        """Every child but the Strategic Pushes."""
        model = self.model
        phase = s[11]
        deck = s[9]
        out: list[tuple[Token, Any]] = []
        if phase == TURN:
            if deck[0] == "?":
                head, tail, fields = s[:9], deck[1:], s[10:]
                draws = []
                for x, p, left in _draws(unknown):
                    child = model._draw(head + (x + tail,) + fields)
                    draws.append((p, (child, left) if child.__class__ is tuple else child))
                out.append((("draw",), draws))
            else:
                out.append((("draw",), self._lift(model._draw(s), unknown)))
            for token, child in model.plain_children(s, draw=False):
                if token[0] == "pawn" and token[1] == PEEK and deck[0] == "?":
                    # Peek before placing: a chance node, then the placement with the card seen.
                    continue
                else:
                    child = self._lift(child, unknown)
                out.append((token, child))
            if s[14] and s[10] >> PEEK & 1 and deck[0] == "?" and \
                    STEP[s[6]] & open_mask(s[0]):
                peeked = []
                for x, p, left in _draws(unknown):
                    t = s[:9] + (x + deck[1:], s[10] & ~(1 << PEEK), PAWN, "", PEEK, 0, s[15])
                    peeked.append((p, (t, left)))
                out.append((("peek",), peeked))
        elif (phase == ABIL and s[13] == BURROW_P) or phase == BURROW:
            out.append((("decline",), self._lift(model._turn(s), unknown)))
            if phase == BURROW or "?" not in deck[-2:]:
                out.append((("swap",), self._lift(model._swap_bottom(s), unknown)))
            else:
                looks = []
                for pair, p in _bottom_pairs(deck[-2:], unknown):
                    rest = unknown
                    for a, b in zip(deck[-2:], pair):
                        if a == "?":
                            rest = _without(rest, b)
                    t = s[:9] + (deck[:-2] + pair,) + s[10:11] + (BURROW, "", -1, 0, s[15])
                    looks.append((p, (t, rest)))
                out.append((("look",), looks))
        else:
            for token, child in model.plain_children(s):
                out.append((token, self._lift(child, unknown)))
        return out

    @staticmethod
    def _lift(child: Any, unknown: str) -> Any:
        return (child, unknown) if child.__class__ is tuple else child

    def value(self, s: Pos, unknown: str, alpha: float = -1e9) -> float:
        """Exact when above ``alpha``, else an upper bound not above ``alpha``."""
        key = (s, unknown)
        table = self.table
        hit = table.get(key)
        if hit is not None:
            v, exact = hit
            if exact or v <= alpha:
                return v
            ub = v
        else:
            ub = self.bound(s, unknown)
            if ub <= alpha:
                table[key] = (ub, False)
                return ub
        self.nodes += 1
        if self.nodes > self.limit:
            raise Budget
        if not self.nodes & 63:
            if len(table) > self.table_limit:
                table.clear()  # before the clock is read: freeing the table takes a while
            if self.clock() > self.deadline:
                self.capped = True
                raise Budget
        best = -1e9
        for kids in (self.plain_children(s, unknown), None):
            if kids is None:
                if best >= ub - EPS or not (s[11] == TURN and s[14] and s[10] >> PUSH & 1):
                    break
                kids = self.push_children(s, unknown)
            scored: list[tuple[float, Any]] = []
            for _, outcome in kids:
                if outcome.__class__ is tuple:
                    hit = table.get(outcome)
                    if hit is None:
                        cub = self.bound(*outcome)
                        table[outcome] = (cub, False)
                    else:
                        cub = hit[0]
                    scored.append((cub, outcome))
                else:
                    scored.append((self._outcome_bound(outcome), outcome))
            scored.sort(key=_first, reverse=True)
            for cub, outcome in scored:
                floor = best if best > alpha else alpha
                if cub <= floor + EPS:
                    if cub > best:
                        best = cub
                    break
                v = self.outcome_value(outcome, floor)
                if v > best:
                    best = v
                    if best >= ub - EPS:
                        break
        table[key] = (best, best > alpha + EPS)
        return best

    def _outcome_bound(self, outcome: Any) -> float:
        if outcome.__class__ is tuple:
            hit = self.table.get(outcome)
            if hit is not None:
                return hit[0]
            ub = self.bound(*outcome)
            self.table[outcome] = (ub, False)
            return ub
        if outcome.__class__ is list:
            total = 0.0
            for p, o in outcome:
                total += p * self._outcome_bound(o)
            return total
        return float(outcome)

    def outcome_value(self, outcome: Any, alpha: float = -1e9) -> float:
        """The expected value of a child outcome (exact above ``alpha``, else a bound)."""
        if outcome.__class__ is tuple:
            return self.value(outcome[0], outcome[1], alpha)
        if outcome.__class__ is not list:
            return float(outcome)
        # A chance node: stop as soon as the bound on the rest cannot lift it above alpha.
        parts: list[tuple[float, Any, float]] = [(p, o, self._outcome_bound(o)) for p, o in outcome]
        rest = sum(p * b for p, _, b in parts)
        total = 0.0
        for p, o, b in parts:
            rest -= p * b
            v = self.outcome_value(o, (alpha - total - rest) / p)
            total += p * v
            if total + rest <= alpha + EPS:
                return total + rest
        return total


EPS = 1e-9


def _bottom_pairs(pair: str, unknown: str) -> list[tuple[str, float]]:
    """The possible contents of the bottom two deck cards (``?`` unseen) with probabilities."""
    out: dict[str, float] = {}
    n = len(unknown)
    for a in sorted(set(unknown)) if pair[0] == "?" else [pair[0]]:
        pa = unknown.count(a) / n if pair[0] == "?" else 1.0
        rest = _without(unknown, a) if pair[0] == "?" else unknown
        for b in sorted(set(rest)) if pair[1] == "?" else [pair[1]]:
            pb = rest.count(b) / len(rest) if pair[1] == "?" else 1.0
            out[a + b] = out.get(a + b, 0.0) + pa * pb
    return list(out.items())


def _exact_tokens(action: Action, kids: dict[Token, Any]) -> list[Token]:
    """The Expectimax children an engine action stands for (empty: dominated, skip it)."""
    if isinstance(action, Peek):
        if ("peek",) in kids:
            return [("peek",)]
        return [t for t in kids if t[0] == "pawn" and t[1] == PEEK]
    if isinstance(action, Look):
        return [("look",)] if ("look",) in kids else [("decline",), ("swap",)]
    if isinstance(action, PlayPawn) and action.pawn == "peek" and ("peek",) in kids:
        return []  # placing Tactical Peek blind is never better than peeking first
    token = _token(action, 0)
    return [token] if token in kids else []


def expectimax_choice(state: GambitState, search: Expectimax,
                      first: Optional[Action] = None) -> tuple[Action, float]:
    """(the first legal action of best expected value, that value) by ``search``, whose table
    may carry over from earlier positions of the same game; raises Budget when it runs out.

    ``first`` (a likely best action, e.g. the sampled answer) is searched first, so the others
    are cut sooner; it is kept unless another action is better by more than a rounding error.
    """
    s, unknown = from_info(state)
    kids = dict(search.children(s, unknown))
    best: Optional[Action] = None
    best_v = -1e9
    actions = state.legal_actions()
    if first is not None and first in actions:
        actions = [first] + [a for a in actions if a != first]
    for action in actions:
        for token in _exact_tokens(action, kids):
            v = search.outcome_value(kids[token], best_v)
            if v > best_v + EPS:
                best, best_v = action, v
    assert best is not None
    return best, best_v


TABLE_LIMIT = 600_000  # positions the exact search keeps from hint to hint (a few hundred MB)


class GambitSolver:
    """Decides without looking at the hidden deck order.

    Late in the game (few cards left) it solves the game exactly under uncertainty
    (:class:`Expectimax`). Before that, or when that search outgrows its budget, it uses
    perfect-information Monte Carlo: rounds of a few deck orders drawn from what the player
    knows, every surviving action valued in each by the clairvoyant search from its result
    (node-bounded: the best line found when the budget runs out), the weaker half dropped after
    each round (successive halving). Peek and Look are valued as a player who learns the card(s)
    and then picks the best follow-up for what was seen (samples grouped by the cards seen).

    The exact search keeps its table from hint to hint (its positions are what the player
    knows, so the table holds for any later position of any game), so work cut short by its
    budget is not lost: the next hint goes on from there.

    Every decision is bounded by node counts only (``exact_nodes``, ``nodes``, ``widen_nodes``),
    so a hint is the same on any machine, busy or not. ``exact_seconds`` (the first exact
    search), ``seconds`` (the sampled answer) and ``widen_seconds`` (the widened search), each
    counted from the start of the hint, are safety caps on the thinking thread's CPU time, well
    above what the nodes take: when one cuts a search, ``last_stats["capped"]`` is True and
    ``capped`` counts the hint (such a hint may differ from one machine to another).
    """

    def __init__(self, samples: int = 24, batch: int = 4, nodes: int = 24_000,
                 eval_nodes: tuple[int, int] = (60, 600), seconds: float = 2.0,
                 exact_deck: int = 5,
                 exact_nodes: int | tuple[int, ...] = (20_000, 20_000, 8_000),
                 exact_seconds: float = 1.0, carry_table: bool = True, widen_deck: int = 7,
                 widen_nodes: int = 64_000, widen_seconds: float = 2.0,
                 clock: Callable[[], float] = time.thread_time) -> None:
        self.samples = samples
        self.batch = batch
        self.nodes = nodes
        self.eval_nodes = eval_nodes
        self.seconds = seconds
        self.exact_deck = exact_deck
        # Node budget of the exact search by cards in the deck (3 or fewer, 4, 5, ...).
        self.exact_nodes = (exact_nodes,) if isinstance(exact_nodes, int) else tuple(exact_nodes)
        self.exact_seconds = exact_seconds
        self.carry_table = carry_table
        # Iterative widening: from ``widen_deck`` cards left, once the answer above is found,
        # the exact search goes on (its table carried within the hint and, with
        # ``carry_table``, from hint to hint) until the hint has counted ``widen_nodes`` nodes
        # in all (the first exact search, the samples' searches and the widened search); its
        # answer replaces the other only when it completed.
        # How 64,000 was chosen: widening used to run until 0.85 s of the hint's CPU time had
        # passed. Level 3 played 30 deals (seeds 0-29, base game) on the 2-core test machine
        # (loaded: other jobs beside it, 2026-12-04), and in the 54 hints where that time ran
        # out inside the widened search the hint had counted 55k-92k nodes (median 72k, lower
        # quartile 65k; about 85k exact-search nodes and 100k sampling nodes per CPU second).
        # 64,000 is near that lower quartile, so the slowest of those hints would still end in
        # about 1 s of CPU time; the cap (``widen_seconds``) is a safety net only.
        self.widen_deck = widen_deck
        self.widen_nodes = widen_nodes
        self.widen_seconds = widen_seconds
        self.clock = clock  # the thinking thread's CPU clock (tests inject their own)
        self._tables: dict[bool, Expectimax] = {}
        self.last_stats: dict[str, object] = {}
        self.capped = 0  # hints a CPU-time cap cut short

    def choose(self, world: State, seat: int, rng: Rng) -> Action:
        """The hint's action (the Bot protocol)."""
        assert isinstance(world, GambitState)
        actions = world.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self.hint(world, rng)[0]

    def hint(self, state: GambitState, rng: Rng,
             seconds: Optional[float] = None) -> tuple[Action, float]:
        """(suggested action, expected final score) without looking at the hidden deck order.

        The expected score is exact when the late-game search ran, else the Monte Carlo mean of
        the clairvoyant values (optimistic: it assumes the rest of the deck order becomes known).
        ``seconds`` (default ``self.seconds``) is the sampled answer's CPU-time safety cap.
        """
        if seconds is None:
            seconds = self.seconds
        # What was made before this hint (the carried table above all) is set aside from the
        # cyclic collector while the hint thinks: a full collection would walk the whole table
        # (30-50 ms at a few hundred thousand positions, several times that on a busy machine)
        # and could land just before the deadline. Nothing is kept from collection: unfrozen after.
        gc.freeze()
        try:
            return self._hint(state, rng, seconds)
        finally:
            gc.unfreeze()

    def _hint(self, state: GambitState, rng: Rng, seconds: float) -> tuple[Action, float]:
        answer = self._think(state, rng, seconds)
        if self.last_stats["capped"]:
            self.capped += 1
        return answer

    def _think(self, state: GambitState, rng: Rng, seconds: float) -> tuple[Action, float]:
        clock = self.clock
        start = clock()
        model = Model(state.free_check)
        deck = len(state.deck)
        search: Optional[Expectimax] = None
        capped = False
        if deck <= self.exact_deck:
            search = self._expectimax(model)
            search.nodes = 0
            search.limit = self.exact_nodes[min(max(deck - 3, 0), len(self.exact_nodes) - 1)]
            search.deadline = start + self.exact_seconds
            search.clock = clock
            search.capped = False
            try:
                action, value = expectimax_choice(state, search)
                self.last_stats = {"method": "exact", "nodes": search.nodes, "capped": False}
                return action, value
            except Budget:
                capped = search.capped
        answer = self._sampled(state, model, rng, start + seconds)
        capped = capped or bool(self.last_stats["capped"])
        self.last_stats["capped"] = capped
        sampled = self.last_stats["nodes"]
        assert isinstance(sampled, int)
        spent = sampled + (search.nodes if search is not None else 0)
        if deck > self.widen_deck or spent >= self.widen_nodes or capped:
            return answer
        # Widening: the exact search goes on with the nodes the hint has left.
        if search is None:
            search = self._expectimax(model)
        earlier = search.nodes
        search.nodes = 0
        search.limit = self.widen_nodes - spent
        search.deadline = start + self.widen_seconds
        search.clock = clock
        search.capped = False
        stats = dict(self.last_stats)
        try:
            action, value = expectimax_choice(state, search, answer[0])
        except Budget:
            self.last_stats = {**stats, "widened": "stopped",
                               "exact_nodes": earlier + search.nodes, "capped": search.capped}
            return answer
        self.last_stats = {"method": "exact", "widened": "completed",
                           "nodes": earlier + search.nodes, "sampled": stats, "capped": False}
        return action, value

    def carried_positions(self) -> int:
        """Positions of the exact search carried to the next hint (0 unless ``carry_table``)."""
        return sum(len(search.table) for search in self._tables.values())

    def _expectimax(self, model: Model) -> Expectimax:
        """The exact search, with the table of earlier hints when they are carried over."""
        search = self._tables.get(model.free_check)
        if search is None or not self.carry_table or len(search.table) > TABLE_LIMIT:
            search = Expectimax(model)
            if self.carry_table:
                self._tables[model.free_check] = search
        return search

    def _sampled(self, state: GambitState, model: Model, rng: Rng,
                 deadline: float) -> tuple[Action, float]:
        pairs = action_tokens(state)
        phase = PHASES[state.phase]
        # Information first: Look is never worse than Decline, Peek never worse than placing
        # Tactical Peek blind.
        if any(isinstance(a, Peek) for a, _ in pairs):
            pairs = [(a, t) for a, t in pairs
                     if not (isinstance(a, PlayPawn) and a.pawn == "peek")]
        if phase == ABIL and any(isinstance(a, Look) for a, _ in pairs):
            pairs = [(a, t) for a, t in pairs if isinstance(a, Look)]
        alive = list(range(len(pairs)))
        values: list[list[float]] = [[] for _ in pairs]
        detail: list[list[tuple[str, list[float]]]] = [[] for _ in pairs]
        rounds = max(1, -(-self.samples // self.batch))
        per_round = self.nodes / rounds
        lo, hi = self.eval_nodes
        taken = 0
        spent = 0
        out_of_time = False
        while taken < self.samples and not out_of_time:
            evals = sum(len(pairs[i][1]) for i in alive) * self.batch
            each = int(min(hi, max(lo, per_round / evals)))
            for _ in range(self.batch):
                world = sample_world(state, rng)
                s = from_state(world)
                kids = _child_map(model, s)
                search = Search(model, 0)
                row = []
                for i in alive:
                    action, tokens = pairs[i]
                    per = []
                    for token in tokens:
                        child = kids.get(token)
                        if child is None:
                            per.append(-1e9)
                        elif child.__class__ is tuple:
                            search.limit = search.nodes + each
                            per.append(search.estimate(child))
                        else:
                            per.append(float(child))
                    seen = world.deck[0] if isinstance(action, Peek) else "".join(world.deck[-2:])
                    row.append((i, per, seen))
                    if taken and self.clock() > deadline:
                        out_of_time = True
                        break
                spent += search.nodes
                if out_of_time:
                    break  # a partly valued sample would bias the comparison: drop it
                for i, per, seen in row:
                    if len(pairs[i][1]) > 1:
                        detail[i].append((seen, per))
                    values[i].append(max(per))
                taken += 1
            if len(alive) > 1:
                means = {i: self._mean(values[i], detail[i], len(pairs[i][1]) > 1) for i in alive}
                order = sorted(alive, key=lambda i: -means[i])
                alive = sorted(order[:max(2, (len(order) + 1) // 2)])
        means = {i: self._mean(values[i], detail[i], len(pairs[i][1]) > 1) for i in alive}
        best = max(alive, key=lambda i: (means[i], -i))
        self.last_stats = {"method": "sampled", "samples": taken, "actions": len(pairs),
                           "nodes": spent, "capped": out_of_time}
        return pairs[best][0], means[best]

    @staticmethod
    def _mean(values: list[float], detail: list[tuple[str, list[float]]], grouped: bool) -> float:
        if not values:
            return -1e9
        if not grouped:
            return sum(values) / len(values)
        # A player who saw the cards picks, per group of samples showing the same cards, the
        # follow-up with the best mean over that group.
        groups: dict[str, list[list[float]]] = {}
        for seen, per in detail:
            groups.setdefault(seen, []).append(per)
        total = 0.0
        for rows in groups.values():
            total += max(sum(col) for col in zip(*rows))
        return total / len(detail)
