"""What the player is told and asked about saves: the words of a failed save, the line naming a saved
game (Continue's list and the questions use it), and the questions asked before a game in progress is replaced (new game, restart, play again) or unsaved actions are left
behind (quit to menu, closing the window).

Each ``confirm_*`` function either runs ``proceed`` at once (nothing to lose) or opens a
:class:`SaveDialog` (a :class:`~.confirm.Dialog`) whose buttons run it after closing the dialog.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

import pygame

from harmonies.persist.lock import FolderInUse, LockNotFile
from harmonies.persist.store import KEEP_REPLACED
from harmonies.session import Rescued, SaveProblem

from .. import paint
from ..look import Look
from ..options import data_dir_option, start_command
from ..scene import Keeping, Navigation, Telling
from .confirm import Action, Dialog, Page

#: Folder offered for "save elsewhere", inside the player's home folder.
RESCUE_NAME = "Harmonies-saves"


class LookAndSaves(Look, Keeping, Protocol):
    """The look with the saves: what a helper reads to word what is kept (the slot's state, a record)."""


class SavingServices(Look, Navigation, Keeping, Telling, Protocol):
    """What the questions about a game in progress and unsaved actions use: the look, the stack their
    dialog opens on, the save slot, and the menu's line saying where the actions were saved."""


class SaveDialog(Dialog):
    """The dialog of those questions: it may save the actions elsewhere, so it is given the saves."""

    app: SavingServices

    def __init__(self, app: SavingServices, page: Page, purpose: str = "") -> None:
        super().__init__(app, page, purpose)


def reason_text(app: Look, problem: SaveProblem) -> str:
    """The system's reason, with plainer words first when the error is a known one."""
    words = app.t(f"save.words.{problem.code}", default="") if problem.code else ""
    return app.t("save.reason", words=words, system=problem.reason) if words else problem.reason


def fit_folder(app: Look, key: str, folder: Path, px: float, max_w: float, bold: bool = False, **params: str) -> str:
    """The text ``key`` with ``folder`` in it, the folder cut in its middle if needed to fit ``max_w``.

    The start and the end of a path say most about where it is; the end of the text says what to do."""
    whole = str(folder)
    keep = len(whole)
    text = app.t(key, folder=whole, **params)
    while keep > 12 and paint.text_width(app, text, px, bold) > max_w:
        keep -= 3
        head = keep // 3
        text = app.t(key, folder=f"{whole[:head]}…{whole[len(whole) - (keep - head):]}", **params)
    return text


def banner_lines(app: Look, problem: SaveProblem, max_w: float) -> tuple[str, str]:
    """The play screen's two lines (at 15 and 13 px): what failed and why, then the folder."""
    return (app.t("save.not_saved", reason=reason_text(app, problem)),
            fit_folder(app, "save.not_saved_where", problem.folder, 13, max_w))


def menu_lines(app: Look, problem: SaveProblem, max_w: float) -> tuple[str, str]:
    """The menu's two lines (at 16 px bold, then 15 px) when the data folder cannot be used."""
    return (fit_folder(app, "menu.folder_problem", problem.folder, 16, max_w, True, reason=reason_text(app, problem)),
            app.t("menu.folder_problem_more"))


def when_text(app: Look, saved_at: str | None) -> str:
    """When a game was last saved, in the player's local time."""
    if saved_at is None:
        return app.t("games.when_unknown")
    try:
        return datetime.fromisoformat(saved_at).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return app.t("games.when_unknown")


def row_label(app: Look, game: Any) -> str:
    """One line for a ``GameSummary``: the players, then when it was saved and its round."""
    if not game.readable:
        return app.t("games.unreadable", file=Path(game.path).name)
    names = ", ".join(game.names) or "?"
    detail = app.t("games.detail", when=when_text(app, game.saved_at), round=game.round or "?")
    latest = f" ({app.t('games.current')})" if game.current else ""
    return f"{names} · {detail}{latest}"


def unsaved_line(app: LookAndSaves) -> str:
    slot = app.saves
    problem = slot.problem
    folder = str(problem.folder) if problem else str(slot.folder)
    reason = reason_text(app, problem) if problem else "?"
    return app.t("dialog.unsaved", n=slot.unsaved_actions, folder=folder, reason=reason)


def rescue_folder() -> Path:
    """Where "save elsewhere" proposes to save: a folder in the home folder (or the temporary folder)."""
    try:
        return Path.home() / RESCUE_NAME
    except (RuntimeError, KeyError):
        return Path(tempfile.gettempdir()) / RESCUE_NAME


def confirm_replace(app: SavingServices, kind: str, proceed: Callable[[], None]) -> None:
    """Before a new game replaces the game in progress (``kind``: ``new``, ``restart`` or ``again``).

    A finished game whose archiving failed is not in progress, but a new game would drop it all the same:
    it is asked about too."""
    slot = app.saves
    if not slot.has_current() and not slot.unsaved:
        proceed()
        return
    t = app.t
    dialog: SaveDialog

    def go() -> None:
        dialog.close()
        proceed()

    actions = [Action(t(f"dialog.{kind}.go"), go, name="go"),
               Action(t("dialog.back"), lambda: dialog.close(), name="back")]
    current = [row_label(app, game) for game in slot.games() if game.current]
    body = current[:1] + [t(f"dialog.{kind}.body", n=KEEP_REPLACED)]
    if slot.unsaved:
        body = [unsaved_line(app), t("dialog.replace_unsaved")]
        actions.insert(0, Action(t("dialog.save_elsewhere"), lambda: ask_folder(dialog, proceed, t(f"dialog.{kind}.go")),
                                 primary=True, name="elsewhere"))
    dialog = SaveDialog(app, Page(t(f"dialog.{kind}.title"), body, actions), purpose=kind)
    app.scenes.push(dialog)


def confirm_leave(app: SavingServices, kind: str, proceed: Callable[[], None]) -> None:
    """Before unsaved actions are left behind (``kind``: ``menu``, ``close``, or ``finished`` for the
    scoresheet of a game that could not be archived)."""
    if not app.saves.unsaved:
        proceed()
        return
    t = app.t
    dialog: SaveDialog

    def go() -> None:
        dialog.close()
        proceed()

    stay = t("dialog.keep_playing") if kind == "menu" else t("dialog.back")
    page = Page(t(f"dialog.{kind}.title"), [unsaved_line(app), t(f"dialog.{kind}.body")], [
        Action(t("dialog.save_elsewhere"), lambda: ask_folder(dialog, proceed, t(f"dialog.{kind}.go")), primary=True,
               name="elsewhere"),
        Action(t(f"dialog.{kind}.go"), go, name="go"),
        Action(stay, lambda: dialog.close(), name="back"),
    ], focus=0)
    dialog = SaveDialog(app, page, purpose=kind)
    app.scenes.push(dialog)


def ask_folder(dialog: SaveDialog, proceed: Callable[[], None], go_label: str, error: str = "",
               text: str | None = None) -> None:
    """The page asking where to save; then the page saying where it went (or why it did not)."""
    app = dialog.app
    t = app.t
    question = dialog.page

    def save() -> None:
        typed = dialog.text.strip()
        folder = Path(typed).expanduser()
        finished = app.saves.unsaved_over  # asked before saving: the save is what makes it no longer unsaved
        try:
            rescued = app.saves.save_elsewhere(folder) if typed else None
        except FolderInUse as exc:  # another window holds the folder: it would overwrite what is saved there
            ask_folder(dialog, proceed, go_label, t("dialog.elsewhere.in_use", folder=str(exc.folder)), typed)
            return
        except LockNotFile as exc:
            ask_folder(dialog, proceed, go_label, t("dialog.elsewhere.bad_lock", path=str(exc.path)), typed)
            return
        except Exception as exc:  # the reason goes on the page; the player may type another folder
            reason = getattr(exc, "reason", None) or getattr(exc, "strerror", None) or str(exc)
            ask_folder(dialog, proceed, go_label, t("dialog.elsewhere.failed", reason=reason), typed)
            return
        if rescued is None:
            return
        done(rescued, folder, finished)

    def done(rescued: Rescued, folder: Path, finished: bool) -> None:
        def go() -> None:
            dialog.close()
            proceed()

        # A finished game went into the folder's finished games, where Continue never looks.
        how = t("save.finished_from" if finished else "save.continue_from", option=data_dir_option(folder))
        saved = "save.saved_elsewhere" if rescued.fresh else "save.already_recorded"
        lines = [t(saved, path=str(rescued.path)), how]
        app.tell(" ".join(lines))

        def page(copy_label: str) -> Page:
            return Page(t("dialog.elsewhere.done_title"), lines,
                        [Action(go_label, go, primary=True, name="go"),
                         Action(copy_label, copy, name="copy"),
                         Action(t("dialog.keep_playing"), lambda: dialog.close(), name="back")], focus=0)

        def copy() -> None:
            # Text on screen cannot be selected, and the font draws ASCII quotes curled: the clipboard
            # holds the exact command, ready for a terminal.
            try:
                pygame.scrap.put_text(start_command(folder))
                said = t("dialog.elsewhere.copied")
            except pygame.error:
                said = t("dialog.elsewhere.not_copied")
            dialog.show(page(said))

        dialog.show(page(t("dialog.elsewhere.copy")))

    dialog.show(Page(t("dialog.elsewhere.title"), [t("dialog.elsewhere.body")], [
        Action(t("dialog.elsewhere.go"), save, primary=True, name="save"),
        Action(t("dialog.back"), lambda: dialog.show(question), name="back"),
    ], field=str(rescue_folder()) if text is None else text, error=error))
