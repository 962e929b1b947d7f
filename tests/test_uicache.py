"""pygame-gui's button shapes kept across runs: the next start reads them instead of drawing
them, every state of every menu button comes out the same, and a damaged or foreign cache only
means drawing again."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pygame
import pytest
from pygame_gui.core.drawable_shapes.rounded_rect_drawable_shape import (
    RoundedRectangleShape,
)

from screens import uicache
from screens.app import build_context, frame
from screens.menus.main import MainMenu


def menu_states(monkeypatch: pytest.MonkeyPatch) -> tuple[str, int]:
    """A fresh app's main menu after a few frames: a digest of every button's every state, and
    how many shapes pygame-gui drew itself."""
    drawn = []
    draw = RoundedRectangleShape.clear_and_create_shape_surface

    def counting(self: Any, *args: Any, **kwargs: Any) -> Any:
        drawn.append(1)
        return draw(self, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(RoundedRectangleShape, "clear_and_create_shape_surface", counting)
        ctx = build_context((1280, 800), headless=True)
        menu = MainMenu(ctx)
        ctx.scenes.push(menu)
        for _ in range(8):  # pygame-gui draws a button's other states one a frame
            frame(ctx, 0.016)
    digest = hashlib.sha256()
    for button in menu.buttons:
        for name, state in sorted(button.drawable_shape.states.items()):
            if state.surface is not None:
                digest.update(name.encode() + pygame.image.tobytes(state.surface, "RGBA"))
    ctx.executor.shutdown(wait=True)
    return digest.hexdigest(), len(drawn)


def test_the_next_start_reads_the_shapes_and_draws_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    first, drawn_first = menu_states(monkeypatch)
    assert drawn_first > 0
    index = json.loads((uicache.folder() / uicache.INDEX).read_text("utf-8"))
    assert len(index["shapes"]) >= 3  # the plain, primary and disabled buttons at least
    again, drawn_again = menu_states(monkeypatch)
    assert again == first
    assert drawn_again == 0


def test_a_damaged_or_foreign_cache_means_drawing_again(monkeypatch: pytest.MonkeyPatch) -> None:
    first, _ = menu_states(monkeypatch)
    index_path = uicache.folder() / uicache.INDEX
    index = json.loads(index_path.read_text("utf-8"))
    for name in index["shapes"].values():
        (uicache.folder() / name).write_bytes(b"not a picture")
    damaged, drawn = menu_states(monkeypatch)
    assert damaged == first and drawn > 0
    kept, drawn = menu_states(monkeypatch)  # drawn again above, and kept again
    assert kept == first and drawn == 0
    index_path.write_text(json.dumps({"code": "another pygame-gui", "shapes": index["shapes"]}))
    foreign, drawn = menu_states(monkeypatch)
    assert foreign == first and drawn > 0
    index_path.write_text("{not json")
    assert menu_states(monkeypatch)[0] == first


def test_past_its_size_the_index_forgets_the_shapes_used_least_recently(tmp_path: Any,
                                                                      monkeypatch: pytest.MonkeyPatch
                                                                      ) -> None:
    import os

    monkeypatch.setattr(uicache, "folder", lambda: tmp_path)
    index = {}
    for i in range(5):
        name = f"shape-{i}.bmp"
        (tmp_path / name).write_bytes(b"bmp")
        os.utime(tmp_path / name, ns=((10 - i) * 10**9, (10 - i) * 10**9))  # shape 0 used last
        index[f"id{i}"] = name
    uicache.forget_least_used(index, 2)
    assert sorted(index) == ["id0", "id1", "id2"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shape-0.bmp", "shape-1.bmp",
                                                          "shape-2.bmp"]


def test_the_shapes_a_frame_adds_are_indexed_in_one_write(monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[int] = []
    kept: list[int] = []
    dumps, keep = uicache.json.dumps, uicache.keep

    def counting_dumps(data: Any, **kwargs: Any) -> str:  # (json's own: the app's other files too)
        if isinstance(data, dict) and data.keys() == {"code", "shapes"}:
            written.append(len(data["shapes"]))
        return dumps(data, **kwargs)

    def counting_keep(*args: Any) -> None:
        kept.append(1)
        keep(*args)

    monkeypatch.setattr(uicache.json, "dumps", counting_dumps)
    monkeypatch.setattr(uicache, "keep", counting_keep)
    ctx = build_context((1280, 800), headless=True)
    ctx.scenes.push(MainMenu(ctx))
    frames = 8
    for _ in range(frames):
        frame(ctx, 0.016)
    ctx.executor.shutdown(wait=True)
    assert len(kept) > frames  # the first frame alone draws several shapes
    assert 0 < len(written) <= frames  # and the index is written at most once a frame
    index = json.loads((uicache.folder() / uicache.INDEX).read_text("utf-8"))
    assert len(index["shapes"]) == written[-1] == len(kept)
