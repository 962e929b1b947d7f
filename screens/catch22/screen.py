"""Catch 22 screen: the garden maze with Stars, Jackpots and special squares, cat pawns, Blocker
Cubes dragged from a tray, a die that tumbles, lit end squares with their routes, and a side panel
with everybody's gold, cubes and the dice history.

The board (``screens.catch22.layout`` / ``draw`` / ``hints`` / ``panels``: :class:`Catch22Board`)
draws the engine's view (``self.view``) and the UI facts handed to it (:class:`Catch22Ui`); this
scene keeps the session, asks the engine every rule question (where a cube may go, which squares
a roll reaches, why a drop is refused, what a button says), runs the after-action timeline and
turns gestures into the engine's spots:

- ``("supply", seat)``: the cube tray of the player whose turn it is (drag a cube out; drop a
  removed cube back in).
- ``("pawn", seat)``: a cat on the maze (or waiting beside it before the Stars are chosen).
- ``("square", row, col)``: any cell of the 13 x 13 grid (hedges too, so refusals can say why).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Optional

import pygame
import pytweening  # type: ignore[import-untyped]

from cats.catch22.words import news
from cats.core import Action, Spot
from cats.session import Session
from cats.words import Sentence
from screens.anim import Tween
from screens.catch22.layout import Catch22Ui, Cell, JsonDict, Stage
from screens.catch22.panels import Catch22Board
from screens.catch22.timeline import NEWS_COLOURS, plan, what_followed
from screens.focus import FocusTarget
from screens.table.board import BoardContext
from screens.table.frame import GameScene
from screens.table.movelog import Row
from screens.text import tr

if TYPE_CHECKING:
    from screens.context import AppContext


class Catch22Scene(GameScene):
    """The Catch 22 table: the session, the engine's answers, the timeline, the route choice and
    the ransom prices; the board draws."""

    log_rows, log_calm = 30, 0.3  # rebuilding the text box is slow while bots play fast
    boardview: Catch22Board

    def __init__(self, ctx: "AppContext", session: Session) -> None:
        self.route_pick: Optional[Cell] = None
        self.prices: dict[int, int] = {}
        self.timeline: Optional[Tween] = None
        self.stages: list[Stage] = []
        self.before: JsonDict = {}
        self.news: list[list[Any]] = []          # [text, colour, seconds left]
        self.tip_text = ""
        self.tip_time = 0.0
        self.last_grab = (0, 0)
        self._engine: Optional[tuple[tuple[int, int], tuple[Spot, ...], bool,
                                     dict[int, list[Action]]]] = None
        super().__init__(ctx, session)

    def make_board(self, ctx: BoardContext) -> Catch22Board:
        return Catch22Board(ctx, self.seats)

    def ui(self) -> Catch22Ui:
        pawn_targets, has_roll, offers = self.engine_facts()
        ransom = tuple((owner, tuple(a.price for a in offers[owner]),  # type: ignore[attr-defined]
                        self.price_for(owner, offers[owner]).price)  # type: ignore[attr-defined]
                       for owner in sorted(offers))
        facts = self.ui_facts()
        rights = [btn.rect.right for btn in self.choice_buttons]
        return Catch22Ui(
            **facts, time=self.time_now(), stages=tuple(self.stages), before=self.before,
            pulse=self.pulse(),  # drawn over the layer
            route_pick=self.route_pick, pawn_targets=pawn_targets,
            can_roll=has_roll and facts["my_turn"], ransom=ransom,
            news=tuple((text, colour, left) for text, colour, left in self.news),
            tip=self.tip_text if self.tip_time > 0 else "",
            buttons_right=max(rights) if rights else None, last_grab=self.last_grab)

    def pulse(self) -> float:
        """The highlights' breath now, 0..1; held still with animations off (Settings), which
        also makes a screenshot the same from run to run."""
        if self.ctx.settings.animation_speed <= 0:
            return 0.5
        return 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 260.0)

    def engine_facts(self) -> tuple[tuple[Spot, ...], bool, dict[int, list[Action]]]:
        """The current cat's legal targets, whether Roll is legal, the ransom offers by owner
        (cheapest first): asked of the engine once per position."""
        state = self.session.state
        key = (id(state), len(self.session.log))
        if self._engine is None or self._engine[0] != key:
            actions = state.legal_actions()
            offers: dict[int, list[Action]] = {}
            for a in actions:
                if a.kind == "offer":
                    offers.setdefault(a.owner, []).append(a)  # type: ignore[attr-defined]
            for listed in offers.values():
                listed.sort(key=lambda a: a.price)  # type: ignore[attr-defined]
            current = state.view_for(None)["current"] if not self.view else self.view["current"]
            targets = tuple(state.legal_targets(("pawn", current)))
            self._engine = (key, targets, any(a.kind == "roll" for a in actions), offers)
        return self._engine[1], self._engine[2], self._engine[3]

    # -- layout ------------------------------------------------------------------------------
    def confirm_rect(self) -> pygame.Rect:
        """Done / Undo in the strip under the board (there is no hand to cover: over the board
        it would hide the squares of its last rows, where the move may have ended)."""
        rect = super().confirm_rect()
        rect.height = min(rect.height, self.bottom.h - self.ctx.scale(12))  # room for its shadow
        rect.center = (self.bottom.centerx, self.bottom.centery - self.ctx.scale(2))
        return rect

    def layout(self) -> None:
        self.boardview.side = self.side.copy()
        self.boardview.bottom = self.bottom.copy()
        self.boardview.log_top = self.message_slot.y if self.log_box is not None else None
        super().layout()

    def build_ui(self) -> None:
        super().build_ui()
        # Give the players' rows room before the move log (it keeps at least 30 % of the side).
        s = self.ctx.scale
        if self.log_box is not None:
            n = max(1, self.view["players"])
            needed = s(24) + n * s(46) + s(24) + s(22) * 3 + s(36)
            log_h = int(min(self.side.h * 0.5, max(self.side.h * 0.3, self.side.h - needed)))
            self.place_log(log_h)
            self.boardview.log_top = self.message_slot.y
            if self.movelog is not None:
                self.movelog.shown = -1

    def refresh(self) -> None:
        self._engine = None
        super().refresh()
        self.tip_time = 0.0 if self.route_pick is None else self.tip_time

    # -- gestures ----------------------------------------------------------------------------
    def actions_for(self, source: Spot, target: Spot) -> list[Action]:
        """Every legal action made by dropping ``source`` on ``target`` (two when the route must
        be chosen)."""
        state = self.session.state
        return [a for a in state.legal_actions() if state.drag_of(a) == (source, target)]

    def roll_action(self) -> Optional[Action]:
        """The Roll action if it is legal now."""
        return next((a for a in self.session.state.legal_actions() if a.kind == "roll"), None)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_SPACE and not event.mod & pygame.KMOD_CTRL:
            if self.animator.busy:
                self.animator.skip()
                return True
            roll = self.roll_action()
            if roll is not None and self.my_turn():
                self.play(roll)
            return True
        if event.key == pygame.K_ESCAPE and self.route_pick is not None:
            self.cancel_pick()
            return True
        return super().key(event)

    def pointer_down(self, pos: tuple[int, int]) -> bool:
        if not self.my_turn():
            return False
        parts = self.boardview.column_parts()
        roll = self.roll_action()
        if roll is not None and parts["die"].collidepoint(pos):
            self.play(roll)
            return True
        if self.ransom_click(pos):
            return True
        spot = self.spot_at(pos)
        if spot is None:
            self.cancel_pick()
            return False
        state = self.session.state
        if spot not in state.drag_sources():
            actions = self.actions_for(("pawn", self.view["current"]), spot)
            if len(actions) == 1:
                self.play(actions[0])
                return True
            if len(actions) > 1:
                self.start_pick(spot)
                return True
            self.cancel_pick()
            reason = self.why_not_pick(spot)
            if reason:
                self.flash(reason, kind="refusal")
                self.ctx.sounds.play("refuse")
            return False
        self.cancel_pick()
        taken = super().pointer_down(pos)
        if taken and self.drag is not None:
            self.last_grab = self.drag.grab
        return taken

    def choose(self, target: Spot, actions: list[Action]) -> None:
        self.start_pick(target)

    def clicked(self, source: Spot) -> None:
        """A press and release on a piece without moving: a cube on the maze during a removal
        has one place to go (the tray), so a click takes it; other pieces show how to move."""
        state = self.session.state
        targets = state.legal_targets(source)
        if source[0] == "square" and len(targets) == 1:
            actions = self.actions_for(source, targets[0])
            if len(actions) == 1:
                self.play(actions[0])
                return
        if source[0] == "pawn":
            self.tip(tr("catch22.tip.square"))
        elif source[0] == "supply":
            self.tip(tr("catch22.tip.cube"))

    def why_not_pick(self, spot: Spot) -> str:
        """The engine's reason when something that cannot move now is grabbed."""
        if spot[0] == "square" and self.view["phase"] == "prepare":
            self.tip(tr("catch22.tip.cube_or_roll"))
            return ""
        return super().why_not_pick(spot)

    # -- route choice ------------------------------------------------------------------------
    def start_pick(self, target: Spot) -> None:
        """Two routes lead to the square (one crosses a Star): ask which one."""
        self.route_pick = (target[1], target[2])
        self.tip(tr("catch22.tip.two_routes"), 8.0)
        self.rebuild_choices()

    def cancel_pick(self) -> None:
        if self.route_pick is not None:
            self.route_pick = None
            self.rebuild_choices()

    def also_button(self, action: Action) -> bool:
        return (action.kind == "move" and self.route_pick is not None
                and (action.row, action.col) == self.route_pick  # type: ignore[attr-defined]
                and len(self.actions_for(("pawn", self.view["current"]),
                                         ("square", *self.route_pick))) > 1)

    def rebuild_choices(self) -> None:
        """Buttons under the table for actions without a gesture (Roll, Pay, Refuse, Remove no
        cube) and for a route choice; ransom offers are made in the column instead."""
        if not self.clear_choices():
            return
        state = self.session.state
        choices = [a for a in state.legal_actions()
                   if a.kind != "offer" and (state.drag_of(a) is None or self.also_button(a))]
        # sized to the labels in the theme's fixed 15 px type (a smaller window or interface
        # size must not clip "擲骰（空白鍵）")
        self.choices.row(self.bottom, choices, [self.label(a) for a in choices], limit=6)

    def label(self, action: Action) -> str:
        text = self.names(super().label(action))
        return tr("catch22.with_key", label=text) if action.kind == "roll" else text

    # -- ransom offers in the column ---------------------------------------------------------
    def offers(self) -> dict[int, list[Action]]:
        """Legal ransom offers by owner, cheapest first."""
        return self.engine_facts()[2]

    def ransom_rows(self) -> list[tuple[int, pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]]:
        """Per owner that may be offered a cube: (owner, row, minus, plus, offer) rectangles."""
        self.boardview.ui = self.ui()
        return self.boardview.ransom_rows()

    def price_for(self, owner: int, offers: list[Action]) -> Action:
        """The offer at the chosen price (kept within the engine's legal prices)."""
        prices = [a.price for a in offers]  # type: ignore[attr-defined]
        want = self.prices.get(owner, min(prices[-1], max(1, prices[-1] // 2)))
        best = min(offers, key=lambda a: abs(a.price - want))  # type: ignore[attr-defined]
        self.prices[owner] = best.price  # type: ignore[attr-defined]
        return best

    def ransom_click(self, pos: tuple[int, int]) -> bool:
        """The price buttons and Offer in the column."""
        for owner, _row, minus, plus, offer in self.ransom_rows():
            for part, rect in (("minus", minus), ("plus", plus), ("offer", offer)):
                if rect.collidepoint(pos):
                    self.ransom_press(owner, part)
                    return True
        return False

    def ransom_press(self, owner: int, part: str) -> None:
        """A price step down or up, or Offer, in the column's row of ``owner``."""
        offers = self.offers()
        if not self.my_turn() or owner not in offers:
            return
        chosen = self.price_for(owner, offers[owner])
        prices = [a.price for a in offers[owner]]  # type: ignore[attr-defined]
        i = prices.index(chosen.price)  # type: ignore[attr-defined]
        if part == "minus":
            self.prices[owner] = prices[max(0, i - 1)]
        elif part == "plus":
            self.prices[owner] = prices[min(len(prices) - 1, i + 1)]
        else:
            self.play(chosen)

    def focus_targets(self) -> list[FocusTarget]:
        """Tab reaches the column's price steps and Offer buttons too."""
        if not self.my_turn():
            return []
        return [FocusTarget(f"ransom:{owner}:{part}", rect,
                            lambda owner=owner, part=part: self.ransom_press(owner, part))
                for owner, _row, minus, plus, offer in self.ransom_rows()
                for part, rect in (("minus", minus), ("plus", plus), ("offer", offer))]

    # -- the after-action timeline ----------------------------------------------------------
    def time_now(self) -> Optional[float]:
        """Seconds into the running after-action animation, or ``None``."""
        if self.timeline is not None and self.animator.find("c22") is self.timeline:
            return float(self.timeline.value()[0])
        return None

    def animate(self, before: JsonDict, action: Action) -> None:
        self.route_pick = None
        after = self.view
        events, dice = what_followed(before, after)
        if self.session.log and not self.remote:  # news is told from the positions kept
            was, now = self.session.around(len(self.session.log) - 1)
            for kind, phrase in news(was, now, action):  # type: ignore[arg-type]
                self.news.append([self.session.say(phrase), NEWS_COLOURS[kind], 7.0])
                self.news = self.news[-3:]
        self.before = before
        self.stages = plan(before, after, action, dice)
        self.stage_cues(events)
        total = max((st.start + st.duration for st in self.stages), default=0.0)
        self.timeline = None
        if total > 0:
            self.timeline = self.animator.add(
                Tween((0.0, 0.0), (total, 0.0), total, ease=pytweening.linear, tag="c22"))

    def move_cue(self, before: JsonDict, action: Action) -> Optional[str]:
        return None  # each stage of the animation sounds its own (stage_cues)

    def stage_cues(self, events: list[JsonDict]) -> None:
        """A cue for each stage as it is shown: the cat's arrival, the coins, the die, a cube;
        gold taken or the jackpot won as the news comes."""
        cues = {"walk": "drop", "coins": "gold", "die": "dice", "cube": "drop", "swap": "slide",
                "start": "drop"}
        heard: set[str] = set()
        for st in self.stages:
            name = cues.get(st.kind)
            if name:
                self.cue(name, st.start + st.duration if st.kind == "walk" else st.start)
                heard.add(name)
        if "gold" not in heard and any(e["kind"] in ("steal", "jackpot") for e in events):
            self.cue("gold")
        if not self.stages:
            self.cue("drop")

    # -- news and tips ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        for item in self.news:
            item[2] -= dt
        self.news = [item for item in self.news if item[2] > 0]
        if self.tip_time > 0:
            self.tip_time -= dt

    def next_frame(self) -> Optional[float]:
        waits = [t for t in (super().next_frame(), self.tip_time if self.tip_time > 0 else None,
                             *(item[2] for item in self.news)) if t is not None]
        return min(waits) if waits else None

    def tip(self, text: str, seconds: float = 3.0) -> None:
        """A friendly how-to line (not a refusal)."""
        self.tip_text = text
        self.tip_time = seconds

    # -- the move log ------------------------------------------------------------------------
    def cell_name(self, row: int, col: int) -> str:
        """A square's name as printed on the board's edges."""
        return self.boardview.cell_name(row, col)

    def log_row(self, index: int) -> Row:
        """Catch 22's log joins what followed a move with semicolons (rolls, gold taken)."""
        move, notes = self.entry_words(index)
        return (self.seat_name(self.session.log[index].seat),
                tr("table.log_note_sep").join((move, *notes)), ())

    def turn_prompt(self) -> str:
        prompt = self.session.state.prompt()  # "Player 2: roll the die.": the frame says who
        what = prompt.phrase.arg("what") if isinstance(prompt, Sentence) else None
        return self.names(what or prompt)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.boardview.draw_over(surface, self.view, self.ui())
