"""`Round.check` is the engine's one judge of a move, cheap enough for every web move: for the
students' moves it asks the move's precondition alone (no copy of the round), and it answers
what `apply` answers, refusal codes included, in every state a played round goes through."""

from __future__ import annotations

import copy

import pytest

from eleusis.engine.cards import Card
from eleusis.engine.games import GAMES
from eleusis.engine.rules import LIBRARY, compile_rule
from eleusis.engine.variants import (
    BecomeProphet,
    BuyHint,
    Guess,
    IllegalActionError,
    NoPlay,
    PassGuess,
    Play,
    PlayString,
    Predict,
    ProphetJudgement,
    Round,
)

RULE = compile_rule(LIBRARY["th-alternate-colors"].text)


def _candidates(engine: Round) -> list:
    """Moves worth asking about now: every player's plays of some cards, declarations,
    guesses, passes, hints, prophets and judgements, legal or not."""
    cards = [Card.parse(code) for code in ("QH", "2C", "AS", "10D")]
    actions: list = []
    for player in range(engine.players):
        hand = list(getattr(engine.state, "hands", [[]] * engine.players)[player])[:3]
        for card in hand + cards[:2]:
            actions.append(Play(player, card))
        actions += [NoPlay(player), Predict(player, True), BecomeProphet(player)]
        actions += [PassGuess(player), BuyHint(player), Guess(player, "color != last.color")]
        actions.append(PlayString(player, tuple(hand[:2])))
    actions += [ProphetJudgement(correct=True), ProphetJudgement(correct=False, card=cards[0])]
    return actions


def _applied(engine: Round, action) -> str | None:
    try:
        copy.deepcopy(engine).apply(action)
    except IllegalActionError as refusal:
        return refusal.code
    return None


@pytest.mark.parametrize("game_id", ["express", "abbott", "russian", "delphi"])
def test_check_answers_what_apply_answers_in_every_state(game_id, monkeypatch):
    record = GAMES[game_id]
    engine = record.round_class(record.config_class(), 11, RULE, 4)
    minds = list(record.seat(["scientist"] * 4, 4, 11))
    asked = 0
    for _ in range(60):
        for action in _candidates(engine):
            expected = _applied(engine, action)
            refusal = engine.check(action)
            assert (refusal and refusal.code) == expected, (action, expected, refusal)
            asked += 1
        if engine.is_over:
            break
        action = record.next_action(engine, minds)
        if action is None:
            break
        engine.apply(action)
    assert asked > 100


@pytest.mark.parametrize("game_id", ["express", "abbott", "russian", "delphi"])
def test_check_copies_nothing_for_a_students_move(game_id, monkeypatch):
    record = GAMES[game_id]
    engine = record.round_class(record.config_class(), 5, RULE, 4)
    copied = []
    monkeypatch.setattr(copy, "deepcopy", lambda *args, **kwargs: copied.append(args))
    for action in _candidates(engine):
        if type(action) in engine.moves:
            engine.check(action)
    assert copied == []
