"""A game controller's part of the input map (assets/input.yaml): each button's intents, the stick's hex
direction by its angle, faults in the buttons named in one line, a player's rebinding of buttons with a
damaged entry told and its defaults kept, every pad label drawn by the bundled font, a pad's make read
from SDL's GUID, and SDL's button codes named in one module only."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pygame
import pytest

from harmonies.app.assets import asset
from harmonies.app.input import PAD_PRESS, Intent, InputMapError, default_map, read_map
from harmonies.app.input.buttons import BUTTONS, pad_press, stick_angle, stick_button
from harmonies.app.input.pads import style_of

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("button", "want"), [
    ("a", {Intent.USE, Intent.CONFIRM}),              # A uses the ring, and presses the lit button
    ("b", {Intent.BACK}),
    ("x", {Intent.HINT, Intent.FINAL_BOARDS}),         # the play screen's and the other screens' (no overlap)
    ("y", {Intent.UNDO, Intent.REPLAY}),
    ("start", {Intent.PAUSE}),
    ("back", {Intent.LOG, Intent.REVIEW}),
    ("leftshoulder", {Intent.AREA_PREVIOUS}),
    ("rightshoulder", {Intent.AREA_NEXT}),
    ("lefttrigger", {Intent.PAGE_UP}),
    ("righttrigger", {Intent.PAGE_DOWN}),
    ("dpup", {Intent.UP}),
    ("guide", set()),                                 # the system's button: nothing
])
def test_a_pad_press_gives_its_intents(button: str, want: set[Intent]) -> None:
    assert default_map().intents(pad_press(button, 0)) == want


@pytest.mark.parametrize(("angle", "hex_intent"), [
    (90.0, Intent.HEX_UP), (30.0, Intent.HEX_UP_RIGHT), (5.0, Intent.HEX_UP_RIGHT), (-5.0 % 360, Intent.HEX_DOWN_RIGHT),
    (150.0, Intent.HEX_UP_LEFT), (210.0, Intent.HEX_DOWN_LEFT), (270.0, Intent.HEX_DOWN), (330.0, Intent.HEX_DOWN_RIGHT),
])
def test_a_step_of_the_stick_gives_its_arrow_and_the_hex_direction_of_its_angle(angle: float,
                                                                               hex_intent: Intent) -> None:
    x, y = math.cos(math.radians(angle)), -math.sin(math.radians(angle))
    assert stick_angle(x, y) == pytest.approx(angle % 360)
    intents = default_map().intents(pad_press(stick_button(x, y), 0, angle))
    assert hex_intent in intents and len(intents & {Intent.UP, Intent.DOWN, Intent.LEFT, Intent.RIGHT}) == 1


def test_a_button_the_map_lacks_gives_nothing_and_a_controller_event_itself_nothing() -> None:
    m = default_map()
    assert m.intents(pygame.event.Event(PAD_PRESS, button="zz", pad=0, angle=None, repeat=False)) == set()
    assert m.intents(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=0)) == set()


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = asset("input.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "input.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "fault"), [
    ("buttons: [y]}", "buttons: [zz]}", r"intents\.undo\.buttons: 'zz' is not a button's name"),
    ("log: {group: play, keys: [L], buttons: [back]}", "log: {group: play, keys: [L], buttons: [x]}",
     r"intents\.log\.buttons: x is also hint's button"),
    ("  switch: {a: A,", "  switch: {", r"pad_labels\.switch: 'a' has no label"),
    ("  xbox: {", "  xbax: {", r"pad_labels: 'xbox' is missing"),
])
def test_a_fault_in_the_buttons_is_one_line_naming_the_file_the_line_and_the_field(
        tmp_path: Path, old: str, new: str, fault: str) -> None:
    with pytest.raises(InputMapError, match=rf"^input\.yaml:\d+: {fault}"):
        read_map(_broken(tmp_path, old, new))


def test_a_rebinding_of_buttons_is_kept_as_the_intents_that_differ_and_a_damaged_entry_keeps_its_defaults() -> None:
    m = default_map()
    mine, problems = m.with_button_overrides({"undo": ["leftstick"], "hint": ["b"], "loud": ["a"], "log": "x",
                                              "help": ["zz"]})
    assert mine.intents(pad_press("leftstick", 0)) == {Intent.UNDO}
    assert Intent.UNDO not in mine.intents(pad_press("y", 0))
    assert mine.buttons(Intent.HINT) == m.buttons(Intent.HINT)
    assert problems == [
        "settings.json: buttons.hint: b is already back's button; its default buttons are used",
        "settings.json: buttons.loud: 'loud' is not an intent; its default buttons are used",
        "settings.json: buttons.log: should be a list of button names; its default buttons are used",
        "settings.json: buttons.help: 'zz' is not a button's name; its default buttons are used",
    ]
    assert mine.button_overrides() == {"undo": ["leftstick"]}
    assert mine.reset().button_overrides() == {}


def test_every_pad_label_is_drawn_by_the_bundled_font() -> None:
    """A glyph the font lacks is drawn as its blank box: no label may draw one (hence × for Cross, not ✕)."""
    pygame.font.init()
    font = pygame.font.Font(str(asset("fonts/BIZUDPGothic-Regular.ttf")), 24)

    def shape(ch: str) -> bytes:
        return pygame.image.tobytes(font.render(ch, True, (0, 0, 0), (255, 255, 255)), "RGB")

    missing = shape("\U0010fffd")
    labels = {label for style in default_map().labels.values() for label in style.values()}
    assert len(labels) > len(BUTTONS)
    lacking = sorted({ch for label in labels for ch in label if not ch.isspace() and shape(ch) == missing})
    assert lacking == [], lacking


@pytest.mark.parametrize(("name", "guid", "style"), [
    ("Wireless Controller", "050000004c050000e60c000000810000", "playstation"),   # Sony's vendor id 054c
    ("Pro Controller", "050000007e0500000920000001800000", "switch"),            # Nintendo's 057e
    ("Steam Deck", "03000000de2800000512000011010000", "deck"),                  # Valve's 28de
    ("Xbox Wireless Controller", "050000005e040000130b000009050000", "xbox"),
    ("DualSense Wireless Controller", "not hex", "playstation"),                 # the name when the GUID says nothing
    ("Some pad", "", "xbox"),
])
def test_a_pads_make_comes_from_sdls_guid_or_its_name(name: str, guid: str, style: str) -> None:
    assert style_of(name, guid) == style


def test_only_the_buttons_module_names_sdls_controller_codes() -> None:
    pattern = re.compile(r"CONTROLLER_BUTTON_|CONTROLLER_AXIS_")
    found = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "harmonies").rglob("*.py")
                   if pattern.search(p.read_text(encoding="utf-8")))
    assert found == ["harmonies/app/input/buttons.py"]


def test_a_rebinding_of_buttons_survives_the_settings_file(tmp_path: Path) -> None:
    from harmonies.app.settings import Settings, StoreSettings
    from harmonies.persist import Store

    kept = StoreSettings(Store(tmp_path, durable=False))
    kept.save(Settings(buttons={"undo": ["leftstick"]}))
    assert kept.load().buttons == {"undo": ["leftstick"]} and kept.problem is None
    assert kept.load().keys == {}
