"""Player settings and where they are kept.

The app only talks to a :class:`SettingsStore`. Until the saves package provides
real files (``harmonies.persist``), :class:`MemorySettingsStore` keeps them for
the session; :func:`default_store` picks the persistent one when it exists.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Protocol

from ..catalogue import has_language

WINDOW_SIZES = ("1280x720", "1600x900", "1920x1080")
AI_SPEEDS = ("slow", "normal", "fast", "instant")
#: The text sizes offered, in per cent of the normal size.
TEXT_SIZES = (100, 125, 150)
#: Seconds between two computer actions, and the length of one move animation.
SPEED_TIMING = {"slow": (0.9, 0.45), "normal": (0.5, 0.3), "fast": (0.18, 0.16), "instant": (0.0, 0.0)}
#: The smallest and largest window the settings may ask for (the largest is a 4K screen).
MIN_WINDOW = (640, 360)
MAX_WINDOW = (3840, 2160)
_WINDOW_TEXT = re.compile(r"(\d{1,6})x(\d{1,6})")


@dataclass(frozen=True)
class Settings:
    window: str = "1280x720"
    fullscreen: bool = False
    ai_speed: str = "normal"
    symbols: bool = True
    volume: int = 70
    #: Every text's size in per cent of its normal size (one of :data:`TEXT_SIZES`).
    text_size: int = 100
    #: What the other seats just did stays on show until the player's first action (else it fades).
    recap_keep: bool = False
    #: The guided first game was finished or left once: the menu no longer highlights it.
    guide_done: bool = False
    #: The catalogue's language code; empty until the player chooses one, so the system's locale is followed.
    language: str = ""
    #: The setup of the last game started (seats with names, kinds and levels, side, spirits), which
    #: the setup screen offers again; read loosely by :func:`harmonies.app.scenes.setup.remembered`.
    last_setup: dict[str, Any] = field(default_factory=dict)
    #: The player's rebinding: intent name to key names, for the intents whose keys differ from the
    #: input map's (``assets/input.yaml``); read by :func:`harmonies.app.input.player_map`.
    keys: dict[str, Any] = field(default_factory=dict)
    #: The same for a game controller's buttons (intent name to SDL button names).
    buttons: dict[str, Any] = field(default_factory=dict)
    #: The settings among :data:`DEVICE_SETTINGS` that the player set themselves (in Settings, or F11 for
    #: full screen): a device's own defaults (:meth:`for_device`) never change those.
    chosen: list[str] = field(default_factory=list)

    @property
    def window_size(self) -> tuple[int, int]:
        """The window size asked for, kept between :data:`MIN_WINDOW` and :data:`MAX_WINDOW`."""
        size = parse_window(self.window) or parse_window(Settings.window)
        assert size is not None
        return size

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Build from a loose mapping; unknown keys and wrongly typed values fall back to defaults."""
        default = cls()
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            want = type(getattr(default, f.name))
            if want is int and isinstance(value, bool):
                continue
            if isinstance(value, want):
                values[f.name] = value
        s = replace(default, **values)
        if s.ai_speed not in AI_SPEEDS:
            s = replace(s, ai_speed=default.ai_speed)
        if s.text_size not in TEXT_SIZES:
            s = replace(s, text_size=default.text_size)
        size = parse_window(s.window)
        window = f"{size[0]}x{size[1]}" if size is not None else default.window
        language = s.language if has_language(s.language) else ""
        s = replace(s, volume=min(100, max(0, s.volume)), window=window, language=language)
        return replace(s, chosen=_chosen(s))

    def choosing(self, old: Settings) -> Settings:
        """These settings, with each of :data:`DEVICE_SETTINGS` that differs from ``old`` counted as chosen."""
        changed = [name for name in DEVICE_SETTINGS if getattr(old, name) != getattr(self, name)]
        if all(name in self.chosen for name in changed):
            return self
        return replace(self, chosen=[*self.chosen, *(n for n in changed if n not in self.chosen)])

    def for_device(self, defaults: dict[str, Any]) -> Settings:
        """These settings with a device's own ``defaults`` (a Steam Deck's: full screen, larger text) in place
        of the values the player has not chosen."""
        return replace(self, **{name: value for name, value in defaults.items()
                                if name in DEVICE_SETTINGS and name not in self.chosen})


#: The settings whose default depends on the device (a Steam Deck's screen), unless the player chose them.
DEVICE_SETTINGS = ("window", "fullscreen", "text_size")
#: The values of :data:`DEVICE_SETTINGS` on a Steam Deck: its whole 1280x800 screen, text at 125 %.
DECK_DEFAULTS: dict[str, Any] = {"window": "1280x800", "fullscreen": True, "text_size": 125}


def _chosen(s: Settings) -> list[str]:
    """The chosen settings of ``s``: those it lists, known and once each, and those whose value is neither
    the normal default nor a Steam Deck's (so a file written before the list existed keeps its choices)."""
    default = Settings()
    listed = [name for name in dict.fromkeys(n for n in s.chosen if isinstance(n, str)) if name in DEVICE_SETTINGS]
    unlike = [name for name in DEVICE_SETTINGS if name not in listed
              and getattr(s, name) not in (getattr(default, name), DECK_DEFAULTS[name])]
    return listed + unlike


def parse_window(text: str) -> tuple[int, int] | None:
    """``"1280x720"`` as (1280, 720), clamped between :data:`MIN_WINDOW` and :data:`MAX_WINDOW`; None if malformed."""
    match = _WINDOW_TEXT.fullmatch(text.strip().lower()) if isinstance(text, str) else None
    if match is None:
        return None
    w, h = int(match.group(1)), int(match.group(2))
    return (min(MAX_WINDOW[0], max(MIN_WINDOW[0], w)), min(MAX_WINDOW[1], max(MIN_WINDOW[1], h)))


class SettingsStore(Protocol):
    def load(self) -> Settings: ...

    def save(self, settings: Settings) -> None: ...


class MemorySettingsStore:
    """Keeps settings for this run only (tests, and until persistence exists)."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()

    def load(self) -> Settings:
        return self.settings

    def save(self, settings: Settings) -> None:
        self.settings = settings


class StoreSettings:
    """Settings kept by the saves package's ``Store`` (atomic file in the user config folder).

    A damaged file has already been set aside by the store; the defaults are used and
    ``problem`` holds the message to show.
    """

    def __init__(self, store: Any) -> None:
        self.store = store
        self.problem: str | None = None

    def load(self) -> Settings:
        try:
            loaded = self.store.load_settings(Settings())
        except Exception as exc:
            self.problem = str(exc)
            return Settings()
        data = asdict(loaded) if isinstance(loaded, Settings) else dict(loaded or {})
        return Settings.from_dict(data)

    def save(self, settings: Settings) -> None:
        try:
            self.store.save_settings(settings)
        except Exception as exc:
            self.problem = str(exc)
