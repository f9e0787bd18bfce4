"""Typed refusals: every game says why an action is not allowed with a stable code and its
parameters (for a user interface's message table), and `Round.check` asks without changing."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from eleusis.engine.cards import FULL_DECK
from eleusis.engine.variants import (
    VARIANTS,
    End,
    IllegalActionError,
    Play,
    Refusal,
    express,
)
from tests.engine.variants.test_express import make

VARIANTS_DIR = Path(__file__).resolve().parents[3] / "eleusis" / "engine" / "variants"


def test_a_refusal_is_its_english_template_with_a_code() -> None:
    assert express.NOT_YOUR_TURN.code == "not_your_turn"
    assert isinstance(express.NOT_YOUR_TURN, str)
    assert express.NOT_YOUR_TURN.format(player=2, turn=0) == (
        "not your turn: player 2 plays after player 0"
    )


def test_an_illegal_action_carries_the_code_and_the_parameters() -> None:
    round_ = make()
    card = round_.state.hands[2][0]
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Play(2, card))
    assert error.value.code == "not_your_turn"
    assert error.value.params == {"player": 2, "turn": 0}
    assert str(error.value) == "not your turn: player 2 plays after player 0"


def test_check_answers_why_without_changing_the_round() -> None:
    round_ = make()
    before = round_.to_json()
    missing = next(card for card in FULL_DECK if card not in round_.state.hands[0])

    refusal = round_.check(Play(0, missing))

    assert refusal is not None
    assert refusal.code == "card_not_in_hand"
    assert refusal.params == {"card": missing, "player": 0}
    assert round_.check(Play(0, round_.state.hands[0][0])) is None
    assert round_.to_json() == before


def test_a_finished_round_refuses_with_its_own_code() -> None:
    round_ = make()
    round_.apply(End("time"))
    refusal = round_.check(Play(0, round_.state.hands[0][0]))
    assert refusal is not None
    assert (refusal.code, refusal.params) == ("round_over", {"reason": "time", "action": "play"})


def test_a_plain_message_is_a_refusal_without_a_code() -> None:
    assert IllegalActionError("something else").code == "other"


def test_every_game_raises_only_typed_refusals() -> None:
    """No `IllegalActionError(f"...")` or `IllegalActionError(X.format(...))` in the games: each
    raise names a Refusal constant, so every refusal has a code an interface can translate."""
    untyped = []
    constants: set[str] = set()
    for path in VARIANTS_DIR.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants |= {
            target.id
            for node in tree.body
            if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and getattr(node.value.func, "id", "") == "Refusal"
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") == "IllegalActionError"
                and not (isinstance(node.args[0], ast.Name) and node.args[0].id.isupper())
                and ast.unparse(node.args[0]) != "self.unsupported"
            ):
                untyped.append(f"{path.name}:{node.lineno}")
    assert len(constants) > 30  # the walk really found the games' refusals
    assert untyped == []
    # `Round.apply` refuses an action the game has not with the game's own constant.
    for variant in VARIANTS.values():
        assert isinstance(variant.unsupported, Refusal), variant.name
        assert variant.unsupported.code == "unsupported_action"


@pytest.mark.parametrize("refusal", [express.NOT_YOUR_TURN, express.HINTS_OFF])
def test_refusals_are_importable_constants(refusal: Refusal) -> None:
    assert refusal.code and refusal == str(refusal)
