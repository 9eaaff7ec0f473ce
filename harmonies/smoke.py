"""``harmonies --smoke-test``: prove that an install or a packaged app works.

Runs headless, exercises every part a player would touch (the card file,
fonts and assets through every scene, the rules and the computer players
through one whole game, the hard player's helper process through one turn),
prints one line and returns 0. Anything missing or
broken makes it print ``smoke test FAILED: <reason>`` to stderr and return 1:
the point is to catch a bundle that lacks a file or a module, so nothing here
is optional and no error is swallowed.
"""

from __future__ import annotations

import datetime
import importlib
import os
import sys
import time
import traceback
from typing import Any

# A two-player game keeps the run short while going through every phase of
# the rules (turns, refills, end trigger, scoring, tie-break).
_PLAYERS = 2
_SEED = 2024


class SmokeFailure(Exception):
    """A check failed; the message is the whole reason, no traceback needed."""


def _require(module: str, attr: str, owner: str) -> Any:
    """``module.attr``, or a SmokeFailure naming exactly what is missing."""
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (
            module == exc.name or module.startswith(exc.name + ".")
        ):
            raise SmokeFailure(
                f"module {module} is missing (needed for {attr}, {owner})"
            ) from exc
        raise
    try:
        return getattr(mod, attr)
    except AttributeError:
        raise SmokeFailure(f"{module} has no {attr} ({owner})") from None


def _check_cards() -> int:
    default_cards = _require(
        "harmonies.rules.cards", "default_cards", "the card loader"
    )
    cards = default_cards()
    animals = len(cards.animals)
    spirits = len(cards.spirits)
    if animals == 0:
        raise SmokeFailure("the card file has no animal cards")
    return animals + spirits


def _check_challenges() -> int:
    """The bundled challenges file loads (a broken one: its one line, naming file, line and fault)."""
    load = _require("harmonies.session.challenges_file", "default_challenges", "the challenges")
    errors = _require("harmonies.session.challenges_file", "ChallengesError", "the challenges")
    try:
        return len(load())
    except errors as exc:
        raise SmokeFailure(str(exc)) from None


def _check_fonts() -> None:
    # The scenes could quietly fall back to pygame's default font; the
    # bundled fonts (Latin and Japanese) must really be there.
    from harmonies.resources import resource_path

    fonts_dir = resource_path("assets/fonts")
    fonts = [p for p in fonts_dir.iterdir() if p.suffix.lower() in (".ttf", ".otf")]
    if not fonts:
        raise SmokeFailure(f"no .ttf/.otf font in {fonts_dir}")


def _check_icon() -> None:
    # The window quietly keeps SDL's icon without assets/icon.png; the bundle must have it.
    resource_path = _require("harmonies.resources", "resource_path", "the app's files")
    try:
        icon = resource_path("assets/icon.png")
        with open(icon, "rb") as f:
            head = f.read(8)
    except OSError as exc:
        raise SmokeFailure(f"no window icon: {exc}") from None
    if head != b"\x89PNG\r\n\x1a\n":
        raise SmokeFailure(f"{icon} is not a PNG image")


def _check_languages() -> list[str]:
    # Each catalogue must load, and Babel must have its locale data: without it the catalogue
    # would quietly choose plurals by English rules (a bundle that left the data out).
    available = _require("harmonies.catalogue", "available_languages", "the text catalogues")
    catalogue = _require("harmonies.catalogue", "Catalogue", "the text catalogues")
    locale = _require("babel", "Locale", "the plural rules")
    long_date = _require("harmonies.dates", "long_date", "the month and weekday names")
    codes = [str(c) for c in available()]
    for code in codes:
        try:
            locale.parse(code).plural_form(1)
        except Exception as exc:  # UnknownLocaleError, or the data file missing from the bundle
            raise SmokeFailure(f"no plural rules for language {code!r} ({type(exc).__name__}: {exc})") from None
        if catalogue.load(code).t("menu.new_game") == "menu.new_game":
            raise SmokeFailure(f"the {code!r} text catalogue has no menu")
        try:
            long_date(code, datetime.date(2026, 11, 26))
        except Exception as exc:  # the locale data of the dates (harmonies.dates.LOCALES) left out
            raise SmokeFailure(f"no date words for language {code!r} ({type(exc).__name__}: {exc})") from None
    return codes


def _draw_scenes() -> list[str]:
    render_every_scene = _require(
        "harmonies.app.smoke", "render_every_scene", "the UI's offscreen render"
    )
    names = [str(n) for n in render_every_scene()]
    if not names:
        raise SmokeFailure("render_every_scene() drew no scene")
    return names


def _play_game() -> list[int]:
    game_setup = _require("harmonies.rules", "GameSetup", "the rules library")
    play_random_game = _require(
        "harmonies.ai", "play_random_game", "the computer players"
    )
    game = play_random_game(game_setup(players=_PLAYERS, seed=_SEED))
    if not getattr(game, "over", False):
        raise SmokeFailure("the computer game stopped before the end")
    outcome = game.outcome
    if outcome is None:
        raise SmokeFailure("the finished game has no outcome")
    scores = [int(sheet.total) for sheet in outcome.scores]
    if len(scores) != _PLAYERS:
        raise SmokeFailure(f"expected {_PLAYERS} scores, got {len(scores)}")
    return scores


def _check_helper() -> None:
    # The hard player plays half of its look-ahead in a second process; a bundle
    # must be able to start one (a frozen app re-runs itself to do so).
    helper_cls = _require("harmonies.ai.helper", "Helper", "the hard player's helper")
    hard = _require("harmonies.ai", "HardPlayer", "the computer players")
    game_setup = _require("harmonies.rules", "GameSetup", "the rules library")
    game_cls = _require("harmonies.rules", "Game", "the rules library")
    take_turn = _require("harmonies.ai", "take_turn", "the computer players")
    helper = helper_cls()
    try:
        player = hard(1, width=2, samples=2, beam=2, helper=helper)
        game = game_cls.new(game_setup(players=1, seed=_SEED))
        take_turn(player, game)
        if helper.failed or not helper.answers:
            raise SmokeFailure(f"the hard player's helper process did not answer ({helper.failed or 'no answer'})")
    finally:
        helper.close()


def run() -> int:
    """Run every check; print one line; 0 if all passed, else 1."""
    # Forced, not defaulted: the smoke test must never open a window or a
    # sound device, even when a developer's shell sets other drivers.
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    start = time.perf_counter()
    try:
        card_count = _check_cards()
        challenge_count = _check_challenges()
        _check_fonts()
        _check_icon()
        languages = _check_languages()
        scenes = _draw_scenes()
        scores = _play_game()
        _check_helper()
    except SmokeFailure as exc:
        print(f"smoke test FAILED: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # noqa: BLE001 - report any breakage, then fail
        traceback.print_exc(file=sys.stderr)
        print(
            f"smoke test FAILED: {type(exc).__name__}: {exc}", file=sys.stderr
        )
        return 1
    elapsed = time.perf_counter() - start
    print(
        f"smoke test ok: {card_count} cards, {challenge_count} challenges, languages {', '.join(languages)}, {len(scenes)} scenes drawn "
        f"({', '.join(scenes)}), {_PLAYERS}-player game played to the end "
        f"(scores {', '.join(str(s) for s in scores)}), helper process answered, in {elapsed:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(run())
