"""A game's screen in tutorial mode: the engine's script says which move comes next; the piece
and its target are lit, the prompt and the rules point it teaches are shown, any other move is
refused with the prompt, and the other seats' scripted moves are played at the bots' pace. Once
the script is over (or skipped) the table is the game's ordinary table, with bots."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import pygame
import pygame_gui

from cats.core import Action, IllegalAction, Spot
from cats.session import Seat, Session
from cats.tutorial import Tutorial
from cats.tutorials import tutorial_for
from cats.words import say
from saves.profiles import COLOURS, SYMBOLS
from screens import palette
from screens.overlays import blit_lines, lines_bottom
from screens.registry import SCREENS
from screens.table.bots import BotDriver
from screens.table.frame import GameScene
from screens.text import rules_section, tr

if TYPE_CHECKING:
    from screens.context import AppContext

Due = tuple[Action, Optional[int]]  # the scripted action, and its step (None: another seat's)


def tutorial_session(tutorial: Tutorial) -> Session:
    """The tutorial's deal: the player in their seat, the other seats gentle bots."""
    seats = [Seat(tr("tutorial.you") if i == tutorial.seat else tr("tutorial.rival"),
                  "human" if i == tutorial.seat else "bot", 0 if i == tutorial.seat else 1,
                  SYMBOLS[i % 6], COLOURS[i % 6]) for i in range(tutorial.players)]
    return Session.start(tutorial.game_id, seats, tutorial.seed, dict(tutorial.options))


def play_script(session: Session, tutorial: Tutorial, steps: int) -> None:
    """Play the script straight on until ``steps`` of the player's steps are done (screenshots
    and tests start a tutorial part-way)."""
    while True:
        due = tutorial.due(len(session.log))
        if due is None or (due[1] is not None and due[1] >= steps):
            return
        session.play(session.state.parse(due[0]))


class ScriptedBots(BotDriver):
    """The bot driver, except that while the script runs the other seats play its moves."""

    def __init__(self, table: "TutorialTable") -> None:
        super().__init__(table.session, table.ctx.executor, lambda: table.ctx.settings.bot_pace)
        self.table = table

    def update(self, dt: float, may_start: bool) -> Optional[Action]:
        due = self.table.due()
        if self.pending is None and due is not None and due[1] is None:
            if self.wait > 0:
                self.wait -= dt
                return None
            if not may_start:
                return None
            self.wait = self.pace()
            return due[0]
        return super().update(dt, may_start)


class TutorialTable(GameScene):
    """The tutorial's part of a table (mixed in before the game's own screen class)."""

    tutorial: Tutorial
    skipped = False
    closed = False  # the closing words were put away

    def setup_tutorial(self, tutorial: Tutorial) -> None:
        """Attach the script (right after the game's screen was made)."""
        self.tutorial = tutorial
        self.bots = ScriptedBots(self)
        self.tutorial_buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self._due: tuple[int, Optional[Due]] = (-1, None)
        self.rebuild_choices()

    # -- the script --------------------------------------------------------------------------
    def due(self) -> Optional[Due]:
        """The scripted action now, with its step (``None`` once the script is over)."""
        if self.skipped or not hasattr(self, "tutorial"):
            return None
        done = len(self.session.log)
        if self._due[0] != done:
            move = self.tutorial.due(done)
            try:
                action = None if move is None else (self.session.state.parse(move[0]), move[1])
            except IllegalAction:
                action = None  # the table left the script (a redo, a loaded position)
            self._due = (done, action)
        return self._due[1]

    def lesson(self) -> Optional[int]:
        """The step the player is on (``None`` when no step is theirs now)."""
        due = self.due()
        return None if due is None else due[1]

    def expected(self) -> Optional[Action]:
        """The move the player is asked for now."""
        due = self.due()
        return due[0] if due is not None and due[1] is not None else None

    def hint(self) -> str:
        """The current prompt, said with the players' names."""
        step = self.lesson()
        return "" if step is None else say(self.tutorial.steps[step].prompt, self.session.names())

    # -- the table, narrowed to the lesson ----------------------------------------------------
    def autosave(self) -> None:
        """A tutorial never takes the resume slot from a real game."""

    def pick_sources(self) -> list[Spot]:
        expected = self.expected()
        if expected is None:
            return super().pick_sources() if self.due() is None else []
        gesture = self.session.state.drag_of(expected)
        return [gesture[0]] if gesture else []

    def why_not_pick(self, spot: Spot) -> str:
        if self.expected() is not None:
            return tr("tutorial.not_that", prompt=self.hint())
        return super().why_not_pick(spot)

    def pointer_down(self, pos: tuple[int, int]) -> bool:
        taken = super().pointer_down(pos)
        expected = self.expected()
        if taken and self.drag is not None and expected is not None:
            gesture = self.session.state.drag_of(expected)
            self.drag.targets = [gesture[1]] if gesture else []
        return taken

    def refusal(self, source: Spot, target: Spot) -> str:
        if self.expected() is not None:
            return tr("tutorial.not_that", prompt=self.hint())
        return super().refusal(source, target)

    def play(self, action: Action) -> bool:
        expected = self.expected()
        if expected is not None and action != expected:
            self.refuse(tr("tutorial.not_that", prompt=self.hint()))
            return False
        return super().play(action)

    def rebuild_choices(self) -> None:
        if not hasattr(self, "tutorial") or self.due() is None:
            super().rebuild_choices()
            return
        if not self.clear_choices():
            return
        expected = self.expected()
        state = self.session.state
        if expected is not None and (state.drag_of(expected) is None or self.also_button(expected)):
            self.choices.row(self.bottom, [expected], [self.label(expected)])

    def show_hint(self) -> None:
        if self.expected() is not None:
            self.flash(self.hint())
        else:
            super().show_hint()

    def prompt_line(self) -> str:
        if self.expected() is not None and self.my_turn():
            return tr("game.turn", name=self.seat_name(self.tutorial.seat), prompt=self.hint())
        if self.due() is not None and self.session.to_move != self.tutorial.seat:
            return tr("tutorial.watch")
        return super().prompt_line()

    # -- the tutorial card (where the move log is, while the lesson runs) ---------------------
    def card_showing(self) -> bool:
        """The tutorial card covers the move log (until put away after the script)."""
        return not self.closed

    def card_rect(self) -> pygame.Rect:
        """Where the tutorial card is drawn: the move log's place, or (large text) as much
        higher as its words need, up to two thirds of the side panel."""
        s = self.ctx.scale
        log_h = self.side.h // 2
        if self.ctx.line(100) > s(100) and self.side.h > 1:
            need = lines_bottom(self.card_lines(), 0, s(15), self.side.w - s(44), True) + s(70)
            log_h = max(log_h, min(need, self.side.h * 2 // 3))
        return pygame.Rect(self.side.x + s(8), self.side.bottom - log_h - s(8),
                           self.side.w - s(16), log_h)

    def build_ui(self) -> None:
        super().build_ui()
        s = self.ctx.scale
        card = self.card_rect()
        self.tutorial_buttons = {}
        keys = ["rules", "exit", "skip" if self.due() is not None else "play_on"]
        bw = (card.w - s(16) - s(8) * (len(keys) - 1)) // len(keys)
        for i, key in enumerate(keys):
            rect = pygame.Rect(card.x + s(8) + i * (bw + s(8)), card.bottom - s(46), bw, s(38))
            btn = self.button(rect, tr(f"tutorial.{key}"),
                              "#primary" if key in ("skip", "play_on") else "")
            self.tutorial_buttons[btn] = key
        self.sync_card()

    def sync_card(self) -> None:
        """The move log hides under the card; the card's buttons only while it shows."""
        showing = self.card_showing()
        if self.log_box is not None:
            self.log_box.hide() if showing else self.log_box.show()
        for btn in self.tutorial_buttons:
            btn.show() if showing else btn.hide()

    def after_action(self, before: Any, action: Action) -> None:
        super().after_action(before, action)
        if self.due() is None and "skip" in self.tutorial_buttons.values():
            self.rebuild()  # the script is over: Skip becomes Play on

    def rebuild(self) -> None:
        """Lay the frame's buttons out again (after the card changed)."""
        self.clear_ui()
        self.build_ui()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.tutorial_buttons:
            self.card_button(self.tutorial_buttons[event.ui_element])
            return True
        return super().handle_event(event)

    def card_button(self, key: str) -> None:
        """Rules, Exit, Skip (play on from here without the script) or Play on (put the card
        away)."""
        ctx = self.ctx
        if key == "rules":
            ctx.scenes.push(ctx.nav.rules(ctx, self.info.id))
        elif key == "exit":
            ctx.scenes.reset(ctx.nav.main_menu(ctx))
        elif key == "skip":
            self.skipped = True
            self.rebuild()
            self.rebuild_choices()
        elif key == "play_on":
            self.closed = True
            self.sync_card()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.drag is None and self.my_turn():
            self.draw_lesson_marks(surface)
        if self.card_showing():
            self.draw_card(surface)

    def draw_lesson_marks(self, surface: pygame.Surface) -> None:
        """Ring the piece to move and, dashed, where it goes (the held piece lights its own)."""
        expected = self.expected()
        gesture = None if expected is None else self.session.state.drag_of(expected)
        if gesture is None:
            return
        s = self.ctx.scale
        # Not the legal-target green: some boards light every reachable place themselves.
        for spot, colour in ((gesture[0], palette.MUSTARD), (gesture[1], palette.TERRACOTTA)):
            rect = self.spot_rect(spot)
            if rect is not None:
                pygame.draw.rect(surface, palette.PAPER, rect.inflate(s(14), s(14)), width=s(3),
                                 border_radius=s(12))
                pygame.draw.rect(surface, colour, rect.inflate(s(8), s(8)), width=s(5),
                                 border_radius=s(10))

    def draw_card(self, surface: pygame.Surface) -> None:
        """The step number, the prompt and the rules point (or the closing words)."""
        s = self.ctx.scale
        card = self.card_rect()
        pygame.draw.rect(surface, palette.PAPER, card, border_radius=s(12))
        pygame.draw.rect(surface, palette.WOOD, card, width=s(3), border_radius=s(12))
        lines = self.card_lines()
        size, room = s(15), card.bottom - s(54)  # clear of the card's buttons
        least = s(15) * s(100) // self.ctx.line(100)  # never smaller than at 100 %
        while size > least and lines_bottom(lines, card.y + s(12), size, card.w - s(28),
                                            True) > room:
            size -= 1
        blit_lines(surface, lines, card.x + s(14), card.y + s(12), size,
                   width=card.w - s(28), bold_first=True)

    def card_lines(self) -> list[str]:
        """The card's words: its title, the step's prompt and rules point (or the closing
        words)."""
        names = self.session.names()
        step = self.tutorial.step_at(len(self.session.log)) if self.due() is not None else None
        if step is None:
            title = tr("tutorial.finished")
            lines = [say(self.tutorial.finish, names)]
        else:
            lesson = self.tutorial.steps[step]
            title = tr("tutorial.title", step=step + 1, steps=len(self.tutorial.steps))
            lines = [say(lesson.prompt, names), "",
                     tr("tutorial.why", point=say(lesson.point, names))]
            if lesson.section:
                lines += ["", tr("tutorial.section",
                                    section=rules_section(self.tutorial.game_id, lesson.section))]
        return [title, ""] + lines


_CLASSES: dict[str, type[GameScene]] = {}


def tutorial_class(game_id: str) -> type[GameScene]:
    """The game's screen class with the tutorial mixed in."""
    if game_id not in _CLASSES:
        base = SCREENS[game_id]
        _CLASSES[game_id] = type(f"Tutorial{base.__name__}", (TutorialTable, base), {})
    return _CLASSES[game_id]


def open_tutorial(ctx: "AppContext", game_id: str, steps: int = 0) -> GameScene:
    """The tutorial of ``game_id`` as a table, with its first ``steps`` steps already made."""
    tutorial = tutorial_for(game_id)
    session = tutorial_session(tutorial)
    play_script(session, tutorial, steps)
    scene = tutorial_class(game_id)(ctx, session)
    assert isinstance(scene, TutorialTable)
    scene.setup_tutorial(tutorial)
    return scene
