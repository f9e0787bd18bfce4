"""The sentence builder on the student's table: drop-downs swapped in as parts are chosen, the
sentence read back before it is saved, a play that stores it checkable, specific messages."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from classroom.models import Action
from tests.factories import live_table, play_form, student_to_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated():
    table, seats = live_table()
    round_row, turn, hands, client = student_to_move(table, seats)
    return table, round_row, client, hands[turn]


def test_the_parts_come_as_they_are_chosen_and_the_sentence_is_read_back(seated):
    _table, _round, client, _hand = seated
    url = reverse("classroom:builder_parts")

    start = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    half = client.get(url, {"b_if": "last"}, HTTP_HX_REQUEST="true").content.decode()
    done = client.get(
        url,
        {"b_if": "last", "b_if-is": "face", "b_then": "higher", "b_then-ref": "last"},
        HTTP_HX_REQUEST="true",
    ).content.decode()

    assert 'name="b_if"' in start and 'name="b_then"' in start and "b_if-is" not in start
    assert 'name="b_if-is"' in half and "Say what the card in your" in half
    assert 'aria-invalid="true"' in half
    assert (
        "If the last card is a face card (J, Q, K), play a higher rank than the last card;" in done
    )
    assert 'name="b_join"' in done and 'value="otherwise"' in done


def test_a_play_stores_the_built_sentence_checkable(seated):
    table, round_row, client, hand = seated
    client.post(
        reverse("classroom:table_move", args=[table.pk]),
        play_form(
            round_row,
            hand[0],
            prediction="unsure",
            **{
                "b_if": "always",
                "b_then": "same",
                "b_then-prop": "suit",
                "b_then-ref": "last",
                "b_join": "or",
                "b_then2": "same",
                "b_then2-prop": "rank",
                "b_then2-ref": "last",
            },
        ),
        HTTP_HX_REQUEST="true",
    )

    hypothesis = Action.objects.get(round=round_row, seq=1).hypothesis
    assert hypothesis.checkable == "suit == last.suit or rank == last.rank"
    assert hypothesis.frame_id == "builder"
    assert hypothesis.frame_choices["then2-prop"] == "rank"
    assert hypothesis.text == (
        "Play the same suit as the last card or play the same rank as the last card."
    )


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"b_then": "within", "b_then-ref": "last"}, "Say how many ranks: choose a number."),
        (
            {"b_then": "play", "b_then-what": "red", "b_join": "otherwise", "b_then2": "any"},
            "needs an “if …” first",
        ),
        (
            {
                "b_then": "play",
                "b_then-what": "red",
                "b_join": "and",
                "b_then2": "play",
                "b_then2-what": "black",
            },
            "No card can ever be played that way",
        ),
    ],
)
def test_an_unfinished_or_impossible_sentence_is_refused_with_what_to_change(
    seated, fields, message
):
    table, round_row, client, hand = seated
    response = client.post(
        reverse("classroom:table_move", args=[table.pk]),
        play_form(round_row, hand[0], prediction="unsure", hypothesis="my words", **fields),
        HTTP_HX_REQUEST="true",
    )

    assert message in response.content.decode()
    assert "Choose something in every gap" not in response.content.decode()
    assert not Action.objects.filter(round=round_row).exists()


def test_the_builder_speaks_the_students_language(seated):
    _table, _round, client, _hand = seated
    with translation.override("es"):
        red = translation.gettext("red")
    client.cookies["django_language"] = "es"
    page = client.get(
        reverse("classroom:builder_parts"), {"b_then": "play"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert red != "red" and f">{red}</option>" in page


def test_a_malformed_choice_is_a_message_not_a_crash(seated):
    table, round_row, client, hand = seated
    page = client.get(
        reverse("classroom:builder_parts"), {"b_then": "fly" * 40}, HTTP_HX_REQUEST="true"
    )
    assert page.status_code == 200 and "That choice is not in the list" in page.content.decode()
    move = client.post(
        reverse("classroom:table_move", args=[table.pk]),
        play_form(round_row, hand[0], prediction="unsure", hypothesis="h", b_then="fly"),
    )
    assert move.status_code == 400
    assert not Action.objects.filter(round=round_row).exists()


def test_words_the_app_knows_are_offered_as_a_sentence(seated):
    _table, _round, client, _hand = seated
    url = reverse("classroom:phrase_match")

    known = client.get(url, {"hypothesis": "Alternate colours!"}, HTTP_HX_REQUEST="true")
    unknown = client.get(url, {"hypothesis": "the dealer likes sevens"}, HTTP_HX_REQUEST="true")

    page = known.content.decode()
    assert "Did you mean: “Play the other color from the last card.”?" in page
    assert "b_then=other-color" in page and "b_then-ref=last" in page
    assert "Did you mean" not in unknown.content.decode()
    assert Client().get(url, {"hypothesis": "same suit"}).status_code == 302  # students only


def test_a_refused_sentence_points_the_page_at_the_part_to_change(seated):
    """The refusal names the drop-down to change (`data-error-for`): the page marks it invalid,
    describes it by the message and moves focus to it."""
    table, round_row, client, hand = seated
    response = client.post(
        reverse("classroom:table_move", args=[table.pk]),
        play_form(
            round_row, hand[0], hypothesis="my words", **{"b_then": "within", "b_then-ref": "last"}
        ),
        HTTP_HX_REQUEST="true",
    )
    page = response.content.decode()
    assert "Say how many ranks: choose a number." in page
    assert 'data-error-for="id_b_then-n"' in page


def test_the_builder_filled_in_any_order_answers_2xx_with_a_message(seated, capsys):
    """A child fills the builder in any order (issue 33: "If the last card is low" before
    "Play" answered 500): every subset of choices, in every order, with now and then a value
    no drop-down offers, answers 2xx; a sentence that is not finished says what to change."""
    from urllib.parse import urlencode

    from django.http import QueryDict
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from classroom.builder_i18n import PREFIX, choices_from
    from eleusis.engine.rules.builder import PARTS_BY_ID

    _table, _round, client, _hand = seated
    url = reverse("classroom:builder_parts")
    value = {
        part_id: st.one_of(
            st.sampled_from([option.id for option in part.options]),
            st.sampled_from(["", "nothing", "last", "low", "none", "otherwise"]),
        )
        for part_id, part in PARTS_BY_ID.items()
    }
    choice = st.sampled_from(sorted(value)).flatmap(
        lambda part_id: value[part_id].map(lambda option: (PREFIX + part_id, option))
    )
    sent = []

    @settings(
        max_examples=400,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(st.lists(choice, max_size=12))
    def fill(choices):
        response = client.get(url, choices, HTTP_HX_REQUEST="true")
        sent.append(response.status_code)
        assert 200 <= response.status_code < 300, choices
        body = response.content.decode()
        if choices_from(QueryDict(urlencode(choices))):  # a sentence read back or what to change
            assert "Your sentence:" in body or "message-error" in body, (choices, body)

    fill()
    with capsys.disabled():
        print(f"\nbuilder: {len(sent)} requests, {sum(s >= 500 for s in sent)} × 5xx")
