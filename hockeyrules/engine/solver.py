"""Ground and solve the encoding over a set of facts; return the shown atoms.

The encoding is stratified: grounding computes the one answer set, and the
solver only confirms it. The season's facts come as one tuple term per input
predicate, of integers and fixed constants (hockeyrules/facts/build.py: no user text
in them), which asp/input.lp unpacks while grounding; the few facts that carry
text of their own (a proposal's rule ids) enter through the backend as clingo
Strings, never as program text.
"""

from __future__ import annotations

import atexit
import time
from collections.abc import Iterable
from typing import Any, NamedTuple

import clingo

from hockeyrules.engine.encoding import ENCODING, encoding_text
from hockeyrules.engine.errors import EncodingError, GroundingOutOfMemory, GroundingTimeout
from hockeyrules.engine.settings import SETTINGS

__all__ = [
    "ENCODING",
    "EncodingError",
    "GroundingOutOfMemory",
    "GroundingTimeout",
    "Solution",
    "Started",
    "answer",
    "begin",
    "encoding_text",
    "from_plain",
    "solve",
    "to_plain",
]


class Solution(NamedTuple):
    symbols: list
    stats: dict


def to_plain(sym: clingo.Symbol):
    """A symbol as plain picklable data (a pickled clingo.Symbol holds a pointer into
    this process's symbol table: another process cannot read it)."""
    kind = sym.type
    if kind == clingo.SymbolType.Number:
        return sym.number
    if kind == clingo.SymbolType.String:
        return sym.string
    if kind == clingo.SymbolType.Function:
        return (sym.name, tuple(to_plain(a) for a in sym.arguments), sym.positive)
    return ("#sup",) if kind == clingo.SymbolType.Supremum else ("#inf",)


def from_plain(value) -> clingo.Symbol:
    """The symbol to_plain() made plain, built with the symbol API."""
    if isinstance(value, int):
        return clingo.Number(value)
    if isinstance(value, str):
        return clingo.String(value)
    if len(value) == 1:
        return clingo.Supremum if value[0] == "#sup" else clingo.Infimum
    name, args, positive = value
    return clingo.Function(name, [from_plain(a) for a in args], positive)


class _Given:
    """The grounding context of asp/input.lp: @facts(Name) is the members of Name's term,
    each term read by clingo's term parser (a term, never a rule)."""

    __slots__ = ("members",)

    def __init__(self, terms: dict):
        self.members = {name: clingo.parse_term(text).arguments for name, text in terms.items()}

    def facts(self, name: clingo.Symbol) -> list:
        return self.members.get(name.name, [])


def answer(solution: Solution, cpu_from: float) -> tuple:
    """What a solve in another process sends back (parallel/ahead.py, parallel/runner.solve_batch):
    the shown atoms printed (read back with no clingo: once.assemble), the solve's
    figures, and that process's cpu seconds since `cpu_from`."""
    return [str(s) for s in solution.symbols], solution.stats, time.process_time() - cpu_from


class Started(NamedTuple):
    """A control with the encoding added, before any fact (begin())."""

    ctl: Any
    messages: list
    seconds: float


def begin(encoding: Iterable[str] = ENCODING) -> Started:
    """A control with the encoding's files added: the work before the first fact, which
    a process started ahead does while the season is still read (hockeyrules/engine/parallel/ahead.py)."""
    messages: list[str] = []

    def logger(code, message):
        messages.append(message)

    t0 = time.perf_counter()
    ctl = clingo.Control(["--models=1"], logger=logger, message_limit=50)
    encoding = tuple(encoding)
    statements = _PARSED.statements(encoding)
    try:
        if statements is None:
            for name in encoding:
                ctl.add("base", [], encoding_text(name))
        else:
            _PARSED.build(ctl, statements)
    except RuntimeError as exc:
        raise EncodingError("\n".join(messages) or str(exc)) from None
    return Started(ctl, messages, time.perf_counter() - t0)


class _Parsed:
    """The encoding's files as clingo.ast statements, once a process has added their
    text SETTINGS.encoding_texts_before_parsed times (a command that solves many times:
    scenario tests, readings, a worker's parts). The same program either way: the
    statements are what clingo parses the text into, and they are kept only where
    parsing gave no message (the text's messages are then the same, none)."""

    def __init__(self) -> None:
        self.added: dict[tuple, int] = {}
        self.kept: dict[tuple, list | None] = {}
        self.ast: Any = None  # clingo.ast, once imported
        # clingo.ast frees a statement through its module: statements still held when
        # the interpreter ends (a _Parsed a test replaced, say) are freed before that
        # module is torn down, not after it, where each would say so on standard error
        atexit.register(self.kept.clear)

    def statements(self, encoding: tuple) -> list | None:
        if encoding in self.kept:
            return self.kept[encoding]
        self.added[encoding] = self.added.get(encoding, 0) + 1
        if self.added[encoding] <= SETTINGS.encoding_texts_before_parsed:
            return None
        import clingo.ast  # (here: only a process that solves many times parses into statements)

        statements: list = []
        said: list = []
        try:
            for name in encoding:
                clingo.ast.parse_string(encoding_text(name), statements.append, logger=lambda c, m: said.append(m))
        except RuntimeError:
            said.append("")
        self.kept[encoding] = None if said else statements
        self.ast = clingo.ast
        return self.kept[encoding]

    def build(self, ctl, statements: list) -> None:
        with self.ast.ProgramBuilder(ctl) as builder:
            for statement in statements:
                builder.add(statement)


_PARSED = _Parsed()


def solve(
    facts: Iterable[clingo.Symbol] = (),
    programs: Iterable[str] = (),
    encoding: Iterable[str] = ENCODING,
    given: dict | None = None,
    count: int = 0,
    stages: Iterable = (),
    started: Started | None = None,
) -> Solution:
    """`given`: each input predicate's facts as the text of one tuple term (`count` of
    them), made by hockeyrules.facts.build only (Facts.given()); `facts`: symbols added
    through the backend. `stages`: further program parts (name,
    arguments) grounded one after another after base (the audit's serving, a team game
    at a time: asp/audit_serving.lp). `started`: the encoding already added (begin())."""
    if started is None:
        started = begin(encoding)
    ctl, messages = started.ctl, started.messages
    t0 = time.perf_counter()
    try:
        for program in programs:
            ctl.add("base", [], program)
    except RuntimeError as exc:
        raise EncodingError("\n".join(messages) or str(exc)) from None
    context = _Given(given or {})
    with ctl.backend() as backend:
        for sym in facts:
            backend.add_rule([backend.add_atom(sym)])
            count += 1
    t1 = time.perf_counter()
    try:
        ctl.ground([("base", [])], context=context)
        for part in stages:
            ctl.ground([part])
    except RuntimeError as exc:
        raise EncodingError("\n".join(messages) or str(exc)) from None
    t2 = time.perf_counter()
    found: list = []
    result = ctl.solve(on_model=lambda m: found.append(m.symbols(shown=True)))
    t3 = time.perf_counter()
    if not result.satisfiable or not found:
        raise EncodingError("the encoding has no answer set:\n" + "\n".join(messages))
    lp = ctl.statistics["problem"]["lp"]
    stats = {
        "facts": count,
        "atoms": int(lp["atoms"]),
        "rules": int(lp["rules"]),
        "load_seconds": started.seconds + t1 - t0,
        "ground_seconds": t2 - t1,
        "solve_seconds": t3 - t2,
        "messages": messages,
    }
    return Solution(found[0], stats)
