"""The class's ideas, grouped by meaning.

**Checkable hypotheses** (built from sentence frames, typed as rule text, or logged by a bot) are
grouped with those that judge alike on the secret rule's own histories: each hypothesis is
judged, through the rule language (`CompiledRule.accepts`), on a fixed, seeded sample of tables
the secret rule builds (`rules.equivalence.sample_history`: cards tried, judged by the secret,
the wrong ones on sidelines) and every card of the deck after each; two hypotheses with the same
verdicts are one idea. On the same situations the idea is compared with the rule: *too narrow*
(it only ever refuses cards the rule accepts), *too broad* (it only ever accepts cards the rule
refuses) or *overlapping* (both). An idea the sample cannot tell from the rule is decided
exactly, as everywhere in the review (`docs/measures.md`, "Is this idea the rule?"): it *is the
rule* when it judges like the rule in every situation reachable from a legal starter
(`insight.agreement.is_rule`); otherwise the exact walk says on which side it differs, or, when
it cannot decide, the idea is *undecided* (never "the rule"). Each idea is shown once per secret
rule (a session whose students deal has several). At a play, the idea held is the rule when the
round's insight says it is the rule from that table on (`Ideas.relation_at`): an idea that
differs only on the first cards is the rule once they are down.

For each idea: its sentence in the teacher's language (a frame sentence translated, a library
rule's name, else the engine's explanation), how many students held it and for how many plays
(stated, or carried from an earlier play when the insight says so), and what refuted it: the
first evidence of the round where most of the group held it that the idea contradicts, as the
engine's observer reads evidence (`Judge.first_failure`): a card and its verdict, a "no play",
the start (the starter and the cards turned before it) or a wrong guess of the same rule; and
whether it was already shown when a student of the group first held the idea. "Nothing on the
table refuted it" when nothing did (the Wason case: a too-narrow idea tested only with cards it
expects).

Free text is grouped apart (`free_text`).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cache, lru_cache

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from classroom.secret_rules import secret_rule
from classroom.selectors.review.data import LoggedHypothesis, Person, RoundReview, round_logs
from eleusis.engine.cards import Card
from eleusis.engine.inference import Situation
from eleusis.engine.insight import PlayInsight, RoundLog
from eleusis.engine.insight.agreement import is_rule
from eleusis.engine.insight.candidates import resolve
from eleusis.engine.insight.observer import Judge
from eleusis.engine.rules import LIBRARY, CompiledRule, RuleSyntaxError
from eleusis.engine.rules.builder import BuilderError, build
from eleusis.engine.rules.equivalence import sample_history
from eleusis.engine.rules.frames import FRAMES, Frame, FrameError
from eleusis.engine.rules.phrases import match
from eleusis.engine.rules.reachable import explore
from eleusis.web.frames_i18n import frame_sentence
from eleusis.web.rule_check import explanation

# The situations an idea is judged on: this many tables built by the secret rule, every card.
SAMPLED_TABLES = 40
SAMPLED_MAX_LENGTH = 14
SAMPLE_SEED = "eleusis-review-ideas"

RULE, NARROW, BROAD, OVERLAP = "rule", "narrow", "broad", "overlap"
UNDECIDED = "undecided"  # the sample cannot tell it from the rule, and the exact check cannot
RELATIONS = (RULE, NARROW, BROAD, OVERLAP, UNDECIDED)


def relation_label(relation: str) -> str:
    return {
        RULE: _("the rule"),
        NARROW: _("too narrow"),
        BROAD: _("too broad"),
        OVERLAP: _("overlapping"),
        UNDECIDED: _("the app cannot tell"),
    }[relation]


# Judging ideas on the secret rule's histories ------------------------------------------------


@lru_cache(maxsize=64)
def _situations(secret_text: str) -> tuple[Situation, ...] | None:
    """The secret's sampled tables, prepared once for judging every card after each."""
    try:
        secret = secret_rule(secret_text)
    except RuleSyntaxError:
        return None
    if not isinstance(secret, CompiledRule):
        return None
    rng = random.Random(f"{SAMPLE_SEED}:{secret_text}")
    return tuple(
        Situation(sample_history(rng, secret, rng.randint(2, SAMPLED_MAX_LENGTH)))
        for _ in range(SAMPLED_TABLES)
    )


@lru_cache(maxsize=8192)
def verdicts(secret_text: str, rule_text: str) -> bytes | None:
    """The rule's verdicts on the secret rule's sampled situations: every card of the deck
    after each table, in deck order (None when either rule is not in the language)."""
    situations = _situations(secret_text)
    if situations is None:  # a secret rule in words only (or not in the language)
        return None
    rule = secret_rule(secret_text) if rule_text == secret_text else resolve(rule_text)
    if rule is None:
        return None
    return bytes(verdict for situation in situations for verdict in situation.verdicts(rule))


@lru_cache(maxsize=8192)
def exact_relation(secret_text: str, rule_text: str) -> str:
    """The relation of an idea the sample cannot tell from the rule, decided exactly: the
    rule, on which side it differs somewhere reachable from a legal starter, or undecided."""
    secret = secret_rule(secret_text)
    rule = resolve(rule_text)
    if rule is None or not isinstance(secret, CompiledRule):
        return UNDECIDED
    if is_rule(rule, secret):
        return RULE
    reach = explore(rule, secret, None)
    if reach.narrow and reach.broad:
        return OVERLAP
    if reach.narrow or reach.broad:
        return NARROW if reach.narrow else BROAD
    return UNDECIDED


def relation(idea: bytes, secret: bytes) -> str:
    """The relation on the sampled situations (RULE: no sampled difference, to be decided
    exactly by `exact_relation`)."""
    narrow = broad = False
    for says, truth in zip(idea, secret, strict=True):
        if says != truth:
            if truth:
                narrow = True
            else:
                broad = True
            if narrow and broad:
                return OVERLAP
    if narrow:
        return NARROW
    return BROAD if broad else RULE


# Sentences in the teacher's language ---------------------------------------------------------


@cache
def _frame_fillings() -> dict[str, tuple[Frame, dict[str, str]]]:
    """Every English frame sentence (as bots log them) with its frame and choices."""
    return {f.sentence(choices): (f, choices) for f in FRAMES for choices in f.fillings()}


@cache
def _library_names() -> dict[str, str]:
    names = {entry.name: entry.name for entry in LIBRARY.values()}
    names.update({rule_id: entry.name for rule_id, entry in LIBRARY.items()})
    return names


def sentence_of(text: str, frame_id: str = "", choices: dict[str, str] | None = None) -> str | None:
    """A logged hypothesis as a sentence in the current language, when the app knows its
    words: a frame filling or a library rule. None for rule text."""
    from django.utils.translation import gettext

    from eleusis.engine.rules.frames import frame as frame_by_id

    if frame_id and choices:
        try:
            return frame_sentence(frame_by_id(frame_id), choices)
        except (KeyError, FrameError):
            pass
    filled = _frame_fillings().get(text.strip())
    if filled is not None:
        return frame_sentence(*filled)
    name = _library_names().get(text.strip())
    if name is not None:
        return gettext(name)
    return None


def explained(rule_text: str) -> str:
    """A rule text in words in the reader's language (the engine's explanation, worded from the
    catalogs as on the assignment form), or the text itself."""
    return _explained(rule_text, get_language() or "")


@lru_cache(maxsize=512)
def _explained(rule_text: str, language: str) -> str:
    """`explained` in `language`, the active one: the cache is per language, as a Spanish and
    an English teacher may read the same rule's review."""
    rule = resolve(rule_text)
    if rule is None:
        return rule_text
    try:
        return explanation(rule)
    except Exception:  # an explanation is a courtesy; the rule text still says it
        return rule_text


# Groups --------------------------------------------------------------------------------------


@dataclass
class Refutation:
    review: RoundReview
    card: Card | None  # the card played or the starter; None for a "no play" or a guess
    accepted: bool  # the card fitted the rule / the "no play" was right
    play: int | None  # the table's play number that showed it (None: the start)
    person: Person | None
    kind: str = "card"  # the evidence: "card", "no_play", "start" or "guess"
    before_held: bool = False  # already shown when a student of the group first held the idea


@dataclass
class IdeaGroup:
    key: str
    secret_text: str
    relation: str
    rule_text: str  # the most logged checkable form
    sentence: str = ""
    says: bytes = b""  # its verdicts on the sampled situations (what groups it)
    texts: Counter[str] = field(default_factory=Counter)  # the words as logged
    sentences: Counter[str] = field(default_factory=Counter)  # in the teacher's language
    seats: set[int] = field(default_factory=set)
    plays: int = 0
    carried: int = 0
    # (round review, play number) of each holding play, in order.
    held: list[tuple[RoundReview, int]] = field(default_factory=list)
    refutation: Refutation | None = None

    @property
    def students(self) -> int:
        return len(self.seats)

    @property
    def relation_label(self) -> str:
        return relation_label(self.relation)

    @property
    def is_rule(self) -> bool:
        return self.relation == RULE

    @property
    def secret_words(self) -> str:
        """The rule it was held under, in words (the teacher's review of finished rounds)."""
        return explained(self.secret_text)

    @property
    def other_wordings(self) -> list[str]:
        return [s for s, _n in self.sentences.most_common() if s != self.sentence][:3]

    def add(
        self, review: RoundReview, play: PlayInsight, text: str, logged: LoggedHypothesis | None
    ) -> None:
        """A play whose hypothesis (read as the rule `text`) is this idea: its student, its
        count, and the words it was said in."""
        person = review.people.get(play.player)
        if person is not None and person.is_student:
            self.seats.add(person.seat_pk)
        self.plays += 1
        self.carried += play.carried
        self.held.append((review, play.number))
        words = (play.held or play.hypothesis or text).strip()
        self.texts[text] += 1
        frame_id = logged.frame_id if logged else ""
        choices = logged.frame_choices if logged else None
        self.sentences[sentence_of(words, frame_id, choices) or sentence_of(text) or words] += 1


@dataclass
class Ideas:
    groups: list[IdeaGroup]
    # (round id, play number) -> the group of the hypothesis held at that play
    by_play: dict[tuple[int, int], IdeaGroup]

    @property
    def wrong(self) -> list[IdeaGroup]:
        return [g for g in self.groups if not g.is_rule]

    def relation_at(self, review: RoundReview, play: PlayInsight) -> str | None:
        """The relation of the idea held at `play` (None: no checkable idea): the rule when
        the insight found it the rule from that table on (exactly), else the idea's."""
        group = self.by_play.get((review.round.pk, play.number))
        if group is None:
            return None
        return RULE if play.right else group.relation


def suggested_idea(words: str, secret_text: str, ideas: Ideas) -> IdeaGroup | None:
    """The class's idea, held under `secret_text`, that `words` say when the app knows the
    phrasing (the phrasings behind the "did you mean" the students are offered): the teacher
    then counts the words with it in one click. None when the phrasing is unknown or no student
    held that idea as a sentence."""
    filling = match(words, get_language() or "en")
    if filling is None:
        return None
    try:
        says = verdicts(secret_text, build(filling).text)
    except BuilderError:  # pragma: no cover - every phrasing builds (tests/engine/rules)
        return None
    if says is None:
        return None
    return next(
        (idea for idea in ideas.groups if idea.secret_text == secret_text and idea.says == says),
        None,
    )


def checkable_text(play: PlayInsight, logged: LoggedHypothesis | None) -> str | None:
    """The rule text the insight read the play's hypothesis as, if any."""
    if play.agreement_source != "checkable":
        return None
    text = play.checkable or play.held or play.hypothesis
    if not text and logged is not None:
        text = logged.checkable or logged.reads_as
    return text or None


def class_ideas(
    rounds: list[RoundReview], hypotheses: dict[int, LoggedHypothesis], *, refutations: bool = True
) -> Ideas:
    """Every checkable hypothesis of the session's analysed rounds, grouped by meaning."""
    groups: dict[tuple[str, bytes, str], IdeaGroup] = {}
    by_play: dict[tuple[int, int], IdeaGroup] = {}
    secret_verdicts: dict[str, bytes | None] = {}
    relations: dict[tuple[str, bytes], str] = {}  # sampled, per secret and verdicts
    for review in rounds:
        if review.measures is None:
            continue
        secret_text = review.round.rule_text
        if secret_text not in secret_verdicts:
            secret_verdicts[secret_text] = verdicts(secret_text, secret_text)
        truth = secret_verdicts[secret_text]
        if truth is None:
            continue
        for play in review.plays:
            action = review.action_of_play.get(play.number)
            logged = hypotheses.get(action) if action is not None else None
            text = checkable_text(play, logged)
            if text is None:
                continue
            says = verdicts(secret_text, text)
            if says is None:
                continue
            sampled = relations.get((secret_text, says))
            if sampled is None:
                sampled = relations[(secret_text, says)] = relation(says, truth)
            exact = exact_relation(secret_text, text) if sampled == RULE else sampled
            key = (secret_text, says, exact)
            group = groups.get(key)
            if group is None:
                group = groups[key] = IdeaGroup(
                    f"idea-{len(groups) + 1}", secret_text, exact, text, says=says
                )
            group.add(review, play, text, logged)
            by_play[(review.round.pk, play.number)] = group
    for group in groups.values():
        group.rule_text = group.texts.most_common(1)[0][0]
        known = [s for s, _n in group.sentences.most_common() if s not in group.texts]
        group.sentence = known[0] if known else explained(group.rule_text)
    if refutations:
        _add_refutations([g for g in groups.values() if not g.is_rule])
    ordered = sorted(groups.values(), key=lambda g: (g.is_rule, -g.students, -g.plays, g.key))
    return Ideas(ordered, by_play)


def _add_refutations(wrong: list[IdeaGroup]) -> None:
    """What first showed each wrong idea wrong, its rounds' logs read once for all."""
    logs = round_logs(list({r.round.pk: r.round for g in wrong for r, _ in g.held}.values()))
    judges: dict[int, Judge] = {}
    for group in wrong:
        group.refutation = _refutation(group, logs, judges)


def _refutation(
    group: IdeaGroup, logs: dict[int, RoundLog], judges: dict[int, Judge]
) -> Refutation | None:
    """What first showed the idea wrong, in the round where most of the group held it: the
    engine's observer (`Judge.first_failure`) over every kind of evidence the round gave (a card
    and its verdict, a "no play", the start, a wrong guess of the same rule), not only cards."""
    rule = resolve(group.rule_text)
    if rule is None:
        return None
    first_held: dict[int, tuple[RoundReview, int]] = {}
    for review, number in group.held:
        first_held.setdefault(review.round.pk, (review, number))
    # The rounds where most of the group held it first.
    for review, number in sorted(first_held.values(), key=lambda item: -_holders(group, item[0])):
        log = logs.get(review.round.pk)
        if log is None:
            continue
        judge = judges.get(review.round.pk)
        if judge is None:
            judge = judges[review.round.pk] = Judge(log.evidence, resolve)
        item = judge.first_failure(rule)
        if item < len(log.evidence):
            return _refutation_at(review, log, item, number)
    return None


def _refutation_at(review: RoundReview, log: RoundLog, item: int, held: int) -> Refutation:
    """The evidence item `item` of the round, as the ideas table shows it; `held`: the play
    number where a student of the group first held the idea."""
    evidence = log.evidence[item]
    placed = [p for p in log.plays if p.evidence_before <= item < p.evidence_after]
    before = [p for p in log.plays if p.evidence_after <= item]  # a guess comes between plays
    play = placed[0] if placed else (before[-1] if before else None)
    card: Card | None = None
    if evidence.kind == "card":
        card = evidence.cards[0]
    elif evidence.kind == "start":
        card = evidence.starter
    held_from = log.plays[held - 1].evidence_before if 0 < held <= len(log.plays) else 0
    return Refutation(
        review,
        card,
        evidence.accepted,
        play.number if play is not None and evidence.kind != "start" else None,
        review.people.get(play.player) if play is not None else None,
        kind=evidence.kind,
        before_held=item < held_from,
    )


def _holders(group: IdeaGroup, review: RoundReview) -> int:
    return sum(1 for r, _n in group.held if r is review)
