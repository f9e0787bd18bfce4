"""What the engine knows of one game, in one record (see `eleusis.engine.games`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from eleusis.engine.variants.base import Action, Event, Round
from eleusis.engine.variants.codec import JSON


@dataclass(frozen=True)
class EngineGame:
    """One game: its round class (and so its config class), its bots and how they play.

    `seat(bots, players, seed, candidates, equivalent)` seats the named bots; `play(round_,
    seated, max_actions)` lets them play a round to its end, yielding each action and its
    events; `record(round_, label)` is the round's JSON record (simulate, the review, tests);
    `next_action(round_, bots)` is the next move of a table of bots and people.
    """

    round_class: type[Round]
    bots: Mapping[str, Callable[..., Any]]
    seat: Callable[..., Sequence[Any]]
    play: Callable[..., Iterator[tuple[Action, list[Event]]]]
    record: Callable[..., dict[str, JSON]]
    # next_action(round_, bots): the move of the bot who must act now, or None when the one to
    # act is a person (None in `bots`) or the dealer. The simulation and the web's bots use it.
    next_action: Callable[[Any, Sequence[Any]], Action | None]

    @property
    def id(self) -> str:
        """The game's string id: the name its round class is registered under."""
        return self.round_class.name

    @property
    def config_class(self) -> type[Any]:
        return self.round_class.config_class

    @property
    def bot_names(self) -> tuple[str, ...]:
        return tuple(sorted(self.bots))
