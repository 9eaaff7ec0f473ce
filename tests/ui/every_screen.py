"""Every screen of the game in one list, for the size tests: the scenes and telling states that
``scripts/screenshots`` draws (its own list, so the two never drift apart), without the two kinds that
run the computer's engine for seconds (a hint's plan, a real review: a stub review stands in), plus
every kind of dialog and the on-screen keyboard."""

from __future__ import annotations

import copy
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from review_stub import stub_review

import harmonies.ai as harmonies_ai
from harmonies import catalogue
from harmonies.ai.review_reasons import Reason
from harmonies.app import assets, smoke
from harmonies.app.play import guide
from harmonies.app.scenes import howto
from harmonies.app.scenes.challenges import ChallengesScene
from harmonies.app.scenes.finished import FinishedScene
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.onscreen_keys import OnscreenKeys
from harmonies.app.scenes.replay import ReplayScene
from harmonies.app.scenes.saving import ask_folder, confirm_leave
from harmonies.app.scenes.setup import SetupScene
from harmonies.app.smoke import iter_scenes, played_game
from harmonies.app.widgets import TextField
from harmonies.rules import Game
from harmonies.session import SaveSlot

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import screenshots  # noqa: E402  (the script's list of screens)

#: States of the screenshots that run the engine for seconds each (a hard player's plan, a real review).
COSTLY = ("play_hint", "replay_review_")
#: The longest kind of explanation a reviewed turn gets: four reasons.
LONG_REASONS = (Reason("other_card", (("card", "fennec_fox"), ("played", "meerkat"))), Reason("tokens", ()),
                Reason("fewer_cubes", (("n", 1),)), Reason("row", (("row", "animals"), ("points", 11.0))))

#: The games the screens are made from, played once a test session and shared by every case (the same
#: arguments play the same game): each screen gets its own copy.
_GAMES: dict[str, Game] = {}


def _kept(make: Callable[..., Game]) -> Callable[..., Game]:
    """``make`` played once for each set of arguments; every call gets a copy of that game."""
    def play(*args: Any, **kwargs: Any) -> Game:
        key = f"{make.__module__}.{make.__qualname__}{args!r}{sorted(kwargs.items())!r}"
        if key not in _GAMES:
            _GAMES[key] = make(*args, **kwargs)
        return _GAMES[key].clone()
    return play


#: The files the screens read again each time one is made (the guided game's steps, How to play's pages,
#: each app's catalogues), parsed once a test session, and the data folders they are shown over.
_READ: dict[str, Any] = {}


def _read_once(read: Callable[[str], Any]) -> Callable[[str], Any]:
    """``read`` once for each name; each call gets its own copy of what it parsed."""
    def go(name: str) -> Any:
        key = f"{read.__module__}.{read.__qualname__}({name!r})"
        if key not in _READ:
            _READ[key] = read(name)
        return copy.deepcopy(_READ[key])
    return go


def _copied_once(make: Callable[[], Path], under: Path) -> Callable[[], Path]:
    """``make`` (a data folder the screens read and may write) once; every call gets a fresh copy of it, in a
    new folder under ``under``."""
    def go() -> Path:
        key = f"{make.__module__}.{make.__qualname__}"
        if key not in _READ:
            _READ[key] = make()
        copied = Path(tempfile.mkdtemp(dir=under)) / "data"
        shutil.copytree(_READ[key], copied)
        return copied
    return go


@contextmanager
def made_once() -> Iterator[None]:
    """While active, what the screens are made from is made once a test session and shared: the games of
    ``screenshots``' states and :mod:`smoke`'s scenes, the daily record they show, the guided game's steps
    and How to play's pages, and the text catalogues each new app reads."""
    with pytest.MonkeyPatch.context() as patch, tempfile.TemporaryDirectory(prefix="harmonies-screens-") as copies:
        for module, name in ((smoke, "played_game"), (screenshots, "played_game"),
                             (screenshots, "habitat_formed_game"), (screenshots, "play_random_game"),
                             (harmonies_ai, "play_random_game")):
            patch.setattr(module, name, _kept(getattr(module, name)))
        for module in (guide, howto):
            patch.setattr(module, "load_yaml", _read_once(assets.load_yaml))
        patch.setattr(catalogue, "_read_yaml", _read_once(catalogue._read_yaml))
        patch.setattr(screenshots, "daily_folder", _copied_once(screenshots.daily_folder, Path(copies)))
        yield


@contextmanager
def undrawn(app: Any) -> Iterator[None]:
    """While active, the app's frames go by without drawing (their events, updates and count run as ever):
    for the frames a screen steps through while it is made ready, which nothing checks. The next frame drawn
    shows the screen the same, and draws itself what those frames would have cached (a score table)."""
    app.draw = lambda: None
    try:
        yield
    finally:
        del app.draw


def _table_game() -> Game:
    return _kept(played_game)(2, 8, seed=5, level="easy")


def extra_screens(app: Any, patch: pytest.MonkeyPatch) -> Iterator[tuple[str, Callable[[], None]]]:
    """The screens the screenshots leave out: a review (stubbed), every kind of dialog, the on-screen keyboard.
    ``patch`` makes the saves unsaved for the dialogs that ask about them; each screen starts by undoing it."""

    def review() -> None:
        game = _table_game()
        reviewed = stub_review(game.setup, game.history, 0, game.cards)
        reviewed = replace(reviewed, turns=tuple(replace(t, reasons=LONG_REASONS) for t in reviewed.turns))
        app.scenes.reset(MenuScene(app))
        viewer = ReplayScene(app, game.setup, game.history, ["Ann", "Bruno"], game.cards)
        app.scenes.push(viewer)
        viewer.reviewer.show(reviewed)
        viewer.to_costly(0)

    def unsaved(kind: str, folder: bool) -> Callable[[], None]:
        def go() -> None:
            patch.setattr(SaveSlot, "unsaved", property(lambda slot: True))
            app.scenes.reset(MenuScene(app))
            app.step(0.0, events=[])
            confirm_leave(app, kind, lambda: None)
            app.step(0.0, events=[])
            if folder:
                ask_folder(app.scenes.top, lambda: None, app.t(f"dialog.{kind}.go"),
                           app.t("dialog.elsewhere.failed", reason="Permission denied"))
        return go

    def after(name: str, then: Callable[[Any], None]) -> Callable[[], None]:
        prepare = dict(screenshots.extra_states(app))[name]

        def go() -> None:
            prepare()
            app.step(0.0, events=[])
            then(app.scenes.top)
        return go

    def keyboard(field: str, pages: int) -> Callable[[], None]:
        def go() -> None:
            app.scenes.reset(MenuScene(app))
            setup = SetupScene(app)
            app.scenes.push(setup)
            app.step(0.0, events=[])
            keys = OnscreenKeys(app, next(w for w in setup.ui.widgets if isinstance(w, TextField) and w.name == field))
            keys.turn_to(pages)
            app.scenes.push(keys)
        return go

    yield "replay_review_stub", review
    yield "dialog_close", unsaved("close", False)
    yield "dialog_menu", unsaved("menu", False)
    yield "dialog_elsewhere", unsaved("close", True)
    yield "dialog_reset_challenges", after("challenges_list", lambda sc: ChallengesScene.ask_reset(sc))
    yield "dialog_clear_bests", after("finished_list", lambda sc: FinishedScene.ask_clear(sc))
    yield "dialog_export", after("finished_list", lambda sc: FinishedScene.ask_export(sc))
    for page in range(7):
        yield f"onscreen_keys_{page}", keyboard("name0", page)
    yield "onscreen_keys_seed", keyboard("seed", 0)


def every_screen(app: Any) -> Iterator[tuple[str, Callable[[], None]]]:
    """(name, prepare) of every screen; after ``prepare()`` a frame shows it. Under :func:`made_once` the
    screens share the games they show."""
    patch = pytest.MonkeyPatch()
    try:
        for name, prepare in [*iter_scenes(app), *screenshots.extra_states(app), *extra_screens(app, patch)]:
            if not name.startswith(COSTLY):
                patch.undo()
                yield name, prepare
    finally:
        patch.undo()
