"""The command line: every argument checked, a wrong one answered with one line and exit code 2."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, Union

from cats import GAMES
from saves.settings import LANGUAGES

if TYPE_CHECKING:
    from argparse import Namespace

Args = Union["Namespace", SimpleNamespace]  # what the command line asks for, by name

WINDOW = (1280, 800)
# A screenshot smaller than this cannot hold the layouts; a larger one only takes longer to draw.
SIZE_MIN = (640, 400)
SIZE_MAX = (3840, 2160)
IMAGE_TYPES = (".png", ".bmp", ".tga", ".jpg", ".jpeg")
SCENES = ["", "new", "load", "settings", "rules", "profiles", "menu", "end", "locked", "nosave",
          "replay", "stats", "tutorial"]


class UsageError(ValueError):
    """A command line that cannot be carried out; the message is the one line shown."""


def said(message: str) -> str:
    """A command-line message in the interface's language (the ``messages`` catalogue: the
    English as it is written here and in argparse, its fields as ``{0}``, ``{1}``)."""
    from cats.words import engine_text
    from screens.assets import asset_path  # only once there is something to say

    return engine_text(message, "messages", asset_path("locale"))


def language_of(argv: Sequence[str] | None) -> str:
    """The language of this run, before the command line is checked: ``--lang`` if it names
    one, else the saved setting (so even a wrong argument is answered in it)."""
    args = list(sys.argv[1:] if argv is None else argv)
    for i, arg in enumerate(args):
        value = arg[len("--lang="):] if arg.startswith("--lang=") else (
            args[i + 1] if arg == "--lang" and i + 1 < len(args) else None)
        if value in LANGUAGES:
            return value
    from saves.settings import load_settings

    return load_settings()[0].language


def plain_start() -> SimpleNamespace:
    """What a start without arguments asks for: the parser's defaults (screens.cliparser)."""
    return SimpleNamespace(game=None, players=0, seed="", bots=0, option=[], smoke=False,
                           screenshot=None, moves=0, size=WINDOW, lang=None, scene="",
                           scale=None, contrast=False, host_table=None, seats="open,open", port=0,
                           bind="0.0.0.0", seconds=0)


def host_table(args: Args) -> int:
    """``--host-table``: a table with no window (net.serve), its autosave in the data folder."""
    import time

    from net.serve import seat_plans, serve
    from saves.paths import data_dir
    from saves.values import seed_of

    try:
        plans = seat_plans(args.seats, 2)
    except ValueError as exc:
        return fail(str(exc))
    folder = data_dir() / "tables"
    folder.mkdir(parents=True, exist_ok=True)
    seed = seed_of(args.seed) if args.seed else int(time.time() * 1000) % (2**63)
    try:
        return serve(args.host_table, plans, seed, bind=args.bind, port=args.port,
                     seconds=float(args.seconds), autosave=folder / "served.json")
    except (OSError, ValueError, RuntimeError) as exc:
        return fail(f"the table could not be opened: {exc}")


def check_game(args: Args) -> None:
    """:class:`UsageError` if ``--game`` cannot start with these players, bots and options."""
    info = GAMES[args.game].info
    switches = sorted(spec.name for spec in info.options if spec.kind == "bool")
    for name in args.option:
        if name not in switches:
            if switches:
                raise UsageError(f"{info.title} has no on/off option {name[:40]!r}: its options "
                                 f"are {', '.join(switches)}")
            raise UsageError(f"{info.title} has no on/off option {name[:40]!r}: it has no options")
    seats = args.players or info.max_players
    if args.bots > seats == 1:
        raise UsageError(f"--bots {args.bots}: {info.title} would have only {seats} seat")
    if args.bots > seats:
        raise UsageError(f"--bots {args.bots}: {info.title} would have only {seats} seats")


def fail(message: str) -> int:
    """Say ``message`` on one line and give the exit code for a wrong command line."""
    print(f"nine-lives: {said(message)}", file=sys.stderr)
    return 2
