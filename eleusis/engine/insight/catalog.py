"""The measures a review can show, each with the pairs of known strategies it must separate.

`shown` says whether the teacher's pages show the measure: only one that separates its own
pairs of bots (AUC ≥ `THRESHOLD` at 200 rounds of `validate_measures`) is shown. The figures are
in README and the meaning of each measure in `docs/measures.md`.
"""

from __future__ import annotations

from dataclasses import dataclass

THRESHOLD = 0.8


@dataclass(frozen=True)
class Measure:
    id: str
    label: str  # the teacher's page translates its own label; this one is for reports
    shown: bool
    pairs: tuple[tuple[str, str], ...]  # (a, b): a is expected to score higher than b
    process: bool  # how the student tested, not what they ended with


SCIENTIST_RANDOM = ("scientist", "random")
FALSIFIER_CONFIRMER = ("falsifier", "confirmation")
WASON = ("wason-negative", "wason-positive")
PERSEVERATOR_CHANGER = ("perseverator", "confirmation")
LOGGER_NON_LOGGER = ("scientist", "non-logger")

PAIRS = (SCIENTIST_RANDOM, FALSIFIER_CONFIRMER, WASON, PERSEVERATOR_CHANGER, LOGGER_NON_LOGGER)

MEASURES: tuple[Measure, ...] = (
    Measure("found", "Found the rule (rounds)", True, (SCIENTIST_RANDOM,), False),
    Measure(
        "final_agreement", "Agreement with the rule (balanced)", True, (SCIENTIST_RANDOM,), False
    ),
    # Hidden: a scientist plays the cards it is least sure of, so its predictions are right no
    # more often than a coin's (AUC 0.62 against random at 200 rounds). In the CSV only.
    Measure("prediction_accuracy", "Predictions right", False, (SCIENTIST_RANDOM,), False),
    Measure("negative_share", "Negative tests", True, (FALSIFIER_CONFIRMER, WASON), True),
    Measure("kept_refuted", "Kept a refuted idea (plays)", True, (PERSEVERATOR_CHANGER,), True),
    # Hidden (issue 34): against bots that reason over the 26 library rules instead of the
    # pool, the scientist's cards were hardly better chosen than random ones (AUC 0.69 at 60
    # rounds, 2026-12-05): a card well chosen among a student's own few ideas is not well
    # chosen among all the ideas that still fit, so the number did not say what its label
    # does. In the CSV only. "Information gained" (what the cards did tell) stays.
    Measure("choice_information", "Choice of card (0–1)", False, (SCIENTIST_RANDOM,), True),
    Measure("realised_bits", "Information gained (bits per play)", True, (SCIENTIST_RANDOM,), True),
    Measure("logged_share", "Hypotheses logged", True, (LOGGER_NON_LOGGER,), True),
    # How long a student takes to adopt what the evidence shows: slow for one who keeps a
    # refuted idea. (Against random it cannot be measured: random players never get there.)
    Measure("lag", "Plays behind the evidence", True, (PERSEVERATOR_CHANGER,), False),
)

BY_ID = {measure.id: measure for measure in MEASURES}


def shown(measure_id: str) -> bool:
    """Whether the teacher's pages show the measure `measure_id`."""
    return BY_ID[measure_id].shown
