"""Writing histories compactly in tests: "AS 7H- 8D" is AS right, 7H wrong, 8D right; and
rule texts drawn by hypothesis."""

from hypothesis import strategies as st

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt


def plays(text: str) -> list[Attempt]:
    attempts = []
    for word in text.split():
        rejected = word.endswith("-")
        attempts.append(Attempt(Card.parse(word.rstrip("-+")), not rejected))
    return attempts


def card(text: str) -> Card:
    return Card.parse(text)


def combined(leaves: st.SearchStrategy[str], *, max_leaves: int) -> st.SearchStrategy[str]:
    """Rule texts that are one of `leaves`, or `not`, `and`, `or` and `if … then … else` over
    such texts, with at most `max_leaves` leaves."""
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.builds("not ({})".format, inner),
            st.builds("({}) and ({})".format, inner, inner),
            st.builds("({}) or ({})".format, inner, inner),
            st.builds("if {} then {} else {}".format, inner, inner, inner),
        ),
        max_leaves=max_leaves,
    )
