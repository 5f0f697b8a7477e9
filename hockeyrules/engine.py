"""evaluate(): a season in, result@1 out."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable
from pathlib import Path

import clingo

from . import season as season_mod
from .facts import policy_facts, season_facts
from .policy import Policy
from .result import Result, read_model
from .season import Season
from .solver import encoding_text, solve


def as_season(season) -> Season:
    """A Season from a Season, a path to a season file, or plain data."""
    if isinstance(season, Season):
        return season
    if isinstance(season, (str, Path)):
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


def run(season: Season, policy: Policy, extra: Iterable[clingo.Symbol] = (),
        programs: Iterable[str] = ()) -> tuple[Result, list]:
    """Solve once; the result and every shown atom.

    `programs` names further encoding files (explain.lp, the audit's) and `extra`
    the facts they read (a focus, the league's decisions).
    """
    texts = [encoding_text(name) for name in programs]
    t0 = time.perf_counter()
    solution = solve(itertools.chain(season_facts(season), policy_facts(policy), extra), texts)
    t1 = time.perf_counter()
    result = read_model(season, policy, solution.symbols)
    result.stats = dict(solution.stats, solve_total_seconds=t1 - t0, assemble_seconds=time.perf_counter() - t1)
    return result, solution.symbols


def evaluate(season, policy: Policy | None = None, **options) -> Result:
    """Every suspension the rules require for a season.

    `season`: a Season, a path to a season file, or the file's data as a dict.
    `policy`: a Policy, or its fields as keyword options (layers="max", ...).
    Raises InputError (every problem, located) when the season is not valid.
    """
    policy = as_policy(policy, options)
    t0 = time.perf_counter()
    season = as_season(season)
    read_seconds = time.perf_counter() - t0
    result, _ = run(season, policy)
    result.stats["read_seconds"] = read_seconds
    return result
