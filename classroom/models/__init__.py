"""Classroom models, one module per area; import them from here."""

from classroom.models.accounts import Classroom, Student, User
from classroom.models.games import (
    Action,
    Assignment,
    GameSession,
    Hypothesis,
    LobbyEntry,
    Round,
    Seat,
    Table,
)
from classroom.models.insight import HypothesisMark, RoundInsight

__all__ = [
    "Action",
    "Assignment",
    "Classroom",
    "GameSession",
    "Hypothesis",
    "HypothesisMark",
    "LobbyEntry",
    "Round",
    "RoundInsight",
    "Seat",
    "Student",
    "Table",
    "User",
]
