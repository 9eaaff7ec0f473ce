"""The scoresheet's word on a solo challenge: the result recorded with the progress, and its panel.

When a challenge game ends, the scoresheet checks the goal on the finished game (the rules' own score and
board, :func:`harmonies.session.challenges.check_goal`), adds the game to ``challenges.json`` and shows
met or not met, each condition with the value reached.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from harmonies.persist.challenges import read_progress, record_game
from harmonies.persist.lock import LockProblem
from harmonies.rules import Game
from harmonies.session import MatchConfig
from harmonies.session.challenges import Challenge, Checked, check_goal, plays
from harmonies.session.challenges_file import find_challenge
from harmonies.session.challenges_text import checked_text, title

from .. import paint

if TYPE_CHECKING:
    from ..app import App

PAD = 16.0


@dataclass(frozen=True)
class Verdict:
    """A finished challenge game: its conditions checked, whether all hold, whether this game met the
    challenge for the first time, and why the result could not be kept (None: it was)."""

    challenge: Challenge
    checked: tuple[Checked, ...]
    first: bool
    problem: str | None

    @property
    def met(self) -> bool:
        return all(c.met for c in self.checked)


def verdict_of(app: App, game: Game, config: MatchConfig, record: bool) -> Verdict | None:
    """The verdict on ``game`` if it is a finished game of a challenge; with ``record``, the game is added
    to the progress first (a game just finished, not one looked at again)."""
    challenge = find_challenge(config.challenge)
    if challenge is None or not game.over or not plays(challenge, game):
        return None
    checked = check_goal(challenge, game)
    met = all(c.met for c in checked)
    store = app.saves.store
    if not record or store is None:
        return Verdict(challenge, checked, False, None)
    before, _ = read_progress(store.dirs)
    try:
        record_game(store.dirs, challenge.id, game.score(0).total, met)
    except (OSError, LockProblem) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        return Verdict(challenge, checked, False, app.t("challenge.record_failed", reason=reason))
    return Verdict(challenge, checked, met and not before.of(challenge.id).done, None)


def draw_verdict(surface: pygame.Surface, app: App, verdict: Verdict, rect: tuple[float, float, float, float]) -> None:
    """The panel: met or not met, the challenge's name, each condition with the value reached."""
    th, vp = app.theme, app.vp
    x, y, w, h = rect
    cat = app.catalogue
    ok = verdict.met
    paint.panel(surface, app, rect, th.c("panel"), radius=12, edge=th.c("accent" if ok else "panel_edge"),
                width=3, shadow=True)
    head = app.t("challenge.first_met" if verdict.first else "challenge.met" if ok else "challenge.not_met")
    inner = w - 2 * PAD
    px = paint.fit_px(app, head, 20, inner, bold=True, min_px=14)
    paint.text(surface, app, head, (x + PAD, y + 12), px, th.c("ink"), bold=True)
    name = title(cat, verdict.challenge)
    npx = paint.fit_px(app, name, 15, inner, min_px=12)
    paint.text(surface, app, paint.ellipsize(app, name, npx, inner), (x + PAD, y + 42), npx, th.c("ink_dim"))
    yy = y + 68
    font = app.fonts.font(vp.s(14))
    rows = [(("✓ " if c.met else "✗ ") + checked_text(cat, c), c.met) for c in verdict.checked]
    if verdict.problem is not None:
        rows.append((verdict.problem, False))
    for text, good in rows:
        for line in paint.wrap_lines(font, text, vp.s(inner)):
            if yy + 18 > y + h:
                return
            paint.text(surface, app, line, (x + PAD, yy), 14, th.c("ink") if good else th.c("danger"))
            yy += 18
        yy += 3
