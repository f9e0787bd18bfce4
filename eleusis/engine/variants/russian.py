"""Eleusis, the Russian rules ("Элевзис"), docs/rules.md §4.

The round's `players` are the non-dealers (seats 0.., seat 0 at the dealer's left); the table
of the seed is looked up by the number of people, dealer included (`players + 1`, 4 to 8):

| people | cards used                                   | per non-dealer |
|--------|----------------------------------------------|----------------|
| 4      | one deck, 52                                 | 17             |
| 5      | 51 (one deck without 2♣)                     | 10             |
| 6      | 49 (one deck without 2♠, 2♣, 2♦)             | 8              |
| 7      | 99 (two decks without 2♣, 2♦ and one 2♥)     | 14             |
| 8      | 97 (two decks without the twos but one 2♠)   | 12             |

The dealer gets one card, the starter, and plays it first; then seat 0 plays, and play goes left.
A turn is one card. Right: it goes on the mainline. Wrong: it is laid face up in front of the
player (their wrong cards) and can be played only once the player's hand is empty. No card is
ever drawn. When nobody has cards in hand but some have wrong cards, the interim score is taken;
play goes on with the wrong cards. The round ends when a player sheds everything (+6 plus the
wrong cards in front of the others) or when the dealer declares that no remaining card can be
played (the player with the fewest cards scores the others' cards minus their own).

Decisions beyond docs/rules.md, each documented here and tested:
- The table is kept as given (docs/rules.md §4, app's choice): its 4-people row deals all 52
  cards, but the rows for 5 to 8 people leave 10, 8, 14 and 12 cards undealt. Those are set
  aside face down for the round (`undealt`), out of play, and shown only as a count.
- The starter is the dealer's one card and goes on the mainline whatever the rule says (the
  dealer plays first, nobody judges the dealer); the rule judges every card after it.
- A wrong card played again from in front of the player and rejected again goes back there.
- Interim score (docs/rules.md §4, app's choice): the player with the fewest wrong cards (each
  of them, when several tie) scores the total of all non-dealers' wrong cards less (fewest ×
  non-dealers), which is the others' total excess over the fewest and never below zero (piles
  6/5/4 give 3; the literal reading, "the total of the others", could give −1). The others score
  0 at that point. It is taken once and added to the round's final score.
- Shedding everything counts only the wrong cards in front of the others, as the seed says
  (cards still in their hands do not count).
- The app, dealing, declares the round blocked ("blocked") at the start of a turn when no card
  that a player may play (the hand, or the wrong cards once the hand is empty) is legal now, nor
  would be after any one of them were tried and rejected (rules that look at the last verdict).
  A person ends it with `End`; any `End` is scored as that declaration. With several players
  on the fewest cards, each of them scores.
- The dealer scores 0: the seed gives the dealer no score, and everyone deals once in a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from eleusis.engine.cards import Card, build_stock, parse_cards
from eleusis.engine.history import Attempt, mainline
from eleusis.engine.variants.actions import Leave, Play
from eleusis.engine.variants.aids import DealerAids
from eleusis.engine.variants.base import (
    CARD_NOT_IN_HAND,
    NOT_YOUR_TURN,
    SPECTATOR,
    EndReason,
    Event,
    IllegalActionError,
    Refusal,
    Round,
    RoundState,
    RoundView,
    Scores,
    TurnPassed,
    deal,
    log_seen_by,
    move,
    precondition,
    register_variant,
    rule_text,
)
from eleusis.engine.variants.codec import JSONDataclass
from eleusis.engine.variants.events import (
    CardJudged,
    InterimScored,
    PlayerLeft,
    RussianEnded,
    StarterPlayed,
)

CARD_NOT_PLAYABLE = CARD_NOT_IN_HAND
WRONG_CARD_TOO_EARLY = Refusal(
    "wrong_card_too_early",
    "{card} lies in front of player {player}: a wrong card can be played only once the hand is "
    "empty",
)
UNSUPPORTED_ACTION = Refusal("unsupported_action", "the Russian rules have no {kind!r} action")


@dataclass(frozen=True, slots=True)
class Deal:
    decks: int
    without: tuple[str, ...]
    hand_size: int

    @property
    def cards_used(self) -> int:
        return self.decks * 52 - len(self.without)


# The seed's table, by the number of people at the table (the dealer included).
DEALS: dict[int, Deal] = {
    4: Deal(1, (), 17),
    5: Deal(1, ("2C",), 10),
    6: Deal(1, ("2S", "2C", "2D"), 8),
    7: Deal(2, ("2C", "2C", "2D", "2D", "2H"), 14),
    8: Deal(2, ("2S", "2H", "2H", "2D", "2D", "2C", "2C"), 12),
}


@dataclass(frozen=True, slots=True)
class RussianConfig(JSONDataclass):
    """The Russian rules have no settings: the table of `DEALS` decides the deal."""


# ---------------------------------------------------------------------------------------------
# State and views


@dataclass
class RussianPlay:
    player: int
    card: Card
    accepted: bool
    from_wrong: bool
    hypothesis: str | None = None
    prediction: bool | None = None


@dataclass
class RussianState(RoundState):
    hands: list[list[Card]] = field(default_factory=list)
    wrong: list[list[Card]] = field(default_factory=list)  # laid in front of each player
    undealt: list[Card] = field(default_factory=list)
    history: list[Attempt] = field(default_factory=list)
    plays: list[RussianPlay] = field(default_factory=list)
    turn: int = 0
    interim: list[int] | None = None
    final: list[int] = field(default_factory=list)
    shed_by: int | None = None
    left: list[int] = field(default_factory=list)  # players out of the round (Leave)
    hints: list[str] = field(default_factory=list)  # the dealer's, in the order given


@dataclass(frozen=True, slots=True)
class RussianPlayerView(RoundView):
    player: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    wrong: tuple[tuple[Card, ...], ...]  # face up: everyone sees them
    playable: tuple[Card, ...]
    mainline: tuple[Card, ...]
    history: tuple[Attempt, ...]
    plays: tuple[RussianPlay, ...]
    undealt_count: int
    turn: int
    interim: tuple[int, ...] | None
    hints: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RussianDealerView(RoundView):
    rule_text: str | None
    hands: tuple[tuple[Card, ...], ...]
    wrong: tuple[tuple[Card, ...], ...]
    undealt: tuple[Card, ...]
    mainline: tuple[Card, ...]
    history: tuple[Attempt, ...]
    plays: tuple[RussianPlay, ...]
    turn: int
    interim: tuple[int, ...] | None
    hints: tuple[str, ...] = ()


# ---------------------------------------------------------------------------------------------
# The round


@register_variant
class RussianRound(DealerAids, Round):
    """A round of the Russian rules: `RussianRound(RussianConfig(), seed, rule, players)`,
    `players` the non-dealers (3 to 7)."""

    name = "russian"
    config_class = RussianConfig
    state_class = RussianState
    end_event = RussianEnded
    unsupported = UNSUPPORTED_ACTION

    config: RussianConfig
    state: RussianState

    @property
    def deal(self) -> Deal:
        return DEALS[self.players + 1]

    def validate_setup(self) -> None:
        if self.players + 1 not in DEALS:
            raise ValueError(
                f"{self.players} players: the Russian rules take 4 to 8 people, the dealer "
                "among them (3 to 7 players besides the dealer)"
            )
        self._require_judgeable_rule()

    def setup(self) -> list[Event]:
        state = self.state
        table_row = self.deal
        stock = build_stock(table_row.decks, self.rng, parse_cards(table_row.without))
        starter = stock.pop(0)
        state.history.append(Attempt(starter, True))
        state.hands = deal(stock, self.players, table_row.hand_size)
        state.wrong = [[] for _ in range(self.players)]
        state.undealt = stock
        return [StarterPlayed(starter), TurnPassed(0)]

    # -- actions ----------------------------------------------------------------------------

    def playable(self, player: int) -> list[Card]:
        """The cards a player may play: the hand, or the wrong cards once the hand is empty."""
        state = self.state
        return list(state.hands[player] or state.wrong[player])

    @move(Leave)
    def _leave(self, action: Leave, events: list[Event]) -> None:
        """A player leaves or is removed: their hand and wrong cards go out of play, they
        score nothing this round, and the turn passes on if it was theirs (docs/rules.md §4)."""
        self.check_player(action.player)
        state = self.state
        player = action.player
        returned = len(state.hands[player]) + len(state.wrong[player])
        state.undealt.extend(state.hands[player])
        state.undealt.extend(state.wrong[player])
        state.hands[player].clear()
        state.wrong[player].clear()
        state.left.append(player)
        events.append(PlayerLeft(player, returned))
        if len(state.left) >= self.players:
            self._end(EndReason.EVERYONE_LEFT, events)
            return
        if state.turn == player:
            self._pass_turn(events)

    def _pass_turn(self, events: list[Event]) -> None:
        """The turn goes to the next player who has not left, unless nobody can play on."""
        state = self.state
        state.turn = (state.turn + 1) % self.players
        while state.turn in state.left:
            state.turn = (state.turn + 1) % self.players
        if self.blocked():
            self._end(EndReason.BLOCKED, events)
            return
        events.append(TurnPassed(state.turn))

    def _skip_turn(self, events: list[Event]) -> None:
        """The teacher passes the turn of a player who is away (`DealerAids`)."""
        self._pass_turn(events)

    def staying(self) -> list[int]:
        """The players still in the round."""
        return [seat for seat in range(self.players) if seat not in self.state.left]

    @precondition(Play)
    def _can_play(self, action: Play) -> None:
        self.check_player(action.player)
        state = self.state
        player, card = action.player, action.card
        if player != state.turn:
            raise IllegalActionError(NOT_YOUR_TURN, player=player, turn=state.turn)
        if card not in self.playable(player):
            if card in state.wrong[player]:
                raise IllegalActionError(WRONG_CARD_TOO_EARLY, card=card, player=player)
            raise IllegalActionError(CARD_NOT_PLAYABLE, card=card, player=player)

    @move(Play)
    def _play(self, action: Play, events: list[Event]) -> None:
        state = self.state
        player, card = action.player, action.card
        from_wrong = not state.hands[player]
        source = state.wrong[player] if from_wrong else state.hands[player]
        accepted = self.judge(state.history, card)
        source.remove(card)
        state.history.append(Attempt(card, accepted))
        if not accepted:
            state.wrong[player].append(card)
        state.plays.append(
            RussianPlay(player, card, accepted, from_wrong, action.hypothesis, action.prediction)
        )
        events.append(CardJudged(player, card, accepted, from_wrong))
        if not state.hands[player] and not state.wrong[player]:
            state.shed_by = player
            self._end(EndReason.SHED_ALL, events)
            return
        if state.interim is None and not any(state.hands):
            state.interim = self.interim_scores()
            events.append(InterimScored(tuple(state.interim)))
        self._pass_turn(events)

    def blocked(self) -> bool:
        """No card a player may play is legal now, nor after any one of them is rejected."""
        history = tuple(self.state.history)
        cards = {card for player in self.staying() for card in self.playable(player)}
        if any(self.judge(history, card) for card in cards):
            return False
        for tried in cards:
            after = (*history, Attempt(tried, False))
            if any(self.judge(after, card) for card in cards):
                return False
        return True

    def _on_end(self) -> None:
        self.state.final = self._final_scores()

    # -- scores -----------------------------------------------------------------------------

    def interim_scores(self) -> list[int]:
        """The fewest wrong cards, times the non-dealers, taken from the total of all
        non-dealers' wrong cards (the others' excess over the fewest, never below zero): the
        score of the player(s) with the fewest; the others 0. Piles 6/5/4 give 3."""
        staying = self.staying()
        counts = [len(pile) for pile in self.state.wrong]
        fewest = min(counts[seat] for seat in staying)
        excess = sum(counts) - fewest * len(staying)
        return [
            excess if seat in staying and count == fewest else 0
            for seat, count in enumerate(counts)
        ]

    def _final_scores(self) -> list[int]:
        state = self.state
        if state.shed_by is not None:
            others = sum(len(pile) for pile in state.wrong)
            return [6 + others if seat == state.shed_by else 0 for seat in range(self.players)]
        staying = self.staying()
        if not staying:
            return [0] * self.players
        left = [len(hand) + len(pile) for hand, pile in zip(state.hands, state.wrong, strict=True)]
        fewest = min(left[seat] for seat in staying)
        total = sum(left)
        return [
            total - 2 * own if seat in staying and own == fewest else 0
            for seat, own in enumerate(left)
        ]

    def scores(self) -> Scores:
        state = self.state
        interim = state.interim or [0] * self.players
        final = state.final or [0] * self.players
        return Scores(tuple(a + b for a, b in zip(interim, final, strict=True)), 0)

    # -- reading ----------------------------------------------------------------------------

    def table_cards(self) -> list[Card]:
        state = self.state
        cards = mainline(state.history)
        for hand, pile in zip(state.hands, state.wrong, strict=True):
            cards.extend(hand)
            cards.extend(pile)
        cards.extend(state.undealt)
        return cards

    def view(self, player: int) -> RussianPlayerView:
        self.check_player(player)
        state = self.state
        return RussianPlayerView(
            player=player,
            hand=tuple(state.hands[player]),
            hand_counts=tuple(len(hand) for hand in state.hands),
            wrong=tuple(tuple(pile) for pile in state.wrong),
            playable=tuple(self.playable(player)),
            mainline=tuple(mainline(state.history)),
            history=tuple(state.history),
            plays=log_seen_by(state.plays, player),
            undealt_count=len(state.undealt),
            turn=state.turn,
            interim=tuple(state.interim) if state.interim is not None else None,
            hints=tuple(state.hints),
            **self.outcome(),
        )

    def spectator_view(self) -> RussianPlayerView:
        """What someone at the table who is not in the round sees (a student seated after the
        deal): what every player sees, no hand and nobody's hypotheses."""
        return replace(
            self.view(0),
            player=SPECTATOR,
            hand=(),
            playable=(),
            plays=log_seen_by(self.state.plays, SPECTATOR),
        )

    def dealer_view(self) -> RussianDealerView:
        state = self.state
        return RussianDealerView(
            rule_text=rule_text(self.rule),
            hands=tuple(tuple(hand) for hand in state.hands),
            wrong=tuple(tuple(pile) for pile in state.wrong),
            undealt=tuple(state.undealt),
            mainline=tuple(mainline(state.history)),
            history=tuple(state.history),
            plays=tuple(state.plays),
            turn=state.turn,
            interim=tuple(state.interim) if state.interim is not None else None,
            hints=tuple(state.hints),
            **self.outcome(),
        )


__all__ = [
    "CARD_NOT_PLAYABLE",
    "DEALS",
    "NOT_YOUR_TURN",
    "Deal",
    "RussianConfig",
    "RussianDealerView",
    "RussianPlay",
    "RussianPlayerView",
    "RussianRound",
    "RussianState",
]
