"""The input guard: the limits every file the tool reads is held to, and the
checks of single values that every reader (season, proposal, scenario, CSV) uses.

Numbers enter the solver as 32-bit integers; the limits below keep every value,
and every sum the rules make of them, inside that range. They are generous for
any real league and are stated in docs/season-format.md ("Limits").
"""

from __future__ import annotations

import re

# --- limits (docs/season-format.md, "Limits") --------------------------------
MAX_DEPTH = 64  # levels of nesting in a YAML or JSON file
MAX_ALIAS_VALUES = 100_000  # values a YAML file may produce through aliases (*name)
MAX_GAMES = 999_999  # games: table values, rungs, decisions, a new rule's yields
MAX_MINUTES = 999_999  # penalty minutes of one line, settings.pim, thresholds
MAX_PERIOD = 99  # period numbers and settings.regulation_periods
MAX_PERIOD_MINUTES = 999  # settings.period_minutes (a time is written mm:ss, mm up to 999)
MAX_COUNT = 999_999  # settings.roster_limit, max_affiliate_games, a rung's offence number
SOLVER_MAX = 2**31 - 1  # the solver's integers: a season's minutes together stay below
# characters in one CSV field: text has no limit of its own, so no field the exporter
# writes may be refused on the way back (csv's own default is 131,072); this is the
# most the csv module takes on every platform (a C long)
MAX_CSV_FIELD = 2**31 - 1

_CONTROL = re.compile("[\x00-\x1f\x7f]")


class WrittenInt(int):
    """An integer read from text that does not write it canonically (YAML `007`,
    `0x1F`, `1_000`): the text as written is kept, for where an id is meant."""

    written: str


class WrittenFloat(float):
    """A float with the text it was written as (an id like `1.50` stays "1.50")."""

    written: str


def written(cls, value, text: str):
    out = cls(value)
    out.written = text
    return out


def shown(value, limit: int = 60) -> str:
    """A short, printable rendering of any value read from a file, for messages:
    never the whole of a huge or deeply nested value, never a lone surrogate."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 200:
            return f"a number of about {int(value.bit_length() * 0.30103)} digits"
        return getattr(value, "written", None) or repr(int(value))
    if isinstance(value, float):
        return getattr(value, "written", None) or repr(float(value))
    if isinstance(value, str):
        text = repr(value[:limit])  # repr escapes control characters and surrogates
        return text if len(value) <= limit else text[:-1] + "..." + text[-1]
    if isinstance(value, dict):
        return "a mapping" if value else "an empty mapping {}"
    if isinstance(value, list):
        return "a list" if value else "an empty list []"
    return type(value).__name__


def kind(value) -> str:
    """What a value read from a file is, in plain words."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    return {dict: "a mapping", list: "a list", str: "text", type(None): "nothing"}.get(
        type(value), type(value).__name__
    )


def text_problem(value: str, is_id: bool = False) -> str | None:
    """Why a text cannot be used: a lone surrogate (not valid Unicode) anywhere;
    a control character (NUL, tab, newline, ...) in an id."""
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            return f"not valid Unicode text (a lone surrogate \\u{ord(value[exc.start]):04x})"
    if is_id:
        m = _CONTROL.search(value)
        if m:
            return f"an id may not contain a control character ({m.group()!r} at position {m.start() + 1})"
    return None


def id_text(value) -> tuple[str | None, str | None]:
    """An id as text: text as is, a bare number as the text it was written as
    (YAML `id: 007` is "007", a JSON 7 is "7"). (id, None) or (None, why not)."""
    if isinstance(value, str):
        problem = text_problem(value, is_id=True)
        return (None, problem) if problem else (value, None)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        text = getattr(value, "written", None)
        if text is None:
            if isinstance(value, int) and value.bit_length() > 200:
                return None, f"expected an id, got {shown(value)}"
            text = repr(value)
        return text, None
    return None, f"expected text, got {kind(value)} {shown(value)}"


def whole(
    value, low: int, high: int, what: str = "a whole number", text_ok: bool = False
) -> tuple[int | None, str | None]:
    """A whole number within [low, high]: (n, None) or (None, why not). `text_ok`:
    digits 0-9 written as text count too (never other Unicode digits such as '²')."""
    if text_ok and isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 18:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        return None, f"expected {what}, got {kind(value)} {shown(value)}"
    if not low <= value <= high:
        if value < low:
            return None, f"must be at least {low:,}, got {shown(value)}"
        return None, f"must be at most {high:,}, got {shown(value)} (the limit for {what})"
    return int(value), None


def die_with_parent(parent: int) -> None:
    """Called first in a child process (a proposal's grounding): the child ends when
    its parent does, killed or not, so that no grounding outlives its command. On
    Linux the kernel sends SIGKILL at once; elsewhere a thread watches the parent."""
    import os
    import signal
    import sys
    import threading
    import time

    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
            pass
    if os.getppid() != parent:  # the parent ended before the child started
        os._exit(1)

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()
