"""The Challenges screen and a challenge played to its end, by posted mouse and key events: the list with its
states, Play by Enter or a click, the goal beside the board, met or not met on the scoresheet, the progress
kept for the next start, Reset challenges asking first."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from harmonies.app.app import App
from harmonies.app.scenes.challenges import ChallengesScene, challenge_config
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.play import PlayScene
from harmonies.app.scenes.scoring import ScoringScene
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.persist.challenges import PROGRESS_NAME, read_progress
from harmonies.persist.paths import Dirs
from harmonies.rules import Game
from harmonies.session import MatchConfig, Resume, SaveSlot, Seat
from harmonies.session.match import GameStamp
from harmonies.session.challenges_file import default_challenges

from ui_driver import Driver

STORED = Path(__file__).resolve().parents[1] / "data" / "challenges"


def start(folder: Path) -> Driver:
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720", ai_speed="instant")),
              saves=SaveSlot(folder))
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    return Driver(app)


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    d = start(tmp_path / "data")
    yield d
    pygame.display.quit()


def open_challenges(d: Driver) -> ChallengesScene:
    d.press_widget("challenges")
    d.settle()
    scene = d.top
    assert isinstance(scene, ChallengesScene)
    return scene


def test_the_menu_opens_the_list_with_the_first_challenges_open(driver: Driver) -> None:
    scene = open_challenges(driver)
    entries = scene.entries()
    ahead = default_challenges().open_ahead
    assert [e.state for e in entries[:ahead + 1]] == ["open"] * ahead + ["locked"]
    assert scene.list.selected == 0
    driver.key(pygame.K_ESCAPE)
    driver.settle()
    assert isinstance(driver.top, MenuScene)


def test_enter_plays_the_chosen_open_challenge_and_its_goal_shows_beside_the_board(driver: Driver) -> None:
    open_challenges(driver)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    driver.settle()
    play = driver.top
    assert isinstance(play, PlayScene)
    third = default_challenges()[2]
    assert play.config.challenge == third.id
    assert (play.game.setup.seed, play.game.setup.side, play.game.setup.spirits) == (third.seed, third.side,
                                                                                     third.spirits)
    goal = play.frame().goal
    assert goal[0] == play.app.t("challenge.numbered", number=3, name=play.app.t(third.name_key))
    assert len(goal) == 1 + len(third.goal)


def test_a_locked_challenge_does_not_play(driver: Driver) -> None:
    scene = open_challenges(driver)
    driver.key(pygame.K_END)
    assert scene.list.selected == len(default_challenges()) - 1
    assert not driver.widget("play").enabled
    driver.key(pygame.K_RETURN)
    driver.press_widget("play")
    driver.settle()
    assert driver.top is scene


def test_a_click_chooses_a_row_and_a_second_click_plays_it(driver: Driver) -> None:
    scene = open_challenges(driver)
    x, y, w, _ = scene.list.rect
    row = (x + w / 3, y + 8 + 1.5 * 40)   # the second row
    driver.click(row)
    assert scene.list.selected == 1 and driver.top is scene
    driver.click(row)
    driver.settle()
    assert isinstance(driver.top, PlayScene) and driver.top.config.challenge == default_challenges()[1].id


def stored(challenge_id: str) -> Game:
    return Game.from_json(json.loads((STORED / f"{challenge_id}.json").read_text())["game"])


def play_to_the_end(d: Driver, challenge_id: str, game: Game) -> ScoringScene:
    """The challenge resumed one command before ``game`` ends; End turn (Enter) finishes it."""
    history = list(game.history)
    before = Game.replay(game.setup, history[:-1])
    config = challenge_config(d.app, default_challenges().get(challenge_id))  # type: ignore[arg-type]
    d.app.scenes.reset(MenuScene(d.app))
    d.app.scenes.push(PlayScene(d.app, Resume(before, config)))
    d.settle()
    d.key(pygame.K_RETURN)
    for _ in range(40):
        d.settle()
        if isinstance(d.top, ScoringScene):
            break
        d.frames(5, 0.1)
    sheet = d.top
    assert isinstance(sheet, ScoringScene)
    return sheet


def test_a_challenge_met_is_said_on_the_scoresheet_and_kept_for_the_next_start(tmp_path: Path) -> None:
    d = start(tmp_path / "data")
    sheet = play_to_the_end(d, "first_steps", stored("first_steps"))
    assert sheet.verdict is not None and sheet.verdict.met and sheet.verdict.first
    d.frames(1)
    d.key(pygame.K_ESCAPE)          # to the menu
    d.settle()
    pygame.display.quit()
    again = start(tmp_path / "data")  # a new start of the game on the same folder
    scene = open_challenges(again)
    first = scene.entries()[0]
    assert first.state == "done" and first.result.best == stored("first_steps").score(0).total
    ahead = default_challenges().open_ahead
    assert scene.entries()[ahead].state == "open"   # one challenge met opens one more
    assert scene.list.selected == 1                  # the first open one not yet met is chosen
    pygame.display.quit()


def test_a_challenge_not_met_is_said_and_counted_as_played(tmp_path: Path) -> None:
    d = start(tmp_path / "data")
    # the last challenge's deal, ended by the stored game of another goal: the game of "master" is met,
    # so the stored game of the same deal's "untouched" (no building, fewer points) falls short of it
    game = stored("untouched")
    sheet = play_to_the_end(d, "master", game)
    assert sheet.verdict is not None and not sheet.verdict.met
    progress, _ = read_progress(Dirs(tmp_path / "data", tmp_path / "data"))
    assert progress.of("master").played == 1 and not progress.of("master").done
    pygame.display.quit()


def test_reset_asks_first_and_then_forgets_every_result(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    dirs = Dirs(folder, folder)
    game = stored("first_steps")
    config = MatchConfig((Seat("Ann"),), game.setup.side, game.setup.spirits, game.setup.seed,
                         challenge="first_steps")
    SaveSlot(folder).autosave(game, {**config.to_meta(), **GameStamp.new().to_meta()})
    d = start(folder)
    scene = open_challenges(d)
    assert scene.entries()[0].state == "done"
    d.press_widget("reset")
    assert d.top.name == "dialog"
    d.press_widget("no")
    assert read_progress(dirs)[0].of("first_steps").done
    d.press_widget("reset")
    d.press_widget("yes")
    d.settle()
    assert d.top is scene and scene.entries()[0].state == "open"
    assert read_progress(dirs)[0].results == {}
    assert not d.widget("reset").enabled
    pygame.display.quit()


def test_a_damaged_progress_file_is_said_in_one_line_and_set_aside(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / PROGRESS_NAME).write_text("{ broken")
    d = start(folder)
    scene = open_challenges(d)
    assert scene.notice.startswith(str(folder / PROGRESS_NAME)) and "set aside" in scene.notice
    assert any(p.name.startswith("challenges.bad-") for p in folder.iterdir())
    d.frames(1)
    pygame.display.quit()


def test_a_broken_challenges_file_is_one_line_on_the_screen_and_in_the_smoke_test(
        driver: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from harmonies import smoke
    from harmonies.session import challenges_file

    bad = tmp_path / "challenges.yaml"
    bad.write_text("open_ahead: 3\nchallenges:\n  - id: x\n    seed: 1\n    side: Z\n    spirits: false\n"
                   "    goal: {points: 5}\n")
    monkeypatch.setattr(challenges_file, "challenges_path", lambda: bad)
    challenges_file.default_challenges.cache_clear()
    try:
        scene = open_challenges(driver)
        assert scene.entries() == [] and not driver.widget("play").enabled
        assert f"{bad}:5: challenges[0] (x) side: unknown side 'Z'" in scene.notice and "\n" not in scene.notice
        driver.key(pygame.K_RETURN)   # nothing to play: nothing happens
        assert driver.top is scene
        with pytest.raises(smoke.SmokeFailure, match=f"{bad}:5: "):
            smoke._check_challenges()
    finally:
        challenges_file.default_challenges.cache_clear()
