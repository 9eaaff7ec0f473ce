"""Network play in the window, by posted events, with real processes on 127.0.0.1 only.

- The window hosts (Setup: a seat "Remote player"): its waiting screen shows the code, a
  ``harmonies join --bot`` process takes the seat, Start plays the game to its scoresheet, and the
  host's window archives it.
- The window joins a ``harmonies serve`` process (Join a game: a wrong code is refused in one line,
  then the right one) and plays its seat with the mouse to the end; the window keeps a copy of the
  finished game in its own Finished games, with the host's scores.

Every process is bounded in time and killed in ``finally``; nothing listens, advertises or looks for
tables beyond 127.0.0.1 (the window's host and Join screen are kept to the loopback).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import pygame
from ui_driver import Driver, MousePlayer

from harmonies.app.app import App
from harmonies.app.scenes.host import HostScene
from harmonies.app.scenes.join import JoinScene
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.rules import Game
from harmonies.session import SaveSlot

#: Seconds a whole test may take before it gives up (it stops its processes in any case).
BUDGET = 240.0
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's table listens and is advertised on the loopback only, and Join looks there only."""
    monkeypatch.setattr(HostScene, "listen_on", "127.0.0.1")
    monkeypatch.setattr(HostScene, "advertise_on", ("127.0.0.1",))
    monkeypatch.setattr(JoinScene, "browse_on", ("127.0.0.1",))


def _app(folder: Path) -> Driver:
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720", ai_speed="instant")),
              saves=SaveSlot(folder))
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    return Driver(app)


def _harmonies(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-m", "harmonies", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)


def _stop(proc: subprocess.Popen[str]) -> tuple[str, str]:
    if proc.poll() is None:
        proc.kill()
    out, err = proc.communicate(timeout=30)
    return out, err


def _until(d: Driver, done: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"{what} did not happen within {seconds:.0f} s"
        d.frames(1, 0.05)
        time.sleep(0.01)


def _type(d: Driver, field: str, text: str) -> None:
    d.press_widget(field)
    d.post(pygame.TEXTINPUT, text=text)
    d.frames(1)


@pytest.fixture
def processes() -> Iterator[list[subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []
    try:
        yield started
    finally:
        for proc in started:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=30)
        pygame.display.quit()


@pytest.mark.slow
def test_the_window_hosts_a_table_a_join_bot_takes_the_remote_seat_and_the_game_is_played_out(
        tmp_path: Path, processes: list[subprocess.Popen[str]]) -> None:
    d = _app(tmp_path)
    d.press_widget("new")
    d.frames(1)
    setup = d.top
    assert setup.name == "setup"
    d.press_widget("kind0")                   # human -> computer
    d.press_widget("kind0")                   # -> player on another computer
    assert setup.seats[0]["kind"] == "remote" and setup.seats[1]["kind"] == "computer"
    d.press_widget("level1", part="left")     # medium -> easy
    _type(d, "seed", "11")
    d.press_widget("start")
    d.frames(2)
    host = d.top
    assert host.name == "host" and host.session is not None
    code, port = host.session.code, host.session.port
    assert not host.ready()
    bot = _harmonies("join", f"127.0.0.1:{port}", "--code", code, "--name", "Zoé", "--bot", "random", "--json")
    processes.append(bot)
    _until(d, host.ready, 30, "the bot's join")
    assert host.seat_line(host.session.seat_status()[0])[0] == "Zoé"
    d.press_widget("start")
    d.frames(2)
    assert d.top.name == "play" and d.top.net is not None
    _until(d, lambda: d.top.name == "scoring", BUDGET, "the end of the game")
    game = d.top.game
    assert bot.wait(timeout=60) == 0
    out, _err = _stop(bot)
    last = json.loads(out.strip().splitlines()[-1])
    assert [s["total"] for s in last["scores"]] == [s.total for s in game.outcome.scores]
    archived = list((tmp_path / "finished").glob("*.json"))
    assert len(archived) == 1
    assert Game.replay(game.setup, game.history).outcome == game.outcome
    # Play again with a friend's seat: a new table is hosted (never a local game for their seat)
    d.press_widget("again")
    d.frames(3)
    if d.top.name != "host":                   # a game in progress to replace is asked about first
        d.press_widget("go")
        d.frames(3)
    assert d.top.name == "host" and d.top.session is not None and d.top.session.code != code
    d.press_widget("cancel")
    d.frames(2)


@pytest.mark.slow
def test_the_window_joins_a_serve_process_refuses_a_wrong_code_and_plays_its_seat_to_the_end(
        tmp_path: Path, processes: list[subprocess.Popen[str]]) -> None:
    serve = _harmonies("serve", "--seats", "remote,random", "--seed", "5", "--json", "--data-dir",
                       str(tmp_path / "host"))
    processes.append(serve)
    assert serve.stdout is not None
    first = json.loads(serve.stdout.readline())
    port, code = first["port"], first["code"]
    d = _app(tmp_path / "window")
    d.press_widget("join")
    d.frames(1)
    join = d.top
    assert join.name == "join"
    _type(d, "address", f"127.0.0.1:{port}")
    _type(d, "code", "WRONG-CODE0")
    d.press_widget("join")
    _until(d, lambda: join.attempt is None and join.line, 20, "the wrong code's answer")
    assert join.line_bad and join.line == d.app.t("join.failed_code") and d.top is join
    join.code = ""
    _type(d, "code", code)
    d.press_widget("join")
    _until(d, lambda: d.top.name == "play" or (join.attempt is None and join.line_bad), 20, "the join")
    assert d.top.name == "play", join.line
    play = d.top
    _until(d, play.human_turn, 60, "the joined seat's first turn")
    # the pause menu offers neither Restart (the table is the host's) nor Replay (no deal here)
    d.press_widget("menu")
    d.frames(2)
    assert d.top.name == "pause"
    assert not d.widget("replay").visible and not d.widget("restart").visible and d.widget("resume").visible
    d.press_widget("resume")
    d.frames(2)
    assert d.top is play
    # the hint is planned here, on this seat's view, and shown
    d.press_widget("hint")
    assert play.hints.job is not None and play.hints.job.wait(60)
    d.frames(2)
    assert play.hints.plan is not None and play.hints.line
    d.press_widget("hint")
    # tokens taken, then Undo: the host takes them back, and the view and its log say so
    d.take_first_space()
    assert play.game.taken_tokens_this_turn and play.can_undo()
    logged = len(play.log.log.entries)
    d.press_widget("undo")
    d.settle()
    assert not play.game.taken_tokens_this_turn and len(play.log.log.entries) == logged - 1
    mouse = MousePlayer(d, 3)
    deadline = time.monotonic() + BUDGET
    while d.top.name != "scoring":
        assert time.monotonic() < deadline, "the joined game did not end in time"
        if d.top.name == "play" and play.human_turn() and not play.game.over:
            before = play.session.version
            mouse.act()
            d.settle()
            assert play.session.version > before, f"a move did not go through ({play.message!r})"
        else:
            d.frames(1, 0.05)
            time.sleep(0.01)
    sheet = d.top
    assert serve.wait(timeout=60) == 0
    out, _err = _stop(serve)
    outcome = json.loads(out.strip().splitlines()[-1])
    totals = [s["total"] for s in outcome["scores"]]
    assert [s.total for s in sheet.game.outcome.scores] == totals
    kept = list((tmp_path / "window" / "finished").glob("*.json"))
    assert len(kept) == 1, "the joined window keeps no copy of the finished game"


@pytest.mark.slow
def test_a_friend_who_drops_out_is_awaited_and_the_host_hands_the_seat_to_the_computer(
        tmp_path: Path, processes: list[subprocess.Popen[str]]) -> None:
    d = _app(tmp_path)
    d.press_widget("new")
    d.frames(1)
    d.press_widget("kind1")                   # the second seat: computer -> player on another computer
    _type(d, "seed", "23")
    d.press_widget("start")
    d.frames(2)
    host = d.top
    bot = _harmonies("join", f"127.0.0.1:{host.session.port}", "--code", host.session.code, "--name", "Zoé",
                     "--bot", "random")
    processes.append(bot)
    _until(d, host.ready, 30, "the bot's join")
    d.press_widget("start")
    d.frames(2)
    play = d.top
    assert play.name == "play"
    mouse = MousePlayer(d, 5)
    # the first turn here, then the friend's computer stops dead in the middle of the game
    while not play.human_turn():
        d.frames(1, 0.05)
    mouse.act()
    d.settle()
    bot.kill()
    bot.wait(timeout=30)
    deadline = time.monotonic() + BUDGET
    while not play.net.can_hand_over():
        assert time.monotonic() < deadline, "the seat of the friend who left was never awaited"
        if play.human_turn():
            mouse.act()
            d.settle()
        else:
            d.frames(1, 0.05)
    assert play.turn_text() == d.app.t("net.waiting_for", name="Zoé")
    assert d.widget("stand_in").visible
    version = play.session.version
    d.frames(20, 0.05)
    assert play.session.version == version, "the table went on without the friend"
    d.press_widget("stand_in")
    while d.top.name != "scoring":
        assert time.monotonic() < deadline, "the game did not end once the computer took the seat"
        if d.top.name == "play" and play.human_turn():
            mouse.act()
            d.settle()
        else:
            d.frames(1, 0.05)
    assert d.top.game.over and len(list((tmp_path / "finished").glob("*.json"))) == 1


@pytest.mark.slow
def test_the_joined_window_takes_its_seat_back_when_the_host_is_killed_and_started_again(
        tmp_path: Path, processes: list[subprocess.Popen[str]]) -> None:
    folder = str(tmp_path / "host")
    serve = _harmonies("serve", "--seats", "remote,random", "--seed", "9", "--json", "--data-dir", folder)
    processes.append(serve)
    assert serve.stdout is not None
    first = json.loads(serve.stdout.readline())
    d = _app(tmp_path / "window")
    d.press_widget("join")
    d.frames(1)
    _type(d, "address", f"127.0.0.1:{first['port']}")
    _type(d, "code", first["code"])
    d.press_widget("join")
    _until(d, lambda: d.top.name == "play", 20, "the join")
    play = d.top
    mouse = MousePlayer(d, 8)
    deadline = time.monotonic() + BUDGET

    def play_until(done: Any) -> None:
        while not done():
            assert time.monotonic() < deadline, "the game did not get there in time"
            if d.top.name == "play" and play.human_turn() and not play.game.over and play.session.closed is None:
                mouse.act()
                d.settle()
            else:
                d.frames(1, 0.05)
                time.sleep(0.01)

    play_until(lambda: play.game.round >= 3)
    serve.kill()                               # -9: no goodbye, the window finds the line dead
    serve.wait(timeout=30)
    _until(d, lambda: play.session.closed is not None, 60, "the lost connection's notice")
    assert play.session.rejoining and play.message == d.app.t("net.rejoining")
    again = _harmonies("serve", "--seats", "remote,random", "--json", "--data-dir", folder)
    processes.append(again)
    assert again.stdout is not None
    resumed = json.loads(again.stdout.readline())
    assert resumed["resumed"] and resumed["port"] == first["port"]
    _until(d, lambda: play.session.rejoined == 1 and play.session.closed is None, 60, "the rejoin")
    play_until(lambda: d.top.name == "scoring")
    assert again.wait(timeout=60) == 0
    out, _err = _stop(again)
    totals = [s["total"] for s in json.loads(out.strip().splitlines()[-1])["scores"]]
    assert [s.total for s in d.top.game.outcome.scores] == totals


def _close_window(d: Driver) -> None:
    """The window closes: each scene leaves the stack (the play screen stops hosting), then the display."""
    for scene in reversed(list(d.app.scenes.scenes)):
        scene.on_exit()
    pygame.display.quit()


@pytest.mark.slow
def test_continue_on_the_host_resumes_the_hosted_table_and_the_friend_rejoins(
        tmp_path: Path, processes: list[subprocess.Popen[str]]) -> None:
    d = _app(tmp_path)
    d.press_widget("new")
    d.frames(1)
    d.press_widget("kind1")                   # the second seat: computer -> player on another computer
    _type(d, "seed", "31")
    d.press_widget("start")
    d.frames(2)
    host = d.top
    code = host.session.code
    bot = _harmonies("join", f"127.0.0.1:{host.session.port}", "--code", code, "--name", "Zoé", "--bot", "random")
    processes.append(bot)
    _until(d, host.ready, 30, "the bot's join")
    d.press_widget("start")
    d.frames(2)
    play = d.top
    mouse = MousePlayer(d, 2)
    deadline = time.monotonic() + BUDGET
    while play.game.round < 2:
        assert time.monotonic() < deadline, "round 2 never came"
        if play.human_turn():
            mouse.act()
            d.settle()
        else:
            d.frames(1, 0.05)
    played = list(play.game.history)
    _close_window(d)
    assert bot.poll() is None                  # the friend's side waits to rejoin

    d = _app(tmp_path)                         # the host's window again, on the same folder
    d.press_widget("continue")
    d.frames(2)
    host = d.top
    assert host.name == "host" and host.session is not None and host.session.code == code
    assert list(host.session.game.history) == played
    _until(d, lambda: host.session.seat_status()[1].connected, 60, "the friend's rejoin")
    d.press_widget("start")
    d.frames(2)
    play = d.top
    mouse = MousePlayer(d, 2)
    while d.top.name != "scoring":
        assert time.monotonic() < deadline, "the resumed game did not end"
        if d.top.name == "play" and play.human_turn():
            mouse.act()
            d.settle()
        else:
            d.frames(1, 0.05)
    assert bot.wait(timeout=60) == 0
    assert len(list((tmp_path / "finished").glob("*.json"))) == 1
