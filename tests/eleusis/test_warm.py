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
