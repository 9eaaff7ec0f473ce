"""A match apart from the window: its seats, its saves and the play session.

Nothing in this package imports pygame: a whole game can be played through :class:`PlaySession`
headless, by tests and tools, exactly as the play screen plays it.
"""

from .match import MatchConfig, Seat
from .play import Before, Outcome, Played, PlaySession, Refused
from .saves import SaveProblem, SaveSlot, problem_of

__all__ = ["Before", "MatchConfig", "Outcome", "Played", "PlaySession", "Refused", "SaveProblem", "SaveSlot",
           "Seat", "problem_of"]
