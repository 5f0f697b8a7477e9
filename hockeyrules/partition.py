"""Solving independent parts of a season separately, in parallel.

Teams that never meet, directly or through other teams, share no person, game,
team event or stoppage: every rule of the catalog reads within one such part
(a league). A season of many leagues is split into its parts, the parts are
grouped into chunks of a bounded size, and each chunk is solved in its own
process; the results are merged in season order. The answer is the same as one
solve of the whole (tests/test_partition.py), at a cost that grows linearly.
"""

from __future__ import annotations

import gc
import os
from dataclasses import replace

from .policy import Policy
from .result import Result, _where_key
from .season import Season

# A chunk holds whole parts up to about this many game-sheet lines.
CHUNK_LINES = 12_000
# Below this many lines one solve is cheaper than starting processes.
PARALLEL_LINES = 15_000


def parts(season: Season) -> list[list[str]]:
    """Teams grouped into the parts that never meet (union-find over games)."""
    parent = {t: t for t in season.teams}

    def find(t: str) -> str:
        while parent[t] != t:
            parent[t] = parent[parent[t]]
            t = parent[t]
        return t

    for g in season.games:
        a, b = find(g.home), find(g.away)
        if a != b:
            parent[max(a, b)] = min(a, b)
    groups: dict = {}
    for t in season.teams:
        groups.setdefault(find(t), []).append(t)
    return [sorted(v) for _, v in sorted(groups.items())]


def split(season: Season, groups: list[set]) -> list[Season]:
    """The season of each group of teams, in one pass over the season."""
    index = {t: n for n, group in enumerate(groups) for t in group}
    teams: list = [{} for _ in groups]
    people: list = [{} for _ in groups]
    games: list = [[] for _ in groups]
    decisions: list = [[] for _ in groups]
    for tid, team in season.teams.items():
        teams[index[tid]][tid] = team
    for pid, person in season.people.items():
        people[index[person.team]][pid] = person
    for g in season.games:
        games[index[g.home]].append(g)
    for d in season.decisions:
        decisions[index[season.people[d.person].team]].append(d)
    return [replace(season, teams=teams[n], people=people[n], games=games[n], decisions=decisions[n], warnings=[])
            for n in range(len(groups))]


def chunks(season: Season, limit: int = CHUNK_LINES) -> list[set]:
    lines: dict = {}
    for g in season.games:
        lines[g.home] = lines.get(g.home, 0) + len(g.incidents) + 1
    out: list[set] = []
    current: set = set()
    size = 0
    for part in parts(season):
        weight = sum(lines.get(t, 0) for t in part)
        if current and size + weight > limit:
            out.append(current)
            current, size = set(), 0
        current |= set(part)
        size += weight
    if current:
        out.append(current)
    return out


_PARTS: list = []
_POLICY: Policy | None = None
_PROPOSAL = None
_PARALLEL = False


def _solve_chunk(index: int) -> Result:
    from .engine import run

    result, _ = run(_PARTS[index], _POLICY, proposal=_PROPOSAL)
    if _PARALLEL:
        result.cases = {}  # only explanations read them, and they are not split: not sent back
    return result


def merge(season: Season, policy: Policy, results: list) -> Result:
    order = {g.id: g.order for g in season.games}
    suspensions = sorted((s for r in results for s in r.suspensions), key=lambda s: (order[s.game], s.person))
    warnings = sorted(list(season.warnings) + [w for r in results for w in r.warnings], key=_where_key)
    cases = {}
    stats: dict = {"chunks": len(results)}
    for r in results:
        cases.update(r.cases)
        for key in ("facts", "atoms", "rules", "load_seconds", "ground_seconds", "solve_seconds"):
            stats[key] = stats.get(key, 0) + r.stats.get(key, 0)
    return Result(season.league, season.season, policy, suspensions, warnings, stats=stats, cases=cases)


def evaluate_parts(season: Season, policy: Policy, workers: int | None = None,
                   limit: int = CHUNK_LINES, proposal=None) -> Result:
    """The season solved chunk by chunk, `workers` processes at a time. A proposal
    with new rules is not split: its ASP may join across parts."""
    global _PARTS, _POLICY, _PROPOSAL, _PARALLEL
    # Each part's season is built before the workers start, so that a worker reads
    # (and so copies, page by page) only its own part of the parent's memory; the
    # collector is frozen for the same reason: it would touch every object.
    _PARTS = split(season, chunks(season, limit))
    workers = workers or os.cpu_count() or 1
    _POLICY, _PROPOSAL = policy, proposal
    if proposal is not None:
        policy = proposal.apply_policy(policy)
    try:
        if workers == 1 or len(_PARTS) == 1:
            results = [_solve_chunk(i) for i in range(len(_PARTS))]
        else:
            import multiprocessing as mp

            gc.freeze()
            # a fresh worker per chunk: clingo never frees a symbol, and a process that
            # grounds chunk after chunk grounds each more slowly
            with mp.get_context("fork").Pool(min(workers, len(_PARTS)), maxtasksperchild=1) as pool:
                results = pool.map(_solve_chunk, range(len(_PARTS)), chunksize=1)
            gc.unfreeze()
    finally:
        _PARTS, _POLICY, _PROPOSAL, _PARALLEL = [], None, None, False
    merged = merge(season, policy, results)
    merged.proposal = None if proposal is None else proposal.name
    return merged


def worth_splitting(season: Season, proposal=None) -> bool:
    if proposal is not None and proposal.rules:
        return False
    lines = sum(len(g.incidents) for g in season.games)
    return lines >= PARALLEL_LINES and len(parts(season)) > 1
