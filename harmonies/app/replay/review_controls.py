"""The review's controls in the replay viewer: Cancel while a review runs, the buttons of the three costliest
turns (each goes to the start of its turn), and, in a table game, the question "whose turns?" with a button
per seat and one to close it. Their keys come first: while the question shows, a digit chooses, Left/Right
(or Up/Down, Tab) move the ring and Enter or Space takes it; otherwise V starts a review, 1 to 3 go to the
costliest turns and Esc stops a running review. The viewer adds the buttons to its widgets and places them
in the summary's panel as the layout says.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from harmonies.ai.review import TurnReview

from ..input import PICK, Intent
from ..look import Look
from ..widgets import OPEN_INTENTS, Button, WidgetGroup
from .layout import ReplayLayout
from .review_panels import MarkButton, chip_rects, chip_w, chips_below, costliest_label_w, side_button_rect
from .reviewer import Reviewer


class ReviewControls:
    """The review's buttons and the question "whose turns?" of a game of ``players`` seats named ``names``;
    ``go`` shows a step of the game."""

    def __init__(self, ui: WidgetGroup, t: Callable[..., str], players: int, names: Sequence[str],
                 reviewer: Reviewer, seat: int, go: Callable[[int], None]) -> None:
        self.ui = ui
        self.players = players
        self.names = tuple(names)
        self.reviewer = reviewer
        self._go = go
        #: Whether the question "whose turns?" is on show (a table game's Review).
        self.choosing = False
        #: The seat the ring of that question is on.
        self.choice_focus = seat
        self.cancel_button = Button((0, 0, 170, 40), lambda: t("review_view.cancel"), self.cancel, px=16,
                                    name="cancel_review", visible=lambda: self.reviewer.running and not self.choosing)
        ui.add(self.cancel_button)
        self.chips = [self._chip(k) for k in range(3)]
        self.seat_buttons = [self._seat_button(t, k) for k in range(players)]

    def _chip(self, k: int) -> Button:
        """The button of the ``k``-th costliest turn (goes to its start)."""
        b = MarkButton((0, 0, 0, 0), lambda: self.costly(k), lambda: self.to_costly(k), name=f"costly{k}",
                       visible=lambda: self.costly(k) is not None and not self.choosing)
        self.ui.add(b)
        return b

    def _seat_button(self, t: Callable[..., str], seat: int) -> Button:
        b = Button((0, 0, 0, 0), lambda: f"{seat + 1} · {self.names[seat]}", lambda: self.start(seat), px=14,
                   name=f"seat{seat}", visible=lambda: self.choosing)
        self.ui.add(b)
        if seat == self.players - 1:
            self.choose_cancel = Button((0, 0, 0, 0), lambda: t("review_view.cancel"), self.close_choice,
                                        px=14, name="choose_cancel", visible=lambda: self.choosing)
            self.ui.add(self.choose_cancel)
        return b

    # ------------------------------------------------------------------ what they do
    def costly(self, k: int) -> TurnReview | None:
        review = self.reviewer.review
        if review is None:
            return None
        costly = review.costliest(3)
        return costly[k] if k < len(costly) else None

    def to_costly(self, k: int) -> None:
        turn = self.costly(k)
        if turn is not None:
            self._go(turn.step)

    def ask(self) -> None:
        """Review: in a table game, first whose turns; alone, at once."""
        if self.reviewer.running:
            return
        if self.players == 1:
            self.start(0)
        else:
            self.choosing = True
            self.choice_focus = self.reviewer.seat

    def close_choice(self) -> None:
        self.choosing = False

    def start(self, seat: int) -> None:
        self.choosing = False
        self.reviewer.start(seat)

    def cancel(self) -> None:
        self.reviewer.cancel()

    # ------------------------------------------------------------------ keys
    def key(self, intents: frozenset[Intent]) -> bool:
        """Carry out what ``intents`` ask of the review; False when they ask nothing of it."""
        if self.choosing:
            self._choice_key(intents)
            return True
        if Intent.REVIEW in intents:
            self.ask()
            return True
        costly = [PICK[i] for i in intents if i in PICK and PICK[i] < 3]
        if costly:
            self.to_costly(costly[0])
            return True
        if Intent.BACK in intents and self.reviewer.running:
            self.cancel()
            return True
        return False

    def _choice_key(self, intents: frozenset[Intent]) -> None:
        """Whose turns to review: a digit chooses, Left/Right/Tab move the ring, Enter or Space takes it."""
        seats = self.players
        picked = [PICK[i] for i in intents if i in PICK and PICK[i] < seats]
        if picked:
            self.start(picked[0])
        elif Intent.BACK in intents:
            self.close_choice()
        elif intents & {Intent.LEFT, Intent.RIGHT, Intent.NEXT, Intent.PREVIOUS, Intent.UP, Intent.DOWN}:
            step = -1 if intents & {Intent.LEFT, Intent.UP, Intent.PREVIOUS} else 1
            self.choice_focus = (self.choice_focus + step) % seats
        elif intents & OPEN_INTENTS:
            self.start(self.choice_focus)

    # ------------------------------------------------------------------ placing and drawing
    def place(self, app: Look, lay: ReplayLayout) -> None:
        """Put the buttons in the summary's panel, when it shows."""
        if lay.summary is None:
            return
        self.cancel_button.rect = side_button_rect(lay.summary, lay.px)
        self.cancel_button.px = lay.px
        below = chips_below(app, self.reviewer, lay.summary[2], lay.px)
        label_w = 0.0 if below else costliest_label_w(app, lay.px)
        review = self.reviewer.review
        widest = max(190.0, chip_w(app, review.costliest(3), lay.px)) if review is not None else 190.0
        for chip, rect in zip(self.chips, chip_rects(lay.summary, len(self.chips), lay.px, label_w, widest)):
            chip.rect = rect
            chip.px = lay.px
        seats = chip_rects(lay.summary, len(self.seat_buttons) + 1, lay.px, 0.0)
        for b, rect in zip(self.seat_buttons + [self.choose_cancel], seats):
            b.rect = rect
            b.px = lay.px

    def draw_ring(self, surface: pygame.Surface, app: Look) -> None:
        """The ring on the seat the question's keys would take."""
        if self.choosing:
            x, y, w, h = self.seat_buttons[self.choice_focus].rect
            pygame.draw.rect(surface, app.theme.c("accent"), app.vp.r((x - 3, y - 3, w + 6, h + 6)),
                             max(2, app.vp.s(2.5)), border_radius=app.vp.s(h / 2.6 + 3))
