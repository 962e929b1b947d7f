"""Cat Chess screen: the spiral garden of twelve regions drawn as a curled path, the nine cats as
tokens (coat, pattern, letter; awake or asleep), the waiting basket, your goal card(s) with live
ticks, the reveal of every card at the end of a round and, in the solo game, the best score the
three cards allowed with one garden that reaches it.

Everything drawn comes from ``self.view`` (the engine's ``view_for`` of the seat looking at the
screen): region order, neighbours, ticks, tokens, scores and the solo best. Drop targets, the
action a drop makes and the refusal reasons come from the engine too. The solo best score is an
exact search: the screen has it worked out on the worker thread (``ctx.executor``) as soon as the
cards are dealt, and holds the round's end back (never the window) until it is known.

The drawing is mixed in from two modules: ``screens.catchess.draw`` (the basket, the garden and
the cats on it, the drop targets) and ``screens.catchess.panels`` (the goal cards, the side
panel, the bottom strip, the banner and the round's reveal).
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any, Optional

import pygame
import pytweening

from cats.core import Action, Spot
from screens.anim import Tween
from screens.assets import font
from screens.catchess.draw import GardenDrawing, cat_token, rendered
from screens.catchess.best import BestKey, SoloBest
from screens.catchess.panels import GoalPanels
from screens.catchess.reveal import RoundReveal
from screens.table.frame import GameScene

JsonDict = dict[str, Any]
Point = tuple[int, int]

MOVE_SECONDS = 0.4


class CatChessScene(GardenDrawing, GoalPanels, RoundReveal, SoloBest, GameScene):
    """The Cat Chess garden table."""

    PILL_PAD = (10, 4)

    def __init__(self, ctx: Any, session: Any) -> None:
        self.table = pygame.Rect(0, 0, 1, 1)
        self.left = pygame.Rect(0, 0, 1, 1)       # basket and garden
        self.cards_rect = pygame.Rect(0, 0, 1, 1)
        self.tray = pygame.Rect(0, 0, 1, 1)
        self.lawn = pygame.Rect(0, 0, 1, 1)
        self.slot = 1
        self.cell = 1
        self.centres: dict[int, Point] = {}
        self.cells: dict[int, pygame.Rect] = {}
        self.best_jobs: dict[BestKey, Future[Any]] = {}
        self.deferred: Optional[tuple[JsonDict, Action]] = None
        self.stale = False
        self.moving: dict[str, Tween] = {}
        self.last_move: Optional[tuple[int, list[int]]] = None  # seat, regions
        self.hover_cats: tuple[str, ...] = ()
        self._preview: dict[tuple[Any, ...], Any] = {}
        self._sources: tuple[int, list[Spot]] = (-1, [])
        self._solo_data: tuple[int, int, list[BestKey]] = (-1, -1, [])
        self.goal_rows: list[tuple[pygame.Rect, list[str]]] = []
        cat_token.cache_clear()  # drawn surfaces never outlive a restart of pygame
        rendered.cache_clear()
        super().__init__(ctx, session)

    # -- the solo best score, off the frame loop -----------------------------------------------
    def refresh(self) -> None:
        self.warm()
        if self.cold():
            self.stale = True  # keep the last view until the best score is known
            self.drag = None
            return
        self.stale = False
        super().refresh()
        self.goal_rows = []  # drawn from the last viewer's goals: gone until drawn again
        self._preview = {}
        self._sources = (-1, [])
        if self.board.w > 1:
            self.place_regions()

    def after_action(self, before: JsonDict, action: Action) -> None:
        self.warm()
        if self.cold():
            self.deferred = (before, action)
            self.drag = None
            self.rebuild_choices()
            return
        super().after_action(before, action)

    def update(self, dt: float) -> None:
        if self.deferred is not None or self.stale:
            if self.cold():
                self.animator.update(dt)
                if self.flash_time > 0:
                    self.flash_time -= dt
                self.update_log(dt)
                return
            if self.deferred is not None:
                before, action = self.deferred
                self.deferred = None
                super().after_action(before, action)
            else:
                self.refresh()
                self.rebuild_choices()
        super().update(dt)
        self.hover_cats = self.find_hover()

    def my_turn(self) -> bool:
        return self.deferred is None and not self.stale and super().my_turn()

    # -- layout --------------------------------------------------------------------------------
    def layout(self) -> None:
        s = self.ctx.scale
        self.table = self.board.inflate(-s(8), -s(8))
        a = self.board.inflate(-s(24), -s(20))
        cw = max(s(220), min(s(360), int(a.w * 0.36)))
        self.cards_rect = pygame.Rect(a.right - cw, a.y, cw, a.h)
        self.left = pygame.Rect(a.x, a.y, self.cards_rect.x - s(18) - a.x, a.h)
        self.place_regions()

    def grid_size(self) -> tuple[int, int]:
        regions = self.view.get("regions") or []
        if not regions:
            return 4, 3
        return (max(r["col"] for r in regions) + 1, max(r["row"] for r in regions) + 1)

    def place_regions(self) -> None:
        """Basket on top, the garden below: region centres from the data's rows and columns."""
        s = self.ctx.scale
        left = self.left
        self.slot = max(s(30), min(s(66), (left.w - s(20) - 8 * s(6)) // 9))
        self.tray = pygame.Rect(left.x, left.y, left.w, self.slot + s(34))
        cols, rows = self.grid_size()
        room = pygame.Rect(left.x, self.tray.bottom + s(8), left.w,
                           left.bottom - self.tray.bottom - s(8) - s(52))
        self.cell = max(s(30), min((room.w - s(20)) // cols, (room.h - s(20)) // rows))
        gw, gh = self.cell * cols, self.cell * rows
        x0 = room.centerx - gw // 2
        y0 = room.y + s(10) + max(0, (room.h - s(20) - gh) // 2)
        self.lawn = pygame.Rect(x0, y0, gw, gh).inflate(s(20), s(20))
        self.centres, self.cells = {}, {}
        for r in self.view.get("regions") or []:
            cell = pygame.Rect(x0 + r["col"] * self.cell, y0 + r["row"] * self.cell,
                               self.cell, self.cell)
            self.cells[r["id"]] = cell
            self.centres[r["id"]] = cell.center

    @property
    def stone_r(self) -> int:
        return int(self.cell * 0.37)

    @property
    def token_size(self) -> int:
        return int(self.cell * 0.62)

    def letters(self) -> list[str]:
        """All nine cats' letters, in order (in the garden or waiting)."""
        out = [c["letter"] for c in self.view.get("waiting") or []]
        out += [r["cat"]["letter"] for r in self.view.get("regions") or [] if r["cat"]]
        return sorted(out)

    def cats(self) -> dict[str, JsonDict]:
        """Letter -> the cat as the view shows it (with "awake")."""
        out = {c["letter"]: c for c in self.view.get("waiting") or []}
        for r in self.view.get("regions") or []:
            if r["cat"]:
                out[r["cat"]["letter"]] = r["cat"]
        return out

    def slot_rects(self) -> dict[str, pygame.Rect]:
        """One fixed basket slot per cat (in letter order), so a cat's slot never shifts."""
        s = self.ctx.scale
        letters = self.letters()
        gap = s(6)
        total = len(letters) * self.slot + (len(letters) - 1) * gap
        x = self.tray.centerx - total // 2
        y = self.tray.y + s(26)
        return {L: pygame.Rect(x + i * (self.slot + gap), y, self.slot, self.slot)
                for i, L in enumerate(letters)}

    # -- spots (exactly the engine's drag_of spots) --------------------------------------------
    def spot_at(self, pos: Point) -> Optional[Spot]:
        waiting = {c["letter"] for c in self.view.get("waiting") or []}
        for letter, rect in self.slot_rects().items():
            if letter in waiting and rect.collidepoint(pos):
                return ("waiting", letter)
        for rid, cell in self.cells.items():
            if cell.collidepoint(pos):
                return ("region", rid)
        return None

    def spot_rect(self, spot: Spot) -> Optional[pygame.Rect]:
        if spot[0] == "region" and spot[1] in self.centres:
            r = self.stone_r
            return pygame.Rect(0, 0, 2 * r, 2 * r).move(self.centres[spot[1]][0] - r,
                                                         self.centres[spot[1]][1] - r)
        if spot[0] == "waiting":
            return self.slot_rects().get(spot[1])
        return None

    def region_of(self, rid: int) -> Optional[JsonDict]:
        return next((r for r in self.view.get("regions") or [] if r["id"] == rid), None)

    def cat_at(self, spot: Spot) -> Optional[JsonDict]:
        if spot[0] == "region":
            region = self.region_of(spot[1])
            return region["cat"] if region else None
        if spot[0] == "waiting":
            return next((c for c in self.view.get("waiting") or [] if c["letter"] == spot[1]), None)
        return None

    def sources(self) -> list[Spot]:
        """The engine's drag sources now (cached per move)."""
        n = len(self.session.log)
        if self._sources[0] != n:
            self._sources = (n, self.session.state.drag_sources())
        return self._sources[1]

    def refusal(self, source: Spot, target: Spot) -> str:
        if source == target:
            return ""  # dropped back where it was: a cancelled drag
        return super().refusal(source, target)

    def pointer_down(self, pos: Point) -> bool:
        entry = self.reveal_entry()
        if entry and not self.reveal_shown() and self.reopen_rect().collidepoint(pos):
            self.results.show(self.last_round)
            return True
        return super().pointer_down(pos)

    def clicked(self, source: Spot) -> None:
        cat = self.cat_at(source) if source[0] == "region" else None
        if cat is not None:
            self.flash(f"Drag {cat['letter']} onto a lit neighbour to move or swap it, or "
                       f"press “{cat['letter']} stays” below to let it sleep here.")

    # -- choices: letting a cat stay is a button (the engine gives it no drag) -----------------
    def stay_caption(self) -> str:
        return "Or let a cat sleep where it is:"

    def rebuild_choices(self) -> None:
        if not self.clear_choices():
            return
        state = self.session.state
        choices = [a for a in state.legal_actions() if state.drag_of(a) is None]
        if not choices:
            return
        s = self.ctx.scale
        f = font(s(15))
        cap = font(s(15), bold=True)
        x0 = self.bottom.x + s(16) + min(cap.size(self.stay_caption())[0], s(250)) + s(12)
        room = self.bottom.right - s(12) - x0
        gap = s(6)
        labels = [self.label(a) for a in choices]
        widths = [max(s(84), f.size(t)[0] + s(26)) for t in labels]
        if sum(widths) + gap * (len(widths) - 1) > room:  # crowded: the letter only
            labels = [str(getattr(a, "cat", self.label(a))) for a in choices]
            bw = max(s(30), min(s(46), (room - gap * (len(choices) - 1)) // len(choices)))
            widths = [bw] * len(choices)
        x = x0
        for action, text, bw in zip(choices, labels, widths):
            self.choices.add(pygame.Rect(x, self.bottom.y + s(12), bw, s(40)), text, action,
                           tooltip=f"{self.label(action)}: it falls asleep where it is")
            x += bw + gap

    def tool(self, key: str) -> None:
        super().tool(key)
        if key in ("undo", "redo"):
            self.last_move = None  # the marks belonged to a move taken back (or replayed)
            self.moving = {}

    def prompt_line(self) -> str:
        """The frame's prompt line, shortened to fit beside the tool buttons if needed."""
        if self.waiting_for_best():
            return "Counting the goals met this round…"
        text = super().prompt_line()
        s = self.ctx.scale
        room = self.ctx.size[0] - s(3 * 102 + 20) - s(60)
        f = font(s(19), bold=True)
        if f.size(text)[0] <= room:
            return text
        solo = self.view.get("solo") or {}
        if self.session.to_move is None and solo.get("best") is not None:
            text = (f"You met {solo['total']} goals; the best possible was {solo['best']}"
                    + ("." if len(self.view.get("rounds_played") or []) == 1 else " (last round)."))
            if f.size(text)[0] <= room:
                return text
        for short in (": let it stay, move it next door or swap with a neighbour",
                      " of the garden", ", or activate an awake cat in the garden"):
            text = text.replace(short, "")
        while f.size(text + "…")[0] > room and len(text) > 10:
            text = text[:-1]
        return text if f.size(text)[0] <= room else text + "…"

    # -- engine look-ups -----------------------------------------------------------------------
    def target_action(self, source: Spot, target: Spot) -> tuple[Optional[Action], str]:
        """(the legal action of this drop, or None with the engine's reason), cached."""
        key = ("act", len(self.session.log), source, target)
        if key not in self._preview:
            state = self.session.state
            action = state.find_action(source, target)
            reason = "" if action is not None or source == target else self.refusal(source, target)
            self._preview[key] = (action, reason)
        return self._preview[key]  # type: ignore[no-any-return]

    def preview_cards(self, source: Spot, target: Spot) -> Optional[list[JsonDict]]:
        """The viewer's goal cards as they would be after this drop (the engine plays it on a
        copy); None when the drop is illegal or ends the round."""
        if self.viewer is None or self.view.get("turn") == self.view.get("turns_per_round"):
            return None
        key = ("cards", len(self.session.log), self.viewer, source, target)
        if key not in self._preview:
            action, _ = self.target_action(source, target)
            cards = None
            if action is not None:
                world = self.session.state.clone()
                world.do(action)
                cards = world.view_for(self.viewer)["my_cards"]
            self._preview[key] = cards
        return self._preview[key]  # type: ignore[no-any-return]

    def hovered_target(self) -> Optional[Spot]:
        if self.drag is None or not self.drag.moved:
            return None
        spot = self.spot_at(self.pointer.at)
        return spot if spot is not None and spot[0] == "region" else None

    def find_hover(self) -> tuple[str, ...]:
        """Cats to ring on the garden: those of the goal under the pointer, or of a stay button."""
        action = self.choices.hovered()
        if action is not None:
            return (str(getattr(action, "cat", "")),)
        for rect, cats in self.goal_rows:
            if rect.collidepoint(self.pointer.at):
                return tuple(cats)
        return ()

    # -- animation -----------------------------------------------------------------------------
    def positions(self, view: JsonDict) -> dict[str, Spot]:
        out: dict[str, Spot] = {c["letter"]: ("waiting", c["letter"])
                                for c in view.get("waiting") or []}
        for r in view.get("regions") or []:
            if r["cat"]:
                out[r["cat"]["letter"]] = ("region", r["id"])
        return out

    def animate(self, before: JsonDict, action: Action) -> None:
        drop_from = self.pointer.take_drop_point()
        self.moving = {}
        self.last_move = None
        if not before or not self.view:
            return
        rounds_now = len(self.view.get("rounds_played") or [])
        new_round = rounds_now != len(before.get("rounds_played") or [])
        if new_round:
            self.ctx.sounds.play("check")
            if self.view.get("phase") != "over":
                return  # the garden was cleared for the next deal: the reveal tells the round
        old, new = self.positions(before), self.positions(self.view)
        seat = before.get("to_move")
        held = getattr(action, "cat", None)
        touched: list[int] = []
        for letter, where in new.items():
            if where[0] == "region" and (old.get(letter) != where or letter == held):
                touched.append(where[1])
            if old.get(letter) == where or letter not in old:
                continue
            start_rect = self.spot_rect(old[letter])
            end_rect = self.spot_rect(where)
            if start_rect is None or end_rect is None:
                continue
            size = self.token_size
            start = (start_rect.centerx - size // 2, start_rect.centery - size // 2)
            if letter == held and drop_from is not None and seat == self.viewer:
                rect = self.spot_rect(old[letter])
                if rect is not None:
                    start = (drop_from[0] + rect.w // 2 - size // 2,
                             drop_from[1] + rect.h // 2 - size // 2)
            end = (end_rect.centerx - size // 2, end_rect.centery - size // 2)
            self.moving[letter] = self.animator.add(
                Tween(start, end, MOVE_SECONDS, ease=pytweening.easeInOutCubic, tag="move"))
        if seat is not None:
            self.last_move = (seat, sorted(set(touched)))

    def moving_now(self) -> dict[str, tuple[float, float]]:
        out = {}
        for letter, tween in list(self.moving.items()):
            if tween in self.animator.tweens:
                out[letter] = tween.value()
            else:
                del self.moving[letter]
        return out

    # -- the reveal of a finished round --------------------------------------------------------
    # -- end -----------------------------------------------------------------------------------
    def end_lines(self, outcome: Any) -> list[str]:
        """One line per player (the board's reveal shows every card)."""
        lines = [self.names(outcome.summary)]
        if not self.solo:
            for seat in range(len(self.session.seats)):
                mark = " (winner)" if seat in outcome.winners else ""
                n = int(outcome.scores[seat])
                lines.append(f"{self.seat_name(seat)}: {n} token{'' if n == 1 else 's'}{mark}")
            lines.append("The board shows every card of the last round.")
        else:
            lines.append("The board shows one garden that reaches the best score.")
        return lines

    def show_end(self) -> None:
        """Hold the end panel until the solo best score has been found off the frame loop."""
        if not self.cold():
            super().show_end()

