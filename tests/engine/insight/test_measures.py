"""Measures 2–7 on a round worked out by hand, with a pool of five candidate rules.

Secret: alternate colors. Starter 2♥ (turned face up, so it says nothing). Candidates: the
secret, "red", "true", "same suit", "alternate parity".

1. Ana (0) holds 3♠ 4♥, thinks "true", plays 3♠, predicts right: accepted.
   3♠ is accepted by secret, true, parity (3/5); 4♥ by red, true, suit (3/5): both 0.971 bits;
   "no play" cannot be right under any of them (0 bits). Left: secret, true, parity.
2. Ben (1) holds 5♠ 6♦ 8♣, thinks "alternate parity", plays 5♠ but predicts right: rejected.
   His hypothesis said 5♠ (odd after odd 3) was wrong: a negative test, and a prediction
   against his own hypothesis. 5♠: 1/3 accept (0.918 bits), 6♦: 3/3 (0), 8♣: 2/3 (0.918).
   Left: secret, parity ("true" accepted 5♠).
3. Ana holds 4♥, still thinks "true" (refuted by 5♠): she kept a refuted hypothesis, and
   4♥ tells nothing (both survivors accept it).
4. Ben holds 6♦ 8♣, now thinks "alternate colors", plays 8♣: accepted. 8♣ splits the two
   survivors (1 bit), 6♦ none (0), "no play" 1 bit (parity has no legal card). Only the
   secret is left: the observer found the rule at play 4, and so did Ben (lag 0).
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt
from eleusis.engine.insight import (
    CandidateSpace,
    Evidence,
    Hypothesis,
    PlayRecord,
    RoundInsight,
    RoundLog,
    analyse_round,
    entropy,
)
from eleusis.engine.rules import compile_rule

SECRET = compile_rule("color != last.color")
POOL = [
    ("alternate colors", SECRET),
    ("red", compile_rule("red")),
    ("true", compile_rule("true")),
    ("same suit", compile_rule("suit == last.suit")),
    ("alternate parity", compile_rule("parity != last.parity")),
]


def cards(*codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


def attempts(*codes: str) -> tuple[Attempt, ...]:
    return tuple(Attempt(Card.parse(code.rstrip("x")), not code.endswith("x")) for code in codes)


def play(
    number: int, player: int, card: str, accepted: bool, hand: tuple[str, ...],
    table: tuple[str, ...], hypothesis: str, prediction: bool | None,
) -> PlayRecord:  # fmt: skip
    return PlayRecord(
        number=number,
        entry=number,
        player=player,
        kind="play",
        cards=cards(card),
        accepted=accepted,
        hand=cards(*hand),
        history=attempts(*table),
        hypothesis=Hypothesis(checkable=hypothesis),
        prediction=prediction,
        evidence_before=number - 1,
        evidence_after=number,
    )


PLAYS = (
    play(1, 0, "3S", True, ("3S", "4H"), ("2H",), "true", True),
    play(2, 1, "5S", False, ("5S", "6D", "8C"), ("2H", "3S"), "parity != last.parity", True),
    play(3, 0, "4H", True, ("4H",), ("2H", "3S", "5Sx"), "true", True),
    play(4, 1, "8C", True, ("6D", "8C"), ("2H", "3S", "5Sx", "4H"), "color != last.color", True),
)
LOG = RoundLog(
    players=2,
    plays=PLAYS,
    evidence=tuple(Evidence("card", p.history, p.cards, p.accepted) for p in PLAYS),
    history=attempts("2H", "3S", "5Sx", "4H", "8C"),
    guessed_by=None,
    end_reason=None,
)


@pytest.fixture(scope="module")
def insight():
    return analyse_round(LOG, SECRET, pool=CandidateSpace.build(POOL))


def test_the_ideal_observer_counts_the_candidates_left(insight) -> None:
    assert insight.candidates == 5  # the secret is in the pool already
    assert [(p.candidates_before, p.candidates_after) for p in insight.plays] == [
        (5, 3),
        (3, 2),
        (2, 2),
        (2, 1),
    ]
    assert insight.solved_at == 4


def test_agreement_of_each_hypothesis(insight) -> None:
    shares = [p.agreement.share for p in insight.plays]
    assert shares == pytest.approx([0.5, 0.5, 0.5, 1.0])
    assert insight.plays[0].agreement.too_broad == pytest.approx(0.5)
    assert [p.right for p in insight.plays] == [False, False, False, True]
    assert {p.agreement_source for p in insight.plays} == {"checkable"}


def test_fit_to_the_table(insight) -> None:
    assert [p.fits for p in insight.plays] == [True, True, False, True]
    ana, ben = insight.players
    assert ana.kept_refuted == 1 and ben.kept_refuted == 0


def test_predictions_and_tests(insight) -> None:
    plays = insight.plays
    assert [p.prediction_right for p in plays] == [True, False, True, True]
    assert [p.prediction_consistent for p in plays] == [True, False, True, True]
    assert [p.test for p in plays] == ["positive", "negative", "positive", "positive"]
    assert [p.refuted for p in plays] == [False, False, False, False]
    ana, ben = insight.players
    # Two tests each: too few for a share (MIN_TESTS), so "—" rather than 0 % and 50 %.
    assert (ana.tests, ana.negative_tests, ana.negative_share) == (2, 0, None)
    assert (ben.tests, ben.negative_tests, ben.negative_share) == (2, 1, None)
    assert (ben.predictions, ben.predictions_right, ben.prediction_accuracy) == (2, 1, 0.5)


def test_response_to_refutation(insight) -> None:
    # Ana's "true" was refuted by Ben's 5♠ after she logged it, and she kept it; Ben's
    # "alternate parity" was never refuted before he changed it, so that is no response.
    assert [p.response for p in insight.plays] == [None, None, "kept", None]
    ana, ben = insight.players
    assert (ana.kept_after_refutation, ana.changed_after_refutation) == (1, 0)
    assert (ben.kept_after_refutation, ben.changed_after_refutation) == (0, 0)


def test_information_beside_the_best_and_worst_choice(insight) -> None:
    first, second, third, fourth = (p.information for p in insight.plays)
    assert first.bits == pytest.approx(entropy(3 / 5)) == pytest.approx(0.971, abs=1e-3)
    # A hand of one card: no choice of card. "No play" (0 bits) is not on a card's scale.
    assert (first.worst, first.relative, first.choice) == (first.bits, None, False)
    assert second.bits == pytest.approx(entropy(1 / 3)) == pytest.approx(0.918, abs=1e-3)
    assert second.best == pytest.approx(second.bits) and second.worst == 0.0
    # A lone card and a "no play" that tell nothing either: no choice, not a perfect one.
    assert (third.bits, third.best, third.relative, third.choice) == (0.0, 0.0, None, False)
    assert fourth.bits == pytest.approx(1.0) and fourth.worst == 0.0
    assert math.isclose(entropy(0.5), 1.0)


def test_when_each_player_reached_the_rule(insight) -> None:
    ana, ben = insight.players
    assert (ana.reached_at, ana.lag, ana.final_agreement) == (None, None, 0.5)
    assert (ben.reached_at, ben.lag, ben.final_agreement) == (4, 0, 1.0)


def test_teacher_marks_stand_in_for_free_text() -> None:
    marked = LOG.with_hypotheses(
        {
            1: Hypothesis(text="anything goes?", mark="wrong"),
            3: Hypothesis(text="it is about the colours", mark="partly"),
            4: Hypothesis(text="red black red black", mark="right"),
        }
    )
    insight = analyse_round(marked, SECRET, pool=CandidateSpace.build(POOL))
    first, _, third, fourth = insight.plays
    assert [first.share, third.share, fourth.share] == [0.0, 0.5, 1.0]
    assert first.agreement_source == "teacher" and first.checkable is None
    # Free text cannot be checked against the table or the card.
    assert (third.fits, third.test, third.prediction_consistent, third.response) == (
        None, None, None, None,
    )  # fmt: skip
    assert fourth.right and insight.players[1].reached_at == 4
    # Only Ben's checkable play 2 is still a test.
    assert (insight.players[0].tests, insight.players[1].tests) == (0, 1)


def test_the_results_are_plain_json(insight) -> None:
    import json

    data = json.loads(json.dumps(insight.to_dict()))
    assert data["solved_at"] == 4
    assert data["plays"][1]["test"] == "negative"
    assert data["players"][1]["negative_tests"] == 1


def test_the_stored_results_read_back_as_typed_measures(insight) -> None:
    """A review page reads the stored JSON back into the engine's dataclasses, losing nothing
    that was stored (and an older record's missing keys read as unknown)."""
    import json

    data = json.loads(json.dumps(insight.to_dict()))
    typed = RoundInsight.from_dict(data)
    assert typed.to_dict() == data
    assert typed.plays[1].test == "negative" and typed.players[1].negative_tests == 1
    assert typed.plays[0].agreement is not None and typed.plays[0].share is not None
    older = RoundInsight.from_dict(
        {"plays": [{"number": 1, "player": 0, "kind": "play", "accepted": True}], "players": []}
    )
    assert older.plays[0].agreement is None and older.plays[0].test is None


def test_realised_bits_are_what_the_outcome_left(insight) -> None:
    assert [p.realised_bits for p in insight.plays] == pytest.approx(
        [math.log2(5 / 3), math.log2(3 / 2), 0.0, 1.0]
    )
    ana, ben = insight.players
    assert (ana.choices, ben.choices) == (0, 2)  # Ana's hands offered no choice of card
    assert ana.mean_information is None and ben.mean_information == pytest.approx(1.0)
    assert ben.mean_realised_bits == pytest.approx((math.log2(3 / 2) + 1.0) / 2)


def test_the_most_informative_wrong_card_is_the_one_that_eliminated_most() -> None:
    insight = analyse_round(LOG, SECRET, pool=CandidateSpace.build(POOL))
    assert insight.most_informative_wrong == 2  # the only rejected card
    assert insight.to_dict()["most_informative_wrong"] == 2


def _logged_every(hypotheses: dict[int, Hypothesis]) -> RoundLog:
    """LOG with only the plays in `hypotheses` (by entry) logged, the others logging nothing."""
    return LOG.with_hypotheses({p.entry: hypotheses.get(p.entry, Hypothesis()) for p in PLAYS})


def test_a_hypothesis_is_carried_until_the_player_logs_another() -> None:
    log = _logged_every({1: Hypothesis(checkable="true"), 4: Hypothesis(checkable=SECRET.text)})
    insight = analyse_round(log, SECRET, pool=CandidateSpace.build(POOL))
    _, second, third, _ = insight.plays
    assert [p.logged for p in insight.plays] == ["sentence", "none", "carried", "sentence"]
    assert (third.carried, third.held, third.held_from, third.hypothesis) == (True, "true", 1, None)
    assert third.checkable == "true" and third.share == pytest.approx(0.5)
    assert (second.held, second.share, second.right) == (None, None, None)
    ana, ben = insight.players
    assert (ana.hypotheses, ana.carried, ana.plays) == (1, 1, 2)
    assert ana.logged_share == 0.5 and ana.final_agreement == pytest.approx(0.5)
    assert ben.found and ben.reached_at == 4
    data = insight.to_dict()["plays"][2]
    assert (data["logged"], data["carried"], data["held"]) == ("carried", True, "true")


def test_found_holds_under_partial_logging() -> None:
    """A player who logged the rule once and then logged nothing found it (the old measure broke
    the run at the first play without a hypothesis)."""
    log = _logged_every({2: Hypothesis(checkable=SECRET.text)})
    insight = analyse_round(log, SECRET, pool=CandidateSpace.build(POOL))
    ana, ben = insight.players
    assert [p.right for p in insight.plays if p.player == 1] == [True, True]
    assert ben.found and ben.reached_at == 2 and ben.hypotheses == 1
    # A player who never logged shows no agreement (the review prints "—", not 0).
    assert not ana.found and ana.final_agreement is None and ana.hypotheses == 0


def test_keeping_an_idea_counts_only_when_a_card_seen_had_refuted_it() -> None:
    # Ana states "true" again at play 3, after 5♠ was rejected: kept. Ben's idea at play 4 is
    # new, so even had it been refuted it would not be "kept".
    insight = analyse_round(LOG, SECRET, pool=CandidateSpace.build(POOL))
    assert [p.kept_refuted for p in insight.plays] == [False, False, True, False]
    assert [p.contradicted_when_logged for p in insight.plays] == [False, False, True, False]
    # Carried, the idea stated when already refuted still counts; a new idea refuted by a card
    # already seen is contradicted, not kept.
    log = _logged_every(
        {1: Hypothesis(checkable="true"), 3: Hypothesis(checkable="suit == last.suit")}
    )
    changed = analyse_round(log, SECRET, pool=CandidateSpace.build(POOL))
    third = changed.plays[2]
    assert third.contradicted_when_logged and not third.kept_refuted
    assert changed.players[0].kept_refuted == 0


def test_a_new_idea_refuted_only_by_the_starter_is_not_kept() -> None:
    # The starter was turned until legal, with 2♠ and 4♣ rejected first: "true" is refuted by
    # the starter only.
    start = Evidence("start", cards=cards("2S", "4C"), starter=Card.parse("2H"))
    shifted = tuple(
        PlayRecord(**{**p.__dict__, "evidence_before": p.evidence_before + 1,
                      "evidence_after": p.evidence_after + 1})
        for p in PLAYS
    )  # fmt: skip
    log = RoundLog(2, shifted, (start, *LOG.evidence), LOG.history, None, None)
    insight = analyse_round(log, SECRET, pool=CandidateSpace.build(POOL))
    first = insight.plays[0]
    assert first.fits is False  # the starter contradicts it
    assert not first.contradicted_when_logged and not first.kept_refuted


def test_a_single_free_word_is_free_text_unless_built_as_a_sentence() -> None:
    log = _logged_every({1: Hypothesis(text="red"), 2: Hypothesis(text="red", checkable="red")})
    insight = analyse_round(log, SECRET, pool=CandidateSpace.build(POOL))
    first, second = insight.plays[:2]
    assert (first.logged, first.checkable, first.agreement, first.test) == (
        "words", None, None, None,
    )  # fmt: skip
    assert (second.logged, second.checkable) == ("sentence", "red")


def test_the_pool_is_fixed_whatever_the_players_logged() -> None:
    odd = Hypothesis(checkable="rank > 7")
    log = _logged_every({1: odd, 2: odd, 3: odd, 4: odd})
    insight = analyse_round(log, SECRET, pool=CandidateSpace.build(POOL))
    plain = analyse_round(LOG, SECRET, pool=CandidateSpace.build(POOL))
    assert insight.candidates == plain.candidates == 5
    assert [p.candidates_after for p in insight.plays] == [p.candidates_after for p in plain.plays]
    # The secret joins a pool that lacks it: the same for every table of that rule.
    without = CandidateSpace.build(POOL[1:])
    assert analyse_round(LOG, SECRET, pool=without).candidates == 5


def test_a_round_won_by_a_right_guess_is_found_by_the_guesser() -> None:
    """Ana logged nothing but guessed the rule right and won the round: she found the rule
    (issue 34, finding 1); Ben, who never reached it, did not."""
    log = replace(_logged_every({}), guessed_by=0, end_reason="guessed")
    insight = analyse_round(log, SECRET, pool=CandidateSpace.build(POOL))
    ana, ben = insight.players
    assert ana.guessed and ana.reached_at is None
    assert ana.found and ana.value("found") == 1.0
    assert insight.to_dict()["players"][0]["found"] is True
    assert not ben.found


def test_choice_of_card_weighs_each_play_by_how_much_the_choice_mattered() -> None:
    """Issue 34: a play whose cards differ by a hundredth of a bit is not a full play of
    "worst choice"; the best choice where it mattered (1 bit) makes the score nearly 1."""
    from eleusis.engine.inference import Information
    from eleusis.engine.insight.measures import choice_share

    mattered = Information(bits=1.0, best=1.0, worst=0.0, relative=1.0)
    hardly = Information(bits=0.0, best=0.01, worst=0.0, relative=0.0)
    assert choice_share([mattered, hardly]) == pytest.approx(1 / 1.01)
    assert choice_share([]) is None


def test_a_share_of_negative_tests_needs_three_tests() -> None:
    from eleusis.engine.insight.measures import MIN_TESTS

    player = RoundInsight.from_dict(
        {"plays": [], "players": [{"player": 0, "plays": 3, "tests": 3, "negative_tests": 1}]}
    ).players[0]
    assert MIN_TESTS == 3 and player.negative_share == pytest.approx(1 / 3)


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ({}, {1: "right", 3: "partly", 4: "wrong"}),
        ({1: "wrong", 3: "right"}, {1: "right", 3: None, 4: "partly"}),
        ({4: "right"}, {4: None}),
    ],
)
def test_changing_a_mark_gives_what_analysing_again_gives(before, after) -> None:
    """Issue 34: marking words must be quick; `with_marks` changes the stored insight as a new
    analysis with the new marks would, without analysing again."""
    from eleusis.engine.insight import with_marks

    words = {1: "anything goes?", 3: "it is about the colours", 4: "red black red black"}

    def analysed(marks):
        log = LOG.with_hypotheses(
            {entry: Hypothesis(text=text, mark=marks.get(entry)) for entry, text in words.items()}
        )
        return analyse_round(log, SECRET, pool=CandidateSpace.build(POOL))

    old = analysed(before)
    number_of = {p.entry: p.number for p in old.plays}
    changed = with_marks(old, {number_of[entry]: mark for entry, mark in after.items()})
    assert changed.to_dict() == analysed({**before, **after}).to_dict()
