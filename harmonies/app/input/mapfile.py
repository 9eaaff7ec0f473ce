"""Reading the input map (``assets/input.yaml``): each fault is one line naming the file, the line and
the field (``input.yaml:14: intents.undo.keys: 'Ctrl+Q+' is not a key's name``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import yaml

from .buttons import BUTTONS, parse_button
from .chords import Chord, parse
from .intents import GROUPS, Intent, overlapping


class InputMapError(ValueError):
    """A fault in the input map file."""


@dataclass(frozen=True)
class Binding:
    intent: Intent
    group: str
    chords: tuple[Chord, ...]
    #: Intents this one may share keys with on the same screen.
    shares: frozenset[Intent] = frozenset()
    #: A game controller's buttons (SDL's names, :mod:`.buttons`).
    buttons: tuple[str, ...] = ()


@dataclass(frozen=True)
class ListRow:
    """A heading (``heading``) or a row of the key list: its catalogue name, its intents, the intents of its
    key-line part (none: not on the line) and the run length its keys are written in (0: one list)."""
    heading: str = ""
    row: str = ""
    intents: tuple[Intent, ...] = ()
    line: tuple[Intent, ...] = ()
    groups: int = 0


class _Reader:
    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, node: yaml.Node | None, field: str, fault: str) -> InputMapError:
        line = f":{node.start_mark.line + 1}" if node is not None else ""
        return InputMapError(f"{self.path.name}{line}: {field}: {fault}")

    def mapping(self, node: yaml.Node, field: str) -> dict[str, yaml.Node]:
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, field, "should be a mapping")
        out: dict[str, yaml.Node] = {}
        for key, value in node.value:
            if not isinstance(key, yaml.ScalarNode) or key.value in out:
                raise self.fail(key, field, f"{getattr(key, 'value', '?')!r} is given twice or is not a name")
            out[key.value] = value
        return out

    def strings(self, node: yaml.Node, field: str) -> list[tuple[str, yaml.Node]]:
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(node, field, "should be a list")
        for item in node.value:
            if not isinstance(item, yaml.ScalarNode):
                raise self.fail(item, field, "should hold names")
        return [(str(item.value), item) for item in node.value]

    def intent(self, name: str, node: yaml.Node, field: str) -> Intent:
        try:
            return Intent(name)
        except ValueError:
            raise self.fail(node, field, f"{name!r} is not an intent") from None


#: A pad's labels by style (``xbox``, ``playstation`` …): the label of each button.
PadLabels = dict[str, dict[str, str]]


def read_map(path: Path) -> tuple[dict[Intent, Binding], tuple[ListRow, ...], PadLabels]:
    """The bindings, the key list and the pads' labels of the map file at ``path``."""
    rd = _Reader(path)
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except (OSError, UnicodeDecodeError) as exc:
        raise InputMapError(f"{path.name}: cannot be read ({exc})") from exc
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        raise InputMapError(f"{path.name}{line}: not YAML ({getattr(exc, 'problem', exc)})") from exc
    if root is None:
        raise InputMapError(f"{path.name}: is empty")
    top = rd.mapping(root, "the file")
    for name in ("intents", "key_list", "pad_labels"):
        if name not in top:
            raise rd.fail(root, name, "missing")
    bindings = _read_bindings(rd, top["intents"])
    nodes = rd.mapping(top["intents"], "intents")
    check_clashes(bindings, lambda a, b, chord: rd.fail(nodes[a], f"intents.{a}.keys",
                                                           f"{chord.name} is also {b}'s key"))
    check_button_clashes(bindings, lambda a, b, button: rd.fail(nodes[a], f"intents.{a}.buttons",
                                                                   f"{button} is also {b}'s button"))
    return bindings, _read_list(rd, top["key_list"]), _read_labels(rd, top["pad_labels"])


def _read_bindings(rd: _Reader, node: yaml.Node) -> dict[Intent, Binding]:
    out: dict[Intent, Binding] = {}
    for name, value in rd.mapping(node, "intents").items():
        field = f"intents.{name}"
        intent = rd.intent(name, value, "intents")
        fields = rd.mapping(value, field)
        unknown = set(fields) - {"group", "keys", "shares", "buttons"}
        if unknown:
            raise rd.fail(value, field, f"unknown field {sorted(unknown)[0]!r}")
        group = fields.get("group")
        if not isinstance(group, yaml.ScalarNode) or group.value not in GROUPS:
            raise rd.fail(group or value, f"{field}.group", f"should be one of {', '.join(GROUPS)}")
        chords = []
        for text, item in rd.strings(fields["keys"], f"{field}.keys") if "keys" in fields else []:
            chord = parse(text)
            if isinstance(chord, str):
                raise rd.fail(item, f"{field}.keys", chord)
            chords.append(chord)
        shares = frozenset(rd.intent(s, item, f"{field}.shares")
                           for s, item in (rd.strings(fields["shares"], f"{field}.shares") if "shares" in fields else []))
        buttons = []
        for text, item in rd.strings(fields["buttons"], f"{field}.buttons") if "buttons" in fields else []:
            button = parse_button(text)
            if button is None:
                raise rd.fail(item, f"{field}.buttons", f"{text!r} is not a button's name (one of {', '.join(BUTTONS)})")
            buttons.append(button)
        out[intent] = Binding(intent, group.value, tuple(chords), shares, tuple(dict.fromkeys(buttons)))
    missing = [i.value for i in Intent if i not in out]
    if missing:
        raise rd.fail(node, "intents", f"{missing[0]!r} is missing")
    return out


def check_clashes(bindings: dict[Intent, Binding], fault: Callable[[str, str, Chord], Exception]) -> None:
    """Raise ``fault(a, b, chord)`` for the first key that two intents of meeting groups share unasked."""
    seen: dict[Chord, list[Binding]] = {}
    for b in bindings.values():
        for chord in b.chords:
            for other in seen.get(chord, []):
                if clashes(b, other):
                    raise fault(b.intent.value, other.intent.value, chord)
            seen.setdefault(chord, []).append(b)


def check_button_clashes(bindings: dict[Intent, Binding], fault: Callable[[str, str, str], Exception]) -> None:
    """Raise ``fault(a, b, button)`` for the first button that two intents of meeting groups share unasked."""
    seen: dict[str, list[Binding]] = {}
    for b in bindings.values():
        for button in b.buttons:
            for other in seen.get(button, []):
                if clashes(b, other):
                    raise fault(b.intent.value, other.intent.value, button)
            seen.setdefault(button, []).append(b)


def clashes(a: Binding, b: Binding) -> bool:
    """Whether ``a`` and ``b`` may not share a key: their groups meet on a screen and neither shares."""
    return (a.intent != b.intent and overlapping(a.group, b.group)
            and b.intent not in a.shares and a.intent not in b.shares)


def _read_list(rd: _Reader, node: yaml.Node) -> tuple[ListRow, ...]:
    if not isinstance(node, yaml.SequenceNode):
        raise rd.fail(node, "key_list", "should be a list")
    rows = []
    for i, item in enumerate(node.value):
        field = f"key_list[{i}]"
        fields = rd.mapping(item, field)
        if "heading" in fields:
            rows.append(ListRow(heading=str(getattr(fields["heading"], "value", ""))))
            continue
        if "row" not in fields or "intents" not in fields:
            raise rd.fail(item, field, "needs a heading, or a row and its intents")
        intents = tuple(rd.intent(s, n, f"{field}.intents") for s, n in rd.strings(fields["intents"], f"{field}.intents"))
        line = tuple(rd.intent(s, n, f"{field}.line") for s, n in rd.strings(fields["line"], f"{field}.line")) \
            if "line" in fields else ()
        groups = fields.get("groups")
        if groups is not None and not (isinstance(groups, yaml.ScalarNode) and groups.value.isdigit()):
            raise rd.fail(groups, f"{field}.groups", "should be a whole number")
        rows.append(ListRow(row=str(getattr(fields["row"], "value", "")), intents=intents, line=line,
                            groups=int(groups.value) if groups is not None else 0))
    return tuple(rows)


def _read_labels(rd: _Reader, node: yaml.Node) -> PadLabels:
    """Each style's label for every button."""
    out: PadLabels = {}
    for style, labels in rd.mapping(node, "pad_labels").items():
        field = f"pad_labels.{style}"
        found = {}
        for name, value in rd.mapping(labels, field).items():
            if parse_button(name) != name:
                raise rd.fail(value, field, f"{name!r} is not a button's name")
            if not isinstance(value, yaml.ScalarNode) or not str(value.value).strip():
                raise rd.fail(value, f"{field}.{name}", "should be a label")
            found[name] = str(value.value)
        missing = [b for b in BUTTONS if b not in found]
        if missing:
            raise rd.fail(labels, field, f"{missing[0]!r} has no label")
        out[style] = found
    if "xbox" not in out:
        raise rd.fail(node, "pad_labels", "'xbox' is missing (the labels of a pad of unknown make)")
    return out
