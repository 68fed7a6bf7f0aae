#!/usr/bin/env python3
"""Synthesize the client's sound effects into client/assets/sounds/*.wav.

Python standard library only (wave, math, random with a fixed seed), so the output is
byte-for-byte reproducible:   python3 client/assets/make-sounds.py

Every file is 44.1 kHz, 16-bit, mono PCM WAV (what macroquad's audio mixer plays without
resampling), 60-300 ms long, starts at once (no leading silence) and fades to zero (no
click at the end). Each sound is peak-normalised to LEVEL_DBFS plus its own `gain_db`,
so that the quiet cues (the clock tick, the illegal-click thud) sit below the board
sounds; the client can still scale them with a volume setting.

  move.wav          a piece set down on a wooden board: one short, dry clack
  capture.wav       two quick clacks, the second heavier (a piece taken, a piece set)
  check.wav         a clack with a bright two-tone bell on top
  my-turn.wav       a soft rising two-note chime (marimba-like)
  low-time-tick.wav a small wood-block tick, for each second of low time
  illegal.wav       a soft, low, muffled thud for a click that does nothing

The sounds are ours (made by this script) and licensed like the code.
"""

import math
import os
import random
import struct
import wave

RATE = 44100
LEVEL_DBFS = -3.0
OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sounds")


def silence(seconds):
    return [0.0] * int(seconds * RATE)


def mix(dst, src, at=0.0, gain=1.0):
    """Add `src` into `dst` starting `at` seconds in, growing `dst` when needed."""
    start = int(at * RATE)
    if len(dst) < start + len(src):
        dst.extend([0.0] * (start + len(src) - len(dst)))
    for i, s in enumerate(src):
        dst[start + i] += gain * s
    return dst


def resonator(x, freq, q):
    """A two-pole band-pass resonator (a struck wooden mode), unity gain at `freq`."""
    w = 2 * math.pi * freq / RATE
    r = math.exp(-w / (2 * q))
    a1, a2 = 2 * r * math.cos(w), -r * r
    norm = (1 - r * r) / 2  # roughly unity peak gain
    y1 = y2 = 0.0
    out = []
    for s in x:
        y = norm * s + a1 * y1 + a2 * y2
        out.append(y)
        y1, y2 = y, y1
    return out


def noise_burst(rng, seconds, decay):
    """White noise with a sharp attack and an exponential decay (time constant `decay`)."""
    n = int(seconds * RATE)
    return [rng.uniform(-1, 1) * math.exp(-i / RATE / decay) for i in range(n)]


def tone(freq, seconds, decay, attack=0.002, partials=((1, 1.0),), glide=0.0):
    """A decaying tone made of (ratio, amplitude) partials; `glide` bends the pitch (octaves)."""
    n = int(seconds * RATE)
    out = []
    phase = [0.0] * len(partials)
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-t / decay)
        f = freq * 2 ** (glide * t / seconds)
        s = 0.0
        for k, (ratio, amp) in enumerate(partials):
            phase[k] += 2 * math.pi * f * ratio / RATE
            # Higher partials die away faster, as on a struck bar.
            s += amp * math.sin(phase[k]) * math.exp(-t * (ratio - 1) * 8)
        out.append(env * s)
    return fade_out(out)


def clack(rng, body=1.0, pitch=1.0, length=0.11):
    """A piece hitting a wooden board: noise exciting a few wooden modes, plus a low knock."""
    exc = noise_burst(rng, length, 0.006)
    out = [0.0] * len(exc)
    for freq, q, amp in ((620, 9, 1.0), (1450, 12, 0.7), (2750, 14, 0.45), (4300, 10, 0.2)):
        mix(out, resonator(exc, freq * pitch, q), gain=amp)
    knock = tone(170 * pitch, length, 0.018, attack=0.0008, partials=((1, 1.0), (2.3, 0.3)))
    mix(out, knock, gain=0.35 * body)
    return fade_out(out)


def fade_out(samples, fade=0.008):
    """Fade the last `fade` seconds to zero, so that cutting a part short makes no click."""
    n = len(samples)
    f = min(n, int(fade * RATE))
    for i in range(f):
        samples[n - f + i] *= 0.5 * (1 + math.cos(math.pi * (i + 1) / f))
    return samples


def finish(samples, seconds, fade=0.012):
    """Cut or pad to `seconds`, ease the first 0.3 ms in and fade the end out to zero."""
    n = int(seconds * RATE)
    samples = (samples + [0.0] * n)[:n]
    ramp = int(0.0003 * RATE)
    for i in range(ramp):
        samples[i] *= i / ramp
    return fade_out(samples, fade)


def make_move(rng):
    return finish(clack(rng), 0.12)


def make_capture(rng):
    out = clack(rng, body=0.8, pitch=1.12, length=0.09)
    mix(out, clack(rng, body=1.4, pitch=0.92, length=0.13), at=0.045, gain=1.25)
    return finish(out, 0.18)


def make_check(rng):
    out = clack(rng, body=1.2, length=0.1)
    bell = ((1, 1.0), (2.76, 0.35), (5.4, 0.12))
    mix(out, tone(1318.5, 0.24, 0.09, attack=0.003, partials=bell), at=0.015, gain=0.55)
    mix(out, tone(1760.0, 0.2, 0.08, attack=0.003, partials=bell), at=0.085, gain=0.6)
    return finish(out, 0.3, fade=0.04)


def make_my_turn(_rng):
    marimba = ((1, 1.0), (3.9, 0.18), (9.2, 0.05))
    out = tone(784.0, 0.2, 0.07, attack=0.004, partials=marimba)  # G5
    mix(out, tone(1174.7, 0.2, 0.08, attack=0.004, partials=marimba), at=0.075)  # D6
    return finish(out, 0.27, fade=0.05)


def make_tick(rng):
    exc = noise_burst(rng, 0.06, 0.002)
    out = resonator(exc, 1850, 25)
    mix(out, resonator(exc, 3900, 18), gain=0.35)
    return finish(out, 0.06, fade=0.02)


def make_illegal(_rng):
    out = tone(230.0, 0.11, 0.035, attack=0.006, partials=((1, 1.0), (2, 0.15)), glide=-0.35)
    return finish(out, 0.11, fade=0.03)


SOUNDS = [
    # (file, maker, gain in dB relative to LEVEL_DBFS)
    ("move.wav", make_move, 0.0),
    ("capture.wav", make_capture, 0.0),
    ("check.wav", make_check, -1.0),
    ("my-turn.wav", make_my_turn, -3.0),
    ("low-time-tick.wav", make_tick, -8.0),
    ("illegal.wav", make_illegal, -6.0),
]


def write_wav(path, samples, gain_db):
    peak = max(abs(s) for s in samples) or 1.0
    scale = 10 ** ((LEVEL_DBFS + gain_db) / 20) / peak
    frames = b"".join(
        struct.pack("<h", max(-32767, min(32767, round(s * scale * 32767)))) for s in samples
    )
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    for i, (name, maker, gain_db) in enumerate(SOUNDS):
        rng = random.Random(1000 + i)
        samples = maker(rng)
        path = os.path.join(OUT_DIR, name)
        write_wav(path, samples, gain_db)
        print(f"{os.path.relpath(path)}: {len(samples) * 1000 // RATE} ms, "
              f"peak {LEVEL_DBFS + gain_db:+.1f} dBFS, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main()
