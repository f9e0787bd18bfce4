"""Many simultaneous requests at one table never lose, duplicate or reorder an action.

Real threads, each with its own database connection, against PostgreSQL's row locks. SQLite
serialises whole-database writes and shares no in-memory test database across threads, so the
test runs where DATABASE_URL names PostgreSQL (as in CI) and says so otherwise.
"""

import threading
import time

import pytest
from django.db import connection, connections

from classroom.models import Action
from classroom.selectors.games import current_round
from classroom.selectors.rounds import replay_round
from classroom.services.rounds import engine_round, round_act
from eleusis.engine.variants import IllegalActionError, NoPlay, PassGuess, Play
from tests.factories import live_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


@pytest.fixture(autouse=True)
def _postgresql_only():
    if connection.vendor != "postgresql":
        pytest.skip("concurrency is tested on PostgreSQL: set DATABASE_URL=postgres://...")


def _run_together(count, work):
    barrier = threading.Barrier(count)
    outcomes = [None] * count

    def run(index):
        try:
            barrier.wait(timeout=10)
            outcomes[index] = work(index)
        except Exception as error:  # collected and checked by the test
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def test_simultaneous_plays_for_one_turn_make_exactly_one_action():
    table, seats = live_table(players=4)
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    turn = engine.state.turn
    hand = engine.state.hands[turn]

    outcomes = _run_together(
        8,
        lambda i: round_act(
            round_id=round_row.pk,
            action=Play(turn, hand[i % len(hand)]),
            seat=seats[turn],
            idempotency_key=f"click-{i}",
        ),
    )

    made = [o for o in outcomes if not isinstance(o, Exception)]
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert len(made) == 1
    assert all(isinstance(error, IllegalActionError) for error in refused), refused
    assert list(Action.objects.filter(round=round_row).values_list("seq", flat=True)) == [1]


def test_the_same_key_from_many_requests_is_one_action():
    table, seats = live_table(players=4)
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    turn = engine.state.turn
    action = Play(turn, engine.state.hands[turn][0])

    outcomes = _run_together(
        6,
        lambda i: round_act(
            round_id=round_row.pk, action=action, seat=seats[turn], idempotency_key="one-click"
        ),
    )

    assert not [o for o in outcomes if isinstance(o, Exception)]
    assert len({o.action.pk for o in outcomes}) == 1
    assert Action.objects.filter(round=round_row).count() == 1


TARGET = 12


def test_a_table_of_eager_players_keeps_a_gapless_ordered_log():
    """Every seat hammers the round at once, each playing whenever it thinks it is its turn."""
    table, seats = live_table(players=4)
    round_row = current_round(table=table)

    def player(index):
        made = 0
        # Until the round has moved on by TARGET actions (or ended): a count of tries alone let
        # the others give up while the seat whose turn it was waited for a core (CI, load 20).
        for attempt in range(5_000):
            fresh = current_round(table=table)
            engine = engine_round(fresh)
            state = engine.state
            if engine.is_over or fresh.version >= TARGET:
                break
            if state.deciding is not None:
                # After a right play its player guesses or passes before play goes on.
                if state.deciding != index:
                    time.sleep(0.002)  # not a timing: lets the seat that may act have the core
                    continue
                action = PassGuess(index)
            elif state.turn != index or not state.hands[index]:
                time.sleep(0.002)
                continue
            else:
                action = Play(index, state.hands[index][0]) if attempt % 5 else NoPlay(index)
            try:
                round_act(
                    round_id=round_row.pk,
                    action=action,
                    seat=seats[index],
                    idempotency_key=f"{index}-{attempt}",
                )
                made += 1
            except IllegalActionError:
                pass
        return made

    outcomes = _run_together(4, player)

    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    round_row.refresh_from_db()
    seqs = list(
        Action.objects.filter(round=round_row).order_by("seq").values_list("seq", flat=True)
    )
    assert seqs == list(range(1, round_row.version + 1))
    assert sum(outcomes) == round_row.version > 4
    assert replay_round(round_row).to_json() == engine_round(round_row).to_json()


def test_a_class_predicting_one_card_at_once_lands_every_token_none_as_stale():
    """Delphi on the one move path (issue 32): pages drawn at one version, sent at once. A
    classmate's token landing between a move's check and its write sends the move to the
    locked path, where the engine says it is not out of date (`moved_on_since`): every token
    lands once, the last one places the card."""
    from classroom.games import web_game
    from classroom.services.moves import MoveAsked, move_make
    from classroom.services.rounds import HypothesisInput

    table, _ = live_table(players=6, variant="delphi")
    seats = list(table.seats.select_related("student", "table__session__assignment"))
    round_row = current_round(table=table)
    card = engine_round(round_row).state.current
    game = web_game(table.session.assignment.variant)

    def token(index):
        asked = MoveAsked(
            op="predict",
            round_id=round_row.pk,
            version=round_row.version,
            key=f"page-{index}",
            data={"card": card, "value": True},
            hypothesis=HypothesisInput(),
            prediction=None,
        )
        return move_make(seat=seats[index], seats=seats, game=game, asked=asked)

    outcomes = _run_together(len(seats), token)

    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    assert Action.objects.filter(round=round_row, kind="predict").count() == len(seats)
    after = engine_round(current_round(table=table))
    assert after.state.history[-1].card == card and after.state.current != card
