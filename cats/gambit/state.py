"""Cat's Gambit: the solo chess-move card placement puzzle, with the Queen Umbra expansion.

Rules: ``shared/rules/cats-gambit.md``. Cells are ``(x, y)`` with x to the right and y downward;
Queen Aurelia starts on (0, 0) and the draw deck sits on (1, 0) for the whole game. A grid cell
holds a *stack*: a list of cards, bottom first ("C" Cat-ken with a perched Pawn and Umbra on it).

Card codes: ``Q`` Queen Aurelia, ``U`` Queen Umbra, ``B`` Bishop, ``N`` Knight, ``R`` Rook,
``C`` Cat-ken, ``P:<pawn>`` a Pawn. Pawn ids: banish, burrow, call, perch, leap, gambit, push, peek.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from cats.core import (
    Action,
    Outcome,
    Spot,
    State,
    action_table,
)
from cats.gambit import words
from cats.gambit.actions import (
    DRAW,
    PLACES,
    PUSHES,
    Ability,
    Burrow,
    Decline,
    Draw,
    Look,
    Peek,
    Place,
    PlayPawn,
    Push,
    abilities,
    pawn_plays,
)
from cats.gambit.board import CELLS, INDEX, REACH, STEP, bits, occupancy, open_mask
from cats.gambit.board import pushes as board_pushes
from cats.gambit.cards import (
    AFTER_ABILITIES,
    CARD_NAMES,
    CATKEN_POINTS,
    DECK,
    DECK_CARDS,
    LOST_REWARD,
    PAWN_NAMES,
    PAWN_TEXT,
    PAWNS,
    QUEEN_START,
    Cell,
    attacks,
    rank_for,
)
from cats.gambit.geometry import (
    is_open,
    near,
    open_cells,
    pawn_steps,
    reach,
    row_first,
    span,
    widen,
)
from cats.gambit.info import INFO
from cats.jsondata import JsonDict
from cats.rng import Rng
from cats.words import Phrase, Sentence, said

class GambitState(State):
    """A Cat's Gambit position."""

    INFO = INFO
    ACTIONS = action_table(Draw, Place, PlayPawn, Peek, Push, Ability, Look, Burrow, Decline)

    def __init__(self, options: Mapping[str, Any], rng: Rng) -> None:
        self.num_players = 1
        self.rng = rng
        self.reveals = 0
        self.umbra_option: bool = bool(options.get("umbra", False))
        self.free_check: bool = bool(options.get("free_check", False))
        self.grid: dict[Cell, list[str]] = {QUEEN_START: ["Q"]}
        self.deck: list[str] = []
        self.known: list[bool] = []
        self.paw: Cell = DECK
        self.queen: Cell = QUEEN_START
        self.queen_side = 5
        self.checks = 0
        self.umbra: Optional[Cell] = None
        self.umbra_side = -2
        self.umbra_gone = False
        self.pawns: list[str] = []
        self.played: list[str] = []
        self.after_draw = False
        self.phase = "turn"  # turn | place | pawn | ability | burrow | over
        self.revealed: Optional[str] = None
        self.pending: Optional[str] = None
        self.end: Optional[str] = None  # checkmate | stuck | deck
        self.last_event = ""
        self.turn = 1

    # -- geometry ------------------------------------------------------------------------------
    # Legal moves are found on bits (``board``); the cell-by-cell helpers (``geometry``) answer
    # single questions and positions whose cells lie off the board.
    def occupied(self, without: Optional[Cell] = None) -> set[Cell]:
        """Every occupied cell, the deck included (after vacating the grid cell ``without``)."""
        cells = set(self.grid)
        if without is not None:
            cells.discard(without)
        cells.add(DECK)
        return cells

    def bounds(self, extra: Optional[Cell] = None, without: Optional[Cell] = None
               ) -> tuple[int, int, int, int]:
        """(min x, max x, min y, max y) of the occupied cells, optionally moved."""
        occ = self.occupied(without)
        box = span(occ)
        return box if extra is None else widen(box, extra)

    def fits(self, cell: Cell, without: Optional[Cell] = None) -> bool:
        """Whether adding ``cell`` (after vacating ``without``) keeps the 4×4 bound."""
        x0, x1, y0, y1 = self.bounds(cell, without)
        return x1 - x0 <= 3 and y1 - y0 <= 3

    def touches(self, cell: Cell, without: Optional[Cell] = None) -> bool:
        """Whether ``cell`` is next to (8 neighbours) an occupied cell other than ``without``."""
        return not self.occupied(without).isdisjoint(near(cell))

    def open_cell(self, cell: Cell, without: Optional[Cell] = None) -> bool:
        """Unoccupied (or just vacated), adjacent to a card, within the bound."""
        occ = self.occupied(without)
        return is_open(cell, occ, span(occ))

    def possible_cells(self) -> list[Cell]:
        """Cells some 4×4 window around the occupied cells still contains (drawn faintly)."""
        x0, x1, y0, y1 = self.bounds()
        return [(x, y) for y in range(y1 - 3, y0 + 4) for x in range(x1 - 3, x0 + 4)]

    def reach(self, piece: str, frm: Cell) -> list[Cell]:
        """Cells a card's movement reaches from ``frm`` (within 3, the largest possible)."""
        return list(reach(piece, frm))

    def card_cells(self, card: str) -> list[Cell]:
        """Cells whose stack is that card alone (B, N, R) or starts with it (C)."""
        return sorted(c for c, s in self.grid.items() if s[0] == card)

    def minor_cells(self) -> list[Cell]:
        """Cells holding a Bishop, Knight or Rook."""
        return sorted(c for c, s in self.grid.items() if s[0] in "BNR")

    def checks_queen(self, cell: Cell) -> bool:
        """Whether a Cat-ken placed on ``cell`` checks Queen Aurelia."""
        return attacks("C", cell, self.queen)

    # -- placement ---------------------------------------------------------------------------------
    def card_cells_for(self, card: str) -> list[Cell]:
        """Cells where a revealed card may legally go, check rule applied."""
        cells = self._reached(card)
        if card == "C" and not self.free_check:
            qx, qy = self.queen  # a Cat-ken's check, as ``checks_queen`` (never on her cell)
            safe = [c for c in cells
                    if c[0] != qx and c[1] != qy and abs(c[0] - qx) != abs(c[1] - qy)]
            if safe:
                return safe
        return cells

    def _reached(self, card: str) -> list[Cell]:
        """Open cells the card's movement reaches from the Paw (before the check rule)."""
        occ = occupancy(self.grid)
        paw = INDEX.get(self.paw)
        if occ is None or paw is None:
            cells = self.occupied()
            return open_cells(reach(card, self.paw), cells, span(cells))
        return [CELLS[i] for i in bits(REACH[card][paw] & open_mask(occ))]

    def pawn_cells(self) -> list[Cell]:
        """Normal Pawn cells: one step orthogonally from the Paw, open."""
        occ = occupancy(self.grid)
        paw = INDEX.get(self.paw)
        if occ is None or paw is None:
            cells = self.occupied()
            return open_cells(pawn_steps(self.paw), cells, span(cells))
        return [CELLS[i] for i in bits(STEP[paw] & open_mask(occ))]

    def catken_stacks(self) -> list[Cell]:
        """Cells holding a Cat-ken stack."""
        return self.card_cells("C")

    def pushes(self) -> list[tuple[Cell, Cell]]:
        """Every Strategic Push after which the Pawn has a legal cell."""
        occ = occupancy(self.grid)
        paw = INDEX.get(self.paw)
        if occ is not None and paw is not None:
            return [(CELLS[f], CELLS[t]) for f, t in board_pushes(occ, paw)]
        # Off the board (a hand-made or damaged position): cell by cell.
        out = []
        cells = self.occupied()
        for frm in sorted(self.grid, key=row_first):
            cells.discard(frm)
            box = span(cells)
            x0, x1, y0, y1 = box
            fits = x1 - x0 <= 3 and y1 - y0 <= 3
            for y in range(y1 - 3, y0 + 4) if fits else ():  # the window's rows and columns
                for x in range(x1 - 3, x0 + 4):
                    to = (x, y)
                    if to == frm or to in cells or cells.isdisjoint(near(to)):
                        continue
                    cells.add(to)  # the position after the push, tried in place
                    if open_cells(pawn_steps(to if self.paw == frm else self.paw), cells,
                                  widen(box, to)):
                        out.append((frm, to))
                    cells.discard(to)
            cells.add(frm)
        return out

    # -- the contract ------------------------------------------------------------------------------
    @property
    def to_move(self) -> Optional[int]:
        return None if self.phase == "over" else 0

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "over":
            return []
        if phase == "place":
            assert self.revealed is not None
            places = PLACES
            return [places[c] for c in self.card_cells_for(self.revealed)]
        if phase == "pawn":
            assert self.pending is not None
            plays = pawn_plays(self.pending)
            return [plays[c] for c in self.pawn_cells()]
        if phase == "burrow":
            return [Burrow(False), Burrow(True)]
        if phase == "ability":
            return self._ability_actions()
        actions: list[Action] = [DRAW]
        if self.after_draw:
            normal = self.pawn_cells()
            for pawn in self.pawns:
                if pawn == "peek" and normal:
                    actions.append(Peek())
                if pawn == "push":
                    pushes = PUSHES
                    actions.extend([pushes[move] for move in self.pushes()])
                plays = pawn_plays(pawn)
                actions.extend([plays[c] for c in normal])
                if pawn == "perch":
                    actions.extend([plays[c] for c in self.catken_stacks() if c not in normal])
        return actions

    def _ability_actions(self) -> list[Action]:
        pawn = self.pending
        if pawn == "burrow":
            return [Look(), Decline()]
        if pawn == "banish":
            cells = [c for c in self.minor_cells() if self.grid[c][0] in "NR"]
        elif pawn == "call":
            cells = self.catken_stacks()
        else:  # leap, gambit
            cells = self.minor_cells()
        assert pawn is not None
        uses = abilities(pawn)
        return [uses[c] for c in cells] + [Decline()]

    def has_ability_choice(self, pawn: str) -> bool:
        """Whether a just-placed Pawn's after-ability has anything to act on."""
        if pawn == "burrow":
            return len(self.deck) >= 2
        if pawn == "banish":
            return any(self.grid[c][0] in "NR" for c in self.minor_cells())
        if pawn == "call":
            return bool(self.catken_stacks())
        if pawn in ("leap", "gambit"):
            return bool(self.minor_cells())
        return False

    def do(self, action: Action) -> None:
        self.last_event = ""
        if isinstance(action, Draw):
            self._draw()
        elif isinstance(action, Place):
            self._place((action.x, action.y))
        elif isinstance(action, PlayPawn):
            self._play_pawn(action.pawn, (action.x, action.y))
        elif isinstance(action, Peek):
            self.pawns.remove("peek")
            self.pending = "peek"
            self.known[0] = True
            self.reveals += 1
            self.phase = "pawn"
            self.last_event = f"Tactical Peek: the top card is a {CARD_NAMES[self.deck[0]]}."
        elif isinstance(action, Push):
            self.pawns.remove("push")
            self.pending = "push"
            self._move_stack((action.fx, action.fy), (action.tx, action.ty))
            self.phase = "pawn"
        elif isinstance(action, Ability):
            self._use_ability(action.ability, (action.x, action.y))
        elif isinstance(action, Look):
            self.known[-1] = self.known[-2] = True
            self.reveals += 1
            self.phase = "burrow"
        elif isinstance(action, Burrow):
            if action.swap:
                self.deck[-1], self.deck[-2] = self.deck[-2], self.deck[-1]
            self._end_turn()
        elif isinstance(action, Decline):
            self._end_turn()
        else:
            raise TypeError(f"not a Cat's Gambit action: {action!r}")

    def _draw(self) -> None:
        card = self.deck.pop(0)
        self.known.pop(0)
        self.revealed = card
        self.reveals += 1
        if not self._reached(card):  # the check rule never empties the list
            self.end = "stuck"
            self.phase = "over"
            self.last_event = f"The {CARD_NAMES[card]} has nowhere to go: the game ends."
        else:
            self.phase = "place"

    def _place(self, cell: Cell) -> None:
        card = self.revealed
        assert card is not None
        self.revealed = None
        self.grid[cell] = [card]
        self.paw = cell
        self.after_draw = True
        events = []
        if card == "C":
            if self.checks_queen(cell):
                self.checks += 1
                if self.checks >= 2:
                    self.end = "checkmate"
                    self.phase = "over"
                    self.last_event = "Checkmate! Queen Aurelia is checked a second time."
                    return
                self.queen_side = 1
                events.append("Check! Queen Aurelia flips to her 1 VP side.")
            if self.umbra_option and not self.umbra_gone:
                if self.umbra is not None:
                    self.grid[self.umbra].remove("U")
                self.umbra = cell
                self.umbra_side = -2
                self.grid[cell].append("U")
                events.append("Queen Umbra rises on the new Cat-ken (−2).")
        elif self.umbra is not None and attacks(card, cell, self.umbra):
            if self.umbra_side == -2:
                self.umbra_side = -5
                events.append("Queen Umbra is checked: she turns to −5.")
            else:
                self.grid[self.umbra].remove("U")
                self.umbra = None
                self.umbra_gone = True
                events.append("Queen Umbra is checked twice and leaves the game.")
        self.last_event = " ".join(events)
        if len(self.deck) == 1:
            self.end = "deck"
            self.phase = "over"
            return
        self._end_turn()

    def _play_pawn(self, pawn: str, cell: Cell) -> None:
        if pawn in self.pawns:
            self.pawns.remove(pawn)
        self.played.append(pawn)
        self.pending = None
        tag = "P:" + pawn
        if cell in self.grid:  # Cat-ken Perch on a stack
            self.grid[cell].append(tag)
        else:
            self.grid[cell] = [tag]
        self.paw = cell
        self.after_draw = False
        if pawn in AFTER_ABILITIES and self.has_ability_choice(pawn):
            self.pending = pawn
            self.phase = "ability"
        else:
            self._end_turn()

    def _use_ability(self, pawn: str, cell: Cell) -> None:
        if pawn == "banish":
            card = self.grid.pop(cell)[0]
            self.deck.append(card)
            self.known.append(True)
            self.last_event = f"The {CARD_NAMES[card]} is banished to the bottom of the deck."
        elif pawn == "call":
            self.paw = cell
        elif pawn == "leap":
            self._swap(self.paw, cell)
            self.paw = cell
        elif pawn == "gambit":
            self._swap(self.queen, cell)
        self._end_turn()

    def _swap(self, a: Cell, b: Cell) -> None:
        self.grid[a], self.grid[b] = self.grid[b], self.grid[a]
        for c in (a, b):
            if "Q" in self.grid[c]:
                self.queen = c

    def _move_stack(self, frm: Cell, to: Cell) -> None:
        self.grid[to] = self.grid.pop(frm)
        if self.paw == frm:
            self.paw = to
        if self.queen == frm:
            self.queen = to
        if self.umbra == frm:
            self.umbra = to

    def _end_turn(self) -> None:
        self.pending = None
        self.phase = "turn"
        self.turn += 1

    # -- scoring -----------------------------------------------------------------------------------
    def catkens_in_grid(self) -> int:
        """Cat-kens on the grid, covered ones included."""
        return sum(s.count("C") for s in self.grid.values())

    def queen_centred(self) -> bool:
        """Whether some 4×4 window holding every card has the Queen in its middle four cells."""
        x0, x1, y0, y1 = self.bounds()
        qx, qy = self.queen
        return x1 - 2 <= qx <= x0 + 2 and y1 - 2 <= qy <= y0 + 2

    def unplaceable_cards(self) -> int:
        """Cards counted for the penalty: deck cards that could not be placed, bottom excluded."""
        if self.end == "stuck":
            return len(self.deck)  # the revealed card plus the deck less its bottom card
        return max(len(self.deck) - 1, 0) if self.end else 0

    def score_lines(self) -> list[tuple[str, int]]:
        """The scoring breakdown as (label, points), each label said from a phrase."""
        W = words.W
        catkens = self.catkens_in_grid()
        cards = self.unplaceable_cards()
        pawns = W("pawns", n=len(self.pawns))
        penalty = -min(5, 2 * (cards + len(self.pawns)))
        lines: list[tuple[str, int]] = [
            (said(W("score_queen", side=self.queen_side)), self.queen_side),
            (said(W("score_catkens", n=catkens)), CATKEN_POINTS[catkens]),
            (said(W("score_centred")), 5 if self.queen_centred() else 0),
            (said(W("score_penalty", cards=W("cards", n=cards), pawns=pawns)) if self.end
             else said(W("score_penalty_so_far", pawns=pawns)), penalty),
        ]
        if self.umbra is not None:
            lines.append((said(W("score_umbra", side=self.umbra_side)), self.umbra_side))
        return lines

    def score_breakdown(self) -> tuple[tuple[tuple[Phrase, float], ...], ...]:
        """The one seat's scoring rows (as :meth:`score_lines`)."""
        return (tuple((label.phrase if isinstance(label, Sentence) else words.W("label", text=label),
                       float(points)) for label, points in self.score_lines()),)

    def score(self) -> int:
        """The current total of the scoring lines."""
        return sum(points for _, points in self.score_lines())

    def outcome(self) -> Optional[Outcome]:
        if self.phase != "over":
            return None
        W = words.W
        if self.end == "checkmate":
            return Outcome((0,), (), said(W("lost")), ((said(W("lost_line")),),),
                           (LOST_REWARD,), scored=False)
        total = self.score()
        rank = rank_for(total)
        lines = tuple(said(W("score_row", label=label.phrase if isinstance(label, Sentence)
                             else W("label", text=label), points=f"{points:+d}"))
                      for label, points in self.score_lines())
        reason = W("ended_stuck" if self.end == "stuck" else "ended_deck")
        points = W("points", n=total)
        summary = said(W("ended_rank", reason=reason, points=points, rank=rank) if rank
                       else W("ended_no_rank", reason=reason, points=points))
        return Outcome((total,), (0,) if total >= 3 else (), summary,
                       (lines + (said(W("total", total=total)), said(W("rank", rank=rank or "—"))),),
                       (float(total),))

    # -- views and text ----------------------------------------------------------------------------
    def view_for(self, seat: Optional[int]) -> JsonDict:
        known = [{"from_top": i, "from_bottom": len(self.deck) - 1 - i, "card": c}
                 for i, (c, k) in enumerate(zip(self.deck, self.known)) if k]
        view: JsonDict = {
            "grid": [[c[0], c[1], list(s)] for c, s in sorted(self.grid.items())],
            "deck_cell": list(DECK),
            "deck_count": len(self.deck),
            "deck_known": known,
            "paw": list(self.paw),
            "queen": list(self.queen),
            "queen_side": self.queen_side,
            "checks": self.checks,
            "umbra_option": self.umbra_option,
            "umbra": list(self.umbra) if self.umbra else None,
            "umbra_side": self.umbra_side,
            "umbra_gone": self.umbra_gone,
            "pawns": [{"id": p, "name": PAWN_NAMES[p], "text": PAWN_TEXT[p]} for p in self.pawns],
            "played": list(self.played),
            "phase": self.phase,
            "revealed": self.revealed,
            "pending": self.pending,
            "end": self.end,
            "turn": self.turn,
            "possible": [list(c) for c in self.possible_cells()],
            "target_marks": self._target_marks(),
            "score_lines": [[label, pts] for label, pts in self.score_lines()],
            "score": self.score(),
            "last_event": self.last_event,
        }
        return view

    def _target_marks(self) -> list[JsonDict]:
        """For the revealed card, each candidate cell and what placing there would do."""
        card = self.revealed
        if card is None or self.phase != "place":
            return []
        legal = set(self.card_cells_for(card))
        marks = []
        for c in sorted({c for c in self.reach(card, self.paw) if self.open_cell(c)}):
            marks.append({
                "cell": list(c),
                "legal": c in legal,
                "checks_queen": card == "C" and self.checks_queen(c),
                "checks_umbra": card in "BNR" and self.umbra is not None
                and attacks(card, c, self.umbra),
            })
        return marks

    def prompt(self) -> str:
        if self.phase == "place" and self.revealed:
            return f"Place the {CARD_NAMES[self.revealed]} on a lit cell."
        if self.phase == "pawn" and self.pending:
            return f"Place {PAWN_NAMES[self.pending]} one step from the Paw."
        if self.phase == "burrow":
            return "Choose the order of the bottom two cards."
        if self.phase == "ability" and self.pending:
            return {
                "banish": "Drag a Knight or Rook onto the deck to banish it, or decline.",
                "burrow": "Look at the bottom two cards, or decline.",
                "call": "Drag the Paw onto a Cat-ken, or decline.",
                "leap": "Drag the Pawn onto a Bishop, Knight or Rook to swap, or decline.",
                "gambit": "Drag the Queen onto a Bishop, Knight or Rook to swap, or decline.",
            }[self.pending]
        if self.phase == "over":
            return "The game is over."
        if self.after_draw and self.pawns:
            return "Draw a card, or drag a Pawn next to the Paw."
        return "Draw a card from the deck."

    def progress(self) -> str:
        return f"Turn {self.turn} · {len(self.deck)} cards in the deck"

    def explain_illegal(self, action: Action) -> str:
        if isinstance(action, Place) and self.phase == "place" and self.revealed:
            cell = (action.x, action.y)
            if cell == DECK or cell in self.grid:
                return "That cell is taken."
            if not attacks(self.revealed, self.paw, cell):  # any distance, not only 3
                return f"A {CARD_NAMES[self.revealed]} cannot move there from the Paw."
            if not self.touches(cell):
                return "A card must touch another card (or the Queen or the deck)."
            if not self.fits(cell):
                return "The grid may not grow beyond four by four."
            return "That cell would check the Queen while a safe cell exists."
        if isinstance(action, (PlayPawn, Peek, Push)):
            if self.phase == "turn" and not self.after_draw:
                return "A Pawn may only follow a drawn card: never two Pawns in a row, never first."
            pawn = action.pawn if isinstance(action, PlayPawn) else action.kind
            if self.phase == "turn" and pawn not in self.pawns:
                return "That Pawn is not available."
            if isinstance(action, PlayPawn):
                cell = (action.x, action.y)
                if cell in self.grid and pawn != "perch":
                    return "That cell is taken (only Cat-ken Perch may go on a Cat-ken)."
                return "A Pawn goes one step orthogonally from the Paw, next to a card, in the grid."
            if isinstance(action, Push):
                return "That push is not possible (or leaves the Pawn nowhere to go)."
        if self.phase == "place":
            return "Place the revealed card first."
        if self.phase == "ability":
            return "Use the Pawn's ability on a suitable card, or decline it."
        return super().explain_illegal(action)

    def drag_of(self, action: Action) -> Optional[tuple[Spot, Spot]]:
        if isinstance(action, Draw):
            return ("deck",), ("deck",)
        if isinstance(action, Place):
            return ("revealed",), ("cell", action.x, action.y)
        if isinstance(action, PlayPawn):
            return ("pawn", action.pawn), ("cell", action.x, action.y)
        if isinstance(action, Peek):
            return ("pawn", "peek"), ("deck",)
        if isinstance(action, Push):
            return ("cell", action.fx, action.fy), ("cell", action.tx, action.ty)
        if isinstance(action, Ability):
            target: Spot = ("cell", action.x, action.y)
            if action.ability == "banish":
                return target, ("deck",)
            if action.ability == "call":
                return ("paw",), target
            if action.ability == "leap":
                return ("cell",) + self.paw, target
            return ("cell",) + self.queen, target
        if isinstance(action, Look):
            return ("pawn", "burrow"), ("deck",)
        if isinstance(action, Burrow) and action.swap:
            # The card second from the bottom dropped onto the bottom card: they change places.
            return ("bottom", 1), ("bottom", 0)
        return None

    def candidate_action(self, source: Spot, target: Spot) -> Optional[Action]:
        if source[0] == "bottom" and target[0] == "bottom":
            return Burrow(True) if source != target else None
        if target[0] != "cell":
            return None
        x, y = int(target[1]), int(target[2])
        if source == ("revealed",):
            return Place(x, y)
        if source[0] == "pawn":
            return PlayPawn(str(source[1]), x, y)
        if source[0] == "cell" and self.phase == "turn":
            return Push(int(source[1]), int(source[2]), x, y)
        if self.phase == "ability" and self.pending in ("call", "leap", "gambit"):
            return Ability(self.pending, x, y)
        return None

    def label(self, action: Action) -> str:
        """Button text for actions chosen by clicking."""
        if isinstance(action, Burrow):
            bottom = self.deck[-2] if action.swap else self.deck[-1]
            return f"{CARD_NAMES[bottom]} at the bottom"
        return {"draw": "Draw", "peek": "Peek at the top card", "look": "Look at the bottom two",
                "decline": "Decline the ability"}.get(action.kind, str(action))

    def why_not_pick(self, source: Spot) -> Optional[str]:
        """A Pawn out of turn, or the bottom card of the deck (it is the other card that moves)."""
        if source in self.drag_sources():
            return None
        if source[0] == "pawn" and self.phase == "turn":
            if not self.after_draw:
                return said(words.W("pawn_not_yet"))
            if source[1] not in self.pawns:
                return said(words.W("pawn_gone"))
        if tuple(source) == ("bottom", 0):
            return said(words.W("bottom_stays"))
        return None

    def narrate(self, before: State, action: Action) -> tuple[Phrase, ...]:
        """The card by name and cells by where they lie from the deck, then what followed."""
        assert isinstance(before, GambitState)
        return (words.move(before, action), *words.events(before, self, action))

    # -- determinize, clone, JSON --------------------------------------------------------------
    def determinize(self, seat: int, rng: Rng) -> "GambitState":
        world = self.clone()
        unknown = [i for i, k in enumerate(world.known) if not k]
        cards = [world.deck[i] for i in unknown]
        rng.shuffle(cards)
        for i, c in zip(unknown, cards):
            world.deck[i] = c
        world.rng = Rng(rng.next64())
        return world

    def clone(self) -> "GambitState":
        twin = GambitState.__new__(GambitState)
        twin.__dict__.update(self.__dict__)
        twin.grid = {c: list(s) for c, s in self.grid.items()}
        twin.deck = list(self.deck)
        twin.known = list(self.known)
        twin.pawns = list(self.pawns)
        twin.played = list(self.played)
        twin.rng = Rng(self.rng.state)
        return twin

    _SCALARS = ("umbra_option", "free_check", "queen_side", "checks", "umbra_side", "umbra_gone",
                "after_draw", "phase", "revealed", "pending", "end", "last_event", "turn",
                "reveals")

    def to_json(self) -> JsonDict:
        data: JsonDict = {k: getattr(self, k) for k in self._SCALARS}
        data.update({
            "grid": [[c[0], c[1], list(s)] for c, s in sorted(self.grid.items())],
            "deck": list(self.deck), "known": list(self.known), "paw": list(self.paw),
            "queen": list(self.queen), "umbra": list(self.umbra) if self.umbra else None,
            "pawns": list(self.pawns), "played": list(self.played), "rng": self.rng.state,
        })
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "GambitState":
        try:
            state = cls({"umbra": data["umbra_option"], "free_check": data["free_check"]},
                        Rng(int(data["rng"])))
            for k in cls._SCALARS:
                setattr(state, k, data[k])
            state.grid = {(int(x), int(y)): [str(c) for c in s] for x, y, s in data["grid"]}
            state.deck = [str(c) for c in data["deck"]]
            state.known = [bool(k) for k in data["known"]]
            state.paw = (int(data["paw"][0]), int(data["paw"][1]))
            state.queen = (int(data["queen"][0]), int(data["queen"][1]))
            state.umbra = (int(data["umbra"][0]), int(data["umbra"][1])) if data["umbra"] else None
            state.pawns = [str(p) for p in data["pawns"]]
            state.played = [str(p) for p in data["played"]]
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ValueError(f"not a Cat's Gambit position: {exc}") from None
        if state.phase not in ("turn", "place", "pawn", "ability", "burrow", "over") or \
                len(state.deck) != len(state.known) or any(p not in PAWNS for p in state.pawns):
            raise ValueError("not a Cat's Gambit position")
        return state




def _check_script(options: Mapping[str, Any]) -> tuple[Optional[list[str]], Optional[list[str]]]:
    deck = options.get("deck")
    pawns = options.get("pawns")
    if deck is not None:
        deck = [str(c).upper() for c in deck]
        if sorted(deck) != sorted(DECK_CARDS):
            raise ValueError("a scripted deck must hold exactly B B N N R R C C C C")
    if pawns is not None:
        pawns = [str(p) for p in pawns]
        if len(set(pawns)) != 5 or any(p not in PAWNS for p in pawns):
            raise ValueError(f"scripted Pawns must be five distinct of {', '.join(PAWNS)}")
    return deck, pawns


def new_game(players: int, seed: int, options: Mapping[str, Any]) -> GambitState:
    """A new deal: five random Pawns and a shuffled deck, unless the options script them."""
    INFO.check_players(players)
    options = INFO.check_options(options)
    deck, pawns = _check_script(options)
    rng = Rng(seed)
    state = GambitState(options, rng)
    chosen = rng.sample(PAWNS, 5)
    order = list(DECK_CARDS)
    rng.shuffle(order)
    state.pawns = sorted(pawns or chosen, key=PAWNS.index)
    state.deck = deck or order
    state.known = [False] * len(state.deck)
    return state
