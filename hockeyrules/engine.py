"""evaluate(): a season in, result@1 out."""

from __future__ import annotations

import itertools
import time
from pathlib import Path

from . import season as season_mod
from .facts import policy_facts, season_facts
from .policy import Policy
from .result import Result, read_model
from .season import Season
from .solver import solve


def as_season(season) -> Season:
    """A Season from a Season, a path to a season file, or plain data."""
    if isinstance(season, Season):
        return season
    if isinstance(season, (str, Path)):
        return season_mod.load(season)
    if isinstance(season, dict):
        return season_mod.from_data(season)
    raise TypeError(f"cannot read a season from {type(season).__name__}")


def evaluate(season, policy: Policy | None = None, **options) -> Result:
    """Every suspension the rules require for a season.

    `season`: a Season, a path to a season file, or the file's data as a dict.
    `policy`: a Policy, or its fields as keyword options (layers="max", ...).
    Raises InputError (every problem, located) when the season is not valid.
    """
    if policy is None:
        policy = Policy(**options)
    elif options:
        raise TypeError("give either a Policy or policy options, not both")
    t0 = time.perf_counter()
    season = as_season(season)
    t1 = time.perf_counter()
    solution = solve(itertools.chain(season_facts(season), policy_facts(policy)))
    t2 = time.perf_counter()
    result = read_model(season, policy, solution.symbols)
    result.stats = dict(solution.stats, read_seconds=t1 - t0, solve_total_seconds=t2 - t1,
                        assemble_seconds=time.perf_counter() - t2)
    return result
