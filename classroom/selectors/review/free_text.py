"""Hypotheses written in words only, grouped by their normalised words (case, accents,
punctuation and spacing ignored), so the teacher marks every sentence alike in one click."""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from classroom.selectors.review.data import LoggedHypothesis


def normalise(text: str) -> str:
    """Words compared without case, accents, punctuation or extra spaces."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    kept = []
    for char in decomposed:
        if unicodedata.combining(char):
            continue
        kept.append(char if char.isalnum() else " ")
    return " ".join("".join(kept).split())


@dataclass
class FreeTextGroup:
    key: str  # the normalised words
    # The rule of the rounds where the words were held: a group is one rule's, so a mark
    # ("right") applies under that rule only (issue 34: the same words are right under one
    # rule and wrong under another).
    rule_text: str = ""
    rule: str = ""  # that rule in words, for the teacher (set by the review)
    # The class's idea (an `IdeaGroup`) these words say, when the app knows the phrasing.
    suggested: Any = None
    texts: Counter[str] = field(default_factory=Counter)
    seats: set[int] = field(default_factory=set)
    hypotheses: list[LoggedHypothesis] = field(default_factory=list)

    @property
    def text(self) -> str:
        return self.texts.most_common(1)[0][0]

    @property
    def students(self) -> int:
        return len(self.seats)

    @property
    def plays(self) -> int:
        return len(self.hypotheses)

    @property
    def marks(self) -> Counter[str]:
        return Counter(h.mark or "" for h in self.hypotheses)

    @property
    def mark(self) -> str | None:
        """The mark every sentence of the group has, if they all have the same."""
        marks = {h.mark for h in self.hypotheses}
        return marks.pop() if len(marks) == 1 else None

    @property
    def reads_as(self) -> str:
        readings = {h.reads_as for h in self.hypotheses}
        return readings.pop() if len(readings) == 1 else ""

    @property
    def unmarked(self) -> int:
        return sum(1 for h in self.hypotheses if not h.mark)


def free_text_groups(
    hypotheses: dict[int, LoggedHypothesis], rules: Mapping[int, str]
) -> list[FreeTextGroup]:
    """Hypotheses logged as words only (nothing checkable), grouped by the rule of their round
    (`rules`: round id → rule text) and their normalised words, the most held first."""
    groups: dict[tuple[str, str], FreeTextGroup] = {}
    for logged in hypotheses.values():
        if logged.checkable or not logged.text.strip():
            continue
        key = normalise(logged.text)
        if not key:
            continue
        rule_text = rules.get(logged.round_id, "")
        group = groups.get((rule_text, key))
        if group is None:
            group = groups[(rule_text, key)] = FreeTextGroup(key, rule_text)
        group.texts[logged.text.strip()] += 1
        group.seats.add(logged.seat_id)
        group.hypotheses.append(logged)
    return sorted(groups.values(), key=lambda g: (-g.students, -g.plays, g.key, g.rule_text))
