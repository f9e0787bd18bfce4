"""The sentence builder's fragments: the parts that fit a choice so far, and the words matched
to sentences."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from classroom.access import (
    student_required,
)
from classroom.builder_i18n import builder_state, choices_from, suggestion_for

# Sentence builder --------------------


@require_GET
@student_required
def builder_parts(request: HttpRequest) -> HttpResponse:
    """The sentence builder's drop-downs for the parts chosen so far, with the sentence read
    back in the student's words or what to change (swapped in at each choice)."""
    state = builder_state(choices_from(request.GET))
    return render(request, "classroom/play/table.html#builder_parts", {"builder": state})


@require_GET
@student_required
def phrase_match(request: HttpRequest) -> HttpResponse:
    """ "Did you mean: …?" for a hypothesis in words the app knows (eleusis/engine/rules/
    phrases.py), with a button that puts the sentence in the builder; nothing otherwise. The
    words stay free text unless the student takes the sentence."""
    return render(
        request,
        "classroom/play/table.html#did_you_mean",
        {"suggestion": suggestion_for(request.GET.get("hypothesis", "")[:500])},
    )
