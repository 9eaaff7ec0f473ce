"""Starting pygame on a machine without a sound card says so in one line at most, not the sound library's
dozen (issue 51 point 5): the window's start-up goes through harmonies.app.sound.init_pygame."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
START = """
import pygame
from harmonies.app.sound import Sounds, init_pygame
init_pygame()
Sounds()
print("mixer", bool(pygame.mixer.get_init()))
"""


def test_pygame_starts_with_one_line_at_most_about_the_sound() -> None:
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env.update(SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    run = subprocess.run([sys.executable, "-c", START], capture_output=True, text=True, env=env, cwd=REPO,
                         timeout=60, check=True)
    said = run.stderr.strip().splitlines()
    assert not any(line.startswith("ALSA lib") for line in said), said
    assert len(said) <= 1, said
    if run.stdout.strip() == "mixer False":  # no device here: the one line says so
        assert said == ["harmonies: no sound (no audio device could be opened)"]
