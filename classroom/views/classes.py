"""Teacher side: accounts, the dashboard, a class (code, link, QR, students, login cards)."""

import io
from collections.abc import Callable
from typing import Any

import segno
from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from classroom.access import classroom_for_teacher, student_for_teacher, teacher_required
from classroom.codes import join_code_display
from classroom.forms import (
    ClassroomForm,
    LimitedAuthenticationForm,
    NicknamesForm,
    StudentRenameForm,
    TeacherSignupForm,
)
from classroom.models import Classroom, Student
from classroom.parsing import parse_int
from classroom.pictures import picture_password_pictures
from classroom.selectors.classes import classroom_students, classrooms_for_teacher
from classroom.services.classes import (
    classroom_create,
    classroom_delete,
    classroom_rename,
    classroom_rotate_code,
    student_remove,
    student_rename,
    student_reset_pictures,
    students_precreate,
    students_remove,
    teacher_delete,
)
from classroom.throttle import pictures_guessed, pictures_renewed
from eleusis.auth import remember_device
from eleusis.web.htmx import refusal_status

DETAIL_TEMPLATE = "classroom/classroom_detail.html"


def join_url(request: HttpRequest, classroom: Classroom) -> str:
    """The absolute link a student follows (or scans) to join this class: on SITE_URL when set
    (`make run` sets the LAN address, which the students' devices reach), else where the teacher's
    browser reached the app."""
    path = reverse("classroom:join_with_code", kwargs={"code": classroom.join_code})
    if settings.SITE_URL:
        return f"{settings.SITE_URL}{path}"
    return request.build_absolute_uri(path)


def signin_url(request: HttpRequest, classroom: Classroom, student: Student | None = None) -> str:
    """The absolute link to sign in again with one's pictures (where `join_url` is): the class's
    list of nicknames, or straight to `student`'s pictures (a login card's QR code)."""
    if student is None:
        path = reverse("classroom:signin_pick", kwargs={"code": classroom.join_code})
    else:
        path = reverse(
            "classroom:signin_pictures", kwargs={"code": classroom.join_code, "pk": student.pk}
        )
    if settings.SITE_URL:
        return f"{settings.SITE_URL}{path}"
    return request.build_absolute_uri(path)


# Accounts --------------------------------------------------------------------------------------


class TeacherLoginView(auth_views.LoginView):
    """Django's log-in with the app's limits (`LimitedAuthenticationForm`); a successful log-in
    marks the device as one this account logs in from (`eleusis.auth.remember_device`)."""

    form_class = LimitedAuthenticationForm

    def form_valid(self, form):
        response = super().form_valid(form)
        remember_device(self.request, response, form.get_user())
        return response


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("classroom:dashboard")
    form = TeacherSignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome! Create your first class below."))
        return redirect("classroom:dashboard")
    return render(request, "registration/signup.html", {"form": form})


@require_GET
def password_reset_complete(request: HttpRequest) -> HttpResponse:
    return render(request, "registration/password_reset_complete.html")


# Dashboard and classes -------------------------------------------------------------------------


def _write(form: forms.Form, field: str, service: Callable[..., Any], **objects: Any) -> Any:
    """`service(**objects, <field>=its value)` for a valid form, and what it returns. A
    `ValidationError` it raises goes on `field`: `form.errors` then says whether it wrote."""
    if form.is_valid():
        try:
            return service(**objects, **{field: form.cleaned_data[field]})
        except ValidationError as error:
            form.add_error(field, error)
    return None


def _dashboard(request: HttpRequest, form: ClassroomForm, status: int = 200) -> HttpResponse:
    classrooms = classrooms_for_teacher(teacher=request.user)
    return render(
        request,
        "classroom/dashboard.html",
        {"classrooms": classrooms, "form": form},
        status=status,
    )


@require_GET
@teacher_required
def dashboard(request: HttpRequest) -> HttpResponse:
    return _dashboard(request, ClassroomForm())


@require_GET
@teacher_required
def assign_rule(request: HttpRequest) -> HttpResponse:
    """ "Assign this rule" from the lessons' library: straight to the assignment form when the
    teacher has one class, else a choice of class (the lessons app knows nothing of classes)."""
    rule_id = request.GET.get("library_rule", "")
    classrooms = list(classrooms_for_teacher(teacher=request.user))
    if not classrooms:
        messages.info(request, _("Create a class first, then assign the rule to it."))
        return redirect("classroom:dashboard")
    query = f"?{urlencode({'library_rule': rule_id})}" if rule_id else ""
    if len(classrooms) == 1:
        return redirect(reverse("classroom:assignment_create", args=[classrooms[0].pk]) + query)
    return render(request, "classroom/assign_rule.html", {"classrooms": classrooms, "query": query})


@require_POST
@teacher_required
def classroom_create_view(request: HttpRequest) -> HttpResponse:
    form = ClassroomForm(request.POST)
    classroom = _write(form, "name", classroom_create, teacher=request.user, once=True)
    if not form.errors:
        messages.success(request, _("Class “%(name)s” created.") % {"name": classroom.name})
        return redirect("classroom:classroom_detail", pk=classroom.pk)
    return _dashboard(request, form, status=refusal_status(request))


def _detail_context(request: HttpRequest, classroom: Classroom, **extra) -> dict:
    students = list(classroom_students(classroom=classroom))
    guessed = pictures_guessed([student.pk for student in students])
    for student in students:
        student.pictures = picture_password_pictures(student.picture_password)
        student.pictures_guessed = guessed.get(student.pk, 0)
    return {
        "classroom": classroom,
        "code_display": join_code_display(classroom.join_code),
        "join_url": join_url(request, classroom),
        "students": students,
        "rename_class_form": extra.pop("rename_class_form", None)
        or ClassroomForm(initial={"name": classroom.name}),
        "nicknames_form": extra.pop("nicknames_form", None) or NicknamesForm(),
        "rename_forms": extra.pop("rename_forms", {}),
        "max_students": settings.MAX_STUDENTS_PER_CLASS,
        **extra,
    }


def _detail_response(
    request: HttpRequest, classroom: Classroom, fragment: str, status: int = 200, **extra
) -> HttpResponse:
    """The detail page, or just `fragment` of it for htmx requests."""
    template = f"{DETAIL_TEMPLATE}#{fragment}" if request.htmx else DETAIL_TEMPLATE
    return render(request, template, _detail_context(request, classroom, **extra), status=status)


def _done(
    request: HttpRequest, classroom: Classroom, notice: str, fragment: str = "students"
) -> HttpResponse:
    """After a change to the class: `fragment` of its page with the notice for htmx, else the
    page again (a redirect) with the notice as a message."""
    if request.htmx:
        return _detail_response(request, classroom, fragment, notice=notice)
    messages.success(request, notice)
    return redirect("classroom:classroom_detail", pk=classroom.pk)


@require_GET
@teacher_required
def classroom_detail(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = classroom_for_teacher(request, pk)
    return _detail_response(request, classroom, "students")


@require_POST
@teacher_required
def classroom_rename_view(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = classroom_for_teacher(request, pk)
    form = ClassroomForm(request.POST)
    _write(form, "name", classroom_rename, classroom=classroom)
    if not form.errors:
        messages.success(request, _("Class renamed."))
        return redirect("classroom:classroom_detail", pk=classroom.pk)
    classroom.refresh_from_db()
    return _detail_response(
        request, classroom, "settings", status=refusal_status(request), rename_class_form=form
    )


@require_http_methods(["GET", "POST"])
@teacher_required
def classroom_delete_view(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = classroom_for_teacher(request, pk)
    if request.method == "POST":
        name = classroom.name
        classroom_delete(classroom=classroom)
        messages.success(request, _("Class “%(name)s” and all its data deleted.") % {"name": name})
        return redirect("classroom:dashboard")
    return render(
        request,
        "classroom/classroom_delete.html",
        {"classroom": classroom, "student_count": classroom.students.count()},
    )


@require_POST
@teacher_required
def classroom_rotate_code_view(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = classroom_for_teacher(request, pk)
    classroom_rotate_code(classroom=classroom)
    message = _("New class code: %(code)s. The old code no longer works.") % {
        "code": join_code_display(classroom.join_code)
    }
    return _done(request, classroom, message, "join-panel")


@require_GET
@teacher_required
def classroom_qr(request: HttpRequest, pk: int) -> HttpResponse:
    """A QR code (SVG): the join link, for the projector; with `?student=`, that student's picture
    sign-in, for their login card (they are in the class already: they sign in, not join)."""
    classroom = classroom_for_teacher(request, pk)
    student = None
    if request.GET.get("student", "").isdigit():
        student = student_for_teacher(request, int(request.GET["student"]))
        if student.classroom_id != classroom.pk:
            raise Http404
    link = (
        join_url(request, classroom) if student is None else signin_url(request, classroom, student)
    )
    title = (
        _("Join link for %(name)s") % {"name": classroom.name}
        if student is None
        else _("Sign-in link for %(nickname)s") % {"nickname": student.nickname}
    )
    buffer = io.BytesIO()
    segno.make(link, error="m").save(
        buffer,
        kind="svg",
        scale=8,
        border=2,
        xmldecl=False,
        dark="#000",
        light="#fff",
        title=title,
    )
    response = HttpResponse(buffer.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, no-cache"
    return response


@require_GET
@teacher_required
def classroom_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """Printable login cards: nickname, class code, the sign-in link (and each student's own, as a
    QR code), picture password."""
    classroom = classroom_for_teacher(request, pk)
    context = _detail_context(request, classroom, signin_url=signin_url(request, classroom))
    return render(request, "classroom/classroom_cards.html", context)


# Students of a class ---------------------------------------------------------------------------


@require_POST
@teacher_required
def students_precreate_view(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = classroom_for_teacher(request, pk)
    form = NicknamesForm(request.POST)
    created = _write(form, "nicknames", students_precreate, classroom=classroom)
    if not form.errors:
        notice = _("%(count)d students added.") % {"count": len(created)}
        return _done(request, classroom, notice)
    return _detail_response(
        request, classroom, "students", status=refusal_status(request), nicknames_form=form
    )


@require_POST
@teacher_required
def student_rename_view(request: HttpRequest, pk: int) -> HttpResponse:
    student = student_for_teacher(request, pk)
    form = StudentRenameForm(request.POST)
    _write(form, "nickname", student_rename, student=student)
    if not form.errors:
        notice = _("Renamed to “%(nickname)s”.") % {"nickname": student.nickname}
        return _done(request, student.classroom, notice)
    student.refresh_from_db()
    return _detail_response(
        request,
        student.classroom,
        "students",
        status=refusal_status(request),
        rename_forms={student.pk: form},
    )


@require_POST
@teacher_required
def student_remove_view(request: HttpRequest, pk: int) -> HttpResponse:
    student = student_for_teacher(request, pk)
    classroom, nickname = student.classroom, student.nickname
    student_remove(student=student)
    notice = _("“%(nickname)s” removed from the class.") % {"nickname": nickname}
    return _done(request, classroom, notice)


@require_POST
@teacher_required
def students_remove_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Remove the students ticked on the class page, after one confirmation."""
    classroom = classroom_for_teacher(request, pk)
    ids = [parse_int(value) for value in request.POST.getlist("student")]
    if any(student_id is None for student_id in ids):
        return HttpResponseBadRequest()
    removed = students_remove(classroom=classroom, student_ids=[i for i in ids if i is not None])
    if not removed:
        return _detail_response(
            request,
            classroom,
            "students",
            status=refusal_status(request),
            remove_error=_("Tick the students to remove first."),
        )
    notice = ngettext(
        "%(count)d student removed from the class.",
        "%(count)d students removed from the class.",
        len(removed),
    ) % {"count": len(removed)}
    return _done(request, classroom, notice)


@require_POST
@teacher_required
def student_reset_pictures_view(request: HttpRequest, pk: int) -> HttpResponse:
    student = student_for_teacher(request, pk)
    student_reset_pictures(student=student)
    pictures_renewed(student.pk, student.picture_password)
    notice = _("New pictures for “%(nickname)s”.") % {"nickname": student.nickname}
    return _done(request, student.classroom, notice)


@require_http_methods(["GET", "POST"])
@teacher_required
def account_delete(request: HttpRequest) -> HttpResponse:
    """A teacher deletes their account and all of it, after typing their password."""
    error = ""
    if request.method == "POST":
        if request.user.check_password(request.POST.get("password", "")):
            teacher = request.user
            logout(request)
            teacher_delete(teacher=teacher)
            messages.success(request, _("Your account and all its data are deleted."))
            return redirect("home")
        error = _("That is not your password: nothing was deleted.")
    return render(
        request,
        "registration/account_delete.html",
        {"error": error, "class_count": request.user.classrooms.count()},
        status=400 if error else 200,
    )
