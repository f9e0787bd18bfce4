"""Analysis: what a rule reads, how permissive it is, and warnings in the guidelines' words."""

import pytest

from eleusis.engine.rules import LIBRARY, analyse, compile_rule, library_rule


def codes(text):
    return [warning.code for warning in analyse(compile_rule(text)).warnings]


def test_alternate_colors_leaves_half_the_deck_and_no_warning():
    analysis = analyse(library_rule("th-alternate-colors").compiled())
    assert (analysis.min_legal, analysis.mean_legal, analysis.max_legal) == (26, 26.0, 26)
    assert analysis.mean_share == 0.5
    assert analysis.starters == 52 and analysis.has_starter
    assert analysis.warnings == [] and analysis.exhaustive


def test_suit_by_suit_ranges_from_the_same_rank_to_any_other_suit():
    analysis = analyse(library_rule("th-suit-by-suit").compiled())
    assert analysis.min_legal == 4  # after a heart: the four cards of the same rank
    assert analysis.max_legal == 39  # after a diamond: any other suit


def test_what_a_rule_reads():
    sum_two = analyse(library_rule("th-sum-two").compiled()).to_dict()["reads"]
    assert sum_two == {
        "lookback": 2,
        "position": False,
        "previous_verdict": False,
        "previous_card": False,
    }
    runs = analyse(library_rule("el-three-red-three-black").compiled())
    assert runs.reads_position and runs.lookback == 1
    verdict = analyse(library_rule("ru-after-verdict").compiled())
    assert verdict.reads_verdict and verdict.lookback == 0


def test_one_higher_is_too_strict_and_has_a_dead_end_after_a_king():
    analysis = analyse(compile_rule("rank == last.rank + 1"))
    assert [w.code for w in analysis.warnings] == ["too_strict", "dead_end"]
    assert analysis.min_legal == 0 and analysis.max_legal == 4
    assert analysis.dead_ends == 1
    assert [a.card.rank for a in analysis.dead_end_example] == [13]
    assert "there must always be a legal next card" in analysis.warnings[1].message
    assert "one higher" in analysis.warnings[0].message


def test_a_different_suit_is_too_loose():
    analysis = analyse(compile_rule("suit != last.suit"))
    assert analysis.mean_legal == 39
    assert [w.code for w in analysis.warnings] == ["too_loose"]
    assert "12–15" in analysis.warnings[0].message


def test_a_card_never_playable_is_named():
    text = "start: rank != king rule: rank != king and color != last.color"
    analysis = analyse(compile_rule(text))
    assert analysis.never_playable == ["KS", "KH", "KD", "KC"]
    assert codes(text) == ["never_playable"]
    # Without the start clause the rule judges the starter too, the last card unknown:
    # `rank != king` is false for a king whatever the last card, so a king is refused there.
    never = analyse(compile_rule("rank != king and color != last.color")).never_playable
    assert never == ["KS", "KH", "KD", "KC"]
    assert analyse(compile_rule("rank != king or color != last.color")).never_playable == []


def test_no_starter():
    analysis = analyse(compile_rule("start: false rule: color != last.color"))
    assert analysis.starters == 0 and not analysis.has_starter
    assert "no_starter" in [w.code for w in analysis.warnings]


def test_dead_ends_count_only_situations_the_rule_can_reach():
    # Refusing everything after two kings in a row is a dead end only if two kings can follow.
    stuck = "if last.rank == 13 and last2.rank == 13 then false else color != last.color"
    assert "dead_end" in codes(stuck)
    never_two_kings = (
        "start: rank != 13 rule: if last.rank == 13 and last2.rank == 13 then false else rank != 13"
    )
    assert "dead_end" not in codes(never_two_kings)


def test_the_verdict_dimension_is_walked():
    analysis = analyse(compile_rule("if previous.accepted then rank == 1 else rank != 1"))
    assert (analysis.min_legal, analysis.max_legal) == (4, 48)


@pytest.mark.parametrize("rule_id", sorted(LIBRARY))
def test_library_rules_have_no_dead_end_and_every_card_playable(rule_id):
    analysis = analyse(library_rule(rule_id).compiled())
    assert analysis.exhaustive  # th-sum-two too, by the longer walk for dead ends
    assert analysis.dead_ends == 0 and analysis.never_playable == []
    assert 4 <= analysis.min_legal <= analysis.mean_legal <= analysis.max_legal <= 52
    assert set(analysis.to_dict()) >= {"reads", "legal", "warnings", "starters", "situations"}


def test_deep_rules_are_sampled():
    analysis = analyse(
        compile_rule("rank + last.rank + last2.rank + last3.rank + last4.rank + last5.rank > 30")
    )
    assert not analysis.exhaustive
    assert analysis.situations >= 2 * 20 and analysis.sampled_games >= 2


@pytest.mark.parametrize(
    ("text", "quoted", "branch"),
    [
        ("if position == 0 then hearts else color != last.color", "position == 0", "then"),
        ("if red then (if black then odd else even) else face", "black", "then"),
        ("if rank >= 1 then red else black", "rank >= 1", "else"),
    ],
)
def test_a_branch_that_can_never_apply_is_warned_of(text, quoted, branch):
    warnings = [w for w in analyse(compile_rule(text)).warnings if w.code == "dead_branch"]
    assert len(warnings) == 1
    assert f"“if {quoted} then …”" in warnings[0].message
    assert f"the “{branch}” part can never apply" in warnings[0].message


def test_live_branches_are_not_warned_of():
    for text in ("if position == 2 then hearts else red", "if last is red then black else red"):
        assert not [w for w in analyse(compile_rule(text)).warnings if w.code == "dead_branch"]


def test_a_rule_looking_eight_cards_back_is_sampled_and_says_so():
    rule = compile_rule(
        "rank > last.rank and suit != last2.suit and rank != last3.rank and color == last4.color"
        " and rank != last5.rank and suit != last6.suit and rank != last7.rank"
        " and rank != last8.rank"
    )
    analysis = analyse(rule)
    assert not analysis.exhaustive and analysis.sampled_games >= 1
    assert analysis.to_dict()["sampled_games"] == analysis.sampled_games
    assert analyse(rule) is analysis  # cached by rule text


def test_a_rule_reading_the_play_before_the_last_is_analysed_on_real_games():
    # After a right play only red fits; the exact walk, which does not know the verdict two
    # plays back, once reported every card fitting everywhere (min 52, "exhaustive").
    analysis = analyse(compile_rule("red or (previous.rejected and previous2.rejected)"))

    assert not analysis.exhaustive and analysis.sampled_games > 0
    assert analysis.min_legal == 26
    assert 26 < analysis.mean_legal < 52
