"""Rounds played by bots from start to end: for demos, tests, load tests and benchmarks.

`simulate_round` plays one round and returns a JSON-ready record; `simulate` yields one per
round. Everything is derived from the seed, so the same call gives the same records.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from eleusis.engine.bots import Bot, Candidate, Equivalent, make_bot
from eleusis.engine.history import Rule
from eleusis.engine.variants import codec
from eleusis.engine.variants.actions import End
from eleusis.engine.variants.base import Action, Event, GuessJudge, rule_text, variant_class
from eleusis.engine.variants.codec import JSON
from eleusis.engine.variants.express import ExpressRound

MAX_ACTIONS = 2_000
TURN_LIMIT = "turn limit"


class SimulationError(ValueError):
    """The simulation cannot go on (a bot cannot act on what is pending)."""


def resolve_rule(spec: str) -> Rule:
    """`@th-odd-even` names a library rule; anything else is rule text to compile."""
    from eleusis.engine.rules import compile_rule, library_rule

    if spec.startswith("@"):
        rule: Rule = library_rule(spec[1:]).compiled()
        return rule
    compiled: Rule = compile_rule(spec)
    return compiled


def bot_seed(round_seed: int, seat: int) -> str:
    return f"{round_seed}/{seat}"


def seat_bots(
    names: Sequence[str],
    players: int,
    round_seed: int,
    candidates: Sequence[Candidate] | None = None,
    equivalent: Equivalent | None = None,
) -> list[Bot]:
    """One bot per seat, cycling over `names`."""
    if not names:
        raise ValueError("name at least one bot")
    return [
        make_bot(names[seat % len(names)], seat, bot_seed(round_seed, seat), candidates, equivalent)
        for seat in range(players)
    ]


def play_round(
    round_: ExpressRound, bots: Sequence[Bot], max_actions: int = MAX_ACTIONS
) -> Iterator[tuple[Action, list[Event]]]:
    """Let the bots play until the round ends, yielding each action and its events. After
    `max_actions` the dealer ends the round ("turn limit")."""
    for _ in range(max_actions):
        if round_.is_over:
            return
        state = round_.state
        if state.pending is not None:
            raise SimulationError(f"bots cannot give a verdict on the pending {state.pending.what}")
        window = state.guess_window
        if window is not None:
            guess = bots[window].guess(round_.view(window))
            if guess is not None:
                yield guess, round_.apply(guess)
                continue
        seat = state.turn
        action = bots[seat].act(round_.view(seat))
        yield action, round_.apply(action)
    if not round_.is_over:
        end = End(TURN_LIMIT)
        yield end, round_.apply(end)


def round_record(round_: ExpressRound, label: str | None = None) -> dict[str, JSON]:
    """A finished round as the JSON record the `simulate` command prints."""
    state = round_.state
    scores = round_.scores()
    plays: list[dict[str, JSON]] = [
        {
            "player": entry.player,
            "cards": [card.code for card in entry.cards],
            "accepted": entry.accepted,
            "kind": entry.kind,
            "hypothesis": entry.hypothesis,
            "prediction": entry.prediction,
        }
        for entry in state.table
    ]
    return {
        "variant": round_.name,
        "rule": label if label is not None else rule_text(round_.rule),
        "seed": round_.seed,
        "players": round_.players,
        "decks": state.decks_used,
        "hand_size": round_.config.hand_size,
        "config": codec.dump(round_.config),
        "plays": plays,
        "hands": [[card.code for card in hand] for hand in state.hands],
        "stock": [card.code for card in state.stock],
        "guesses": [
            {"player": guess.player, "correct": guess.correct, "text": guess.text}
            for guess in state.guesses
        ],
        "end": state.end_reason,
        "plays_until_guess": plays_until_guess(round_),
        "scores": {"players": list(scores.players), "dealer": scores.dealer},
    }


def plays_until_guess(round_: ExpressRound) -> int | None:
    """How many plays and "no play"s the table made before the rule was guessed (None when
    nobody guessed it)."""
    if round_.state.guessed_by is None:
        return None
    return sum(1 for entry in round_.state.table if entry.kind in ("play", "no_play"))


def simulate_round(
    *,
    rule: Rule,
    players: int,
    bots: Sequence[str],
    seed: int,
    config: Any = None,
    variant: str = "express",
    label: str | None = None,
    candidates: Sequence[Candidate] | None = None,
    equivalent: Equivalent | None = None,
    judge_guess: GuessJudge | None = None,
    max_actions: int = MAX_ACTIONS,
) -> dict[str, JSON]:
    """Play one round with the app dealing and bots in the seats; return its record."""
    cls = variant_class(variant)
    if not issubclass(cls, ExpressRound):
        raise SimulationError(f"bots do not play {variant!r} yet")
    round_ = cls(config or cls.config_class(), seed, rule, players, judge_guess=judge_guess)
    seated = seat_bots(bots, players, seed, candidates, equivalent)
    for _ in play_round(round_, seated, max_actions):
        pass
    return round_record(round_, label)


def round_seeds(seed: int, rounds: int) -> list[int]:
    """The seed of each round of a simulation, all drawn from the one seed."""
    rng = random.Random(seed)
    return [rng.getrandbits(31) for _ in range(rounds)]


def simulate(
    *,
    rule: Rule,
    players: int,
    bots: Sequence[str],
    rounds: int,
    seed: int,
    config: Any = None,
    variant: str = "express",
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
