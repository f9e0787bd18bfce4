"""Abbott/Howell Eleusis (docs/rules.md §2): strings, the prophet, expulsion, hands scored."""

from eleusis.engine.bots import ABBOTT_BOTS
from eleusis.engine.games.record import EngineGame
from eleusis.engine.simulate import (
    abbott_record,
    next_abbott_action,
    play_abbott_round,
    seat_abbott_bots,
)
from eleusis.engine.variants.abbott import AbbottRound

GAME = EngineGame(
    AbbottRound, ABBOTT_BOTS, seat_abbott_bots, play_abbott_round, abbott_record, next_abbott_action
)
