"""The assignment form's library list (classroom/teach_forms.py): one entry per rule."""

import pytest

from classroom.teach_forms import AssignmentForm, library_choices
from eleusis.engine.rules import LIBRARY

pytestmark = pytest.mark.django_db

ALTERNATING = ("th-alternate-colors", "el-alternate-colors", "ru-alternate-colors")


def test_a_rule_several_sources_give_is_listed_once_with_its_other_names():
    choices = dict(library_choices())
    listed = [rule_id for rule_id in (*ALTERNATING, "es-alternate-colors") if rule_id in choices]
    assert listed == ["th-alternate-colors"]
    label = choices["th-alternate-colors"]
    for rule_id in ALTERNATING:
        assert LIBRARY[rule_id].name in label
    # Every rule is there once: listed, or named on the entry of a rule that judges alike.
    named = " ".join(str(label) for label in choices.values())
    assert all(rule_id in choices or rule.name in named for rule_id, rule in LIBRARY.items())
    assert len(choices) - 1 == len(LIBRARY) - 8  # 3 + 2 + 2 + 1 other sources' names


def test_a_link_to_a_rule_listed_under_another_name_still_assigns_it():
    form = AssignmentForm(initial={"library_rule": "ru-alternate-colors"})
    assert "ru-alternate-colors" in dict(form.fields["library_rule"].choices)
    sent = AssignmentForm(
        {
            "title": "Mystery rule 1",
            "rule_source": "library",
            "library_rule": "ru-alternate-colors",
            "variant": "express",
            "mode": "live",
            "table_size": 4,
        }
    )
    sent.is_valid()
    assert "library_rule" not in sent.errors
    assert sent.cleaned_data.get("library_rule_id") == "ru-alternate-colors"


def test_no_library_label_repeats_a_name():
    """Several sources give one rule under one name: the label says it once (issue 33 saw
    "Alternate colors = Alternate colors = … (easy)")."""
    for _rule_id, label in library_choices()[1:]:
        names = label.rsplit(" (", 1)[0].split(" = ")
        assert len(names) == len(set(names)), label
