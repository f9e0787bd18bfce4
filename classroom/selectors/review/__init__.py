"""Reads for the review pages, by job:

- `data`: the session's people, finished rounds with their stored insight, logged hypotheses;
- `ideas`: the class's ideas grouped by meaning, and free text grouped by its words;
- `aggregate`: each student's and the class's totals, the students × plays grid, sorting;
- `charts`: the SVG geometry of a round's convergence chart;
- `prompts`: discussion prompts built from the data;
- `timeline`: one student's plays round by round;
- `delphi`: the Delphi report (its CSV rows too).

The CSV exports of a session's plays and students are `classroom.selectors.exports`.

Nothing here computes a measure: the measures are the insight's (eleusis/engine/insight,
docs/measures.md).
"""

from classroom.selectors.review.aggregate import (
    SORT_KEYS,
    SessionReview,
    StudentSummary,
    session_review,
    sort_students,
    state_labels,
)
from classroom.selectors.review.charts import chart_round
from classroom.selectors.review.data import Person, RoundReview, round_review, session_people
from classroom.selectors.review.delphi import delphi_rows, delphi_session_report, is_delphi
from classroom.selectors.review.free_text import normalise
from classroom.selectors.review.timeline import student_timeline

__all__ = [
    "SORT_KEYS",
    "Person",
    "RoundReview",
    "SessionReview",
    "StudentSummary",
    "chart_round",
    "delphi_rows",
    "delphi_session_report",
    "is_delphi",
    "normalise",
    "round_review",
    "session_people",
    "session_review",
    "sort_students",
    "state_labels",
    "student_timeline",
]
