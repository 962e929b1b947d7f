"""Start-up, headless: the first menu frame loads nothing it does not draw (the command line's
parser, the bots' thread pool, the session and table code, the easing code load when first
needed), and a plain start reads the same command line as the parser would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame

from saves import paths
from screens import artcache, assets, cli, palette
from screens.app import app_version, parse_args
from screens.cliparser import parse_args as full_parse

ROOT = Path(__file__).resolve().parent.parent
FIRST_FRAME = """
import sys
from screens import app
args = app.parse_args([])
lock, held = app.take_lock()
app.setup_logging(to_file=not held)
ctx = app.build_context(read_only=bool(held))
app.open_menu(ctx, held, None)
app.frame(ctx, 0.016, [])
lock.release()
print(tuple(ctx.window.get_at((ctx.window.get_width() - 3, 3)))[:3])  # drawn: the menu's cream
print(" ".join(sorted(sys.modules)))
"""
LATER = ["argparse", "concurrent.futures", "cats.session", "screens.anim", "secrets",
         "screens.table.frame", "screens.replay.scene", "screens.tutorial.scene",
         "screens.menus.loadgame", "screens.menus.settings", "gettext", "array"]


def test_a_plain_start_reads_what_the_parser_would() -> None:
    plain = parse_args([])
    assert vars(plain) == vars(full_parse([], app_version))
    assert vars(parse_args([])) is not vars(plain)  # a fresh one each time (its lists too)
    plain.option.append("umbra")
    assert parse_args([]).option == []
    assert full_parse(["--game", "box"], app_version).game == "box"
    assert isinstance(cli.plain_start().size, tuple)


def test_the_first_menu_frame_loads_only_what_it_draws(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(tmp_path),
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_STATE_HOME=str(tmp_path / "state"), XDG_CACHE_HOME=str(tmp_path / "cache"),
               PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
    run = subprocess.run([sys.executable, "-c", FIRST_FRAME], env=env, cwd=ROOT, check=True,
                         capture_output=True, text=True, timeout=120)
    lines = run.stdout.split("\n")
    loaded = set(lines[-2].split())
    assert "screens.menus.main" in loaded  # (the list is the one of the frame drawn)
    assert [name for name in LATER if name in loaded] == []
    assert lines[-3] == str(tuple(palette.CREAM))  # the first frame shows the menu, not black


def test_slow_art_is_drawn_once_and_read_back_on_the_next_start(monkeypatch: Any) -> None:
    pygame.init()
    pygame.display.set_mode((200, 200))
    monkeypatch.setattr(artcache, "SLOW", 0.0)  # (whatever this machine's speed)
    assets.image.cache_clear()
    drawn = assets.image("cover_catch22", 160, 100)
    kept = list((paths.cache_dir() / "art").glob("cover_catch22-160x100-*.bmp"))
    assert len(kept) == 1
    assets.image.cache_clear()
    monkeypatch.setattr(pygame.image, "load_sized_svg", None)  # drawing again would fail
    again = assets.image("cover_catch22", 160, 100)
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(drawn, "RGBA")
    kept[0].write_bytes(b"not a picture")  # a damaged cache: the art is drawn again
    monkeypatch.undo()
    assets.image.cache_clear()
    fresh = assets.image("cover_catch22", 160, 100)
    assert pygame.image.tobytes(fresh, "RGBA") == pygame.image.tobytes(drawn, "RGBA")
    assets.image.cache_clear()


def test_the_art_cache_keeps_the_pictures_used_last(tmp_path: Any) -> None:
    for i in range(6):
        path = tmp_path / f"art{i}.bmp"
        path.write_bytes(b"bmp")
        os.utime(path, ns=(i * 10**9, i * 10**9))   # art5 used most recently
    (tmp_path / "old.png").write_bytes(b"png")  # an earlier version's format: never read again
    artcache.prune(tmp_path, keep_at_most=4)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["art2.bmp", "art3.bmp", "art4.bmp",
                                                          "art5.bmp"]
    artcache.prune(tmp_path, keep_bytes=7)  # and no more bytes than that: two pictures
    assert sorted(p.name for p in tmp_path.iterdir()) == ["art4.bmp", "art5.bmp"]


def test_a_kept_line_of_text_is_read_back_as_drawn_and_named_by_its_inputs(monkeypatch: Any) -> None:
    pygame.init()
    pygame.display.set_mode((200, 200))
    assets.clear_caches()
    drawn = assets.font(30, bold=True).render_kept("Nine Lives", palette.INK)
    plain = assets.font(30, bold=True).render("Nine Lives", True, palette.INK)
    assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(plain, "RGBA")
    assets.clear_caches()
    monkeypatch.setattr(assets.Font, "render", None)  # drawing again would fail
    again = assets.font(30, bold=True).render_kept("Nine Lives", palette.INK)
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(drawn, "RGBA")
    path = assets.font(30, bold=True).face.path
    names = {artcache.line_path(path, 30, "Nine Lives", palette.INK),
             artcache.line_path(path, 31, "Nine Lives", palette.INK),
             artcache.line_path(path, 30, "Nine Lives!", palette.INK),
             artcache.line_path(path, 30, "Nine Lives", palette.WOOD)}
    assert len(names) == 4  # another size, text or colour is another picture
    assets.clear_caches()


def test_the_window_icon_is_read_back_as_the_packaged_png_is(monkeypatch: Any) -> None:
    pygame.init()
    pygame.display.set_mode((200, 200))
    png = assets.asset_path("art", "icon.png")
    first = artcache.packaged(png)
    assert len(list((paths.cache_dir() / "art").glob("icon-png-*.bmp"))) == 1
    with monkeypatch.context() as patch:
        loaded = pygame.image.load
        patch.setattr(pygame.image, "load", lambda name: loaded(name) if name.endswith(".bmp")
                      else None)  # the PNG is not decoded again
        again = artcache.packaged(png)
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(first, "RGBA")
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(pygame.image.load(str(png)),
                                                                       "RGBA")


def test_the_art_cache_is_pruned_once_for_a_set_of_pictures_not_once_each(tmp_path: Any,
                                                                         monkeypatch: Any) -> None:
    pygame.init()
    pygame.display.set_mode((20, 20))
    pruned: list[Any] = []
    monkeypatch.setattr(artcache, "prune", lambda folder: pruned.append(folder))
    monkeypatch.setattr(artcache, "_kept_unpruned", [-1])  # a fresh run
    picture = pygame.Surface((4, 4), pygame.SRCALPHA)
    count = 2 * artcache.PRUNE_EVERY + 1
    for i in range(count):
        artcache.keep_at(tmp_path / f"art{i}.bmp", picture)
    assert len(list(tmp_path.glob("art*.bmp"))) == count
    assert pruned == [tmp_path] * 3  # after the first picture, then after each PRUNE_EVERY more


def test_every_picture_is_drawn_the_same_each_time() -> None:
    """A screen drawn twice is the same picture (screenshots compare pixel for pixel): no art
    uses a dashed stroke, which SDL_image's SVG renderer draws a little differently from one
    time to the next beside other shapes (it did on Catch 22's remove-cube tile)."""
    pygame.init()
    pygame.display.set_mode((20, 20))
    art = sorted((ROOT / "assets" / "art").glob("*.svg"))
    assert len(art) > 40
    for svg in art:
        assert "stroke-dasharray" not in svg.read_text("utf-8"), f"{svg.name}: draw the dashes"
        drawn = {pygame.image.tobytes(pygame.image.load_sized_svg(str(svg), (44, 44)), "RGBA")
                 for _ in range(4)}
        assert len(drawn) == 1, f"{svg.name} is drawn differently each time"
