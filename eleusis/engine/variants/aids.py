"""The dealer's aids at a table of a game played in turns where the app deals (Abbott/Howell,
the Russian rules; Express has its own, with hints bought): a hint to the whole table, and the
turn of a player who is away passed on. In class the dealer is the teacher, who has the same
controls at every game's tables (docs/rules.md §0, "the teacher's controls").

A game mixes `DealerAids` into its round, keeps `hints: list[str]` in its state, shows them in
its views, and says how its turn passes over a player (`_skip_turn`)."""

from __future__ import annotations

from typing import Any

from eleusis.engine.variants.actions import DealerHint, SkipTurn
from eleusis.engine.variants.base import Event, IllegalActionError, move, precondition
from eleusis.engine.variants.events import HintGiven
from eleusis.engine.variants.express.guesses import EMPTY_HINT


class DealerAids:
    """`DealerHint` and `SkipTurn` for a round whose state has `hints`."""

    state: Any

    @precondition(DealerHint)
    def _can_hint(self, action: DealerHint) -> None:
        if not action.text.strip():
            raise IllegalActionError(EMPTY_HINT)

    @move(DealerHint)
    def _dealer_hint(self, action: DealerHint, events: list[Event]) -> None:
        self.state.hints.append(action.text)
        events.append(HintGiven(action.text, None))

    @precondition(SkipTurn)
    def _can_skip(self, action: SkipTurn) -> None:
        self._check_skip()

    @move(SkipTurn)
    def _skip(self, action: SkipTurn, events: list[Event]) -> None:
        self._skip_turn(events)

    def _check_skip(self) -> None:
        """Raise IllegalActionError when the turn cannot pass on now (a game may refuse)."""

    def _skip_turn(self, events: list[Event]) -> None:
        """Pass the turn from the player whose turn it is to the next one who plays."""
        raise NotImplementedError
