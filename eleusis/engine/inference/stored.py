"""The rule language's candidate space, kept on disk between processes.

Building the space in a new process took seconds (issue 38: a worker killed and restarted moved
its bots 10-13 s after it started): each of the 3,758 candidates parsed by Lark from its text,
checked and compiled, then judged on the run-time probes (its fingerprint) and grouped into
classes. A process that builds it stores it here; the next process (a worker started again, a
server's next boot) loads it instead: the checked rule trees, fingerprints and classes come back
from one file and only the closures are generated again (`CompiledRule.__reduce__`), in a
fraction of the time (benchmarks/bench_space.py prints both).

The file is keyed by a digest of everything that decides its content: every source file of the
engine (the grammar, the compiler, the library, the pool, the probes, `candidates.json`) and the
Python version. A changed engine never reads an old file: it misses, builds, and stores a new
one. A missing, unreadable, truncated or foreign file is a miss too, never an error: the caller
builds the space as it always did.

Where: `ELEUSIS_CACHE_DIR` if set (an empty value turns the store off), else a `__pycache__`
beside this module, as Python keeps its own compiled modules: the same trust as the code (a
pickle, like a `.pyc`, runs what it names when loaded), writable wherever the code was installed
by the user who runs it. Where it is not writable, the user's cache directory
(`$XDG_CACHE_HOME/eleusis`, by default `~/.cache/eleusis`) is used; a directory or file that
another user could write is never read. Written to a temporary file and renamed, so a process
never reads a half-written file, and processes that store at once each leave a whole one.
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

logger = logging.getLogger(__name__)

ENGINE = Path(__file__).resolve().parents[1]
_FORMAT = 1  # bump when what is stored changes shape without an engine source changing
_SUFFIXES = (".py", ".lark", ".json")


def space_digest() -> str:
    """A digest of every engine source the stored space depends on, and of the Python that
    pickled it."""
    digest = hashlib.sha256(f"{_FORMAT}:{sys.version}:{pickle.HIGHEST_PROTOCOL}".encode())
    for path in sorted(_sources()):
        digest.update(str(path.relative_to(ENGINE)).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def _sources() -> Iterator[Path]:
    for path in ENGINE.rglob("*"):
        if path.suffix in _SUFFIXES and "__pycache__" not in path.parts and path.is_file():
            yield path


def directories() -> list[Path]:
    """Where the space may be stored, in order of preference (none: the store is off)."""
    chosen = os.environ.get("ELEUSIS_CACHE_DIR")
    if chosen is not None:
        return [Path(chosen)] if chosen.strip() else []
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return [Path(__file__).resolve().with_name("__pycache__"), Path(xdg) / "eleusis"]


def _file_name(digest: str) -> str:
    return f"candidate-space-{digest[:32]}.pickle"


def load(digest: str | None = None) -> object | None:
    """What was stored for today's engine (the caller checks it is a space), or None: nothing
    stored, or not usable."""
    digest = digest or space_digest()
    for directory in directories():
        path = directory / _file_name(digest)
        try:
            with open(path, "rb") as handle:
                if not (_trusted(os.fstat(handle.fileno())) and _trusted(os.stat(directory))):
                    logger.warning("not reading %s: another user may write it", path)
                    continue
                stored: object = pickle.load(handle)
        except FileNotFoundError:
            continue
        except Exception:  # a truncated or foreign file: build instead, and store anew
            logger.warning("could not read the stored candidate space %s", path, exc_info=True)
            continue
        if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == digest:
            found: object = stored[1]
            return found
    return None


def save(space: object, digest: str | None = None) -> Path | None:
    """Store `space` in the first directory that takes it; the path, or None when none did."""
    digest = digest or space_digest()
    data = pickle.dumps((digest, space), protocol=pickle.HIGHEST_PROTOCOL)
    for directory in directories():
        try:
            directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            if not _trusted(os.stat(directory)):
                continue
            handle, temporary = tempfile.mkstemp(dir=directory, prefix=".candidate-space-")
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(data)
                path = directory / _file_name(digest)
                os.replace(temporary, path)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError:
            continue
        _remove_older(directory, keep=path)
        return path
    return None


def _remove_older(directory: Path, keep: Path) -> None:
    """Files of earlier engines go when a new one is stored (one file per engine version)."""
    for old in directory.glob(_file_name("*")):
        if old != keep:
            old.unlink(missing_ok=True)


def _trusted(status: os.stat_result) -> bool:
    """Owned by this user (or root) and writable by no one else."""
    owner_ok = status.st_uid in (os.getuid(), 0) if hasattr(os, "getuid") else True
    return owner_ok and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
