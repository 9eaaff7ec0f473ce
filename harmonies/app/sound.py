"""A few short sounds synthesised at start-up (no audio files to ship).

Silent when no audio device can be opened; the volume comes from the settings. :func:`init_pygame` starts
pygame with the sound library's own complaints kept off the terminal (on a machine without a sound card,
ALSA prints a dozen lines when SDL probes it): one line at most says the game runs without sound.
"""

from __future__ import annotations

import math
import os
import random
import sys
import tempfile
import threading
from array import array
from typing import Any

import pygame

#: The lines the C sound libraries print when they find no device (the rest of what is said is passed on).
_AUDIO_CHATTER = ("ALSA lib ", "jack server", "Cannot connect to server", "JackShmReadWritePtr")


def init_pygame() -> None:
    """``pygame.init()``, with what the C libraries write on the standard error while SDL opens the audio
    caught: the sound libraries' lines about a missing device become one line, the rest is passed on."""
    if os.environ.get("SDL_AUDIODRIVER"):
        pygame.init()  # a driver chosen by the caller (the tests' "dummy"): nothing to probe
        return
    try:
        saved = os.dup(2)
    except OSError:
        pygame.init()
        return
    with tempfile.TemporaryFile(mode="w+b") as caught:
        sys.stderr.flush()
        os.dup2(caught.fileno(), 2)
        try:
            pygame.init()
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
        caught.seek(0)
        said = caught.read().decode("utf-8", "replace").splitlines()
    chatter = [line for line in said if line.startswith(_AUDIO_CHATTER)]
    for line in said:
        if line not in chatter:
            print(line, file=sys.stderr)
    if chatter and not pygame.mixer.get_init():
        print("harmonies: no sound (no audio device could be opened)", file=sys.stderr)


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
        # pygame.init() (init_pygame) tried the audio already: trying again would only repeat the failure
        init = pygame.mixer.get_init()
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
            # the end of a game: a soft major chord that rings a little longer
            "finale": (0.9, [(523.3, 0.35), (659.3, 0.3), (784.0, 0.3), (1046.5, 0.1)], 4.5, 0.0),
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
