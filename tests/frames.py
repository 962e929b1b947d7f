"""Driving a headless app frame by frame until something happens, bounded by wall time.

Bots think on a worker thread, so how many frames a bot game needs depends on the machine's
load; a wall-clock bound keeps these tests deterministic in outcome without being flaky.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from screens.app import frame


def frames_until(ctx: Any, done: Callable[[], bool], seconds: float = 120.0,
                 dt: float = 0.016, each: Callable[[], None] | None = None) -> int:
    """Run frames until ``done()`` is true or ``seconds`` of wall time pass; the frames run."""
    deadline = time.monotonic() + seconds
    count = 0
    while time.monotonic() < deadline:
        frame(ctx, dt)
        count += 1
        if each is not None:
            each()
        if done():
            break
    return count
