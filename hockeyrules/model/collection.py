"""The cycle collector paused while many containers are made and none form a cycle;
and, in a process that ends once its command is done (the `hockeyrules` program), what
the command made is neither walked nor freed again before the end."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_ENDING = False  # set by ending(): this process ends once its command is done
_KEPT: list = []


@contextmanager
def paused(freeze: bool = False) -> Iterator[None]:
    """No cyclic garbage collection inside; restored as it was after. Each collection
    would walk every container the process still holds, for no cycle to find: it
    doubled the time of writing a large season, and took 0.25 s of turning a 100x
    result into output.

    `freeze`, for a process that ends soon after the block: what it holds is first moved
    out of the collector's sight (gc.freeze), else the first collections after it walk
    everything made while collection was off, once each generation (a 100x season: 81
    and 131 ms as the command ended, for 63 objects found)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
        if enabled:
            gc.enable()


def ending() -> None:
    """This process ends once its command is done (hockeyrules.cli.commands.run, never a library
    caller): from now on keep() holds what it is given, and paused(freeze=ends())."""
    global _ENDING
    _ENDING = True


def ends() -> bool:
    return _ENDING


def keep(obj) -> None:
    """Hold `obj` to the end of a process that ends once its command is done: a season
    freed object by object as its last reference goes took 93 ms at 100x, for memory the
    process's end returns whole. Elsewhere (a library caller), nothing."""
    if _ENDING:
        _KEPT.append(obj)


def freeze_shared() -> None:
    """In a forked worker: everything it shares with its parent goes to the collector's
    permanent generation, so that its collections walk only what it makes itself (and
    never copy, page by page, what it shares)."""
    gc.freeze()


@contextmanager
def frozen() -> Iterator[None]:
    """What this process holds out of the collector's sight while workers forked inside
    share it (each then copies only the pages of its own part); back after."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
