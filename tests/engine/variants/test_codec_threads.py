"""The snapshot codec compiles its readers once per type; web threads read snapshots at the
same time, so a reader must never be seen half-made (it once recursed for ever in a thread)."""

import threading

from eleusis.engine.rules import compile_rule
from eleusis.engine.variants import Round as EngineRound
from eleusis.engine.variants import codec, config_from_json, new_round


def test_many_threads_decode_their_first_snapshot_at_once(monkeypatch):
    import time

    compile_ = codec._compile

    def slow_compile(target):  # widen the window in which a reader is being made
        time.sleep(0.002)
        return compile_(target)

    monkeypatch.setattr(codec, "_compile", slow_compile)
    engine = new_round(
        "express", config_from_json("express", {}), 7, compile_rule("color != last.color"), 4
    )
    data = engine.to_json()
    codec._LOADERS.clear()  # as in a fresh process
    barrier = threading.Barrier(8)
    errors: list[BaseException] = []

    def decode() -> None:
        barrier.wait()
        try:
            for _ in range(5):
                EngineRound.from_json(data, compile_rule("color != last.color"))
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=decode) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
