"""The mute key's note: "Sound off" / "Sound on" for a moment at the top of any screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from screens.table.toast import INFO, draw_toast

if TYPE_CHECKING:
    from screens.context import AppContext


def draw_sound_note(ctx: "AppContext") -> None:
    """The note the mute key left (screens/sound.py ``Sounds.note``), over everything."""
    text = ctx.sounds.note
    if not text:
        return
    w, _h = ctx.size
    s = ctx.scale
    slot = pygame.Rect((w - s(420)) // 2, s(12), s(420), s(46))
    draw_toast(ctx.window, slot, text, INFO, s)
