"""Art drawn once, across runs: a picture whose SVG takes more than :data:`SLOW` to render is kept
as a PNG in the cache folder (named by the SVG's size, date and the size drawn), so the next start
reads it back in a fraction of the time. Anything wrong with the cache just means drawing again."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from saves import paths

SLOW = 0.001  # seconds: art quicker to render than this is not worth a file
KEEP_AT_MOST = 400  # pictures in the cache; past it the least recently used go (sizes add up)


def kept_path(svg: Path, size: tuple[int, int]) -> Path | None:
    """Where ``svg`` drawn at ``size`` is kept (None if the SVG cannot be read)."""
    try:
        stat = svg.stat()
    except OSError:
        return None
    name = f"{svg.stem}-{size[0]}x{size[1]}-{stat.st_size}-{stat.st_mtime_ns}.png"
    return paths.cache_dir() / "art" / name


def load(svg: Path, size: tuple[int, int]) -> pygame.Surface | None:
    """``svg`` as drawn at ``size`` in an earlier run, if it was kept."""
    path = kept_path(svg, size)
    if path is None or not path.is_file():
        return None
    try:
        surf = pygame.image.load(str(path))
        os.utime(path)  # used now: the pruning keeps what is in use
        return surf
    except (pygame.error, OSError, ValueError):
        return None


def keep(svg: Path, size: tuple[int, int], surf: pygame.Surface) -> None:
    """Keep ``surf`` (``svg`` drawn at ``size``) for the next runs; quietly not if it fails."""
    path = kept_path(svg, size)
    if path is None:
        return
    tmp = path.with_name(f".{path.stem}.{os.getpid()}.png")  # whole files only: then renamed
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surf, str(tmp))
        os.replace(tmp, path)
        prune(path.parent)
    except (pygame.error, OSError):
        try:
            tmp.unlink()
        except OSError:
            pass


def prune(folder: Path, keep_at_most: int = KEEP_AT_MOST) -> None:
    """Delete the least recently used pictures past ``keep_at_most`` (a window resized many
    times, or art changed by an update, would otherwise fill the folder)."""
    try:
        kept = sorted(folder.glob("*.png"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in kept[keep_at_most:]:
            old.unlink()
    except OSError:
        pass
