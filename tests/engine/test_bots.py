"""Bots play like students: through actions, logging a hypothesis and a prediction each play."""

from __future__ import annotations

from collections.abc import Iterable
from types import UnionType

import pytest

from eleusis.engine.bots import (
    BOTS,
    Bot,
    ConfirmationBot,
    ScientistBot,
    UnknownBotError,
    make_bot,
)
from eleusis.engine.games import simulate
from eleusis.engine.history import Attempt, Rule
from eleusis.engine.inference import CandidateSpace, candidate_space
from eleusis.engine.simulate import play_round, round_seeds, seat_bots
from eleusis.engine.variants import Action, ExpressConfig, ExpressRound, Guess, NoPlay, Play
from tests.engine.variants.helpers import (
    ALTERNATE_COLORS,
    CANDIDATES,
    LOW_HIGH,
    ODD_EVEN,
    SAME_SUIT_OR_RANK,
    behaviour_equivalent,
    judge_by_behaviour,
)

LABELS = {label: rule for label, rule in CANDIDATES}


def _round(rule: Rule, bots: list[str], seed: int, players: int = 4) -> ExpressRound:
    round_ = ExpressRound(ExpressConfig(), seed, rule, players, judge_guess=judge_by_behaviour)
    seated = seat_bots(bots, players, seed, CANDIDATES, behaviour_equivalent)
    for _ in play_round(round_, seated):
        pass
    return round_


def test_equivalent_candidates_form_one_class() -> None:
    cands = CandidateSpace.build(CANDIDATES, behaviour_equivalent)
    labels = [[cands.label(index) for index in group] for group in cands.classes]
    assert ["alternate colors", "red after black, black after red"] in labels
    assert len(cands.classes) == len(CANDIDATES) - 1


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_are_deterministic(name: str) -> None:
    def records() -> list[dict[str, object]]:
        return list(
            simulate(
                rule=ODD_EVEN, players=3, bots=[name], rounds=3, seed=11,
                candidates=CANDIDATES, equivalent=behaviour_equivalent,
                judge_guess=judge_by_behaviour,
            )
        )  # fmt: skip

    assert records() == records()


@pytest.mark.parametrize("name", sorted(set(BOTS) - {"non-logger"}))
def test_every_play_carries_a_hypothesis(name: str) -> None:
    round_ = _round(SAME_SUIT_OR_RANK, [name], seed=2)
    plays = [action for action in round_.actions if isinstance(action, Play | NoPlay)]
    assert plays
    assert all(action.hypothesis for action in plays)


def _consistent(rule: Rule, round_: ExpressRound, upto: int) -> bool:
    history = round_.state.history
    return all(
        rule.accepts(tuple(history[:index]), history[index].card) == history[index].accepted
        for index in range(1, upto)
    )


@pytest.mark.parametrize("seed", round_seeds(5, 8))
def test_the_scientist_only_holds_and_guesses_hypotheses_that_fit_the_table(seed: int) -> None:
    round_ = _round(LOW_HIGH, ["scientist"], seed)
    attempts = 1
    for action in round_.actions:
        if isinstance(action, Play | NoPlay):
            assert action.hypothesis is not None
            assert _consistent(LABELS[action.hypothesis], round_, attempts)
        if isinstance(action, Play):
            attempts += 1
    assert round_.end_reason == "guessed"
    assert all(guess.correct for guess in round_.state.guesses)


def test_the_scientist_plays_the_card_the_candidates_disagree_on() -> None:
    round_ = ExpressRound(ExpressConfig(), 4, ALTERNATE_COLORS, 2, judge_guess=judge_by_behaviour)
    bot = ScientistBot(0, "x", CANDIDATES, behaviour_equivalent)
    view = round_.view(0)
    action = bot.act(view)
    assert isinstance(action, Play)
    history = tuple(view.history)
    rules = [bot.cands.rule(index) for index in bot.evidence.alive_classes()]

    def split(card: object) -> float:
        share = sum(rule.accepts(history, card) for rule in rules) / len(rules)  # type: ignore[arg-type]
        return abs(share - 0.5)

    assert split(action.card) == min(split(card) for card in view.hand)


def _predictions(
    rule: Rule, bot: str, seeds: Iterable[int], moves: type | UnionType = Play
) -> list[bool | None]:
    """What `bot` predicted at each of its `moves` in the rounds seeded by `seeds`."""
    return [
        action.prediction
        for seed in seeds
        for action in _round(rule, [bot], seed).actions
        if isinstance(action, moves)
    ]


def test_the_confirmation_bot_plays_what_its_hypothesis_allows() -> None:
    for seed in round_seeds(3, 5):
        assert set(_predictions(ODD_EVEN, "confirmation", [seed], Play | NoPlay)) == {True}


def test_the_falsifier_sometimes_plays_cards_its_hypothesis_rejects() -> None:
    predictions = _predictions(ODD_EVEN, "falsifier", round_seeds(3, 5))
    assert True in predictions and False in predictions


def test_the_confirmation_bot_guesses_only_after_its_hypothesis_survived() -> None:
    round_ = ExpressRound(ExpressConfig(), 8, ODD_EVEN, 1, judge_guess=judge_by_behaviour)
    bot = ConfirmationBot(0, 1, CANDIDATES, behaviour_equivalent)
    guesses = 0
    for _ in range(40):
        if round_.is_over:
            break
        view = round_.view(0)
        if round_.can_guess(0) and (guess := bot.guess(view)):
            hypothesis = bot.hypothesis(view)
            assert hypothesis is not None
            assert bot.survived(view, hypothesis) >= bot.patience
            assert guess.text == bot.cands.guess_text(hypothesis)
            round_.apply(guess)
            guesses += 1
            continue
        round_.apply(bot.act(round_.view(0)))
    assert guesses >= 1


def test_the_scientist_beats_random_bots_to_the_rule() -> None:
    def plays(bot: str) -> list[int | None]:
        return [
            record["plays_until_guess"]  # type: ignore[misc]
            for record in simulate(
                rule=SAME_SUIT_OR_RANK, players=4, bots=[bot], rounds=10, seed=1,
                candidates=CANDIDATES, equivalent=behaviour_equivalent,
                judge_guess=judge_by_behaviour,
            )
        ]  # fmt: skip

    scientist, random_ = plays("scientist"), plays("random")
    assert None not in scientist
    guessed_random = [count for count in random_ if count is not None]
    assert max(scientist) < 20  # type: ignore[type-var]
    assert len(guessed_random) < len(scientist)
    if guessed_random:
        mean_random = sum(guessed_random) / len(guessed_random)
        assert mean_random > sum(scientist) / len(scientist)  # type: ignore[arg-type]


def test_guesses_are_checkable_rule_text() -> None:
    round_ = _round(ALTERNATE_COLORS, ["scientist"], seed=9)
    guesses = [action for action in round_.actions if isinstance(action, Guess)]
    assert guesses and all(guess.checkable and guess.text in LABELS for guess in guesses)


def test_unknown_bot_names_the_choices() -> None:
    with pytest.raises(UnknownBotError, match="unknown bot 'genius': expected one of"):
        make_bot("genius", 0, 1, CANDIDATES, behaviour_equivalent)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_made_afresh_before_every_move_plays_like_one_kept_all_round(name: str) -> None:
    seed = 21
    kept = _round(ODD_EVEN, [name], seed, players=3)
    fresh = ExpressRound(ExpressConfig(), seed, ODD_EVEN, 3, judge_guess=judge_by_behaviour)

    def bot(seat: int) -> Bot:
        return make_bot(name, seat, f"{seed}/{seat}", CANDIDATES, behaviour_equivalent)

    for action in kept.actions:
        state = fresh.state
        move: Action | None = None
        if state.guess_window is not None:
            move = bot(state.guess_window).guess(fresh.view(state.guess_window))
        if move is None:
            move = bot(state.turn).act(fresh.view(state.turn))
        assert move == action
        fresh.apply(move)
    assert fresh.to_json() == kept.to_json()


def test_the_non_logger_logs_nothing_but_still_predicts() -> None:
    round_ = _round(SAME_SUIT_OR_RANK, ["non-logger"], seed=2)
    plays = [action for action in round_.actions if isinstance(action, Play | NoPlay)]
    assert plays and all(action.hypothesis is None for action in plays)
    assert any(action.prediction is not None for action in plays)


def test_the_wason_bots_start_from_the_narrowest_idea_that_fits() -> None:
    cands = candidate_space(CANDIDATES, behaviour_equivalent)
    width = [cands.breadth(index) for index in range(len(cands))]
    for name in ("wason-positive", "wason-negative"):
        round_ = _round(ODD_EVEN, [name], seed=5)
        first = next(a for a in round_.actions if isinstance(a, Play | NoPlay))
        start = round_.state.history[:1]
        fitting = [
            index
            for index, (_, rule) in enumerate(CANDIDATES)
            if _consistent(rule, round_, 1) and rule.accepts((), start[0].card)
        ]
        chosen = next(i for i, (label, _) in enumerate(CANDIDATES) if label == first.hypothesis)
        assert width[chosen] == min(width[index] for index in fitting), name


def test_the_wason_positive_tester_only_plays_what_its_idea_accepts() -> None:
    assert set(_predictions(LOW_HIGH, "wason-positive", round_seeds(4, 4))) <= {True}
    predictions = _predictions(LOW_HIGH, "wason-negative", round_seeds(4, 4))
    assert True in predictions and False in predictions


def test_the_perseverator_keeps_logging_a_refuted_idea() -> None:
    kept = 0
    for seed in round_seeds(6, 4):
        round_ = _round(ALTERNATE_COLORS, ["perseverator"], seed)
        table = round_.state.table
        for number, entry in enumerate(table):
            if entry.kind != "play" or not entry.hypothesis:
                continue
            rule = LABELS[entry.hypothesis]
            attempts = [
                Attempt(e.cards[0], e.accepted)
                for e in table[:number]
                if e.kind in ("starter", "play")
            ]
            refuted = any(
                rule.accepts(tuple(attempts[:i]), attempts[i].card) != attempts[i].accepted
                for i in range(1, len(attempts))
            )
            kept += refuted
    assert kept > 0
