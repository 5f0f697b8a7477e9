"""What a solve raises, apart from the solver: a command catches these without
importing clingo (a command whose solve runs in another process never loads it)."""

from __future__ import annotations


class EncodingError(RuntimeError):
    """The encoding itself is broken (never the user's input)."""


class GroundingTimeout(RuntimeError):
    """A proposal's rules did not ground within the time limit."""


class GroundingOutOfMemory(RuntimeError):
    """A proposal's rules ran out of memory while grounding (or the child was killed)."""
