"""Draw every scene once offscreen (dummy video driver), for the smoke test and screenshots.

``render_every_scene`` raises if an asset is missing (fonts, palette, catalogue).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pygame

from harmonies.ai import make_player, take_turn
from harmonies.rules import Game, GameSetup, PlaceToken, TakeTokens
from harmonies.session import MatchConfig, Resume

from .app import App
from .navigation import OpenDaily, OpenGuide, OpenGuideDone
from .scene import Scene
from .scenes.daily_start import daily_service
from .scenes.challenges import ChallengesScene
from .scenes.finished import FinishedScene
from .scenes.handover import HandoverScene
from .scenes.howto import HowToScene
from .scenes.keys import KeysScene
from .scenes.rebind import RebindScene
from .scenes.menu import MenuScene
from .scenes.pause import PauseScene
from .scenes.play import PlayScene
from .scenes.replay import ReplayScene
from .scenes.scoring import ScoringScene
from .scenes.settings import SettingsScene
from .scenes.setup import SetupScene
from .scenes.stats import StatsScene
from .settings import MemorySettingsStore, Settings

NAMES = ("menu", "setup", "settings", "howto", "play", "spirit_choice", "pause", "handover", "scoring", "solo_scoring",
         "replay")


def _drivers() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def played_game(players: int, turns: int, seed: int = 3, side: str = "A", spirits: bool = False,
                finish: bool = False, level: str = "medium") -> Game:
    """A game advanced by computer players (``turns`` whole turns, or to the end)."""
    game = Game.new(GameSetup(players=players, side=side, spirits=spirits, seed=seed))
    bots = [make_player(level, seed + i) for i in range(players)]
    n = 0
    while not game.over and (finish or n < turns):
        take_turn(bots[game.current], game)
        n += 1
    return game


def habitat_formed_game() -> Game:
    """A solo game in which the token just placed formed a held card's habitat (a cube waits to be placed)."""
    for seed in range(1, 60):
        game = played_game(1, 3, seed=seed)
        game.apply(TakeTokens(next(i for i, s in enumerate(game.central) if s)))
        for cmd in [c for c in game.legal_commands() if isinstance(c, PlaceToken)]:
            after = game.clone()
            after.apply(cmd)
            if after.cube_options():
                return after
    raise AssertionError("no seed gives a habitat formed by one token")


def meta_for(game: Game, humans: int = 1) -> dict[str, Any]:
    names = ["Ada", "Bruno", "Chiara", "Dai"]
    seats = [{"name": names[i], "kind": "human" if i < humans else "computer", "level": "medium"}
             for i in range(game.setup.players)]
    return {"seats": seats}


def resume(game: Game, humans: int = 1) -> Resume:
    """``game`` to play on, with ``humans`` human seats and computers in the others."""
    return Resume.from_saved(game, meta_for(game, humans))


def iter_scenes(app: App) -> Iterator[tuple[str, Callable[[], None]]]:
    """(name, prepare) pairs; after ``prepare()`` one ``app.step`` shows the scene."""

    def menu() -> None:
        app.scenes.reset(MenuScene(app))

    def push(scene_cls: Callable[[App], Scene]) -> Callable[[], None]:
        def go() -> None:
            app.scenes.reset(MenuScene(app))
            app.scenes.push(scene_cls(app))
        return go

    cache: dict[str, Game] = {}

    def once(key: str, make: Callable[[], Game]) -> Game:
        if key not in cache:
            cache[key] = make()
        return cache[key].clone()

    def play_scene() -> PlayScene:
        """A game of three in its middle, a token just taken (the demo saves nothing)."""
        game = once("mid", lambda: played_game(3, 14))
        game.apply(TakeTokens(next(i for i, s in enumerate(game.central) if s)))
        app.scenes.reset(MenuScene(app))
        scene = PlayScene(app, resume(game), demo=True)
        app.scenes.push(scene)
        return scene

    def play() -> None:
        play_scene()

    def play_keys() -> None:
        game = once("keys", lambda: played_game(2, 8, seed=12))
        game.apply(TakeTokens(next(i for i, s in enumerate(game.central) if s)))
        app.scenes.reset(MenuScene(app))
        app.scenes.push(PlayScene(app, resume(game, 2), demo=True))
        app.step(0.0, events=[])
        scene = app.scenes.top
        assert isinstance(scene, PlayScene)
        scene.pointer.cursor.to_hand()      # the keyboard ring on a token: the key line shows in the top bar

    def howto_keys() -> None:
        app.scenes.reset(MenuScene(app))
        scene = HowToScene(app)
        scene.page = scene.count - 1
        app.scenes.push(scene)

    def spirit() -> None:
        game = played_game(2, 0, spirits=True, side="B")
        app.scenes.reset(MenuScene(app))
        app.scenes.push(PlayScene(app, resume(game, 2), demo=True))

    def pause() -> None:
        below = play_scene()
        app.scenes.push(PauseScene(app, below.game, tuple(seat.name for seat in below.config.seats), below.restart))

    def handover() -> None:
        play()
        app.scenes.push(HandoverScene(app, "Bruno", 1))

    def scoring() -> None:
        game = once("end4", lambda: played_game(4, 0, finish=True, spirits=True, level="easy"))
        cfg = MatchConfig.from_meta(meta_for(game, 2), 4)
        app.scenes.reset(MenuScene(app))
        app.scenes.push(ScoringScene(app, game, cfg))

    def solo_scoring() -> None:
        game = once("end1", lambda: played_game(1, 0, finish=True, side="B", level="easy"))
        cfg = MatchConfig.from_meta(meta_for(game), 1)
        app.scenes.reset(MenuScene(app))
        app.scenes.push(ScoringScene(app, game, cfg))

    def replay() -> None:
        game = once("end4", lambda: played_game(4, 0, finish=True, spirits=True, level="easy"))
        names = [seat["name"] for seat in meta_for(game, 2)["seats"]]
        app.scenes.reset(MenuScene(app))
        viewer = ReplayScene(app, game.setup, game.history, names, game.cards)
        app.scenes.push(viewer)
        viewer.go(len(game.history) // 2)

    def guide() -> None:
        """The guided game's first step (its speech panel and ring), then its end panel over it."""
        app.scenes.reset(MenuScene(app))
        app.navigate.push(OpenGuide())

    def guide_done() -> None:
        guide()
        app.navigate.push(OpenGuideDone())

    def daily() -> None:
        """The Daily screen with a try finished today; in memory only, a par given so no par game is played."""
        service = daily_service(app)
        today = service.today()
        if service.folder is None:
            service.records.set_par(today.isoformat(), 120)
            if not service.day(today.isoformat()).attempts:
                service.records.finish_attempt(today.isoformat(), 1, 117, 5, today)
            service.refresh()
        app.scenes.reset(MenuScene(app))
        app.navigate.push(OpenDaily())

    yield "menu", menu
    yield "daily", daily
    yield "setup", push(SetupScene)
    yield "settings", push(SettingsScene)
    yield "howto", push(HowToScene)
    yield "howto_keys", howto_keys
    yield "keys", push(KeysScene)
    yield "rebind", push(RebindScene)
    yield "finished", push(FinishedScene)
    yield "challenges", push(ChallengesScene)
    yield "stats", push(StatsScene)
    yield "play", play
    yield "play_keys", play_keys
    yield "spirit_choice", spirit
    yield "pause", pause
    yield "handover", handover
    yield "scoring", scoring
    yield "solo_scoring", solo_scoring
    yield "replay", replay
    yield "guide", guide
    yield "guide_done", guide_done


def make_offscreen_app(size: tuple[int, int], language: str | None = None) -> App:
    """An app drawing nowhere, in ``language`` (English by default, whatever the system's locale)."""
    _drivers()
    return App(size=size, settings_store=MemorySettingsStore(Settings(window=f"{size[0]}x{size[1]}")),
               language=language or "en")


def render_every_scene(size: tuple[int, int] = (1280, 720), save_dir: str | None = None) -> list[str]:
    """Draw each scene once; returns their names. ``save_dir``: also write ``<name>_<w>x<h>.png`` there."""
    app = make_offscreen_app(size)
    names: list[str] = []
    try:
        for name, prepare in iter_scenes(app):
            prepare()
            app.step(0.0, events=[])
            app.step(1 / 60, events=[])
            if save_dir is not None:
                pygame.image.save(app.window, os.path.join(save_dir, f"{name}_{size[0]}x{size[1]}.png"))
            names.append(name)
    finally:
        pygame.display.quit()
    return names
