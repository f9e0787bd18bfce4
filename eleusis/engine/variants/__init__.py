"""The games of the Eleusis family as state machines, registered by name in `VARIANTS`.

from eleusis.engine.variants import VARIANTS, new_round, Play
round_ = new_round("express", ExpressConfig(), seed=7, rule=rule, players=4)
events = round_.apply(Play(player=0, card=Card.parse("QD")))
"""

from eleusis.engine.variants.abbott import AbbottConfig, AbbottRound
from eleusis.engine.variants.actions import (
    BecomeProphet,
    BuyHint,
    DealerHint,
    End,
    Guess,
    Leave,
    NoPlay,
    PassGuess,
    Play,
    PlayString,
    Predict,
    ProphetJudgement,
    Reveal,
    SkipTurn,
    Verdict,
)
from eleusis.engine.variants.base import (
    VARIANTS,
    Action,
    EndReason,
    Event,
    GuessJudge,
    IllegalActionError,
    LayoutColumn,
    Refusal,
    Round,
    Scores,
    UnknownVariantError,
    WrittenRule,
    config_from_json,
    new_round,
    register_variant,
    variant_class,
)
from eleusis.engine.variants.delphi import DelphiConfig, DelphiRound, settle
from eleusis.engine.variants.express import (
    DealerView,
    ExpressConfig,
    ExpressGame,
    ExpressRound,
    PlayerView,
    express_round,
)
from eleusis.engine.variants.game import GameRound, RotationGame
from eleusis.engine.variants.russian import RussianConfig, RussianRound

__all__ = [
    "VARIANTS",
    "AbbottConfig",
    "AbbottRound",
    "Action",
    "BecomeProphet",
    "BuyHint",
    "DealerHint",
    "DealerView",
    "DelphiConfig",
    "DelphiRound",
    "End",
    "EndReason",
    "Event",
    "ExpressConfig",
    "ExpressGame",
    "ExpressRound",
    "GameRound",
    "Guess",
    "GuessJudge",
    "IllegalActionError",
    "LayoutColumn",
    "Leave",
    "NoPlay",
    "PassGuess",
    "Play",
    "PlayString",
    "PlayerView",
    "Predict",
    "ProphetJudgement",
    "Refusal",
    "Reveal",
    "RotationGame",
    "Round",
    "RussianConfig",
    "RussianRound",
    "Scores",
    "SkipTurn",
    "UnknownVariantError",
    "Verdict",
    "WrittenRule",
    "config_from_json",
    "express_round",
    "new_round",
    "register_variant",
    "settle",
    "variant_class",
]
