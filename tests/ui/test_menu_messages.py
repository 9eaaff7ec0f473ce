"""The menu's messages (issue 42, point 6): real failures of Continue, pressed with posted events, stack
one under another at their real heights, each said once, and never cover a button: Quit still quits.
And the words of a rescue: plain quotes in the command to paste, Finished games for a finished game."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver

from harmonies.ai import play_random_game
from harmonies.app.app import App
from harmonies.app.options import data_dir_option, start_command
from harmonies.app.scenes import saving
from harmonies.app.scenes.menu import _MSG_LINE, MenuScene
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.persist import Store
from harmonies.rules import Game, GameSetup
from harmonies.session import MatchConfig, SaveSlot, Seat

Rect = tuple[float, float, float, float]


def overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.fixture
def folder() -> Iterator[Path]:
    # A path as long as a player's usual data folder (/home/ann/.local/share/Harmonies), not pytest's
    # far longer one: the messages name it, and their length is what the layout is tested with.
    top = Path(tempfile.mkdtemp(prefix="h-"))
    yield top / "share" / "Harmonies"
    shutil.rmtree(top, ignore_errors=True)


@pytest.fixture
def app(folder: Path, request: pytest.FixtureRequest) -> Iterator[App]:
    language = getattr(request, "param", "en")
    a = App(settings_store=MemorySettingsStore(Settings(window="1280x720", ai_speed="instant")),
            saves=SaveSlot(folder), language=language)
    a.start(MenuScene(a))
    a.step(0.0, events=[])
    yield a
    pygame.display.quit()


def other_cards_save(folder: Path) -> str:
    """A save that says it was played with another cards file and does not replay with these: Continue
    refuses it and leaves it in place, so every Continue fails the same way."""
    store = Store(folder)
    game = Game.new(GameSetup(2, seed=3))
    game.apply(next(iter(game.legal_commands())))
    store.autosave(game, {})
    doc = json.loads(store.autosave_path.read_text(encoding="utf-8"))
    doc["cards"] = {"fingerprint": "0" * 16, "path": "/somewhere/else/cards.yaml"}
    doc["game"]["commands"].append({"do": "end_turn"})
    return json.dumps(doc)


def fail_continue(d: Driver, folder: Path, text: str) -> None:
    """Put ``text`` where the game in progress is saved, then press Continue in the menu."""
    (folder / "autosave.json").write_text(text, encoding="utf-8")
    d.frames(1)
    d.press_widget("continue")
    d.frames(2)
    assert d.top.name == "menu"


def message_pixels(app: App, rect: Rect) -> int:
    """Pixels of the messages' colour the last frame has in ``rect`` (virtual), sampled every 2 units."""
    notice = pygame.Color(app.theme.c("notice"))
    x, y, w, h = rect
    count = 0
    for vx in range(int(x), int(x + w), 2):
        for vy in range(int(y), int(y + h), 2):
            px, py = app.vp.p(vx, vy)
            if 0 <= px < app.window.get_width() and 0 <= py < app.window.get_height() \
                    and app.window.get_at((px, py)) == notice:
                count += 1
    return count


@pytest.mark.parametrize("app", ["en", "fr", "ja"], indirect=True)
def test_three_failures_stack_without_overlap_and_quit_still_quits(app: App, folder: Path) -> None:
    d = Driver(app)
    fail_continue(d, folder, "{not json")
    fail_continue(d, folder, other_cards_save(folder))
    fail_continue(d, folder, "[]")
    assert len(app.messages) == 3 and len(set(app.messages)) == 3
    d.frames(1)
    menu = d.top
    boxes = [rect for _, rect in menu.message_boxes]
    # With seven buttons (Challenges among them) the oldest of three long messages gives way: the newest
    # ones are shown, whole.
    assert len(boxes) >= 2
    assert [" ".join(lines) for lines, _ in menu.message_boxes] == [" ".join(menu._wrap(m)[0])
                                                                    for m in app.messages[-len(boxes):]]
    # Each message wraps (to two lines or more), and takes the height of the lines it has.
    assert all(len(lines) >= 2 for lines, _ in menu.message_boxes)
    assert [rect[3] for _, rect in menu.message_boxes] == [len(lines) * _MSG_LINE for lines, _ in menu.message_boxes]
    for a, b in zip(boxes, boxes[1:]):
        assert a[1] + a[3] <= b[1]  # one under another, in the order they were said
    buttons = [w for w in menu.ui.widgets if w.visible]
    for w in buttons:
        assert not any(overlap(w.rect, box) for box in boxes), (w.name, w.rect, boxes)
        assert message_pixels(app, w.rect) == 0, w.name  # no text drawn over a button either
    for box in boxes:
        assert box[1] + box[3] <= 720 and message_pixels(app, box) > 20
    quit_button = d.widget("quit")
    assert quit_button.rect[3] >= 40
    d.press_widget("quit")
    assert not app.running


def test_messages_too_long_for_the_room_leave_the_oldest_out_never_cover_a_button(app: App) -> None:
    d = Driver(app)
    long = "A message that goes on and on, naming a folder like /home/ann/.local/share/Harmonies/autosave.json. "
    for i in range(4):
        app.tell(f"{i}: " + long * (3 + i))
    d.frames(1)
    menu = d.top
    shown = [" ".join(lines) for lines, _ in menu.message_boxes]
    assert shown and shown[-1].startswith("3: ")  # the newest is always there
    boxes = [rect for _, rect in menu.message_boxes]
    for w in menu.ui.widgets:
        if w.visible:
            assert not any(overlap(w.rect, box) for box in boxes), (w.name, w.rect, boxes)
    assert boxes[-1][1] + boxes[-1][3] <= 720
    d.press_widget("quit")
    assert not app.running


def test_a_continue_that_fails_again_says_so_once(app: App, folder: Path) -> None:
    d = Driver(app)
    fail_continue(d, folder, other_cards_save(folder))
    first = list(app.messages)
    assert len(first) == 1 and "cards" in first[0]
    for _ in range(3):  # the file is left in place: Continue is still there, and fails the same way
        d.press_widget("continue")
        d.frames(2)
    assert app.messages == first
    assert len(d.top.message_boxes) == 1


def test_a_message_said_again_moves_to_the_newest_place(app: App) -> None:
    for message in ("one", "two", "one"):
        app.tell(message)
    assert app.messages == ["two", "one"]


def test_the_start_command_runs_this_program_on_the_folder() -> None:
    folder = Path("/home/ann/My saves")
    assert start_command(folder, "posix", frozen=True, executable="/opt/Harmonies/harmonies") == \
        "/opt/Harmonies/harmonies --data-dir '/home/ann/My saves'"
    assert start_command(folder, "posix", frozen=False, executable="/home/ann/h/.venv/bin/python") == \
        "/home/ann/h/.venv/bin/python -m harmonies --data-dir '/home/ann/My saves'"
    assert start_command(folder, "nt", frozen=True, executable="C:/Program Files/Harmonies/harmonies.exe") == \
        '"C:/Program Files/Harmonies/harmonies.exe" --data-dir "/home/ann/My saves"'


@pytest.mark.parametrize("path,posix,windows", [
    ("/home/ann/Harmonies-saves", "--data-dir /home/ann/Harmonies-saves", '--data-dir /home/ann/Harmonies-saves'),
    ("/home/ann/My saves", "--data-dir '/home/ann/My saves'", '--data-dir "/home/ann/My saves"'),
    ("/home/o'neil/saves", "--data-dir '/home/o'\"'\"'neil/saves'", "--data-dir /home/o'neil/saves"),
])
def test_the_data_dir_option_pastes_into_a_shell(path: str, posix: str, windows: str) -> None:
    assert data_dir_option(Path(path), "posix") == posix
    assert data_dir_option(Path(path), "nt") == windows
    # A real POSIX shell hands the program the folder whole.
    run = subprocess.run(["sh", "-c", f"printf '%s\\n' {posix}"], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines() == ["--data-dir", path]


@pytest.mark.parametrize("over", [False, True])
def test_the_rescue_says_where_to_look_with_a_command_that_pastes(tmp_path: Path, over: bool) -> None:
    data = tmp_path / "data"
    data.write_text("a file where the data folder should be", encoding="utf-8")  # every save there fails
    slot = SaveSlot(data)
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720", ai_speed="instant")), saves=slot)
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    d = Driver(app)
    game = play_random_game(GameSetup(players=2, seed=5))
    if not over:
        game = Game.replay(game.setup, list(game.history[:20]))
    slot.autosave(game, MatchConfig((Seat("Ada"), Seat("Bo")), seed=5).to_meta())
    assert slot.unsaved and slot.unsaved_over == over
    saving.confirm_leave(app, "finished" if over else "menu", lambda: None)
    d.frames(1)
    d.press_widget("elsewhere")
    target = tmp_path / "my saves"
    for _ in range(len(d.top.text)):
        d.key(pygame.K_BACKSPACE)
    d.post(pygame.TEXTINPUT, text=str(target))
    d.frames(1)
    d.key(pygame.K_RETURN)
    body = d.top.page.body
    assert f"--data-dir '{target}'" in body[1]  # quoted for a shell, in plain ASCII quotes
    assert shlex.split(body[1].split("--data-dir ", 1)[1])[0] == str(target)
    if over:
        assert "Finished games" in body[1] and "Continue" not in body[1]
        assert len(list((target / "finished").glob("*.json"))) == 1
    else:
        assert "choose Continue" in body[1] and (target / "autosave.json").is_file()
    assert not any(q in " ".join(body) for q in "“”„«»")
    assert app.messages == [" ".join(body)]
    # The screen's text cannot be selected: Copy puts the whole command on the clipboard.
    d.press_widget("copy")
    assert d.widget("copy").label() == "Command copied"
    words = shlex.split(pygame.scrap.get_text())
    assert words[-2:] == ["--data-dir", str(target)] and words[:3] == [sys.executable, "-m", "harmonies"]
    pygame.display.quit()
