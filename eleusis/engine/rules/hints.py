"""Hints a dealer can give, suggested from the compiled rule: `suggest_hints(rule) -> list[Hint]`.

docs/rules.md §1: a dealer who sees that nobody can find the rule may start giving hints. The hints
go from vague to precise, one level at a time:

1. where the rule looks ("The rule looks only at the last card");
2. what it reads there ("It is about color"; and, when the cards read different things,
   which card's what: "It looks at the suit of the card you play and at the value of the last
   two cards");
3. how many cards fit (from `analyse`: "Exactly half of all cards fit after any card");
4. the explanation itself (`CompiledRule.explain()`).

Only the last level gives the rule away. Every sentence is built from the `PHRASES` table (and
the small word tables next to it) with `str.format`, so that a translation only has to pass
other tables to `suggest_hints(..., phrases=...)`; the explanation of level 4 stays the
engine's English.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from eleusis.engine.cards import FULL_DECK
from eleusis.engine.rules.analysis import analyse
from eleusis.engine.rules.compiler import CARD_PROPERTIES, PREVIOUS, CompiledRule
from eleusis.engine.rules.explain import PHRASES as EXPLAIN_PHRASES
from eleusis.engine.rules.explain import explain

WHERE, WHAT, HOW_MANY, EXPLANATION = 1, 2, 3, 4
LEVELS = (WHERE, WHAT, HOW_MANY, EXPLANATION)

PHRASES: dict[str, str] = {
    # Level 1: where the rule looks.
    "looks_only_at": "The rule looks only at {what}.",
    "looks_at": "The rule looks at {what}.",
    "looks_at_and": "{left} and at {right}",
    "card_only": "The rule looks only at the card you play, not at the cards before it.",
    "last_card": "the last card",
    "last_cards": "the last {count} cards",
    "previous_card": "the previous play, right or wrong",
    "verdict": "whether the previous play was right",
    "verdict2": "whether the play before the previous one was right",
    "mainline": "all the cards already on the mainline",
    "position": "the position on the mainline",
    # Level 2: what it reads.
    "about": "It is about {props}.",
    "reads": "It looks at {items}.",
    "reads_item": "the {props} of {card}",
    "reads_and": "{left} and at {right}",
    "card": "the card you play",
    "back_2": "the card before the last",
    "back_n": "the card {n} back on the mainline",
    "previous": "the previous play",
    "and": "{left} and {right}",
    "list_separator": ", ",
    # Level 3: how many cards fit.
    "share_exact": "Exactly {fraction} of all cards fit after any card ({count} of the 52).",
    "share_about": "About {fraction} of all cards fit after any card ({count} of the 52).",
    "share_varies": (
        "About {fraction} of all cards fit on average: from {low} to {high} of the 52, "
        "depending on the cards before."
    ),
    "share_none": "No card fits.",
    "share_all": "Every card fits, whatever came before.",
    # Property names, and the fractions of the deck.
    "rank": "rank",
    "value": "value (J, Q, K count 10)",
    "suit": "suit",
    "color": "color",
    "parity": "parity (odd or even)",
    "half": "half (low A–7 or high 8–K)",
    "face": "face (J, Q, K) or not",
    "prime": "prime (2, 3, 5, 7, J, K) or not",
    "one_thirteenth": "one thirteenth",
    "an_eighth": "an eighth",
    "a_sixth": "a sixth",
    "a_quarter": "a quarter",
    "a_third": "a third",
    "half_of": "half",
    "two_thirds": "two thirds",
    "three_quarters": "three quarters",
    "all": "all",
    # Small numbers in words ("the last two cards").
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
}

# (numerator, denominator, phrase key), tried for the nearest to the mean share of legal cards.
FRACTIONS: tuple[tuple[int, int, str], ...] = (
    (1, 13, "one_thirteenth"),
    (1, 8, "an_eighth"),
    (1, 6, "a_sixth"),
    (1, 4, "a_quarter"),
    (1, 3, "a_third"),
    (1, 2, "half_of"),
    (2, 3, "two_thirds"),
    (3, 4, "three_quarters"),
    (1, 1, "all"),
)

# The explanation's sentences that say nothing about the rule itself.
_PLAIN_SENTENCES = ("start_any", "start_judged", "short_mainline", "previous2_missing")


@dataclass(frozen=True)
class Hint:
    """One hint: its level (1 vague .. 4 the rule itself), a stable code, and its words."""

    level: int
    code: str  # looks_at, card_only, about, reads, share, explanation
    text: str

    def __str__(self) -> str:
        return self.text


# The places and cards a hint names are the object of "The rule looks at {what}." and "It looks
# at {items}.": Greek and Russian put them in another case than the same English elsewhere ("the
# last card" is a subject in the builder's drop-down). So these are translated with their own
# context, and each language gives the case by construction (issue 36, point 6).
OBJECT_CONTEXT = "what the rule looks at"
OBJECT_KEYS = (
    "last_card",
    "last_cards",
    "previous_card",
    "verdict",
    "verdict2",
    "mainline",
    "position",
    "card",
    "back_2",
    "back_n",
    "previous",
)


def suggest_hints(
    rule: CompiledRule,
    *,
    phrases: Mapping[str, str] = PHRASES,
    explain_phrases: Mapping[str, str] | None = None,
) -> list[Hint]:
    """The hints for `rule`, vaguest first; only the last level contains the rule itself (in
    `explain_phrases`, a translation of the explanation's phrases, when given)."""
    words = {**PHRASES, **phrases}
    hints = [_where(rule, words)]
    hints += _what(rule, words)
    share = _how_many(rule, words)
    if share is not None:
        hints.append(share)
    hints.append(Hint(EXPLANATION, "explanation", explanation(rule, phrases=explain_phrases)))
    return hints


def explanation(rule: CompiledRule, *, phrases: Mapping[str, str] | None = None) -> str:
    """The rule explained (in `phrases`, see `explain.explain`), without the sentences that any
    rule could end with."""
    text = explain(rule, phrases=phrases)
    for key in _PLAIN_SENTENCES:
        text = text.replace(
            " " + (phrases or {}).get(EXPLAIN_PHRASES.english[key], EXPLAIN_PHRASES.english[key]),
            "",
        )
        text = text.replace(" " + EXPLAIN_PHRASES.english[key], "")
    return text


# Level 1 ----------------------------------------------------------------------------------------


def _where(rule: CompiledRule, words: Mapping[str, str]) -> Hint:
    parts: list[str] = []
    back = sorted(slot for slot, reads in rule.reads.items() if slot > 0 and reads)
    if back == [1]:
        parts.append(words["last_card"])
    elif back and back == list(range(1, rule.lookback + 1)):
        parts.append(words["last_cards"].format(count=_number(rule.lookback, words)))
    else:
        parts += [_card_name(slot, words) for slot in back]
    if rule.reads_previous_card:
        parts.append(words["previous_card"])
    if rule.reads_verdict:
        parts.append(words["verdict"])
    if rule.reads_previous2:
        parts.append(words["verdict2"])
    if rule.reads_mainline:
        parts.append(words["mainline"])
    if rule.reads_position:
        parts.append(words["position"])
    if not parts:
        return Hint(WHERE, "card_only", words["card_only"])
    if len(parts) == 1:
        return Hint(WHERE, "looks_at", words["looks_only_at"].format(what=parts[0]))
    what = parts[0]
    for part in parts[1:]:
        what = words["looks_at_and"].format(left=what, right=part)
    return Hint(WHERE, "looks_at", words["looks_at"].format(what=what))


def _number(count: int, words: Mapping[str, str]) -> str:
    return words.get(str(count), str(count))


# Level 2 ----------------------------------------------------------------------------------------


def _props(props: frozenset[str] | set[str]) -> list[str]:
    return [prop for prop in CARD_PROPERTIES if prop in props]


def _join(items: Sequence[str], words: Mapping[str, str]) -> str:
    if len(items) == 1:
        return items[0]
    return words["and"].format(left=words["list_separator"].join(items[:-1]), right=items[-1])


def _what(rule: CompiledRule, words: Mapping[str, str]) -> list[Hint]:
    read: set[str] = set()
    for slot_reads in rule.reads.values():
        read |= slot_reads
    props = _props(read)
    if not props:
        return []
    hints = [
        Hint(WHAT, "about", words["about"].format(props=_join([words[p] for p in props], words)))
    ]
    slots = {slot: _props(reads) for slot, reads in rule.reads.items() if _props(reads)}
    if len({tuple(p) for p in slots.values()}) > 1:
        items = [
            words["reads_item"].format(
                props=_join([words[p] for p in slot_props], words), card=card
            )
            for card, slot_props in _card_groups(slots, words)
        ]
        text = items[0]
        for item in items[1:]:
            text = words["reads_and"].format(left=text, right=item)
        hints.append(Hint(WHAT, "reads", words["reads"].format(items=text)))
    return hints


def _card_groups(
    slots: Mapping[int, list[str]], words: Mapping[str, str]
) -> list[tuple[str, list[str]]]:
    """(the card or cards, what is read of them), the played card first; a run of the last n
    mainline cards read alike is "the last n cards"."""
    groups: list[tuple[str, list[str]]] = []
    if 0 in slots:
        groups.append((words["card"], slots[0]))
    back = sorted(slot for slot in slots if slot > 0)
    run = 0
    if back and back[0] == 1:
        while run < len(back) and back[run] == run + 1 and slots[back[run]] == slots[1]:
            run += 1
    if run > 1:
        groups.append((words["last_cards"].format(count=_number(run, words)), slots[1]))
    else:
        run = 0
    for slot in back[run:]:
        groups.append((_card_name(slot, words), slots[slot]))
    if PREVIOUS in slots:
        groups.append((words["previous"], slots[PREVIOUS]))
    return groups


def _card_name(slot: int, words: Mapping[str, str]) -> str:
    if slot == 1:
        return words["last_card"]
    if slot == 2:
        return words["back_2"]
    return words["back_n"].format(n=slot)


# Level 3 ----------------------------------------------------------------------------------------


def _how_many(rule: CompiledRule, words: Mapping[str, str]) -> Hint | None:
    analysis = analyse(rule)
    if analysis.situations == 0:
        return None
    deck = len(FULL_DECK)
    if analysis.max_legal == 0:
        return Hint(HOW_MANY, "share", words["share_none"])
    if analysis.min_legal == deck:
        return Hint(HOW_MANY, "share", words["share_all"])
    numerator, denominator, key = min(
        FRACTIONS, key=lambda f: abs(f[0] / f[1] - analysis.mean_share)
    )
    fraction = words[key]
    if analysis.min_legal == analysis.max_legal:
        count = analysis.min_legal
        exact = count * denominator == deck * numerator
        frame = words["share_exact" if exact else "share_about"]
        return Hint(HOW_MANY, "share", frame.format(fraction=fraction, count=count))
    text = words["share_varies"].format(
        fraction=fraction, low=analysis.min_legal, high=analysis.max_legal
    )
    return Hint(HOW_MANY, "share", text)
