"""Sound cues: written in whatever format the mixer opened with, silent without one."""

from __future__ import annotations

import pygame
import pytest

from screens.sound import Sounds


@pytest.mark.parametrize("frequency,channels", [(44100, 2), (22050, 1), (48000, 2)])
def test_a_cue_lasts_its_tenth_of_a_second_whatever_the_mixer_opened_with(
        monkeypatch: pytest.MonkeyPatch, frequency: int, channels: int) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame.mixer.quit()
    try:
        pygame.mixer.init(frequency=frequency, size=-16, channels=channels)
    except pygame.error:
        pytest.skip("no dummy audio driver here")
    try:
        sounds = Sounds(0.5)  # its own init asks for 22050 Hz mono: the open mixer is kept
        cue = sounds._make("place")
        assert cue is not None
        assert cue.get_length() == pytest.approx(0.09, abs=0.005)
    finally:
        pygame.mixer.quit()


def test_no_mixer_means_silence_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_audio(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "init", no_audio)
    sounds = Sounds(0.5)
    assert not sounds.ok
    sounds.play("place")  # nothing happens, nothing raises
