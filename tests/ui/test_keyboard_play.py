"""Keyboard-only play: Tab, the arrows, Enter/Space and Esc drive a whole turn without the mouse."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from ui_driver import Driver

from harmonies import rules as R
from harmonies.app.play.places import Cell, EndButton, HandToken, HeldCard, Slot, Space, Swap
from harmonies.app.scenes.play import PlayScene
from harmonies.session import MatchConfig, Seat

_NEIGHBOURS = {(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}


def _start(app: Any, seats: tuple[Seat, ...], seed: int) -> Driver:
    app.scenes.push(PlayScene(app, MatchConfig(seats, seed=seed)))
    d = Driver(app)
    d.frames(2)
    assert d.top.name == "play"
    return d


@pytest.fixture
def duo(app: Any) -> Driver:
    return _start(app, (Seat("Ada"), Seat("Bo", "computer")), 21)


def _focus(d: Driver) -> Any:
    return d.top.pointer.cursor.current()


def _tab_to(d: Driver, kind: type, limit: int = 30) -> Any:
    """Tab until the focus is a ``kind``; fails if Tab never gets there."""
    for _ in range(limit):
        if isinstance(_focus(d), kind):
            return _focus(d)
        d.key(pygame.K_TAB)
    raise AssertionError(f"Tab never reached a {kind.__name__}")


def test_a_whole_turn_with_keys_only(duo: Driver) -> None:
    d = duo
    sc = d.top
    g = sc.game
    assert _focus(d) is None
    # take tokens: Tab to a central space, Enter takes them; the focus moves to the hand
    space = _tab_to(d, Space)
    d.key(pygame.K_RETURN)
    d.settle()
    taken = g.history[-1]
    assert isinstance(taken, R.TakeTokens) and taken.space == space.space
    assert len(g.hand) == 3
    assert _focus(d) == HandToken(0)
    # three tokens: Enter chooses the token in hand (the board lights up), Right walks the cursor to a
    # neighbouring cell, Space puts the token there (the focus follows on to the next token)
    cells: list[tuple[int, int]] = []
    for n in range(3):
        # the ring is on the first token left; the tray keeps its slots, so that is slot n
        assert _focus(d) == HandToken(n)
        token = sc.table.tray[n]
        d.key(pygame.K_RETURN)
        assert sc.selection is not None and sc.selection.target == HandToken(n)
        start = _focus(d)
        assert isinstance(start, Cell)
        d.key(pygame.K_RIGHT)
        moved = _focus(d)
        assert isinstance(moved, Cell)
        assert (moved.cell[0] - start.cell[0], moved.cell[1] - start.cell[1]) in _NEIGHBOURS
        assert sc.big_layout().to_pixel(moved.cell)[0] > sc.big_layout().to_pixel(start.cell)[0]
        for _step in range(6):      # on to an empty cell, where any token may go
            if moved.cell not in g.player(0).stacks:
                break
            d.key(pygame.K_DOWN)
            moved = _focus(d)
        d.key(pygame.K_SPACE)
        d.settle()
        assert g.history[-1] == R.PlaceToken(token, moved.cell), sc.message
        cells.append(moved.cell)
    assert not g.hand
    # the focus is on the face-up cards: Space takes one (Enter would end the turn now), then the focus is on that card
    slot = _focus(d)
    assert isinstance(slot, Slot)
    card = g.display[slot.slot]
    d.key(pygame.K_SPACE)
    d.settle()
    assert g.history[-1] == R.TakeCard(card)
    assert _focus(d) == HeldCard(g.current, card)
    # a cube where the card allows one: Space chooses the card, the cursor goes to a legal cell
    legal = set(g.cube_cells(card))
    d.key(pygame.K_SPACE)
    if legal:
        at = _focus(d)
        assert isinstance(at, Cell) and at.cell in legal
        d.key(pygame.K_SPACE)
        d.settle()
        assert g.history[-1] == R.PlaceCube(card, at.cell)
    else:
        assert sc.message, "no word on why the card takes no cube"
        d.key(pygame.K_ESCAPE)
        assert sc.selection is None
    # End turn: Tab reaches it, Enter ends the turn; the computer plays and it is Ada's turn again
    _tab_to(d, EndButton)
    d.key(pygame.K_RETURN)
    d.settle()
    for _ in range(200):
        if g.current == 0 and not sc.session.seat_to_play:
            break
        d.frames(1, 0.05)
    assert g.current == 0 and g.round == 2
    assert all(c in g.player(0).stacks for c in cells)


def test_the_arrows_step_to_a_neighbour_and_stay_on_the_board(duo: Driver) -> None:
    d = duo
    sc = d.top
    d.key(pygame.K_DOWN)       # with no focus the arrows start on the board
    assert isinstance(_focus(d), Cell)
    lay = sc.big_layout()
    for key, sign in ((pygame.K_UP, -1), (pygame.K_DOWN, 1), (pygame.K_LEFT, -1), (pygame.K_RIGHT, 1)):
        for _ in range(8):
            before = _focus(d).cell
            d.key(key)
            after = _focus(d).cell
            assert after in sc.table.cells
            if after == before:
                break      # the edge of the board: the cursor stays
            assert (after[0] - before[0], after[1] - before[1]) in _NEIGHBOURS
            axis = 1 if key in (pygame.K_UP, pygame.K_DOWN) else 0
            assert sign * (lay.to_pixel(after)[axis] - lay.to_pixel(before)[axis]) > 0
        else:
            raise AssertionError("eight steps never reached the edge of the board")


def test_esc_lets_the_ring_and_the_choice_go_then_pauses(duo: Driver) -> None:
    d = duo
    sc = d.top
    _tab_to(d, Space)
    d.key(pygame.K_RETURN)
    d.key(pygame.K_RETURN)           # choose the first token: the cursor is on the board
    assert sc.selection is not None and isinstance(_focus(d), Cell)
    d.key(pygame.K_ESCAPE)           # lets go of both the token chosen and the ring
    assert sc.selection is None and _focus(d) is None and d.top is sc
    d.key(pygame.K_ESCAPE)
    d.settle()
    assert d.top.name == "pause"
    d.key(pygame.K_ESCAPE)           # the pause menu closes: back in the game, no ring
    d.settle()
    _tab_to(d, HandToken)            # a ring alone: the first Esc puts it away, the next pauses
    d.key(pygame.K_ESCAPE)
    assert _focus(d) is None and d.top is sc
    d.key(pygame.K_ESCAPE)
    d.settle()
    assert d.top.name == "pause"


def test_enter_ends_the_turn_wherever_the_ring_is_once_end_turn_is_enabled(duo: Driver) -> None:
    d = duo
    sc = d.top
    g = sc.game
    d.key(pygame.K_1)
    d.settle()
    for token in list(g.hand):       # the three tokens placed by the mouse
        cell = next(iter(sorted(sc.table.token_cells[token])))
        d.drag(sc.layout.hand_slots[list(sc.table.tray).index(token)], sc.big_layout().to_pixel(cell))
        d.settle()
    assert not g.hand and sc.can_end()
    turn = (g.round, g.current)
    _tab_to(d, Slot)                 # the ring on a face-up card: Enter still ends the turn
    d.key(pygame.K_RETURN)
    d.settle()
    assert (g.round, g.current) != turn and _focus(d) is None


def test_enter_without_a_cursor_still_ends_the_turn(duo: Driver) -> None:
    d = duo
    sc = d.top
    g = sc.game
    d.key(pygame.K_1 + next(i for i, s in enumerate(g.central) if s))
    assert _focus(d) is None          # the digits alone do not put the cursor up
    _tab_to(d, HandToken)
    for _ in range(3):
        d.key(pygame.K_RETURN)
        d.key(pygame.K_RETURN)
        d.settle()
    assert not g.hand and g.can_end_turn()
    d.key(pygame.K_ESCAPE)
    assert _focus(d) is None
    d.key(pygame.K_RETURN)
    d.settle()
    assert g.current == 1 or g.round == 2


def test_solo_swap_from_the_keyboard(app: Any) -> None:
    d = _start(app, (Seat("Ada"),), 5)
    sc = d.top
    g = sc.game
    while g.spirit_choices:           # a solo game may open with a spirit to choose: Tab, Enter
        d.key(pygame.K_TAB)
        d.key(pygame.K_RETURN)
        d.settle()
    # too early: Enter on a swap button before the tokens is refused, with why
    swap = _tab_to(d, Swap)
    d.key(pygame.K_RETURN)
    assert not g.history or not isinstance(g.history[-1], R.SoloSwap)
    assert sc.message
    d.key(pygame.K_ESCAPE)
    _tab_to(d, Swap)           # with the cursor up, a digit's tokens take it to the hand
    d.key(pygame.K_1 + next(i for i, s in enumerate(g.central) if s))
    assert _focus(d) == HandToken(0)
    for _ in range(3):
        d.key(pygame.K_RETURN)
        d.key(pygame.K_RETURN)
        d.settle()
    assert not g.hand
    swap = _tab_to(d, Swap)
    card = g.display[swap.slot]
    d.key(pygame.K_SPACE)
    d.settle()
    assert not isinstance(g.history[-1], R.SoloSwap)    # the swap is final: it waits for its confirmation
    d.key(pygame.K_SPACE)
    d.settle()
    assert g.history[-1] == R.SoloSwap(card), sc.message


_HEX_KEYS = {pygame.K_q: (-1, 0), pygame.K_w: (0, -1), pygame.K_e: (1, -1), pygame.K_a: (-1, 1), pygame.K_s: (0, 1),
             pygame.K_d: (1, 0)}
_OPPOSITE = {pygame.K_q: pygame.K_d, pygame.K_w: pygame.K_s, pygame.K_e: pygame.K_a, pygame.K_a: pygame.K_e,
             pygame.K_s: pygame.K_w, pygame.K_d: pygame.K_q}


@pytest.mark.slow
@pytest.mark.parametrize("side", ["A", "B"])
def test_q_w_e_a_s_d_reach_every_cell_of_the_board(app: Any, side: str) -> None:
    """From the ring's first cell, the six keys walk the whole board: each steps to the neighbour drawn in
    its direction (up-left, up, up-right, down-left, down, down-right), or stays at the edge."""
    app.scenes.push(PlayScene(app, MatchConfig((Seat("Ada"), Seat("Bo", "computer")), side=side, seed=5)))
    d = Driver(app)
    d.frames(2)
    sc = d.top
    lay = sc.big_layout()
    d.key(pygame.K_w)                                  # with no ring, a hex key puts it on the board
    seen = {_focus(d).cell}

    def explore(cell: tuple[int, int]) -> None:
        for key, (dq, dr) in _HEX_KEYS.items():
            d.key(key)
            now = _focus(d).cell
            want = (cell[0] + dq, cell[1] + dr)
            if want not in sc.table.cells:
                assert now == cell, "a key stepped off the board or sideways"
                continue
            assert now == want
            (x0, y0), (x1, y1) = lay.to_pixel(cell), lay.to_pixel(now)
            assert (x1 - x0) * dq >= 0 and (dq != 0 or (y1 - y0) * dr > 0)   # drawn the way the key says
            if now not in seen:
                seen.add(now)
                explore(now)
            d.key(_OPPOSITE[key])
            assert _focus(d).cell == cell

    explore(_focus(d).cell)
    assert seen == set(sc.table.cells)


def test_left_and_right_keep_to_one_row(duo: Driver) -> None:
    """Right (or Left) again and again zigzags along the row the ring started on: never more than half a
    cell above or below it, so two presses never climb a row."""
    d = duo
    sc = d.top
    lay = sc.big_layout()
    d.key(pygame.K_DOWN)
    for key in (pygame.K_LEFT, pygame.K_RIGHT):
        start = _focus(d).cell
        y0 = lay.to_pixel(start)[1]
        for _ in range(8):
            before = _focus(d).cell
            d.key(key)
            after = _focus(d).cell
            assert abs(lay.to_pixel(after)[1] - y0) <= lay.size       # half a cell is 0.87 of the radius
            if after == before:
                break
            assert (lay.to_pixel(after)[0] - lay.to_pixel(before)[0]) * (1 if key == pygame.K_RIGHT else -1) > 0


def _luminance(c: pygame.Color) -> float:
    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)


def _contrast(a: pygame.Color, b: pygame.Color) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_ring_stands_out_from_everything_it_can_surround(app: Any) -> None:
    """The ring's outer lines (light outside dark) give a contrast of at least 3:1 (WCAG's for graphics)
    against every colour it is drawn on or beside: each token, the table, panels, cells, the yellow button."""
    th = app.theme
    light, dark = th.c("table_text"), th.c("ink")
    under = [th.token(name).fill for name in ("blue", "gray", "brown", "green", "yellow", "red")]
    under += [th.c(n) for n in ("table", "table_dark", "panel", "board", "board_back", "primary", "button",
                                "button_disabled", "notice", "accent")]
    for colour in under:
        assert max(_contrast(light, colour), _contrast(dark, colour)) >= 3.0, colour
    assert _contrast(dark, th.c("accent")) >= 3.0          # the yellow line itself is edged in dark
