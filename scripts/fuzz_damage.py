"""The damage of scripts/fuzz: good files made bad in the ways hostile or broken files are.

JSON files (boards, saves, settings) get structural changes at random places (a value swapped for
one of another type, an entry deleted or repeated, deep nesting, numbers past Python's digit limit,
text no font draws, times and dates out of range, huge and non-finite numbers, a key written twice
in one object) and sometimes byte damage on top (bit flips, truncation, junk bytes). Cards files
get YAML damage: tagged junk, anchors and aliases, deep flow nesting, huge values, lines removed,
doubled or indented wrong, blocks repeated hundreds of times.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

JUNK_TEXT = ["\x00", "\ud800", "\udfff", "\u202e", "\x1b[2J", "\ufeff", "\U0001F600", "e\u0301" * 50,
             "\n\r\t", "../../cards", "%s%n{0}", "x" * 200_000]
HUGE = "__HUGE_NUMBER__"
#: Times and dates a file may hold that are no usable time: out of Python's range once moved to UTC or
#: the local zone, before computers, impossible, or written oddly.
BAD_TIMES = ["9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00-05:00", "0001-01-01T00:00:00+23:59",
             "0001-01-01", "9999-12-31", "1969-12-31", "2026-02-30", "2026-13-01T00:00:00", "+002026-01-01",
             "2026-11-26T25:00:00", "2026-11-26 10:00", "3000-01-01T00:00:00+00:00"]


def junk_value(rng: random.Random) -> Any:
    pick = rng.randrange(18)
    if pick == 16:
        return rng.choice(BAD_TIMES)
    if pick == 17:
        return rng.choice([1e308, -1e308, 1e300, 5e-324, 10**30, -(10**30), 2**63, 10_001, -1, 1e6])
    if pick == 0:
        return None
    if pick == 1:
        return rng.choice([True, False])
    if pick == 2:
        return rng.choice([0, -1, 1, 7, 2**31, -2**63, 2**70])
    if pick == 3:
        return rng.choice([0.5, -0.0, 1e308, float("inf"), float("nan")])
    if pick == 4:
        return rng.choice(JUNK_TEXT)
    if pick == 5:
        return []
    if pick == 6:
        return {}
    if pick == 7:
        return [0, 0, 7]
    if pick == 8:
        return {"id": ["fennec_fox"], "cubes_placed": 99}
    if pick == 9:
        return HUGE
    if pick == 10:
        return nested(rng.choice([10, 70, 1000, 5000]))
    if pick == 11:
        return [rng.randrange(-3, 8), rng.randrange(-3, 8)]
    if pick == 12:
        return "".join(rng.choice(JUNK_TEXT[:9]) for _ in range(3)) + "Ann"
    if pick == 13:
        return rng.choice(["fennec_fox", "lion", "A", "B", "blue", "red", "save", "finished", "en", "xx"])
    if pick == 14:
        return [None] * rng.choice([10, 1000, 120_000])
    return {"do": "take_tokens", "space": rng.randrange(-1, 7)}


def nested(depth: int) -> Any:
    value: Any = []
    for _ in range(min(depth, 900)):  # json.dumps itself recurses; deeper nesting is written as text
        value = [value]
    return value if depth <= 900 else f"__DEEP_{depth}__"


def paths_of(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            found += paths_of(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:50]):
            found += paths_of(v, prefix + (i,))
    return found


def mutate_json(doc: Any, rng: random.Random) -> Any:
    """One structural change at a random place: replace, delete, duplicate or add."""
    paths = paths_of(doc)
    path = rng.choice(paths)
    if not path:
        return junk_value(rng) if rng.random() < 0.3 else doc
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    action = rng.randrange(4)
    if action == 0 or not isinstance(parent, (list, dict)):
        parent[key] = junk_value(rng)
    elif action == 1:
        del parent[key]
    elif action == 2 and isinstance(parent, list):
        parent.insert(key, json.loads(json.dumps(parent[key])))  # the same entry twice
    elif isinstance(parent, dict):
        parent[rng.choice(["extra", "id", "cubes", "placed", "\x00", str(key)])] = junk_value(rng)
    else:
        parent.append(junk_value(rng))
    return doc


def json_text(doc: Any, rng: random.Random) -> str:
    text = json.dumps(doc, ensure_ascii=rng.random() < 0.5, allow_nan=True)
    text = text.replace(f'"{HUGE}"', "9" * rng.choice([20, 4000, 4301, 6000]))
    return re.sub(r'"__DEEP_(\d+)__"', lambda m: "[" * int(m.group(1)) + "]" * int(m.group(1)), text)


_KEY = re.compile(r'"((?:[^"\\]|\\.){1,40})"\s*:\s*')


def duplicate_key(text: str, rng: random.Random) -> str:
    """A key of some object written a second time in the same object, before the first, with another value."""
    keys = list(_KEY.finditer(text[:200_000]))
    if not keys:
        return text
    match = rng.choice(keys)
    value = json.dumps(junk_value(rng) if rng.random() < 0.7 else None, allow_nan=True)
    return text[: match.start()] + f'"{match.group(1)}": {value}, ' + text[match.start():]


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    """Byte-level damage: flips, truncation, junk bytes, a repeated chunk."""
    buf = bytearray(data)
    action = rng.randrange(5)
    if not buf:
        return bytes(rng.randrange(256) for _ in range(8))
    if action == 0:
        for _ in range(rng.randrange(1, 9)):
            i = rng.randrange(len(buf))
            buf[i] ^= 1 << rng.randrange(8)
    elif action == 1:
        del buf[rng.randrange(len(buf)):]
    elif action == 2:
        i = rng.randrange(len(buf))
        buf[i:i] = rng.choice([b"\x00", b"\xff\xfe", b"\xed\xa0\x80", b"\x80", b"\r", b"\"", b"]", b"{"])
    elif action == 3:
        i = rng.randrange(len(buf))
        j = min(len(buf), i + rng.randrange(1, 200))
        buf[j:j] = buf[i:j] * rng.randrange(1, 4)
    else:
        i = rng.randrange(len(buf))
        del buf[i:i + rng.randrange(1, 40)]
    return bytes(buf)


YAML_TAGS = ['!!int "abc"', '!!bool "maybe"', "!!float nope", "!!python/object:os.system ls", '!!binary "!!"',
             "!custom x", "!!null x", "!!timestamp 2020-99-99", "!!set {a}", "!!str", "!!int 0x", "!!map []",
             "!!int " + "9" * 5000]


def mutate_yaml(text: str, rng: random.Random) -> str:
    """Text-level damage to a cards file: tags, aliases, nesting, huge values, lines moved."""
    lines = text.split("\n")
    body = [i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")]
    if not body:
        return mutate_bytes(_to_bytes(text), rng).decode("utf-8", "surrogateescape")
    i = rng.choice(body)
    line = lines[i]
    action = rng.randrange(9)
    if action == 0 and ": " in line:                       # a value becomes tagged junk
        key, _, _ = line.partition(": ")
        lines[i] = f"{key}: {rng.choice(YAML_TAGS)}"
    elif action == 1:                                      # a tag inside a flow list or mapping
        lines[i] = line.replace("[", f"[{rng.choice(YAML_TAGS)}, ", 1).replace(": ", f": {rng.choice(YAML_TAGS)} ", 1)
    elif action == 2 and ": " in line:                     # deep flow nesting
        depth = rng.choice([40, 1000, 10_000])
        key, _, _ = line.partition(": ")
        lines[i] = f"{key}: " + "[" * depth + "]" * depth
    elif action == 3 and ": " in line:                     # anchor here, many aliases later
        key, _, value = line.partition(": ")
        lines[i] = f"{key}: &a {value}"
        j = rng.choice(body)
        lines.insert(max(j, i + 1), "  - *a" if rng.random() < 0.5 else f"{lines[j].partition(':')[0]}: *a")
    elif action == 4 and ": " in line:                     # unicode junk or a huge value
        key, _, _ = line.partition(": ")
        lines[i] = f"{key}: " + json.dumps(rng.choice(JUNK_TEXT), ensure_ascii=rng.random() < 0.5)
    elif action == 5:                                      # a line removed, doubled or indented wrong
        what = rng.randrange(3)
        if what == 0:
            del lines[i]
        elif what == 1:
            lines.insert(i, line)
        else:
            lines[i] = ("  " + line) if rng.random() < 0.5 else line[2:]
    elif action == 6:                                      # a block of cards repeated many times
        j = min(len(lines), i + rng.randrange(1, 12))
        lines[i:i] = lines[i:j] * rng.choice([2, 50, 500])
    elif action == 7:
        lines[i] = line.replace(rng.choice(["0", "1", "2", "3", "4", "5"]), rng.choice(["-1", "99", "x", ""]), 1)
    else:
        return mutate_bytes(_to_bytes(text), rng).decode("utf-8", "surrogateescape")
    return "\n".join(lines)


def _to_bytes(text: str) -> bytes:
    """Text back to bytes: bytes a mutation decoded as escapes as they were, other surrogates as such."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


def damage(kind: str, good: bytes, rng: random.Random) -> bytes:
    """A damaged copy of ``good`` (a file of ``kind``)."""
    if kind == "cards":
        text = good.decode("utf-8")
        for _ in range(rng.randrange(1, 4)):
            text = mutate_yaml(text, rng)
        return _to_bytes(text)
    doc = json.loads(good)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        doc = mutate_json(doc, rng)
    text = json_text(doc, rng)
    if rng.random() < 0.25:
        text = duplicate_key(text, rng)
    data = _to_bytes(text)
    if rng.random() < 0.3:
        data = mutate_bytes(data, rng)
    return data


