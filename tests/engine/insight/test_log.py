"""Reading a round into plays and evidence: each play knows the hand and the table it came from."""

from __future__ import annotations

from collections import Counter

import pytest

from eleusis.engine.history import Attempt
from eleusis.engine.insight import round_log
from eleusis.engine.rules import compile_rule
from eleusis.engine.variants import ExpressConfig, ExpressRound, Guess, NoPlay, Play

SECRET = compile_rule("color != last.color")


def scripted(seed: int = 3) -> ExpressRound:
    """Seat 0 plays its first card, seat 1 declares "no play", seat 0 guesses wrong after a
    right play if it can."""
    round_ = ExpressRound(ExpressConfig(hand_size=10), seed, SECRET, 2)
    while not round_.is_over and len(round_.state.table) < 12:
        state = round_.state
        seat = state.turn
        if seat == 1:
            round_.apply(NoPlay(1, hypothesis="red", prediction=False))
            continue
        card = state.hands[0][0]
        round_.apply(Play(0, card, hypothesis="color != last.color", prediction=True))
        if round_.can_guess(0) and not round_.state.guesses:
            round_.apply(Guess(0, "red"))
    return round_


@pytest.fixture(scope="module")
def game() -> ExpressRound:
    return scripted()


def test_every_play_and_no_play_is_read_once_in_table_order(game: ExpressRound) -> None:
    log = round_log(game)
    entries = [i for i, e in enumerate(game.state.table) if e.kind in ("play", "no_play")]
    assert [p.entry for p in log.plays] == entries
    assert [p.number for p in log.plays] == list(range(1, len(entries) + 1))
    assert log.history == tuple(game.state.history)


def test_each_play_knows_its_hand_and_table(game: ExpressRound) -> None:
    log = round_log(game)
    for play in log.plays:
        assert play.history == log.history[: len(play.history)]
        if play.kind == "play":
            assert play.cards[0] in play.hand
            assert log.history[len(play.history)] == Attempt(play.cards[0], play.accepted)
        else:
            assert Counter(play.cards) == Counter(play.hand)  # the hand shown


def test_evidence_holds_the_starter_cards_no_plays_corrections_and_wrong_guesses(
    game: ExpressRound,
) -> None:
    log = round_log(game)
    kinds = Counter(item.kind for item in log.evidence)
    corrections = sum(1 for e in game.state.table if e.kind == "correction")
    assert kinds["start"] == 1
    assert kinds["card"] == sum(1 for p in log.plays if p.kind == "play") + corrections
    assert kinds["no_play"] == sum(1 for p in log.plays if p.kind == "no_play") >= 1
    assert kinds["guess"] == sum(1 for g in game.state.guesses if not g.correct) == 1
    assert sum(1 for p in log.plays if p.correction is not None) == corrections
    for play in log.plays:
        assert play.evidence_before < play.evidence_after <= len(log.evidence)


def test_the_logged_hypothesis_and_prediction_travel_with_the_play(game: ExpressRound) -> None:
    log = round_log(game)
    no_play = next(p for p in log.plays if p.kind == "no_play")
    assert (no_play.hypothesis.checkable, no_play.prediction) == ("red", False)
    first = log.plays[0]
    assert (first.hypothesis.text, first.prediction) == ("color != last.color", True)


def _played_with_guesses(judge_calls: list[str]) -> ExpressRound:
    """A round with a wrong checkable guess, a guess in words judged by the dealer and a
    right guess that ends it; `judge_calls` collects every guess the app's judge is asked."""
    from eleusis.engine.variants import Verdict
    from eleusis.engine.variants.base import language_guess_judge

    def judge(secret, text):
        judge_calls.append(text)
        return language_guess_judge(secret, text)

    round_ = ExpressRound(
        ExpressConfig(hand_size=10, dealer="person"), 5, SECRET, 2, judge_guess=judge
    )
    guesses = iter([("red", True), ("it alternates colours", False), ("color != last.color", True)])
    while not round_.is_over and len(round_.state.table) < 30:
        state = round_.state
        if state.pending is not None:  # the starter: the dealer accepts it
            round_.apply(Verdict(True))
            continue
        seat = state.turn
        legal = [c for c in state.hands[seat] if SECRET.accepts(tuple(state.history), c)]
        card = legal[0] if legal else state.hands[seat][0]
        round_.apply(Play(seat, card, hypothesis="color != last.color", prediction=True))
        if round_.state.pending is not None:
            round_.apply(Verdict(bool(legal)))
        if round_.can_guess(seat):
            text, checkable = next(guesses, (None, True))
            if text is None:
                continue
            round_.apply(Guess(seat, text, checkable=checkable))
            if round_.state.pending is not None:
                round_.apply(Verdict(False))
    return round_


def test_the_log_s_replay_takes_each_guess_s_judgement_from_the_round() -> None:
    """Judging a guess is an equivalence proof: the log's replay does not judge again, and
    reads the same guesses, plays and evidence as a replay that does."""
    from eleusis.engine.insight.log import _round_log

    calls: list[str] = []
    round_ = _played_with_guesses(calls)
    assert calls, "the round asked its judge"
    judged_live = len(calls)
    log = round_log(round_)
    assert len(calls) == judged_live  # not asked again
    again = _round_log(round_, round_.judge_guess)
    assert len(calls) > judged_live  # the full replay asks it
    assert log == again
    assert [g.correct for g in log.guesses] == [g.correct for g in round_.state.guesses]
