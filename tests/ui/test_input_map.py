"""The input map (assets/input.yaml): read with a one-line fault naming the file, the line and the field;
each key press gives its intents; a player's rebinding in the settings, with a damaged entry told in one
line and its default keys kept; no module but the input map's knows pygame's key codes."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from harmonies.app.assets import asset
from harmonies.app.input import Intent, InputMapError, default_map, parse, read_map

ROOT = Path(__file__).resolve().parents[2]


def _press(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def test_the_shipped_map_names_every_intent_and_its_key_list_only_known_ones() -> None:
    m = default_map()
    assert set(m.bindings) == set(Intent)
    assert all(i in Intent for r in m.key_list for i in (*r.intents, *r.line))


@pytest.mark.parametrize(("key", "mod", "want"), [
    (pygame.K_TAB, 0, {Intent.NEXT}),
    (pygame.K_TAB, pygame.KMOD_LSHIFT, {Intent.PREVIOUS}),      # the chord naming more modifiers wins
    (pygame.K_RETURN, 0, {Intent.CONFIRM, Intent.END_TURN}),     # shared on purpose (`shares`)
    (pygame.K_KP_ENTER, pygame.KMOD_NUM, {Intent.CONFIRM, Intent.END_TURN}),   # Num Lock does not count
    (pygame.K_z, pygame.KMOD_RCTRL, {Intent.UNDO}),
    (pygame.K_z, 0, set()),
    (pygame.K_h, pygame.KMOD_SHIFT, {Intent.HINT}),              # Shift not named: still the hint
    (pygame.K_h, pygame.KMOD_CTRL, set()),                       # Ctrl not named: nothing
    (pygame.K_1, 0, {Intent.TAKE_1, Intent.PICK_1}),
    (pygame.K_KP2, 0, {Intent.PICK_2}),
    (pygame.K_s, 0, {Intent.HEX_DOWN, Intent.STATS}),
])
def test_a_key_press_gives_its_intents(key: int, mod: int, want: set[Intent]) -> None:
    assert default_map().intents(_press(key, mod)) == want


def test_only_key_presses_give_intents() -> None:
    assert default_map().intents(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1)) == set()


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = asset("input.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "input.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


@pytest.mark.parametrize(("old", "new", "field", "fault"), [
    ("undo: {group: play, keys: [Ctrl+Z]", "undo: {group: play, keys: [Ctrl+Zed]", "intents.undo.keys",
     "'Zed' is not a key's name"),
    ("undo: {group: play, keys: [Ctrl+Z]", "undo: {group: play, keys: [Hyper+Z]", "intents.undo.keys",
     "'Hyper' is not a modifier"),
    ("log: {group: play, keys: [L]", "log: {group: play, keys: [H]", "intents.log.keys", "H is also hint's key"),
    ("hint: {group: play, keys: [H]", "hint: {group: sofa, keys: [H]", "intents.hint.group", "should be one of"),
    ("hint: {group: play, keys: [H]", "hints: {group: play, keys: [H]", "intents", "'hints' is not an intent"),
    ("  - {row: undo, intents: [undo]}", "  - {row: undo, intents: [redo]}", "key_list[10].intents",
     "'redo' is not an intent"),
])
def test_a_fault_in_the_map_is_one_line_naming_the_file_the_line_and_the_field(
        tmp_path: Path, old: str, new: str, field: str, fault: str) -> None:
    path = _broken(tmp_path, old, new)
    with pytest.raises(InputMapError) as info:
        read_map(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"input.yaml:{_line_of(path, new.strip())}: {field}: {fault}"), message


def test_a_missing_intent_and_broken_yaml_are_named_too(tmp_path: Path) -> None:
    with pytest.raises(InputMapError, match=r"^input\.yaml:\d+: intents: 'help' is missing$"):
        read_map(_broken(tmp_path, "  help: {group: play, keys: [F1], buttons: [rightstick]}\n", ""))
    with pytest.raises(InputMapError, match=r"^input\.yaml:\d+: not YAML"):
        read_map(_broken(tmp_path, "  help: {group: play, keys: [F1], buttons: [rightstick]}", "  help: {group: play, keys: [F1]"))


def test_a_rebinding_is_kept_as_the_intents_that_differ_and_a_damaged_entry_keeps_its_defaults() -> None:
    m = default_map()
    mine, problems = m.with_overrides({"undo": ["Ctrl+U"], "hint": ["L"], "loud": ["K"], "log": "L", "help": ["F13+"]})
    assert mine.intents(_press(pygame.K_u, pygame.KMOD_CTRL)) == {Intent.UNDO}
    assert mine.intents(_press(pygame.K_z, pygame.KMOD_CTRL)) == set()
    assert mine.chords(Intent.HINT) == m.chords(Intent.HINT)
    assert problems == [
        "settings.json: keys.hint: L is already log's key; its default keys are used",
        "settings.json: keys.loud: 'loud' is not an intent; its default keys are used",
        "settings.json: keys.log: should be a list of key names; its default keys are used",
        "settings.json: keys.help: 'F13' is not a modifier (one of Ctrl, Shift, Alt, Meta); its default keys are used",
    ]
    assert mine.overrides() == {"undo": ["Ctrl+U"]}
    assert mine.reset().overrides() == {}
    assert m.with_overrides([1, 2])[1] == ["settings.json: keys: should be a mapping of intents to keys; "
                                           "the default keys are used"]


def test_chords_are_named_as_the_map_writes_them() -> None:
    for text in ("Ctrl+Z", "Shift+Tab", "Enter", "Keypad Enter", "Keypad 3", "Page Down", "F11", "Esc", "Space"):
        chord = parse(text)
        assert not isinstance(chord, str) and chord.name == text


def test_only_the_input_map_tests_pygame_key_codes() -> None:
    """Scenes, widgets, the ring and the pointer handle intents: pygame's key codes and modifier bits are
    named in harmonies/app/input/chords.py alone."""
    pattern = re.compile(r"pygame\.K_|KMOD_")
    found = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "harmonies").rglob("*.py")
                   if pattern.search(p.read_text(encoding="utf-8")))
    assert found == ["harmonies/app/input/chords.py"]


def test_a_rebinding_survives_the_settings_file(tmp_path: Path) -> None:
    from harmonies.app.settings import Settings, StoreSettings
    from harmonies.persist import Store

    kept = StoreSettings(Store(tmp_path, durable=False))
    kept.save(Settings(keys={"undo": ["Ctrl+U"]}))
    assert kept.load().keys == {"undo": ["Ctrl+U"]} and kept.problem is None
