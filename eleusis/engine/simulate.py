"""Rounds played by bots from start to end: for demos, tests, load tests and benchmarks.

`eleusis.engine.games.simulate_round` plays one round and returns a JSON-ready record;
`eleusis.engine.games.simulate` yields one per round. Everything is derived from the seed, so
the same call gives the same records.

Each game's record in `eleusis.engine.games` names its functions here: how to seat its bots,
how to let them play a round, and how to write the round's record; `eleusis.engine.games.simulate`
plays rounds of any game by its id. Every record has the Express fields
(variant, rule, seed, players, decks, hand_size, config, plays, hands, stock, guesses, end,
plays_until_guess, scores) and then the game's own (predictions, penalty piles, prophets,
expulsions).

Why one long module: one driver per game (seat, play, record), each a few short functions that
mirror one another, so that the records of the four games stay comparable field by field.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

from eleusis.engine.bots import (
    ABBOTT_BOTS,
    DELPHI_BOTS,
    RUSSIAN_BOTS,
    AbbottBot,
    Bot,
    DelphiBot,
    RussianBot,
    make_bot,
)
from eleusis.engine.cards import Card
from eleusis.engine.history import Rule
from eleusis.engine.inference import Candidate, Equivalent
from eleusis.engine.variants import codec
from eleusis.engine.variants.abbott import AbbottRound
from eleusis.engine.variants.actions import End, PassGuess
from eleusis.engine.variants.base import Action, EndReason, Event, Round, rule_text
from eleusis.engine.variants.codec import JSON
from eleusis.engine.variants.delphi import DelphiRound
from eleusis.engine.variants.express import ExpressRound
from eleusis.engine.variants.russian import RussianRound

MAX_ACTIONS = 2_000
TURN_LIMIT = EndReason.TURN_LIMIT


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


def _drive(
    round_: Round, next_action: Callable[[], Action], max_actions: int
) -> Iterator[tuple[Action, list[Event]]]:
    """Apply `next_action()` until the round ends, yielding each action and its events. After
    `max_actions` the dealer ends the round ("turn limit")."""
    for _ in range(max_actions):
        if round_.is_over:
            return
        action = next_action()
        yield action, round_.apply(action)
    if not round_.is_over:
        end = End(TURN_LIMIT)
        yield end, round_.apply(end)


def _bots_only(round_: Round, bots: Sequence[Any], next_bot_action: NextAction) -> Action:
    """The next action when every seat is a bot (a simulation)."""
    action = next_bot_action(round_, bots)
    if action is None:
        raise SimulationError("the bots wait for someone to act: only the dealer can")
    return action


# The next move of a round whose seats are bots or people (None in `bots`): the action of the
# bot who must act now, or None when a person (or the dealer) must. One per game, named by its
# record in `eleusis.engine.games`; the web app's bots play their turns with it.
NextAction = Callable[[Any, Sequence[Any]], Action | None]


def next_express_action(round_: ExpressRound, bots: Sequence[Bot | None]) -> Action | None:
    """A guess offered in the window, the guess a bot decides on, or the turn's play."""
    state = round_.state
    if state.pending is not None:
        return None  # the dealer's verdict
    window = state.guess_window
    if window is not None and (bot := bots[window]) is not None:
        guess = bot.guess(round_.view(window))
        if guess is not None:
            return guess
    if state.deciding is not None:
        return PassGuess(state.deciding) if bots[state.deciding] is not None else None
    turn = bots[state.turn]
    return turn.act(round_.view(state.turn)) if turn is not None else None


def play_round(
    round_: ExpressRound, bots: Sequence[Bot], max_actions: int = MAX_ACTIONS
) -> Iterator[tuple[Action, list[Event]]]:
    """Let the bots play until the round ends, yielding each action and its events. After
    `max_actions` the dealer ends the round ("turn limit")."""
    state = round_.state
    if state.pending is not None:
        raise SimulationError(f"bots cannot give a verdict on the pending {state.pending.what}")
    yield from _drive(round_, lambda: _bots_only(round_, bots, next_express_action), max_actions)


def _table_record(round_: Round, label: str | None, **fields: JSON) -> dict[str, JSON]:
    """The fields every record has, in the Express order; `fields` fills and extends them."""
    scores = round_.scores()
    record: dict[str, JSON] = {
        "variant": round_.name,
        "rule": label if label is not None else rule_text(round_.rule),
        "seed": round_.seed,
        "players": round_.players,
        "decks": None,
        "hand_size": None,
        "config": codec.dump(round_.config),
        "plays": [],
        "hands": [],
        "stock": [],
        "guesses": [],
        "end": round_.end_reason,
        "plays_until_guess": None,
        "scores": {"players": list(scores.players), "dealer": scores.dealer},
    }
    record.update(fields)
    return record


def _play_record(
    player: int | None,
    cards: Iterable[Card],
    accepted: bool,
    kind: str,
    hypothesis: str | None = None,
    prediction: bool | None = None,
    **extra: JSON,
) -> dict[str, JSON]:
    """One line of a record's `plays`, in the Express fields; `extra` adds the game's own."""
    return {
        "player": player,
        "cards": _codes(cards),
        "accepted": accepted,
        "kind": kind,
        "hypothesis": hypothesis,
        "prediction": prediction,
        **extra,
    }


def _codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


def round_record(round_: ExpressRound, label: str | None = None) -> dict[str, JSON]:
    """A finished round as the JSON record the `simulate` command prints."""
    state = round_.state
    return _table_record(
        round_,
        label,
        decks=state.decks_used,
        hand_size=round_.config.hand_size,
        plays=[
            _play_record(
                entry.player,
                entry.cards,
                entry.accepted,
                entry.kind,
                entry.hypothesis,
                entry.prediction,
            )
            for entry in state.table
        ],
        hands=[_codes(hand) for hand in state.hands],
        stock=_codes(state.stock),
        guesses=[
            {"player": guess.player, "correct": guess.correct, "text": guess.text}
            for guess in state.guesses
        ],
        plays_until_guess=plays_until_guess(round_),
    )


def plays_until_guess(round_: ExpressRound) -> int | None:
    """How many plays and "no play"s the table made before the rule was guessed (None when
    nobody guessed it)."""
    if round_.state.guessed_by is None:
        return None
    return sum(1 for entry in round_.state.table if entry.kind in ("play", "no_play"))


def round_seeds(seed: int, rounds: int) -> list[int]:
    """The seed of each round of a simulation, all drawn from the one seed."""
    rng = random.Random(seed)
    return [rng.getrandbits(31) for _ in range(rounds)]


# ---------------------------------------------------------------------------------------------
# The other games.


BotT = TypeVar("BotT")


def _bots_from(
    registry: Mapping[str, Callable[..., BotT]],
    names: Sequence[str],
    players: int,
    round_seed: int,
    candidates: Sequence[Candidate] | None,
    equivalent: Equivalent | None,
) -> list[BotT]:
    """One bot of `registry` per seat, cycling over `names`."""
    if not names:
        raise ValueError("name at least one bot")
    unknown = [name for name in names if name not in registry]
    if unknown:
        raise SimulationError(
            f"unknown bot {', '.join(unknown)}: expected one of {', '.join(sorted(registry))}"
        )
    return [
        registry[names[seat % len(names)]](seat, bot_seed(round_seed, seat), candidates, equivalent)
        for seat in range(players)
    ]


def seat_delphi_bots(
    names: Sequence[str],
    players: int,
    round_seed: int,
    candidates: Sequence[Candidate] | None = None,
    equivalent: Equivalent | None = None,
) -> list[DelphiBot]:
    return _bots_from(DELPHI_BOTS, names, players, round_seed, candidates, equivalent)


def play_delphi_round(
    round_: DelphiRound, bots: Sequence[DelphiBot], max_actions: int = MAX_ACTIONS
) -> Iterator[tuple[Action, list[Event]]]:
    """Every bot shows a token for each card on show, in seat order, until the deck is used."""
    yield from _drive(round_, lambda: _bots_only(round_, bots, next_delphi_action), max_actions)


def next_delphi_action(round_: DelphiRound, bots: Sequence[DelphiBot | None]) -> Action | None:
    """The token of the first bot that has not shown one for the card on show."""
    for seat, token in enumerate(round_.state.predictions):
        bot = bots[seat]
        if token is None and bot is not None:
            return bot.predict(round_.view(seat))
    return None


def delphi_record(round_: DelphiRound, label: str | None = None) -> dict[str, JSON]:
    state = round_.state
    plays = [
        _play_record(None, [attempt.card], attempt.accepted, "starter" if index == 0 else "turned")
        for index, attempt in enumerate(state.history)
    ]
    return _table_record(
        round_,
        label,
        decks=1,
        plays=plays,
        stock=_codes(state.stock),
        predictions=[
            {
                "card": placement.card.code,
                "accepted": placement.accepted,
                "predictions": list(placement.predictions),
                "hypotheses": list(placement.hypotheses),
                "chips": list(placement.chips),
            }
            for placement in state.placements
        ],
        chips=list(state.chips),
        dealer_chips=state.dealer_chips,
    )


def seat_russian_bots(
    names: Sequence[str],
    players: int,
    round_seed: int,
    candidates: Sequence[Candidate] | None = None,
    equivalent: Equivalent | None = None,
) -> list[RussianBot]:
    return _bots_from(RUSSIAN_BOTS, names, players, round_seed, candidates, equivalent)


def play_russian_round(
    round_: RussianRound, bots: Sequence[RussianBot], max_actions: int = MAX_ACTIONS
) -> Iterator[tuple[Action, list[Event]]]:
    """The player whose turn it is plays, until someone sheds everything or play is blocked."""
    yield from _drive(round_, lambda: _bots_only(round_, bots, next_russian_action), max_actions)


def next_russian_action(round_: RussianRound, bots: Sequence[RussianBot | None]) -> Action | None:
    seat = round_.state.turn
    bot = bots[seat]
    return bot.act(round_.view(seat)) if bot is not None else None


def russian_record(round_: RussianRound, label: str | None = None) -> dict[str, JSON]:
    state = round_.state
    plays = [_play_record(None, [state.history[0].card], True, "starter")]
    plays.extend(
        _play_record(
            play.player,
            [play.card],
            play.accepted,
            "play",
            play.hypothesis,
            play.prediction,
            from_wrong=play.from_wrong,
        )
        for play in state.plays
    )
    return _table_record(
        round_,
        label,
        decks=round_.deal.decks,
        hand_size=round_.deal.hand_size,
        plays=plays,
        hands=[_codes(hand) for hand in state.hands],
        penalty_piles=[_codes(pile) for pile in state.wrong],
        mainline=[attempt.card.code for attempt in state.history if attempt.accepted],
        undealt=_codes(state.undealt),
        interim=state.interim,
    )


def seat_abbott_bots(
    names: Sequence[str],
    players: int,
    round_seed: int,
    candidates: Sequence[Candidate] | None = None,
    equivalent: Equivalent | None = None,
) -> list[AbbottBot]:
    return _bots_from(ABBOTT_BOTS, names, players, round_seed, candidates, equivalent)


def play_abbott_round(
    round_: AbbottRound, bots: Sequence[AbbottBot], max_actions: int = MAX_ACTIONS
) -> Iterator[tuple[Action, list[Event]]]:
    """The prophet judges what is pending; right after a turn its player may become prophet;
    otherwise the player whose turn it is acts."""
    yield from _drive(round_, lambda: _bots_only(round_, bots, next_abbott_action), max_actions)


def next_abbott_action(round_: AbbottRound, bots: Sequence[AbbottBot | None]) -> Action | None:
    """The prophet's judgement of what is pending; a bot's choice to become prophet right after
    its turn; otherwise the turn's play (None when the one to act is a person)."""
    state = round_.state
    if state.pending is not None:
        assert state.prophet is not None
        prophet = bots[state.prophet]
        return prophet.judge(round_.view(state.prophet)) if prophet is not None else None
    window = state.prophet_window
    if window is not None and (bot := bots[window]) is not None:
        action = bot.prophesy(round_.view(window))
        if action is not None:
            return action
    turn = bots[state.turn]
    return turn.act(round_.view(state.turn)) if turn is not None else None


def abbott_record(round_: AbbottRound, label: str | None = None) -> dict[str, JSON]:
    state = round_.state
    plays = [
        _play_record(
            entry.player,
            entry.cards,
            entry.accepted,
            {"attempt": "play"}.get(entry.kind, entry.kind),
            entry.hypothesis,
            entry.prediction,
            prophet_judged=entry.prophet_judged,
        )
        for entry in state.table
    ]
    return _table_record(
        round_,
        label,
        decks=round_.config.decks,
        hand_size=round_.config.hand_size,
        plays=plays,
        hands=[_codes(hand) for hand in state.hands],
        stock=_codes(state.stock),
        layout=codec.dump(round_.layout()),
        prophet=state.prophet,
        prophets=codec.dump(state.prophets),
        expulsions=list(state.expulsions),
        emptied_by=state.emptied_by,
    )
