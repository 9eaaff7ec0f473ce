"""Reading a YAML file a person edits by hand: every mistake is one line, ``file:line: field: problem``.

:func:`read_yaml` reads at most a given number of bytes of a regular file, composes it with the safe
YAML composer (nesting and CPU time guarded) and hands the node tree to a function that walks it
with a :class:`Reader`, whose checks (a mapping with these fields, a whole number, one of these
words...) raise :class:`YamlFileError` pointing at the node's line. ``cards.yaml`` and
``challenges.yaml`` are read through it.

Pure stdlib + PyYAML: this module is part of the rules library and must never import pygame.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence, TypeVar

import yaml

from .capped import read_capped
from .colours import Colour

__all__ = ["ID_RE", "MAX_DEPTH", "Budget", "Reader", "TooSlow", "YamlFileError", "compose", "describe", "join",
           "labelled", "one_of", "read_yaml"]

T = TypeVar("T")

_TAG = "tag:yaml.org,2002:"
_MAX_FIELD = 120
_MAX_PROBLEM = 200
_MAX_VALUE = 40
#: Deepest nesting accepted; a cards file nests about seven levels.
MAX_DEPTH = 32
#: An id: lowercase letters, digits and _, starting with a letter.
ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
_COLOUR_NAMES: Mapping[str, Colour] = {c.name.lower(): c for c in Colour}


def _cut(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class YamlFileError(ValueError):
    """A file that cannot be used. ``line`` is 1-based (None if unknown); ``field`` is the field path
    as shown in the message (e.g. ``animals[3] (otter) pattern[1].landscape``).

    The message is one line of reasonable length whatever the file holds: the field path and the
    problem are cut short (a problem quoting a megabyte of text stays readable)."""

    def __init__(self, path: str | Path, line: int | None, field: str, problem: str) -> None:
        self.path = str(path)
        self.line = line
        self.field = _cut(field, _MAX_FIELD)
        self.problem = _cut(problem, _MAX_PROBLEM)
        field, problem = self.field, self.problem
        where = self.path if line is None else f"{self.path}:{line}"
        super().__init__(f"{where}: {field}: {problem}" if field else f"{where}: {problem}")


class TooSlow(Exception):
    """Reading passed its CPU time limit at ``line`` (1-based, None if unknown)."""

    def __init__(self, line: int | None) -> None:
        super().__init__(line)
        self.line = line


class Budget:
    """The CPU time a read may still take (``thread_time``: other programs on the machine do not count)."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.end = None if seconds is None else time.thread_time() + seconds

    def check(self, node: yaml.Node | yaml.Mark | None) -> None:
        if self.end is not None and time.thread_time() > self.end:
            mark = node.start_mark if isinstance(node, yaml.Node) else node
            raise TooSlow(None if mark is None else mark.line + 1)


# libyaml's composer, when PyYAML was built with it.
_FAST_LOADER: type[yaml.CSafeLoader] | None = getattr(yaml, "CSafeLoader", None)


class _Loader(yaml.SafeLoader):
    """The safe YAML composer, refusing deep nesting (with its line) and stopping when out of time."""

    def __init__(self, stream: str, budget: Budget) -> None:
        super().__init__(stream)
        self._depth = 0
        self._budget = budget

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
        self._budget.check(mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise yaml.MarkedYAMLError(problem=f"nested more than {MAX_DEPTH} levels deep", problem_mark=mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def compose(source: str, budget: Budget, fast: bool = False) -> yaml.Node | None:
    """The node tree of ``source``. ``fast`` (for a file shipped with the program) composes with
    libyaml when it is there, ten times faster, without the guards kept for files from elsewhere."""
    if fast and _FAST_LOADER is not None:
        return yaml.compose(source, Loader=_FAST_LOADER)
    loader = _Loader(source, budget)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


class Reader:
    """Walks the composed YAML node tree so that every error can point at a line; its errors are
    ``error`` (a :class:`YamlFileError` class)."""

    def __init__(self, path: str | Path, budget: Budget | None = None,
                 error: type[YamlFileError] = YamlFileError) -> None:
        self.path = path
        self.budget = budget or Budget(None)
        self.error = error
        self._scalars = yaml.SafeLoader("")  # only used to build scalar values from nodes

    def fail(self, node: yaml.Node | None, fld: str, problem: str) -> YamlFileError:
        line = None if node is None else node.start_mark.line + 1
        return self.error(self.path, line, fld, problem)

    def construct(self, node: yaml.Node, fld: str, expected: str) -> object:
        """The value of a scalar already known to carry the right tag; a tagged value that is not one
        (``!!int "abc"``, ``!!bool "maybe"``, a number too long to convert) is reported, not raised."""
        try:
            return self._scalars.construct_object(node)
        except (ValueError, KeyError, TypeError, yaml.YAMLError):
            raise self.fail(node, fld, f"expected {expected}, got {describe(node)}") from None

    def mapping(
        self, node: yaml.Node, fld: str, required: Sequence[str], optional: Sequence[str] = ()
    ) -> dict[str, yaml.Node]:
        self.budget.check(node)
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, fld, f"expected a mapping (key: value), got {describe(node)}")
        known = (*required, *optional)
        out: dict[str, yaml.Node] = {}
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else None
            where = join(fld, str(name))
            if name is None or key.tag != _TAG + "str":
                raise self.fail(key, fld, f"keys must be plain names, got {describe(key)}")
            if name in out:
                raise self.fail(key, where, f"duplicate key {name!r}")
            if name not in known:
                raise self.fail(key, where, f"unknown field {name!r} (expected {one_of(known)})")
            out[name] = value
        for name in required:
            if name not in out:
                raise self.fail(node, fld, f"missing field {name!r}")
        return out

    def sequence(self, node: yaml.Node, fld: str, min_len: int = 0) -> list[yaml.Node]:
        self.budget.check(node)
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(node, fld, f"expected a list, got {describe(node)}")
        if len(node.value) < min_len:
            raise self.fail(node, fld, f"needs at least {min_len} item(s), got {len(node.value)}")
        return list(node.value)

    def integer(self, node: yaml.Node, fld: str, minimum: int | None = None) -> int:
        if not (isinstance(node, yaml.ScalarNode) and node.tag == _TAG + "int"):
            raise self.fail(node, fld, f"expected a whole number, got {describe(node)}")
        value = self.construct(node, fld, "a whole number")
        if not isinstance(value, int):
            raise self.fail(node, fld, f"expected a whole number, got {describe(node)}")
        if minimum is not None and value < minimum:
            raise self.fail(node, fld, f"must be at least {minimum}, got {value}")
        return value

    def optional_integer(self, node: yaml.Node, fld: str, minimum: int) -> int | None:
        if isinstance(node, yaml.ScalarNode) and node.tag == _TAG + "null":
            return None
        return self.integer(node, fld, minimum)

    def boolean(self, node: yaml.Node, fld: str) -> bool:
        if not (isinstance(node, yaml.ScalarNode) and node.tag == _TAG + "bool"):
            raise self.fail(node, fld, f"expected true or false, got {describe(node)}")
        value = self.construct(node, fld, "true or false")
        if not isinstance(value, bool):
            raise self.fail(node, fld, f"expected true or false, got {describe(node)}")
        return value

    def text(self, node: yaml.Node, fld: str) -> str:
        if not (isinstance(node, yaml.ScalarNode) and node.tag == _TAG + "str"):
            raise self.fail(node, fld, f"expected text, got {describe(node)}")
        value = str(node.value).strip()
        if not value:
            raise self.fail(node, fld, "must not be empty")
        if "\n" in value:
            raise self.fail(node, fld, "must be a single line")
        return value

    def choice(self, node: yaml.Node, fld: str, options: Sequence[str], what: str) -> str:
        value = self.text(node, fld)
        if value not in options:
            raise self.fail(node, fld, f"unknown {what} {value!r} (expected {one_of(options)})")
        return value

    def colour(self, node: yaml.Node, fld: str) -> Colour:
        return _COLOUR_NAMES[self.choice(node, fld, tuple(_COLOUR_NAMES), "colour")]


def join(fld: str, name: str) -> str:
    """The field path ``fld`` followed by ``name``."""
    # After a label such as "animals[3] (otter)" a space reads better than a dot.
    if not fld:
        return name
    return f"{fld} {name}" if fld.endswith(")") else f"{fld}.{name}"


def labelled(node: yaml.Node, fld: str) -> str:
    """``animals[3] (otter)`` when the item's id can be read, so every later error names the item."""
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if (isinstance(key, yaml.ScalarNode) and key.value == "id"
                    and isinstance(value, yaml.ScalarNode) and value.tag == _TAG + "str"
                    and ID_RE.match(value.value)):
                return f"{fld} ({value.value})"
    return fld


def describe(node: yaml.Node | None) -> str:
    """What a node holds, for a message: ``a list``, ``number '3'``, ``nothing (empty)``."""
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if isinstance(node, yaml.ScalarNode):
        kind = {"int": "number", "float": "number", "bool": "true/false", "null": "nothing"}
        name = kind.get(node.tag.removeprefix(_TAG), "text")
        return "nothing (empty)" if name == "nothing" else f"{name} {_cut(repr(node.value), _MAX_VALUE)}"
    return "nothing"


def one_of(options: Iterable[str]) -> str:
    return "one of " + ", ".join(options)


def read_yaml(
    path: str | Path, read: Callable[[Reader, yaml.Node | None], T], *, max_bytes: int, what: str,
    cpu_seconds: float | None = None, error: type[YamlFileError] = YamlFileError, fast: bool = False,
) -> T:
    """``read(reader, root)`` over the YAML file at ``path``: its node tree (None for an empty file)
    walked with a :class:`Reader`. Any problem raises ``error`` naming the file and, where it can,
    the line: a file that cannot be read or is not a regular file, more than ``max_bytes``, not
    UTF-8, not valid YAML, nested too deeply, or taking more than ``cpu_seconds`` of this thread's
    CPU time (None: bounded by the size alone). ``what`` names the file for a person ("a cards file")."""
    try:
        raw = read_capped(path, max_bytes)
    except OSError as exc:
        raise error(path, None, "", f"cannot read the file ({exc.strerror or exc})") from exc
    if len(raw) > max_bytes:
        raise error(path, None, "", f"larger than {max_bytes // 1024} KB, too large for {what}")
    try:
        source = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(path, raw.count(b"\n", 0, exc.start) + 1, "", "not a text file (not valid UTF-8)") from exc
    budget = Budget(cpu_seconds)
    try:
        return read(Reader(path, budget, error), compose(source, budget, fast))
    except TooSlow as exc:
        raise error(path, exc.line, "", f"reading it took more than {budget.seconds:g} s of CPU time; "
                                        f"{what} loads in a fraction of that") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = None if mark is None else mark.line + 1
        problem = " ".join(p for p in (exc.context, exc.problem) if p)
        raise error(path, line, "", f"not valid YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise error(path, None, "", f"not valid YAML: {exc}") from None
    except RecursionError:
        raise error(path, None, "", "nested too deeply") from None
