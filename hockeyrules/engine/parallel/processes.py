"""How processes start here (the one decision of fork or spawn), and work mapped over
forked workers (the audit's and the explanations' parts)."""

from __future__ import annotations

import os
import sys

from hockeyrules.model import collection

START_METHOD = "HOCKEYRULES_START_METHOD"


def start_method() -> str:
    """How worker processes start: HOCKEYRULES_START_METHOD when set, else `fork` where the
    platform has it and it is safe (Linux and the BSDs), else `spawn` (Windows, macOS).
    Decided without importing multiprocessing, which a command may never need."""
    chosen = os.environ.get(START_METHOD)
    if chosen:
        return chosen
    if sys.platform != "darwin" and hasattr(os, "fork"):
        return "fork"
    return "spawn"


def forks() -> bool:
    """Whether this process may fork a helper now: processes start by forking
    (start_method()), and no other thread runs (a library caller's: a fork copies a
    lock another thread may hold)."""
    if start_method() != "fork" or not hasattr(os, "fork"):
        return False
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1


def worker_start() -> None:
    """In a forked worker: everything it shares with the parent, the results the parent
    has gathered so far included, out of the collector's sight, so that its collections
    walk only what it makes itself (the parent's results grow with the season)."""
    collection.freeze_shared()


_FORKED: tuple = ()  # (work, parts, args) while map_forked's workers run


def _forked(index: int):
    worker_start()
    work, parts, args = _FORKED
    return work(parts[index], *args)


def map_forked(work, parts: list, *args) -> list:
    """[work(part, *args) for part in parts], each part in a fresh worker started by fork
    that reads it from the memory it shares with this process (the garbage collector
    frozen, so that a worker copies only the pages of its own part); in this process
    where one worker would do. What `work` returns must pickle."""
    global _FORKED
    workers = min(os.cpu_count() or 1, len(parts))
    if workers <= 1:
        return [work(part, *args) for part in parts]
    import multiprocessing as mp  # (here: start-up time, only where parts are forked)

    _FORKED = (work, parts, args)
    try:
        with collection.frozen():
            # one part a worker: a process that has grounded before grounds the next
            # part more slowly, and a fresh one costs little beside an audit's part
            with mp.get_context("fork").Pool(workers, maxtasksperchild=1) as pool:
                return pool.map(_forked, range(len(parts)), chunksize=1)
    finally:
        _FORKED = ()
