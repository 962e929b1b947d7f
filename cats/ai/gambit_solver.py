"""Cat's Gambit solver: an exact clairvoyant search and a hint that decides without peeking.

``clairvoyant_value(state)`` solves the position exactly as if the deck order were known (an upper
bound on what any real player can expect). ``GambitSolver`` samples the unknown deck order from
what the player knows (``state.determinize``), values every legal action by its mean clairvoyant
value over the samples (perfect-information Monte Carlo) and plays the best one.

The search runs on a compact copy of the rules ("the model"): the 7×7 cells that a floating 4×4
window around the fixed draw deck can ever reach are bits of an int, and a position is a flat tuple,
hashable as it is, so it serves as its own transposition-table key. The model follows
``cats/gambit.py`` action for action (``tests/test_gambit_solver.py`` replays random games through
both and compares them); the engine stays the authority and converts the chosen move back.
"""

from __future__ import annotations

import time
from typing import Optional

from cats.core import Action
from cats.gambit import (CATKEN_POINTS, DECK, LOST_REWARD, PAWNS, Ability, Burrow, Decline,
                         Draw, GambitState, Look, Peek, Place, PlayPawn, Push)
from cats.rng import Rng

# -- geometry on bits --------------------------------------------------------------------------------
# Every legal cell lies in a 4×4 window that holds the deck at (1, 0): x in [-2, 4], y in [-3, 3].
W = 7
X0, Y0 = -2, -3
NCELLS = W * W
FULL = (1 << NCELLS) - 1


def idx_of(cell: tuple[int, int]) -> int:
    """Bit index of an engine cell."""
    return (cell[1] - Y0) * W + (cell[0] - X0)


def cell_of(i: int) -> tuple[int, int]:
    """Engine cell of a bit index."""
    return (i % W + X0, i // W + Y0)


XS = [i % W + X0 for i in range(NCELLS)]
YS = [i // W + Y0 for i in range(NCELLS)]
DECK_I = idx_of(DECK)
DECK_BIT = 1 << DECK_I


def _inside(x: int, y: int) -> bool:
    return X0 <= x < X0 + W and Y0 <= y < Y0 + W


def _mask(cells) -> int:  # type: ignore[no-untyped-def]
    m = 0
    for x, y in cells:
        if _inside(x, y):
            m |= 1 << idx_of((x, y))
    return m


_DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
_JUMP = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))

NEIGH = [_mask((XS[i] + dx, YS[i] + dy) for dx, dy in _DIAG + _ORTH) for i in range(NCELLS)]
# Where a drawn card may go from the Paw (the engine's reach: sliders up to three steps).
REACH = {
    "B": [_mask((XS[i] + dx * d, YS[i] + dy * d) for dx, dy in _DIAG for d in (1, 2, 3))
          for i in range(NCELLS)],
    "R": [_mask((XS[i] + dx * d, YS[i] + dy * d) for dx, dy in _ORTH for d in (1, 2, 3))
          for i in range(NCELLS)],
    "C": [_mask((XS[i] + dx * d, YS[i] + dy * d) for dx, dy in _DIAG + _ORTH for d in (1, 2, 3))
          for i in range(NCELLS)],
    "N": [_mask((XS[i] + dx, YS[i] + dy) for dx, dy in _JUMP) for i in range(NCELLS)],
}
# What a piece on a cell attacks, blockers ignored, any distance (checks on the Queens).
ATTACK = {
    "B": [_mask((XS[i] + dx * d, YS[i] + dy * d) for dx, dy in _DIAG for d in range(1, W))
          for i in range(NCELLS)],
    "R": [_mask((XS[i] + dx * d, YS[i] + dy * d) for dx, dy in _ORTH for d in range(1, W))
          for i in range(NCELLS)],
    "N": REACH["N"],
}
ATTACK["C"] = [ATTACK["B"][i] | ATTACK["R"][i] for i in range(NCELLS)]
# A Pawn's normal cells: one step up, left, right, down (also the engine's order).
STEP = [_mask((XS[i] + dx, YS[i] + dy) for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)))
        for i in range(NCELLS)]
ROWS = [((1 << W) - 1) << (W * r) for r in range(W)]
COLS = [sum(1 << (r * W + c) for r in range(W)) for c in range(W)]
NOT_LEFT = FULL & ~COLS[0]
NOT_RIGHT = FULL & ~COLS[W - 1]


def bits(m: int) -> list[int]:
    """The set bit indices of a mask, lowest (smallest y, then x) first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


_BOX: dict[int, tuple[int, int, int, int]] = {}
_OPEN: dict[int, int] = {}


def box(occ: int) -> tuple[int, int, int, int]:
    """(min x, max x, min y, max y) of an occupancy mask (bit coordinates 0..6)."""
    b = _BOX.get(occ)
    if b is None:
        cols = [c for c in range(W) if occ & COLS[c]]
        rows = [r for r in range(W) if occ & ROWS[r]]
        b = _BOX[occ] = (cols[0], cols[-1], rows[0], rows[-1])
    return b


def open_mask(occ: int) -> int:
    """Cells where a card may go: empty, next to an occupied cell, keeping the 4×4 bound."""
    m = _OPEN.get(occ)
    if m is None:
        x0, x1, y0, y1 = box(occ)
        win = 0
        for c in range(max(x1 - 3, 0), min(x0 + 3, W - 1) + 1):
            win |= COLS[c]
        rwin = 0
        for r in range(max(y1 - 3, 0), min(y0 + 3, W - 1) + 1):
            rwin |= ROWS[r]
        h = occ | ((occ << 1) & NOT_LEFT) | ((occ >> 1) & NOT_RIGHT)
        near = (h | (h << W) | (h >> W)) & FULL
        m = _OPEN[occ] = near & win & rwin & ~occ
        if len(_OPEN) > 400_000:
            _OPEN.clear()
            _BOX.clear()
    return m


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


def from_state(state: GambitState) -> tuple:
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
    pen = 2 * (cards_left + bin(pawns).count("1"))
    return ((5 if checks == 0 else 1) + CATKEN_POINTS[bin(mC).count("1")]
            + (5 if centred(occ, q) else 0) - (pen if pen < 5 else 5) + (uside if umb >= 0 else 0))


def card_cells(card: str, paw: int, occ: int, q: int, free_check: bool) -> int:
    """Where a drawn card may go (the check rule applied to Cat-kens)."""
    cells = REACH[card][paw] & open_mask(occ)
    if card == "C" and not free_check:
        safe = cells & ~ATTACK["C"][q]
        if safe:
            return safe
    return cells


_PUSHES: dict[tuple[int, int], list[tuple[int, int]]] = {}


def pushes(occ: int, paw: int) -> list[tuple[int, int]]:
    """Every Strategic Push (from, to) after which the Pawn has a normal cell."""
    key = (occ, paw)
    out = _PUSHES.get(key)
    if out is not None:
        return out
    out = []
    for frm in bits(occ & ~DECK_BIT):
        fb = 1 << frm
        rest = occ & ~fb
        targets = open_mask(rest) & ~fb
        p = paw
        for to in bits(targets):
            if paw == frm:
                p = to
            if STEP[p] & open_mask(rest | (1 << to)):
                out.append((frm, to))
    if len(_PUSHES) > 200_000:
        _PUSHES.clear()
    _PUSHES[key] = out
    return out


def _move(m: int, fb: int, tb: int) -> int:
    return (m & ~fb) | tb if m & fb else m


class Model:
    """Successor generation for model positions (rules options fixed per game)."""

    def __init__(self, free_check: bool = False) -> None:
        self.free_check = free_check

    # Each child is (action token, position or final value). Tokens: ("draw",), ("place", i),
    # ("pawn", p, i), ("push", f, t), ("ability", p, i), ("decline",), ("swap",).
    def children(self, s: tuple) -> list[tuple[tuple, object]]:
        (occ, mC, mB, mN, mR, q, paw, umb, uside, deck, pawns, phase, rev, pend, ad,
         checks) = s
        out: list[tuple[tuple, object]] = []
        if phase == TURN:
            out.append((("draw",), self._draw(s)))
            if ad:
                normal = STEP[paw] & open_mask(occ)
                for p in range(8):
                    if not pawns >> p & 1:
                        continue
                    if p == PUSH:
                        for f, t in pushes(occ, paw):
                            out.append((("push", f, t), self._push(s, f, t)))
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
    def _turn(s: tuple) -> tuple:
        return s[:11] + (TURN, "", -1, 0, s[15])

    @staticmethod
    def _swap_bottom(s: tuple) -> tuple:
        deck = s[9]
        return s[:9] + (deck[:-2] + deck[-1] + deck[-2], s[10], TURN, "", -1, 0, s[15])

    def _draw(self, s: tuple) -> object:
        (occ, mC, mB, mN, mR, q, paw, umb, uside, deck, pawns, phase, rev, pend, ad,
         checks) = s
        card = deck[0]
        rest = deck[1:]
        if not card_cells(card, paw, occ, q, self.free_check):
            return final_score(occ, mC, q, umb, uside, pawns, checks, len(rest))
        return (occ, mC, mB, mN, mR, q, paw, umb, uside, rest, pawns, PLACE, card, -1, 0, checks)

    def _place(self, s: tuple, c: int) -> object:
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

    def _pawn(self, s: tuple, p: int, c: int) -> tuple:
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
    def _push(s: tuple, f: int, t: int) -> tuple:
        (occ, mC, mB, mN, mR, q, paw, umb, uside, deck, pawns, phase, rev, pend, ad,
         checks) = s
        fb, tb = 1 << f, 1 << t
        return ((occ & ~fb) | tb, _move(mC, fb, tb), _move(mB, fb, tb), _move(mN, fb, tb),
                _move(mR, fb, tb), t if q == f else q, t if paw == f else paw,
                t if umb == f else umb, uside, deck, pawns & ~(1 << PUSH), PAWN, "", PUSH, 0,
                checks)

    @staticmethod
    def _ability(s: tuple, p: int, c: int) -> tuple:
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


def to_action(token: tuple) -> Action:
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
def upper_bound(s: tuple) -> int:
    """An admissible upper bound on the final score reachable from ``s`` (deck order known)."""
    (occ, mC, mB, mN, mR, q, paw, umb, uside, deck, pawns, phase, rev, pend, ad,
     checks) = s
    ability = pend if phase == ABIL else -1
    banish = pawns & 1 or ability == BANISH
    burrow = pawns >> BURROW_P & 1 or ability == BURROW_P or phase == BURROW
    n = len(deck)
    # Cards that may still be drawn: all but the bottom one, unless Banishment or Burrow can
    # bring the bottom card into play.
    c_left = deck.count("C", 0, n - 1)
    if deck[-1] == "C" and (banish or (burrow and n >= 2 and deck[-2] != "C")):
        c_left += 1
    minors = n - 1 - deck.count("C", 0, n - 1) + (1 if banish else 0)
    if phase == PLACE:
        if rev == "C":
            c_left += 1
        else:
            minors += 1
        places = n
    else:
        places = n - 1
    if banish:
        places += 1
    cats = bin(mC).count("1") + c_left
    total = (5 if checks == 0 else 1) + CATKEN_POINTS[cats if cats < 4 else 4]
    if centred(occ, q) or pawns & (1 << GAMBIT | 1 << PUSH | 1) or ability in (GAMBIT, BANISH):
        total += 5
    npawns = bin(pawns).count("1")
    slots = places - 1 + (1 if phase == TURN and ad else 0)
    short = npawns - slots
    free = 16 - bin(occ).count("1") + (1 if banish else 0)
    over = places + npawns - (pawns >> PERCH & 1) - free
    if over > short:
        short = over
    if short > 0:
        total -= 2 * short if short < 3 else 5
    if uside:
        if umb >= 0 and c_left == 0:
            need = 2 if uside == -2 else 1
            if minors < need:
                total += uside if minors == 0 else -2
        elif c_left and minors < 2:
            total -= 2
    return total


# -- exact clairvoyant search ------------------------------------------------------------------------
class Search:
    """Depth-first branch and bound over model positions with a transposition table.

    ``value(s, alpha)`` is exact when it is above ``alpha``, otherwise an upper bound not above
    ``alpha``. The table keeps (value, exact) per position.
    """

    def __init__(self, model: Model) -> None:
        self.model = model
        self.table: dict[tuple, tuple[float, bool]] = {}
        self.nodes = 0

    def value(self, s: tuple, alpha: float) -> float:
        hit = self.table.get(s)
        if hit is not None:
            v, exact = hit
            if exact or v <= alpha:
                return v
            ub = v
        else:
            ub = upper_bound(s)
            if ub <= alpha:
                self.table[s] = (ub, False)
                return ub
        self.nodes += 1
        best = -1e9
        kids = self.model.children(s)
        for _, child in kids:
            if child.__class__ is tuple:
                v = self.value(child, best if best > alpha else alpha)
            else:
                v = child
            if v > best:
                best = v
                if best >= ub:
                    break
        self.table[s] = (best, best > alpha)
        return best
