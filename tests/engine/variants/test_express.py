"""Eleusis Express, docs/rules.md §1: the worked examples and every branch, one by one."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from eleusis.engine.cards import FULL_DECK, Card
from eleusis.engine.history import mainline
from eleusis.engine.rules import LIBRARY
from eleusis.engine.variants import (
    VARIANTS,
    Action,
    BuyHint,
    DealerHint,
    End,
    ExpressConfig,
    ExpressGame,
    ExpressRound,
    Guess,
    IllegalActionError,
    NoPlay,
    PassGuess,
    Play,
    Round,
    SkipTurn,
    UnknownVariantError,
    Verdict,
    WrittenRule,
    express,
    new_round,
    variant_class,
)
from eleusis.engine.variants.events import GuessPassed, TurnSkipped
from tests.engine.variants.helpers import (
    ALTERNATE_COLORS,
    ANY_CARD,
    NOTHING_AFTER_STARTER,
    RED_STARTER,
    MainlineShorterThan,
    judge_by_behaviour,
)

C = Card.parse


def make(
    rule: object = ANY_CARD, players: int = 4, seed: int = 1, **settings: object
) -> ExpressRound:
    config = ExpressConfig(**settings)  # type: ignore[arg-type]
    return ExpressRound(config, seed, rule, players, judge_guess=judge_by_behaviour)  # type: ignore[arg-type]


def conserved(round_: ExpressRound) -> bool:
    return Counter(round_.table_cards()) == Counter(list(FULL_DECK) * round_.state.decks_used)


# -- registry and setup ------------------------------------------------------------------------


def test_express_is_registered_by_name() -> None:
    assert VARIANTS["express"] is ExpressRound
    assert isinstance(new_round("express", ExpressConfig(), 3, ANY_CARD, 4), ExpressRound)
    with pytest.raises(UnknownVariantError, match="unknown variant 'chess'"):
        variant_class("chess")


@pytest.mark.parametrize("hand_size", [10, 12, 14])
def test_deal_gives_each_player_hand_size_cards_from_two_decks(hand_size: int) -> None:
    round_ = make(hand_size=hand_size, players=5)
    assert [len(hand) for hand in round_.state.hands] == [hand_size] * 5
    assert len(round_.state.stock) == 104 - 5 * hand_size - 1
    assert conserved(round_)
    assert round_.scores().players == (0,) * 5  # base equals hand size


def test_hand_size_must_be_10_12_or_14() -> None:
    with pytest.raises(ValueError, match="hand size 13 is not one of 10, 12, 14"):
        ExpressConfig(hand_size=13)


def test_too_many_players_for_the_decks_is_refused() -> None:
    with pytest.raises(ValueError, match="need 57 cards, more than 1 deck"):
        make(decks=1, players=4, hand_size=14)


def test_the_app_cannot_deal_a_rule_in_words() -> None:
    with pytest.raises(ValueError, match="the app can deal only a rule it can judge"):
        make(rule=WrittenRule("cards I like"))


def test_starter_until_legal_sends_illegal_cards_to_the_bottom() -> None:
    for seed in range(20):
        round_ = make(rule=RED_STARTER, seed=seed)
        starter = round_.state.history[0].card
        assert starter.is_red
        rejected = round_.state.starter_rejected
        assert all(not card.is_red for card in rejected)
        if rejected:
            assert round_.state.stock[-len(rejected) :] == rejected
            assert round_.view(0).starter_rejected == tuple(rejected)
        assert conserved(round_)


def test_starter_flip_takes_the_top_card_whatever_the_rule() -> None:
    starters = {
        make(rule=RED_STARTER, seed=seed, starter="flip").state.history[0].card.is_red
        for seed in range(20)
    }
    assert starters == {True, False}


def test_first_player_left_of_the_dealer_or_random() -> None:
    assert {make(seed=seed).state.turn for seed in range(10)} == {0}
    firsts = [make(seed=seed, first_player="random").state.turn for seed in range(30)]
    assert set(firsts) == {0, 1, 2, 3}
    assert firsts == [make(seed=seed, first_player="random").state.turn for seed in range(30)]


# -- plays ---------------------------------------------------------------------------------------


def test_right_play_extends_the_mainline_and_the_hand_shrinks() -> None:
    round_ = make()
    card = round_.state.hands[0][0]
    events = round_.apply(Play(0, card))
    assert [event.kind for event in events] == ["played", "turn_passed"]
    assert mainline(round_.state.history)[-1] == card
    assert len(round_.state.hands[0]) == 11
    assert round_.state.turn == 1


def test_wrong_play_goes_under_the_last_mainline_card_and_the_player_draws() -> None:
    round_ = make(rule=NOTHING_AFTER_STARTER)
    starter = round_.state.history[0].card
    top = round_.state.stock[0]
    first, second = round_.state.hands[0][0], round_.state.hands[1][0]
    round_.apply(Play(0, first))
    round_.apply(Play(1, second))
    assert round_.layout()[0].card == starter
    assert round_.layout()[0].sideline == ((first,), (second,))
    assert len(round_.state.hands[0]) == 12
    assert top in round_.state.hands[0]


def test_not_your_turn_names_both_players() -> None:
    round_ = make()
    card = round_.state.hands[2][0]
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Play(2, card))
    assert str(error.value) == express.NOT_YOUR_TURN.format(player=2, turn=0)
    assert str(error.value) == "not your turn: player 2 plays after player 0"


def test_a_card_not_in_hand_is_refused_and_nothing_changes() -> None:
    round_ = make()
    missing = next(card for card in FULL_DECK if card not in round_.state.hands[0])
    before = round_.to_json()
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Play(0, missing))
    assert str(error.value) == express.CARD_NOT_IN_HAND.format(card=missing, player=0)
    assert round_.to_json() == before


def test_unknown_seat_is_refused() -> None:
    round_ = make()
    with pytest.raises(IllegalActionError, match="no player 7: this round has players 0 to 3"):
        round_.apply(NoPlay(7))


# -- no play: every branch ---------------------------------------------------------------------


def test_wrong_no_play_the_dealer_takes_a_legal_card_and_the_player_draws_one() -> None:
    round_ = make(rule=ANY_CARD)
    hand = list(round_.state.hands[0])
    top = round_.state.stock[0]
    round_.apply(NoPlay(0))
    taken = min(hand, key=express.card_order)
    assert round_.state.history[-1].card == taken and round_.state.history[-1].accepted
    assert Counter(round_.state.hands[0]) == Counter([*hand, top]) - Counter([taken])
    assert len(round_.state.hands[0]) == 12  # 12 − 1 + 1
    kinds = [(entry.kind, entry.accepted) for entry in round_.state.table]
    assert kinds == [("starter", True), ("no_play", False), ("correction", True)]
    assert not round_.can_guess(0)
    with pytest.raises(IllegalActionError, match="player 0 may not guess now"):
        round_.apply(Guess(0, "any card"))


def test_right_no_play_with_more_cards_hand_to_the_bottom_new_hand_one_fewer() -> None:
    round_ = make(rule=NOTHING_AFTER_STARTER)
    hand = list(round_.state.hands[0])
    top_eleven = round_.state.stock[:11]
    round_.apply(NoPlay(0))
    assert round_.state.hands[0] == top_eleven
    assert round_.state.stock[-12:] == hand
    assert round_.state.table[-1].kind == "no_play" and round_.state.table[-1].accepted
    assert round_.state.table[-1].cards == hand  # the hand was shown
    assert round_.can_guess(0)
    assert round_.state.turn == 1
    assert conserved(round_)


def test_right_no_play_with_one_card_the_card_goes_to_the_stock_and_the_round_ends() -> None:
    # A single player plays eleven right cards, then no card is legal any more.
    round_ = make(rule=MainlineShorterThan(12), players=1)
    for _ in range(11):
        round_.apply(Play(0, round_.state.hands[0][0]))
    (last,) = round_.state.hands[0]
    round_.apply(NoPlay(0))
    assert round_.is_over and round_.end_reason == "hand_emptied"
    assert round_.state.stock[-1] == last
    assert round_.scores().players == (12 - 0 + 3,)
    assert conserved(round_)


# -- guessing ------------------------------------------------------------------------------------


def test_guess_right_after_a_right_play_ends_the_round_with_six_points() -> None:
    round_ = make(rule=ANY_CARD)
    round_.apply(Play(0, round_.state.hands[0][0]))
    assert round_.can_guess(0) and not round_.can_guess(1)
    round_.apply(Guess(0, "any card"))
    assert round_.is_over and round_.end_reason == "guessed"
    scores = round_.scores()
    assert scores.players == (12 - 11 + 6, 0, 0, 0)
    assert scores.dealer == 7


def test_guess_is_refused_after_a_wrong_play_or_for_someone_else() -> None:
    round_ = make(rule=NOTHING_AFTER_STARTER)
    round_.apply(Play(0, round_.state.hands[0][0]))
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Guess(0, "only a starter"))
    assert str(error.value) == express.GUESS_NOT_ALLOWED.format(player=0)
    with pytest.raises(IllegalActionError, match="player 1 may not guess now"):
        round_.apply(Guess(1, "only a starter"))


def test_the_guess_window_closes_at_the_next_play() -> None:
    round_ = make(rule=ANY_CARD)
    round_.apply(Play(0, round_.state.hands[0][0]))
    round_.apply(Play(1, round_.state.hands[1][0]))
    with pytest.raises(IllegalActionError, match="player 0 may not guess now"):
        round_.apply(Guess(0, "any card"))
    assert round_.can_guess(1)


@pytest.mark.parametrize(("penalty", "hand"), [(False, 11), (True, 12)])
def test_wrong_guess_play_goes_on_with_or_without_the_penalty_card(
    penalty: bool, hand: int
) -> None:
    round_ = make(rule=ANY_CARD, wrong_guess_penalty=penalty)
    round_.apply(Play(0, round_.state.hands[0][0]))
    events = round_.apply(Guess(0, "alternate colors"))
    assert not round_.is_over
    assert len(round_.state.hands[0]) == hand
    assert [event.kind for event in events] == ["guess_judged"] + (["drew"] if penalty else [])
    assert round_.state.guesses[-1].correct is False


def test_a_free_text_guess_waits_for_the_dealer() -> None:
    round_ = make(rule=ANY_CARD)
    round_.apply(Play(0, round_.state.hands[0][0]))
    round_.apply(Guess(0, "anything goes, I think", checkable=False))
    assert round_.view(1).pending is not None
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Play(1, round_.state.hands[1][0]))
    assert str(error.value) == express.WAITING_FOR_VERDICT.format(what="guess", action="play")
    round_.apply(Verdict(True))
    assert round_.end_reason == "guessed"
    assert round_.scores().players[0] == 12 - 11 + 6


def test_an_unreadable_checkable_guess_in_an_app_round_is_refused() -> None:
    round_ = make(rule=ANY_CARD)
    round_.apply(Play(0, round_.state.hands[0][0]))

    def cannot_tell(secret: object, text: str) -> None:
        return None

    round_.judge_guess = cannot_tell
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Guess(0, "???"))
    assert str(error.value) == express.CANNOT_JUDGE_GUESS
    assert round_.can_guess(0)


# -- end conditions and scoring ------------------------------------------------------------------


def test_playing_the_last_card_ends_the_round_with_three_points() -> None:
    round_ = make(rule=ANY_CARD, players=1, hand_size=10)
    for _ in range(10):
        round_.apply(Play(0, round_.state.hands[0][0]))
    assert round_.end_reason == "hand_emptied"
    assert round_.scores().players == (10 + 3,)
    assert round_.scores().dealer == 13
    with pytest.raises(IllegalActionError, match=r"the round is over \(hand_emptied\)"):
        round_.apply(NoPlay(0))


def test_scores_base_minus_hand_and_dealer_as_best_player() -> None:
    # docs/rules.md: each player gets base (12) − cards left; the dealer as much as the best player.
    round_ = make(rule=ANY_CARD, players=3)
    for seat in (0, 1, 2, 0, 1, 2, 0):
        round_.apply(Play(seat, round_.state.hands[seat][0]))
    round_.apply(End())
    assert round_.end_reason == "ended by the dealer"
    assert round_.scores().players == (3, 2, 2)
    assert round_.scores().dealer == 3


def test_stock_exhaustion_ends_the_round() -> None:
    # One deck, four hands of 12 and a starter leave 3 cards: the fourth wrong play finds none.
    round_ = make(rule=NOTHING_AFTER_STARTER, decks=1)
    assert len(round_.state.stock) == 3
    for seat in range(4):
        round_.apply(Play(seat, round_.state.hands[seat][0]))
    assert round_.end_reason == "stock_exhausted"
    assert len(round_.state.hands[3]) == 11
    assert conserved(round_)


def test_stock_exhaustion_can_shuffle_in_another_deck() -> None:
    round_ = make(rule=NOTHING_AFTER_STARTER, decks=1, stock_exhaustion="reshuffle_deck")
    for seat in range(4):
        round_.apply(Play(seat, round_.state.hands[seat][0]))
    assert not round_.is_over
    assert round_.state.decks_used == 2
    assert len(round_.state.stock) == 51
    assert conserved(round_)


# -- hints ---------------------------------------------------------------------------------------


def test_buying_a_hint_draws_a_card_and_the_dealer_answers_everyone() -> None:
    round_ = make(buying_hints=True)
    round_.apply(BuyHint(0))
    assert len(round_.state.hands[0]) == 13
    with pytest.raises(IllegalActionError) as error:
        round_.apply(BuyHint(0))
    assert str(error.value) == express.HINT_ALREADY_BOUGHT.format(player=0)
    round_.apply(Play(0, round_.state.hands[0][0]))  # the turn goes on as usual
    round_.apply(DealerHint("think about colors"))
    assert round_.view(3).hints == ("think about colors",)
    assert round_.state.hints[0].requested_by == 0


def test_buying_hints_is_a_setting() -> None:
    with pytest.raises(IllegalActionError) as error:
        make().apply(BuyHint(0))
    assert str(error.value) == express.HINTS_OFF.format(player=0)


def test_the_dealer_may_hint_unprompted_at_any_moment_by_default() -> None:
    round_ = make(players=3)
    round_.apply(Play(0, round_.state.hands[0][0]))
    round_.apply(DealerHint("nobody has found it yet: think about colors"))
    assert round_.view(2).hints == ("nobody has found it yet: think about colors",)


def test_unprompted_hints_only_when_everyone_has_had_as_many_turns() -> None:
    round_ = make(players=2, hints_after_equal_turns=True)
    round_.apply(DealerHint("before play"))
    round_.apply(Play(0, round_.state.hands[0][0]))
    with pytest.raises(IllegalActionError, match="unprompted only when every player"):
        round_.apply(DealerHint("too early"))
    round_.apply(Play(1, round_.state.hands[1][0]))
    round_.apply(DealerHint("now"))
    assert round_.view(0).hints == ("before play", "now")


# -- a person deals ------------------------------------------------------------------------------


def test_a_person_dealer_judges_starter_plays_no_plays_and_guesses() -> None:
    round_ = make(rule=WrittenRule("my secret"), dealer="person", players=2)
    assert round_.state.pending is not None and round_.state.pending.what == "starter"
    first = round_.state.stock[0]
    round_.apply(Verdict(False))  # not a legal starter: to the bottom, turn the next
    assert round_.state.stock[-1] == first
    round_.apply(Verdict(True))
    assert len(round_.state.history) == 1

    card = round_.state.hands[0][0]
    round_.apply(Play(0, card, hypothesis="red", prediction=True))
    with pytest.raises(IllegalActionError, match="waiting for the dealer's verdict on the play"):
        round_.apply(Play(1, round_.state.hands[1][0]))
    round_.apply(Verdict(False))
    assert round_.layout()[0].sideline == ((card,),)
    assert round_.state.table[-1].hypothesis == "red"

    round_.apply(NoPlay(1))
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Verdict(False))
    assert str(error.value) == express.VERDICT_NEEDS_CARD.format(player=1)
    legal = round_.state.hands[1][3]
    round_.apply(Verdict(False, legal))
    assert round_.state.history[-1].card == legal
    assert len(round_.state.hands[1]) == 12

    card = round_.state.hands[0][0]
    round_.apply(Play(0, card))
    round_.apply(Verdict(True))
    round_.apply(Guess(0, "I think it's about colors", checkable=False))
    round_.apply(Verdict(False))
    assert not round_.is_over
    assert round_.dealer_view().rule_text == "my secret"
    assert conserved(round_)


def test_a_verdict_with_nothing_pending_is_refused() -> None:
    with pytest.raises(IllegalActionError) as error:
        make().apply(Verdict(True))
    assert str(error.value) == express.NO_VERDICT_PENDING


# -- views ---------------------------------------------------------------------------------------


def test_a_player_sees_own_hand_counts_of_others_and_never_the_rule() -> None:
    round_ = make(rule=ALTERNATE_COLORS)
    round_.apply(Play(0, round_.state.hands[0][0], hypothesis="my idea", prediction=True))
    view = round_.view(1)
    assert view.hand == tuple(round_.state.hands[1])
    assert view.hand_counts == tuple(len(hand) for hand in round_.state.hands)
    assert view.stock_count == len(round_.state.stock)
    assert view.turn == 1
    text = json.dumps(view.to_json())
    assert "alternate colors" not in text
    assert "my idea" not in text  # another player's hypothesis
    assert "my idea" in json.dumps(round_.view(0).to_json())
    dealer = round_.dealer_view()
    assert dealer.rule_text == "alternate colors"
    assert dealer.hands == tuple(tuple(hand) for hand in round_.state.hands)


# -- actions as data, replay, JSON ---------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        Play(2, C("QD"), hypothesis="red after black", prediction=False),
        NoPlay(1, prediction=True),
        Guess(0, "alternate colors"),
        Guess(3, "something about tens", checkable=False),
        BuyHint(1),
        DealerHint("colors matter"),
        Verdict(False, C("10H")),
        Verdict(True),
        End(),
    ],
)
def test_actions_round_trip_through_json(action: Action) -> None:
    data = json.loads(json.dumps(action.to_json()))
    assert Action.from_json(data) == action


def test_malformed_action_data_is_an_illegal_action() -> None:
    with pytest.raises(IllegalActionError, match="unknown action kind 'jump'"):
        Action.from_json({"kind": "jump"})
    with pytest.raises(IllegalActionError, match="cannot read 'play' action"):
        Action.from_json({"kind": "play", "player": 0, "card": "ZZ"})


def test_replay_and_json_rebuild_the_state() -> None:
    round_ = make(rule=ALTERNATE_COLORS, buying_hints=True, first_player="random", seed=5)
    for _ in range(12):
        seat = round_.state.turn
        round_.apply(Play(seat, round_.state.hands[seat][0]))
    replayed = ExpressRound.replay(
        round_.config, 5, ALTERNATE_COLORS, 4, round_.actions, judge_guess=judge_by_behaviour
    )
    assert replayed.to_json() == round_.to_json()
    restored = Round.from_json(json.loads(json.dumps(round_.to_json())), ALTERNATE_COLORS)
    assert restored.to_json() == round_.to_json()
    # The restored round goes on exactly like the original, randomness included, whether its
    # past actions were read before the next one or not (they are decoded when first asked).
    read_first = Round.from_json(json.loads(json.dumps(round_.to_json())), ALTERNATE_COLORS)
    assert read_first.actions == round_.actions
    for target in (round_, restored, read_first):
        target.apply(NoPlay(target.state.turn))
    assert restored.to_json() == read_first.to_json() == round_.to_json()
    assert restored.actions == read_first.actions == round_.actions
    assert len(round_.actions) == 13


def test_config_round_trips_and_rejects_unknown_settings() -> None:
    config = ExpressConfig(hand_size=14, starter="flip", stock_exhaustion="reshuffle_deck")
    assert ExpressConfig.from_json(json.loads(json.dumps(config.to_json()))) == config
    with pytest.raises(ValueError, match="starter 'sometimes' is not one of until_legal, flip"):
        ExpressConfig(starter="sometimes")  # type: ignore[arg-type]


# -- a game of several rounds --------------------------------------------------------------------


def _finish_with_guess(round_: ExpressRound, seat: int) -> None:
    while round_.state.turn != seat:
        turn = round_.state.turn
        round_.apply(Play(turn, round_.state.hands[turn][0]))
    round_.apply(Play(seat, round_.state.hands[seat][0]))
    round_.apply(Guess(seat, "any card"))


def test_a_game_rotates_the_dealer_until_everyone_has_dealt() -> None:
    game = ExpressGame(ExpressConfig(), seed=3, people=3)
    dealers = []
    while not game.over:
        dealers.append(game.dealer)
        round_ = game.new_round(ANY_CARD, judge_guess=judge_by_behaviour)
        _finish_with_guess(round_, 1)
        game.record(round_)
    assert dealers == [0, 1, 2]
    # Each round: seat 1 (two to the dealer's left) guessed after one play: 12 − 11 + 6 = 7;
    # seat 0 played once: 1; the dealer scored as the best player: 7.
    assert [result.scores for result in game.results] == [[7, 1, 7], [7, 7, 1], [1, 7, 7]]
    assert game.totals == [15, 15, 15]
    assert game.winners() == [0, 1, 2]
    assert ExpressGame.from_json(json.loads(json.dumps(game.to_json()))) == game
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.new_round(ANY_CARD)


def test_dealer_assignment_the_guesser_deals_next() -> None:
    game = ExpressGame(ExpressConfig(dealer_assignment="winner"), seed=3, people=4)
    round_ = game.new_round(ANY_CARD, judge_guess=judge_by_behaviour)
    _finish_with_guess(round_, 2)
    game.record(round_)
    assert game.dealer == 3  # seat 2 of dealer 0 is person 3
    round_ = game.new_round(ANY_CARD, judge_guess=judge_by_behaviour)
    round_.apply(Play(0, round_.state.hands[0][0]))
    round_.apply(End())
    game.record(round_)
    assert game.dealer == 0  # nobody guessed or emptied: the best player, seat 0 of dealer 3


# -- guesses judged by the rule language ---------------------------------------------------------


def _right_play_under(rule_id: str, dealer: str = "app") -> tuple[ExpressRound, object]:
    rule = LIBRARY[rule_id].compiled()
    secret = rule if dealer == "app" else WrittenRule("my own words")
    round_ = ExpressRound(ExpressConfig(dealer=dealer), 1, secret, 2)  # type: ignore[arg-type]
    if dealer == "person":
        round_.apply(Verdict(True))
    history = round_.state.history
    card = next(c for c in round_.state.hands[0] if rule.accepts(tuple(history), c))
    round_.apply(Play(0, card))
    if dealer == "person":
        round_.apply(Verdict(True))
    return round_, rule


def test_a_checkable_guess_is_judged_by_equivalence_with_the_secret_rule() -> None:
    round_, _ = _right_play_under("th-alternate-colors")
    round_.apply(Guess(0, LIBRARY["el-alternate-colors"].text))  # other words, same rule
    assert round_.end_reason == "guessed"

    round_, _ = _right_play_under("th-parity-color")
    round_.apply(Guess(0, LIBRARY["el-parity-color"].text))  # looks alike, is the opposite
    assert not round_.is_over and round_.state.guesses[-1].correct is False


def test_a_checkable_guess_that_is_not_a_rule_says_where_it_went_wrong() -> None:
    round_, _ = _right_play_under("th-odd-even")
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Guess(0, "colour != last.color"))
    assert str(error.value).startswith("the guess 'colour != last.color' is not a rule")
    assert "color" in str(error.value).split(":", 1)[1]  # the language's own message follows
    assert round_.can_guess(0)  # nothing changed: the player may guess again


def test_a_checkable_guess_against_a_rule_in_words_waits_for_the_dealer() -> None:
    round_, _ = _right_play_under("th-odd-even", dealer="person")
    round_.apply(Guess(0, LIBRARY["th-odd-even"].text))
    assert round_.state.pending is not None and round_.state.pending.what == "guess"
    round_.apply(Verdict(True))
    assert round_.end_reason == "guessed"


# -- the guess belongs to the guesser's turn (Thai: `guess_turn`) --------------------------------


def _right_play(round_: ExpressRound, player: int) -> Card:
    last = [a.card for a in round_.state.history if a.accepted][-1]
    card = next(c for c in round_.state.hands[player] if c.is_red != last.is_red)
    round_.apply(Play(player, card))
    return card


def test_after_a_right_play_the_next_player_waits_for_guess_or_pass() -> None:
    round_ = make(ALTERNATE_COLORS, players=3, guess_turn=True)
    _right_play(round_, 0)
    assert round_.state.deciding == 0 and round_.state.turn == 0
    assert round_.view(1).deciding == 0 and round_.can_guess(0)
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Play(1, round_.state.hands[1][0]))
    assert str(error.value) == express.GUESS_OR_PASS_FIRST.format(player=0)
    with pytest.raises(IllegalActionError) as error:
        round_.apply(PassGuess(1))
    assert str(error.value) == express.NOTHING_TO_PASS.format(player=1)
    events = round_.apply(PassGuess(0))
    assert [e.kind for e in events] == ["guess_passed", "turn_passed"]
    assert round_.state.turn == 1 and round_.state.deciding is None
    assert not round_.can_guess(0)


def test_a_wrong_guess_in_ones_turn_passes_the_turn_and_a_right_one_ends_the_round() -> None:
    round_ = make(ALTERNATE_COLORS, players=3, guess_turn=True)
    _right_play(round_, 0)
    round_.apply(Guess(0, "odd even"))
    assert round_.state.turn == 1 and round_.state.deciding is None
    _right_play(round_, 1)
    round_.apply(Guess(1, "alternate colors"))
    assert round_.is_over and round_.state.guessed_by == 1


def test_a_wrong_play_does_not_open_a_guess() -> None:
    round_ = make(ALTERNATE_COLORS, players=3, guess_turn=True)
    last = round_.state.history[-1].card
    wrong = next(c for c in round_.state.hands[0] if c.is_red == last.is_red)
    round_.apply(Play(0, wrong))
    assert round_.state.deciding is None and round_.state.turn == 1


def test_a_free_text_guess_in_ones_turn_waits_for_the_verdict_then_passes_the_turn() -> None:
    round_ = make(ALTERNATE_COLORS, players=3, guess_turn=True)
    _right_play(round_, 0)
    round_.apply(Guess(0, "red then black", checkable=False))
    assert round_.state.pending is not None
    round_.apply(Verdict(False))
    assert round_.state.turn == 1 and round_.state.deciding is None


def test_the_dealer_skips_a_player_who_is_away() -> None:
    round_ = make(ALTERNATE_COLORS, players=3, guess_turn=True)
    _right_play(round_, 0)
    events = round_.apply(SkipTurn())
    assert events[0] == GuessPassed(0, True)
    assert round_.state.turn == 1
    events = round_.apply(SkipTurn())  # player 1 is away: their turn passes
    assert events[0] == TurnSkipped(1)
    assert round_.state.turn == 2 and round_.state.turns_taken == [1, 0, 0]


def test_guess_turn_replays_and_round_trips_through_json() -> None:
    round_ = make(ALTERNATE_COLORS, players=3, guess_turn=True)
    _right_play(round_, 0)
    replayed = ExpressRound.replay(
        round_.config, round_.seed, round_.rule, 3, round_.actions, judge_guess=judge_by_behaviour
    )
    assert replayed.state == round_.state
    again = Round.from_json(json.loads(json.dumps(round_.to_json())), round_.rule)
    assert again.state == round_.state


def test_without_guess_turn_the_next_move_closes_the_chance_to_guess() -> None:
    round_ = make(ALTERNATE_COLORS, players=3)
    _right_play(round_, 0)
    assert round_.state.deciding is None and round_.state.turn == 1
    assert round_.can_guess(0)
    _right_play(round_, 1)
    assert not round_.can_guess(0)
