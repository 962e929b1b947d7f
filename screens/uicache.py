"""pygame-gui's drawn shapes kept across runs, as the art is (:mod:`screens.artcache`).

pygame-gui draws each button's rounded, anti-aliased, shadowed shape once per look and keeps it
in its shape cache under an id naming what it depends on (shape, size, shadow, borders, colours,
corners). The shapes it adds there are kept in the cache folder as pictures with an index of
their ids; in the next runs a shape it looks for and lacks is read from there: the first menu
frame then draws none of its buttons' shapes again (about 8 ms of a start). The index is tied to the versions of
pygame and of pygame-gui's drawing code; anything wrong with it just means drawing again.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from saves import paths
from screens import artcache
from screens.assets import asset_path

if TYPE_CHECKING:
    import pygame_gui

INDEX = "shapes.json"
KEEP_AT_MOST = 160  # shapes in the index; past it the least recently used go (each window size
# adds a set)
_unwritten: list[tuple[dict[str, str], str]] = []  # an index with shapes kept since it was
# written, and its drawing code: a frame's new buttons add theirs together, written once


def folder() -> Path:
    """Where the shapes are kept."""
    return paths.cache_dir() / "art"


def drawing_code() -> str:
    """What the kept shapes' pixels depend on besides their ids: the pygame version, and the
    size and date of pygame-gui's shape-drawing modules (of the bundle, frozen), of its default
    theme and of ours (a theme setting its ids leave out, such as a border's overlap, changes
    with them)."""
    from pygame_gui.core import surface_cache, ui_shadow
    from pygame_gui.core.drawable_shapes import rounded_rect_drawable_shape

    files = [str(module.__file__) for module in (rounded_rect_drawable_shape, ui_shadow,
                                                  surface_cache)]
    files += [os.path.join(os.path.dirname(os.path.dirname(files[-1])), "data",
                           "default_theme.json"), str(asset_path("theme.json")),
              str(asset_path("theme-contrast.json"))]
    if getattr(sys, "frozen", False):  # a bundle's modules have no files: the bundle's date
        files.append(sys.executable)
    stamps = [pygame.version.ver]
    for name in files:
        try:
            stat = os.stat(name)
            stamps.append(f"{stat.st_size}-{stat.st_mtime_ns}")
        except OSError:
            stamps.append("?")
    return " ".join(stamps)


def picture_name(shape_id: str) -> str:
    """The file a shape is kept in."""
    raw = shape_id.encode("utf-8")
    return f"shape-{artcache.digest(raw)}{artcache.KIND}"


def restore(ui: pygame_gui.UIManager) -> None:
    """Give ``ui``'s shape cache the shapes kept by earlier runs (each read when pygame-gui
    first looks for it), and keep from now on each new shape it adds there."""
    cache = ui.get_theme().shape_cache
    code = drawing_code()
    _unwritten.clear()  # an earlier window's
    index = read_index(code)
    find, add = cache.find_surface_in_cache, cache.add_surface_to_cache

    def finding(lookup_id: str) -> pygame.Surface | None:
        found = find(lookup_id)
        name = index.get(lookup_id) if found is None else None
        if name is not None:
            surf = artcache.load_from(folder() / name) if name == picture_name(lookup_id) else None
            if surf is not None and surf.get_flags() & pygame.SRCALPHA:
                add(surf, lookup_id)
                found = find(lookup_id)
            else:
                del index[lookup_id]  # drawn again now, and kept again
        return found

    def keeping(surface: pygame.Surface, string_id: str) -> None:
        add(surface, string_id)
        if string_id not in index:
            keep(index, string_id, surface, code)

    cache.find_surface_in_cache = finding  # type: ignore[method-assign]
    cache.add_surface_to_cache = keeping  # type: ignore[method-assign]


def read_index(code: str) -> dict[str, str]:
    """The kept shapes' ids and files (none if they were drawn by other code)."""
    try:
        data: Any = json.loads((folder() / INDEX).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("code") != code:
        return {}
    shapes = data.get("shapes")
    if not isinstance(shapes, dict):
        return {}
    return {k: v for k, v in shapes.items() if isinstance(k, str) and isinstance(v, str)}


def keep(index: dict[str, str], shape_id: str, surface: pygame.Surface, code: str) -> None:
    """Keep one new shape (the index naming it is written by :func:`write_index`); the oldest
    past :data:`KEEP_AT_MOST` go."""
    name = picture_name(shape_id)
    artcache.keep_at(folder() / name, surface, prune_after=False)
    index[shape_id] = name
    if len(index) > KEEP_AT_MOST:
        forget_least_used(index, len(index) - KEEP_AT_MOST)
    _unwritten[:] = [(index, code)]


def write_index() -> None:
    """Write the index if shapes were kept since it was last written (the app does it after
    each frame); quietly not if it fails."""
    if not _unwritten:
        return
    index, code = _unwritten.pop()
    path = folder() / INDEX
    tmp = path.with_name(f".{INDEX}.{os.getpid()}.tmp")
    try:
        tmp.write_text(json.dumps({"code": code, "shapes": index}), "utf-8")
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass


def forget_least_used(index: dict[str, str], count: int) -> None:
    """Drop the ``count`` shapes read or drawn least recently (their files' dates: reading one
    marks it used) from ``index``, and their files."""
    def used(shape_id: str) -> int:
        try:
            return (folder() / index[shape_id]).stat().st_mtime_ns
        except OSError:
            return -1

    for shape_id in sorted(index, key=used)[:count]:
        try:
            (folder() / index.pop(shape_id)).unlink()
        except OSError:
            pass
