"""`./manage.py rules frames` and `./manage.py rules build`: the builder from outside."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from eleusis.engine.rules import compile_rule, equivalence
from tests.engine.rules.test_builder_coverage import COVERAGE


def run(*args):
    out = io.StringIO()
    call_command("rules", *args, stdout=out)
    return out.getvalue()


def test_frames_lists_every_part_and_option_with_ids():
    data = json.loads(run("frames", "--json"))
    parts = {part["id"]: part for part in data["parts"]}
    assert {"if", "if-is", "then", "then-what", "join", "then2", "then2-ref"} <= set(parts)
    assert "rank-7" in {option["id"] for option in parts["then-what"]["options"]}
    assert "then=" not in run("frames") and "then-what: what kind of card" in run("frames")


def test_build_prints_the_rule_and_the_words():
    assert run("build", "then=other-color", "then-ref=last").splitlines() == [
        "color != last.color",
        "Play the other color from the last card.",
    ]
    data = json.loads(
        run(
            "build",
            "if=wrong",
            "then=any",
            "join=otherwise",
            "then2=up",
            "then2-n=1",
            "then2-ref=last",
            "--json",
        )
    )
    assert data["rule"] == "if previous.rejected then true else rank == last.rank + 1 wrap 13"
    assert data["choices"]["then2-n"] == "1"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["then=play"], "Say which card"),
        (["then=play", "then-what=red", "join=otherwise", "then2=any"], "needs an “if …”"),
        (
            ["then=play", "then-what=red", "join=and", "then2=play", "then2-what=black"],
            "No card can ever be played",
        ),
        (["then"], "is not PART=OPTION"),
        (["then=fly"], "then=fly is not a choice"),
    ],
)
def test_an_unfinished_or_impossible_sentence_is_a_clear_error(args, message):
    out = io.StringIO()
    with pytest.raises(CommandError, match=message):
        call_command("rules", "build", *args, "--json", stdout=out)
    assert message in json.loads(out.getvalue())["error"]


def test_the_coverage_list_through_the_command():
    """What an outside check does: build each rule with the command, compare with its text."""
    built = 0
    for _name, text, filling in COVERAGE:
        if filling is None:
            continue
        pairs = [f"{part}={option}" for part, option in filling.items()]
        rule = json.loads(run("build", *pairs, "--json"))["rule"]
        built += equivalence(compile_rule(rule), compile_rule(text)).equivalent
    assert built >= 24
