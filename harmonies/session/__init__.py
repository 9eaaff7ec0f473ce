"""A match apart from the window: its seats, its saves and the play session.

Nothing in this package imports pygame: a whole game can be played through :class:`PlaySession`
headless, by tests and tools, exactly as the play screen plays it.
"""

from .gains import Drop, Gain, drop_gains
from .computer import ComputerSeats, HintJob, fallback_turn, make_seat_player, plan_hint, seat_view
from .jobs import Failure, Job, Jobs
from .match import MatchConfig, Resume, Seat
from .play import Before, CommandReport, Played, PlaySession, Refused
from .saves import Rescued, SaveProblem, SaveSlot, problem_of

__all__ = [
    "Before", "CommandReport", "ComputerSeats", "Drop", "Failure", "Gain", "HintJob", "Job", "Jobs", "MatchConfig",
    "Played", "PlaySession", "Refused", "Rescued", "Resume", "SaveProblem", "SaveSlot", "Seat", "drop_gains",
    "fallback_turn", "make_seat_player",
    "plan_hint", "problem_of", "seat_view",
]
