"""Short eased animations (pytweening), scaled by the animation-speed setting and skippable."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

import pytweening

Point = tuple[float, float]


@dataclass
class Tween:
    """Moves a value from ``start`` to ``end`` over ``duration`` seconds with an easing curve."""

    start: Point
    end: Point
    duration: float
    ease: Callable[[float], float] = pytweening.easeOutCubic
    elapsed: float = 0.0
    on_done: Optional[Callable[[], None]] = None
    tag: str = ""

    @property
    def done(self) -> bool:
        """True when finished."""
        return self.elapsed >= self.duration

    def value(self) -> Point:
        """The current position."""
        t = 1.0 if self.duration <= 0 else min(self.elapsed / self.duration, 1.0)
        k = self.ease(t)
        return (self.start[0] + (self.end[0] - self.start[0]) * k,
                self.start[1] + (self.end[1] - self.start[1]) * k)


@dataclass
class Animator:
    """Runs tweens; ``speed`` 0 makes every animation finish at once."""

    speed: float = 1.0
    tweens: list[Tween] = field(default_factory=list)

    def add(self, tween: Tween) -> Tween:
        """Start a tween (finished at once when animations are off)."""
        if self.speed <= 0:
            tween.elapsed = tween.duration
        self.tweens.append(tween)
        return tween

    def update(self, dt: float) -> None:
        """Advance every tween and drop the finished ones."""
        for tween in list(self.tweens):
            tween.elapsed += dt * max(self.speed, 0.0)
            if tween.done:
                self._finish(tween)

    def skip(self) -> None:
        """Finish every running animation now."""
        for tween in list(self.tweens):
            tween.elapsed = tween.duration
            self._finish(tween)

    @property
    def busy(self) -> bool:
        """True while something is moving."""
        return bool(self.tweens)

    def find(self, tag: str) -> Optional[Tween]:
        """The running tween with ``tag``."""
        return next((t for t in self.tweens if t.tag == tag), None)

    def _finish(self, tween: Tween) -> None:
        if tween in self.tweens:
            self.tweens.remove(tween)
            if tween.on_done:
                tween.on_done()
