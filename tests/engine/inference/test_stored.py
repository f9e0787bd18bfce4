"""The candidate space stored between processes: what comes back judges as what was built, and
a file that cannot be trusted or read is a miss (the space is built), never an error."""

from __future__ import annotations

import os
import pickle

import pytest

from eleusis.engine.inference import CandidateSpace, stored
from eleusis.engine.inference.situation import fingerprint, thorough_probes
from eleusis.engine.rules import LIBRARY, compile_rule
from eleusis.engine.rules.pool import pool_entries


@pytest.fixture
def store(tmp_path, monkeypatch):
    directory = tmp_path / "store"
    monkeypatch.setenv("ELEUSIS_CACHE_DIR", str(directory))
    return directory


@pytest.fixture(scope="module")
def space() -> CandidateSpace:
    """The library and part of the builder's pool, some texts with a `start:` clause."""
    texts = [(rule_id, entry.text) for rule_id, entry in LIBRARY.items()]
    texts += list(pool_entries()[::40])
    return CandidateSpace.build([(label, compile_rule(text)) for label, text in texts])


def test_a_stored_space_comes_back_judging_as_it_was_built(store, space):
    path = stored.save(space, "d1")
    assert path is not None and path.parent == store

    loaded = stored.load("d1")

    assert isinstance(loaded, CandidateSpace) and loaded is not space
    assert [label for label, _ in loaded.candidates] == [label for label, _ in space.candidates]
    assert [rule.text for _, rule in loaded.candidates] == [r.text for _, r in space.candidates]
    assert (loaded.fingerprints, loaded.classes, loaded.class_of) == (
        space.fingerprints,
        space.classes,
        space.class_of,
    )
    probes = thorough_probes()
    for (_, built), (_, back) in zip(space.candidates, loaded.candidates, strict=True):
        assert fingerprint(back, probes) == fingerprint(built, probes), built.text
        assert back.explain() == built.explain()
        assert (back.need, back.reads, back.has_start_clause) == (
            built.need,
            built.reads,
            built.has_start_clause,
        )


def test_a_rule_with_a_start_clause_pickles_with_it():
    rule = compile_rule("start: suit == hearts  rule: color != last.color")
    back = pickle.loads(pickle.dumps(rule))
    assert back.has_start_clause
    assert [back.judge_start(i) for i in range(52)] == [rule.judge_start(i) for i in range(52)]


def test_another_engine_s_space_is_not_read(store, space):
    stored.save(space, "engine-then")
    assert stored.load("engine-now") is None
    # and when a new engine stores its own, the old file goes
    stored.save(space, "engine-now")
    assert [p.name for p in store.iterdir()] == [stored._file_name("engine-now")]


def test_a_truncated_or_foreign_file_is_a_miss(store, space):
    path = stored.save(space, "d2")
    assert path is not None
    path.write_bytes(path.read_bytes()[:1000])
    assert stored.load("d2") is None
    path.write_bytes(pickle.dumps(("d2", "not a space")))
    assert not isinstance(stored.load("d2"), CandidateSpace)  # the space is built instead
    path.write_bytes(b"")
    assert stored.load("d2") is None


def test_a_file_another_user_could_write_is_not_read(store, space):
    path = stored.save(space, "d3")
    assert path is not None
    os.chmod(path, 0o666)
    assert stored.load("d3") is None
    os.chmod(path, 0o600)
    os.chmod(store, 0o777)
    assert stored.load("d3") is None
    os.chmod(store, 0o700)
    assert stored.load("d3") is not None


def test_an_empty_setting_turns_the_store_off(monkeypatch, space):
    monkeypatch.setenv("ELEUSIS_CACHE_DIR", "")
    assert stored.save(space, "d4") is None
    assert stored.load("d4") is None


def test_an_unwritable_place_is_passed_over(tmp_path, monkeypatch, space):
    blocked = tmp_path / "a file, not a directory"
    blocked.write_text("")
    monkeypatch.setenv("ELEUSIS_CACHE_DIR", str(blocked))
    assert stored.save(space, "d5") is None


def test_the_digest_follows_the_engine_s_sources():
    assert stored.space_digest() == stored.space_digest()
    names = {str(p.relative_to(stored.ENGINE)) for p in stored._sources()}
    assert {"rules/grammar.lark", "rules/compiler.py", "rules/pool.py"} <= names
    assert {"inference/candidates.json", "inference/situation.py"} <= names
