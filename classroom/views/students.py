"""Student side: join with a code and a nickname, sign back in with pictures, leave."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from classroom.access import (
    classroom_for_code,
    current_student,
    student_for_signin,
    student_required,
    student_sign_in,
    student_sign_out,
)
from classroom.codes import join_code_display
from classroom.devices import remember_student
from classroom.forms import JoinForm, PictureSigninForm, SigninCodeForm
from classroom.models import Classroom
from classroom.pictures import PICTURES, picture_password_matches, picture_password_pictures
from classroom.selectors.classes import classroom_by_code, classroom_students
from classroom.services.classes import student_join
from classroom.throttle import (
    code_guess_refused,
    code_guesses_blocked,
    picture_try_refused,
    picture_try_right,
    picture_try_wrong,
)


def _throttled(request: HttpRequest, reason: str = "") -> HttpResponse:
    """The wait page (429). `reason`: "code" after too many wrong class codes (a right one still
    works), "code-blocked" when no code is checked for this device for now."""
    return render(request, "classroom/throttled.html", {"reason": reason}, status=429)


def _code_guesses_blocked(request: HttpRequest) -> bool:
    return code_guesses_blocked(request)


def _code_throttled(request: HttpRequest) -> HttpResponse:
    return _throttled(request, "code-blocked")


def _reached_by_code(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A view reached with a class code: the wait page instead, while this device may not
    try codes (too many wrong ones)."""

    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if _code_guesses_blocked(request):
            return _code_throttled(request)
        return view(request, *args, **kwargs)

    return guarded


def _classroom_of(
    request: HttpRequest, form: JoinForm | SigninCodeForm
) -> Classroom | HttpResponse | None:
    """The class whose code the valid `form` names; else None with the form's error set, or
    the wait page once this device has guessed too many wrong codes."""
    classroom = classroom_by_code(code=form.cleaned_data["code"])
    if classroom is None:
        if code_guess_refused(request):
            return _throttled(request, "code")
        form.add_error("code", _("No class has this code. Check it with your teacher."))
    return classroom


def _code_form(
    request: HttpRequest, form_class: type[JoinForm | SigninCodeForm], template: str
) -> HttpResponse | tuple[JoinForm | SigninCodeForm, Classroom | None]:
    """A form that names a class by its code: the empty form for a GET, the wait page once this
    device has guessed too many wrong codes; else the bound form and the class it names (None
    when it names none: the form's error is set)."""
    if request.method == "GET":
        return render(request, template, {"form": form_class()})
    if _code_guesses_blocked(request):
        return _code_throttled(request)
    form = form_class(request.POST)
    classroom = _classroom_of(request, form) if form.is_valid() else None
    if isinstance(classroom, HttpResponse):
        return classroom
    return form, classroom


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest) -> HttpResponse:
    """Join a class: its code and a nickname. The new student gets a picture password."""
    step = _code_form(request, JoinForm, "classroom/join.html")
    if isinstance(step, HttpResponse):
        return step
    form, classroom = step
    if classroom is not None:
        try:
            student = student_join(classroom=classroom, nickname=form.cleaned_data["nickname"])
        except ValidationError as error:
            # A full class is no fault of the nickname: said above the form.
            form.add_error(None if error.code == "full" else "nickname", error)
        else:
            student_sign_in(request, student)
            messages.success(
                request,
                _("Welcome, %(nickname)s! Remember your three pictures.")
                % {"nickname": student.nickname},
            )
            response = redirect("classroom:student_home")
            remember_student(request, response, student.pk)
            return response
    return render(request, "classroom/join.html", {"form": form}, status=400)


@require_GET
@_reached_by_code
def join_with_code(request: HttpRequest, code: str) -> HttpResponse:
    """The join link (and QR code): the join form with the class's code filled in."""
    classroom = classroom_for_code(request, code)
    form = JoinForm(initial={"code": classroom.join_code})
    return render(request, "classroom/join.html", {"form": form, "classroom": classroom})


@require_GET
@student_required
def student_home(request: HttpRequest) -> HttpResponse:
    student = request.student
    return render(
        request,
        "classroom/student_home.html",
        {
            "student": student,
            "classroom": student.classroom,
            "pictures": picture_password_pictures(student.picture_password),
        },
    )


@require_POST
def student_leave(request: HttpRequest) -> HttpResponse:
    """Sign this browser out of the student's account (the student stays in the class)."""
    if current_student(request) is not None:
        student_sign_out(request)
        messages.success(request, _("You have signed out. Sign in again with your pictures."))
    return redirect("home")


@require_http_methods(["GET", "POST"])
def signin(request: HttpRequest) -> HttpResponse:
    """Signing in on another device, step 1: the class code."""
    step = _code_form(request, SigninCodeForm, "classroom/signin.html")
    if isinstance(step, HttpResponse):
        return step
    form, classroom = step
    if classroom is not None:
        return redirect("classroom:signin_pick", code=classroom.join_code)
    return render(request, "classroom/signin.html", {"form": form}, status=400)


@require_GET
@_reached_by_code
def signin_pick(request: HttpRequest, code: str) -> HttpResponse:
    """Step 2: pick your nickname from the class list."""
    classroom = classroom_for_code(request, code)
    return render(
        request,
        "classroom/signin_pick.html",
        {
            "classroom": classroom,
            "code_display": join_code_display(classroom.join_code),
            "students": classroom_students(classroom=classroom),
        },
    )


@require_http_methods(["GET", "POST"])
@_reached_by_code
def signin_pictures(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """Step 3: tap your pictures in order."""
    student = student_for_signin(request, code, pk)
    context = {"student": student, "classroom": student.classroom, "pictures": PICTURES}
    if request.method == "GET":
        context["form"] = PictureSigninForm()
        return render(request, "classroom/signin_pictures.html", context)
    # Counted before the pictures are checked, atomically: a burst of parallel tries cannot
    # slip past the limit. Per device and student, and per address for devices new to the
    # student: a classmate's guesses never refuse this student's own devices.
    if picture_try_refused(request, student.pk, student.picture_password):
        picture_try_wrong(student.pk)  # a refused try is a guess too, for the teacher's page
        return _throttled(request)
    form = PictureSigninForm(request.POST)
    context["form"] = form
    if form.is_valid():
        if picture_password_matches(stored=student.picture_password, keys=form.picture_keys()):
            picture_try_right(request, student.pk, student.picture_password)
            student_sign_in(request, student)
            messages.success(
                request, _("Welcome back, %(nickname)s!") % {"nickname": student.nickname}
            )
            response = redirect("classroom:student_home")
            remember_student(request, response, student.pk)
            return response
        picture_try_wrong(student.pk)
        form.add_error(
            None, _("Those are not your pictures. Try again, or ask your teacher to show you.")
        )
    return render(request, "classroom/signin_pictures.html", context, status=400)
