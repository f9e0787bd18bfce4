"""Every refusal of the engine has words in the message table, in every language."""

import ast
from pathlib import Path

from classroom.refusals import REFUSALS, refusal_message
from eleusis.engine.variants import IllegalActionError, express

VARIANTS = Path(__file__).resolve().parents[2] / "eleusis" / "engine" / "variants"


def _engine_codes() -> set[str]:
    codes = set()
    for path in VARIANTS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Refusal":
                codes.add(node.args[0].value)
    return codes


def test_every_engine_refusal_code_has_words():
    codes = _engine_codes()
    assert len(codes) > 30  # the walk really found them
    assert sorted(codes - set(REFUSALS)) == []


def test_a_player_number_becomes_the_nickname():
    refusal = IllegalActionError(express.NOT_YOUR_TURN, player=2, turn=0)
    names = {0: "Ana", 2: "Ben"}
    assert refusal_message(refusal, name_of=names.__getitem__) == (
        "It is not your turn yet: it is Ana's turn."
    )


def test_the_list_of_turns_never_reaches_the_user():
    refusal = IllegalActionError(express.UNPROMPTED_HINT, turns=[2, 2, 1])
    assert "[" not in refusal_message(refusal)


def test_every_way_a_round_ends_has_words_for_the_teacher():
    from django.utils import translation

    from classroom.refusals import END_REASONS, end_reason_label
    from eleusis.engine.variants import EndReason

    assert set(END_REASONS) == set(EndReason)
    assert end_reason_label("shed_all") == "a player shed every card"  # a stored string
    assert end_reason_label(EndReason.TEACHER) == "you ended it"
    assert end_reason_label(None) == "" and end_reason_label("older reason") == "older reason"
    with translation.override("es"):
        assert end_reason_label(EndReason.GUESSED) != "someone found the rule"
