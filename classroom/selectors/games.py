"""Reads for games: what a student's table page and the teacher's live view show.

A student's board is built from the engine's per-player view, which holds no other hand, no
stock order and no secret rule; the rule text is only read here for a round that is over and
revealed.

Why one long module: the student's board and the live view's table are one read model (the same
seats, names, layout and turn), shown to two audiences; splitting it would duplicate that model.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext as _

from classroom.games import express, web_game
from classroom.models import (
    Action,
    Assignment,
    Classroom,
    GameSession,
    Hypothesis,
    Round,
    Seat,
    Student,
    Table,
)
from classroom.selectors.rounds import engine_round
from eleusis.engine.cards import Card
from eleusis.engine.variants import DealerView, PlayerView
from eleusis.web.compiled import CompiledQuery

logger = logging.getLogger(__name__)

# An argument not given, a round not read yet (None has a meaning: there is no round).
UNREAD: Any = object()


@dataclass(frozen=True)
class SeatInfo:
    position: int
    name: str
    is_bot: bool
    hand_count: int
    score: int
    is_turn: bool
    is_dealer: bool = False
    in_round: bool = True  # False: seated after the deal, no hand and no score in this round


@dataclass(frozen=True)
class OwnVerdict:
    """A person's verdict (the dealer's, the teacher's) on a seat's own move: `what` was judged
    ("play", "no_play" or "guess"), whether it was right, and a key naming this verdict (the
    screen reader reads it once)."""

    what: str
    correct: bool
    key: str


@dataclass(frozen=True)
class GuessShown:
    """A guess as the table sees it: who made it, what they said, whether it was right."""

    name: str
    text: str
    correct: bool


@dataclass(frozen=True)
class NoPlayShown:
    """A "no play" as the table sees it: who declared it, the hand they showed, whether it was
    right, and the card the dealer took from it when it was not."""

    name: str
    hand: tuple[Any, ...]
    correct: bool
    taken: Any = None


@dataclass(frozen=True)
class DealerPending:
    """What waits for the dealing student's verdict: a starter card, a play, a "no play" (with
    the hand shown), or a free-text guess. `expected`: what the dealer's rule in the rule
    language says (True: right), None when there is none to check against; `legal` lists the
    cards of a "no play" hand that rule accepts."""

    what: str
    name: str
    card: Any = None
    hand: tuple[Any, ...] = ()
    text: str = ""
    expected: bool | None = None
    legal: tuple[Any, ...] = ()


def dealer_pending(
    round_row: Round, dealer: DealerView, seats: list[SeatInfo]
) -> DealerPending | None:
    """The dealer's pending judgement, with what their checkable rule says of it (the app
    warns them, privately, before a contradicting verdict is final)."""
    pending = dealer.pending
    if pending is None or dealer.over:
        return None
    names = {seat.position: seat.name for seat in seats}
    name = "" if pending.player is None else names.get(round_row.position_of(pending.player), "")
    hand: tuple[Card, ...] = ()
    if pending.what == "no_play" and pending.player is not None:
        hand = tuple(dealer.hands[pending.player])
    rule = None
    if round_row.rule_text.strip():
        from classroom.secret_rules import secret_rule

        rule = secret_rule(round_row.rule_text)
    history = tuple(dealer.history)
    expected: bool | None = None
    legal: tuple[Any, ...] = ()
    if rule is not None and pending.what == "starter" and pending.card is not None:
        expected = bool(rule.accepts((), pending.card))
    elif rule is not None and pending.what == "play" and pending.card is not None:
        expected = bool(rule.accepts(history, pending.card))
    elif rule is not None and pending.what == "no_play":
        legal = tuple(sorted({c for c in hand if rule.accepts(history, c)}, key=str))
        expected = not legal
    return DealerPending(
        pending.what, name, pending.card, hand, pending.text or "", expected, legal
    )


@dataclass(frozen=True)
class Board:
    """Everything a student's table page shows, for one seat."""

    table: Table
    seat: Seat
    round: Round | None
    view: PlayerView | None  # None for the student dealing this round
    seats: list[SeatInfo]
    plays_made: int
    revealed_rule: str | None
    player: int | None = None  # the engine's number for this seat in this round
    dealer: DealerView | None = None  # only for the student dealing this round
    must_write_rule: bool = False  # students deal in turn, and the next rule is this seat's
    joins_next_round: bool = False  # seated after this round was dealt: plays from the next
    # What a seat that joins at the next round watches of this one: the table as every player
    # sees it, without a hand (the engine's `spectator_view`), so a latecomer sees it as it is.
    watching: PlayerView | None = None
    verdict: DealerPending | None = None  # what waits for this seat's verdict (they deal)
    game: GameTotals | None = None  # the running totals of the table's game

    @property
    def my_turn(self) -> bool:
        return bool(
            self.view
            and not self.view.over
            and self.view.pending is None
            and self.view.deciding is None
            and self.view.turn == self.player
            and not self.table.paused
        )

    @property
    def hand_key(self) -> str:
        """What the hand panel shows but a move's message: the round, the cards, and whether
        they can be played, a guess made or passed. A poll draws the panel again only when
        this changed."""
        if self.view is None or self.round is None:
            return ""
        cards = "-".join(card.code for card in self.view.hand)
        flags = (("t", self.my_turn), ("d", self.must_decide), ("g", self.can_guess))
        return f"{self.round.pk}-{cards}-" + "".join(flag for flag, on in flags if on)

    @property
    def mode(self) -> str:
        """Which page this seat needs: `write` the next rule, `dealer` of a live round, `over`
        (the round this seat was in has ended: its result, no form to play), or `player`. A poll
        that finds the mode changed reloads the whole page."""
        if self.must_write_rule:
            return "write"
        if self.dealer is not None and not self.dealer.over:
            return "dealer"
        view = self.table_view
        if view is not None and view.over:
            return "over"
        return "player"

    @property
    def round_scores(self) -> list[SeatInfo]:
        """The seats of the round, best score first (for the end of a round)."""
        return sorted(
            (info for info in self.seats if info.in_round), key=lambda i: (-i.score, i.position)
        )

    @property
    def round_winners(self) -> list[SeatInfo]:
        """Who scored best in the round (several when tied); empty while it is played."""
        scores = self.round_scores
        if self.mode != "over" or not scores:
            return []
        return [info for info in scores if info.score == scores[0].score]

    @property
    def table_view(self) -> PlayerView | DealerView | None:
        """What the table shows this seat: the player's view, the dealing student's, or what a
        latecomer watches."""
        return self.view or self.dealer or self.watching

    @property
    def pending_guess(self) -> Any:
        """A free-text guess waiting for this seat's verdict (when this student deals)."""
        pending = self.dealer.pending if self.dealer else None
        return pending if pending is not None and pending.what == "guess" else None

    @property
    def guesses(self) -> list[GuessShown]:
        """Every guess of the round, oldest first, with the guesser's name (the page says a
        guess in the rule language in words: students never see rule code)."""
        view = self.table_view
        if view is None or self.round is None:
            return []
        return [
            GuessShown(self.player_name(guess.player), guess.text, guess.correct)
            for guess in view.guesses
        ]

    @property
    def no_plays(self) -> list[NoPlayShown]:
        """Every "no play" of the round, newest first, with the hand shown to the table and the
        dealer's correction: the sources have the hand shown, and it is evidence for all."""
        view = self.table_view
        if view is None or self.round is None:
            return []
        names = {seat.position: seat.name for seat in self.seats}
        shown: list[NoPlayShown] = []
        for entry in view.table:
            if entry.kind == "no_play" and entry.player is not None:
                name = names.get(self.round.position_of(entry.player), "")
                shown.append(NoPlayShown(name, tuple(entry.cards), entry.accepted))
            elif entry.kind == "correction" and shown and entry.cards:
                last = shown[-1]
                shown[-1] = NoPlayShown(last.name, last.hand, last.correct, entry.cards[0])
        return shown[::-1]

    @property
    def can_guess(self) -> bool:
        return bool(self.view and self.view.can_guess and not self.table.paused)

    @property
    def must_decide(self) -> bool:
        """The Thai way: this player's play was right; they guess or pass before play goes on."""
        return bool(
            self.view
            and not self.view.over
            and self.view.pending is None
            and self.view.deciding is not None
            and self.view.deciding == self.player
            and not self.table.paused
        )

    @property
    def decider_name(self) -> str:
        """Who decides whether to guess, when the table waits for them (the Thai way)."""
        view = self.table_view
        if view is None or view.over or view.deciding is None:
            return ""
        return self.turn_name

    def player_name(self, player: int) -> str:
        """The nickname of the engine's player number `player` in this round."""
        if self.round is None:
            return ""
        position = self.round.position_of(player)
        return next((seat.name for seat in self.seats if seat.position == position), "")

    @property
    def turn_name(self) -> str:
        if not self.table_view:
            return ""
        return next((s.name for s in self.seats if s.is_turn), "")


def student_open_sessions(*, student: Student) -> QuerySet[GameSession]:
    """Live sessions of the student's class that are open to join or under way."""
    return (
        GameSession.objects.filter(
            assignment__classroom_id=student.classroom_id,
            assignment__mode=Assignment.Mode.LIVE,
        )
        .exclude(status=GameSession.Status.FINISHED)
        .select_related("assignment")
    )


def student_solo_assignments(*, student: Student) -> QuerySet[Assignment]:
    return Assignment.objects.filter(classroom_id=student.classroom_id, mode=Assignment.Mode.SOLO)


def student_tables(*, student: Student, session: GameSession | None = None) -> QuerySet[Table]:
    tables = Table.objects.filter(seats__student=student).select_related("session__assignment")
    if session is not None:
        tables = tables.filter(session=session)
    return tables.order_by("-session__created_at", "-pk")


# Read by every poll that finds a change and every play: their SQL is compiled once.
_current_round = CompiledQuery(
    lambda table_id: Round.objects.filter(table_id=table_id).order_by("-number")[:1]
)
_current_round_with_key = CompiledQuery(
    lambda table_id, key: (
        Round.objects.filter(table_id=table_id)
        .annotate(key_used=Exists(Action.objects.filter(round=OuterRef("pk"), idempotency_key=key)))
        .order_by("-number")[:1]
    )
)


def _of_table(found: list[Round], table: Table) -> Round | None:
    if not found:
        return None
    round_row = found[0]
    round_row.table = table  # as `table.rounds` gives it
    return round_row


def current_round(*, table: Table) -> Round | None:
    return _of_table(_current_round(table.pk), table)


def current_round_of(table_id: int) -> Round | None:
    """The table's current round, without its table (the caller sets `round_row.table`)."""
    found = _current_round(table_id)
    return found[0] if found else None


def current_round_with_key(*, table: Table, key: str) -> Round | None:
    """The current round, with `key_used`: whether an action of it carries this (scoped)
    idempotency key already. One query for both."""
    if not key:
        round_row = current_round(table=table)
        if round_row is not None:
            round_row.key_used = False
        return round_row
    return _of_table(_current_round_with_key(table.pk, key), table)


def _seat_infos(
    seats: list[Seat], round_row: Round | None, view: PlayerView | DealerView | None
) -> list[SeatInfo]:
    infos = []
    for seat in seats:
        if round_row is not None and not round_row.seated(seat.position):
            # Seated after the deal: no hand, no score in this round; plays from the next.
            infos.append(
                SeatInfo(seat.position, seat.name, bool(seat.bot), 0, 0, False, in_round=False)
            )
            continue
        player = round_row.player_of(seat.position) if round_row else seat.position
        hand_count, score, is_turn = 0, 0, False
        if view is not None and player is None:
            score = view.scores.dealer
        elif view is not None and player is not None:
            # Delphi's views have no hands and no turn: the whole class predicts at once.
            counts = (
                view.hand_counts
                if isinstance(view, PlayerView)
                else tuple(len(hand) for hand in getattr(view, "hands", ()))
            )
            hand_count = counts[player] if player < len(counts) else 0
            score = view.scores.players[player]
            is_turn = getattr(view, "turn", None) == player and not view.over
        infos.append(
            SeatInfo(
                seat.position,
                seat.name,
                bool(seat.bot),
                hand_count,
                score,
                is_turn,
                is_dealer=player is None,
            )
        )
    return infos


@dataclass(frozen=True)
class SeatTotal:
    """One seat's scores in a game: per round (None where they did not sit) and the total."""

    position: int
    name: str
    scores: list[int | None]
    total: int
    winner: bool = False
    left: bool = False  # left the table or was removed: cannot win the game


@dataclass(frozen=True)
class GameTotals:
    """A table's game: the rounds played, how many it lasts (None: as many as the teacher
    deals), whether it is over, and the running totals, best first."""

    rounds_played: int
    target: int | None
    over: bool
    rows: list[SeatTotal]

    @property
    def winners(self) -> list[SeatTotal]:
        return [row for row in self.rows if row.winner]


def game_target(*, table: Table, seats: list[Seat] | None = None) -> int | None:
    """How many rounds the game at `table` lasts: the teacher's number, else, when the
    students deal (by the assignment), one round for each to deal (the Express sources): each
    student still at the table, and each who left after dealing; or one round for each player
    in a game whose source scores it so (its record's `round_per_player`); else open-ended."""
    assignment = table.session.assignment
    if assignment.game_rounds:
        return int(assignment.game_rounds)
    if seats is None:
        seats = list(table.seats.all())
    if assignment.rule_source == Assignment.RuleSource.STUDENTS:
        dealt = set(
            table.rounds.exclude(dealer_position=None).values_list("dealer_position", flat=True)
        )
        return sum(1 for seat in seats if not seat.left or seat.position in dealt)
    if web_game(assignment.variant).round_per_player:
        return len(seats)
    return None


def game_over(*, table: Table) -> bool:
    """Whether every round of the table's game has been played."""
    target = game_target(table=table)
    played = table.rounds.filter(status=Round.Status.OVER).count()
    return target is not None and played >= target


# A finished round as the game's totals need it: its seating and its scores (dealer, players).
_FinishedRound = tuple[dict[str, Any], int, tuple[int, ...]]
# The finished rounds of a table never change; which rounds are finished changes only with the
# current round (a round is dealt once the last one is over), so the current round's id and
# status name them in the cache. The entries are small; an hour covers a lesson.
FINISHED_ROUNDS_SECONDS = 3600


def _finished_rounds(table: Table, current: Any) -> list[_FinishedRound]:
    """The table's finished rounds, oldest first: read (and their scores decoded) once per
    current round and status, then from the cache. `current`: the table's current round (None:
    no round yet), or UNREAD to read without the cache."""

    def read() -> list[_FinishedRound]:
        rounds = table.rounds.filter(status=Round.Status.OVER).order_by("number")
        finished = []
        for round_row in rounds:
            scores = engine_round(round_row).scores()
            seating = {
                "players": round_row.players,
                "dealer_position": round_row.dealer_position,
                "positions": round_row.positions,
            }
            finished.append((seating, scores.dealer, tuple(scores.players)))
        return finished

    if current is UNREAD:
        return read()
    if current is None:
        return []
    if current.number == 1 and current.status != Round.Status.OVER:
        return []  # rounds are numbered from 1: none has finished yet (no cache round trip)
    key = f"game:finished:{table.pk}:{current.pk}:{current.status}"
    finished = cache.get(key)
    if finished is None:
        finished = read()
        cache.set(key, finished, FINISHED_ROUNDS_SECONDS)
    return finished


def seat_score(
    round_row: Round, position: int, dealer_score: int, player_scores: Sequence[int]
) -> int | None:
    """The score of the seat at `position` in a finished round, from the round's scores (the
    dealer's and each engine player's); None when the seat was not in the round."""
    player = round_row.player_of(position)
    if not round_row.seated(position):
        return None
    if player is None:
        return dealer_score
    if player < len(player_scores) and position < round_row.seat_count:
        return player_scores[player]
    return None


def game_totals(*, table: Table, seats: list[Seat], current: Any = UNREAD) -> GameTotals:
    """The scores of every finished round at the table, per seat (the dealer's included), and
    the totals that decide the winner. `current`: the table's current round when the caller
    holds it (None: there is none); the finished rounds then come from the cache."""
    rounds = _finished_rounds(table, current)
    per_seat: dict[int, list[int | None]] = {seat.position: [] for seat in seats}
    for seating, dealer_score, player_scores in rounds:
        round_row = Round(**seating)
        for seat in seats:
            per_seat[seat.position].append(
                seat_score(round_row, seat.position, dealer_score, player_scores)
            )
    target = game_target(table=table, seats=seats)
    finished = table.session.status == GameSession.Status.FINISHED
    over = bool(rounds) and ((target is not None and len(rounds) >= target) or finished)
    totals = {position: sum(s or 0 for s in scores) for position, scores in per_seat.items()}
    # A student who left (or was removed) keeps the scores of the rounds they played but cannot
    # win the game: the winner is the best of those still at the table (issue 33).
    best = max((totals[seat.position] for seat in seats if not seat.left), default=None)
    rows = [
        SeatTotal(
            seat.position,
            seat.name,
            per_seat[seat.position],
            totals[seat.position],
            winner=over and not seat.left and totals[seat.position] == best,
            left=seat.left,
        )
        for seat in seats
    ]
    rows.sort(key=lambda row: (-row.total, row.position))
    return GameTotals(len(rounds), target, over, rows)


def next_dealer_position(*, table: Table, seats: list[Seat] | None = None) -> int | None:
    """When students deal in turn: the seat that deals the next round, the one after the last
    round's dealer, the first drawn by lot (`drawn_seat`); a student who left the table is
    skipped. None: nobody is left to deal."""
    if seats is None:
        seats = list(table.seats.all())
    staying = sorted(seat.position for seat in seats if not seat.left)
    if not staying:
        return None
    last_round = table.rounds.exclude(dealer_position=None).order_by("-number").first()
    if last_round is None:
        drawn = drawn_seat(table=table, seats=seats)
        return next((position for position in staying if position >= drawn), staying[0])
    winner = _round_winner(last_round)
    if winner is not None and winner in staying:
        return winner
    last = last_round.dealer_position
    return next((position for position in staying if position > last), staying[0])


def drawn_seat(*, table: Table, seats: Sequence[Seat]) -> int:
    """The seat drawn by lot to deal first (the sources draw who starts, not seat 0): one of the
    table's seats, drawn with the table's stored seed (`Table.lot_seed`), so every read draws
    the same seat and the draw replays from the data. A seat that left keeps its place in the
    draw (the deal then passes to the next seat staying), so one student leaving does not move
    the lot; a seat added before the first deal takes part in it. The first round stores the
    outcome as its `dealer_position`, and the turns go round from there."""
    positions = sorted(seat.position for seat in seats)
    return random.Random(table.lot_seed).choice(positions)


def _round_winner(round_row: Round) -> int | None:
    """With the Thai "dealer assignment" (config `dealer_assignment="winner"`): the seat that
    deals after `round_row`: whoever guessed the rule or emptied their hand, else the best score
    of the round (the earliest seat among equals; the dealer scores apart). None otherwise."""
    if round_row.config.get("dealer_assignment") != "winner":
        return None
    if round_row.status != Round.Status.OVER:
        return None
    engine = engine_round(round_row)
    state = engine.state
    player = getattr(state, "guessed_by", None)
    if player is None:
        player = getattr(state, "emptied_by", None)
    if player is None:
        scores = list(engine.scores().players)
        if not scores:
            return None
        player = scores.index(max(scores))
    return round_row.position_of(player)


def next_dealer_name(*, table: Table) -> str:
    """The name of the student who deals the next round (empty when nobody is left to)."""
    seats = list(table.seats.select_related("student"))
    position = next_dealer_position(table=table, seats=seats)
    return next((seat.name for seat in seats if seat.position == position), "")


def student_board(
    *,
    table: Table,
    seat: Seat,
    round_row: Round | None = UNREAD,
    engine: Any = None,
    seats: list[Seat] | None = None,
) -> Board:
    """What `seat` sees. A caller that already holds the current round (and its decoded engine,
    or the seats) passes them, and they are not read again: a play reads and decodes the round
    once for its checks, its move and the page it answers."""
    if seats is None:
        seats = list(table.seats.select_related("student").order_by("position"))
    if round_row is UNREAD:
        round_row = current_round(table=table)
    view = dealer = watching = None
    player: int | None = seat.position
    joins_next_round = False
    plays_made = 0
    revealed = None
    if round_row is not None:
        if engine is None:
            engine = engine_round(round_row)
        joins_next_round = not round_row.seated(seat.position)
        player = None if joins_next_round else round_row.player_of(seat.position)
        view, dealer, watching = _seen_by(engine, player, joins_next_round)
        plays_made = _plays_made(round_row, engine, seat, player)
        if round_row.revealed:
            revealed = "\n".join(t for t in (round_row.rule_words, round_row.rule_text) if t)
    game = game_totals(table=table, seats=seats, current=round_row)
    must_write_rule = not game.over and _writes_next_rule(table, seat, seats, round_row)
    infos = _seat_infos(seats, round_row, view or dealer or watching)
    verdict = None
    if round_row is not None and dealer is not None:
        verdict = dealer_pending(round_row, dealer, infos)
    return Board(
        table=table,
        seat=seat,
        round=round_row,
        view=view,
        verdict=verdict,
        game=game,
        seats=infos,
        plays_made=plays_made,
        revealed_rule=revealed,
        player=player,
        dealer=dealer,
        must_write_rule=must_write_rule,
        joins_next_round=joins_next_round,
        watching=watching,
    )


def _seen_by(engine: Any, player: int | None, joins_next_round: bool) -> tuple[Any, Any, Any]:
    """(the player's view, the dealer's view, the spectator's view): the one this seat has."""
    if joins_next_round:
        # Neither a player's view nor the dealer's: nothing of the round is theirs, but they
        # watch it (its layout, counts, scores and hints) until they play.
        return None, None, getattr(engine, "spectator_view", lambda: None)()
    if player is None:
        return None, engine.dealer_view(), None
    return engine.view(player), None, None


def _writes_next_rule(table: Table, seat: Seat, seats: list[Seat], round_row: Round | None) -> bool:
    """Whether this seat must write the rule of the next round: students deal at this table,
    the session is running, no round is being played, and they are the next dealer."""
    return (
        table.session.status == GameSession.Status.RUNNING
        and table.dealt_by_students
        and (round_row is None or round_row.status == Round.Status.OVER)
        and next_dealer_position(table=table, seats=seats) == seat.position
    )


def _plays_made(round_row: Round, engine: Any, seat: Seat, player: int | None) -> int:
    """How many plays (or declared no-plays) this seat made in the round: counted in the
    engine's own log of actions, which is the round's log, without a query."""
    if player is None or engine.action_count != round_row.version:
        return Action.objects.filter(
            round=round_row, seat=seat, kind__in=("play", "no_play")
        ).count()
    return engine.count_actions(("play", "no_play"), player)


@dataclass(frozen=True)
class TableSummary:
    """One table on the teacher's live view (the dealer's view: the teacher may see all)."""

    table: Table
    round: Round | None
    view: DealerView | None
    seats: list[SeatInfo]
    game: GameTotals | None = None
    broken: bool = False  # the table could not be read: shown as such, the others as usual

    @property
    def pending_guess(self) -> Any:
        pending = self.view.pending if self.view else None
        return pending if pending is not None and pending.what == "guess" else None

    @property
    def next_dealer(self) -> str:
        """When the students deal: who writes the next rule (empty otherwise)."""
        if self.broken or not self.table.dealt_by_students:
            return ""
        return next_dealer_name(table=self.table)


def session_tables(*, session: GameSession) -> list[TableSummary]:
    """Every table of the session for the teacher's pages. A table that cannot be read (a log the
    engine cannot replay, a seat the round does not know) is logged and shown as broken: one
    table never takes the whole live view down."""
    summaries = []
    for table in session.tables.prefetch_related("seats__student").order_by("number"):
        seats = sorted(table.seats.all(), key=lambda seat: seat.position)
        round_row = current_round(table=table)
        try:
            view = engine_round(round_row).dealer_view() if round_row else None
            summary = TableSummary(
                table,
                round_row,
                view,
                _seat_infos(seats, round_row, view),
                game_totals(table=table, seats=seats, current=round_row),
            )
        except Exception:  # any fault of one table's data: the others are still shown
            logger.exception("table %s cannot be shown", table.pk)
            summary = TableSummary(table, round_row, None, [], None, broken=True)
        summaries.append(summary)
    return summaries


def hint_refusal(round_row: Round | None) -> str:
    """Why an unprompted hint cannot be given now, in words (empty when it can): with the Thai
    variant chosen, only when every player has had the same number of turns."""
    if round_row is None or round_row.variant != express.GAME.id:
        return ""
    view = engine_round(round_row).dealer_view()
    if view.over:
        return _("The round is over.")
    if not round_row.config.get("hints_after_equal_turns") or view.hint_requests:
        return ""
    if len(set(view.turns_taken)) <= 1:
        return ""
    return _(
        "This game gives a hint only when every player has had the same number of turns (a "
        "setting of the assignment): wait until play comes round to the first player again."
    )


def session_hypotheses(*, session: GameSession, limit: int = 50) -> QuerySet[Hypothesis]:
    """The newest hypotheses logged in the session, newest first."""
    return (
        Hypothesis.objects.filter(action__round__table__session=session)
        .select_related("seat__student", "action__round__table")
        .order_by("-created_at", "-pk")[:limit]
    )


def classroom_assignments(*, classroom: Classroom) -> QuerySet[Assignment]:
    return classroom.assignments.prefetch_related("sessions")


def own_verdict(board: Board) -> OwnVerdict | None:
    """The verdict a person gave on this seat's own move after the move's answer (which said
    only that it went to be judged), while the seat has not moved since: a card or "no play"
    the student dealer judged is still the table's last, or their guess in words is the
    round's last guess and nothing of theirs came after its verdict."""
    view, round_row = board.view, board.round
    if view is None or round_row is None or board.player is None:
        return None
    if view.over or view.pending is not None:
        return None
    entries = [entry for entry in view.table if entry.kind != "correction"]
    last = entries[-1] if entries else None
    by_hand = round_row.config.get("dealer") == "person"
    if by_hand and last and last.player == board.player and last.kind in ("play", "no_play"):
        return OwnVerdict(last.kind, last.accepted, f"verdict-{round_row.pk}-{len(entries)}")
    guess = view.guesses[-1] if view.guesses else None
    if guess is None or guess.player != board.player or guess.checkable:
        return None
    since = (
        Action.objects.filter(round=round_row)
        .filter(Q(kind="verdict") | Q(seat=board.seat))
        .order_by("-seq")
        .values_list("kind", flat=True)
        .first()
    )
    if since != "verdict":
        return None
    return OwnVerdict("guess", guess.correct, f"verdict-{round_row.pk}-g{len(view.guesses)}")
