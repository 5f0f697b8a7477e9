"""Solving a season part by part gives exactly the whole season's answer."""

from __future__ import annotations

import json

import pytest

from hockeyrules.engine import parts as partition
from hockeyrules.engine.parallel import processes, worker
from hockeyrules.engine.parallel.runner import Runner
from hockeyrules.engine.run import evaluate, run
from hockeyrules.engine.settings import SETTINGS
from hockeyrules.model.policy import Policy
from hockeyrules.read.season import from_data
from hockeyrules.views.render import to_json
from seasongen import generate_season


def three_leagues():
    return from_data(generate_season(teams=6, games_per_team=10, seed=7, leagues=3))


def split_evaluate(monkeypatch, season, workers: int, limit: int, proposal=None, method: str | None = None):
    """hockeyrules.evaluate, the season split into chunks of `limit` lines however small,
    solved `workers` at a time in processes started by `method` (default: the platform's)."""
    monkeypatch.setattr(SETTINGS, "parallel_lines", 0)
    monkeypatch.setattr(SETTINGS, "chunk_lines", limit)
    monkeypatch.setattr(SETTINGS, "workers", workers)
    if method is not None:
        monkeypatch.setenv("HOCKEYRULES_START_METHOD", method)
    result = evaluate(season, Policy(), proposal)
    assert "chunks" in result.stats  # solved part by part (parts.solve_parts)
    return result


def test_the_parts_are_the_leagues():
    season = three_leagues()
    parts = partition.parts(season)
    assert len(parts) == 3
    assert all(len({t.split("-")[0] for t in part}) == 1 for part in parts)
    assert sorted(t for part in parts for t in part) == sorted(season.teams)


@pytest.mark.slow
def test_the_partitioned_result_equals_the_whole_season_result(monkeypatch):
    season = three_leagues()
    whole, _ = run(season, Policy())
    for workers, limit in ((1, 1), (2, 1), (2, 10**9)):
        parts = split_evaluate(monkeypatch, season, workers, limit)
        assert to_json(parts.to_dict()) == to_json(whole.to_dict())
        if workers == 1:
            assert parts.cases == whole.cases
    assert whole.suspensions  # the comparison is not between two empty results


def test_a_proposal_without_new_rules_is_split_too_with_the_same_result(monkeypatch):
    season = three_leagues()
    proposal = {"format": "hockeyrules/proposal@1", "name": "x", "changes": {"rows": {"league:10.06/1": {"games": 3}}}}
    from hockeyrules.engine.run import as_proposal

    p = as_proposal(proposal)
    whole, _ = run(season, Policy(), proposal=p)
    parts = split_evaluate(monkeypatch, season, 2, 1, proposal=p)
    assert to_json(parts.to_dict()) == to_json(whole.to_dict())
    assert any(c.rule == "league:10.06/1" and c.games == 3 for s in parts.suspensions for c in s.components)


def test_one_league_is_not_worth_splitting_and_a_new_rule_is_never_split():
    assert not partition.worth_splitting(from_data(generate_season(teams=4, games_per_team=6, seed=1)))

    class WithRules:
        rules = [object()]

    assert not partition.worth_splitting(three_leagues(), WithRules())


def _write(tmp_path, data, name="season.json"):

    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


@pytest.mark.slow
def test_parts_solved_while_the_file_is_read_give_the_whole_season_result(tmp_path):
    data = generate_season(teams=6, games_per_team=10, seed=7, leagues=3)
    whole, _ = run(from_data(data), Policy())
    path = _write(tmp_path, data)
    from hockeyrules.read import season as season_mod

    for workers, limit in ((2, 1), (1, 1), (2, 10**9)):
        stream = partition.Stream(Policy(), limit=limit, workers=workers)
        stream.recent = 16  # leagues of 30 games
        try:
            season = season_mod.load(path, observer=stream)
            if limit == 1:  # the first league went off before the file was read, and held
                assert stream.sent and not stream.void
            result = stream.finish(season)
        finally:
            stream.stop()
        assert to_json(result.to_dict()) == to_json(whole.to_dict())
    assert whole.suspensions


def test_a_late_game_joining_a_part_already_sent_voids_it_and_the_result_holds(tmp_path):
    data = generate_season(teams=6, games_per_team=10, seed=7, leagues=3)
    # an interleague game at the very end joins the first league (sent off long before) to the third
    first = next(g for g in data["games"] if g["home"].startswith("L1-"))
    third = next(g for g in data["games"] if g["home"].startswith("L3-"))
    late = dict(first, id="interleague", away=third["home"], date="2026-04-30", dressed=None)
    late.pop("dressed")
    late["incidents"] = [
        inc
        for inc in first["incidents"]
        if inc["person"] in {p["id"] for p in data["people"] if p["team"] == first["home"]}
    ]
    data["games"].append(late)
    whole, _ = run(from_data(data), Policy())
    path = _write(tmp_path, data)
    from hockeyrules.read import season as season_mod

    stream = partition.Stream(Policy(), limit=1, workers=2)
    stream.recent = 16
    try:
        result = stream.finish(season_mod.load(path, observer=stream))
    finally:
        stream.stop()
    assert stream.void  # the first league was sent off, then joined by the last game
    assert to_json(result.to_dict()) == to_json(whole.to_dict())


def test_a_bad_game_late_in_a_streamed_file_stops_everything_with_the_input_error(tmp_path, monkeypatch):
    import pytest

    from hockeyrules.model.errors import InputError

    data = generate_season(teams=6, games_per_team=10, seed=7, leagues=3)
    data["games"][-1]["home"] = "nobody"
    path = _write(tmp_path, data)
    monkeypatch.setattr(SETTINGS, "stream_bytes", 0)  # (read and solved part by part at once)
    monkeypatch.setattr(SETTINGS, "chunk_lines", 1)
    monkeypatch.setattr(SETTINGS, "workers", 2)
    assert partition.worth_streaming(path)
    with pytest.raises(InputError) as err:
        evaluate(path, Policy())
    assert "unknown team 'nobody'" in err.value.report()


@pytest.mark.slow
def test_a_proposal_without_new_rules_is_solved_while_reading_with_the_same_result(tmp_path):
    from hockeyrules.engine.run import as_proposal

    data = generate_season(teams=6, games_per_team=10, seed=7, leagues=3)
    p = as_proposal(
        {"format": "hockeyrules/proposal@1", "name": "x", "changes": {"rows": {"league:10.06/1": {"games": 3}}}}
    )
    whole, _ = run(from_data(data), Policy(), proposal=p)
    path = _write(tmp_path, data)
    # the proposal's facts (its rule ids are clingo Strings) go to the workers as data (a slot's, a fork server's)
    for method in (None, "forkserver") if _forkserver() else (None,):
        stream, result = _streamed(path, method, p)
        assert stream.sent and to_json(result.to_dict()) == to_json(whole.to_dict())
        assert result.proposal == "x"


@pytest.mark.slow
def test_workers_started_by_spawn_give_the_bytes_of_fork(monkeypatch):
    """Windows and macOS start workers by spawn: the parts travel pickled, not shared."""
    from hockeyrules.engine.run import as_proposal

    season = three_leagues()
    proposal = as_proposal(
        {"format": "hockeyrules/proposal@1", "name": "x", "changes": {"rows": {"league:10.06/1": {"games": 3}}}}
    )
    results = {}
    for method in ("fork", "spawn"):
        for p in (None, proposal):
            parts = split_evaluate(monkeypatch, season, 2, 1, proposal=p, method=method)
            results[method, p is None] = to_json(parts.to_dict())
    for plain in (True, False):
        assert results["spawn", plain] == results["fork", plain]
    assert '"person"' in results["fork", True] and results["fork", True] != results["fork", False]


def test_the_proposal_child_started_by_spawn_gives_the_bytes_of_fork(monkeypatch):
    """A proposal with new rules is solved in a time-limited child process."""
    from pathlib import Path

    from hockeyrules.engine.run import evaluate

    proposal = Path(__file__).parent.parent / "proposals" / "examples" / "late-head-contact.yaml"
    season = from_data(generate_season(teams=4, games_per_team=8, seed=3))
    out = {}
    for method in ("fork", "spawn"):
        monkeypatch.setenv("HOCKEYRULES_START_METHOD", method)
        out[method] = to_json(evaluate(season, proposal=proposal).to_dict())
    assert out["spawn"] == out["fork"]
    assert "late-head-contact" in out["fork"] or '"proposal"' in out["fork"]


def test_the_start_method_follows_the_platform(monkeypatch):
    monkeypatch.delenv("HOCKEYRULES_START_METHOD", raising=False)
    monkeypatch.setattr(processes.sys, "platform", "darwin")
    assert processes.start_method() == "spawn"
    monkeypatch.setattr(processes.sys, "platform", "linux")
    import multiprocessing

    assert processes.start_method() == ("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")


def test_workers_that_solve_several_chunks_give_the_same_result(monkeypatch):
    season = three_leagues()
    whole, _ = run(season, Policy())
    monkeypatch.setattr(SETTINGS, "parts_per_worker", 3)
    parts = split_evaluate(monkeypatch, season, 2, 1)
    assert to_json(parts.to_dict()) == to_json(whole.to_dict())


@pytest.mark.slow
def test_a_stream_worker_takes_the_parts_waiting_and_a_cancelled_part_is_not_waited_for(monkeypatch):
    """Parts that queue up while a worker is busy go to the next worker together (fewer
    forks of a large parent); each part's result is still its own, and a part cancelled
    while queued or while its batch runs is left out."""
    season = from_data(generate_season(teams=6, games_per_team=10, seed=7, leagues=5))
    pieces = partition.split(season, [set(p) for p in partition.parts(season)])
    alone = [to_json(run(p, Policy())[0].to_dict()) for p in pieces]
    started = []
    real = Runner._start

    def counting(self):
        started.append(min(len(self.queue), SETTINGS.parts_per_worker))
        real(self)

    monkeypatch.setattr(Runner, "_start", counting)
    monkeypatch.setattr(SETTINGS, "parts_per_worker", 3)
    runner = Runner(Policy(), None, capacity=1)
    runner.queue = [(i, p) for i, p in enumerate(pieces)]  # five parts waiting at once
    runner.count = len(pieces)
    runner.pump()  # one worker takes three; two wait, their facts already written
    assert started == [3] and runner.queue == [] and [task[0] for task in runner.ready] == [3, 4]
    runner.cancel(1)  # inside the running batch
    runner.cancel(4)  # still waiting
    assert [task[0] for task in runner.ready] == [3]
    results = runner.finish()
    assert sorted(results) == [0, 2, 3] and len(started) == 2
    assert [to_json(results[i].to_dict()) for i in (0, 2, 3)] == [alone[i] for i in (0, 2, 3)]


def _streamed(path, method=None, proposal=None):
    """The stream over a file of 30-game leagues, each part sent off as soon as it is quiet."""
    from hockeyrules.read import season as season_mod

    stream = partition.Stream(Policy(), proposal, limit=1, workers=2, method=method)
    stream.recent = 16
    try:
        return stream, stream.finish(season_mod.load(path, observer=stream))
    finally:
        stream.stop()


def _forkserver() -> bool:
    import multiprocessing

    return "forkserver" in multiprocessing.get_all_start_methods()


@pytest.mark.slow
def test_workers_forked_by_a_fork_server_give_the_bytes_of_workers_forked_by_the_reader(tmp_path):
    """Workers may start from a fork server (HOCKEYRULES_START_METHOD=forkserver): they get
    each part's facts as text, and the answer is still the whole season's, byte for byte."""
    import pytest

    if not _forkserver():
        pytest.skip("this platform has no fork server")
    data = generate_season(teams=6, games_per_team=10, seed=7, leagues=3)
    path = _write(tmp_path, data)
    whole, _ = run(from_data(data), Policy())
    for method in ("forkserver", None):
        stream, result = _streamed(path, method)
        assert stream.sent and to_json(result.to_dict()) == to_json(whole.to_dict())


def _slots_forked() -> bool:
    return processes.start_method() == "fork"


def _solved_by(runner, season):
    """The season, one part a league, solved by `runner` (stopped after), merged."""
    try:
        for part in partition.split(season, partition.chunks(season, 1)):
            runner.submit(part, start=False)
        done = runner.finish()
    finally:
        runner.stop()
    return partition.merge(season, Policy(), [done[i] for i in sorted(done)])


def test_workers_are_forked_by_slots_forked_when_the_runner_starts_not_by_this_process(tmp_path, monkeypatch):
    """Where processes fork, a runner forks its slots when it starts (the stream's,
    once the teams and people are read) and each batch's worker is forked by a slot:
    never by this process, which by then may hold the whole season."""
    import os

    import pytest

    if not _slots_forked():
        pytest.skip("processes are not forked here")
    season = three_leagues()
    whole, _ = run(season, Policy())
    real = worker.worker_start

    def noting_parent():  # in a worker: who forked it (its slot)
        (tmp_path / str(os.getpid())).write_text(str(os.getppid()))
        real()

    monkeypatch.setattr(worker, "worker_start", noting_parent)  # (before the slots fork)
    runner = Runner(Policy(), None, capacity=2, slots=2)
    slots = {slot.pid for slot in runner.slots}
    assert len(slots) == 2 and os.getpid() not in slots
    merged = _solved_by(runner, season)
    parents = {int(f.read_text()) for f in tmp_path.iterdir()}
    assert parents and parents <= slots
    assert to_json(merged.to_dict()) == to_json(whole.to_dict())
    for pid in slots:  # stopped and waited for
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


def test_a_worker_that_ends_without_answering_fails_its_parts_and_the_slot_goes_on(monkeypatch):
    import os

    import pytest

    if not _slots_forked():
        pytest.skip("processes are not forked here")
    season = three_leagues()
    pieces = partition.split(season, partition.chunks(season, 1))
    real = worker.solve_batch

    def dying(send, tasks):  # the first part's worker dies without a word
        if tasks[0][0] == 0:
            os._exit(3)
        real(send, tasks)

    monkeypatch.setattr(worker, "solve_batch", dying)
    monkeypatch.setattr(SETTINGS, "parts_per_worker", 1)
    runner = Runner(Policy(), None, capacity=1, slots=1)
    try:
        for part in pieces:
            runner.submit(part, start=False)
        with pytest.raises(RuntimeError) as err:
            runner.finish()
        assert "the process solving part 0 ended without an answer" in str(err.value)
        assert sorted(runner.results) == [1, 2]  # the same slot solved the others
        assert len(runner.slots) == 1
    finally:
        runner.stop()


def test_a_stream_worker_receives_facts_of_integers_and_no_text_of_the_season(monkeypatch):
    """This process writes a part's facts; what goes to a worker is the facts' text, in
    which every name and id of the season is a number (hockeyrules/facts/build.py), and the
    names come back out in this process: through a slot where processes fork, and
    through multiprocessing's pipe elsewhere."""
    import os
    import threading
    from multiprocessing.connection import Connection

    from hockeyrules.engine.parallel import slots

    data = generate_season(teams=4, games_per_team=6, seed=3)
    whole, _ = run(from_data(data), Policy())
    old = whole.suspensions[0].person  # a suspended person, renamed everywhere
    hostile = 'x"). evil :- y. #script'
    text = json.dumps(data).replace(json.dumps(old), json.dumps(hostile))
    season = from_data(json.loads(text))
    expected, _ = run(season, Policy())
    sent: list = []

    class Recording:  # the worker's work in a thread of this process, its task kept
        def __init__(self, target, args, daemon):
            send, tasks = args
            sent.extend(tasks)
            own = Connection(os.dup(send.fileno()), readable=False)  # the runner closes its end
            self.thread = threading.Thread(target=target, args=(own, tasks))

        def start(self):
            self.thread.start()

        def kill(self):
            pass

        def join(self):
            self.thread.join()

    real_run = slots.Slot.run

    def recording_run(self, tasks):
        sent.extend(tasks)
        real_run(self, tasks)

    monkeypatch.setattr(slots.Slot, "run", recording_run)
    # (a worker in a thread of this process must not freeze what this process holds: the
    # tests run after it in this process would find the collector's generations frozen)
    monkeypatch.setattr(worker, "worker_start", lambda: None)
    for method in ("fork", "spawn") if _slots_forked() else ("spawn",):
        sent.clear()
        runner = Runner(Policy(), None, capacity=1, method=method)
        if method == "spawn":
            monkeypatch.setattr(runner.ctx, "Process", Recording)
        try:
            runner.submit(season)
            result = runner.finish()[0]
        finally:
            runner.stop()
        assert to_json(result.to_dict()) == to_json(expected.to_dict())
        assert any(s.person == hostile for s in result.suspensions)
        ((index, given, count, symbols, texts),) = sent
        assert index == 0 and count > 0 and symbols == [] and texts == []
        assert all(hostile not in t and "evil" not in t and old not in t for t in given.values())


def test_a_split_season_counts_the_workers_cpu_time_in_its_figures(monkeypatch):
    """The reader writes the facts and reads the answers back, a worker grounds: the
    result's cpu time is both (benchmarks/run's engine-against-reading in cpu reads it)."""
    import time

    season = three_leagues()
    mine = time.process_time()
    parts = split_evaluate(monkeypatch, season, 2, 1)
    mine = time.process_time() - mine  # this process's own cpu: the workers' is not in it
    st = parts.stats
    assert st["chunks"] == 3
    here = st["build_seconds"] + st["assemble_seconds"]
    # more than all this process spent (forks and waiting included): the workers' grounding
    # is counted. (Not against the solve's wall times: on a loaded machine those grow, cpu not.)
    assert st["cpu_seconds"] > here and st["cpu_seconds"] > mine


def test_a_slot_ended_from_outside_is_replaced_and_the_result_holds():
    import os
    import signal

    import pytest

    if not _slots_forked():
        pytest.skip("processes are not forked here")
    season = three_leagues()
    whole, _ = run(season, Policy())
    runner = Runner(Policy(), None, capacity=2, slots=2)
    ended = runner.slots[0].pid
    os.kill(ended, signal.SIGKILL)
    os.waitpid(ended, 0)
    try:
        for part in partition.split(season, partition.chunks(season, 1)):
            runner.submit(part, start=False)
        done = runner.finish()
        assert ended not in {slot.pid for slot in runner.slots} and len(runner.slots) == 2
    finally:
        runner.stop()
    merged = partition.merge(season, Policy(), [done[i] for i in sorted(done)])
    assert to_json(merged.to_dict()) == to_json(whole.to_dict())


def test_where_no_slot_can_be_forked_the_workers_are_forked_from_here(monkeypatch):
    import os

    import pytest

    from hockeyrules.engine.parallel import slots

    if not _slots_forked():
        pytest.skip("processes are not forked here")
    season = three_leagues()
    whole, _ = run(season, Policy())
    forked = []
    real_fork = os.fork

    def second_fails():  # as under a limit on processes: the second slot cannot start
        if len(forked) == 1:
            raise OSError("no process to spare")
        pid = real_fork()
        if pid:
            forked.append(pid)
        return pid

    monkeypatch.setattr(slots.os, "fork", second_fails)
    runner = Runner(Policy(), None, capacity=2, slots=2)
    monkeypatch.setattr(slots.os, "fork", real_fork)
    assert runner.slots is None and len(forked) == 1
    with pytest.raises(ChildProcessError):  # the first slot was ended and waited for
        os.waitpid(forked[0], os.WNOHANG)
    assert to_json(_solved_by(runner, season).to_dict()) == to_json(whole.to_dict())
