"""Art drawn once, across runs: a picture whose SVG takes more than :data:`SLOW` to render is kept
as a picture in the cache folder (named by the SVG's size, date and the size drawn), so the next
start reads it back in a fraction of the time. Pictures are kept as uncompressed BMP (exact, with
alpha): reading one back costs a seventh of a PNG's decoding, which the first frame waits for.
The static lines of text of the first frame are kept the same way (:func:`line_path`). Anything
wrong with the cache just means drawing again."""

from __future__ import annotations

import os
import zlib
from pathlib import Path

import pygame

from saves import paths

SLOW = 0.001  # seconds: art quicker to render than this is not worth a file
KEEP_AT_MOST = 400  # pictures in the cache; past it the least recently used go (sizes add up)
KEEP_BYTES = 48 * 2**20  # and at most this much of them (a big window's covers are large)
KIND = ".bmp"
PRUNE_EVERY = 16  # pictures kept between two prunings (a resize keeps a set at once: one
# look at the folder for the set, not one per picture)
_kept_unpruned = [-1]  # pictures kept since the last pruning; -1: none yet in this run


def kept_path(svg: Path, size: tuple[int, int]) -> Path | None:
    """Where ``svg`` drawn at ``size`` is kept (None if the SVG cannot be read)."""
    try:
        stat = svg.stat()
    except OSError:
        return None
    name = f"{svg.stem}-{size[0]}x{size[1]}-{stat.st_size}-{stat.st_mtime_ns}{KIND}"
    return paths.cache_dir() / "art" / name


def line_path(font_file: str, size: int, text: str, colour: tuple[int, ...]) -> Path | None:
    """Where a line of ``text`` drawn in ``font_file`` at ``size`` in ``colour`` is kept: named
    by everything its pixels depend on (the font file's size and date, the text, the colour,
    the versions of pygame and SDL_ttf). None if the font file cannot be read."""
    try:
        stat = os.stat(font_file)
    except OSError:
        return None
    inputs = repr((font_file, stat.st_size, stat.st_mtime_ns, size, text, colour,
                   pygame.version.ver, pygame.font.get_sdl_ttf_version())).encode("utf-8")
    return paths.cache_dir() / "art" / f"line-{size}-{digest(inputs)}{len(text):x}{KIND}"


def digest(raw: bytes) -> str:
    """A short name for what a kept picture depends on (two checksums: a clash needs both)."""
    return f"{zlib.crc32(raw):08x}{zlib.adler32(raw):08x}"


def load(svg: Path, size: tuple[int, int]) -> pygame.Surface | None:
    """``svg`` as drawn at ``size`` in an earlier run, if it was kept."""
    return load_from(kept_path(svg, size))


def keep(svg: Path, size: tuple[int, int], surf: pygame.Surface) -> None:
    """Keep ``surf`` (``svg`` drawn at ``size``) for the next runs; quietly not if it fails."""
    keep_at(kept_path(svg, size), surf)


def packaged(png: Path) -> pygame.Surface:
    """A packaged PNG (the window's icon), read back as kept after the first run (a BMP reads
    in a fraction of a PNG's decoding); ``pygame.error`` or ``OSError`` if it cannot be read."""
    try:
        stat = png.stat()
        kept = paths.cache_dir() / "art" / f"{png.stem}-png-{stat.st_size}-{stat.st_mtime_ns}{KIND}"
    except OSError:
        kept = None
    surf = load_from(kept)
    if surf is None:
        surf = pygame.image.load(str(png))
        keep_at(kept, surf)
    return surf


def load_from(path: Path | None) -> pygame.Surface | None:
    """The picture kept at ``path`` in an earlier run, if there is one."""
    if path is None or not path.is_file():
        return None
    try:
        surf = pygame.image.load(str(path))
        os.utime(path)  # used now: the pruning keeps what is in use
        return surf
    except (pygame.error, OSError, ValueError):
        return None


def keep_at(path: Path | None, surf: pygame.Surface, prune_after: bool = True) -> None:
    """Keep ``surf`` at ``path`` for the next runs; quietly not if it fails. Unless
    ``prune_after`` is false the folder is pruned (:func:`prune`) after the first picture kept
    in a run and then after every :data:`PRUNE_EVERY` more."""
    if path is None:
        return
    tmp = path.with_name(f".{path.stem}.{os.getpid()}{KIND}")  # whole files only: then renamed
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surf, str(tmp))
        os.replace(tmp, path)
        if prune_after and due_for_pruning():
            prune(path.parent)
    except (pygame.error, OSError):
        try:
            tmp.unlink()
        except OSError:
            pass


def due_for_pruning() -> bool:
    """Whether the picture just kept should be followed by a pruning (counted here)."""
    count = _kept_unpruned[0] + 1
    due = count == 0 or count >= PRUNE_EVERY
    _kept_unpruned[0] = 0 if due else count
    return due


def prune(folder: Path, keep_at_most: int = KEEP_AT_MOST, keep_bytes: int = KEEP_BYTES) -> None:
    """Delete the least recently used pictures past ``keep_at_most`` of them or ``keep_bytes``
    in all (a window resized many times, or art changed by an update, would otherwise fill the
    folder); the PNGs of earlier versions are never read again and go first."""
    try:
        for old in folder.glob("*.png"):
            old.unlink()
        stats = [(p, p.stat()) for p in folder.glob(f"*{KIND}")]
        stats.sort(key=lambda ps: ps[1].st_mtime_ns, reverse=True)
        total = 0
        for i, (picture, stat) in enumerate(stats):
            total += stat.st_size
            if i >= keep_at_most or total > keep_bytes:
                picture.unlink()
    except OSError:
        pass
