"""The nesting check of JSON text: the quick count agrees with the bracket-by-bracket walk."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harmonies.rules import jsontext
from harmonies.rules.jsontext import JsonTextError, check_depth, deepest

TEXT = st.text(alphabet='[]{}"\\a,: \n', max_size=80)


def walked(text: str) -> int:
    """The deepest nesting, counted the slow way: each string skipped whole, each bracket counted."""
    depth = best = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            if j < len(text):  # a whole string: skipped
                i = j + 1
                continue
        elif ch in "[{":
            depth += 1
            best = max(best, depth)
        elif ch in "]}":
            depth -= 1
        i += 1
    return best


@settings(max_examples=400, deadline=None)
@given(TEXT)
def test_quick_count_matches_the_walk(text: str) -> None:
    assert deepest(text) == walked(text)


@settings(max_examples=200, deadline=None)
@given(TEXT, st.integers(min_value=0, max_value=6))
def test_check_refuses_exactly_what_nests_too_deep(text: str, limit: int) -> None:
    if walked(text) > limit:
        with pytest.raises(JsonTextError, match="nested more than"):
            check_depth(text, limit)
    else:
        check_depth(text, limit)


def test_brackets_inside_strings_and_escapes_do_not_count() -> None:
    assert deepest('{"a": "[[[[", "b": "\\"[[", "c": [[1]]}') == 3
    with pytest.raises(JsonTextError) as caught:
        check_depth('{"x": [\n  [[1]]]}', 3)
    assert (caught.value.line, caught.value.column) == (2, 4)


def test_a_key_written_twice_in_one_object_is_refused_with_its_line() -> None:
    text = '{"days": {"2026-11-30": {"on": 1},\n  "2026-11-30": {"on": 2}}, "on": 3}'
    with pytest.raises(jsontext.JsonTextError) as e:
        jsontext.loads(text)
    assert (e.value.line, e.value.column) == (2, 3)
    assert '"2026-11-30" is written twice' in str(e.value)


def test_the_same_key_in_different_objects_is_fine() -> None:
    assert jsontext.loads('[{"on": 1}, {"on": 2, "x": {"on": 3}}]') == [{"on": 1}, {"on": 2, "x": {"on": 3}}]


@pytest.mark.parametrize("word", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused(word: str) -> None:
    with pytest.raises(jsontext.JsonTextError, match=word):
        jsontext.loads(f'{{"loss": {word}}}')
