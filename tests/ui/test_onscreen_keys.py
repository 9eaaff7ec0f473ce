"""The on-screen keyboard (issue 49): every text field of Setup can be filled with the intents alone (the
arrows, Use or Confirm, Erase, Back), as a controller's buttons give them, or by a finger; a real keyboard
still types there, and Space typed into a name is a space, not the keyboard opening."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from ui_driver import Driver

from harmonies.app.input import Intent
from harmonies.app.scenes.onscreen_keys import OnscreenKeys, pages_for
from harmonies.app.scenes.setup import SetupScene
from harmonies.catalogue import available_languages


def _setup(app: Any, field: str) -> Driver:
    d = Driver(app)
    app.scenes.push(SetupScene(app))
    d.frames(1)
    d.top.ui.focus = d.top.ui.widgets.index(d.widget(field))
    return d


def _use(d: Driver) -> None:
    """The Use intent from a button that types nothing (a pad's): Space without its character."""
    d.key(pygame.K_SPACE)


def _go_to(d: Driver, char: str) -> None:
    """Move the ring to the key ``char`` with the arrows only (rows first, then along the row)."""
    keys = d.top
    target = next(i for i, k in enumerate(keys.keys) if k.value == char and k.kind == "char")
    row = next(r for r, row in enumerate(keys.rows) if target in row)
    for _ in range(len(keys.rows) + 2):
        if keys.ring in keys.rows[row]:
            break
        d.key(pygame.K_DOWN)
    for _ in range(20):
        if keys.ring == target:
            return
        d.key(pygame.K_RIGHT)
    raise AssertionError(f"the ring never reached {char!r}")


def test_a_name_typed_with_the_arrows_and_one_button(app: Any) -> None:
    d = _setup(app, "name0")
    _use(d)
    assert isinstance(d.top, OnscreenKeys)
    for ch in "AB":
        _go_to(d, ch)
        d.key(pygame.K_RETURN)          # Confirm types the key with the ring
    _go_to(d, "C")
    _use(d)                              # and so does Use
    d.key(pygame.K_BACKSPACE)           # Erase takes one back
    d.key(pygame.K_TAB)                 # the next page: small letters
    _go_to(d, "e")
    d.key(pygame.K_RETURN)
    d.key(pygame.K_ESCAPE)              # Back closes, keeping the name
    d.frames(1)
    setup = d.app.scenes.top
    assert isinstance(setup, SetupScene) and setup.seats[0]["name"] == "ABe"
    assert setup.config().seats[0].name == "ABe"


def test_a_pads_confirm_opens_it_and_enter_still_starts(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Confirm from anything but a key (a controller's button, here a stand-in event) opens the keyboard on
    a name; the keyboard's Enter on a name starts the game, as before."""
    d = _setup(app, "name0")
    pad_a = pygame.USEREVENT + 7
    intents = app.input.intents
    monkeypatch.setattr(app.input, "intents",
                        lambda e: frozenset({Intent.CONFIRM}) if e.type == pad_a else intents(e))
    d.post(pad_a)
    d.frames(1)
    assert isinstance(d.top, OnscreenKeys)
    d.key(pygame.K_ESCAPE)
    d.frames(1)
    d.key(pygame.K_RETURN)
    d.frames(2)
    assert d.top.name == "play"


def test_the_done_and_space_keys(app: Any) -> None:
    d = _setup(app, "name1")
    _use(d)
    keys = d.top
    space = next(i for i, k in enumerate(keys.keys) if k.kind == "space")
    done = next(i for i, k in enumerate(keys.keys) if k.kind == "done")
    d.click(tuple(v + 4 for v in keys.keys[space].rect[:2]))   # the mouse presses keys too
    assert d.top is keys and setup_name(keys) == " "
    d.click(tuple(v + 4 for v in keys.keys[done].rect[:2]))
    d.frames(1)
    assert d.top.name == "setup" and d.top.seats[1]["name"] == " "
    assert d.top.config().seats[1].name == d.top._default_name(1)  # a blank name is the default one


def setup_name(keys: OnscreenKeys) -> str:
    return str(keys.field.get())


def test_the_seed_gets_digits_only_and_its_length(app: Any) -> None:
    d = _setup(app, "seed")
    _use(d)
    keys = d.top
    assert {k.value for k in keys.keys if k.kind == "char"} == set("0123456789")
    assert not any(k.kind in ("space", "page") for k in keys.keys)
    for _ in range(25):
        d.key(pygame.K_RETURN)
    d.key(pygame.K_ESCAPE)
    d.frames(1)
    assert d.top.seed == "1" * 19


def test_a_real_keyboard_still_types_and_space_is_a_space(app: Any) -> None:
    d = _setup(app, "name0")
    d.key(pygame.K_a, text="a")
    d.post(pygame.TEXTINPUT, text="a")
    d.key(pygame.K_SPACE, text=" ")
    d.post(pygame.TEXTINPUT, text=" ")
    d.frames(1)
    assert d.top.name == "setup" and d.top.seats[0]["name"] == "a "
    _use(d)
    d.post(pygame.TEXTINPUT, text="b")
    d.frames(1)
    assert isinstance(d.top, OnscreenKeys) and d.top.field.get() == "a b"


def test_a_finger_on_a_field_opens_it_and_beside_it_closes_it(app: Any) -> None:
    d = _setup(app, "players")
    x, y, w, h = d.widget("name1").rect
    sx, sy = d.screen((x + w / 2, y + h / 2))
    ww, wh = app.window.get_size()
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        d.post(kind, touch_id=1, finger_id=0, x=sx / ww, y=sy / wh, dx=0.0, dy=0.0, pressure=1.0)
    d.frames(2)
    assert isinstance(d.top, OnscreenKeys) and d.top.field.name == "name1"
    d.click((20, 20))
    d.frames(1)
    assert d.top.name == "setup"


@pytest.mark.parametrize("code", available_languages())
def test_every_language_has_its_letters(code: str) -> None:
    letters = "".join("".join(p.rows) for p in pages_for(code, digits=False))
    assert set("ABCXYZabcxyz0123456789-'") <= set(letters)
    if code in ("fr", "es", "it"):
        assert set("éèàçñÉÈÀÇÑìòù") <= set(letters)
    if code == "ja":
        assert set("あいうえおがぱゃアイウエオガパャー") <= set(letters)
    assert "".join(p.rows[0] for p in pages_for(code, digits=True)) == "123"


def test_a_dialogs_folder_field_takes_it_too(app: Any) -> None:
    """The folder asked for by a dialog (save elsewhere, export) is typed the same way; Back closes the
    keyboard, not the dialog."""
    from harmonies.app.scenes.confirm import Action, Dialog, Page

    d = Driver(app)
    dialog = Dialog(app, Page("Where?", ["A folder"], [Action("Save", lambda: None, primary=True, name="save"),
                                                       Action("Back", lambda: None, name="back")], field="/tmp"))
    app.scenes.push(dialog)
    d.frames(1)
    _use(d)
    assert isinstance(d.top, OnscreenKeys)
    d.key(pygame.K_TAB)
    d.key(pygame.K_TAB)
    d.key(pygame.K_TAB)                 # the symbols' page: "/" is on it
    _go_to(d, "/")
    d.key(pygame.K_RETURN)
    d.key(pygame.K_ESCAPE)
    d.frames(1)
    assert d.app.scenes.top is dialog and dialog.text == "/tmp/"
