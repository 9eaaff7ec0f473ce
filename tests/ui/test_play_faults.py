"""Play-screen faults a new player met: banners at the end, stale turn banners, the hand-over screen, the
warning before the end, misplaced drops, the hint after a step, End turn while viewing another board."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest
from key_driver import Keys
from textfit import drawn_texts
from ui_driver import Driver, first_slot

from harmonies.app import paint
from harmonies.app.app import App
from harmonies.app.play.logpanel import LogPanel
from harmonies.app.play.places import Swap
from harmonies.app.play.sections import spirit_choice
from harmonies.app.play.sections.top_bar import end_warning_text
from harmonies.app.scenes.handover import HandoverScene
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.play import PlayScene
from harmonies.app.scenes.scoring import ScoringScene
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.app.smoke import meta_for, played_game
from harmonies.catalogue import available_languages
from harmonies.rules import Game, GameSetup, SoloSwap, rules_data
from harmonies.session import MatchConfig, Resume, SaveSlot, Seat


def _last_turn(players: int = 2) -> Game:
    """The last seat's turn with its tokens taken and placed, and a pouch too low to refill: ending it ends the game."""
    pos = Game.new(GameSetup(players=players, seed=5)).position()
    assert pos.central is not None and pos.pouch is not None
    central = [list(s) for s in pos.central]
    taken = len(central[0])
    central[0] = []
    return Game.from_position(replace(pos, current=players - 1, taken_space=0, hand=(), central=central,
                                      pouch=pos.pouch[:2], discarded=len(pos.pouch) - 2 + taken))


@pytest.fixture(autouse=True)
def _no_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game log replays from a seed, which a game built from a position has not: these tests keep no log."""
    monkeypatch.setattr(LogPanel, "follow", lambda self, history, upto=None: None)


def _play(app: Any, game: Game, *seats: Seat) -> Driver:
    app.scenes.push(PlayScene(app, Resume(game, MatchConfig(seats))))
    d = Driver(app)
    d.frames(2)
    assert d.top.name == "play"
    return d


def test_the_turn_that_ends_the_game_shows_no_last_round_and_no_refill(app: Any) -> None:
    d = _play(app, _last_turn(), Seat("Ada"), Seat("Bo"))
    sc = d.top
    d.frames(40)  # the opening turn banner goes
    d.press_widget("end")
    assert sc.game.over
    texts = [b.text for b in sc.anims.banners]
    assert app.t("play.last_round") not in texts
    # the pouch's last tokens went to the central board in the rules, but nothing flies there on screen
    assert not any(f.dst in [sc.layout.space_token_pos(0, i) for i in range(3)] for f in sc.anims.flyers)


def test_the_last_round_banner_shows_when_the_game_goes_on(app: Any) -> None:
    game = _last_turn(3)
    pos = game.position()
    d = _play(app, Game.from_position(replace(pos, current=0)), Seat("Ada"), Seat("Bo"), Seat("Cy"))
    sc = d.top
    d.press_widget("end")
    assert not sc.game.over and sc.game.end_triggered
    assert app.t("play.last_round") in [b.text for b in sc.anims.banners]


def test_one_turn_banner_at_a_time_after_the_hand_over(app: Any) -> None:
    # Ada ends her turn while her own turn banner still shows; Bo continues from the hand-over screen
    pos = _last_turn(3).position()
    assert pos.pouch is not None
    d = _play(app, Game.from_position(replace(pos, current=0, )),
              Seat("Ada"), Seat("Bo"), Seat("Cy"))
    sc = d.top
    d.press_widget("end")
    assert d.top.name == "handover"
    d.frames(30)
    d.key(pygame.K_RETURN)
    assert d.top is sc
    assert [b.text for b in sc.anims.banners if b.turn] == [sc.turn_text()] == ["Bo's turn"]
    assert len(sc.anims.banners) == 2  # the turn and the last round's notice, nothing older


def test_the_hand_over_screen_hides_the_table(app: Any) -> None:
    d = _play(app, Game.new(GameSetup(players=2, seed=5, spirits=True)), Seat("Ada"), Seat("Bo"))
    sc = d.top
    spots = [app.vp.p(x + w / 2, y + h / 2) for _, (x, y, w, h) in spirit_choice.rects(sc.layout, sc.table)]
    spots += [app.vp.p(x + 8, y + 8) for x, y, _, _ in sc.layout.seat_panels]
    assert spots
    app.scenes.push(HandoverScene(app, "Bo", 1))
    d.frames(2)
    surface = pygame.Surface(app.window.get_size())
    sc.draw(surface)
    app.scenes.top.draw(surface)
    panel = pygame.Rect(app.vp.r((340, 220, 600, 260)))
    shown = {tuple(surface.get_at(p))[:3] for p in spots if not panel.collidepoint(p)}
    assert shown == {(15, 22, 19)}, "the table shows through the hand-over screen"


def _done_turn(game: Game, empty_after: int | None = None) -> Game:
    """``game`` with the current seat's tokens taken and placed; ``empty_after``: its board filled with plain
    fields (yellow) until that many cells are empty."""
    pos = game.position()
    assert pos.central is not None and pos.pouch is not None
    central = [list(s) for s in pos.central]
    taken = len(central[0])
    central[0] = []
    pouch = list(pos.pouch)
    seats = list(pos.seats)
    if empty_after is not None:
        cells = game.shape.cells[:len(game.shape.cells) - empty_after]
        yellow = [c for c in pouch if c.name == "YELLOW"]
        assert len(yellow) >= len(cells) // 2
        board = {cell: [pouch.pop(pouch.index(c))] for cell, c in zip(cells, [*yellow, *pouch])}
        seats[pos.current] = replace(seats[pos.current], board=board)
    return Game.from_position(replace(pos, taken_space=0, hand=(), central=central, pouch=pouch, seats=seats,
                                      discarded=pos.discarded + taken))


def test_a_warning_before_the_turn_that_can_end_the_game(app: Any) -> None:
    data = rules_data()
    near = data.end_empty_cells + data.tokens_per_space
    start = Game.new(GameSetup(players=2, seed=5))
    # Bo's board has end_empty_cells + one turn's tokens empty: his coming turn can trigger the end
    game = _done_turn(start)
    pos = game.position()
    bo = _done_turn(Game.from_position(replace(pos, current=1)), empty_after=near).position()
    game = Game.from_position(replace(bo, current=0, taken_space=0))
    d = _play(app, game, Seat("Ada"), Seat("Bo"))
    sc = d.top
    assert sc.table.end_warning == ""          # Ada's board is far from full
    d.press_widget("end")
    d.frames(40)
    assert d.top.name == "handover"
    d.key(pygame.K_RETURN)
    assert sc.table.end_warning == "board" and sc.table.empty_cells == near
    words = app.t("play.end_near_board", n=near, m=data.end_empty_cells)
    assert words in [b.text for b in sc.anims.banners]


def test_a_warning_when_the_pouch_cannot_refill(app: Any) -> None:
    d = _play(app, _last_turn(), Seat("Ada"), Seat("Bo"))
    assert d.top.table.end_warning == "pouch"
    assert end_warning_text(d.top.app, d.top.table) == app.t("play.end_near_pouch")


def _fresh(app: Any) -> Driver:
    return _play(app, Game.new(GameSetup(players=2, seed=21)), Seat("Ada"), Seat("Bo"))


def test_a_drop_on_another_board_or_the_scores_says_why(app: Any) -> None:
    d = _fresh(app)
    sc = d.top
    d.take_first_space()
    n = len(sc.game.history)
    x, y, w, h = sc.layout.seat_panels[1]
    d.drag(sc.layout.hand_slots[0], (x + w / 2, y + h / 2))
    assert len(sc.game.history) == n
    assert sc.message == app.t("play.drop_other_board", name="Bo") and sc.message_t > 0
    sc.message = ""
    x, y, w, h = sc.layout.scores_panel
    d.drag(sc.layout.hand_slots[0], (x + w / 2, y + h / 2))
    assert len(sc.game.history) == n
    assert sc.message == app.t("play.drop_scores")


def test_the_hint_stays_for_the_steps_still_to_play(app: Any) -> None:
    from harmonies.rules import EndTurn, PlaceToken, TakeTokens

    d = _fresh(app)
    sc = d.top
    g = sc.game
    space = next(i for i, s in enumerate(g.central) if s)
    colours = g.central[space]
    cells = [g.shape.cells[2 * i] for i in range(len(colours))]
    plan = [TakeTokens(space), *(PlaceToken(c, cell) for c, cell in zip(colours, cells)), EndTurn()]
    sc.show_hint(plan)
    d.click(sc.layout.spaces[space])
    d.settle()
    assert sc.hints.plan is not None and list(sc.hints.plan.commands) == plan[1:]
    assert sc.hints.line == sc._hint_words(sc.hints.plan)
    i = list(sc.table.tray).index(colours[0])
    d.drag(sc.layout.hand_slots[i], sc.big_layout().to_pixel(cells[0]))
    d.settle()
    assert sc.hints.plan is not None and list(sc.hints.plan.commands) == plan[2:]
    # a step off the plan: the rest no longer fits the board, the hint goes
    i = list(sc.table.tray).index(colours[1])
    d.drag(sc.layout.hand_slots[i], sc.big_layout().to_pixel(g.shape.cells[1]))
    d.settle()
    assert isinstance(g.history[-1], PlaceToken) and g.history[-1].cell == g.shape.cells[1]
    assert sc.hints.plan is None and not sc.hints.on


def test_end_turn_stays_usable_while_viewing_another_board(app: Any) -> None:
    d = _fresh(app)
    sc = d.top
    d.take_first_space()
    g = sc.game
    for k in range(len(g.hand)):
        d.drag(sc.layout.hand_slots[first_slot(sc)], sc.big_layout().to_pixel(g.shape.cells[2 * k]))
        d.settle()
    assert not g.hand
    x, y, w, h = sc.layout.seat_panels[1]
    d.click((x + 20, y + 20))
    assert sc.shown_seat == 1
    assert d.widget("end").enabled
    d.press_widget("end")
    assert g.current == 1 and sc.shown_seat == 1


@pytest.mark.slow
@pytest.mark.parametrize("language", available_languages())
def test_score_table_labels_stay_in_their_column(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720", ai_speed="instant")),
              saves=SaveSlot(enabled=False), language=language)
    app.start(MenuScene(app))
    game = played_game(4, 0, finish=True, spirits=True, level="easy")
    app.scenes.push(ScoringScene(app, game, MatchConfig.from_meta(meta_for(game, 2), 4)))
    app.step(0.0, events=[])
    sc: Any = app.scenes.top
    drawn: list[tuple[str, pygame.Rect]] = []
    text = paint.text

    def record(surface: pygame.Surface, app_: Any, s: str, *args: Any, **kw: Any) -> pygame.Rect:
        rect = text(surface, app_, s, *args, **kw)
        drawn.append((s, rect))
        return rect

    monkeypatch.setattr(paint, "text", record)
    sc.draw(app.window)
    names = [seat.name for seat in sc.config.seats]
    # a player's name is drawn 34 units right of its column's left rule
    first_column = min(r.left for s, r in drawn if s.lstrip("★ ") in names) - app.vp.s(34)
    labels = {label for _kind, label, _key in sc.rows()}
    rows = [(s, r) for s, r in drawn if s in labels or s.rstrip("…") and any(lb.startswith(s.rstrip("…"))
                                                                             for lb in labels)]
    assert app.t("score.spirit") in labels and rows
    for s, r in rows:
        assert r.right <= first_column - 2, f"{s!r} runs into the first column ({r.right} > {first_column})"
    pygame.display.quit()


@pytest.mark.parametrize("players", [1, 2])
def test_the_solo_spirit_choice_says_what_each_spirit_adds_to_the_suns(app: Any, monkeypatch: pytest.MonkeyPatch,
                                                                      players: int) -> None:
    game = Game.new(GameSetup(players=players, seed=5, spirits=True))
    d = _play(app, game, *(Seat(n) for n in ("Ada", "Bo")[:players]))
    drawn = drawn_texts(monkeypatch, lambda: d.top.draw(app.window))
    dealt = [game.cards.spirit(cid) for cid in game.spirit_choices]
    want = [app.t("play.spirit_solo_sun", n=s.solo_suns) if s.solo_suns else app.t("play.spirit_solo_no_sun")
            for s in dealt]
    if players == 1:
        assert [s for s in drawn if s in want] == want
    else:
        assert not any(s in drawn for s in want), "the suns are solo's; a table does not count them"


def test_a_swap_button_says_beforehand_that_the_swap_is_final(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new(GameSetup(players=1, seed=5))
    d = _play(app, game, Seat("Ada"))
    d.take_first_space()
    sc = d.top
    while sc.game.hand:
        slot = first_slot(sc)
        cell = min(sc.game.token_cells(sc.table.tray[slot]))
        d.drag(sc.layout.hand_slots[slot], sc.big_layout().to_pixel(cell))
    d.frames(2)
    assert not sc.game.hand
    Keys(d).tab_to_ring(Swap(1))       # Tab along the ring to the second card's swap button
    drawn = drawn_texts(monkeypatch, lambda: d.top.draw(app.window))
    tip = " ".join(drawn)
    assert "final" in tip and "undone" in tip, tip


def _solo_turn_done(app: Any) -> Any:
    """A solo game whose three tokens are placed, so that a swap is the thing left to do."""
    game = Game.new(GameSetup(players=1, seed=5))
    d = _play(app, game, Seat("Ada"))
    d.take_first_space()
    sc = d.top
    while sc.game.hand:
        slot = first_slot(sc)
        cell = min(sc.game.token_cells(sc.table.tray[slot]))
        d.drag(sc.layout.hand_slots[slot], sc.big_layout().to_pixel(cell))
    d.frames(2)
    assert not sc.game.hand
    return d


def test_the_solo_swap_waits_for_a_second_click_and_esc_cancels_it(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    d = _solo_turn_done(app)
    sc = d.top
    swaps = len(sc.game.history)
    x, y, w, h = sc.layout.swap_btns[1]
    card = sc.game.display[1]
    d.click((x + w / 2, y + h / 2))
    assert len(sc.game.history) == swaps and sc.pointer.armed_swap == 1
    drawn = " ".join(drawn_texts(monkeypatch, lambda: d.top.draw(app.window)))
    assert app.t("play.swap_confirm") in drawn and "Esc" in drawn
    d.key(pygame.K_ESCAPE)
    assert sc.pointer.armed_swap is None and isinstance(app.scenes.top, type(sc))
    d.click((x + w / 2, y + h / 2))
    x0, y0, w0, h0 = sc.layout.swap_btns[0]
    d.click((x0 + w0 / 2, y0 + h0 / 2))         # another swap button arms that one instead
    assert len(sc.game.history) == swaps and sc.pointer.armed_swap == 0
    d.click((x + w / 2, y + h / 2))
    d.click((x + w / 2, y + h / 2))
    d.settle()
    assert sc.game.history[-1] == SoloSwap(card) and sc.pointer.armed_swap is None


def test_the_solo_swap_by_keys_asks_a_second_enter(app: Any) -> None:
    d = _solo_turn_done(app)
    sc = d.top
    card = sc.game.display[1]
    keys = Keys(d)
    keys.tab_to_ring(Swap(1))
    d.key(pygame.K_RETURN)
    assert not isinstance(sc.game.history[-1], SoloSwap) and sc.pointer.armed_swap == 1
    d.key(pygame.K_RETURN)
    d.settle()
    assert sc.game.history[-1] == SoloSwap(card)
