"""What a rule reads and how it plays: `analyse(rule) -> Analysis`.

Permissiveness is measured over the situations the rule can meet in play: starting from every
legal starter, every card is tried after every reachable mainline, right cards extend it and
wrong ones become the previous play. Cards that the rule cannot tell apart are one class (see
`situations.py`), so the walk is exact and quick for rules that look back a few cards; when the
reachable situations are too many (more than `MAX_EXACT_EVALUATIONS` verdicts), or the rule counts
over the whole mainline, seeded random games are sampled instead and the analysis says
`exhaustive=False` (`sampled_games` says how many). Dead ends are never sampled away: a rule
too big for the first walk gets a longer one (`MAX_DEAD_END_EVALUATIONS`), or the solver's
"is there a situation where no card is legal?", its situation replayed as a game; when neither
decides, `dead_end_status` is "unknown" and a warning says so. Either way an analysis takes a
bounded time (tens of milliseconds, under a second for the longer walk or the solver;
`benchmarks/bench_rules.py` measures it), and it is cached by rule text.
Warnings follow the rule-making guidelines of docs/rules.md: not too strict, not too loose,
always a legal next card, every card playable at some point, and no branch of an `if` that can
never apply (proved with the solver of `smt.py`).

Why one long module: the exact walk, the sampled games and the dead-end search share the
situations, the verdict counting and the warnings; apart, they would drift in what they call a
reachable situation.
"""

from __future__ import annotations

import random
import threading
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field, replace

from eleusis.engine.cards import FULL_DECK
from eleusis.engine.history import Attempt
from eleusis.engine.rules.compiler import PREVIOUS, CompiledRule, card_index
from eleusis.engine.rules.situations import (
    MAX_POSITION_HORIZON,
    CardClass,
    partition,
    plays_to_json,
    position_horizon,
)

# The Thai seed suggests about 12-15 of the 52 cards legal at any moment.
SUGGESTED_LEGAL = (12, 15)
TOO_STRICT_BELOW = 8.0  # legal cards on average
TOO_LOOSE_ABOVE = 30.0
MAX_EXACT_EVALUATIONS = 20_000  # verdicts of card classes in the exact walk (~40 ms)
# When the walk above is too short, a second exact walk (dead ends only count then) may go this
# far before the solver is asked; dead ends are never sampled away (issue 39).
MAX_DEAD_END_EVALUATIONS = 100_000
SAMPLED_GAMES = 4
SAMPLED_GAME_LENGTH = 20
SAMPLING_SECONDS = 0.2  # a safety net: sampling stops past this, after MIN_SAMPLED_GAMES games
MIN_SAMPLED_GAMES = 2
DEAD_BRANCH_MS = 300  # a safety net for the dead-branch check (its resource limit comes first)
DEAD_BRANCH_IFS = 4  # at most this many ifs are checked
CACHED_ANALYSES = 512

TOO_STRICT = (
    "Too strict: on average only {mean:.1f} of the 52 cards are legal, so right plays will be "
    "rare (the guidelines warn against rules like “one higher”; the Thai seed suggests about "
    "12–15 legal cards)."
)
TOO_LOOSE = (
    "Too loose: on average {mean:.1f} of the 52 cards are legal, so almost anything goes (the "
    "guidelines warn against rules like “a different suit”; the Thai seed suggests about 12–15 "
    "legal cards)."
)
DEAD_END = (
    "Dead end: after {plays} no card is legal; there must always be a legal next card "
    "({count} reachable situation(s) like this)."
)
NEVER_PLAYABLE = (
    "Card never playable: {cards} can never be played; every card must be playable at some point."
)
NO_STARTER = "No starter: no card can start the mainline."
PREVIOUS_CARD = (
    "“previous” is the latest play, right or wrong: after a wrong play, previous.rank and "
    "previous.suit are that wrong card's, not the last card of the mainline's. For the last "
    "card of the mainline, write last (last.rank, last.suit)."
)
DEAD_END_UNKNOWN = (
    "Dead ends not checked: this rule has too many situations to check them all, and the solver "
    "could not decide whether a line can be reached where no card is legal. Try a round by "
    "hand before playing it in class."
)
DEAD_BRANCH = (
    "Dead branch: in “if {cond} then …”, the condition is {never} when the rule judges a card, "
    "so the “{branch}” part can never apply."
)


@dataclass(frozen=True)
class RuleWarning:
    # too_strict, too_loose, dead_end, dead_end_unknown, never_playable, no_starter,
    # dead_branch, previous_card
    code: str
    message: str  # in English; an interface words the code and its parameters (dead_branch:
    # cond, the condition as written; branch, "then" or "else")
    params: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


@dataclass(frozen=True)
class Analysis:
    lookback: int
    reads_position: bool
    reads_verdict: bool
    reads_previous_card: bool
    starters: int  # how many of the 52 cards may start the mainline
    min_legal: int  # legal cards (of 52) after a reachable mainline
    mean_legal: float
    max_legal: int
    situations: int  # reachable situations examined (mainline, previous play, position)
    dead_ends: int
    dead_end_example: list[Attempt] | None
    never_playable: list[str]  # card codes
    exhaustive: bool
    warnings: list[RuleWarning] = field(default_factory=list)
    sampled_games: int = 0  # when not exhaustive: how many random games were played
    # "found" or "none" (every reachable situation checked, or proved by the solver), "unknown"
    dead_end_status: str = "none"

    @property
    def min_share(self) -> float:
        return self.min_legal / len(FULL_DECK)

    @property
    def mean_share(self) -> float:
        return self.mean_legal / len(FULL_DECK)

    @property
    def max_share(self) -> float:
        return self.max_legal / len(FULL_DECK)

    @property
    def has_starter(self) -> bool:
        return self.starters > 0

    def to_dict(self) -> dict[str, object]:
        return {
            "reads": {
                "lookback": self.lookback,
                "position": self.reads_position,
                "previous_verdict": self.reads_verdict,
                "previous_card": self.reads_previous_card,
            },
            "starters": self.starters,
            "has_starter": self.has_starter,
            "legal": {
                "min": self.min_legal,
                "mean": round(self.mean_legal, 2),
                "max": self.max_legal,
                "min_share": round(self.min_share, 4),
                "mean_share": round(self.mean_share, 4),
                "max_share": round(self.max_share, 4),
            },
            "situations": self.situations,
            "dead_ends": self.dead_ends,
            "dead_end_example": (
                plays_to_json(self.dead_end_example) if self.dead_end_example else None
            ),
            "never_playable": self.never_playable,
            "exhaustive": self.exhaustive,
            "sampled_games": self.sampled_games,
            "dead_end_status": self.dead_end_status,
            "warnings": [warning.to_dict() for warning in self.warnings],
        }


# A reachable situation: mainline tail (card indexes, most recent first), the rejected card
# of the previous play (None when it was right), and the position of the next card.
_State = tuple[tuple[int, ...], int | None, int]


_CACHE: OrderedDict[str, Analysis] = OrderedDict()
_CACHE_LOCK = threading.Lock()


def analyse(rule: CompiledRule) -> Analysis:
    """The analysis of `rule`, computed once per rule text (the most recent few hundred kept)."""
    with _CACHE_LOCK:
        cached = _CACHE.get(rule.text)
        if cached is not None:
            _CACHE.move_to_end(rule.text)
            return cached
    result = _analyse(rule)
    with _CACHE_LOCK:
        _CACHE[rule.text] = result
        while len(_CACHE) > CACHED_ANALYSES:
            _CACHE.popitem(last=False)
    return result


def _analyse(rule: CompiledRule) -> Analysis:
    starters = [index for index in range(len(FULL_DECK)) if rule.judge_start(index)]
    # The exact walk's situations hold the mainline's tail and the last play, not the verdict of
    # the play before it: a rule reading `previous2` would be judged as if that play never
    # happened (every card accepted), so it is sampled instead.
    walkable = not (rule.reads_mainline or rule.reads_previous2)
    result = _exact(rule, starters) if walkable else None
    if result is None:
        result = _with_dead_ends(rule, starters, _sampled(rule, starters), walkable)
    elif result.dead_ends:
        result = replace(result, dead_end_status="found")
    dead = dead_branches(rule)
    if dead:
        result.warnings.extend(dead)
    if rule.reads_previous_card:
        result.warnings.append(RuleWarning("previous_card", PREVIOUS_CARD))
    return result


def dead_branches(rule: CompiledRule) -> list[RuleWarning]:
    """A warning for each branch of an `if` in the rule that no judged situation reaches."""
    from eleusis.engine.rules.smt import dead_branches as find

    warnings = []
    for cond_text, branch in find(rule, max_ifs=DEAD_BRANCH_IFS, timeout_ms=DEAD_BRANCH_MS):
        never = "never true" if branch == "then" else "always true"
        message = DEAD_BRANCH.format(cond=cond_text, never=never, branch=branch)
        params = {"cond": cond_text, "branch": branch}
        warnings.append(RuleWarning("dead_branch", message, params))
    return warnings


def _with_dead_ends(
    rule: CompiledRule, starters: list[int], sampled: Analysis, walkable: bool
) -> Analysis:
    """The sampled analysis with its dead ends found exactly: a longer exact walk when the rule
    can be walked, else the solver ("is there a situation where no card is legal?") with the
    situation it finds replayed as a game; "unknown" (and a warning that says so) otherwise."""
    if not starters:
        return sampled
    walked = _exact(rule, starters, budget=MAX_DEAD_END_EVALUATIONS) if walkable else None
    if walked is not None:  # every reachable situation: the whole analysis is exact
        return replace(walked, dead_end_status="found" if walked.dead_ends else "none")
    from eleusis.engine.rules.smt import dead_end_situation

    example: list[Attempt] | None
    if sampled.dead_ends and sampled.dead_end_example:  # a sampled game met one: a real game
        status, example, count = "found", sampled.dead_end_example, sampled.dead_ends
    else:
        status, example = dead_end_situation(rule)
        count = 1 if status == "found" else 0
        if example is not None:
            props: set[str] = set()
            for slot_reads in rule.reads.values():
                props |= slot_reads
            example = _reordered(rule, _spread(example, partition(props)))
        if status == "found" and (example is None or not replays_to_dead_end(rule, example)):
            status, example, count = "unknown", None, 0
    warnings = [w for w in sampled.warnings if w.code != "dead_end"]
    if status == "found" and example is not None:
        plays = " ".join(
            attempt.card.code + ("" if attempt.accepted else " (wrong)") for attempt in example
        )
        warnings.append(RuleWarning("dead_end", DEAD_END.format(plays=plays, count=count)))
    elif status == "unknown":
        warnings.append(RuleWarning("dead_end_unknown", DEAD_END_UNKNOWN))
    return replace(
        sampled,
        dead_ends=count,
        dead_end_example=example,
        dead_end_status=status,
        warnings=warnings,
    )


def _reordered(rule: CompiledRule, plays: list[Attempt]) -> list[Attempt]:
    """The solver's mainline in an order a game could take (each card legal when played),
    found greedily, the cards the rule reads back kept last; the plays unchanged if none is
    found. A count over the mainline does not see the order, so any legal order will do."""
    if replays_to_dead_end(rule, plays) or any(not attempt.accepted for attempt in plays):
        return plays
    keep = max(rule.lookback, 1)
    cards = [attempt.card for attempt in plays]
    pool, tail = cards[:-keep], cards[-keep:]
    line: list[Attempt] = []
    while pool:
        for place, candidate in enumerate(pool):
            if rule.accepts(line, candidate):
                line.append(Attempt(candidate, True))
                del pool[place]
                break
        else:
            return plays
    return line + [Attempt(card, True) for card in tail]


def replays_to_dead_end(rule: CompiledRule, plays: list[Attempt]) -> bool:
    """Whether `plays` is a game the rule makes (every play judged as recorded, the first one
    a right starter) after which no card is legal."""
    if not plays or not plays[0].accepted:
        return False
    for index, attempt in enumerate(plays):
        if rule.accepts(plays[:index], attempt.card) != attempt.accepted:
            return False
    return not any(rule.accepts(plays, card) for card in FULL_DECK)


def _exact(
    rule: CompiledRule, starters: list[int], budget: int = MAX_EXACT_EVALUATIONS
) -> Analysis | None:
    props: set[str] = set()
    for slot_reads in rule.reads.values():
        props |= slot_reads
    classes = partition(props)
    rep_of = {member: c.representative for c in classes for member in c.members}
    weight_of = {c.representative: c.weight for c in classes}
    # A right previous play is the last card, so reading it means keeping that card.
    lookback = max(rule.lookback, 1 if rule.reads_previous_card else 0)
    horizon = position_horizon((rule,))
    if _beyond_reach(len(classes), lookback, horizon, budget):
        return None
    parents: dict[_State, tuple[_State | None, int, bool]] = {}
    queue: deque[_State] = deque()
    for starter in starters:
        state: _State = ((rep_of[starter],)[:lookback], None, _normal(horizon, 2))
        if state not in parents:
            parents[state] = (None, rep_of[starter], True)
            queue.append(state)
    playable = {rep_of[index] for index in starters}
    legal_counts: list[tuple[int, int]] = []  # (legal cards, weight)
    dead: list[_State] = []
    while queue:
        state = queue.popleft()
        budget -= len(classes)
        if budget < 0:
            return None
        legal, following = _judged(rule, state, classes, lookback, horizon)
        for card, after in following:
            if after[1] is None:
                playable.add(card)
            if after not in parents:
                parents[after] = (state, card, after[1] is None)
                queue.append(after)
        weight = 1
        for card in state[0]:
            weight *= weight_of[card]
        legal_counts.append((legal, weight))
        if legal == 0:
            dead.append(state)
    never_indexes = sorted(
        member for c in classes if c.representative not in playable for member in c.members
    )
    never = [FULL_DECK[index].code for index in never_indexes]
    example = _spread(_history(dead[0], parents), classes) if dead else None
    return _finish(rule, starters, legal_counts, len(dead), example, never, exhaustive=True)


def _beyond_reach(
    classes: int, lookback: int, horizon: tuple[int, int] | None, budget: int
) -> bool:
    """Whether the exact walk could only give up: a position period too long, or far more
    mainline tails the rule tells apart than the budget."""
    if horizon is not None and sum(horizon) > MAX_POSITION_HORIZON:
        return True
    if classes**lookback > 50 * budget:
        return True
    # The longer walk for dead ends only when it can finish.
    return budget > MAX_EXACT_EVALUATIONS and classes ** (lookback + 1) > 4 * budget


def _normal(horizon: tuple[int, int] | None, position: int) -> int:
    """The position as the rule reads it: 0 when it reads none, else folded by its period."""
    if horizon is None:
        return 0
    threshold, period = horizon
    return position - period if position >= threshold + period else position


def _judged(
    rule: CompiledRule,
    state: _State,
    classes: list[CardClass],
    lookback: int,
    horizon: tuple[int, int] | None,
) -> tuple[int, list[tuple[int, _State]]]:
    """Every class of cards judged in `state`: how many cards are legal, and the states each
    card leads to (a right card joins the mainline; a wrong one is the previous play, when the
    rule reads it)."""
    back, rejected, position = state
    tail = list(back) if back else [0]  # a rule that reads no earlier card
    previous = tail[0] if rejected is None else rejected
    legal = 0
    following: list[tuple[int, _State]] = []
    for card_class in classes:
        card = card_class.representative
        if rule.judge(card, tail, previous, rejected is None, position):
            legal += card_class.weight
            following.append(
                (card, (((card, *back))[:lookback], None, _normal(horizon, position + 1)))
            )
        elif rule.reads_previous:
            following.append((card, (back, card if rule.reads_previous_card else 0, position)))
    return legal, following


def _spread(plays: list[Attempt], classes: list[CardClass]) -> list[Attempt]:
    """The same plays with each card the least-used member of its class (the rule cannot tell
    them apart), so that the example can be dealt: KS KH KD, not KS KS KS."""
    class_of = {member: c for c in classes for member in c.members}
    used: dict[int, int] = {}
    spread = []
    for attempt in plays:
        members = class_of[card_index(attempt.card)].members
        chosen = min(members, key=lambda member: (used.get(member, 0), members.index(member)))
        used[chosen] = used.get(chosen, 0) + 1
        spread.append(Attempt(FULL_DECK[chosen], attempt.accepted))
    return spread


def _history(
    state: _State, parents: dict[_State, tuple[_State | None, int, bool]]
) -> list[Attempt]:
    """The plays that lead to a state, the starter first."""
    moves: list[Attempt] = []
    current: _State | None = state
    while current is not None:
        parent, card, accepted = parents[current]
        moves.append(Attempt(FULL_DECK[card], accepted))
        current = parent
    moves.reverse()
    return moves


def _sampled(rule: CompiledRule, starters: list[int]) -> Analysis:
    """Seeded random games, each card tried judged by the rule, every one of the 52 cards
    judged after each play; stops after `SAMPLED_GAMES` games or `SAMPLING_SECONDS`."""
    rng = random.Random(0)
    legal_counts: list[tuple[int, int]] = []
    playable = set(starters)
    dead = 0
    example: list[Attempt] | None = None
    deadline = time.perf_counter() + SAMPLING_SECONDS
    games = 0
    for _game in range(SAMPLED_GAMES if starters else 0):
        if games >= MIN_SAMPLED_GAMES and time.perf_counter() > deadline:
            break
        games += 1
        first = rng.choice(starters)
        history = [Attempt(FULL_DECK[first], True)]
        back = [first]  # the whole mainline, most recent first
        previous2 = -1
        for _play in range(SAMPLED_GAME_LENGTH):
            previous = history[-1]
            situation = (
                back,
                card_index(previous.card),
                previous.accepted,
                len(back) + 1,
                previous2,
            )
            legal = [index for index in range(len(FULL_DECK)) if rule.judge(index, *situation)]
            playable.update(legal)
            legal_counts.append((len(legal), 1))
            if not legal:
                dead += 1
                example = example or list(history)
                break
            card = rng.randrange(len(FULL_DECK))
            accepted = card in legal
            previous2 = int(previous.accepted)
            history.append(Attempt(FULL_DECK[card], accepted))
            if accepted:
                back.insert(0, card)
    never = [card.code for index, card in enumerate(FULL_DECK) if index not in playable]
    result = _finish(rule, starters, legal_counts, dead, example, never, exhaustive=False)
    return _with_games(result, games)


def _with_games(result: Analysis, games: int) -> Analysis:
    from dataclasses import replace

    return replace(result, sampled_games=games)


def _finish(
    rule: CompiledRule,
    starters: list[int],
    legal_counts: list[tuple[int, int]],
    dead_ends: int,
    example: list[Attempt] | None,
    never: list[str],
    *,
    exhaustive: bool,
) -> Analysis:
    total_weight = sum(weight for _legal, weight in legal_counts)
    mean = (
        sum(legal * weight for legal, weight in legal_counts) / total_weight
        if total_weight
        else 0.0
    )
    minimum = min((legal for legal, _w in legal_counts), default=0)
    maximum = max((legal for legal, _w in legal_counts), default=0)
    warnings: list[RuleWarning] = []
    if not starters:
        warnings.append(RuleWarning("no_starter", NO_STARTER))
    if legal_counts and mean < TOO_STRICT_BELOW:
        warnings.append(RuleWarning("too_strict", TOO_STRICT.format(mean=mean)))
    if legal_counts and mean > TOO_LOOSE_ABOVE:
        warnings.append(RuleWarning("too_loose", TOO_LOOSE.format(mean=mean)))
    if dead_ends and example is not None:
        plays = " ".join(
            attempt.card.code + ("" if attempt.accepted else " (wrong)") for attempt in example
        )
        warnings.append(RuleWarning("dead_end", DEAD_END.format(plays=plays, count=dead_ends)))
    if never:
        shown = ", ".join(never[:8]) + (f" and {len(never) - 8} more" if len(never) > 8 else "")
        warnings.append(RuleWarning("never_playable", NEVER_PLAYABLE.format(cards=shown)))
    return Analysis(
        lookback=rule.lookback,
        reads_position=rule.reads_position,
        reads_verdict=rule.reads_verdict,
        reads_previous_card=bool(rule.reads.get(PREVIOUS)),
        starters=len(starters),
        min_legal=minimum,
        mean_legal=mean,
        max_legal=maximum,
        situations=len(legal_counts),
        dead_ends=dead_ends,
        dead_end_example=example,
        never_playable=never,
        exhaustive=exhaustive,
        warnings=warnings,
    )
