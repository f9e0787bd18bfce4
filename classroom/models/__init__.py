"""Classroom models, one module per area; import them from here."""

from classroom.models.accounts import Classroom, Student, User

__all__ = ["Classroom", "Student", "User"]
