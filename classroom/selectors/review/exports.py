"""The review's CSV exports (one row per play, one per student), pseudonymised. Kept here until
the exports have their own module (issue 10)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from classroom.selectors.review.aggregate import SessionReview

# CSV --------------------------------------------------------------------------------------------

PLAY_COLUMNS = (
    "session",
    "table",
    "round",
    "student",
    "play",
    "kind",
    "cards",
    "verdict",
    "correction",
    "hypothesis",
    "checkable",
    "teacher_mark",
    "agreement",
    "too_narrow",
    "too_broad",
    "agreement_exhaustive",
    "agreement_source",
    "hypothesis_right",
    "fits_table",
    "prediction",
    "prediction_right",
    "prediction_matches_hypothesis",
    "test",
    "refuted",
    "response_to_refutation",
    "information_bits",
    "information_best",
    "information_worst",
    "information_relative",
    "candidates_before",
    "candidates_after",
    "observer_found_at",
)

STUDENT_COLUMNS = (
    "session",
    "student",
    "rounds",
    "plays",
    "rounds_found",
    "mean_lag",
    "final_agreement",
    "predictions",
    "prediction_accuracy",
    "tests",
    "negative_tests",
    "negative_share",
    "refutations",
    "changed_after_refutation",
    "kept_after_refutation",
    "plays_keeping_refuted",
    "mean_information_relative",
    "guessed",
)


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.4f}"
    return value


def play_rows(review: SessionReview) -> Iterable[list[Any]]:
    """One row per play of every finished round, with every measure."""
    for round_review_ in review.rounds:
        results = round_review_.results
        if results is None:
            continue
        round_row = round_review_.round
        for play in results["plays"]:
            person = round_review_.people.get(play["player"])
            agreement = play["agreement"] or {}
            information = play["information"] or {}
            verdict = "right" if play["accepted"] else "wrong"
            yield [
                _cell(value)
                for value in (
                    review.session.pk,
                    round_row.table.number,
                    round_row.number,
                    person.pseudonym if person else "",
                    play["number"],
                    play["kind"],
                    " ".join(play["cards"]),
                    verdict,
                    play["correction"],
                    play["hypothesis"],
                    play["checkable"],
                    play["mark"],
                    agreement.get("share"),
                    agreement.get("too_narrow"),
                    agreement.get("too_broad"),
                    agreement.get("exhaustive"),
                    play["agreement_source"],
                    play["right"],
                    play["fits"],
                    play["prediction"],
                    play["prediction_right"],
                    play["prediction_consistent"],
                    play["test"],
                    play["refuted"],
                    play["response"],
                    information.get("bits"),
                    information.get("best"),
                    information.get("worst"),
                    information.get("relative"),
                    play["candidates_before"],
                    play["candidates_after"],
                    results["solved_at"],
                )
            ]


def student_rows(review: SessionReview) -> Iterable[list[Any]]:
    for s in review.students:
        yield [
            _cell(value)
            for value in (
                review.session.pk,
                s.person.pseudonym,
                s.rounds,
                s.plays,
                s.found,
                s.mean_lag,
                s.final_agreement,
                s.predictions,
                s.prediction_accuracy,
                s.tests,
                s.negative_tests,
                s.negative_share,
                s.refutations,
                s.changed_after_refutation,
                s.kept_after_refutation,
                s.kept_refuted,
                s.mean_information,
                s.guessed,
            )
        ]
