"""`./manage.py simulate`: bots play rounds and one JSON line comes out per round."""

from __future__ import annotations

import json
from collections import Counter
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from eleusis.engine.cards import FULL_DECK, Card


def run(*args: str) -> list[dict[str, Any]]:
    out = StringIO()
    call_command("simulate", *args, stdout=out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_one_json_record_per_round_with_the_documented_fields() -> None:
    records = run(
        "--variant", "express", "--rule", "@th-odd-even", "--players", "4",
        "--bots", "scientist", "--rounds", "3", "--seed", "7", "--json",
    )  # fmt: skip
    assert len(records) == 3
    for record in records:
        assert record["rule"] == "@th-odd-even"
        assert record["decks"] == 2 and record["hand_size"] == 12
        assert len(record["hands"]) == 4
        starter = record["plays"][0]
        assert starter["kind"] == "starter" and starter["player"] is None
        assert {play["kind"] for play in record["plays"]} <= {
            "starter", "play", "no_play", "correction"
        }  # fmt: skip
        assert record["end"] in {"guessed", "hand_emptied", "stock_exhausted", "turn limit"}
        assert record["scores"]["dealer"] == max(record["scores"]["players"])
        for guess in record["guesses"]:
            assert set(guess) >= {"player", "correct"}
        # No card created or lost: table, hands and stock make up the decks.
        table = [code for play in record["plays"] if play["kind"] != "no_play"
                 for code in play["cards"]]  # fmt: skip
        cards = table + [c for hand in record["hands"] for c in hand] + record["stock"]
        assert Counter(map(Card.parse, cards)) == Counter(list(FULL_DECK) * record["decks"])


def test_the_same_seed_gives_the_same_rounds() -> None:
    args = ("--rule", "@th-alternate-colors", "--rounds", "2", "--seed", "3", "--json")
    assert run(*args) == run(*args)
    assert run(*args) != run("--rule", "@th-alternate-colors", "--rounds", "2", "--seed", "4",
                             "--json")  # fmt: skip


def test_bots_are_cycled_over_the_seats() -> None:
    (record,) = run("--rule", "@th-low-high", "--players", "3", "--bots", "random,scientist",
                    "--seed", "1", "--json", "--hand-size", "10")  # fmt: skip
    assert record["hand_size"] == 10
    assert len(record["hands"]) == 3
    plays = [p for p in record["plays"] if p["kind"] in ("play", "no_play")]
    assert all(play["hypothesis"] for play in plays)


def test_rule_text_works_as_well_as_a_library_id() -> None:
    (record,) = run("--rule", "color != last.color", "--json")
    assert record["rule"] == "color != last.color"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--rule", "@no-such-rule"), "cannot use the rule '@no-such-rule'"),
        (("--rule", "colour != last.color"), "cannot use the rule"),
        (("--rule", "@th-odd-even", "--bots", "genius"), "unknown bot genius"),
        (("--rule", "@th-odd-even", "--players", "9"), "9 players"),
    ],
)
def test_bad_input_is_a_command_error(args: tuple[str, ...], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        run(*args)


def test_delphi_records_add_predictions_and_chips() -> None:
    (record,) = run("--variant", "delphi", "--rule", "@th-odd-even", "--players", "3",
                    "--bots", "scientist,random", "--json")  # fmt: skip
    assert record["variant"] == "delphi" and record["end"] == "deck_finished"
    assert record["decks"] == 1 and record["hand_size"] is None and record["hands"] == []
    assert len(record["predictions"]) == 51 and len(record["plays"]) == 52
    assert all(len(p["predictions"]) == 3 for p in record["predictions"])
    assert record["chips"] == record["predictions"][-1]["chips"]
    assert sum(record["scores"]["players"]) == 0
    cards = [code for play in record["plays"] for code in play["cards"]]
    assert Counter(map(Card.parse, cards)) == Counter(FULL_DECK)


def test_bots_are_checked_against_the_variant() -> None:
    with pytest.raises(CommandError, match="unknown bot falsifier: choose from confirmation"):
        run("--variant", "delphi", "--rule", "@th-odd-even", "--bots", "falsifier")


def test_russian_records_add_the_wrong_cards_in_front_of_each_player() -> None:
    (record,) = run("--variant", "russian", "--rule", "@ru-odd-even", "--players", "4",
                    "--bots", "scientist,random", "--seed", "5", "--json")  # fmt: skip
    assert record["variant"] == "russian" and record["decks"] == 1 and record["hand_size"] == 10
    assert record["end"] in {"shed_all", "blocked", "turn limit"}
    assert len(record["penalty_piles"]) == 4 and len(record["hands"]) == 4
    cards = (
        record["mainline"] + record["undealt"]
        + [c for pile in record["penalty_piles"] for c in pile]
        + [c for hand in record["hands"] for c in hand]
    )  # fmt: skip
    expected = Counter(FULL_DECK)
    expected[Card.parse("2C")] -= 1
    assert Counter(map(Card.parse, cards)) == expected


def test_abbott_records_add_prophets_expulsions_and_the_grouped_layout() -> None:
    records = run("--variant", "abbott", "--rule", "@th-odd-even", "--players", "4",
                  "--bots", "scientist,random", "--rounds", "3", "--seed", "2",
                  "--json")  # fmt: skip
    assert len(records) == 3
    for record in records:
        assert record["variant"] == "abbott" and record["decks"] == 3
        assert record["hand_size"] == 14 and len(record["hands"]) == 4
        assert record["end"] in {"hand_emptied", "all_expelled", "stock_exhausted", "turn limit"}
        assert {"prophet", "prophets", "expulsions", "layout"} <= set(record)
        assert {p["kind"] for p in record["plays"]} <= {"starter", "play", "no_play", "correction"}
        table = [code for play in record["plays"] if play["kind"] != "no_play"
                 for code in play["cards"]]  # fmt: skip
        cards = table + [c for hand in record["hands"] for c in hand] + record["stock"]
        assert Counter(map(Card.parse, cards)) == Counter(list(FULL_DECK) * 3)
    assert any(record["prophets"] for record in records)


def test_russian_interim_and_final_scores_never_go_below_zero() -> None:
    """docs/rules.md §4: the interim score is the others' excess over the fewest (6/5/4 gives 3);
    the literal reading gave this very run `scores [-1, 8, -1, -1]`."""
    records = run("--variant", "russian", "--rule", "@el-alternate-colors", "--players", "4",
                  "--rounds", "3", "--seed", "1", "--json")  # fmt: skip
    assert len(records) == 3
    for record in records:
        assert all(score >= 0 for score in record["scores"]["players"]), record["scores"]
        assert all(score >= 0 for score in record["interim"] or []), record["interim"]
