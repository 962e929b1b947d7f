"""Start-up, the frame loop and the command line (``--game``, ``--smoke``, ``--screenshot``)."""

from __future__ import annotations

import logging
import os
import time
from typing import TYPE_CHECKING, Optional, Sequence

from cats import GAMES
from cats.rng import Rng
from saves import paths
from saves.jsonfile import tidy
from saves.lock import FolderLock, LockHeld
from saves.profiles import ProfileBook
from saves.settings import load_settings
from saves.store import SaveStore, not_saving
from saves.values import printable, seed_of
from screens import cli
from screens.cli import WINDOW, Args, UsageError

if TYPE_CHECKING:
    from pathlib import Path

    from cats.session import Session

    import pygame

    from screens.pace import Pace
    from screens.scene import Scene

log = logging.getLogger("nine-lives")


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


def parse_args(argv: Optional[Sequence[str]]) -> Args:
    """The command line (checked: see :mod:`screens.cliparser`). A plain start (no arguments)
    is answered without argparse, which takes milliseconds to load: the parser's defaults
    (:func:`screens.cli.plain_start`; a test compares them)."""
    import sys

    if not (sys.argv[1:] if argv is None else list(argv)):
        return cli.plain_start()
    from screens.cliparser import parse_args as parse

    return parse(argv, app_version)


def setup_logging(to_file: bool = True) -> None:
    """Log to a rotating file in the platform's log folder (and warnings to stderr); only to
    stderr when ``to_file`` is false (read-only: the log folder can be inside the data folder)."""
    folder = paths.log_dir()
    handlers: list[logging.Handler] = [logging.StreamHandler()]
    handlers[0].setLevel(logging.WARNING)
    try:
        if not to_file:
            raise OSError("read-only")
        folder.mkdir(parents=True, exist_ok=True)
        rotate(folder / "nine-lives.log")
        handlers.append(logging.FileHandler(folder / "nine-lives.log", encoding="utf-8"))
    except OSError:
        pass
    logging.basicConfig(level=logging.INFO, handlers=handlers,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s", force=True)


def rotate(path: "Path", limit: int = 1_000_000, keep: int = 2) -> None:
    """Start a new log when the last one has grown past ``limit`` bytes, keeping ``keep`` old
    ones (``.1`` the newest); done at start, which spares importing ``logging.handlers``."""
    try:
        if path.stat().st_size < limit:
            return
    except FileNotFoundError:
        return
    for i in range(keep - 1, 0, -1):
        older = path.with_name(f"{path.name}.{i}")
        if older.exists():
            older.replace(path.with_name(f"{path.name}.{i + 1}"))
    path.replace(path.with_name(f"{path.name}.1"))


def build_context(size: Optional[tuple[int, int]] = None, headless: bool = False,  # type: ignore[no-untyped-def]
                  read_only: bool = False, lang: Optional[str] = None):
    """Open the window and make the app context (UI manager, settings, saves, bots' thread).

    ``read_only``: nothing is written to the data or settings folders (another copy owns them).
    Otherwise left-over temporary files are tidied and a test file says whether saving works.
    ``lang`` (``--lang``): the interface's language for this run instead of the saved one."""
    import pygame
    import pygame_gui

    from screens import artcache, uicache
    from screens import palette
    from screens.assets import asset_path, clear_caches, follow, use_language
    from screens.context import AppContext
    from screens.navigation import AppNavigation
    from screens.scene import SceneManager
    from screens.sound import Sounds
    from screens.text import set_language
    from screens.window import WindowPlace, default_size, desktop
    from screens.worker import Worker

    pygame.init()
    clear_caches()  # fonts made before an earlier pygame.quit() are dead
    settings, problem = load_settings()
    if lang:
        settings.language = lang
    set_language(settings.language)
    flags = pygame.RESIZABLE
    if size is None:
        size = WINDOW if headless else default_size(desktop())
    place = WindowPlace()
    if settings.fullscreen and not headless:
        flags |= pygame.FULLSCREEN
    window = pygame.display.set_mode(size, flags)
    if not headless:
        place.hold_minimum()
        if settings.fullscreen:
            place.started_fullscreen(size)
    pygame.display.set_caption("Nine Lives")
    try:
        pygame.display.set_icon(artcache.packaged(asset_path("art", "icon.png")))
    except (pygame.error, OSError):
        pass
    # The theme comes with the language's fonts (use_language): loading assets/theme.json here
    # as well would read and build the whole theme once more before the first frame.
    ui = pygame_gui.UIManager(size, None, enable_live_theme_updates=False)
    palette.use(settings.high_contrast)
    follow(settings)  # the text's size
    use_language(ui, settings.language)
    uicache.restore(ui)  # the buttons' shapes drawn in earlier runs
    ctx = AppContext(window=window, ui=ui, settings=settings,
                     saves=SaveStore(read_only=read_only), profiles=ProfileBook().load(),
                     sounds=Sounds(settings.volume), scenes=SceneManager(),
                     executor=Worker("bot"), nav=AppNavigation(), headless=headless,
                     read_only=read_only, place=place)
    ctx.profiles.read_only = read_only
    ctx.settings_problem = problem
    if problem:
        ctx.notice = problem
    if not read_only:
        for folder in (paths.data_dir(), paths.config_dir()):
            tidy(folder)
        for name in ctx.saves.tidy():
            log.info("removed the left-over temporary file %s", name)
        if ctx.saves.check_writable():
            log.warning("saving is off: %s", ctx.saves.saving_problem)
    return ctx


def open_menu(ctx, lock_problem: str = "", session: Optional[Session] = None) -> None:  # type: ignore[no-untyped-def]
    """The main menu (and ``session``'s game over it), with what must be said at start on top:
    another copy owns the folder, or games cannot be saved (each said once, in a dialog)."""
    from screens.menus.main import MainMenu
    from screens.overlays import keep_game, lock_dialog, saving_notice
    from screens.registry import open_game

    ctx.scenes.push(MainMenu(ctx))
    if session is not None:
        ctx.scenes.push(open_game(ctx, session))
        if not ctx.saves.saving_problem:
            keep_game(ctx, session)  # says so if this first save fails
    if lock_problem:
        ctx.scenes.push(lock_dialog(ctx, lock_problem))
    elif ctx.saves.saving_problem:
        ctx.scenes.push(saving_notice(ctx, ctx.saves.saving_problem))
    ctx.scenes.apply()  # entered now: the first frame draws them (not an empty window)


def frame(ctx, dt: float, events: "Optional[list[pygame.event.Event]]" = None,  # type: ignore[no-untyped-def]
          slept: float = 0.0) -> None:
    """One frame: events (``events``, or those queued), update, draw, then the scene changes
    asked for. ``slept``: seconds the loop slept beyond ``dt`` (nothing was moving then): the
    top scene's timers catch up first. An error anywhere in it is logged once and shown in one
    dialog, and the app goes back to a working screen."""
    changing = False
    try:
        if slept > 0 and ctx.scenes.top is not None:
            ctx.scenes.top.update(slept)  # a message's seconds, a bot's pause: no tween runs
        _frame(ctx, dt, events)
        changing = True
        ctx.scenes.apply()
    except Exception as exc:  # noqa: BLE001 - the frame loop is the last line of defence
        if ctx.headless:
            raise
        recover(ctx, exc, building=changing)
    else:
        ctx.error_streak = 0
    from screens import uicache

    uicache.write_index()  # the shapes this frame's new buttons added, in one write


def _frame(ctx, dt: float, events: "Optional[list[pygame.event.Event]]") -> None:  # type: ignore[no-untyped-def]
    import pygame

    for event in pygame.event.get() if events is None else events:
        if event.type == pygame.QUIT:
            ctx.running = False
            continue
        if event.type == pygame.VIDEORESIZE:
            relayout(ctx, pygame.display.get_surface())
            continue
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            toggle_fullscreen(ctx)
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


def relayout(ctx, window: "pygame.Surface") -> None:  # type: ignore[no-untyped-def]
    """The window changed size: every scene lays itself out again (those below stay paused)."""
    if window.get_size() == ctx.ui.window_resolution and window is ctx.window:
        return
    ctx.window = window
    ctx.ui.set_window_resolution(window.get_size())
    for scene in ctx.scenes.stack:
        scene.resize()
        if scene is not ctx.scenes.top:
            scene.pause()


def toggle_fullscreen(ctx) -> None:  # type: ignore[no-untyped-def]
    """F11: full screen, or back to the window's own size and place."""
    import pygame

    try:
        window = ctx.place.toggle()
    except pygame.error as exc:
        log.warning("full screen could not be switched: %s", exc)
        return
    relayout(ctx, window)


def recover(ctx, exc: Exception, building: bool = False) -> None:  # type: ignore[no-untyped-def]
    """After an error: one dialog over the screens if they still work. If a screen failed to be
    built (``building``) or the error comes back under the dialog (a screen that fails every
    frame), a fresh main menu under the dialog; if it comes back once the dialog was closed, the
    main menu without a second dialog; then the dialog alone; and if even that fails, the app
    ends. Each error is logged once."""
    from screens.menus.main import MainMenu
    from screens.overlays import ErrorBox
    from screens.text import tr

    text = tr("game.error_kind", kind=type(exc).__name__, error=exc)
    repeated = text == ctx.last_error
    if not repeated:
        log.error("error during play", exc_info=exc)
        ctx.last_error = text
    ctx.scenes.discard()
    message = error_message(ctx, exc)
    streak, ctx.error_streak = ctx.error_streak, ctx.error_streak + 1
    boxed = isinstance(ctx.scenes.top, ErrorBox)

    def menu_only() -> list[Scene]:
        ctx.notice = tr("error.menu_again")
        return [MainMenu(ctx)]

    plans = [lambda: [*ctx.scenes.stack, ErrorBox(ctx, message)],
             lambda: [MainMenu(ctx), ErrorBox(ctx, message)],
             lambda: [ErrorBox(ctx, message)]]
    if repeated and not boxed and not streak:  # the dialog was closed and the screen fails again
        plans = [menu_only, plans[2]]
    else:
        plans = plans[max(1 if boxed or building else 0, streak):]
    for plan in plans:
        try:
            scenes = plan()
            if len(scenes) > 1 and scenes[:-1] == ctx.scenes.stack:
                ctx.scenes.stack[-1].pause()
                ctx.scenes.stack.append(scenes[-1])
                scenes[-1].enter()
            else:
                ctx.scenes.rebuild(scenes)
            return
        except Exception as again:  # noqa: BLE001 - try the next, simpler screen
            log.error("could not show the error: %s", again)
            ctx.scenes.discard()
    log.error("no screen can be shown: quitting")
    ctx.running = False


def error_message(ctx, exc: Exception) -> str:  # type: ignore[no-untyped-def]
    """What the error dialog says: the error, and whether the game in play is safe on disk."""
    from screens.text import file_text, tr

    lines = [tr("game.error", error=printable(str(exc) or type(exc).__name__, 200))]
    if any(hasattr(scene, "session") for scene in ctx.scenes.stack):
        if ctx.saves.saving_problem:
            lines.append(file_text(not_saving(printable(ctx.saves.saving_problem, 200))))
        elif not ctx.read_only:
            lines.append(tr("game.error_saved"))
    return " ".join(lines)


def run(ctx, pace: "Optional[Pace]" = None) -> None:  # type: ignore[no-untyped-def]
    """The frame loop until the window closes: asleep on the event queue while the screen is
    at rest, every frame while something moves (see :mod:`screens.pace`)."""
    from screens.pace import Pace

    pace = pace or Pace()
    first = True
    while ctx.running:
        events = pace.events(ctx)
        dt = ctx.clock.tick(60) / 1000.0
        # Animations never jump more than 0.1 s after a slow frame; after a sleep (when nothing
        # moved) the time slept still counts for the scene's timers.
        frame(ctx, min(dt, 0.1), events, slept=max(0.0, dt - 0.1) if pace.rested else 0.0)
        if first:
            first = False
            log.info("Nine Lives %s", app_version())  # after the first frame: metadata is slow


def start_session(args: Args) -> Session:
    """A session from ``--game/--players/--seed/--bots/--option``."""
    from cats.session import Seat, Session  # the engines load when a game starts

    game = GAMES[args.game]
    info = game.info
    players = args.players or (info.min_players if info.max_players == 1
                               else max(2, info.min_players))
    if players not in info.player_counts() and info.max_players == 1:
        raise UsageError(f"{info.title} is for {info.min_players} player, not {players}")
    if players not in info.player_counts():
        raise UsageError(f"{info.title} is for {info.min_players}–{info.max_players} players, "
                         f"not {players}")
    cli.check_game(args)
    from screens.text import tr

    seed = seed_of(args.seed) if args.seed else int(time.time() * 1000) % (2**63)
    seats = [Seat(tr("new.player_name", n=i + 1)) for i in range(players)]
    for i in range(players - min(args.bots, players), players):
        seats[i] = Seat(tr("new.bot_seat", n=i + 1), "bot", 2)
    options = {name: True for name in args.option}
    try:
        return Session.start(args.game, seats, seed, options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def play_random(session: Session, moves: int, seed: int) -> None:
    """Play ``moves`` random legal actions (screenshots and the smoke run)."""
    rng = Rng(seed)
    for _ in range(moves):
        if session.state.to_move is None:
            break
        actions = session.state.legal_actions()
        session.play(actions[rng.below(len(actions))])


def screenshot(args: Args, read_only: bool = False) -> int:
    """Render the menu or a game (after ``--moves``) to a PNG file."""
    import pygame

    from cats.session import Seat
    from screens.menus.main import MainMenu
    from screens.registry import open_game

    if args.scene == "replay" and not args.game:
        args.game = "gambit"  # a replay needs a game to watch
    if args.game:
        start_session(args)  # a wrong set-up is refused before the window opens
    ctx = build_context(args.size, headless=True, read_only=read_only, lang=args.lang)
    ctx.settings.animation_speed = 0
    if args.scale is not None:
        ctx.settings.ui_scale = args.scale / 100
    if getattr(args, "contrast", False):
        ctx.settings.high_contrast = True
    if args.scale is not None or getattr(args, "contrast", False):
        from screens import appearance

        appearance.apply(ctx, rebuild=False)
    ctx.headless_reveal = True
    ctx.scenes.push(MainMenu(ctx))
    if args.scene == "tutorial":
        from screens.tutorial.scene import open_tutorial
        ctx.scenes.push(open_tutorial(ctx, args.game or "gambit", args.moves))
    elif args.game:
        session = start_session(args)
        for i, seat in enumerate(session.seats):
            session.seats[i] = Seat(seat.name)  # everyone human: nothing moves by itself
        play_random(session, args.moves if args.scene != "end" else 10_000, session.seed)
        ctx.scenes.push(open_game(ctx, session))
    frame(ctx, 0.05)
    push_scene(ctx, args.scene, args.game or "gambit")
    for _ in range(4):
        frame(ctx, 0.05)
    try:
        pygame.image.save(ctx.window, args.screenshot)
    except (pygame.error, OSError) as exc:
        raise UsageError(f"{args.screenshot} could not be written ({exc})") from None
    print(f"saved {args.screenshot}")
    return 0


def push_scene(ctx, name: str, game_id: str) -> None:  # type: ignore[no-untyped-def]
    """Open a named screen on top (for screenshots of every screen)."""
    from screens.menus.loadgame import LoadScene
    from screens.menus.main import RulesScene
    from screens.menus.newgame import NewGameScene
    from screens.menus.profiles import ProfilesScene
    from screens.menus.settings import SettingsScene
    from screens.menus.stats import StatsScene
    from screens.replay.scene import ReplayScene

    top = ctx.scenes.top
    scenes = {"new": lambda: NewGameScene(ctx, game_id), "load": lambda: LoadScene(ctx),
              "settings": lambda: SettingsScene(ctx), "rules": lambda: RulesScene(ctx, game_id),
              "profiles": lambda: ProfilesScene(ctx), "stats": lambda: StatsScene(ctx)}
    if name in scenes:
        ctx.scenes.push(scenes[name]())
    elif name == "replay":
        from screens.menus.main import MainMenu

        session = next((sc.session for sc in ctx.scenes.stack if hasattr(sc, "session")), None)
        if session is not None:  # the viewer alone over the menu (no end panel of the table)
            ctx.scenes.apply()
            ctx.scenes.rebuild([MainMenu(ctx), ReplayScene(ctx, session)])
    elif name == "menu" and hasattr(top, "menu"):
        top.menu.open()
    elif name == "locked":
        from screens.overlays import lock_dialog
        ctx.scenes.push(lock_dialog(ctx, f"Another copy of Nine Lives (process 4242) is using "
                                         f"{paths.data_dir()}."))
    elif name == "nosave":
        from screens.overlays import saving_notice
        ctx.scenes.push(saving_notice(
            ctx, f"{paths.saves_dir()} cannot be written (Read-only file system)"))


def smoke(read_only: bool = False) -> int:
    """Open every game's screen from a seeded game, play moves through the scene, render."""
    import pygame

    from cats.session import Seat, Session
    from screens.menus.main import MainMenu
    from screens.registry import SCREENS, open_game

    ctx = build_context(WINDOW, headless=True, read_only=read_only)
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


def take_lock() -> tuple[Optional[FolderLock], str]:
    """The data folder's lock, or why it is not ours ("" if the folder cannot hold one: then
    nothing can be saved there either, which the start-up check says)."""
    lock = FolderLock(paths.data_dir())
    try:
        return lock.acquire(), ""
    except LockHeld as held:
        return None, str(held)
    except OSError as exc:
        log.warning("no lock on %s: %s", lock.folder, exc)
        return None, ""


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point of the ``nine-lives`` command and ``python main.py``."""
    from cats.words import set_language

    set_language(cli.language_of(argv))  # a wrong argument is answered in it too
    args = parse_args(argv)
    if args.smoke or args.screenshot:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    lock, held = take_lock()
    setup_logging(to_file=not held)
    log.info("Nine Lives starting; saves in %s", paths.saves_dir())
    if held:
        log.warning("%s Opening read-only if asked.", held)
    try:
        if args.smoke:
            return smoke(read_only=bool(held))
        if args.screenshot:
            return screenshot(args, read_only=bool(held))
        from screens.registry import SCREENS

        session = start_session(args) if args.game in SCREENS else None
        ctx = build_context(read_only=bool(held), lang=args.lang)
        open_menu(ctx, held, session)
        if args.game and session is None:
            from screens.text import title, tr

            ctx.notice = tr("menu.no_screen", title=title(GAMES[args.game].info))
        run(ctx)
        ctx.executor.shutdown(wait=False, cancel_futures=True)
        return 0
    except UsageError as exc:
        return cli.fail(printable(str(exc)))
    except Exception:  # noqa: BLE001
        log.exception("fatal error")
        raise
    finally:
        if lock is not None:
            lock.release()
