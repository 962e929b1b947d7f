"""Start-up, the frame loop and the command line (``--game``, ``--smoke``, ``--screenshot``)."""

from __future__ import annotations

import argparse
import logging
import logging.handlers
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Optional, Sequence

from cats import GAMES
from cats.rng import Rng, seed_from_text
from cats.session import Seat, Session
from saves import paths
from saves.profiles import ProfileBook
from saves.settings import load_settings
from saves.store import SaveStore

log = logging.getLogger("nine-lives")
WINDOW = (1280, 800)


def app_version() -> str:
    """The installed (or bundled) version; from pyproject.toml in a plain checkout."""
    from importlib import metadata

    try:
        return metadata.version("nine-lives")
    except metadata.PackageNotFoundError:
        import re
        from pathlib import Path

        try:
            text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text("utf-8")
            return re.search(r'(?m)^version\s*=\s*"([^"]+)"', text).group(1)  # type: ignore[union-attr]
        except (OSError, AttributeError):
            return "unknown"


def parse_args(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    """The command line."""
    p = argparse.ArgumentParser(prog="nine-lives", description="Nine Lives: five cat games.")
    p.add_argument("--game", choices=sorted(GAMES), help="start straight into a game")
    p.add_argument("--players", type=int, default=0, help="number of seats")
    p.add_argument("--seed", default="", help="seed (number or any text)")
    p.add_argument("--bots", type=int, default=0,
                   help="how many seats (from the last) are bots, level 2")
    p.add_argument("--option", action="append", default=[], metavar="NAME",
                   help="switch a game option on (e.g. --option umbra)")
    p.add_argument("--smoke", action="store_true",
                   help="open every game headless, play a few moves, exit 0 if all is well")
    p.add_argument("--screenshot", metavar="FILE", help="save a PNG of the menu or of a game")
    p.add_argument("--moves", type=int, default=0, help="random legal moves before --screenshot")
    p.add_argument("--size", default="", help="window size WxH for --screenshot")
    p.add_argument("--version", action="version", version=f"%(prog)s {app_version()}")
    p.add_argument("--scene", default="", choices=["", "new", "load", "settings", "rules",
                                                   "profiles", "menu", "end"],
                   help="with --screenshot: which screen to show over the menu or game")
    return p.parse_args(argv)


def setup_logging() -> None:
    """Log to a rotating file in the platform's log folder (and warnings to stderr)."""
    folder = paths.log_dir()
    handlers: list[logging.Handler] = [logging.StreamHandler()]
    handlers[0].setLevel(logging.WARNING)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handlers.append(logging.handlers.RotatingFileHandler(
            folder / "nine-lives.log", maxBytes=1_000_000, backupCount=2, encoding="utf-8"))
    except OSError:
        pass
    logging.basicConfig(level=logging.INFO, handlers=handlers,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s", force=True)


def build_context(size: tuple[int, int] = WINDOW, headless: bool = False):  # type: ignore[no-untyped-def]
    """Open the window and make the app context (UI manager, settings, saves, bots' thread)."""
    import pygame
    import pygame_gui

    from screens.assets import asset_path, clear_caches
    from screens.context import AppContext
    from screens.scene import SceneManager
    from screens.sound import Sounds
    from screens.text import set_language

    pygame.init()
    clear_caches()  # fonts made before an earlier pygame.quit() are dead
    settings, problem = load_settings()
    set_language(settings.language)
    flags = pygame.RESIZABLE
    if settings.fullscreen and not headless:
        flags |= pygame.FULLSCREEN
    window = pygame.display.set_mode(size, flags)
    pygame.display.set_caption("Nine Lives")
    try:
        pygame.display.set_icon(pygame.image.load(str(asset_path("art", "icon.png"))))
    except (pygame.error, FileNotFoundError):
        pass
    ui = pygame_gui.UIManager(size, str(asset_path("theme.json")),
                              enable_live_theme_updates=False)
    ui.preload_fonts([{"name": "noto_sans", "point_size": p, "style": st}
                      for p in (14, 15) for st in ("bold", "italic")]  # 17: the theme loads it
                     + [{"name": "noto_sans", "point_size": p, "style": "bold"}
                        for p in (18, 24)])  # the rules pages' headings
    ctx = AppContext(window=window, ui=ui, settings=settings, saves=SaveStore(),
                     profiles=ProfileBook().load(), sounds=Sounds(settings.volume),
                     scenes=SceneManager(), executor=ThreadPoolExecutor(1, "bot"),
                     headless=headless)
    ctx.settings_problem = problem
    if problem:
        ctx.notice = problem
    return ctx


def frame(ctx, dt: float) -> None:  # type: ignore[no-untyped-def]
    """One frame: events, update, draw. Errors are caught, logged and shown; play goes on."""
    import pygame

    from screens.overlays import MenuOverlay
    from screens.text import tr

    try:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                ctx.running = False
                continue
            if event.type == pygame.VIDEORESIZE:
                ctx.window = pygame.display.get_surface()
                ctx.ui.set_window_resolution(ctx.window.get_size())
                for scene in ctx.scenes.stack:
                    scene.resize()
                    if scene is not ctx.scenes.top:
                        scene.pause()
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                pygame.display.toggle_fullscreen()
                continue
            consumed = ctx.ui.process_events(event)
            top = ctx.scenes.top
            if not consumed and top is not None:
                top.handle_event(event)
        top = ctx.scenes.top
        if top is not None:
            top.update(dt)
        ctx.ui.update(dt)
        for scene in ctx.scenes.visible():
            scene.draw(ctx.window)
        ctx.ui.draw_ui(ctx.window)
        pygame.display.flip()
    except Exception as exc:  # noqa: BLE001 - the frame loop is the last line of defence
        log.exception("error during play")
        if ctx.headless:
            raise
        ctx.scenes.push(MenuOverlay(ctx, "Oops", [("OK", ctx.scenes.pop)],
                                    [tr("game.error", error=exc)]))
    ctx.scenes.apply()


def run(ctx) -> None:  # type: ignore[no-untyped-def]
    """The frame loop until the window closes."""
    while ctx.running:
        dt = ctx.clock.tick(60) / 1000.0
        frame(ctx, min(dt, 0.1))


def start_session(args: argparse.Namespace) -> Session:
    """A session from ``--game/--players/--seed/--bots/--option``."""
    game = GAMES[args.game]
    info = game.info
    players = args.players or (info.min_players if info.max_players == 1
                               else max(2, info.min_players))
    if players not in info.player_counts():
        counts = (f"{info.min_players} player" if info.max_players == 1
                  else f"{info.min_players}–{info.max_players} players")
        raise ValueError(f"{info.title} is for {counts}, not {players}")
    seed = seed_from_text(args.seed) if args.seed else int(time.time() * 1000) % (2**63)
    seats = [Seat(f"Player {i + 1}") for i in range(players)]
    for i in range(players - min(args.bots, players), players):
        seats[i] = Seat(f"Bot {i + 1}", "bot", 2)
    options = {name: True for name in args.option}
    return Session.start(args.game, seats, seed, options)


def play_random(session: Session, moves: int, seed: int) -> None:
    """Play ``moves`` random legal actions (screenshots and the smoke run)."""
    rng = Rng(seed)
    for _ in range(moves):
        if session.state.to_move is None:
            break
        actions = session.state.legal_actions()
        session.play(actions[rng.below(len(actions))])


def screenshot(args: argparse.Namespace) -> int:
    """Render the menu or a game (after ``--moves``) to a PNG file."""
    import pygame

    from screens.menus import MainMenu
    from screens.registry import open_game

    size = tuple(int(v) for v in args.size.split("x")) if args.size else WINDOW
    ctx = build_context(size, headless=True)  # type: ignore[arg-type]
    ctx.settings.animation_speed = 0
    ctx.headless_reveal = True
    ctx.scenes.push(MainMenu(ctx))
    if args.game:
        session = start_session(args)
        for i, seat in enumerate(session.seats):
            session.seats[i] = Seat(seat.name)  # everyone human: nothing moves by itself
        play_random(session, args.moves if args.scene != "end" else 10_000, session.seed)
        ctx.scenes.push(open_game(ctx, session))
    frame(ctx, 0.05)
    push_scene(ctx, args.scene, args.game or "gambit")
    for _ in range(4):
        frame(ctx, 0.05)
    pygame.image.save(ctx.window, args.screenshot)
    print(f"saved {args.screenshot}")
    return 0


def push_scene(ctx, name: str, game_id: str) -> None:  # type: ignore[no-untyped-def]
    """Open a named screen on top (for screenshots of every screen)."""
    from screens.loadgame import LoadScene
    from screens.menus import RulesScene
    from screens.newgame import NewGameScene
    from screens.profiles_screen import ProfilesScene
    from screens.settings_screen import SettingsScene

    top = ctx.scenes.top
    scenes = {"new": lambda: NewGameScene(ctx, game_id), "load": lambda: LoadScene(ctx),
              "settings": lambda: SettingsScene(ctx), "rules": lambda: RulesScene(ctx, game_id),
              "profiles": lambda: ProfilesScene(ctx)}
    if name in scenes:
        ctx.scenes.push(scenes[name]())
    elif name == "menu" and hasattr(top, "open_menu"):
        top.open_menu()


def smoke() -> int:
    """Open every game's screen from a seeded game, play moves through the scene, render."""
    import pygame

    from screens.menus import MainMenu
    from screens.registry import SCREENS, open_game

    ctx = build_context(WINDOW, headless=True)
    ctx.settings.animation_speed = 0
    ctx.settings.bot_pace = 0
    ctx.scenes.push(MainMenu(ctx))
    frame(ctx, 0.016)
    checked = []
    for game_id in SCREENS:
        info = GAMES[game_id].info
        seats = [Seat("Smoke")] + [Seat(f"Bot {i}", "bot", 1) for i in range(1, max(
            info.min_players, min(2, info.max_players)))]
        session = Session.start(game_id, seats, 20261130, {})
        scene = open_game(ctx, session)
        ctx.scenes.push(scene)
        rng = Rng(7)
        for _ in range(40):
            frame(ctx, 0.05)
            if scene.my_turn():
                actions = session.state.legal_actions()
                scene.play(actions[rng.below(len(actions))])
            if session.state.is_over():
                break
        frame(ctx, 0.05)
        surface = pygame.display.get_surface()
        if surface.get_at((surface.get_width() // 2, surface.get_height() // 2)) is None:
            raise RuntimeError(f"{game_id}: nothing drawn")
        ctx.scenes.pop()
        frame(ctx, 0.016)
        checked.append(f"{game_id}: {len(session.log)} moves")
    print("smoke ok — " + "; ".join(checked))
    ctx.executor.shutdown(wait=False)
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point of the ``nine-lives`` command and ``python main.py``."""
    args = parse_args(argv)
    if args.smoke or args.screenshot:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    setup_logging()
    log.info("Nine Lives %s starting; saves in %s", app_version(), paths.saves_dir())
    try:
        if args.smoke:
            return smoke()
        if args.screenshot:
            return screenshot(args)
        from screens.menus import MainMenu
        from screens.registry import SCREENS, open_game

        ctx = build_context()
        ctx.scenes.push(MainMenu(ctx))
        if args.game:
            if args.game not in SCREENS:
                ctx.notice = f"{GAMES[args.game].info.title} has no screen yet."
            else:
                session = start_session(args)
                ctx.saves.autosave(session)
                ctx.scenes.push(open_game(ctx, session))
        run(ctx)
        ctx.executor.shutdown(wait=False, cancel_futures=True)
        return 0
    except ValueError as exc:
        print(f"nine-lives: {exc}", file=sys.stderr)
        return 2
    except Exception:  # noqa: BLE001
        log.exception("fatal error")
        raise
