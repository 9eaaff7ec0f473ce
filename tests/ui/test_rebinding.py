"""Keys rebound in Settings by posted key presses (Settings → Keys → Change keys), then played with; a
clash is refused with a line naming the intent that has the key; Default keys puts them back; a damaged
entry in the settings is one line on the menu and its intent keeps its default keys."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from key_driver import Keys
from ui_driver import Driver

from harmonies.app import keylist
from harmonies.app.app import App
from harmonies.app.input import Intent
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.play import PlayScene
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.app.smoke import played_game, resume
from harmonies.rules import TakeTokens
from harmonies.session import SaveSlot


def _to_change_keys(d: Driver) -> Keys:
    k = Keys(d)
    for name in ("settings", "keys", "change"):
        k.tab_to_widget(name)
        k.press(pygame.K_RETURN)
        d.settle()
    assert d.top.name == "rebind"
    return k


def _rebind(d: Driver, k: Keys, intent: Intent, key: int, mod: int = 0) -> None:
    k.tab_to_widget(f"intent_{intent.value}", limit=60)
    k.press(pygame.K_RETURN)
    assert d.top.waiting == intent
    k.press(pygame.K_LCTRL, pygame.KMOD_LCTRL)        # a modifier alone waits for the rest of the chord
    assert d.top.waiting == intent
    k.press(key, mod)
    d.frames(1)


def _play(app: App) -> tuple[Driver, Any]:
    """A two-human game on Ada's turn, her tokens taken, on top of the stack."""
    game = played_game(2, 8, seed=12)
    game.apply(TakeTokens(next(i for i, s in enumerate(game.central) if s)))
    app.scenes.push(PlayScene(app, resume(game, 2)))
    d = Driver(app)
    d.frames(2)
    d.settle()
    return d, d.top


def _place_one(d: Driver, sc: Any) -> None:
    token = sc.table.hand[0]
    cell = sorted(sc.table.token_cells[token])[0]
    d.drag(sc.layout.hand_slots[0], sc.big_layout().to_pixel(cell))
    d.settle()


@pytest.mark.slow
def test_a_key_rebound_in_settings_by_key_presses_is_kept_and_played_with(app: App) -> None:
    d = Driver(app)
    k = _to_change_keys(d)
    _rebind(d, k, Intent.UNDO, pygame.K_u, pygame.KMOD_LCTRL)
    assert app.settings.keys == {"undo": ["Ctrl+U"]}
    assert app.settings_store.load().keys == {"undo": ["Ctrl+U"]}          # stored at once
    assert d.top.notice == app.t("keys.done", intent=app.t("keys.intents.undo"), keys="Ctrl+U")
    # a key another intent has on the play screen is refused, and said so
    _rebind(d, k, Intent.HINT, pygame.K_l)
    assert d.top.notice == app.t("keys.clash", keys="L", intent=app.t("keys.intents.log"))
    assert app.settings.keys == {"undo": ["Ctrl+U"]}
    # the key list says it: Settings' Keys page, How to play's and the rebinding page show Ctrl+U
    assert "Ctrl+U" in {row.keys for row in keylist.rows(app)}
    for _ in range(3):                                   # Esc back to the menu
        k.press(pygame.K_ESCAPE)
        d.settle()
    assert d.top.name == "menu"
    d, sc = _play(app)
    g = sc.game
    _place_one(d, sc)
    placed = len(g.history)
    d.key(pygame.K_z, pygame.KMOD_LCTRL)                 # the old key does nothing now
    d.settle()
    assert len(g.history) == placed
    d.key(pygame.K_u, pygame.KMOD_LCTRL)                 # the new one undoes
    d.settle()
    assert len(g.history) == placed - 1
    # Default keys: Ctrl+Z undoes again
    k.press(pygame.K_ESCAPE)
    d.settle()
    app.scenes.reset(MenuScene(app))
    d.settle()
    k = _to_change_keys(d)
    d.press_widget("reset")
    assert app.settings.keys == {} and d.top.notice == app.t("keys.reset_done")
    app.scenes.reset(MenuScene(app))
    d, sc = _play(app)
    _place_one(d, sc)
    placed = len(sc.game.history)
    d.key(pygame.K_z, pygame.KMOD_LCTRL)
    d.settle()
    assert len(sc.game.history) == placed - 1


@pytest.mark.slow
def test_esc_while_a_key_is_awaited_keeps_the_old_keys(app: App) -> None:
    d = Driver(app)
    k = _to_change_keys(d)
    k.tab_to_widget("intent_hint", limit=60)
    k.press(pygame.K_RETURN)
    k.press(pygame.K_ESCAPE)
    d.frames(1)
    assert d.top.name == "rebind" and d.top.waiting is None and app.settings.keys == {}


def test_a_damaged_keys_entry_is_one_line_on_the_menu_and_its_defaults_are_kept() -> None:
    keys = {"undo": ["Ctrl+Nope"], "hint": ["H"], "log": ["H"]}
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720", keys=keys)), saves=SaveSlot(enabled=False))
    try:
        assert app.messages == [
            "settings.json: keys.undo: 'Nope' is not a key's name; its default keys are used",
            "settings.json: keys.log: H is already hint's key; its default keys are used",
        ]
        press = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
        assert app.input.intents(press) == {Intent.UNDO}
    finally:
        pygame.display.quit()
