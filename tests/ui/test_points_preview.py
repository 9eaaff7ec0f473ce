"""The points preview and the cube prompt, through real mouse and key events: a token dragged over a cell,
or a cube chosen with the ring on a cell, says what the drop would change in the score; a held card whose
habitat is formed is framed with the points its cube brings."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from textfit import drawn_texts
from ui_driver import Driver

from harmonies.app.play.places import Cell, HeldCard
from harmonies.app.play.sections.drop_preview import gain_text
from harmonies.app.scenes.play import PlayScene
from harmonies.app.smoke import habitat_formed_game, played_game, resume
from harmonies.rules import Game, TakeTokens


def _start(app: Any, game: Game) -> tuple[Driver, PlayScene]:
    d = Driver(app)
    sc = PlayScene(app, resume(game, game.setup.players), demo=True)
    app.scenes.push(sc)
    d.settle()
    sc.anims.banners.clear()
    return d, sc


def _texts(monkeypatch: pytest.MonkeyPatch, app: Any) -> list[str]:
    return drawn_texts(monkeypatch, lambda: app.step(1 / 60, events=[]))


def test_dragging_a_token_over_a_cell_shows_what_it_would_score(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    game = played_game(2, 6, seed=3)
    game.apply(TakeTokens(next(i for i, s in enumerate(game.central) if s)))
    d, sc = _start(app, game)
    # the token and cell that score most
    i, cell = max(((i, c) for i, colour in enumerate(game.hand) for c in sorted(game.token_cells(colour))),
                  key=lambda ic: sum(v for _r, v in sc.table.gains[(game.hand[ic[0]], ic[1])]))
    colour = game.hand[i]
    gain = sc.table.gains[(colour, cell)]
    start, end = d.screen(sc.layout.hand_slots[i]), d.screen(sc.big_layout().to_pixel(cell))
    d.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    d.frames(1)
    for k in (1, 2, 3):
        p = (start[0] + (end[0] - start[0]) * k // 3, start[1] + (end[1] - start[1]) * k // 3)
        d.post(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))
        d.frames(1)
    assert sc.drag is not None
    shown = gain_text(sc.screen.sections[0].kit, sc.table, colour, gain)
    assert shown in _texts(monkeypatch, app)
    before = sc.game.score(0).total
    n = len(sc.game.history)
    d.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    d.frames(1)
    d.settle()
    assert len(sc.game.history) == n + 1
    assert sc.game.score(0).total - before == sum(v for _r, v in gain)       # the drop scored what it said


def test_a_formed_habitat_asks_for_its_cube_and_the_ring_previews_its_points(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    game = habitat_formed_game()
    d, sc = _start(app, game)
    card, cells = next(iter(game.cube_options().items()))
    points = max(v for (what, _c), gain in sc.table.gains.items() if what == card for _r, v in gain)
    assert points > 0
    assert f"+{points}" in _texts(monkeypatch, app)          # the card's prompt names the cube's points
    # by keys: Tab to the card, Enter chooses its cube, the ring lands on a cell where it may go
    for _ in range(20):
        if sc.pointer.cursor.current() == HeldCard(0, card):
            break
        d.key(pygame.K_TAB)
    d.key(pygame.K_RETURN)
    ring = sc.pointer.cursor.current()
    assert isinstance(ring, Cell) and ring.cell in cells
    texts = _texts(monkeypatch, app)
    name = sc.cardart.name(card)
    assert f"{name} +{points}" in texts
