"""Invariants of Eleusis Express over random seeds, rules, settings and bot mixes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eleusis.engine.bots import BOTS, Bot
from eleusis.engine.cards import FULL_DECK
from eleusis.engine.history import Rule
from eleusis.engine.rules import LIBRARY
from eleusis.engine.simulate import TURN_LIMIT, play_round, seat_bots
from eleusis.engine.variants import (
    Action,
    BuyHint,
    End,
    ExpressConfig,
    ExpressRound,
    Guess,
    NoPlay,
    Play,
    Verdict,
    WrittenRule,
)
from eleusis.engine.variants.express import PlayerView, card_order
from tests.engine.variants.helpers import (
    CANDIDATES,
    RED_STARTER,
    TEST_RULES,
    MainlineShorterThan,
    assert_replayed_and_serialized,
    behaviour_equivalent,
    judge_by_behaviour,
)

# The test rules, and every sample rule of docs/rules.md §5 compiled by the rule language.
RULES: list[Rule] = [
    *TEST_RULES.values(),
    RED_STARTER,
    MainlineShorterThan(9),
    *(LIBRARY[rule_id].compiled() for rule_id in sorted(LIBRARY)),
]


@st.composite
def tables(draw: st.DrawFn) -> tuple[ExpressConfig, int, Rule, int, list[str]]:
    hand_size = draw(st.sampled_from([10, 12, 14]))
    decks = draw(st.sampled_from([1, 2, 2, 3]))
    players = draw(st.integers(1, min(8, (decks * 52 - 1) // hand_size)))
    config = ExpressConfig(
        decks=decks,
        hand_size=hand_size,
        starter=draw(st.sampled_from(["until_legal", "flip"])),
        first_player=draw(st.sampled_from(["left", "random"])),
        stock_exhaustion=draw(st.sampled_from(["end", "reshuffle_deck"])),
        wrong_guess_penalty=draw(st.booleans()),
        buying_hints=draw(st.booleans()),
    )
    bots = draw(st.lists(st.sampled_from(sorted(BOTS)), min_size=1, max_size=4))
    return config, draw(st.integers(0, 2**31 - 1)), draw(st.sampled_from(RULES)), players, bots


class HintBuyer(Bot):
    """Wraps a bot: now and then, where the round allows it, buys a hint before its turn."""

    name = ""

    def __init__(self, inner: Bot, config: ExpressConfig) -> None:
        self.inner, self.config, self.seat = inner, config, inner.seat
        self.bought_at: int | None = None

    def act(self, view: PlayerView) -> Action:
        stock = view.stock_count > 0 or self.config.stock_exhaustion == "reshuffle_deck"
        moment = len(view.table)
        if self.config.buying_hints and stock and self.bought_at != moment and moment % 3 == 0:
            self.bought_at = moment
            return BuyHint(self.seat)
        return self.inner.act(view)

    def guess(self, view: PlayerView) -> Guess | None:
        return self.inner.guess(view)


def _start(
    table: tuple[ExpressConfig, int, Rule, int, list[str]],
) -> tuple[ExpressRound, list[Bot]]:
    config, seed, rule, players, bot_names = table
    round_ = ExpressRound(config, seed, rule, players, judge_guess=judge_by_behaviour)
    bots = seat_bots(bot_names, players, seed, CANDIDATES, behaviour_equivalent)
    return round_, bots


def _start_with_hints(
    table: tuple[ExpressConfig, int, Rule, int, list[str]],
) -> tuple[ExpressRound, list[Bot]]:
    round_, bots = _start(table)
    return round_, [HintBuyer(bot, table[0]) for bot in bots]


def _expected_hand_change(
    round_: ExpressRound, action: Action, before: list[int], penalty: bool
) -> list[int]:
    """What docs/rules.md says each hand size becomes after `action`."""
    after = list(before)
    state = round_.state
    exhausted = state.end_reason == "stock_exhausted"
    if isinstance(action, Play):
        accepted = state.table[-1].accepted
        after[action.player] -= 1 if accepted or exhausted else 0
    elif isinstance(action, NoPlay):
        declared = next(entry for entry in reversed(state.table) if entry.kind == "no_play")
        if declared.accepted:
            after[action.player] = before[action.player] - 1 if before[action.player] > 1 else 0
        elif exhausted:
            after[action.player] -= 1
    elif isinstance(action, Guess):
        wrong = not state.guesses[-1].correct
        after[action.player] += 1 if wrong and penalty and not exhausted else 0
    elif isinstance(action, BuyHint):
        after[action.player] += 1
    return after


def _check_mainline(round_: ExpressRound, rule: Rule, checked: int) -> int:
    history = round_.state.history
    if checked == 0 and history:
        if round_.config.starter == "until_legal":
            assert rule.accepts((), history[0].card)
        checked = 1
    for index in range(checked, len(history)):
        assert rule.accepts(tuple(history[:index]), history[index].card) == history[index].accepted
    return len(history)


def _conserved(round_: ExpressRound) -> None:
    assert Counter(round_.table_cards()) == Counter(list(FULL_DECK) * round_.state.decks_used)


def _steps(round_: ExpressRound, bots: list[Bot]) -> Iterator[tuple[Action, list[int]]]:
    before = [len(hand) for hand in round_.state.hands]
    for action, _ in play_round(round_, bots, max_actions=600):
        yield action, before
        before = [len(hand) for hand in round_.state.hands]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_bot_rounds_keep_every_invariant(
    table: tuple[ExpressConfig, int, Rule, int, list[str]],
) -> None:
    config, seed, rule, players, _ = table
    round_, bots = _start_with_hints(table)
    _conserved(round_)
    checked = _check_mainline(round_, rule, 0)
    for action, before in _steps(round_, bots):
        _conserved(round_)
        checked = _check_mainline(round_, rule, checked)
        after = [len(hand) for hand in round_.state.hands]
        assert after == _expected_hand_change(round_, action, before, config.wrong_guess_penalty)
    assert round_.is_over

    # Scores: base − hand, +6 for the right guess, +3 for the emptied hand; dealer = best.
    guessers = [guess.player for guess in round_.state.guesses if guess.correct]
    scores = round_.scores().players
    for seat, hand in enumerate(round_.state.hands):
        bonus = (6 if seat in guessers else 0) + (
            3 if round_.end_reason == "hand_emptied" and not hand else 0
        )
        assert scores[seat] == config.hand_size - len(hand) + bonus
    assert round_.scores().dealer == max(scores)
    assert len(guessers) == (1 if round_.end_reason == "guessed" else 0)

    # Replay equals the live state; the JSON round trip equals it too.
    replayed = ExpressRound.replay(
        config, seed, rule, players, round_.actions, judge_guess=judge_by_behaviour
    )
    assert_replayed_and_serialized(round_, replayed, rule, players)


def _honest_verdict(round_: ExpressRound, rule: Rule) -> Verdict:
    """A person dealing by `rule`, judging as the app would."""
    state = round_.state
    pending = state.pending
    assert pending is not None
    if pending.what == "starter":
        return Verdict(bool(rule.accepts((), state.stock[0])))
    if pending.what == "play":
        assert pending.card is not None
        return Verdict(bool(rule.accepts(tuple(state.history), pending.card)))
    assert pending.what == "no_play" and pending.player is not None
    legal = sorted(
        (c for c in state.hands[pending.player] if rule.accepts(tuple(state.history), c)),
        key=card_order,
    )
    return Verdict(not legal, legal[0] if legal else None)


@settings(max_examples=40, deadline=None)
@given(tables())
def test_an_honest_person_dealer_gives_the_same_round_as_the_app(
    table: tuple[ExpressConfig, int, Rule, int, list[str]],
) -> None:
    config, seed, rule, players, bot_names = table
    app, app_bots = _start(table)
    for _ in play_round(app, app_bots, max_actions=300):
        pass

    person_config = ExpressConfig(**{**config.to_json(), "dealer": "person"})  # type: ignore[arg-type]
    written = WrittenRule(rule.text)  # type: ignore[attr-defined]
    person = ExpressRound(
        person_config,
        seed,
        written,
        players,
        judge_guess=lambda secret, text: judge_by_behaviour(rule, text),
    )
    bots = seat_bots(bot_names, players, seed, CANDIDATES, behaviour_equivalent)
    for _ in range(2000):
        if person.is_over or len(person.state.table) > len(app.state.table):
            break
        state = person.state
        if state.pending is not None:
            person.apply(_honest_verdict(person, rule))
        elif state.guess_window is not None and (
            guess := bots[state.guess_window].guess(person.view(state.guess_window))
        ):
            person.apply(guess)
        else:
            person.apply(bots[state.turn].act(person.view(state.turn)))
        played = [action for action in person.actions if not isinstance(action, Verdict)]
        waiting = person.state.pending is not None
        if app.end_reason == TURN_LIMIT and len(played) == len(app.actions) - 1 and not waiting:
            person.apply(End(TURN_LIMIT))
    assert person.state.table == app.state.table
    assert person.state.hands == app.state.hands
    assert person.state.stock == app.state.stock
    assert person.end_reason == app.end_reason
    assert person.scores() == app.scores()
