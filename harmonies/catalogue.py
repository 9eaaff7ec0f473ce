"""Player-facing text from the YAML catalogues in ``assets/locales``.

Keys are dotted paths into the nested YAML (``menu.new_game``). A value may be a
mapping of plural forms keyed by CLDR plural category (``zero``, ``one``, ``two``, ``few``,
``many``, ``other``); Babel's CLDR rules pick the category of the ``n`` parameter for the
catalogue's language (French says "0 jeton", English "0 tokens"). Placeholders use
``str.format`` syntax. :func:`system_language` negotiates the operating system's locale
against the catalogues present, with Babel.

No pygame here: the window, the command-line tools and the save reader all make their
sentences from these catalogues (a refusal of the rules through :func:`refusal_text`).
"""

from __future__ import annotations

import locale
import os
import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from string import Formatter
from typing import Any

import yaml
from babel import Locale, UnknownLocaleError, negotiate_locale

from .resources import resource_path, search_roots
from .rules import Rejected

#: What a language code looks like (``en``, ``pt_BR``); anything else is never made into a file name.
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")
FALLBACK_LANGUAGE = "en"
#: The catalogue section that holds one sentence per refusal code of the rules.
REFUSAL_SECTION = "refusal"
#: The catalogue section naming a token colour as a word ("brown"); refusals carry colours by id.
COLOUR_SECTION = "token_colour"
#: The refusal parameters that hold token colours (a stack as ``brown+gray``).
COLOUR_PARAMS = ("colour", "on")
#: The refusal parameters that hold a card's id; a refusal names the card as the catalogue does.
CARD_PARAMS = ("card", "spirit")
#: The catalogue sections naming the cards by id: animals, then Nature's Spirits.
CARD_SECTIONS = ("animal", "spirit")
#: The plural categories of CLDR; a catalogue value whose keys are among these (with ``other``) is a plural.
PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})
#: The environment variables that name the user's language, strongest first (POSIX order; LANGUAGE is GNU's list).
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class CatalogueError(RuntimeError):
    """A catalogue file is missing or is not valid YAML; the message names the file."""


def _flatten(prefix: str, node: Any, out: dict[str, Any]) -> None:
    if isinstance(node, dict) and not _is_plural(node):
        for key, value in node.items():
            _flatten(f"{prefix}.{key}" if prefix else str(key), value, out)
    else:
        out[prefix] = node


def _is_plural(node: dict[Any, Any]) -> bool:
    return set(node) <= PLURAL_CATEGORIES and "other" in node


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


def available_languages() -> list[str]:
    """The codes of the catalogues in ``assets/locales``, English first, the rest sorted."""
    found: set[str] = set()
    for root in search_roots():
        folder = root / "assets" / "locales"
        if folder.is_dir():
            found |= {p.stem for p in folder.glob("*.yaml") if LANGUAGE_CODE.fullmatch(p.stem)}
    found.add(FALLBACK_LANGUAGE)
    return [FALLBACK_LANGUAGE] + sorted(found - {FALLBACK_LANGUAGE})


@lru_cache(maxsize=None)
def _locale(language: str) -> Locale:
    try:
        return Locale.parse(language)
    except (UnknownLocaleError, ValueError):
        return Locale.parse(FALLBACK_LANGUAGE)


def plural_category(language: str, n: object) -> str:
    """The CLDR plural category of the count ``n`` in ``language`` (``fr``: 0 and 1 are ``one``)."""
    if isinstance(n, bool) or not isinstance(n, (int, float)):
        return "other"
    return str(_locale(language).plural_form(abs(n)))


def plural_categories(language: str, counts: Iterable[int] = range(0, 1001)) -> set[str]:
    """The categories the counts of this game (0 to 1000) fall in for ``language``: the forms its
    catalogue needs (CLDR's ``many`` of Spanish and French starts at a million, so it is not among them)."""
    return {plural_category(language, n) for n in counts}


def language_name(language: str) -> str:
    """The name of ``language`` in that language, as a menu shows it (Français, 日本語)."""
    name = _locale(language).get_display_name(language) or language
    return name[:1].upper() + name[1:]


def _environment_languages(environ: Mapping[str, str]) -> list[str]:
    """The languages the environment asks for, best first (``fr_FR.UTF-8`` -> ``fr_FR``)."""
    wanted: list[str] = []
    for var in LOCALE_VARIABLES:
        for item in environ.get(var, "").split(":"):
            code = item.split(".")[0].split("@")[0].strip()
            if code and code not in ("C", "POSIX"):
                wanted.append(code.replace("-", "_"))
    return wanted


def system_language(environ: Mapping[str, str] | None = None, available: list[str] | None = None) -> str:
    """The catalogue that best fits the system's locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then
    :func:`locale.getlocale`), negotiated by Babel; English when none fits."""
    wanted = _environment_languages(os.environ if environ is None else environ)
    if environ is None:
        try:
            code = locale.getlocale(locale.LC_MESSAGES if hasattr(locale, "LC_MESSAGES") else locale.LC_CTYPE)[0]
        except ValueError:
            code = None
        if code:
            wanted.append(code)
    found = negotiate_locale(wanted, available if available is not None else available_languages(), sep="_")
    return found or FALLBACK_LANGUAGE


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
            # CLDR's category of n for this language; "other" when the catalogue lacks that form.
            value = value.get(plural_category(self.language, params.get("n", 0)), value["other"])
        text = str(value)
        if params:
            try:
                return text.format(**params)
            except (KeyError, IndexError, ValueError):
                return text
        return text


def card_name(catalogue: Catalogue, card_id: str) -> str:
    """A card's name in the catalogue's language (``frog`` -> "Rana"); the id itself for a card the
    catalogue does not name (a card of a user's own cards file)."""
    for section in CARD_SECTIONS:
        key = f"{section}.{card_id}"
        if catalogue.has(key):
            return catalogue.t(key)
    return card_id


def refusal_text(catalogue: Catalogue, refusal: Rejected, name: Callable[[str], str] | None = None) -> str:
    """The sentence that tells a player why the rules refused a command.

    A code the catalogue has no sentence for (a catalogue older than the rules) still gives a line:
    the code and its parameters. Token colours are put in the catalogue's words, cards by their names:
    ``name`` gives a card's name from its id (the play screen's knows the cards of the game), else
    :func:`card_name`.
    """
    params = dict(refusal.params)
    for key in COLOUR_PARAMS:
        value = params.get(key)
        if isinstance(value, str):
            params[key] = "+".join(catalogue.t(f"{COLOUR_SECTION}.{part}", default=part) for part in value.split("+"))
    for key in CARD_PARAMS:
        value = params.get(key)
        if isinstance(value, str):
            params[key] = name(value) if name is not None else card_name(catalogue, value)
    return catalogue.t(f"{REFUSAL_SECTION}.{refusal.code}", default=str(refusal), **params)


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
