"""The forms added for issue #13: counts and sums over the whole mainline, abs, prime,
previous2, card letters. Each is judged like a plain-Python definition on random histories."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eleusis.engine.cards import FULL_DECK
from eleusis.engine.history import Attempt
from eleusis.engine.rules import RuleSyntaxError, analyse, compile_rule, suggest_hints

CARDS = st.sampled_from(FULL_DECK)
# Histories as tables make them: the first play starts the mainline, later ones may be wrong.
HISTORIES = st.lists(st.tuples(CARDS, st.booleans()), max_size=30).map(
    lambda plays: [Attempt(card, ok or index == 0) for index, (card, ok) in enumerate(plays)]
)
PRIMES = {2, 3, 5, 7, 11, 13}


def mainline(history):
    return [attempt.card for attempt in history if attempt.accepted]


# Each rule with its definition: (history, card) -> verdict, for a history with a mainline.
DEFINITIONS = [
    (
        "count(red) <= count(black) + 1",
        lambda h, c: (
            sum(x.is_red for x in mainline(h)) <= sum(not x.is_red for x in mainline(h)) + 1
        ),
    ),
    ("count(clubs) < 3", lambda h, c: sum(x.suit.name == "CLUBS" for x in mainline(h)) < 3),
    ("count(all) % 4 == 0 or red", lambda h, c: len(mainline(h)) % 4 == 0 or c.is_red),
    ("sum(rank of mainline) % 2 == 0", lambda h, c: sum(x.rank for x in mainline(h)) % 2 == 0),
    (
        "sum(value of mainline) + value > 40 or face",
        lambda h, c: sum(x.value for x in mainline(h)) + c.value > 40 or c.is_face,
    ),
    ("abs(rank - last.rank) <= 2", lambda h, c: abs(c.rank - mainline(h)[-1].rank) <= 2),
    ("prime", lambda h, c: c.rank in PRIMES),
    ("last is prime or rank == K", lambda h, c: mainline(h)[-1].rank in PRIMES or c.rank == 13),
    (
        "suit == H or rank in {A, J, Q}",
        lambda h, c: c.suit.name == "HEARTS" or c.rank in (1, 11, 12),
    ),
    (
        "if previous.rejected and previous2.rejected then true else red",
        # With no play before the previous one (only the starter), the previous play was
        # right: the condition is false whatever the unknown, so `red` decides.
        lambda h, c: (
            c.is_red if len(h) < 2 else (not h[-1].accepted and not h[-2].accepted) or c.is_red
        ),
    ),
    (
        "count(hearts) > count(spades) and previous2.accepted",
        # With no play before the previous one, `and unknown` leaves the count to decide.
        lambda h, c: (
            sum(x.suit.name == "HEARTS" for x in mainline(h))
            > sum(x.suit.name == "SPADES" for x in mainline(h))
            and (len(h) < 2 or h[-2].accepted)
        ),
    ),
]


@pytest.mark.parametrize(("text", "definition"), DEFINITIONS, ids=[d[0] for d in DEFINITIONS])
@settings(max_examples=150, deadline=None)
@given(history=HISTORIES, card=CARDS)
def test_new_forms_judge_like_their_definitions(text, definition, history, card):
    rule = compile_rule(text)
    if not mainline(history):
        return  # the start: judged by the start rule, tested elsewhere
    assert rule.accepts(history, card) == bool(definition(history, card))


@pytest.mark.parametrize(("text", "definition"), DEFINITIONS, ids=[d[0] for d in DEFINITIONS])
def test_new_forms_are_explained_analysed_and_hinted(text, definition):
    rule = compile_rule(text)
    explanation = rule.explain()
    assert explanation and "(" not in explanation[:1]
    assert "Count" not in explanation and "Abs" not in explanation
    analysis = analyse(rule)
    assert 0 <= analysis.min_legal <= analysis.max_legal <= 52
    assert [hint.text for hint in suggest_hints(rule)]


def test_counts_are_over_the_cards_already_down_not_the_card_played():
    rule = compile_rule("count(red) == 0")
    history = [Attempt(FULL_DECK[0], True)]  # the ace of spades
    assert all(rule.accepts(history, card) for card in FULL_DECK)
    assert "already on the mainline" in rule.explain()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("count(red) <= count(black) + 1", "the number of red cards already on the mainline"),
        ("abs(rank - last.rank) <= 2", "without its sign"),
        ("prime", "prime (2, 3, 5, 7, J or K)"),
        ("previous2.accepted or red", "the play before the previous one was right"),
        ("sum(rank of mainline) % 2 == 0", "the sum of the ranks of all the cards already"),
    ],
)
def test_new_forms_in_words(text, words):
    assert words in compile_rule(text).explain()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("count(rank) > 2", "write a count like count(red)"),
        ("previous2.rank > 3", "only previous2.accepted and previous2.rejected"),
        ("rank == k", "did you mean 'K' (king)?"),
        ("suit == h", "did you mean 'H' (hearts)?"),
        ("sum(rank of line) > 3", "sum(rank of mainline)"),
        ("abs(rank, 3) > 1", "abs with one number inside"),
    ],
)
def test_new_forms_refuse_their_mistakes(text, message):
    with pytest.raises(RuleSyntaxError) as caught:
        compile_rule(text)
    assert message in caught.value.message
