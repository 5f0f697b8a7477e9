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
import sys
import time
from dataclasses import replace
from typing import Any, cast

from hockeyrules.engine.result import Result, _where_key
from hockeyrules.model import collection, progress
from hockeyrules.model.policy import Policy
from hockeyrules.read.season import Season

# A chunk holds whole parts up to about this many game-sheet lines.
CHUNK_LINES = 12_000
# Below this many lines one solve is cheaper than starting processes.
PARALLEL_LINES = 15_000
# A worker takes up to this many of the parts waiting when it starts (_Runner), solves
# them one after another, then ends. A fresh process per part grounds fastest (clingo
# never frees a symbol: a process that has grounded before grounds the next part more
# slowly), but starting one costs: when workers were forked by a reader of 2.5 GB at
# 1000x, 4 parts a worker took 22% less time than 1; from a fork server, 93.8 s
# against 102.1 s (its workers imported the command's main module again).
PARTS_PER_WORKER = 4


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
    return [
        replace(season, teams=teams[n], people=people[n], games=games[n], decisions=decisions[n], warnings=[])
        for n in range(len(groups))
    ]


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


def start_method() -> str:
    """How worker processes start: HOCKEYRULES_START_METHOD when set, else `fork` where the
    platform has it and it is safe (Linux and the BSDs), else `spawn` (Windows, macOS)."""
    chosen = os.environ.get("HOCKEYRULES_START_METHOD")
    if chosen:
        return chosen
    import multiprocessing as mp

    if sys.platform != "darwin" and "fork" in mp.get_all_start_methods():
        return "fork"
    return "spawn"


_FORKED: tuple = ()  # (work, parts, args) while map_forked's workers run


def _worker_start() -> None:
    """In a forked worker: everything it shares with the parent, the results the parent
    has gathered so far included, goes to the collector's permanent generation, so that
    its collections walk only what it makes itself (the parent's results grow with the
    season: at 1000x a worker's reading of its facts took 8 times longer by the end)."""
    gc.freeze()


def _forked(index: int):
    _worker_start()
    work, parts, args = _FORKED
    return work(parts[index], *args)


def map_forked(work, parts: list, *args) -> list:
    """[work(part, *args) for part in parts], each part in a fresh worker started by fork
    that reads it from the memory it shares with this process (the garbage collector
    frozen, so that a worker copies only the pages of its own part); in this process
    where one worker would do. What `work` returns must pickle."""
    import multiprocessing as mp

    global _FORKED
    workers = min(os.cpu_count() or 1, len(parts))
    if workers <= 1:
        return [work(part, *args) for part in parts]
    _FORKED = (work, parts, args)
    gc.freeze()
    try:
        # one part a worker: the audit at 100x (a parent of 1.1 GB) with 4 parts a worker
        # took 70.1 s against 68.8, its workers' cpu 104 s against 100 (less system time,
        # slower grounding in a process that has grounded before)
        with mp.get_context("fork").Pool(workers, maxtasksperchild=1) as pool:
            return pool.map(_forked, range(len(parts)), chunksize=1)
    finally:
        gc.unfreeze()
        _FORKED = ()


def merge(season: Season, policy: Policy, results: list) -> Result:
    order = {g.id: g.order for g in season.games}
    suspensions = sorted((s for r in results for s in r.suspensions), key=lambda s: (order[s.game], s.person))
    warnings = sorted(list(season.warnings) + [w for r in results for w in r.warnings], key=_where_key)
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
    from hockeyrules.engine.rulebookfile import in_force

    return Result(
        season.league,
        season.season,
        policy,
        suspensions,
        warnings,
        stats=stats,
        cases=cases,
        rulebook=in_force(season).named(),
    )


def evaluate_parts(
    season: Season,
    policy: Policy,
    workers: int | None = None,
    limit: int = CHUNK_LINES,
    proposal=None,
    method: str | None = None,
) -> Result:
    """The season solved chunk by chunk, `workers` processes at a time, started by
    `method` (fork or spawn; default start_method()), as the stream solves its parts
    (_Runner: this process writes the facts and reads the answers back). A proposal
    with new rules is not split: its ASP may join across parts."""
    from hockeyrules.engine.run import run

    pieces = split(season, chunks(season, limit))
    workers = min(workers or os.cpu_count() or 1, len(pieces))
    progress.parts(0, len(pieces))
    if workers == 1:
        results = []
        for part in pieces:
            results.append(run(part, policy, proposal=proposal)[0])
            progress.parts(len(results), len(pieces))
    else:
        runner = _Runner(policy, proposal, workers, method, keep_cases=True, slots=workers)
        # No cyclic collection while the parts' facts are written and read back here: each
        # would walk the whole season (a forked worker freezes what it shares: _worker_start).
        enabled = gc.isenabled()
        gc.disable()
        try:
            for part in pieces:
                runner.submit(part, start=False)  # all waiting first: the first workers take a few each
            done = runner.finish()
        finally:
            runner.stop()
            if enabled:
                gc.enable()
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
    return lines >= PARALLEL_LINES and len(parts(season)) > 1


# ---------------------------------------------------------------- while reading
STREAM_BYTES = 2 << 20  # a JSON season file from this size is solved while it is read


class _Runner:
    """Parts solved in processes of their own, at most `capacity` processes at a time.
    A process takes the parts waiting when it starts, up to PARTS_PER_WORKER (fewer
    where that keeps every process busy to the end), and solves them one after another.

    This process writes each part's facts and reads its answer back; a worker only
    grounds and solves: it receives the facts as text of integers and constants (no
    user text, as ever) and sends back the shown atoms' printed forms. So a worker
    needs nothing of the season. The next batch's facts are written as soon as every
    worker is busy (also while the stream still reads the file), so that a worker
    ending finds its next batch ready. Where processes start by forking, each worker is
    forked by one of `slots` small processes forked when the runner starts
    (hockeyrules/engine/parallel/slots.py), not by this one, which may by then hold the whole season;
    elsewhere (or by `method`) workers start as multiprocessing starts them."""

    def __init__(
        self,
        policy: Policy,
        proposal,
        capacity: int,
        method: str | None = None,
        keep_cases: bool = False,
        slots: int = 0,
    ):
        method = method or start_method()
        self.slots: list | None = None
        if method == "fork":
            from hockeyrules.engine.parallel.slots import Slot

            made: list = []
            try:
                for _ in range(max(capacity, slots)):
                    made.append(Slot())
                self.slots = made
            except OSError:  # no process to spare (a limit): workers forked from here, as before slots
                for slot in made:
                    slot.close()
        if self.slots is None:
            import multiprocessing as mp

            self.ctx: Any = mp.get_context(method)
            if method == "forkserver":
                self.ctx.set_forkserver_preload(["hockeyrules.engine.solver"])
        self.policy, self.proposal, self.capacity = policy, proposal, capacity
        # every (person, game) with components, for "why not": the stream does not keep them
        self.keep_cases = keep_cases
        self.queue: list = []
        self.running: dict[Any, tuple] = {}  # connection -> (indices still to come, process or slot)
        self.parts: dict = {}  # index -> (part, its prepared facts) until its answer is read
        self.ready: list = []  # the next batch's tasks, written while every worker is busy
        self.results: dict = {}  # index -> Result
        self.failures: list = []
        self.count = 0

    def submit(self, part: Season, start: bool = True) -> int:
        index = self.count
        self.count += 1
        self.queue.append((index, part))
        if start:
            self.pump()
        return index

    def _prepare(self) -> list:
        """The next batch's tasks: the parts' facts, written here."""
        from hockeyrules.engine.run import prepare

        take = min(PARTS_PER_WORKER, -(-len(self.queue) // self.capacity))
        batch, self.queue = self.queue[:take], self.queue[take:]
        tasks = []
        for index, part in batch:
            ready = prepare(part, self.policy, proposal=self.proposal)
            self.parts[index] = (part, ready)
            symbols = []
            if ready.symbols:
                from hockeyrules.engine.solver import to_plain

                symbols = [to_plain(f) for f in ready.symbols]
            tasks.append((index, ready.given, ready.fact_count, symbols, ready.texts))
        return tasks

    def _start(self) -> None:
        tasks, self.ready = self.ready or self._prepare(), []
        if self.slots is not None:
            from hockeyrules.engine.parallel.slots import Slot

            busy = {id(handle) for _, handle in self.running.values()}
            slot = next((s for s in self.slots if id(s) not in busy), None)
            if slot is not None:
                try:
                    slot.run(tasks)
                except OSError:  # it ended from outside: its pipe is closed
                    self.slots.remove(slot)
                    slot.close()
                    slot = None
            if slot is None:  # (one lost, now or before: another, forked from here)
                slot = Slot()
                self.slots.append(slot)
                slot.run(tasks)
            self.running[slot.answers] = ({task[0] for task in tasks}, slot)
            return
        receive, send = self.ctx.Pipe(duplex=False)
        proc = self.ctx.Process(target=_solve_streamed, args=(send, tasks), daemon=True)
        proc.start()
        send.close()
        self.running[receive] = ({task[0] for task in tasks}, proc)

    def _end(self, conn) -> None:
        pending, handle = self.running.pop(conn)
        for index in pending:
            self.parts.pop(index, None)
        if self.slots is None:
            conn.close()
            handle.join()

    def _lost(self, conn) -> None:
        """A process that ended without saying so: its parts failed (a slot is closed)."""
        pending, handle = self.running[conn]
        self._unanswered(pending)
        self._end(conn)
        if self.slots is not None:
            self.slots.remove(handle)
            handle.close()

    def _unanswered(self, pending: set) -> None:
        self.failures += [f"the process solving part {index} ended without an answer" for index in sorted(pending)]

    def _take(self, index: int, answer: tuple) -> None:
        """A part's result from its worker's answer (the shown atoms, printed)."""
        from hockeyrules.engine.run import assemble

        part, ready = self.parts.pop(index)
        printed, stats, cpu = answer
        solve_total = stats.get("load_seconds", 0) + stats.get("ground_seconds", 0) + stats.get("solve_seconds", 0)
        result = assemble(part, ready, printed, stats, solve_total, self.proposal, solve_cpu=cpu)
        if not self.keep_cases:
            result.cases = {}
        self.results[index] = result
        progress.parts(len(self.results), self.count)

    def pump(self, block: bool = False) -> None:
        """Start what may start; collect what has finished (wait for one if `block`)."""
        from multiprocessing.connection import wait

        while (self.queue or self.ready) and len(self.running) < self.capacity:
            self._start()
        if not self.running:
            return
        if self.queue and not self.ready:
            # while the workers work (and the file is still read): the next one starts at
            # once (at 100x, written after a worker ended, each left its core idle 70 to 260 ms)
            self.ready = self._prepare()
        for conn in cast(list[Any], wait(list(self.running), timeout=None if block else 0)):
            pending, handle = self.running[conn]
            try:
                message = conn.recv()
            except (EOFError, OSError):
                self._lost(conn)
                continue
            if len(message) == 2:  # a slot's: its worker's pid, or the batch ended
                kind, value = message
                if kind == "pid":
                    handle.started(value)
                    continue
                self._unanswered(pending)  # the worker ended before answering for these
                self._end(conn)
                continue
            index, ok, value = message
            if index in pending:  # (else cancelled meanwhile)
                pending.discard(index)
                if ok:
                    self._take(index, value)
                else:
                    self.parts.pop(index, None)
                    self.failures.append(value)
            if not pending and self.slots is None:
                self._end(conn)
        if (self.queue or self.ready) and len(self.running) < self.capacity:
            self.pump(block)

    def finish(self) -> dict:
        while self.queue or self.ready or self.running:
            self.pump(block=True)
        if self.failures:
            raise RuntimeError("solving a part of the season failed:\n" + "\n".join(self.failures))
        return self.results

    def cancel(self, index: int) -> None:
        """Forget a part: not started, or not waited for (its process stopped where it
        solves nothing else)."""
        self.queue = [(i, part) for i, part in self.queue if i != index]
        if any(task[0] == index for task in self.ready):
            self.ready = [task for task in self.ready if task[0] != index]
            self.parts.pop(index, None)
        for conn, (pending, handle) in list(self.running.items()):
            if index in pending:
                pending.discard(index)
                self.parts.pop(index, None)
                if not pending:
                    handle.kill()
                    if self.slots is None:
                        self._end(conn)  # (a slot says when its worker has ended)

    def stop(self) -> None:
        if self.slots is not None:
            for slot in self.slots:
                slot.close()
            self.slots, self.running = [], {}
        else:
            for _, proc in self.running.values():
                proc.kill()
            for conn in list(self.running):
                self._end(conn)
        self.queue, self.ready = [], []


def _solve_streamed(send, tasks: list) -> None:
    """A worker of the stream: each part's shown atoms (printed), or its traceback,
    through `send`. A task is a part's facts as _Runner._prepare wrote them."""
    from hockeyrules.engine.solver import answer, from_plain, solve

    _worker_start()
    try:
        for index, given, count, symbols, texts in tasks:
            try:
                cpu = time.process_time()
                solution = solve([from_plain(f) for f in symbols], texts, given=given, count=count)
                send.send((index, True, answer(solution, cpu)))
            except BaseException:  # reported by the parent, after the season was found valid
                import traceback

                send.send((index, False, traceback.format_exc()))
    finally:
        send.close()


class Stream:
    """Solves the parts of a season while the rest of it is still being read.

    The reader calls start() once the teams and people are known and game() for
    each game it has checked, in file order. The open games are grouped into
    parts as they come (union-find over their teams). Files usually hold one
    league after another: a part that has had no game for the last `RECENT`
    games is taken to be complete, and once such parts hold `limit` lines they
    are sent off together. That is only a guess until the file is read to its
    end: a later game that touches a team of a part sent off voids it, and its
    teams are solved again with the rest (after `MAX_VOID` such games, no more
    guesses: the file is not in leagues). So the answer is always that of the
    whole season, read first and then split (tests/test_partition.py)."""

    RECENT = 256
    MAX_VOID = 2

    def __init__(
        self,
        policy: Policy,
        proposal=None,
        limit: int = CHUNK_LINES,
        workers: int | None = None,
        method: str | None = None,
    ):
        self.policy, self.proposal, self.limit, self.method = policy, proposal, limit, method
        self.workers = workers or os.cpu_count() or 1
        self.runner: Any = None  # a _Runner once the settings are read
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
        # while the season is read, the reader holds one core
        self.runner = _Runner(self.policy, self.proposal, max(1, self.workers - 1), self.method, slots=self.workers)

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
            if len(self.void) < self.MAX_VOID:
                self._send_quiet()
            self.runner.pump()

    def _send_quiet(self) -> None:
        quiet = [r for r, n in self.last.items() if self.count - n > self.RECENT]
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
            return evaluate_parts(season, self.policy, self.workers, self.limit, self.proposal)
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


def evaluate_streaming(
    path, policy: Policy, proposal=None, workers: int | None = None, limit: int = CHUNK_LINES
) -> tuple[Result, float]:
    """Read a season file and solve it part by part, the parts solved while the file
    is still being read. Returns the result and the reading time."""
    from hockeyrules.read import season as season_mod

    stream = Stream(policy, proposal, limit, workers)
    t0 = time.perf_counter()
    # No cyclic collection while the season is read and its parts are forked off: in
    # a worker it would walk (and so copy, page by page) the whole season it shares.
    enabled = gc.isenabled()
    gc.disable()
    try:
        season = season_mod.load(path, observer=stream)
        collection.keep(season)  # (to the end of the program, not freed here: collection.py)
        read_seconds = time.perf_counter() - t0
        if not worth_splitting(season, proposal) and not stream.sent:
            stream.stop()
            from hockeyrules.engine.run import run

            return run(season, policy, proposal=proposal)[0], read_seconds
        return stream.finish(season), read_seconds
    finally:
        stream.stop()
        if enabled:
            gc.enable()
