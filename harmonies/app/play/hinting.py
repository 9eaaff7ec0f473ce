"""The hint on the play screen: asked for, planned in the background, shown until the game changes.

The plan is kept after it is hidden, so showing it again for the same position is instant; an answer
planned for another position (the session's version moved on) is thrown away.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from harmonies.rules import Command
from harmonies.session import HintJob, PlaySession

from ..widgets import Button
from .hint import HintPlan

#: Words a hint plan for the player (the scene's catalogue and card names).
Wording = Callable[[HintPlan], str]


class HintBox:
    """The latest hint asked for, whether the player is waiting for it, and the one on show."""

    def __init__(self, wording: Wording) -> None:
        #: Words a plan for the player (the scene's catalogue and card names, at the time it is shown).
        self.wording = wording
        #: The Hint button, lit while the hint is on.
        self.button: Button | None = None
        self.job: HintJob | None = None
        self.wanted = False
        self.plan: HintPlan | None = None
        self.line = ""

    @property
    def on(self) -> bool:
        """A hint is on show or on its way."""
        return self.wanted or self.plan is not None

    @property
    def thinking(self) -> bool:
        return self.wanted and self.plan is None

    def ask(self, session: PlaySession) -> None:
        """The player wants the hint: plan it unless the plan for this very position is kept."""
        self.wanted = True
        if self.job is None or self.job.version != session.version:
            self.job = session.plan_hint()

    def toggle(self, session: PlaySession, allowed: bool) -> None:
        """Put the hint away, or (when ``allowed``) ask for it."""
        if self.on:
            self.drop()
        elif allowed:
            self.ask(session)
        self.update(session.version)

    def update(self, version: int) -> None:
        """Each frame: light the button while the hint is on, and show the answer once it is in."""
        if self.button is not None:
            self.button.primary = self.on
        self.poll(version)

    def drop(self, forget: bool = False) -> None:
        """Hide the hint; ``forget`` also drops the planned answer (the game changed)."""
        self.plan = None
        self.wanted = False
        self.line = ""
        if forget:
            # the worker cannot be stopped; it finishes on its copy and its answer is ignored
            self.job = None

    def poll(self, version: int) -> None:
        """Show the answer once it is in, if the player still wants it and the position is the same."""
        job = self.job
        if job is None or not job.done or not self.wanted:
            return
        if job.version != version:
            self.drop(forget=True)
            return
        self.show(job.commands)

    def show(self, commands: Sequence[Command]) -> None:
        """Put ``commands`` (what ``harmonies.ai.hint`` returned for this very position) on show."""
        self.plan = HintPlan.from_commands(commands)
        self.wanted = False
        self.line = self.wording(self.plan)
