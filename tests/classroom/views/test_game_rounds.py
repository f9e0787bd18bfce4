"""Issue 35, point 3: "Rounds in the game" is honoured by every game (docs/rules.md): the
teacher's number reaches the assignment for Abbott/Howell, the Russian rules and Delphi as for
Express, and the game ends after that many rounds with totals and a winner."""

import pytest
from django.urls import reverse

from classroom.models import Assignment
from classroom.refusal_codes import TABLE_GAME_OVER as GAME_OVER
from classroom.selectors.games import current_round, game_over, game_totals
from classroom.services.games import table_next_round
from eleusis.engine.variants import IllegalActionError
from tests.classroom.views.test_teach import assignment_data
from tests.factories import round_over, seated_session

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("variant", ["express", "abbott", "russian", "delphi"])
def test_every_game_ends_after_the_teachers_rounds_with_totals_and_a_winner(
    visitors, classroom, variant
):
    response = visitors["teacher"].post(
        reverse("classroom:assignment_create", kwargs={"pk": classroom.pk}),
        assignment_data(variant=variant, game_rounds="2", table_size="4"),
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    assignment = Assignment.objects.get(classroom=classroom)
    assert assignment.variant == variant and assignment.game_rounds == 2
    table, seats = seated_session(assignment, players=3, seed=3)
    round_over(current_round(table=table))
    assert not game_over(table=table)
    table_next_round(table=table)
    round_over(current_round(table=table))
    assert game_over(table=table)
    with pytest.raises(IllegalActionError) as error:
        table_next_round(table=table)
    assert str(error.value) == GAME_OVER
    totals = game_totals(table=table, seats=seats)
    assert totals.over and totals.rounds_played == 2 and totals.target == 2
    assert len(totals.rows) == 3 and totals.winners


@pytest.mark.parametrize(("variant", "limit"), [("abbott", 7), ("russian", 7)])
def test_the_form_refuses_a_table_larger_than_the_game_takes(visitors, classroom, variant, limit):
    """Issue 35, point 8: refused in the form, not only at "Deal and start"."""
    url = reverse("classroom:assignment_create", kwargs={"pk": classroom.pk})
    refused = visitors["teacher"].post(
        url, assignment_data(variant=variant, table_size=str(limit + 1))
    )
    assert refused.status_code == 400  # the form again, with the error
    assert f"This game takes at most {limit} players per table." in refused.content.decode()
    assert not Assignment.objects.filter(classroom=classroom).exists()
    taken = visitors["teacher"].post(url, assignment_data(variant=variant, table_size=str(limit)))
    assert taken.status_code == 302
