"""Writes for teachers' classes and their students. Views and tasks call these, nothing else."""

from collections.abc import Iterable
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from classroom.codes import join_code_random
from classroom.live import tables_changed
from classroom.models import Classroom, Student, Table, User
from classroom.nicknames import nickname_normalize, nickname_problem, nickname_skeleton
from classroom.pictures import picture_password_random
from classroom.services.redaction import student_words_redact

_CODE_ATTEMPTS = 20
CLASSROOM_NAME_MAX_LENGTH = Classroom._meta.get_field("name").max_length
PRECREATE_MAX = 60


def _classroom_name_clean(name: str) -> str:
    cleaned = " ".join((name or "").split())
    if not cleaned:
        raise ValidationError(_("Please give the class a name."), code="blank")
    if len(cleaned) > CLASSROOM_NAME_MAX_LENGTH:
        raise ValidationError(
            _("A class name can have at most %(max)d characters.")
            % {"max": CLASSROOM_NAME_MAX_LENGTH},
            code="too_long",
        )
    return cleaned


def _save_with_fresh_code(classroom: Classroom, *, update_fields: list[str] | None = None) -> None:
    """Save with a new random join code, retrying on the (rare) collision with another class."""
    for _attempt in range(_CODE_ATTEMPTS):
        classroom.join_code = join_code_random()
        if Classroom.objects.filter(join_code=classroom.join_code).exists():
            continue
        try:
            with transaction.atomic():
                classroom.save(update_fields=update_fields)
            return
        except IntegrityError:
            if not Classroom.objects.filter(join_code=classroom.join_code).exists():
                raise
    raise RuntimeError("no free join code found")  # ~150M codes: not reached in practice


# A class of the same name made by the same teacher this recently is the same click again.
DOUBLE_CLICK_SECONDS = 30


@transaction.atomic
def classroom_create(*, teacher: User, name: str, once: bool = False) -> Classroom:
    """A new class. `once` (the "Create class" button): a double click, or a resent form,
    gives the class the first click made instead of a second one."""
    name = _classroom_name_clean(name)
    with transaction.atomic():
        if once:
            User.objects.select_for_update().filter(pk=teacher.pk).first()  # clicks in turn
            recent = timezone.now() - timedelta(seconds=DOUBLE_CLICK_SECONDS)
            same = (
                Classroom.objects.filter(teacher=teacher, name=name, created_at__gte=recent)
                .order_by("-created_at")
                .first()
            )
            if same is not None:
                return same
        classroom = Classroom(teacher=teacher, name=name)
        _save_with_fresh_code(classroom)
    return classroom


@transaction.atomic
def classroom_rename(*, classroom: Classroom, name: str) -> Classroom:
    classroom.name = _classroom_name_clean(name)
    classroom.save(update_fields=["name"])
    return classroom


@transaction.atomic
def classroom_rotate_code(*, classroom: Classroom) -> Classroom:
    """A new join code; the old one stops working. Students already in keep their place."""
    old_code = classroom.join_code
    _save_with_fresh_code(classroom, update_fields=["join_code"])
    if classroom.join_code == old_code:  # pragma: no cover - random collision with itself
        _save_with_fresh_code(classroom, update_fields=["join_code"])
    return classroom


@transaction.atomic
def classroom_delete(*, classroom: Classroom) -> None:
    """Delete the class and everything under it (students and, by cascade, their games)."""
    classroom.delete()


def _nickname_clean(*, classroom: Classroom, nickname: str, exclude_pk: int | None = None) -> str:
    cleaned = nickname_normalize(nickname)
    problem = nickname_problem(cleaned)
    if problem:
        raise ValidationError(problem, code="invalid")
    # Compared in Python with casefold(): SQLite's LOWER() only folds ASCII, so "ΆΝΝΑ" and "άννα"
    # would pass a database-side comparison there. A class has tens of students, not thousands.
    others = Student.objects.filter(classroom=classroom)
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    wanted, looks = cleaned.casefold(), nickname_skeleton(cleaned)
    for name in others.values_list("nickname", flat=True):
        if name.casefold() == wanted:
            raise _taken_error(cleaned)
        if nickname_skeleton(name) == looks:  # "ѕ01" (Cyrillic) beside "s01"
            raise _lookalike_error(cleaned, name)
    return cleaned


def _lookalike_error(nickname: str, other: str) -> ValidationError:
    return ValidationError(
        _(
            "“%(nickname)s” looks too much like “%(other)s”, who is already in this class. "
            "Please choose another nickname."
        )
        % {"nickname": nickname, "other": other},
        code="taken",
    )


def _taken_error(nickname: str) -> ValidationError:
    return ValidationError(
        _("Someone in this class is already called “%(nickname)s”.") % {"nickname": nickname},
        code="taken",
    )


def _room_for(classroom: Classroom, joining: int) -> None:
    """Refuse (ValidationError, code "full") when `joining` more students would take the class
    past `MAX_STUDENTS_PER_CLASS`. Locks the class's row, so joins at once are counted in turn;
    call it inside the transaction that adds them."""
    Classroom.objects.select_for_update().filter(pk=classroom.pk).first()
    limit = settings.MAX_STUDENTS_PER_CLASS
    if Student.objects.filter(classroom=classroom).count() + joining > limit:
        raise ValidationError(
            ngettext(
                "This class is full: it has %(max)d student, as many as a class can have. "
                "Ask your teacher.",
                "This class is full: it has %(max)d students, as many as a class can have. "
                "Ask your teacher.",
                limit,
            )
            % {"max": limit},
            code="full",
        )


@transaction.atomic
def student_join(*, classroom: Classroom, nickname: str) -> Student:
    """A new student in the class, with a random picture password. Raises ValidationError."""
    _room_for(classroom, 1)
    cleaned = _nickname_clean(classroom=classroom, nickname=nickname)
    student = Student(
        classroom=classroom, nickname=cleaned, picture_password=picture_password_random()
    )
    try:
        with transaction.atomic():
            student.save()
    except IntegrityError as error:  # another request took the nickname a moment ago
        raise _taken_error(cleaned) from error
    return student


@transaction.atomic
def students_precreate(*, classroom: Classroom, nicknames: Iterable[str]) -> list[Student]:
    """Create several students at once, all or none. Blank lines are skipped.

    Raises ValidationError with one message per problem (naming the nickname) when any fails.
    """
    cleaned: list[str] = []
    problems: list[str] = []
    seen: set[str] = set()
    for raw in nicknames:
        nickname = nickname_normalize(raw)
        if not nickname:
            continue
        try:
            nickname = _nickname_clean(classroom=classroom, nickname=nickname)
        except ValidationError as error:
            problems.append(f"{nickname}: {error.messages[0]}")
            continue
        if nickname_skeleton(nickname) in seen:  # twice, or two look-alikes
            problems.append(_("“%(nickname)s” is in the list twice.") % {"nickname": nickname})
            continue
        seen.add(nickname_skeleton(nickname))
        cleaned.append(nickname)
    if problems:
        raise ValidationError(problems, code="invalid")
    if not cleaned:
        raise ValidationError(_("Type at least one nickname, one per line."), code="blank")
    if len(cleaned) > PRECREATE_MAX:
        raise ValidationError(
            _("At most %(max)d nicknames at once, please.") % {"max": PRECREATE_MAX},
            code="too_many",
        )
    try:
        _room_for(classroom, len(cleaned))
    except ValidationError:
        limit = settings.MAX_STUDENTS_PER_CLASS
        raise ValidationError(
            ngettext(
                "A class can have at most %(max)d student: shorten the list, or remove "
                "students who left.",
                "A class can have at most %(max)d students: shorten the list, or remove "
                "students who left.",
                limit,
            )
            % {"max": limit},
            code="full",
        ) from None
    students = [
        Student(classroom=classroom, nickname=nickname, picture_password=picture_password_random())
        for nickname in cleaned
    ]
    try:
        with transaction.atomic():
            for student in students:
                student.save()
    except IntegrityError as error:
        raise ValidationError(
            _("Someone joined with one of these nicknames just now; please try again."),
            code="taken",
        ) from error
    return students


@transaction.atomic
def student_rename(*, student: Student, nickname: str) -> Student:
    cleaned = _nickname_clean(classroom=student.classroom, nickname=nickname, exclude_pk=student.pk)
    student.nickname = cleaned
    try:
        with transaction.atomic():
            student.save(update_fields=["nickname"])
    except IntegrityError as error:
        raise _taken_error(cleaned) from error
    _tables_changed_for(student)  # the new name at the next poll of their tables
    return student


@transaction.atomic
def student_remove(*, student: Student) -> None:
    """Delete the student and everything recorded for them: their rows, and their words from
    the rounds they played (`student_words_redact`: the log, events, snapshots, reviews)."""
    _tables_changed_for(student)  # their tables' pages drop them, and theirs stop, at once
    student_words_redact(student=student)
    student.delete()


@transaction.atomic
def students_remove(*, classroom: Classroom, student_ids: Iterable[int]) -> list[str]:
    """Remove the chosen students of `classroom` at once, each as `student_remove` does (ids
    of other classes are ignored). Returns the nicknames removed."""
    chosen = Student.objects.filter(classroom=classroom, pk__in=list(student_ids))
    removed = []
    for student in chosen.order_by("pk"):
        removed.append(student.nickname)
        student_remove(student=student)
    return removed


def _tables_changed_for(student: Student) -> None:
    table_ids = list(Table.objects.filter(seats__student=student).values_list("pk", flat=True))
    transaction.on_commit(lambda: tables_changed(table_ids))


@transaction.atomic
def student_reset_pictures(*, student: Student) -> Student:
    """A new picture password, different from the old one."""
    old = student.picture_password
    while student.picture_password == old:
        student.picture_password = picture_password_random()
    student.save(update_fields=["picture_password"])
    return student


# Retention (README "Children's data"): what nobody used for DATA_RETENTION_DAYS goes. -----


def students_delete_inactive(*, days: int) -> int:
    """Remove, as the teacher would (`student_remove`: their words redacted from the rounds they
    played), every student who joined more than `days` ago and has sat or waited in no session
    opened since. Returns how many."""
    cutoff = timezone.now() - timedelta(days=days)
    stale = (
        Student.objects.filter(created_at__lt=cutoff)
        .exclude(seats__table__session__created_at__gte=cutoff)
        .exclude(lobby_entries__session__created_at__gte=cutoff)
        .order_by("pk")
    )
    removed = 0
    for student in stale.iterator():
        student_remove(student=student)  # one transaction each: a long sweep holds no lock
        removed += 1
    return removed


def classrooms_delete_inactive(*, days: int) -> int:
    """Delete every class created more than `days` ago that has no student left and no
    assignment or session made since (run after `students_delete_inactive`). Returns how many."""
    cutoff = timezone.now() - timedelta(days=days)
    stale = (
        Classroom.objects.filter(created_at__lt=cutoff, students__isnull=True)
        .exclude(assignments__created_at__gte=cutoff)
        .exclude(assignments__sessions__created_at__gte=cutoff)
    )
    _deleted, by_model = Classroom.objects.filter(
        pk__in=list(stale.values_list("pk", flat=True))
    ).delete()
    return by_model.get(Classroom._meta.label, 0)


def teacher_delete(*, teacher) -> None:
    """Delete a teacher's account and everything under it: classes, students, games."""
    teacher.delete()
