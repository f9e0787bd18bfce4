"""Every guess at the rule in a session's finished rounds, for the teacher's review (issue 34:
wrong guesses were on no page): who, where, the words and how they were judged."""

from __future__ import annotations

from dataclasses import dataclass

from classroom.models import Action, GameSession, Round
from classroom.selectors.review.data import Person


@dataclass
class GuessRow:
    round: Round
    person: Person | None
    text: str  # "" when the words left with a removed student
    correct: bool | None  # None: never judged (the round ended first)


def session_guesses(session: GameSession, people: dict[int, Person]) -> list[GuessRow]:
    """The guesses in table and round order. A guess the dealer judged takes the judgement of
    the verdict that follows it (one query)."""
    actions = (
        Action.objects.filter(
            round__table__session=session,
            round__status=Round.Status.OVER,
            kind__in=("guess", "verdict"),
        )
        .select_related("round__table")
        .defer("round__snapshot", "round__config")  # a round's state is not read here
        .order_by("round__table__number", "round__number", "seq")
    )
    rows: list[GuessRow] = []
    for action in actions:
        correct = _judged(action)
        if action.kind == "guess":
            person = people.get(action.seat_id) if action.seat_id is not None else None
            text = str((action.payload or {}).get("text", ""))
            rows.append(GuessRow(action.round, person, text, correct))
        elif correct is not None and rows and rows[-1].round.pk == action.round_id:
            rows[-1].correct = correct  # the dealer's verdict on the guess before
    return rows


def _judged(action: Action) -> bool | None:
    for event in action.events or ():
        if event.get("kind") == "guess_judged":
            return bool(event.get("correct"))
    return None
