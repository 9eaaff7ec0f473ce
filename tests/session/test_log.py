"""The game log: made by replaying the command log, worded through the catalogue, every kind of line."""

from __future__ import annotations

import pytest

from harmonies.ai import play_random_game
from harmonies.catalogue import Catalogue, available_languages, english
from harmonies.rules import CardSet, Colour, EndTurn, Game, GameSetup, TakeTokens, Undo
from harmonies.session.log import GameLog, LogEntry, entry_text, game_log, log_of, turn_text

NAMES = ("Anna", "Ben")
B, G, Y = Colour.parse("blue"), Colour.parse("green"), Colour.parse("gray")


def _cards() -> CardSet:
    return Game.new(GameSetup(2, seed=1)).cards


_CASES: list[tuple[LogEntry, str]] = [
    (LogEntry(0, 0, "take_tokens", (("space", 3), ("colours", (B, G, Y)))), "Anna took space 3: blue, green, gray"),
    (LogEntry(0, 1, "place_token", (("colour", Y), ("height", 1)), cell=(0, 0)), "Ben placed a gray token"),
    (LogEntry(0, 1, "stack_token", (("colour", Y), ("height", 3)), cell=(0, 0)),
     "Ben stacked a gray token (height 3)"),
    (LogEntry(0, 0, "choose_spirit", (("card", "lion"),), card="lion"), "Anna kept the Lion spirit"),
    (LogEntry(0, 0, "take_card", (("card", "duck"),), card="duck"), "Anna took the Duck card"),
    (LogEntry(0, 0, "place_cube", (("card", "duck"), ("points", 9)), (1, 0), "duck"), "Anna placed a cube on Duck (9 points)"),
    (LogEntry(0, 0, "place_cube", (("card", "duck"), ("points", 1)), (1, 0), "duck"), "Anna placed a cube on Duck (1 point)"),
    (LogEntry(0, 0, "spirit_cube", (("card", "lion"),), (1, 0), "lion"), "Anna placed the Lion spirit cube"),
    (LogEntry(0, 0, "card_done", (("card", "duck"),), card="duck"), "Anna completed Duck"),
    (LogEntry(0, 0, "swap", (("card", "duck"), ("drawn", "otter")), card="otter"), "Anna swapped Duck for Otter"),
    (LogEntry(0, 0, "discard", (("n", 6),)), "Anna discarded 6 leftover tokens"),
    (LogEntry(0, 0, "discard", (("n", 1),)), "Anna discarded 1 leftover token"),
    (LogEntry(0, 0, "end_turn"), "Anna ended the turn"),
    (LogEntry(0, 0, "refill_space", (("space", 2), ("colours", (G, G, B)))), "Space 2 refilled: green, green, blue"),
    (LogEntry(0, 0, "refill_card", (("card", "otter"),), card="otter"), "Otter drawn into the display"),
    (LogEntry(0, 0, "end_pouch"), "The pouch cannot refill the central board: last round"),
    (LogEntry(0, 1, "end_board"), "Ben's board is nearly full: last round"),
    (LogEntry(0, 1, "game_over", (("winners", (1,)), ("points", 80))), "Game over: Ben wins with 80 points"),
    (LogEntry(0, 1, "game_over", (("winners", (0, 1)), ("points", 80))),
     "Game over: Anna and Ben share the win with 80 points"),
    (LogEntry(0, 0, "game_over_solo", (("points", 61), ("n", 3))), "Game over: 61 points, 3 suns"),
    (LogEntry(0, 0, "game_over_solo", (("points", 41), ("n", 1))), "Game over: 41 points, 1 sun"),
]
_KINDS = [pytest.param(*case) for case in _CASES]
#: The log entries of the cases above.
ENTRIES = [entry for entry, _text in _CASES]


@pytest.mark.parametrize(("entry", "text"), _KINDS)
def test_every_kind_of_line_in_words(entry: LogEntry, text: str) -> None:
    assert entry_text(english(), entry, NAMES, _cards()) == text


@pytest.mark.parametrize("setup", [GameSetup(1, "A", True, 3), GameSetup(2, "B", False, 5), GameSetup(4, "A", True, 2)])
def test_a_whole_game_has_a_line_for_every_command_and_every_line_has_words(setup: GameSetup) -> None:
    game = play_random_game(setup, 1)
    log = log_of(game)
    assert log.commands == list(game.history)
    assert {e.step for e in log.entries} == set(range(len(game.history)))
    names = [f"P{i}" for i in range(setup.players)]
    for entry in log.entries:
        text = entry_text(english(), entry, names, game.cards)
        assert english().has(f"log.{entry.key}") and "{" not in text and not text.startswith("log.")
    turns = log.turns()
    assert sum(len(t.entries) for t in turns) == len(log.entries)
    # seats take turns in order; the last line is the game's end
    assert [t.seat for t in turns] == [i % setup.players for i in range(len(turns))]
    # solo has no winner: its last line gives the score and the suns
    assert log.entries[-1].key == ("game_over_solo" if setup.players == 1 else "game_over")
    if setup.players == 1:
        last = entry_text(english(), log.entries[-1], names, game.cards)
        assert " sun" in last and "wins" not in last
    assert turn_text(english(), turns[0], names) == "Round 1 · P0"


def test_the_log_follows_the_game_and_undone_commands_vanish() -> None:
    setup = GameSetup(2, seed=4)
    game = Game.new(setup)
    log = GameLog(setup, game.cards)
    assert not log.follow(game.history)
    game.apply(TakeTokens(0))
    colour = game.hand[0]
    game.apply(game.token_moves(colour)[0])
    assert log.follow(game.history)
    assert [e.key for e in log.entries] == ["take_tokens", "place_token"]
    assert log.entries[1].cell == game.history[1].cell  # type: ignore[union-attr]
    game.apply(Undo())
    assert log.follow(game.history)
    assert [e.key for e in log.entries] == ["take_tokens"]
    for colour in list(game.hand):
        game.apply(game.token_moves(colour)[0])
    game.apply(EndTurn())
    log.follow(game.history)
    whole = game_log(setup, game.history, game.cards)
    assert log.entries == whole.entries and log.starts == whole.starts
    assert [t.seat for t in log.turns()] == [0]


@pytest.mark.parametrize("language", available_languages())
def test_every_kind_of_line_has_its_own_words_in_every_language(language: str) -> None:
    """Each kind of line of the test above, in each language: its own sentence (not the English
    fallback, except in English), every placeholder filled, no key shown."""
    catalogue = Catalogue.load(language)
    seen: set[str] = set()
    for entry in ENTRIES:
        text = entry_text(catalogue, entry, NAMES, _cards())
        assert text and "{" not in text and "}" not in text and not text.startswith("log."), (entry.key, text)
        assert "Anna" in text or "Ben" in text or entry.key in ("refill_space", "refill_card", "end_pouch", "game_over_solo"), text
        if language != "en":
            assert text != entry_text(english(), entry, NAMES, _cards()), (language, entry.key, text)
        seen.add(entry.key)
    assert seen == {entry.key for entry in ENTRIES}
