"""A few short sounds synthesised at start-up (no audio files to ship).

Silent when no audio device can be opened; the volume comes from the settings.
"""

from __future__ import annotations

import math
import random
import threading
from array import array
from typing import Any

import pygame


def _tone(rate: int, channels: int, dur: float, parts: list[tuple[float, float]], decay: float,
          noise: float = 0.0, seed: int = 1) -> bytes:
    """Sum of sine partials (frequency, weight) with an exponential decay, as 16-bit samples."""
    rng = random.Random(seed)
    n = int(rate * dur)
    out = array("h")
    for i in range(n):
        t = i / rate
        env = math.exp(-t * decay) * min(1.0, i / (rate * 0.002))
        v = sum(w * math.sin(2 * math.pi * f * t) for f, w in parts)
        if noise:
            v += noise * (rng.random() * 2 - 1)
        s = int(max(-1.0, min(1.0, v * env)) * 12000)
        for _ in range(channels):
            out.append(s)
    return out.tobytes()


class Sounds:
    def __init__(self) -> None:
        self.sounds: dict[str, Any] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            init = pygame.mixer.get_init()
        except pygame.error:
            return
        if not init or init[1] != -16:
            return
        rate, _size, channels = init
        specs = {
            "place": (0.12, [(180.0, 0.8), (360.0, 0.25), (920.0, 0.1)], 38.0, 0.05),
            "take": (0.16, [(240.0, 0.5), (480.0, 0.2)], 24.0, 0.12),
            "card": (0.14, [(600.0, 0.1)], 30.0, 0.35),
            "cube": (0.09, [(880.0, 0.6), (1760.0, 0.2)], 45.0, 0.02),
            "turn": (0.35, [(523.3, 0.45), (784.0, 0.3)], 9.0, 0.0),
            "refused": (0.18, [(140.0, 0.7), (147.0, 0.5)], 20.0, 0.0),
        }
        # Synthesis takes ~80 ms of pure Python: do it off the start-up path.
        self._buffers: dict[str, bytes] = {}

        def synth() -> None:
            for name, (dur, parts, decay, noise) in specs.items():
                self._buffers[name] = _tone(rate, channels, dur, parts, decay, noise)

        threading.Thread(target=synth, name="harmonies-sounds", daemon=True).start()

    def play(self, name: str, volume: int) -> None:
        if volume <= 0:
            return
        snd = self.sounds.get(name)
        if snd is None:
            buf = getattr(self, "_buffers", {}).get(name)
            if buf is None:
                return  # not synthesised yet (first second after start-up)
            try:
                snd = self.sounds[name] = pygame.mixer.Sound(buffer=buf)
            except pygame.error:
                return
        snd.set_volume(max(0.0, min(1.0, volume / 100)))
        snd.play()
