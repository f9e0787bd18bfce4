"""The candidate space: the rule language's candidates, one per equivalence class, grouped and
shared by the bots and the review's ideal observer."""

from __future__ import annotations

import json

from eleusis.engine.bots import make_bot
from eleusis.engine.inference import CandidateSpace, candidate_space, language_candidates
from eleusis.engine.inference.situation import fingerprint
from eleusis.engine.inference.space import (
    CANDIDATES_FILE,
    candidates_digest,
    compute_candidate_rules,
)
from eleusis.engine.insight.measures import SECRET_LABEL, round_pool
from eleusis.engine.rules import compile_rule
from tests.engine.variants.helpers import CANDIDATES, behaviour_equivalent


def test_candidates_are_the_library_and_frames_one_per_class():
    candidates = language_candidates()
    labels = [label for label, _rule in candidates]
    assert len(labels) == len(set(labels))
    assert "th-alternate-colors" in labels
    assert "el-alternate-colors" not in labels  # the same rule as th-alternate-colors
    assert "The next card must have a different color from the last card" not in labels
    assert "el-parity-color" in labels and "th-parity-color" in labels
    assert len(candidates) > 1000


def test_the_stored_candidates_are_those_deduplication_finds_now():
    """candidates.json spares every process the deduplication; it must match the library and
    the builder's pool as they are. When this fails, run:
    .venv/bin/python -c "from eleusis.engine.inference.space import write_candidates_file as w; w()"
    """
    stored = json.loads(CANDIDATES_FILE.read_text(encoding="utf-8"))
    assert stored["digest"] == candidates_digest()
    assert stored["labels"] == [label for label, _rule in compute_candidate_rules()]


def test_equivalent_candidates_share_a_class_and_a_fingerprint():
    space = CandidateSpace.build(CANDIDATES, behaviour_equivalent)
    labels = [[space.label(index) for index in group] for group in space.classes]
    assert ["alternate colors", "red after black, black after red"] in labels
    index = {label: number for number, (label, _) in enumerate(CANDIDATES)}
    first, second = index["alternate colors"], index["red after black, black after red"]
    assert space.fingerprints[first] == space.fingerprints[second]
    assert space.class_of[first] == space.class_of[second]


def test_the_bots_and_the_review_reason_over_one_space():
    space = candidate_space()
    assert make_bot("scientist", 0, 1).cands is space
    secret = dict(language_candidates())["th-odd-even"]
    assert round_pool(None, secret) is space  # an equivalent candidate is there: nothing added


def test_a_secret_rule_without_an_equivalent_joins_the_space_as_its_own_class():
    space = candidate_space()
    secret = compile_rule("rank == 7 or rank == 13")
    assert space.find(secret) is None
    with_secret = round_pool(None, secret)
    assert len(with_secret) == len(space) + 1
    added = len(space)
    assert with_secret.label(added) == SECRET_LABEL and with_secret.rule(added) is secret
    assert with_secret.classes[with_secret.class_of[added]] == (added,)
    assert with_secret.find(compile_rule("rank in {7, 13}")) == added
    assert len(space) == len(language_candidates())  # the shared space is never changed


def test_every_plain_sentence_of_the_builder_is_in_the_space():
    """Issue 34: the observer weighs everything a student can say with the builder's plain
    sentences (every requirement alone, and two joined by "and"/"or" on the last card:
    "higher than the last card and within 3 of it", "the same suit and a face card"). Each
    filling the builder accepts has an equivalent candidate; those it refuses (they let no card
    through) are not candidates."""
    from eleusis.engine.rules.builder import BuilderError, build
    from eleusis.engine.rules.pool import plain_fillings

    space = candidate_space()
    by_print: dict[bytes, list[int]] = {}
    for index, sig in enumerate(space.fingerprints):
        by_print.setdefault(sig, []).append(index)
    missing, checked = [], 0
    for filling in plain_fillings():
        try:
            rule = build(filling).compiled()
        except BuilderError as error:
            assert error.key == "never", filling
            continue
        checked += 1
        same = by_print.get(fingerprint(rule), [])
        if not any(space.equivalent(space.rule(index), rule) for index in same):
            missing.append(rule.text)
    assert checked > 3000
    assert missing == []
    higher_within_3 = "rank > last.rank and rank in last.rank - 3 .. last.rank + 3"
    assert space.find(compile_rule(higher_within_3)) is not None


def test_threads_wanting_the_candidates_at_once_share_one_build(monkeypatch):
    """A worker that starts has several threads asking for the candidates together (the warm-up
    and each pool thread's first bot move); each built its own under one GIL, and the first
    bot move of a new worker took 13-15 s. Now one builds and the others wait for it."""
    import threading
    import time

    from eleusis.engine.inference import space

    builds = []

    def slow_build():
        builds.append(threading.current_thread().name)
        time.sleep(0.2)  # long enough for every thread to ask while it runs
        return (("lib-rule", compile_rule("color != last.color")),)

    monkeypatch.setenv("ELEUSIS_CACHE_DIR", "")  # the store off: every thread would build
    monkeypatch.setattr(space, "_LANGUAGE", [])
    monkeypatch.setattr(space, "_SPACES", {})
    monkeypatch.setattr(space, "_language_candidates", slow_build)
    got = []
    threads = [
        threading.Thread(target=lambda: got.append(space.language_candidates())) for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(builds) == 1
    assert len(got) == 4 and all(candidates is got[0] for candidates in got)
