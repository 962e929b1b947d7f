"""Start-up: the version, command line, log, folder lock, app context and first screens."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional, Sequence

from saves import paths
from saves.jsonfile import tidy
from saves.lock import FolderLock, LockHeld
from saves.profiles import ProfileBook
from saves.settings import load_settings
from saves.store import SaveStore
from screens import cli
from screens.cli import WINDOW, Args

if TYPE_CHECKING:
    from pathlib import Path

    from cats.session import Session

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
                     sounds=Sounds(settings.effects_volume, settings.music_volume),
                     scenes=SceneManager(),
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
