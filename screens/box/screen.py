"""Cat in the Box screen: the research board (four colour rows, each with its own pattern), one
board per player with the card they put into the current trick, your hand fanned along the bottom
with the set-aside spot, and the round result with every largest group outlined.

Everything drawn comes from ``self.view`` (the engine's ``view_for`` of the seat looking at the
screen). Legal spaces, the action a drop makes, refusal reasons, trick winners, scores and largest
groups all come from the engine; the screen only lays them out.

Spots are exactly the engine's ``drag_of`` spots: ``("hand", number)``, ``("space", colour,
number)`` and ``("aside",)``. Two copies of a number in hand share a spot; the screen remembers
which copy the pointer picked so that only that one leaves the fan.

The drawing is mixed in from two modules: ``screens.box.draw`` (the research board and its
tokens, the trick slots, the cards) and ``screens.box.panels`` (the header, the player boards,
the action bar, the hand, the round result and the side panel).
"""

from __future__ import annotations

from typing import Any, Optional

import pygame
import pytweening

from cats.core import Action, Spot
from screens.anim import Tween
from screens.assets import font
from screens.box.draw import CARD_RATIO, BoardDrawing
from screens.box.panels import BoxPanels
from screens.table.frame import GameScene

JsonDict = dict[str, Any]
Point = tuple[int, int]

FLY_SECONDS = 0.35
SWEEP_SECONDS = 1.6   # the finished trick stays a moment, then flies to its winner


class BoxScene(BoardDrawing, BoxPanels, GameScene):
    """The Cat in the Box table."""

    PILL_PAD = (12, 4)

    def __init__(self, ctx: Any, session: Any) -> None:
        self.table = pygame.Rect(0, 0, 1, 1)
        self.header = pygame.Rect(0, 0, 1, 1)
        self.grid = pygame.Rect(0, 0, 1, 1)
        self.grid_area = pygame.Rect(0, 0, 1, 1)
        self.label_w = 1
        self.cell_w = self.cell_h = 1
        self.strip = pygame.Rect(0, 0, 1, 1)
        self.panels: list[pygame.Rect] = []
        self.slots: list[pygame.Rect] = []
        self.action_bar = pygame.Rect(0, 0, 1, 1)
        self.hand_area = pygame.Rect(0, 0, 1, 1)
        self.card = (1, 1)
        self.aside_rect = pygame.Rect(0, 0, 1, 1)
        self.last_pill = pygame.Rect(0, 0, 0, 0)
        self.selected: Optional[tuple[int, int]] = None  # (index in hand, number)
        self.held_index: Optional[int] = None
        self.fly: Optional[tuple[JsonDict, Tween]] = None
        self.sweep: Optional[tuple[list[JsonDict], int, Tween]] = None
        self.peek_last = False
        self._tiles: dict[tuple[str, int, int], pygame.Surface] = {}
        self._board_bg: Optional[pygame.Surface] = None
        self._board_key: Any = None
        super().__init__(ctx, session)

    def refresh(self) -> None:
        super().refresh()
        self.selected = None
        self.peek_last = False

    # -- layout ------------------------------------------------------------------------------
    def layout(self) -> None:
        s = self.ctx.scale
        v = self.view
        # Choice buttons are placed by this screen (in the action bar), so the strip the frame
        # keeps for them belongs to the table.
        t = self.board.union(self.bottom).inflate(-s(16), -s(12))
        self.table = t
        n = v["players"]
        numbers = v["numbers"]
        gap = s(8)
        self.header = pygame.Rect(t.x, t.y, t.w, s(26))
        card_h = max(s(60), min(s(118), int(t.h * 0.16)))
        self.card = (int(card_h / CARD_RATIO), card_h)
        hand_h = card_h + s(14)
        self.hand_area = pygame.Rect(t.x, t.bottom - hand_h, t.w, hand_h)
        aside_w = self.card[0] + s(40)
        self.aside_rect = pygame.Rect(0, 0, self.card[0], card_h)
        self.aside_rect.midbottom = (t.right - aside_w // 2, self.hand_area.bottom - s(4))
        bar_h = s(46)
        self.action_bar = pygame.Rect(t.x, self.hand_area.y - bar_h - s(4), t.w, bar_h)
        panel_h = s(66)
        slot_h = max(s(56), min(s(112), int(t.h * 0.14)))
        strip_h = panel_h + slot_h + s(14)
        grid_top = self.header.bottom + s(4)
        board_h = self.action_bar.y - gap - strip_h - gap - grid_top
        self.label_w = max(s(84), min(s(120), t.w // 9))
        head_h = s(18)
        self.cell_h = max(s(20), min(s(64), (board_h - head_h) // 4))
        self.cell_w = max(s(24), min((t.w - self.label_w - s(12)) // numbers,
                                     int(self.cell_h * 1.7)))
        grid_w = self.label_w + self.cell_w * numbers
        gx = t.x + (t.w - grid_w) // 2
        used_h = head_h + 4 * self.cell_h
        spare = max(0, board_h - used_h)
        self.grid_area = pygame.Rect(gx, grid_top + spare // 3, grid_w, used_h)
        self.grid = pygame.Rect(gx + self.label_w, self.grid_area.y + head_h,
                                self.cell_w * numbers, 4 * self.cell_h)
        strip_y = self.grid.bottom + gap + (spare - spare // 3)
        self.strip = pygame.Rect(t.x, strip_y, t.w, self.action_bar.y - gap - strip_y)
        slot_h = max(s(40), min(self.strip.h - panel_h - s(12), s(120)))
        col_w = (t.w - (n - 1) * gap) // n
        self.panels, self.slots = [], []
        for seat in range(n):
            x = t.x + seat * (col_w + gap)
            panel = pygame.Rect(x, self.strip.y, col_w, panel_h)
            slot = pygame.Rect(0, 0, int(slot_h / CARD_RATIO), slot_h)
            slot.midtop = (panel.centerx, panel.bottom + s(8))
            self.panels.append(panel)
            self.slots.append(slot)
        self._tiles = {}
        self._board_bg = None

    # -- geometry ----------------------------------------------------------------------------
    def rows(self) -> list[str]:
        return list(self.view.get("board_rows") or self.view["colours"])

    def space_rect(self, colour: str, number: int) -> pygame.Rect:
        """The screen rectangle of a research space."""
        row = self.rows().index(colour)
        return pygame.Rect(self.grid.x + (number - 1) * self.cell_w,
                           self.grid.y + row * self.cell_h, self.cell_w, self.cell_h)

    def hand_rects(self, hand: list[int]) -> list[pygame.Rect]:
        """Where each card of a hand lies: side by side, overlapping when room is short, along
        a gentle arc (the middle cards a little higher)."""
        if not hand:
            return []
        s = self.ctx.scale
        w, h = self.card
        room = self.aside_rect.x - s(30) - self.hand_area.x
        k = len(hand)
        step = w + s(6)
        if k > 1 and step * (k - 1) + w > room:
            step = max(s(12), (room - w) // (k - 1))
        width = step * (k - 1) + w
        x0 = self.hand_area.x + max(0, (room - width) // 2)
        mid = (k - 1) / 2
        rects = []
        for i in range(k):
            lift = int(s(5) * (1 - ((i - mid) / max(mid, 1)) ** 2)) if k > 2 else 0
            rects.append(pygame.Rect(x0 + i * step, self.hand_area.bottom - s(4) - h - lift, w, h))
        return rects

    def hand(self) -> list[int]:
        return list(self.view.get("hand") or [])

    def hand_index_at(self, pos: Point) -> Optional[int]:
        """The hand card under the pointer (the topmost where cards overlap)."""
        rects = self.hand_rects(self.hand())
        for i in range(len(rects) - 1, -1, -1):
            if rects[i].collidepoint(pos):
                return i
        return None

    def spot_at(self, pos: Point) -> Optional[Spot]:
        index = self.hand_index_at(pos)
        if index is not None:
            return ("hand", self.hand()[index])
        if self.aside_rect.collidepoint(pos):
            return ("aside",)
        if self.grid.collidepoint(pos):
            col = (pos[0] - self.grid.x) // self.cell_w
            row = (pos[1] - self.grid.y) // self.cell_h
            return ("space", self.rows()[row], col + 1)
        return None

    def spot_rect(self, spot: Spot) -> Optional[pygame.Rect]:
        if spot[0] == "space":
            return self.space_rect(spot[1], spot[2])
        if spot == ("aside",):
            return self.aside_rect
        if spot[0] == "hand":
            hand = self.hand()
            rects = self.hand_rects(hand)
            for index in (self.held_index, self.selected[0] if self.selected else None):
                if index is not None and index < len(hand) and hand[index] == spot[1]:
                    return rects[index]
            if spot[1] in hand:
                return rects[hand.index(spot[1])]
        return None

    def slot_of(self, seat: int) -> pygame.Rect:
        return self.slots[seat] if 0 <= seat < len(self.slots) else self.strip

    def panel_of(self, seat: int) -> pygame.Rect:
        return self.panels[seat] if 0 <= seat < len(self.panels) else self.strip

    # -- the pointer: drag, or click a card then a lit space -------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.last_pill.collidepoint(event.pos) and self.view.get("last_trick")):
            self.animator.skip()
            self.peek_last = not self.peek_last
            return True
        return super().handle_event(event)

    def pick_sources(self) -> list[Spot]:
        # Any card may be picked up: one that cannot go anywhere lights nothing, and dropping it
        # tells the engine's reason.
        return [("hand", n) for n in self.hand()]

    def pointer_down(self, pos: Point) -> bool:
        if not self.my_turn():
            return False
        spot = self.spot_at(pos)
        if self.selected is not None and spot is not None and spot[0] in ("space", "aside"):
            return self.gesture(("hand", self.selected[1]), spot)
        if spot is None:
            if self.selected is not None:
                self.selected = None
                self.rebuild_choices()
            return False
        if spot[0] == "hand" and self.view["phase"] not in ("aside", "play"):
            self.refuse(self.why_not_pick(spot))  # the engine: "Predict your tricks first."
            return True
        self.held_index = self.hand_index_at(pos)
        return super().pointer_down(pos)

    def pointer_up(self, pos: Point) -> bool:
        if self.drag is not None and self.drag.moved:
            self.selected = None
        done = super().pointer_up(pos)
        if self.drag is None and self.session.state.to_move is not None:
            self.rebuild_choices()
        return done

    def clicked(self, source: Spot) -> None:
        """A click on a card selects it (or lets it go): a lit space or button then plays it."""
        index = self.held_index
        if index is not None and self.selected is not None and self.selected[0] == index:
            self.selected = None
        elif index is not None and index < len(self.hand()):
            self.selected = (index, self.hand()[index])

    # -- buttons: predictions, and the declarations of a selected card ---------------------------
    def rebuild_choices(self) -> None:
        if not self.clear_choices():
            return
        state = self.session.state
        legal = state.legal_actions()
        choices = [a for a in legal if state.drag_of(a) is None]
        if self.selected is not None:
            source = ("hand", self.selected[1])
            choices += [a for a in legal if (state.drag_of(a) or ((), ()))[0] == source]
        if not choices:
            return
        s = self.ctx.scale
        f = font(s(15))
        widths = [max(s(96), f.size(self.label(a))[0] + s(30)) for a in choices]
        bar = self.action_bar
        total = sum(widths) + s(8) * (len(widths) - 1)
        x = max(bar.x + s(8), bar.right - total - s(8))
        for action, bw in zip(choices, widths):
            self.choices.add(pygame.Rect(x, bar.centery - s(19), bw, s(38)), self.label(action),
                           action)
            x += bw + s(8)

    # -- animation ---------------------------------------------------------------------------
    def animate(self, before: JsonDict, action: Action) -> None:
        drop_from = self.pointer.take_drop_point()
        seat = before.get("to_move")
        v = self.view
        if action.kind == "play" and seat is not None:
            card = {"seat": seat, "number": action.number,  # type: ignore[attr-defined]
                    "colour": action.colour}  # type: ignore[attr-defined]
            start = self.fly_start(before, seat, card["number"], drop_from)
            end = self.slot_of(seat).topleft
            self.fly = (card, self.animator.add(Tween(start, end, FLY_SECONDS, tag="fly")))
            full = list(before.get("trick", {}).get("plays", [])) + [card]
            if len(full) == before.get("players"):
                winner = self.trick_winner(before, full)
                if winner is not None:
                    self.sweep = (full, winner, self.animator.add(Tween(
                        (0.0, 0.0), (1.0, 0.0), SWEEP_SECONDS, ease=pytweening.linear,
                        tag="sweep")))
        finished = v.get("last_round")
        if finished is not None and (before.get("round") != v.get("round")
                                     or (v["phase"] == "over" and before.get("phase") != "over")):
            if finished.get("paradox") is not None:
                self.flash(f"Paradox! {self.seat_name(finished['paradox'])} could not play any "
                           "card: the round ends.", 5.0)
                self.ctx.sounds.play("check")

    def fly_start(self, before: JsonDict, seat: int, number: int,
                  drop_from: Optional[Point]) -> Point:
        """Where a played card flies in from: the drop point, the hand, or the player's board."""
        if seat == before.get("seat"):
            if drop_from is not None:
                return drop_from
            hand = list(before.get("hand") or [])
            if number in hand:
                return self.hand_rects(hand)[hand.index(number)].topleft
        return self.panel_of(seat).center

    def trick_winner(self, before: JsonDict, plays: list[JsonDict]) -> Optional[int]:
        """The engine's winner of a trick that has just finished."""
        last = self.view.get("last_trick")
        if last is not None and last["plays"] == plays:
            return int(last["winner"])
        result = self.view.get("last_round")  # the trick ended the round: whose count rose
        if result is not None:
            old = before.get("tricks_won") or []
            rose = [s for s, k in enumerate(result["tricks"]) if s < len(old) and k > old[s]]
            if rose:
                return rose[0]
        return None

    def fly_active(self) -> Optional[tuple[JsonDict, Tween]]:
        if self.fly is not None and self.animator.find("fly") is self.fly[1]:
            return self.fly
        return None

    def sweep_active(self) -> Optional[tuple[list[JsonDict], int, Tween]]:
        if self.sweep is not None and self.animator.find("sweep") is self.sweep[2]:
            return self.sweep
        return None

    # -- the round result --------------------------------------------------------------------
    def finished_round(self, public: JsonDict) -> Optional[int]:
        last = public.get("last_round")
        return None if last is None else int(last["round"])

    def result_shown(self) -> bool:
        """The round's result is up (the table's round results, public, until a click) once the
        last trick has flown to its winner."""
        return (self.results_shown() and self.view.get("last_round") is not None
                and not self.sweep_active())

    def results_rect(self) -> pygame.Rect:
        return self.result_rect()

    def result_rect(self) -> pygame.Rect:
        s = self.ctx.scale
        top = self.strip.y - s(4)
        return pygame.Rect(self.table.x, top, self.table.w, self.action_bar.bottom - top)

    # -- end -------------------------------------------------------------------------------
    def end_lines(self, outcome: Any) -> list[str]:
        """One line per seat (the per-round lines stay on the board's result panel)."""
        lines = [self.names(outcome.summary)]
        rounds = self.view.get("round_scores") or []
        for seat in range(len(self.session.seats)):
            mark = " (winner)" if seat in outcome.winners else ""
            detail = ", ".join(f"{r[seat]:+d}" for r in rounds)
            lines.append(f"{self.seat_name(seat)}: {outcome.scores[seat]:g}{mark}"
                         + (f"  (rounds {detail})" if detail else ""))
        return lines
