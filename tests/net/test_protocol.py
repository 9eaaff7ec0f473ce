"""The protocol's pieces in one process: lines and their bounds, the rate limit, the join code and tokens."""

from __future__ import annotations

import math
import subprocess
import sys
import time

import pytest

from harmonies.net.keys import ALPHABET, CODE_LENGTH, TableKeys, new_code, plain_code, same_secret, shown_code
from harmonies.net.protocol import MAX_MESSAGE, ProtocolError, RateLimit, decode, encode, hello


def test_a_message_is_one_line_and_reads_back() -> None:
    message = {"t": "command", "n": 3, "command": {"do": "end_turn"}, "name": "Zoë\nnext line"}
    line = encode(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert decode(line[:-1]) == message


@pytest.mark.parametrize("line, reason", [
    (b"\xff\xfe not text", "malformed"),
    (b"{not json", "malformed"),
    (b"[1, 2]", "malformed"),
    (b'{"no_type": 1}', "malformed"),
    (b'{"t": 5}', "malformed"),
    (b"x" * (MAX_MESSAGE + 1), "too_big"),
])
def test_a_bad_line_is_refused_with_its_reason(line: bytes, reason: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        decode(line)
    assert caught.value.reason == reason


def test_the_rate_limit_allows_a_burst_then_refuses() -> None:
    limit = RateLimit(rate=1.0, burst=5.0)
    allowed = [limit.allow() for _ in range(8)]
    assert allowed == [True] * 5 + [False] * 3


def test_the_rate_limit_fills_again_with_time() -> None:
    limit = RateLimit(rate=1000.0, burst=2.0)
    assert limit.allow() and limit.allow() and not limit.allow()
    time.sleep(0.01)
    assert limit.allow()


def test_a_join_code_holds_at_least_40_random_bits() -> None:
    assert len(ALPHABET) == 32 and CODE_LENGTH * math.log2(len(ALPHABET)) >= 40
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == CODE_LENGTH and set(c) <= set(ALPHABET) for c in codes)


def test_a_typed_code_matches_whatever_its_case_dashes_and_look_alike_letters() -> None:
    keys = TableKeys("0123456789", 0, [None], [None])
    assert keys.code_ok(shown_code(keys.code))
    assert keys.code_ok("o1234-56789") and keys.code_ok(" 0l23 456789 ")
    assert not keys.code_ok("0123456788") and not keys.code_ok("") and not keys.code_ok("0123456789A")
    assert plain_code("ab-cd") == "ABCD"


def test_secrets_are_compared_whole() -> None:
    assert same_secret("abc", "abc")
    assert not same_secret("abc", "abd") and not same_secret("ab", "abc")


def test_each_seat_has_its_own_token_and_the_keys_survive_the_save() -> None:
    keys = TableKeys.new(3, 4321)
    keys.tokens[0], keys.tokens[2] = "tok-a", "tok-c"
    keys.names[0] = "Ann"
    again = TableKeys.from_meta(keys.to_meta(), 3)
    assert again == keys
    assert again is not None and again.seat_of_token("tok-c") == 2 and again.seat_of_token("tok-b") is None


@pytest.mark.parametrize("raw", [None, [], {"code": "short", "port": 1}, {"code": "!!!!!!!!!!", "port": 1}])
def test_saved_keys_that_are_not_keys_read_as_none(raw: object) -> None:
    assert TableKeys.from_meta(raw, 2) is None


def test_the_hello_carries_the_version_and_either_the_code_or_the_token() -> None:
    by_code = hello("CODE", None, "Ann", "cards")
    by_token = hello(None, "tok", "Ann", "cards")
    assert by_code["v"] == by_token["v"] == 1
    assert "code" in by_code and "token" not in by_code
    assert "token" in by_token and "code" not in by_token


def test_the_network_package_never_imports_pygame() -> None:
    code = "import sys, harmonies.net, harmonies.net.serve_cli, harmonies.net.join_cli; print('pygame' in sys.modules)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.strip() == "False", run.stderr
