from classroom.game_forms import AbbottMoveForm, MoveForm
from eleusis.engine.cards import Card

PLAY = {"op": "play", "round": "3", "seq": "4", "card": "QH", "hypothesis": "colors alternate"}


def test_a_move_form_validates_a_play() -> None:
    form = MoveForm(PLAY)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["card"] == Card.parse("QH")
    assert form.cleaned_data["seq"] == 4


def test_move_forms_share_their_fields_and_keep_their_own_data_and_errors() -> None:
    valid, invalid = MoveForm(PLAY), MoveForm({**PLAY, "card": "ZZ"})
    assert valid.fields["card"] is invalid.fields["card"]  # not copied for each form
    assert valid.is_valid()
    assert not invalid.is_valid()
    assert invalid.errors["card"] == ["That card does not exist."]
    assert valid.errors == {}
    assert MoveForm(PLAY).is_valid()  # a refused form left nothing behind


def test_abbott_forms_read_the_cards_and_leave_the_hand_to_the_engine() -> None:
    first = AbbottMoveForm({"op": "play", "round": "1", "cards": ["QH"]})
    second = AbbottMoveForm({"op": "play", "round": "1", "cards": ["2C"]})
    wrong = AbbottMoveForm({"op": "play", "round": "1", "order": "QH ZZ"})
    assert not wrong.is_valid() and wrong.errors["order"] == ["ZZ is not a card."]
    assert first.is_valid(), first.errors
    assert second.is_valid(), second.errors
    assert [card.code for card in first.cleaned_data["string"]] == ["QH"]
    assert [card.code for card in second.cleaned_data["string"]] == ["2C"]
