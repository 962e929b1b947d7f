"""Make every sound of Nine Lives: ``python packaging/make_sounds.py [--out DIR]``.

Writes ``assets/sounds/`` (or DIR): the table's cues as 16-bit mono WAV (the standard library's
``wave``) and a short background loop per game and one for the menus as Ogg Vorbis, all at
22050 Hz. Everything is synthesised here from numbers (no recordings, no samples): envelopes,
a few partials, filtered noise, plucked strings (Karplus–Strong) and FM bells; the music is a
pentatonic melody over a soft pad and a bass, written into a circular buffer so each loop joins
its start without a seam. Only the standard library runs it: the synthesis is plain Python
(``math``, ``array``, ``random`` with fixed seeds), the Ogg Vorbis encoder is libvorbisenc (the
copy inside pygame-ce, or the system's) reached through ``ctypes``; without one the loops are
written as WAV (larger). Same input, same bytes: the output is deterministic.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import glob
import io
import math
import os
import random
import sys
import wave
from array import array
from pathlib import Path
from typing import Callable, Optional, Sequence

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"
RATE = 22050
TAU = 2 * math.pi
Buffer = list[float]

# -- building blocks ----------------------------------------------------------------------------


def samples(seconds: float) -> int:
    """How many samples ``seconds`` last."""
    return max(1, int(round(seconds * RATE)))


def midi_hz(note: float) -> float:
    """The frequency of a MIDI note number (69 = A4 = 440 Hz)."""
    return 440.0 * 2 ** ((note - 69) / 12)


def envelope(n: int, attack: float, decay: float, sustain: float = 0.0,
             release: float = 0.0) -> Buffer:
    """An attack (linear), an exponential fall towards ``sustain`` (time constant ``decay``) and a
    release to silence over the last ``release`` seconds."""
    a, r = samples(attack), min(samples(release), n) if release > 0 else 0
    k = math.exp(-1.0 / max(1.0, decay * RATE))
    out, level = [], 1.0
    for i in range(n):
        if i < a:
            v = i / a
        else:
            level = sustain + (level - sustain) * k
            v = level
        if r and i >= n - r:
            v *= (n - i) / r
        out.append(v)
    return out


def times(a: Buffer, b: Buffer) -> Buffer:
    """Sample by sample product."""
    return [x * y for x, y in zip(a, b)]


def add(into: Buffer, part: Sequence[float], at: int = 0, gain: float = 1.0,
        wrap: bool = False) -> None:
    """Mix ``part`` into ``into`` from sample ``at`` (cut at the end, or wrapped to the start)."""
    n = len(into)
    for i, v in enumerate(part):
        j = at + i
        if j >= n:
            if not wrap:
                break
            j %= n
        into[j] += v * gain


def noise(n: int, rng: random.Random) -> Buffer:
    """White noise in [-1, 1]."""
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def lowpass(x: Buffer, cutoff: float, loop: bool = False) -> Buffer:
    """A one-pole low-pass filter; ``loop``: ``x`` repeats (the filter starts as it would after
    the end of the previous round, so the loop has no step)."""
    k = 1 - math.exp(-TAU * cutoff / RATE)
    out, y = [], 0.0
    for v in x[-2000:] if loop else ():
        y += k * (v - y)
    for v in x:
        y += k * (v - y)
        out.append(y)
    return out


def bandpass(x: Buffer, centre: Callable[[int], float] | float, q: float) -> Buffer:
    """A resonant band-pass (a state-variable filter); ``centre`` may change per sample."""
    low = band = 0.0
    out = []
    damp = 1.0 / q
    for i, v in enumerate(x):
        f = centre(i) if callable(centre) else centre
        g = 2 * math.sin(math.pi * min(f, RATE / 6) / RATE)
        high = v - low - damp * band
        band += g * high
        low += g * band
        out.append(band)
    return out


def partials(freq: float, n: int, weights: Sequence[tuple[float, float]],
             glide: float = 0.0) -> Buffer:
    """A tone of a few sine partials (ratio, weight); ``glide``: the pitch falls by this fraction
    over the tone."""
    out = []
    phases = [0.0] * len(weights)
    for i in range(n):
        f = freq * (1 - glide * i / n)
        v = 0.0
        for j, (ratio, weight) in enumerate(weights):
            phases[j] += TAU * f * ratio / RATE
            v += weight * math.sin(phases[j])
        out.append(v)
    return out


def pluck(freq: float, seconds: float, rng: random.Random, decay: float = 0.996,
          bright: float = 0.5) -> Buffer:
    """A plucked string (Karplus–Strong): a burst of soft noise around a delay line that averages
    itself; a fractional delay (an all-pass) keeps it in tune."""
    period = RATE / freq - 0.5  # the averaging delays half a sample
    length = int(period)
    frac = period - length
    coeff = (1 - frac) / (1 + frac)
    line = lowpass(noise(length, rng), 800 + 6000 * bright)
    mean = sum(line) / length
    line = [v - mean for v in line]
    out: Buffer = []
    last = prev_in = 0.0
    n = samples(seconds)
    for i in range(n):
        cur = line[i % length]
        nxt = line[(i + 1) % length]
        avg = decay * 0.5 * (cur + nxt)
        ap = coeff * avg + prev_in - coeff * last  # all-pass: the fraction of a sample
        prev_in, last = avg, ap
        line[i % length] = ap
        out.append(cur)
    peak = max(1e-9, max(abs(v) for v in out[:length * 4]))
    return [v / peak for v in out]


def fm(freq: float, seconds: float, ratio: float, index: float, decay: float,
       attack: float = 0.003) -> Buffer:
    """A bell (two-operator FM): the brightness ``index`` dies away faster than the tone."""
    n = samples(seconds)
    amp = envelope(n, attack, decay)
    bright = envelope(n, attack, decay * 0.4)
    out = []
    for i in range(n):
        t = i / RATE
        out.append(amp[i] * math.sin(TAU * freq * t
                                     + index * bright[i] * math.sin(TAU * freq * ratio * t)))
    return out


def normalised(x: Buffer, peak: float) -> Buffer:
    """``x`` scaled so its loudest sample is ``peak``."""
    top = max(1e-9, max(abs(v) for v in x))
    return [v * peak / top for v in x]


def faded(x: Buffer, seconds: float = 0.01) -> Buffer:
    """A short fade at both ends (no click)."""
    n = min(samples(seconds), len(x) // 2)
    out = list(x)
    for i in range(n):
        out[i] *= i / n
        out[-1 - i] *= i / n
    return out


# -- the cues -----------------------------------------------------------------------------------


def cue_pick(rng: random.Random) -> Buffer:
    """A piece lifted: a soft high tick."""
    n = samples(0.06)
    tick = times(bandpass(noise(n, rng), 3200, 4), envelope(n, 0.002, 0.012))
    blip = times(partials(1400, n, [(1, 1)], glide=0.2), envelope(n, 0.002, 0.015))
    return [0.6 * a + 0.3 * b for a, b in zip(tick, blip)]


def cue_slide(rng: random.Random) -> Buffer:
    """A card slid across the felt: band-passed noise sweeping down, swelling and settling."""
    n = samples(0.24)
    swish = bandpass(noise(n, rng), lambda i: 3400 - 2200 * i / n, 1.6)
    shape = [math.sin(math.pi * min(1.0, (i / n) ** 0.6)) ** 2 for i in range(n)]
    return times(swish, shape)


def cue_drop(rng: random.Random) -> Buffer:
    """A card or token set down: a low thump and a little paper click."""
    n = samples(0.16)
    thump = times(partials(170, n, [(1, 1), (2.01, 0.25)], glide=0.35),
                  envelope(n, 0.002, 0.035))
    m = samples(0.03)
    click = times(bandpass(noise(m, rng), 2400, 2), envelope(m, 0.001, 0.006))
    out = [0.8 * v for v in thump]
    add(out, click, 0, 0.5)
    return out


def cue_refuse(rng: random.Random) -> Buffer:
    """A drop refused: two soft falling notes, muted and woody (a gentle "uh-uh")."""
    out = [0.0] * samples(0.34)
    for k, note in enumerate((58, 54)):  # B flat 3, F sharp 3
        n = samples(0.16)
        tone = times(partials(midi_hz(note), n, [(1, 1), (2, 0.35), (3, 0.15)]),
                     envelope(n, 0.004, 0.05, release=0.02))
        add(out, lowpass(tone, 1400), samples(0.15) * k, 0.8)
    return out


def cue_trick(rng: random.Random) -> Buffer:
    """A trick won: the cards swept together, then a rising plucked fifth."""
    out = [0.0] * samples(0.9)
    add(out, cue_slide(rng), 0, 0.5)
    add(out, pluck(midi_hz(79), 0.7, rng, 0.995), samples(0.12), 0.5)  # G5
    add(out, pluck(midi_hz(84), 0.7, rng, 0.995), samples(0.22), 0.5)  # C6
    return out


def cue_dice(rng: random.Random) -> Buffer:
    """Dice rolled: wooden knocks, closer together and softer as they settle."""
    out = [0.0] * samples(0.55)
    t, gap, level = 0.0, 0.085, 1.0
    while t < 0.46:
        m = samples(0.035)
        knock = times(bandpass(noise(m, rng), rng.uniform(1500, 2600), 6),
                      envelope(m, 0.0008, 0.006))
        add(out, knock, samples(t), level)
        t += gap * rng.uniform(0.7, 1.2)
        gap *= 0.86
        level *= 0.85
    return out


def cue_gold(rng: random.Random) -> Buffer:
    """Gold gained: three quick bright coin chimes (FM bells, metallic ratio)."""
    out = [0.0] * samples(0.8)
    for k, note in enumerate((88, 91, 95)):  # E6 G6 B6
        add(out, fm(midi_hz(note), 0.55, 3.53, 2.2, 0.12), samples(0.07 * k), 0.45)
    return out


def cue_paradox(rng: random.Random) -> Buffer:
    """A paradox in the box: a swelling, wavering tritone that bends away."""
    n = samples(1.0)
    out = []
    p1 = p2 = 0.0
    for i in range(n):
        t = i / RATE
        wobble = 1 + 0.012 * math.sin(TAU * 5.5 * t)
        bend = 1 - 0.06 * (i / n) ** 2
        p1 += TAU * midi_hz(64) * wobble * bend / RATE   # E4
        p2 += TAU * midi_hz(70) / wobble * bend / RATE   # B flat 4: the tritone
        swell = math.sin(math.pi * (i / n) ** 0.7)
        out.append(swell * (0.5 * math.sin(p1) + 0.4 * math.sin(p2) + 0.12 * math.sin(3 * p1)))
    shimmer = times(bandpass(noise(n, rng), 5000, 3), [0.15 * v for v in envelope(n, 0.3, 0.3)])
    return [a + b for a, b in zip(lowpass(out, 2500), shimmer)]


def cue_flip(rng: random.Random) -> Buffer:
    """The queen's card turned: a quick swish and a two-note bell (up a fourth)."""
    out = [0.0] * samples(0.8)
    add(out, cue_slide(rng), 0, 0.35)
    add(out, fm(midi_hz(74), 0.6, 2.0, 1.2, 0.18), samples(0.08), 0.4)  # D5
    add(out, fm(midi_hz(79), 0.6, 2.0, 1.2, 0.2), samples(0.2), 0.4)  # G5
    return out


def cue_round(rng: random.Random) -> Buffer:
    """A round over: a plucked pentatonic arpeggio rising to the octave."""
    out = [0.0] * samples(1.3)
    for k, note in enumerate((72, 76, 79, 84)):  # C5 E5 G5 C6
        add(out, pluck(midi_hz(note), 1.0, rng, 0.996, 0.4), samples(0.11 * k), 0.4)
    return out


def cue_win(rng: random.Random) -> Buffer:
    """A game won: a soft major-ninth chord swelling in, strummed plucks and a bell on top."""
    n = samples(2.4)
    out = [0.0] * n
    for note in (48, 55, 64, 71, 74):  # C3 G3 E4 B4 D5
        f = midi_hz(note)
        pad = times(partials(f, n, [(1, 1), (2, 0.2), (3, 0.06)]), envelope(n, 0.25, 0.9))
        add(out, lowpass(pad, 1800), 0, 0.16)
    for k, note in enumerate((60, 64, 67, 72, 76)):
        add(out, pluck(midi_hz(note), 1.6, rng, 0.997, 0.45), samples(0.05 + 0.06 * k), 0.22)
    add(out, fm(midi_hz(84), 1.5, 2.0, 1.0, 0.5), samples(0.4), 0.2)
    return out


def cue_end(rng: random.Random) -> Buffer:
    """A game over that a player here did not win: a gentle falling minor third, plucked."""
    out = [0.0] * samples(1.5)
    for k, note in enumerate((69, 67, 64, 57)):  # A4 G4 E4 A3
        add(out, pluck(midi_hz(note), 1.1, rng, 0.996, 0.3), samples(0.16 * k), 0.35)
    return out


#: cue name -> (maker, peak level). The table's events: see screens/sound.py ``CUES``.
CUES: dict[str, tuple[Callable[[random.Random], Buffer], float]] = {
    "pick": (cue_pick, 0.35),
    "slide": (cue_slide, 0.55),
    "drop": (cue_drop, 0.7),
    "refuse": (cue_refuse, 0.6),
    "trick": (cue_trick, 0.6),
    "dice": (cue_dice, 0.7),
    "gold": (cue_gold, 0.55),
    "paradox": (cue_paradox, 0.6),
    "flip": (cue_flip, 0.55),
    "round": (cue_round, 0.6),
    "win": (cue_win, 0.7),
    "end": (cue_end, 0.55),
}

# -- the music ----------------------------------------------------------------------------------

WAVETABLE = 2048


def table(weights: Sequence[tuple[int, float]]) -> list[float]:
    """One cycle of a tone of whole-number partials (for the pads and basses)."""
    return [sum(w * math.sin(TAU * h * i / WAVETABLE) for h, w in weights)
            for i in range(WAVETABLE)]


PAD_TABLE = table([(1, 1.0), (2, 0.22), (3, 0.08), (4, 0.03)])
BASS_TABLE = table([(1, 1.0), (2, 0.3), (3, 0.05)])


def wavetable_voice(cycle: list[float], freq: float, n: int, env: Buffer,
                    detune: float = 0.0) -> Buffer:
    """A wavetable tone shaped by ``env``; ``detune`` in cents."""
    step = freq * 2 ** (detune / 1200) * WAVETABLE / RATE
    phase = 0.0
    out = []
    mask = WAVETABLE - 1
    for i in range(n):
        out.append(cycle[int(phase) & mask] * env[i])
        phase += step
    return out


class Style:
    """How one loop sounds: tempo, key, chords, and the melody's instrument."""

    def __init__(self, name: str, bpm: float, tonic: int, scale: Sequence[int],
                 chords: Sequence[Sequence[int]], lead: str, seed: int,
                 density: float = 0.6, shaker: bool = False) -> None:
        self.name, self.bpm, self.tonic, self.scale = name, bpm, tonic, tuple(scale)
        self.chords = [tuple(c) for c in chords]  # semitones above the tonic, one per bar
        self.lead, self.seed, self.density, self.shaker = lead, seed, density, shaker


MAJOR_PENT = (0, 2, 4, 7, 9)
MINOR_PENT = (0, 3, 5, 7, 10)

STYLES = [
    Style("menu", 72, 60, MAJOR_PENT,  # C: Cmaj7 Am7 Fmaj7 G6 twice, softly
          [(0, 4, 7, 11), (-3, 0, 4, 7), (-7, -3, 0, 4), (-5, -1, 2, 4)] * 2, "kalimba", 11,
          0.5),
    Style("gambit", 66, 62, MINOR_PENT,  # D minor: Dm9 B flat maj7 Gm7 A sus
          [(0, 3, 7, 14), (-4, 0, 3, 7), (-7, -4, 0, 3), (-5, 0, 2, 7)] * 2, "harp", 23, 0.55),
    Style("catchess", 80, 57, MINOR_PENT,  # A minor: Am7 Fmaj7 C G
          [(0, 3, 7, 10), (-4, 0, 3, 7), (3, 7, 10, 14), (-2, 2, 5, 10)] * 2, "celesta", 37,
          0.6),
    Style("between", 92, 65, MAJOR_PENT,  # F: F Dm7 B flat G m7 C
          [(0, 4, 7, 12), (-3, 0, 4, 7), (-7, -3, 2, 5), (-5, -1, 2, 7)] * 2, "marimba", 41,
          0.7),
    Style("catch22", 100, 55, MAJOR_PENT,  # G: G Em C D, a soft shaker
          [(0, 4, 7, 11), (-3, 0, 4, 7), (-7, -3, 0, 4), (-5, -2, 2, 5)] * 2, "pizzicato", 53,
          0.7, shaker=True),
    Style("box", 76, 64, MINOR_PENT,  # E minor, dorian colour: Em9 A7 Cmaj7 B sus
          [(0, 3, 7, 14), (5, 9, 12, 15), (-4, 0, 3, 7), (-5, -1, 2, 7)] * 2, "vibraphone", 67,
          0.55),
]


def lead_note(style: Style, note: int, seconds: float, rng: random.Random) -> Buffer:
    """One melody note in the style's instrument."""
    f = midi_hz(note)
    if style.lead == "harp":
        return pluck(f, seconds + 0.8, rng, 0.997, 0.35)
    if style.lead == "pizzicato":
        return times(pluck(f, 0.5, rng, 0.99, 0.3), envelope(samples(0.5), 0.001, 0.18))
    if style.lead == "celesta":
        return fm(f, seconds + 0.6, 4.0, 0.9, 0.35)
    if style.lead == "vibraphone":
        n = samples(seconds + 1.0)
        tone = fm(f, seconds + 1.0, 1.0, 0.6, 0.6)
        return [v * (1 - 0.25 * (1 - math.cos(TAU * 5.0 * i / RATE)) / 2)
                for i, v in enumerate(tone[:n])]
    n = samples(seconds + 0.5)
    if style.lead == "marimba":
        return times(partials(f, n, [(1, 1), (4, 0.18), (9.9, 0.04)]),
                     envelope(n, 0.002, 0.16))
    return times(partials(f, n, [(1, 1), (3, 0.12), (5.4, 0.05)]),  # kalimba
                 envelope(n, 0.003, 0.3))


RHYTHMS = [  # a bar in eighth notes: (length, sounding)
    [(2, 1), (1, 1), (1, 1), (2, 1), (2, 0)],
    [(3, 1), (1, 1), (2, 1), (2, 1)],
    [(1, 1), (1, 1), (2, 1), (1, 1), (1, 1), (2, 0)],
    [(2, 1), (2, 1), (4, 1)],
    [(2, 0), (1, 1), (1, 1), (2, 1), (2, 1)],
    [(4, 1), (2, 1), (2, 0)],
]


def melody(style: Style, rng: random.Random) -> list[tuple[int, int, int]]:
    """(start, length, note) in eighths: a pentatonic line that leans on each bar's chord, its
    opening motif coming back halfway, ending on the tonic."""
    ladder = [style.tonic + octave * 12 + s for octave in (0, 1) for s in style.scale]
    ladder.append(style.tonic + 24)
    bars = len(style.chords)
    notes: list[tuple[int, int, int]] = []
    pos = len(style.scale)  # the tonic an octave up, in the middle of the range
    for bar in range(bars):
        if bar == bars // 2:  # the opening motif again (its first bar)
            notes += [(s + bar * 8, length, n) for s, length, n in notes if s < 8]
            continue
        chord = {(style.tonic + c) % 12 for c in style.chords[bar]}
        if bar == bars - 1:
            rhythm = [(2, 1), (6, 1)]
        else:
            rhythm = rng.choice(RHYTHMS if rng.random() < style.density else RHYTHMS[3:])
        t = bar * 8
        for k, (length, sounding) in enumerate(rhythm):
            if sounding:
                last = pos
                pos = max(0, min(len(ladder) - 1, pos + rng.choice((-2, -1, -1, 1, 1, 2, 0))))
                if k == 0 or length >= 2:  # strong beats lean on the chord (moving on if it can)
                    near = sorted(range(len(ladder)),
                                  key=lambda j: (abs(j - pos) + (j == last) * 1.5, j))
                    pos = next((j for j in near if ladder[j] % 12 in chord), pos)
                if bar == bars - 1 and k == len(rhythm) - 1:
                    pos = len(style.scale)
                notes.append((t, length, ladder[pos]))
            t += length
    return notes


def render_loop(style: Style) -> Buffer:
    """The whole loop: pad and bass per bar, the melody, a soft shaker; a circular buffer, so
    what rings past the end sounds at the start (the loop has no seam)."""
    rng = random.Random(style.seed)
    eighth = 30.0 / style.bpm
    bar_n = samples(eighth * 8)
    total = bar_n * len(style.chords)
    out = [0.0] * total
    for bar, chord in enumerate(style.chords):
        at = bar * bar_n
        n = samples(eighth * 8 + 1.2)  # a little overlap into the next bar
        env = envelope(n, 0.7, 3.0, 0.6, release=1.2)
        for k, c in enumerate(chord):
            f = midi_hz(style.tonic - 12 + c)
            for detune in (-4.0, 4.0):
                add(out, wavetable_voice(PAD_TABLE, f, n, env, detune + k), at, 0.05,
                    wrap=True)
        root = style.tonic - 24 + min(chord, key=lambda c: (c % 12 != chord[0] % 12, c)) % 12
        bn = samples(eighth * 6)
        add(out, wavetable_voice(BASS_TABLE, midi_hz(root), bn,
                                 envelope(bn, 0.02, 0.8, 0.3, release=0.3)), at, 0.14, wrap=True)
    for start, length, note in melody(style, rng):
        add(out, lead_note(style, note, eighth * length, rng), samples(start * eighth), 0.16,
            wrap=True)
    if style.shaker:
        m = samples(0.05)
        for k in range(len(style.chords) * 8):
            level = 0.035 if k % 2 else 0.02
            grain = times(bandpass(noise(m, rng), 6500, 1.5), envelope(m, 0.004, 0.015))
            add(out, grain, samples(k * eighth), level, wrap=True)
    return lowpass(out, 5000, loop=True)


# -- writing ------------------------------------------------------------------------------------


def pcm16(x: Buffer) -> bytes:
    """Little-endian 16-bit samples (clipped)."""
    data = array("h", (max(-32767, min(32767, int(round(v * 32767)))) for v in x))
    if sys.byteorder == "big":
        data.byteswap()
    return data.tobytes()


def wav_bytes(x: Buffer) -> bytes:
    """A mono 16-bit WAV file."""
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm16(x))
    return buf.getvalue()


class _OggPage(ctypes.Structure):
    _fields_ = [("header", ctypes.POINTER(ctypes.c_ubyte)), ("header_len", ctypes.c_long),
                ("body", ctypes.POINTER(ctypes.c_ubyte)), ("body_len", ctypes.c_long)]


def _library(stem: str) -> Optional[ctypes.CDLL]:
    """A shared library: pygame-ce's own copy first, then the system's."""
    try:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        here = Path(pygame.__file__).parent
        folders = [here, here / ".dylibs", here.parent / "pygame_ce.libs",
                   here.parent / "pygame.libs"]
    except ImportError:
        folders = []
    names = []
    for folder in folders:
        names += sorted(glob.glob(str(folder / f"lib{stem}*")))
    found = ctypes.util.find_library(stem)
    if found:
        names.append(found)
    for name in names:
        try:
            return ctypes.CDLL(name, mode=ctypes.RTLD_GLOBAL)
        except OSError:
            continue
    return None


def vorbis_codec() -> Optional[tuple[ctypes.CDLL, ctypes.CDLL, ctypes.CDLL]]:
    """(libogg, libvorbis, libvorbisenc), or None when they are not to be found."""
    ogg = _library("ogg")
    vorbis = _library("vorbis-") or _library("vorbis.") or _library("vorbis")
    enc = _library("vorbisenc")
    if ogg is None or vorbis is None or enc is None:
        return None
    return ogg, vorbis, enc


def ogg_bytes(x: Buffer, codec: tuple[ctypes.CDLL, ctypes.CDLL, ctypes.CDLL],
              quality: float = 0.1, serial: int = 9) -> bytes:
    """``x`` encoded as a mono Ogg Vorbis file (variable bit rate at ``quality``)."""
    ogg, vorbis, enc = codec

    def state() -> ctypes.Array[ctypes.c_char]:
        return ctypes.create_string_buffer(8192)  # larger than each libvorbis/libogg struct

    vi, vc, vd, vb, os_, op, op2, op3 = (state() for _ in range(8))
    page = _OggPage()
    vorbis.vorbis_info_init(vi)
    if enc.vorbis_encode_init_vbr(vi, ctypes.c_long(1), ctypes.c_long(RATE),
                                  ctypes.c_float(quality)) != 0:
        raise RuntimeError("vorbis_encode_init_vbr failed")
    vorbis.vorbis_comment_init(vc)
    vorbis.vorbis_comment_add_tag(vc, b"ENCODER", b"Nine Lives packaging/make_sounds.py")
    vorbis.vorbis_analysis_init(vd, vi)
    vorbis.vorbis_block_init(vd, vb)
    ogg.ogg_stream_init(os_, ctypes.c_int(serial))
    vorbis.vorbis_analysis_headerout(vd, vc, op, op2, op3)
    for packet in (op, op2, op3):
        ogg.ogg_stream_packetin(os_, packet)
    out = bytearray()

    def take(got: int) -> None:
        if got:
            out.extend(ctypes.string_at(page.header, page.header_len))
            out.extend(ctypes.string_at(page.body, page.body_len))

    while True:
        got = ogg.ogg_stream_flush(os_, ctypes.byref(page))
        if not got:
            break
        take(got)
    vorbis.vorbis_analysis_buffer.restype = ctypes.POINTER(ctypes.POINTER(ctypes.c_float))
    chunk = 1024
    starts = list(range(0, len(x), chunk)) + [len(x)]  # the last (empty) one ends the stream
    for start in starts:
        part = x[start:start + chunk]
        if part:
            buffers = vorbis.vorbis_analysis_buffer(vd, ctypes.c_int(len(part)))
            channel = buffers[0]
            for i, v in enumerate(part):
                channel[i] = v
        vorbis.vorbis_analysis_wrote(vd, ctypes.c_int(len(part)))
        while vorbis.vorbis_analysis_blockout(vd, vb) == 1:
            vorbis.vorbis_analysis(vb, None)
            vorbis.vorbis_bitrate_addblock(vb)
            while vorbis.vorbis_bitrate_flushpacket(vd, op):
                ogg.ogg_stream_packetin(os_, op)
                while True:
                    got = ogg.ogg_stream_pageout(os_, ctypes.byref(page))
                    if not got:
                        break
                    take(got)
    while True:
        got = ogg.ogg_stream_flush(os_, ctypes.byref(page))
        if not got:
            break
        take(got)
    ogg.ogg_stream_clear(os_)
    vorbis.vorbis_block_clear(vb)
    vorbis.vorbis_dsp_clear(vd)
    vorbis.vorbis_comment_clear(vc)
    vorbis.vorbis_info_clear(vi)
    return bytes(out)


def make(out: Path = OUT, only: Optional[Sequence[str]] = None,
         quiet: bool = False) -> dict[str, int]:
    """Write the cues and loops (``only``: just these names) to ``out``; name -> bytes written."""
    out.mkdir(parents=True, exist_ok=True)
    sizes: dict[str, int] = {}
    for name, (maker, peak) in CUES.items():
        if only is not None and name not in only:
            continue
        rng = random.Random(f"cue:{name}")
        data = wav_bytes(faded(normalised(maker(rng), peak), 0.004))
        (out / f"{name}.wav").write_bytes(data)
        sizes[f"{name}.wav"] = len(data)
    codec = vorbis_codec()
    if codec is None and not quiet:
        print("no libvorbisenc found: the music is written as WAV (larger)", file=sys.stderr)
    for style in STYLES:
        if only is not None and f"music_{style.name}" not in only:
            continue
        loop = normalised(render_loop(style), 0.5)
        name = f"music_{style.name}.{'ogg' if codec else 'wav'}"
        data = ogg_bytes(loop, codec) if codec else wav_bytes(loop)
        for stale in out.glob(f"music_{style.name}.*"):
            stale.unlink()
        (out / name).write_bytes(data)
        sizes[name] = len(data)
    return sizes


def main(argv: Optional[list[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=OUT, help="the folder (assets/sounds)")
    p.add_argument("names", nargs="*", help="only these cues or loops (e.g. drop music_menu)")
    args = p.parse_args(argv)
    sizes = make(args.out, args.names or None)
    for name, size in sizes.items():
        print(f"{name:22} {size:8,d} bytes")
    print(f"{'total':22} {sum(sizes.values()):8,d} bytes in {os.path.relpath(args.out)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
