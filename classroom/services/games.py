"""Writes for assignments and sessions: assigning a game, the lobby, seating, starting rounds.

Why one long module: a session's life (assign, lobby, seat, start, deal, next round, finish)
is one sequence of locked writes on the same rows; keeping it together keeps its locking order
in one place.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from classroom.games import web_game, whole_class
from classroom.live import session_changed, table_changed, tables_changed
from classroom.models import (
    Assignment,
    Classroom,
    GameSession,
    LobbyEntry,
    Round,
    Seat,
    Student,
    Table,
)
from classroom.refusal_codes import (
    DEALER_NEEDS_PLAYER,
    GAME_NOT_RUNNING,
    LIBRARY_EXHAUSTED,
    NO_TABLES_GIVEN,
    NOT_YOUR_DEAL,
    OTHER_CLASS_ASSIGNMENT,
    OTHER_CLASS_SESSION,
    PLAYED_LIVE,
    ROUND_BEING_PLAYED,
    RULE_REVEALED,
    RULE_TEXT_NEEDED,
    RULE_WORDS_NEEDED,
    SEAT_FIRST,
    SESSION_FINISHED,
    SESSION_NOT_UNDER_WAY,
    SESSION_SEATED,
    SESSION_STARTED,
    STUDENT_AT_TWO_TABLES,
    STUDENT_DEALS,
    STUDENT_NOT_IN_LOBBY,
    STUDENTS_CANNOT_DEAL,
    TABLE_FULL,
    TABLE_GAME_OVER,
    TEACHER_CHOSE_RULE,
    UNKNOWN_BOT,
    UNKNOWN_SEATING,
)
from classroom.secret_rules import secret_rule
from classroom.selectors.games import game_over, next_dealer_position
from classroom.services.rounds import (
    engine_round,
    round_act,
    round_create,
    schedule_bots,
    table_set_paused,
)
from classroom.titles import library_matches
from eleusis.engine.games import DEFAULT
from eleusis.engine.rules import LIBRARY, LibraryRule
from eleusis.engine.variants import (
    End,
    EndReason,
    IllegalActionError,
    Join,
    Leave,
    codec,
    config_from_json,
)
from eleusis.web.rule_check import DIFFICULTY_ORDER

MIN_TABLE, MAX_TABLE = 3, 8


class SeatingError(IllegalActionError):
    """The lobby cannot be seated as asked: a code of `classroom.refusal_codes`, with its
    parameters, worded by `classroom.refusals`."""


def assignment_create(
    *,
    classroom: Classroom,
    title: str,
    rule_text: str,
    library_rule_id: str = "",
    students_deal: bool = False,
    variant: str = DEFAULT,
    config: dict[str, Any] | None = None,
    table_size: int = 4,
    game_rounds: int = 0,
    hypothesis_policy: str = str(Assignment.HypothesisPolicy.EVERY_PLAY),
    hypothesis_every: int = 3,
    prediction_required: bool = True,
    mode: str = str(Assignment.Mode.LIVE),
    due_at=None,
) -> Assignment:
    """Assign a game. The config is checked by the engine now, not when the first round deals."""
    # Checked by the engine now (ValueError with its message) and stored in full, so a later
    # change of the engine's defaults cannot change an assignment's game.
    config = codec.dump(config_from_json(variant, dict(config or {})))
    assignment = Assignment(
        classroom=classroom,
        title=title.strip(),
        variant=variant,
        rule_source=_rule_source(library_rule_id, students_deal),
        library_rule_id=library_rule_id,
        rule_text=rule_text.strip(),
        config=config,
        table_size=table_size,
        game_rounds=game_rounds,
        hypothesis_policy=hypothesis_policy,
        hypothesis_every=hypothesis_every,
        prediction_required=prediction_required,
        mode=mode,
        due_at=due_at,
    )
    # The config was checked by the engine above; a game without settings (Russian Eleusis) has
    # an empty one, which the model's "blank" check would refuse.
    assignment.full_clean(exclude=["config"])
    assignment.save()
    return assignment


def _rule_source(library_rule_id: str, students_deal: bool) -> str:
    if students_deal:
        return str(Assignment.RuleSource.STUDENTS)
    if library_rule_id:
        return str(Assignment.RuleSource.LIBRARY)
    return str(Assignment.RuleSource.WRITTEN)


def session_open(*, assignment: Assignment, once: bool = False) -> GameSession:
    """Open a live session: students can now wait in its lobby. `once` (the "Open a session"
    button): while a lobby of this assignment is open, it is the session, so a double click
    never splits a class between two lobbies."""
    with transaction.atomic():
        if once:
            Assignment.objects.select_for_update().filter(pk=assignment.pk).first()
            lobby = (
                assignment.sessions.filter(status=GameSession.Status.LOBBY)
                .order_by("-created_at")
                .first()
            )
            if lobby is not None:
                return lobby
        return GameSession.objects.create(assignment=assignment)


def lobby_join(*, session: GameSession, student: Student) -> LobbyEntry:
    if student.classroom_id != session.assignment.classroom_id:
        raise IllegalActionError(OTHER_CLASS_SESSION)
    entry, created = LobbyEntry.objects.get_or_create(session=session, student=student)
    if created:
        transaction.on_commit(lambda: session_changed(session.pk))
        under_way = (GameSession.Status.RUNNING, GameSession.Status.PAUSED)
        if (
            whole_class(session.assignment.variant)
            and GameSession.objects.filter(pk=session.pk, status__in=under_way).exists()
        ):
            # The whole class plays at one table: a latecomer takes a seat there at once. Should
            # that be refused (no table yet, a full round), they wait in the lobby for the
            # teacher, as at any other game.
            with contextlib.suppress(SeatingError, IllegalActionError):
                late_arrival_seat(session=session, student=student)
    return entry


def plan_tables(count: int, table_size: int) -> list[int]:
    """Split `count` players into tables of 3–8 as close to `table_size` as possible:
    as few tables as `table_size` allows, then the players shared out evenly."""
    if count < MIN_TABLE:
        return [count] if count else []
    size = max(MIN_TABLE, min(MAX_TABLE, table_size))
    tables = max(1, -(-count // size))
    while count // tables < MIN_TABLE and tables > 1:
        tables -= 1
    while -(-count // tables) > MAX_TABLE:
        tables += 1
    base, extra = divmod(count, tables)
    return [base + 1 if index < extra else base for index in range(tables)]


def session_seat(
    *,
    session: GameSession,
    method: str = "random",
    groups: Sequence[Sequence[Student]] | None = None,
    seed: int | None = None,
) -> list[Table]:
    """Seat the lobby at tables: `random`, by `arrival`, or `manual` (`groups` of students).
    Seating again replaces the tables of a session that has not started. A whole-class game
    (Delphi) seats everyone at one table, unless the teacher makes groups by hand.
    The session row is locked while its tables are replaced: a double click seats twice, in turn,
    harmlessly."""
    with transaction.atomic():
        session = (
            GameSession.objects.select_for_update().select_related("assignment").get(pk=session.pk)
        )
        return _seat(session, method, groups, seed)


def _seat(
    session: GameSession,
    method: str,
    groups: Sequence[Sequence[Student]] | None,
    seed: int | None,
) -> list[Table]:
    if session.status != GameSession.Status.LOBBY:
        raise SeatingError(SESSION_SEATED)
    students = [entry.student for entry in session.lobby.select_related("student")]
    if method == "manual":
        if not groups:
            raise SeatingError(NO_TABLES_GIVEN)
        lobby_ids = {student.pk for student in students}
        seated = [student.pk for group in groups for student in group]
        if len(seated) != len(set(seated)):
            raise SeatingError(STUDENT_AT_TWO_TABLES)
        if not set(seated) <= lobby_ids:
            raise SeatingError(STUDENT_NOT_IN_LOBBY)
        plan = [list(group) for group in groups if group]
    else:
        if method == "random":
            random.Random(seed).shuffle(students)
        elif method != "arrival":
            raise SeatingError(UNKNOWN_SEATING, method=method)
        if whole_class(session.assignment.variant):
            sizes = [len(students)] if students else []
        else:
            sizes = plan_tables(len(students), session.assignment.table_size)
        plan, start = [], 0
        for size in sizes:
            plan.append(students[start : start + size])
            start += size
    with transaction.atomic():
        session.tables.all().delete()
        tables = []
        for number, group in enumerate(plan, start=1):
            table = Table.objects.create(session=session, number=number)
            Seat.objects.bulk_create(
                Seat(table=table, position=position, student=student)
                for position, student in enumerate(group)
            )
            tables.append(table)
        transaction.on_commit(lambda: session_changed(session.pk))
    return tables


def late_arrivals(*, session: GameSession) -> list[Student]:
    """Students in the lobby of a session under way who have no seat yet, in order of arrival."""
    seated = Seat.objects.filter(table__session=session, student__isnull=False).values("student")
    return [
        entry.student
        for entry in session.lobby.exclude(student__in=seated).select_related("student")
    ]


def late_arrival_seat(
    *, session: GameSession, student: Student, table: Table | None = None
) -> Table:
    """Seat a student who arrived after the start: at `table` (a free seat: they play from its
    next round) or, with no table, at a new table of their own, dealt at once. Seating a student
    who has a seat already returns their table (a double click seats once)."""
    with transaction.atomic():
        session = (
            GameSession.objects.select_for_update().select_related("assignment").get(pk=session.pk)
        )
        existing = Seat.objects.filter(table__session=session, student=student).first()
        if existing is not None:
            return existing.table
        if session.status not in (GameSession.Status.RUNNING, GameSession.Status.PAUSED):
            raise SeatingError(SESSION_NOT_UNDER_WAY)
        if not session.lobby.filter(student=student).exists():
            raise SeatingError(STUDENT_NOT_IN_LOBBY)
        if whole_class(session.assignment.variant):
            return _join_whole_class(session, student, table)
        if table is None:
            number = (
                session.tables.order_by("-number").values_list("number", flat=True).first() or 0
            ) + 1
            paused = session.status == GameSession.Status.PAUSED
            table = Table.objects.create(session=session, number=number, paused=paused)
            Seat.objects.create(table=table, position=0, student=student)
            if session.assignment.rule_source != Assignment.RuleSource.STUDENTS:
                _deal(table, session.assignment, seed=None, rule_text=_fresh_rule(session))
        else:
            table = Table.objects.select_for_update().get(pk=table.pk, session=session)
            positions = list(table.seats.values_list("position", flat=True))
            if len(positions) >= MAX_TABLE:
                raise SeatingError(TABLE_FULL)
            Seat.objects.create(
                table=table, position=max(positions, default=-1) + 1, student=student
            )
        table_id = table.pk
        transaction.on_commit(lambda: session_changed(session.pk))
        transaction.on_commit(lambda: table_changed(table_id))
    return table


def _join_whole_class(session: GameSession, student: Student, table: Table | None) -> Table:
    """A latecomer at a whole-class game (Delphi): seated at `table`, or at the table with the
    fewest seats (the class's one table unless the teacher made groups), and, while its round
    is being played, its next player from the card on show on (the round's `Join`)."""
    tables = Table.objects.select_for_update().filter(session=session)
    if table is None:
        table = min(tables, key=lambda one: (one.seats.count(), one.number), default=None)
    if table is None:
        raise SeatingError(SEAT_FIRST)
    table = tables.get(pk=table.pk)
    taken = list(table.seats.values_list("position", flat=True))
    position = max(taken, default=-1) + 1
    Seat.objects.create(table=table, position=position, student=student)
    playing = table.rounds.filter(status=Round.Status.PLAYING).order_by("-number").first()
    if playing is not None:
        playing = Round.objects.select_for_update().get(pk=playing.pk)
        engine_players = engine_round(playing).players
        positions = playing.positions
        if positions is None:
            positions = [playing.position_of(player) for player in range(engine_players)]
        playing.positions = [*positions, position]
        playing.save(update_fields=["positions"])
        round_act(round_id=playing.pk, action=Join(), schedule=False)
    table_id = table.pk
    transaction.on_commit(lambda: session_changed(session.pk))
    transaction.on_commit(lambda: table_changed(table_id))
    return table


def _fresh_rule(session: GameSession) -> str:
    """The assignment's rule, unless it was revealed in the session: then the next library rule
    nobody was shown."""
    revealed = revealed_rules(session=session)
    text = session.assignment.rule_text
    if text.strip() not in revealed:
        return text
    entry = next_library_rule(after=text, excluded=revealed)
    if entry is None:
        raise SeatingError(LIBRARY_EXHAUSTED)
    return entry.text


def seat_remove(*, seat: Seat) -> None:
    """A student leaves the table, or the teacher removes them, for the rest of the session:
    in a round being played it is the engine's Leave, in every game (their cards go out of
    play, the turn passes on if it was theirs, they cannot win; a prophet who leaves ends the
    prophecy; in Delphi they predict no more); a student dealing it ends it; no later round
    deals them in, and they cannot win the game (`game_totals`). Removing a seat twice is
    harmless."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=seat.table_id)
        seat = Seat.objects.select_for_update().get(pk=seat.pk)
        if seat.left:
            return
        seat.left = True
        seat.save(update_fields=["left"])
        LobbyEntry.objects.filter(session_id=table.session_id, student_id=seat.student_id).delete()
        round_row = table.rounds.order_by("-number").first()
        playing = round_row is not None and round_row.status == Round.Status.PLAYING
        if playing and round_row.seated(seat.position):
            player = round_row.player_of(seat.position)
            action = End(reason=EndReason.DEALER_LEFT) if player is None else Leave(player=player)
            with contextlib.suppress(IllegalActionError), transaction.atomic():
                # Refused only when the round has just ended, or the seat left it already.
                round_act(round_id=round_row.pk, action=action, seat=None)
        table_id = table.pk
        transaction.on_commit(lambda: table_changed(table_id))


def session_start(*, session: GameSession, seed: int | None = None) -> GameSession:
    """Deal the first round at every table."""
    with transaction.atomic():
        session = GameSession.objects.select_for_update().get(pk=session.pk)
        if session.status != GameSession.Status.LOBBY:
            raise IllegalActionError(SESSION_STARTED)
        tables = list(session.tables.all())
        if not tables:
            raise SeatingError(SEAT_FIRST)
        if session.assignment.rule_source != Assignment.RuleSource.STUDENTS:
            # When the students deal, each table waits for its first dealer to write a rule.
            for table in tables:
                _deal(table, session.assignment, seed=None if seed is None else seed + table.number)
        session.status = GameSession.Status.RUNNING
        session.started_at = timezone.now()
        session.save(update_fields=["status", "started_at"])
        transaction.on_commit(lambda: session_changed(session.pk))
    return session


def revealed_rules(*, session: GameSession) -> set[str]:
    """The rules revealed at any table of the session: never dealt again in it."""
    return {
        text.strip()
        for text in Round.objects.filter(table__session=session, revealed=True).values_list(
            "rule_text", flat=True
        )
    }


def next_library_rule(*, after: str, excluded: set[str]) -> LibraryRule | None:
    """The library rule after `after` in the library's order (easiest first), skipping `after`
    itself and every rule in `excluded`, and the library rules that judge alike."""
    order = sorted(
        LIBRARY.values(), key=lambda r: (DIFFICULTY_ORDER.get(r.difficulty, 9), r.name, r.id)
    )
    blocked = {after.strip(), *excluded}
    for text in list(blocked):
        blocked |= {entry.text for entry in library_matches(text)}
    texts = [entry.text for entry in order]
    start = next((i + 1 for i, text in enumerate(texts) if text in blocked and text == after), 0)
    for entry in order[start:] + order[:start]:
        if entry.text not in blocked:
            return entry
    return None


def table_next_round(
    *,
    table: Table,
    seed: int | None = None,
    rule_text: str | None = None,
    students_deal: bool = False,
):
    """Deal the next round at a table whose round is over: with `rule_text`, or the last round's
    rule again (None). A rule revealed in the session is never dealt again; nothing is dealt
    once the session is finished. `students_deal`: nothing is dealt now; from the next round
    the students deal in turn, each writing the rule (returns None)."""
    if rule_text is not None:
        secret_rule(rule_text)  # a mistake is reported before anything is locked or written
    with transaction.atomic():
        table = (
            Table.objects.select_for_update().select_related("session__assignment").get(pk=table.pk)
        )
        if table.session.status == GameSession.Status.FINISHED:
            raise IllegalActionError(SESSION_FINISHED)
        current = table.rounds.order_by("-number").first()
        if current is not None and current.status != current.Status.OVER:
            raise IllegalActionError(ROUND_BEING_PLAYED)
        if table.session.assignment.rule_source == Assignment.RuleSource.STUDENTS:
            raise IllegalActionError(STUDENT_DEALS)
        if game_over(table=table):
            raise IllegalActionError(TABLE_GAME_OVER)
        if students_deal:
            _students_deal_next(table)
            return None
        if table.students_deal:  # the teacher deals again: the students' turns end here
            table.students_deal = False
            table.save(update_fields=["students_deal"])
        if rule_text is None:
            rule_text = current.rule_text if current else table.session.assignment.rule_text
        if rule_text.strip() in revealed_rules(session=table.session):
            raise IllegalActionError(RULE_REVEALED)
        return _deal(table, table.session.assignment, seed=seed, rule_text=rule_text.strip())


def _students_deal_next(table: Table) -> None:
    """From now on the students at `table` deal in turn (a game whose rules the teacher chose,
    the Express way: the app judges each dealer's rule, or the dealer does by hand)."""
    if not web_game(table.session.assignment.variant).students_may_deal:
        raise IllegalActionError(STUDENTS_CANNOT_DEAL)
    if sum(1 for seat in table.seats.all() if not seat.left) < 2:
        raise IllegalActionError(DEALER_NEEDS_PLAYER)
    if not table.students_deal:
        table.students_deal = True
        table.save(update_fields=["students_deal"])
    table_id = table.pk
    transaction.on_commit(lambda: table_changed(table_id))


def dealer_judges(assignment: Assignment, rule_text: str) -> bool:
    """Whether the dealing student judges by hand from a rule in words: the Express setting
    (config `dealer="person"`), or the oracle of the whole-class game (Delphi) who writes no
    rule in the rule language (the oracle then places each card, docs/rules.md §3)."""
    if assignment.config.get("dealer") == "person":
        return True
    return whole_class(assignment.variant) and not rule_text.strip()


def round_deal_by_student(
    *, seat: Seat, rule_text: str, seed: int | None = None, rule_words: str = ""
):
    """The student whose turn it is to deal writes the secret rule and deals the round.

    When the assignment lets the dealing student judge (config `dealer="person"`, the
    sources' way) the rule is in words, and optionally in the rule language too, against which
    the app checks the dealer's verdicts; otherwise the app judges, so the rule language is
    required. Raises RuleSyntaxError for a rule with a mistake, IllegalActionError when it is
    not this student's deal or a needed rule is missing."""
    rule_text, rule_words = rule_text.strip(), rule_words.strip()
    if rule_text:
        secret_rule(rule_text)  # a mistake is reported before anything is locked or written
    with transaction.atomic():
        table = (
            Table.objects.select_for_update()
            .select_related("session__assignment")
            .get(pk=seat.table_id)
        )
        assignment = table.session.assignment
        if not table.dealt_by_students:
            raise IllegalActionError(TEACHER_CHOSE_RULE)
        if table.session.status != GameSession.Status.RUNNING:
            raise IllegalActionError(GAME_NOT_RUNNING)
        current = table.rounds.order_by("-number").first()
        if current is not None and current.status != current.Status.OVER:
            raise IllegalActionError(ROUND_BEING_PLAYED)
        seats = list(table.seats.all())
        if sum(1 for other in seats if not other.left) < 2:
            raise IllegalActionError(DEALER_NEEDS_PLAYER)
        if game_over(table=table):
            raise IllegalActionError(TABLE_GAME_OVER)
        if next_dealer_position(table=table, seats=seats) != seat.position:
            raise IllegalActionError(NOT_YOUR_DEAL)
        by_hand = dealer_judges(assignment, rule_text)
        if by_hand and not rule_words:
            raise IllegalActionError(RULE_WORDS_NEEDED)
        if not by_hand and not rule_text:
            raise IllegalActionError(RULE_TEXT_NEEDED)
        round_row = round_create(
            table=table,
            variant=assignment.variant,
            config=assignment.config,
            rule_text=rule_text,
            rule_words=rule_words,
            seed=seed,
            dealer_position=seat.position,
        )
        if any(other.bot for other in seats):
            transaction.on_commit(lambda: schedule_bots(round_row.pk))
        return round_row


def _deal(table: Table, assignment: Assignment, *, seed: int | None, rule_text: str | None = None):
    round_row = round_create(
        table=table,
        variant=assignment.variant,
        config=assignment.config,
        rule_text=assignment.rule_text if rule_text is None else rule_text,
        seed=seed,
    )
    # Only a table with bots needs the bots' task (one on every deal costs the worker ~30 ms).
    if table.seats.exclude(bot="").exists():
        transaction.on_commit(lambda: schedule_bots(round_row.pk))
    return round_row


def session_set_paused(*, session: GameSession, paused: bool) -> None:
    """Pause or resume every table of the session."""
    with transaction.atomic():
        for table in session.tables.all():
            table_set_paused(table=table, paused=paused)
        status = GameSession.Status.PAUSED if paused else GameSession.Status.RUNNING
        if session.status in (GameSession.Status.RUNNING, GameSession.Status.PAUSED):
            session.status = status
            session.save(update_fields=["status"])
        transaction.on_commit(lambda: session_changed(session.pk))


@transaction.atomic
def session_finish(*, session: GameSession) -> None:
    """End every round still being played (the dealer's End, as the teacher's), then mark the
    session finished, for good: no round is dealt and no move is played after. A finished
    session stays as it was (a double click finishes once)."""
    session = GameSession.objects.select_for_update().get(pk=session.pk)
    if session.status == GameSession.Status.FINISHED:
        return
    playing = Round.objects.filter(table__session=session, status=Round.Status.PLAYING)
    for round_id in playing.order_by("pk").values_list("pk", flat=True):
        with contextlib.suppress(IllegalActionError):  # it ended meanwhile
            round_act(
                round_id=round_id, action=End(reason=EndReason.TEACHER), seat=None, schedule=False
            )
    session.status = GameSession.Status.FINISHED
    session.ended_at = timezone.now()
    session.save(update_fields=["status", "ended_at"])
    # Every table's page says so at its next poll, a table between rounds too.
    table_ids = list(session.tables.values_list("pk", flat=True))
    transaction.on_commit(lambda: tables_changed(table_ids, session.pk))


def solo_start(*, assignment: Assignment, student: Student, seed: int | None = None) -> Table:
    """A student's own practice: one table, one seat, the app dealing. Returns the table."""
    if assignment.mode != Assignment.Mode.SOLO:
        raise IllegalActionError(PLAYED_LIVE)
    if student.classroom_id != assignment.classroom_id:
        raise IllegalActionError(OTHER_CLASS_ASSIGNMENT)
    with transaction.atomic():
        session = GameSession.objects.create(
            assignment=assignment, status=GameSession.Status.RUNNING, started_at=timezone.now()
        )
        table = Table.objects.create(session=session, number=1)
        Seat.objects.create(table=table, position=0, student=student)
        _deal(table, assignment, seed=seed)
    return table


def table_create(
    *, session: GameSession, students: Sequence[Student] = (), bots: Sequence[str] = ()
) -> Table:
    """A table of the given students then bots (demos, and to fill a short table)."""
    from eleusis.engine.bots import BOTS

    unknown = [name for name in bots if name not in BOTS]
    if unknown:
        raise SeatingError(UNKNOWN_BOT, bot=unknown[0], known=", ".join(BOTS))
    number = (session.tables.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    table = Table.objects.create(session=session, number=number)
    seats = [Seat(table=table, position=i, student=s) for i, s in enumerate(students)]
    seats += [Seat(table=table, position=len(seats) + i, bot=name) for i, name in enumerate(bots)]
    Seat.objects.bulk_create(seats)
    transaction.on_commit(lambda: session_changed(session.pk))
    return table


def sessions_delete_older_than(*, days: int) -> int:
    """Delete sessions created more than `days` ago, with their tables, rounds and logs."""
    cutoff = timezone.now() - timezone.timedelta(days=days)
    _deleted, by_model = GameSession.objects.filter(created_at__lt=cutoff).delete()
    return by_model.get(GameSession._meta.label, 0)
