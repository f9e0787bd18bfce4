"""Property tests: any text compiles or raises RuleSyntaxError, quickly; compiled rules judge
every situation without raising, and the analysis and equivalence stand on arbitrary rules."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eleusis.engine.cards import FULL_DECK
from eleusis.engine.history import Attempt
from eleusis.engine.rules import RuleSyntaxError, compile_rule, equivalence
from tests.engine.rules.helpers import combined

WORDS = [
    "color", "suit", "rank", "value", "parity", "half", "face", "last", "last2", "card",
    "previous", "previous.accepted", "position", "red", "black", "hearts", "spades", "odd",
    "even", "low", "high", "true", "false", "king", "if", "then", "else", "and", "or", "not",
    "in", "is", "wrap", "mod", "sum(value of last 2)", "next(last.suit, [spades, hearts, "
    "diamonds, clubs])", "start:", "rule:", "==", "!=", "<", "<=", ">", ">=", "=", "+", "-",
    "*", "%", "..", "{", "}", "(", ")", "[", "]", ",", ".", "1", "3", "13", "0", "♥", "#",
    "\n", "last.rank", "last.color", "card(-2)", "colour",
]  # fmt: skip

CARDS = st.sampled_from(FULL_DECK)
HISTORIES = st.lists(st.tuples(CARDS, st.booleans()), max_size=12).map(
    lambda plays: [Attempt(card, ok or index == 0) for index, (card, ok) in enumerate(plays)]
)


def _compiles_or_refuses(text):
    # No time is asserted here (a loaded machine would fail it): the parser is LALR, linear in
    # the text, and bounded by MAX_RULE_LENGTH; benchmarks/ prints how long compiling takes.
    try:
        rule = compile_rule(text)
    except RuleSyntaxError as error:
        assert error.line >= 1 and error.column >= 1
        assert "^" in str(error)
        rule = None
    return rule


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_arbitrary_text_compiles_or_raises_rule_syntax_error(text):
    _compiles_or_refuses(text)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=25), HISTORIES, CARDS)
def test_rule_like_text_compiles_or_raises_and_then_judges(words, history, card):
    rule = _compiles_or_refuses(" ".join(words))
    if rule is not None:
        assert rule.accepts(history, card) in (True, False)
        assert rule.accepts([], card) in (True, False)
        assert isinstance(rule.explain(), str)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=14))
def test_a_compiled_rule_is_equivalent_to_itself(words):
    rule = _compiles_or_refuses(" ".join(words))
    if rule is not None:
        assert equivalence(rule, rule).equivalent


# Well-formed rules, built from the grammar, to exercise the compiler and the analyses.
REFS = st.sampled_from(["", "last.", "last2.", "card(-3).", "previous."])
NUMBERS = st.recursive(
    st.one_of(
        st.builds(lambda ref, prop: ref + prop, REFS, st.sampled_from(["rank", "value"])),
        st.integers(0, 14).map(str),
        st.just("position"),
        st.just("sum(value of last 2)"),
    ),
    lambda inner: st.one_of(
        st.builds("({} + {})".format, inner, inner),
        st.builds("({} - {})".format, inner, inner),
        st.builds("({}) % {}".format, inner, st.integers(1, 5)),
        st.builds("(({}) wrap 13)".format, inner),
    ),
    max_leaves=4,
)
SUITS = st.one_of(
    st.builds(lambda ref: ref + "suit", REFS),
    st.sampled_from(
        ["hearts", "spades", "♦", "next(last.suit, [clubs, hearts, spades, diamonds])"]
    ),
)
QUALITIES = st.sampled_from(["red", "black", "odd", "even", "low", "high", "face", "clubs"])
TESTS = combined(
    st.one_of(
        st.builds("{} {} {}".format, NUMBERS, st.sampled_from(["==", "!=", "<", ">="]), NUMBERS),
        st.builds("{} != {}".format, SUITS, SUITS),
        st.builds("{} is {}".format, st.sampled_from(["last", "last2", "card"]), QUALITIES),
        QUALITIES,
        st.builds("{} in {} .. {}".format, NUMBERS, NUMBERS, NUMBERS),
        st.just("previous.accepted"),
    ),
    max_leaves=5,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TESTS, TESTS, HISTORIES, CARDS)
def test_well_formed_rules_compile_judge_and_compare(first, second, history, card):
    a, b = compile_rule(first), compile_rule(second)
    assert a.accepts(history, card) in (True, False)
    result = equivalence(a, b)
    assert result.exhaustive or result.proved or result.equivalent is None
    if result.equivalent is False:
        example = result.counterexample
        played = next(c for c in FULL_DECK if c.code == example.card)
        assert a.accepts(example.plays, played) is example.a
        assert b.accepts(example.plays, played) is example.b
        assert example.a != example.b
    elif result.equivalent:
        for start in FULL_DECK:
            assert a.accepts([], start) == b.accepts([], start)
        if result.exhaustive:  # then no history at all tells them apart
            long_history = history * 4
            assert a.accepts(history, card) == b.accepts(history, card)
            assert a.accepts(long_history, card) == b.accepts(long_history, card)
