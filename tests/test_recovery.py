"""Errors stay in one dialog: an error while building, updating or drawing any screen is caught,
logged once, shown once, and the app goes back to a working screen. Names no font can draw (a
NUL, a lone surrogate, only zero-width characters) never reach a screen."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pygame
import pytest

from cats.session import Seat, Session
from frames import click, headless_context, over_menu
from screens.app import frame
from screens.menus.loadgame import LoadScene
from screens.menus.main import MainMenu
from screens.overlays import ErrorBox
from screens.menus.profiles import ProfilesScene
from screens.registry import open_game
from screens.scene import Scene


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1280, 800))


@pytest.fixture()
def live(ctx):  # type: ignore[no-untyped-def]
    """The context as a player's app runs it: errors are caught, not raised."""
    ctx.headless = False
    return ctx


class Broken(Scene):
    """A screen that fails where it is told to."""

    def __init__(self, ctx: Any, where: str) -> None:
        super().__init__(ctx)
        self.where = where

    def build_ui(self) -> None:
        if self.where == "build":
            raise ValueError("A null character was found in the text")

    def update(self, dt: float) -> None:
        if self.where == "update":
            raise RuntimeError("update failed")

    def draw(self, surface: pygame.Surface) -> None:
        if self.where == "draw":
            raise pygame.error("Text has zero width")


def errors_logged(caplog: pytest.LogCaptureFixture) -> int:
    return sum(1 for r in caplog.records if r.getMessage() == "error during play")


@pytest.mark.parametrize("where", ["build", "draw", "update"])
def test_an_error_every_frame_shows_one_dialog_over_a_working_screen(
        live: Any, where: str, caplog: pytest.LogCaptureFixture) -> None:
    live.scenes.push(MainMenu(live))
    live.scenes.push(Broken(live, where))
    with caplog.at_level(logging.ERROR, logger="nine-lives"):
        for _ in range(60):
            frame(live, 0.016)
    stack = live.scenes.stack
    assert sum(isinstance(s, ErrorBox) for s in stack) == 1, [type(s).__name__ for s in stack]
    assert isinstance(stack[-1], ErrorBox) and isinstance(stack[0], MainMenu)
    assert errors_logged(caplog) == 1, "logged once, not once a frame"
    click(live, next(iter(stack[-1]._actions)).rect.center)  # OK
    for _ in range(10):
        frame(live, 0.016)
    assert [type(s) for s in live.scenes.stack] == [MainMenu], "back on a working screen"
    assert errors_logged(caplog) == 1


def test_an_error_in_one_click_keeps_the_game_under_the_dialog(live: Any) -> None:
    session = Session.start("gambit", [Seat("Mia")], 3, {})
    scene = open_game(live, session)
    live.scenes.push(MainMenu(live))
    live.scenes.push(scene)
    frame(live, 0.016)

    def fail(event: Any) -> bool:
        raise KeyError("boom")

    scene.handle_event = fail  # type: ignore[method-assign]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a",
                                         scancode=0))
    for _ in range(10):
        frame(live, 0.016)
    assert [type(s).__name__ for s in live.scenes.stack] == ["MainMenu", "GambitScene", "ErrorBox"]


def test_the_dialog_says_autosaved_only_when_it_is_true(live: Any, nine_lives_home: Path) -> None:
    session = Session.start("gambit", [Seat("Mia")], 3, {})
    scene = open_game(live, session)
    live.scenes.push(MainMenu(live))
    live.scenes.push(scene)
    frame(live, 0.016)
    assert scene.play(session.state.legal_actions()[0])
    scene.draw = lambda surface: (_ for _ in ()).throw(RuntimeError("x"))  # type: ignore[method-assign]
    frame(live, 0.016)
    assert "was autosaved" in live.scenes.top.lines[0]
    live.scenes.rebuild([MainMenu(live)])
    # Saving stops working: the dialog says so instead.
    live.saves._folder = nine_lives_home / "not-a-folder"
    (nine_lives_home / "not-a-folder").write_text("x")
    scene = open_game(live, session)
    live.scenes.push(scene)
    frame(live, 0.016)
    scene.play(session.state.legal_actions()[0])
    frame(live, 0.016)
    assert live.scenes.top.title == "Games are not being saved"
    live.scenes.top.draw = lambda surface: (_ for _ in ()).throw(RuntimeError("y"))  # type: ignore[method-assign]
    frame(live, 0.016)
    text = " ".join(live.scenes.top.lines)
    assert "was autosaved" not in text and "not being saved" in text


def record_named(name: str) -> bytes:
    session = Session.start("gambit", [Seat("Mia")], 3, {})
    session.play(session.state.legal_actions()[0])
    record = dict(session.to_record(), app="nine-lives", saved_at=1_700_000_000.0)
    record["players"][0]["name"] = name
    return json.dumps(record, ensure_ascii=True).encode()  # \u0000 and \ud800 as JSON writes them


@pytest.mark.parametrize("name", ["Mia\x00", "Mia\ud800", "\u200b\u200b"],
                         ids=["nul", "surrogate", "zero-width"])
def test_the_load_screen_shows_and_loads_saves_with_names_no_font_can_draw(ctx: Any,
                                                                         name: str) -> None:
    ctx.saves.save("fine", Session.start("gambit", [Seat("Leo")], 4, {}))
    ctx.saves.folder.joinpath("odd.json").write_bytes(record_named(name))
    scene = over_menu(ctx, LoadScene(ctx))  # headless: any error fails the test
    for _ in range(5):
        frame(ctx, 0.016)
    assert any(line.startswith("odd — Cat's Gambit, Player 1") for line in scene.lines)
    row = next(i for i, line in zip(scene.listing.item_list, scene.lines)  # type: ignore[union-attr]
               if line.startswith("odd "))
    click(ctx, row["button_element"].rect.center)
    click(ctx, next(b for b, k in scene.actions.items() if k == "load").rect.center)
    frame(ctx, 0.016)
    game = ctx.scenes.top
    assert type(game).__name__ == "GambitScene" and game.session.seats[0].name == "Player 1"
    assert "odd.json" in game.flash_text
    assert ctx.saves.load("fine"), "the other saves still open"


@pytest.mark.parametrize("name", ["\u200b", "A\x00", "B\udc80"], ids=["zero-width", "nul", "surrogate"])
def test_the_players_page_draws_whatever_the_profiles_file_holds(ctx: Any,
                                                                 nine_lives_home: Path,
                                                                 name: str) -> None:
    path = nine_lives_home / "data" / "profiles.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"profiles": [{"name": name}, {"name": "Mia"}]}))
    ctx.profiles.load()
    over_menu(ctx, ProfilesScene(ctx))
    for _ in range(60):
        frame(ctx, 0.016)
    assert [p.name for p in ctx.profiles.profiles] == ["Mia"]
    assert "profiles.json" in ctx.profiles.problem


def test_typed_names_no_screen_can_show_are_refused_in_the_dialogs(ctx: Any) -> None:
    from screens.menus.newgame import NewGameScene

    dialog = over_menu(ctx, NewGameScene(ctx, "gambit"))
    dialog.names[0] = "\u200b\u200b"
    dialog.start()
    assert "Seat 1" in dialog.message and ctx.scenes.top is dialog
    dialog.seed_text = "²"
    dialog.names[0] = "Mia"
    dialog.start()
    frame(ctx, 0.016)
    assert type(ctx.scenes.top).__name__ == "GambitScene"
