"""Classroom models. Students are not users: they have a nickname and a picture password only."""

from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """A teacher's account (also used for staff). Students never get one."""

    class Meta:
        db_table = "classroom_user"
