"""Cat in the Box screen: the research board (four colour rows, each with its own pattern), one
board per player with the card they put into the current trick, your hand fanned along the bottom
with the set-aside spot, and the round result with every largest group outlined.

Everything drawn comes from ``self.view`` (the engine's ``view_for`` of the seat looking at the
screen). Legal spaces, the action a drop makes, refusal reasons, trick winners, scores and largest
groups all come from the engine; the screen only lays them out.

Spots are exactly the engine's ``drag_of`` spots: ``("hand", number)``, ``("space", colour,
number)`` and ``("aside",)``. Two copies of a number in hand share a spot; the screen remembers
which copy the pointer picked so that only that one leaves the fan.

The board (:class:`~screens.box.panels.BoxBoard`, laid out in ``screens.box.layout``) draws the
view and the UI facts this scene hands it (:class:`~screens.box.layout.BoxUi`); the scene keeps
the session, the engine's look-ups, the tweens and the input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import pygame
import pytweening  # type: ignore[import-untyped]

from cats.core import Action, Spot
from cats.session import Session
from screens.anim import Tween
from screens.assets import font
from screens.box.draw import SWEEP_HOLD
from screens.box.layout import BoxUi, JsonDict
from screens.box.live import LiveBox
from screens.focus import FocusTarget
from screens.table.board import BoardContext
from screens.table.frame import GameScene
from screens.table.pointer import Point
from screens.text import tr

if TYPE_CHECKING:
    from screens.context import AppContext

FLY_SECONDS = 0.35
SWEEP_SECONDS = 1.6   # the finished trick stays a moment, then flies to its winner


class BoxScene(GameScene):
    """The Cat in the Box table: the session, the engine's look-ups, the flying cards and the
    input; the board draws."""

    boardview: LiveBox
    PILL_PAD = (12, 4)

    def __init__(self, ctx: "AppContext", session: Session) -> None:
        self.selected: Optional[tuple[int, int]] = None  # (index in hand, number)
        self.held_index: Optional[int] = None
        self.fly: Optional[tuple[JsonDict, Tween]] = None
        self.sweep: Optional[tuple[list[JsonDict], int, Tween]] = None
        self.peek_last = False
        super().__init__(ctx, session)

    def make_board(self, ctx: BoardContext) -> LiveBox:
        return LiveBox(ctx, self.seats)

    def refresh(self) -> None:
        super().refresh()
        self.selected = None
        self.peek_last = False

    # -- layout and the UI facts ---------------------------------------------------------------
    def layout(self) -> None:
        # Choice buttons are placed by this screen (in the action bar), so the strip the frame
        # keeps for them belongs to the table.
        self.boardview.side = self.side.copy()
        self.boardview.ctx.window = self.ctx.window
        self.boardview.layout(self.board.union(self.bottom))
        self.boardview.show(self.view, self.ui())

    def ui(self) -> BoxUi:
        facts = self.ui_facts()
        mine = bool(facts["my_turn"])
        lit: tuple[Spot, ...] = ()
        if self.selected is not None and self.drag is None and mine:
            lit = tuple(self.session.state.legal_targets(("hand", self.selected[1])))
        playable: tuple[Spot, ...] = ()
        if mine and self.view.get("phase") in ("aside", "play"):
            playable = tuple(self.session.state.drag_sources())
        fly = self.fly_active()
        sweep = self.sweep_active()
        return BoxUi(**facts, chosen=self.selected, lit=lit, held_index=self.held_index,
                     playable=playable, result=self.result_shown(), peek_last=self.peek_last,
                     fly=None if fly is None else (fly[0], self.at(fly[1])),
                     sweep=None if sweep is None else (tuple(sweep[0]), sweep[1],
                                                       sweep[2].value()[0]),
                     last_claim=self.last_claim(), humans=bool(self.humans()),
                     buttons_left=min((b.rect.x for b in self.choice_buttons), default=None))

    @staticmethod
    def at(tween: Tween) -> Point:
        """Where a flying card is now."""
        x, y = tween.value()
        return (int(x), int(y))

    def last_claim(self) -> Optional[tuple[str, int]]:
        """The space claimed by the last card played (ringed, to follow bots)."""
        log = self.session.log
        if not log or log[-1].action.kind != "play":
            return None
        action = log[-1].action
        return (action.colour, action.number)  # type: ignore[attr-defined]

    def spot_rect(self, spot: Spot) -> Optional[pygame.Rect]:
        self.boardview.ui = self.ui()  # which copy of a number is held or chosen
        return self.boardview.spot_rect(spot)

    @property
    def last_pill(self) -> pygame.Rect:
        """The header's "Show last trick" button."""
        self.boardview.ui = self.ui()
        return self.boardview.last_pill()

    def trick_cards(self) -> tuple[list[JsonDict], Optional[int], str]:
        """The cards the trick slots show: (plays, winner, caption)."""
        board = self.boardview.seeing(self.view, self.ui())
        assert isinstance(board, LiveBox)
        return board.trick_cards()

    # -- the pointer: drag, or click a card then a lit space -------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.last_pill.collidepoint(event.pos) and self.view.get("last_trick")):
            self.toggle_last()
            return True
        return super().handle_event(event)

    def toggle_last(self) -> None:
        """The header's "Show last trick" button: the last trick in the slots, or back."""
        self.animator.skip()
        self.peek_last = not self.peek_last

    def focus_targets(self) -> list[FocusTarget]:
        if not self.view.get("last_trick"):
            return []
        return [FocusTarget("last_trick", self.last_pill, self.toggle_last)]

    def pick_sources(self) -> list[Spot]:
        # Any card may be picked up: one that cannot go anywhere lights nothing, and dropping it
        # tells the engine's reason.
        return [("hand", n) for n in self.boardview.hand()]

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
        self.held_index = self.boardview.hand_index_at(pos)
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
        elif index is not None and index < len(self.boardview.hand()):
            self.selected = (index, self.boardview.hand()[index])

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
        bar = self.boardview.action_bar
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
            end = self.boardview.slot_of(seat).topleft
            self.fly = (card, self.animator.add(Tween(start, end, FLY_SECONDS, tag="fly")))
            full = list(before.get("trick", {}).get("plays", [])) + [card]
            if len(full) == before.get("players"):
                winner = self.trick_winner(before, full)
                if winner is not None:
                    self.sweep = (full, winner, self.animator.add(Tween(
                        (0.0, 0.0), (1.0, 0.0), SWEEP_SECONDS, ease=pytweening.linear,
                        tag="sweep")))
                    self.cue("trick", SWEEP_SECONDS * SWEEP_HOLD)  # as it flies to the winner
        finished = v.get("last_round")
        if finished is not None and (before.get("round") != v.get("round")
                                     or (v["phase"] == "over" and before.get("phase") != "over")):
            paradox = finished.get("paradox") is not None
            if paradox:
                self.flash(tr("box.paradox_flash", name=self.seat_name(finished["paradox"])), 5.0)
            if paradox or v["phase"] != "over":  # (the end panel sounds the game's end)
                self.cue("paradox" if paradox else "round", SWEEP_SECONDS)

    def move_cue(self, before: JsonDict, action: Action) -> Optional[str]:
        return "slide" if action.kind == "play" else "drop"

    def round_cue(self) -> Optional[str]:
        return None  # timed with the last trick's sweep (animate)

    def fly_start(self, before: JsonDict, seat: int, number: int,
                  drop_from: Optional[Point]) -> Point:
        """Where a played card flies in from: the drop point, the hand, or the player's board."""
        if seat == before.get("seat"):
            if drop_from is not None:
                return drop_from
            hand = list(before.get("hand") or [])
            if number in hand:
                return self.boardview.hand_rects(hand)[hand.index(number)].topleft
        return self.boardview.panel_of(seat).center

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
        return self.boardview.result_rect()

    # -- end -------------------------------------------------------------------------------
    def end_lines(self, outcome: Any) -> list[str]:
        """One line per seat (the per-round lines stay on the board's result panel)."""
        lines = [self.names(outcome.summary)]
        rounds = self.view.get("round_scores") or []
        for seat in range(len(self.session.seats)):
            key = "table.end_row_winner" if seat in outcome.winners else "table.end_row"
            detail = tr("table.tag_sep").join(f"{r[seat]:+d}" for r in rounds)
            score = f"{outcome.scores[seat]:g}"
            lines.append(tr(key, name=self.seat_name(seat), score=tr(
                "box.end_score", score=score, rounds=detail) if detail else score))
        return lines
