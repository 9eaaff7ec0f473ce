"""A challenge's goal and deal in the player's language, from the catalogue's ``challenge`` section.

Pure (no pygame): the challenges screen, the play screen's goal panel and the scoresheet all word a
goal through here, so it reads the same everywhere.
"""

from __future__ import annotations

from babel.lists import format_list

from harmonies.catalogue import FALLBACK_LANGUAGE, Catalogue, card_name

from .challenges import Challenge, Checked, Condition


def condition_text(catalogue: Catalogue, condition: Condition) -> str:
    """One condition in words ("Score at least 90 points", "Complete the Bear and the Otter")."""
    kind = condition.kind
    if kind == "complete":
        names = [card_name(catalogue, c) for c in condition.cards]
        return catalogue.t("challenge.goal.complete", cards=_join(catalogue, names), n=len(names))
    if kind == "without":
        names = [catalogue.t(f"token_colour.{c.label}") for c in condition.colours]
        return catalogue.t("challenge.goal.without", colours=_join(catalogue, names, "or"), n=len(names))
    return catalogue.t(f"challenge.goal.{kind}", n=condition.target)


def goal_lines(catalogue: Catalogue, challenge: Challenge) -> list[str]:
    """Every condition of the goal, one line each."""
    return [condition_text(catalogue, c) for c in challenge.goal]


def title(catalogue: Catalogue, challenge: Challenge) -> str:
    """"Challenge 4: Deep forest"."""
    return catalogue.t("challenge.numbered", number=challenge.number, name=catalogue.t(challenge.name_key))


def deal_text(catalogue: Catalogue, challenge: Challenge) -> str:
    """The deal in one line: board side, spirits or not, seed."""
    spirits = catalogue.t("challenge.spirits_on" if challenge.spirits else "challenge.spirits_off")
    return catalogue.t("challenge.deal", side=challenge.side, spirits=spirits, seed=challenge.seed)


def checked_text(catalogue: Catalogue, checked: Checked) -> str:
    """Where the game left one condition: "Score at least 90 points: 94" (or the cards completed)."""
    c = checked.condition
    if c.kind == "complete":
        value = catalogue.t("challenge.of", value=checked.value, target=len(c.cards))
    elif c.kind == "without":
        value = catalogue.t("challenge.tokens_placed", n=checked.value)
    elif c.kind == "no_building":
        value = catalogue.t("challenge.buildings_built", n=checked.value)
    else:
        value = str(checked.value)
    return catalogue.t("challenge.reached", goal=condition_text(catalogue, c), value=value)


def live_text(catalogue: Catalogue, checked: Checked) -> str:
    """One condition during play, with where the board stands now ("Score at least 90 points: 47"), ticked
    once it holds; suns are counted only at the end, so their line is the goal alone."""
    if checked.condition.kind == "suns":
        return condition_text(catalogue, checked.condition)
    return ("✓ " if checked.met else "") + checked_text(catalogue, checked)


def _join(catalogue: Catalogue, items: list[str], style: str = "standard") -> str:
    return format_list(items, style=style, locale=catalogue.language or FALLBACK_LANGUAGE)  # type: ignore[arg-type]
