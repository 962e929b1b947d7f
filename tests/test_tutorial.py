"""The five tutorials: every script sound from its deal, and each one played to its end on the
headless table by real clicks and drags, with a wrong move refused by the tutorial's prompt."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from cats.core import State
from cats.tutorial import Step, Tutorial
from cats.tutorials import TUTORIALS, tutorial_for
from cats.words import render
from saves.store import RESUME
from tests.frames import click, drag, frames_until, headless_context, show

GAMES = sorted(TUTORIALS)


@pytest.fixture
def ctx() -> Iterator[Any]:
    yield from headless_context()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_scripted_move_is_legal_and_the_end_is_a_real_position(game_id: str) -> None:
    tutorial = tutorial_for(game_id)
    assert tutorial.problems() == []
    assert 5 <= len(tutorial.steps) <= 10


@pytest.mark.parametrize("game_id", GAMES)
def test_each_scripted_move_names_exactly_one_legal_action(game_id: str) -> None:
    tutorial = tutorial_for(game_id)
    state = tutorial.start()
    for move, _ in tutorial.script():
        named = [a for a in state.legal_actions() if str(a).lower() == move.lower()]
        assert len(named) == 1, move
        state.apply(named[0])


@pytest.mark.parametrize("game_id", GAMES)
def test_every_step_says_what_to_do_and_why(game_id: str) -> None:
    tutorial = tutorial_for(game_id)
    for step in tutorial.steps:
        prompt, point = render(step.prompt), render(step.point)
        assert prompt and point and "{" not in prompt + point
        assert step.section
    assert render(tutorial.finish)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rules_section_named_is_on_the_rules_page(game_id: str) -> None:
    from screens.assets import read_text

    page = read_text("rules", f"{game_id}.md")
    for step in tutorial_for(game_id).steps:
        assert f"## {step.section}" in page


def test_a_script_that_does_not_fit_its_deal_is_reported() -> None:
    good = tutorial_for("gambit")
    bad = Tutorial(good.game_id, good.players, good.seed,
                   (Step("place 9,9", good.steps[0].prompt, good.steps[0].point),),
                   good.finish)
    assert bad.problems() and "place 9,9" in bad.problems()[0]


def centre(scene: Any, spot: Any) -> tuple[int, int]:
    rect = scene.spot_rect(spot)
    assert rect is not None, spot
    return rect.center


def make_move(ctx: Any, scene: Any, action: Any) -> None:
    """The player's gesture for ``action``: a drag, a click on the piece, or its button."""
    state: State = scene.session.state
    gesture = state.drag_of(action)
    if gesture is not None and scene.spot_rect(gesture[0]) is not None:
        source, target = gesture
        if source == target:
            click(ctx, centre(scene, source))
        else:
            drag(ctx, centre(scene, source), centre(scene, target))
        return
    button = next(b for b, a in scene.choice_buttons.items() if a == action)
    click(ctx, button.rect.center)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tutorial_is_played_to_its_end_by_clicks_and_drags(ctx: Any, game_id: str) -> None:
    from screens.tutorial.scene import open_tutorial

    scene = show(ctx, open_tutorial(ctx, game_id))
    tutorial = scene.tutorial
    def ready(at: int) -> Any:
        return lambda: scene.lesson() == at and scene.my_turn() and not scene.animator.busy

    for index in range(len(tutorial.steps)):
        frames_until(ctx, ready(index), seconds=60)
        assert scene.lesson() == index and scene.my_turn()
        assert scene.prompt_line().endswith(render(tutorial.steps[index].prompt))
        done = len(scene.session.log)
        make_move(ctx, scene, scene.expected())
        assert len(scene.session.log) > done, f"step {index + 1} was not made"
    frames_until(ctx, lambda: scene.due() is None, seconds=60)
    played = [str(e.action).lower() for e in scene.session.log[:tutorial.length()]]
    assert played == [m.lower() for m, _ in tutorial.script()]
    assert not scene.session.state.is_over()
    assert "play_on" in scene.tutorial_buttons.values()
    assert not ctx.saves.exists(RESUME)  # a game under way keeps its resume slot


@pytest.mark.parametrize("game_id", GAMES)
def test_a_wrong_move_is_refused_with_the_prompt(ctx: Any, game_id: str) -> None:
    from screens.tutorial.scene import open_tutorial

    scene = show(ctx, open_tutorial(ctx, game_id))
    frames_until(ctx, lambda: scene.lesson() == 0 and scene.my_turn(), seconds=60)
    state = scene.session.state
    expected = scene.expected()
    wrong = next((a for a in state.legal_actions() if a != expected), None)
    if wrong is None:  # one legal move only (a first draw): nothing else can be tried
        assert len(state.legal_actions()) == 1
        return
    before = state.to_json()
    scene.play(wrong)
    assert scene.session.state.to_json() == before and not scene.session.log[
        len(tutorial_for(game_id).opening):]
    assert render(tutorial_for(game_id).steps[0].prompt) in scene.flash_text


def test_a_wrong_piece_is_not_picked_up(ctx: Any) -> None:
    from screens.tutorial.scene import open_tutorial

    scene = show(ctx, open_tutorial(ctx, "between"))
    state = scene.session.state
    expected = scene.expected()
    source = state.drag_of(expected)[0]
    other = next(s for s in state.drag_sources() if s != source)
    drag(ctx, centre(scene, other), centre(scene, state.drag_of(expected)[1]))
    assert not scene.session.log
    assert render(tutorial_for("between").steps[0].prompt) in scene.flash_text


def test_skip_leaves_the_script_and_plays_on(ctx: Any) -> None:
    from screens.tutorial.scene import open_tutorial

    scene = show(ctx, open_tutorial(ctx, "catchess"))
    skip = next(b for b, key in scene.tutorial_buttons.items() if key == "skip")
    click(ctx, skip.rect.center)
    assert scene.due() is None
    other = next(a for a in scene.session.state.legal_actions() if a != scene.expected())
    assert scene.play(other)


def test_a_game_cards_tutorial_button_opens_its_tutorial(ctx: Any) -> None:
    from screens.app import frame
    from screens.menus.main import MainMenu
    from screens.tutorial.scene import TutorialTable

    menu = MainMenu(ctx)
    ctx.scenes.push(menu)
    frame(ctx, 0.016)
    button = next(b for b, key in menu.buttons.items() if key == "tutorial:catch22")
    click(ctx, button.rect.center)
    top = ctx.scenes.top
    assert isinstance(top, TutorialTable) and top.info.id == "catch22"


def test_the_rules_page_opens_its_games_tutorial(ctx: Any) -> None:
    from screens.app import frame
    from screens.menus.main import RulesScene
    from screens.tutorial.scene import TutorialTable

    rules = RulesScene(ctx, "box")
    ctx.scenes.push(rules)
    frame(ctx, 0.016)
    assert rules.tutorial is not None
    click(ctx, rules.tutorial.rect.center)
    top = ctx.scenes.top
    assert isinstance(top, TutorialTable) and top.info.id == "box"
