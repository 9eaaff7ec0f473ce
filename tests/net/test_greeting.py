"""The host's answer to a hello (net/greeting.py), without a socket: what is refused and why, which seat a
new player takes, and the name kept."""

from __future__ import annotations

from typing import Any

import pytest

from harmonies.net.greeting import MAX_NAME, free_seat, player_name, refusal_of
from harmonies.net.keys import TableKeys
from harmonies.net.protocol import GAME_NAME, PROTOCOL_VERSION

CARDS = "cards-1"


def _hello(**given: Any) -> dict[str, Any]:
    return {"t": "hello", "game": GAME_NAME, "v": PROTOCOL_VERSION, "cards": CARDS, **given}


@pytest.fixture
def keys() -> TableKeys:
    return TableKeys("ABCDEF", 0, [None, None, None], [None, None, None])


@pytest.mark.parametrize("msg, reason", [
    ({"t": "command"}, "malformed"),
    (_hello(game="another game"), "malformed"),
    (_hello(v=PROTOCOL_VERSION + 1, code="ABCDEF"), "version"),
    (_hello(cards="other cards", code="ABCDEF"), "cards"),
    (_hello(code="ZZZZZZ"), "code"),
    (_hello(), "code"),
])
def test_a_hello_is_refused_with_its_reason(keys: TableKeys, msg: dict[str, Any], reason: str) -> None:
    refused = refusal_of(msg, CARDS, keys)
    assert refused is not None and refused[0] == reason and refused[1]


def test_the_code_or_a_token_lets_a_player_in(keys: TableKeys) -> None:
    assert refusal_of(_hello(code="ABCDEF"), CARDS, keys) is None
    # a token is checked against the seats afterwards: it needs no code
    assert refusal_of(_hello(token="a-token"), CARDS, keys) is None


def test_a_new_player_takes_a_seat_never_joined_before_one_whose_player_is_away() -> None:
    tokens: list[str | None] = [None, "t1", None, "t3"]
    assert free_seat([1, 2, 3], tokens, connected={1}) == 2
    assert free_seat([1, 3], tokens, connected={1}) == 3
    assert free_seat([1, 3], tokens, connected={1, 3}) is None
    assert free_seat([], tokens, connected=set()) is None


def test_the_name_given_is_kept_on_one_line_and_cut() -> None:
    assert player_name("  Ann \n  Lee\t", "Player 1") == "Ann Lee"
    assert player_name("\x07\x1b", "Player 2") == "Player 2"
    assert player_name(42, "Player 3") == "Player 3"
    assert player_name("x" * 100, "Player 1") == "x" * MAX_NAME
