"""The guided first game (issue 39, point 1), played through posted events as a newcomer would: by mouse
alone and by keys alone in every language, a wrong action answered by the step's friendly line and not
played, skipping from the pause menu, and nothing saved, archived or counted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from key_driver import KeyPlayer
from ui_driver import Driver, first_slot

from harmonies.app.app import App
from harmonies.app.play.guide import Step
from harmonies.app.play.places import Cell, EndButton, GuideNext, HandToken, HeldCard, Slot, Space, Swap
from harmonies.app.play.sections.guide import GuideBubble
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.catalogue import available_languages
from harmonies.rules import EndTurn, Game, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens
from harmonies.rules.colours import Colour
from harmonies.session import SaveSlot

LANGUAGES = available_languages()
#: Cells the first steps ask for (assets/guide.yaml).
BUILDING, TREE, WATER = (2, 1), (1, 2), (2, 2)


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


def centre(rect: tuple[float, float, float, float]) -> tuple[float, float]:
    return (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)


def ringed_token(sc: Any) -> int:
    """The tray slot of the token the step rings (the first one, for "any")."""
    rings = sc.frame().guide.rings
    return next(m.index for m in rings if isinstance(m, HandToken))


def target_cell(sc: Any, colour: Colour, step: Step) -> tuple[int, int]:
    """Where the step's token or cube goes: its cell, or the first legal one."""
    if step.cells:
        return sorted(step.cells)[0]
    legal: frozenset[tuple[int, int]] = sc.table.token_cells[colour]
    return sorted(legal)[0]


def free_move(sc: Any) -> str:
    """What a player who plays freely does next: take the first space, place the first token in hand on its
    first legal cell, then end the turn."""
    g = sc.table
    if not g.taken_tokens_this_turn:
        return "take"
    return "place" if g.hand else "end"


def mouse_step(d: Driver, n: int) -> None:
    """Do what the step on show asks, with the mouse (tokens dragged on every other step, else clicked)."""
    sc = d.top
    L, step = sc.layout, sc.guide.step
    kind = step.kind
    if kind == "free":
        kind = {"take": "take_tokens", "place": "place_token", "end": "end_turn"}[free_move(sc)]
    if kind is None:
        d.click(next_button(sc))
    elif kind == "take_tokens":
        d.click(L.spaces[int(step.what) if step.kind == "take_tokens" else 0])
    elif kind == "place_token":
        i = ringed_token(sc) if step.kind != "free" else first_slot(sc)
        colour = sc.table.tray[i]
        cell = sc.big_layout().to_pixel(target_cell(sc, colour, step))
        if n % 2:
            d.drag(L.hand_slots[i], cell)
        else:
            d.click(L.hand_slots[i])
            d.click(cell)
    elif kind == "take_card":
        d.click(centre(L.slots[list(sc.table.display).index(step.what)]))
    elif kind == "place_cube":
        held = [cid for cid, _s, _n in sc.table.held_items(0)]
        d.drag(centre(L.held_slots[held.index(step.what)]), sc.big_layout().to_pixel(sorted(step.cells)[0]))
    elif kind == "solo_swap":
        button = centre(L.swap_btns[list(sc.table.display).index(step.what)])
        d.click(button)                     # armed
        d.click(button)                     # confirmed
    else:
        d.press_widget("end")
    d.settle()


def key_step(k: KeyPlayer) -> None:
    """Do what the step on show asks, with the keys: Tab to the thing, the arrows over the board, Enter."""
    d = k.d
    sc = d.top
    step = sc.guide.step
    kind = step.kind
    if kind == "free":
        kind = {"take": "take_tokens", "place": "place_token", "end": "end_turn"}[free_move(sc)]
    if kind is None:
        k.use()                             # Enter is the Next of a step to read
    elif kind == "take_tokens":
        k.tab_to(Space(int(step.what) if step.kind == "take_tokens" else 0))
        k.use()
    elif kind == "place_token":
        i = ringed_token(sc) if step.kind != "free" else first_slot(sc)
        cell = target_cell(sc, sc.table.tray[i], step)
        k.tab_to(HandToken(i))
        k.press(pygame.K_RETURN)            # the token is chosen: the ring goes to the board
        k.walk_to(cell)
        k.use()
    elif kind == "take_card":
        k.tab_to(Slot(list(sc.table.display).index(step.what)))
        k.use()
    elif kind == "place_cube":
        k.tab_to(HeldCard(0, step.what))
        k.press(pygame.K_RETURN)
        k.walk_to(sorted(step.cells)[0])
        k.use(pygame.K_SPACE)
    elif kind == "solo_swap":
        k.tab_to(Swap(list(sc.table.display).index(step.what)))
        k.use(pygame.K_RETURN)              # armed
        k.use(pygame.K_RETURN)              # confirmed
    else:
        k.tab_to(EndButton())
        k.use()
    d.settle()


#: More actions than the guided game can take: a step that does not move on fails the test, not a hang.
MOST_ACTIONS = 400


def play_through(sc: Any, act: Any, seen: list[str] | None = None) -> None:
    """Every step of the guided game by ``act`` (one action at a time), checking each moves the guide on (a
    free step: that it plays), until its end panel."""
    guide = sc.guide
    for n in range(MOST_ACTIONS):
        if guide.done:
            return
        step, before, played = guide.step, guide.index, len(sc.game.history)
        if seen is not None and (not seen or seen[-1] != step.id):
            seen.append(step.id)
        act(n)
        moved = guide.index > before or (step.kind == "free" and len(sc.game.history) > played)
        assert moved, (step.id, sc.message)
    raise AssertionError("the guided game did not end")


def play_by_mouse(d: Driver, seen: list[str] | None = None) -> None:
    """Every step with the mouse: clicks and drags, and the Next button."""
    play_through(d.top, lambda n: mouse_step(d, n), seen)


def play_by_keys(k: KeyPlayer, seen: list[str] | None = None) -> None:
    """Every step with the keys."""
    play_through(k.d.top, lambda n: key_step(k), seen)


def played_the_guide(sc: Any) -> None:
    """The game below the end panel is the guide's, played to its end: the building, the tall tree, the
    field, the river and the mountains scored, both cards' cubes placed, the swap made."""
    game = sc.game
    assert game.over and game.outcome is not None and game.outcome.suns is not None
    history = game.history
    assert PlaceCube("duck", WATER) in history and TakeCard("duck") in history
    assert PlaceCube("ladybug", (1, 1)) in history and SoloSwap("hedgehog") in history
    assert [type(c) for c in history].count(EndTurn) >= 7
    first_six = Game.replay(game.setup, history[:six_turns(history)])
    sheet = first_six.score(0)
    assert (sheet.trees, sheet.mountains, sheet.fields, sheet.buildings, sheet.water) == (8, 4, 5, 5, 5)
    assert sheet.cards == {"duck": 2, "ladybug": 2}


def six_turns(history: Any) -> int:
    """How many commands the first six turns (the guide's scripted ones) took."""
    ends = [i for i, c in enumerate(history) if isinstance(c, EndTurn)]
    return ends[5] + 1


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_guided_game_is_completed_by_mouse_alone(app: Any, code: str) -> None:
    app.set_language(code)
    d = Driver(app)
    d.frames(1)
    sc = start_guide(d)
    seen: list[str] = []
    play_by_mouse(d, seen)
    assert d.top.name == "guide_done", step_id(sc)
    assert seen == [step.id for step in sc.guide.steps]     # every step was on show, in order
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


def step_command(sc: Any) -> Any:
    """The command the step on show waits for, on its first cell (the scripted steps only)."""
    step: Step = sc.guide.step
    what = step.what
    cell = sorted(step.cells)[0] if step.cells else None
    if step.kind == "take_tokens":
        return TakeTokens(int(what))
    if step.kind == "place_token":
        colour = sc.table.tray[ringed_token(sc)]
        return PlaceToken(colour, cell or sorted(sc.table.token_cells[colour])[0])
    if step.kind == "take_card":
        return TakeCard(what)
    if step.kind == "place_cube":
        assert cell is not None, f"step {step.id}: a cube step names its cell"
        return PlaceCube(what, cell)
    if step.kind == "solo_swap":
        return SoloSwap(what)
    return EndTurn()


#: What the board scores once these steps are played: each lesson's words say so (assets/locales, guide.say).
LESSONS = {
    "place_green": {"trees": 1},
    "place_yellow": {"buildings": 5},
    "place_field": {"fields": 5},
    "place_tall_tree": {"trees": 8},
    "place_mountain": {"mountains": 0},
    "place_big_field": {"fields": 5},
    "place_river": {"water": 2},
    "place_river_2": {"water": 5},
    "place_mountain_2": {"mountains": 0},
    "place_mountain_beside": {"mountains": 4},
}


def test_each_lesson_scores_what_its_words_say(app: Any) -> None:
    d = Driver(app)
    sc = start_guide(d)
    checked = []
    while sc.guide.step.kind != "free":
        step = sc.guide.step
        if step.kind is None:
            d.key(pygame.K_RETURN)
        else:
            assert sc.submit(step_command(sc)), step.id
        for row, points in LESSONS.get(step.id, {}).items():
            assert getattr(sc.table.scores[0], row) == points, (step.id, row)
            checked.append(step.id)
        if step.id == "place_ladybug_cube":
            assert sc.table.scores[0].cards == {"duck": 2, "ladybug": 2}
        if step.id == "solo_swap":
            assert "hedgehog" not in sc.table.display and len(sc.table.display) == 3
    assert set(checked) == set(LESSONS)
    assert sc.table.empty_cells > sc.table.end_empty_cells   # the player plays the rest freely


@pytest.mark.slow
def test_the_finished_guided_game_stays_on_the_board_for_its_last_words(app: Any) -> None:
    d = Driver(app)
    sc = start_guide(d)
    for n in range(MOST_ACTIONS):
        if sc.game.over:
            break
        mouse_step(d, n)
    assert step_id(sc) == "game_over"
    d.frames(120)                           # two seconds: the scoresheet does not take the board away
    assert d.top is sc and sc.frame().guide is not None
    total = sc.table.scores[0].total
    assert str(total) in sc.frame().guide.text
    d.key(pygame.K_RETURN)
    assert step_id(sc) == "suns" and str(sc.table.suns) in sc.frame().guide.text
    assert sc.table.suns == sc.game.outcome.suns.total >= 3       # side A and no spirit: 3 suns at least


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
    d.drag(L.hand_slots[list(sc.table.tray).index(Colour.GREEN)], sc.big_layout().to_pixel(BUILDING))
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
