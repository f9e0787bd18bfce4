"""Bots of Delphi, the Russian rules and Abbott/Howell Eleusis: they act through actions, see
only their view, and the scientist does better than chance."""

from __future__ import annotations

from collections import Counter

from eleusis.engine.games import simulate
from tests.engine.variants.helpers import (
    CANDIDATES,
    LOW_HIGH,
    ODD_EVEN,
    behaviour_equivalent,
)


def _right_predictions(record: dict[str, object], seat: int) -> int:
    placements = record["predictions"]
    assert isinstance(placements, list)
    return sum(1 for p in placements if p["predictions"][seat] == p["accepted"])


def test_delphi_scientist_predicts_better_than_a_coin() -> None:
    for rule in (ODD_EVEN, LOW_HIGH):
        for record in simulate(
            rule=rule, players=2, bots=["scientist", "random"], rounds=3, seed=5,
            variant="delphi", candidates=CANDIDATES, equivalent=behaviour_equivalent,
        ):  # fmt: skip
            scientist, coin = _right_predictions(record, 0), _right_predictions(record, 1)
            assert scientist >= 45  # 51 cards: it is wrong only while the rule is unclear
            assert scientist > coin
            scores = record["scores"]
            assert isinstance(scores, dict) and scores["players"][0] > scores["players"][1]


def test_delphi_bots_log_their_hypotheses_and_are_deterministic() -> None:
    def run() -> list[dict[str, object]]:
        return list(
            simulate(
                rule=ODD_EVEN, players=3, bots=["confirmation", "scientist", "random"],
                rounds=2, seed=1, variant="delphi", candidates=CANDIDATES,
                equivalent=behaviour_equivalent,
            )
        )  # fmt: skip

    records = run()
    assert records == run()
    for record in records:
        placements = record["predictions"]
        assert isinstance(placements, list)
        assert all(all(placement["hypotheses"]) for placement in placements)


def test_russian_scientist_sheds_more_cards_than_a_random_player() -> None:
    wrong = {"scientist": 0, "random": 0}
    for record in simulate(
        rule=ODD_EVEN, players=4, bots=["scientist", "random"], rounds=4, seed=2,
        variant="russian", candidates=CANDIDATES, equivalent=behaviour_equivalent,
    ):  # fmt: skip
        plays = record["plays"]
        assert isinstance(plays, list)
        for play in plays[1:]:
            name = "scientist" if play["player"] % 2 == 0 else "random"
            wrong[name] += 0 if play["accepted"] else 1
    assert wrong["scientist"] < wrong["random"]


def test_abbott_scientist_becomes_a_prophet_who_judges_right() -> None:
    prophets = 0
    for record in simulate(
        rule=ODD_EVEN, players=4, bots=["scientist"], rounds=3, seed=8,
        variant="abbott", candidates=CANDIDATES, equivalent=behaviour_equivalent,
    ):  # fmt: skip
        records = record["prophets"]
        assert isinstance(records, list)
        for prophet in records:
            prophets += 1
            assert not prophet["fell"] and prophet["judgements"] > 0
        strings = [p for p in record["plays"] if p["kind"] == "play" and len(p["cards"]) > 1]
        assert strings, "a scientist sure of the rule plays strings"
    assert prophets > 0


def test_abbott_scientists_play_safe_once_a_wrong_move_expels() -> None:
    """Issue 35: bots that play Abbott/Howell as a person would. Once a wrong move would expel
    them they play the card most surviving rules accept (or "no play"): most rounds end with a
    player still in (before: 40 of 40 rounds of `simulate` ended with everyone expelled)."""
    from eleusis.engine.rules import LIBRARY

    rule = LIBRARY["th-alternate-colors"].compiled()
    ends = Counter(
        record["end"]
        for record in simulate(
            rule=rule, players=4, bots=["scientist"], rounds=12, seed=1, variant="abbott"
        )
    )
    assert ends["all_expelled"] < 6, ends
