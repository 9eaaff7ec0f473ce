"""Continue after a restart, settings kept, a spirits game, and random input into the play scene."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_driver import Driver, MousePlayer


def _app_with_data(tmp_path: Path) -> Any:
    from harmonies.app.window import make_app
    return make_app(["--data-dir", str(tmp_path), "--size", "1280x720"])


@pytest.mark.slow
def test_continue_resumes_mid_turn_after_a_restart(tmp_path: Path) -> None:
    app = _app_with_data(tmp_path)
    d = Driver(app)
    d.frames(1)
    assert "continue" not in [w.name for w in d.top.ui.widgets if w.visible]
    d.press_widget("new")
    d.frames(1)
    d.top.seats[1]["kind"] = "human"
    d.press_widget("start")
    d.frames(2)
    play = d.top
    player = MousePlayer(d, 1)
    for _ in range(2):                      # take tokens and place one: mid-turn
        player.act()
        d.settle()
    saved = play.game.to_json()
    assert play.game.hand                   # tokens still to place
    pygame.display.quit()

    app = _app_with_data(tmp_path)
    d = Driver(app)
    d.frames(1)
    assert d.widget("continue").visible
    d.press_widget("continue")
    d.frames(2)
    d.past_handover()                       # two humans: the hand-over screen comes first
    assert d.top.name == "play"
    assert d.top.game.to_json() == saved
    assert [s.kind for s in d.top.config.seats] == ["human", "human"]
    pygame.display.quit()


def test_settings_are_kept_between_runs(tmp_path: Path) -> None:
    app = _app_with_data(tmp_path)
    d = Driver(app)
    d.frames(1)
    d.press_widget("settings")
    d.frames(1)
    d.press_widget("symbols")
    d.press_widget("ai_speed")
    changed = app.settings
    assert changed.symbols is False
    pygame.display.quit()
    app = _app_with_data(tmp_path)
    assert app.settings.symbols is False and app.settings.ai_speed == changed.ai_speed
    pygame.display.quit()


def test_a_bad_settings_file_does_not_stop_the_app(tmp_path: Path) -> None:
    app = _app_with_data(tmp_path)
    pygame.display.quit()
    settings_file = app.saves.store.dirs.settings
    settings_file.parent.mkdir(parents=True, exist_ok=True)
    settings_file.write_text("{ not json", encoding="utf-8")
    app = _app_with_data(tmp_path)
    Driver(app).frames(2)
    assert app.settings.window == "1280x720"
    assert any("settings" in m.lower() for m in app.messages)
    pygame.display.quit()


def test_spirits_game_with_the_choice_on_the_first_turn(app: Any) -> None:
    from harmonies.app.scenes.play import PlayScene
    from harmonies.session import MatchConfig, Seat
    from harmonies.rules import ChooseSpirit

    app.scenes.push(PlayScene(app, MatchConfig((Seat("A"), Seat("B")), "B", True, seed=3)))
    d = Driver(app)
    d.frames(2)
    sc = d.top
    assert sc.must_choose_spirit()
    player = MousePlayer(d, 4)
    cmd = player.act()
    d.settle()
    assert isinstance(cmd, ChooseSpirit) and sc.game.player(0).spirit == cmd.spirit_id
    assert any(spirit for _cid, spirit, _n in sc.table.held_items(0))


@pytest.mark.slow
def test_random_input_never_breaks_the_game(app: Any) -> None:
    from harmonies.app.scenes.play import PlayScene
    from harmonies.session import MatchConfig, Seat
    from harmonies.rules import Game

    app.scenes.push(PlayScene(app, MatchConfig((Seat("A"), Seat("B"), Seat("C", "computer")), seed=8)))
    d = Driver(app)
    d.frames(2)
    play = d.top
    rng = random.Random(17)
    keys = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_z, pygame.K_1, pygame.K_3, pygame.K_5, pygame.K_SPACE,
            pygame.K_TAB]
    accepted: list[str] = []
    submit = play.submit

    def counting_submit(cmd: Any, dropped: bool = False) -> bool:
        ok: bool = submit(cmd, dropped)
        if ok:
            accepted.append(type(cmd).__name__)
        return ok

    play.submit = counting_submit
    L = play.layout
    spots = list(L.spaces) + list(L.hand_slots) + [(x + w / 2, y + h / 2) for x, y, w, h in L.slots + L.held_slots]
    spots += [play.big_layout().to_pixel(c) for c in play.game.shape.cells]
    spots += [(x + w / 2, y + h / 2) for x, y, w, h in (L.undo_btn, L.end_btn)]
    held = False
    for i in range(3000):
        r = rng.random()
        if rng.random() < 0.75:
            sx, sy = rng.choice(spots)
            pos = app.vp.p(sx + rng.uniform(-8, 8), sy + rng.uniform(-8, 8))
        else:
            pos = (rng.randrange(0, 1280), rng.randrange(0, 720))
        if r < 0.4:
            d.post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1 if held else 0, 0, 0))
        elif r < 0.62:
            d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)))
            held = True
        elif r < 0.85:
            d.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
            held = False
        elif r < 0.93:
            k = rng.choice(keys)
            mod = pygame.KMOD_CTRL if k == pygame.K_z and rng.random() < 0.7 else 0
            d.post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
        else:
            size = rng.choice(((1280, 720), (1920, 1080), (1024, 600)))
            pygame.display.set_mode(size, pygame.RESIZABLE)
            d.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        if i % 4 == 0:
            d.frames(1, rng.choice((0.0, 1 / 60, 0.25)))
        top = app.scenes.top
        if top is not None and top.name in ("pause", "handover", "settings") and not app.scenes.has_pending \
                and rng.random() < 0.3:
            app.scenes.pop()
        if app.scenes.top is None or app.scenes.top.name in ("menu", "scoring", "setup", "howto"):
            break
    game = play.game
    assert len(accepted) > 10, f"the random input hardly reached the rules: {accepted}"
    replayed = Game.replay(game.setup, game.history)
    assert replayed.to_json() == game.to_json()
