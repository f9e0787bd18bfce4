"""One student's timeline: every finished round at their table with each of their plays (card,
verdict, hypothesis and how it relates to the rule, prediction, candidates left) and the moment
the evidence first left only the rule, so the teacher sees whether the student fell behind the
evidence or guessed ahead of it. Three queries whatever the length of the session."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from classroom.models import GameSession, Seat
from classroom.selectors.review.data import (
    ANALYSED_VARIANTS,
    LoggedHypothesis,
    Person,
    PlayOnPage,
    RoundReview,
    round_review,
    session_hypotheses,
    session_rounds,
)
from classroom.selectors.review.ideas import class_ideas, relation_label
from eleusis.engine.insight import PlayerInsight


@dataclass
class TimelineRound:
    review: RoundReview
    plays: list[PlayOnPage]
    player: PlayerInsight | None
    # Where the evidence first left only the rule: before which of the student's plays (its
    # index in `plays`), or len(plays) when after all of them; None when it never did.
    solved_index: int | None = None
    rows: list[dict[str, Any]] = field(default_factory=list)

    @property
    def solved_at(self) -> int | None:
        return self.review.solved_at

    @property
    def lag(self) -> int | None:
        return self.player.lag if self.player is not None else None

    @property
    def behind(self) -> bool:
        return self.lag is not None and self.lag > 0

    @property
    def ahead(self) -> bool:
        return self.lag is not None and self.lag < 0

    @property
    def lag_size(self) -> int:
        return abs(self.lag or 0)


def student_timeline(
    session: GameSession, seat: Seat, people: dict[int, Person]
) -> list[TimelineRound]:
    """Each finished round at the seat's table with this seat's plays."""
    rounds = [
        round_review(r, people)
        for r in session_rounds(session, variants=ANALYSED_VARIANTS)
        if r.table_id == seat.table_id
    ]
    hypotheses = session_hypotheses(session)
    ideas = class_ideas(rounds, hypotheses, refutations=False)
    timeline = []
    for review in rounds:
        results, measures = review.results, review.measures
        if results is None or measures is None:
            timeline.append(TimelineRound(review, [], None))
            continue
        players = {int(p) for p, s in results["seats"].items() if s == seat.pk}
        plays = []
        for play in review.plays:
            if play.player not in players:
                continue
            action = review.action_of_play.get(play.number)
            logged: LoggedHypothesis | None = hypotheses.get(action) if action else None
            group = ideas.by_play.get((review.round.pk, play.number))
            anchor = f"r{review.round.pk}-p{play.number}"
            relation = ideas.relation_at(review, play) or ""
            label = relation_label(relation) if relation else ""
            plays.append(PlayOnPage(play, None, action, logged, group, anchor, relation, label))
        player = next((p for p in measures.players if p.player in players), None)
        item = TimelineRound(review, plays, player)
        solved = review.solved_at
        if solved:
            item.solved_index = next(
                (index for index, play in enumerate(plays) if play.number > solved),
                len(plays),
            )
        timeline.append(item)
    return timeline
