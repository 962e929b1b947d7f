"""The command line's parser (argparse): loaded only when there is a command line to read."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from cats import GAMES
from saves.settings import LANGUAGES, UI_SCALES
from screens.cli import IMAGE_TYPES, SCENES, SIZE_MAX, SIZE_MIN, WINDOW, said


class Parser(argparse.ArgumentParser):
    """argparse answering a wrong argument with one line (not the usage text) and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {said(message)} {said('(see --help)')}\n")


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
                 values: object, option_string: str | None = None) -> None:
        print(f"{parser.prog} {self.version()}")  # stdout, as argparse's own version action
        parser.exit(0)


def parse_args(argv: Sequence[str] | None, version: Callable[[], str]) -> argparse.Namespace:
    """The command line, checked (an impossible game set-up is checked by
    :func:`screens.cli.check_game`)."""
    return parser(version).parse_args(argv)


def parser(version: Callable[[], str]) -> Parser:
    """The command line's parser: every argument checked, with its default."""
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
    p.add_argument("--version", action=Version, version=version)
    p.add_argument("--host-table", choices=sorted(GAMES), metavar="GAME", default=None,
                   help="host a table with no window (prints the join code and invite; ends "
                        "with the game)")
    p.add_argument("--seats", default="open,open",
                   help="with --host-table: the seats, e.g. open,open,bot")
    p.add_argument("--port", type=count(0, 65535, "--port"), default=0,
                   help="with --host-table: the port (default: any free one)")
    p.add_argument("--bind", default="0.0.0.0",
                   help="with --host-table: the address to listen on (127.0.0.1: this computer "
                        "only)")
    p.add_argument("--for", dest="seconds", type=count(0, 10**6, "--for"), default=0,
                   help="with --host-table: close the table after this many seconds")
    p.add_argument("--scene", default="", choices=SCENES,
                   help="with --screenshot: which screen to show over the menu or game")
    p.add_argument("--scale", type=int, choices=[round(v * 100) for v in UI_SCALES], default=None,
                   metavar="PERCENT", help="with --screenshot: the interface size in per cent "
                                           "(Settings' Interface size; default: the saved one)")
    p.add_argument("--contrast", action="store_true",
                   help="with --screenshot: the high-contrast look (Settings' High contrast)")
    return p
