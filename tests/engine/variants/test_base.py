"""The machinery every game's round shares (eleusis/engine/variants/base.py): what a player sees
of the log, and the actions counted without decoding them."""

from __future__ import annotations

from dataclasses import dataclass, replace

from eleusis.engine.variants import ExpressConfig, ExpressRound, NoPlay, Play, Round
from eleusis.engine.variants.base import log_seen_by
from eleusis.engine.variants.express.state import TableEntry
from tests.engine.variants.helpers import ANY_CARD, judge_by_behaviour


@dataclass(frozen=True, slots=True)
class SlotsEntry:
    player: int | None
    card: str
    hypothesis: str | None = None
    prediction: bool | None = None


@dataclass(frozen=True)
class FrozenEntry:
    player: int | None
    card: str
    hypothesis: str | None = None
    prediction: bool | None = None


def _log(entry_class):
    return [
        entry_class(player=None, card="starter"),
        entry_class(player=0, card="a", hypothesis="reds", prediction=True),
        entry_class(player=1, card="b", hypothesis="odd after even", prediction=False),
        entry_class(player=1, card="c"),
        entry_class(player=2, card="d", prediction=None, hypothesis="faces"),
    ]


def test_a_player_sees_their_own_thinking_and_nobody_else_s() -> None:
    for entry_class in (SlotsEntry, FrozenEntry):
        log = _log(entry_class)
        seen = log_seen_by(log, 1)
        assert [entry.hypothesis for entry in seen] == [None, None, "odd after even", None, None]
        assert [entry.prediction for entry in seen] == [None, None, False, None, None]
        assert [entry.card for entry in seen] == ["starter", "a", "b", "c", "d"]
        assert all(type(entry) is entry_class for entry in seen)


def test_what_is_hidden_is_what_replace_would_make_and_the_log_is_left_as_it_was() -> None:
    entries = [
        TableEntry(
            player=0, cards=["x"], accepted=True, kind="play", hypothesis="h", prediction=True
        ),
        TableEntry(player=None, cards=["s"], accepted=True, kind="starter"),
    ]
    seen = log_seen_by(entries, 3)
    assert seen[0] == replace(entries[0], hypothesis=None, prediction=None)
    assert seen[0] is not entries[0]
    assert entries[0].hypothesis == "h" and entries[0].prediction is True
    assert seen[1] == entries[1]


def _round() -> ExpressRound:
    return ExpressRound(ExpressConfig(), 3, ANY_CARD, 3, judge_guess=judge_by_behaviour)


def test_actions_are_counted_per_player_and_kind_without_decoding_them() -> None:
    round_ = _round()
    for _ in range(2):
        for player in range(3):
            round_.apply(Play(player, round_.state.hands[player][0], hypothesis="any card"))
    round_.apply(NoPlay(0))
    stored = Round.from_json(round_.to_json(), ANY_CARD)
    for counted in (round_, stored):
        assert counted.action_count == 7
        assert counted.count_actions(("play", "no_play"), 0) == 3
        assert counted.count_actions(("play",), 0) == 2
        assert counted.count_actions(("play", "no_play"), 1) == 2
        assert counted.count_actions(("guess",), 1) == 0
    assert stored._actions is None  # counting did not decode them
    assert stored.count_actions(("play", "no_play"), 2) == sum(
        1 for action in stored.actions if action.kind in ("play", "no_play") and action.player == 2
    )
