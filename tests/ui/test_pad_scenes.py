"""Screens with a virtual SDL game controller (``vpad.py``): the guided game completed whatever its steps
are, a daily try started from the calendar, the pad unplugged mid-turn (the game stops and says so) and
plugged back in, the prompts on screen following the device last used, a held d-pad repeating, and
buttons rebound in Settings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from pad_driver import Pad, PadPlayer, no_posted_input, plug, unplug
from records_driver import TODAY
from records_driver import start as start_records
from ui_driver import Driver
from vpad import VirtualPad

from harmonies.app import keylist, paint
from harmonies.app.input import Intent
from harmonies.app.look import Look
from harmonies.app.scenes.daily import DailyScene
from harmonies.app.scenes.play import PlayScene
from harmonies.session.match import DailyMark
from harmonies.session.daily import deal_for


@pytest.fixture
def pad(app: Any) -> Iterator[VirtualPad]:
    found = plug(app)
    yield found
    unplug(app, found)


def play_the_guide(d: Driver, player: PadPlayer, limit: int = 200) -> Any:
    """Every step of the guided game with the pad: A for a step to read (its Next), else the step's command
    among the legal ones, done with the pad; the guide's play scene."""
    sc = d.top
    guide = sc.guide
    for _ in range(limit):
        no_posted_input()
        if d.top.name == "guide_done":
            return sc
        assert d.top is sc, d.top.name
        if guide.reading:
            before = guide.index
            player.press("a")
            d.settle()
            assert guide.index == before + 1 or d.top.name == "guide_done"
            continue
        wanted = [c for c in sc.game.legal_commands() if guide.allows(c)]
        assert wanted, f"step {guide.step.id}: nothing legal it accepts"
        before = len(sc.game.history)
        player.do(player.choose(wanted))
        assert len(sc.game.history) == before + 1, f"step {guide.step.id}: {sc.message!r}"
    raise AssertionError("the guided game did not end")


@pytest.mark.slow
@pytest.mark.parametrize("code", ["en", "ja"])
def test_the_guided_game_is_completed_with_the_pad(app: Any, pad: VirtualPad, code: str) -> None:
    app.set_language(code)
    d = Driver(app)
    player = PadPlayer(d, pad, seed=0)
    player.undos = 0
    player.focus_widget("guide")
    player.press("a")
    d.settle()
    assert d.top.name == "play" and d.top.guide is not None
    # the guide's words name the pad's buttons, never the keys
    sc = d.top
    assert keylist.say(app, "guide.no_next") == app.t("pad.say.guide.no_next", use="A")
    play_the_guide(d, player)
    assert app.settings.guide_done and sc.guide.done
    player.press("a")                        # "Play a real game" has the focus: the new-game screen
    d.settle()
    assert d.top.name == "setup"


def test_a_daily_try_is_started_from_the_calendar_with_the_pad(tmp_path: Path) -> None:
    d = start_records(tmp_path)
    pad = plug(d.app)
    try:
        p = Pad(d, pad)
        p.focus_widget("daily")
        p.press("a")
        d.frames(1)
        scene = d.top
        assert isinstance(scene, DailyScene) and scene.chosen == TODAY
        p.press("dpleft")                    # the d-pad walks the calendar: the day before, then back
        assert scene.chosen == TODAY.replace(day=TODAY.day - 1)
        p.press("dpright")
        month = scene.month
        p.press("lefttrigger")               # the triggers turn its months
        assert scene.month != month
        p.press("righttrigger")
        assert scene.month == month and scene.chosen == TODAY
        p.press("a")                         # A plays the chosen day, as Enter does
        d.frames(2)
        play = d.top
        assert isinstance(play, PlayScene) and play.config.daily == DailyMark(TODAY.isoformat(), 1)
        assert play.game.setup.seed == deal_for(TODAY).seed
    finally:
        unplug(d.app, pad)
        pygame.display.quit()


def _solo_game(d: Driver, p: Pad) -> Any:
    """A solo game started with the setup's defaults (one player), its play scene."""
    p.focus_widget("new")
    p.press("a")
    d.settle()
    p.focus_widget("players")
    while d.top.count != 1:
        p.press("dpleft")
    p.focus_widget("start")
    p.press("a")
    d.settle()
    assert d.top.name == "play"
    return d.top


def test_unplugging_the_pad_mid_turn_stops_the_game_until_it_is_back(app: Any, pad: VirtualPad) -> None:
    d = Driver(app)
    player = PadPlayer(d, pad, seed=3)
    sc = _solo_game(d, player)
    player.do(next(c for c in sc.game.legal_commands() if type(c).__name__ == "TakeTokens"))
    history = tuple(sc.game.history)
    unplug(app, pad)
    d.frames(2)
    notice = d.top
    assert notice.name == "pad_lost" and app.scenes.scenes[-2] is sc
    drawn: list[str] = []
    real_text = paint.text

    def spy(surface: pygame.Surface, app: Look, s: str, *args: Any, **kw: Any) -> pygame.Rect:
        """``paint.text`` with its own parameters, noting each line it draws."""
        drawn.append(s)
        return real_text(surface, app, s, *args, **kw)

    paint.text = spy                  # what the notice draws
    try:
        d.frames(1)
    finally:
        paint.text = real_text
    assert app.t("pad.lost_title") in drawn
    d.frames(30, 0.1)
    assert d.top is notice and sc.game.history == history     # nothing moves while it waits
    again = VirtualPad()
    try:
        d.frames(2)
        assert d.top is sc                   # plugged back in: the game goes on where it was
        PadPlayer(d, again, seed=3).do(next(c for c in sc.game.legal_commands() if type(c).__name__ == "PlaceToken"))
        assert len(sc.game.history) == len(history) + 1
    finally:
        again.detach()
        d.frames(1)


def test_unplugging_a_pad_not_in_use_says_nothing(app: Any) -> None:
    d = Driver(app)
    pad = plug(app)
    d.key(pygame.K_TAB)                    # the keys were used last
    unplug(app, pad)
    d.frames(1)
    assert d.top.name == "menu"


def test_the_prompts_follow_the_device_last_used(app: Any) -> None:
    d = Driver(app)
    pad = plug(app, vendor=0x054C, product=0x0CE6, name="DualSense Wireless Controller")
    try:
        sc = _solo_game(d, Pad(d, pad))
        assert app.pads.style == "playstation"
        line, _px = keylist.fitted_line(app, 15, 2000)
        assert "×" in line and "Tab" not in line and "Space" not in line
        assert keylist.keys_text(app, (Intent.UNDO,)) == "△"
        d.key(pygame.K_TAB)                  # a key: the keys' prompts come back, and only they
        assert app.pads.style is None
        line, _px = keylist.fitted_line(app, 15, 2000)
        assert "Tab" in line and "×" not in line
        assert sc.name == "play"
    finally:
        unplug(app, pad)


def test_a_held_d_pad_repeats_and_stops_when_let_go(app: Any, pad: VirtualPad) -> None:
    d = Driver(app)
    ui = d.top.ui
    moves = 0
    pad.button("dpdown", True)
    for _ in range(12):                      # 1.2 s held: the first press, then a repeat every REPEAT_EVERY
        before = ui.focus
        d.frames(1, 0.1)
        moves += ui.focus != before
    pad.button("dpdown", False)
    d.frames(1, 0.1)
    assert moves >= 5
    still = ui.focus
    d.frames(10, 0.1)
    assert ui.focus == still


def test_buttons_are_rebound_in_settings_with_the_pad(app: Any, pad: VirtualPad) -> None:
    d = Driver(app)
    p = Pad(d, pad)
    for name in ("settings", "keys", "change"):
        p.focus_widget(name, limit=60)
        p.press("a")
        d.settle()
    rebind = d.top
    assert rebind.name == "rebind" and "A" in rebind.notice     # its help names the pad's buttons
    p.focus_widget("intent_undo", limit=80)
    p.press("a")
    assert rebind.waiting == Intent.UNDO
    p.press("leftstick")
    assert app.settings.buttons == {"undo": ["leftstick"]} and app.input.buttons(Intent.UNDO) == ("leftstick",)
    p.press("a")                             # the ring is still on Undo: choose it again
    p.press("x")                             # the hint's button on the play screen: refused, naming it
    assert app.input.buttons(Intent.UNDO) == ("leftstick",)
    assert app.t("keys.intents.hint") in rebind.notice
    p.press("a")
    p.press("b")                             # B while waiting keeps the buttons as they are
    assert rebind.waiting is None and app.settings.buttons == {"undo": ["leftstick"]}
    p.focus_widget("reset", limit=80)
    p.press("a")
    assert app.settings.buttons == {} and app.input.buttons(Intent.UNDO) == ("y",)


#: The pad's buttons that stay on the screen they are pressed on (A and B open and close screens).
_STAYING = ("dpdown", "dpup", "dpright", "dpleft", "rightshoulder", "leftshoulder", "lefttrigger", "righttrigger",
            "x", "y", "back", "rightstick")


@pytest.mark.slow
def test_every_screen_takes_the_pads_buttons(app: Any, pad: VirtualPad) -> None:
    """Each screen of the smoke test answers every pad button through its intents without a fault, and B
    leaves or closes it."""
    from harmonies.app.smoke import iter_scenes

    d = Driver(app)
    p = Pad(d, pad)
    for name, prepare in iter_scenes(app):
        prepare()
        d.frames(1)
        for button in _STAYING:
            p.press(button)
        p.tilt(45.0)
        p.press("b")
        d.settle()
        assert app.scenes.top is not None, name
