"""Is an idea the rule *from this table on*? Exact, or "undecided", never sampled.

An idea is the rule from a table when it gives the secret rule's verdict in every situation the
rest of the game can reach: any card tried next (judged by the secret, which decides what joins
the mainline), then any card after that, and so on without end. The deck's counts are not
followed (any card may come next), so a difference that only a third copy of a card could show
still counts as reachable.

How it is decided, in this order:

1. the table itself and a fixed sample of continuations judged by the secret (the review's
   `agrees_from`): a card judged differently there is a concrete reachable difference, so the
   idea is exactly *not* the rule;
2. `equivalence` (enumeration or the SMT solver): two rules that judge alike in every situation
   judge alike in every reachable one, so an equivalent idea exactly *is* the rule;
3. otherwise every situation reachable from the table is walked (`explore`): the situations the
   two rules can tell apart are finitely many when neither counts over the whole mainline nor
   reads the play before the previous one (cards that neither rule can tell apart are one class,
   positions repeat after `position_horizon`). A reachable difference says *not*; none says
   *is*;
4. when the walk would be too long or cannot be made, the answer is None: undecided, and the
   review says so; it never says "found" then.

`explore` also says on which side the differences lie (the idea refuses cards the rule accepts:
too narrow; accepts cards it refuses: too broad), for the class's ideas table.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from eleusis.engine.history import Attempt
from eleusis.engine.rules.compiler import CompiledRule, card_index
from eleusis.engine.rules.situations import (
    MAX_POSITION_HORIZON,
    partition,
    position_horizon,
)

# Above this many distinct situations the walk gives up and the answer is "undecided".
MAX_STATES = 30_000


@dataclass(frozen=True)
class Reach:
    """What the walk found: `same` True (no reachable situation tells the rules apart), False
    (one does) or None (undecided); `narrow` / `broad`: a reachable card the idea refuses and
    the rule accepts / the idea accepts and the rule refuses (both False when `same`)."""

    same: bool | None
    narrow: bool = False
    broad: bool = False


UNDECIDED = Reach(None)

# A situation: the mainline's last cards (most recent first, at most `lookback`, each a class
# representative), the previous play's card and verdict, the position (0 when unread).
_State = tuple[tuple[int, ...], int, bool, int]


class _Walk:
    """The situations of two rules, read as the two can tell them apart."""

    def __init__(self, idea: CompiledRule, secret: CompiledRule) -> None:
        rules = (idea, secret)
        self.idea, self.secret = idea, secret
        self.lookback = max(max(rule.lookback for rule in rules), 1)
        props: set[str] = set()
        for rule in rules:
            for read in rule.reads.values():
                props |= read
        classes = partition(props)
        self.representative = [0] * 52
        for card_class in classes:
            for member in card_class.members:
                self.representative[member] = card_class.representative
        self.cards = [card_class.representative for card_class in classes]
        self.horizon = position_horizon(rules)
        self.reads_previous = any(rule.reads_previous_card for rule in rules)
        self.reads_verdict = self.reads_previous or any(rule.reads_verdict for rule in rules)

    @staticmethod
    def possible(idea: CompiledRule, secret: CompiledRule) -> bool:
        rules = (idea, secret)
        if any(rule.reads_mainline or rule.reads_previous2 for rule in rules):
            return False
        horizon = position_horizon(rules)
        return horizon is None or sum(horizon) <= MAX_POSITION_HORIZON

    def position(self, position: int) -> int:
        """The position as the rules tell it apart: 0 when unread, one period past the
        threshold brought back (every rule judges p as p + period from the threshold on)."""
        if self.horizon is None:
            return 0
        threshold, period = self.horizon
        if position >= threshold + period:
            position = threshold + (position - threshold) % period
        return position

    def state(self, history: Sequence[Attempt]) -> _State | None:
        """The table's situation (None for an empty table)."""
        back: list[int] = []
        mainline = 0
        for attempt in reversed(history):
            if attempt.accepted:
                mainline += 1
                if len(back) < self.lookback:
                    back.append(self.representative[card_index(attempt.card)])
        if not back:
            return None
        last = history[-1]
        previous = self.representative[card_index(last.card)] if self.reads_previous else -1
        accepted = last.accepted if self.reads_verdict else True
        if accepted and self.reads_previous:
            previous = back[0]
        return (tuple(back), previous, accepted, self.position(mainline + 1))

    def after(self, state: _State, card: int, accepted: bool) -> _State:
        back, _previous, _accepted, position = state
        previous = card if self.reads_previous else -1
        if not accepted:
            return (back, previous, False, position) if self.reads_verdict else state
        grown = (card, *back)[: self.lookback]
        return (grown, previous, True, self.position(position + 1) if self.horizon else 0)

    def verdicts(self, state: _State) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
        back, previous, accepted, position = state
        cards = self.cards
        return (
            self.idea.verdicts(back, previous, accepted, position, 1, cards),
            self.secret.verdicts(back, previous, accepted, position, 1, cards),
        )

    def starts(self) -> list[_State]:
        """The situations after each legal starter of the secret."""
        empty: _State = ((), -1, True, self.position(1) if self.horizon else 0)
        legal = {self.representative[card] for card in range(52) if self.secret.judge_start(card)}
        return [self.after(empty, card, True) for card in sorted(legal)]


def explore(
    idea: CompiledRule,
    secret: CompiledRule,
    history: Sequence[Attempt] | None,
    *,
    first_difference: bool = False,
) -> Reach:
    """Walk every situation reachable from `history` (None or empty: from every legal starter
    of the secret, the starter's own verdict left out: it is the dealer's) and compare the two
    rules' verdicts there. `first_difference`: stop at the first difference (its side is then
    partial)."""
    if not _Walk.possible(idea, secret):
        return UNDECIDED
    walk = _Walk(idea, secret)
    first = walk.state(history) if history else None
    queue = deque([first] if first is not None else walk.starts())
    seen = set(queue)
    narrow = broad = False
    while queue:
        state = queue.popleft()
        says, truths = walk.verdicts(state)
        for card, said, truth in zip(walk.cards, says, truths, strict=True):
            if said != truth:
                narrow, broad = narrow or truth, broad or said
                if first_difference or (narrow and broad):
                    return Reach(False, narrow, broad)
            following = walk.after(state, card, truth)
            if following not in seen:
                if len(seen) >= MAX_STATES:
                    return Reach(False, narrow, broad) if narrow or broad else UNDECIDED
                seen.add(following)
                queue.append(following)
    if narrow or broad:
        return Reach(False, narrow, broad)
    return Reach(True)


class _Pair:
    """The walk of one (idea, secret) pair with what earlier walks learnt: situations from
    which no difference is reachable (`same`) and from which one is (`differs`)."""

    def __init__(self, idea: CompiledRule, secret: CompiledRule) -> None:
        self.walk = _Walk(idea, secret) if _Walk.possible(idea, secret) else None
        self.same: set[_State] = set()
        self.differs: set[_State] = set()

    def same_from(self, history: Sequence[Attempt]) -> bool | None:
        walk = self.walk
        if walk is None:
            return None
        first = walk.state(history)
        if first is None:
            return explore(walk.idea, walk.secret, None).same
        if first in self.same or first in self.differs:
            return first in self.same
        queue, seen = deque([first]), {first}
        while queue:
            state = queue.popleft()
            says, truths = walk.verdicts(state)
            if says != truths:
                self.differs.add(first)
                return False
            for card, truth in zip(walk.cards, truths, strict=True):
                following = walk.after(state, card, truth)
                if following in seen or following in self.same:
                    continue
                if following in self.differs:
                    self.differs.add(first)
                    return False
                if len(seen) >= MAX_STATES:
                    return None
                seen.add(following)
                queue.append(following)
        self.same |= seen
        return True


_PAIRS: dict[tuple[str, str], _Pair] = {}
_PAIRS_LIMIT = 4096


def same_from(idea: CompiledRule, secret: CompiledRule, history: Sequence[Attempt]) -> bool | None:
    """Whether `idea` judges like `secret` in every situation reachable from `history` (step 3
    of the module's decision: True, False, or None when the walk cannot be made); remembered
    per pair of rule texts and situation."""
    key = (idea.text, secret.text)
    pair = _PAIRS.get(key)
    if pair is None:
        if len(_PAIRS) >= _PAIRS_LIMIT:
            _PAIRS.pop(next(iter(_PAIRS)))
        pair = _PAIRS[key] = _Pair(idea, secret)
    return pair.same_from(history)
