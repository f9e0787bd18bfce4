"""Why Eleusis Express refuses an action: the messages of IllegalActionError, importable by
tests and by the UI's translations (NOT_YOUR_TURN and CARD_NOT_IN_HAND are shared with the
other games, from `base`).
"""

from __future__ import annotations

from eleusis.engine.variants.base import Refusal

PLAYER_LEFT = Refusal("player_left", "player {player} has left this round")
WAITING_FOR_VERDICT = Refusal(
    "waiting_for_verdict", "waiting for the dealer's verdict on the {what}: no {action} until then"
)
NO_VERDICT_PENDING = Refusal(
    "no_verdict_pending", "nothing awaits the dealer's verdict: there is nothing to judge"
)
GUESS_NOT_ALLOWED = Refusal(
    "guess_not_allowed",
    "player {player} may not guess now: a guess comes right after one's own right play "
    'or right "no play"',
)
CANNOT_JUDGE_GUESS = Refusal(
    "cannot_judge_guess",
    "the app cannot compare a guess with this round's rule: guess in free text for the dealer",
)
HINTS_OFF = Refusal(
    "hints_off", "player {player} cannot buy a hint: buying hints is off in this round"
)
HINT_ALREADY_BOUGHT = Refusal(
    "hint_already_bought", "player {player} has already bought a hint this turn"
)
HINT_STOCK_EMPTY = Refusal(
    "hint_stock_empty", "player {player} cannot buy a hint: the stock is empty"
)
UNPROMPTED_HINT = Refusal(
    "unprompted_hint",
    "the dealer may give a hint unprompted only when every player has had the same number of "
    "turns (turns so far: {turns})",
)
EMPTY_HINT = Refusal("empty_hint", "a hint needs some text")
GUESS_OR_PASS_FIRST = Refusal(
    "guess_or_pass_first", "player {player} decides first: guess the rule or pass"
)
NOTHING_TO_PASS = Refusal(
    "nothing_to_pass", "player {player} has no guess to pass: it is not their moment to guess"
)
VERDICT_NEEDS_CARD = Refusal(
    "verdict_needs_card",
    'the "no play" of player {player} was wrong: '
    "name the legal card the dealer takes from the hand",
)
VERDICT_NO_CARD = Refusal("verdict_no_card", "a verdict on the {what} names no card (got {card})")
UNSUPPORTED_ACTION = Refusal("unsupported_action", "Eleusis Express has no {kind!r} action")
