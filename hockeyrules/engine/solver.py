"""Ground and solve the encoding over a set of facts; return the shown atoms.

The encoding is stratified: grounding computes the one answer set, and the
solver only confirms it. The season's facts come as one tuple term per input
predicate, of integers and fixed constants (hockeyrules/facts/build.py: no user text
in them), which asp/input.lp unpacks while grounding; the few facts that carry
text of their own (a proposal's rule ids) enter through the backend as clingo
Strings, never as program text.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any, NamedTuple

import clingo

from hockeyrules.engine.encoding import ENCODING, encoding_text


class Solution(NamedTuple):
    symbols: list
    stats: dict


class EncodingError(RuntimeError):
    """The encoding itself is broken (never the user's input)."""


class GroundingTimeout(RuntimeError):
    """A proposal's rules did not ground within the time limit."""


class GroundingOutOfMemory(RuntimeError):
    """A proposal's rules ran out of memory while grounding (or the child was killed)."""


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


def _limited_child(
    send,
    facts: list,
    programs: list,
    encoding: tuple,
    plain: bool = False,
    parent: int | None = None,
    stages: Iterable = (),
    given: dict | None = None,
    count: int = 0,
) -> None:
    """The time-limited child's work (a module function: picklable under spawn)."""
    from hockeyrules.model.guard import die_with_parent

    if parent is not None:
        die_with_parent(parent)  # a SIGTERM to the command ends its grounding too
    try:
        if plain:
            facts = [from_plain(f) for f in facts]
            stages = [(name, [from_plain(a) for a in args]) for name, args in stages]
        sol = solve(facts, programs, encoding, given, count, stages)
        send.send(([str(s) for s in sol.symbols], sol.stats, None))
    except MemoryError:
        send.send(([], {}, MemoryError))
    except Exception as exc:  # reported in the parent
        send.send(([], {}, str(exc)))


def solve_with_limit(
    facts: Iterable[clingo.Symbol],
    programs: Iterable[str],
    seconds: float,
    encoding: Iterable[str] = ENCODING,
    method: str | None = None,
    given: dict | None = None,
    count: int = 0,
    stages: Iterable = (),
) -> Solution:
    """solve() in a child process that is stopped after `seconds`: grounding cannot be
    interrupted in-process, and a proposal's new rules may run away. The child starts by
    `method` (fork or spawn; default partition.start_method()): under spawn the facts
    are pickled to it, under fork it shares them."""
    import multiprocessing as mp
    import os

    from hockeyrules.engine.parts import start_method

    parent = os.getpid()
    method = method or start_method()
    ctx: Any = mp.get_context(method)
    receive, send = ctx.Pipe(duplex=False)
    plain = method != "fork"  # a forked child shares the parent's symbols; others get them as data
    sent = [to_plain(f) for f in facts] if plain else list(facts)
    parts = [(name, [to_plain(a) for a in args]) for name, args in stages] if plain else list(stages)
    proc = ctx.Process(
        target=_limited_child,
        args=(send, sent, list(programs), tuple(encoding), plain, parent, parts, given, count),
        daemon=True,
    )
    proc.start()
    send.close()  # the child holds its own end
    if not receive.poll(seconds):
        proc.kill()
        proc.join()
        raise GroundingTimeout(
            f"the proposal's rules did not finish grounding within {seconds:g} s (a rule that derives without end?)"
        )
    try:
        symbols, stats, error = receive.recv()
    except EOFError:
        error = MemoryError  # ended without an answer: killed, as the system does a process out of memory
    proc.join()
    if error is MemoryError:
        raise GroundingOutOfMemory("the proposal's rules ran out of memory while grounding")
    if error:
        raise EncodingError(error)
    return Solution([clingo.parse_term(s) for s in symbols], stats)


class _Given:
    """The grounding context of asp/input.lp: @facts(Name) is the members of Name's term,
    each term read by clingo's term parser (a term, never a rule)."""

    __slots__ = ("members",)

    def __init__(self, terms: dict):
        self.members = {name: clingo.parse_term(text).arguments for name, text in terms.items()}

    def facts(self, name: clingo.Symbol) -> list:
        return self.members.get(name.name, [])


def answer(solution: Solution, cpu_from: float) -> tuple:
    """What a solve in another process sends back (ahead.py, partition._solve_streamed):
    the shown atoms printed (read back with no clingo: engine.assemble), the solve's
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
    try:
        for name in encoding:
            ctl.add("base", [], encoding_text(name))
    except RuntimeError as exc:
        raise EncodingError("\n".join(messages) or str(exc)) from None
    return Started(ctl, messages, time.perf_counter() - t0)


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
