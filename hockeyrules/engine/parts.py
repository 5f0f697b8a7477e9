"""Solving independent parts of a season separately, in parallel.

Teams that never meet, directly or through other teams, share no person, game,
team event or stoppage: every rule of the catalog reads within one such part
(a league). A season of many leagues is split into its parts, the parts are
grouped into chunks of a bounded size, and each chunk is solved in its own
process; the results are merged in season order. The answer is the same as one
solve of the whole (tests/test_partition.py), at a cost that grows linearly.
"""

from __future__ import annotations

import os
import time
from dataclasses import replace
from typing import Any

from hockeyrules.engine.once import run
from hockeyrules.engine.parallel.runner import Runner
from hockeyrules.engine.result import Result, where_key
from hockeyrules.engine.rulebookfile import in_force
from hockeyrules.engine.settings import SETTINGS
from hockeyrules.model import collection, progress
from hockeyrules.model.policy import Policy
from hockeyrules.read import season as season_mod
from hockeyrules.read.season import Season


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
    # a person who changes team joins his teams' parts: his suspensions follow him
    for p in season.people.values():
        for m in p.teams:
            a, b = find(p.team), find(m.team)
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
    return [
        replace(season, teams=teams[n], people=people[n], games=games[n], decisions=decisions[n], warnings=[])
        for n in range(len(groups))
    ]


def chunks(season: Season, limit: int | None = None) -> list[set]:
    """The season's parts grouped into chunks of about `limit` lines (SETTINGS.chunk_lines)."""
    limit = SETTINGS.chunk_lines if limit is None else limit
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


def merge(season: Season, policy: Policy, results: list) -> Result:
    order = {g.id: g.order for g in season.games}
    suspensions = sorted((s for r in results for s in r.suspensions), key=lambda s: (order[s.game], s.person))
    warnings = sorted(list(season.warnings) + [w for r in results for w in r.warnings], key=where_key)
    cases = {}
    stats: dict = {"chunks": len(results)}
    for r in results:
        cases.update(r.cases)
        for key in (
            "facts",
            "atoms",
            "rules",
            "build_seconds",
            "load_seconds",
            "ground_seconds",
            "solve_seconds",
            "assemble_seconds",
            "cpu_seconds",
        ):
            stats[key] = stats.get(key, 0) + r.stats.get(key, 0)
    return Result(
        season.league,
        season.season,
        policy,
        suspensions,
        warnings,
        stats=stats,
        cases=cases,
        team_names={t: team.name for t, team in season.teams.items()},
        rulebook=in_force(season).named(),
    )


def solve_parts(
    season: Season,
    policy: Policy,
    workers: int | None = None,
    limit: int | None = None,
    proposal=None,
) -> Result:
    """The season solved chunk by chunk (chunks of `limit` lines, default
    SETTINGS.chunk_lines), `workers` processes at a time (default SETTINGS.workers),
    started as start_method() says, as the stream solves its parts (parallel/runner.py:
    this process writes the facts and reads the answers back). A proposal with new
    rules is not split: its ASP may join across parts. (run.evaluate() and Stream.)"""
    pieces = split(season, chunks(season, limit))
    workers = min(workers or SETTINGS.workers or os.cpu_count() or 1, len(pieces))
    progress.parts(0, len(pieces))
    if workers == 1:
        results = []
        for part in pieces:
            results.append(run(part, policy, proposal=proposal)[0])
            progress.parts(len(results), len(pieces))
    else:
        runner = Runner(policy, proposal, workers, keep_cases=True, slots=workers)
        # No cyclic collection while the parts' facts are written and read back here: each
        # would walk the whole season (a forked worker freezes what it shares).
        with collection.paused():
            try:
                for part in pieces:
                    runner.submit(part, start=False)  # all waiting first: the first workers take a few each
                done = runner.finish()
            finally:
                runner.stop()
        results = [done[i] for i in sorted(done)]
    if proposal is not None:
        policy = proposal.apply_policy(policy)
    merged = merge(season, policy, results)
    merged.proposal = None if proposal is None else proposal.name
    return merged


def worth_splitting(season: Season, proposal=None) -> bool:
    if proposal is not None and proposal.rules:
        return False
    lines = sum(len(g.incidents) for g in season.games)
    return lines >= SETTINGS.parallel_lines and len(parts(season)) > 1


# ---------------------------------------------------------------- while reading
def worth_streaming(season, proposal=None) -> bool:
    """Whether a season is read part by part while its parts are solved (Stream): a JSON
    file of SETTINGS.stream_bytes or more, with no proposal of new rules."""
    if not isinstance(season, (str, os.PathLike)) or (proposal is not None and proposal.rules):
        return False
    path = os.fspath(season)
    try:
        return (
            os.path.splitext(path)[1].lower() == ".json"
            and os.path.isfile(path)
            and os.path.getsize(path) >= SETTINGS.stream_bytes
        )
    except OSError:
        return False


class Stream:
    """Solves the parts of a season while the rest of it is still being read.

    The reader calls start() once the teams and people are known and game() for
    each game it has checked, in file order. The open games are grouped into
    parts as they come (union-find over their teams). Files usually hold one
    league after another: a part that has had no game for the last `recent`
    games is taken to be complete, and once such parts hold `limit` lines they
    are sent off together. That is only a guess until the file is read to its
    end: a later game that touches a team of a part sent off voids it, and its
    teams are solved again with the rest (after `max_void` such games, no more
    guesses: the file is not in leagues). So the answer is always that of the
    whole season, read first and then split (tests/test_partition.py)."""

    # (SETTINGS.stream_recent_games and stream_max_void, read when a stream is made)

    def __init__(
        self,
        policy: Policy,
        proposal=None,
        limit: int | None = None,
        workers: int | None = None,
        method: str | None = None,
    ):
        self.policy, self.proposal, self.method = policy, proposal, method
        self.limit = SETTINGS.chunk_lines if limit is None else limit
        self.recent, self.max_void = SETTINGS.stream_recent_games, SETTINGS.stream_max_void
        self.workers = workers or SETTINGS.workers or os.cpu_count() or 1
        self.runner: Any = None  # a Runner once the settings are read
        self.settings: Any = None
        self.teams: Any = None
        self.people: Any = None
        self.by_team: dict = {}
        self.count = 0  # games seen
        self.parent: dict = {}  # open team -> union-find parent
        self.games: dict = {}  # open root -> its games
        self.lines: dict = {}  # open root -> its lines
        self.last: dict = {}  # open root -> number of its last game
        self.sent: dict = {}  # index -> teams
        self.sent_team: dict = {}  # team -> index
        self.void: set = set()

    def start(self, settings, teams: dict, people: dict) -> None:
        self.settings, self.teams, self.people = settings, teams, people
        for pid, person in people.items():
            self.by_team.setdefault(person.team, []).append(pid)
        if any(person.teams for person in people.values()):
            return  # a person who changes team ties parts together: solved once read (finish)
        # while the season is read, the reader holds one core
        self.runner = Runner(self.policy, self.proposal, max(1, self.workers - 1), self.method, slots=self.workers)

    def _find(self, t: str) -> str:
        parent = self.parent
        while parent[t] != t:
            parent[t] = parent[parent[t]]
            t = parent[t]
        return t

    def game(self, g) -> None:
        if self.runner is None:
            return
        self.count += 1
        if self.sent_team:
            for team in (g.home, g.away):
                index = self.sent_team.get(team)
                if index is not None and index not in self.void:
                    self.void.add(index)
                    self.runner.cancel(index)
        roots = []
        for team in (g.home, g.away):
            if team not in self.parent:
                self.parent[team] = team
                self.games[team], self.lines[team], self.last[team] = [], 0, 0
            roots.append(self._find(team))
        a, b = roots
        if a != b:  # the larger part takes in the smaller
            if len(self.games[a]) < len(self.games[b]):
                a, b = b, a
            self.parent[b] = a
            self.games[a] += self.games.pop(b)
            self.lines[a] += self.lines.pop(b)
            del self.last[b]
        self.games[a].append(g)
        self.lines[a] += len(g.incidents) + 1
        self.last[a] = self.count
        if self.count % 64 == 0:
            if len(self.void) < self.max_void:
                self._send_quiet()
            self.runner.pump()

    def _send_quiet(self) -> None:
        quiet = [r for r, n in self.last.items() if self.count - n > self.recent]
        if sum(self.lines[r] for r in quiet) < self.limit:
            return
        group: list = []
        size = 0
        for r in sorted(quiet, key=lambda r: self.last[r]):
            group.append(r)
            size += self.lines[r]
            if size >= self.limit:
                self._send(group)
                group, size = [], 0

    def _send(self, roots: list) -> None:
        games = sorted((g for r in roots for g in self.games[r]), key=lambda g: g.index)
        teams = {t for g in games for t in (g.home, g.away)}
        for r in roots:
            del self.games[r], self.lines[r], self.last[r]
        for t in teams:
            del self.parent[t]
        ordered = sorted(teams)
        part = Season(
            league="",
            season="",
            settings=self.settings,
            teams={t: self.teams[t] for t in ordered},
            people={pid: self.people[pid] for t in ordered for pid in self.by_team.get(t, ())},
            games=games,
            decisions=[],
            warnings=[],
        )
        index = self.runner.submit(part)
        self.sent[index] = teams
        for t in teams:
            self.sent_team[t] = index

    def finish(self, season: Season) -> Result:
        """The whole season's result: the parts sent while reading that still hold,
        and the rest of the season solved now, with every core."""
        if self.runner is None:
            return solve_parts(season, self.policy, self.workers, self.limit, self.proposal)
        kept = [i for i in self.sent if i not in self.void]
        done = set().union(*(self.sent[i] for i in kept))
        rest_teams = {t for t in season.teams if t not in done}
        rest = replace(
            season,
            teams={t: x for t, x in season.teams.items() if t in rest_teams},
            people={p: x for p, x in season.people.items() if x.team in rest_teams},
            games=[g for g in season.games if g.home in rest_teams],
            decisions=[],
            warnings=[],
        )
        self.runner.capacity = self.workers
        for part in split(rest, chunks(rest, self.limit)):
            if part.games:
                self.runner.submit(part)
        results = self.runner.finish()
        policy = self.policy if self.proposal is None else self.proposal.apply_policy(self.policy)
        merged = merge(season, policy, [results[i] for i in sorted(results) if i not in self.void])
        merged.proposal = None if self.proposal is None else self.proposal.name
        merged.stats["parts_sent_while_reading"] = len(kept)
        merged.stats["parts_voided"] = len(self.void)
        return merged

    def stop(self) -> None:
        if self.runner is not None:
            self.runner.stop()


def solve_while_reading(path, policy: Policy, proposal=None) -> tuple[Result, float]:
    """Read a season file and solve it part by part, the parts solved while the file
    is still being read (run.evaluate(), for a file worth_streaming()). Returns the
    result and the reading time."""
    stream = Stream(policy, proposal)
    t0 = time.perf_counter()
    # No cyclic collection while the season is read and its parts are forked off: in
    # a worker it would walk (and so copy, page by page) the whole season it shares.
    with collection.paused():
        try:
            season = season_mod.load(path, observer=stream)
            collection.keep(season)  # (to the end of the program, not freed here: collection.py)
            read_seconds = time.perf_counter() - t0
            if not worth_splitting(season, proposal) and not stream.sent:
                stream.stop()
                return run(season, policy, proposal=proposal)[0], read_seconds
            return stream.finish(season), read_seconds
        finally:
            stream.stop()
