"""A match apart from the window: its seats, its saves and the play session.

Nothing in this package imports pygame: a whole game can be played through :class:`PlaySession`
headless, by tests and tools, exactly as the play screen plays it.
"""

from .gains import Drop, Gain, drop_gains
from .computer import HintJob, SeatTurns, fallback_turn, plan_hint, seat_view
from .jobs import Failure, Job, Jobs
from .match import COMPUTER, HUMAN, MatchConfig, Resume, Seat
from .play import Before, CommandReport, Played, PlaySession, Refused
from .saves import Rescued, SaveProblem, SaveSlot, problem_of
from .seats import (
    ComputerSeat, Controller, ScreenSeat, ScriptedSeat, controller_for, controllers_for, make_seat_player, screen_seats,
    seat_scripts,
)

__all__ = [
    "COMPUTER", "HUMAN", "Before", "CommandReport", "ComputerSeat", "Controller", "Drop", "Failure", "Gain", "HintJob",
    "Job", "Jobs", "MatchConfig", "Played", "PlaySession", "Refused", "Rescued", "Resume", "SaveProblem", "SaveSlot",
    "ScreenSeat", "ScriptedSeat", "Seat", "SeatTurns", "controller_for", "controllers_for", "drop_gains",
    "fallback_turn", "make_seat_player", "plan_hint", "problem_of", "screen_seats", "seat_scripts", "seat_view",
]
