"""A card not on the line yet is unknown, and the judgeable part decides (issue 39, point 1).

The reading is three-valued (docs/rules.md §5). Checked here on generated rules:
- a refusal is sound: a card refused while a card the rule reads is missing is refused however
  the missing cards are filled in (the part that decided does not depend on them);
- `and` and `or` commute on every situation of the start and of 1- and 2-card mainlines;
- the solver's encoding and the enumeration agree, the starts and short lines included;
- the command line judges as the API does.
"""

import io
import itertools
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eleusis.engine.cards import FULL_DECK
from eleusis.engine.history import Attempt
from eleusis.engine.rules import analyse, compile_rule
from eleusis.engine.rules.cli import run
from eleusis.engine.rules.equivalence import _enumerated, plan
from eleusis.engine.rules.smt import prove_same
from tests.engine.rules.helpers import card, combined, plays

REFS = st.sampled_from(["", "last.", "last2.", "last3."])
LEAVES = st.one_of(
    st.builds(
        "{}{} {} {}{}".format,
        REFS,
        st.sampled_from(["rank", "suit", "color"]),
        st.sampled_from(["==", "!="]),
        REFS,
        st.sampled_from(["rank", "suit", "color"]),
    ).filter(lambda text: text.split()[0].split(".")[-1] == text.split()[2].split(".")[-1]),
    st.builds("{} is {}".format, st.sampled_from(["last", "last2", "last3", "card"]),
              st.sampled_from(["red", "black", "odd", "face"])),
    st.sampled_from(["red", "odd", "high", "position <= 2", "position == 3", "position % 2 == 0",
                     "rank > last.rank", "rank < last2.rank", "previous.accepted"]),
)  # fmt: skip
RULES = combined(LEAVES, max_leaves=4)


def _short_situations(rule):
    """(history, card) for the start and every 1- and 2-card mainline, by card classes."""
    reps = [c for c in FULL_DECK if c.rank in (1, 2, 8, 11, 13)]
    yield from (([], c) for c in reps)
    for first in reps:
        yield from (([Attempt(first, True)], c) for c in reps)
        for second in reps:
            yield from (([Attempt(first, True), Attempt(second, True)], c) for c in reps)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RULES, st.lists(st.sampled_from(FULL_DECK), max_size=2), st.sampled_from(FULL_DECK))
def test_a_refusal_on_a_short_line_holds_however_the_missing_cards_are_filled(text, line, played):
    rule = compile_rule(text)
    history = [Attempt(c, True) for c in line]
    if rule.reads_position or rule.accepts(history, played):
        return  # (filling cards in front would move the position, another situation)
    missing = max(rule.lookback - len(line), 0)
    fillers = [c for c in FULL_DECK if c.rank in (1, 2, 7, 8, 11, 13)]
    for before in itertools.product(fillers, repeat=missing):
        longer = [Attempt(c, True) for c in before] + history
        assert not rule.accepts(longer, played), (text, line, before, played)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RULES, RULES, st.sampled_from(["and", "or"]))
def test_and_and_or_commute_on_the_start_and_short_lines(first, second, op):
    a = compile_rule(f"({first}) {op} ({second})")
    b = compile_rule(f"({second}) {op} ({first})")
    for history, played in _short_situations(a):
        assert a.accepts(history, played) == b.accepts(history, played), (history, played)


COMPARED: list[str] = []


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RULES, RULES)
def test_the_solver_agrees_with_the_enumeration_on_short_lines_too(first, second):
    a, b = compile_rule(first), compile_rule(second)
    the_plan = plan((a, b))
    if the_plan is None:
        return
    starts = all(a.judge_start(i) == b.judge_start(i) for i in range(len(FULL_DECK)))
    enumerated = starts and bool(_enumerated(a, b, the_plan).equivalent)
    solved = prove_same(a, b, timeout_ms=10_000)
    assert solved.status != "unknown"
    assert solved.status == ("equivalent" if enumerated else "different"), (first, second)
    if solved.status == "different":
        assert solved.card is not None and solved.plays is not None
        played = FULL_DECK[solved.card]
        assert a.accepts(solved.plays, played) != b.accepts(solved.plays, played)
    COMPARED.append(solved.status)


def test_a_guard_that_works_is_not_called_dead():
    for text in (
        "if position <= 2 then suit != last.suit else suit != last.suit and suit != last2.suit",
        "if position == 1 then hearts else color != last.color",
    ):
        codes = [w.code for w in analyse(compile_rule(text)).warnings]
        assert "dead_branch" not in codes, text


def test_the_guarded_and_unguarded_rules_agree_and_differ_from_last_only():
    from eleusis.engine.rules import equivalence

    both = "suit != last.suit and suit != last2.suit"
    guarded = "suit != last.suit and (position <= 2 or suit != last2.suit)"
    assert equivalence(compile_rule(both), compile_rule(guarded)).equivalent
    only_last = equivalence(compile_rule(both), compile_rule("suit != last.suit"))
    assert only_last.equivalent is False


def test_the_command_line_refuses_ac_after_jc():
    line = json.dumps({"plays": [["JC", True]], "card": "AC"}) + "\n"
    for text in (
        "suit != last.suit and suit != last2.suit",
        "suit != last.suit and (position <= 2 or suit != last2.suit)",
        "if position <= 2 then suit != last.suit else suit != last.suit and suit != last2.suit",
    ):
        out: list[str] = []
        run({"action": "judge", "rule": text}, out.append, io.StringIO(line))
        assert [json.loads(answer) for answer in out] == [{"accepted": False}], text
    assert compile_rule("red and last2 is red").accepts(plays("AS"), card("2H"))
