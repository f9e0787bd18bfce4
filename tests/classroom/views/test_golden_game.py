"""The game as the sources tell it (issue 19): the guess in the guesser's turn, a teacher who
skips a student who is away, hints whenever a table is stuck."""

import pytest
from django.test import Client
from django.urls import reverse

from classroom.selectors.games import current_round
from classroom.services.rounds import engine_round
from eleusis.engine.variants import IllegalActionError
from tests.factories import (
    StudentFactory,
    alternating_turn,
    deal_order,
    live_table,
    play_form,
    student_client,
)

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def _play(client, table, round_row, card, **extra):
    data = play_form(round_row, card, hypothesis="colors alternate", prediction="accepted")
    data.update(extra)
    return client.post(reverse("classroom:table_move", args=[table.pk]), data, **HTMX)


def _predict_it_fits(client, table, round_row, card, key):
    """A Delphi token: `card`, the card the oracle turned, fits the rule."""
    data = {
        "round": round_row.pk,
        "seq": round_row.version,
        "card": card.code,
        "value": "true",
        "key": key,
    }
    return client.post(reverse("classroom:table_predict", args=[table.pk]), data, **HTMX)


def _no_play(client, table, round_row):
    """The player to move says no card of their hand fits."""
    data = {
        "op": "no_play",
        "round": round_row.pk,
        "seq": round_row.version,
        "hypothesis": "h",
        "prediction": "accepted",
    }
    return client.post(reverse("classroom:table_move", args=[table.pk]), data, **HTMX)


def test_after_a_right_play_the_next_player_waits_until_the_player_guesses_or_passes():
    table, seats = live_table(players=3, config={"guess_turn": True})
    round_row = current_round(table=table)
    turn, card = alternating_turn(round_row)
    player = student_client(seats[turn].student)
    played = _play(player, table, round_row, card).content.decode()
    assert "Guess the rule now, or pass" in played
    assert 'name="op" value="pass"' in played

    nxt = (turn + 1) % 3
    other = student_client(seats[nxt].student)
    page = other.get(reverse("classroom:table", args=[table.pk])).content.decode()
    assert "may guess the rule, or pass" in page
    now = current_round(table=table)
    refused = _play(other, table, now, engine_round(now).state.hands[nxt][0]).content.decode()
    assert "may guess the rule first, or pass" in refused
    assert engine_round(current_round(table=table)).state.turn == turn

    passed = player.post(
        reverse("classroom:table_move", args=[table.pk]),
        {"op": "pass", "round": round_row.pk, "seq": round_row.version + 1},
        **HTMX,
    ).content.decode()
    assert "You passed" in passed
    assert engine_round(current_round(table=table)).state.turn == nxt


def test_a_pass_when_there_is_nothing_to_pass_changes_nothing():
    table, seats = live_table(players=3, config={"guess_turn": True})
    round_row = current_round(table=table)
    turn = engine_round(round_row).state.turn
    response = student_client(seats[turn].student).post(
        reverse("classroom:table_move", args=[table.pk]),
        {"op": "pass", "round": round_row.pk, "seq": round_row.version},
        **HTMX,
    )
    assert "There is no guess to pass right now." in response.content.decode()
    round_row.refresh_from_db()
    assert round_row.version == 0


def test_the_teacher_skips_a_student_who_is_away():
    table, seats = live_table(players=3, config={"guess_turn": True})
    teacher = Client()
    teacher.force_login(table.session.assignment.classroom.teacher)
    round_row = current_round(table=table)
    turn, card = alternating_turn(round_row)
    _play(student_client(seats[turn].student), table, round_row, card)
    live = teacher.get(reverse("classroom:session_live", args=[table.session.pk])).content.decode()
    assert "may guess the rule or pass; the table waits" in live

    url = reverse("classroom:table_skip", args=[table.pk])
    response = teacher.post(url, {"round": round_row.pk}, **HTMX)
    assert "is skipped" in response.content.decode()
    state = engine_round(current_round(table=table)).state
    assert state.turn == (turn + 1) % 3 and state.deciding is None
    teacher.post(url, {"round": round_row.pk}, **HTMX)  # the next one is away too
    assert engine_round(current_round(table=table)).state.turn == (turn + 2) % 3
    # Students cannot skip; a stale round is refused.
    assert student_client(seats[0].student).post(url, {"round": round_row.pk}).status_code == 302
    assert teacher.post(url, {"round": 999999}).status_code == 409


def test_a_declared_no_play_shows_the_hand_and_the_correction_to_the_others():
    table, seats = live_table(players=3)
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    turn = engine.state.turn
    hand = list(engine.state.hands[turn])
    _no_play(student_client(seats[turn].student), table, round_row)
    taken = [
        e for e in engine_round(current_round(table=table)).state.table if e.kind == "correction"
    ]
    assert len(taken) == 1  # twelve cards always hold a card of the other color
    other = student_client(seats[(turn + 1) % 3].student)
    page = other.get(reverse("classroom:table", args=[table.pk])).content.decode()
    section = page[page.index('id="no-plays-heading"') :]
    assert f"{seats[turn].student.nickname} said no card fits and showed:" in section
    from classroom.templatetags.play_tags import card_label

    for card in hand:
        assert f'aria-label="{card_label(card)}"' in section
    assert "Wrong: the dealer played this card from the hand:" in section
    assert f'aria-label="{card_label(taken[0].cards[0])}"' in section


# A student who deals is the dealer: the rule in words, every card judged by hand ------------------


def students_deal_by_hand(players=4, **config):
    """A table of `players` where the students deal, each judging the cards by hand."""
    return students_deal_table(
        players, title="Everyone plays Nature", config={"dealer": "person", **config}
    )


def _dealt_in_words_and_rule():
    """A table whose first dealer judges by hand the rule they wrote in words and in the rule
    language; returns (table, seats, the dealer's client, the round, its engine's state)."""
    table, seats = students_deal_by_hand(starter="flip")
    dealer = student_client(deal_order(table, seats)[0].student)  # the seat drawn by lot
    dealer.post(
        reverse("classroom:table_deal", args=[table.pk]),
        {"rule_words": "Red and black take turns", "rule_text": "color != last.color"},
    )
    round_row = current_round(table=table)
    return table, seats, dealer, round_row, engine_round(round_row).state


def test_the_dealer_writes_the_rule_in_words_and_judges_each_card_by_hand():
    table, seats = students_deal_by_hand(starter="flip")
    dealer = student_client(deal_order(table, seats)[0].student)
    deal = reverse("classroom:table_deal", args=[table.pk])
    refused = dealer.post(deal, {"rule_words": "", "rule_text": "color != last.color"})
    assert refused.status_code == 400 and "in words first" in refused.content.decode()
    dealt = dealer.post(deal, {"rule_words": "Red and black take turns", "rule_text": ""})
    assert dealt.status_code == 302
    round_row = current_round(table=table)
    assert round_row.rule_words == "Red and black take turns" and round_row.rule_text == ""

    engine = engine_round(round_row)
    turn = engine.state.turn
    player = student_client(seats[round_row.position_of(turn)].student)
    card = engine.state.hands[turn][0]
    played = _play(player, table, round_row, card).content.decode()
    # The player is told who judges the card now: the dealer, not the teacher (issue 33).
    assert "The dealer judges your card…" in played
    assert "goes to your teacher" not in played
    page = player.get(reverse("classroom:table", args=[table.pk])).content.decode()
    assert (
        "Waiting for the dealer&#x27;s verdict." in page
        or "Waiting for the dealer's verdict." in page
    )
    assert "Red and black take turns" not in page

    dealer_page = dealer.get(reverse("classroom:table", args=[table.pk]), **HTMX).content.decode()
    assert "A card waits for your verdict." in dealer_page and 'id="verdict-heading"' in dealer_page
    judged = dealer.post(
        reverse("classroom:table_dealer_move", args=[table.pk]),
        {"op": "verdict", "correct": "no"},
        **HTMX,
    )
    assert "Careful" not in judged.content.decode()  # nothing to check a rule in words against
    state = engine_round(current_round(table=table)).state
    assert state.history[-1].card == card and not state.history[-1].accepted

    # The player is told the dealer's verdict on their card (issue 33: no message before).
    told = player.get(reverse("classroom:table", args=[table.pk]), **HTMX).content.decode()
    assert 'id="own-verdict" class="message message-error"' in told
    assert "Wrong: your card goes below the mainline and you draw a card." in told


def test_a_verdict_that_contradicts_the_checkable_rule_is_flagged_to_the_dealer_only():
    table, seats, dealer, round_row, state = _dealt_in_words_and_rule()
    turn = state.turn
    last = state.history[-1].card
    right = next(c for c in state.hands[turn] if c.is_red != last.is_red)
    player = student_client(seats[round_row.position_of(turn)].student)
    _play(player, table, round_row, right)

    move = reverse("classroom:table_dealer_move", args=[table.pk])
    warned = dealer.post(move, {"op": "verdict", "correct": "no"}, **HTMX).content.decode()
    assert "Careful: your rule in the rule language accepts" in warned
    assert "Confirm my verdict" in warned
    round_row.refresh_from_db()
    assert round_row.version == 1  # the play only: the verdict is not final
    other = player.get(reverse("classroom:table", args=[table.pk])).content.decode()
    assert "Careful" not in other

    dealer.post(move, {"op": "verdict", "correct": "no", "confirm": "1"}, **HTMX)
    state = engine_round(current_round(table=table)).state
    assert state.history[-1].card == right and not state.history[-1].accepted


def test_a_wrong_no_play_names_the_card_that_fits():
    table, seats, dealer, round_row, state = _dealt_in_words_and_rule()
    turn = state.turn
    last = state.history[-1].card
    hand = state.hands[turn]
    fits = next(c for c in hand if c.is_red != last.is_red)
    wrong = next(c for c in hand if c.is_red == last.is_red)
    _no_play(student_client(seats[round_row.position_of(turn)].student), table, round_row)
    move = reverse("classroom:table_dealer_move", args=[table.pk])
    page = dealer.get(reverse("classroom:table", args=[table.pk]), **HTMX).content.decode()
    assert "says no card fits and shows:" in page
    warned = dealer.post(move, {"op": "verdict", "card": wrong.code}, **HTMX).content.decode()
    assert "does not accept" in warned
    dealer.post(move, {"op": "verdict", "card": fits.code}, **HTMX)
    state = engine_round(current_round(table=table)).state
    assert state.table[-1].kind == "correction" and state.table[-1].cards == [fits]
    assert dealer.post(move, {"op": "verdict", "card": "ZZ"}).status_code == 400


# A game ends -------------------------------------------------------------------------------


def play_out_rounds(table, seats, count):
    """Each dealer in turn (`seats` by position; the app says whose deal it is) deals a rule the
    app judges; one right play; the dealer ends it."""
    from classroom.services.games import round_deal_by_student
    from classroom.services.rounds import round_act
    from eleusis.engine.variants import End, Play

    for _ in range(count):
        dealer = deal_order(table, seats)[0]
        round_row = round_deal_by_student(seat=dealer, rule_text="color != last.color", seed=11)
        engine = engine_round(round_row)
        turn = engine.state.turn
        last = engine.state.history[-1].card
        card = next(c for c in engine.state.hands[turn] if c.is_red != last.is_red)
        round_act(
            round_id=round_row.pk,
            action=Play(turn, card),
            seat=seats[round_row.position_of(turn)],
        )
        round_act(round_id=round_row.pk, action=End("ended by the dealer"))


def students_deal_table(players=3, *, title="Deal in turn", **options):
    """A started table of `players` students who deal in turn; returns (table, seats)."""
    return live_table(
        players=players,
        rule_text="",
        seed=3,
        title=title,
        table_size=4,
        students_deal=True,
        **options,
    )


def test_a_game_of_three_ends_once_each_student_has_dealt_with_totals():
    from classroom.refusal_codes import TABLE_GAME_OVER as GAME_OVER
    from classroom.selectors.games import game_totals
    from classroom.services.games import round_deal_by_student
    from eleusis.engine.variants import IllegalActionError

    table, seats = students_deal_table(players=3)
    play_out_rounds(table, seats, 2)
    game = game_totals(table=table, seats=seats)
    assert not game.over and game.rounds_played == 2 and game.target == 3
    third = deal_order(table, seats)[0]
    page = student_client(third.student).get(reverse("classroom:table", args=[table.pk]))
    assert "Running totals" in page.content.decode()
    assert "write the secret rule" in page.content.decode()  # the third dealer's turn

    play_out_rounds(table, seats, 1)
    game = game_totals(table=table, seats=seats)
    assert game.over and game.rounds_played == 3
    expected = {}
    for round_row in table.rounds.order_by("number"):
        scores = engine_round(round_row).scores()
        for seat in seats:
            player = round_row.player_of(seat.position)
            score = scores.dealer if player is None else scores.players[player]
            expected[seat.position] = expected.get(seat.position, 0) + score
    assert {row.position: row.total for row in game.rows} == expected
    best = max(expected.values())
    assert {row.position for row in game.winners} == {
        p for p, total in expected.items() if total == best
    }
    with pytest.raises(IllegalActionError, match=GAME_OVER):
        round_deal_by_student(seat=seats[0], rule_text="color != last.color")

    for seat in seats:
        body = student_client(seat.student).get(reverse("classroom:table", args=[table.pk]))
        html = body.content.decode()
        assert "The game is over" in html and "Winner" in html
        assert "write the secret rule" not in html
    teacher = Client()
    teacher.force_login(table.session.assignment.classroom.teacher)
    live = teacher.get(reverse("classroom:session_live", args=[table.session.pk])).content.decode()
    assert "The game is over" in live and "Next round" not in live


def test_the_teacher_sets_the_number_of_rounds():
    from classroom.refusal_codes import TABLE_GAME_OVER as GAME_OVER
    from classroom.services.games import table_next_round
    from classroom.services.rounds import round_act
    from eleusis.engine.variants import End, IllegalActionError

    table, _seats = live_table(players=3, game_rounds=2)
    round_act(round_id=current_round(table=table).pk, action=End("ended by the teacher"))
    second = table_next_round(table=table)
    round_act(round_id=second.pk, action=End("ended by the teacher"))
    with pytest.raises(IllegalActionError, match=GAME_OVER):
        table_next_round(table=table)
    teacher = Client()
    teacher.force_login(table.session.assignment.classroom.teacher)
    response = teacher.post(reverse("classroom:table_next_round", args=[table.pk]), **HTMX)
    assert "the game is over" in response.content.decode()
    assert table.rounds.count() == 2


# Delphi with a rotating oracle ------------------------------------------------------------------


def test_delphi_with_a_rotating_oracle_each_student_writes_a_rule_in_turn():
    from classroom.selectors.games import game_totals
    from classroom.services.delphi import delphi_reveal

    table, seats = students_deal_table(players=3, variant="delphi", config={"starter": "flip"})
    seats = deal_order(table, seats)  # the first oracle, drawn by lot, and those after
    url = reverse("classroom:table", args=[table.pk])
    oracle, other = student_client(seats[0].student), student_client(seats[1].student)
    assert "You are the oracle next: write the secret rule." in oracle.get(url).content.decode()
    assert "write the secret rule" not in other.get(url).content.decode()

    dealt = oracle.post(
        reverse("classroom:table_deal", args=[table.pk]), {"rule_text": "color != last.color"}
    )
    assert dealt.status_code == 302
    round_row = current_round(table=table)
    assert round_row.variant == "delphi" and round_row.dealer_position == seats[0].position
    assert round_row.players == 2
    oracle_page = oracle.get(url).content.decode()
    assert "You are the oracle" in oracle_page and "color != last.color" in oracle_page
    # The payoff of the source (docs/rules.md §3): a wrong predictor gives the oracle all.
    assert "each who predicts wrong gives you all of their chips" in oracle_page
    assert "You win a chip from everyone who predicts wrong" not in oracle_page
    assert 'id="predict-form"' not in oracle_page
    player_page = other.get(url).content.decode()
    assert "color != last.color" not in player_page and 'id="predict-form"' in player_page
    assert f"The oracle this round: {seats[0].student.nickname}." in player_page

    # The player after the oracle is the engine's player 0; a token goes through.
    engine = engine_round(round_row)
    card = engine.state.current
    response = _predict_it_fits(other, table, round_row, card, "k1")
    assert response.status_code == 200
    assert engine_round(current_round(table=table)).state.predictions[0] is True
    refused = _predict_it_fits(oracle, table, round_row, card, "k2")
    # The one move path words it as in every game: the oracle deals this round, the others play.
    assert "You are the dealer this round: the others play." in refused.content.decode()

    # The app turns the whole deck; then the next oracle writes; after three, the game is over.
    from classroom.services.games import round_deal_by_student

    for number in range(3):
        round_row = current_round(table=table)
        while (current := engine_round(round_row).state.current) is not None:
            delphi_reveal(round_id=round_row.pk, card=current)
            round_row.refresh_from_db()
        if number < 2:
            round_deal_by_student(seat=seats[number + 1], rule_text="red")
    game = game_totals(table=table, seats=seats)
    assert game.over and game.rounds_played == 3
    assert "The game is over" in other.get(url).content.decode()


def test_a_rotating_oracle_may_keep_the_rule_in_words_and_place_each_card():
    """Issue 35, point 6: a student oracle judges in words (docs/rules.md §3), no rule code."""
    from classroom.services.delphi import delphi_reveal

    table, seats = students_deal_table(players=3, variant="delphi", config={"starter": "flip"})
    seats = deal_order(table, seats)  # the oracle drawn by lot first
    url = reverse("classroom:table", args=[table.pk])
    oracle, other = student_client(seats[0].student), student_client(seats[1].student)
    dealt = oracle.post(
        reverse("classroom:table_deal", args=[table.pk]),
        {"rule_words": "only hearts and diamonds", "rule_text": ""},
    )
    assert dealt.status_code == 302
    round_row = current_round(table=table)
    assert round_row.rule_text == "" and round_row.rule_words == "only hearts and diamonds"
    oracle_page = oracle.get(url).content.decode()
    assert "only hearts and diamonds" in oracle_page
    assert "say whether each card fits your rule" in oracle_page
    assert 'name="fits"' in oracle_page
    player_page = other.get(url).content.decode()
    assert "only hearts and diamonds" not in player_page and 'name="fits"' not in player_page

    card = engine_round(round_row).state.current
    for client, key in ((other, "k1"), (student_client(seats[2].student), "k2")):
        response = _predict_it_fits(client, table, round_row, card, key)
        assert response.status_code == 200
    assert engine_round(current_round(table=table)).state.current == card  # the oracle places
    with pytest.raises(IllegalActionError):
        delphi_reveal(round_id=round_row.pk, card=card)
    place = reverse("classroom:table_place", args=[table.pk])
    refused = other.post(place, {"round": round_row.pk, "card": card.code, "fits": "yes"})
    assert refused.status_code == 403
    malformed = oracle.post(place, {"round": round_row.pk, "card": "ZZ", "fits": "yes"})
    assert malformed.status_code == 400
    placed = oracle.post(place, {"round": round_row.pk, "card": card.code, "fits": "yes"}, **HTMX)
    assert placed.status_code == 200 and "fits your rule" in placed.content.decode()
    engine = engine_round(current_round(table=table))
    assert engine.state.history[-1].card == card and engine.state.history[-1].accepted
    assert engine.state.chips == [1, 1]
    placed_count = len(engine.state.history)
    again = oracle.post(place, {"round": round_row.pk, "card": card.code, "fits": "no"}, **HTMX)
    assert again.status_code == 200  # a double click: placed once
    assert len(engine_round(current_round(table=table)).state.history) == placed_count
    # The teacher's live page and, once the round is over, the review open on the words.
    from classroom.services.games import session_finish
    from tests.classroom.views.test_teach import teacher_of
    from tests.factories import round_over

    teacher = teacher_of(table)
    live = teacher.get(reverse("classroom:session_live", args=[table.session_id]))
    assert live.status_code == 200 and "only hearts and diamonds" in live.content.decode()
    round_over(current_round(table=table))
    session_finish(session=table.session)
    for name in ("review_session", "review_delphi_csv"):
        page = teacher.get(reverse(f"classroom:{name}", args=[table.session_id]))
        assert page.status_code == 200, name


def words_only_round(play_count=6):
    """A table whose first dealer wrote the rule in words only and judged `play_count` plays by
    hand, the players logging free text and sentence hypotheses; the round ended and the
    session finished, its insight computed. Returns (table, seats, round_row), the seats in
    the order they deal: the dealer (drawn by lot) first, then the players."""
    from classroom.services.games import session_finish
    from classroom.services.review import round_insight_compute
    from classroom.services.rounds import HypothesisInput, round_act
    from eleusis.engine.variants import End, Play, Verdict

    table, by_position = students_deal_by_hand(starter="flip")
    seats = deal_order(table, by_position)
    student_client(seats[0].student).post(
        reverse("classroom:table_deal", args=[table.pk]),
        {"rule_words": "Red and black take turns", "rule_text": ""},
    )
    round_row = current_round(table=table)
    for number in range(play_count):
        engine = engine_round(round_row)
        turn = engine.state.turn
        last = [a.card for a in engine.state.history if a.accepted][-1]
        card = engine.state.hands[turn][0]
        hypothesis = (
            HypothesisInput(text="higher each time", checkable="rank > last.rank")
            if number % 2
            else HypothesisInput(text="colours take turns")
        )
        round_act(
            round_id=round_row.pk,
            action=Play(turn, card, hypothesis=hypothesis.summary, prediction=True),
            seat=by_position[round_row.position_of(turn)],
            hypothesis=hypothesis,
        )
        round_act(round_id=round_row.pk, action=Verdict(card.is_red != last.is_red), seat=seats[0])
        round_row.refresh_from_db()
    round_act(round_id=round_row.pk, action=End("ended by the dealer"), seat=seats[0])
    session_finish(session=table.session)
    insight = round_insight_compute(round_id=round_row.pk)
    assert insight is not None and insight.status == "done", insight and insight.error
    return table, seats, round_row


def test_a_words_only_dealers_round_is_analysed_from_the_dealers_verdicts():
    """Issue 35, point 4: a rule in words only is first-class in the review: no parser error,
    analysed (not "Not analysed yet"), every player in the grid, the measures that need the
    exact rule marked as such with why."""
    from tests.classroom.views.test_teach import teacher_of

    table, seats, round_row = words_only_round()
    teacher = teacher_of(table)
    page = teacher.get(reverse("classroom:review_session", args=[table.session_id]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "column 1" not in text and "the rule is empty" not in text
    assert "Not analysed yet." not in text
    assert "Rule: <q>Red and black take turns</q>" in text
    assert "analysed from the dealer" in text and "need the rule in the rule language" in text
    grid = text[text.index('id="grid"') :]
    for seat in seats[1:]:  # every player (the dealer does not play)
        assert f">{seat.name}</a></th>" in grid
    assert 'data-measure="found">—<' in grid and 'data-measure="negative">' in grid
    for seat in seats[1:]:
        student = teacher.get(reverse("classroom:review_student", args=[table.session_id, seat.pk]))
        assert student.status_code == 200 and "column 1" not in student.content.decode()
    replay = teacher.get(reverse("classroom:review_replay", args=[table.session_id, round_row.pk]))
    assert replay.status_code == 200 and "Red and black take turns" in replay.content.decode()


def test_a_words_only_dealer_reads_a_sentence_guess_in_words():
    """Issue 35, point 4: a guess built with the sentence builder reaches the child dealer as its
    sentence, never as rule code."""
    table, seats = students_deal_by_hand(starter="flip")
    dealer = student_client(deal_order(table, seats)[0].student)
    dealer.post(
        reverse("classroom:table_deal", args=[table.pk]),
        {"rule_words": "Red and black take turns", "rule_text": ""},
    )
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    turn = engine.state.turn
    player = student_client(seats[round_row.position_of(turn)].student)
    last = engine.state.history[-1].card
    card = next(c for c in engine.state.hands[turn] if c.is_red != last.is_red)
    _play(player, table, round_row, card)
    move = reverse("classroom:table_dealer_move", args=[table.pk])
    dealer.post(move, {"op": "verdict", "correct": "yes"}, **HTMX)
    response = player.post(
        reverse("classroom:table_move", args=[table.pk]),
        {
            "op": "guess_sentence",
            "round": round_row.pk,
            "seq": round_row.version + 2,  # the play and the dealer's verdict
            "frame": "different",
            "slot_property": "color",
        },
        **HTMX,
    )
    assert response.status_code == 200
    page = dealer.get(reverse("classroom:table", args=[table.pk])).content.decode()
    name = seats[round_row.position_of(turn)].name
    assert f"{name} guesses: “A card may be played when" in page
    assert "last.color" not in page


def test_the_thai_dealer_assignment_the_best_of_the_round_deals_next():
    """Issue 35, point 8: the Thai "dealer assignment" variant is reachable: whoever found the
    rule or emptied their hand deals next; if nobody did, the best score of the round."""
    from classroom.selectors.games import next_dealer_position
    from classroom.services.games import round_deal_by_student
    from classroom.services.rounds import round_act
    from eleusis.engine.variants import End, Play

    table, seats = students_deal_table(players=4, config={"dealer_assignment": "winner"})
    order = deal_order(table, seats)  # the first dealer is drawn by lot
    round_row = round_deal_by_student(seat=order[0], rule_text="color != last.color", seed=11)
    for wanted in (False, True):  # the first player's card is wrong, the second's right
        engine = engine_round(round_row)
        turn = engine.state.turn
        last = [a.card for a in engine.state.history if a.accepted][-1]
        card = next(c for c in engine.state.hands[turn] if (c.is_red != last.is_red) == wanted)
        round_act(
            round_id=round_row.pk, action=Play(turn, card), seat=seats[round_row.position_of(turn)]
        )
        round_row.refresh_from_db()
    best = round_row.position_of(turn)
    round_act(round_id=round_row.pk, action=End("ended by the dealer"))
    assert best != order[1].position  # the rotation would give it the next deal
    assert next_dealer_position(table=table) == best


def test_the_assignment_form_offers_the_dealer_assignment(visitors, classroom):
    from classroom.models import Assignment
    from tests.classroom.views.test_teach import assignment_data

    response = visitors["teacher"].post(
        reverse("classroom:assignment_create", kwargs={"pk": classroom.pk}),
        assignment_data(rule_source="students", library_rule="", dealer_assignment="winner"),
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Assignment.objects.get(classroom=classroom).config["dealer_assignment"] == "winner"


def test_a_latecomer_joins_a_rotating_oracles_delphi_round_as_its_next_player():
    """The oracle's seat stays the dealer's; the latecomer is the round's next player."""
    from classroom.services.games import lobby_join

    table, seats = students_deal_table(players=3, variant="delphi", config={"starter": "flip"})
    seats = deal_order(table, seats)
    oracle = student_client(seats[0].student)
    oracle.post(reverse("classroom:table_deal", args=[table.pk]), {"rule_text": "red"})
    late = StudentFactory(classroom=table.session.assignment.classroom, nickname="Late Lou")
    lobby_join(session=table.session, student=late)
    round_row = current_round(table=table)
    seat = table.seats.get(student=late)
    assert round_row.player_of(seat.position) == 2
    assert round_row.player_of(seats[0].position) is None  # still the oracle
    assert [round_row.position_of(p) for p in range(2)] == [s.position for s in seats[1:]]
    card = engine_round(round_row).state.current
    response = _predict_it_fits(student_client(late), table, round_row, card, "k-late")
    assert response.status_code == 200
    assert engine_round(current_round(table=table)).state.predictions == [None, None, True]
