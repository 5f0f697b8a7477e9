"""One solve started ahead: a process forked before the season is read.

A season solved in one go (`suspensions` on one league) spends about a tenth of its
time before clingo holds its first fact: importing clingo and adding the encoding's
files. Neither needs the season, so a process forked before the season is read does
them on the other core meanwhile. It then grounds and solves the facts this process
writes (the text of integers and constants a stream worker gets: no user text) and
sends back the shown atoms printed, which this process reads back as ever
(once.assemble). This process never imports clingo for it.

Only where processes start by forking (Linux): elsewhere, and for anything but one
plain solve (a proposal, explanations, a season split into parts), the solve runs as
before. If the process fails or ends, the solve runs here instead: the answer is
always the engine's own.
"""

from __future__ import annotations

import marshal
import os
import signal
import time

from hockeyrules.engine.parallel.messages import ANSWER
from hockeyrules.engine.parallel.processes import forks


class Ahead:
    """A forked process waiting for one solve's facts (start(); solve(); close()), over
    two plain pipes in marshal's format: multiprocessing's connections would cost the
    command their import, the very time this saves."""

    __slots__ = ("pid", "tasks", "answers")

    def __init__(self, pid: int, tasks: int, answers: int):
        self.pid, self.tasks, self.answers = pid, tasks, answers

    @classmethod
    def start(cls) -> Ahead | None:
        """The process, forked now; None where processes are not forked."""
        if not forks():
            return None
        task_read, task_write = os.pipe()
        answer_read, answer_write = os.pipe()
        try:
            pid = os.fork()
        except OSError:
            for fd in (task_read, task_write, answer_read, answer_write):
                os.close(fd)
            return None
        if pid == 0:  # the child: never returns
            try:
                os.close(task_write)
                os.close(answer_read)
                _serve(task_read, answer_write)
            finally:
                os._exit(1)
        os.close(task_read)
        os.close(answer_write)
        return cls(pid, task_write, answer_read)

    def solve(self, given: dict, count: int, texts: list) -> tuple | None:
        """(printed shown atoms, the solve's figures, its cpu seconds) for the facts of
        once.prepare(), or None if the process gave no answer (solve here instead)."""
        try:
            _write_all(self.tasks, marshal.dumps((given, count, texts)))
            os.close(self.tasks)
            self.tasks = -1
            message = marshal.loads(_read_all(self.answers))
        except (OSError, EOFError, ValueError, TypeError):
            message = None
        self.close()
        if type(message) is not tuple or len(message) != 4 or message[0] != ANSWER or not message[2]:
            return None
        answer = message[3]
        return answer if type(answer) is tuple and len(answer) == 3 else None

    def close(self) -> None:
        """End the process, whatever it is doing (unused, it would end once its task
        pipe closes, but not before clingo has loaded), and wait for it."""
        for fd in (self.tasks, self.answers):
            if fd >= 0:
                os.close(fd)
        self.tasks = self.answers = -1
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
            self.pid = 0


def _serve(task_read: int, answer_write: int) -> None:
    """The child: begin the solver, wait for the facts, answer, leave without teardown."""
    code = 0
    try:
        from hockeyrules.read.streams import detach  # (here: in the child only)

        detach()
        from hockeyrules.engine.solver import answer, begin, solve  # (here: in the child only)

        cpu = time.process_time()  # from the encoding on, as a solve here counts it
        started = begin()
        task = _read_all(task_read)
        if task:  # (nothing: the season was not valid, or is solved otherwise)
            given, count, texts = marshal.loads(task)
            solution = solve(programs=texts, given=given, count=count, started=started)
            _write_all(answer_write, marshal.dumps((ANSWER, 0, True, answer(solution, cpu))))
    except BaseException:  # the parent solves it itself, and says what is wrong
        code = 1
    finally:
        os._exit(code)


def _read_all(fd: int) -> bytes:
    chunks: list[bytes] = []
    while True:
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
