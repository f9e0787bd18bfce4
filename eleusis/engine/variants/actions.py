"""The actions shared by the games of the Eleusis family.

Players are seats numbered from 0, starting at the dealer's left. Actions without a `player`
are the dealer's. A play or a "no play" may carry the player's hypothesis and prediction at
that moment; the engine records them with the play (they never change the outcome).
"""

from __future__ import annotations

from dataclasses import dataclass

from eleusis.engine.cards import Card
from eleusis.engine.variants.base import Action
from eleusis.engine.variants.base import End as End  # every game's action: defined with `Round`


@dataclass(frozen=True)
class Play(Action):
    """Play one card from the hand. `prediction`: does the player expect it to be accepted?"""

    kind = "play"
    player: int
    card: Card
    hypothesis: str | None = None
    prediction: bool | None = None


@dataclass(frozen=True)
class NoPlay(Action):
    """Declare that no card in the hand is legal (and show the hand).
    `prediction`: does the player expect the declaration to be right?"""

    kind = "no_play"
    player: int
    hypothesis: str | None = None
    prediction: bool | None = None


@dataclass(frozen=True)
class Guess(Action):
    """State the rule. `checkable`: the text is in the rule language and the app judges it at
    once; otherwise the dealer judges it with a `Verdict`.

    `redacted`: the player's words were removed from the log (the student was removed,
    docs/architecture.md "A removed child's words"); the text is blank and the guess is not
    judged again: `judged` is the judgement it had when it was made (None: the dealer judged it
    with the `Verdict` that follows), so the round replays as it was played."""

    kind = "guess"
    player: int
    text: str
    checkable: bool = True
    redacted: bool = False
    judged: bool | None = None


@dataclass(frozen=True)
class BuyHint(Action):
    """On one's turn, before playing: draw a card in exchange for a hint given to everyone."""

    kind = "buy_hint"
    player: int


@dataclass(frozen=True)
class PassGuess(Action):
    """Eleusis Express with `guess_turn` (Thai): after one's own right play or right "no play",
    let the chance to guess go; the turn passes on."""

    kind = "pass_guess"
    player: int


@dataclass(frozen=True)
class SkipTurn(Action):
    """The dealer (the teacher) moves play past a player who is away: a player deciding whether
    to guess passes, else the player whose turn it is loses the turn."""

    kind = "skip_turn"


@dataclass(frozen=True)
class Leave(Action):
    """The dealer (the teacher) takes a player out of the round: they left, or were removed.
    Their hand goes under the stock (Golden's way with a player who leaves), the turn passes
    on if it was theirs, and they play no more this round."""

    kind = "leave"
    player: int


@dataclass(frozen=True)
class DealerHint(Action):
    """The dealer gives everyone a hint: answering a bought hint, or unprompted."""

    kind = "dealer_hint"
    text: str


@dataclass(frozen=True)
class Verdict(Action):
    """The dealer's judgement of what is pending: a starter card, a play, a "no play", a
    free-text guess. `correct` is whether the card is accepted / the declaration is right / the
    guess states the rule. A wrong "no play" names the legal `card` taken from the hand."""

    kind = "verdict"
    correct: bool
    card: Card | None = None


@dataclass(frozen=True)
class PlayString(Action):
    """Abbott/Howell: play an ordered string of one or more cards, judged as a whole."""

    kind = "play_string"
    player: int
    cards: tuple[Card, ...]
    hypothesis: str | None = None
    prediction: bool | None = None


@dataclass(frozen=True)
class BecomeProphet(Action):
    """Abbott/Howell: right after one's own turn, become the prophet."""

    kind = "become_prophet"
    player: int


@dataclass(frozen=True)
class ProphetJudgement(Action):
    """Abbott/Howell: the prophet judges the pending attempt or "no play" in the dealer's place.
    `correct`: the attempt is accepted / the declaration is right. A "no play" judged wrong
    names the legal `card` the prophet takes from the declarer's hand."""

    kind = "prophet_judgement"
    correct: bool
    card: Card | None = None


@dataclass(frozen=True)
class Predict(Action):
    """Delphi: the player's token for the card turned up: will it fit the rule?"""

    kind = "predict"
    player: int
    value: bool
    hypothesis: str | None = None


@dataclass(frozen=True)
class Join(Action):
    """Delphi: a student who arrived after the deal joins the round in progress as its next
    player (numbered after the others), from the card on show on, with no chips yet."""

    kind = "join"


@dataclass(frozen=True)
class Reveal(Action):
    """Delphi: the dealer places the turned card now, whoever has not predicted yet."""

    kind = "reveal"
