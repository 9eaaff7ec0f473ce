"""Reading YAML that refuses a key written twice in one mapping, for the data files outside the cards.

PyYAML's ``safe_load`` keeps the last of two equal keys and drops the first without a word. The
loader here refuses it with ``yaml.MarkedYAMLError`` at the second key, so a caller's usual handling
of bad YAML names the line. (The cards and challenges files have their own checking reader, which
refuses duplicates itself: :mod:`harmonies.rules.cards`.)
"""

from __future__ import annotations

from typing import Any

import yaml

_BASE: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_MERGE = "tag:yaml.org,2002:merge"


class _StrictLoader(_BASE):  # type: ignore[valid-type,misc]
    """The safe loader, with mappings built only when no key is written twice."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == _MERGE:  # "<<: *base" brings keys the mapping may then override
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                twice = key in seen
            except TypeError:  # a key that is a list or a mapping: the base loader refuses it
                continue
            if twice:
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping", node.start_mark, f"the key {key!r} is written twice", key_node.start_mark)
            seen.add(key)
        return dict(super().construct_mapping(node, deep=deep))


def load(text: str) -> Any:
    """The YAML document in ``text`` (safe types only); ``yaml.YAMLError`` for bad YAML or a key written twice."""
    return yaml.load(text, Loader=_StrictLoader)
