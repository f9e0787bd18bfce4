"""The teacher assigns a game: the assignment form with the rule check as it is typed, and the
assignment page.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from classroom.access import (
    assignment_for_teacher,
    classroom_for_teacher,
    teacher_required,
)
from classroom.models import Assignment
from classroom.services.games import (
    assignment_create,
)
from classroom.teach_forms import (
    AssignmentForm,
    rule_check,
)
from classroom.titles import neutral_title
from eleusis.engine.rules import LIBRARY
from eleusis.web.rule_check import rule_check_response

# Assignments ------------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@teacher_required
def assignment_create_view(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = classroom_for_teacher(request, pk)
    # `?library_rule=<id>` (from the lessons' library) starts the form on that rule.
    chosen = request.GET.get("library_rule", "")
    number = classroom.assignments.count() + 1
    initial = (
        {
            "library_rule": chosen,
            "title": neutral_title(number=number, difficulty=LIBRARY[chosen].difficulty),
        }
        if chosen in LIBRARY
        else {}
    )
    form = AssignmentForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        library = LIBRARY.get(data["library_rule_id"])
        title = data["title"].strip() or neutral_title(
            number=number, difficulty=library.difficulty if library else ""
        )
        try:
            assignment = assignment_create(
                classroom=classroom,
                title=title,
                variant=data["variant"],
                rule_text=data["rule"],
                library_rule_id=data["library_rule_id"],
                students_deal=data["rule_source"] == Assignment.RuleSource.STUDENTS,
                config=form.config(),
                table_size=data["table_size"],
                game_rounds=data.get("game_rounds") or 0,
                hypothesis_policy=data["hypothesis_policy"],
                hypothesis_every=data["hypothesis_every"],
                prediction_required=data["prediction_required"],
                mode=data["mode"],
                due_at=data["due_at"],
            )
        except ValueError as error:  # the engine's check of the settings, or full_clean
            form.add_error(
                None, _("These settings cannot be played: %(reason)s") % {"reason": error}
            )
        else:
            messages.success(
                request, _("Assignment “%(title)s” created.") % {"title": assignment.title}
            )
            return redirect("classroom:assignment_detail", pk=assignment.pk)
    status = 400 if request.method == "POST" else 200
    check = rule_check(form.data.get("rule_text", "")) if form.is_bound else None
    return render(
        request,
        "classroom/teach/assignment_form.html",
        {"classroom": classroom, "form": form, "check": check},
        status=status,
    )


@require_POST
@teacher_required
def rule_check_view(request: HttpRequest) -> HttpResponse:
    """The rule editor's live check: explanation and warnings, or where the error is."""
    return rule_check_response(request)


@require_GET
@teacher_required
def assignment_detail(request: HttpRequest, pk: int) -> HttpResponse:
    assignment = assignment_for_teacher(request, pk)
    library = LIBRARY.get(assignment.library_rule_id) if assignment.library_rule_id else None
    return render(
        request,
        "classroom/teach/assignment_detail.html",
        {
            "assignment": assignment,
            "classroom": assignment.classroom,
            "library_rule": library,
            "explanation": rule_check(assignment.rule_text).explanation,
            "sessions": assignment.sessions.all(),
        },
    )
