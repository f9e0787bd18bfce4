"""Games in class: assignments, sessions, tables, seats, rounds and the rounds' action logs.

A round is event-sourced: its `Action` rows, numbered from 1 and never changed, are the truth;
`Round.snapshot` is a cache of the engine state after `Round.version` actions that replay can
always rebuild. What the engine does not need but the review does (the hypothesis a student
logged with a play, in its checkable form) hangs off the action it was logged with.

Guesses, hints, predictions and verdicts are actions too (the engine's own `guess`, `buy_hint`,
`dealer_hint`, `verdict`; a prediction travels inside its `play`), so they have no tables of their
own: a second copy could only drift from the log.
"""

import random

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from classroom.models.accounts import Classroom, Student
from classroom.models.fields import PackedJSONField
from eleusis.engine.games import DEFAULT


class Assignment(models.Model):
    class Mode(models.TextChoices):
        LIVE = "live", _("Live, in class")
        SOLO = "solo", _("Solo practice")

    class RuleSource(models.TextChoices):
        LIBRARY = "library", _("From the library")
        WRITTEN = "written", _("Written by the teacher")
        STUDENTS = "students", _("Each student deals in turn and writes the rule")

    class HypothesisPolicy(models.TextChoices):
        EVERY_PLAY = "every", _("With every play")
        EVERY_N = "every_n", _("Every few plays")
        OPTIONAL = "optional", _("Optional")

    classroom = models.ForeignKey(
        Classroom, on_delete=models.CASCADE, related_name="assignments", verbose_name=_("class")
    )
    title = models.CharField(_("title"), max_length=120)
    variant = models.CharField(_("game"), max_length=20, default=DEFAULT)
    rule_source = models.CharField(
        _("secret rule"), max_length=10, choices=RuleSource, default=RuleSource.LIBRARY
    )
    library_rule_id = models.CharField(_("library rule"), max_length=40, blank=True)
    # The secret rule in the language, also for library rules (copied so a library edit cannot
    # change a rule mid-term). Never rendered to a student while a round is on. Blank when the
    # students deal in turn: each dealer writes the rule of their round.
    rule_text = models.TextField(_("rule"), blank=True)
    config = models.JSONField(_("game settings"), default=dict)
    table_size = models.PositiveSmallIntegerField(_("players per table"), default=4)
    # How many rounds a game lasts at each table. 0: when the students deal, until each has
    # dealt once (both Express sources); when the app deals, as many as the teacher deals.
    game_rounds = models.PositiveSmallIntegerField(_("rounds in the game"), default=0)
    hypothesis_policy = models.CharField(
        _("hypothesis"),
        max_length=10,
        choices=HypothesisPolicy,
        default=HypothesisPolicy.EVERY_PLAY,
    )
    hypothesis_every = models.PositiveSmallIntegerField(_("every how many plays"), default=3)
    prediction_required = models.BooleanField(_("ask for a prediction"), default=True)
    mode = models.CharField(_("mode"), max_length=10, choices=Mode, default=Mode.LIVE)
    due_at = models.DateTimeField(_("due"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("assignment")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(table_size__gte=1, table_size__lte=8),
                name="classroom_assignment_table_size_range",
            ),
            models.CheckConstraint(
                condition=Q(hypothesis_every__gte=1), name="classroom_assignment_every_positive"
            ),
            models.CheckConstraint(
                condition=~Q(rule_text="") | Q(rule_source="students"),
                name="classroom_assignment_rule_not_blank",
            ),
        ]

    def __str__(self) -> str:
        return self.title

    def hypothesis_required_at(self, play_number: int) -> bool:
        """Whether a student must log a hypothesis with their `play_number`-th play (from 1)."""
        if self.hypothesis_policy == self.HypothesisPolicy.EVERY_PLAY:
            return True
        if self.hypothesis_policy == self.HypothesisPolicy.EVERY_N:
            return play_number % self.hypothesis_every == 1 or self.hypothesis_every == 1
        return False


class GameSession(models.Model):
    """One class period of a live assignment, or one student's solo practice."""

    class Status(models.TextChoices):
        LOBBY = "lobby", _("Waiting in the lobby")
        RUNNING = "running", _("Playing")
        PAUSED = "paused", _("Paused")
        FINISHED = "finished", _("Finished")

    assignment = models.ForeignKey(
        Assignment, on_delete=models.CASCADE, related_name="sessions", verbose_name=_("assignment")
    )
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.LOBBY)
    # Bumped by every change a lobby or live view shows, so an idle poll compares one number.
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    ended_at = models.DateTimeField(_("ended"), null=True, blank=True)

    class Meta:
        verbose_name = _("session")
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.assignment} #{self.pk}"


class LobbyEntry(models.Model):
    """A student waiting to be seated, in order of arrival."""

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="lobby")
    student = models.ForeignKey(Student, on_delete=models.CASCADE, related_name="lobby_entries")
    arrived_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["arrived_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "student"], name="classroom_lobby_once_per_session"
            )
        ]

    def __str__(self) -> str:
        return f"{self.student} in {self.session}"


def lot_seed() -> int:
    """A fresh seed for a table's draw by lot (any integer PostgreSQL's bigint holds)."""
    return random.SystemRandom().randrange(2**53)


class Table(models.Model):
    session = models.ForeignKey(
        GameSession, on_delete=models.CASCADE, related_name="tables", verbose_name=_("session")
    )
    number = models.PositiveSmallIntegerField(_("table"))
    paused = models.BooleanField(_("paused"), default=False)
    # The teacher let the students deal from a round on (at a table whose assignment has the
    # app deal the teacher's rules): each student in turn writes the next rule.
    students_deal = models.BooleanField(_("students deal"), default=False)
    # The seed of the table's draw by lot: who deals first when the students deal in turn (the
    # Express student dealer, Delphi's rotating oracle). Stored when the table is made, so the
    # draw is the same at every read and replays from the data (`selectors.games.drawn_seat`).
    lot_seed = models.BigIntegerField(default=lot_seed)

    class Meta:
        verbose_name = _("table")
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "number"], name="classroom_table_number_unique"
            )
        ]

    def __str__(self) -> str:
        return str(_("Table %(number)s") % {"number": self.number})

    @property
    def dealt_by_students(self) -> bool:
        """Whether the students deal the next round here, each in turn writing the rule (the
        assignment says so, or the teacher chose it for this table)."""
        return self.students_deal or (
            self.session.assignment.rule_source == Assignment.RuleSource.STUDENTS
        )


class Seat(models.Model):
    """A place at a table: a student, or a bot (in demos and to fill a short table)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()  # the engine's player number
    student = models.ForeignKey(
        Student, on_delete=models.CASCADE, null=True, blank=True, related_name="seats"
    )
    bot = models.CharField(max_length=20, blank=True)
    # The student left the table (or the teacher removed them): no later round deals them in.
    # The seat stays, so the rounds they played keep their plays and hypotheses.
    left = models.BooleanField(default=False)

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "position"], name="classroom_seat_position_unique"
            ),
            models.UniqueConstraint(
                fields=["table", "student"],
                condition=Q(student__isnull=False),
                name="classroom_seat_student_once_per_table",
            ),
            models.CheckConstraint(
                condition=Q(student__isnull=False, bot="") | Q(student__isnull=True) & ~Q(bot=""),
                name="classroom_seat_student_or_bot",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table}, seat {self.position}: {self.name}"

    @property
    def name(self) -> str:
        if self.student_id:
            return self.student.nickname
        return str(_("Bot %(number)s") % {"number": self.position + 1})


class Round(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("Playing")
        OVER = "over", _("Over")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    variant = models.CharField(max_length=20)
    config = models.JSONField()
    seed = models.BigIntegerField()
    players = models.PositiveSmallIntegerField()
    # The seat of the student dealing this round, when the students deal in turn; None when the
    # app deals (and the teacher judges what the app cannot). The engine's players are the other
    # seats, from the dealer's left.
    dealer_position = models.PositiveSmallIntegerField(null=True, blank=True)
    # The secret rule. Only the teacher's pages, the dealer and the engine read it while the
    # round is on.
    rule_text = models.TextField()
    # The rule as the dealing student wrote it in words (the sources' way). When `rule_text` is
    # blank the dealer judges every card by hand; when both are given, the app checks the
    # dealer's verdicts against `rule_text` and warns them, privately, of a contradiction.
    rule_words = models.TextField(blank=True)
    # The seat positions of the engine's players 0, 1, ..., when they are not simply the seats
    # in order (a seat left the table before this round was dealt). Null: the usual numbering.
    positions = models.JSONField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.PLAYING)
    end_reason = models.CharField(max_length=100, blank=True)
    revealed = models.BooleanField(default=False)
    version = models.PositiveIntegerField(default=0)  # how many actions are in the log
    # The engine's state after `version` actions (`to_json`), packed: nothing queries inside it.
    snapshot = PackedJSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="classroom_round_unique")
        ]

    def __str__(self) -> str:
        return f"{self.table} round {self.number}"

    @property
    def rule_known(self) -> bool:
        """Whether the table knows this round's rule: it was revealed, or a player found it
        (the next round then takes a new rule)."""
        return self.revealed or self.end_reason == "guessed"

    @property
    def seat_count(self) -> int:
        return self.players + (0 if self.dealer_position is None else 1)

    def seated(self, position: int) -> bool:
        """Whether the seat at `position` is in this round, as a player or its dealer (a student
        seated after the deal joins at the next round; one who left is out of later rounds)."""
        if self.positions is not None:
            return position in self.positions or position == self.dealer_position
        return position < self.seat_count

    def player_of(self, position: int) -> int | None:
        """The engine's player number of the seat at `position` (None for the dealer's seat, or
        for a seat not in this round: ask `seated` first)."""
        if self.positions is not None:
            return self.positions.index(position) if position in self.positions else None
        if self.dealer_position is None:
            return position
        if position == self.dealer_position:
            return None
        return (position - self.dealer_position - 1) % self.seat_count

    def position_of(self, player: int) -> int:
        """The seat position of the engine's player `player`."""
        if self.positions is not None:
            return int(self.positions[player])
        if self.dealer_position is None:
            return player
        return (self.dealer_position + 1 + player) % self.seat_count


class Action(models.Model):
    """One action of a round, append-only. `seq` runs 1, 2, 3... with no gap."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.ForeignKey(
        Seat, on_delete=models.SET_NULL, null=True, blank=True, related_name="actions"
    )
    kind = models.CharField(max_length=20)
    payload = models.JSONField()  # the engine action as JSON
    events = models.JSONField(default=list)  # what it caused, for the live stream and the review
    # A client's key for this action, so that a double click or a retry is applied once.
    idempotency_key = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["round", "seq"], name="classroom_action_seq_unique"),
            models.UniqueConstraint(
                fields=["round", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="classroom_action_idempotency_key_unique",
            ),
            models.CheckConstraint(condition=Q(seq__gte=1), name="classroom_action_seq_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.round} #{self.seq} {self.kind}"


class Hypothesis(models.Model):
    """What a student believed the rule was when they made a play (or declared no play)."""

    action = models.OneToOneField(Action, on_delete=models.CASCADE, related_name="hypothesis")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="hypotheses")
    text = models.TextField(_("hypothesis"), blank=True)
    # The same idea in the rule language, when the student built it from sentence frames (or a
    # bot logged it): the review can then check it against the rule.
    checkable = models.TextField(blank=True)
    frame_id = models.CharField(max_length=40, blank=True)
    frame_choices = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("hypothesis")
        verbose_name_plural = _("hypotheses")
        ordering = ["action__round", "action__seq"]

    def __str__(self) -> str:
        return self.text or self.checkable
