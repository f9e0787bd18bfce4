"""Student-side views: joining, signing in with pictures, throttling, who may use each."""

import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from classroom.access import STUDENT_SESSION_KEY
from classroom.models import Student
from classroom.throttle import (
    CODE_GUESSES,
    CODE_GUESSES_HARD,
    PICTURE_GUESSES_NEW_DEVICES,
    PICTURE_GUESSES_NEW_DEVICES_STUDENT,
    PICTURE_GUESSES_PER_DEVICE,
)
from tests.classroom.conftest import each_visitor
from tests.factories import ClassroomFactory, StudentFactory

pytestmark = pytest.mark.django_db


def session_student_id(client: Client):
    return client.session.get(STUDENT_SESSION_KEY)


def wrong_code(classroom) -> str:
    return "ACDEFG" if classroom.join_code != "ACDEFG" else "HJKMNP"


def wrong_pictures(student) -> dict:
    keys = student.picture_password.split("-")
    return {"picture_1": keys[1], "picture_2": keys[0], "picture_3": keys[2]}


def right_pictures(student) -> dict:
    keys = student.picture_password.split("-")
    return {"picture_1": keys[0], "picture_2": keys[1], "picture_3": keys[2]}


# Who may use each view ---------------------------------------------------------------------


@each_visitor
def test_the_student_page_is_only_for_students(visitors, student, visitor):
    response = visitors[visitor].get(reverse("classroom:student_home"))
    if visitor in {"anonymous", "teacher", "other_teacher"}:
        assert response.status_code == 302
        assert response["Location"] == reverse("classroom:join")
    else:
        assert response.status_code == 200
        mine = visitor == "student"
        assert (student.nickname in response.content.decode()) == mine


def test_the_student_page_redirects_htmx_requests_with_a_header(visitors):
    response = visitors["anonymous"].get(reverse("classroom:student_home"), HTTP_HX_REQUEST="true")
    assert response["HX-Redirect"] == reverse("classroom:join")


@each_visitor
@pytest.mark.parametrize("target", ["join", "join_with_code", "signin", "signin_pick", "pictures"])
def test_joining_and_signing_in_pages_are_open_to_everyone(
    visitors, classroom, student, visitor, target
):
    urls = {
        "join": reverse("classroom:join"),
        "join_with_code": reverse("classroom:join_with_code", args=[classroom.join_code]),
        "signin": reverse("classroom:signin"),
        "signin_pick": reverse("classroom:signin_pick", args=[classroom.join_code]),
        "pictures": reverse("classroom:signin_pictures", args=[classroom.join_code, student.pk]),
    }
    assert visitors[visitor].get(urls[target]).status_code == 200


@each_visitor
def test_leaving_signs_out_only_this_browser_s_student(visitors, student, visitor):
    response = visitors[visitor].post(reverse("classroom:student_leave"))
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert session_student_id(visitors[visitor]) is None
    assert Student.objects.filter(pk=student.pk).exists()
    assert session_student_id(visitors["student"]) == (None if visitor == "student" else student.pk)


def test_leave_refuses_get(client):
    assert client.get(reverse("classroom:student_leave")).status_code == 405


# Joining ----------------------------------------------------------------------------------


def test_join_creates_a_student_and_signs_this_browser_in(client, classroom):
    response = client.post(
        reverse("classroom:join"), {"code": classroom.join_code.lower(), "nickname": " Ana "}
    )
    assert response["Location"] == reverse("classroom:student_home")
    student = Student.objects.get(classroom=classroom, nickname="Ana")
    assert session_student_id(client) == student.pk
    page = client.get(reverse("classroom:student_home")).content.decode()
    assert "Hello, Ana!" in page
    labels = re.findall(r'class="picture-label">(\w+)<', page)
    assert "-".join(labels) == student.picture_password


def test_the_join_link_fills_in_the_code(client, classroom):
    response = client.get(reverse("classroom:join_with_code", args=[classroom.join_code]))
    assert f'value="{classroom.join_code}"' in response.content.decode()
    assert classroom.name in response.content.decode()


def test_join_link_with_an_unknown_code_is_404_and_counts_as_a_guess(client, classroom):
    response = client.get(reverse("classroom:join_with_code", args=[wrong_code(classroom)]))
    assert response.status_code == 404
    for _ in range(CODE_GUESSES.max_failures):
        client.get(reverse("classroom:join_with_code", args=[wrong_code(classroom)]))
    # A right code still opens (another student on the same network is not locked out)...
    response = client.get(reverse("classroom:join_with_code", args=[classroom.join_code]))
    assert response.status_code == 200
    # ...until the address has guessed for an hour's worth of codes.
    for _ in range(CODE_GUESSES_HARD.max_failures):
        client.get(reverse("classroom:join_with_code", args=[wrong_code(classroom)]))
    response = client.get(reverse("classroom:join_with_code", args=[classroom.join_code]))
    assert response.status_code == 429


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"code": "ACD", "nickname": "Ana"}, "A class code has 6 letters and numbers"),
        ({"code": "", "nickname": "Ana"}, "Please type your class code."),
        ({"nickname": "Ana"}, "Please type your class code."),
        ({"code": "CODE", "nickname": ""}, "Please type a nickname."),
        ({"code": "CODE", "nickname": "fuck"}, "Please choose a kinder nickname."),
        ({"code": "CODE", "nickname": "A" * 300}, "Ensure this value has at most 40 characters"),
        ({"code": "x" * 5000, "nickname": "Ana"}, "Ensure this value has at most 20 characters"),
    ],
)
def test_join_explains_what_is_wrong(client, classroom, data, message):
    data = {key: (classroom.join_code if value == "CODE" else value) for key, value in data.items()}
    response = client.post(reverse("classroom:join"), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Student.objects.exists()


def test_join_with_a_taken_nickname(client, student):
    response = client.post(
        reverse("classroom:join"),
        {"code": student.classroom.join_code, "nickname": student.nickname.upper()},
    )
    assert response.status_code == 400
    assert "Someone in this class is already called" in response.content.decode()
    assert session_student_id(client) is None


def test_wrong_codes_are_throttled_per_client_but_a_right_code_still_joins(client, classroom):
    for _ in range(CODE_GUESSES.max_failures):
        response = client.post(
            reverse("classroom:join"), {"code": wrong_code(classroom), "nickname": "Ana"}
        )
        assert response.status_code == 400
        assert "No class has this code." in response.content.decode()
    response = client.post(
        reverse("classroom:join"), {"code": wrong_code(classroom), "nickname": "Ana"}
    )
    assert response.status_code == 429
    # Another student behind the same school address, with the right code, is not locked out.
    response = client.post(
        reverse("classroom:join"), {"code": classroom.join_code, "nickname": "Ana"}
    )
    assert response.status_code == 302
    assert Student.objects.filter(nickname="Ana").exists()


def test_an_hour_of_wrong_codes_blocks_every_code_from_that_client(classroom):
    guesser = Client(REMOTE_ADDR="10.0.0.66")
    for _ in range(CODE_GUESSES_HARD.max_failures):
        guesser.post(reverse("classroom:signin"), {"code": wrong_code(classroom)})
    response = guesser.post(reverse("classroom:signin"), {"code": classroom.join_code})
    assert response.status_code == 429
    # Another device is not affected.
    other = Client(REMOTE_ADDR="10.0.0.2")
    response = other.post(reverse("classroom:signin"), {"code": classroom.join_code})
    assert response.status_code == 302


def test_the_throttle_keeps_no_client_address(client, classroom, settings):
    # A local-memory cache, whose keys can be listed, whatever cache the run is configured with.
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    }
    client.post(reverse("classroom:join"), {"code": wrong_code(classroom), "nickname": "Ana"})
    keys = list(cache._cache.keys())
    assert any(":throttle:code:" in key for key in keys)
    assert not any("127.0.0.1" in key for key in keys)


# Signing in with pictures -----------------------------------------------------------------


def test_sign_in_code_then_nickname_then_pictures(client, student):
    classroom = student.classroom
    StudentFactory(nickname="Not in this class")
    response = client.post(reverse("classroom:signin"), {"code": classroom.join_code.lower()})
    assert response["Location"] == reverse("classroom:signin_pick", args=[classroom.join_code])
    page = client.get(response["Location"]).content.decode()
    assert student.nickname in page
    assert "Not in this class" not in page
    pictures_url = reverse("classroom:signin_pictures", args=[classroom.join_code, student.pk])
    assert pictures_url in page
    page = client.get(pictures_url).content.decode()
    assert page.count('type="radio"') == 3 * 12
    response = client.post(pictures_url, right_pictures(student))
    assert response["Location"] == reverse("classroom:student_home")
    assert session_student_id(client) == student.pk


def test_sign_in_with_an_unknown_code(client, classroom):
    response = client.post(reverse("classroom:signin"), {"code": wrong_code(classroom)})
    assert response.status_code == 400
    assert "No class has this code." in response.content.decode()
    response = client.get(reverse("classroom:signin_pick", args=[wrong_code(classroom)]))
    assert response.status_code == 404


def test_a_student_of_another_class_is_404_under_this_code(client, classroom):
    stranger = StudentFactory()
    url = reverse("classroom:signin_pictures", args=[classroom.join_code, stranger.pk])
    assert client.get(url).status_code == 404
    assert client.post(url, right_pictures(stranger)).status_code == 404
    assert session_student_id(client) is None


def test_an_out_of_range_student_id_is_404(client, classroom):
    url = reverse("classroom:signin_pictures", args=[classroom.join_code, 10**30])
    assert client.get(url).status_code == 404
    assert client.post(url, {"picture_1": "cat"}).status_code == 404


def test_wrong_pictures_are_refused(client, student):
    url = reverse("classroom:signin_pictures", args=[student.classroom.join_code, student.pk])
    response = client.post(url, wrong_pictures(student))
    assert response.status_code == 400
    assert "Those are not your pictures." in response.content.decode()
    assert session_student_id(client) is None


@pytest.mark.parametrize(
    "data",
    [{}, {"picture_1": "cat"}, {"picture_1": "unicorn", "picture_2": "cat", "picture_3": "dog"}],
)
def test_malformed_picture_answers_are_400(client, student, data):
    url = reverse("classroom:signin_pictures", args=[student.classroom.join_code, student.pk])
    response = client.post(url, data)
    assert response.status_code == 400
    assert session_student_id(client) is None


def test_picture_guesses_are_throttled_per_device_and_student(student):
    url = reverse("classroom:signin_pictures", args=[student.classroom.join_code, student.pk])
    guesser = Client(REMOTE_ADDR="10.0.0.1")
    for _ in range(PICTURE_GUESSES_PER_DEVICE.max_failures):
        guesser.post(url, wrong_pictures(student))
    response = guesser.post(url, right_pictures(student))
    assert response.status_code == 429
    assert "Too many tries" in response.content.decode()
    # Another device at another address is not refused for it.
    assert Client(REMOTE_ADDR="10.0.1.1").post(url, right_pictures(student)).status_code == 302


def test_new_devices_are_limited_per_student_from_anywhere_but_not_the_student_s_own(student):
    url = reverse("classroom:signin_pictures", args=[student.classroom.join_code, student.pk])
    own = Client(REMOTE_ADDR="10.0.2.1")
    assert own.post(url, right_pictures(student)).status_code == 302  # the child's tablet
    own.post(reverse("classroom:student_leave"))
    for n in range(PICTURE_GUESSES_NEW_DEVICES_STUDENT.max_failures):
        Client(REMOTE_ADDR=f"10.0.0.{n}").post(url, wrong_pictures(student))
    assert Client(REMOTE_ADDR="10.0.1.1").post(url, right_pictures(student)).status_code == 429
    assert own.post(url, right_pictures(student)).status_code == 302


def test_guessing_one_student_s_pictures_never_locks_out_another_student(classroom):
    target, other = StudentFactory.create_batch(2, classroom=classroom)
    other_device = Client()
    other_url = reverse("classroom:signin_pictures", args=[classroom.join_code, other.pk])
    assert other_device.post(other_url, right_pictures(other)).status_code == 302
    other_device.post(reverse("classroom:student_leave"))
    client = Client()  # one school address, for the guesser and the other student
    url = reverse("classroom:signin_pictures", args=[classroom.join_code, target.pk])
    for _ in range(PICTURE_GUESSES_PER_DEVICE.max_failures * 3):
        client.post(url, wrong_pictures(target))
    assert client.post(url, right_pictures(target)).status_code == 429
    assert other_device.post(other_url, right_pictures(other)).status_code == 302


def test_a_right_answer_resets_the_device_s_count_and_gives_back_the_new_device_counts(
    client, student
):
    url = reverse("classroom:signin_pictures", args=[student.classroom.join_code, student.pk])
    for _ in range(PICTURE_GUESSES_PER_DEVICE.max_failures - 1):
        client.post(url, wrong_pictures(student))
    assert client.post(url, right_pictures(student)).status_code == 302
    # Another new device: the student's count of wrong tries from new devices is 4 (the right
    # answer gave its count back); 3 more leave it under the limit.
    other = Client(REMOTE_ADDR="10.9.9.9")
    wrong = (
        PICTURE_GUESSES_NEW_DEVICES_STUDENT.max_failures - PICTURE_GUESSES_PER_DEVICE.max_failures
    )
    for _ in range(wrong):
        other.post(url, wrong_pictures(student))
    assert other.post(url, right_pictures(student)).status_code == 302


def test_a_class_signing_in_on_new_devices_behind_one_address_counts_only_its_typos(classroom):
    """30 children, each on a device new to them, each with one typo, one school address."""
    students = StudentFactory.create_batch(30, classroom=classroom)
    statuses = []
    for student in students:
        device = Client(REMOTE_ADDR="10.5.5.5")
        url = reverse("classroom:signin_pictures", args=[classroom.join_code, student.pk])
        if student.pk % 3 == 0:  # a third of them tap a wrong picture first
            device.post(url, wrong_pictures(student))
        statuses.append(device.post(url, right_pictures(student)).status_code)
    assert statuses == [302] * 30
    assert PICTURE_GUESSES_NEW_DEVICES.max_failures >= 10


def test_signing_in_gives_a_new_session_key(client, student):
    client.get(reverse("classroom:signin"))
    client.session.save()
    before = client.session.session_key
    url = reverse("classroom:signin_pictures", args=[student.classroom.join_code, student.pk])
    client.post(url, right_pictures(student))
    assert client.session.session_key != before


def test_a_reset_password_stops_the_old_one(visitors, student):
    old = right_pictures(student)
    visitors["teacher"].post(reverse("classroom:student_reset_pictures", args=[student.pk]))
    url = reverse("classroom:signin_pictures", args=[student.classroom.join_code, student.pk])
    assert Client().post(url, old).status_code == 400


def test_a_rotated_code_no_longer_lets_anyone_join(client, visitors, classroom):
    old = classroom.join_code
    visitors["teacher"].post(reverse("classroom:classroom_rotate_code", args=[classroom.pk]))
    response = client.post(reverse("classroom:join"), {"code": old, "nickname": "Ana"})
    assert response.status_code == 400
    assert not classroom.students.filter(nickname="Ana").exists()


def test_codes_of_other_classes_join_the_right_class(client):
    first, second = ClassroomFactory(), ClassroomFactory()
    client.post(reverse("classroom:join"), {"code": second.join_code, "nickname": "Ana"})
    assert not first.students.exists()
    assert second.students.get().nickname == "Ana"
