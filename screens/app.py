"""The entry point (``nine-lives``, ``python main.py``); re-exports start-up, loop and commands."""

from __future__ import annotations

import logging
import os
from typing import Optional, Sequence

from cats import GAMES
from saves import paths
from saves.values import printable
from screens import cli
from screens.cli import UsageError
# The names other code and the tests import from here; main() calls run() through this module's
# globals, so a test that replaces screens.app.run replaces the loop main() enters.
from screens.commands import play_random, push_scene, screenshot, smoke, start_session
from screens.loop import error_message, frame, recover, relayout, run, toggle_fullscreen
from screens.startup import (app_version, build_context, open_menu, parse_args, rotate,
                             setup_logging, take_lock)

__all__ = ["app_version", "build_context", "error_message", "frame", "main", "open_menu",
           "parse_args", "play_random", "push_scene", "recover", "relayout", "rotate", "run",
           "screenshot", "setup_logging", "smoke", "start_session", "take_lock",
           "toggle_fullscreen"]

log = logging.getLogger("nine-lives")


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point of the ``nine-lives`` command and ``python main.py``."""
    from cats.words import set_language

    set_language(cli.language_of(argv))  # a wrong argument is answered in it too
    args = parse_args(argv)
    if args.smoke or args.screenshot:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.host_table:  # a table with no window: no pygame, and no hold on the saves
        setup_logging(to_file=False)
        return cli.host_table(args)
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
