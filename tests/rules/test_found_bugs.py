"""Rules bugs found by these tests, kept as regression tests once fixed (see the rules test
engineer's report). Each test names the rule or contract clause it holds the engine to.

- TakeCard(None) of an empty display slot: fixed in 346b117.
"""

from __future__ import annotations

from dataclasses import replace

from harmonies.rules import Game, TakeCard
from test_support import new_game, snapshot
from test_support import face_up
from test_turns import play_turn


def test_taking_the_card_of_an_empty_display_slot_is_refused() -> None:
    # Contract: "a rejected command changes nothing" and every refusal gives a reason. Once the
    # draw pile is exhausted (§13 Q9) a display slot stays empty (None). TakeCard(None) then passes
    # the "is it face up" check (None is in the display), so the player "holds" a card None, and
    # game.player(seat) and game.score(seat) raise KeyError from then on. A UI sending
    # TakeCard(game.display[slot]) for a clicked empty slot would hit this.
    # The pile has run out (no random game reached it).
    game = Game.from_position(replace(new_game(players=2, seed=1).position(), deck=()))
    assert game.apply(TakeCard(face_up(game.display[0]))).ok
    play_turn(game)
    assert game.display[0] is None and not game.took_card_this_turn
    before = snapshot(game)
    refusal = game.check(TakeCard(None))    # type: ignore[arg-type]
    assert refusal is not None and refusal.code == "card.not_face_up"
    result = game.apply(TakeCard(None))     # type: ignore[arg-type]
    assert result == refusal
    assert snapshot(game) == before
