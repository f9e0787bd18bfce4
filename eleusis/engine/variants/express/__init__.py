"""Eleusis Express (John Golden), docs/rules.md §1, with every variant of the seeds.

Seats are numbered from 0 at the dealer's left; play goes left (seat 0, 1, 2, ...). The dealer
holds no hand and is either the app, which judges by the rule, or a person, for whom the round
records a pending judgement and waits for a `Verdict` action.

Decisions beyond docs/rules.md, each documented here and tested:
- The stock "runs out" when a card must be drawn and none is left. With `stock_exhaustion="end"`
  the draw is not made and the round ends ("stock_exhausted"); with `"reshuffle_deck"` a newly
  shuffled 52-card deck becomes the stock and the draw goes on.
- A guess is allowed right after the guesser's own right play or right "no play", until the
  next play, "no play" or bought hint. One guess per such moment.
- While a judgement is pending (a person dealer's verdict, or a free-text guess), nothing but
  the `Verdict`, a dealer hint or `End` may happen.
- When the app corrects a wrong "no play", it takes the lowest legal card of the hand (in the
  order ♠ ♥ ♦ ♣, then rank), so the choice is deterministic.
- A bought hint does not block play: the request waits in `hint_requests` until the dealer
  answers it with a `DealerHint`. The dealer may hint unprompted at any moment (the Greek seed:
  a dealer who sees that nobody finds the rule starts giving hints); the Thai condition that
  every player has had the same number of turns is the setting `hints_after_equal_turns`.
- With `guess_turn` (the Thai way: the guess belongs to the guesser's turn), a player whose play
  or "no play" was right decides before anyone else moves: `Guess` or `PassGuess`. Until then
  the turn stays with them; a wrong guess passes it on. Without it, the chance to guess lasts
  until the next move, as before.
- `SkipTurn`, the dealer's: a player deciding whether to guess passes; otherwise the player
  whose turn it is loses the turn (they are away). A skipped turn is not counted as a turn.

The package, by concern: `config` (the settings), `state` (the state and the views), `round`
(the deal, the turns, the verdicts and the scores), `guesses` (guesses and hints) and `game`
(rounds dealt in turn); each module names the refusals it raises at its top. The game's events
are in `eleusis.engine.variants.events` with every game's. The round, its config, views and
refusals are importable from here.
"""

from eleusis.engine.variants.base import (
    CARD_NOT_IN_HAND,
    NOT_YOUR_TURN,
    PLAYER_LEFT,
    TurnPassed,
    card_order,
)
from eleusis.engine.variants.express.config import (
    HAND_SIZES,
    MAX_PLAYERS,
    DealerAssignment,
    DealerKind,
    ExpressConfig,
    FirstPlayer,
    StarterMode,
    StockExhaustion,
)
from eleusis.engine.variants.express.game import ExpressGame, RoundResult, express_round
from eleusis.engine.variants.express.guesses import (
    CANNOT_JUDGE_GUESS,
    EMPTY_HINT,
    GUESS_NOT_ALLOWED,
    HINT_ALREADY_BOUGHT,
    HINT_STOCK_EMPTY,
    HINTS_OFF,
    NOTHING_TO_PASS,
    UNPROMPTED_HINT,
    WAITING_FOR_VERDICT,
    GuessesAndHints,
)
from eleusis.engine.variants.express.round import (
    GUESS_OR_PASS_FIRST,
    NO_VERDICT_PENDING,
    UNSUPPORTED_ACTION,
    VERDICT_NEEDS_CARD,
    VERDICT_NO_CARD,
    ExpressRound,
)
from eleusis.engine.variants.express.state import (
    DealerView,
    ExpressState,
    GuessRecord,
    HintRecord,
    Pending,
    PendingView,
    PlayerView,
    TableEntry,
)

__all__ = [
    "CANNOT_JUDGE_GUESS",
    "CARD_NOT_IN_HAND",
    "EMPTY_HINT",
    "GUESS_NOT_ALLOWED",
    "GUESS_OR_PASS_FIRST",
    "HAND_SIZES",
    "HINTS_OFF",
    "HINT_ALREADY_BOUGHT",
    "HINT_STOCK_EMPTY",
    "MAX_PLAYERS",
    "NOTHING_TO_PASS",
    "NOT_YOUR_TURN",
    "NO_VERDICT_PENDING",
    "PLAYER_LEFT",
    "UNPROMPTED_HINT",
    "UNSUPPORTED_ACTION",
    "VERDICT_NEEDS_CARD",
    "VERDICT_NO_CARD",
    "WAITING_FOR_VERDICT",
    "DealerAssignment",
    "DealerKind",
    "DealerView",
    "ExpressConfig",
    "ExpressGame",
    "ExpressRound",
    "ExpressState",
    "FirstPlayer",
    "GuessRecord",
    "GuessesAndHints",
    "HintRecord",
    "Pending",
    "PendingView",
    "PlayerView",
    "RoundResult",
    "StarterMode",
    "StockExhaustion",
    "TableEntry",
    "TurnPassed",
    "card_order",
    "express_round",
]
