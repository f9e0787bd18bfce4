"""The teacher's lesson pages: lesson plans, the rule library, the rule editor, printables; and
"How to play", which students read too.

None of these pages holds private data: any logged-in teacher may see them all, and anyone may
read "How to play". The rule check
is shared with the classroom (`eleusis.web.rule_check`); the engine does the rest.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from eleusis.engine.rules import LIBRARY
from eleusis.engine.rules.builder import PARTS_BY_ID
from eleusis.engine.rules.errors import MAX_RULE_LENGTH
from eleusis.web.access import teacher_required
from eleusis.web.rule_check import RuleCheck, rule_check, rule_checks_exhausted
from lessons.rules import comparison, library_sections

SOUND_ALIKE = ("th-parity-color", "el-parity-color")


@require_GET
@teacher_required
def plans(request: HttpRequest) -> HttpResponse:
    # Two rules that sound alike and are opposites, side by side in the editor.
    compare = urlencode({"rule_text": LIBRARY[SOUND_ALIKE[0]].text, "other": SOUND_ALIKE[1]})
    return render(
        request,
        "lessons/plans.html",
        {"compare_url": f"{reverse('lessons:editor')}?{compare}", "sound_alike": SOUND_ALIKE},
    )


@require_GET
@teacher_required
def library(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "lessons/library.html",
        {"sections": library_sections()},
    )


@require_GET
@teacher_required
def editor(request: HttpRequest) -> HttpResponse:
    """The rule editor. htmx asks for one fragment at a time (the check as the rule is typed,
    the comparison as either rule is typed); without JavaScript the form reloads the page."""
    text = request.GET.get("rule_text", "")[:MAX_RULE_LENGTH]
    other = request.GET.get("other", "")[:MAX_RULE_LENGTH]
    target = request.htmx.target if request.htmx else None
    if (text.strip() or other.strip()) and rule_checks_exhausted(request):
        context = {"check": RuleCheck(text, throttled=True), "rule_text": text, "other": other}
        fragment = {"rule-check": "classroom/teach/assignment_form.html#rule-check"}
        template = fragment.get(target or "", "lessons/editor.html")
        if target == "comparison":
            template = "lessons/editor.html#comparison"
        return render(request, template, {**context, "comparison": None}, status=429)
    context = {"check": rule_check(text), "rule_text": text, "other": other}
    if target == "rule-check":
        return render(request, "classroom/teach/assignment_form.html#rule-check", context)
    context["comparison"] = comparison(text, other)
    if target == "comparison":
        return render(request, "lessons/editor.html#comparison", context)
    return render(request, "lessons/editor.html", context)


@require_GET
@teacher_required
def print_frames(request: HttpRequest) -> HttpResponse:
    """The sentence builder on paper: the lines of its "When", "Play" and "Then" drop-downs to
    tick, each gap ("…") a line to write on, and the words that fill the gaps. A sentence made
    on paper is made of the same parts as on screen, so the teacher can enter it as it is."""

    def part(part_id: str, skip: tuple[str, ...] = ()) -> dict:
        chosen = PARTS_BY_ID[part_id]
        options = [gettext(o.label) for o in chosen.options if o.id not in skip]
        return {"label": gettext(chosen.label), "lines": [o.split("…") for o in options]}

    words = ("then-what", "then-prop", "then-ref", "then-n", "then-order")
    context = {
        "boxes": [part("if"), part("then"), part("join", skip=("none",))],
        "word_lists": [
            (gettext(PARTS_BY_ID[p].label), [gettext(o.label) for o in PARTS_BY_ID[p].options])
            for p in words
        ],
    }
    return render(request, "lessons/print_frames.html", context)


@require_GET
@teacher_required
def print_guidelines(request: HttpRequest) -> HttpResponse:
    return render(request, "lessons/print_guidelines.html")


@require_GET
def how_to_play(request: HttpRequest) -> HttpResponse:
    """How each game is played and scored, for students and teachers alike: open to everyone
    (it holds nothing private), linked from the table and the lesson plans."""
    return render(request, "lessons/how_to_play.html")
