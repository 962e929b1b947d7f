"""Keyboard-only play: a whole game of each of the five titles is played by key events alone
(the arrows to a piece the engine lets move, Enter, the arrows to one of its targets, Enter; Tab
and Enter for the actions that are buttons), with bots at the other seats; the menus are walked
by Tab and Enter from the main menu to a started game; the ring and the cursor are drawn."""

from __future__ import annotations

from collections import deque
from typing import Any, Callable

import pygame
import pytest
from frames import frames_until, headless_context, show

from cats.core import Action, Spot
from cats.rng import Rng
from cats.session import Seat, Session
from screens import palette
from screens.app import frame
from screens.focus import FocusTarget
from screens.menus.main import MainMenu
from screens.overlays import MenuOverlay
from screens.registry import open_game
from screens.table.curtain import Curtain
from screens.table.hotseat import Step
from screens.table.keyboard import ARROWS

MOVE_CAP = 400  # key-driven turns at most in one game (a hang guard, far above any game here)


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1280, 800))


def key(ctx: Any, k: int, mod: int = 0) -> None:
    """One key press, handed to the frame as an event (not through the queue)."""
    frame(ctx, 0.016, events=[pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                                 scancode=0)])


def ring(ctx: Any) -> Any:
    """What the top scene's focus ring is on."""
    top = ctx.scenes.top
    return top.focus.now(top) if top.focus.shown else None


def tab_to(ctx: Any, wanted: Callable[[Any], bool], limit: int = 60) -> Any:
    """Press Tab until the ring is on a stop ``wanted`` accepts (fails if none is reached)."""
    seen = []
    for _ in range(limit):
        key(ctx, pygame.K_TAB)
        item = ring(ctx)
        if item is not None and wanted(item):
            return item
        seen.append(getattr(item, "text", getattr(item, "key", item)))
    raise AssertionError(f"Tab never reached the wanted stop; it went over {seen}")


def route(scene: Any, start: Spot, goal: Spot) -> list[int]:
    """The arrow keys that take the cursor from ``start`` to ``goal`` (asked of the cursor's
    own step, nothing changed), shortest first."""
    paths: dict[Spot, list[int]] = {start: []}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == goal:
            return paths[here]
        for k in ARROWS:
            there = scene.key_step(here, k)
            if there is not None and there not in paths:
                paths[there] = paths[here] + [k]
                todo.append(there)
    raise AssertionError(f"no arrows lead from {start} to {goal} among {scene.key_spots()}")


def cursor_to(ctx: Any, scene: Any, goal: Spot) -> None:
    """Arrow keys until the table's cursor is on ``goal``."""
    assert goal in scene.key_spots(), (goal, scene.key_spots())
    if not (scene.key_shown and scene.key_spot in scene.key_spots()) or scene.focus.shown:
        key(ctx, pygame.K_RIGHT)  # the first arrow shows the cursor where it is
    for k in route(scene, scene.key_now(), goal):
        key(ctx, k)
    assert scene.key_now() == goal


def play_by_keys(ctx: Any, scene: Any, action: Action) -> None:
    """Make ``action`` by keys: a gesture by the cursor (then its button, if the drop means two
    actions), a button by Tab, a drawn button (a ransom's Offer) by Tab."""
    state = scene.session.state
    gesture = state.drag_of(action)
    if gesture is not None and gesture[0] in scene.key_spots():
        source, target = gesture
        cursor_to(ctx, scene, source)
        moves = len(scene.session.log)
        key(ctx, pygame.K_RETURN)
        if source == target and len(scene.session.log) > moves:
            return  # a piece whose one gesture is a click on it (the deck): Enter clicked it
        assert scene.drag is not None and scene.key_held, "Enter did not pick the piece up"
        cursor_to(ctx, scene, target)
        key(ctx, pygame.K_RETURN)
        if len(scene.session.log) > moves:
            return
        # a drop that means two actions (two routes to one square): their buttons follow
    if action in scene.choice_buttons.values():
        tab_to(ctx, lambda item: scene.choice_buttons.get(item) == action)
        key(ctx, pygame.K_RETURN)
        return
    if action.kind == "offer":  # Catch 22's ransom offers are drawn in the column
        tab_to(ctx, lambda item: isinstance(item, FocusTarget) and item.key.endswith(":offer"))
        key(ctx, pygame.K_RETURN)
        return
    raise AssertionError(f"no key makes {action}")


def keyboard_action(scene: Any, rng: Rng) -> Action:
    """A legal action the screen offers to the keyboard now (chosen at random)."""
    state = scene.session.state
    legal = state.legal_actions()
    if hasattr(scene, "expected") and scene.expected() is not None:
        return scene.expected()  # type: ignore[no-any-return]
    plain = [a for a in legal if a.kind != "offer"] or legal
    return plain[rng.below(len(plain))]


def play_game(ctx: Any, scene: Any, seed: int = 1) -> int:
    """Play the table to its end by keys alone; returns the key-driven turns."""
    session = scene.session
    rng = Rng(seed)
    turns = 0
    while not session.state.is_over():
        assert turns < MOVE_CAP, "the game did not end"
        frames_until(ctx, lambda: (session.state.is_over() or scene.my_turn()
                                   or isinstance(ctx.scenes.top, Curtain)
                                   or scene.flow.step in (Step.RESULTS, Step.CONFIRM)),
                     seconds=60)
        top = ctx.scenes.top
        if session.state.is_over():
            break
        if isinstance(top, Curtain):
            tab_to(ctx, lambda item: item is top.ready_button)
            key(ctx, pygame.K_RETURN)
            continue
        if scene.flow.step in (Step.RESULTS, Step.CONFIRM):
            key(ctx, pygame.K_RETURN)
            continue
        assert top is scene, top
        before = len(session.log)
        action = keyboard_action(scene, rng)
        play_by_keys(ctx, scene, action)
        assert len(session.log) == before + 1, f"{action} was not played by keys"
        assert session.log[-1].action == action
        turns += 1
    frames_until(ctx, lambda: isinstance(ctx.scenes.top, MenuOverlay), seconds=30)
    return turns


GAMES = [("gambit", 1, {}), ("box", 3, {}), ("between", 2, {}), ("catch22", 2, {"threshold": 8}),
         ("catchess", 2, {"rounds": 1})]


@pytest.mark.parametrize("game_id,players,options", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_is_played_by_keys_alone(ctx, game_id: str, players: int,  # type: ignore[no-untyped-def]
                                              options: dict[str, Any]) -> None:
    seats = [Seat("Mia")] + [Seat(f"Bot {i}", "bot", 1) for i in range(1, players)]
    session = Session.start(game_id, seats, 11, options)
    scene = show(ctx, open_game(ctx, session), confirm=False)
    turns = play_game(ctx, scene)
    assert session.state.is_over() and turns > 0
    end = ctx.scenes.top
    assert isinstance(end, MenuOverlay)  # the end panel; Tab and Enter leave it
    tab_to(ctx, lambda item: getattr(item, "text", "") == "Main menu")
    key(ctx, pygame.K_RETURN)
    frame(ctx, 0.016)
    assert isinstance(ctx.scenes.top, MainMenu)


def test_tab_and_enter_go_from_the_main_menu_to_a_started_game(ctx) -> None:  # type: ignore[no-untyped-def]
    from screens.menus.newgame import NewGameScene
    from screens.table.frame import GameScene

    ctx.scenes.push(MainMenu(ctx))
    frame(ctx, 0.016)
    menu = ctx.scenes.top
    assert ring(ctx) is None  # no ring before the keyboard is used
    tab_to(ctx, lambda item: menu.buttons.get(item) == "new")
    key(ctx, pygame.K_RETURN)
    frame(ctx, 0.016)
    page = ctx.scenes.top
    assert isinstance(page, NewGameScene)
    assert page.widgets.get(ring(ctx)) == ("game", "gambit")  # opened by keys: the ring shows
    # another game's tab, chosen by Tab and Enter: the page is laid out again, the ring stays
    tab_to(ctx, lambda item: page.widgets.get(item) == ("game", "catchess"))
    key(ctx, pygame.K_SPACE)
    assert page.game.info.id == "catchess"
    assert page.widgets.get(ring(ctx)) == ("game", "catchess")
    # the second seat's drop-down moved by the arrows: from the medium bot up to the easy one
    tab_to(ctx, lambda item: page.widgets.get(item) == ("kind", 1))
    assert page.kind_of(1) == 2
    key(ctx, pygame.K_UP)
    assert page.kind_of(1) == 1, page.kinds[:2]
    assert page.widgets.get(ring(ctx)) == ("kind", 1)  # the page was laid out again
    # a name typed into a field reached by Tab (Space types there, it presses nothing)
    tab_to(ctx, lambda item: page.widgets.get(item) == ("name", 0))
    for ch in " Z":
        frame(ctx, 0.016, events=[pygame.event.Event(pygame.TEXTINPUT, text=ch)])
    tab_to(ctx, lambda item: page.widgets.get(item) == ("start", None))
    key(ctx, pygame.K_RETURN)
    frame(ctx, 0.016)
    table = ctx.scenes.top
    assert isinstance(table, GameScene) and table.session.game_id == "catchess"
    assert table.session.seats[0].name.endswith(" Z") and table.session.seats[1].is_bot


def test_the_ring_and_the_cursor_are_drawn_in_the_focus_colour(ctx) -> None:  # type: ignore[no-untyped-def]
    session = Session.start("gambit", [Seat("Mia")], 3, {})
    scene = show(ctx, open_game(ctx, session))
    spot = scene.key_spots()[0]
    rect = scene.spot_rect(spot)

    def focus_pixels(area: pygame.Rect) -> int:
        window = ctx.window
        area = area.clip(window.get_rect())
        return sum(1 for x in range(area.x, area.right, 2) for y in range(area.y, area.bottom, 2)
                   if tuple(window.get_at((x, y)))[:3] == palette.FOCUS)

    around = rect.inflate(ctx.scale(40), ctx.scale(60))
    assert focus_pixels(around) == 0
    key(ctx, pygame.K_RIGHT)
    assert scene.key_now() == spot and focus_pixels(around) > 20
    key(ctx, pygame.K_TAB)  # the ring on a button; the board's cursor gives way
    item = ring(ctx)
    assert item is not None and focus_pixels(around) == 0
    assert focus_pixels(pygame.Rect(item.rect).inflate(ctx.scale(24), ctx.scale(24))) > 20
    key(ctx, pygame.K_LEFT)  # the arrows take the board back
    assert ring(ctx) is None and focus_pixels(around) > 20


def test_enter_clicks_the_deck_and_esc_puts_a_held_piece_back(ctx) -> None:  # type: ignore[no-untyped-def]
    session = Session.start("gambit", [Seat("Mia")], 3, {})
    scene = show(ctx, open_game(ctx, session))
    key(ctx, pygame.K_RIGHT)
    key(ctx, pygame.K_RETURN)  # the deck: a click on it draws
    assert len(session.log) == 1
    key(ctx, pygame.K_RIGHT)
    source = scene.key_now()
    key(ctx, pygame.K_RETURN)
    assert scene.drag is not None and scene.drag.source == source
    target = next(t for t in scene.drag.targets if t != source)
    cursor_to(ctx, scene, target)
    key(ctx, pygame.K_ESCAPE)  # put back, nothing played, no menu opened
    assert scene.drag is None and len(session.log) == 1 and ctx.scenes.top is scene
    key(ctx, pygame.K_ESCAPE)  # nothing held: Esc is the menu as before
    frame(ctx, 0.016)
    assert isinstance(ctx.scenes.top, MenuOverlay)
    tab_to(ctx, lambda item: getattr(item, "text", "") == "Back to the game")
    key(ctx, pygame.K_RETURN)
    frame(ctx, 0.016)
    assert ctx.scenes.top is scene


def test_a_refused_keyboard_drop_says_the_engines_reason(ctx, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from cats.core import IllegalAction

    session = Session.start("gambit", [Seat("Mia")], 3, {})
    scene = show(ctx, open_game(ctx, session))

    def refuse(action: Action) -> None:
        raise IllegalAction("Not now, says the engine.")

    monkeypatch.setattr(session, "play", refuse)
    key(ctx, pygame.K_RIGHT)
    key(ctx, pygame.K_RETURN)
    assert scene.flash_text == "Not now, says the engine." and not session.log


def test_keys_section_on_the_rules_page_in_both_languages() -> None:
    from screens.menus.main import rules_with_keys
    from screens.text import set_language

    try:
        for lang, heading in (("en", "## Keys"), ("zh-TW", "## 按鍵")):
            set_language(lang)
            page = rules_with_keys("gambit", lang)
            assert heading in page and "Tab" in page
    finally:
        set_language("en")


def test_a_long_rules_page_scrolls_by_keys(ctx) -> None:  # type: ignore[no-untyped-def]
    from screens.menus.main import RulesScene

    ctx.scenes.push(MainMenu(ctx))
    ctx.scenes.push(RulesScene(ctx, "catch22"))
    frame(ctx, 0.016)
    page = ctx.scenes.top
    box = tab_to(ctx, lambda item: item.__class__.__name__ == "UITextBox")
    start = box.scroll_bar.start_percentage
    key(ctx, pygame.K_PAGEDOWN)
    frame(ctx, 0.016)
    assert box.scroll_bar.start_percentage > start
    key(ctx, pygame.K_END)
    frame(ctx, 0.016)
    bar = box.scroll_bar
    assert bar.start_percentage + bar.visible_percentage > 0.99  # at the foot: the Keys
    assert page is ctx.scenes.top



@pytest.mark.parametrize("game_id", [g[0] for g in GAMES])
def test_a_tutorial_opened_and_played_by_keys(ctx, game_id: str) -> None:  # type: ignore[no-untyped-def]
    from screens.tutorial.scene import TutorialTable

    ctx.scenes.push(MainMenu(ctx))
    frame(ctx, 0.016)
    menu = ctx.scenes.top
    tab_to(ctx, lambda item: menu.buttons.get(item) == f"tutorial:{game_id}")
    key(ctx, pygame.K_RETURN)
    frame(ctx, 0.016)
    scene = ctx.scenes.top
    assert isinstance(scene, TutorialTable) and scene.session.game_id == game_id
    for index in range(len(scene.tutorial.steps)):
        frames_until(ctx, lambda: scene.lesson() == index and scene.my_turn()
                     and not scene.animator.busy, seconds=60)
        assert scene.lesson() == index
        done = len(scene.session.log)
        play_by_keys(ctx, scene, scene.expected())
        assert len(scene.session.log) > done, f"step {index + 1} was not made by keys"
    frames_until(ctx, lambda: scene.due() is None, seconds=60)
    assert "play_on" in scene.tutorial_buttons.values()


def test_a_catch22_ransom_is_priced_and_offered_by_tab(ctx) -> None:  # type: ignore[no-untyped-def]
    session = Session.start("catch22", [Seat("Mia"), Seat("Leo")], 1, {})
    rng = Rng(1)
    for _ in range(300):  # play on until Mia may offer Leo a cube back (seed 1: 70 moves in)
        legal = session.state.legal_actions()
        if session.to_move == 0 and any(a.kind == "offer" for a in legal):
            break
        plain = [a for a in legal if a.kind != "offer"] or legal
        session.play(plain[rng.below(len(plain))])
    offers = [a for a in session.state.legal_actions() if a.kind == "offer"]
    assert offers, "no ransom came up"
    top = max(offers, key=lambda a: a.price)  # type: ignore[attr-defined]
    scene = show(ctx, open_game(ctx, session))
    owner = top.owner  # type: ignore[attr-defined]
    tab_to(ctx, lambda item: isinstance(item, FocusTarget) and item.key == f"ransom:{owner}:plus")
    for _ in range(len(offers)):
        key(ctx, pygame.K_RETURN)  # a price step up each time (kept within the legal prices)
    before = len(session.log)
    tab_to(ctx, lambda item: isinstance(item, FocusTarget) and item.key == f"ransom:{owner}:offer")
    key(ctx, pygame.K_SPACE)
    assert len(session.log) == before + 1 and session.log[-1].action == top
    assert scene.session is session


def test_the_effects_volume_slider_moves_by_the_arrows(ctx) -> None:  # type: ignore[no-untyped-def]
    from screens.menus.settings import SettingsScene

    ctx.scenes.push(MainMenu(ctx))
    ctx.scenes.push(SettingsScene(ctx))
    frame(ctx, 0.016)
    page = ctx.scenes.top
    before = ctx.settings.effects_volume
    tab_to(ctx, lambda item: page.controls.get(item) == "effects_volume")
    key(ctx, pygame.K_LEFT)
    assert ctx.settings.effects_volume == pytest.approx(max(0.0, before - 0.05))
    key(ctx, pygame.K_RIGHT)
    key(ctx, pygame.K_RIGHT)
    assert ctx.settings.effects_volume == pytest.approx(min(1.0, max(0.0, before - 0.05) + 0.1))
    tab_to(ctx, lambda item: page.controls.get(item) == "done")
    key(ctx, pygame.K_RETURN)
    frame(ctx, 0.016)
    assert isinstance(ctx.scenes.top, MainMenu)


def test_a_save_is_chosen_and_loaded_by_keys(ctx) -> None:  # type: ignore[no-untyped-def]
    from screens.menus.loadgame import LoadScene
    from screens.table.frame import GameScene

    ctx.saves.save("evening", Session.start("gambit", [Seat("Mia")], 4, {}))
    ctx.saves.save("morning", Session.start("between", [Seat("Mia"), Seat("Leo", "bot", 1)], 5, {}))
    ctx.scenes.push(MainMenu(ctx))
    frame(ctx, 0.016)
    menu = ctx.scenes.top
    tab_to(ctx, lambda item: menu.buttons.get(item) == "load")
    key(ctx, pygame.K_RETURN)
    frame(ctx, 0.016)
    page = ctx.scenes.top
    assert isinstance(page, LoadScene)
    tab_to(ctx, lambda item: item is page.listing)
    key(ctx, pygame.K_DOWN)  # the first row
    first = page.selected()
    key(ctx, pygame.K_DOWN)  # the second
    second = page.selected()
    assert first is not None and second is not None and first.slot != second.slot
    key(ctx, pygame.K_UP)
    assert page.selected() == first
    key(ctx, pygame.K_RETURN)  # opens it, as a double click does
    frame(ctx, 0.016)
    table = ctx.scenes.top
    assert isinstance(table, GameScene) and table.session.game_id == first.game


def test_a_card_picked_before_predicting_is_refused_with_the_engines_reason(ctx) -> None:  # type: ignore[no-untyped-def]
    seats = [Seat("Mia"), Seat("Bot 2", "bot", 1), Seat("Bot 3", "bot", 1)]
    session = Session.start("box", seats, 11, {"first_player": 0})
    scene = show(ctx, open_game(ctx, session), confirm=False)
    aside = next(a for a in session.state.legal_actions() if a.kind == "aside")
    play_by_keys(ctx, scene, aside)
    frames_until(ctx, lambda: scene.my_turn() and session.state.view_for(0)["phase"] == "predict",
                 seconds=60)
    assert scene.my_turn(), session.state.view_for(0)["phase"]
    moves = len(session.log)
    key(ctx, pygame.K_RIGHT)
    spot = scene.key_now()
    assert spot is not None and spot[0] == "hand"  # any card may be taken up, as by the mouse
    key(ctx, pygame.K_RETURN)
    reason = session.state.why_not_pick(spot)
    assert reason and scene.flash_text == reason
    assert scene.drag is None and len(session.log) == moves


def test_tab_goes_on_from_a_field_the_mouse_clicked(ctx) -> None:  # type: ignore[no-untyped-def]
    from frames import click

    from screens.menus.newgame import NewGameScene

    ctx.scenes.push(MainMenu(ctx))
    ctx.scenes.push(NewGameScene(ctx, "gambit"))
    frame(ctx, 0.016)
    page = ctx.scenes.top
    seed = next(w for w, (kind, _) in page.widgets.items() if kind == "seed")
    click(ctx, seed.rect.center)
    assert ctx.ui.get_focus_set() and seed in ctx.ui.get_focus_set()
    key(ctx, pygame.K_TAB)
    assert page.widgets.get(ring(ctx)) == ("daily", None)  # the stop after the seed field
    assert seed not in (ctx.ui.get_focus_set() or set())  # it no longer takes the keys


def test_two_routes_to_one_square_are_chosen_by_tab_after_the_drop(ctx, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from cats.catch22.actions import Move

    session = Session.start("catch22", [Seat("Ann"), Seat("Bob")], 22, {"dice": [6, 1, 3]})
    for move in ("start south", "start north"):
        session.play(session.state.parse(move))
    scene = show(ctx, open_game(ctx, session), confirm=False)
    key(ctx, pygame.K_SPACE)  # Space rolls, as before
    real = session.state.moves()[0][0]
    # staged as in test_catch22_screen: the board itself never has two routes to one square
    via, avoid = Move(real.row, real.col, "star"), Move(real.row, real.col, "nostar")
    monkeypatch.setattr(session.state, "legal_actions", lambda: [via, avoid])
    played: list[Action] = []
    monkeypatch.setattr(scene, "play", lambda action: played.append(action) or True)
    pawn, square = session.state.drag_of(via)
    cursor_to(ctx, scene, pawn)
    key(ctx, pygame.K_RETURN)
    cursor_to(ctx, scene, square)
    key(ctx, pygame.K_RETURN)
    assert played == [] and scene.route_pick == (real.row, real.col)
    tab_to(ctx, lambda item: scene.choice_buttons.get(item) == avoid)
    key(ctx, pygame.K_RETURN)
    assert played == [avoid]


def test_up_and_down_walk_a_dialogs_column_of_buttons(ctx) -> None:  # type: ignore[no-untyped-def]
    session = Session.start("gambit", [Seat("Mia")], 3, {})
    scene = show(ctx, open_game(ctx, session))
    key(ctx, pygame.K_ESCAPE)
    frame(ctx, 0.016)
    menu = ctx.scenes.top
    assert isinstance(menu, MenuOverlay)
    labels = [b.text for b in menu._actions]
    assert ring(ctx).text == labels[0]  # opened by a key: the ring is on the first at once
    key(ctx, pygame.K_DOWN)
    assert ring(ctx).text == labels[1]
    key(ctx, pygame.K_UP)
    key(ctx, pygame.K_UP)
    assert ring(ctx).text == labels[-1]  # round the top to the foot
    key(ctx, pygame.K_DOWN)
    key(ctx, pygame.K_RETURN)
    frame(ctx, 0.016)
    assert ctx.scenes.top is scene  # "Back to the game"
