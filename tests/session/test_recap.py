"""What just happened: the summaries of the other seats' turns since a seat last played, made from the
game log, agree with the log and with the rules' scores."""

from __future__ import annotations

from harmonies.ai import make_player, take_turn
from harmonies.catalogue import Catalogue
from harmonies.rules import Colour, Game, GameSetup
from harmonies.session.log import GameLog
from harmonies.session.recap import recap, recap_text, stack_kind


def _played(players: int, turns: int, seed: int) -> Game:
    game = Game.new(GameSetup(players=players, seed=seed))
    bots = [make_player("medium", seed + i) for i in range(players)]
    for _ in range(turns):
        take_turn(bots[game.current], game)
    return game


def _log(game: Game) -> GameLog:
    log = GameLog(game.setup, game.cards)
    log.follow(game.history)
    return log


def test_each_other_seat_is_summed_up_once_in_the_order_they_played() -> None:
    game = _played(3, 7, seed=31)          # seat 1 to play: seats 2 and 0 played since its last turn
    assert game.current == 1
    log = _log(game)
    totals = [game.score(i).total for i in range(3)]
    found = recap(log, 1, totals)
    assert [r.seat for r in found] == [2, 0]
    for r in found:
        turn = [t for t in log.turns() if t.seat == r.seat][-1]
        assert r.spaces == tuple(e.param("space") for e in turn.entries if e.key == "take_tokens")
        assert set(r.cells) == {e.cell for e in turn.entries if e.cell is not None}
        assert r.taken == tuple(e.card for e in turn.entries if e.key == "take_card")
    # the points each won over its turn are the rules' scores before and after it
    def at(step: int) -> Game:
        return Game.replay(game.setup, game.history[:step])

    seat2_from, seat0_from = log.starts[-2][0], log.starts[-1][0]
    assert found[0].points == at(seat0_from).score(2).total - at(seat2_from).score(2).total
    assert found[1].points == totals[0] - at(seat0_from).score(0).total


def test_solo_and_the_first_turn_have_nothing_to_say() -> None:
    solo = _played(1, 3, seed=5)
    assert recap(_log(solo), 0, [solo.score(0).total]) == ()
    fresh = Game.new(GameSetup(players=2, seed=5))
    assert recap(_log(fresh), 0, [0, 0]) == ()


def test_a_seat_that_has_not_played_yet_hears_of_every_turn_before_it() -> None:
    game = _played(4, 3, seed=8)           # seat 3's first turn: seats 0, 1 and 2 played
    found = recap(_log(game), 3, [game.score(i).total for i in range(4)])
    assert [r.seat for r in found] == [0, 1, 2]


def test_the_summary_in_words() -> None:
    game = _played(2, 5, seed=12)
    log = _log(game)
    found = recap(log, game.current, [game.score(i).total for i in range(2)])
    cat = Catalogue.load("en")
    line = recap_text(cat, found[0], ["Ada", "Bruno"], game.cards)
    assert line.startswith(("Ada: space", "Bruno: space")) and line.endswith(f"{found[0].points:+d}")
    assert stack_kind((Colour.BROWN, Colour.GREEN)) == "tree"
    assert stack_kind((Colour.GRAY, Colour.GRAY, Colour.GRAY)) == "mountain"
    assert stack_kind((Colour.GRAY, Colour.RED)) == "building"
    assert stack_kind((Colour.GREEN,)) is None
    assert stack_kind((Colour.RED, Colour.RED)) == "building"
    assert stack_kind((Colour.BROWN, Colour.BROWN)) is None           # a trunk without foliage is no tree
    assert stack_kind((Colour.GRAY, Colour.GREEN)) is None          # not a legal stack: the rules' table says
