"""The games, one record each: `GAMES` by string id. Everything that names a game looks it up here.

A game is one module in this package (its round class, bots, and how bots play and record a
round) and, on the web side, one module in `classroom.games`. Adding a game: a variant module in
`eleusis.engine.variants`, a module here, one in `classroom.games`, and its templates.

`simulate_round` plays one round of any game with bots and returns its JSON record; `simulate`
yields one per round, every round seeded from the one seed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from eleusis.engine.games import abbott, delphi, express, russian
from eleusis.engine.games.record import EngineGame
from eleusis.engine.history import Rule
from eleusis.engine.inference import Candidate, Equivalent
from eleusis.engine.simulate import MAX_ACTIONS, SimulationError, round_seeds
from eleusis.engine.variants.base import GuessJudge
from eleusis.engine.variants.codec import JSON

GAMES: dict[str, EngineGame] = {
    module.GAME.id: module.GAME for module in (express, delphi, abbott, russian)
}
# The game an assignment or a simulation plays when none is named.
DEFAULT = express.GAME.id


def game(game_id: str) -> EngineGame:
    """The game with this id; `SimulationError` (a ValueError) naming the known ones if none."""
    if game_id not in GAMES:
        raise SimulationError(
            f"bots do not play {game_id!r}: expected one of {', '.join(sorted(GAMES))}"
        )
    return GAMES[game_id]


def simulate_round(
    *,
    rule: Rule,
    players: int,
    bots: Sequence[str],
    seed: int,
    config: Any = None,
    variant: str = DEFAULT,
    label: str | None = None,
    candidates: Sequence[Candidate] | None = None,
    equivalent: Equivalent | None = None,
    judge_guess: GuessJudge | None = None,
    max_actions: int = MAX_ACTIONS,
) -> dict[str, JSON]:
    """Play one round with the app dealing and bots in the seats; return its record."""
    driver = game(variant)
    cls = driver.round_class
    round_ = cls(config or cls.config_class(), seed, rule, players, judge_guess=judge_guess)
    seated = driver.seat(bots, players, seed, candidates, equivalent)
    for _ in driver.play(round_, seated, max_actions):
        pass
    return driver.record(round_, label)


def simulate(
    *,
    rule: Rule,
    players: int,
    bots: Sequence[str],
    rounds: int,
    seed: int,
    config: Any = None,
    variant: str = DEFAULT,
    label: str | None = None,
    candidates: Sequence[Candidate] | None = None,
    equivalent: Equivalent | None = None,
    judge_guess: GuessJudge | None = None,
    max_actions: int = MAX_ACTIONS,
) -> Iterator[dict[str, JSON]]:
    """One record per round, the rounds seeded from `seed`."""
    for round_seed in round_seeds(seed, rounds):
        yield simulate_round(
            rule=rule,
            players=players,
            bots=bots,
            seed=round_seed,
            config=config,
            variant=variant,
            label=label,
            candidates=candidates,
            equivalent=equivalent,
            judge_guess=judge_guess,
            max_actions=max_actions,
        )


__all__ = ["DEFAULT", "GAMES", "EngineGame", "game", "simulate", "simulate_round"]
