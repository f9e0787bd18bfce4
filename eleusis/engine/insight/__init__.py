"""After class: how each player's hypotheses converged on the rule (docs/measures.md).

    >>> from eleusis.engine.insight import analyse_round, round_log
    >>> insight = analyse_round(round_log(finished_round), secret_rule)
    >>> insight.plays[0].agreement.share, insight.solved_at

`log` reads a round into plays (with the hand and the table of each) and evidence; `agreement`
compares a hypothesis with the secret rule (measure 1); `observer` judges rules against the
evidence and keeps the ideal observer's candidates (the candidate space, the situations and the
information of a choice are the inference core's, `eleusis.engine.inference`); `measures` puts
measures 1–7 together per play and per player; `summary` aggregates rounds per player and for
the class. Pure Python, no Django.
"""

from eleusis.engine.inference import CandidateSpace, Information, entropy, information
from eleusis.engine.insight.agreement import Agreement, agreement
from eleusis.engine.insight.candidates import resolve
from eleusis.engine.insight.log import Evidence, Hypothesis, PlayRecord, RoundLog, round_log
from eleusis.engine.insight.measures import (
    MARKS,
    PlayerInsight,
    PlayInsight,
    RoundInsight,
    analyse_round,
    with_marks,
)

__all__ = [
    "MARKS",
    "Agreement",
    "CandidateSpace",
    "Evidence",
    "Hypothesis",
    "Information",
    "PlayInsight",
    "PlayRecord",
    "PlayerInsight",
    "RoundInsight",
    "RoundLog",
    "agreement",
    "analyse_round",
    "entropy",
    "information",
    "resolve",
    "round_log",
    "with_marks",
]
