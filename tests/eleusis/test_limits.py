"""Issue 38, findings 1 and 2: behind a proxy every limit counts the client's own address
(`TRUSTED_PROXIES`, eleusis/web/client.py), and wrong passwords lock out only the guesser: the
(user name, address) pair, a user name slowed for new devices only, a reset lifting a lock."""

import pytest
from django.core.checks import run_checks
from django.test import Client, RequestFactory
from django.urls import reverse

from eleusis.auth import DEVICE_COOKIE
from eleusis.web.client import client_address
from tests.factories import ClassroomFactory, TeacherFactory

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.1"
LOGIN = "classroom:login"


def _behind_proxy(address: str) -> Client:
    """A browser at `address` reaching the app through one nginx."""
    return Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=address)


def _teacher(username: str, password: str = "the-right-password-1"):
    teacher = TeacherFactory(username=username)
    teacher.set_password(password)
    teacher.save()
    return teacher, password


def _log_in(client, username, password):
    return client.post(reverse(LOGIN), {"username": username, "password": password})


# The client's address -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "setting, remote, forwarded, expected",
    [
        ("", "10.0.0.1", "203.0.113.9", "10.0.0.1"),  # no proxy: the header is not believed
        ("1", "10.0.0.1", "203.0.113.9", "203.0.113.9"),
        ("1", "10.0.0.1", "1.2.3.4, 203.0.113.9", "203.0.113.9"),  # a made-up entry on the left
        ("2", "10.0.0.1", "1.2.3.4, 203.0.113.9, 10.0.0.7", "203.0.113.9"),
        ("2", "10.0.0.1", "203.0.113.9", "10.0.0.1"),  # not through both proxies
        ("1", "10.0.0.1", "not an address", "10.0.0.1"),
        ("10.0.0.0/8", "10.0.0.1", "1.2.3.4, 203.0.113.9, 10.0.0.7", "203.0.113.9"),
        ("10.0.0.0/8", "198.51.100.1", "203.0.113.9", "198.51.100.1"),  # not from the proxy
    ],
)
def test_the_client_address_is_read_as_the_setting_says(
    settings, setting, remote, forwarded, expected
):
    settings.TRUSTED_PROXIES = setting
    request = RequestFactory().get("/", REMOTE_ADDR=remote, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == expected


def test_check_deploy_and_the_health_page_say_when_a_proxy_is_not_configured(settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.TRUSTED_PROXIES = ""
    assert "eleusis.W001" in [m.id for m in run_checks(include_deployment_checks=True)]
    assert "proxy" in _behind_proxy("203.0.113.9").get("/healthz").json()
    settings.TRUSTED_PROXIES = "1"
    assert "eleusis.W001" not in [m.id for m in run_checks(include_deployment_checks=True)]
    assert "proxy" not in _behind_proxy("203.0.113.9").get("/healthz").json()


# Behind a proxy, a guesser locks out only the guesser -----------------------------------------


def test_behind_a_proxy_wrong_passwords_from_one_client_leave_another_s_log_in(settings):
    settings.TRUSTED_PROXIES = "1"
    _teacher_a, password = _teacher("teacher_a")
    guesser = _behind_proxy("203.0.113.66")
    for n in range(settings.AXES_FAILURE_LIMIT + 1):
        _log_in(guesser, f"made-up-{n}", "wrong")
        _log_in(guesser, "teacher_a", f"wrong-{n}")
    assert _log_in(_behind_proxy("198.51.100.7"), "teacher_a", password).status_code == 302


def test_behind_a_proxy_wrong_codes_from_one_client_leave_another_s_join(settings):
    from classroom.throttle import CODE_GUESSES_HARD

    settings.TRUSTED_PROXIES = "1"
    classroom = ClassroomFactory()
    wrong = "ACDEFG" if classroom.join_code != "ACDEFG" else "HJKMNP"
    guesser = _behind_proxy("203.0.113.66")
    url = reverse("classroom:join")
    for _ in range(CODE_GUESSES_HARD.max_failures + 1):
        guesser.post(url, {"code": wrong, "nickname": "Bot"})
    child = _behind_proxy("198.51.100.7")
    response = child.post(url, {"code": classroom.join_code, "nickname": "Ana"})
    assert response.status_code == 302
    assert child.post(reverse("classroom:signin"), {"code": classroom.join_code}).status_code == 302


# Wrong passwords: the pair, the user name for new devices, the reset ------------------------


def test_wrong_passwords_from_elsewhere_never_lock_the_teacher_out_of_their_own_device(settings):
    settings.TRUSTED_PROXIES = "1"
    from classroom.throttle import LOGIN_FAILURES_PER_USERNAME

    _teacher_b, password = _teacher("teacher_b")
    own = _behind_proxy("198.51.100.20")
    assert _log_in(own, "teacher_b", password).status_code == 302
    assert DEVICE_COOKIE in own.cookies
    own.post(reverse("classroom:logout"))
    # Wrong passwords from many addresses: more than the pair's limit and the user name's.
    guesses = LOGIN_FAILURES_PER_USERNAME.max_failures + settings.AXES_FAILURE_LIMIT
    for n in range(guesses):
        _log_in(_behind_proxy(f"203.0.113.{n % 3}"), "teacher_b", f"wrong-{n}")
    # Also 10 from the teacher's own address (a pupil on the school's network).
    for n in range(settings.AXES_FAILURE_LIMIT):
        _log_in(_behind_proxy("198.51.100.20"), "teacher_b", f"wrong-{n}")
    # A new device is slowed (refused for the hour, with the way out said)...
    stranger = _log_in(_behind_proxy("192.0.2.50"), "teacher_b", password)
    assert stranger.status_code != 302
    assert "Log in from a device you used before" in stranger.content.decode()
    # ...but the teacher's own device, at their own address, logs in.
    assert _log_in(own, "teacher_b", password).status_code == 302


def test_the_pair_locks_only_the_guessing_address_and_a_reset_lifts_it(settings):
    settings.TRUSTED_PROXIES = "1"
    teacher, password = _teacher("teacher_c")
    for n in range(settings.AXES_FAILURE_LIMIT):
        _log_in(_behind_proxy("203.0.113.5"), "teacher_c", f"wrong-{n}")
    assert _log_in(_behind_proxy("203.0.113.5"), "teacher_c", password).status_code == 429
    assert _log_in(_behind_proxy("198.51.100.5"), "teacher_c", password).status_code == 302

    # The teacher resets the password from the locked address: the lock is lifted.
    from django.contrib.auth.tokens import default_token_generator
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    teacher.refresh_from_db()  # the log-in changed `last_login`, which the token covers
    uid = urlsafe_base64_encode(force_bytes(teacher.pk))
    token = default_token_generator.make_token(teacher)
    browser = _behind_proxy("203.0.113.5")
    url = reverse("classroom:password_reset_confirm", args=[uid, token])
    form_url = browser.get(url).url  # Django moves the token into the session
    new = "a-brand-new-password-9"
    answer = browser.post(form_url, {"new_password1": new, "new_password2": new})
    assert answer.status_code == 302
    assert _log_in(_behind_proxy("203.0.113.5"), "teacher_c", new).status_code == 302


# Picture passwords: a classmate's guesses never keep a child out ------------------------------


def _pictures(student, right=True):
    keys = student.picture_password.split("-")
    if not right:
        keys = [keys[1], keys[0], keys[2]]
    return dict(zip(("picture_1", "picture_2", "picture_3"), keys, strict=True))


def test_wrong_pictures_for_every_student_from_one_browser_leave_each_child_s_own(settings):
    from classroom.throttle import PICTURE_GUESSES_PER_DEVICE
    from tests.factories import StudentFactory

    settings.TRUSTED_PROXIES = "1"
    classroom = ClassroomFactory()
    students = StudentFactory.create_batch(16, classroom=classroom)
    teacher = Client()
    teacher.force_login(classroom.teacher)

    def url(student):
        return reverse("classroom:signin_pictures", args=[classroom.join_code, student.pk])

    # Each child signed in once on their own tablet, at the school's one address.
    tablets = {}
    for student in students:
        tablets[student.pk] = _behind_proxy("198.51.100.1")
        assert tablets[student.pk].post(url(student), _pictures(student)).status_code == 302
        tablets[student.pk].post(reverse("classroom:student_leave"))
    # One pupil's browser, same address, guesses every classmate's pictures, over and over.
    guesser = _behind_proxy("198.51.100.1")
    for _ in range(PICTURE_GUESSES_PER_DEVICE.max_failures + 2):
        for student in students:
            guesser.post(url(student), _pictures(student, right=False))
    assert guesser.post(url(students[0]), _pictures(students[0])).status_code == 429
    # Every child's right pictures still work from their own tablet.
    for student in students:
        assert tablets[student.pk].post(url(student), _pictures(student)).status_code == 302
    # The teacher's page says someone is guessing.
    page = teacher.get(reverse("classroom:classroom_detail", args=[classroom.pk])).content
    assert "Someone tried wrong pictures for this student" in page.decode()

    # A child on a new device (their tablet lost): refused now, but "New pictures" lets them in.
    newcomer = students[3]
    fresh = _behind_proxy("198.51.100.1")
    assert fresh.post(url(newcomer), _pictures(newcomer)).status_code == 429
    reset = reverse("classroom:student_reset_pictures", args=[newcomer.pk])
    assert teacher.post(reset).status_code == 302
    newcomer.refresh_from_db()
    assert fresh.post(url(newcomer), _pictures(newcomer)).status_code == 302


def test_a_pupil_s_wrong_codes_never_block_a_classmate_s_device_at_the_same_address(settings):
    from classroom.throttle import CODE_GUESSES_HARD

    settings.TRUSTED_PROXIES = "1"
    classroom = ClassroomFactory()
    classmate = _behind_proxy("198.51.100.1")
    join = reverse("classroom:join")
    assert classmate.post(join, {"code": classroom.join_code, "nickname": "Ana"}).status_code == 302
    classmate.post(reverse("classroom:student_leave"))
    wrong = "ACDEFG" if classroom.join_code != "ACDEFG" else "HJKMNP"
    guesser = _behind_proxy("198.51.100.1")  # the same school address
    for _ in range(CODE_GUESSES_HARD.max_failures + 1):
        guesser.post(join, {"code": wrong, "nickname": "Bot"})
    assert guesser.post(join, {"code": classroom.join_code, "nickname": "Bot"}).status_code == 429
    signin = reverse("classroom:signin")
    assert classmate.post(signin, {"code": classroom.join_code}).status_code == 302


# The dealing student's deal form ---------------------------------------------------------------


def test_the_deal_form_asks_whose_deal_it_is_first_and_shares_the_rule_check_s_throttle():
    from eleusis.web.rule_check import RULE_CHECKS_PER_WINDOW
    from tests.classroom.views.test_golden_game import students_deal_table
    from tests.factories import deal_order, student_client

    table, seats = students_deal_table(players=3)
    seats = deal_order(table, seats)  # the first dealer is drawn by lot
    url = reverse("classroom:table_deal", args=[table.pk])
    data = {"rule_text": "color != last.color", "rule_words": "colours alternate"}
    not_dealing = student_client(seats[1].student)
    response = not_dealing.post(url, data)
    assert response.status_code == 409 and table.rounds.count() == 0

    dealer = student_client(seats[0].student)
    check = reverse("classroom:table_rule_check", args=[table.pk])
    for _ in range(RULE_CHECKS_PER_WINDOW):
        dealer.post(check, {"rule_text": "color != last.color"})
    assert dealer.post(url, data).status_code == 429
    assert table.rounds.count() == 0


# Double clicks -----------------------------------------------------------------------------------


def test_create_class_and_open_a_session_clicked_twice_make_one_each():
    from classroom.models import Classroom, GameSession
    from classroom.services.games import assignment_create

    teacher, _password = _teacher("teacher_d")
    client = Client()
    client.force_login(teacher)
    for _ in range(3):
        client.post(reverse("classroom:classroom_create"), {"name": "Year 5"})
    assert Classroom.objects.filter(teacher=teacher).count() == 1
    classroom = Classroom.objects.get(teacher=teacher)
    assignment = assignment_create(
        classroom=classroom, title="Mystery", rule_text="color != last.color"
    )
    answers = [
        client.post(reverse("classroom:session_open", args=[assignment.pk])) for _ in range(3)
    ]
    assert GameSession.objects.filter(assignment=assignment).count() == 1
    assert len({answer.url for answer in answers}) == 1
