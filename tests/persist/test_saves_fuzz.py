"""Damaged saves of every shape: loading says what is wrong (SaveFormatError), nothing else ever escapes.

Also holds the rules to their promise that ``Game.from_json`` raises only ``ValueError``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harmonies.persist import document
from harmonies.rules import Game, GameSetup

from saves_helpers import finished_history, game_after

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)


def _docs() -> list[dict[str, Any]]:
    out = []
    for setup, cut in [(GameSetup(1, "B", True, 3), None), (GameSetup(3, "A", False, 4), 20)]:
        history = finished_history(setup)
        game = game_after(setup, history if cut is None else history[:cut])
        kind = document.KIND_FINISHED if game.over else document.KIND_SAVE
        out.append(json.loads(document.dumps(document.encode(game, {"seats": [{"name": "A"}]}, kind))))
    return out


DOCS = _docs()


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            found += _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _paths(v, prefix + (i,))
    return found


@st.composite
def damaged(draw: st.DrawFn) -> Any:
    doc = json.loads(json.dumps(draw(st.sampled_from(DOCS))))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        if not path:
            doc = draw(json_values)
            continue
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["replace", "delete", "duplicate"]))
        key = path[-1]
        if action == "replace":
            parent[key] = draw(json_values)
        elif action == "delete":
            del parent[key]
        elif isinstance(parent, list):
            parent.insert(key, parent[key])
        if not isinstance(doc, (dict, list)):
            break
    return doc


@pytest.mark.slow  # 300 damaged documents, each replayed: seconds of CPU
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_damaged_documents_fail_only_with_a_reason(doc: Any) -> None:
    try:
        document.decode(doc)
    except document.SaveFormatError as e:
        assert str(e)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_rules_from_json_raises_only_value_error(doc: Any) -> None:
    """The rules' own promise, which the saves package relies on for precise reasons."""
    try:
        Game.from_json(doc.get("game") if isinstance(doc, dict) else doc)
    except ValueError:
        pass


# Found by the fuzz test above; the rules raise TypeError instead of the promised ValueError.
# (The saves package already turns any exception into a reason, so no player sees these.)
RULES_ESCAPES = {
    "command 'do' of an unhashable type": {"format": 1, "setup": {"players": 2, "side": "A", "spirits": False,
                                                                  "seed": 1}, "commands": [{"do": []}]},
    "setup side of an unhashable type": {"format": 1, "setup": {"players": 2, "side": [], "spirits": False,
                                                                "seed": 1}, "commands": []},
}


def test_rules_from_json_raises_value_error_for_unhashable_junk() -> None:
    escaped = []
    for name, doc in RULES_ESCAPES.items():
        try:
            Game.from_json(doc)
        except ValueError:
            pass
        except Exception as e:
            escaped.append(f"{name}: {type(e).__name__}: {e}")
    assert not escaped, escaped


def test_the_saves_package_turns_those_into_reasons() -> None:
    for doc in RULES_ESCAPES.values():
        try:
            document.decode(doc)
        except document.SaveFormatError as e:
            assert "does not replay" in str(e)
        else:
            raise AssertionError("decoded a broken game")


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200) | st.sampled_from(DOCS).map(lambda d: document.dumps(d).encode()).flatmap(
    lambda b: st.integers(0, len(b)).map(lambda n: b[:n])))
def test_arbitrary_and_truncated_bytes(data: bytes) -> None:
    try:
        document.decode(document.parse_json(data))
    except document.SaveFormatError as e:
        assert str(e)
