"""A solve with a time limit: in a child process, stopped when the time is up
(grounding cannot be interrupted in-process, and a proposal's new rules may run away)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

import clingo

from hockeyrules.engine.encoding import ENCODING
from hockeyrules.engine.errors import EncodingError, GroundingOutOfMemory, GroundingTimeout
from hockeyrules.engine.parallel.messages import ANSWER
from hockeyrules.engine.parallel.processes import start_method
from hockeyrules.engine.solver import Solution, from_plain, solve, to_plain


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
    """The time-limited child's work (a module function: picklable under spawn). Its
    answer: (ANSWER, 0, True, (printed shown atoms, figures)); (ANSWER, 0, False, None)
    out of memory; (ANSWER, 0, False, text) for an error of the encoding."""
    from hockeyrules.model.guard import die_with_parent  # (here: in the child only)

    if parent is not None:
        die_with_parent(parent)  # a SIGTERM to the command ends its grounding too
    try:
        if plain:
            facts = [from_plain(f) for f in facts]
            stages = [(name, [from_plain(a) for a in args]) for name, args in stages]
        sol = solve(facts, programs, encoding, given, count, stages)
        send.send((ANSWER, 0, True, ([str(s) for s in sol.symbols], sol.stats)))
    except MemoryError:
        send.send((ANSWER, 0, False, None))
    except Exception as exc:  # reported in the parent
        send.send((ANSWER, 0, False, str(exc)))


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
    """solver.solve() in a child process that is stopped after `seconds`. The child
    starts by `method` (fork or spawn; default start_method()): under spawn the facts
    are pickled to it, under fork it shares them."""
    import multiprocessing as mp  # (here: start-up time, only a proposal's rules need it)

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
        _, _, ok, value = receive.recv()
    except EOFError:
        ok, value = False, None  # ended without an answer: killed, as the system does a process out of memory
    proc.join()
    if not ok and value is None:
        raise GroundingOutOfMemory("the proposal's rules ran out of memory while grounding")
    if not ok and value:
        raise EncodingError(value)
    symbols, stats = value if ok else ([], {})  # (an error without words: no answer, as ever)
    return Solution([clingo.parse_term(s) for s in symbols], stats)
