"""Play-screen faults a new player met: banners at the end, stale turn banners, the hand-over screen."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest
from ui_driver import Driver

from harmonies.app.play.logpanel import LogPanel
from harmonies.app.scenes.handover import HandoverScene
from harmonies.app.scenes.play import PlayScene
from harmonies.rules import Game, GameSetup
from harmonies.session import MatchConfig, Resume, Seat


def _last_turn(players: int = 2) -> Game:
    """The last seat's turn with its tokens taken and placed, and a pouch too low to refill: ending it ends the game."""
    pos = Game.new(GameSetup(players=players, seed=5)).position()
    assert pos.central is not None and pos.pouch is not None
    central = [list(s) for s in pos.central]
    taken = len(central[0])
    central[0] = []
    return Game.from_position(replace(pos, current=players - 1, taken_space=0, hand=(), central=central,
                                      pouch=pos.pouch[:2], discarded=len(pos.pouch) - 2 + taken))


@pytest.fixture(autouse=True)
def _no_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game log replays from a seed, which a game built from a position has not: these tests keep no log."""
    monkeypatch.setattr(LogPanel, "follow", lambda self, history, upto=None: None)


def _play(app: Any, game: Game, *seats: Seat) -> Driver:
    app.scenes.push(PlayScene(app, Resume(game, MatchConfig(seats))))
    d = Driver(app)
    d.frames(2)
    assert d.top.name == "play"
    return d


def test_the_turn_that_ends_the_game_shows_no_last_round_and_no_refill(app: Any) -> None:
    d = _play(app, _last_turn(), Seat("Ada"), Seat("Bo"))
    sc = d.top
    d.frames(40)  # the opening turn banner goes
    d.press_widget("end")
    assert sc.game.over
    texts = [b.text for b in sc.anims.banners]
    assert app.t("play.last_round") not in texts
    # the pouch's last tokens went to the central board in the rules, but nothing flies there on screen
    assert not any(f.dst in [sc.layout.space_token_pos(0, i) for i in range(3)] for f in sc.anims.flyers)


def test_the_last_round_banner_shows_when_the_game_goes_on(app: Any) -> None:
    game = _last_turn(3)
    pos = game.position()
    d = _play(app, Game.from_position(replace(pos, current=0)), Seat("Ada"), Seat("Bo"), Seat("Cy"))
    sc = d.top
    d.press_widget("end")
    assert not sc.game.over and sc.game.end_triggered
    assert app.t("play.last_round") in [b.text for b in sc.anims.banners]


def test_one_turn_banner_at_a_time_after_the_hand_over(app: Any) -> None:
    # Ada ends her turn while her own turn banner still shows; Bo continues from the hand-over screen
    pos = _last_turn(3).position()
    assert pos.pouch is not None
    d = _play(app, Game.from_position(replace(pos, current=0, )),
              Seat("Ada"), Seat("Bo"), Seat("Cy"))
    sc = d.top
    d.press_widget("end")
    assert d.top.name == "handover"
    d.frames(30)
    d.key(pygame.K_RETURN)
    assert d.top is sc
    assert [b.text for b in sc.anims.banners if b.turn] == [sc.turn_text()] == ["Bo's turn"]
    assert len(sc.anims.banners) == 2  # the turn and the last round's notice, nothing older


def test_the_hand_over_screen_hides_the_table(app: Any) -> None:
    d = _play(app, Game.new(GameSetup(players=2, seed=5, spirits=True)), Seat("Ada"), Seat("Bo"))
    sc = d.top
    spots = [app.vp.p(x + w / 2, y + h / 2) for _, (x, y, w, h) in sc.spirit_choice_rects()]
    spots += [app.vp.p(x + 8, y + 8) for x, y, _, _ in sc.layout.seat_panels]
    assert spots
    app.scenes.push(HandoverScene(app, "Bo", 1))
    d.frames(2)
    surface = pygame.Surface(app.window.get_size())
    sc.draw(surface)
    app.scenes.top.draw(surface)
    panel = pygame.Rect(app.vp.r((340, 220, 600, 260)))
    shown = {tuple(surface.get_at(p))[:3] for p in spots if not panel.collidepoint(p)}
    assert shown == {(15, 22, 19)}, "the table shows through the hand-over screen"
