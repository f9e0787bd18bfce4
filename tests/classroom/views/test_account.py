"""A teacher can delete their account and everything under it; nobody else can."""

import pytest
from django.urls import reverse

from classroom.models import Classroom, Round, Student, User
from tests.factories import TEACHER_PASSWORD, live_table

pytestmark = pytest.mark.django_db


def test_a_teacher_deletes_their_account_and_all_its_data(client):
    table, _seats = live_table()
    teacher = table.session.assignment.classroom.teacher
    client.force_login(teacher)
    assert "Delete my account" in client.get(reverse("classroom:account_delete")).content.decode()

    wrong = client.post(reverse("classroom:account_delete"), {"password": "nope"})
    assert wrong.status_code == 400 and User.objects.filter(pk=teacher.pk).exists()

    done = client.post(reverse("classroom:account_delete"), {"password": TEACHER_PASSWORD})

    assert done.status_code == 302
    assert not User.objects.filter(pk=teacher.pk).exists()
    assert not Classroom.objects.exists() and not Student.objects.exists()
    assert not Round.objects.exists()


@pytest.mark.parametrize("who", ["anonymous", "student", "other_student"])
def test_only_a_logged_in_teacher_reaches_account_deletion(visitors, who):
    response = visitors[who].post(reverse("classroom:account_delete"), {"password": "x"})
    assert response.status_code == 302
    assert "/login/" in response["Location"]
    assert User.objects.count() >= 1
