"""A server or worker process builds the candidate space as it boots, off the request path."""

from eleusis.engine.inference import space
from eleusis.warm import warm_in_background


def test_the_warm_up_builds_the_language_s_candidate_space_in_the_background():
    thread = warm_in_background()
    assert thread.daemon  # never keeps a stopping process alive
    thread.join(timeout=300)

    assert not thread.is_alive()
    built = [candidates for candidates, _equivalent, _space in space._SPACES.values()]
    assert any(candidates is space.language_candidates() for candidates in built)


def test_what_the_warm_up_built_is_out_of_the_garbage_collector_s_sight():
    import gc

    warm_in_background().join(timeout=300)

    assert gc.get_freeze_count() > 0  # what lived at boot is no longer walked by collections
    gc.unfreeze()  # the rest of this test process collects as usual
