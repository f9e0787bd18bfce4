"""Why Abbott/Howell Eleusis refuses an action: the messages of IllegalActionError, importable
by tests and by the UI's translations.
"""

from __future__ import annotations

from eleusis.engine.variants.base import Refusal

CARDS_NOT_IN_HAND = Refusal("cards_not_in_hand", "{cards} are not all in player {player}'s hand")
EMPTY_STRING = Refusal("empty_string", "a string needs at least one card")
WAITING_FOR_PROPHET = Refusal(
    "waiting_for_prophet", "waiting for the prophet's judgement: no {action} until then"
)
NO_JUDGEMENT_PENDING = Refusal("no_judgement_pending", "nothing awaits the prophet's judgement")
JUDGEMENT_NEEDS_CARD = Refusal(
    "judgement_needs_card",
    'judging the "no play" of player {player} wrong names the legal card taken from the hand',
)
JUDGEMENT_NO_CARD = Refusal(
    "judgement_no_card", "a judgement of an attempt names no card (got {card})"
)
PROPHET_NOT_NOW = Refusal(
    "prophet_not_now", "player {player} may become prophet only right after their own turn"
)
PROPHET_TAKEN = Refusal("prophet_taken", "player {prophet} is already the prophet")
PROPHET_AGAIN = Refusal("prophet_again", "player {player} has been prophet this round already")
PROPHET_TOO_FEW = Refusal(
    "prophet_too_few",
    "player {player} cannot become prophet: at least two other players must still be in the round",
)
UNSUPPORTED_ACTION = Refusal("unsupported_action", "Abbott/Howell Eleusis has no {kind!r} action")
