"""Delphi, docs/rules.md §3: the worked example, every branch, and invariants over bot rounds."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eleusis.engine.bots import DELPHI_BOTS
from eleusis.engine.cards import FULL_DECK
from eleusis.engine.history import Rule
from eleusis.engine.rules import LIBRARY
from eleusis.engine.simulate import play_delphi_round, seat_delphi_bots
from eleusis.engine.variants import (
    VARIANTS,
    DelphiConfig,
    DelphiRound,
    End,
    IllegalActionError,
    Join,
    Play,
    Predict,
    Reveal,
    RotationGame,
    Scores,
    Verdict,
    WrittenRule,
    new_round,
    settle,
)
from eleusis.engine.variants.delphi import (
    ALREADY_PREDICTED,
    APP_PLACES,
    NOTHING_TO_PREDICT,
    ORACLE_PLACES,
    UNSUPPORTED_ACTION,
)
from tests.engine.variants.helpers import (
    ANY_CARD,
    CANDIDATES,
    ODD_EVEN,
    RED_STARTER,
    TEST_RULES,
    assert_replayed_and_serialized,
    behaviour_equivalent,
    bot_round_cases,
)


def make(rule: Rule = ANY_CARD, players: int = 3, seed: int = 1, **config: str) -> DelphiRound:
    return DelphiRound(DelphiConfig(**config), seed, rule, players)  # type: ignore[arg-type]


def conserved(round_: DelphiRound) -> bool:
    return Counter(round_.table_cards()) == Counter(FULL_DECK)


# -- the seed's worked example -----------------------------------------------------------------


def test_settlement_of_the_seeds_example() -> None:
    assert settle([19, 16, 3]) == Scores((19, 10, -29), 32)


def test_settlement_players_sum_to_zero_and_dealer_sums_the_pairwise_differences() -> None:
    chips = [5, 0, 7, 7, 2]
    scores = settle(chips)
    assert sum(scores.players) == 0
    assert scores.dealer == sum(abs(a - b) for i, a in enumerate(chips) for b in chips[i + 1 :])


def test_the_seeds_example_played_through_a_round() -> None:
    """Every card fits ANY_CARD: a player who says "false" once loses everything and then wins
    one chip per card. Saying "false" at the right card leaves 19, 16 and 3 chips."""
    round_ = make()
    cards = 51  # the starter is turned up, then 51 cards are predicted
    last_false = {0: cards - 19, 1: cards - 16, 2: cards - 3}
    for index in range(1, cards + 1):
        for seat in range(3):
            round_.apply(Predict(seat, index != last_false[seat]))
    assert round_.is_over and round_.end_reason == "deck_finished"
    assert round_.state.chips == [19, 16, 3]
    assert round_.scores() == Scores((19, 10, -29), 32)


# -- the round ------------------------------------------------------------------------------


def test_delphi_is_registered_and_uses_one_deck_whatever_the_players() -> None:
    assert VARIANTS["delphi"] is DelphiRound
    for players in (1, 4, 30):
        round_ = new_round("delphi", DelphiConfig(), 5, ANY_CARD, players)
        assert isinstance(round_, DelphiRound)
        assert len(round_.state.history) == 1 and round_.state.current is not None
        assert len(round_.state.stock) == 50
        assert conserved(round_)


def test_the_starter_is_turned_up_whatever_the_rule_unless_until_legal() -> None:
    flipped = {make(RED_STARTER, seed=seed).state.history[0].card.is_red for seed in range(20)}
    assert flipped == {True, False}
    for seed in range(20):
        round_ = make(RED_STARTER, seed=seed, starter="until_legal")
        assert round_.state.history[0].card.is_red
        rejected = round_.state.starter_rejected
        assert all(not card.is_red for card in rejected)
        if rejected:
            assert round_.state.stock[-len(rejected) :] == rejected
        assert conserved(round_)


def test_the_card_is_placed_once_everyone_has_predicted() -> None:
    round_ = make(ODD_EVEN)
    card = round_.state.current
    assert card is not None
    accepted = ODD_EVEN.accepts(round_.state.history, card)
    assert [e.kind for e in round_.apply(Predict(0, not accepted))] == ["predicted"]
    round_.apply(Predict(1, not accepted))
    events = round_.apply(Predict(2, accepted))
    assert [e.kind for e in events] == ["predicted", "card_placed", "card_turned"]
    assert round_.state.history[-1].card == card
    assert round_.state.history[-1].accepted == accepted
    assert round_.state.chips == [0, 0, 1]
    assert round_.state.dealer_chips == -1  # paid one chip, took nothing (no chips yet)
    assert round_.state.predictions == [None, None, None]


def test_a_wrong_prediction_gives_the_dealer_all_ones_chips() -> None:
    round_ = make(players=2)
    for _ in range(4):
        round_.apply(Predict(0, True))
        round_.apply(Predict(1, True))
    assert round_.state.chips == [4, 4] and round_.state.dealer_chips == -8
    round_.apply(Predict(0, False))
    round_.apply(Predict(1, True))
    assert round_.state.chips == [0, 5]
    assert round_.state.dealer_chips == -8 + 4 - 1


def test_reveal_places_the_card_and_absent_players_neither_win_nor_lose() -> None:
    round_ = make(players=3)
    round_.apply(Predict(0, True))
    round_.apply(Predict(1, True))
    round_.apply(Predict(2, True))
    round_.apply(Predict(1, False))
    events = round_.apply(Reveal())
    assert [e.kind for e in events] == ["card_placed", "card_turned"]
    assert round_.state.chips == [1, 0, 1]
    assert round_.state.placements[-1].predictions == [None, False, None]


def test_one_token_per_card_and_nothing_else() -> None:
    round_ = make()
    round_.apply(Predict(0, True))
    card = round_.state.current
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Predict(0, False))
    assert str(error.value) == ALREADY_PREDICTED.format(player=0, card=card)
    with pytest.raises(IllegalActionError, match="no player 3"):
        round_.apply(Predict(3, True))
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Play(0, FULL_DECK[0]))
    assert str(error.value) == UNSUPPORTED_ACTION.format(kind="play")
    assert round_.state.predictions == [True, None, None]


def test_a_page_is_out_of_date_once_a_card_is_placed_not_when_a_classmate_predicts() -> None:
    """Issue 32/38: a move carries the version its page was drawn at; in Delphi the whole class
    predicts one card at once, so only a placement since makes a page out of date."""
    round_ = make(players=3)
    assert not round_.moved_on_since(0)
    round_.apply(Predict(0, True))
    round_.apply(Predict(1, True))
    assert round_.action_count == 2
    assert not any(round_.moved_on_since(version) for version in (0, 1, 2))
    assert round_.moved_on_since(3)  # a version the round never had
    round_.apply(Predict(2, True))  # the card is placed, the next one turned
    assert [round_.moved_on_since(version) for version in (0, 1, 2, 3)] == [
        True,
        True,
        True,
        False,
    ]
    round_.apply(Reveal())
    assert round_.moved_on_since(3) and not round_.moved_on_since(4)


def test_a_latecomer_joins_the_round_in_progress_and_predicts_the_card_on_show() -> None:
    """A student who arrives after the deal plays from the card on show: the card waits for
    their token, they start with no chips, and the settlement counts them."""
    round_ = make(players=2)
    round_.apply(Predict(0, True))
    events = round_.apply(Join())
    assert [event.kind for event in events] == ["player_joined"] and round_.players == 3
    assert round_.state.chips == [0, 0, 0]
    round_.apply(Predict(1, True))
    assert len(round_.state.placements) == 0  # the latecomer has not shown a token yet
    round_.apply(Predict(2, False))
    (placed,) = round_.state.placements
    assert placed.predictions == [True, True, False]
    assert len(round_.scores().players) == 3 and sum(round_.scores().players) == 0
    assert round_.view(2).player == 2 and conserved(round_)
    replayed = DelphiRound.replay(round_.config, round_.seed, ANY_CARD, 2, round_.actions)
    assert_replayed_and_serialized(round_, replayed, ANY_CARD, 3)


def test_a_join_does_not_make_a_classmates_page_out_of_date() -> None:
    round_ = make(players=2)
    round_.apply(Predict(0, True))
    round_.apply(Join())
    assert not round_.moved_on_since(0)  # the token drawn before the join still counts
    round_.apply(Predict(1, True))
    assert not round_.moved_on_since(1)


def test_only_delphi_takes_a_latecomer_and_not_once_the_round_is_over() -> None:
    round_ = make(players=2)
    round_.apply(End("time is up"))
    with pytest.raises(IllegalActionError) as over:
        round_.apply(Join())
    assert over.value.code == "round_over"
    express = new_round("express", VARIANTS["express"].config_class(), 1, ANY_CARD, 3)
    with pytest.raises(IllegalActionError):
        express.apply(Join())


def test_end_puts_the_card_on_show_back_and_nothing_more_can_happen() -> None:
    round_ = make()
    round_.apply(End())
    assert round_.is_over and round_.state.current is None and conserved(round_)
    with pytest.raises(IllegalActionError, match="the round is over"):
        round_.apply(Reveal())
    over = make()
    over.state.current = None
    with pytest.raises(IllegalActionError) as error:
        over.apply(Reveal())
    assert str(error.value) == NOTHING_TO_PREDICT


def test_others_tokens_stay_hidden_until_the_card_is_placed() -> None:
    round_ = make()
    round_.apply(Predict(0, False))
    view = round_.view(1)
    assert view.predicted == (True, False, False)
    assert view.my_prediction is None
    other = make()
    other.apply(Predict(0, True))
    assert other.view(1) == view  # player 0's token does not show in player 1's view
    assert round_.view(0).my_prediction is False
    assert round_.dealer_view().predictions == (False, None, None)
    round_.apply(Predict(1, True))
    round_.apply(Predict(2, True))
    assert round_.view(1).placements[-1].predictions == [False, True, True]
    assert "rule" not in json.dumps(round_.view(1).to_json())


def test_an_oracle_with_a_rule_in_words_places_each_card() -> None:
    """docs/rules.md §3: the oracle sets the rule and places the cards. With the rule in words
    only, the oracle's `Verdict` places the card on show; the tokens are paid as usual."""
    round_ = make(WrittenRule("red cards only"), players=2, starter="until_legal")
    assert round_.oracle_judges and round_.state.starter_rejected == []
    card = round_.state.current
    assert [e.kind for e in round_.apply(Predict(0, True))] == ["predicted"]
    assert [e.kind for e in round_.apply(Predict(1, False))] == ["predicted"]
    assert round_.state.current == card  # not placed by itself: the oracle judges
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Reveal())
    assert str(error.value) == ORACLE_PLACES
    events = round_.apply(Verdict(False))
    assert [e.kind for e in events] == ["card_placed", "card_turned"]
    assert round_.state.history[-1].card == card and not round_.state.history[-1].accepted
    assert round_.state.chips == [0, 1]
    rule = WrittenRule("red cards only")
    replayed = DelphiRound.replay(round_.config, 1, rule, 2, list(round_.actions))
    assert_replayed_and_serialized(round_, replayed, rule, 2)
    with pytest.raises(IllegalActionError) as error:
        make().apply(Verdict(True))
    assert str(error.value) == APP_PLACES


def test_the_app_needs_a_rule_it_can_judge() -> None:
    with pytest.raises(ValueError, match="a rule it can judge"):
        make(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="0 players"):
        make(players=0)
    with pytest.raises(ValueError, match="starter 'x'"):
        DelphiConfig(starter="x")  # type: ignore[arg-type]


# -- the game: the oracle rotates ---------------------------------------------------------------


def test_everyone_is_the_oracle_once_the_first_drawn_by_lot() -> None:
    firsts = {
        RotationGame.start("delphi", DelphiConfig(), seed, 4).first_dealer for seed in range(30)
    }
    assert firsts == {0, 1, 2, 3}
    game = RotationGame.start("delphi", DelphiConfig(), 3, 4)
    dealers = []
    while not game.over:
        round_ = game.new_round(ANY_CARD)
        assert isinstance(round_, DelphiRound) and round_.players == 3
        round_.apply(End())
        dealers.append(game.record(round_).dealer)
        assert dealers[-1] not in game.results[-1].people
    assert sorted(dealers) == [0, 1, 2, 3]
    assert dealers == [(game.first_dealer + i) % 4 for i in range(4)]
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.new_round(ANY_CARD)
    assert RotationGame.from_json(json.loads(json.dumps(game.to_json()))) == game


def test_game_totals_add_the_rounds_with_the_oracles_score() -> None:
    game = RotationGame.start("delphi", DelphiConfig(), 9, 3)
    round_ = game.new_round(ANY_CARD)
    for _ in range(3):
        round_.apply(Predict(0, True))
        round_.apply(Predict(1, False))
    round_.apply(End())
    result = game.record(round_)
    assert round_.scores() == Scores((3, -3), 3)
    seats = result.people
    assert result.scores[seats[0]] == 3 and result.scores[seats[1]] == -3
    assert result.scores[result.dealer] == 3
    assert game.totals == result.scores
    assert game.winners() == [p for p in range(3) if result.scores[p] == 3]


# -- invariants over bot rounds -----------------------------------------------------------------

RULES: list[Rule] = [
    *TEST_RULES.values(),
    RED_STARTER,
    *(LIBRARY[rule_id].compiled() for rule_id in ("th-odd-even", "ru-after-verdict")),
]


@settings(max_examples=25, deadline=None)
@given(
    **bot_round_cases(RULES, DELPHI_BOTS, players=(1, 6)),
    starter=st.sampled_from(["flip", "until_legal"]),
)
def test_bot_rounds_keep_every_invariant(
    seed: int, rule: Rule, players: int, bots: list[str], starter: str
) -> None:
    config = DelphiConfig(starter=starter)  # type: ignore[arg-type]
    round_ = DelphiRound(config, seed, rule, players)
    seated = seat_delphi_bots(bots, players, seed, CANDIDATES, behaviour_equivalent)
    chips = [0] * players
    for _, events in play_delphi_round(round_, seated):
        assert conserved(round_)
        for event in events:
            if event.kind != "card_placed":
                continue
            placement = round_.state.placements[-1]
            for seat, value in enumerate(placement.predictions):
                chips[seat] = chips[seat] + 1 if value == placement.accepted else 0
            assert round_.state.chips == chips
    assert round_.end_reason == "deck_finished" and len(round_.state.placements) == 51
    history = round_.state.history
    if starter == "until_legal":
        assert rule.accepts((), history[0].card)
    for index in range(1, len(history)):
        assert rule.accepts(tuple(history[:index]), history[index].card) == history[index].accepted
    assert round_.scores() == settle(chips)

    replayed = DelphiRound.replay(config, seed, rule, players, round_.actions)
    assert_replayed_and_serialized(round_, replayed, rule, players)
