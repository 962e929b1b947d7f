"""Sound effects that degrade to silence when the machine has no audio device."""

from __future__ import annotations

import logging
from typing import Optional

import pygame

log = logging.getLogger(__name__)


class Sounds:
    """Tiny synthesised cues (no files needed); silent if the mixer cannot start."""

    def __init__(self, volume: float) -> None:
        self.volume = volume
        self.ok = False
        self._cache: dict[str, Optional[pygame.mixer.Sound]] = {}
        try:
            pygame.mixer.init(frequency=22050, size=-16, channels=1)
            self.ok = True
        except pygame.error as exc:
            log.info("no sound: %s", exc)

    def play(self, name: str) -> None:
        """Play a cue by name ("place", "refuse", "check", "end"); never raises."""
        if not self.ok or self.volume <= 0:
            return
        sound = self._cache.get(name)
        if name not in self._cache:
            sound = self._cache[name] = self._make(name)
        if sound is not None:
            try:
                sound.set_volume(self.volume)
                sound.play()
            except pygame.error:
                pass

    def _make(self, name: str) -> Optional[pygame.mixer.Sound]:
        pitch = {"place": 660, "refuse": 220, "check": 440, "end": 523, "draw": 880}.get(name, 600)
        from array import array  # (made when a cue is first played)

        # Written in the mixer's own format: pygame.init() may have opened it already with its
        # defaults (44.1 kHz stereo), and then the settings asked for in __init__ do not apply.
        opened = pygame.mixer.get_init()
        if opened is None or opened[1] != -16:
            return None
        rate, channels = opened[0], opened[2]
        length = 0.09
        samples = array("h")
        n = int(rate * length)
        for i in range(n):
            fade = 1.0 - i / n
            phase = (i * pitch * 2 // rate) % 2
            samples.extend([int(2200 * fade * (1 if phase else -1))] * channels)
        try:
            return pygame.mixer.Sound(buffer=samples.tobytes())
        except pygame.error:
            return None
