"""The process ``test_kill`` kills: plays one game, autosaving after every command, resuming if a save exists.

Run as ``python kill_child.py DATA_DIR SEED``. Each command is chosen from the seed and the step
number only, so the whole sequence of states is known in advance (``expected_states``) and any save
can be checked against it. After each autosave returns it prints the step number; the save holds
that step or, if killed between saving and printing, the next one.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from harmonies.rules import Command, Game, GameSetup, Undo


def setup_for(seed: int) -> GameSetup:
    return GameSetup(players=1 + seed % 4, side="AB"[seed % 2], spirits=seed % 3 == 0, seed=seed)


def choose(game: Game, seed: int, step: int) -> Command:
    """Step ``step``'s command: mostly a random legal one, sometimes an undo."""
    rng = random.Random(f"{seed}:{step}")
    if game.turn_commands and rng.random() < 0.15:
        return Undo()
    return rng.choice(game.legal_commands())


def expected_states(seed: int) -> list[dict[str, Any]]:
    """``to_json()`` of the game after each step, from step 0 (new game) to the end."""
    game = Game.new(setup_for(seed))
    states = [game.to_json()]
    while not game.over:
        assert game.apply(choose(game, seed, len(states) - 1)).ok
        states.append(game.to_json())
    return states


def main(data_dir: str, seed: int) -> None:
    from harmonies.persist import Store

    store = Store(data_dir)
    saved = store.load_autosave()
    if saved is None:
        game, meta = Game.new(setup_for(seed)), {"seats": [], "step": 0}
    else:
        game, meta = saved
    step = meta["step"]
    assert isinstance(step, int), meta
    print("ready", step, flush=True)
    while not game.over:
        result = game.apply(choose(game, seed, step))
        assert result.ok, result
        step += 1
        meta["step"] = step
        store.autosave(game, meta)
        print(step, flush=True)
    print("done", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
