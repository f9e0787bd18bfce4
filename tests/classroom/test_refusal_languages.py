"""Every refusal, the engine's and the app's, in every language the app speaks (issue 32): no
reader meets English outside English. A Spanish student at a paused table of any game reads
the refusal in Spanish."""

from __future__ import annotations

import string

import pytest
from django.urls import reverse
from django.utils import translation

from classroom.refusal_codes import APP_REFUSALS, TABLE_PAUSED
from classroom.refusals import REFUSALS, refusal_message
from classroom.selectors.games import current_round
from classroom.services.rounds import table_set_paused
from eleusis.engine.variants import IllegalActionError, Refusal
from tests.classroom.test_refusals import _engine_codes

LANGUAGES = ("es", "el", "ru", "th")


def _sample(refusal: Refusal) -> IllegalActionError:
    """The refusal raised with a value for each of its parameters."""
    names = {name for _, name, _, _ in string.Formatter().parse(refusal) if name}
    return IllegalActionError(refusal, **dict.fromkeys(names, 1))


def _words(code: str, language: str) -> str:
    refusal = Refusal(code, "")
    error = IllegalActionError(refusal, card="Q♦", player=0, turn=1, prophet=2, limit=500)
    with translation.override(language):
        return refusal_message(error, name_of=lambda number: f"s0{number}")


def test_every_app_refusal_is_a_code_with_words():
    codes = [refusal.code for refusal in APP_REFUSALS]
    assert len(codes) > 40 and len(set(codes)) == len(codes)
    assert sorted(set(codes) - set(REFUSALS)) == []
    assert not set(codes) & _engine_codes()  # one code, one meaning


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_refusal_reads_english_outside_english(language):
    codes = sorted(_engine_codes() | {refusal.code for refusal in APP_REFUSALS})
    english = [code for code in codes if _words(code, language) == _words(code, "en")]
    assert english == []


def test_a_refusal_without_words_is_never_english():
    with translation.override("es"):
        message = refusal_message(IllegalActionError("the table is paused"))
    assert message == "Eso no se puede hacer ahora."


@pytest.mark.parametrize("refusal", APP_REFUSALS, ids=lambda refusal: refusal.code)
def test_every_app_refusal_fills_its_parameters(refusal):
    error = _sample(refusal)
    assert error.code == refusal.code and "{" not in str(error)
    assert refusal_message(error) == str(REFUSALS[refusal.code])


@pytest.mark.django_db
@pytest.mark.parametrize("variant", ["express", "abbott", "russian"])
def test_a_paused_table_reads_spanish_in_every_game(variant):
    from tests.factories import live_table, student_client

    table, seats = live_table(players=3, variant=variant)
    table_set_paused(table=table, paused=True)
    round_row = current_round(table=table)
    client = student_client(seats[0].student, HTTP_ACCEPT_LANGUAGE="es")
    page = client.get(reverse("classroom:table", args=[table.pk])).content.decode()
    assert 'lang="es"' in page
    url = {"express": "table_move", "abbott": "table_string", "russian": "table_card"}[variant]
    hand = [card for card in round_row.snapshot["state"]["hands"][0]]
    data = {"op": "play", "round": round_row.pk, "card": hand[0], "cards": [hand[0]]}
    data.update(seq=round_row.version, key="k1", hypothesis="rojo y negro", prediction="accepted")
    body = client.post(reverse(f"classroom:{url}", args=[table.pk]), data).content.decode()
    with translation.override("es"):
        spanish = str(REFUSALS[TABLE_PAUSED.code])
    assert spanish in body and "paused" not in body
    assert round_row.actions.count() == 0
