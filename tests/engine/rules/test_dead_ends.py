"""Dead ends are found, never sampled away (issue 39, point 2).

Every dead end the analysis reports is replayed: a game the rule makes (each play judged as
recorded, the starter right) after which no card is legal. Where the analysis says there is
none, the solver finds no situation it could reach either; where it cannot decide, it says so.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eleusis.engine.rules import analyse, compile_rule
from eleusis.engine.rules.analysis import replays_to_dead_end
from eleusis.engine.rules.library import LIBRARY, library_rule
from eleusis.engine.rules.smt import dead_end_situation
from tests.engine.rules.helpers import combined

THREE_KINGS = "not (last.rank == 13 and last2.rank == 13 and last3.rank == 13)"


def _codes(plays):
    return [attempt.card.code + ("" if attempt.accepted else "-") for attempt in plays]


def _checked(text):
    rule = compile_rule(text)
    analysis = analyse(rule)
    assert analysis.dead_end_status in ("found", "none", "unknown"), text
    if analysis.dead_end_status == "found":
        assert analysis.dead_ends >= 1 and analysis.dead_end_example, text
        assert replays_to_dead_end(rule, analysis.dead_end_example), (
            text,
            _codes(analysis.dead_end_example),
        )
        assert "dead_end" in [w.code for w in analysis.warnings]
    elif analysis.dead_end_status == "none":
        assert analysis.dead_ends == 0
        status, plays = dead_end_situation(rule)
        assert status != "found" or not replays_to_dead_end(rule, plays or []), (
            text,
            _codes(plays or []),
        )
    else:
        assert "dead_end_unknown" in [w.code for w in analysis.warnings]
    return analysis


def test_three_kings_in_a_row_is_a_dead_end_found_and_dealable():
    analysis = _checked(THREE_KINGS)
    assert analysis.dead_end_status == "found"
    assert _codes(analysis.dead_end_example) == ["KS", "KH", "KD"]


def test_rules_like_it_report_their_dead_end():
    for text in (
        "not (last.rank == 1 and last2.rank == 1 and last3.rank == 1)",
        "not (last is red and last2 is red and last3 is red and last4 is red)",
        "count(red) <= count(black) + 1",
        "rank + last.rank + last2.rank + last3.rank + last4.rank + last5.rank > 30",
    ):
        analysis = _checked(text)
        assert analysis.dead_end_status == "found", text
        plays = analysis.dead_end_example
        assert max(_codes(plays).count(code) for code in _codes(plays)) <= 2, _codes(plays)


def test_every_library_rule_is_decided_and_its_dead_ends_replay():
    statuses = {
        rule_id: _checked(library_rule(rule_id).text).dead_end_status for rule_id in LIBRARY
    }
    assert "unknown" not in statuses.values(), statuses


LEAVES = st.one_of(
    st.builds("last{}.rank {} {}".format, st.sampled_from(["", "2", "3"]),
              st.sampled_from(["==", "!=", "<", ">"]), st.integers(1, 13)),
    st.builds("{} is {}".format, st.sampled_from(["last", "last2", "last3", "card"]),
              st.sampled_from(["red", "black", "odd", "face"])),
    st.sampled_from(["red", "odd", "rank > last.rank", "suit == last.suit", "count(red) < 4",
                     "count(all) % 3 != 0", "previous.accepted", "position <= 4"]),
)  # fmt: skip


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combined(LEAVES, max_leaves=4))
def test_generated_rules_report_only_dead_ends_that_replay(text):
    _checked(text)
