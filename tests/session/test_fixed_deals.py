"""The daily deal and the challenges keep their deals whatever the order of the cards file in use:
their seeds deal from the canonical card list, as they did from the shipped cards.yaml."""

from __future__ import annotations

from datetime import date

from harmonies.rules import CardSet, Game, canonical_deal, default_cards
from harmonies.session.daily import deal_for
from harmonies.session.match import MatchConfig, Seat


def _reversed_cards() -> CardSet:
    cards = default_cards()
    return CardSet(tuple(reversed(cards.animals)), tuple(reversed(cards.spirits)))


def test_a_daily_try_is_dealt_the_same_with_the_cards_file_reordered() -> None:
    config = deal_for(date(2026, 11, 26)).config("Ann", 1)
    shipped = config.deal(default_cards())
    edited = config.deal(_reversed_cards())
    assert edited.deal == shipped.deal == canonical_deal(shipped.setup)
    assert edited.display == shipped.display and edited.central == shipped.central
    # and it is the game this seed dealt before games carried their deal
    assert shipped.deal == Game.new(shipped.setup).deal


def test_a_challenge_is_dealt_the_same_with_the_cards_file_reordered() -> None:
    config = MatchConfig((Seat("Ann"),), "B", True, 4242, challenge="first")
    assert config.deal(_reversed_cards()).deal == config.deal(default_cards()).deal == Game.new(
        config.deal().setup).deal


def test_a_game_of_its_own_is_dealt_from_the_cards_file_in_use() -> None:
    config = MatchConfig((Seat("Ann"), Seat("Bo")), "A", False, 4242)
    assert config.deal(_reversed_cards()).deal != config.deal(default_cards()).deal
