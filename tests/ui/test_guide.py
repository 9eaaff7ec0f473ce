"""The guided first game (issue 39, point 1), played through posted events as a newcomer would: by mouse
alone and by keys alone in every language, a wrong action answered by the step's friendly line and not
played, skipping from the pause menu, and nothing saved, archived or counted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from key_driver import KeyPlayer
from ui_driver import Driver

from harmonies.app.app import App
from harmonies.app.play.places import Cell, EndButton, GuideNext, HandToken, HeldCard, Slot, Space
from harmonies.app.play.sections.guide import GuideBubble
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.catalogue import available_languages
from harmonies.rules import EndTurn, PlaceCube, PlaceToken, TakeCard, TakeTokens
from harmonies.rules.colours import Colour
from harmonies.session import SaveSlot

LANGUAGES = available_languages()
#: The cells the steps ask for (assets/guide.yaml), and where the last token goes.
BUILDING, TREE, WATER, FIELD = (2, 1), (1, 2), (2, 2), (3, 1)


def start_guide(d: Driver) -> Any:
    """The menu's guided-game button, pressed: the guided game's play scene."""
    assert d.top.name == "menu"
    d.press_widget("guide")
    d.settle()
    sc = d.top
    assert sc.name == "play" and sc.guide is not None and sc.demo
    return sc


def step_id(sc: Any) -> str:
    return str(sc.guide.step.id)


def next_button(sc: Any) -> tuple[float, float]:
    """The centre of the speech panel's Next button."""
    bubble = next(s for s in sc.screen.sections if isinstance(s, GuideBubble))
    x, y, w, h = bubble.box(sc.frame())[1]
    return (x + w / 2, y + h / 2)


def last_cell(sc: Any) -> tuple[int, int]:
    """A cell where the last token in hand may go."""
    cells: list[tuple[int, int]] = sorted(sc.table.token_cells[sc.table.hand[0]])
    return cells[0]


def play_by_mouse(d: Driver) -> None:
    """Every step with the mouse: clicks and drags, and the Next button."""
    sc = d.top
    L = sc.layout

    def token(colour: Colour, cell: tuple[int, int], drag: bool) -> None:
        i = list(sc.table.hand).index(colour)
        if drag:
            d.drag(L.hand_slots[i], sc.big_layout().to_pixel(cell))
        else:
            d.click(L.hand_slots[i])
            d.click(sc.big_layout().to_pixel(cell))
        d.settle()

    def slot_centre(rect: tuple[float, float, float, float]) -> tuple[float, float]:
        return (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)

    d.click(L.spaces[1])
    d.settle()
    token(Colour.GRAY, BUILDING, True)
    token(Colour.RED, BUILDING, False)
    token(Colour.GREEN, TREE, True)
    assert step_id(sc) == "score"
    d.click(next_button(sc))
    d.click(slot_centre(L.slots[list(sc.table.display).index("duck")]))
    d.settle()
    d.press_widget("end")
    d.settle()
    d.click(L.spaces[1])
    d.settle()
    token(Colour.BLUE, WATER, False)
    d.drag(slot_centre(L.held_slots[0]), sc.big_layout().to_pixel(WATER))
    d.settle()
    token(Colour.YELLOW, FIELD, True)
    token(sc.table.hand[0], last_cell(sc), False)
    d.press_widget("end")
    d.settle()
    for _ in range(3):
        d.click(next_button(sc))
    d.settle()


def play_by_keys(k: KeyPlayer) -> None:
    """Every step with the keys: Tab to the thing, the arrows over the board, Enter."""
    d = k.d
    sc = d.top

    def token(colour: Colour, cell: tuple[int, int]) -> None:
        k.tab_to(HandToken(list(sc.table.hand).index(colour)))
        k.press(pygame.K_RETURN)            # the token is chosen: the ring goes to the board
        k.walk_to(cell)
        k.use()

    k.tab_to(Space(1))
    k.use()
    token(Colour.GRAY, BUILDING)
    token(Colour.RED, BUILDING)
    token(Colour.GREEN, TREE)
    k.use()                                 # Enter is the Next of a step to read
    k.tab_to(Slot(list(sc.table.display).index("duck")))
    k.use()
    k.tab_to(EndButton())
    k.use()
    k.tab_to(Space(1))
    k.use()
    token(Colour.BLUE, WATER)
    k.tab_to(HeldCard(0, "duck"))
    k.press(pygame.K_RETURN)
    k.walk_to(WATER)
    k.use(pygame.K_SPACE)
    token(Colour.YELLOW, FIELD)
    token(sc.table.hand[0], last_cell(sc))
    k.tab_to(EndButton())
    k.use()
    for _ in range(3):
        k.use()


def played_the_guide(sc: Any) -> None:
    """The game below the end panel is the guide's: two turns, the building scored, the Duck's cube placed."""
    game = sc.game
    assert [type(c) for c in game.history].count(EndTurn) == 2
    assert PlaceCube("duck", WATER) in game.history and TakeCard("duck") in game.history
    assert game.score(0).buildings == 5 and game.score(0).cards == {"duck": 2}


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_guided_game_is_completed_by_mouse_alone(app: Any, code: str) -> None:
    app.set_language(code)
    d = Driver(app)
    d.frames(1)
    sc = start_guide(d)
    play_by_mouse(d)
    assert d.top.name == "guide_done", step_id(sc)
    played_the_guide(sc)
    assert app.settings.guide_done
    d.press_widget("menu")
    d.settle()
    assert d.top.name == "menu"


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_guided_game_is_completed_by_keys_alone(app: Any, code: str) -> None:
    app.set_language(code)
    d = Driver(app)
    d.frames(1)
    k = KeyPlayer(d, 0)
    k.tab_to_widget("guide")
    k.use()
    sc = d.top
    assert sc.name == "play" and sc.guide is not None
    play_by_keys(k)
    assert d.top.name == "guide_done", step_id(sc)
    played_the_guide(sc)
    k.use()                                 # "Play a real game" has the focus: the new-game screen
    assert d.top.name == "setup"


def test_a_wrong_action_is_answered_by_the_friendly_line_and_not_played(app: Any) -> None:
    d = Driver(app)
    sc = start_guide(d)
    L = sc.layout
    d.click(L.spaces[0])                    # not the ringed space
    d.settle()
    assert sc.game.history == () and sc.message == app.t("guide.no.take_space")
    d.click(L.spaces[1])
    d.settle()
    assert tuple(sc.game.history) == (TakeTokens(1),)
    d.drag(L.hand_slots[list(sc.table.hand).index(Colour.GREEN)], sc.big_layout().to_pixel(BUILDING))
    d.settle()                              # a legal drop, but not this step's: it goes back
    assert len(sc.game.history) == 1 and sc.message == app.t("guide.no.place_gray")
    d.key(pygame.K_z, pygame.KMOD_CTRL)     # Undo is answered too
    assert tuple(sc.game.history) == (TakeTokens(1),) and step_id(sc) == "place_gray"
    d.key(pygame.K_RETURN)                  # Enter does not end the turn
    assert len(sc.game.history) == 1
    assert sc.frame().guide is not None and Cell(0, BUILDING) in sc.frame().guide.rings


def test_a_step_to_read_waits_for_next(app: Any) -> None:
    d = Driver(app)
    sc = start_guide(d)
    for cmd in (TakeTokens(1), PlaceToken(Colour.GRAY, BUILDING), PlaceToken(Colour.RED, BUILDING),
                PlaceToken(Colour.GREEN, TREE)):
        assert sc.submit(cmd)
    assert sc.guide.reading and GuideNext() in [s.place for s in sc.stops()]
    assert not sc.submit(TakeCard("duck")) and sc.message == app.t("guide.no_next")
    d.key(pygame.K_SPACE)
    assert step_id(sc) == "take_card" and not sc.guide.reading


def test_esc_offers_leaving_the_guided_game(app: Any) -> None:
    d = Driver(app)
    sc = start_guide(d)
    d.click(sc.layout.spaces[1])
    d.settle()
    d.key(pygame.K_ESCAPE)
    d.settle()
    assert d.top.name == "pause"
    assert d.widget("menu").label() == app.t("guide.leave")
    assert not app.settings.guide_done
    d.press_widget("menu")
    d.settle()
    assert d.top.name == "menu" and len(app.scenes.scenes) == 1
    assert app.settings.guide_done


def test_restart_starts_the_guide_again_without_asking(app: Any) -> None:
    d = Driver(app)
    sc = start_guide(d)
    d.click(sc.layout.spaces[1])
    d.settle()
    d.key(pygame.K_ESCAPE)
    d.settle()
    d.press_widget("restart")
    d.settle()
    again = d.top
    assert again.name == "play" and again is not sc and again.guide is not None
    assert again.game.history == () and step_id(again) == "take_space"


def test_how_to_play_offers_the_guided_game_on_its_first_page(app: Any) -> None:
    d = Driver(app)
    d.press_widget("howto")
    d.settle()
    assert d.widget("guide").visible and not d.widget("prev").visible
    d.press_widget("next")
    assert not d.widget("guide").visible and d.widget("prev").visible
    d.press_widget("prev")
    d.press_widget("guide")
    d.settle()
    assert d.top.name == "play" and d.top.guide is not None
    assert [s.name for s in app.scenes.scenes] == ["menu", "play"]


def test_the_menu_highlights_the_guide_until_it_is_done(app: Any) -> None:
    d = Driver(app)
    menu = d.top
    assert menu.ui.home == 0 and d.widget("new").primary    # Enter still starts a new game
    head = app.t("guide.menu_head")
    drawn: list[str] = []
    original = menu._draw_guide_offer

    def spy(surface: pygame.Surface) -> None:
        drawn.append(head if not app.settings.guide_done else "")
        original(surface)

    menu._draw_guide_offer = spy
    d.frames(1)
    assert drawn[-1] == head
    app.apply_settings(app.settings.with_(guide_done=True))
    d.frames(1)
    assert drawn[-1] == ""
    assert d.widget("guide").visible                         # still offered, no longer highlighted


def files(folder: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in folder.rglob("*") if p.is_file()}


def test_the_guided_game_saves_archives_and_counts_nothing(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720", ai_speed="instant")), saves=slot)
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    try:
        before = files(tmp_path)
        d = Driver(app)
        start_guide(d)
        play_by_mouse(d)
        assert d.top.name == "guide_done"
        d.press_widget("menu")
        d.settle()
        assert files(tmp_path) == before
        assert not slot.has_continue() and slot.store is not None and slot.store.finished_games() == []
    finally:
        pygame.display.quit()
