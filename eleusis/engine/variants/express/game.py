"""A game of Eleusis Express: several rounds, each person dealing in turn or by the "dealer
assignment" variant.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from eleusis.engine.history import Rule
from eleusis.engine.variants.base import GuessJudge, IllegalActionError
from eleusis.engine.variants.express.config import MAX_PLAYERS, ExpressConfig
from eleusis.engine.variants.express.round import ExpressRound
from eleusis.engine.variants.game import GAME_OVER, GameRound, SeatedGame

RoundResult = GameRound


@dataclass
class ExpressGame(SeatedGame):
    """Rounds of Eleusis Express among `people` (numbered 0..people-1, in order round the
    table), each dealing in turn. The dealer of a round holds no hand; the round's seat 0 is the
    person at the dealer's left. With `dealer_assignment="winner"` whoever guessed the rule or
    emptied the hand deals next; if nobody did, the round's best player (the first from the
    dealer's left among equals). The game is over once everyone has dealt at least once."""

    config: ExpressConfig
    seed: int
    people: int
    dealer: int = 0
    results: list[GameRound] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not 2 <= self.people <= MAX_PLAYERS + 1:
            raise ValueError(f"{self.people} people: a game needs 2 to {MAX_PLAYERS + 1}")

    def new_round(
        self, rule: Rule | None, *, judge_guess: GuessJudge | None = None
    ) -> ExpressRound:
        if self.over:
            raise IllegalActionError(GAME_OVER)
        return ExpressRound(
            self.config, self.round_seed(), rule, self.people - 1, judge_guess=judge_guess
        )

    def record(self, round_: ExpressRound) -> GameRound:
        """Add a finished round's scores and choose the next dealer."""
        result = self._add_result(round_)
        state = round_.state
        if self.config.dealer_assignment == "rotate":
            self.dealer = (self.dealer + 1) % self.people
        else:
            winner_seat = state.guessed_by if state.guessed_by is not None else state.emptied_by
            if winner_seat is None:
                players = round_.scores().players
                winner_seat = players.index(max(players))
            self.dealer = result.people[winner_seat]
        return result

    @property
    def over(self) -> bool:
        return {result.dealer for result in self.results} >= set(range(self.people))


def express_round(
    seed: int,
    rule: Rule | None,
    players: int,
    config: ExpressConfig | None = None,
    *,
    judge_guess: GuessJudge | None = None,
) -> ExpressRound:
    """Shorthand: a round with the default settings unless a config is given."""
    return ExpressRound(config or ExpressConfig(), seed, rule, players, judge_guess=judge_guess)
