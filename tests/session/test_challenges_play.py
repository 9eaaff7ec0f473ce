"""Every challenge is achievable and the later ones are not trivial: a stored line of play (recorded once by
scripts/record_challenges with the hard player) replays through the rules and meets the goal, and random
players on the same deals fall short of the harder goals. The goals are checked on the finished game by
the rules' own score sheet and board."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from harmonies.ai import play_random_game
from harmonies.rules import Colour, Game
from harmonies.session.challenges import Condition, check, check_goal, facts_of, goal_met, plays, unlocked
from harmonies.session.challenges_file import default_challenges

STORED = Path(__file__).resolve().parents[1] / "data" / "challenges"
CHALLENGES = default_challenges()
#: From this challenge on, a random player must not meet the goal.
HARD_FROM = 8


def stored(challenge_id: str) -> Game:
    doc = json.loads((STORED / f"{challenge_id}.json").read_text())
    assert doc["challenge"] == challenge_id
    return Game.from_json(doc["game"])


@pytest.mark.parametrize("challenge", CHALLENGES, ids=[c.id for c in CHALLENGES])
def test_a_stored_line_of_play_meets_the_goal(challenge) -> None:  # type: ignore[no-untyped-def]
    game = stored(challenge.id)
    assert plays(challenge, game), "the stored game is not the challenge's deal"
    assert game.over
    checked = check_goal(challenge, game)
    assert all(c.met for c in checked), [(c.condition.kind, c.value) for c in checked]
    assert goal_met(challenge, game)


@pytest.mark.parametrize("challenge", [c for c in CHALLENGES if c.number >= HARD_FROM],
                         ids=[c.id for c in CHALLENGES if c.number >= HARD_FROM])
def test_random_players_do_not_meet_the_harder_goals(challenge) -> None:  # type: ignore[no-untyped-def]
    for seed in range(3):
        game = play_random_game(challenge.setup, seed)
        assert not goal_met(challenge, game), (seed, [(c.condition.kind, c.value) for c in check_goal(challenge, game)])


def test_the_goal_reads_the_rules_own_score_and_board() -> None:
    game = stored("long_river")
    facts = facts_of(game)
    sheet = game.outcome.scores[0]  # type: ignore[union-attr]
    assert facts.total == sheet.total and facts.categories["water"] == sheet.water
    assert facts.suns == game.outcome.suns.total  # type: ignore[union-attr]
    assert facts.completed == tuple(c.card_id for c in game.player(0).completed)
    assert facts.river >= 6


def test_each_condition_holds_at_its_value_and_fails_one_above() -> None:
    game = stored("grand_tour")
    facts = facts_of(game)
    for kind in ("points", "suns", "trees", "mountains", "fields", "buildings", "water", "landscapes", "animals",
                 "spirit", "cards", "cubes", "islands"):
        reached = check(Condition(kind, target=1), facts).value
        if reached == 0:
            continue
        assert check(Condition(kind, target=reached), facts).met, kind
        assert not check(Condition(kind, target=reached + 1), facts).met, kind


def test_complete_without_and_no_building() -> None:
    game = stored("old_friends")
    facts = facts_of(game)
    done = facts.completed
    assert check(Condition("complete", cards=done[:2]), facts).met
    missing = next(c.id for c in game.cards.animals if c.id not in done)
    half = check(Condition("complete", cards=(done[0], missing)), facts)
    assert not half.met and half.value == 1
    placed = {c for stack in game.player(0).stacks.values() for c in stack}
    never = [c for c in Colour if c not in placed]
    some = next(iter(placed))
    assert not check(Condition("without", colours=(some,)), facts).met
    if never:
        assert check(Condition("without", colours=tuple(never)), facts).met
    assert check(Condition("no_building"), facts_of(stored("untouched"))).met
    assert not check(Condition("no_building"), facts_of(stored("the_village"))).met


def test_a_game_of_another_deal_or_unfinished_never_meets_a_challenge() -> None:
    first = CHALLENGES[0]
    game = stored(first.id)
    other = replace(first, seed=first.seed + 1)
    assert not goal_met(other, game)
    unfinished = Game.replay(game.setup, list(game.history)[:30])
    assert not goal_met(first, unfinished)


def test_unlocking_opens_the_first_few_and_one_more_per_challenge_met() -> None:
    ahead = CHALLENGES.open_ahead
    assert [n for n in range(1, 10) if unlocked(n, 0, ahead)] == list(range(1, ahead + 1))
    assert unlocked(ahead + 2, 2, ahead) and not unlocked(ahead + 3, 2, ahead)


def test_a_challenge_game_saved_and_continued_is_still_that_challenge() -> None:
    from harmonies.session import MatchConfig, Resume, Seat

    first = CHALLENGES[0]
    config = MatchConfig((Seat("Ann"),), first.side, first.spirits, first.seed, challenge=first.id)
    game = config.deal()
    assert plays(first, game)
    resumed = Resume.from_saved(game, json.loads(json.dumps(config.to_meta())))
    assert resumed.config.challenge == first.id and resumed.config.seed == first.seed
    assert MatchConfig.from_meta({"seats": [], "challenge": 5}, 1).challenge is None  # a hand-edited meta
    assert "challenge" not in MatchConfig((Seat("Ann"),)).to_meta()  # games of their own are saved as before
