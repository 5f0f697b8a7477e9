"""Progress of long work, for people watching a terminal.

The library only announces what it is doing (stage, parts solved); nothing is shown
unless a reporter is installed, which the command line does when standard error is a
terminal and --quiet is not given. Results never depend on it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol


class Reporter(Protocol):
    def stage(self, text: str) -> None: ...

    def parts(self, done: int, total: int) -> None: ...


class _Silent:
    def stage(self, text: str) -> None:
        pass

    def parts(self, done: int, total: int) -> None:
        pass


_reporter: Reporter = _Silent()


def stage(text: str) -> None:
    """A stage begins: reading, solving, writing."""
    _reporter.stage(text)


def parts(done: int, total: int) -> None:
    """`done` of `total` parts of a split season are solved."""
    _reporter.parts(done, total)


@contextmanager
def reporting(reporter: Reporter | None) -> Iterator[None]:
    """Install `reporter` (None: stay silent) for the duration of the block."""
    global _reporter
    before = _reporter
    _reporter = reporter or _Silent()
    try:
        yield
    finally:
        _reporter = before
