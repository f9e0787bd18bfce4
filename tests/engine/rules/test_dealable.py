"""Counterexamples a teacher can deal (issue 39, point 3): every history the equivalence check
shows uses at most two of a card (Express deals two decks; Abbott/Howell three) and starts
with a card both rules let start the mainline; the two rules judge its card differently."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eleusis.engine.cards import FULL_DECK, Card
from eleusis.engine.rules import compile_rule, equivalence
from tests.engine.rules.helpers import combined

REFS = st.sampled_from(["", "last.", "last2.", "last3."])
LEAVES = st.one_of(
    st.builds("{}rank {} {}rank".format, REFS, st.sampled_from(["==", "!=", "<", ">"]), REFS),
    st.builds("{}suit == {}suit".format, REFS, REFS),
    st.builds("{} is {}".format, st.sampled_from(["last", "last2", "last3", "card"]),
              st.sampled_from(["red", "black", "odd", "face", "king"])),
    st.sampled_from(["red", "odd", "position % 3 == 0", "position <= 3", "count(red) < 3",
                     "count(clubs) > count(hearts)", "previous.accepted", "previous2.rejected",
                     "sum(rank of mainline) % 4 == 1"]),
)  # fmt: skip
RULES = combined(LEAVES, max_leaves=3)
SEEN: Counter[str] = Counter()


def _assert_dealable(first, second, result):
    example = result.counterexample
    assert example is not None
    a, b = compile_rule(first), compile_rule(second)
    played = Card.parse(example.card)
    copies = Counter([attempt.card for attempt in example.plays] + [played])
    assert max(copies.values()) <= 2, (first, second, example.to_dict())
    mainline = [attempt.card for attempt in example.plays if attempt.accepted]
    if mainline:
        index = FULL_DECK.index(mainline[0])
        assert a.judge_start(index) and b.judge_start(index), (first, second, example.to_dict())
        assert example.plays[0].accepted, example.to_dict()  # no wrong play before the starter
    assert a.accepts(example.plays, played) != b.accepts(example.plays, played)
    SEEN["different"] += 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RULES, RULES)
def test_every_counterexample_can_be_dealt_and_starts_with_a_starter(first, second):
    result = equivalence(compile_rule(first), compile_rule(second))
    if result.equivalent is False:
        _assert_dealable(first, second, result)
    else:
        SEEN[result.verdict] += 1


def test_the_issue_pair_is_told_apart_by_a_short_dealable_history():
    first = "rank == last.rank or suit == last3.suit or rank == last2.rank or position == 45"
    second = "rank == last.rank or suit == last3.suit or rank == last2.rank"
    result = equivalence(compile_rule(first), compile_rule(second))
    _assert_dealable(first, second, result)
    # The 45th card is where they differ: the 44 cards before it, as short as it can be.
    assert len([a for a in result.counterexample.plays if a.accepted]) == 44
