"""Teachers, classes and students. Students are not users: a nickname and a picture password only.

No email, surname, birth date or IP address is stored for a student (a test checks the fields).
"""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from classroom.codes import JOIN_CODE_LENGTH, JOIN_CODE_REGEX
from classroom.pictures import PICTURE_PASSWORD_REGEX

NICKNAME_MAX_LENGTH = 20


class User(AbstractUser):
    """A teacher's account (also used for staff). Students never get one."""

    class Meta:
        db_table = "classroom_user"


class Classroom(models.Model):
    """A teacher's class, which students join with its code."""

    teacher = models.ForeignKey(
        User, on_delete=models.CASCADE, related_name="classrooms", verbose_name=_("teacher")
    )
    name = models.CharField(_("name"), max_length=100)
    join_code = models.CharField(_("join code"), max_length=JOIN_CODE_LENGTH, unique=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("class")
        verbose_name_plural = _("classes")
        ordering = ["name", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(name=""), name="classroom_classroom_name_not_blank"
            ),
            models.CheckConstraint(
                condition=models.Q(join_code__regex=JOIN_CODE_REGEX),
                name="classroom_classroom_join_code_format",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Student(models.Model):
    """A child in a class: a nickname unique in the class and a picture password."""

    classroom = models.ForeignKey(
        Classroom, on_delete=models.CASCADE, related_name="students", verbose_name=_("class")
    )
    nickname = models.CharField(_("nickname"), max_length=NICKNAME_MAX_LENGTH)
    picture_password = models.CharField(_("picture password"), max_length=40)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("student")
        verbose_name_plural = _("students")
        ordering = [Lower("nickname"), "pk"]
        constraints = [
            models.UniqueConstraint(
                Lower("nickname"),
                "classroom",
                name="classroom_student_nickname_unique_in_class",
                violation_error_message=_("Someone in this class already has that nickname."),
            ),
            models.CheckConstraint(
                condition=~models.Q(nickname=""), name="classroom_student_nickname_not_blank"
            ),
            models.CheckConstraint(
                condition=models.Q(picture_password__regex=PICTURE_PASSWORD_REGEX),
                name="classroom_student_picture_password_format",
            ),
        ]

    def __str__(self) -> str:
        return self.nickname
