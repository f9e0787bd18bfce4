"""Do two rules judge alike? `equivalence(a, b)` answers with a counterexample when they differ.

Two rules are equivalent when they give the same verdict in every situation: every mainline
(the start included), every previous play, every position, every card — not only the
situations one of them would build. Every verdict is exact, or it is "unknown":

- When the situations that matter are few (the rules do not read the position, the play before
  the previous one or counts over the whole mainline, and look back only a few cards), they
  are all enumerated, by classes of cards that the two rules cannot tell apart (see
  `situations.py`): `exhaustive=True`, and `situations` counts the situations covered, the 52
  starts included. Rules that read the whole mainline through `max`, `min`, `played` or
  `first` are walked over every mainline a game can deal, lines they cannot tell apart merged
  (`enumerated_lines`), while that stays small.
- Otherwise the question goes to an SMT solver (`smt.py`): "is there a situation where the two
  verdicts differ?" Unsatisfiable is a proof (`proved=True`); a model is a counterexample,
  confirmed by judging it with both rules.
- When the solver cannot decide within its time limit, the verdict is "unknown"
  (`equivalent=None`): never "equivalent". A student's guess checked against such a rule goes
  to the teacher, like a guess in words.

Why one long module: the three exact methods (the enumeration of situations, the walk over
mainlines, the solver) share the verdict types and the check that judges a counterexample with
both rules, and `equivalence` chooses among them; the walk (`enumerated_lines`) is the part to
move out, with those types, when a fourth method comes.
"""

from __future__ import annotations

import itertools
import random
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from eleusis.engine.cards import FULL_DECK
from eleusis.engine.history import Attempt
from eleusis.engine.rules import ast
from eleusis.engine.rules.compiler import FIRST, TABLES, CompiledRule
from eleusis.engine.rules.situations import (
    MAX_POSITION_HORIZON,
    CardClass,
    build_history,
    partition,
    plays_to_json,
    position_horizon,
    previous_props,
    slot_props,
)
from eleusis.engine.rules.smt import COPIES, DEFAULT_TIMEOUT_MS, prove_same

# Above this many evaluations per rule the solver decides instead of the enumeration.
MAX_EXHAUSTIVE_EVALUATIONS = 400_000
# The enumeration is used for the equivalence verdict only below this many evaluations; the
# solver is quicker beyond it.
MAX_ENUMERATED_EVALUATIONS = 30_000

EQUIVALENT, DIFFERENT, UNKNOWN = "equivalent", "different", "unknown"


@dataclass(frozen=True)
class Counterexample:
    plays: list[Attempt]
    card: str
    a: bool
    b: bool

    def to_dict(self) -> dict[str, object]:
        return {"plays": plays_to_json(self.plays), "card": self.card, "a": self.a, "b": self.b}


@dataclass(frozen=True)
class Equivalence:
    """`equivalent` is True (proved or every situation checked), False (with a counterexample)
    or None ("unknown": undecided within the time limit). `exhaustive` says every situation was
    enumerated, `proved` that the solver decided; `situations` is how many were enumerated (0
    when the solver decided)."""

    equivalent: bool | None
    exhaustive: bool
    situations: int
    counterexample: Counterexample | None
    proved: bool = False
    copies: int = COPIES  # of each card in the game's decks: equivalent "for this game"

    @property
    def verdict(self) -> str:
        if self.equivalent is None:
            return UNKNOWN
        return EQUIVALENT if self.equivalent else DIFFERENT

    @property
    def unknown(self) -> bool:
        return self.equivalent is None

    def to_dict(self) -> dict[str, object]:
        return {
            "verdict": self.verdict,
            "equivalent": self.equivalent,
            "exhaustive": self.exhaustive,
            "proved": self.proved,
            "situations": self.situations,
            "copies": self.copies,
            "counterexample": self.counterexample.to_dict() if self.counterexample else None,
        }


@dataclass(frozen=True)
class _Plan:
    """The situations that matter to a set of rules, as card classes per slot."""

    lookback: int
    card: list[CardClass]
    back: list[list[CardClass]]  # back[k - 1] for the k-th card back
    previous: list[tuple[int | None, int]]  # (rejected card, weight); None: previous was right
    horizon: tuple[int, int] | None

    def positions(self, length: int) -> list[int]:
        if self.horizon is None:
            return [0]
        if length < self.lookback:
            return [length + 1]
        # Every position up to a whole period past the threshold (and past this length): a
        # longer mainline takes any of them.
        threshold, period = self.horizon
        return list(range(length + 1, max(length + 1, threshold) + period))

    def tails(self) -> Iterator[tuple[tuple[CardClass, ...], int]]:
        """Every mainline tail, most recent first, and how many mainlines it stands for."""
        for length in range(1, self.lookback + 1):
            for tail in itertools.product(*self.back[:length]):
                weight = 1
                for card_class in tail:
                    weight *= card_class.weight
                yield tail, weight

    def evaluations(self) -> int:
        total = 0
        for length in range(1, self.lookback + 1):
            tails = 1
            for classes in self.back[:length]:
                tails *= len(classes)
            total += tails * len(self.positions(length)) * len(self.previous) * len(self.card)
        return total

    def situations(self) -> int:
        total = len(FULL_DECK)  # the starts
        previous = sum(weight for _card, weight in self.previous)
        for length in range(1, self.lookback + 1):
            total += len(FULL_DECK) ** (length + 1) * previous * len(self.positions(length))
        return total


def plan(rules: tuple[CompiledRule, ...]) -> _Plan | None:
    """How to enumerate the situations of `rules` exactly, or None when there are too many or
    they cannot be enumerated (counts over the whole mainline, the play before the previous)."""
    if any(rule.reads_mainline or rule.reads_previous2 for rule in rules):
        return None
    lookback = max(max(rule.lookback for rule in rules), 1)
    horizon = position_horizon(rules)
    if horizon is not None and sum(horizon) > MAX_POSITION_HORIZON:
        return None
    prev_props = previous_props(rules)
    back = []
    for slot in range(1, lookback + 1):
        props = slot_props(rules, slot)
        if slot == 1:
            props |= prev_props  # a right previous play is the last card
        back.append(partition(props))
    previous: list[tuple[int | None, int]] = [(None, 1)]
    if any(rule.reads_previous_card for rule in rules):
        previous += [(c.representative, c.weight) for c in partition(prev_props)]
    elif any(rule.reads_verdict for rule in rules):
        previous.append((0, len(FULL_DECK)))
    result = _Plan(lookback, partition(slot_props(rules, 0)), back, previous, horizon)
    if result.evaluations() > MAX_EXHAUSTIVE_EVALUATIONS:
        return None
    return result


def equivalence(
    a: CompiledRule,
    b: CompiledRule,
    *,
    seed: int = 0,
    timeout_ms: int = DEFAULT_TIMEOUT_MS,
    copies: int = COPIES,
) -> Equivalence:
    """Whether `a` and `b` give the same verdict in every situation a game can deal with
    `copies` of each card (its decks: 2 in Express, 3 in Abbott/Howell), a legal starter first:
    where no such history separates them they are equivalent *for that game*, and
    `Equivalence.copies` says for which decks (`seed` is unused: every verdict is exact; it
    stays for callers that pass it)."""
    for index in range(len(FULL_DECK)):
        verdict_a, verdict_b = a.judge_start(index), b.judge_start(index)
        if verdict_a != verdict_b:
            example = Counterexample([], FULL_DECK[index].code, verdict_a, verdict_b)
            return Equivalence(False, True, len(FULL_DECK), example, copies=copies)
    the_plan = plan((a, b))
    if (
        the_plan is not None
        and the_plan.horizon is None
        and the_plan.evaluations() <= MAX_ENUMERATED_EVALUATIONS
    ):
        return _enumerated(a, b, the_plan, copies)
    if the_plan is None and (a.reads_mainline or b.reads_mainline):
        walked = enumerated_lines(a, b, copies=copies)
        if walked is not None:
            return walked
    result = prove_same(a, b, timeout_ms=timeout_ms, copies=copies)
    if result.status == "equivalent":
        return Equivalence(True, False, 0, None, proved=True, copies=copies)
    if result.status == "different":
        assert result.plays is not None and result.card is not None
        example = _confirmed(a, b, result.plays, result.card)
        return Equivalence(False, False, 0, example, proved=True, copies=copies)
    return Equivalence(None, False, 0, None, copies=copies)


def _enumerated(
    a: CompiledRule, b: CompiledRule, the_plan: _Plan, copies: int = COPIES
) -> Equivalence:
    """Every situation of the plan, by classes of cards (the starts are compared already).
    A mainline shorter than the rules look back is the whole line, so its first card must be a
    legal starter of both rules (else no game has it); a counterexample is dealt from two
    decks (at most two of a card), a legal starter first."""
    situations = the_plan.situations()
    cards = [c.representative for c in the_plan.card]
    starters = {i for i in range(len(FULL_DECK)) if a.judge_start(i) and b.judge_start(i)}
    for tail_classes, _weight in the_plan.tails() if starters else ():
        whole_line = len(tail_classes) < the_plan.lookback
        if whole_line and not starters & set(tail_classes[-1].members):
            continue
        tail = [c.representative for c in tail_classes]
        if whole_line:
            tail[-1] = min(starters & set(tail_classes[-1].members))
        for previous, _previous_weight in the_plan.previous:
            accepted = previous is None
            previous_card = tail[0] if previous is None else previous
            for position in the_plan.positions(len(tail)):
                for card in cards:
                    verdict_a = a.judge(card, tail, previous_card, accepted, position)
                    if verdict_a != b.judge(card, tail, previous_card, accepted, position):
                        history, dealt = _dealt(
                            tail_classes, tail, previous, card, starters, the_plan, position, copies
                        )
                        example = _confirmed(a, b, history, dealt)
                        if example.a == example.b:  # pragma: no cover - classes say it cannot
                            example = _confirmed(
                                a, b, build_history(tail, previous, position or None, 1), card
                            )
                        return Equivalence(False, True, situations, example, copies=copies)
    return Equivalence(True, True, situations, None, copies=copies)


def _dealt(
    tail_classes: tuple[CardClass, ...],
    tail: list[int],
    previous: int | None,
    card: int,
    starters: set[int],
    the_plan: _Plan,
    position: int,
    copies: int = COPIES,
) -> tuple[list[Attempt], int]:
    """The history of an enumerated situation, dealable: each tail card the least-used member
    of its class (at most two of a card), and a legal starter in front where the tail is not
    the whole line and does not start with one; the card played and a wrong previous play
    that the rules do not read are dealt the same way."""
    used: dict[int, int] = {}

    def least(options: list[int]) -> int:
        best = min(options, key=lambda member: (used.get(member, 0), options.index(member)))
        used[best] = used.get(best, 0) + 1
        return best

    chosen = list(tail)
    for place in reversed(range(len(tail))):
        if place == len(tail) - 1 and len(tail) < the_plan.lookback:
            options = sorted(starters & set(tail_classes[place].members))
        else:
            options = list(tail_classes[place].members)
        chosen[place] = least(options)
    # The freer choices last: the card played within its class, a wrong play not read.
    card_class = next(c for c in the_plan.card if card in c.members)
    card = least(list(card_class.members))
    if previous is not None:
        reads_previous = len(the_plan.previous) > 2 or the_plan.previous[-1][1] != len(FULL_DECK)
        previous = previous if reads_previous else least(list(range(len(FULL_DECK))))
        if reads_previous:
            used[previous] = used.get(previous, 0) + 1
    history = build_history(chosen, previous, position or None, the_plan.lookback)
    mainline = [attempt for attempt in history if attempt.accepted]
    first = FULL_DECK.index(mainline[0].card) if mainline else None
    if first is not None and first not in starters and starters and position == 0:
        free = [s for s in sorted(starters) if used.get(s, 0) < copies] or sorted(starters)
        history.insert(0, Attempt(FULL_DECK[free[0]], True))
    return history, card


def _confirmed(
    a: CompiledRule, b: CompiledRule, history: list[Attempt], card: int
) -> Counterexample:
    """The counterexample, judged again through the public `accepts`."""
    played = FULL_DECK[card]
    return Counterexample(
        history, played.code, a.accepts(history, played), b.accepts(history, played)
    )


def sample_history(rng: random.Random, rule: CompiledRule | None, length: int) -> list[Attempt]:
    """A history as a table might make it: random cards tried, judged by `rule` (or at random
    when None), the starter always right: a card `rule` accepts on an empty line. When no draw
    was legal, a legal starter is chosen among the deck's; a rule that accepts no starter gives
    an empty history (never an unchecked starter)."""
    history: list[Attempt] = []
    for _ in range(length):
        card = rng.choice(FULL_DECK)
        if not history:
            accepted = rule.accepts(history, card) if rule is not None else True
            if not accepted:
                continue
        elif rule is not None:
            accepted = rule.accepts(history, card)
        else:
            accepted = rng.random() < 0.5
        history.append(Attempt(card, accepted))
    if not history:
        legal = [card for card in FULL_DECK if rule is None or rule.accepts([], card)]
        if legal:
            history.append(Attempt(rng.choice(legal), True))
    return history


# Above this many verdicts the walk over mainlines gives up and the solver decides.
MAX_LINE_EVALUATIONS = 10_000
# Lines found (each to be judged and extended) per verdict of the budget, at most.
LINES_PER_EVALUATION = 0.2


def line_enumerable(rules: tuple[CompiledRule, ...]) -> bool:
    """Whether the walk over mainlines (`enumerated_lines`) can judge `rules`: they read the
    whole mainline only through `max`, `min`, `played` and `first` (no count or whole-line sum,
    which never settle), and not the play before the previous one."""
    if any(rule.reads_previous2 for rule in rules):
        return False
    for rule in rules:
        for node in ast.walk(rule.program.body):
            if isinstance(node, ast.Count | ast.MainlineSum):
                return False
    return True


def enumerated_lines(
    a: CompiledRule,
    b: CompiledRule,
    *,
    copies: int = COPIES,
    budget: int = MAX_LINE_EVALUATIONS,
) -> Equivalence | None:
    """Every mainline a game can deal (a legal starter of both rules first, at most `copies` of
    a card), walked breadth first and merged where the rules cannot tell two lines apart: the
    same cards (by the classes the rules read) in the places they look back at, the same first
    card, the same highest and lowest values and the same set of values played, the same
    position (up to its period). Each line is judged on every previous play and card; the first
    difference is dealt as a counterexample. None when more than `budget` verdicts would be
    needed (the solver decides then). The starts are compared by the caller."""
    if not line_enumerable((a, b)):
        return None
    horizon = position_horizon((a, b))
    if horizon is not None and sum(horizon) > MAX_POSITION_HORIZON:
        return None
    walk = _LineWalk.of(a, b, horizon)
    queue = walk.first_lines()
    seen_keys = {walk.key(line, values) for line, values in queue}
    evaluations = 0
    while queue:
        line, line_values = queue.popleft()
        judged, example = walk.difference(line, copies)
        evaluations += judged
        if example is not None:
            return Equivalence(False, True, evaluations, example, copies=copies)
        if evaluations > budget:
            return None
        for longer, longer_values in walk.longer_lines(line, line_values, copies):
            new = walk.key(longer, longer_values)
            if new not in seen_keys:
                seen_keys.add(new)
                queue.append((longer, longer_values))
        if len(seen_keys) > budget * LINES_PER_EVALUATION:
            return None  # too many lines the rules tell apart: the solver decides
    return Equivalence(True, True, evaluations, None, copies=copies)


Line = tuple[int, ...]  # a mainline, as card indices
Aggregate = tuple[str, tuple[int, ...]]  # ("max" | "min" | "played", the values of the cards)


@dataclass(frozen=True)
class _LineWalk:
    """What the walk over mainlines (`enumerated_lines`) knows of two rules: the card classes
    they tell apart in each place they look back at and as the first card, what they ask of the
    whole line (its highest, lowest and played values), the classes a line grows by, the cards
    judged, the previous plays that matter and the legal starters of both."""

    rules: tuple[CompiledRule, CompiledRule]
    horizon: tuple[int, int] | None
    slot_classes: list[list[int]]
    first_class: list[int]
    aggregates: list[Aggregate]
    steps: list[CardClass]
    step_of: list[int]
    cards: list[CardClass]
    previous: list[int | None]
    starters: set[int]

    @classmethod
    def of(cls, a: CompiledRule, b: CompiledRule, horizon: tuple[int, int] | None) -> _LineWalk:
        rules = (a, b)
        lookback = max(max(rule.lookback for rule in rules), 1)
        slot_classes = []
        for slot in range(1, lookback + 1):
            props = slot_props(rules, slot) | (previous_props(rules) if slot == 1 else set())
            slot_classes.append(_class_of(partition(props)))
        aggregates, line_props = _line_aggregates(rules)
        for slot in (*range(1, lookback + 1), FIRST):
            line_props |= slot_props(rules, slot)
        line_props |= previous_props(rules)
        previous: list[int | None] = [None]
        if any(rule.reads_previous_card for rule in rules):
            previous += [c.representative for c in partition(previous_props(rules))]
        elif any(rule.reads_verdict for rule in rules):
            previous.append(0)
        steps = partition(line_props)
        return cls(
            rules,
            horizon,
            slot_classes,
            _class_of(partition(slot_props(rules, FIRST))),
            aggregates,
            steps,
            _class_of(steps),
            partition(slot_props(rules, 0)),
            previous,
            {i for i in range(len(FULL_DECK)) if a.judge_start(i) and b.judge_start(i)},
        )

    def key(self, line: Line, values: tuple[object, ...]) -> tuple[object, ...]:
        """What the rules can tell of `line`: two lines with one key are judged alike."""
        lookback = len(self.slot_classes)
        tail = tuple(self.slot_classes[k][line[-1 - k]] for k in range(min(lookback, len(line))))
        return (tail, self.first_class[line[0]], values, self._position_key(len(line)))

    def _position_key(self, length: int) -> int:
        if self.horizon is None:
            return 0
        threshold, period = self.horizon
        position = length + 1
        return position if position < threshold else threshold + (position - threshold) % period

    def summary(self, values: tuple[object, ...] | None, index: int) -> tuple[object, ...]:
        """The highest, the lowest, the set of values played (all the rules can ask of the
        line), with the card `index` added (`values` None: the line is that card alone)."""
        out: list[object] = []
        for place, (kind, table) in enumerate(self.aggregates):
            value = table[index]
            if values is None:
                out.append(frozenset((value,)) if kind == "played" else value)
                continue
            old: Any = values[place]
            if kind == "max":
                out.append(max(old, value))
            elif kind == "min":
                out.append(min(old, value))
            else:
                out.append(old | {value})
        return tuple(out)

    def first_lines(self) -> deque[tuple[Line, tuple[object, ...]]]:
        """A line of one starter for each class of cards that has a legal starter."""
        queue: deque[tuple[Line, tuple[object, ...]]] = deque()
        for step in self.steps:
            if self.starters & set(step.members):
                starter = min(self.starters & set(step.members))
                queue.append(((starter,), self.summary(None, starter)))
        return queue

    def difference(self, line: Line, copies: int) -> tuple[int, Counterexample | None]:
        """The verdicts asked of `line` (every previous play, every card) and the first
        difference between the rules that can be dealt, if any."""
        a, b = self.rules
        back = line[::-1]
        position = len(line) + 1
        evaluations = 0
        for rejected in self.previous:
            accepted = rejected is None
            previous_card = back[0] if rejected is None else rejected
            for card_class in self.cards:
                evaluations += 1
                card = card_class.representative
                verdict = a.judge(card, back, previous_card, accepted, position)
                if verdict != b.judge(card, back, previous_card, accepted, position):
                    example = _dealt_line(
                        self.rules, line, rejected, card_class, self.steps, self.starters, copies
                    )
                    if example is not None:
                        return evaluations, example
        return evaluations, None

    def longer_lines(
        self, line: Line, values: tuple[object, ...], copies: int
    ) -> Iterator[tuple[Line, tuple[object, ...]]]:
        """`line` with one more card of each class the decks still hold."""
        counts: dict[int, int] = {}
        for index in line:
            counts[self.step_of[index]] = counts.get(self.step_of[index], 0) + 1
        for place, step in enumerate(self.steps):
            if counts.get(place, 0) >= copies * step.weight:
                continue  # no more of these cards in the decks
            yield (*line, step.representative), self.summary(values, step.representative)


def _line_aggregates(
    rules: tuple[CompiledRule, CompiledRule],
) -> tuple[list[Aggregate], set[str]]:
    """What the rules ask of the whole line (`max`, `min`, `played` of a property) and the
    properties those read."""
    aggregates: list[Aggregate] = []
    line_props: set[str] = set()
    for rule in rules:
        for node in ast.walk(rule.program.body):
            if isinstance(node, ast.Extreme | ast.Played):
                kind = node.fn if isinstance(node, ast.Extreme) else "played"
                if (kind, TABLES[node.prop]) not in aggregates:
                    aggregates.append((kind, TABLES[node.prop]))
                line_props |= {"rank", "suit"} if node.prop == "card" else {node.prop}
    return aggregates, line_props


def _class_of(classes: list[CardClass]) -> list[int]:
    """For each card index, the number of its class."""
    owner = [0] * len(FULL_DECK)
    for place, card_class in enumerate(classes):
        for member in card_class.members:
            owner[member] = place
    return owner


def _dealt_line(
    rules: tuple[CompiledRule, CompiledRule],
    line: tuple[int, ...],
    rejected: int | None,
    card_class: CardClass,
    steps: list[CardClass],
    starters: set[int],
    copies: int,
) -> Counterexample | None:
    """The walked line dealt from the decks: each card the least-used member of its class (the
    first a legal starter), then the wrong play and the card played; None when it cannot be
    dealt with at most `copies` of a card or when dealing it loses the difference."""
    step_of = _class_of(steps)
    used: dict[int, int] = {}

    def deal(options: Sequence[int]) -> int:
        best = min(options, key=lambda member: (used.get(member, 0), member))
        used[best] = used.get(best, 0) + 1
        return best

    mainline = []
    for place, index in enumerate(line):
        members = steps[step_of[index]].members
        options = sorted(starters & set(members)) if place == 0 else members
        mainline.append(deal(options))
    history = [Attempt(FULL_DECK[index], True) for index in mainline]
    if rejected is not None:
        used[rejected] = used.get(rejected, 0) + 1
        history.append(Attempt(FULL_DECK[rejected], False))
    card = deal(card_class.members)
    if max(used.values()) > copies:
        return None
    example = _confirmed(*rules, history, card)
    return example if example.a != example.b else None
