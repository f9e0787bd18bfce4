"""The solver's encoding of the line aggregates agrees with the walk over mainlines (issue 39,
point 2): on property-generated pairs of rules using `max`, `min`, `played` and `first`, with
last-card tests, colours and position guards, `prove_same` and `enumerated_lines` give the
same verdict, and every counterexample of either is dealable and separates the two rules."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eleusis.engine.cards import FULL_DECK
from eleusis.engine.rules import compile_rule
from eleusis.engine.rules.equivalence import enumerated_lines
from eleusis.engine.rules.smt import prove_same
from tests.engine.rules.helpers import combined

LEAVES = st.sampled_from([
    "rank > max(rank of mainline)", "rank < min(rank of mainline)",
    "rank >= min(value of mainline)",
    "max(rank of mainline) > 9", "not played(suit)", "played(color)", "played(hearts)",
    "not played(king)", "played(last.suit)", "first is red", "suit == first.suit",
    "first.rank > rank", "color != last.color", "rank > last.rank", "position <= 2",
    "position % 3 == 0", "red", "odd", "previous.accepted",
])  # fmt: skip
RULES = combined(LEAVES, max_leaves=3)
COMPARED: Counter[str] = Counter()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RULES, RULES)
def test_the_solver_agrees_with_the_walk_over_mainlines(first, second):
    a, b = compile_rule(first), compile_rule(second)
    if any(a.judge_start(i) != b.judge_start(i) for i in range(len(FULL_DECK))):
        return  # told apart at the start, before either is asked
    walked = enumerated_lines(a, b, budget=200_000)
    if walked is None:
        COMPARED["too many"] += 1
        return
    solved = prove_same(a, b, timeout_ms=20_000)
    assert solved.status != "unknown", (first, second)
    assert solved.status == walked.verdict, (first, second, walked.to_dict())
    if solved.status == "different":
        played = FULL_DECK[solved.card]
        assert a.accepts(solved.plays, played) != b.accepts(solved.plays, played)
        example = walked.counterexample
        assert example.a != example.b
        copies = Counter([attempt.card.code for attempt in example.plays] + [example.card])
        assert max(copies.values()) <= 2, example.to_dict()
        assert example.plays[0].accepted
    COMPARED[solved.status] += 1


def test_rules_that_no_card_can_start_both_are_decided():
    # No starter for both and a rule reading the first card: the solver once failed on it.
    a, b = compile_rule("played(color)"), compile_rule("(first is red) and (position % 3 == 0)")
    assert prove_same(a, b).status == enumerated_lines(a, b).verdict == "equivalent"


def test_the_pairs_compared_are_reported():
    # Run after the property above (same module, in order): how many pairs it compared.
    print(dict(COMPARED))
