"""Russian Eleusis (docs/rules.md §4): the deck table, wrong cards in front of the player."""

from eleusis.engine.bots import RUSSIAN_BOTS
from eleusis.engine.games.record import EngineGame
from eleusis.engine.simulate import (
    next_russian_action,
    play_russian_round,
    russian_record,
    seat_russian_bots,
)
from eleusis.engine.variants.russian import RussianRound

GAME = EngineGame(
    RussianRound,
    RUSSIAN_BOTS,
    seat_russian_bots,
    play_russian_round,
    russian_record,
    next_russian_action,
)
