"""Eleusis (Robert Abbott), full profile after Dave Howell, docs/rules.md §2.

Seats are the non-dealers (3 to 7, for 4 to 8 people), seat 0 at the dealer's left; play goes
left, skipping expelled players and the prophet. The app deals and judges by the secret rule.

- A turn is an attempt (`Play`, or `PlayString` of several cards in order), or a `NoPlay`.
  An attempt is judged as a whole: every card against the mainline as the earlier cards of the
  string leave it. All right: the cards extend the mainline. Any wrong: all of them go to the
  sideline as one group (`layout`), the mainline end does not change, and the player draws 2
  cards per card tried.
- "No play" right: the hand goes to the bottom of the stock and a new hand of 4 fewer is dealt
  (with 4 or fewer the hand empties and the round ends). Wrong: the dealer puts a legal card of
  the hand on the mainline and the declarer draws 5.
- Right after one's own turn (`prophet_window`) a player may `BecomeProphet`. While there is a
  prophet, every attempt and "no play" waits for the prophet's `ProphetJudgement`, which the app
  checks against the rule. A wrong judgement: the prophet falls (marker removed, 5 penalty
  cards, back in play, never prophet again this round), the true outcome is applied, and the
  player whose turn exposed the error gets no penalty and no expulsion for it.
- Expulsion: once 30 cards are on the table (mainline and sideline, starter included), or with
  a prophet 20 cards after the marker, a wrong attempt or a wrong "no play" expels the player
  after the normal penalty.
- The round ends when a hand is legally emptied, when every player is expelled (but perhaps the
  prophet), or when the stock cannot cover a draw (what is left is given first).

Decisions beyond docs/rules.md, each documented here and tested:
- The app is the dealer (the prophet's judgements must be checked at once); a rule in words
  cannot be dealt here.
- A rejected string enters the history as one rejected attempt per card, in order, so rules
  that look at "the previous play" see its last card; `groups` keeps it one group.
- The starter is one card turned until legal; the unsuitable cards go to the bottom of the stock
  unseen (players are not shown them, unlike Eleusis Express).
- First player: count seats from seat 0 by the starter's rank (A = 1 ... K = 13).
- To become prophet, at least two players besides the new prophet (and the dealer) must still
  be in the round, not expelled (Howell: "at least two other players besides himself").
- Expulsion is "armed" by the count when the attempt or "no play" is made (the start of the
  turn), with the threshold of the prophet in office then.
- When a prophet falls, the 5 penalty cards are given first, then the true outcome is applied.
- When the app corrects a wrong "no play" it takes the lowest legal card (♠ ♥ ♦ ♣, then rank).
- A right "no play" that empties a hand of 4 or fewer counts as emptying the hand legally (+4).
- The prophet's bonus counts every card that reached the table after the marker: +1 per
  mainline card (corrections of wrong "no play"s included), +2 per sideline card.

The package, by concern: `config` (the settings and fixed numbers), `state` (the state and the
views), `turns` (attempts, "no play"s, penalties, expulsion) and `round` (the deal, the prophet,
the scores); each module names the refusals it raises at its top. The game's events are in
`eleusis.engine.variants.events` with every game's. The round, its config, views and refusals
are importable from here.
"""

from eleusis.engine.variants.abbott.config import (
    EMPTY_BONUS,
    MAX_PLAYERS,
    NO_PLAY_PENALTY,
    NO_PLAY_SHRINK,
    PENALTY_PER_CARD,
    PROPHET_PENALTY,
    AbbottConfig,
)
from eleusis.engine.variants.abbott.round import (
    JUDGEMENT_NEEDS_CARD,
    JUDGEMENT_NO_CARD,
    NO_JUDGEMENT_PENDING,
    PROPHET_AGAIN,
    PROPHET_NOT_NOW,
    PROPHET_TAKEN,
    PROPHET_TOO_FEW,
    UNSUPPORTED_ACTION,
    AbbottRound,
)
from eleusis.engine.variants.abbott.state import (
    AbbottDealerView,
    AbbottEntry,
    AbbottPending,
    AbbottPendingView,
    AbbottPlayerView,
    AbbottState,
    ProphetRecord,
)
from eleusis.engine.variants.abbott.turns import (
    CARDS_NOT_IN_HAND,
    EMPTY_STRING,
    WAITING_FOR_PROPHET,
    AbbottTurns,
)
from eleusis.engine.variants.base import CARD_NOT_IN_HAND, NOT_YOUR_TURN

__all__ = [
    "CARDS_NOT_IN_HAND",
    "CARD_NOT_IN_HAND",
    "EMPTY_BONUS",
    "EMPTY_STRING",
    "JUDGEMENT_NEEDS_CARD",
    "JUDGEMENT_NO_CARD",
    "MAX_PLAYERS",
    "NOT_YOUR_TURN",
    "NO_JUDGEMENT_PENDING",
    "NO_PLAY_PENALTY",
    "NO_PLAY_SHRINK",
    "PENALTY_PER_CARD",
    "PROPHET_AGAIN",
    "PROPHET_NOT_NOW",
    "PROPHET_PENALTY",
    "PROPHET_TAKEN",
    "PROPHET_TOO_FEW",
    "UNSUPPORTED_ACTION",
    "WAITING_FOR_PROPHET",
    "AbbottConfig",
    "AbbottDealerView",
    "AbbottEntry",
    "AbbottPending",
    "AbbottPendingView",
    "AbbottPlayerView",
    "AbbottRound",
    "AbbottState",
    "AbbottTurns",
    "ProphetRecord",
]
