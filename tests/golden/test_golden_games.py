"""Pinned playthroughs: seeded games of every player kind, replayed and played again on every run.

Each file under games/ holds a game's deal, commands, their events and its scores (see golden.py).
Two checks per game tell a rule change from a player change: replaying the stored commands through
``Game.apply`` from the stored deal must give the stored events and scores (the rules), and the
players must choose the same commands again on the deal the case's seed makes (the players, on top
of the rules, and the dealing). Both compare the whole text byte for byte.
"""

from __future__ import annotations

import pytest

from golden import (
    ADVICE, GAME_CASES, GAMES, GameCase, describe, play_case, read_text, render_game, stored_commands, stored_deal,
)
from harmonies.rules import Game

CASES = [pytest.param(case, id=case.name, marks=[pytest.mark.slow] if "hard" in case.kinds else [])
         for case in GAME_CASES]


def mismatch(case: GameCase, stored: str, now: str, what: str) -> None:
    report = describe(case.path, stored, now)
    if report:
        pytest.fail(f"{what}\n{report}\n{ADVICE}", pytrace=False)


@pytest.mark.parametrize("case", CASES)
def test_the_stored_commands_replay_to_the_stored_events_and_scores(case: GameCase) -> None:
    stored = read_text(case.path)
    mismatch(case, stored, render_game(case, stored_commands(stored), stored_deal(stored)),
             "Replaying the stored commands through Game.apply gives other events or scores: the rules changed.")


@pytest.mark.parametrize("case", CASES)
def test_the_players_play_the_stored_game_again(case: GameCase) -> None:
    stored = read_text(case.path)
    game = play_case(case)
    mismatch(case, stored, render_game(case, game.history, game.deal),
             "The computer players now choose other commands (if the replay test passes, the rules did not change).")
    # the game as played (the random player through play_listed) is the game the replay rebuilds
    assert game.position() == Game.replay(case.setup, game.history, deal=game.deal).position()


def test_every_golden_game_file_belongs_to_a_case() -> None:
    assert sorted(GAMES.glob("*.json")) == sorted(case.path for case in GAME_CASES)
