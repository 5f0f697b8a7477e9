"""Parts of a season solved in processes of their own (parts.py cuts the season and
merges the answers; this runs the processes)."""

from __future__ import annotations

from typing import Any, cast

from hockeyrules.engine.once import assemble, prepare
from hockeyrules.engine.parallel.messages import DONE, PID
from hockeyrules.engine.parallel.processes import start_method
from hockeyrules.engine.parallel.slots import Slot
from hockeyrules.engine.parallel.worker import solve_batch
from hockeyrules.engine.settings import SETTINGS
from hockeyrules.model import progress
from hockeyrules.model.policy import Policy
from hockeyrules.read.season import Season


class Runner:
    """Parts solved in processes of their own, at most `capacity` processes at a time.
    A process takes the parts waiting when it starts, up to SETTINGS.parts_per_worker (fewer
    where that keeps every process busy to the end), and solves them one after another.

    This process writes each part's facts and reads its answer back; a worker only
    grounds and solves: it receives the facts as text of integers and constants (no
    user text, as ever) and sends back the shown atoms' printed forms. So a worker
    needs nothing of the season. The next batch's facts are written as soon as every
    worker is busy (also while the stream still reads the file), so that a worker
    ending finds its next batch ready. Where processes start by forking, each worker is
    forked by one of `slots` small processes forked when the runner starts
    (slots.py), not by this one, which may by then hold the whole season;
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
            made: list = []
            try:
                for _ in range(max(capacity, slots)):
                    made.append(Slot())
                self.slots = made
            except OSError:  # no process to spare (a limit): workers forked from here, as before slots
                for slot in made:
                    slot.close()
        if self.slots is None:
            import multiprocessing as mp  # (here: start-up time, only where workers are not slots)

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
        take = min(SETTINGS.parts_per_worker, -(-len(self.queue) // self.capacity))
        batch, self.queue = self.queue[:take], self.queue[take:]
        tasks = []
        for index, part in batch:
            ready = prepare(part, self.policy, proposal=self.proposal)
            self.parts[index] = (part, ready)
            symbols = []
            if ready.symbols:
                from hockeyrules.engine.solver import to_plain  # (here: clingo, for a proposal's facts only)

                symbols = [to_plain(f) for f in ready.symbols]
            tasks.append((index, ready.given, ready.fact_count, symbols, ready.texts))
        return tasks

    def _start(self) -> None:
        tasks, self.ready = self.ready or self._prepare(), []
        if self.slots is not None:
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
        proc = self.ctx.Process(target=solve_batch, args=(send, tasks), daemon=True)
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
        from multiprocessing.connection import wait  # (here: start-up time, only where parts are solved)

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
            kind = message[0]
            if kind == PID:  # a slot's worker has started
                handle.started(message[1])
                continue
            if kind == DONE:  # a slot's worker has ended: what it did not answer for failed
                self._unanswered(pending)
                self._end(conn)
                continue
            _, index, ok, value = message  # ANSWER
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
