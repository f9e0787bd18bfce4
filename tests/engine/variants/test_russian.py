"""The Russian rules, docs/rules.md §4: the seed's table, wrong cards in front of the player,
the interim and final scores, and invariants over bot rounds."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings

from eleusis.engine.bots import RUSSIAN_BOTS
from eleusis.engine.cards import FULL_DECK, Card, Suit, parse_cards
from eleusis.engine.history import Attempt, Rule, mainline
from eleusis.engine.rules import LIBRARY
from eleusis.engine.simulate import play_russian_round, seat_russian_bots
from eleusis.engine.variants import (
    VARIANTS,
    End,
    IllegalActionError,
    NoPlay,
    Play,
    RotationGame,
    RussianConfig,
    RussianRound,
    Scores,
)
from eleusis.engine.variants.russian import (
    CARD_NOT_PLAYABLE,
    DEALS,
    NOT_YOUR_TURN,
    UNSUPPORTED_ACTION,
    WRONG_CARD_TOO_EARLY,
)
from tests.engine.variants.helpers import (
    ANY_CARD,
    CANDIDATES,
    RED_STARTER,
    TEST_RULES,
    LastCardRule,
    assert_replayed_and_serialized,
    behaviour_equivalent,
    bot_round_cases,
)

C = Card.parse
RED_ONLY = LastCardRule("red only", lambda last, card: card.is_red)
BLACK_ONLY = LastCardRule("black only", lambda last, card: not card.is_red)


def make(rule: Rule = ANY_CARD, players: int = 3, seed: int = 1) -> RussianRound:
    return RussianRound(RussianConfig(), seed, rule, players)


def rig(round_: RussianRound, hands: list[str], wrong: list[str], turn: int = 0) -> None:
    """Put chosen cards in hands and in front of players (space-separated codes per seat)."""
    round_.state.hands = [parse_cards(text.split()) for text in hands]
    round_.state.wrong = [parse_cards(text.split()) for text in wrong]
    round_.state.turn = turn


# -- the seed's table ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("people", "decks", "cards", "hand", "removed", "undealt"),
    [
        (4, 1, 52, 17, [], 0),
        (5, 1, 51, 10, ["2C"], 10),
        (6, 1, 49, 8, ["2S", "2C", "2D"], 8),
        (7, 2, 99, 14, ["2C", "2C", "2D", "2D", "2H"], 14),
        (8, 2, 97, 12, ["2S", "2H", "2H", "2D", "2D", "2C", "2C"], 12),
    ],
)
def test_cards_and_hands_by_number_of_people_as_the_seed_gives_them(
    people: int, decks: int, cards: int, hand: int, removed: list[str], undealt: int
) -> None:
    deal = DEALS[people]
    assert (deal.decks, deal.cards_used, deal.hand_size) == (decks, cards, hand)
    round_ = make(players=people - 1)
    state = round_.state
    assert [len(h) for h in state.hands] == [hand] * (people - 1)
    assert len(state.history) == 1 and state.history[0].accepted  # the dealer's one card
    assert len(state.undealt) == undealt  # the 5-8 rows leave cards undealt: set aside
    expected = Counter(list(FULL_DECK) * decks)
    expected.subtract(Counter(parse_cards(removed)))
    assert Counter(round_.table_cards()) == expected
    assert sum(expected.values()) == cards
    if people == 8:
        twos = [c for c in round_.table_cards() if c.rank == 2]
        assert twos == [C("2S")]
    assert round_.view(0).undealt_count == undealt
    assert round_.state.turn == 0


def test_four_to_eight_people_only_and_a_rule_the_app_can_judge() -> None:
    assert VARIANTS["russian"] is RussianRound
    for players in (2, 8):
        with pytest.raises(ValueError, match=f"{players} players: the Russian rules take 4 to 8"):
            make(players=players)


def test_the_dealers_starter_is_played_whatever_the_rule() -> None:
    starters = {make(RED_STARTER, seed=seed).state.history[0].card.is_red for seed in range(20)}
    assert starters == {True, False}


# -- a turn ------------------------------------------------------------------------------------


def test_a_right_card_goes_on_the_mainline_and_no_card_is_drawn() -> None:
    round_ = make()
    card = round_.state.hands[0][0]
    events = round_.apply(Play(0, card))
    assert [e.kind for e in events] == ["card_judged", "turn_passed"]
    assert mainline(round_.state.history)[-1] == card
    assert len(round_.state.hands[0]) == 16 and round_.state.wrong[0] == []


def test_a_wrong_card_is_laid_in_front_of_the_player_and_waits_for_the_empty_hand() -> None:
    round_ = make(RED_ONLY)
    rig(round_, ["2S 3H", "4H 8H", "5H 9H"], ["", "", ""])
    round_.apply(Play(0, C("2S")))
    assert round_.state.wrong[0] == [C("2S")]
    assert round_.state.hands[0] == [C("3H")]
    assert round_.state.history[-1] == Attempt(C("2S"), False)
    assert round_.view(1).wrong[0] == (C("2S"),)  # face up: everyone sees it
    round_.apply(Play(1, C("4H")))
    round_.apply(Play(2, C("5H")))
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Play(0, C("2S")))
    assert str(error.value) == WRONG_CARD_TOO_EARLY.format(card=C("2S"), player=0)
    assert round_.view(0).playable == (C("3H"),)


def test_wrong_cards_are_played_once_the_hand_is_empty_and_go_back_if_wrong_again() -> None:
    round_ = make(RED_ONLY)
    rig(round_, ["", "5H", "6H"], ["2S 3H", "7S", "8S"])
    round_.apply(Play(0, C("2S")))
    assert round_.state.wrong[0] == [C("3H"), C("2S")]
    assert round_.state.plays[-1].from_wrong
    round_.apply(Play(1, C("5H")))
    round_.apply(Play(2, C("6H")))
    round_.apply(Play(0, C("3H")))
    assert mainline(round_.state.history)[-1] == C("3H")
    assert round_.state.wrong[0] == [C("2S")]


def test_turns_cards_and_actions_are_checked() -> None:
    round_ = make()
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Play(1, round_.state.hands[1][0]))
    assert str(error.value) == NOT_YOUR_TURN.format(player=1, turn=0)
    stranger = next(c for c in FULL_DECK if c not in round_.state.hands[0])
    with pytest.raises(IllegalActionError) as error:
        round_.apply(Play(0, stranger))
    assert str(error.value) == CARD_NOT_PLAYABLE.format(card=stranger, player=0)
    with pytest.raises(IllegalActionError) as error:
        round_.apply(NoPlay(0))
    assert str(error.value) == UNSUPPORTED_ACTION.format(kind="no_play")


# -- scores --------------------------------------------------------------------------------------


def test_interim_score_when_no_hand_is_left_then_the_blocked_end() -> None:
    """Wrong cards 2, 3, 4 among 3 players: the fewest (2) × 3 players is taken from all the
    non-dealers' 2 + 3 + 4: the interim score is 3 (docs/rules.md §4, the excess reading).
    Then nothing red is left, so nothing can be played:
    the player with the fewest cards scores the others' 3 + 4 less their own 2, without +6."""
    round_ = make(RED_ONLY)
    rig(round_, ["", "", "AH"], ["2S 3S", "4S 5S 6S", "7S 8S 9S 10S"], turn=2)
    events = round_.apply(Play(2, C("AH")))
    assert [e.kind for e in events] == ["card_judged", "interim_scored", "russian_ended"]
    assert round_.state.interim == [3, 0, 0]
    assert round_.end_reason == "blocked"
    assert round_.scores() == Scores((3 + 5, 0, 0), 0)


def test_interim_scores_each_player_tied_on_the_fewest() -> None:
    round_ = make(BLACK_ONLY)
    rig(round_, ["", "", "AS"], ["2H", "3H", "4H 5H 6H"], turn=2)
    round_.apply(Play(2, C("AS")))
    # fewest 1 × 3 players taken from all the wrong cards 1 + 1 + 3 = 5: 2 each for the tied two
    assert round_.state.interim == [2, 2, 0]


@pytest.mark.parametrize(
    ("piles", "interim"),
    [((6, 5, 4), [0, 0, 3]), ((4, 4, 4), [0, 0, 0]), ((1, 9, 1), [8, 0, 8])],
)
def test_the_interim_score_is_the_excess_over_the_fewest_never_below_zero(
    piles: tuple[int, int, int], interim: list[int]
) -> None:
    """docs/rules.md §4: piles 6/5/4 give 3 (the literal reading of the seed gave -1)."""
    round_ = make(RED_ONLY)
    blacks = iter(c for c in FULL_DECK if not c.is_red)
    wrong = [" ".join(str(next(blacks)) for _ in range(n)) for n in piles]
    rig(round_, ["", "", ""], wrong)
    assert round_.interim_scores() == interim


def test_shedding_everything_scores_six_plus_the_others_wrong_cards() -> None:
    round_ = make(RED_ONLY)
    rig(round_, ["AH", "5H 6H", "7H"], ["", "2S", "3S 4S"])
    events = round_.apply(Play(0, C("AH")))
    assert events[-1].kind == "russian_ended"
    assert round_.end_reason == "shed_all" and round_.state.shed_by == 0
    assert round_.scores() == Scores((6 + 3, 0, 0), 0)  # cards in hand do not count


def test_a_blocked_table_is_found_only_when_no_verdict_could_unblock_it() -> None:
    """After a right play the rule wants red: nobody has red, but a rejected black card makes
    black legal, so the table is not blocked."""
    after_verdict = LIBRARY["ru-after-verdict"].compiled()
    round_ = make(after_verdict)
    rig(round_, ["2S 3S", "4S 5S", "6S 7S"], ["", "", ""])
    assert not round_.blocked()
    round_.apply(Play(0, C("2S")))
    assert round_.state.history[-1] == Attempt(C("2S"), False)
    round_.apply(Play(1, C("4S")))
    assert round_.state.history[-1] == Attempt(C("4S"), True)
    assert not round_.is_over


def test_the_dealer_ending_the_round_scores_as_the_blocked_declaration() -> None:
    round_ = make(RED_ONLY)
    rig(round_, ["2H 3H", "4H", "5H 6H 7H"], ["", "2S", ""])
    round_.apply(End("nothing more can be played"))
    # fewest cards left: player 0 (2) and player 1 (1 + 1): 2 + 2 + 3 = 7 in all
    assert round_.scores() == Scores((7 - 4, 7 - 4, 0), 0)


def test_a_game_is_everyone_dealing_once() -> None:
    game = RotationGame.start("russian", RussianConfig(), 2, 5)
    while not game.over:
        round_ = game.new_round(ANY_CARD)
        assert isinstance(round_, RussianRound) and round_.players == 4
        round_.apply(End())
        game.record(round_)
    assert sorted(result.dealer for result in game.results) == [0, 1, 2, 3, 4]


# -- invariants over bot rounds -----------------------------------------------------------------

RULES: list[Rule] = [
    *TEST_RULES.values(),
    RED_ONLY,
    *(LIBRARY[rule_id].compiled() for rule_id in ("ru-after-verdict", "ru-suit-cycle")),
]


@settings(max_examples=20, deadline=None)
@given(**bot_round_cases(RULES, RUSSIAN_BOTS))
def test_bot_rounds_keep_every_invariant(
    seed: int, rule: Rule, players: int, bots: list[str]
) -> None:
    round_ = make(rule, players, seed)
    total = Counter(round_.table_cards())
    seated = seat_russian_bots(bots, players, seed, CANDIDATES, behaviour_equivalent)
    for action, _ in play_russian_round(round_, seated, max_actions=800):
        assert Counter(round_.table_cards()) == total
        state = round_.state
        if isinstance(action, Play) and state.plays[-1].card == action.card:
            play = state.plays[-1]
            assert play.accepted or action.card in state.wrong[action.player]
        if state.interim is None:  # taken once no hand is left, unless the round ended
            assert any(state.hands) or round_.is_over
    history = round_.state.history
    for index in range(1, len(history)):
        assert rule.accepts(tuple(history[:index]), history[index].card) == history[index].accepted
    assert round_.is_over
    if round_.end_reason == "shed_all":
        winner = round_.state.shed_by
        assert winner is not None
        assert not round_.state.hands[winner] and not round_.state.wrong[winner]
    if round_.end_reason == "blocked":
        assert round_.blocked()

    replayed = RussianRound.replay(RussianConfig(), seed, rule, players, round_.actions)
    for view in assert_replayed_and_serialized(round_, replayed, rule, players):
        assert all(card.suit in Suit for card in view.hand)
