"""Worker slots: processes forked while the reader is small, each forking a worker for
every batch of parts sent to it (runner.Runner, where processes start by forking).

A stream's reader grows to hold the whole season (2.5 GB at 1000x). Forked from it,
each worker made the reader copy, page by page, what it went on writing (at 100x:
270,000 page faults in the reader, against 97,000 where the workers come from
elsewhere); a fork server (multiprocessing's) starts a fresh interpreter, and every
one of its workers imports the command's main module again. A slot is forked once, when
the reader has read only the teams and people; it imports the solver, then waits.
For each batch it forks a worker from itself, small and with clingo loaded but never
used (clingo never frees a symbol, so a worker that has grounded before grounds more
slowly), waits for it and says the batch is done.

Messages on a slot's answer pipe (messages.py), one writer at a time: the worker's
(PID, pid), then its answers (worker.solve_batch: (ANSWER, index, ok, value)); once
it has ended, the slot's (DONE, status).
"""

from __future__ import annotations

import os
import signal
import weakref
from typing import Any

from hockeyrules.engine.parallel.messages import DONE, PID

_SLOTS: Any = weakref.WeakSet()  # this process's slots: one forked later closes their pipes


class Slot:
    """One slot: `answers` to wait on and receive from, `run()` a batch, `kill()` the
    batch's worker, `close()` the slot."""

    def __init__(self):
        from multiprocessing.connection import Connection  # (here: start-up time, only where parts are solved)

        task_read, task_write = os.pipe()
        answer_read, answer_write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the slot: never returns
            try:
                ends = [c for slot in list(_SLOTS) for c in (slot.tasks, slot.answers) if not c.closed]
                for fd in [c.fileno() for c in ends] + [task_write, answer_read]:
                    os.close(fd)  # (else another slot would never see its pipe end)
                _serve(task_read, answer_write)
            finally:
                os._exit(1)
        os.close(task_read)
        os.close(answer_write)
        self.pid = pid
        self.tasks: Any = Connection(task_write, readable=False)
        self.answers: Any = Connection(answer_read, writable=False)
        self.worker = 0  # the running batch's worker, once it has said so
        self.killing = False  # kill the worker as soon as its pid is known
        _SLOTS.add(self)

    def run(self, tasks: list) -> None:
        self.worker, self.killing = 0, False
        self.tasks.send(tasks)

    def started(self, pid: int) -> None:
        self.worker = pid
        if self.killing:
            self.kill()

    def kill(self) -> None:
        """Stop the running batch's worker (the slot then says the batch is done)."""
        self.killing = True
        if self.worker:
            try:
                os.kill(self.worker, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def close(self) -> None:
        """End the slot and whatever it runs, and wait for it."""
        for conn in (self.tasks, self.answers):
            conn.close()
        for kill in (os.killpg, os.kill):  # its group (its worker), and itself if not yet a group
            try:
                kill(self.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass


def _serve(task_read: int, answer_write: int) -> None:
    """The slot's loop: a worker for each batch, then (DONE, status)."""
    from multiprocessing.connection import Connection  # (here: in the slot only)

    code = 0
    try:
        os.setpgid(0, 0)  # its own group: close() ends the slot and its worker at once
        from hockeyrules.read.streams import detach  # (here: in the slot only)

        detach()
        tasks, answers = Connection(task_read, writable=False), Connection(answer_write, readable=False)
        from hockeyrules.engine import solver  # noqa: F401  (here, loaded once: each worker starts with it)
        from hockeyrules.engine.parallel.worker import solve_batch  # (here: in the slot only)

        while True:
            try:
                batch = tasks.recv()
            except (EOFError, OSError):
                break
            pid = os.fork()
            if pid == 0:
                try:
                    tasks.close()
                    answers.send((PID, os.getpid()))
                    solve_batch(answers, batch)
                finally:
                    os._exit(0)
            _, status = os.waitpid(pid, 0)
            answers.send((DONE, status))
    except BaseException:
        code = 1
    finally:
        os._exit(code)
