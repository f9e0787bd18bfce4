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
    id: str
    name: str
    source: str  # the seed number, "000".."003"
    difficulty: str
    description: str
    text: str

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
        }


_RULES = (
    LibraryRule(
        "th-alternate-colors",
        "Alternate colors",
        "000",
        EASY,
        "Alternate red and black.",
        "color != last.color",
    ),
    LibraryRule(
        "th-suit-cycle",
        "Suit cycle ♠ ♥ ♣ ♦",
        "000",
        MEDIUM,
        "Suits in order ♠ → ♥ → ♣ → ♦ → ♠ …",
        "suit == next(last.suit, [spades, hearts, clubs, diamonds])",
    ),
    LibraryRule(
        "th-odd-even",
        "Odd and even",
        "000",
        EASY,
        "After an even card play odd; after an odd card play even.",
        "parity != last.parity",
    ),
    LibraryRule(
        "th-same-suit-or-rank",
        "Same suit or rank",
        "000",
        EASY,
        "Same suit or same rank as the last card.",
        "suit == last.suit or rank == last.rank",
    ),
    LibraryRule(
        "th-parity-color",
        "Even red, odd black",
        "000",
        MEDIUM,
        "After an even card play red; after an odd card play black.",
        "if last is even then red else black",
    ),
    LibraryRule(
        "th-low-high",
        "Low and high",
        "000",
        EASY,
        "After a low card (A–7) play high (8–K); after high play low.",
        "half != last.half",
    ),
    LibraryRule(
        "th-near-rank",
        "Near rank",
        "000",
        MEDIUM,
        "Rank one higher, one lower, or equal to the last card (no wrap-around).",
        "rank in last.rank - 1 .. last.rank + 1",
    ),
    LibraryRule(
        "th-suit-by-suit",
        "Suit by suit",
        "000",
        HARD,
        "After ♦ any other suit; after ♣ a red card; after ♠ a black card; after ♥ the same rank.",
        "if last is diamonds then suit != diamonds\n"
        "else if last is clubs then red\n"
        "else if last is spades then black\n"
        "else rank == last.rank",
    ),
    LibraryRule(
        "th-sum-two",
        "Sum of the last two",
        "000",
        HARD,
        "Add the last two mainline cards (J, Q, K count 10, A = 1): 2–8 play ♠, 9–12 ♣, "
        "13–16 ♦, 17 or more ♥. With only the starter on the mainline, its value alone is the "
        "sum.",
        "if sum(value of last 2) <= 8 then spades\n"
        "else if sum(value of last 2) <= 12 then clubs\n"
        "else if sum(value of last 2) <= 16 then diamonds\n"
        "else hearts",
    ),
    LibraryRule(
        "el-alternate-colors",
        "Alternate colors",
        "001",
        EASY,
        "After red play black; after black play red.",
        "if last is red then black else red",
    ),
    LibraryRule(
        "el-suit-cycle",
        "Suit cycle ♠ ♥ ♦ ♣",
        "001",
        MEDIUM,
        "After ♠ play ♥, after ♥ ♦, after ♦ ♣, after ♣ ♠.",
        "suit == next(last.suit, [spades, hearts, diamonds, clubs])",
    ),
    LibraryRule(
        "el-three-red-three-black",
        "Three red, three black",
        "001",
        HARD,
        "The mainline runs three red, three black, three red, … The starter opens the first "
        "run: play the last card's color until that run has three cards, then switch.",
        "if position % 3 == 1 then color != last.color else color == last.color",
    ),
    LibraryRule(
        "el-odd-even",
        "Odd and even",
        "001",
        EASY,
        "After odd play even; after even play odd.",
        "if last is odd then even else odd",
    ),
    LibraryRule(
        "el-low-high",
        "Low and high",
        "001",
        EASY,
        "After A–7 play 8–K; after 8–K play A–7.",
        "if last is low then high else low",
    ),
    LibraryRule(
        "el-step-up-1-3",
        "One to three up",
        "001",
        MEDIUM,
        "Rank 1, 2 or 3 above the last card's, wrapping K → A.",
        "rank in {last.rank + 1 wrap 13, last.rank + 2 wrap 13, last.rank + 3 wrap 13}",
    ),
    LibraryRule(
        "el-parity-color",
        "Odd red, even black",
        "001",
        HARD,
        "After odd play red; after even play black.",
        "if last is odd then red else black",
    ),
    LibraryRule(
        "el-same-color-or-rank",
        "Same color or rank",
        "001",
        HARD,
        "Same color or same rank as the last card.",
        "color == last.color or rank == last.rank",
    ),
    LibraryRule(
        "el-black-down-red-up",
        "Black down, red up",
        "001",
        HARD,
        "After black, rank ≤ last rank; after red, rank ≥ last rank.",
        "if last is black then rank <= last.rank else rank >= last.rank",
    ),
    LibraryRule(
        "ru-alternate-colors",
        "Alternate colors",
        "002",
        EASY,
        "Red on black, black on red.",
        "if last is black then red else black",
    ),
    LibraryRule(
        "ru-suit-cycle",
        "Suit cycle ♣ ♦ ♥ ♠",
        "002",
        MEDIUM,
        "♣ → ♦ → ♥ → ♠ → ♣ …",
        "suit == next(last.suit, [clubs, diamonds, hearts, spades])",
    ),
    LibraryRule(
        "ru-odd-even",
        "Odd and even",
        "002",
        EASY,
        "Odd on even, even on odd.",
        "(rank + last.rank) % 2 == 1",
    ),
    LibraryRule(
        "ru-low-high",
        "Low and high",
        "002",
        EASY,
        "8–K on A–7 and A–7 on 8–K.",
        "if last.rank <= 7 then rank >= 8 else rank <= 7",
    ),
    LibraryRule(
        "ru-parity-color",
        "Even red, odd black",
        "002",
        MEDIUM,
        "On an even card red, on an odd card black.",
        "if last.rank % 2 == 0 then color == red else color == black",
    ),
    LibraryRule(
        "ru-after-verdict",
        "After right red, after wrong black",
        "002",
        HARD,
        "If the previous play was right, play red; if it was wrong, play black.",
        "if previous.accepted then red else black",
    ),
    LibraryRule(
        "ru-rank-mod-4",
        "Rank mod 4",
        "002",
        HARD,
        "Divide the last card's rank (A = 1, J = 11, Q = 12, K = 13) by 4: remainder 0 → ♣, "
        "1 → ♦, 2 → ♥, 3 → ♠.",
        "if last.rank % 4 == 0 then clubs\n"
        "else if last.rank % 4 == 1 then diamonds\n"
        "else if last.rank % 4 == 2 then hearts\n"
        "else spades",
    ),
    LibraryRule(
        "es-alternate-colors",
        "Alternate colors",
        "003",
        EASY,
        "Red after black and black after red.",
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
