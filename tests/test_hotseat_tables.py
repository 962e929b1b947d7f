"""The hotseat flow at the four multiplayer tables, headless: two people and a bot play through a
round's end (Catch 22 has no rounds: two turns each), and at every frame the test checks what is
on screen: no private view while a bot plays or behind the curtain, the round's results on a
neutral screen before the next curtain, the mover's Done / Undo step, and Esc on the curtain
opening the menu without revealing anything."""

from __future__ import annotations

from typing import Any, Callable

import pygame
import pytest
from frames import click, frames_until, headless_context, press_done

from cats.session import Seat, Session
from screens.app import frame
from screens.overlays import MenuOverlay
from screens.registry import open_game
from screens.table.curtain import Curtain
from screens.table.hotseat import Step
from screens.text import tr

View = dict[str, Any]
PRIVATE: dict[str, Callable[[View], bool]] = {
    "between": lambda v: v.get("hand") is not None,
    "box": lambda v: v.get("hand") is not None,
    "catchess": lambda v: bool(v.get("my_cards")),
    "catch22": lambda v: False,  # no secrets: nothing to hide, so no curtain either
}
GAMES = ["between", "box", "catchess", "catch22"]


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1280, 800))


class Watch:
    """Records every board drawn (whose view, whether it held a secret) and checks the rules of
    the hotseat flow on each frame."""

    def __init__(self, ctx: Any, scene: Any, game: str) -> None:
        self.ctx, self.scene, self.game = ctx, scene, game
        self.private = PRIVATE[game]
        self.drawn: list[tuple[Step, Any, bool]] = []
        self.steps: list[Step] = []
        real = scene.draw_board

        def draw_board(surface: pygame.Surface) -> None:
            self.drawn.append((scene.flow.step, scene.viewer, self.private(scene.view)))
            real(surface)
        scene.draw_board = draw_board

    def check(self) -> None:
        """What is on screen now keeps the rules."""
        ctx, scene, session = self.ctx, self.scene, self.scene.session
        step = scene.flow.step
        self.steps.append(step)
        visible = ctx.scenes.visible()
        if any(isinstance(s, Curtain) for s in visible):
            assert scene not in visible, "the curtain covers the whole table"
            assert not self.private(scene.view), "no view of the last player behind the curtain"
        mover = session.to_move
        if (mover is not None and session.seats[mover].is_bot and scene in visible
                and step is not Step.CONFIRM):  # the bots wait for the mover's Done
            assert not self.private(scene.view), "no hand on screen while a bot plays"
            assert step is not Step.PLAY
        if step is Step.RESULTS:
            assert scene.viewer is None and not self.private(scene.view), "a neutral screen"
            assert scene.results_shown() and scene in visible
        if step is Step.CONFIRM:
            assert scene.viewer == session.log[-1].seat, "the mover sees their own move"
            assert scene.prompt_line() == tr("game.done_undo", name=scene.seat_name(scene.viewer)), (
                "the prompt asks the mover for Done, not the next player for their move")
        for drawn_step, viewer, private in self.drawn:
            if private:
                assert drawn_step in (Step.PLAY, Step.CONFIRM), f"secret drawn at {drawn_step}"
        self.drawn.clear()

    def run(self, seconds: float = 60.0, until: Callable[[], bool] = lambda: False) -> None:
        """Frames until a human acts or ``until``; checked at each."""
        frames_until(self.ctx, lambda: until() or self.waiting_for_people(), seconds=seconds,
                     each=self.check)

    def waiting_for_people(self) -> bool:
        scene = self.scene
        return (scene.flow.step in (Step.PLAY, Step.CONFIRM, Step.RESULTS, Step.OVER)
                or isinstance(self.ctx.scenes.top, Curtain)) and not scene.animator.busy

    def click(self, pos: tuple[int, int]) -> None:
        click(self.ctx, pos)
        self.check()


def finished_rounds(scene: Any) -> Any:
    return scene.finished_round(scene.session.state.view_for(None))


def esc(ctx: Any) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="\x1b", scancode=41))
    frame(ctx, 0.016)


@pytest.mark.parametrize("game", GAMES)
def test_two_people_and_a_bot_play_through_a_round_end(ctx, game) -> None:  # type: ignore[no-untyped-def]
    seats = [Seat("Ann"), Seat("Ben"), Seat("Kit", "bot", 1)]
    session = Session.start(game, seats, 5, {})
    scene = open_game(ctx, session)
    ctx.scenes.push(ctx.nav.main_menu(ctx))
    ctx.scenes.push(scene)
    watch = Watch(ctx, scene, game)
    frame(ctx, 0.016)
    secrets = game != "catch22"
    start_round = finished_rounds(scene)
    undone = esc_tried = results_seen = False
    moves_by_people = 0
    for _ in range(400):
        watch.run()
        top = ctx.scenes.top
        step = scene.flow.step
        if isinstance(top, Curtain):
            assert secrets, "no curtain in a game without secrets"
            assert top.name == session.seats[session.to_move].name, "it names the next player"
            if not esc_tried:  # Esc: the menu over the curtain, still nothing revealed
                esc(ctx)
                assert isinstance(ctx.scenes.top, MenuOverlay)
                assert scene not in ctx.scenes.visible() and scene.viewer is None
                labels = [label for label, _ in ctx.scenes.top.choices]
                assert "Save" in labels and "Quit to menu" in labels and "Undo" not in labels
                esc(ctx)
                assert ctx.scenes.top is top
                esc_tried = True
            watch.click(top.ready_button.rect.center)
            assert scene.viewer == session.to_move and scene.my_turn()
        elif step is Step.RESULTS:
            assert not isinstance(ctx.scenes.top, Curtain), "results before the next curtain"
            results_seen = True
            watch.click(scene.board.center)
            if secrets:
                watch.run()
                assert isinstance(ctx.scenes.top, Curtain) or scene.flow.step is Step.WATCH
            break
        elif step is Step.CONFIRM:
            mover = session.log[-1].seat
            if not undone:  # take the move back once, then make it again
                button = next(b for b, k in scene.confirm_buttons.items() if k == "undo")
                count = len(session.log)
                watch.click(button.rect.center)
                assert len(session.log) == count - 1 and scene.viewer == mover
                assert scene.flow.step is Step.PLAY and scene.my_turn()
                undone = True
                continue
            press_done(ctx, scene)
            watch.check()
            assert scene.viewer != mover or not secrets
        elif step is Step.PLAY:
            assert scene.my_turn()
            scene.play(session.state.legal_actions()[0])
            moves_by_people += 1
            watch.check()
        elif step is Step.OVER:
            break
        if game == "catch22" and moves_by_people >= 6:
            break
        if finished_rounds(scene) != start_round and scene.flow.step is not Step.RESULTS:
            break
    assert undone, "the Done / Undo step came up between the two people"
    if secrets:
        assert esc_tried and results_seen, "a curtain and a round's results were seen"
        assert Step.WATCH in watch.steps, "the bot played in between"
    else:
        assert Step.CURTAIN not in watch.steps and moves_by_people >= 6
