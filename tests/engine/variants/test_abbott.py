"""Abbott/Howell Eleusis, docs/rules.md §2 (seed 003): every worked example and branch."""

from __future__ import annotations

from collections import Counter

import pytest

from eleusis.engine.cards import FULL_DECK, Card, parse_cards
from eleusis.engine.history import Attempt, Rule, mainline
from eleusis.engine.variants import (
    VARIANTS,
    AbbottConfig,
    AbbottRound,
    BecomeProphet,
    End,
    Guess,
    IllegalActionError,
    NoPlay,
    Play,
    PlayString,
    ProphetJudgement,
    RotationGame,
    Scores,
    WrittenRule,
)
from eleusis.engine.variants.abbott import (
    CARDS_NOT_IN_HAND,
    JUDGEMENT_NEEDS_CARD,
    NOT_YOUR_TURN,
    PROPHET_AGAIN,
    PROPHET_NOT_NOW,
    PROPHET_TAKEN,
    PROPHET_TOO_FEW,
    UNSUPPORTED_ACTION,
    WAITING_FOR_PROPHET,
)
from tests.engine.variants.helpers import ALTERNATE_COLORS, ANY_CARD, RED_STARTER

C = Card.parse


def make(rule: Rule = ALTERNATE_COLORS, players: int = 4, seed: int = 1) -> AbbottRound:
    return AbbottRound(AbbottConfig(), seed, rule, players)


def rig(
    round_: AbbottRound, hands: list[str], table: int = 1, turn: int = 0, last: str = "7H"
) -> None:
    """Alternate-colors table of `table` accepted cards ending in `last`, chosen hands, a turn.
    The stock keeps what the deal left, so draws still come from it."""
    end = C(last)
    other = C("7S") if end.is_red else C("7D")
    cards = [end if (table - 1 - i) % 2 == 0 else other for i in range(table)]
    round_.state.history = [Attempt(card, True) for card in cards]
    round_.state.hands = [parse_cards(text.split()) for text in hands]
    round_.state.turn = turn


def conserved(round_: AbbottRound) -> bool:
    return Counter(round_.table_cards()) == Counter(list(FULL_DECK) * round_.config.decks)


# -- setup -----------------------------------------------------------------------------------------


def test_three_decks_and_fourteen_cards_each() -> None:
    assert VARIANTS["abbott"] is AbbottRound
    round_ = make(ANY_CARD, players=5)
    assert [len(hand) for hand in round_.state.hands] == [14] * 5
    assert len(round_.state.stock) == 156 - 70 - 1
    assert conserved(round_)
    with pytest.raises(ValueError, match="2 players: Abbott/Howell Eleusis takes 4 to 8 people"):
        make(players=2)
    with pytest.raises(ValueError, match="a rule it can judge"):
        make(WrittenRule("secret"))


def test_the_first_player_is_counted_from_the_dealers_left_by_the_starters_value() -> None:
    ranks = set()
    for seed in range(30):
        round_ = make(ANY_CARD, players=4, seed=seed)
        starter = round_.state.history[0].card
        ranks.add(starter.rank)
        # count 1 at seat 0: a 5 lands on seat 0 again (0 1 2 3 0), a king on seat 0 too
        assert round_.state.turn == (starter.rank - 1) % 4
    assert len(ranks) > 5
    assert [(rank - 1) % 4 for rank in (1, 2, 5, 11, 13)] == [0, 1, 0, 2, 0]


def test_unsuitable_starters_go_to_the_bottom_unseen() -> None:
    for seed in range(15):
        round_ = make(RED_STARTER, seed=seed)
        assert round_.state.history[0].card.is_red
        unsuitable = round_.state.unsuitable
        assert all(not card.is_red for card in unsuitable)
        if unsuitable:
            assert round_.state.stock[-len(unsuitable) :] == unsuitable
        assert "unsuitable" not in round_.view(0).to_json()
        assert conserved(round_)


# -- attempts and strings --------------------------------------------------------------------------


def test_the_seeds_example_a_wrong_card_then_a_right_string() -> None:
    """Line ends 7♥. A tries Q♦: wrong, to the sideline, A draws 2, the end stays 7♥. B then
    proposes 4♣–9♥: both accepted."""
    round_ = make()
    rig(round_, ["QD 2S", "4C 9H 3S", "5S", "6S"])
    top = round_.state.stock[:2]
    round_.apply(Play(0, C("QD")))
    assert mainline(round_.state.history)[-1] == C("7H")
    assert round_.layout()[-1].sideline == ((C("QD"),),)
    assert round_.state.hands[0] == [C("2S"), *top]
    round_.apply(PlayString(1, (C("4C"), C("9H"))))
    assert mainline(round_.state.history)[-2:] == [C("4C"), C("9H")]
    assert round_.state.hands[1] == [C("3S")]


def test_a_wrong_string_goes_to_the_sideline_whole_and_grouped_with_two_cards_per_card() -> None:
    round_ = make()
    rig(round_, ["4C 9H 8D 2S", "3S", "5S", "6S"])
    round_.apply(PlayString(0, (C("4C"), C("9H"), C("8D"))))  # the third card is wrong
    assert mainline(round_.state.history) == [C("7H")]
    assert round_.layout()[-1].sideline == ((C("4C"), C("9H"), C("8D")),)
    hand = round_.state.hands[0]
    assert len(hand) == 1 + 6 and C("2S") in hand
    assert round_.state.table[-1].cards == parse_cards(["4C", "9H", "8D"])
    assert not round_.state.table[-1].accepted
    assert round_.state.turn == 1


def test_strings_must_come_from_the_hand_on_ones_turn() -> None:
    round_ = make()
    rig(round_, ["4C 9H", "3S", "5S", "6S"])
    with pytest.raises(IllegalActionError) as error:
        round_.apply(PlayString(0, (C("4C"), C("4C"))))
    assert str(error.value) == CARDS_NOT_IN_HAND.format(cards="4♣ 4♣", player=0)
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Play(1, C("3S")))
    assert str(error.value) == NOT_YOUR_TURN.format(player=1, turn=0)
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Guess(0, "alternate colors"))
    assert str(error.value) == UNSUPPORTED_ACTION.format(kind="guess")


def test_playing_the_last_card_right_ends_the_round_with_four_more() -> None:
    """The seed's scoring example: H = 12, a hand of 5 scores 7, the emptied hand 12 + 4."""
    round_ = make()
    rig(round_, ["4C", "2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", "AS"])
    round_.apply(Play(0, C("4C")))
    assert round_.end_reason == "hand_emptied"
    scores = round_.scores()
    assert scores.players == (12 + 4, 7, 0, 11)
    assert scores.dealer == 16


# -- "no play" -------------------------------------------------------------------------------------


def test_a_right_no_play_with_eight_cards_leaves_four() -> None:
    round_ = make()
    eight = "2H 3H 4H 5H 6D 7D 8D 9D"
    rig(round_, [eight, "3S", "5S", "6S"])
    stock = len(round_.state.stock)
    round_.apply(NoPlay(0))
    assert len(round_.state.hands[0]) == 4
    assert round_.state.stock[-8 + 4 :] == parse_cards(eight.split())[4:]
    assert len(round_.state.stock) == stock + 8 - 4
    assert round_.state.table[-1].kind == "no_play" and round_.state.table[-1].accepted


def test_a_wrong_no_play_with_eight_cards_leaves_twelve() -> None:
    round_ = make()
    rig(round_, ["2H 3H 4H 5H 6D 7D 8D 9S", "3S", "5S", "6S"])
    round_.apply(NoPlay(0))
    assert len(round_.state.hands[0]) == 8 - 1 + 5
    assert mainline(round_.state.history)[-1] == C("9S")
    assert [entry.kind for entry in round_.state.table[-2:]] == ["no_play", "correction"]


def test_a_right_no_play_with_four_or_fewer_empties_the_hand_and_ends() -> None:
    round_ = make()
    rig(round_, ["2H 3H 4H", "3S", "5S 6S", "6S"])
    round_.apply(NoPlay(0))
    assert round_.end_reason == "hand_emptied" and round_.state.emptied_by == 0
    assert round_.scores().players == (2 + 4, 1, 0, 1)


# -- the prophet -----------------------------------------------------------------------------------


def prophet_round(hands: list[str] | None = None, table: int = 5) -> AbbottRound:
    """Seat 0 plays a right card and becomes prophet; seat 1's turn."""
    round_ = make()
    rig(round_, hands or ["4C 2S", "3S 9H 2C", "5S 6D 8H", "6S 7C 10D"], table=table)
    round_.apply(Play(0, C("4C")))
    round_.apply(BecomeProphet(0))
    return round_


def test_becoming_prophet_right_after_ones_own_turn() -> None:
    round_ = make()
    rig(round_, ["4C 2S", "3S 9H", "5S", "6S"], table=5)
    with pytest.raises(IllegalActionError) as error:
        round_.apply(BecomeProphet(0))
    assert str(error.value) == PROPHET_NOT_NOW.format(player=0)
    round_.apply(Play(0, C("4C")))
    assert round_.view(0).can_become_prophet and not round_.view(1).can_become_prophet
    events = round_.apply(BecomeProphet(0))
    assert [e.kind for e in events] == ["prophet_named"]
    assert round_.state.prophet == 0 and round_.state.marker == 6
    with pytest.raises(IllegalActionError) as error:
        round_.apply(BecomeProphet(1))
    assert str(error.value) == PROPHET_TAKEN.format(prophet=0)


def test_a_prophet_needs_two_other_players_still_in() -> None:
    round_ = make(players=3)
    rig(round_, ["4C 2S", "3S", "5S"], table=5)
    round_.state.expelled[2] = True
    round_.apply(Play(0, C("4C")))
    with pytest.raises(IllegalActionError) as error:
        round_.apply(BecomeProphet(0))
    assert str(error.value) == PROPHET_TOO_FEW.format(player=0)


def test_the_prophet_is_skipped_and_judges_every_attempt() -> None:
    round_ = prophet_round()
    assert round_.state.turn == 1
    events = round_.apply(Play(1, C("9H")))  # red after 4♣: right
    assert [e.kind for e in events] == ["awaiting_prophet"]
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Play(2, C("5S")))
    assert str(error.value) == WAITING_FOR_PROPHET.format(action="play")
    round_.apply(ProphetJudgement(True))
    assert mainline(round_.state.history)[-1] == C("9H")
    assert round_.state.prophet == 0 and round_.state.table[-1].prophet_judged is True
    round_.apply(Play(2, C("6D")))  # red after red: wrong
    round_.apply(ProphetJudgement(False))
    assert len(round_.state.hands[2]) == 2 + 2  # the normal penalty
    assert round_.state.turn == 3
    round_.apply(Play(3, C("6S")))
    round_.apply(ProphetJudgement(True))
    assert round_.state.turn == 1  # seat 0, the prophet, is skipped


def test_a_wrong_judgement_is_caught_and_the_prophet_falls_with_five_cards() -> None:
    round_ = prophet_round()
    prophet_hand = len(round_.state.hands[0])
    round_.apply(Play(1, C("3S")))  # black after black: wrong
    events = round_.apply(ProphetJudgement(True))  # the prophet accepts it: wrong judgement
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["prophet_fell", "penalty_drawn"]
    assert round_.state.prophet is None and round_.state.marker is None
    assert round_.state.prophets[-1].fell
    assert len(round_.state.hands[0]) == prophet_hand + 5
    # the player who exposed the error: the card goes to the sideline, but no penalty
    assert round_.state.history[-1] == Attempt(C("3S"), False)
    assert round_.state.hands[1] == parse_cards(["9H", "2C"])
    assert round_.state.turn == 2
    round_.apply(Play(2, C("8H")))
    assert round_.state.turn == 3
    round_.apply(Play(3, C("7C")))
    assert round_.state.turn == 0  # back in play
    round_.apply(Play(0, C("2S")))
    with pytest.raises(IllegalActionError) as error:
        round_.apply(BecomeProphet(0))
    assert str(error.value) == PROPHET_AGAIN.format(player=0)


def test_a_wrongly_rejected_right_play_goes_to_the_mainline() -> None:
    round_ = prophet_round()
    round_.apply(Play(1, C("9H")))
    round_.apply(ProphetJudgement(False))
    assert mainline(round_.state.history)[-1] == C("9H")
    assert round_.state.hands[1] == parse_cards(["3S", "2C"])
    assert round_.state.prophet is None


def test_no_play_under_a_prophet_right_declaration_wrongly_rejected() -> None:
    round_ = prophet_round(["4C 2S", "3S 2C 5S 6S 7S", "5S", "6S"])
    round_.apply(NoPlay(1))
    with pytest.raises(IllegalActionError) as error:
        round_.apply(ProphetJudgement(False))
    assert str(error.value) == JUDGEMENT_NEEDS_CARD.format(player=1)
    round_.apply(ProphetJudgement(False, C("3S")))
    assert round_.state.prophet is None
    assert len(round_.state.hands[1]) == 1  # the true outcome: 5 cards become 1
    assert mainline(round_.state.history)[-1] == C("4C")


def test_no_play_under_a_prophet_wrong_declaration_wrongly_accepted() -> None:
    round_ = prophet_round(["4C 2S", "3S 9H 2C", "5S", "6S"])
    round_.apply(NoPlay(1))
    round_.apply(ProphetJudgement(True))
    assert round_.state.prophet is None
    assert mainline(round_.state.history)[-1] == C("9H")  # the dealer takes a legal card
    assert round_.state.hands[1] == parse_cards(["3S", "2C"])  # and no 5-card penalty


def test_no_play_under_a_prophet_rightly_rejected_but_an_illegal_card_named() -> None:
    """The card goes back, the dealer picks a truly legal card, the prophet falls, and the
    declarer has no penalty."""
    round_ = prophet_round(["4C 2S", "3S 9H 2C", "5S", "6S"])
    round_.apply(NoPlay(1))
    prophet_hand = len(round_.state.hands[0])
    round_.apply(ProphetJudgement(False, C("3S")))
    assert round_.state.prophet is None and len(round_.state.hands[0]) == prophet_hand + 5
    assert mainline(round_.state.history)[-1] == C("9H")
    assert round_.state.hands[1] == parse_cards(["3S", "2C"])


def test_no_play_under_a_prophet_judged_right_gets_the_normal_penalty() -> None:
    round_ = prophet_round(["4C 2S", "3S 9H 2C", "5S", "6S"])
    round_.apply(NoPlay(1))
    round_.apply(ProphetJudgement(False, C("9H")))
    assert round_.state.prophet == 0
    assert len(round_.state.hands[1]) == 3 - 1 + 5


# -- expulsion -------------------------------------------------------------------------------------


def test_expulsion_once_thirty_cards_are_on_the_table() -> None:
    round_ = make()
    rig(round_, ["3S 2S", "3C 4C", "5S 5C", "6S 6C"], table=29)
    round_.apply(Play(0, C("3S")))  # 29 on the table when tried: not yet
    assert not round_.state.expelled[0] and len(round_.state.history) == 30
    round_.apply(Play(1, C("3C")))  # 30 on the table: wrong, penalty, expelled
    assert round_.state.expelled == [False, True, False, False]
    assert len(round_.state.hands[1]) == 1 + 2
    assert round_.state.turn == 2
    round_.apply(Play(2, C("5S")))
    round_.apply(Play(3, C("6S")))
    assert round_.state.turn == 0  # seat 1 never comes back
    assert round_.state.expulsions == [1, 2, 3]


def test_a_right_play_is_never_expelled_and_a_wrong_no_play_is() -> None:
    round_ = make()
    rig(round_, ["9S 2S", "9H 9D", "5S 5C", "6S 6C"], table=30)
    round_.apply(Play(0, C("9S")))
    assert not round_.state.expelled[0]
    round_.apply(NoPlay(1))
    assert round_.state.expelled[1] and len(round_.state.hands[1]) == 1 + 5


def test_with_a_prophet_the_threshold_is_twenty_after_the_marker() -> None:
    round_ = prophet_round(table=35)  # 36 on the table at the marker
    assert not round_.view(1).expulsion_armed
    round_.state.history.extend(Attempt(C("7S"), False) for _ in range(19))
    assert not round_.expulsion_armed()
    round_.state.history.append(Attempt(C("7S"), False))
    assert round_.expulsion_armed()
    round_.apply(Play(1, C("3S")))
    round_.apply(ProphetJudgement(False))
    assert round_.state.expelled[1]


def test_the_exposer_of_a_prophets_error_is_not_expelled() -> None:
    round_ = prophet_round(table=35)
    round_.state.history.extend(Attempt(C("7S"), False) for _ in range(20))
    round_.apply(Play(1, C("3S")))
    round_.apply(ProphetJudgement(True))  # wrong judgement
    assert not round_.state.expelled[1] and round_.state.prophet is None
    # the general threshold applies from the next turn: 57 cards on the table
    round_.apply(Play(2, C("5S")))
    assert round_.state.expelled[2]


def test_the_round_ends_when_every_player_is_expelled_but_the_prophet() -> None:
    round_ = make(players=3)
    rig(round_, ["2H 2S", "3D 4C", "5H 5C"], table=40)
    round_.apply(Play(0, C("2H")))
    round_.apply(Play(1, C("3D")))
    assert not round_.is_over
    round_.apply(Play(2, C("5H")))
    assert round_.end_reason == "all_expelled"


# -- the end and the scores ------------------------------------------------------------------------


def test_when_the_stock_cannot_cover_a_draw_what_is_left_is_given_and_the_round_ends() -> None:
    round_ = make()
    rig(round_, ["3S 4S", "3C", "5S", "6S"])
    last = round_.state.stock[-3:]
    round_.state.stock = list(last)
    round_.apply(PlayString(0, (C("3S"), C("4S"))))  # 4 cards due, 3 left
    assert round_.end_reason == "stock_exhausted"
    assert round_.state.hands[0] == last and round_.state.stock == []


def test_a_surviving_prophet_scores_the_bonus_and_caps_the_dealer() -> None:
    round_ = prophet_round(["4C 2S", "3S 9H 2C 2D", "5S 6D 8H", "6S 7C 10D"], table=5)
    assert round_.state.marker == 6
    round_.apply(Play(1, C("9H")))
    round_.apply(ProphetJudgement(True))  # +1
    round_.apply(PlayString(2, (C("6D"), C("5S"))))  # red after red: the string is wrong
    round_.apply(ProphetJudgement(False))  # +2 +2
    assert round_.prophet_bonus() == 5
    round_.apply(End())
    hands = [len(hand) for hand in round_.state.hands]  # 1, 3, 1 + 4, 3
    largest = max(hands)
    players = tuple(largest - n for n in hands)
    players = (players[0] + 5, *players[1:])
    assert round_.scores() == Scores(players, min(max(players), 2 * 6))


def test_a_fallen_prophet_has_no_bonus_and_the_dealer_scores_the_best() -> None:
    round_ = prophet_round()
    round_.apply(Play(1, C("9H")))
    round_.apply(ProphetJudgement(True))
    round_.apply(Play(2, C("6D")))
    round_.apply(ProphetJudgement(True))  # wrong: falls
    round_.apply(End())
    hands = [len(hand) for hand in round_.state.hands]
    players = tuple(max(hands) - n for n in hands)
    assert round_.scores() == Scores(players, max(players))


def test_a_game_is_everyone_dealing_once_with_the_first_dealer_random() -> None:
    game = RotationGame.start("abbott", AbbottConfig(), 4, 5)
    while not game.over:
        round_ = game.new_round(ANY_CARD)
        assert round_.players == 4
        round_.apply(End())
        game.record(round_)
    assert sorted(result.dealer for result in game.results) == [0, 1, 2, 3, 4]
