"""Failed saves are seen, and leaving unsaved actions asks first (issue 30, point 1).

Saves fail for real (a read-only folder, a file standing where the data folder was) or through a
writer that fails like a full disk; the app is driven with posted events, as a player would.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_driver import Driver

from harmonies.ai import play_random_game
from harmonies.app.app import App
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.play import PlayScene
from harmonies.app.scenes.scoring import ScoringScene
from harmonies.session import MatchConfig, SaveSlot, Seat
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.persist import Store
from harmonies.persist import store as store_module
from harmonies.persist.atomic import atomic_write_text
from harmonies.rules import Game, GameSetup

DANGER = pygame.Color("#C4472A")
TOP_BAR_RIGHT = (380, 0, 680, 50)          # right of the turn text, left of the Hint button
MENU_NOTICE = (240, 244, 800, 62)          # between the subtitle and the buttons


def make_app(slot: SaveSlot) -> App:
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720", ai_speed="instant")), saves=slot)
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    return app


def red_pixels(app: App, rect: tuple[int, int, int, int]) -> int:
    """How many pixels of the danger colour the last frame has in ``rect`` (virtual units), sampled."""
    x, y, w, h = rect
    surface = app.window
    count = 0
    for vx in range(x, x + w, 4):
        for vy in range(y, y + h, 3):
            px, py = app.vp.p(vx, vy)
            if 0 <= px < surface.get_width() and 0 <= py < surface.get_height() and surface.get_at((px, py)) == DANGER:
                count += 1
    return count


class Breakage:
    """Makes saves into ``folder`` fail and work again, in one of three ways."""

    def __init__(self, kind: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.kind = kind
        self.folder = folder
        self.broken = False
        real = atomic_write_text

        def writer(path: Path, text: str, *, durable: bool = True) -> None:
            if self.broken and kind == "disk_full" and folder in path.parents:  # another disk still has room
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
            real(path, text, durable=durable)

        monkeypatch.setattr(store_module, "atomic_write_text", writer)

    def break_(self) -> None:
        self.broken = True
        if self.kind == "read_only":
            self.folder.chmod(0o555)
            probe = self.folder / "probe"
            try:
                probe.write_text("x", encoding="utf-8")
            except OSError:
                return
            probe.unlink()
            self.fix()
            pytest.skip("this user writes into read-only folders (root): the other kinds cover it")
        elif self.kind == "file_in_the_way":
            self.folder.rename(self.folder.with_name("moved-away"))
            self.folder.write_text("a file where the data folder was", encoding="utf-8")

    def fix(self) -> None:
        self.broken = False
        if self.kind == "read_only":
            self.folder.chmod(0o755)
        elif self.kind == "file_in_the_way":
            self.folder.unlink()
            self.folder.with_name("moved-away").rename(self.folder)


@pytest.fixture(params=["disk_full", "read_only", "file_in_the_way"])
def broken(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Breakage]:
    brk = Breakage(request.param, tmp_path / "data", monkeypatch)
    yield brk
    if brk.broken:
        brk.fix()
    pygame.display.quit()


def start_game(app: App) -> Driver:
    app.scenes.push(PlayScene(app, MatchConfig((Seat("Ada"), Seat("Bo")), seed=21)))
    d = Driver(app)
    d.frames(2)
    assert d.top.name == "play"
    return d


def take_and_undo(d: Driver) -> Callable[[], None]:
    """One command per call: take the first space's tokens, or undo that (both are saved)."""
    def act() -> None:
        sc = d.top
        if sc.game.taken_tokens_this_turn:
            d.key(pygame.K_z, pygame.KMOD_CTRL)
        else:
            d.key(pygame.K_1 + next(i for i, s in enumerate(sc.game.central) if s))
        d.settle()
    return act


def saved_game(folder: Path) -> Any:
    saved = Store(folder).load_autosave()
    return None if saved is None else saved.game.to_json()


def test_a_failed_save_shows_a_banner_that_stays_until_a_save_works(broken: Breakage) -> None:
    app = make_app(SaveSlot(broken.folder))
    d = start_game(app)
    act = take_and_undo(d)
    act()
    assert d.top.save_notice() is None and red_pixels(app, TOP_BAR_RIGHT) == 0
    broken.break_()
    act()
    first, second = d.top.save_notice(max_w=2000)                               # wide enough for the whole path
    assert str(broken.folder) in second
    assert app.saves.problem is not None and app.saves.problem.reason in first   # the system's own words
    assert red_pixels(app, TOP_BAR_RIGHT) > 50                                   # drawn, in the top bar
    d.frames(30, 0.1)                                                            # it stays...
    act()                                                                        # ...play goes on
    assert app.saves.unsaved_actions == 2 and red_pixels(app, TOP_BAR_RIGHT) > 50
    broken.fix()
    act()                                                                        # the next command saves
    assert d.top.save_notice() is None and not app.saves.unsaved
    assert red_pixels(app, TOP_BAR_RIGHT) == 0
    assert saved_game(broken.folder) == d.top.game.to_json()


@pytest.mark.slow
def test_closing_the_window_with_unsaved_actions_asks_first(broken: Breakage) -> None:
    app = make_app(SaveSlot(broken.folder))
    d = start_game(app)
    broken.break_()
    take_and_undo(d)()
    d.post(pygame.QUIT)
    d.frames(2)
    assert app.running and d.top.name == "dialog" and d.top.purpose == "close"
    d.press_widget("back")
    d.frames(1)
    assert app.running and d.top.name == "play"
    d.post(pygame.QUIT)
    d.frames(2)
    d.press_widget("go")                                                         # quit without saving
    assert not app.running


def test_a_second_window_close_while_asked_quits(broken: Breakage) -> None:
    app = make_app(SaveSlot(broken.folder))
    d = start_game(app)
    broken.break_()
    take_and_undo(d)()
    d.post(pygame.QUIT)
    d.frames(1)
    assert app.running
    d.post(pygame.QUIT)
    d.frames(1)
    assert not app.running


def test_closing_with_every_action_saved_does_not_ask(tmp_path: Path) -> None:
    app = make_app(SaveSlot(tmp_path / "data"))
    d = start_game(app)
    take_and_undo(d)()
    d.post(pygame.QUIT)
    d.frames(1)
    assert not app.running
    pygame.display.quit()


def type_folder(d: Driver, folder: Path) -> None:
    for _ in range(len(d.top.text)):
        d.key(pygame.K_BACKSPACE)
    d.post(pygame.TEXTINPUT, text=str(folder))
    d.frames(1)


@pytest.mark.slow
def test_save_elsewhere_from_the_close_question(broken: Breakage, tmp_path: Path) -> None:
    app = make_app(SaveSlot(broken.folder))
    d = start_game(app)
    broken.break_()
    take_and_undo(d)()
    game = d.top.game.to_json()
    d.post(pygame.QUIT)
    d.frames(2)
    d.press_widget("elsewhere")
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder", encoding="utf-8")
    type_folder(d, blocker / "saves")
    d.press_widget("save")
    assert d.top.page.error and d.top.page.field is not None                   # said why, asks again
    rescue = tmp_path / "rescue folder"
    type_folder(d, rescue)
    d.key(pygame.K_RETURN)                                                       # Enter saves
    assert any(str(rescue / "autosave.json") in line for line in d.top.page.body)
    assert saved_game(rescue) == game                                            # Continue with --data-dir finds it
    assert not app.saves.unsaved
    d.press_widget("go")
    assert not app.running


@pytest.mark.slow
def test_quit_to_menu_with_unsaved_actions_asks_and_the_game_stays_in_memory(broken: Breakage) -> None:
    app = make_app(SaveSlot(broken.folder))
    d = start_game(app)
    broken.break_()
    take_and_undo(d)()
    game = d.top.game.to_json()
    d.key(pygame.K_ESCAPE)
    d.press_widget("menu")
    d.frames(1)
    assert d.top.name == "dialog" and d.top.purpose == "menu"
    d.key(pygame.K_ESCAPE)                                                       # Esc: keep playing
    d.frames(1)
    assert d.top.name == "play"
    d.key(pygame.K_ESCAPE)
    d.press_widget("menu")
    d.frames(1)
    d.press_widget("go")
    d.frames(1)
    assert d.top.name == "menu" and red_pixels(app, MENU_NOTICE) > 50            # the menu says so too
    d.key(pygame.K_RETURN)                                                       # Continue is the first choice
    d.frames(2)
    d.past_handover()                                                            # hot-seat: the hand-over first
    assert d.top.name == "play" and d.top.game.to_json() == game


def test_the_menu_says_when_the_data_folder_cannot_be_used(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder", encoding="utf-8")
    slot = SaveSlot(blocker)
    assert slot.problem is not None and slot.problem.at_start
    app = make_app(slot)
    assert red_pixels(app, MENU_NOTICE) > 50
    pygame.display.quit()
    app = make_app(SaveSlot(tmp_path / "fine"))
    assert red_pixels(app, MENU_NOTICE) == 0
    pygame.display.quit()


def test_a_read_only_folder_at_start_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("this user writes into read-only folders (root)")
        slot = SaveSlot(folder)
        assert slot.problem is not None and slot.problem.code in ("EACCES", "EROFS", "EPERM")
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)


def test_an_unusable_folder_shows_the_banner_from_the_first_save_and_the_menu_quit_asks(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder", encoding="utf-8")
    app = make_app(SaveSlot(blocker))
    d = start_game(app)
    assert d.top.save_notice() is not None and app.saves.unsaved             # the game's first save failed
    assert red_pixels(app, TOP_BAR_RIGHT) > 50
    d.key(pygame.K_ESCAPE)
    d.press_widget("menu")
    d.frames(1)
    d.press_widget("go")                                                     # leave without saving
    d.frames(1)
    assert d.top.name == "menu"
    d.press_widget("quit")
    d.frames(1)
    assert app.running and d.top.name == "dialog" and d.top.purpose == "close"
    d.press_widget("go")
    assert not app.running
    pygame.display.quit()


SCORING_BANNER = (240, 594, 800, 46)       # between the verdict and the buttons


@pytest.mark.slow
def test_a_finished_game_that_could_not_be_archived_is_shown_and_never_dropped_unasked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    brk = Breakage("disk_full", tmp_path / "data", monkeypatch)
    slot = SaveSlot(brk.folder)
    app = make_app(slot)
    config = MatchConfig((Seat("Ada"), Seat("Bo")), seed=5)
    game = play_random_game(GameSetup(players=2, seed=5))
    brk.break_()
    slot.autosave(game, config.to_meta())                    # the archive of the finished game fails
    assert slot.unsaved and not list(brk.folder.glob("finished/*.json"))
    app.scenes.push(ScoringScene(app, game, config))
    d = Driver(app)
    d.frames(2)
    assert red_pixels(app, SCORING_BANNER) > 50
    d.press_widget("again")                                  # a new game would drop it: asked
    d.frames(1)
    assert d.top.name == "dialog" and d.top.purpose == "again"
    d.press_widget("back")
    d.frames(1)
    d.press_widget("menu")                                   # leaving would drop it: asked
    d.frames(1)
    assert d.top.name == "dialog" and d.top.purpose == "finished"
    d.press_widget("elsewhere")
    type_folder(d, tmp_path / "rescue")
    d.key(pygame.K_RETURN)
    kept = list((tmp_path / "rescue").glob("finished/*.json"))
    assert len(kept) == 1 and Store(tmp_path / "rescue").load_finished(kept[0]).game.to_json() == game.to_json()
    d.press_widget("go")
    d.frames(1)
    assert d.top.name == "menu"
    pygame.display.quit()


def test_a_finished_game_that_was_archived_leaves_without_a_question(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path / "data")
    app = make_app(slot)
    config = MatchConfig((Seat("Ada"), Seat("Bo")), seed=5)
    game = play_random_game(GameSetup(players=2, seed=5))
    slot.autosave(game, config.to_meta())
    app.scenes.push(ScoringScene(app, game, config))
    d = Driver(app)
    d.frames(2)
    assert red_pixels(app, SCORING_BANNER) == 0
    d.press_widget("menu")
    d.frames(1)
    assert d.top.name == "menu"
    pygame.display.quit()


class LockHolder:
    """Another process holding a folder's lock, as a second game window does (tests/persist/lock_holder.py)."""

    def __init__(self, folder: Path) -> None:
        script = Path(__file__).resolve().parents[1] / "persist" / "lock_holder.py"
        root = script.parents[2]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")])))
        self.proc = subprocess.Popen([sys.executable, str(script), str(folder)], cwd=root, env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.proc.stdout is not None and self.proc.stdout.readline().strip() == "held"

    def release(self) -> None:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        self.proc.wait(30)
        self.proc.stdout.close()


@pytest.mark.slow
def test_a_rescue_into_a_folder_another_window_holds_is_refused_in_one_line(broken: Breakage, tmp_path: Path) -> None:
    app = make_app(SaveSlot(broken.folder))
    d = start_game(app)
    broken.break_()
    take_and_undo(d)()
    game = d.top.game.to_json()
    held = tmp_path / "held"
    Store(held).autosave(Game.new(GameSetup(players=3, seed=8)), {})   # the other window's game in progress
    before = {p.name: p.read_bytes() for p in held.rglob("*") if p.is_file()}
    holder = LockHolder(held)
    try:
        d.post(pygame.QUIT)
        d.frames(2)
        d.press_widget("elsewhere")
        type_folder(d, held)
        d.press_widget("save")
        error = d.top.page.error
        assert str(held) in error and "another Harmonies window" in error and "\n" not in error
        assert d.top.page.field is not None                                   # asks for another folder
        assert {p.name: p.read_bytes() for p in held.rglob("*") if p.is_file()} == before   # nothing written
        assert app.saves.unsaved
        rescue = tmp_path / "free"
        type_folder(d, rescue)
        d.key(pygame.K_RETURN)
        assert saved_game(rescue) == game and not app.saves.unsaved
    finally:
        holder.release()


def test_a_finished_game_whose_archive_failed_is_archived_from_the_menu_once_the_folder_works(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    brk = Breakage("disk_full", tmp_path / "data", monkeypatch)
    slot = SaveSlot(brk.folder)
    app = make_app(slot)
    config = MatchConfig((Seat("Ada"), Seat("Bo")), seed=5)
    game = play_random_game(GameSetup(players=2, seed=5))
    before_end = type(game).replay(game.setup, game.history[:-3], game.cards)
    slot.autosave(before_end, config.to_meta())              # the last save that worked: three commands before
    brk.break_()
    slot.autosave(game, config.to_meta())                    # the archive of the finished game fails
    app.scenes.reset(MenuScene(app))
    d = Driver(app)
    d.frames(2)
    assert d.top.name == "menu" and red_pixels(app, MENU_NOTICE) > 50
    assert not slot.has_continue()                           # its stale autosave is not offered
    brk.fix()                                                # space again
    d.frames(3, dt=1.0)                                      # the menu tries the folder again
    assert red_pixels(app, MENU_NOTICE) == 0 and not slot.unsaved
    [record] = list(brk.folder.glob("finished/*.json"))
    assert Store(brk.folder).load_finished(record).game.to_json() == game.to_json()
    assert not slot.has_continue() and Store(brk.folder).load_autosave() is None
    pygame.display.quit()


@pytest.mark.slow
def test_rescuing_a_finished_game_into_a_folder_that_holds_it_adds_nothing_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    brk = Breakage("disk_full", tmp_path / "data", monkeypatch)
    slot = SaveSlot(brk.folder)
    app = make_app(slot)
    config = MatchConfig((Seat("Ada"), Seat("Bo")), seed=5)
    game = play_random_game(GameSetup(players=2, seed=5))
    rescue = tmp_path / "rescue"
    first = Store(rescue).archive_finished(game, {"started": "2026-01-01T10:00:00+00:00"})   # rescued before
    brk.break_()
    slot.autosave(game, config.to_meta())
    app.scenes.push(ScoringScene(app, game, config))
    d = Driver(app)
    d.frames(2)
    d.press_widget("menu")
    d.frames(1)
    d.press_widget("elsewhere")
    type_folder(d, rescue)
    d.key(pygame.K_RETURN)
    assert any("already among the finished games" in line and str(first) in line for line in d.top.page.body)
    assert list((rescue / "finished").glob("*.json")) == [first]
    pygame.display.quit()
