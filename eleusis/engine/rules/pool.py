"""The builder's pool: the finite part of the sentence builder's space that bots and the review
weigh (`eleusis.engine.inference.space.language_candidates` deduplicates it with the library and
the frame rules). The builder's space is large (every condition times every pair of
requirements); the sentences here are chosen to cover each part and option, and hold every
*plain sentence* the builder can make (`plain_fillings`): every requirement alone, with every
option of its parts, and every two requirements on the last card, or one on the last card and a
kind of card, joined by "and" or "or" ("higher than the last card and within 3 of it", "the same
suit as the last card and a face card"). tests/engine/inference/test_space.py finds each plain
sentence in the candidate space by equivalence (issue 34).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache

from eleusis.engine.rules.builder import ORDERS, QUALITIES, assemble

_POOL_QUALITIES = (
    "red",
    "black",
    "hearts",
    "diamonds",
    "spades",
    "clubs",
    "odd",
    "even",
    "low",
    "high",
    "face",
    "number",
    "prime",
)
_COMPLEMENTS = (
    ("red", "black"),
    ("black", "red"),
    ("odd", "even"),
    ("even", "odd"),
    ("low", "high"),
    ("high", "low"),
    ("face", "number"),
    ("number", "face"),
)


def _req(kind: str, **parts: str) -> dict[str, str]:
    return {"then": kind, **{f"then-{key}": value for key, value in parts.items()}}


def _second(requirement: Mapping[str, str]) -> dict[str, str]:
    return {key.replace("then", "then2", 1): value for key, value in requirement.items()}


def _single_requirements() -> Iterator[dict[str, str]]:
    for what in _POOL_QUALITIES + tuple(f"rank-{r}" for r in range(1, 14)):
        yield _req("play", what=what)
    for what in _POOL_QUALITIES:
        yield _req("avoid", what=what)
    for ref in ("last", "last2", "last3"):
        for prop in ("color", "suit", "rank", "parity", "half", "face"):
            yield _req("same", prop=prop, ref=ref)
            yield _req("different", prop=prop, ref=ref)
    for n in range(1, 7):
        yield _req("within", n=str(n), ref="last")
        yield _req("up", n=str(n), ref="last")
    for order in ORDERS:
        yield _req("next-suit", order=order.id, ref="last")
    for ref in ("last", "last2"):
        yield _req("higher", ref=ref)
        yield _req("lower", ref=ref)
        yield _req("up-down", ref=ref)
        yield _req("sum", what="even", ref=ref)
        yield _req("sum", what="odd", ref=ref)


def every_requirement() -> Iterator[dict[str, str]]:
    """Every requirement of the builder with every option of its parts."""
    for quality in QUALITIES:
        yield _req("play", what=quality.id)
        yield _req("avoid", what=quality.id)
    for ref in ("last", "last2", "last3"):
        for prop in ("color", "suit", "rank", "parity", "half", "face"):
            yield _req("same", prop=prop, ref=ref)
            yield _req("different", prop=prop, ref=ref)
        yield _req("other-color", ref=ref)
        for n in range(1, 7):
            yield _req("within", n=str(n), ref=ref)
            yield _req("up", n=str(n), ref=ref)
        for kind in ("higher", "lower", "up-down"):
            yield _req(kind, ref=ref)
        for what in ("even", "odd"):
            yield _req("sum", what=what, ref=ref)
        for order in ORDERS:
            yield _req("next-suit", order=order.id, ref=ref)
    yield _req("any")


def plain_fillings() -> Iterator[dict[str, str]]:
    """The builder's plain sentences (no condition): every requirement alone; every
    requirement on the last card with a kind of card, and every two requirements on the last
    card, joined by "and" or "or"."""
    singles = list(every_requirement())
    yield from singles
    on_last = [r for r in singles if r.get("then-ref") == "last"]
    cards = [r for r in singles if r["then"] == "play"]
    for index, first in enumerate(on_last):
        for second in cards + on_last[index + 1 :]:
            for join in ("and", "or"):
                yield {**first, "join": join, **_second(second)}


def _branch_requirements() -> list[dict[str, str]]:
    """What an "if … otherwise …" sentence plays on each side, in the pool."""
    out = [_req("play", what=what) for what in _POOL_QUALITIES]
    out += [_req(kind, ref="last") for kind in ("higher", "lower", "up-down")]
    out += [
        _req(kind, prop=prop, ref="last")
        for kind in ("same", "different")
        for prop in ("color", "suit", "rank", "parity")
    ]
    out.append(_req("within", n="1", ref="last"))
    out.append(_req("any"))
    return out


def _pool_conditions() -> Iterator[dict[str, str]]:
    for what in _POOL_QUALITIES:
        yield {"if": "last", "if-is": what}
    for what in ("red", "black", "odd", "even", "low", "high", "face"):
        yield {"if": "last2", "if-is": what}
    for kind in ("wrong", "right", "odd-place", "even-place"):
        yield {"if": kind}
    yield {"if": "sum2", "if-is": "even"}


def pool_fillings() -> Iterator[dict[str, str]]:
    """The builder's sentences that bots and the review weigh (before deduplication)."""
    yield from _single_requirements()
    yield from plain_fillings()
    yield from _joined_fillings()
    branches = _branch_requirements()
    for condition in _pool_conditions():
        yield from _conditional_fillings(condition, branches)


def _otherwise(
    condition: dict[str, str], then: dict[str, str], other: dict[str, str]
) -> dict[str, str]:
    """`condition`, then `then`, otherwise `other`."""
    return {**condition, **then, "join": "otherwise", **_second(other)}


def _joined_fillings() -> Iterator[dict[str, str]]:
    """Two requirements joined by and/or: two properties of the last card ("same suit or same
    rank"), a color with a kind of rank ("a red card and a high card")."""
    props = ("color", "suit", "rank", "parity", "half", "face")
    for i, first in enumerate(props):
        for second in props[i + 1 :]:
            for join in ("and", "or"):
                yield {
                    **_req("same", prop=first, ref="last"),
                    "join": join,
                    **_second(_req("same", prop=second, ref="last")),
                }
    for color in ("red", "black"):
        for kind in ("odd", "even", "low", "high", "face", "number"):
            for join in ("and", "or"):
                yield {**_req("play", what=color), "join": join, **_second(_req("play", what=kind))}


def _conditional_fillings(
    condition: dict[str, str], branches: list[dict[str, str]]
) -> Iterator[dict[str, str]]:
    """A condition, one side, then the other (or anything)."""
    for then, otherwise in _COMPLEMENTS:
        yield _otherwise(condition, _req("play", what=then), _req("play", what=otherwise))
    for branch in branches:
        if branch["then"] == "any":
            continue
        yield {**condition, **branch}
        if condition["if"] in ("wrong", "right"):
            # "After a wrong play anything goes; otherwise …"
            yield _otherwise(condition, _req("any"), branch)
    if condition["if"] == "last":
        suits = ("hearts", "diamonds", "spades", "clubs")
        for then in suits:
            for otherwise in suits:
                if then != otherwise:
                    yield _otherwise(
                        condition, _req("play", what=then), _req("play", what=otherwise)
                    )
    if condition["if"] in ("wrong", "right", "odd-place", "even-place"):
        relations = [b for b in branches if b["then"] not in ("play", "any")]
        for one in relations:
            for other in relations:
                if one != other:
                    yield _otherwise(condition, one, other)
    for then, otherwise in (("higher", "lower"), ("lower", "higher")):
        yield _otherwise(condition, _req(then, ref="last"), _req(otherwise, ref="last"))


@cache
def pool_entries() -> tuple[tuple[str, str], ...]:
    """The pool as (the sentence in English words, the rule text), each sentence once, without
    compiling anything: `inference.space.write_candidates_file` builds (and so checks) every one."""
    seen: set[str] = set()
    out = []
    for filling in pool_fillings():
        built = assemble(filling)
        words = built.words()
        if words not in seen:
            seen.add(words)
            out.append((words, built.text))
    return tuple(out)
