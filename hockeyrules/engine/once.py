"""One solve of a season: its facts written (prepare), grounded and solved (run, or a
process of engine/parallel given the facts), and the answer read back (assemble).
engine/run.py's evaluate() decides how a season is solved; this is the solve."""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from typing import NamedTuple

from hockeyrules.engine.encoding import encoding_text
from hockeyrules.engine.errors import GroundingOutOfMemory, GroundingTimeout
from hockeyrules.engine.result import Result, read_model
from hockeyrules.engine.rulebookfile import Rulebook, in_force
from hockeyrules.facts.build import Fact, Facts, Names, policy_facts, season_facts
from hockeyrules.model.errors import InputError, Problem
from hockeyrules.model.guard import shown
from hockeyrules.model.policy import Policy
from hockeyrules.read.season import Season

PROPOSAL_SECONDS = "HOCKEYRULES_PROPOSAL_SECONDS"


def proposal_seconds() -> float:
    """Time limit for grounding a proposal's new rules (HOCKEYRULES_PROPOSAL_SECONDS, default 60),
    checked like an option: a positive number of seconds, at most a day; else an InputError."""
    import math  # (here: only a proposal with rules asks)

    raw = os.environ.get(PROPOSAL_SECONDS, "60")
    try:
        seconds = float(raw)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= 86_400:  # NaN fails this too
        raise InputError(
            PROPOSAL_SECONDS,
            [Problem("(environment)", f"expected a positive number of seconds (at most 86400), got {shown(raw)}")],
        )
    return seconds


class Prepared(NamedTuple):
    """A season's facts, ready for the solver (prepare()), and what reading its answer
    back needs (assemble())."""

    given: dict  # each input predicate's facts as one term's text (Facts.given())
    fact_count: int
    symbols: list  # facts through the backend (a proposal's, the caller's symbols)
    texts: list  # further program text (encoding files, a proposal's rules)
    names: Names
    policy: Policy  # the command's policy, under the proposal if one is given
    build_seconds: float
    build_cpu: float  # this process's cpu time for the facts
    cpu_start: float  # this process's cpu time (process_time) when the facts were begun


def prepare(
    season: Season,
    policy: Policy,
    extra: Iterable = (),
    programs: Iterable[str] = (),
    proposal=None,
    line_ups: bool = False,
) -> Prepared:
    """The facts of one solve (see run())."""
    texts = [encoding_text(name) for name in programs]
    t0, cpu0 = time.perf_counter(), time.process_time()
    out = Facts()
    # The book's rules read a line-up only for its head coaches, and no game's date; a
    # proposal's own ASP may read dressed/3 for anyone and gameday/2 (docs/proposals.md,
    # the rule interface), and its effective date reads gameday/2.
    full = line_ups or (proposal is not None and bool(proposal.rules))
    season_facts(season, out, full, dates=line_ups or proposal is not None)
    symbols: list = []
    for f in extra:
        if isinstance(f, Fact):
            out.add_fact(f)
        else:
            symbols.append(f)
    # the command's readings are the book's era; a proposal's own sit over them from its date
    policy = rulebook_facts(season, policy, out)
    if proposal is not None:
        proposal.check_against(season)
        symbols += proposal.facts()
        texts += proposal.programs()
        policy = proposal.apply_policy(policy)
    check_window(season, policy)
    given, count = out.given(), out.count + len(symbols)
    out.clear()
    build_seconds = time.perf_counter() - t0
    build_cpu = time.process_time() - cpu0
    return Prepared(given, count, symbols, texts, out.names, policy, build_seconds, build_cpu, cpu0)


def rulebook_facts(season: Season, policy: Policy, out: Facts, book: Rulebook | None = None) -> Policy:
    """The rulebook in force as facts (its layers and by-laws: asp/league.lp), then the
    readings: the rulebook's where the command keeps the catalog's defaults. The policy
    in force is returned. `book`: the rulebook in force where the caller has it already
    (in_force(season) otherwise). (prepare() and the facts written for running by hand,
    program.py.)"""
    if book is None:
        book = in_force(season)
    book.facts(out)
    policy = book.apply_readings(policy)
    policy_facts(policy, out)
    return policy


def check_window(season: Season, policy: Policy) -> None:
    """The late window is 1 to the period length (docs/season-format.md): a longer one
    would call every line of a period late. An input error, nothing solved."""
    window, length = policy.late_window_minutes, season.settings.period_minutes
    if window > length:
        raise InputError(
            season.source,
            [
                Problem(
                    "late_window_minutes",
                    f"{window} is longer than the season's {length}-minute periods: give 1 to {length}",
                )
            ],
        )


def assemble(
    season: Season,
    prepared: Prepared,
    printed: list,
    stats: dict,
    solve_total: float,
    proposal=None,
    solve_cpu: float | None = None,
) -> Result:
    """The result from the shown atoms' printed forms, with the solve's figures.
    `solve_cpu`: the cpu time of a solve in another process (a worker's); else the
    solve ran here, between prepare() and now."""
    t1, c1 = time.perf_counter(), time.process_time()
    result = read_model(season, prepared.policy, printed, prepared.names)
    result.proposal = None if proposal is None else proposal.name
    result.rulebook = in_force(season).named()
    now = time.process_time()
    if solve_cpu is None:
        cpu = now - prepared.cpu_start
    else:
        cpu = prepared.build_cpu + solve_cpu + (now - c1)
    result.stats = dict(
        stats,
        build_seconds=prepared.build_seconds,
        solve_total_seconds=solve_total,
        assemble_seconds=time.perf_counter() - t1,
        cpu_seconds=cpu,
    )
    return result


def run(
    season: Season,
    policy: Policy,
    extra: Iterable = (),
    programs: Iterable[str] = (),
    proposal=None,
    line_ups: bool = False,
    stages: Iterable = (),
    decode: bool | None = None,
) -> tuple[Result, list]:
    """Solve once; the result and every shown atom.

    `programs` names further encoding files (explain.lp, the audit's) and `extra`
    the facts they read (hockeyrules.facts.build.Fact: a focus, the league's decisions;
    or clingo symbols, which go through the backend as they are). A `proposal` (a
    validated Proposal) changes tables, policies and rules for this solve only.
    The shown atoms come back with their ids as clingo Strings (`decode`, by
    default when `programs` are given: the readers of further atoms read text).
    """
    # (here: clingo is imported once a solve runs here, never by a command whose solve
    # runs in the process started ahead)
    from hockeyrules.engine.parallel.limit import solve_with_limit
    from hockeyrules.engine.solver import solve

    programs = list(programs)  # read twice: by prepare(), and for `decode` below
    ready = prepare(season, policy, extra, programs, proposal, line_ups)
    symbols, texts, given, count = ready.symbols, ready.texts, ready.given, ready.fact_count
    t0 = time.perf_counter()
    if proposal is not None and proposal.rules:
        seconds = proposal_seconds()
        try:
            solution = solve_with_limit(symbols, texts, seconds, given=given, count=count, stages=list(stages))
        except GroundingTimeout:
            raise proposal.grounding_failed(
                f"did not finish grounding within {seconds:g} s ({PROPOSAL_SECONDS}); a rule that derives without end?"
            ) from None
        except GroundingOutOfMemory:
            raise proposal.grounding_failed(
                "ran out of memory while grounding (a rule that derives too much?)"
            ) from None
        proposal.refused_yields(solution.symbols)
    else:
        solution = solve(symbols, texts, given=given, count=count, stages=stages)
    solve_total = time.perf_counter() - t0
    printed = [str(s) for s in solution.symbols]  # one call into clingo per atom, for both readers
    result = assemble(season, ready, printed, solution.stats, solve_total, proposal)
    shown = solution.symbols
    if decode or (decode is None and programs):
        from hockeyrules.engine.readback import decode_all  # (here: only the readers of further atoms)

        shown = decode_all(printed, ready.names)
    return result, shown
