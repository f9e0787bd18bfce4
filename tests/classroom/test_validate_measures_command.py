"""`./manage.py validate_measures`: bots of known strategies score on every measure, and the
report says how well each measure separates the pairs it must separate."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from eleusis.engine.insight.catalog import MEASURES

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    out = StringIO()
    call_command("validate_measures", "--rounds", "2", "--json", "--quiet", stdout=out)
    return json.loads(out.getvalue())


def test_the_report_has_every_measure_with_its_pairs(report: dict[str, Any]) -> None:
    assert report["rounds"] == 2
    assert [m["id"] for m in report["measures"]] == [m.id for m in MEASURES]
    for measure in report["measures"]:
        assert isinstance(measure["label"], str) and isinstance(measure["shown"], bool)
        assert measure["pairs"], measure["id"]
        for pair in measure["pairs"]:
            assert set(pair) == {"a", "b", "auc", "d"}
            assert pair["auc"] is None or 0.0 <= pair["auc"] <= 1.0
        for name in report["strategies"]:
            stats = measure["strategies"][name]
            assert set(stats) == {"n", "mean", "sd"}


def test_known_strategies_score_as_they_play(report: dict[str, Any]) -> None:
    by_id = {m["id"]: m for m in report["measures"]}
    negative = by_id["negative_share"]["strategies"]
    # Bots that only play what their idea accepts never test against it.
    assert negative["confirmation"]["mean"] == negative["wason-positive"]["mean"] == 0.0
    assert negative["wason-negative"]["mean"] > 0.2
    assert by_id["logged_share"]["strategies"]["non-logger"]["mean"] == 0.0
    assert by_id["kept_refuted"]["strategies"]["random"]["mean"] < 0.5
    assert by_id["kept_refuted"]["strategies"]["perseverator"]["mean"] > 1.0
    wason = by_id["negative_share"]["pairs"][1]
    assert (wason["a"], wason["b"]) == ("wason-negative", "wason-positive")
    assert wason["auc"] > 0.8


def test_the_text_table_names_each_measure() -> None:
    out = StringIO()
    call_command("validate_measures", "--rounds", "1", "--quiet", stdout=out)
    text = out.getvalue()
    for measure in MEASURES:
        assert measure.id in text


def test_no_rounds_is_refused() -> None:
    with pytest.raises(CommandError, match="--rounds 0"):
        call_command("validate_measures", "--rounds", "0")


def test_bots_may_reason_over_a_space_the_measures_do_not_score_against() -> None:
    """Issue 34: a validation whose bots share the measure's pool is circular. With
    `--bot-space library` the bots hold only library rules (a coarser space) while the
    measures still score against the rule language's pool."""
    from eleusis.engine.inference import candidate_space
    from eleusis.engine.insight.validation import bot_candidates
    from eleusis.engine.rules import LIBRARY

    library = bot_candidates("library")
    assert library is not None and {label for label, _rule in library} == set(LIBRARY)
    assert len(candidate_space()) > 10 * len(library)
    out = StringIO()
    call_command(
        "validate_measures", "--rounds", "1", "--bot-space", "library", "--json", "--quiet",
        stdout=out,
    )  # fmt: skip
    report = json.loads(out.getvalue())
    assert report["bot_space"] == "library"
    assert [m["id"] for m in report["measures"]] == [m.id for m in MEASURES]
