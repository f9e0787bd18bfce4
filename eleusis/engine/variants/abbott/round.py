"""A round of Abbott/Howell Eleusis, docs/rules.md §2: the deal and the starter, the prophet
(named, judging, falling, the bonus), the scores and the views; the turns are in `turns`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from eleusis.engine.cards import Card, build_stock
from eleusis.engine.history import Attempt
from eleusis.engine.variants.abbott.config import (
    EMPTY_BONUS,
    MAX_PLAYERS,
    PROPHET_PENALTY,
    AbbottConfig,
)
from eleusis.engine.variants.abbott.state import (
    AbbottDealerView,
    AbbottEntry,
    AbbottPendingView,
    AbbottPlayerView,
    AbbottState,
    ProphetRecord,
)
from eleusis.engine.variants.abbott.turns import WAITING_FOR_PROPHET, AbbottTurns, Settling
from eleusis.engine.variants.actions import BecomeProphet, ProphetJudgement
from eleusis.engine.variants.aids import DealerAids
from eleusis.engine.variants.base import (
    CARD_NOT_IN_HAND,
    SPECTATOR,
    Event,
    IllegalActionError,
    Refusal,
    Scores,
    deal,
    log_seen_by,
    move,
    precondition,
    register_variant,
)
from eleusis.engine.variants.events import (
    AbbottEnded,
    ProphetFell,
    ProphetNamed,
    StarterChosen,
)

NO_JUDGEMENT_PENDING = Refusal("no_judgement_pending", "nothing awaits the prophet's judgement")
JUDGEMENT_NEEDS_CARD = Refusal(
    "judgement_needs_card",
    'judging the "no play" of player {player} wrong names the legal card taken from the hand',
)
JUDGEMENT_NO_CARD = Refusal(
    "judgement_no_card", "a judgement of an attempt names no card (got {card})"
)
PROPHET_NOT_NOW = Refusal(
    "prophet_not_now", "player {player} may become prophet only right after their own turn"
)
PROPHET_TAKEN = Refusal("prophet_taken", "player {prophet} is already the prophet")
PROPHET_AGAIN = Refusal("prophet_again", "player {player} has been prophet this round already")
PROPHET_TOO_FEW = Refusal(
    "prophet_too_few",
    "player {player} cannot become prophet: at least two other players must still be in the round",
)
UNSUPPORTED_ACTION = Refusal("unsupported_action", "Abbott/Howell Eleusis has no {kind!r} action")


@register_variant
class AbbottRound(DealerAids, AbbottTurns):
    """A round of Abbott/Howell Eleusis: `AbbottRound(AbbottConfig(), seed, rule, players)`."""

    name = "abbott"
    config_class = AbbottConfig
    state_class = AbbottState
    end_event = AbbottEnded
    unsupported = UNSUPPORTED_ACTION

    config: AbbottConfig
    state: AbbottState

    # -- the teacher's aids (`DealerAids`) ---------------------------------------------------

    def _check_skip(self) -> None:
        """While a play awaits the prophet, the table waits for the prophet, not the player."""
        self._check_free("skipped turn")

    def _skip_turn(self, events: list[Event]) -> None:
        """The turn passes on as after a turn played, but the player who was away gets no
        chance to become the prophet for it."""
        self._after_turn(self.state.turn, events)
        self.state.prophet_window = None

    # -- setup ------------------------------------------------------------------------------

    def validate_setup(self) -> None:
        if not 3 <= self.players <= MAX_PLAYERS:
            raise ValueError(
                f"{self.players} players: Abbott/Howell Eleusis takes 4 to 8 people, the dealer "
                "among them (3 to 7 players besides the dealer)"
            )
        if self.players * self.config.hand_size + 1 > self.config.decks * 52:
            raise ValueError(f"{self.config.decks} deck(s) cannot deal {self.players} hands")
        self._require_judgeable_rule()

    def setup(self) -> list[Event]:
        state = self.state
        state.stock = build_stock(self.config.decks, self.rng)
        state.hands = deal(state.stock, self.players, self.config.hand_size)
        state.expelled = [False] * self.players
        state.unsuitable = self._bury_until_legal(state.stock, "in the stock")
        starter = state.stock.pop(0)
        state.history.append(Attempt(starter, True))
        state.table.append(AbbottEntry(None, "starter", [starter], True))
        state.turn = (starter.rank - 1) % self.players
        return [StarterChosen(starter, len(state.unsuitable), state.turn)]

    # -- actions ----------------------------------------------------------------------------

    @precondition(ProphetJudgement)
    def _can_judge(self, action: ProphetJudgement) -> None:
        state = self.state
        pending = state.pending
        if pending is None or state.prophet is None:
            raise IllegalActionError(NO_JUDGEMENT_PENDING)
        if pending.what == "attempt":
            if action.card is not None:
                raise IllegalActionError(JUDGEMENT_NO_CARD, card=action.card)
        elif not action.correct:
            if action.card is None:
                raise IllegalActionError(JUDGEMENT_NEEDS_CARD, player=pending.player)
            if action.card not in state.hands[pending.player]:
                raise IllegalActionError(CARD_NOT_IN_HAND, card=action.card, player=pending.player)

    @move(ProphetJudgement)
    def _judgement(self, action: ProphetJudgement, events: list[Event]) -> None:
        state = self.state
        pending = state.pending
        assert pending is not None  # `_can_judge`
        player = pending.player
        if pending.what == "attempt":
            truth = self.judge_string(pending.cards)
            wrong = action.correct != truth
            state.pending = None
            self._count_judgement()
            if wrong and not self._fall(player, events):
                return
            settling = Settling(pending, pending.armed, wrong, action.correct)
            self._resolve_attempt(player, pending.cards, truth, settling, events)
            return
        legal = self.legal_cards(player)
        # Judged wrong: wrong if the declaration was right, or if the card named is not legal
        # (the card goes back and the dealer takes a truly legal one).
        wrong = bool(legal) if action.correct else not legal or action.card not in legal
        state.pending = None
        self._count_judgement()
        if wrong and not self._fall(player, events):
            return
        if not wrong and not action.correct:
            card: Card | None = action.card
        else:
            card = legal[0] if legal else None
        settling = Settling(pending, pending.armed, wrong, action.correct)
        self._resolve_no_play(player, card, settling, events)

    def _count_judgement(self) -> None:
        self.state.prophets[-1].judgements += 1

    def _fall(self, exposed_by: int, events: list[Event]) -> bool:
        """The prophet's judgement was wrong: marker removed, 5 penalty cards, back in play.
        False when the stock could not cover the penalty (the round is over)."""
        state = self.state
        prophet = state.prophet
        assert prophet is not None
        state.prophets[-1].fell = True
        state.prophet = None
        state.marker = None
        events.append(ProphetFell(prophet, exposed_by))
        return self._draw(prophet, PROPHET_PENALTY, "prophet_fell", events)

    @precondition(BecomeProphet)
    def _can_become_prophet(self, action: BecomeProphet) -> None:
        self.check_player(action.player)
        problem = self.prophet_problem(action.player)
        if problem is not None:
            raise problem

    @move(BecomeProphet)
    def _become_prophet(self, action: BecomeProphet, events: list[Event]) -> None:
        state = self.state
        state.prophet_window = None
        state.prophet = action.player
        state.marker = len(state.history)
        state.prophets.append(ProphetRecord(action.player, state.marker))
        events.append(ProphetNamed(action.player, state.marker))

    def prophet_problem(self, player: int) -> IllegalActionError | None:
        """Why `player` may not become prophet now (None: they may)."""
        state = self.state
        if state.pending is not None:
            return IllegalActionError(WAITING_FOR_PROPHET, action="prophet")
        if state.prophet is not None:
            return IllegalActionError(PROPHET_TAKEN, prophet=state.prophet)
        if state.prophet_window != player:
            return IllegalActionError(PROPHET_NOT_NOW, player=player)
        if any(record.player == player for record in state.prophets):
            return IllegalActionError(PROPHET_AGAIN, player=player)
        others = [s for s in self.active_seats() if s != player]
        if len(others) < 2:
            return IllegalActionError(PROPHET_TOO_FEW, player=player)
        return None

    # -- helpers ----------------------------------------------------------------------------

    def _on_end(self) -> None:
        self.state.prophet_window = None
        self.state.pending = None

    # -- reading ----------------------------------------------------------------------------

    def prophet_bonus(self) -> int:
        """+1 per mainline card and +2 per sideline card after the marker (a prophet in office)."""
        state = self.state
        if state.marker is None:
            return 0
        after = state.history[state.marker :]
        accepted = sum(1 for attempt in after if attempt.accepted)
        return accepted + 2 * (len(after) - accepted)

    def scores(self) -> Scores:
        """H − own hand, H the largest hand; +4 for a hand emptied legally; the prophet in office
        adds the bonus. Dealer: the best player score, or with a prophet in office the lower of
        that and twice the cards on the table when the prophet was named. A player who left (or
        was removed) has no hand but has not shed it: H is the largest hand of those still in,
        they score H − the cards they gave back, always less than everyone still in, so they
        cannot win the round (docs/rules.md §2, as §1)."""
        state = self.state
        hands = [(seat, hand) for seat, hand in enumerate(state.hands) if seat not in state.left]
        largest = max((len(hand) for _, hand in hands), default=0)
        players = [0] * self.players
        for seat, hand in hands:
            players[seat] = (
                largest
                - len(hand)
                + (EMPTY_BONUS if state.emptied_by == seat else 0)
                + (self.prophet_bonus() if state.prophet == seat else 0)
            )
        staying = [players[seat] for seat, _ in hands]
        for seat, returned in zip(state.left, state.left_holding, strict=True):
            players[seat] = largest - returned
            if staying:
                players[seat] = min(players[seat], min(staying) - 1)
        best = max(staying, default=0)
        dealer = best if state.marker is None else min(best, 2 * state.marker)
        return Scores(tuple(players), dealer)

    def _groups(self) -> list[int]:
        return self.state.groups

    def _pending_view(self) -> AbbottPendingView | None:
        pending = self.state.pending
        if pending is None:
            return None
        return AbbottPendingView(pending.what, pending.player, tuple(pending.cards))

    def view(self, player: int) -> AbbottPlayerView:
        state = self.state
        return AbbottPlayerView(
            **self.seen_from(player),
            **self._seen_by_all(),
            table=log_seen_by(state.table, player),
            table_count=len(state.history),
            can_become_prophet=not state.over and self.prophet_problem(player) is None,
        )

    def _seen_by_all(self) -> dict[str, Any]:
        """What the players and the dealer see alike: whose turn, the prophet and the marker,
        who is expelled, the move awaiting the prophet, the hints."""
        state = self.state
        return {
            "turn": state.turn,
            "prophet": state.prophet,
            "marker": state.marker,
            "prophets": tuple(state.prophets),
            "expelled": tuple(state.expelled),
            "expulsion_armed": self.expulsion_armed(),
            "pending": self._pending_view(),
            "hints": tuple(state.hints),
        }

    def spectator_view(self) -> AbbottPlayerView:
        """What someone at the table who is not in the round sees (a student seated after the
        deal): what every player sees, no hand and nobody's hypotheses."""
        return replace(
            self.view(0),
            player=SPECTATOR,
            hand=(),
            table=log_seen_by(self.state.table, SPECTATOR),
            can_become_prophet=False,
        )

    def dealer_view(self) -> AbbottDealerView:
        state = self.state
        return AbbottDealerView(
            **self.seen_by_dealer(),
            **self._seen_by_all(),
            unsuitable=tuple(state.unsuitable),
            table=tuple(state.table),
        )
