"""Simulated players that act like students: through the same actions, seeing only their view.

At every play or "no play" a bot records a hypothesis (the label of a candidate rule) and a
prediction (will the card be accepted? is the declaration right?) in the action itself, like a
student logging their thinking. Registered by name in `BOTS`:

- `random`: plays a random card; its hypothesis is a random candidate, its prediction a coin.
- `confirmation`: holds one hypothesis consistent with the table and plays cards it says are
  right (confirmation bias); guesses it once it has survived a couple of its own plays.
- `falsifier`: like `confirmation`, but sometimes plays a card its hypothesis says is wrong,
  to test it.
- `scientist`: keeps every candidate rule still consistent with the table, grouped into
  classes of equivalent rules, plays the card whose verdict the surviving classes disagree on
  most, and guesses when one class is left, or when no card in its hand could tell the
  surviving classes apart any more (some rules differ only on tables the secret rule never
  makes, such as "same parity as two cards back" under "alternate parity").
- `wason-positive`: the Wason trap: starts from the narrowest idea that fits and plays only
  cards it expects accepted; `wason-negative`: the same start, half its plays negative tests.
- `perseverator`: like `confirmation`, but keeps logging a refuted idea for a few plays.
- `non-logger`: plays like the scientist and logs no hypothesis.

Candidates are (label, rule) pairs; by default the rule language's `language_candidates()`. Bots are
deterministic: all their randomness comes from `random.Random(seed)`.

One module per game, each with its bots' strategies side by side: `express` (the strategies
above, `BOTS`, `make_bot`), `delphi` (`DELPHI_BOTS`), `russian` (`RUSSIAN_BOTS`), `abbott`
(`ABBOTT_BOTS`); what they share (the seat and the candidate space, a hypothesis held in an
order of the bot's own, the scientist's informative move, a history's evidence) is in `core`.
Everything is importable from this package.
"""

from eleusis.engine.bots.abbott import (
    ABBOTT_BOTS,
    AbbottBot,
    AbbottRandomBot,
    AbbottScientistBot,
    TableEvidence,
)
from eleusis.engine.bots.core import (
    NO_HYPOTHESIS,
    HistoryBot,
    HistoryEvidence,
    PrefersOwnOrder,
    SeatedBot,
    default_candidates,
    informative_move,
)
from eleusis.engine.bots.delphi import (
    DELPHI_BOTS,
    DelphiBot,
    DelphiConfirmationBot,
    DelphiRandomBot,
    DelphiScientistBot,
)
from eleusis.engine.bots.express import (
    BOTS,
    Bot,
    ConfirmationBot,
    Evidence,
    FalsifierBot,
    NonLoggerBot,
    PerseveratorBot,
    RandomBot,
    ScientistBot,
    UnknownBotError,
    WasonNegativeBot,
    WasonPositiveBot,
    make_bot,
)
from eleusis.engine.bots.russian import (
    RUSSIAN_BOTS,
    RussianBot,
    RussianConfirmationBot,
    RussianRandomBot,
    RussianScientistBot,
)

__all__ = [
    "ABBOTT_BOTS",
    "BOTS",
    "DELPHI_BOTS",
    "NO_HYPOTHESIS",
    "RUSSIAN_BOTS",
    "AbbottBot",
    "AbbottRandomBot",
    "AbbottScientistBot",
    "Bot",
    "ConfirmationBot",
    "DelphiBot",
    "DelphiConfirmationBot",
    "DelphiRandomBot",
    "DelphiScientistBot",
    "Evidence",
    "FalsifierBot",
    "HistoryBot",
    "HistoryEvidence",
    "NonLoggerBot",
    "PerseveratorBot",
    "PrefersOwnOrder",
    "RandomBot",
    "RussianBot",
    "RussianConfirmationBot",
    "RussianRandomBot",
    "RussianScientistBot",
    "ScientistBot",
    "SeatedBot",
    "TableEvidence",
    "UnknownBotError",
    "WasonNegativeBot",
    "WasonPositiveBot",
    "default_candidates",
    "informative_move",
    "make_bot",
]
