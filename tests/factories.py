"""Factories for tests, in one place (factory_boy). Append new ones below their area's heading."""

import factory
from django.contrib.auth.hashers import make_password

from classroom.codes import join_code_random
from classroom.models import Classroom, Student, User
from classroom.pictures import picture_password_random

TEACHER_PASSWORD = "a-long-teacher-password-1"

# Teachers, classes, students ----------------------------------------------------------------


class TeacherFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"teacher{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@school.example")
    password = factory.LazyFunction(lambda: make_password(TEACHER_PASSWORD))


class ClassroomFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Classroom

    teacher = factory.SubFactory(TeacherFactory)
    name = factory.Sequence(lambda n: f"Class {n}")
    join_code = factory.LazyFunction(join_code_random)


class StudentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Student

    classroom = factory.SubFactory(ClassroomFactory)
    nickname = factory.Sequence(lambda n: f"Student {n}")
    picture_password = factory.LazyFunction(picture_password_random)


# Games --------------------------------------------------------------------------------------

ALTERNATE_COLORS = "color != last.color"


def live_table(*, players: int = 4, rule_text: str = ALTERNATE_COLORS, seed: int = 7, **options):
    """A started live session with one table of `players` students; returns (table, seats)."""
    from classroom.services.games import (
        assignment_create,
        lobby_join,
        session_open,
        session_seat,
        session_start,
    )

    classroom = ClassroomFactory()
    assignment = assignment_create(
        classroom=classroom,
        title="Mystery rule 1",
        rule_text=rule_text,
        table_size=max(players, 3),
        **options,
    )
    session = session_open(assignment=assignment)
    for _ in range(players):
        lobby_join(session=session, student=StudentFactory(classroom=classroom))
    (table,) = session_seat(session=session, method="arrival")
    session_start(session=session, seed=seed)
    return table, list(table.seats.select_related("student").order_by("position"))


# A played, analysed session (the review's tests and benchmarks) -----------------------------

REVIEW_BOTS = ("scientist", "falsifier", "confirmation", "random", "wason-positive")


def played_session(
    *,
    students: int,
    plays: int = 40,
    table_size: int = 5,
    seed: int = 7,
    rule_text: str = ALTERNATE_COLORS,
    analyse: bool = True,
):
    """A finished session of `students` students who each made about `plays` plays: at every
    table bots play for the students (a mix of strategies) round after round, logging their
    hypothesis two plays in three, and a round that runs long is ended by the dealer. The rows
    are written in bulk, as the live services would have left them; with `analyse` every round
    is analysed as the worker does when a round ends. Returns the session."""
    from django.utils import timezone

    from classroom.models import Action, Hypothesis, Round
    from classroom.selectors.rounds import replay_round
    from classroom.services.games import (
        assignment_create,
        lobby_join,
        session_open,
        session_seat,
        session_start,
        table_next_round,
    )
    from classroom.services.review import round_insight_compute
    from eleusis.engine.simulate import play_round, seat_bots
    from eleusis.engine.variants import End, NoPlay, Play

    classroom = ClassroomFactory()
    assignment = assignment_create(
        classroom=classroom, title="A class", rule_text=rule_text, table_size=table_size
    )
    session = session_open(assignment=assignment)
    for number in range(students):
        student = StudentFactory(classroom=classroom, nickname=f"Kid{number + 1}")
        lobby_join(session=session, student=student)
    tables = session_seat(session=session, method="arrival")
    session_start(session=session, seed=seed)
    for table in tables:
        seats = list(table.seats.order_by("position"))
        wanted = plays * len(seats)
        made = 0
        round_row = table.rounds.get()
        while True:
            engine = replay_round(round_row)
            by_player = {round_row.player_of(seat.position): seat for seat in seats}
            bots = seat_bots(list(REVIEW_BOTS), engine.players, round_row.seed)
            actions, hypotheses = [], []
            for action, events in play_round(engine, bots):
                actions.append((action, events))
                if isinstance(action, Play | NoPlay):
                    made += 1
                    if made >= wanted and not engine.is_over:
                        break
            if not engine.is_over:
                end = End("time is up")
                actions.append((end, engine.apply(end)))
            rows = []
            for seq, (action, events) in enumerate(actions, start=1):
                player = getattr(action, "player", None)
                rows.append(
                    Action(
                        round=round_row,
                        seq=seq,
                        seat=by_player.get(player) if player is not None else None,
                        kind=action.kind,
                        payload=action.to_json(),
                        events=[event.to_json() for event in events],
                    )
                )
            Action.objects.bulk_create(rows)
            for seq, (row, (action, _)) in enumerate(zip(rows, actions, strict=True)):
                label = getattr(action, "hypothesis", None)
                if isinstance(action, Play | NoPlay) and label and seq % 3 != 2:
                    hypotheses.append(
                        Hypothesis(action=row, seat=row.seat, text=label, checkable=label)
                    )
            Hypothesis.objects.bulk_create(hypotheses)
            Round.objects.filter(pk=round_row.pk).update(
                version=len(rows),
                status=Round.Status.OVER,
                end_reason=(engine.end_reason or "")[:100],
                ended_at=timezone.now(),
                snapshot=engine.to_json(),
            )
            if analyse:
                round_insight_compute(round_id=round_row.pk)
            if made >= wanted:
                break
            round_row = table_next_round(table=table)
    return session
