"""Discussion prompts read what the child predicted (issue 34, finding 6)."""

from __future__ import annotations

from types import SimpleNamespace

from classroom.selectors.review.prompts import _negative_test
from eleusis.engine.insight import PlayInsight


def _play(number: int, bits: float, prediction: bool | None) -> PlayInsight:
    return PlayInsight.from_dict(
        {
            "number": number,
            "entry": number,
            "player": 0,
            "kind": "play",
            "cards": ["5S"],
            "accepted": False,
            "test": "negative",
            "prediction": prediction,
            "candidates_before": 64,
            "candidates_after": 32,
            "information": {"bits": 1.0, "best": 1.0, "worst": 0.0, "realised": bits},
        }
    )


def _review(*plays: PlayInsight) -> SimpleNamespace:
    student = SimpleNamespace(is_student=True, name="Kid1")
    round_ = SimpleNamespace(table="Table 1", number=1)
    round_review = SimpleNamespace(plays=list(plays), people={0: student}, round=round_)
    return SimpleNamespace(rounds=[round_review])


def test_a_card_the_child_predicted_would_fit_is_not_their_test_against_their_idea() -> None:
    """Their idea said it would not fit, but they predicted it would: the prompt must not say
    they played it against their own idea; the next best negative test is named instead."""
    expected_to_fit = _play(3, 5.0, prediction=True)  # the most informative
    deliberate = _play(5, 1.0, prediction=False)
    prompt = _negative_test(_review(expected_to_fit, deliberate))
    assert prompt is not None and prompt.step == 5
    assert _negative_test(_review(expected_to_fit)) is None
