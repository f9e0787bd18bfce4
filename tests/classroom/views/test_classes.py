"""Teacher-side views: who may use each one, and what each does."""

import html
import io
import re

import pytest
import segno
from django.core import mail
from django.urls import reverse

from classroom.models import Classroom, Student, User
from tests.classroom.conftest import each_guarded_view, each_visitor, kept_out
from tests.factories import TEACHER_PASSWORD, ClassroomFactory, StudentFactory, TeacherFactory

pytestmark = pytest.mark.django_db


def snapshot():
    """Everything a teacher-side view could change."""
    return (
        list(Classroom.objects.order_by("pk").values_list("pk", "name", "join_code")),
        list(Student.objects.order_by("pk").values_list("pk", "nickname", "picture_password")),
    )


# (method, url name, object the pk is taken from, data, status for this teacher)
GUARDED = [
    ("get", "classroom:classroom_detail", "classroom", {}, 200),
    ("post", "classroom:classroom_rename", "classroom", {"name": "Renamed"}, 302),
    ("get", "classroom:classroom_delete", "classroom", {}, 200),
    ("post", "classroom:classroom_delete", "classroom", {}, 302),
    ("post", "classroom:classroom_rotate_code", "classroom", {}, 302),
    ("get", "classroom:classroom_qr", "classroom", {}, 200),
    ("get", "classroom:classroom_cards", "classroom", {}, 200),
    ("post", "classroom:students_precreate", "classroom", {"nicknames": "Zed\nYan"}, 302),
    ("post", "classroom:student_rename", "student", {"nickname": "Renamed"}, 302),
    ("post", "classroom:student_remove", "student", {}, 302),
    ("post", "classroom:student_reset_pictures", "student", {}, 302),
]
WRITES = {"post"}


@each_guarded_view(GUARDED)
def test_who_may_use_each_class_view(
    visitors, classroom, student, visitor, method, name, target, data, ok_status
):
    obj = classroom if target == "classroom" else student
    url = reverse(name, kwargs={"pk": obj.pk})
    before = snapshot()

    response = getattr(visitors[visitor], method)(url, data)

    if not kept_out(visitor, response, snapshot=snapshot, before=before):
        assert response.status_code == ok_status
        if method in WRITES:
            assert snapshot() != before


@each_visitor
def test_who_may_see_the_dashboard(visitors, classroom, visitor):
    response = visitors[visitor].get(reverse("classroom:dashboard"))
    if visitor in {"anonymous", "student", "other_student"}:
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("classroom:login"))
    else:
        assert response.status_code == 200
        shown = classroom.name.encode() in response.content
        assert shown == (visitor == "teacher")


def test_assigning_a_library_rule_with_one_class_opens_its_form(visitors, classroom):
    response = visitors["teacher"].get(
        reverse("classroom:assign_rule"), {"library_rule": "th-suit-cycle"}
    )
    form = reverse("classroom:assignment_create", args=[classroom.pk])
    assert response.status_code == 302
    assert response["Location"] == f"{form}?library_rule=th-suit-cycle"


def test_assigning_a_library_rule_with_several_classes_names_only_the_teacher_s(
    visitors, classroom
):
    second = ClassroomFactory(teacher=classroom.teacher)
    stranger = ClassroomFactory()
    response = visitors["teacher"].get(reverse("classroom:assign_rule"), {"library_rule": "x-y"})
    page = response.content.decode()
    assert response.status_code == 200
    for each in (classroom, second):
        form = reverse("classroom:assignment_create", args=[each.pk])
        assert f'href="{form}?library_rule=x-y">{each.name}</a>' in page
    assert stranger.name not in page


def test_assigning_a_library_rule_without_a_class_goes_to_the_dashboard(visitors):
    response = visitors["other_teacher"].get(reverse("classroom:assign_rule"))
    assert response.status_code == 302
    assert response["Location"] == reverse("classroom:dashboard")
    anonymous = visitors["anonymous"].get(reverse("classroom:assign_rule"))
    assert anonymous["Location"].startswith(reverse("classroom:login"))


@each_visitor
def test_who_may_create_a_class(visitors, classroom, visitor):
    response = visitors[visitor].post(reverse("classroom:classroom_create"), {"name": "New one"})
    created = Classroom.objects.filter(name="New one").first()
    if visitor in {"anonymous", "student", "other_student"}:
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("classroom:login"))
        assert created is None
    else:
        assert response.status_code == 302
        assert response["Location"] == reverse("classroom:classroom_detail", args=[created.pk])
        expected_teacher = classroom.teacher if visitor == "teacher" else created.teacher
        assert created.teacher == expected_teacher
        assert created.teacher.username == response.wsgi_request.user.username


@pytest.mark.parametrize(
    ("method", "name"),
    [(m, n) for m, n, *_ in GUARDED if m == "post" and n != "classroom:classroom_delete"],
)
def test_write_views_refuse_get(visitors, student, method, name):
    target = student if name.startswith("classroom:student_") else student.classroom
    response = visitors["teacher"].get(reverse(name, kwargs={"pk": target.pk}))
    assert response.status_code == 405


def test_unknown_ids_are_404_not_500(visitors):
    assert visitors["teacher"].get("/classes/999999/").status_code == 404
    assert visitors["teacher"].get("/classes/abc/").status_code == 404
    assert visitors["teacher"].post("/students/999999/remove/").status_code == 404
    huge = "9" * 30  # beyond a 64-bit integer
    assert visitors["teacher"].get(f"/classes/{huge}/").status_code == 404
    assert (
        visitors["teacher"].post(f"/students/{huge}/rename/", {"nickname": "A"}).status_code == 404
    )


def test_renaming_a_class_to_blank_shows_the_error(visitors, classroom):
    response = visitors["teacher"].post(
        reverse("classroom:classroom_rename", args=[classroom.pk]), {"name": "   "}
    )
    assert response.status_code == 400
    assert "Please give the class a name." in response.content.decode()
    old = classroom.name
    classroom.refresh_from_db()
    assert classroom.name == old


# What the views do --------------------------------------------------------------------------


def test_create_a_class_with_no_name_shows_the_error(visitors):
    response = visitors["teacher"].post(reverse("classroom:classroom_create"), {"name": "  "})
    assert response.status_code == 400
    assert "Please give the class a name." in response.content.decode()


def test_the_class_page_shows_code_link_qr_and_picture_passwords(visitors, classroom):
    StudentFactory(classroom=classroom, nickname="Ana", picture_password="cat-moon-boat")
    response = visitors["teacher"].get(reverse("classroom:classroom_detail", args=[classroom.pk]))
    html = response.content.decode()
    code = classroom.join_code
    assert f"{code[:3]} {code[3:]}" in html
    assert f"http://testserver/join/{code}/" in html
    assert reverse("classroom:classroom_qr", args=[classroom.pk]) in html
    assert "Ana" in html
    assert re.search(r"cat</span>.*moon</span>.*boat</span>", html, re.S)


def test_the_qr_code_is_an_svg_of_the_join_link(visitors, classroom):
    response = visitors["teacher"].get(reverse("classroom:classroom_qr", args=[classroom.pk]))
    assert response["Content-Type"] == "image/svg+xml"
    expected = segno.make(f"http://testserver/join/{classroom.join_code}/", error="m")
    body = response.content.decode()
    assert body.startswith("<svg")
    assert f'width="{(expected.symbol_size(scale=8, border=2)[0])}"' in body
    path = re.search(r'class="qrline"[^>]* d="([^"]+)"', body).group(1)
    buffer = io.BytesIO()
    expected.save(buffer, kind="svg", scale=8, border=2, xmldecl=False)
    assert path in buffer.getvalue().decode()


def test_rotating_the_code_by_htmx_returns_only_the_join_panel(visitors, classroom):
    old = classroom.join_code
    response = visitors["teacher"].post(
        reverse("classroom:classroom_rotate_code", args=[classroom.pk]), HTTP_HX_REQUEST="true"
    )
    classroom.refresh_from_db()
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert 'id="join-panel"' in html
    assert classroom.join_code != old
    assert f"{classroom.join_code[:3]} {classroom.join_code[3:]}" in html


def test_precreating_students_by_htmx_shows_the_new_list(visitors, classroom, student):
    response = visitors["teacher"].post(
        reverse("classroom:students_precreate", args=[classroom.pk]),
        {"nicknames": "Ana\nBen\n\nCleo"},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="students"' in html and "<html" not in html
    assert "3 students added." in html
    nicknames = set(classroom.students.values_list("nickname", flat=True))
    assert nicknames == {"Ana", "Ben", "Cleo", student.nickname}


def test_precreating_with_a_problem_adds_nobody_and_says_why(visitors, classroom, student):
    response = visitors["teacher"].post(
        reverse("classroom:students_precreate", args=[classroom.pk]),
        {"nicknames": "Ana\nana"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200  # htmx swaps only 2xx; the error is in the fragment
    assert "“ana” is in the list twice." in response.content.decode()
    assert list(classroom.students.all()) == [student]
    response = visitors["teacher"].post(
        reverse("classroom:students_precreate", args=[classroom.pk]), {"nicknames": ""}
    )
    assert response.status_code == 400
    assert "Type at least one nickname, one per line." in response.content.decode()


def test_renaming_a_student_to_a_classmate_s_name_shows_the_error_in_the_row(visitors, student):
    StudentFactory(classroom=student.classroom, nickname="Ana")
    response = visitors["teacher"].post(
        reverse("classroom:student_rename", args=[student.pk]),
        {"nickname": "ANA"},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert "Someone in this class is already called “ANA”." in html
    assert f'id="rename-{student.pk}-errors"' in html
    old = student.nickname
    student.refresh_from_db()
    assert student.nickname == old


def test_removing_and_resetting_by_htmx(visitors, student):
    old_pictures = student.picture_password
    response = visitors["teacher"].post(
        reverse("classroom:student_reset_pictures", args=[student.pk]), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    student.refresh_from_db()
    assert student.picture_password != old_pictures
    response = visitors["teacher"].post(
        reverse("classroom:student_remove", args=[student.pk]), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert "removed from the class" in response.content.decode()
    assert not Student.objects.filter(pk=student.pk).exists()


def test_a_removed_student_is_signed_out(visitors, student):
    visitors["teacher"].post(reverse("classroom:student_remove", args=[student.pk]))
    response = visitors["student"].get(reverse("classroom:student_home"))
    assert response.status_code == 302
    assert response["Location"] == reverse("classroom:join")


def test_login_cards_have_everything_a_student_needs(visitors, classroom):
    StudentFactory(classroom=classroom, nickname="Ana", picture_password="star-tree-ball")
    response = visitors["teacher"].get(reverse("classroom:classroom_cards", args=[classroom.pk]))
    html = response.content.decode()
    assert "Ana" in html
    assert f"{classroom.join_code[:3]} {classroom.join_code[3:]}" in html
    assert f"http://testserver/signin/{classroom.join_code}/" in html
    assert re.search(r"star</span>.*tree</span>.*ball</span>", html, re.S)


def test_a_login_cards_qr_code_leads_to_the_students_picture_sign_in(visitors, classroom):
    """The student on a card is in the class already: their QR code opens their own picture
    sign-in, not the join link (issue 33), which would make a second student of them."""
    ana = StudentFactory(classroom=classroom, nickname="Ana")
    cards = visitors["teacher"].get(reverse("classroom:classroom_cards", args=[classroom.pk]))
    qr = html.unescape(re.search(r'class="login-card-qr" src="([^"]+)"', cards.content.decode())[1])
    assert qr.startswith(reverse("classroom:classroom_qr", args=[classroom.pk]) + "?")

    body = visitors["teacher"].get(qr).content.decode()

    signin = f"http://testserver/signin/{classroom.join_code}/{ana.pk}/"
    expected = segno.make(signin, error="m")
    buffer = io.BytesIO()
    expected.save(buffer, kind="svg", scale=8, border=2, xmldecl=False)
    path = re.search(r'class="qrline"[^>]* d="([^"]+)"', body).group(1)
    assert path in buffer.getvalue().decode()
    assert visitors["student"].get(signin.removeprefix("http://testserver")).status_code == 200
    # Only a student of this class: another's number is a 404.
    other = StudentFactory()
    url = reverse("classroom:classroom_qr", args=[classroom.pk])
    assert visitors["teacher"].get(url, {"student": other.pk}).status_code == 404


def test_deleting_a_class_deletes_its_students(visitors, student):
    classroom = student.classroom
    response = visitors["teacher"].post(reverse("classroom:classroom_delete", args=[classroom.pk]))
    assert response["Location"] == reverse("classroom:dashboard")
    assert not Classroom.objects.filter(pk=classroom.pk).exists()
    assert not Student.objects.filter(pk=student.pk).exists()


# Accounts ---------------------------------------------------------------------------------


def test_sign_up_logs_the_teacher_in(client):
    response = client.post(
        reverse("classroom:signup"),
        {
            "username": "ms-rivera",
            "email": "rivera@school.example",
            "password1": "a-long-teacher-password-1",
            "password2": "a-long-teacher-password-1",
        },
    )
    assert response["Location"] == reverse("classroom:dashboard")
    assert client.get(reverse("classroom:dashboard")).status_code == 200
    assert User.objects.get(username="ms-rivera").email == "rivera@school.example"


def test_sign_up_does_not_tell_whether_an_email_has_an_account(client):
    TeacherFactory(email="taken@school.example")
    response = client.post(
        reverse("classroom:signup"),
        {
            "username": "another",
            "email": "TAKEN@school.example",
            "password1": "a-long-teacher-password-1",
            "password2": "a-long-teacher-password-1",
        },
    )
    # The page tells nothing about whether the address has an account: it signs up as usual.
    assert response.status_code == 302
    assert "already" not in response.content.decode()


def test_log_in_goes_to_the_dashboard_and_log_out_goes_home(client):
    teacher = TeacherFactory()
    response = client.post(
        reverse("classroom:login"), {"username": teacher.username, "password": TEACHER_PASSWORD}
    )
    assert response["Location"] == reverse("classroom:dashboard")
    response = client.post(reverse("classroom:logout"))
    assert response["Location"] == reverse("home")
    assert client.get(reverse("classroom:dashboard")).status_code == 302


def test_log_in_follows_next(client, classroom):
    detail = reverse("classroom:classroom_detail", args=[classroom.pk])
    response = client.post(
        f"{reverse('classroom:login')}?next={detail}",
        {"username": classroom.teacher.username, "password": TEACHER_PASSWORD, "next": detail},
    )
    assert response["Location"] == detail


def test_password_reset_by_email_end_to_end(client):
    teacher = TeacherFactory(email="reset@school.example")
    response = client.post(reverse("classroom:password_reset"), {"email": "reset@school.example"})
    assert response["Location"] == reverse("classroom:password_reset_done")
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/password-reset/\S+/)", mail.outbox[0].body).group(1)
    response = client.get(link)  # redirects to the set-password URL with the token in session
    assert response.status_code == 302
    form_url = response["Location"]
    response = client.post(
        form_url,
        {"new_password1": "another-long-password-2", "new_password2": "another-long-password-2"},
    )
    assert response["Location"] == reverse("classroom:password_reset_complete")
    assert client.get(response["Location"]).status_code == 200
    teacher.refresh_from_db()
    assert teacher.check_password("another-long-password-2")


@pytest.mark.parametrize(
    "name",
    [
        "classroom:login",
        "classroom:signup",
        "classroom:password_reset",
        "classroom:password_reset_done",
        "classroom:password_reset_complete",
    ],
)
def test_account_pages_are_open_to_everyone(client, name):
    assert client.get(reverse(name)).status_code == 200


def test_logout_by_get_is_refused(client):
    assert client.get(reverse("classroom:logout")).status_code == 405
