"""Which candidate rules the evidence leaves, and how a card splits them: one core for the bots
and the review's ideal observer.

- `situation`: a table prepared once for judging many rules and cards (`Situation`), and the
  fixed probes whose verdicts fingerprint a rule;
- `space`: the candidate space (`CandidateSpace`, `candidate_space()`), the rule language's
  candidates (`language_candidates()`) and their classes of equivalent rules;
- `evidence`: what a table showed (`Observation`) and whether a rule agrees with it;
- `information`: how the cards of a hand split the candidates (`split`) and the expected
  information of a choice (`information`).

It reads the rule language (`eleusis.engine.rules`) and nothing of the games: each game's bots
turn their table into observations. Pure Python, no Django.
"""

from eleusis.engine.inference.evidence import Observation, string_accepted
from eleusis.engine.inference.information import (
    NO_CHOICE,
    Information,
    Split,
    any_legal,
    entropy,
    information,
    realised_bits,
    split,
)
from eleusis.engine.inference.situation import Situation, fingerprint
from eleusis.engine.inference.space import (
    Candidate,
    CandidateSpace,
    Equivalent,
    candidate_space,
    language_candidates,
    language_equivalent,
)

__all__ = [
    "NO_CHOICE",
    "Candidate",
    "CandidateSpace",
    "Equivalent",
    "Information",
    "Observation",
    "Situation",
    "Split",
    "any_legal",
    "candidate_space",
    "entropy",
    "fingerprint",
    "information",
    "language_candidates",
    "language_equivalent",
    "realised_bits",
    "split",
    "string_accepted",
]
