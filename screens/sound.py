"""Sound: the table's cues and each game's background loop (assets/sounds, made by
packaging/make_sounds.py), a music and an effects volume, a mute; all of it silence, never an
error, when the machine has no audio device."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Optional

import pygame

from screens.assets import asset_path

log = logging.getLogger(__name__)

#: every cue a screen may play (assets/sounds/<name>.wav)
CUES = ("pick", "slide", "drop", "refuse", "trick", "dice", "gold", "paradox", "flip",
        "round", "win", "end")
#: every loop (assets/sounds/music_<name>.ogg): one per game, one for the menus
MUSIC = ("menu", "gambit", "catchess", "between", "catch22", "box")
FADE_OUT = 0.6  # seconds one loop fades out before the next fades in
FADE_IN_MS = 1200
FIRST_LOOP_AFTER = 0.4  # seconds: the first frame of the app is drawn before any music loads
NOTE_SECONDS = 2.5  # how long the mute key's note stays up
EPSILON = 1e-6  # seconds: a wait this close to its end is over


def cue_path(name: str) -> Path:
    """The file of a cue."""
    return asset_path("sounds", f"{name}.wav")


def music_path(name: str) -> Optional[Path]:
    """The file of a loop (Ogg, or WAV when it was made without an Ogg encoder); None if absent."""
    for suffix in (".ogg", ".wav"):
        path = asset_path("sounds", f"music_{name}{suffix}")
        if path.is_file():
            return path
    return None


class Sounds:
    """Plays cues and loops; ``ok`` is False (and ``problem`` says why) without a mixer."""

    def __init__(self, effects_volume: float = 0.7, music_volume: float = 0.5) -> None:
        self.effects_volume = effects_volume
        self.music_volume = music_volume
        self.muted = False
        self.ok = False
        self.problem = ""
        self.note = ""  # what the mute key said, shown for a moment (screens/app.py draws it)
        self.note_time = 0.0
        self.wanted: Optional[str] = None  # the loop the screens ask for
        self.playing: Optional[str] = None  # the loop started last
        self.switch_in = FIRST_LOOP_AFTER  # seconds until the wanted loop starts (the old fading)
        self.pending: list[tuple[float, str]] = []  # (seconds still to wait, cue)
        self._cache: dict[str, Optional[pygame.mixer.Sound]] = {}
        try:
            pygame.mixer.init(frequency=22050, size=-16, channels=1)
            self.ok = pygame.mixer.get_init() is not None
        except pygame.error as exc:
            self.problem = str(exc)
            log.info("no sound: %s", self.problem)

    # -- effects -----------------------------------------------------------------------------
    def play(self, name: str, delay: float = 0.0) -> None:
        """Play the cue ``name`` (one of :data:`CUES`) now or in ``delay`` seconds; never
        raises."""
        if name not in CUES:
            log.warning("no cue called %r", name)
            return
        if delay > 0:
            self.pending.append((delay, name))
            return
        if not self.ok or self.muted or self.effects_volume <= 0:
            return
        sound = self.cue(name)
        if sound is not None:
            try:
                sound.set_volume(self.effects_volume)
                sound.play()
            except pygame.error:
                pass

    def cue(self, name: str) -> Optional[pygame.mixer.Sound]:
        """The loaded cue (read from its file the first time); None if it cannot be."""
        if name not in self._cache:
            sound = None
            if self.ok:
                try:
                    sound = pygame.mixer.Sound(str(cue_path(name)))
                except (pygame.error, FileNotFoundError, OSError) as exc:
                    log.warning("cue %s not loaded: %s", name, exc)
            self._cache[name] = sound
        return self._cache[name]

    def check_files(self) -> tuple[int, int]:
        """Load every cue and loop (the smoke run: they are in the package); how many of each.
        Raises if one does not load; (0, 0) without a mixer."""
        if not self.ok:
            return 0, 0
        for name in CUES:
            if self.cue(name) is None:
                raise RuntimeError(f"cue {name} does not load")
        for name in MUSIC:
            path = music_path(name)
            if path is None:
                raise RuntimeError(f"music {name} is missing")
            pygame.mixer.music.load(str(path))
        self.playing = None  # (the loop wanted is started again)
        return len(CUES), len(MUSIC)

    # -- volumes and mute --------------------------------------------------------------------
    def set_volumes(self, effects: float, music: float) -> None:
        """New effects and music volumes (0-1), the music's at once."""
        self.effects_volume, self.music_volume = effects, music
        self._music_level()

    def toggle_mute(self, note: str = "") -> bool:
        """All sound off (or on again); ``note`` is shown for a moment. Whether it is now
        muted."""
        self.muted = not self.muted
        self.note, self.note_time = note, NOTE_SECONDS if note else 0.0
        if self.ok:
            try:
                if self.muted:
                    pygame.mixer.stop()
                    pygame.mixer.music.pause()
                else:
                    pygame.mixer.music.unpause()
            except pygame.error:
                pass
            self._music_level()
        return self.muted

    def _music_level(self) -> None:
        if self.ok:
            try:
                pygame.mixer.music.set_volume(0.0 if self.muted else self.music_volume)
            except pygame.error:
                pass

    # -- music -------------------------------------------------------------------------------
    def want(self, name: Optional[str]) -> None:
        """The loop the screen on show asks for (None: keep what plays)."""
        if name is not None:
            self.wanted = name

    def next_frame(self) -> Optional[float]:
        """Seconds until sound needs a frame (a delayed cue, the mute note to take down); None
        if it needs none. (A loop waiting to start does not wake a screen at rest: it starts
        at the loop's next look, within a second.)"""
        waits = [left for left, _name in self.pending]
        if self.note_time > 0:
            waits.append(self.note_time)
        return min(waits) if waits else None

    def update(self, dt: float) -> None:
        """Time passes: delayed cues fall due, the loop follows the screens (fading across)."""
        self.note_time = self.note_time - dt if self.note_time - dt > EPSILON else 0.0
        waiting = [(left - dt, name) for left, name in self.pending]
        self.pending = [(left, name) for left, name in waiting if left > EPSILON]
        for left, name in waiting:
            if left <= EPSILON:
                self.play(name)
        if not self.ok or self.wanted == self.playing:
            return
        if self.playing is not None and self.switch_in <= 0:
            self.switch_in = FADE_OUT
            try:
                pygame.mixer.music.fadeout(int(FADE_OUT * 1000))
            except pygame.error:
                pass
            self.playing = None
            return
        self.switch_in -= dt
        if self.switch_in <= 0:
            self.start_music(self.wanted)

    def start_music(self, name: Optional[str]) -> None:
        """Stream the loop ``name`` over and over (fading in); nothing if it cannot be."""
        self.playing = name
        path = music_path(name) if name else None
        if path is None:
            return
        try:
            pygame.mixer.music.load(str(path))
            self._music_level()
            pygame.mixer.music.play(loops=-1, fade_ms=FADE_IN_MS)
            if self.muted:
                pygame.mixer.music.pause()
        except pygame.error as exc:
            log.warning("music %s not played: %s", name, exc)
