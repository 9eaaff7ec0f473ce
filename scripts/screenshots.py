"""Render every scene (and a few telling play states) to PNG files for a human to look at.

Run through ``scripts/screenshots``; writes ``shots/<scene>_<W>x<H>.png`` (``<scene>_<W>x<H>_<lang>.png``
with ``--lang``).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from datetime import date

import pygame

from harmonies.ai import play_random_game
from harmonies.app import checked_language
from harmonies.app.scenes.finished import FinishedScene
from harmonies.app.scenes.scoring import ScoringScene
from harmonies.session import MatchConfig, SaveSlot
from harmonies.app.smoke import habitat_formed_game, iter_scenes, make_offscreen_app, meta_for, played_game
from harmonies.persist import Store
from harmonies.rules import Game, GameSetup


# A data folder of finished games for the list and the bests, made once per run.
_ARCHIVE: list[Path] = []


def archive_folder() -> Path:
    """A temporary data folder holding a dozen finished games of every size, both sides, with and without spirits."""
    if not _ARCHIVE:
        folder = Path(tempfile.mkdtemp(prefix="harmonies-shots-"))
        store = Store(folder, durable=False)
        levels = ("easy", "medium", "hard")
        for n in range(12):
            players = 1 + n % 4
            game = play_random_game(GameSetup(players, "AB"[n // 4 % 2], n >= 8, seed=300 + n), n)
            seats = [{"name": "Ann", "kind": "human", "level": "random"}] + [
                {"name": f"Bot {i}", "kind": "computer", "level": levels[(n + i) % 3]} for i in range(1, players)]
            when = f"2026-11-{1 + n:02d}T20:{n:02d}:00+00:00"
            store.archive_finished(game, {"seats": seats, "started": when, "finished": when})
        _ARCHIVE.append(folder)
    return _ARCHIVE[0]


# The day the daily deal's screens show, and a month of results before it.
DAILY_TODAY = "2026-11-26"


def daily_folder() -> Path:
    """A temporary data folder whose daily record holds most of November 2026: a streak of five days
    ending today (one try so far today), pars beaten and missed, a past day played later, days skipped."""
    from harmonies.persist.daily import DailyRecords
    from datetime import date

    folder = Path(tempfile.mkdtemp(prefix="harmonies-daily-shots-"))
    records = DailyRecords(folder)
    results = {3: (96, 4, 104), 4: (112, 5, 108), 6: (88, 3, 97), 9: (121, 6, 119), 10: (101, 4, 115),
               12: (99, 4, 99), 16: (108, 5, 111), 17: (117, 5, 110), 20: (93, 4, 102), 22: (126, 6, 118),
               23: (104, 5, 109), 24: (115, 5, 113), 25: (110, 5, 112), 26: (118, 5, 121)}
    for day, (score, suns, par) in results.items():
        iso = f"2026-11-{day:02d}"
        on = date(2026, 11, day if day != 12 else 20)  # the 12th was played a week later
        records.finish_attempt(iso, 1, score, suns, on)
        if day in (9, 17, 24):
            records.finish_attempt(iso, 2, score - 11, suns - 1, on)
        records.set_par(iso, par)
    records.start_attempt("2026-11-14", date(2026, 11, 14))  # a try started and left
    return folder


def daily_shown(app: Any) -> Any:
    """The app over the daily folder, on 26 November 2026 by its clock."""
    from datetime import date
    from harmonies.app.scenes.daily_start import daily_service

    app.saves = SaveSlot(daily_folder())
    service = daily_service(app)
    service.clock = lambda: date.fromisoformat(DAILY_TODAY)
    service.refresh()
    return service
# The Statistics view's data folders: a realistic history (tests/data/stats_history), one solo game, none.
_HISTORIES: dict[str, Path] = {}
STATS_FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "data" / "stats_history"


def history_folder(kind: str) -> Path:
    """A temporary copy of the fixture's finished games: ``"full"`` all of them, ``"one"`` its first solo game,
    ``"none"`` no game."""
    if kind not in _HISTORIES:
        import shutil
        folder = Path(tempfile.mkdtemp(prefix=f"harmonies-stats-{kind}-"))
        (folder / "finished").mkdir()
        files = sorted((STATS_FIXTURE / "finished").glob("*.json"))
        chosen = files if kind == "full" else [f for f in files if "-1p-" in f.name][:1] if kind == "one" else []
        for f in chosen:
            shutil.copy(f, folder / "finished" / f.name)
        _HISTORIES[kind] = folder
    return _HISTORIES[kind]


# position -> (game, hint commands): the hard player's plan is dear, so one per run, not per size
_HINTS: dict[str, tuple[Any, list[Any]]] = {}
# game -> (game, its review by the real engine, with few sampled futures): one per run, not per size
_REVIEWS: dict[str, tuple[Any, Any]] = {}


def extra_states(app: Any) -> Iterator[tuple[str, Callable[[], None]]]:
    """Play states worth checking by eye besides the basic scenes."""
    from harmonies.app.play.layout import centre
    from harmonies.app.scenes.howto import HowToScene
    from harmonies.app.scenes.menu import MenuScene
    from harmonies.app.play.places import Cell, Drag, HandToken, HeldCard, SeatBoard, Slot, Swap
    from harmonies.app.scenes.play import PlayScene
    from harmonies.rules import PlaceToken, Rejected, TakeTokens
    from harmonies.session import Resume

    def start(game: Any, humans: int = 1) -> Any:
        app.scenes.reset(MenuScene(app))
        sc = PlayScene(app, Resume.from_saved(game, meta_for(game, humans)), demo=True)
        app.scenes.push(sc)
        return sc

    def four_late() -> None:
        game = played_game(4, 4 * 7 + 2, seed=8, spirits=True)
        game.apply(TakeTokens(next(i for i, s in enumerate(game.central) if s)))
        start(game, 4)

    def dragging() -> None:
        game = played_game(2, 8, seed=12, side="B")
        game.apply(TakeTokens(next(i for i, s in enumerate(game.central) if s)))
        sc = start(game, 2)
        app.step(0.0, events=[])
        # the token in hand and the cell where it scores most, so the points preview has something to say
        i, target = max(((i, c) for i, colour in enumerate(game.hand) for c in sorted(game.token_cells(colour))),
                        key=lambda ic: sum(d for _r, d in sc.table.gains.get((game.hand[ic[0]], ic[1]), ())))
        legal = frozenset(game.token_cells(game.hand[i]))
        pos = sc.big_layout().to_pixel(target)
        sc.pointer.drag = Drag(HandToken(i), sc.layout.hand_slots[i], (pos[0] + 10, pos[1] - 8), legal, True)

    def recap_shown() -> None:
        """Ada's turn after two computers played: their summaries over the board, their cells ringed."""
        sc = start(played_game(3, 9, seed=31), 1)
        app.step(0.0, events=[])
        sc.anims.banners.clear()

    def cube_ready() -> None:
        """A solo turn where the token just placed formed a held card's habitat: the card asks for its cube,
        which is chosen with the ring on a cell where it may go (the points preview above it)."""
        after = habitat_formed_game()
        sc = start(after, 1)
        app.step(0.0, events=[])
        sc.anims.banners.clear()
        card, cells = next(iter(after.cube_options().items()))
        sc.pointer.click(HeldCard(0, card))
        sc.pointer.cursor.cell = cells[0]
        sc.pointer.cursor.focus = Cell(0, cells[0])

    def solo() -> None:
        game = played_game(1, 5, seed=4)
        start(game, 1)

    def howto_page(k: int) -> Callable[[], None]:
        def show() -> None:
            app.scenes.reset(MenuScene(app))
            scene = HowToScene(app)
            scene.page = k
            app.scenes.push(scene)
        return show

    def solo_swap_tip() -> None:
        game = played_game(1, 5, seed=4)
        game.apply(TakeTokens(next(i for i, s in enumerate(game.central) if s)))
        while game.hand:
            colour = game.hand[0]
            game.apply(PlaceToken(colour, next(iter(game.token_cells(colour)))))
        sc = start(game, 1)
        app.step(0.0, events=[])
        sc.pointer.cursor.focus = Swap(1)

    def solo_swap_confirm() -> None:
        solo_swap_tip()
        sc = app.scenes.top
        sc.pointer.click(Swap(1))   # the first click: the swap waits for its confirmation

    def solo_spirits() -> None:
        start(played_game(1, 0, seed=4, spirits=True), 1)

    def keyboard_board() -> None:
        game = played_game(2, 8, seed=12, side="B")
        game.apply(TakeTokens(next(i for i, s in enumerate(game.central) if s)))
        sc = start(game, 2)
        app.step(0.0, events=[])
        sc.pointer.cursor.to_hand()
        sc.pointer.cursor.use()          # Enter on the first token: it is chosen, the cursor on the board

    def keyboard_card() -> None:
        game = played_game(2, 8, seed=12, side="B")
        sc = start(game, 2)
        app.step(0.0, events=[])
        sc.pointer.cursor.focus = Slot(1)
        app.step(0.0, events=[])
        app.step(0.5, events=[])         # the ring rests on the card: its enlarged preview shows

    def keyboard_viewing() -> None:
        game = played_game(3, 9, seed=5)
        sc = start(game, 3)
        app.step(0.0, events=[])
        sc.pointer.cursor.focus = SeatBoard(1)
        sc.pointer.cursor.use()          # Enter on another seat's small board: it is shown large

    def viewing() -> None:
        game = played_game(3, 9, seed=5)
        sc = start(game, 3)
        app.step(0.0, events=[])
        sc.view_seat = (game.current + 1) % 3

    def refused() -> None:
        game = played_game(2, 6, seed=2)
        game.apply(TakeTokens(next(i for i, s in enumerate(game.central) if s)))
        sc = start(game, 2)
        app.step(0.0, events=[])
        sc.show_refusal(Rejected("stack.not_allowed", {"colour": "brown", "on": "blue"}))
        sc.anims.banners.clear()
        _ = centre

    def preview() -> None:
        game = played_game(2, 10, seed=6, spirits=True)
        sc = start(game, 2)
        app.step(0.0, events=[])
        items = sc.table.held_items(game.current)
        spirit = [i for i, it in enumerate(items) if it[1]]
        k = spirit[0] if spirit else 0
        if items:
            sc.hover_card = (items[k][0], items[k][1], sc.layout.held_slots[k])
        else:
            sc.hover_card = (game.display[1], False, sc.layout.slots[1])
        sc.hover_t = 5.0
        sc.pointer.card_under = lambda pos: sc.hover_card  # the dummy driver has no pointer

    def preview_animal() -> None:
        # a held animal card with some cubes already on the board, so the track shows both kinds of slot
        for seed in range(6, 30):
            game = played_game(2, 14, seed=seed)
            sc = start(game, 2)
            app.step(0.0, events=[])
            items = sc.table.held_items(game.current)
            k = next((i for i, (cid, spirit, n) in enumerate(items)
                      if not spirit and 0 < n < len(game.cards.animal(cid).track)), None)
            if k is not None:
                break
        sc.hover_card = (items[k][0], False, sc.layout.held_slots[k]) if k is not None else \
            (game.display[1], False, sc.layout.slots[1])
        sc.hover_t = 5.0
        sc.pointer.card_under = lambda pos: sc.hover_card

    def last_round() -> None:
        from harmonies.ai import make_player, take_turn
        from harmonies.rules import Game, GameSetup
        game = Game.new(GameSetup(players=3, seed=21))
        bots = [make_player("random", i) for i in range(3)]
        while not game.end_triggered:
            take_turn(bots[game.current], game)
        start(game, 3)

    def tiebreak() -> None:
        # seed 54: two random players tie on points; the cubes decide
        from harmonies.ai import play_random_game
        from harmonies.app.scenes.scoring import ScoringScene
        from harmonies.session import MatchConfig
        from harmonies.rules import GameSetup
        game = play_random_game(GameSetup(players=2, seed=54), 54)
        app.scenes.reset(MenuScene(app))
        app.scenes.push(ScoringScene(app, game, MatchConfig.from_meta(meta_for(game, 2), 2)))

    def hinted(key: str, make: Callable[[], Any], humans: int) -> Callable[[], None]:
        """A play scene showing the hint for a position (planned once, shown at every size)."""
        def go() -> None:
            from harmonies.ai import hint
            if key not in _HINTS:
                game = make()
                _HINTS[key] = (game, hint(game))
            game, commands = _HINTS[key]
            sc = start(game.clone(), humans)
            app.step(0.0, events=[])
            sc.anims.banners.clear()
            sc.show_hint(commands)
        return go

    def finished_list() -> None:
        app.saves = SaveSlot(archive_folder())
        app.scenes.reset(MenuScene(app))
        scene = FinishedScene(app)
        app.scenes.push(scene)
        if scene.indexing is not None:
            scene.indexing.wait(120)  # the list as it stands once indexed, not a moment of the indexing

    def daily_menu() -> None:
        daily_shown(app)
        app.scenes.reset(MenuScene(app))

    def daily_scene() -> None:
        from harmonies.app.scenes.daily import DailyScene
        daily_shown(app)
        app.scenes.reset(MenuScene(app))
        app.scenes.push(DailyScene(app))

    def daily_scene_past() -> None:
        from harmonies.app.scenes.daily import DailyScene
        daily_shown(app)
        app.scenes.reset(MenuScene(app))
        scene = DailyScene(app)
        app.scenes.push(scene)
        scene.choose(date(2026, 11, 17))

    def daily_scoring() -> None:
        from harmonies.session.daily import deal_for
        service = daily_shown(app)
        deal = deal_for(date.fromisoformat(DAILY_TODAY))
        game = play_random_game(GameSetup(1, deal.side, deal.spirits, deal.seed), 7)
        app.scenes.reset(MenuScene(app))
        config = deal.config("Ann", 2)
        service.records.start_attempt(DAILY_TODAY, date.fromisoformat(DAILY_TODAY))
        app.scenes.push(ScoringScene(app, game, config))
    def stats(kind: str, chart: str) -> Callable[[], None]:
        """The Statistics view over a history of ``kind`` (see :func:`history_folder`), showing ``chart``."""
        def show() -> None:
            from harmonies.app.scenes.stats import StatsScene
            from harmonies.persist.index import FinishedIndex
            folder = history_folder(kind)
            app.saves = SaveSlot(folder)
            store = app.saves.store
            FinishedIndex(store.dirs, store.cards).count()  # indexed as Finished games would have done
            app.scenes.reset(MenuScene(app))
            scene = StatsScene(app)
            scene.chart = chart
            app.scenes.push(scene)
        return show

    def boards() -> None:
        game = play_random_game(GameSetup(3, "A", True, 303), 3)
        app.scenes.reset(MenuScene(app))
        sheet = ScoringScene(app, game, MatchConfig.from_meta(meta_for(game, 1), 3), review=True)
        app.scenes.push(sheet)
        sheet.show_boards = True

    def log_shown() -> None:
        game = played_game(3, 10, seed=5, spirits=True)
        sc = start(game, 1)
        app.step(0.0, events=[])
        sc.anims.banners.clear()
        sc.log.toggle()
        # the dummy driver has no pointer: the line pointed at is the newest token placed
        row = next(r for r in sc.log.rows if r.entry is not None and r.entry.cell is not None)
        sc.log.row_at = lambda rect, pos: row

    def log_card() -> None:
        game = played_game(2, 9, seed=7)
        sc = start(game, 2)
        app.step(0.0, events=[])
        sc.anims.banners.clear()
        sc.log.toggle()
        row = next(r for r in sc.log.rows if r.entry is not None and r.entry.key == "refill_card")
        sc.log.row_at = lambda rect, pos: row

    def replay_solo() -> None:
        from harmonies.app.scenes.replay import ReplayScene
        game = play_random_game(GameSetup(1, "B", True, 31), 2)
        app.scenes.reset(MenuScene(app))
        viewer = ReplayScene(app, game.setup, game.history, ["Ann"], game.cards)
        app.scenes.push(viewer)
        viewer.go(23)
        row = next(r for r in viewer.log.rows if r.entry is not None and r.entry.cell is not None)
        viewer.hovered = lambda: row  # type: ignore[method-assign]

    def reviewed(key: str, players: int, turns: int, then: str = "costly") -> Callable[[], None]:
        """The viewer over a game in progress reviewed by the real engine (seat 0), showing ``then``: the
        costliest turn, the review running, or the question whose turns."""
        def go() -> None:
            from harmonies.ai.review import review_game
            from harmonies.app.scenes.replay import ReplayScene
            from harmonies.session.reviewing import ReviewState
            if key not in _REVIEWS:
                game = played_game(players, turns, seed=5, level="medium")
                _REVIEWS[key] = (game, review_game(game.setup, game.history, 0, cards=game.cards, samples=2))
            game, review = _REVIEWS[key]
            app.scenes.reset(MenuScene(app))
            viewer = ReplayScene(app, game.setup, game.history, ["Ann", "Bruno", "Chiara", "Dai"][:players],
                                 game.cards)
            app.scenes.push(viewer)
            if then == "running":  # as the job reports it on its way, without running one
                viewer.reviewer.status, viewer.reviewer.state = "running", ReviewState(2, len(review.turns))
            else:
                viewer.reviewer.show(review)
                viewer.to_costly(0)
            if then == "choose":
                viewer.ask_review()
        return go

    def guide_at(step: str, then: Callable[[Any], None] | None = None) -> Callable[[], None]:
        """The guided game played by its own steps up to ``step`` (``then``: what to do there); its free part
        is played with the first legal move."""
        def go() -> None:
            from harmonies.app.navigation import OpenGuide
            from harmonies.rules import Command, EndTurn, PlaceCube, SoloSwap, TakeCard
            from harmonies.app.play.places import HandToken
            app.scenes.reset(MenuScene(app))
            app.step(0.0, events=[])
            sc = app.navigate.scene(OpenGuide())
            app.scenes.push(sc)
            app.step(0.0, events=[])
            for _ in range(400):
                guide = sc.guide
                if guide.done or guide.step.id == step:
                    break
                now = guide.step
                g = sc.table
                cell = sorted(now.cells)[0] if now.cells else None
                slots = [m.index for m in sc.frame().guide.rings if isinstance(m, HandToken)]
                slot = slots[0] if slots else next((i for i, c in enumerate(g.tray) if c is not None), None)
                colour = g.tray[slot] if slot is not None else None
                kind = now.kind
                if kind == "free":
                    kind = "take_tokens" if not g.taken_tokens_this_turn else "place_token" if g.hand else "end_turn"
                if kind is None:
                    sc.pointer.guide_next()
                    continue
                cmd: Command
                if kind == "take_tokens":
                    cmd = TakeTokens(int(now.what) if now.kind == "take_tokens" else 0)
                elif kind == "place_token":
                    assert colour is not None, f"step {now.id}: no token to place"
                    cmd = PlaceToken(colour, cell or sorted(g.token_cells[colour])[0])
                elif kind == "take_card":
                    cmd = TakeCard(now.what)
                elif kind == "place_cube":
                    assert cell is not None, f"step {now.id}: a cube step names its cell"
                    cmd = PlaceCube(now.what, cell)
                elif kind == "solo_swap":
                    cmd = SoloSwap(now.what)
                elif kind == "end_turn":
                    cmd = EndTurn()
                else:
                    raise AssertionError(f"step {now.id}: unknown kind {kind!r}")
                sc.picked = slot if kind == "place_token" else None
                assert sc.submit(cmd), cmd
            for _ in range(100):         # the flights land (the last Next opens the end panel over them)
                if not sc.anims.busy:
                    break
                app.step(0.1, events=[])
                sc.anims.update(0.1)
            sc.anims.banners.clear()
            if then is not None:
                then(sc)
        return go

    def finale(players: int) -> Callable[[], None]:
        """The end of a game's finale over its scoresheet, everything on show (solo: the suns)."""
        def go() -> None:
            from harmonies.ai import play_random_game
            from harmonies.app.finale import FADE
            from harmonies.session import MatchConfig
            from harmonies.rules import GameSetup
            game = play_random_game(GameSetup(players=players, seed=54, spirits=players == 1), 54)
            app.scenes.reset(MenuScene(app))
            sheet = ScoringScene(app, game, MatchConfig.from_meta(meta_for(game, players), players))
            app.scenes.push(sheet)
            app.step(0.0, events=[])
            assert sheet.finale is not None
            sheet.finale.t = sheet.finale.length - FADE - 0.1
        return go

    def refused_guide(sc: Any) -> None:
        sc.submit(TakeTokens(0))

    def pause_guide(sc: Any) -> None:
        sc.pause()

    def keys_guide(sc: Any) -> None:
        sc.pointer.cursor.focus = HandToken(0)
        sc.pointer.cursor.use()

    def challenge_data() -> Path:
        """A data folder where the first four challenges are met and the fifth was tried twice."""
        from harmonies.persist.challenges import record_game
        from harmonies.persist.paths import Dirs
        folder = Path(tempfile.mkdtemp(prefix="harmonies-shots-challenges-"))
        dirs = Dirs(folder, folder)
        for cid, score in (("first_steps", 74), ("golden_fields", 88), ("deep_forest", 81), ("the_brook", 95)):
            record_game(dirs, cid, score, True)
        record_game(dirs, "high_peaks", 77, False)
        record_game(dirs, "high_peaks", 84, False)
        return folder

    def challenges() -> Any:
        from harmonies.app.scenes.challenges import ChallengesScene
        app.saves = SaveSlot(challenge_data())
        app.scenes.reset(MenuScene(app))
        scene = ChallengesScene(app)
        app.scenes.push(scene)
        return scene

    def challenges_locked() -> None:
        challenges().list.choose(11)   # a challenge still locked: why it is, and no Play

    def challenge_game(cid: str, turns: int) -> tuple[Any, Any]:
        from harmonies.app.scenes.challenges import challenge_config
        from harmonies.session.challenges_file import default_challenges
        import json as _json
        challenge = default_challenges().get(cid)
        assert challenge is not None, cid
        config = challenge_config(app, challenge)
        stored = Path(__file__).resolve().parents[1] / "tests" / "data" / "challenges" / f"{cid}.json"
        full = Game.from_json(_json.loads(stored.read_text())["game"])
        history = list(full.history)
        cut = len(history) if turns < 0 else \
            [i for i, c in enumerate(history) if type(c).__name__ == "EndTurn"][turns] + 1
        return Game.replay(full.setup, history[:cut]), config

    def play_challenge() -> None:
        game, config = challenge_game("untouched", 6)
        app.scenes.reset(MenuScene(app))
        sc = PlayScene(app, Resume(game, config), demo=True)
        app.scenes.push(sc)
        app.step(0.0, events=[])
        sc.anims.banners.clear()

    def scoring_challenge(cid: str) -> Callable[[], None]:
        def go() -> None:
            game, config = challenge_game(cid, -1)
            app.saves = SaveSlot(challenge_data())
            app.scenes.reset(MenuScene(app))
            app.scenes.push(ScoringScene(app, game, config))
        return go

    def scoring_challenge_missed() -> None:
        """The last challenge played by a random player: far short of its goal."""
        _, config = challenge_game("master", 0)
        game = play_random_game(GameSetup(1, config.side, config.spirits, config.seed), 1)
        app.saves = SaveSlot(challenge_data())
        app.scenes.reset(MenuScene(app))
        app.scenes.push(ScoringScene(app, game, config))

    yield "challenges_list", challenges
    yield "challenges_locked", challenges_locked
    yield "play_challenge", play_challenge
    yield "scoring_challenge_met", scoring_challenge("high_peaks")
    yield "scoring_challenge_missed", scoring_challenge_missed
    for step in ("take_space", "place_red", "score", "take_card", "place_cube", "place_yellow", "take_ladybug",
                 "place_tall_tree", "solo_swap", "place_river_2", "place_mountain_beside", "end_turn_6", "play_on",
                 "game_over", "suns", "done"):
        yield f"guide_{step}", guide_at(step)
    yield "finale_solo", finale(1)
    yield "finale_duo", finale(2)
    yield "guide_refused", guide_at("take_space", refused_guide)
    yield "guide_keys_gray", guide_at("place_gray", keys_guide)
    yield "guide_pause", guide_at("place_gray", pause_guide)
    yield "play_log", log_shown
    yield "play_log_card", log_card
    yield "replay_solo", replay_solo
    yield "replay_review_solo", reviewed("solo", 1, 5)
    yield "replay_review_table", reviewed("two", 2, 8)
    yield "replay_review_running", reviewed("two", 2, 8, "running")
    yield "replay_review_choose", reviewed("two", 2, 8, "choose")
    yield "finished_list", finished_list
    yield "daily_menu", daily_menu
    yield "daily_scene", daily_scene
    yield "daily_scene_past", daily_scene_past
    yield "daily_scoring", daily_scoring
    for chart in ("scores", "categories", "suns", "levels"):
        yield f"stats_{chart}", stats("full", chart)
    yield "stats_one_scores", stats("one", "scores")
    yield "stats_one_categories", stats("one", "categories")
    yield "stats_none_scores", stats("none", "scores")
    yield "scoring_boards", boards
    yield "play_hint", hinted("two", lambda: played_game(2, 8, seed=12, side="B"), 2)
    yield "play_hint_solo", hinted("solo", lambda: played_game(1, 5, seed=4), 1)
    yield "scoring_tiebreak", tiebreak
    yield "play_last_round", last_round
    yield "play_card_preview", preview
    yield "play_card_preview_animal", preview_animal
    yield "play_4p_late", four_late
    yield "play_dragging", dragging
    yield "play_cube_ready", cube_ready
    yield "play_recap", recap_shown
    yield "play_solo", solo
    yield "play_solo_spirit_choice", solo_spirits
    yield "play_solo_swap_tip", solo_swap_tip
    yield "play_solo_swap_confirm", solo_swap_confirm
    for k in range(1, HowToScene(app).count):
        yield f"howto_page{k + 1}", howto_page(k)
    yield "play_keyboard_board", keyboard_board
    yield "play_keyboard_card", keyboard_card
    yield "play_viewing_other", viewing
    yield "play_keyboard_viewing", keyboard_viewing
    yield "play_refused", refused


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--size", action="append", default=None, help="WxH (repeatable); default 1280x720 and 1920x1080")
    p.add_argument("--out", default="shots")
    p.add_argument("--lang", default=None, metavar="CODE", help="language of the screens (default English)")
    p.add_argument("--text-size", type=int, default=100, choices=(100, 125, 150),
                   help="the text size setting, in per cent (files end in _<N> when not 100)")
    p.add_argument("--only", action="append", default=None, metavar="TEXT",
                   help="only the scenes whose name contains TEXT (repeatable); default every scene")
    args = p.parse_args(argv)
    language, warning = checked_language(args.lang)
    if warning:
        print(warning, file=sys.stderr)
    suffix = (f"_{language}" if language else "") + (f"_{args.text_size}" if args.text_size != 100 else "")
    sizes = [tuple(int(v) for v in s.split("x")) for s in (args.size or ["1280x720", "1920x1080"])]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for size in sizes:
        app = make_offscreen_app(size, language)  # type: ignore[arg-type]
        app.apply_settings(app.settings.with_(text_size=args.text_size))
        t0 = time.perf_counter()
        scenes = [(name, prepare) for name, prepare in list(iter_scenes(app)) + list(extra_states(app))
                  if not args.only or any(part in name for part in args.only)]
        for name, prepare in scenes:
            prepare()
            app.step(0.0, events=[])
            top = app.scenes.top
            if "finale" not in name and isinstance(top, ScoringScene) and top.finale is not None:
                top.finale = None     # the sheet itself, not the moment that plays over it first
            app.step(1 / 60, events=[])
            path = out / f"{name}_{size[0]}x{size[1]}{suffix}.png"
            pygame.image.save(app.window, str(path))
            print(path)
        print(f"{len(scenes)} scenes at {size[0]}x{size[1]} in {time.perf_counter() - t0:.1f} s")
        pygame.display.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
