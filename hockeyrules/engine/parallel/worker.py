"""A worker's work: a batch of parts' facts grounded and solved, each answer sent back
as it is found (the worker needs nothing of the season: runner.py writes the facts
and reads the answers back)."""

from __future__ import annotations

import time

from hockeyrules.engine.parallel.messages import ANSWER
from hockeyrules.engine.parallel.processes import worker_start


def solve_batch(send, tasks: list) -> None:
    """A worker's work: each part's shown atoms (printed), or its traceback, through
    `send` as (ANSWER, index, ok, value). A task is a part's facts as Runner._prepare
    wrote them."""
    from hockeyrules.engine.solver import answer, from_plain, solve  # (here: in the worker only)

    worker_start()
    try:
        for index, given, count, symbols, texts in tasks:
            try:
                cpu = time.process_time()
                solution = solve([from_plain(f) for f in symbols], texts, given=given, count=count)
                send.send((ANSWER, index, True, answer(solution, cpu)))
            except BaseException:  # reported by the parent, after the season was found valid
                import traceback  # (here: only on a failure)

                send.send((ANSWER, index, False, traceback.format_exc()))
    finally:
        send.close()
