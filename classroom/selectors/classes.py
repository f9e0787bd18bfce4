"""Reads for teachers' classes and their students."""

from django.db.models import Count, QuerySet

from classroom.codes import join_code_is_well_formed, join_code_normalize
from classroom.models import Classroom, Student, User


def classrooms_for_teacher(*, teacher: User) -> QuerySet[Classroom]:
    """The teacher's classes, each with `student_count`, by name."""
    return (
        Classroom.objects.filter(teacher=teacher)
        .annotate(student_count=Count("students"))
        .order_by("name", "pk")
    )


def classroom_students(*, classroom: Classroom) -> QuerySet[Student]:
    """The class's students by nickname (case-insensitive)."""
    return Student.objects.filter(classroom=classroom).order_by(*Student._meta.ordering)


def classroom_by_code(*, code: str) -> Classroom | None:
    """The class with this join code, as a person typed it; None when there is none."""
    normalized = join_code_normalize(code)
    if not join_code_is_well_formed(normalized):
        return None
    return Classroom.objects.filter(join_code=normalized).first()


def student_by_id(*, student_id: int) -> Student | None:
    return Student.objects.select_related("classroom").filter(pk=student_id).first()
