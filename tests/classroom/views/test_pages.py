"""Home page and navigation per visitor; every classroom page keeps to the CSP and is labelled."""

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_home_offers_teacher_and_student_entry_points(client):
    html = client.get(reverse("home")).content.decode()
    assert "I'm a teacher" in html and "I'm a student" in html
    for name in ["classroom:login", "classroom:signup", "classroom:join", "classroom:signin"]:
        assert f'href="{reverse(name)}"' in html


@pytest.mark.parametrize(
    ("visitor", "present", "absent"),
    [
        ("anonymous", ["Join a class", "Teacher log in"], ["My classes", "Sign out"]),
        ("student", ["Me: ", "Sign out"], ["My classes", "Teacher log in"]),
        ("teacher", ["My classes", "Log out ("], ["Join a class", "Me: "]),
    ],
)
def test_the_nav_fits_the_visitor(visitors, visitor, present, absent):
    html = visitors[visitor].get(reverse("home")).content.decode()
    nav = re.search(r"<nav.*?</nav>", html, re.S).group(0)
    for text in present:
        assert text in nav
    for text in absent:
        assert text not in nav


def _pages(classroom, student):
    teacher = [
        reverse("classroom:dashboard"),
        reverse("classroom:classroom_detail", args=[classroom.pk]),
        reverse("classroom:classroom_cards", args=[classroom.pk]),
        reverse("classroom:classroom_delete", args=[classroom.pk]),
    ]
    public = [
        reverse("home"),
        reverse("classroom:login"),
        reverse("classroom:signup"),
        reverse("classroom:password_reset"),
        reverse("classroom:join"),
        reverse("classroom:join_with_code", args=[classroom.join_code]),
        reverse("classroom:signin"),
        reverse("classroom:signin_pick", args=[classroom.join_code]),
        reverse("classroom:signin_pictures", args=[classroom.join_code, student.pk]),
    ]
    return teacher, public


def test_pages_have_no_inline_styles_or_scripts_and_label_every_input(visitors, classroom, student):
    teacher_pages, public_pages = _pages(classroom, student)
    pages = [(visitors["teacher"], url) for url in teacher_pages]
    pages += [(visitors["anonymous"], url) for url in public_pages]
    pages.append((visitors["student"], reverse("classroom:student_home")))
    for client, url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert " style=" not in html, url
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), url
        ids = set(re.findall(r'<label[^>]*for="([^"]+)"', html))
        for tag in re.findall(r"<(?:input|select|textarea)\b[^>]*>", html):
            if re.search(r'type="(hidden|submit|radio)"', tag):
                continue
            input_id = re.search(r'id="([^"]+)"', tag)
            assert input_id and input_id.group(1) in ids, (url, tag)
