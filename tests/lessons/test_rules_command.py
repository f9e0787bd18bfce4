"""`./manage.py rules`: check, judge, equiv and library, in text and JSON."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from eleusis.engine.rules import LIBRARY


def run(*args, stdin=None):
    out = io.StringIO()
    options = {"stdout": out}
    if stdin is not None:
        options["stdin"] = io.StringIO(stdin)
    call_command("rules", *args, **options)
    return out.getvalue()


def test_check_explains_analyses_and_warns():
    text = run("check", "rank == last.rank + 1")
    assert (
        "In words: A card may be played when the card's rank is the last card's rank + 1." in text
    )
    assert "Legal cards of 52: min 0, mean 3.7, max 4 (exact" in text
    assert "Too strict" in text and "Dead end: after KS" in text


def test_check_json_of_a_library_rule():
    data = json.loads(run("check", "@th-alternate-colors", "--json"))
    assert data["rule"] == "color != last.color"
    assert data["explanation"].startswith(
        "A card may be played when the card has a different color"
    )
    assert data["analysis"]["legal"]["mean"] == 26
    assert data["analysis"]["warnings"] == []


def test_check_reports_a_syntax_error_with_line_and_column_and_exits_1():
    with pytest.raises(CommandError) as caught:
        run("check", "color != last.colour")
    assert caught.value.returncode == 1
    assert "line 1, column 15: unknown property 'colour' — did you mean 'color'?" in str(
        caught.value
    )
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("rules", "check", "red and\n  purple", "--json", stdout=out)
    assert json.loads(out.getvalue()) == {
        "error": "unknown word 'purple'",
        "line": 2,
        "column": 3,
        "source": "  purple",
        "caret": "  ^^^^^^",
    }


def test_an_unknown_library_id_is_an_error():
    with pytest.raises(CommandError, match="no library rule 'nope'"):
        run("check", "@nope")


def test_judge_reads_json_lines_and_writes_one_line_each():
    lines = "\n".join(
        [
            json.dumps({"plays": [["AS", True], ["7H", False]], "card": "QD"}),
            json.dumps({"plays": [["AS", True], ["7H", False]], "card": "QC"}),
            json.dumps({"plays": [], "card": "2C"}),
            "",
            json.dumps({"plays": [["AS", True]], "card": "ZZ"}),
            "not json",
            json.dumps({"plays": [["AS", "yes"]], "card": "QD"}),
            json.dumps({"card": 3}),
        ]
    )
    out = [
        json.loads(line) for line in run("judge", "@th-alternate-colors", stdin=lines).splitlines()
    ]
    assert out[:3] == [{"accepted": True}, {"accepted": False}, {"accepted": True}]
    assert len(out) == 7
    assert all(set(line) == {"error"} for line in out[3:])
    assert "unknown rank 'Z'" in out[3]["error"]
    assert out[4]["error"].startswith("not JSON")


def test_judge_with_rule_text_and_the_previous_verdict():
    lines = json.dumps({"plays": [["AS", True], ["7H", False]], "card": "2S"})
    assert run("judge", "if previous.accepted then red else black", "--json", stdin=lines) == (
        '{"accepted": true}\n'
    )


def test_equiv_json_gives_a_counterexample():
    data = json.loads(run("equiv", "@th-parity-color", "@el-parity-color", "--json"))
    assert data["equivalent"] is False and data["exhaustive"] is True
    assert data["situations"] == 52 + 52 * 52
    example = data["counterexample"]
    assert set(example) == {"plays", "card", "a", "b"} and example["a"] != example["b"]


def test_equiv_text():
    assert run("equiv", "@th-alternate-colors", "if last is red then black else red") == (
        "Equivalent for a game dealt from 2 decks (checked every one of 2756 situations).\n"
    )
    text = run("equiv", "@th-suit-cycle", "@el-suit-cycle")
    assert text.startswith("Different (checked every one of 2756 situations): after ")


def test_library_lists_every_rule_with_its_explanation():
    data = json.loads(run("library", "--json"))
    assert [entry["id"] for entry in data] == list(LIBRARY)
    for entry in data:
        assert {"id", "name", "source", "difficulty", "text", "explanation"} <= set(entry)
    text = run("library")
    assert "th-sum-two  (000, hard)" in text
