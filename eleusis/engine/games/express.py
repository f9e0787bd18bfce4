"""Eleusis Express (docs/rules.md §1): tables of 3–8 play cards from their hands."""

from eleusis.engine.bots import BOTS
from eleusis.engine.games.record import EngineGame
from eleusis.engine.simulate import next_express_action, play_round, round_record, seat_bots
from eleusis.engine.variants.express import ExpressRound

GAME = EngineGame(ExpressRound, BOTS, seat_bots, play_round, round_record, next_express_action)
