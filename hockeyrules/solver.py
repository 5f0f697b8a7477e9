"""Ground and solve the encoding over a set of facts; return the shown atoms.

The encoding is stratified: grounding computes the one answer set, and the
solver only confirms it. The season's facts come as one program text of
integers and fixed constants (hockeyrules/facts.py: no user text in it); the few
facts that carry text of their own (a proposal's rule ids) enter through the
backend as clingo Strings, never as program text.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
import clingo

# One file per part of the rulebook, plus the generic machinery that reads them.
ENCODING = (
    "interface.lp",
    "definitions.lp",
    "rows.lp",
    "ladders.lp",
    "hc_section1_maltreatment.lp",
    "hc_section2_majors.lp",
    "hc_section3_match.lp",
    "hc_section4_fighting.lp",
    "hc_section5_other.lp",
    "hm_checking_from_behind.lp",
    "league_bylaw10.lp",
    "amendments.lp",
    "combination.lp",
    "show.lp",
)


@lru_cache(maxsize=None)
def encoding_text(name: str) -> str:
    """An encoding file shipped in the package (hockeyrules/asp/, from asp/ in the
    sources). Read straight from its folder where it is one (importlib.resources and
    what it imports cost more than the whole read); else through importlib.resources."""
    import os

    from . import asp

    path = os.path.join(os.path.dirname(asp.__file__), name)
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError:
        from importlib import resources

        return resources.files("hockeyrules.asp").joinpath(name).read_text(encoding="utf-8")


@dataclass
class Solution:
    symbols: list
    stats: dict = field(default_factory=dict)


class EncodingError(RuntimeError):
    """The encoding itself is broken (never the user's input)."""


class GroundingTimeout(RuntimeError):
    """A proposal's rules did not ground within the time limit."""


def solve_with_limit(facts: Iterable[clingo.Symbol], programs: Iterable[str], seconds: float,
                     encoding: Iterable[str] = ENCODING, text: str = "", count: int = 0) -> Solution:
    """solve() in a child process that is stopped after `seconds`: grounding cannot be
    interrupted in-process, and a proposal's new rules may run away."""
    import multiprocessing as mp

    facts, programs = list(facts), list(programs)
    ctx = mp.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)

    def child():
        try:
            sol = solve(facts, programs, encoding, text, count)
            send.send(([str(s) for s in sol.symbols], sol.stats, None))
        except Exception as exc:  # reported in the parent
            send.send(([], {}, str(exc)))

    proc = ctx.Process(target=child, daemon=True)
    proc.start()
    if not receive.poll(seconds):
        proc.kill()
        proc.join()
        raise GroundingTimeout(f"the proposal's rules did not finish grounding within {seconds:g} s "
                               f"(a rule that derives without end?)")
    symbols, stats, error = receive.recv()
    proc.join()
    if error:
        raise EncodingError(error)
    return Solution([clingo.parse_term(s) for s in symbols], stats)


def solve(facts: Iterable[clingo.Symbol] = (), programs: Iterable[str] = (), encoding: Iterable[str] = ENCODING,
          text: str = "", count: int = 0) -> Solution:
    """`text`: facts as program text (`count` of them), made by hockeyrules.facts only;
    `facts`: symbols added through the backend."""
    messages: list[str] = []

    def logger(code, message):
        messages.append(message)

    ctl = clingo.Control(["--models=1"], logger=logger, message_limit=50)
    t0 = time.perf_counter()
    try:
        for name in encoding:
            ctl.add("base", [], encoding_text(name))
        for program in programs:
            ctl.add("base", [], program)
        if text:
            ctl.add("base", [], text)
    except RuntimeError as exc:
        raise EncodingError("\n".join(messages) or str(exc)) from None
    with ctl.backend() as backend:
        for sym in facts:
            backend.add_rule([backend.add_atom(sym)])
            count += 1
    t1 = time.perf_counter()
    try:
        ctl.ground([("base", [])])
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
        "load_seconds": t1 - t0,
        "ground_seconds": t2 - t1,
        "solve_seconds": t3 - t2,
        "messages": messages,
    }
    return Solution(found[0], stats)
