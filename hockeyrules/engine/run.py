"""evaluate(): a season in, result@1 out: the one way into evaluation.

evaluate() decides how a season is solved: a large JSON file part by part while it is
read (parts.solve_while_reading), a season of many leagues part by part in processes of
their own (parts.solve_parts), one league in one solve, started ahead in a process of
its own while the season is read (parallel/ahead.py) where processes fork. The callers
(the library's, the command line, the tests) give a season and say nothing of how; the
figures that choose (engine/settings.py) and HOCKEYRULES_START_METHOD are the only
levers, and the tests pin a path through them.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hockeyrules.engine.once import (  # noqa: F401  (named here too, as they always were)
    PROPOSAL_SECONDS,
    Prepared,
    assemble,
    prepare,
    proposal_seconds,
    run,
)
from hockeyrules.engine.result import Result
from hockeyrules.engine.rulebookfile import choose, chosen
from hockeyrules.model import collection, progress
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
            from hockeyrules.read.csv.reader import load_folder  # (here: start-up time, for a folder only)

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


def as_proposal(proposal: ProposalSource) -> Proposal | None:
    if proposal is None:
        return None
    from hockeyrules.engine.proposal import load  # (here: start-up time, for a proposal only)

    proposal = load(proposal)
    if proposal.rules:
        proposal_seconds()  # a bad time limit is said before any work
    return proposal


def evaluate(
    season: SeasonSource | Callable[[], Season],
    policy: Policy | None = None,
    proposal: ProposalSource = None,
    rulebook: Any = None,
    **options: Any,
) -> Result:
    """Every suspension the rules require for a season.

    `season`: a Season, a path to a season file, the file's data as a dict, or a
    function that reads it (called once the solver is started, as a file would be read).
    `policy`: a Policy, or its fields as keyword options (layers="max", ...).
    `proposal`: a proposal@1 file, its data, or a Proposal: evaluate under it.
    `rulebook`: a built-in rulebook's name, a rulebook@1 file, its data, or a Rulebook
    (docs/rulebooks.md); default: the season's `settings.rulebook`, else the catalog's league.
    Raises InputError (every problem, located) when the season, proposal or rulebook is not valid.
    """
    if rulebook is not None:
        previous = chosen()
        choose(rulebook)
        try:
            return evaluate(season, policy, proposal, **options)
        finally:
            choose(previous)
    policy = as_policy(policy, options)
    proposal = as_proposal(proposal)
    from hockeyrules.engine import parts  # (here: start-up time, its imports with it)

    if parts.worth_streaming(season, proposal):
        progress.stage(f"reading and solving {os.fspath(season)}")  # type: ignore[arg-type]
        result, read_seconds = parts.solve_while_reading(season, policy, proposal=proposal)
        result.stats["read_seconds"] = read_seconds
        return result
    ahead = None
    if proposal is None and (isinstance(season, (str, os.PathLike)) or callable(season)):
        # the solver started in a process of its own while the season is read (None where
        # processes do not fork)
        from hockeyrules.engine.parallel.ahead import Ahead  # (here: start-up time, where it applies)

        ahead = Ahead.start()
    try:
        t0 = time.perf_counter()
        if callable(season):
            season = season()
        elif isinstance(season, (str, os.PathLike)):
            progress.stage(f"reading {os.fspath(season)}")
        season = as_season(season)
        collection.keep(season)  # (to the end of the program, not freed here: collection.py)
        read_seconds = time.perf_counter() - t0
        progress.stage("solving")
        if parts.worth_splitting(season, proposal):
            if ahead is not None:
                ahead.close()  # now: its core is for the parts
            result = parts.solve_parts(season, policy, proposal=proposal)
        else:
            solved = _solve_ahead(season, policy, ahead) if ahead is not None else None
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
