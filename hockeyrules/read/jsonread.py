"""Strict JSON: what json.loads refuses is refused, at the same line and column,
and more: a key twice in one object, NaN and Infinity (not JSON), a number too
long to read, nesting deeper than guard.MAX_DEPTH.

The fast path is the json module's C decoder (a hook on every object catches a
repeated key). When it stops on one of the above, `locate` scans that value again,
slowly but without recursion, to say where each problem is. A season's games are
read one at a time (LazyArray) as the season is checked, so that a national
season is never held twice in memory.
"""

from __future__ import annotations

import json
import re
from json.decoder import JSONDecodeError, scanstring  # type: ignore[attr-defined]

from hockeyrules.model.errors import InputError, Problem
from hockeyrules.model.guard import MAX_DEPTH, WrittenFloat, written
from hockeyrules.read.located import Located, render_path

_SPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_INT_DIGITS = 4300  # what int() reads (sys.get_int_max_str_digits); the guard's own limits are far below


class _Duplicate(Exception):
    pass


class _NotJson(Exception):
    pass


def _pairs(pairs: list) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _Duplicate
    return out


def _constant(name: str):
    raise _NotJson(name)


def _float(text: str) -> float:
    return written(WrittenFloat, float(text), text)


_DECODER = json.JSONDecoder(object_pairs_hook=_pairs, parse_constant=_constant, parse_float=_float)
# Only to find json's own words for a syntax error once the strict decoder stopped elsewhere.
_LENIENT = json.JSONDecoder(
    object_pairs_hook=lambda pairs: None, parse_constant=lambda name: 0.0, parse_int=lambda text: 0
)
_FAILED = (_Duplicate, _NotJson, ValueError, RecursionError)  # after JSONDecodeError (a ValueError)


def _skip(text: str, at: int) -> int:
    return _SPACE.match(text, at).end()  # type: ignore[union-attr]  # (\s* always matches)


def _line_column(text: str, at: int) -> tuple[int, int]:
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


def syntax_problem(exc: JSONDecodeError) -> Problem:
    return Problem("(file)", f"not valid JSON: {exc.msg} (column {exc.colno})", exc.lineno)


class _Syntax(Exception):
    pass


def locate(text: str, start: int, base: tuple = (), depth: int = 0) -> list[Problem]:
    """Every problem of the one JSON value at `start` (inside `depth` containers,
    at path `base`) that the strict decoder stops on, located; a syntax error in
    json's own words. Iterative: any nesting is scanned without recursion."""
    problems: list[Problem] = []

    def problem(path: tuple, message: str, at: int) -> None:
        line, column = _line_column(text, at)
        where = render_path(path[:8]) + ("..." if len(path) > 8 else "")  # a deep path: its start
        problems.append(Problem(where, f"{message} (column {column})", line))

    stack: list = []  # [opening char, path, keys seen | index]
    path, at, want_value = base, _skip(text, start), True
    try:
        while True:
            if want_value:
                char = text[at : at + 1]
                if char in ("{", "["):
                    if depth + len(stack) + 1 > MAX_DEPTH:
                        problem(path, f"nested deeper than {MAX_DEPTH} levels", at)
                        return problems  # what lies deeper is not read
                    stack.append([char, path, set() if char == "{" else 0])
                    at = _skip(text, at + 1)
                    if text[at : at + 1] == ("}" if char == "{" else "]"):
                        stack.pop()
                        at, want_value = at + 1, False
                    elif char == "{":
                        path, at = _key(text, at, stack[-1], problem)
                    else:
                        path = stack[-1][1] + (0,)
                    continue
                if char == '"':
                    _, at = scanstring(text, at + 1)
                elif text.startswith(("NaN", "Infinity", "-Infinity"), at):
                    name = next(n for n in ("NaN", "Infinity", "-Infinity") if text.startswith(n, at))
                    problem(path, f"{name} is not JSON: write a number", at)
                    at += len(name)
                elif char == "t" and text.startswith("true", at) or char == "n" and text.startswith("null", at):
                    at += 4
                elif char == "f" and text.startswith("false", at):
                    at += 5
                else:
                    m = _NUMBER.match(text, at)
                    if not m:
                        raise _Syntax
                    if len(m.group(1)) > _INT_DIGITS:
                        problem(path, f"a number of {len(m.group(1)):,} digits", at)
                    at = m.end()
                want_value = False
                continue
            at = _skip(text, at)
            if not stack:
                break
            top = stack[-1]
            char = text[at : at + 1]
            if char == ",":
                at = _skip(text, at + 1)
                if top[0] == "{":
                    path, at = _key(text, at, top, problem)
                else:
                    top[2] += 1
                    path = top[1] + (top[2],)
                want_value = True
            elif char == ("}" if top[0] == "{" else "]"):
                stack.pop()
                at += 1
            else:
                raise _Syntax
    except (_Syntax, JSONDecodeError):
        try:
            _LENIENT.raw_decode(text, _skip(text, start))
        except JSONDecodeError as exc:
            problems.append(syntax_problem(exc))
        except (ValueError, RecursionError):
            line, column = _line_column(text, at)
            problems.append(Problem("(file)", f"not valid JSON (column {column})", line))
    if not problems:  # pragma: no cover - the decoder and this scan disagree
        line, column = _line_column(text, start)
        problems.append(Problem(render_path(base), f"not readable JSON (column {column})", line))
    return problems


def _key(text: str, at: int, top: list, problem) -> tuple[tuple, int]:
    if text[at : at + 1] != '"':
        raise _Syntax
    key, end = scanstring(text, at + 1)
    if key in top[2]:
        problem(top[1] + (key,), "duplicate key", at)
    top[2].add(key)
    end = _skip(text, end)
    if text[end : end + 1] != ":":
        raise _Syntax
    return top[1] + (key,), _skip(text, end + 1)


def _decode(text: str, at: int, source: str, path: tuple, depth: int):
    """One value with the strict decoder: (value, end), or InputError located."""
    try:
        return _DECODER.raw_decode(text, at)
    except JSONDecodeError as exc:
        raise InputError(source, [syntax_problem(exc)]) from None
    except _FAILED:
        raise InputError(source, locate(text, at, path, depth)) from None


def _deepest(data) -> int:
    """How deeply a decoded value nests (without recursion)."""
    most, stack = 0, [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children = value.values() if isinstance(value, dict) else value
        most = max(most, depth)
        stack.extend((c, depth + 1) for c in children if isinstance(c, (dict, list)))
    return most


def parse(text: str, source: str, stream: bool = False) -> Located:
    """A JSON file's data. With `stream`, a top-level object's `games` array is left
    to a LazyArray, read when the season is checked."""
    start = _skip(text, 0)
    if stream and text[start : start + 1] == "{":
        return Located(_TopLevel(text, source, start).data)
    data, end = _decode(text, start, source, (), 0)
    end = _skip(text, end)
    if end != len(text):
        raise InputError(source, [syntax_problem(JSONDecodeError("Extra data", text, end))])
    if isinstance(data, (dict, list)) and _deepest(data) > MAX_DEPTH:
        raise InputError(source, locate(text, start))
    return Located(data)


class _TopLevel:
    """The top-level object of a JSON season, member by member: every delimiter is
    checked as json.loads checks it; the games array is left to a LazyArray when
    the teams, people and settings came before it (the usual order), else read whole."""

    def __init__(self, text: str, source: str, start: int):
        self.text, self.source = text, source
        self.data: dict = {}
        self.at = _skip(text, start + 1)
        self.first = True
        self.members()

    def fail(self, message: str, at: int):
        raise InputError(self.source, [syntax_problem(JSONDecodeError(message, self.text, at))])

    def members(self) -> None:
        """Read members until the object ends or the games array may be left for later."""
        text = self.text
        while True:
            char = text[self.at : self.at + 1]
            if char == "}":
                end = _skip(text, self.at + 1)
                if end != len(text):
                    self.fail("Extra data", end)
                return
            if not self.first:
                if char != ",":
                    self.fail("Expecting ',' delimiter", self.at)
                self.at = _skip(text, self.at + 1)
            if text[self.at : self.at + 1] != '"':
                self.fail("Expecting property name enclosed in double quotes", self.at)
            self.first = False
            key_at = self.at
            try:
                key, self.at = scanstring(text, self.at + 1)
            except JSONDecodeError as exc:
                raise InputError(self.source, [syntax_problem(exc)]) from None
            if key in self.data:
                line, column = _line_column(text, key_at)
                raise InputError(self.source, [Problem(render_path((key,)), f"duplicate key (column {column})", line)])
            self.at = _skip(text, self.at)
            if text[self.at : self.at + 1] != ":":
                self.fail("Expecting ':' delimiter", self.at)
            self.at = _skip(text, self.at + 1)
            if (
                key == "games"
                and text[self.at : self.at + 1] == "["
                and {"teams", "people", "settings"} <= set(self.data)
            ):
                self.data[key] = LazyArray(self)
                return  # the rest is read when the games are
            self.data[key], self.at = _decode(text, self.at, self.source, (key,), 1)
            self.at = _skip(text, self.at)

    def after_array(self) -> None:
        self.at = _skip(self.text, self.at)
        self.members()


class LazyArray:
    """The games of a JSON season, decoded one at a time, once."""

    def __init__(self, top: _TopLevel):
        self.top: _TopLevel | None = top
        self.used = False

    def __iter__(self):
        if self.used:
            raise RuntimeError("the games of a streamed season can be read once")
        self.used = True
        top = self.top
        assert top is not None  # (None only once the array is read)
        text, source = top.text, top.source
        top.at = _skip(text, top.at + 1)
        if text[top.at : top.at + 1] == "]":
            top.at += 1
        else:
            index = 0
            while True:
                item, top.at = _decode(text, top.at, source, ("games", index), 2)
                yield item
                index += 1
                top.at = _skip(text, top.at)
                char = text[top.at : top.at + 1]
                if char == ",":
                    top.at = _skip(text, top.at + 1)
                    continue
                if char != "]":
                    top.fail("Expecting ',' delimiter", top.at)
                top.at += 1
                break
        top.after_array()
        # the file's text held by a cycle (this array is its top level's member) goes as
        # soon as it is read, not when the collector finds the cycle: a streamed season is
        # read and solved with collection off (parts.solve_while_reading), and 1000x
        # kept 520 MB of text to the end
        self.top = None
