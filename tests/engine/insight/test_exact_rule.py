"""One exact answer to "is this idea the rule?" (issue 34, finding 2): from a table, an idea is
the rule when it judges like the secret in every situation reachable from it, decided by the
rule language's exact machinery (`rules/reachable.py`, `equivalence`), never by a sample."""

from __future__ import annotations

import random

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt
from eleusis.engine.insight import (
    CandidateSpace,
    Evidence,
    Hypothesis,
    PlayRecord,
    RoundLog,
    analyse_round,
)
from eleusis.engine.insight.agreement import agreement, agrees_from, is_rule, is_rule_from
from eleusis.engine.rules import LIBRARY, compile_rule
from eleusis.engine.rules.builder import build
from eleusis.engine.rules.equivalence import sample_history
from eleusis.engine.rules.reachable import explore, same_from

STEP_UP = LIBRARY["el-step-up-1-3"].compiled()
# "Play a higher rank than the last card and play a rank within 3 of the last card": the same
# as one-to-three-up except at the wrap (after a Q, the rule also takes A and 2).
HIGHER_WITHIN_3 = compile_rule(build(
    {"if": "always", "then": "higher", "then-ref": "last", "join": "and", "then2": "within",
     "then2-n": "3", "then2-ref": "last"}
).text)  # fmt: skip

# A table the secret built (seeded draw, 57 plays) whose last mainline card is an ace: no
# continuation of at most 16 cards reaches the wrap, so the sampled check said "the rule".
TRAP = (
    "3H 3Sx KSx 6C 8D 3Hx 9S 9Dx 5Cx 6Dx 10H 6Dx JH 4Cx 4Sx KS 4Cx 2C 2Hx 2Dx 8Dx 5D KSx 3Sx "
    "7C 9H 3Sx 6Sx 5Hx 10H 8Sx 6Dx 10Sx 7Dx 8Dx QS QCx 2C 7Sx 8Dx ACx 10Sx QHx 9Sx 7Hx AHx QDx "
    "10Cx 9Hx 5D 6S 5Dx 9H QC KH AH JCx"
)


def table(codes: str) -> tuple[Attempt, ...]:
    return tuple(
        Attempt(Card.parse(code.rstrip("x")), not code.endswith("x")) for code in codes.split()
    )


def test_the_wrap_around_idea_is_not_the_rule_where_the_sample_said_it_was() -> None:
    history = table(TRAP)
    assert agrees_from(HIGHER_WITHIN_3, STEP_UP, history)  # the sample cannot see the wrap
    assert is_rule_from(HIGHER_WITHIN_3, STEP_UP, history) is False
    assert not is_rule(HIGHER_WITHIN_3, STEP_UP)
    assert not agreement(HIGHER_WITHIN_3, STEP_UP).as_rule
    reach = explore(HIGHER_WITHIN_3, STEP_UP, history)
    assert (reach.same, reach.narrow, reach.broad) == (False, True, False)  # it refuses A after Q


def test_a_student_holding_it_on_that_table_has_not_found_the_rule() -> None:
    history = table(TRAP)
    card = Card.parse("2H")  # one up from the ace: right under both
    record = PlayRecord(
        number=1,
        entry=1,
        player=0,
        kind="play",
        cards=(card,),
        accepted=True,
        hand=(card,),
        history=history,
        hypothesis=Hypothesis(checkable=HIGHER_WITHIN_3.text),
        prediction=True,
        evidence_before=0,
        evidence_after=1,
    )
    log = RoundLog(1, (record,), (Evidence("card", history, (card,), True),), history, None, None)
    pool = CandidateSpace.build([("step up", STEP_UP), ("higher within 3", HIGHER_WITHIN_3)])
    insight = analyse_round(log, STEP_UP, pool=pool)
    assert insight.plays[0].right is False
    assert not insight.players[0].found and insight.players[0].reached_at is None
    # Nor did the observer solve the round: the idea was still alive and is not the rule.
    assert insight.solved_at is None


def test_an_idea_that_differs_only_on_a_lone_starter_is_the_rule_from_the_second_card() -> None:
    idea, secret = compile_rule("parity == last2.parity"), compile_rule("parity != last.parity")
    assert is_rule_from(idea, secret, table("3H")) is False  # nothing two back yet
    assert is_rule_from(idea, secret, table("3H 4C")) is True
    assert is_rule_from(idea, secret, table("3H 5Cx 4C 7Dx")) is True


def test_equivalent_ideas_are_the_rule_from_every_table() -> None:
    idea = compile_rule("color == red or color == red")
    secret = compile_rule("red")
    rng = random.Random(3)
    for _ in range(5):
        assert is_rule_from(idea, secret, tuple(sample_history(rng, secret, 10))) is True
    assert is_rule(idea, secret)


def test_undecided_is_neither_the_rule_nor_found() -> None:
    # Counts over the whole mainline cannot be walked; the two differ only once 30 red cards
    # are down, which no sampled continuation reaches: the answer is "undecided", not "yes".
    idea, secret = compile_rule("red or count(red) > 30"), compile_rule("red")
    history = table("2H 3Sx 4D")
    assert same_from(idea, secret, history) is None
    assert is_rule_from(idea, secret, history) is None
    assert not is_rule(idea, secret)


def test_sampled_tables_never_start_with_an_unchecked_starter() -> None:
    red = compile_rule("red")
    for seed in range(40):
        history = sample_history(random.Random(seed), red, 6)
        assert history and history[0].accepted and red.accepts([], history[0].card)
    assert sample_history(random.Random(1), compile_rule("false"), 6) == []
