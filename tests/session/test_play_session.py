"""The play session: commands in, applied in order through the rules, autosaved, outcomes out; no pygame."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from harmonies.persist import Store
from harmonies.rules import EndTurn, Game, GameSetup, PlaceToken, TakeTokens, TokensTaken
from harmonies.session import MatchConfig, Played, PlaySession, Refused, Resume, SaveSlot, Seat

_NO_PYGAME_CHILD = textwrap.dedent("""
    import json, random, sys
    from harmonies.rules import Game, GameSetup
    from harmonies.session import MatchConfig, Played, PlaySession, Seat
    game = Game.new(GameSetup(players=2, seed=5))
    session = PlaySession(game, MatchConfig((Seat("Ada"), Seat("Bo"))))
    rng = random.Random(5)
    played = 0
    while not session.game.over:
        session.submit(rng.choice(session.game.legal_commands()))
        played += sum(isinstance(o, Played) for o in session.run())
    print(json.dumps({"pygame": "pygame" in sys.modules, "played": played,
                      "history": len(session.game.history), "over": session.game.over}))
""")


def _session(players: int = 2, seed: int = 5, saves: SaveSlot | None = None) -> PlaySession:
    game = Game.new(GameSetup(players=players, seed=seed))
    seats = tuple(Seat(f"P{i + 1}") for i in range(players))
    return PlaySession(game, MatchConfig(seats, seed=seed), saves)


def test_a_whole_game_is_played_through_the_session_without_importing_pygame() -> None:
    run = subprocess.run([sys.executable, "-c", _NO_PYGAME_CHILD], capture_output=True, text=True, timeout=120,
                         cwd=Path(__file__).resolve().parents[2])
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["over"] and not out["pygame"]
    assert out["played"] == out["history"] > 0


@pytest.mark.parametrize("players", [1, 2, 4])
def test_random_games_through_the_session_replay_to_the_same_game(players: int) -> None:
    session = _session(players, seed=players * 11)
    rng = random.Random(players)
    while not session.game.over:
        session.submit(rng.choice(session.game.legal_commands()))
        session.run()
    replayed = Game.replay(session.game.setup, list(session.game.history))
    assert replayed.to_json() == session.game.to_json()
    assert session.version == len(session.game.history)


def test_commands_are_played_in_the_order_they_were_queued_and_published_in_that_order() -> None:
    session = _session()
    space = next(i for i, s in enumerate(session.game.central) if s)
    session.submit(TakeTokens(space))
    session.submit(TakeTokens(space))          # a second take in the same turn is refused
    assert session.pending == 2 and session.game.history == ()
    first, second = session.run()
    assert isinstance(first, Played) and isinstance(first.events[0], TokensTaken)
    assert isinstance(second, Refused) and second.rejected.code == "tokens.already_taken"
    assert session.take_events() == [first, second]
    assert session.take_events() == []
    assert list(session.game.history) == [TakeTokens(space)]


def test_a_played_command_carries_the_position_it_was_played_in() -> None:
    session = _session()
    space = next(i for i, s in enumerate(session.game.central) if s)
    central = session.game.central
    session.submit(TakeTokens(space))
    session.run()
    hand = session.game.hand
    cell = session.game.token_cells(hand[0])[0]
    session.submit(PlaceToken(hand[0], cell), dropped=True)
    taken, placed = session.take_events() + session.run()
    assert isinstance(taken, Played) and taken.before.central == central and taken.before.hand == ()
    assert isinstance(placed, Played) and placed.before.hand == hand and placed.dropped
    assert placed.before.view.seat == 0 and cell not in placed.before.view.stacks


def test_a_refused_command_changes_nothing_and_is_not_saved(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    session = _session(saves=slot)
    before = session.game.to_json()
    session.submit(EndTurn())                  # no tokens taken yet
    (outcome,) = session.run()
    assert isinstance(outcome, Refused)
    assert session.game.to_json() == before and session.version == 0
    assert not Store(tmp_path).has_autosave()


def test_every_accepted_command_is_autosaved(tmp_path: Path) -> None:
    session = _session(saves=SaveSlot(tmp_path))
    space = next(i for i, s in enumerate(session.game.central) if s)
    session.submit(TakeTokens(space))
    session.run()
    saved = Store(tmp_path).load_autosave()
    assert saved is not None and saved[0].history == (TakeTokens(space),)
    assert saved[1]["seats"][0]["name"] == "P1"


def test_a_failing_save_keeps_the_game_says_why_and_is_retried_after_every_command(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    session = _session(saves=slot)
    assert slot.store is not None
    real = slot.store.autosave
    calls: list[int] = []

    def full(game: Game, meta: object = None) -> Path:
        calls.append(len(game.history))
        raise OSError(28, "No space left on device")

    slot.store.autosave = full  # type: ignore[method-assign]
    space = next(i for i, s in enumerate(session.game.central) if s)
    session.submit(TakeTokens(space))
    session.run()
    hand = session.game.hand
    session.submit(PlaceToken(hand[0], session.game.token_cells(hand[0])[0]))
    session.run()
    problem = session.save_problem
    assert problem is not None and problem.code == "ENOSPC"
    assert calls == [1, 2] and slot.unsaved and slot.unsaved_actions == 2
    slot.store.autosave = real  # type: ignore[method-assign]
    session.submit(PlaceToken(hand[1], session.game.token_cells(hand[1])[0]))
    session.run()
    assert session.save_problem is None and not slot.unsaved
    saved = Store(tmp_path).load_autosave()
    assert saved is not None and len(saved[0].history) == 3


def test_commands_queued_after_the_game_ended_are_dropped() -> None:
    session = _session(players=2, seed=3)
    rng = random.Random(3)
    while not session.game.over:
        session.submit(rng.choice(session.game.legal_commands()))
        session.run()
    session.take_events()
    end = session.game.to_json()
    session.submit(EndTurn())
    assert session.run() == [] and session.take_events() == []
    assert session.game.to_json() == end


def test_allows_answers_as_the_rules_check_does() -> None:
    session = _session()
    assert not session.allows(EndTurn())
    assert session.allows(TakeTokens(next(i for i, s in enumerate(session.game.central) if s)))


def test_a_match_deals_its_game_from_its_seed_and_a_saved_one_resumes_with_its_seats() -> None:
    config = MatchConfig((Seat("Ada"), Seat("Bo", "computer", "hard")), side="B", spirits=True, seed=17)
    game = config.deal()
    assert game.to_json() == Game.new(GameSetup(players=2, side="B", spirits=True, seed=17)).to_json()
    resumed = Resume.from_saved(game, config.to_meta())
    assert resumed.game is game and resumed.config == config
    # a meta that lost its seats still resumes: default names, human seats, the game's own side and spirits
    bare = Resume.from_saved(game, {})
    assert [s.name for s in bare.config.seats] == ["Player 1", "Player 2"]
    assert (bare.config.side, bare.config.spirits) == ("B", True)
