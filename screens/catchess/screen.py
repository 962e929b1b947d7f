"""Cat Chess screen: the spiral garden of twelve regions drawn as a curled path, the nine cats as
tokens (coat, pattern, letter; awake or asleep), the waiting basket, your goal card(s) with live
ticks, the reveal of every card at the end of a round and, in the solo game, the best score the
three cards allowed with one garden that reaches it.

Everything drawn comes from ``self.view`` (the engine's ``view_for`` of the seat looking at the
screen): region order, neighbours, ticks, tokens, scores and the solo best. Drop targets, the
action a drop makes and the refusal reasons come from the engine too. The solo best score is an
exact search: the screen has it worked out on the worker thread (``ctx.executor``) as soon as the
cards are dealt, and holds the round's end back (never the window) until it is known.

The board is a view (``screens.catchess.layout``, ``draw``, ``panels``, ``reveal``:
:class:`CatChessBoard`): it draws the view and the :class:`CatChessUi` facts the scene hands it.
The scene keeps the engine's look-ups (drop actions, refusals, the cards' preview), the cats'
flight and the solo best score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import pygame
import pytweening  # type: ignore[import-untyped]

from cats.catchess.words import short_prompt
from cats.core import Action, Spot
from cats.session import Session
from screens.anim import Tween
from screens.assets import Font, button_width, font
from screens.catchess.best import SoloBest
from screens.catchess.layout import STAY_CAPTION, CatChessUi, clear_drawn
from screens.catchess.reveal import CatChessBoard
from screens.focus import FocusTarget
from screens.table.board import BoardContext
from screens.table.frame import POLL, GameScene
from screens.text import tr

if TYPE_CHECKING:
    from screens.context import AppContext

JsonDict = dict[str, Any]
Point = tuple[int, int]

MOVE_SECONDS = 0.4


class CatChessScene(GameScene):
    """The Cat Chess garden table: the session, the engine's look-ups, the cats' flight and the
    solo best score; the board draws."""

    boardview: CatChessBoard

    def __init__(self, ctx: "AppContext", session: Session) -> None:
        self.best = SoloBest(ctx.executor)
        self.deferred: Optional[tuple[JsonDict, Action]] = None
        self.stale = False
        self.moving: dict[str, Tween] = {}
        self.last_move: Optional[tuple[int, list[int]]] = None  # seat, regions
        self.hover_cats: tuple[str, ...] = ()
        self._preview: dict[tuple[Any, ...], Any] = {}
        self._sources: tuple[int, list[Spot]] = (-1, [])
        clear_drawn()  # drawn surfaces never outlive a restart of pygame
        super().__init__(ctx, session)

    def make_board(self, ctx: BoardContext) -> CatChessBoard:
        return CatChessBoard(ctx, self.seats)

    def ui(self) -> CatChessUi:
        drag = self.drag
        target = self.hovered_target()
        label, reason, preview = "", "", None
        if drag is not None and target is not None and target != drag.source:
            action, reason = self.target_action(drag.source, target)
            label = self.label(action) if action is not None else ""
        if drag is not None and target is not None:
            cards = self.preview_cards(drag.source, target)
            preview = tuple(cards) if cards is not None else None
        log = self.session.log
        ring = (self.last_move[0], tuple(self.last_move[1])) if self.last_move else None
        return CatChessUi(**self.ui_facts(), moving=self.moving_now(), last_move=ring,
                          hover_cats=self.hover_cats,
                          target=target if drag is not None and target != drag.source else None,
                          target_label=label, target_reason=reason, preview=preview,
                          counting=self.waiting_for_best(), reveal=self.reveal_shown(),
                          humans=bool(self.humans()), mover=self.session.to_move,
                          last_entry=(log[-1].seat, self.entry_words(len(log) - 1)[0])
                          if log else None,
                          staying=bool(self.choice_buttons))

    # -- the solo best score, off the frame loop -----------------------------------------------
    @property
    def solo(self) -> bool:
        """One player: the solo game."""
        return len(self.session.seats) == 1

    def warm(self) -> None:
        """Start the solo best score's search on the worker thread for the cards dealt."""
        if self.solo and not self.remote:  # a networked seat has no deal to search
            self.best.warm(self.session.state, len(self.session.log))

    def cold(self) -> bool:
        """True while a finished solo round's best score is still being worked out."""
        return self.solo and self.best.cold(self.session.state, len(self.session.log))

    def waiting_for_best(self) -> bool:
        """The round's end is held back until the solo best score is known."""
        return self.deferred is not None or self.stale

    def refresh(self) -> None:
        self.warm()
        if self.cold():
            self.stale = True  # keep the last view until the best score is known
            self.drag = None
            return
        self.stale = False
        super().refresh()
        self._preview = {}
        self._sources = (-1, [])

    def after_action(self, before: JsonDict, action: Action) -> None:
        self.warm()
        if self.cold():
            self.deferred = (before, action)
            self.drag = None
            self.rebuild_choices()
            return
        super().after_action(before, action)

    def next_frame(self) -> Optional[float]:
        return POLL if self.waiting_for_best() else super().next_frame()

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

    # -- layout ------------------------------------------------------------------------------
    def layout(self) -> None:
        self.boardview.side = self.side.copy()
        self.boardview.bottom = self.bottom.copy()
        super().layout()

    def cat_at(self, spot: Spot) -> Optional[JsonDict]:
        """The cat on a spot, as the view on screen shows it."""
        return self.boardview.cat_at(spot)

    def pick_sources(self) -> list[Spot]:
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
        if entry and not self.reveal_shown() and self.boardview.reopen_rect().collidepoint(pos):
            self.results.show(self.last_round)
            return True
        return super().pointer_down(pos)

    def focus_targets(self) -> list[FocusTarget]:
        """Tab reaches the button that shows the last round's reveal again."""
        if not self.reveal_entry() or self.reveal_shown():
            return []
        return [FocusTarget("reveal", self.boardview.reopen_rect(),
                            lambda: self.results.show(self.last_round))]

    def clicked(self, source: Spot) -> None:
        cat = self.cat_at(source) if source[0] == "region" else None
        if cat is not None:
            self.flash(tr("catchess.drag_cat", cat=cat["letter"]))

    # -- choices: letting a cat stay is a button (the engine gives it no drag) -----------------
    def stay_caption(self) -> str:
        """The words before the "stays" buttons."""
        return tr(STAY_CAPTION)

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
        widths = [max(s(84), f.size(t)[0] + s(26), button_width(t, 0)) for t in labels]
        if sum(widths) + gap * (len(widths) - 1) > room:  # crowded: the letter only
            labels = [str(getattr(a, "cat", self.label(a))) for a in choices]
            bw = max(s(30), min(s(46), (room - gap * (len(choices) - 1)) // len(choices)))
            widths = [bw] * len(choices)
        x = x0
        for action, text, bw in zip(choices, labels, widths):
            self.choices.add(pygame.Rect(x, self.bottom.y + s(12), bw, s(40)), text, action,
                           tooltip=tr("catchess.stay_tip", label=self.label(action)))
            x += bw + gap

    def tool(self, key: str) -> None:
        super().tool(key)
        if key in ("undo", "redo"):
            self.last_move = None  # the marks belonged to a move taken back (or replayed)
            self.moving = {}

    def prompt_line(self) -> str:
        """The frame's prompt line, cut to fit beside the tool buttons if needed (the turn's
        prompt is said in fewer words first: :meth:`turn_prompt`)."""
        if self.waiting_for_best():
            return tr("catchess.counting")
        text = super().prompt_line()
        f, room = self.prompt_room()
        if f.size(text)[0] <= room:
            return text
        solo = self.view.get("solo") or {}
        if self.session.to_move is None and solo.get("best") is not None:
            key = ("catchess.solo_result" if len(self.view.get("rounds_played") or []) == 1
                   else "catchess.solo_result_last")
            text = tr(key, total=solo["total"], best=solo["best"])
            if f.size(text)[0] <= room:
                return text
        while f.size(text + "…")[0] > room and len(text) > 10:
            text = text[:-1]
        return text if f.size(text)[0] <= room else text + "…"

    def turn_prompt(self) -> str:
        """The engine's prompt, or its short form when the whole line would not fit."""
        full = super().turn_prompt()
        mover = self.session.to_move
        short = short_prompt(self.session.state.phase())
        if mover is None or short is None:
            return full
        f, room = self.prompt_room()
        if f.size(tr("game.turn", name=self.seat_name(mover), prompt=full))[0] <= room:
            return full
        return self.names(short)

    def prompt_room(self) -> tuple[Font, int]:
        """The prompt line's font and the width it has beside the tool buttons."""
        s = self.ctx.scale
        return font(s(19), bold=True), self.ctx.size[0] - s(3 * 102 + 20) - s(60)

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
        if (self.viewer is None or self.remote
                or self.view.get("turn") == self.view.get("turns_per_round")):
            return None  # a networked seat has no position to try the drop on
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
        spot = self.boardview.spot_at(self.pointer.at)
        return spot if spot is not None and spot[0] == "region" else None

    def find_hover(self) -> tuple[str, ...]:
        """Cats to ring on the garden: those of the goal under the pointer, or of a stay button."""
        action = self.choices.hovered()
        if action is not None:
            return (str(getattr(action, "cat", "")),)
        for rect, cats in self.boardview.goal_rows():
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
            size = self.boardview.token_size
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
    def reveal_entry(self) -> Optional[JsonDict]:
        """The last finished round, as the view on screen tells it."""
        rounds = self.view.get("rounds_played") or []
        return rounds[-1] if rounds else None

    def finished_round(self, public: JsonDict) -> Optional[int]:
        rounds = public.get("rounds_played") or []
        return int(rounds[-1]["round"]) if rounds else None

    def reveal_shown(self) -> bool:
        """The round's reveal is up: the table's round results (public, until a click; opened
        again with the "show result" button)."""
        return self.results_shown() and self.reveal_entry() is not None

    def results_rect(self) -> pygame.Rect:
        return self.boardview.results_rect()

    # -- end -----------------------------------------------------------------------------------
    def end_lines(self, outcome: Any) -> list[str]:
        """One line per player (the board's reveal shows every card)."""
        lines = [self.names(outcome.summary)]
        if not self.solo:
            for seat in range(len(self.session.seats)):
                key = "table.end_row_winner" if seat in outcome.winners else "table.end_row"
                tokens = tr("catchess.tokens", n=int(outcome.scores[seat]))
                lines.append(tr(key, name=self.seat_name(seat), score=tokens))
            lines.append(tr("catchess.board_shows_cards"))
        else:
            lines.append(tr("catchess.board_shows_best"))
        return lines

    def show_end(self) -> None:
        """Hold the end panel until the solo best score has been found off the frame loop."""
        if not self.cold():
            super().show_end()

