"""Headless scene tests: real mouse events through the scene stack make (or refuse) actions."""

from __future__ import annotations

import pygame
import pytest
from frames import click, drag, frames_until, headless_context, show

from cats.session import Seat, Session
from screens.app import frame
from screens.gambit.screen import GambitScene
from screens.menus.main import MainMenu
from screens.menus.newgame import NewGameScene

DECK = ["R", "B", "N", "C", "B", "N", "R", "C", "C", "C"]
PAWNS = ["banish", "burrow", "call", "leap", "push"]


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1280, 800), instant_bots=False)


def open_gambit(ctx, **options):  # type: ignore[no-untyped-def]
    session = Session.start("gambit", [Seat("Mia")], 9, {"deck": DECK, "pawns": PAWNS, **options})
    scene = show(ctx, GambitScene(ctx, session), confirm=False)
    return session, scene


def test_click_on_deck_draws_and_drag_places_on_a_lit_cell(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_gambit(ctx)
    click(ctx, scene.spot_rect(("deck",)).center)
    assert [str(e.action) for e in session.log] == ["draw"]
    assert session.state.revealed == "R"
    targets = session.state.legal_targets(("revealed",))
    assert ("cell", 2, 0) in targets
    drag(ctx, scene.spot_rect(("revealed",)).center, scene.spot_rect(("cell", 2, 0)).center)
    assert str(session.log[-1].action) == "place 2,0"
    assert ctx.saves.load("resume").state == session.state, "autosaved after the action"


def test_drop_on_an_illegal_cell_slides_back_with_the_reason(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_gambit(ctx)
    click(ctx, scene.spot_rect(("deck",)).center)
    before = session.state.clone()
    # A Rook cannot reach (2, 1) diagonally from the Paw on the deck at (1, 0).
    drag(ctx, scene.spot_rect(("revealed",)).center, scene.spot_rect(("cell", 2, 1)).center)
    assert session.state == before and len(session.log) == 1
    assert "Rook cannot move there" in scene.flash_text


def test_highlights_while_dragging_come_from_the_engine(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_gambit(ctx)
    click(ctx, scene.spot_rect(("deck",)).center)
    start = scene.spot_rect(("revealed",)).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frame(ctx, 0.016)
    assert scene.drag is not None
    assert scene.drag.targets == session.state.legal_targets(("revealed",))


def test_pawn_drag_and_ability_decline_button(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_gambit(ctx)
    click(ctx, scene.spot_rect(("deck",)).center)
    drag(ctx, scene.spot_rect(("revealed",)).center, scene.spot_rect(("cell", 2, 0)).center)
    drag(ctx, scene.spot_rect(("pawn", "banish")).center, scene.spot_rect(("cell", 2, 1)).center)
    assert str(session.log[-1].action) == "pawn banish 2,1"
    assert session.state.phase == "ability"
    decline = next(b for b, a in scene.choice_buttons.items() if str(a) == "decline")
    click(ctx, decline.rect.center)
    assert str(session.log[-1].action) == "decline" and session.state.phase == "turn"


def test_undo_button_takes_back_a_placement_not_a_draw(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_gambit(ctx)
    click(ctx, scene.spot_rect(("deck",)).center)
    drag(ctx, scene.spot_rect(("revealed",)).center, scene.spot_rect(("cell", 2, 0)).center)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                         unicode="z", scancode=0))
    frame(ctx, 0.016)
    assert [str(e.action) for e in session.log] == ["draw"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                         unicode="z", scancode=0))
    frame(ctx, 0.016)
    assert [str(e.action) for e in session.log] == ["draw"], "the draw stays"
    assert "cannot be taken back" in scene.flash_text


def test_menu_new_game_dialog_starts_cats_gambit(ctx) -> None:  # type: ignore[no-untyped-def]
    ctx.scenes.push(MainMenu(ctx))
    frame(ctx, 0.016)
    menu = ctx.scenes.top
    new_button = next(b for b, k in menu.buttons.items() if k == "new")
    click(ctx, new_button.rect.center)
    dialog = ctx.scenes.top
    assert isinstance(dialog, NewGameScene)
    start = next(w for w, (k, _) in dialog.widgets.items() if k == "start")
    click(ctx, start.rect.center)
    assert isinstance(ctx.scenes.top, GambitScene)
    assert ctx.saves.exists("resume")


def test_checkmate_shows_end_panel_without_crash(ctx) -> None:  # type: ignore[no-untyped-def]
    # Two checks by different Cat-ken (free_check): the second is checkmate, the game is lost.
    session = Session.start("gambit", [Seat("Mia")], 9,
                            {"deck": list("CCRBNRNBCC"), "pawns": PAWNS, "free_check": True})
    scene = show(ctx, GambitScene(ctx, session), confirm=False)
    for move in ("draw", "place 2,0", "draw", "place 1,1"):
        session.play(session.state.parse(move))
    assert session.state.end == "checkmate"
    scene.refresh()
    for _ in range(3):
        frame(ctx, 0.05)
    assert scene.end_shown
    panel = ctx.scenes.top
    assert panel is not scene
    assert "lost" in " ".join([panel.title, *panel.lines]).lower()


def test_error_during_a_frame_is_caught_shown_and_the_game_kept(ctx, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_gambit(ctx)
    click(ctx, scene.spot_rect(("deck",)).center)
    ctx.headless = False  # behave like the real window: show, do not raise

    def broken(dt: float) -> None:
        raise RuntimeError("paint spilled")

    monkeypatch.setattr(scene, "update", broken)
    frame(ctx, 0.016)
    top = ctx.scenes.top
    assert top is not scene and "paint spilled" in " ".join(top.lines)
    assert ctx.saves.load("resume").state == session.state


def test_resize_lays_the_table_out_again(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_gambit(ctx)
    ctx.window = pygame.display.set_mode((900, 640), pygame.RESIZABLE)
    ctx.ui.set_window_resolution((900, 640))
    scene.resize()
    frame(ctx, 0.016)
    assert scene.board.right <= 900 and scene.spot_rect(("deck",)).bottom <= 640
    click(ctx, scene.spot_rect(("deck",)).center)
    assert [str(e.action) for e in session.log] == ["draw"]


def test_burrow_swap_by_dragging_the_second_card_onto_the_bottom(ctx) -> None:  # type: ignore[no-untyped-def]
    deck = ["R", "B", "N", "C", "B", "R", "C", "C", "C", "N"]
    session, scene = open_gambit(ctx, deck=deck)
    for text in ("draw", "place 2,0", "pawn burrow 2,1", "look"):
        assert scene.play(session.state.parse(text))
    frame(ctx, 0.016)
    assert scene.boardview.bottom_cards() == {0: "N", 1: "C"}
    click(ctx, scene.spot_rect(("bottom", 0)).center)   # the bottom card itself: a reason
    assert "Drag the other card" in scene.flash_text and len(session.log) == 4
    drag(ctx, scene.spot_rect(("bottom", 1)).center, scene.spot_rect(("bottom", 0)).center)
    assert str(session.log[-1].action) == "burrow swap"
    assert session.state.deck[-2:] == ["N", "C"]
    assert scene.boardview.bottom_cards() == {}, "the panel closes once the order is chosen"


def test_settings_that_cannot_be_saved_are_kept_for_the_session_and_said(ctx, monkeypatch, nine_lives_home) -> None:  # type: ignore[no-untyped-def]
    import screens.menus.settings as settings_screen

    def refuse(_settings):  # type: ignore[no-untyped-def]
        raise OSError("disk full")

    real_save = settings_screen.save_settings
    monkeypatch.setattr(settings_screen, "save_settings", refuse)
    ctx.scenes.push(MainMenu(ctx))
    scene = settings_screen.SettingsScene(ctx)
    ctx.scenes.push(scene)
    frame(ctx, 0.016)
    before = ctx.settings.colour_blind_marks
    marks = next(b for b, key in scene.controls.items() if key == "marks")
    click(ctx, marks.rect.center)
    assert ctx.settings.colour_blind_marks is not before, "the change holds for this session"
    assert ctx.settings_problem and "disk full" in ctx.settings_problem
    frame(ctx, 0.016)   # the page draws the message without failing
    # Only the refusal is taken back (undo() would also take back the test's own home folder).
    monkeypatch.setattr(settings_screen, "save_settings", real_save)
    click(ctx, next(b for b, key in scene.controls.items() if key == "marks").rect.center)
    assert ctx.settings_problem is None, "a later save that works clears the message"
    assert (nine_lives_home / "config" / "settings.json").is_file(), "saved in the test's folder"


@pytest.mark.parametrize("pawn", ["push", "peek"])
def test_pawn_played_by_push_or_peek_waits_in_the_tray_and_is_placed_by_drag(ctx, pawn) -> None:  # type: ignore[no-untyped-def]
    """Strategic Push / Tactical Peek are played first, then placed: the Pawn must stay in view
    (it used to vanish from the tray, leaving nothing to drag)."""
    session, scene = open_gambit(ctx, pawns=[pawn, "burrow", "call", "leap", "banish"])
    for text in ("draw", "place 2,0"):
        assert scene.play(session.state.parse(text))
    frame(ctx, 0.016)
    if pawn == "push":
        drag(ctx, scene.spot_rect(("cell", 2, 0)).center, scene.spot_rect(("cell", 2, -1)).center)
        assert str(session.log[-1].action) == "push 2,0 to 2,-1"
    else:
        drag(ctx, scene.spot_rect(("pawn", "peek")).center, scene.spot_rect(("deck",)).center)
        assert str(session.log[-1].action) == "peek"
    assert session.state.phase == "pawn"
    assert scene.boardview.tray_slots()[0][0] == ("pawn", pawn), "the Pawn to place is in the tray"
    target = next(a for a in session.state.legal_actions() if a.kind == "pawn")
    drag(ctx, scene.spot_rect(("pawn", pawn)).center,
         scene.spot_rect(("cell", target.x, target.y)).center)  # type: ignore[attr-defined]
    assert session.log[-1].action == target
    assert session.state.phase != "pawn"


def test_text_panels_keep_a_lines_indent_also_when_it_wraps(ctx) -> None:  # type: ignore[no-untyped-def]
    """The end panel's per-player details are indented under each name, as in its scrolling box."""
    from screens.assets import font
    from screens.overlays import wrap_indented

    f = font(17)
    indent, parts = wrap_indented("   Cubes: 0 in supply, 5 on the board", f, 120)
    assert indent == f.size("   ")[0] > 0
    assert len(parts) > 1 and parts[0].startswith("Cubes:")
    assert all(f.size(p)[0] <= 120 - indent for p in parts)
    assert wrap_indented("Gold: 9", f) == (0, ["Gold: 9"])


def test_hints_name_cells_from_the_deck_as_the_log_does(ctx) -> None:  # type: ignore[no-untyped-def]
    session, scene = open_gambit(ctx)
    assert scene.describe(session.state.parse("draw")) == "Draw"
    assert scene.play(session.state.parse("draw"))
    frame(ctx, 0.016)
    assert scene.describe(session.state.parse("place 2,0")) == "place the Rook 1 right from the deck"
    assert scene.play(session.state.parse("place 2,0"))
    frame(ctx, 0.016)
    assert scene.describe(session.state.parse("pawn banish 2,1")) == \
        "play Banishment Move 1 right, 1 down from the deck"


def test_save_prompt_suggests_a_usable_name_and_keeps_a_refused_one_open(ctx) -> None:  # type: ignore[no-untyped-def]
    from screens.overlays import TextPrompt

    session, scene = open_gambit(ctx)
    scene.menu.ask_save()
    frame(ctx, 0.016)
    prompt = ctx.scenes.top
    assert isinstance(prompt, TextPrompt)
    assert prompt.entry.get_text() == "Cats Gambit"  # the title without its apostrophe

    def answer(text: str) -> None:
        prompt.entry.set_text(text)
        click(ctx, prompt.ok.rect.center)

    answer("../escape")
    assert ctx.scenes.top is prompt and "not a usable save name" in prompt.message
    answer("Resume")
    assert ctx.scenes.top is prompt and "automatic save" in prompt.message
    answer("Cats Gambit")
    assert ctx.scenes.top is scene and ctx.saves.exists("Cats Gambit")

    session.play(session.state.parse("draw"))
    scene.menu.ask_save()
    frame(ctx, 0.016)
    prompt = ctx.scenes.top
    answer("Cats Gambit")  # the name is taken: asked first, then replaced on a second OK
    assert ctx.scenes.top is prompt and "press OK again" in prompt.message
    assert ctx.saves.load("Cats Gambit").log == []
    answer("Cats Gambit")
    assert ctx.scenes.top is scene
    assert [str(e.action) for e in ctx.saves.load("Cats Gambit").log] == ["draw"]
    scene.menu.ask_save()
    frame(ctx, 0.016)
    click(ctx, ctx.scenes.top.cancel.rect.center)
    assert ctx.scenes.top is scene


def test_replaying_or_dealing_anew_asks_while_a_game_is_under_way(ctx) -> None:  # type: ignore[no-untyped-def]
    from screens.overlays import MenuOverlay

    session, scene = open_gambit(ctx)
    assert scene.play(session.state.parse("draw"))

    def menu_choice(label: str) -> None:
        overlay = ctx.scenes.top
        assert isinstance(overlay, MenuOverlay), overlay
        button = next(b for b in overlay._actions if b.text == label)
        click(ctx, button.rect.center)
        frame(ctx, 0.016)

    scene.menu.open()
    frame(ctx, 0.016)
    menu_choice("Replay this deal")
    menu_choice("Keep playing")
    assert ctx.scenes.top is scene and len(session.log) == 1
    scene.menu.open()
    frame(ctx, 0.016)
    menu_choice("Replay this deal")
    menu_choice("Leave it")
    fresh = ctx.scenes.top
    assert isinstance(fresh, GambitScene) and fresh is not scene and fresh.session.log == []
    fresh.menu.open()  # nothing played yet: no question
    frame(ctx, 0.016)
    menu_choice("Replay this deal")
    assert isinstance(ctx.scenes.top, GambitScene) and ctx.scenes.top is not fresh


def test_a_finished_game_reopened_does_not_count_its_win_again(ctx) -> None:  # type: ignore[no-untyped-def]
    from cats.rng import Rng
    from screens.registry import open_game

    session = Session.start("catch22", [Seat("Mia"), Seat("Leo")], 5, {})
    rng = Rng(5)
    while not session.state.is_over():
        actions = session.state.legal_actions()
        session.play(actions[rng.below(len(actions))])
    record = session.to_record()
    last = record["actions"].pop()
    record["snapshot"] = None
    almost = Session.from_record(record)
    scene = show(ctx, open_game(ctx, almost))
    assert scene.play(almost.state.action_from_json(last))
    frames_until(ctx, lambda: scene.end_shown, seconds=30)
    tally = lambda: sum(sum(g.tally.values()) for g in ctx.profiles.groups)  # noqa: E731
    assert tally() == 1
    ctx.scenes.reset(MainMenu(ctx))
    again = show(ctx, open_game(ctx, Session.from_record(session.to_record())))
    frames_until(ctx, lambda: again.end_shown, seconds=30)
    assert tally() == 1, "Continue on a finished game counted its win a second time"


def test_engine_texts_name_seats_by_their_players_once(ctx) -> None:  # type: ignore[no-untyped-def]
    """An engine's text names seats as data, so seat 2 is its player's name even when someone at
    another seat is called "Player 2" (nothing is renamed after the sentence is made)."""
    from cats.box.words import W
    from cats.words import Player, said
    from screens.registry import open_game

    session = Session.start("box", [Seat("Player 1"), Seat("Kitten 2", "bot", 1), Seat("Player 2")],
                            3, {})
    scene = show(ctx, open_game(ctx, session))
    summary = said(W("wins", winners=(Player(1),), points=7))
    assert summary == "Player 2 wins with 7 points."  # the engine's own text, seat 2 of 3
    assert scene.names(summary) == "Kitten 2 wins with 7 points."
    assert scene.names(said(W("paradox", seat=Player(2)))) == "paradox by Player 2"


def test_save_it_first_saves_then_does_what_was_asked(ctx) -> None:  # type: ignore[no-untyped-def]
    from screens.overlays import MenuOverlay, TextPrompt

    session, scene = open_gambit(ctx)
    assert scene.play(session.state.parse("draw"))
    ctx.saves.save("Evening", session)
    scene.menu.confirm_leaving(scene.menu.restart_same)
    frame(ctx, 0.016)
    overlay = ctx.scenes.top
    assert isinstance(overlay, MenuOverlay)
    click(ctx, next(b for b in overlay._actions if b.text == "Save it first").rect.center)
    frame(ctx, 0.016)
    prompt = ctx.scenes.top
    assert isinstance(prompt, TextPrompt)
    for _ in range(2):  # "evening" is the save "Evening": asked once, then replaced
        prompt.entry.set_text("evening")
        click(ctx, prompt.ok.rect.center)
        frame(ctx, 0.016)
    assert [i.slot for i in ctx.saves.list() if i.slot != "resume"] == ["Evening"]
    assert [str(e.action) for e in ctx.saves.load("Evening").log] == ["draw"]
    fresh = ctx.scenes.top
    assert isinstance(fresh, GambitScene) and fresh is not scene and fresh.session.log == []


def test_the_result_can_be_shown_again_from_the_menu_and_counts_once(ctx) -> None:  # type: ignore[no-untyped-def]
    from screens.overlays import MenuOverlay

    session, scene = open_gambit(ctx, free_check=True, deck=list("CCRBNRNBCC"))
    for move in ("draw", "place 2,0", "draw", "place 1,1"):
        session.play(session.state.parse(move))
    scene.refresh()
    frames_until(ctx, lambda: scene.end_shown, seconds=30)
    panel = ctx.scenes.top
    assert isinstance(panel, MenuOverlay)
    click(ctx, next(b for b in panel._actions if b.text == "Look at the board").rect.center)
    assert ctx.scenes.top is scene
    scene.menu.open()
    frame(ctx, 0.016)
    menu = ctx.scenes.top
    click(ctx, next(b for b in menu._actions if b.text == "Show the result").rect.center)
    frame(ctx, 0.016)
    again = ctx.scenes.top
    assert isinstance(again, MenuOverlay) and again.lines == panel.lines


def test_hints_in_one_game_share_one_solver_whose_table_carries_over(ctx) -> None:  # type: ignore[no-untyped-def]
    # The level-3 hint widens its exact search with the table of the game's earlier hints
    # (cats/gambit/solver.py, carry_table): a solver made afresh per hint would start empty.
    session, scene = open_gambit(ctx)

    def play_until_a_choice() -> None:
        while len(session.state.legal_actions()) == 1:
            assert scene.play(session.state.legal_actions()[0])
            frame(ctx, 0.016)

    while len(session.state.deck) > 7:  # the widening starts at 7 cards left
        assert scene.play(session.state.legal_actions()[0])
        frame(ctx, 0.016)
    play_until_a_choice()
    scene.show_hint()
    frames_until(ctx, lambda: scene.hint_future is None)
    first = scene.solver
    assert first is not None and first.carried_positions() > 0, "the hint left no table to carry"
    assert scene.flash_text.startswith("Hint: ")
    assert scene.play(session.state.legal_actions()[0])
    frame(ctx, 0.016)
    play_until_a_choice()
    scene.show_hint()
    frames_until(ctx, lambda: scene.hint_future is None)
    assert scene.solver is first


def test_the_known_deck_cards_are_captioned_whole_in_a_small_window(ctx) -> None:  # type: ignore[no-untyped-def]
    """"second from bottom" under a seen card fits in its two lines (it lost "bottom")."""
    import screens.gambit.board as gambit_board
    from screens.app import play_random

    size = (1280, 688)
    ctx.window = pygame.display.set_mode(size, pygame.RESIZABLE)
    ctx.ui.set_window_resolution(size)
    session = Session.start("gambit", [Seat("Mia")], 2, {})
    play_random(session, 10, 2)  # a Burrow: the bottom two cards are known
    scene = show(ctx, GambitScene(ctx, session), confirm=False)
    board = scene.boardview
    known = sorted(board.view["deck_known"], key=lambda k: k["from_top"])
    assert [gambit_board.place_in_deck(k) for k in known] == ["second from bottom", "bottom"]
    drawn: list[str] = []
    real_font = gambit_board.font

    class Recording:
        def __init__(self, size: int, bold: bool = False) -> None:
            self.f = real_font(size, bold)

        def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
            return getattr(self.f, name)

        def render(self, text, *args):  # type: ignore[no-untyped-def]
            drawn.append(text)
            return self.f.render(text, *args)

    gambit_board.font = Recording  # type: ignore[assignment]
    try:
        board.draw_known(pygame.Surface(size), known, scene.side.inflate(-20, -20), 300)
    finally:
        gambit_board.font = real_font
    assert "second from bottom" in " ".join(drawn), drawn  # (the cards' own titles drawn too)
