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

__all__ = [
    "Action",
    "Assignment",
    "Classroom",
    "GameSession",
    "Hypothesis",
    "LobbyEntry",
    "Round",
    "Seat",
    "Student",
    "Table",
    "User",
]
