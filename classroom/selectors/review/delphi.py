"""The Delphi report (docs/rules.md, Delphi): what the class predicted for each card the app
turned, each student's accuracy over the deck, when the class's majority became right and stayed
right, and the settlement. Read from the round's stored state (its snapshot, replayed when
stale), two queries per session whatever the class size.

The majority for a card: more students said "fits" than "does not" (or the opposite); a tie
is no majority. "Right from card N on": the first card after which the majority was right on
every later card (a card without a majority breaks the run).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from classroom.games import delphi as delphi_game
from classroom.models import GameSession, Round
from classroom.selectors.review.data import Person, session_people, session_rounds
from classroom.selectors.rounds import engine_round
from eleusis.engine.cards import Card
from eleusis.engine.variants.delphi import DelphiDealerView

DELPHI_VARIANTS = (delphi_game.GAME.id,)


@dataclass
class DelphiCard:
    number: int  # the starter is card 1, so the first predicted card is 2
    card: Card
    accepted: bool
    fits: int  # tokens "fits"
    not_fits: int  # tokens "does not fit"
    silent: int  # no token shown
    predictions: list[bool | None]  # by engine player
    hypotheses: list[str | None]  # by engine player: what each logged with their token

    def token_of(self, player: int) -> bool | None:
        """The player's token for this card; None also for a latecomer who joined after it."""
        return self.predictions[player] if player < len(self.predictions) else None

    def hypothesis_of(self, player: int) -> str:
        return (self.hypotheses[player] or "") if player < len(self.hypotheses) else ""

    @property
    def majority(self) -> bool | None:
        if self.fits == self.not_fits:
            return None
        return self.fits > self.not_fits

    @property
    def majority_right(self) -> bool | None:
        majority = self.majority
        return None if majority is None else majority == self.accepted

    @property
    def right(self) -> int:
        return self.fits if self.accepted else self.not_fits

    @property
    def shown(self) -> int:
        return self.fits + self.not_fits

    @property
    def fits_percent(self) -> int:
        return round(100 * self.fits / self.shown) if self.shown else 0


@dataclass
class DelphiStudent:
    person: Person
    player: int
    predicted: int = 0
    right: int = 0
    chips: int = 0
    score: int = 0
    # Right from this card on, to the end of the deck (None: wrong on the last card).
    right_from: int | None = None
    tokens: list[bool | None] = field(default_factory=list)  # right / wrong / none, per card
    # (card number, words) each time the student logged a hypothesis that differs from their
    # last one: how their idea of the rule changed over the deck.
    hypotheses: list[tuple[int, str]] = field(default_factory=list)

    @property
    def accuracy(self) -> float | None:
        return self.right / self.predicted if self.predicted else None


@dataclass
class DelphiReport:
    round: Round
    view: DelphiDealerView
    cards: list[DelphiCard]
    students: list[DelphiStudent]
    majority_right_from: int | None
    dealer_score: int

    @property
    def placed(self) -> int:
        return len(self.cards)

    @property
    def starter(self) -> Card | None:
        return self.view.history[0].card if self.view.history else None

    @property
    def class_accuracy(self) -> float | None:
        shown = sum(c.shown for c in self.cards)
        return sum(c.right for c in self.cards) / shown if shown else None

    @property
    def hypotheses_logged(self) -> bool:
        return any(student.hypotheses for student in self.students)

    @property
    def majority_right_cards(self) -> int:
        return sum(1 for c in self.cards if c.majority_right)


def _right_from(outcomes: Iterable[bool | None], first: int) -> int | None:
    """The first card number from which every outcome is True (None: the last is not)."""
    start: int | None = None
    for number, outcome in enumerate(outcomes, start=first):
        if outcome:
            if start is None:
                start = number
        else:
            start = None
    return start


def _changes_of_mind(cards: list[DelphiCard], player: int) -> list[tuple[int, str]]:
    """The hypotheses `player` logged with their tokens, each with the card it came with, when
    it says something other than their last one (a student may send the same words again)."""
    changes: list[tuple[int, str]] = []
    for card in cards:
        words = card.hypothesis_of(player).strip()
        if words and (not changes or changes[-1][1] != words):
            changes.append((card.number, words))
    return changes


def delphi_report(round_row: Round, people: dict[int, Person]) -> DelphiReport:
    view = engine_round(round_row).dealer_view()
    seats = {
        person.seat.position: person
        for person in people.values()
        if person.seat is not None and person.seat.table_id == round_row.table_id
    }
    cards = []
    for number, placement in enumerate(view.placements, start=2):
        tokens = placement.predictions
        cards.append(
            DelphiCard(
                number,
                placement.card,
                placement.accepted,
                sum(1 for t in tokens if t is True),
                sum(1 for t in tokens if t is False),
                sum(1 for t in tokens if t is None),
                list(tokens),
                list(placement.hypotheses),
            )
        )
    students = []
    for position, person in sorted(seats.items()):
        player = round_row.player_of(position)
        if player is None or player >= len(view.chips):
            continue
        student = DelphiStudent(
            person, player, chips=view.chips[player], score=view.scores.players[player]
        )
        for card in cards:
            token = card.token_of(player)
            if token is None:
                student.tokens.append(None)
                continue
            student.predicted += 1
            student.right += token == card.accepted
            student.tokens.append(token == card.accepted)
        student.right_from = _right_from(student.tokens, 2)
        student.hypotheses = _changes_of_mind(cards, player)
        students.append(student)
    return DelphiReport(
        round_row,
        view,
        cards,
        students,
        _right_from((c.majority_right for c in cards), 2),
        view.scores.dealer,
    )


@dataclass
class DelphiSessionReport:
    session: GameSession
    reports: list[DelphiReport]


def delphi_session_report(session: GameSession, *, hide_names: bool) -> DelphiSessionReport:
    people = session_people(session, hide_names=hide_names)
    rounds = session_rounds(session, variants=DELPHI_VARIANTS)
    return DelphiSessionReport(session, [delphi_report(r, people) for r in rounds])


def is_delphi(session: GameSession) -> bool:
    return session.assignment.variant in DELPHI_VARIANTS


# CSV (served by `classroom.views.exports`): one row per card and student ---------------------

DELPHI_COLUMNS = (
    "session",
    "table",
    "round",
    "card_number",
    "card",
    "fits",
    "class_said_fits",
    "class_said_not",
    "class_silent",
    "majority_right",
    "student",
    "prediction",
    "prediction_right",
    "hypothesis",
)


def delphi_rows(report: DelphiSessionReport) -> Iterable[dict[str, Any]]:
    """One row per card and student (raw values: `classroom.selectors.exports.write_rows`
    prints them, escaped against formulas). Students as the report names them."""
    for delphi in report.reports:
        round_row = delphi.round
        for card in delphi.cards:
            for student in delphi.students:
                token = card.token_of(student.player)
                yield {
                    "session": report.session.pk,
                    "table": round_row.table.number,
                    "round": round_row.number,
                    "card_number": card.number,
                    "card": card.card.code,
                    "fits": card.accepted,
                    "class_said_fits": card.fits,
                    "class_said_not": card.not_fits,
                    "class_silent": card.silent,
                    "majority_right": card.majority_right,
                    "student": student.person.name,
                    "prediction": token,
                    "prediction_right": None if token is None else token == card.accepted,
                    "hypothesis": card.hypothesis_of(student.player),
                }
