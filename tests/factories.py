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


def student_client(student, **client_options):
    """A test client signed in as `student` (as the picture password leaves it); the options
    are the `Client`'s (`HTTP_ACCEPT_LANGUAGE="es"`)."""
    from django.test import Client

    from classroom.access import STUDENT_SESSION_KEY

    client = Client(**client_options)
    session = client.session
    session[STUDENT_SESSION_KEY] = student.pk
    session.save()
    return client


# Games --------------------------------------------------------------------------------------

ALTERNATE_COLORS = "color != last.color"


def live_table(
    *,
    players: int = 4,
    rule_text: str = ALTERNATE_COLORS,
    seed: int = 7,
    title: str = "Mystery rule 1",
    table_size: int | None = None,
    **options,
):
    """A started live session with one table of `players` students (`table_size`: at least 3,
    the players by default; `options`: the assignment's); returns (table, seats)."""
    from classroom.services.games import assignment_create

    assignment = assignment_create(
        classroom=ClassroomFactory(),
        title=title,
        rule_text=rule_text,
        table_size=table_size or max(players, 3),
        **options,
    )
    return seated_session(assignment, players=players, seed=seed)


def started_session(assignment, *, students, seed: int):
    """A live session of `assignment` opened, `students` (how many new students of its class, or
    their nicknames) in its lobby, seated by arrival and started. Returns (session, tables)."""
    from classroom.services.games import session_seat, session_start

    session = lobby_session(assignment, students=students)
    tables = session_seat(session=session, method="arrival")
    session_start(session=session, seed=seed)
    return session, tables


def lobby_session(assignment, *, students):
    """A session of `assignment` opened with `students` in its lobby: how many new students of
    its class, their nicknames, or Student rows. Returns the session."""
    from classroom.services.games import lobby_join, session_open

    session = session_open(assignment=assignment)
    entries = [None] * students if isinstance(students, int) else list(students)
    for entry in entries:
        if entry is None or isinstance(entry, str):
            named = {} if entry is None else {"nickname": entry}
            entry = StudentFactory(classroom=assignment.classroom, **named)
        lobby_join(session=session, student=entry)
    return session


def seated_session(assignment, *, players: int, seed: int):
    """`started_session` with `players` new students at one table; returns (table, seats) as
    `live_table` does."""
    _, (table,) = started_session(assignment, students=players, seed=seed)
    return table, list(table.seats.select_related("student").order_by("position"))


def deal_order(table, seats):
    """`seats` turned so that the first is the seat that deals next and the others follow in
    the order the deal goes round. The first dealer is drawn by lot (`Table.lot_seed`): a test
    asks the app who deals, never assumes seat 0."""
    from classroom.selectors.games import next_dealer_position

    first = next_dealer_position(table=table)
    start = next(index for index, seat in enumerate(seats) if seat.position == first)
    return seats[start:] + seats[:start]


def bot_table(
    *,
    variant: str,
    rule_text: str,
    bots: int,
    classroom=None,
    title: str = "Bots",
    seed: int = 4,
    student=None,
):
    """A started session of `variant` with one student (seat 0; `student`, or a new one) and
    `bots` scientist bots in the seats after them, the bots having played up to the student's
    turn (`record_bots_play`). Returns (session, table, round_row)."""
    from classroom.selectors.games import current_round
    from classroom.services.games import assignment_create, session_seat, session_start
    from classroom.tasks import record_bots_play

    classroom = classroom or ClassroomFactory()
    assignment = assignment_create(
        classroom=classroom, title=title, rule_text=rule_text, variant=variant, config={}
    )
    session = lobby_session(assignment, students=[student or StudentFactory(classroom=classroom)])
    (table,) = session_seat(session=session, method="arrival")
    for position in range(1, bots + 1):
        table.seats.create(position=position, bot="scientist")
    session_start(session=session, seed=seed)
    round_row = current_round(table=table)
    record_bots_play(round_row.pk)
    return session, table, round_row


def student_to_move(table, seats, **client_options):
    """The table's current round, whose turn it is, every hand, and the client of the student
    to move (`student_client`); `seats` as `live_table` returns them."""
    from classroom.selectors.games import current_round
    from classroom.selectors.rounds import engine_round

    round_row = current_round(table=table)
    state = engine_round(round_row).state
    return (
        round_row,
        state.turn,
        state.hands,
        student_client(seats[state.turn].student, **client_options),
    )


def play_form(round_row, card, **fields):
    """The form of a play of `card` at the table's move view; the hypothesis, the prediction
    and the rest are the caller's `fields`."""
    return {
        "op": "play",
        "round": round_row.pk,
        "seq": round_row.version,
        "card": card.code,
        **fields,
    }


def alternating_card(engine, player, *, right=True):
    """A card of `player`'s hand that "red and black take turns" (the library's
    th-alternate-colors, the rule most tests deal) accepts after the last mainline card; with
    `right=False`, one it refuses."""
    last = [attempt.card for attempt in engine.state.history if attempt.accepted][-1]
    return next(c for c in engine.state.hands[player] if (c.is_red != last.is_red) == right)


def alternating_turn(round_row):
    """Whose turn it is at `round_row`, and a card of theirs that alternate colors accepts."""
    from classroom.selectors.rounds import engine_round

    engine = engine_round(round_row)
    turn = engine.state.turn
    return turn, alternating_card(engine, turn)


def alternating_play(table, seats_by_position):
    """One right play under alternate colors by whoever's turn it is at `table`, through
    `round_act`; returns the seat that played and its card."""
    from classroom.selectors.games import current_round
    from classroom.services.rounds import round_act
    from eleusis.engine.variants import Play

    round_row = current_round(table=table)
    turn, card = alternating_turn(round_row)
    seat = seats_by_position[round_row.position_of(turn)]
    round_act(round_id=round_row.pk, action=Play(turn, card), seat=seat)
    return seat, card


def minds_move(table, record, minds, *, unless=None):
    """The next move of the students' minds (the game's bots, `record.seat(...)`) at `table`,
    made through the same service as the pages; returns it, or None when the round is over.
    `unless(round_row, action)` true: the move is returned unmade."""
    from classroom.selectors.games import current_round
    from classroom.selectors.rounds import engine_round
    from classroom.services.rounds import round_act

    round_row = current_round(table=table)
    round_ = engine_round(round_row)
    if round_.is_over:
        return None
    action = record.next_action(round_, minds)
    if unless is not None and unless(round_row, action):
        return action
    actor = getattr(action, "player", None)
    if actor is None or action.kind == "prophet_judgement":
        actor = round_.state.prophet
    seat = table.seats.get(position=round_row.position_of(actor))
    round_act(round_id=round_row.pk, action=action, seat=seat)
    return action


def sentence_play(table, seats, **client_options):
    """The student to move (`student_to_move`, with `client_options`) plays their first card
    with the sentence "a different color from the last card" and the prediction "unsure", as
    htmx; returns the hypothesis stored with the play."""
    from django.urls import reverse

    from classroom.models import Action

    round_row, turn, hands, client = student_to_move(table, seats, **client_options)
    client.post(
        reverse("classroom:table_move", args=[table.pk]),
        play_form(
            round_row, hands[turn][0], prediction="unsure", frame="different", slot_property="color"
        ),
        HTTP_HX_REQUEST="true",
    )
    return Action.objects.get(round=round_row, seq=1).hypothesis


def logged_plays(
    round_row, seats, *, plays: int, hypothesis, card=None, prediction=None, after=None
):
    """`plays` plays at the round through `round_act`, each by the player whose turn it is:
    their card number `card(move)` (the first by default) with `hypothesis(player, move)` (a
    `HypothesisInput`) and the prediction `prediction(player)` (accepted by default); then
    `after(player)`, when given, once each play is stored."""
    from classroom.selectors.rounds import engine_round
    from classroom.services.rounds import round_act
    from eleusis.engine.variants import Play

    for move in range(plays):
        state = engine_round(round_row).state
        player = state.turn
        logged = hypothesis(player, move)
        chosen = state.hands[player][card(move) if card else 0]
        predicted = prediction(player) if prediction else True
        round_act(
            round_id=round_row.pk,
            action=Play(player, chosen, hypothesis=logged.summary, prediction=predicted),
            seat=seats[player],
            hypothesis=logged,
            schedule=False,
        )
        round_row.refresh_from_db()
        if after:
            after(player)


def played_to_the_end(table, seats, *, plays: int, hypothesis, prediction=None):
    """The table's round: `plays` logged plays (`logged_plays`, every play's card the player's
    first), then the teacher ends it (`round_over`). Returns the round."""
    round_row = table.rounds.get()
    logged_plays(round_row, seats, plays=plays, hypothesis=hypothesis, prediction=prediction)
    round_over(round_row)
    return round_row


def free_text_first(free: str, *, words: str, checkable: str = "color != last.color"):
    """A `hypothesis` for `logged_plays`: player 0 logs the free text `free`, the others
    `words` with the checkable `checkable`."""
    from classroom.services.rounds import HypothesisInput

    return lambda player, _move: (
        HypothesisInput(text=free)
        if player == 0
        else HypothesisInput(text=words, checkable=checkable)
    )


def round_over(round_row) -> None:
    """The dealer ends the round ("time is up"); `round_row` is read again, and is over."""
    from classroom.models import Round
    from classroom.services.rounds import round_act
    from eleusis.engine.variants import End

    round_act(round_id=round_row.pk, action=End("time is up"))
    round_row.refresh_from_db()
    assert round_row.status == Round.Status.OVER


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
    from classroom.services.games import assignment_create, table_next_round
    from classroom.services.review import round_insight_compute
    from eleusis.engine.simulate import play_round, seat_bots
    from eleusis.engine.variants import End, NoPlay, Play

    classroom = ClassroomFactory()
    assignment = assignment_create(
        classroom=classroom, title="A class", rule_text=rule_text, table_size=table_size
    )
    nicknames = [f"Kid{number + 1}" for number in range(students)]
    session, tables = started_session(assignment, students=nicknames, seed=seed)
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


# A class session played through the engine and the services (the review's tests) -----------

# The class's rule, and three ideas students hold about it, each written two ways so the review
# must group them by meaning: one too broad, one too narrow (the Wason trap: its holders only
# play cards it accepts), and the rule itself written another way.
CLASS_RULE = ALTERNATE_COLORS
TOO_BROAD = (
    ("The next card must have a different suit from the last card", "suit != last.suit"),
    ("suit != last.suit", "suit != last.suit"),
)
TOO_NARROW = (
    (
        "If the last card is red, play a spade card, otherwise a heart card",
        "if last is red then spades else hearts",
    ),
    (
        "after red a spade, after black a heart",
        "if last.color == red then suit == spades else suit == hearts",
    ),
)
RULE_REWRITTEN = ("red and black swap every card", "color != last.color and suit != last.suit")
# Free text (nothing checkable): the same sentence with different case and punctuation.
WORDS = ("Red, then black, then red!", "red then black then red", "RED then Black then red.")
# The roles of the class, cycled over the seats in seating order: scripted students and bots
# of several strategies.
CLASS_ROLES = (
    "scientist",
    "broad",
    "falsifier",
    "words",
    "confirmation",
    "narrow",
    "random",
    "rule",
    "scientist",
    "broad",
    "words",
    "falsifier",
    "narrow",
    "confirmation",
    "words",
)


def _scripted_play(engine, player: int, role: str, number: int):
    """A scripted student's play: the idea they hold and a card it accepts (positive tests
    only), with the prediction their idea makes."""
    from classroom.secret_rules import secret_rule
    from classroom.services.rounds import HypothesisInput
    from eleusis.engine.variants import Play

    state = engine.state
    hand = sorted(state.hands[player], key=lambda card: card.code)
    if role == "words":
        words = WORDS[(player + number) % len(WORDS)]
        card = hand[(number * 7 + player) % len(hand)]
        hypothesis = HypothesisInput(text=words)
        prediction = card.color != state.history[-1].card.color if state.history else True
        return Play(player, card, hypothesis=words, prediction=prediction), hypothesis
    text, checkable = {
        "broad": TOO_BROAD,
        "narrow": TOO_NARROW,
        "rule": (RULE_REWRITTEN, RULE_REWRITTEN),
    }[role][(player + number) % 2]
    idea = secret_rule(checkable)
    history = list(state.history)
    accepted = [card for card in hand if idea.accepts(history, card)]
    card = accepted[0] if accepted else hand[0]
    hypothesis = HypothesisInput(text=text, checkable=checkable)
    prediction = bool(idea.accepts(history, card))
    return Play(player, card, hypothesis=hypothesis.summary, prediction=prediction), hypothesis


def play_round(round_row, seats, roles: dict[int, str], *, plays: int, seed: int) -> None:
    """Play a round through `round_act` until it ends or `plays` plays were made (then the
    teacher ends it): bots choose with their strategy, scripted students as `_scripted_play`."""
    from classroom.selectors.rounds import engine_round
    from classroom.services.rounds import round_act
    from classroom.tasks import bot_hypothesis
    from eleusis.engine.bots import BOTS, make_bot
    from eleusis.engine.variants import End

    by_player = {round_row.player_of(seat.position): seat for seat in seats}
    bots = {
        player: make_bot(roles[seat.position], player, f"{seed}:{seat.position}")
        for player, seat in by_player.items()
        if roles[seat.position] in BOTS
    }
    made = 0
    for _ in range(plays * 3):
        round_row.refresh_from_db()
        if round_row.status == round_row.Status.OVER:
            return
        engine = engine_round(round_row)
        state = engine.state
        action = hypothesis = None
        window = state.guess_window
        if window is not None and window in bots:
            action = bots[window].guess(engine.view(window))
            player = window
        if action is None:
            if made >= plays:
                break
            player = state.turn
            if player in bots:
                action = bots[player].act(engine.view(player))
                label = getattr(action, "hypothesis", None)
                hypothesis = bot_hypothesis(label) if label else None
            else:
                action, hypothesis = _scripted_play(
                    engine, player, roles[by_player[player].position], made
                )
            made += 1
        round_act(
            round_id=round_row.pk,
            action=action,
            seat=by_player[player],
            hypothesis=hypothesis,
            schedule=False,
        )
    round_row.refresh_from_db()
    if round_row.status != round_row.Status.OVER:
        round_act(round_id=round_row.pk, action=End("time is up"))


def class_session(
    *,
    students: int = 30,
    rounds: int = 1,
    plays: int = 24,
    seed: int = 11,
    roles: tuple[str, ...] = CLASS_ROLES,
    rule_text: str = CLASS_RULE,
):
    """A finished live session of `students` (nicknames Kid1, Kid2...) at tables of four, each
    table playing `rounds` rounds of up to `plays` plays through the engine and the services,
    every student played by a bot strategy or a scripted idea (`roles`, cycled in seating
    order). Returns (session, {seat pk: role})."""
    from classroom.services.games import assignment_create, session_finish, table_next_round

    classroom = ClassroomFactory()
    assignment = assignment_create(
        classroom=classroom, title="Alternate colors, week 3", rule_text=rule_text, table_size=4
    )
    nicknames = [f"Kid{number}" for number in range(1, students + 1)]
    session, tables = started_session(assignment, students=nicknames, seed=seed)
    role_of_seat = {}
    index = 0
    for table in tables:
        seats = list(table.seats.order_by("position"))
        table_roles = {}
        for seat in seats:
            table_roles[seat.position] = role_of_seat[seat.pk] = roles[index % len(roles)]
            index += 1
        for number in range(rounds):
            if number:
                table_next_round(table=table, seed=seed * 100 + table.number * 10 + number)
            round_row = table.rounds.order_by("-number").first()
            play_round(
                round_row, seats, table_roles, plays=plays, seed=seed + table.number + number
            )
    session_finish(session=session)
    return session, role_of_seat


def delphi_session(
    *,
    students: int = 12,
    cards: int = 20,
    seed: int = 5,
    strategies: tuple[str, ...] = ("scientist", "confirmation", "random"),
):
    """A finished Delphi session: `students` (Pia1, Pia2...) at one table predict `cards` cards
    through `delphi_predict`, each with a Delphi bot's strategy (cycled), then the teacher ends
    the round. Returns the session."""
    from classroom.selectors.rounds import engine_round
    from classroom.services.delphi import delphi_predict
    from classroom.services.games import assignment_create, session_finish
    from classroom.services.rounds import round_act
    from eleusis.engine.bots import DELPHI_BOTS
    from eleusis.engine.variants import End

    classroom = ClassroomFactory()
    assignment = assignment_create(
        classroom=classroom, title="Delphi, week 4", rule_text=CLASS_RULE, variant="delphi"
    )
    nicknames = [f"Pia{number}" for number in range(1, students + 1)]
    session, (table,) = started_session(assignment, students=nicknames, seed=seed)
    seats = list(table.seats.order_by("position"))
    bots = {
        seat.position: DELPHI_BOTS[strategies[seat.position % len(strategies)]](
            seat.position, f"{seed}:{seat.position}"
        )
        for seat in seats
    }
    round_row = table.rounds.get()
    for _ in range(cards):
        for seat in seats:
            round_row.refresh_from_db()
            engine = engine_round(round_row)
            current = engine.state.current
            if current is None:
                break
            token = bots[seat.position].predict(engine.view(seat.position))
            delphi_predict(
                round_id=round_row.pk,
                seat=seat,
                card=current,
                value=token.value,
                hypothesis=token.hypothesis or "",
            )
    round_row.refresh_from_db()
    if round_row.status != round_row.Status.OVER:
        round_act(round_id=round_row.pk, action=End("time is up"))
    session_finish(session=session)
    return session
