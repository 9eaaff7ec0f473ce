"""The scoresheet's word on a solo challenge: the result recorded with the progress, and its panel.

When a challenge game ends, the scoresheet checks the goal on the finished game (the rules' own score and
board, :func:`harmonies.session.challenges.check_goal`) and shows met or not met, each condition with the
value reached. The game was added to ``challenges.json`` with its archive (:mod:`harmonies.session.results`);
the scoresheet only says whether that made the challenge met for the first time, or why it was not kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from harmonies.rules import Game
from harmonies.session import MatchConfig
from harmonies.session.challenges import Challenge, Checked, check_goal, plays
from harmonies.session.challenges_file import find_challenge
from harmonies.session.challenges_text import checked_text, title

from .. import paint

if TYPE_CHECKING:
    from .saving import LookAndSaves
    from ..look import Look

PAD = 16.0
LINE_PX = 14.0
STEP = 18.0


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


def verdict_of(app: LookAndSaves, game: Game, config: MatchConfig, record: bool) -> Verdict | None:
    """The verdict on ``game`` if it is a finished game of a challenge; with ``record`` (a game just
    finished, not one looked at again), what recording it with its archive did."""
    challenge = find_challenge(config.challenge)
    if challenge is None or not game.over or not plays(challenge, game):
        return None
    checked = check_goal(challenge, game)
    met = all(c.met for c in checked)
    recorded = app.saves.recorded_for(game) if record and app.saves.store is not None else None
    if recorded is None:
        return Verdict(challenge, checked, False, None)
    problem = app.t("challenge.record_failed", reason=recorded.problem) if recorded.problem else None
    return Verdict(challenge, checked, met and recorded.first_met, problem)


def draw_verdict(surface: pygame.Surface, app: Look, verdict: Verdict, rect: tuple[float, float, float, float]) -> None:
    """The panel, as tall as its lines within ``rect``: met or not met (and met for the first time), the
    challenge's name, each condition with the value reached, and why the result was not kept."""
    th, vp = app.theme, app.vp
    x, y, w, room = rect
    cat = app.catalogue
    ok = verdict.met
    inner = w - 2 * PAD
    font = app.fonts.font(vp.fs(LINE_PX))
    step = STEP / LINE_PX * vp.tv(LINE_PX)   # a line's step grows with the text size
    rows: list[tuple[str, bool]] = [(("✓ " if c.met else "× ") + checked_text(cat, c), c.met) for c in verdict.checked]
    if verdict.problem is not None:
        rows.append((verdict.problem, False))
    wrapped = [(paint.wrap_lines(font, text, vp.s(inner)), good) for text, good in rows]
    top = 68 + (22 if verdict.first else 0)
    h = min(room, top + sum(len(ls) * step + 3 for ls, _ in wrapped) + 10)
    paint.panel(surface, app, (x, y, w, h), th.c("panel"), radius=12, edge=th.c("accent" if ok else "panel_edge"),
                width=3, shadow=True)
    head = app.t("challenge.met" if ok else "challenge.not_met")
    px = paint.fit_px(app, head, 20, inner, bold=True, min_px=14)
    paint.text(surface, app, head, (x + PAD, y + 12), px, th.c("ink"), bold=True)
    yy = y + 42
    if verdict.first:
        first = app.t("challenge.first_met")
        fpx = paint.fit_px(app, first, 15, inner, bold=True, min_px=12)
        paint.text(surface, app, first, (x + PAD, yy), fpx, th.c("ink"), bold=True)
        yy += 22
    name = title(cat, verdict.challenge)
    npx = paint.fit_px(app, name, 15, inner, min_px=12)
    paint.text(surface, app, paint.ellipsize(app, name, npx, inner), (x + PAD, yy), npx, th.c("ink_dim"))
    yy += 26
    for lines, good in wrapped:
        for line in lines:
            if yy + step > y + h:
                return
            paint.text(surface, app, line, (x + PAD, yy), LINE_PX, th.c("ink") if good else th.c("danger"))
            yy += step
        yy += 3
