"""What the other seats did since a seat's last turn, for the play screen's "what just happened".

Made from the game log (:class:`~harmonies.session.log.GameLog`), so from the setup and the command log
alone: each other seat's turns since the seat last played, summed up as the space taken, the tallest
stack built, the cards taken, the cubes placed, the points won, and the cells of its board they
changed. :func:`recap_text` words one seat's summary. No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from harmonies.catalogue import Catalogue
from harmonies.rules import CardSet, Colour
from harmonies.rules.kernels import KIND_NAMES, stack_table

from .log import GameLog, card_name

Hex = tuple[int, int]


@dataclass(frozen=True)
class SeatRecap:
    """One other seat's turns since the seat to move last played."""

    seat: int
    #: The central spaces it took tokens from (1 to 5), in order.
    spaces: tuple[int, ...] = ()
    #: Its tallest stack built or raised: ("tree", "mountain" or "building", height), if 2 tall or more.
    tallest: tuple[str, int] | None = None
    #: The cards it took and the cards whose cubes it placed, in order.
    taken: tuple[str, ...] = ()
    cubes: tuple[str, ...] = ()
    #: Its points won (or lost) over those turns.
    points: int = 0
    #: The cells of its board its tokens and cubes went on.
    cells: tuple[Hex, ...] = ()


def stack_kind(stack: Sequence[Colour]) -> str | None:
    """What a stack of two or more tokens is by the rules' own stack table: "tree", "mountain" or
    "building" (None for a single token or any other stack)."""
    table = stack_table()
    sid = table.ids.get(tuple(stack))
    if sid is None or table.height[sid] < 2:
        return None
    kind = KIND_NAMES[table.kind[sid]]
    return kind if kind in ("tree", "mountain", "building") else None


def recap(log: GameLog, seat: int, totals: Sequence[int]) -> tuple[SeatRecap, ...]:
    """The other seats' turns since ``seat``'s last turn, one summary per seat in the order they played;
    ``totals``: every seat's score now. Empty in solo and before anyone else has played."""
    starts = log.starts
    if not starts:
        return ()
    # the turns after seat's previous turn (its current one, if begun, is the last of the log)
    last = len(starts) - 1 if starts[-1][1] == seat else len(starts)
    first = next((k + 1 for k in range(last - 1, -1, -1) if starts[k][1] == seat), 0)
    bounds = [s[0] for s in starts] + [len(log.commands)]
    ends = log.totals[1:] + [tuple(totals)]
    stacks = {i: log.game.player(i).stacks for i in range(log.setup.players)}
    found: dict[int, SeatRecap] = {}
    for k in range(first, last):
        step0, who, _round = starts[k]
        if who == seat:
            continue
        entries = [e for e in log.entries if bounds[k] <= e.step < bounds[k + 1] and e.seat == who]
        had = found.get(who, SeatRecap(who))
        cells = had.cells + tuple(e.cell for e in entries if e.cell is not None and e.cell not in had.cells)
        tallest = had.tallest
        for cell in cells:
            kind = stack_kind(stacks[who].get(cell, ()))
            height = len(stacks[who].get(cell, ()))
            if kind is not None and (tallest is None or height > tallest[1]):
                tallest = (kind, height)
        found[who] = SeatRecap(
            seat=who,
            spaces=had.spaces + tuple(_count(e.param("space")) for e in entries if e.key == "take_tokens"),
            tallest=tallest,
            taken=had.taken + tuple(e.card for e in entries if e.key == "take_card" and e.card is not None),
            cubes=had.cubes + tuple(e.card for e in entries if e.key == "place_cube" and e.card is not None),
            points=had.points + ends[k][who] - log.totals[k][who],
            cells=tuple(dict.fromkeys(cells)),
        )
    return tuple(found.values())


def _count(value: object) -> int:
    return value if isinstance(value, int) else 0


def recap_text(catalogue: Catalogue, r: SeatRecap, names: Sequence[str], cards: CardSet) -> str:
    """"Bruno: space 3, a 3-tall tree, took the Bear, a cube on the Fox, +7"."""
    t: Callable[..., str] = catalogue.t
    parts = [t("recap.space", n=s) for s in r.spaces]
    if r.tallest is not None:
        parts.append(t(f"recap.{r.tallest[0]}", n=r.tallest[1]))
    parts += [t("recap.took", card=card_name(catalogue, cards, c)) for c in r.taken]
    parts += [t("recap.cube", card=card_name(catalogue, cards, c)) for c in r.cubes]
    parts.append(f"{r.points:+d}")
    name = names[r.seat] if r.seat < len(names) else str(r.seat + 1)
    return t("recap.line", name=name, what=t("recap.sep").join(parts))
