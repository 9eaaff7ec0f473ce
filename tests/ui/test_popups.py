"""The pop-ups of the play screen leave what they are about in sight: the enlarged card covers no other
card and no board cell, the turn banners no board cell, and the spirit choice lets nothing show through."""

from __future__ import annotations

import pygame
import pytest

from harmonies.app.app import App
from harmonies.app.play.layout import Rect
from harmonies.app.play.places import HeldCard, Slot
from harmonies.app.play.sections import common, moving
from harmonies.app.play.sections.moving import banner_centre, preview_rect
from harmonies.app.play.where import cell_pos as where_cell_pos
from harmonies.app.scenes.play import PlayScene
from harmonies.app.smoke import meta_for, played_game
from harmonies.session import Resume

from ui_driver import Driver


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _playing(app: App, turns: int) -> tuple[Driver, PlayScene]:
    game = played_game(2, turns, seed=9)
    app.scenes.push(PlayScene(app, Resume.from_saved(game, meta_for(game, 2))))
    d = Driver(app)
    d.frames(2)
    d.settle()
    assert isinstance(d.top, PlayScene)
    return d, d.top


def _ring_to(d: Driver, play: PlayScene, kind: type) -> None:
    for _ in range(30):
        d.key(pygame.K_TAB)
        if isinstance(play.frame().focus, kind):
            return
    raise AssertionError(f"the ring never reached a {kind.__name__}")


def _preview(d: Driver, play: PlayScene) -> Rect:
    d.frames(40)  # the ring rests on the card: it is enlarged after a short pause
    shown = play.frame().preview
    assert shown is not None
    cid, spirit, rect = shown
    vp = play.app.vp
    size = (190.0, 270.0) if spirit else (210.0, 330.0)
    r = preview_rect(play.layout, rect, size)
    assert vp.r(r).w > 0
    return r


def test_the_enlarged_face_up_card_covers_no_other_card_nor_the_board(app: App) -> None:
    d, play = _playing(app, 4)
    _ring_to(d, play, Slot)
    r = _preview(d, play)
    L = play.layout
    assert not any(_overlap(r, slot) for slot in L.slots)
    assert not any(_overlap(r, held) for held in L.held_slots) and not _overlap(r, L.board_box)


def test_the_enlarged_held_card_leaves_the_board_in_sight(app: App) -> None:
    d, play = _playing(app, 8)
    assert play.table.held_items(play.table.current)
    _ring_to(d, play, HeldCard)
    r = _preview(d, play)
    L = play.layout
    assert not _overlap(r, L.board_box)
    assert not any(_overlap(r, held) for held in L.held_slots) and not any(_overlap(r, s) for s in L.slots)


def test_the_turn_banners_cover_no_cell_of_the_board(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[float, float]] = []
    real = common.pill

    def pill(app_: App, surface: pygame.Surface, text: str, at: tuple[float, float], *args: object,
             **kwargs: object) -> None:
        drawn.append(at)
        real(app_, surface, text, at, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(moving, "pill", pill)
    d, play = _playing(app, 4)
    d.key(pygame.K_1)                      # the tokens taken and placed by clicks, then End turn: a banner
    d.settle()
    for _ in range(3):
        colour = play.table.hand[0]
        cell = sorted(play.table.token_cells[colour])[0]
        d.click(play.layout.hand_slots[0])
        seat = play.table.current
        d.click(where_cell_pos(play.layout, play.table, seat, seat, cell))
        d.settle()
    d.press_widget("end")
    for _ in range(10):
        d.frames(1)
    assert drawn, "no banner was drawn"
    bx, by, bw, bh = play.layout.board_box
    for x, y in drawn:
        assert y + 23 <= by, (x, y)
    assert banner_centre(play.layout, 1)[1] + 23 <= by


def test_no_banner_shows_over_the_spirit_choice(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    monkeypatch.setattr(moving, "pill", lambda app_, surface, text, *a, **k: drawn.append(text))
    game = played_game(2, 0, seed=5, spirits=True)
    app.scenes.push(PlayScene(app, Resume.from_saved(game, meta_for(game, 2))))
    d = Driver(app)
    d.frames(3)
    assert d.top.must_choose_spirit() and d.top.anims.banners
    d.frames(3)
    assert drawn == []
