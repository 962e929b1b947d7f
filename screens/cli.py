"""The command line: every argument checked, a wrong one answered with one line and exit code 2."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Callable, NoReturn, Optional, Sequence

from cats import GAMES
from saves.settings import LANGUAGES, UI_SCALES

WINDOW = (1280, 800)
# A screenshot smaller than this cannot hold the layouts; a larger one only takes longer to draw.
SIZE_MIN = (640, 400)
SIZE_MAX = (3840, 2160)
IMAGE_TYPES = (".png", ".bmp", ".tga", ".jpg", ".jpeg")
SCENES = ["", "new", "load", "settings", "rules", "profiles", "menu", "end", "locked", "nosave",
          "replay", "stats", "tutorial"]


class UsageError(ValueError):
    """A command line that cannot be carried out; the message is the one line shown."""


class Parser(argparse.ArgumentParser):
    """argparse answering a wrong argument with one line (not the usage text) and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {said(message)} {said('(see --help)')}\n")


def said(message: str) -> str:
    """A command-line message in the interface's language (the ``messages`` catalogue: the
    English as it is written here and in argparse, its fields as ``{0}``, ``{1}``)."""
    from cats.words import engine_text
    from screens.assets import asset_path  # only once there is something to say

    return engine_text(message, "messages", asset_path("locale"))


def language_of(argv: Optional[Sequence[str]]) -> str:
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


def window_size(text: str) -> tuple[int, int]:
    """``WxH`` within :data:`SIZE_MIN` .. :data:`SIZE_MAX`."""
    match = re.fullmatch(r"\s*(\d{1,6})\s*[xX×]\s*(\d{1,6})\s*", text)
    if not match:
        raise argparse.ArgumentTypeError(f"size {text[:40]!r} is not WIDTHxHEIGHT (e.g. 1280x800)")
    w, h = int(match.group(1)), int(match.group(2))
    if not (SIZE_MIN[0] <= w <= SIZE_MAX[0] and SIZE_MIN[1] <= h <= SIZE_MAX[1]):
        raise argparse.ArgumentTypeError(
            f"size {w}x{h} is outside {SIZE_MIN[0]}x{SIZE_MIN[1]} to {SIZE_MAX[0]}x{SIZE_MAX[1]}")
    return w, h


def count(low: int, high: int, what: str) -> Callable[[str], int]:
    """A whole number within ``low..high``."""
    def parse(text: str) -> int:
        if not re.fullmatch(r"\s*-?\d{1,9}\s*", text) or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number from {low} to "
                                             f"{high}, not {text[:20]!r}")
        return int(text)
    return parse


def image_file(text: str) -> str:
    """A picture file to write, in a folder that exists."""
    path = Path(text)
    if path.suffix.lower() not in IMAGE_TYPES:
        raise argparse.ArgumentTypeError(f"{text[:80]!r} must end in .png (or .bmp, .tga, .jpg)")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {str(folder)[:80]!r} does not exist")
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text[:80]!r} is a folder")
    return text


class Version(argparse.Action):
    """``--version``: works the version out only when asked (reading it is slow)."""

    def __init__(self, option_strings: Sequence[str], version: Callable[[], str],
                 dest: str = argparse.SUPPRESS, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="show the version and exit")
        self.version = version

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: Optional[str] = None) -> None:
        print(f"{parser.prog} {self.version()}")  # stdout, as argparse's own version action
        parser.exit(0)


def parse_args(argv: Optional[Sequence[str]], version: Callable[[], str]) -> argparse.Namespace:
    """The command line, checked (an impossible game set-up is checked by :func:`check_game`)."""
    p = Parser(prog="nine-lives", description="Nine Lives: five cat games.")
    p.add_argument("--game", choices=sorted(GAMES), help="start straight into a game")
    p.add_argument("--players", type=count(0, 99, "--players"), default=0,
                   help="number of seats")
    p.add_argument("--seed", default="", help="seed (number or any text)")
    p.add_argument("--bots", type=count(0, 99, "--bots"), default=0,
                   help="how many seats (from the last) are bots, level 2")
    p.add_argument("--option", action="append", default=[], metavar="NAME",
                   help="switch a game option on (e.g. --option umbra)")
    p.add_argument("--smoke", action="store_true",
                   help="open every game headless, play a few moves, exit 0 if all is well")
    p.add_argument("--screenshot", metavar="FILE", type=image_file,
                   help="save a PNG of the menu or of a game")
    p.add_argument("--moves", type=count(0, 100_000, "--moves"), default=0,
                   help="random legal moves before --screenshot (with --scene tutorial: the "
                        "tutorial steps already made)")
    p.add_argument("--size", type=window_size, default=WINDOW,
                   help=f"window size WxH for --screenshot (from {SIZE_MIN[0]}x{SIZE_MIN[1]} to "
                        f"{SIZE_MAX[0]}x{SIZE_MAX[1]})")
    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help="the language of the interface for this run (default: the one in "
                        "Settings)")
    p.add_argument("--scale", type=int, choices=[round(v * 100) for v in UI_SCALES], default=None,
                   metavar="PERCENT", help="with --screenshot: the interface size in per cent "
                                           "(Settings' Interface size; default: the saved one)")
    p.add_argument("--version", action=Version, version=version)
    p.add_argument("--scene", default="", choices=SCENES,
                   help="with --screenshot: which screen to show over the menu or game")
    return p.parse_args(argv)


def check_game(args: argparse.Namespace) -> None:
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
