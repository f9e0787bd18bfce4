"""The projector in every game: what the whole class may see of each table (the lines, whose
turn it is, the wrong cards a player must leave face up, the card Delphi's class predicts), and
never a hand, the stock or the rule before the teacher reveals it."""

import re

import pytest
from django.urls import reverse

from classroom.selectors.games import current_round
from classroom.services.games import assignment_create, session_seat, session_start
from classroom.services.rounds import engine_round, round_act
from classroom.templatetags.play_tags import card_label
from eleusis.engine.rules import LIBRARY
from eleusis.engine.variants import Play
from tests.factories import lobby_session

pytestmark = pytest.mark.django_db

RULE = LIBRARY["el-black-down-red-up"]
GAMES = ["express", "abbott", "russian", "delphi"]


def _projected(visitors, classroom, game: str):
    assignment = assignment_create(
        classroom=classroom,
        title="Week 3",
        rule_text=RULE.text,
        library_rule_id=RULE.id,
        variant=game,
    )
    session = lobby_session(assignment, students=4)
    (table,) = session_seat(session=session, method="arrival")
    session_start(session=session, seed=5)
    url = reverse("classroom:session_projector", kwargs={"pk": session.pk})
    return table, lambda: [
        visitors["teacher"].get(url).content.decode(),
        visitors["teacher"].get(url, HTTP_HX_REQUEST="true").content.decode(),
    ]


def _cards_shown(body: str) -> set[str]:
    return {label.removesuffix(", rejected") for label in re.findall(r'aria-label="([^"]+)"', body)}


def _public_cards(table) -> set[str]:
    """Every card the class may see: those placed (right or wrong), a Russian player's wrong
    cards in front of them, the card Delphi's class is predicting."""
    state = engine_round(current_round(table=table)).state
    public = [attempt.card for attempt in state.history]
    public += [card for wrong in getattr(state, "wrong", ()) for card in wrong]
    if getattr(state, "current", None) is not None:
        public.append(state.current)
    return {card_label(card) for card in public}


@pytest.mark.parametrize("game", GAMES)
def test_the_projector_shows_every_games_table_and_no_hidden_card(visitors, classroom, game):
    table, projected = _projected(visitors, classroom, game)
    starter = engine_round(current_round(table=table)).state.history[0].card
    for body in projected():
        assert "projector-table-1" in body and "cannot be shown" not in body
        assert f'aria-label="{card_label(starter)}"' in body  # the line starts on the projector
        cards = {label for label in _cards_shown(body) if re.match(r"^(\w+) of (\w+)$", label)}
        assert cards <= _public_cards(table), cards - _public_cards(table)
        assert RULE.text not in body and RULE.name not in body


def test_the_projector_shows_a_russian_players_wrong_card_in_front_of_them(visitors, classroom):
    table, projected = _projected(visitors, classroom, "russian")
    for _ in range(20):
        round_row = current_round(table=table)
        round_ = engine_round(round_row)
        player = round_.state.turn
        history = round_.state.history
        card = round_.playable(player)[0]
        wrong = not round_.judge(history, card)
        seat = table.seats.get(position=round_row.position_of(player))
        round_act(round_id=round_row.pk, action=Play(player, card), seat=seat)
        if wrong:
            break
    else:
        pytest.fail("no wrong card in 20 plays")
    (body, _) = projected()
    row = re.search(rf"<tr[^>]*>.*?{re.escape(seat.name)}.*?</tr>", body, flags=re.S).group(0)
    assert "in front of them:" in row and f'aria-label="{card_label(card)}, rejected"' in row


def test_the_projector_shows_delphis_card_to_predict_and_the_chips(visitors, classroom):
    table, projected = _projected(visitors, classroom, "delphi")
    on_show = engine_round(current_round(table=table)).state.current
    (body, _) = projected()
    assert "The card to predict" in body and f'aria-label="{card_label(on_show)}"' in body
    assert '<th scope="col">Chips</th>' in body
