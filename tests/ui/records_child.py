"""The window process ``test_records_kill`` kills: it plays a daily try or a challenge to its last action.

Run as ``python records_child.py DATA_DIR daily|challenge`` with ``tests/ui`` on the path. It locks the
data folder as the window does, opens the window headless on it, plays every command of a finished game
of the deal but the last through the play scene, then the last one by the Enter key. As soon as the
finished game is in ``finished/`` it prints ``archived`` and goes on drawing frames until it is killed.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from harmonies.persist.lock import lock_folder
from harmonies.session.challenges_file import default_challenges

from records_driver import daily_game, open_challenge_and_play, open_daily_and_play, play_to_last_action, start, stored


def main(data_dir: str, mode: str) -> None:
    folder = Path(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    lock = lock_folder(folder)
    assert lock is not None
    d = start(folder)
    if mode == "daily":
        open_daily_and_play(d)
        game = daily_game()
    else:
        open_challenge_and_play(d)
        game = stored(default_challenges()[0].id)
    play_to_last_action(d, game)
    assert list((folder / "finished").glob("*.json")), "the game was not archived with its last action"
    print("archived", flush=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # the scoresheet would open in a moment: the kill comes first
        d.frames(1)
        time.sleep(0.005)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
