"""Player-facing text from the YAML catalogues in ``assets/locales``.

Keys are dotted paths into the nested YAML (``menu.new_game``). A value may be a
mapping with ``one``/``other`` plural forms, chosen by the ``n`` parameter.
Placeholders use ``str.format`` syntax.

No pygame here: the window, the command-line tools and the save reader all make their
sentences from these catalogues (a refusal of the rules through :func:`refusal_text`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from string import Formatter
from typing import Any

import yaml

from .resources import resource_path
from .rules import Rejected

#: What a language code looks like (``en``, ``pt_BR``); anything else is never made into a file name.
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")
FALLBACK_LANGUAGE = "en"
#: The catalogue section that holds one sentence per refusal code of the rules.
REFUSAL_SECTION = "refusal"


class CatalogueError(RuntimeError):
    """A catalogue file is missing or is not valid YAML; the message names the file."""


def _flatten(prefix: str, node: Any, out: dict[str, Any]) -> None:
    if isinstance(node, dict) and not _is_plural(node):
        for key, value in node.items():
            _flatten(f"{prefix}.{key}" if prefix else str(key), value, out)
    else:
        out[prefix] = node


def _is_plural(node: dict[Any, Any]) -> bool:
    return set(node) <= {"zero", "one", "other"} and "other" in node


def _read_yaml(language: str) -> Any:
    """The parsed catalogue file of ``language``; :class:`CatalogueError` names a missing or broken one."""
    try:
        path = resource_path(f"assets/locales/{language}.yaml")
        with path.open(encoding="utf-8") as fh:
            return yaml.safe_load(fh)
    except OSError as exc:
        raise CatalogueError(f"missing text catalogue for {language!r}: {exc}") from exc
    except yaml.YAMLError as exc:
        raise CatalogueError(f"{path}: {exc}") from exc


def has_language(language: object) -> bool:
    """Whether ``language`` is a well-formed code with a catalogue in ``assets/locales``.

    The code is checked before it becomes part of a path, so a setting such as ``../../cards``
    never opens a file.
    """
    if not isinstance(language, str) or not LANGUAGE_CODE.fullmatch(language):
        return False
    try:
        return resource_path(f"assets/locales/{language}.yaml").is_file()
    except OSError:  # the resource finder raises FileNotFoundError for a file in none of its folders
        return False


def placeholders(text: str) -> set[str]:
    """The names of the ``{placeholders}`` in one catalogue sentence."""
    return {name for _, name, _, _ in Formatter().parse(text) if name}


class Catalogue:
    """One language's strings; ``t(key, **params)`` formats one of them."""

    def __init__(self, strings: dict[str, Any], language: str, fallback: Catalogue | None = None) -> None:
        self.language = language
        self.strings = strings
        self.fallback = fallback

    @classmethod
    def load(cls, language: str = FALLBACK_LANGUAGE) -> Catalogue:
        """The catalogue of ``language`` over English; English alone for a language there is no catalogue of."""
        english = cls._read(FALLBACK_LANGUAGE)
        if language == FALLBACK_LANGUAGE or not has_language(language):
            return english
        return cls._read(language, fallback=english)

    @classmethod
    def _read(cls, language: str, fallback: Catalogue | None = None) -> Catalogue:
        data = _read_yaml(language) or {}
        flat: dict[str, Any] = {}
        _flatten("", data, flat)
        return cls(flat, language, fallback)

    def has(self, key: str) -> bool:
        return key in self.strings or (self.fallback is not None and self.fallback.has(key))

    def t(self, key: str, default: str | None = None, **params: Any) -> str:
        """The text for ``key`` with ``params`` filled in; the key itself if unknown."""
        value = self.strings.get(key)
        if value is None:
            if self.fallback is not None and self.fallback.has(key):
                return self.fallback.t(key, default, **params)
            return default if default is not None else key
        if isinstance(value, dict):
            n = params.get("n", 0)
            # English-style plural rule; languages needing more forms add "zero".
            if n == 0 and "zero" in value:
                value = value["zero"]
            elif n == 1 and "one" in value:
                value = value["one"]
            else:
                value = value["other"]
        text = str(value)
        if params:
            try:
                return text.format(**params)
            except (KeyError, IndexError, ValueError):
                return text
        return text


def refusal_text(catalogue: Catalogue, refusal: Rejected) -> str:
    """The sentence that tells a player why the rules refused a command.

    A code the catalogue has no sentence for (a catalogue older than the rules) still gives a line:
    the code and its parameters.
    """
    return catalogue.t(f"{REFUSAL_SECTION}.{refusal.code}", default=str(refusal), **refusal.params)


@lru_cache(maxsize=1)
def english() -> Catalogue:
    """The English catalogue, read once: the language of the command line and of save-file errors."""
    return Catalogue.load(FALLBACK_LANGUAGE)


def english_refusal(refusal: Rejected) -> str:
    """:func:`refusal_text` in English; the code and parameters if the catalogue cannot be read."""
    try:
        return refusal_text(english(), refusal)
    except CatalogueError:
        return str(refusal)
