"""Keyboard use outside the turn itself: the Keys page of Settings and How to play (one key list), the
key line on the play screen, the card preview under the ring, other boards by Tab, and Left/Right
between buttons side by side."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from key_driver import Keys
from test_finished_ui import menu_with_finished_games
from test_saves_ui import Breakage, make_app, saved_game, start_game, take_and_undo
from textfit import drawn_texts
from ui_driver import Driver

from harmonies.app import keylist, paint
from harmonies.app.input import Intent, default_map
from harmonies.app.play.places import Cell, HandToken, HeldCard, SeatBoard, Slot, UndoButton
from harmonies.app.scenes.confirm import Action, Dialog, Page
from harmonies.app.scenes.howto import HowToScene
from harmonies.app.scenes.play import PlayScene
from harmonies.app.scenes.settings import SettingsScene
from harmonies.app.smoke import played_game, resume
from harmonies.catalogue import Catalogue, available_languages
from harmonies.rules import TakeTokens
from harmonies.session import SaveSlot


def _texts(monkeypatch: pytest.MonkeyPatch, app: Any) -> list[str]:
    """Every string the next frame draws."""
    return drawn_texts(monkeypatch, lambda: app.step(1 / 60, events=[]))


def _key_words(app: Any) -> set[str]:
    return {w for row in keylist.rows(app) for w in (row.keys, row.heading) if w}


def test_settings_opens_the_keys_page_from_the_keyboard(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    d = Driver(app)
    k = Keys(d)
    k.tab_to_widget("settings")
    k.press(pygame.K_RETURN)
    d.settle()
    assert d.top.name == "settings"
    k.tab_to_widget("keys")
    k.press(pygame.K_RETURN)
    d.settle()
    assert d.top.name == "keys"
    drawn = _texts(monkeypatch, app)
    assert _key_words(app) <= set(drawn)      # every key and heading of the list is on the page
    assert any(row.does in drawn or row.does.startswith(tuple(drawn)) for row in keylist.rows(app) if row.does)
    k.press(pygame.K_ESCAPE)
    d.settle()
    assert d.top.name == "settings"


def test_how_to_play_ends_with_the_same_key_list(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    d = Driver(app)
    app.scenes.push(SettingsScene(app))
    d.settle()
    d.press_widget("keys")
    d.settle()
    on_settings = set(_texts(monkeypatch, app))
    app.scenes.push(HowToScene(app))
    d.settle()
    for _ in range(d.top.count):
        d.key(pygame.K_RIGHT)
    assert d.top.page == d.top.count - 1
    on_howto = set(_texts(monkeypatch, app))
    assert _key_words(app) <= on_settings and _key_words(app) <= on_howto
    # the same words, wherever each page's width and size wrap them
    words = {w for s in on_settings - {app.t("keys.title"), app.t("settings.back"), app.t("keys.change")}
             for w in s.split()}
    assert words <= {w for s in on_howto for w in s.split()}
    assert {w for row in keylist.rows(app) for w in row.does.split()} <= words


@pytest.mark.parametrize("code", [c for c in available_languages() if c != "en"])
def test_every_language_words_every_row_of_the_input_map_s_key_list_and_every_intent(code: str) -> None:
    """The key list is the map's (assets/input.yaml); each language has its own words for each of its rows,
    for its key-line parts (with the keys' place) and for each intent (the names Change keys shows)."""
    own, english = Catalogue.load(code).strings, Catalogue.load("en").strings
    listed = default_map().key_list
    for r in listed:
        if r.heading:
            assert f"keys.headings.{r.heading}" in own
            continue
        assert f"keys.rows.{r.row}" in own
        if r.line:
            assert "{keys}" in own[f"keys.lines.{r.row}"]
    assert all(f"keys.intents.{i.value}" in own for i in Intent)
    does = [f"keys.rows.{r.row}" for r in listed if r.row]
    assert [own[k] for k in does] != [english[k] for k in does]


@pytest.fixture
def duo(app: Any) -> Driver:
    """Two human seats, Ada to play, her tokens taken."""
    game = played_game(2, 8, seed=12)
    game.apply(TakeTokens(next(i for i, s in enumerate(game.central) if s)))
    app.scenes.push(PlayScene(app, resume(game, 2)))
    d = Driver(app)
    d.frames(2)
    d.settle()
    return d


def _focus(d: Driver) -> Any:
    return d.top.pointer.cursor.current()


def test_the_key_line_shows_in_the_top_bar_while_the_ring_is_up(duo: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    d = duo
    app = d.app
    line_parts = keylist.line_parts(app)
    assert len(line_parts) >= 4
    assert not any(p in s for s in _texts(monkeypatch, app) for p in line_parts)   # no ring: no key line
    d.key(pygame.K_TAB)
    assert _focus(d) is not None
    shown = [s for s in _texts(monkeypatch, app) if line_parts[0] in s]
    assert shown == [keylist.LINE_GAP.join(line_parts)]
    d.key(pygame.K_ESCAPE)                        # the ring goes: the line goes
    assert not any(line_parts[0] in s for s in _texts(monkeypatch, app))


def test_the_key_line_shrinks_a_little_then_drops_its_last_parts_when_the_room_is_short(app: Any) -> None:
    parts = keylist.line_parts(app)
    whole = keylist.LINE_GAP.join(parts)
    width = paint.text_width(app, whole, 15)
    assert keylist.fitted_line(app, 15, width) == (whole, 15)
    text, px = keylist.fitted_line(app, 15, width - 20)
    assert text == whole and 13 <= px < 15
    shorter = keylist.LINE_GAP.join(parts[:-1])
    assert keylist.fitted_line(app, 15, paint.text_width(app, shorter, 13) + 1)[0] == shorter
    assert keylist.fitted_line(app, 15, 5)[0] == ""


def test_a_card_under_the_ring_is_previewed_as_under_the_mouse(duo: Driver) -> None:
    d = duo
    sc = d.top
    k = Keys(d)
    k.tab_to_ring(Slot)
    slot = _focus(d)
    assert isinstance(slot, Slot)
    plain = pygame.Surface.copy(d.app.window)
    d.frames(40)                                   # the preview comes after a short rest, as for the mouse
    assert sc.hover_card == (sc.game.display[slot.slot], False, sc.layout.slots[slot.slot])
    x, y, w, h = sc.layout.slots[slot.slot]
    beside = d.app.vp.r((x + w + 20, y + 20, 120, 150))
    assert pygame.image.tobytes(d.app.window.subsurface(beside).copy(), "RGB") != \
        pygame.image.tobytes(plain.subsurface(beside).copy(), "RGB")
    # on a held card too
    held = sc.table.held_items(0)
    if held:
        while not isinstance(_focus(d), HeldCard):
            k.press(pygame.K_TAB)
        d.frames(40)
        assert sc.hover_card is not None and sc.hover_card[0] == _focus(d).card_id
    d.key(pygame.K_ESCAPE)
    d.frames(2)
    assert sc.hover_card is None or sc.hover_card[0] not in sc.game.display


def test_tab_reaches_the_other_boards_and_enter_shows_one(duo: Driver) -> None:
    d = duo
    sc = d.top
    k = Keys(d)
    k.tab_to_ring(SeatBoard(1))
    assert _focus(d) == SeatBoard(1)
    k.press(pygame.K_RETURN)
    assert sc.view_seat == 1
    stops = sc.pointer.cursor.stops()
    assert SeatBoard(0) in stops and not any(isinstance(s, Cell) for s in stops)
    k.press(pygame.K_TAB)                          # on to Ada's own board: Enter brings it back
    while _focus(d) != SeatBoard(0):
        k.press(pygame.K_TAB)
    k.press(pygame.K_RETURN)
    assert sc.view_seat is None


def test_left_and_right_step_between_buttons_side_by_side(app: Any) -> None:
    d = Driver(app)
    pressed: list[str] = []
    page = Page("Title", ["Body"], [Action("One", lambda: pressed.append("one"), name="one"),
                                    Action("Two", lambda: pressed.append("two"), primary=True, name="two"),
                                    Action("Three", lambda: pressed.append("three"), name="three")], focus=0)
    app.scenes.push(Dialog(app, page))
    d.frames(1)
    k = Keys(d)
    assert k.focused_name() == "one"
    k.press(pygame.K_RIGHT)
    k.press(pygame.K_RIGHT)
    assert k.focused_name() == "three"
    k.press(pygame.K_LEFT)
    assert k.focused_name() == "two"
    k.press(pygame.K_RETURN)
    assert pressed == ["two"]


def test_a_choice_keeps_left_and_right_for_itself(app: Any) -> None:
    d = Driver(app)
    app.scenes.push(SettingsScene(app))
    d.frames(1)
    k = Keys(d)
    k.tab_to_widget("symbols")
    before = app.settings.symbols
    k.press(pygame.K_RIGHT)
    assert k.focused_name() == "symbols" and app.settings.symbols != before


def test_undo_is_a_stop_of_the_ring(duo: Driver) -> None:
    d = duo
    sc = d.top
    g = sc.game
    k = Keys(d)
    k.tab_to_ring(HandToken)
    token = sc.table.tray[_focus(d).index]
    k.press(pygame.K_RETURN)                       # the token is chosen, the ring on a cell it may go to
    k.press(pygame.K_RETURN)
    d.settle()
    assert len(g.hand) == 2
    k.tab_to_ring(UndoButton())
    assert _focus(d) == UndoButton()
    k.press(pygame.K_RETURN)
    d.settle()
    assert len(g.hand) == 3 and token in g.hand
    assert _focus(d) is not None                   # the ring stays up, on Undo or on what comes first


def test_every_scene_by_keys_alone_from_the_menu(tmp_path: Path) -> None:
    """A tour without the mouse: finished games, a scoresheet and its boards, the replay, How to play,
    Settings and Keys, a new game, the pause menu, a confirm dialog, Continue."""
    d = menu_with_finished_games(tmp_path)
    k = Keys(d)

    def enter(name: str, scene: str) -> None:
        k.tab_to_widget(name)
        k.press(pygame.K_RETURN)
        d.settle()
        assert d.top.name == scene, f"{name} led to {d.top.name}, not {scene}"

    try:
        enter("finished", "finished")
        k.press(pygame.K_DOWN)
        k.press(pygame.K_RETURN)                    # the chosen game's scoresheet
        d.settle()
        assert d.top.name == "scoring" and d.top.review
        k.press(pygame.K_b)
        assert d.top.show_boards
        enter("back", "finished")
        k.press(pygame.K_r)
        d.settle()
        assert d.top.name == "replay"
        k.press(pygame.K_HOME)
        start = d.top.replay.step
        k.press(pygame.K_RIGHT)
        k.press(pygame.K_DOWN)
        assert d.top.replay.step > start + 1
        k.press(pygame.K_ESCAPE)
        d.settle()
        enter("back", "menu")
        enter("howto", "howto")
        k.press(pygame.K_RIGHT)
        assert d.top.page == 1
        enter("back", "menu")
        enter("settings", "settings")
        enter("keys", "keys")
        enter("back", "settings")
        enter("back", "menu")
        # a game: Enter on the menu opens setup, Enter there starts it; the ring takes tokens
        k.press(pygame.K_RETURN)
        d.settle()
        assert d.top.name == "setup"
        k.press(pygame.K_RETURN)
        d.settle()
        play = d.top
        assert play.name == "play"
        k.press(pygame.K_TAB)
        k.press(pygame.K_RETURN)
        d.settle()
        assert play.game.taken_tokens_this_turn
        k.press(pygame.K_ESCAPE)                    # the ring goes, then the pause menu comes
        k.press(pygame.K_ESCAPE)
        d.settle()
        assert d.top.name == "pause"
        enter("restart", "dialog")                  # a game is in progress: Restart asks first
        assert k.focused_name() == "back"           # the safe choice first
        k.press(pygame.K_LEFT)
        assert k.focused_name() == "go"
        k.press(pygame.K_RIGHT)
        k.press(pygame.K_RETURN)
        d.settle()
        assert d.top is play and play.game.taken_tokens_this_turn
        k.press(pygame.K_ESCAPE)
        d.settle()
        enter("menu", "menu")
        k.press(pygame.K_RETURN)                    # Continue is the first choice
        d.settle()
        assert d.top.name == "play" and d.top.game.taken_tokens_this_turn
    finally:
        pygame.display.quit()


@pytest.mark.slow
def test_the_save_elsewhere_dialog_by_keys_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves fail; leaving for the menu asks; Enter on Save elsewhere, Backspace and typing for the folder,
    Enter saves there, Enter again leaves."""
    broken = Breakage("disk_full", tmp_path / "data", monkeypatch)
    app = make_app(SaveSlot(broken.folder))
    try:
        d = start_game(app)
        k = Keys(d)
        broken.break_()
        take_and_undo(d)()
        game = d.top.game.to_json()
        k.press(pygame.K_ESCAPE)
        d.settle()
        k.tab_to_widget("menu")
        k.press(pygame.K_RETURN)
        d.settle()
        assert d.top.name == "dialog" and k.focused_name() == "elsewhere"
        k.press(pygame.K_RETURN)
        assert d.top.page.field is not None and k.focused_name() == "field"
        for _ in range(len(d.top.text)):
            k.press(pygame.K_BACKSPACE)
        assert d.top.text == ""
        rescue = tmp_path / "rescue"
        k.type(str(rescue))
        k.press(pygame.K_RETURN)
        assert saved_game(rescue) == game
        assert k.focused_name() == "go"
        k.press(pygame.K_RETURN)
        d.settle()
        assert d.top.name == "menu"
    finally:
        broken.fix()
        pygame.display.quit()


def test_the_first_key_in_the_menu_moves_on_from_new_game(app: Any) -> None:
    """New game is lit and what Enter does; the first Down goes on to the next choice (it does not only show
    the ring on New game), and the first Up to the last (the guided game's offer, lowest on the screen)."""
    d = Driver(app)
    assert d.top.name == "menu" and d.top.ui.focused is None
    d.key(pygame.K_DOWN)
    assert d.top.ui.focused is not None and d.top.ui.focused.name == "finished"
    d.top.ui.focus = -1
    d.key(pygame.K_UP)
    assert d.top.ui.focused is not None and d.top.ui.focused.name == "guide"
