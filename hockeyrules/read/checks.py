"""The checker of a file read into plain data: every problem collected with where it
is (the season's and the issued suspensions' readers share it, and its checks of a
date and of an id named)."""

from __future__ import annotations

import datetime as _dt
import re
from typing import cast

from hockeyrules.model import guard
from hockeyrules.model import vocabulary as vocab
from hockeyrules.model.errors import Problem
from hockeyrules.model.guard import shown
from hockeyrules.read.loader import LazyArray, Located, render_path

_DATE_RE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
_kind = guard.kind


class Checker:
    """Collects problems while reading one file."""

    def __init__(self, located: Located, source: str):
        self.located = located
        self.source = source
        self.problems: list[Problem] = list(located.problems)
        self.warnings: list[Problem] = []
        self._reported = {p.where for p in located.problems}
        self._minutes = 0  # an upper bound of the season's penalty minutes (the solver sums them)
        self._unwritten = 0
        self._line_most = 0

    def take_minutes(self, minutes: int | None) -> bool:
        """Count a line's minutes (None: not written, the most its penalties could give)
        if every sum of minutes the solver makes stays within its 32-bit integers, all
        the lines' minutes together; else count nothing and say False."""
        unwritten = self._unwritten + (minutes is None)
        total = self._minutes + (minutes or 0)
        if total + unwritten * self._line_most > guard.SOLVER_MAX:
            return False
        self._unwritten, self._minutes = unwritten, total
        return True

    def count_minutes(self, minutes: int | None, path: tuple) -> None:
        """take_minutes(), and where the sum passes the limit, the error there."""
        if not self.take_minutes(minutes):
            self.error(
                path + ("minutes",),
                f"the season's penalty minutes add up past {guard.SOLVER_MAX:,} "
                f"here (the limit of the solver's numbers)",
            )
            self._minutes = self._unwritten = 0  # said once, here

    def error(self, path: tuple, message: str) -> None:
        if render_path(path) in self._reported:
            return  # the reader already said what is wrong here
        self.problems.append(Problem(render_path(path), message, self.located.line(path)))

    def warn(self, path: tuple, message: str) -> None:
        self.warnings.append(Problem(render_path(path), message, self.located.line(path)))

    def mapping(self, value, path: tuple, known: tuple) -> dict | None:
        if not isinstance(value, dict):
            self.error(path, f"expected a mapping, got {_kind(value)}")
            return None
        for key in value:
            if key not in known and guard.text_problem(key):
                self.error(path + (key,), f"unknown field: {guard.text_problem(key)}")
            elif key not in known:
                self.warn(path + (key,), f"unknown field {shown(key)} ignored (known: {', '.join(known)})")
        return value

    def text(
        self, obj: dict, key: str, path: tuple, required=True, default=None, nonempty=False, ident=False, ref=False
    ):
        """Text (a lone surrogate is an error). `ident`: an id, where a control
        character is an error too; `ident` and `ref` (a reference to an id, or free
        text): a bare number is the text as written."""
        if key not in obj or obj[key] is None:
            if required:
                self.error(path + (key,), "missing")
            return default
        value = obj[key]
        if type(value) is str:
            problem = guard.text_problem(value, ident) if ident or not value.isascii() else None
        elif ident or ref:
            value, problem = guard.id_text(value)
        else:
            problem = f"expected text, got {_kind(value)} {shown(value)} (quote it)"
        if problem:
            self.error(path + (key,), problem)
            return default
        if nonempty and not value:
            self.error(path + (key,), "must not be empty")
            return default
        return value

    def flag(self, obj: dict, key: str, path: tuple) -> bool:
        """true or false; absent or null is false."""
        value = obj.get(key, False)
        if value is None:
            return False
        if not isinstance(value, bool):
            self.error(path + (key,), f"expected true or false, got {_kind(value)} {shown(value)}")
            return False
        return value

    def integer(self, obj: dict, key: str, path: tuple, default: int | None, minimum: int, maximum: int):
        if key not in obj or obj[key] is None:
            return default
        value, problem = guard.whole(obj[key], minimum, maximum)
        if problem:
            self.error(path + (key,), problem)
            return default
        return value

    def choice(self, obj: dict, key: str, path: tuple, options, required=True, default=None):
        if required and obj.get(key) is None:  # what to write, with the error that it is not there
            self.error(path + (key,), f"missing: one of {', '.join(options)}")
            return default
        value = self.text(obj, key, path, required=required, default=None)
        if value is None:
            return default
        if value not in options:
            near = vocab.closest(value, options)
            hint = f"; did you mean {' or '.join(near)}?" if near else f"; one of {', '.join(options)}"
            self.error(path + (key,), f"unknown value {shown(value)}{hint}")
            return default
        return value

    def items(self, obj: dict, key: str, path: tuple, required=True) -> list:
        if key not in obj or obj[key] is None:
            if required:
                self.error(path + (key,), "missing")
            return []
        value = obj[key]
        if not isinstance(value, (list, LazyArray)):
            self.error(path + (key,), f"expected a list, got {_kind(value)}")
            return []
        return cast(list, value)  # a LazyArray is read like a list (once)


def date_field(c: Checker, obj: dict, path: tuple, key: str = "date", required: bool = True):
    """The date at obj[key] (YYYY-MM-DD), or None with the error there."""
    value = c.text(obj, key, path, required=required)
    if value is None:
        return None
    if not _DATE_RE.match(value):
        c.error(path + (key,), f"not a date: {shown(value)} (expected YYYY-MM-DD)")
        return None
    try:
        _dt.date.fromisoformat(value)
    except ValueError:
        c.error(path + (key,), f"not a date: {shown(value)}")
        return None
    return value


def known(c: Checker, obj: dict, path: tuple, key: str, ids) -> str | None:
    """The id `obj[key]` names, if it is one of `ids` (an unknown one is an error there)."""
    value = c.text(obj, key, path, nonempty=True, ref=True)
    if value is not None and value not in ids:
        c.error(path + (key,), f"unknown {key} {shown(value)}")
        return None
    return value
