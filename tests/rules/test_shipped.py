"""The card lists of released versions (harmonies/rules/shipped_cards.yaml): the shipped cards.yaml
is one of them, so a record of this version that holds no deal can always be dealt again."""

from __future__ import annotations

from harmonies.persist.document import cards_fingerprint
from harmonies.rules import canonical_order, default_cards, order_of, shipped_order, shipped_orders


def test_the_shipped_cards_are_a_listed_card_list() -> None:
    cards = default_cards()
    fingerprint = cards_fingerprint(cards)
    assert shipped_order(fingerprint) == order_of(cards), (
        f"cards.yaml changed: add its ids under \"{fingerprint}\" in harmonies/rules/shipped_cards.yaml "
        "(and keep every list there as it is)")


def test_the_canonical_list_stays_the_oldest_the_list_of_0_1_0() -> None:
    assert canonical_order() == shipped_order("10639e55c904dcb0")
    assert len(canonical_order().animals) == 32 and len(canonical_order().spirits) == 10
    assert shipped_orders()[-1] == canonical_order()


def test_cards_no_release_shipped_have_no_list() -> None:
    assert shipped_order("0000000000000000") is None
