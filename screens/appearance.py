"""The look the settings ask for (high contrast or not, the interface size's text), applied at
once: the palette's colours, the text's sizes and pygame-gui's theme."""

from __future__ import annotations

from typing import TYPE_CHECKING

from screens import palette
from screens.assets import follow, use_language

if TYPE_CHECKING:
    from screens.context import AppContext


def apply(ctx: "AppContext", rebuild: bool = True) -> None:
    """Draw in the look of ``ctx.settings`` from the next frame on; ``rebuild``: the pygame-gui
    elements already made take the new theme now (their scenes are laid out again as they are
    resumed or resized)."""
    palette.use(ctx.settings.high_contrast)
    follow(ctx.settings)
    use_language(ctx.ui, ctx.settings.language)
    if rebuild:
        ctx.ui.rebuild_all_from_changed_theme_data()
