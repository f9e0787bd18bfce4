"""After class: how each player's hypotheses converged on the rule (docs/measures.md).

    >>> from eleusis.engine.insight import analyse_round, round_log
    >>> insight = analyse_round(round_log(finished_round), secret_rule)
    >>> insight.plays[0].agreement.share, insight.solved_at

`log` reads a round into plays (with the hand and the table of each) and evidence; `agreement`
compares a hypothesis with the secret rule (measure 1); `observer` judges rules against the
evidence, measures information and keeps the ideal observer's candidates; `measures` puts
measures 1–7 together per play and per player; `summary` aggregates rounds per player and for
the class. Pure Python, no Django.
"""

from eleusis.engine.insight.agreement import Agreement, agreement
from eleusis.engine.insight.candidates import CandidatePool, resolve
from eleusis.engine.insight.log import Evidence, Hypothesis, PlayRecord, RoundLog, round_log
from eleusis.engine.insight.measures import (
    MARKS,
    PlayerInsight,
    PlayInsight,
    RoundInsight,
    analyse_round,
)
from eleusis.engine.insight.observer import Information, entropy, information

__all__ = [
    "MARKS",
    "Agreement",
    "CandidatePool",
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
]
