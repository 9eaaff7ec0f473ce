"""The process ``test_orphans`` kills: it does what the window does with a hard computer seat.

Run as ``python window_child.py DATA_DIR``: it locks the data folder as the window does, plays one
hard turn (which starts the shared helper process, as a hard seat or the Hint does), prints
``ready`` and sleeps until it is killed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from harmonies.ai import HardPlayer, take_turn
from harmonies.persist.lock import lock_folder
from harmonies.rules import Game, GameSetup


def main(data_dir: str) -> None:
    lock = lock_folder(Path(data_dir))
    assert lock is not None
    game = Game.new(GameSetup(players=1, seed=3))
    # Narrow, so the turn is quick; the default helper=True starts the shared helper process.
    player = HardPlayer(1, width=2, samples=2, beam=2)
    take_turn(player, game)
    print("ready", flush=True)
    time.sleep(600)


if __name__ == "__main__":  # the helper is spawned: it imports this file again, without running it
    main(sys.argv[1])
