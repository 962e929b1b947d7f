"""Sound: every cue the screens name has its file, the loops follow the screens, the two volumes
and the mute key apply, no mixer means silence (said once in Settings) and never an error, and
the generator makes the same bytes twice."""

from __future__ import annotations

import ast
import importlib.util
import wave
from pathlib import Path
from typing import Any, Iterator

import pygame
import pygame_gui
import pytest
from frames import frames_until, headless_context, show

from cats import GAMES
from cats.session import Seat, Session
from saves.settings import Settings, load_settings
from screens.app import frame
from screens.assets import asset_path
from screens.sound import CUES, MUSIC, Sounds, cue_path, music_path
from screens.text import tr

ROOT = Path(__file__).resolve().parent.parent


class FakeCue:
    """Stands for a loaded cue: remembers its volume and how often it was played."""

    def __init__(self) -> None:
        self.volume = 1.0
        self.plays = 0

    def set_volume(self, value: float) -> None:
        self.volume = value

    def play(self) -> None:
        self.plays += 1


@pytest.fixture()
def ctx() -> Iterator[Any]:
    yield from headless_context((1100, 760))


@pytest.fixture()
def no_mixer(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """pygame.mixer cannot start (no sound device)."""
    def no_audio(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "init", no_audio)
    yield


# -- the files ----------------------------------------------------------------------------------

def named_cues() -> set[str]:
    """Every cue name the screens' code gives: to ``sounds.play`` and a table's ``cue``, the
    returns of ``move_cue`` and ``round_cue``, and Catch 22's table of stage cues."""
    found: set[str] = set()

    def strings(node: ast.AST) -> set[str]:  # the values an expression can take
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {node.value}
        if isinstance(node, ast.IfExp):
            return strings(node.body) | strings(node.orelse)
        return set()

    for path in (ROOT / "screens").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args:
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                owner = getattr(func, "value", None)
                if name == "cue" or (name == "play" and isinstance(owner, ast.Attribute)
                                     and owner.attr == "sounds"):
                    found |= strings(node.args[0])
            elif isinstance(node, ast.FunctionDef) and node.name in ("move_cue", "round_cue"):
                for ret in ast.walk(node):
                    if isinstance(ret, ast.Return) and ret.value is not None:
                        found |= strings(ret.value)
            elif (isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict)
                  and any(getattr(t, "id", "") == "cues" for t in node.targets)):
                found |= {v.value for v in node.value.values if isinstance(v, ast.Constant)}
    return found


def test_every_cue_the_screens_name_has_its_file_and_every_file_is_used() -> None:
    named = named_cues()
    assert named <= set(CUES), f"cues without a file: {named - set(CUES)}"
    assert named == set(CUES), f"cues no screen plays: {set(CUES) - named}"
    for name in CUES:
        with wave.open(str(cue_path(name))) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
            assert 0.03 < w.getnframes() / 22050 < 3.0, name


def test_every_game_and_the_menus_have_a_loop_and_the_sounds_are_small() -> None:
    assert set(MUSIC) == set(GAMES) | {"menu"}
    for name in MUSIC:
        path = music_path(name)
        assert path is not None and path.suffix == ".ogg", name
    folder = asset_path("sounds")
    total = sum(p.stat().st_size for p in folder.iterdir())
    assert total < 3_000_000, f"assets/sounds is {total:,} bytes"
    assert "MIT" in (folder / "LICENSE.md").read_text(encoding="utf-8")
    made = {p.stem for p in folder.iterdir() if p.suffix in (".wav", ".ogg")}
    assert made == set(CUES) | {f"music_{m}" for m in MUSIC}, "no stray sound files"


@pytest.mark.parametrize("frequency,channels", [(44100, 2), (22050, 1), (48000, 2)])
def test_a_cue_keeps_its_length_whatever_the_mixer_opened_with(
        monkeypatch: pytest.MonkeyPatch, frequency: int, channels: int) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame.mixer.quit()
    try:
        pygame.mixer.init(frequency=frequency, size=-16, channels=channels)
    except pygame.error:
        pytest.skip("no dummy audio driver here")
    try:
        sounds = Sounds(0.5, 0.5)  # its own init asks for 22050 Hz mono: the open mixer is kept
        assert sounds.ok
        cue = sounds.cue("trick")
        assert cue is not None
        with wave.open(str(cue_path("trick"))) as w:
            assert cue.get_length() == pytest.approx(w.getnframes() / 22050, abs=0.005)
    finally:
        pygame.mixer.quit()


# -- volumes, delays, mute ----------------------------------------------------------------------

def test_the_two_volumes_apply_to_cues_and_music(ctx: Any) -> None:
    sounds = ctx.sounds
    if not sounds.ok:
        pytest.skip("no dummy audio driver here")
    fake = sounds._cache["drop"] = FakeCue()
    sounds.set_volumes(0.3, 0.6)
    sounds.play("drop")
    assert (fake.plays, fake.volume) == (1, pytest.approx(0.3))
    sounds.start_music("menu")
    assert pygame.mixer.music.get_volume() == pytest.approx(0.6, abs=0.01)
    sounds.set_volumes(0.0, 0.25)
    sounds.play("drop")
    assert fake.plays == 1, "effects at 0: silent"
    assert pygame.mixer.music.get_volume() == pytest.approx(0.25, abs=0.01)


def test_the_settings_sliders_set_and_save_the_volumes(ctx: Any) -> None:
    from screens.menus.settings import SettingsScene

    page = SettingsScene(ctx)
    ctx.scenes.push(page)
    frame(ctx, 0.016)
    sliders = {name: el for el, name in page.controls.items()
               if name in ("music_volume", "effects_volume")}
    assert set(sliders) == {"music_volume", "effects_volume"}
    for name, value in (("music_volume", 20), ("effects_volume", 90)):
        page.handle_event(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
                                             ui_element=sliders[name], value=value))
    assert (ctx.sounds.music_volume, ctx.sounds.effects_volume) == (0.2, 0.9)
    saved, problem = load_settings()
    assert problem == "" and (saved.music_volume, saved.effects_volume) == (0.2, 0.9)


def test_an_old_settings_file_with_one_volume_gives_both(nine_lives_home: Path) -> None:
    old = Settings()
    old.apply({"volume": 0.3})
    assert (old.effects_volume, old.music_volume) == (0.3, 0.3)
    loud = Settings()
    loud.apply({"volume": 0.9})
    assert (loud.effects_volume, loud.music_volume) == (0.9, Settings().music_volume)
    newer = Settings()
    newer.apply({"volume": 0.9, "music_volume": 0.1, "effects_volume": 0.2})
    assert (newer.effects_volume, newer.music_volume) == (0.2, 0.1), "the new keys win"
    path = nine_lives_home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"volume": "loud"}')
    settings, problem = load_settings()
    assert "volume" in problem and settings.effects_volume == Settings().effects_volume


def test_a_delayed_cue_sounds_when_its_time_comes() -> None:
    sounds = Sounds(0.5, 0.5)
    sounds.ok = True
    fake = sounds._cache["gold"] = FakeCue()
    sounds.play("gold", delay=0.5)
    sounds.update(0.3)
    assert fake.plays == 0
    sounds.update(0.3)
    assert fake.plays == 1 and not sounds.pending
    sounds.play("no such cue")  # logged, nothing else
    assert not sounds.pending


def test_m_mutes_everything_and_says_so_then_turns_it_back_on(ctx: Any) -> None:
    from screens.menus.main import MainMenu

    ctx.scenes.push(MainMenu(ctx))
    frame(ctx, 0.016)
    fake = ctx.sounds._cache["drop"] = FakeCue()
    ctx.sounds.ok = True

    def press_m() -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0,
                                             unicode="m", scancode=0))
        frame(ctx, 0.016)

    press_m()
    assert ctx.sounds.muted and ctx.sounds.note == tr("sound.muted")
    assert ctx.sounds.note_time > 0, "the note shows"
    ctx.sounds.play("drop")
    assert fake.plays == 0
    assert pygame.mixer.music.get_volume() == pytest.approx(0.0)
    press_m()
    assert not ctx.sounds.muted and ctx.sounds.note == tr("sound.unmuted")
    ctx.sounds.play("drop")
    assert fake.plays == 1
    assert pygame.mixer.music.get_volume() == pytest.approx(ctx.sounds.music_volume, abs=0.01)
    for _ in range(200):  # the note goes away
        frame(ctx, 0.05)
    assert ctx.sounds.note_time == 0


def test_an_m_typed_into_a_name_is_a_letter_not_the_mute_key(ctx: Any) -> None:
    from screens.menus.main import MainMenu

    ctx.scenes.push(MainMenu(ctx))
    frame(ctx, 0.016)
    entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(10, 10, 200, 30), ctx.ui)
    entry.focus()
    ctx.ui.set_focus_set(entry)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m",
                                         scancode=0))
    frame(ctx, 0.016)
    assert not ctx.sounds.muted
    entry.kill()


# -- the music follows the screens --------------------------------------------------------------

def test_the_menu_loop_gives_way_to_the_games_and_a_page_over_a_game_keeps_it(ctx: Any) -> None:
    from screens.menus.settings import SettingsScene
    from screens.registry import open_game

    if not ctx.sounds.ok:
        pytest.skip("no dummy audio driver here")
    session = Session.start("box", [Seat(f"Bot {i}", "bot", 1) for i in range(3)], 2, {})
    ctx.settings.bot_pace = 99  # the bots wait: the table stays as it is
    from screens.menus.main import MainMenu

    ctx.scenes.push(MainMenu(ctx))
    for _ in range(12):  # the first loop starts a moment after the first frame
        frame(ctx, 0.05)
    assert ctx.sounds.playing == "menu" and pygame.mixer.music.get_busy()
    ctx.scenes.push(open_game(ctx, session))
    for _ in range(30):  # the menu's loop fades out, the game's fades in
        frame(ctx, 0.05)
    assert ctx.sounds.wanted == ctx.sounds.playing == "box"
    ctx.scenes.push(SettingsScene(ctx))
    for _ in range(30):
        frame(ctx, 0.05)
    assert ctx.sounds.playing == "box"


# -- no sound device ----------------------------------------------------------------------------

def test_without_a_mixer_the_menu_and_games_play_on_and_settings_say_so_once(
        no_mixer: None) -> None:
    from screens.menus.main import MainMenu
    from screens.menus.settings import SettingsScene
    from screens.registry import open_game

    for ctx in headless_context((1100, 760)):
        assert not ctx.sounds.ok and ctx.sounds.problem
        ctx.scenes.push(MainMenu(ctx))
        frame(ctx, 0.016)
        played: list[str] = []
        real_play = ctx.sounds.play

        def record(name: str, delay: float = 0.0) -> None:
            played.append(name)
            real_play(name, delay)

        ctx.sounds.play = record  # type: ignore[method-assign]
        solo = Session.start("gambit", [Seat("Mia")], 4, {})
        table = open_game(ctx, solo)
        ctx.scenes.push(table)
        frame(ctx, 0.016)
        for _ in range(4):
            if solo.state.is_over():
                break
            assert table.play(solo.state.legal_actions()[0])
            frame(ctx, 0.016)
        bots = Session.start("catch22", [Seat(f"Bot {i}", "bot", 1) for i in range(2)], 3, {})
        ctx.scenes.reset(MainMenu(ctx))
        scene = show(ctx, open_game(ctx, bots), run_frame=False)
        frames_until(ctx, lambda: len(bots.log) >= 12 or bots.state.is_over())
        assert len(bots.log) >= 12 or bots.state.is_over()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0,
                                             unicode="m", scancode=0))
        frame(ctx, 0.016)
        assert ctx.sounds.muted, "the key still works (there is just nothing to hear)"
        assert played and set(played) <= set(CUES)
        assert {"slide", "drop"} <= set(played)
        page = SettingsScene(ctx)
        ctx.scenes.push(page)
        frame(ctx, 0.016)
        assert page.sound_notice() == tr("settings.no_sound")
        assert scene is not None


def test_the_no_sound_line_is_translated() -> None:
    from screens.text import set_language

    set_language("zh-TW")
    try:
        assert tr("settings.no_sound") != "No sound device was found: the game plays on " \
                                          "without sound."
        assert tr("sound.muted").count("M") == 1
    finally:
        set_language("en")


def test_bot_games_of_every_game_play_only_known_cues_and_end_with_one(ctx: Any) -> None:
    from screens.registry import open_game

    played: list[str] = []
    real_play = ctx.sounds.play

    def record(name: str, delay: float = 0.0) -> None:
        played.append(name)
        real_play(name, delay)

    ctx.sounds.play = record
    for game_id, players in (("box", 3), ("between", 3), ("catchess", 2), ("catch22", 2)):
        from screens.menus.main import MainMenu

        ctx.scenes.reset(MainMenu(ctx))
        session = Session.start(game_id, [Seat(f"Bot {i}", "bot", 1) for i in range(players)],
                                7, {})
        scene = show(ctx, open_game(ctx, session), run_frame=False)
        frames_until(ctx, lambda: scene.end_shown, seconds=180)
        assert scene.end_shown, game_id
        assert played[-1] == "end" or "end" in played[-3:], "nobody here won: the quiet end"
    assert set(played) <= set(CUES)
    assert {"slide", "drop", "trick", "round", "dice", "end"} <= set(played)


# -- the generator ------------------------------------------------------------------------------

def generator() -> Any:
    spec = importlib.util.spec_from_file_location("make_sounds",
                                                  ROOT / "packaging" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generator_makes_the_same_bytes_twice(tmp_path: Path) -> None:
    make = generator()
    assert set(make.CUES) == set(CUES) and {s.name for s in make.STYLES} == set(MUSIC)
    names = ["dice", "win", "paradox", "music_catch22"]
    first = make.make(tmp_path / "a", names, quiet=True)
    second = make.make(tmp_path / "b", names, quiet=True)
    assert first == second and len(first) == len(names)
    for name in first:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    if make.vorbis_codec() is not None and pygame.mixer.get_init():
        loop = pygame.mixer.Sound(str(tmp_path / "a" / "music_catch22.ogg"))
        style = next(s for s in make.STYLES if s.name == "catch22")
        bar = make.samples(30.0 / style.bpm * 8)  # the exact length: the loop joins its start
        assert loop.get_length() == pytest.approx(bar * len(style.chords) / 22050, abs=0.002)


def test_a_delayed_cue_and_the_mute_note_wake_a_screen_at_rest(ctx: Any) -> None:
    from screens import pace
    from screens.menus.main import MainMenu

    ctx.scenes.push(MainMenu(ctx))
    frame(ctx, 0.016)
    assert pace.wants_frame_in(ctx, since_input=60.0) == pace.HEARTBEAT
    ctx.sounds.play("gold", delay=0.3)
    assert pace.wants_frame_in(ctx, since_input=60.0) == pytest.approx(0.3)
    frame(ctx, 0.1, [], slept=0.3)  # the time slept counts
    assert not ctx.sounds.pending
    ctx.sounds.toggle_mute("muted")
    frame(ctx, 0.1, [], slept=2.0)
    assert pace.wants_frame_in(ctx, since_input=60.0) == pytest.approx(0.4)
    frame(ctx, 0.1, [], slept=0.3)
    assert pace.wants_frame_in(ctx, since_input=60.0) == pace.HEARTBEAT
