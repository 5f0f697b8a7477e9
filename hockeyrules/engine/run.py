"""evaluate(): a season in, result@1 out."""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from hockeyrules.engine.encoding import encoding_text
from hockeyrules.engine.result import Result, read_model
from hockeyrules.facts.build import Fact, Facts, Names, policy_facts, season_facts
from hockeyrules.model.policy import Policy
from hockeyrules.read import season as season_mod
from hockeyrules.read.season import Season
from hockeyrules.types import ProposalSource, SeasonSource

if TYPE_CHECKING:
    from hockeyrules.engine.proposal import Proposal


def as_season(season: SeasonSource) -> Season:
    """A Season from a Season, a path to a season file, or plain data."""
    if isinstance(season, Season):
        return season
    if isinstance(season, (str, os.PathLike)):
        if os.path.isdir(season):
            from hockeyrules.read.csv.reader import load_folder

            return load_folder(season)  # the folder's own mapping.yaml, or the command's --mapping
        return season_mod.load(season)
    if isinstance(season, dict):
        return season_mod.from_data(season)
    raise TypeError(f"cannot read a season from {type(season).__name__}")


def as_policy(policy: Policy | None, options: dict) -> Policy:
    if policy is None:
        return Policy(**options)
    if options:
        raise TypeError("give either a Policy or policy options, not both")
    return policy


PROPOSAL_SECONDS = "HOCKEYRULES_PROPOSAL_SECONDS"


def proposal_seconds() -> float:
    """Time limit for grounding a proposal's new rules (HOCKEYRULES_PROPOSAL_SECONDS, default 60),
    checked like an option: a positive number of seconds, at most a day; else an InputError."""
    import math
    import os

    from hockeyrules.model.errors import InputError, Problem
    from hockeyrules.model.guard import shown

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
    policy_facts(policy, out)
    if proposal is not None:
        proposal.check_against(season)
        symbols += proposal.facts()
        texts += proposal.programs()
        policy = proposal.apply_policy(policy)
    _check_window(season, policy)
    given, count = out.given(), out.count + len(symbols)
    out.clear()
    build_seconds = time.perf_counter() - t0
    build_cpu = time.process_time() - cpu0
    return Prepared(given, count, symbols, texts, out.names, policy, build_seconds, build_cpu, cpu0)


def _check_window(season: Season, policy: Policy) -> None:
    """The late window is 1 to the period length (docs/season-format.md): a longer one
    would call every line of a period late. An input error, nothing solved."""
    window, length = policy.late_window_minutes, season.settings.period_minutes
    if window > length:
        from hockeyrules.model.errors import InputError, Problem

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
    from hockeyrules.engine.solver import GroundingOutOfMemory, GroundingTimeout, solve, solve_with_limit

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
        from hockeyrules.engine.readback import decode_all

        shown = decode_all(printed, ready.names)
    return result, shown


def as_proposal(proposal: ProposalSource) -> Proposal | None:
    if proposal is None:
        return None
    from hockeyrules.engine.proposal import load

    proposal = load(proposal)
    if proposal.rules:
        proposal_seconds()  # a bad time limit is said before any work
    return proposal


def _worth_streaming(season, proposal) -> bool:
    """A large JSON season file is solved part by part while it is read (partition.py)."""
    if not isinstance(season, (str, os.PathLike)) or (proposal is not None and proposal.rules):
        return False
    from hockeyrules.engine.parts import STREAM_BYTES

    path = os.fspath(season)
    try:
        return (
            os.path.splitext(path)[1].lower() == ".json"
            and os.path.isfile(path)
            and os.path.getsize(path) >= STREAM_BYTES
        )
    except OSError:
        return False


def evaluate(
    season: SeasonSource, policy: Policy | None = None, proposal: ProposalSource = None, **options: Any
) -> Result:
    """Every suspension the rules require for a season.

    `season`: a Season, a path to a season file, or the file's data as a dict.
    `policy`: a Policy, or its fields as keyword options (layers="max", ...).
    `proposal`: a proposal@1 file, its data, or a Proposal: evaluate under it.
    Raises InputError (every problem, located) when the season or proposal is not valid.
    """
    policy = as_policy(policy, options)
    proposal = as_proposal(proposal)
    if _worth_streaming(season, proposal):
        from hockeyrules.engine.parts import evaluate_streaming

        result, read_seconds = evaluate_streaming(season, policy, proposal=proposal)
        result.stats["read_seconds"] = read_seconds
        return result
    ahead = start_ahead(proposal) if isinstance(season, (str, os.PathLike)) else None
    return evaluate_read(season, policy, proposal, ahead)


def start_ahead(proposal=None):
    """A process that starts the solver while the season is read (hockeyrules/engine/parallel/ahead.py),
    for a season solved in one go with no proposal; None where it does not apply."""
    if proposal is not None:
        return None
    from hockeyrules.engine.parallel.ahead import Ahead

    return Ahead.start()


def evaluate_read(season: SeasonSource, policy: Policy, proposal=None, ahead=None) -> Result:
    """evaluate() after the streaming choice: the season read whole, then solved in one
    go (by `ahead` if given: start_ahead()) or part by part."""
    try:
        t0 = time.perf_counter()
        season = as_season(season)
        read_seconds = time.perf_counter() - t0
        from hockeyrules.engine.parts import evaluate_parts, worth_splitting

        if worth_splitting(season, proposal):
            if ahead is not None:
                ahead.close()  # now: its core is for the parts
            result = evaluate_parts(season, policy, proposal=proposal)
        else:
            solved = _solve_ahead(season, policy, ahead) if ahead is not None and proposal is None else None
            result = solved if solved is not None else run(season, policy, proposal=proposal)[0]
    finally:
        if ahead is not None:
            ahead.close()
    result.stats["read_seconds"] = read_seconds
    return result


def _solve_ahead(season: Season, policy: Policy, ahead) -> Result | None:
    """run() with the ground and solve in the process started ahead; None if it gave no answer."""
    ready = prepare(season, policy)
    t0 = time.perf_counter()
    answer = ahead.solve(ready.given, ready.fact_count, ready.texts)
    if answer is None:
        return None
    printed, stats, cpu = answer
    return assemble(season, ready, printed, stats, time.perf_counter() - t0, solve_cpu=cpu)
