"""The sample secret rules of docs/rules.md §5, with their ids, written in the rule language.

Several say the same rule in other words (the four alternate-colors rules), and their texts
differ on purpose so that the equivalence check has real work to do; some that look alike are
not the same (the three suit cycles; th-parity-color and el-parity-color are opposites).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from eleusis.engine.rules.compiler import CompiledRule, compile_rule

EASY, MEDIUM, HARD = "easy", "medium", "hard"
DIFFICULTIES = (EASY, MEDIUM, HARD)
SOURCES = {"000": "Thai", "001": "Greek", "002": "Russian", "003": "Spanish"}


@dataclass(frozen=True)
class LibraryRule:
    """A sample rule. `description` is what the seed says, quoted in English translation (the
    library marks it as such); `reading` is what the app adds of its own to read it as a rule
    (a blank the seed leaves, how a card counts, where a pattern starts), empty when the seed's
    words say it all. `difficulty` follows the seed's own grouping where it has one."""

    id: str
    name: str
    source: str  # the seed number, "000".."003"
    difficulty: str
    description: str
    text: str
    reading: str = ""

    @property
    def buildable(self) -> bool:
        """Whether a sentence of the builder states this rule exactly (`NOT_BUILDABLE`)."""
        return self.id not in NOT_BUILDABLE

    @cached_property
    def _rule(self) -> CompiledRule:
        return compile_rule(self.text)

    def compiled(self) -> CompiledRule:
        """The compiled rule, compiled once."""
        return self._rule

    @property
    def source_language(self) -> str:
        return SOURCES[self.source]

    def to_dict(self) -> dict[str, str]:
        return {
            "id": self.id,
            "name": self.name,
            "source": self.source,
            "difficulty": self.difficulty,
            "description": self.description,
            "text": self.text,
            "reading": self.reading,
        }


# The library rules no sentence of the builder's pool states exactly (three parts, counts,
# sums or a pattern of runs): a student cannot log them but in words, so the review warns on
# their rounds. tests/engine/rules/test_library.py searches the pool to keep this list true.
NOT_BUILDABLE = frozenset(
    {
        "el-black-down-red-up",
        "el-step-up-1-3",
        "el-three-red-three-black",
        "ru-rank-mod-4",
        "th-suit-by-suit",
        "th-sum-two",
    }
)

_RULES = (
    LibraryRule(
        "th-alternate-colors",
        "Alternate colors",
        "000",
        EASY,
        "Alternate between one red card and one black card, repeating in that order.",
        "color != last.color",
    ),
    LibraryRule(
        "th-suit-cycle",
        "Suit cycle ♠ ♥ ♣ ♦",
        "000",
        MEDIUM,
        "A fixed order of suits: any spade (♠), then any heart (♥), then any club (♣), "
        "then a diamond (♦); the order keeps repeating this way.",
        "suit == next(last.suit, [spades, hearts, clubs, diamonds])",
        reading=(
            "The suit that comes next is read from the last card of the mainline, so the "
            "cycle may start at any suit (the starter's)."
        ),
    ),
    LibraryRule(
        "th-odd-even",
        "Odd and even",
        "000",
        EASY,
        "If the card now showing has an even number, play one with an odd number, and if "
        "the card now showing is odd, play one with an even number.",
        "parity != last.parity",
        reading=(
            "Numbers: A = 1, J = 11, Q = 12, K = 13 (the seed's own convention); “the card "
            "now showing” is the last card of the mainline."
        ),
    ),
    LibraryRule(
        "th-same-suit-or-rank",
        "Same suit or rank",
        "000",
        EASY,
        "The card must be of the same suit or the same number as the last card on the mainline.",
        "suit == last.suit or rank == last.rank",
    ),
    LibraryRule(
        "th-parity-color",
        "Even red, odd black",
        "000",
        MEDIUM,
        "If the card now showing has an even number, play a red card; if the card now "
        "showing is odd, play a black card.",
        "if last is even then red else black",
        reading=(
            "Numbers: A = 1, J = 11, Q = 12, K = 13; “the card now showing” is the last card "
            "of the mainline."
        ),
    ),
    LibraryRule(
        "th-low-high",
        "Low and high",
        "000",
        EASY,
        "If the card now showing is a low card (Ace to 7), play a high card (8 to King); "
        "if the card now showing is high, play a low one.",
        "half != last.half",
        reading=("“The card now showing” is the last card of the mainline."),
    ),
    LibraryRule(
        "th-near-rank",
        "Near rank",
        "000",
        MEDIUM,
        "The next card played should be a number one higher, one lower, or equal to the "
        "card now showing.",
        "rank in last.rank - 1 .. last.rank + 1",
        reading=(
            "No wrap-around: after a K only a Q or a K, after an A only an A or a 2 (the seed "
            "does not say whether K and A meet)."
        ),
    ),
    LibraryRule(
        "th-suit-by-suit",
        "Suit by suit",
        "000",
        HARD,
        "If the card is a diamond, play a card of another suit. If the card is a club, "
        "play a red card. If the card is a spade, play a black card. If the card is a "
        "heart, play a card of the same rank.",
        "if last is diamonds then suit != diamonds\n"
        "else if last is clubs then red\n"
        "else if last is spades then black\n"
        "else rank == last.rank",
        reading=("“The card” is the last card of the mainline."),
    ),
    LibraryRule(
        "th-sum-two",
        "Sum of the last two",
        "000",
        HARD,
        "If the sum of the last two cards played is 2–8, play a spade. If the sum of the "
        "cards is 9–12, play [the suit is left blank in the seed]. If the sum is 13–16, "
        "play a diamond. If the sum is 17 or more, play a heart (count 10, Ace = 1).",
        "if sum(value of last 2) <= 8 then spades\n"
        "else if sum(value of last 2) <= 12 then clubs\n"
        "else if sum(value of last 2) <= 16 then diamonds\n"
        "else hearts",
        reading=(
            "For 9–12 the app plays ♣, the suit left over. “Count 10” is read as J, Q and K "
            "counting 10 and A counting 1. The last two cards are the last two of the "
            "mainline; with only the starter there, its value alone is the sum."
        ),
    ),
    LibraryRule(
        "el-alternate-colors",
        "Alternate colors",
        "001",
        EASY,
        "If the last card was red, play a black card. If the last card was black, play a "
        "red card. [In all these rules, “the last card” means the last card put on the "
        "central row or, if none has been put there yet, the starting card.]",
        "if last is red then black else red",
    ),
    LibraryRule(
        "el-suit-cycle",
        "Suit cycle ♠ ♥ ♦ ♣",
        "001",
        EASY,
        "If the last card was a spade, play a heart; if the last card was a heart, play a "
        "diamond; if the last was a diamond, play a club; and if the last was a club, "
        "play a spade.",
        "suit == next(last.suit, [spades, hearts, diamonds, clubs])",
    ),
    LibraryRule(
        "el-three-red-three-black",
        "Three red, three black",
        "001",
        EASY,
        "The cards in the central row must follow this pattern: three red cards, then "
        "three black, then three red, then three black, and so on.",
        "if position % 3 == 1 then color != last.color else color == last.color",
        reading=(
            "The starter opens the first run: play the last card's color until that run has "
            "three cards, then switch."
        ),
    ),
    LibraryRule(
        "el-odd-even",
        "Odd and even",
        "001",
        EASY,
        "If the last card is an odd number, play an even card. If the last is even, play "
        "an odd one. [When numbers are involved, the ace is usually taken as 1 (odd), the "
        "jack as 11 (odd), the queen as 12 (even) and the king as 13 (odd).]",
        "if last is odd then even else odd",
    ),
    LibraryRule(
        "el-low-high",
        "Low and high",
        "001",
        EASY,
        "If the last card is a card from the ace to 7, play a card from 8 to the king. If "
        "the last is from 8 to the king, play a card from the ace to 7.",
        "if last is low then high else low",
    ),
    LibraryRule(
        "el-step-up-1-3",
        "One to three up",
        "001",
        EASY,
        "Play a card with a number that is 1, 2 or 3 greater than the number of the last "
        "card. The numbers may go “round”.",
        "rank in {last.rank + 1 wrap 13, last.rank + 2 wrap 13, last.rank + 3 wrap 13}",
        reading=(
            "Going round: after a Q comes K, A or 2; after a K, A, 2 or 3 (A = 1, J = 11, Q = "
            "12, K = 13)."
        ),
    ),
    LibraryRule(
        "el-parity-color",
        "Odd red, even black",
        "001",
        HARD,
        "If the last card is an odd number, play a red card. If the last card is even, "
        "play a black card.",
        "if last is odd then red else black",
    ),
    LibraryRule(
        "el-same-color-or-rank",
        "Same color or rank",
        "001",
        HARD,
        "The card played must be the same color or the same number as the last card.",
        "color == last.color or rank == last.rank",
    ),
    LibraryRule(
        "el-black-down-red-up",
        "Black down, red up",
        "001",
        HARD,
        "If the last card is black, play a card with a number equal to or smaller than "
        "the number of the last card. If the last card is red, play a card equal to or "
        "greater than the last card.",
        "if last is black then rank <= last.rank else rank >= last.rank",
        reading=(
            "Numbers: A = 1, J = 11, Q = 12, K = 13, so an A is the lowest card and a K the "
            "highest."
        ),
    ),
    LibraryRule(
        "ru-alternate-colors",
        "Alternate colors",
        "002",
        EASY,
        "On a black card a red one must be laid, and the other way round.",
        "if last is black then red else black",
    ),
    LibraryRule(
        "ru-suit-cycle",
        "Suit cycle ♣ ♦ ♥ ♠",
        "002",
        MEDIUM,
        "On a club a diamond must be laid, on a diamond a heart, on a heart a spade, on a "
        "spade a club.",
        "suit == next(last.suit, [clubs, diamonds, hearts, spades])",
    ),
    LibraryRule(
        "ru-odd-even",
        "Odd and even",
        "002",
        EASY,
        "On an even card an odd one must be laid, and the other way round.",
        "(rank + last.rank) % 2 == 1",
        reading=("Numbers: A = 1, J = 11, Q = 12, K = 13."),
    ),
    LibraryRule(
        "ru-low-high",
        "Low and high",
        "002",
        EASY,
        "On the cards from the ace to the seven, cards from the eight to the king must be "
        "laid, and the other way round.",
        "if last.rank <= 7 then rank >= 8 else rank <= 7",
    ),
    LibraryRule(
        "ru-parity-color",
        "Even red, odd black",
        "002",
        MEDIUM,
        "On an even card a red one is always laid, and on an odd one a black one.",
        "if last.rank % 2 == 0 then color == red else color == black",
        reading=("Numbers: A = 1, J = 11, Q = 12, K = 13."),
    ),
    LibraryRule(
        "ru-after-verdict",
        "After right red, after wrong black",
        "002",
        HARD,
        "If the previous player played correctly, a red card must be laid; if they played "
        "wrongly, a black one.",
        "if previous.accepted then red else black",
        reading=(
            "“The previous player played correctly” is read as: the most recent card tried "
            "was accepted. The starter counts as a right play."
        ),
    ),
    LibraryRule(
        "ru-rank-mod-4",
        "Rank mod 4",
        "002",
        HARD,
        "The value of the previous card must be divided by 4: if there is no remainder, a "
        "club is laid; if the remainder is one, a diamond; if 2, a heart; if 3, a spade.",
        "if last.rank % 4 == 0 then clubs\n"
        "else if last.rank % 4 == 1 then diamonds\n"
        "else if last.rank % 4 == 2 then hearts\n"
        "else spades",
        reading=(
            "“The value” is the rank, A = 1, J = 11, Q = 12, K = 13 (a K leaves 1: a "
            "diamond); “the previous card” is the last card of the mainline."
        ),
    ),
    LibraryRule(
        "es-alternate-colors",
        "Alternate colors",
        "003",
        EASY,
        "A teaching rule: red after black and black after red.",
        "(red and last is black) or (black and last is red)",
    ),
)

LIBRARY: dict[str, LibraryRule] = {rule.id: rule for rule in _RULES}


def library_rule(rule_id: str) -> LibraryRule:
    """The library rule with that id; `KeyError` naming the id when there is none."""
    try:
        return LIBRARY[rule_id]
    except KeyError:
        raise KeyError(f"no library rule {rule_id!r}") from None
