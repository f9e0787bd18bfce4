"""Issue 38 point 7: a class has at most MAX_STUDENTS_PER_CLASS students (the join refuses
politely past it, the teacher's page says it), and the teacher removes many at once."""

import pytest
from django.urls import reverse

from classroom.models import Student
from tests.factories import ClassroomFactory, StudentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def small_classes(settings):
    settings.MAX_STUDENTS_PER_CLASS = 3


def test_a_join_past_the_limit_is_refused_with_words_and_stores_nothing(
    client, classroom, small_classes
):
    StudentFactory.create_batch(3, classroom=classroom)

    response = client.post(
        reverse("classroom:join"), {"code": classroom.join_code, "nickname": "Ana"}
    )

    assert response.status_code == 400
    assert "This class is full: it has 3 students" in response.content.decode()
    assert classroom.students.count() == 3
    classroom.students.first().delete()
    response = client.post(
        reverse("classroom:join"), {"code": classroom.join_code, "nickname": "Ana"}
    )
    assert response["Location"] == reverse("classroom:student_home")


def test_adding_a_list_past_the_limit_adds_none(visitors, classroom, student, small_classes):
    response = visitors["teacher"].post(
        reverse("classroom:students_precreate", args=[classroom.pk]), {"nicknames": "Bo\nCy\nDi"}
    )
    assert "A class can have at most 3 students" in response.content.decode()
    assert classroom.students.count() == 1


def test_the_class_page_says_the_limit_and_when_the_class_is_full(
    visitors, classroom, student, small_classes
):
    url = reverse("classroom:classroom_detail", args=[classroom.pk])
    assert "A class can have at most 3 students." in visitors["teacher"].get(url).content.decode()
    StudentFactory.create_batch(2, classroom=classroom)
    page = visitors["teacher"].get(url).content.decode()
    assert "The class is full (3 students): nobody else can join" in page


def test_the_teacher_removes_the_ticked_students_at_once(visitors, classroom, student):
    kept, gone = StudentFactory(classroom=classroom), StudentFactory(classroom=classroom)
    stranger = StudentFactory(classroom=ClassroomFactory())
    url = reverse("classroom:students_remove", args=[classroom.pk])
    page = visitors["teacher"].get(reverse("classroom:classroom_detail", args=[classroom.pk]))
    assert f'name="student" value="{gone.pk}" form="remove-many"' in page.content.decode()

    response = visitors["teacher"].post(
        url, {"student": [student.pk, gone.pk, stranger.pk]}, HTTP_HX_REQUEST="true"
    )

    assert response.status_code == 200
    assert "2 students removed from the class." in response.content.decode()
    assert list(Student.objects.filter(classroom=classroom)) == [kept]
    assert Student.objects.filter(pk=stranger.pk).exists()  # another class's: left alone


def test_removing_none_says_to_tick_them_and_other_visitors_are_kept_out(
    visitors, classroom, student
):
    url = reverse("classroom:students_remove", args=[classroom.pk])
    response = visitors["teacher"].post(url, {}, HTTP_HX_REQUEST="true")
    assert "Tick the students to remove first." in response.content.decode()
    assert visitors["teacher"].post(url, {"student": "²"}).status_code == 400
    assert visitors["other_teacher"].post(url, {"student": student.pk}).status_code == 404
    assert visitors["student"].post(url, {"student": student.pk}).status_code == 302
    assert Student.objects.filter(pk=student.pk).exists()
