"""How long a new process takes to have the candidate space (issue 38: a worker started again
moves its bots only once it has it).

    .venv/bin/python benchmarks/bench_space.py            # the figures, printed
    .venv/bin/python benchmarks/bench_space.py --runs 5

Each run is a fresh Python process (nothing built or imported before), timed from before the
engine's import to the space in hand, three ways: built with the store off
(`ELEUSIS_CACHE_DIR=""`: parse, check and compile every candidate, fingerprint and group them,
as every process did before), built and stored into an empty store (the first process of a new
engine version), and loaded from the store (every later process). Wall and CPU seconds of the
child, median of the runs. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import json, time
wall, cpu = time.perf_counter(), time.process_time()
from eleusis.engine.inference import candidate_space
space = candidate_space()
print(json.dumps({"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
                  "candidates": len(space), "classes": len(space.classes)}))
"""


def run(cache_dir: str) -> dict:
    env = {**os.environ, "ELEUSIS_CACHE_DIR": cache_dir, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    figures: dict[str, list[dict]] = {"built (store off)": [], "built and stored": [], "loaded": []}
    for _ in range(args.runs):
        figures["built (store off)"].append(run(""))
        with tempfile.TemporaryDirectory() as store:
            figures["built and stored"].append(run(store))
            figures["loaded"].append(run(store))
    first = figures["loaded"][0]
    print(f"candidate space: {first['candidates']} candidates, {first['classes']} classes")
    print(f"fresh process, median of {args.runs} runs (wall s / CPU s):")
    for name, runs in figures.items():
        wall = statistics.median(r["wall"] for r in runs)
        cpu = statistics.median(r["cpu"] for r in runs)
        print(f"  {name:<20} {wall:6.2f} / {cpu:5.2f}")


if __name__ == "__main__":
    main()
