"""Small secret rules that satisfy the engine's Rule protocol, for tests that must not wait for
the rule language, and a guess judge that compares such rules by their behaviour."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from eleusis.engine.cards import FULL_DECK, Card
from eleusis.engine.history import Attempt, History, Rule, mainline
from eleusis.engine.variants import Action, Round


@dataclass(frozen=True)
class LastCardRule:
    """A rule that looks only at the last mainline card (None: the history is empty)."""

    text: str
    test: Callable[[Card | None, Card], bool]

    def accepts(self, history: History, card: Card) -> bool:
        line = mainline(history)
        return self.test(line[-1] if line else None, card)


def _after(test: Callable[[Card, Card], bool]) -> Callable[[Card | None, Card], bool]:
    return lambda last, card: last is None or test(last, card)


ALTERNATE_COLORS = LastCardRule("alternate colors", _after(lambda a, b: a.is_red != b.is_red))
ODD_EVEN = LastCardRule("odd even", _after(lambda a, b: a.is_odd != b.is_odd))
LOW_HIGH = LastCardRule("low high", _after(lambda a, b: a.is_low != b.is_low))
SAME_SUIT_OR_RANK = LastCardRule(
    "same suit or rank", _after(lambda a, b: a.suit == b.suit or a.rank == b.rank)
)
PARITY_COLOR = LastCardRule("parity color", _after(lambda a, b: b.is_red == (not a.is_odd)))
# Worded differently, the same rule as ALTERNATE_COLORS.
RED_BLACK_SWAP = LastCardRule(
    "red after black, black after red", _after(lambda a, b: a.is_red == (not b.is_red))
)
ANY_CARD = LastCardRule("any card", lambda last, card: True)
NOTHING_AFTER_STARTER = LastCardRule("only a starter", lambda last, card: last is None)
RED_STARTER = LastCardRule(
    "red starter, then anything", lambda last, card: last is not None or card.is_red
)

TEST_RULES: dict[str, LastCardRule] = {
    rule.text: rule
    for rule in (ALTERNATE_COLORS, ODD_EVEN, LOW_HIGH, SAME_SUIT_OR_RANK, PARITY_COLOR, ANY_CARD)
}
CANDIDATES: list[tuple[str, Rule]] = [
    (rule.text, rule)
    for rule in (
        ALTERNATE_COLORS,
        ODD_EVEN,
        LOW_HIGH,
        SAME_SUIT_OR_RANK,
        PARITY_COLOR,
        RED_BLACK_SWAP,
        ANY_CARD,
    )
]


@dataclass(frozen=True)
class MainlineShorterThan:
    """Accepts any card while the mainline has fewer than `length` cards, then nothing."""

    length: int

    @property
    def text(self) -> str:
        return f"mainline shorter than {self.length}"

    def accepts(self, history: History, card: Card) -> bool:
        return len(mainline(history)) < self.length


def behaviour_equivalent(a: Rule, b: Rule) -> bool:
    """Exact for rules that look at the last mainline card only."""
    if any(a.accepts((), card) != b.accepts((), card) for card in FULL_DECK):
        return False
    return all(
        a.accepts((Attempt(last, True),), card) == b.accepts((Attempt(last, True),), card)
        for last in FULL_DECK
        for card in FULL_DECK
    )


def judge_by_behaviour(secret: Rule | None, text: str) -> bool | None:
    """A guess judge for the test rules: the guess text names one of them."""
    by_text = {label: rule for label, rule in CANDIDATES}
    if secret is None or text not in by_text:
        return None if secret is None else False
    return behaviour_equivalent(by_text[text], secret)


def bot_round_cases(
    rules: list[Rule], bot_names: Iterable[str], *, players: tuple[int, int] = (3, 7)
) -> dict[str, Any]:
    """The strategies of a property test over bot rounds (`@given(**bot_round_cases(...))`): a
    seed, one of `rules`, a number of players and one to three of the game's bots."""
    return {
        "seed": st.integers(0, 2**31 - 1),
        "rule": st.sampled_from(rules),
        "players": st.integers(*players),
        "bots": st.lists(st.sampled_from(sorted(bot_names)), min_size=1, max_size=3),
    }


def assert_replayed_and_serialized(round_: Any, replayed: Any, rule: Rule, players: int) -> list:
    """The replay of the round's actions (`replayed`) equals the round; the round and its actions
    come back equal from JSON; every player's view and the dealer's serialize. Returns the
    players' views."""
    assert replayed.to_json() == round_.to_json()
    data = json.loads(json.dumps(round_.to_json()))
    assert Round.from_json(data, rule).to_json() == round_.to_json()
    actions = [Action.from_json(json.loads(json.dumps(a.to_json()))) for a in round_.actions]
    assert actions == round_.actions
    views = [round_.view(seat) for seat in range(players)]
    for view in views:
        json.dumps(view.to_json())
    json.dumps(round_.dealer_view().to_json())
    return views
