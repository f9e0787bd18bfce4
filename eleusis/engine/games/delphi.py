"""Delphi: the whole class predicts each card the app turns."""

from eleusis.engine.bots import DELPHI_BOTS
from eleusis.engine.games.record import EngineGame
from eleusis.engine.simulate import (
    delphi_record,
    next_delphi_action,
    play_delphi_round,
    seat_delphi_bots,
)
from eleusis.engine.variants.delphi import DelphiRound

GAME = EngineGame(
    DelphiRound, DELPHI_BOTS, seat_delphi_bots, play_delphi_round, delphi_record, next_delphi_action
)
