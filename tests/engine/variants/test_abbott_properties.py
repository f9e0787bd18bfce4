"""Invariants of Abbott/Howell Eleusis over random seeds, rules and bot mixes: no card created
or lost, the table follows the rule, every wrong judgement of a prophet is caught, replay and
JSON give the live state back."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings

from eleusis.engine.bots import ABBOTT_BOTS
from eleusis.engine.cards import FULL_DECK
from eleusis.engine.history import Attempt, Rule
from eleusis.engine.inference import string_accepted
from eleusis.engine.rules import LIBRARY
from eleusis.engine.simulate import play_abbott_round, seat_abbott_bots
from eleusis.engine.variants import (
    AbbottConfig,
    AbbottRound,
    NoPlay,
    Play,
    PlayString,
    ProphetJudgement,
)
from tests.engine.variants.helpers import (
    CANDIDATES,
    TEST_RULES,
    assert_replayed_and_serialized,
    behaviour_equivalent,
    bot_round_cases,
)

RULES: list[Rule] = [
    *TEST_RULES.values(),
    *(LIBRARY[rule_id].compiled() for rule_id in ("ru-after-verdict", "el-suit-cycle")),
]


def _check_table(round_: AbbottRound, rule: Rule) -> None:
    """Every entry of the table's log says what the rule says."""
    history: list[Attempt] = []
    table = round_.state.table
    for index, entry in enumerate(table):
        prefix = tuple(history)
        if entry.kind == "starter":
            assert rule.accepts((), entry.cards[0])
            history.append(Attempt(entry.cards[0], True))
        elif entry.kind == "attempt":
            assert string_accepted(rule, prefix, entry.cards) == entry.accepted
            history.extend(Attempt(card, entry.accepted) for card in entry.cards)
        elif entry.kind == "no_play":
            legal = [card for card in entry.cards if rule.accepts(prefix, card)]
            assert entry.accepted == (not legal)
            if legal:
                assert table[index + 1].kind == "correction"
                assert table[index + 1].cards[0] in legal
        else:
            assert rule.accepts(prefix, entry.cards[0])
            history.append(Attempt(entry.cards[0], True))
    assert history == round_.state.history


@settings(max_examples=30, deadline=None)
@given(**bot_round_cases(RULES, ABBOTT_BOTS))
def test_bot_rounds_keep_every_invariant(
    seed: int, rule: Rule, players: int, bots: list[str]
) -> None:
    config = AbbottConfig()
    round_ = AbbottRound(config, seed, rule, players)
    total = Counter(list(FULL_DECK) * config.decks)
    seated = seat_abbott_bots(bots, players, seed, CANDIDATES, behaviour_equivalent)
    judged = 0
    before: dict[str, object] = {}
    for action, events in play_abbott_round(round_, seated, max_actions=800):
        state = round_.state
        assert Counter(round_.table_cards()) == total
        kinds = [event.kind for event in events]
        if isinstance(action, ProphetJudgement):
            judged += 1
            truth = before["truth"]
            fell = "prophet_fell" in kinds
            assert fell == (before["verdict"] != truth), "a wrong judgement went uncaught"
            assert fell == (state.prophets[-1].fell)
            player = before["player"]
            assert isinstance(player, int)
            if fell and not round_.is_over:
                # the player who exposed the error drew nothing and stays in
                assert not any(
                    event.kind == "penalty_drawn" and getattr(event, "player", None) == player
                    for event in events
                )
                assert not state.expelled[player]
        if isinstance(action, Play | PlayString | NoPlay) and state.pending is None:
            assert "awaiting_prophet" not in kinds
            assert state.prophet is None or state.prophet != action.player
        if not round_.is_over:
            assert not state.expelled[state.turn]
            assert state.prophet is None or state.turn != state.prophet
        pending = state.pending
        if pending is not None and state.prophet is not None and not round_.is_over:
            # what the prophet's bot will say, and the truth, for the check after the judgement
            verdict = seated[state.prophet].judge(round_.view(state.prophet))
            if pending.what == "attempt":
                truth: object = round_.judge_string(pending.cards)
                said: object = verdict.correct
            else:
                legal = round_.legal_cards(pending.player)
                truth = ("right",) if not legal else ("wrong", tuple(legal))
                said = ("right",) if verdict.correct else ("wrong", verdict.card)
                if not verdict.correct and legal and verdict.card in legal:
                    said = truth
            before = {"truth": truth, "verdict": said, "player": pending.player}
    assert round_.is_over
    _check_table(round_, rule)
    assert judged == sum(record.judgements for record in round_.state.prophets)

    replayed = AbbottRound.replay(config, seed, rule, players, round_.actions)
    assert_replayed_and_serialized(round_, replayed, rule, players)

    scores = round_.scores()
    largest = max(len(hand) for hand in round_.state.hands)
    for seat, hand in enumerate(round_.state.hands):
        base = largest - len(hand) + (4 if round_.state.emptied_by == seat else 0)
        bonus = round_.prophet_bonus() if round_.state.prophet == seat else 0
        assert scores.players[seat] == base + bonus
    if round_.state.marker is None:
        assert scores.dealer == max(scores.players)
    else:
        assert scores.dealer == min(max(scores.players), 2 * round_.state.marker)


def test_bot_rounds_do_name_prophets_and_some_fall() -> None:
    """The property test above is not vacuous: over a few seeds prophets are named, judge, and
    both survive and fall."""
    fell = survived = 0
    for seed in range(6):
        for names in (["scientist", "random"], ["random"]):
            round_ = AbbottRound(AbbottConfig(), seed, TEST_RULES["odd even"], 4)
            bots = seat_abbott_bots(names, 4, seed, CANDIDATES, behaviour_equivalent)
            for _ in play_abbott_round(round_, bots):
                pass
            for record in round_.state.prophets:
                if record.judgements:
                    fell += record.fell
                    survived += not record.fell
    assert fell > 0 and survived > 0
