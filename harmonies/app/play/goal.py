"""The solo challenge a game plays, as the play screen shows it: its goal's conditions checked on the
board as it stands, in the player's language."""

from __future__ import annotations

from harmonies.catalogue import Catalogue
from harmonies.rules import Game
from harmonies.session.challenges import Challenge, Checked, check_goal
from harmonies.session.challenges_file import find_challenge
from harmonies.session.challenges_text import live_text, title


class GoalWatch:
    """The challenge named by a game's configuration (None: a game of its own) and where its goal
    stands, checked again by :meth:`follow` after each change of the game."""

    def __init__(self, challenge_id: str | None, game: Game) -> None:
        self.challenge: Challenge | None = find_challenge(challenge_id)
        self.now: tuple[Checked, ...] = ()
        self.follow(game)

    def follow(self, game: Game) -> None:
        """Check the goal's conditions on ``game`` as it stands."""
        self.now = check_goal(self.challenge, game) if self.challenge is not None else ()

    def words(self, catalogue: Catalogue) -> tuple[str, ...]:
        """The challenge's name, then one line per condition with where the board stands (empty: no
        challenge)."""
        if self.challenge is None:
            return ()
        return (title(catalogue, self.challenge), *(live_text(catalogue, c) for c in self.now))
