"""The solver started ahead (hockeyrules/engine/parallel/ahead.py): a process forked before the season
is read imports clingo and adds the encoding meanwhile, then solves the facts this
process writes. The answer is always the one solved here, byte for byte.

Every solve goes through hockeyrules.evaluate: given a path where processes fork, it
starts the process ahead; given the Season read (no file left to read meanwhile), or
with HOCKEYRULES_START_METHOD=spawn, it solves here."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys

import pytest
from test_hostile_text import HOSTILE, hostile_season

from hockeyrules.engine.parallel import ahead, processes
from hockeyrules.engine.run import evaluate
from hockeyrules.model.errors import InputError
from hockeyrules.read.season import load
from hockeyrules.views.render import to_json
from seasongen import generate_season

forks = pytest.mark.skipif(not processes.forks(), reason="processes are not forked here")


def _season_file(tmp_path, data=None):
    path = tmp_path / "season.json"
    path.write_text(json.dumps(data or generate_season(teams=6, games_per_team=10, seed=7)))
    return path


def _gone(pid: int) -> bool:
    """The process has ended and was waited for (no zombie left behind)."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def _here(path):
    """The season at `path` solved in this process (no process started ahead)."""
    return evaluate(load(path))


def _started(monkeypatch, then=None) -> list:
    """The processes evaluate() starts ahead, each given to `then` as it starts."""
    started: list = []
    start = ahead.Ahead.start.__func__

    def noting(cls):
        started.append(start(cls))
        if then is not None and started[-1] is not None:
            then(started[-1])
        return started[-1]

    monkeypatch.setattr(ahead.Ahead, "start", classmethod(noting))
    return started


def _answers(monkeypatch, sent: list | None = None) -> list:
    """What each process started ahead answered (None: it gave none); `sent` gets
    what it was sent (the facts' texts, the further programs)."""
    answers: list = []
    solve = ahead.Ahead.solve

    def spy(self, given, count, texts):
        if sent is not None:
            sent.append((given, texts))
        answers.append(solve(self, given, count, texts))
        return answers[-1]

    monkeypatch.setattr(ahead.Ahead, "solve", spy)
    return answers


@forks
def test_a_solve_started_ahead_gives_the_bytes_of_one_solved_here(tmp_path, monkeypatch):
    path = _season_file(tmp_path)
    here = _here(path)
    answers = _answers(monkeypatch)
    pids: list = []
    started = _started(monkeypatch, lambda process: pids.append(process.pid))
    there = evaluate(path)
    assert len(started) == 1 and started[0] is not None and len(pids) == 1
    pid = pids[0]
    assert len(answers) == 1 and answers[0] is not None  # solved there, not here
    assert here.suspensions
    assert to_json(there.to_dict()) == to_json(here.to_dict())
    assert there.stats["atoms"] == here.stats["atoms"]
    assert _gone(pid)


@forks
def test_the_process_started_ahead_receives_no_text_of_the_season_and_names_come_back(tmp_path, monkeypatch):
    sent: list = []
    answers = _answers(monkeypatch, sent)
    result = evaluate(_season_file(tmp_path, hostile_season()))
    ((given, texts),) = sent
    assert answers[0] is not None and texts == []
    facts = "".join(given.values())
    assert "line(" in facts
    assert not any(text in facts for text in HOSTILE)
    assert not any(part in facts for part in ("evil", "#script", "passwd"))
    # the only quoted text is the rulebook's rule ids, each checked to be one (engine/rulebookfile.py)
    quoted = re.findall(r'"([^"]*)"', facts)
    assert quoted and all(re.fullmatch(r"league:[A-Za-z0-9.()/\-]+", q) for q in quoted)
    assert {s.person for s in result.suspensions} == {HOSTILE[0], HOSTILE[4]}


@forks
def test_a_process_started_ahead_that_ends_without_an_answer_leaves_the_solve_to_this_one(tmp_path, monkeypatch):
    path = _season_file(tmp_path)
    answers = _answers(monkeypatch)
    started = _started(monkeypatch, lambda process: os.kill(process.pid, signal.SIGKILL))
    result = evaluate(path)
    assert len(started) == 1 and answers == [None]
    assert to_json(result.to_dict()) == to_json(_here(path).to_dict())


@forks
def test_a_season_with_a_problem_ends_the_process_started_ahead(tmp_path, monkeypatch):
    data = generate_season(teams=6, games_per_team=10, seed=7)
    data["games"][3]["home"] = "nobody"
    pids: list = []
    started = _started(monkeypatch, lambda process: pids.append(process.pid))
    with pytest.raises(InputError) as err:
        evaluate(_season_file(tmp_path, data))
    assert "games[3]" in err.value.report()
    assert len(started) == 1 and len(pids) == 1
    assert _gone(pids[0])


def test_no_process_is_started_ahead_for_a_proposal_or_where_processes_are_not_forked(tmp_path, monkeypatch):
    import threading

    path = _season_file(tmp_path, generate_season(teams=2, games_per_team=2, seed=7))
    proposal = {"format": "hockeyrules/proposal@1", "name": "x", "changes": {"rows": {"league:10.06/1": {"games": 3}}}}
    asked = _started(monkeypatch)
    evaluate(path, proposal=proposal)
    assert asked == []  # evaluate() does not ask for one under a proposal
    monkeypatch.undo()
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert ahead.Ahead.start() is None  # never forked from a process running threads
    finally:
        stop.set()
        other.join()
    monkeypatch.setenv("HOCKEYRULES_START_METHOD", "spawn")
    assert ahead.Ahead.start() is None
    monkeypatch.setenv("HOCKEYRULES_START_METHOD", "fork")
    started = ahead.Ahead.start()
    assert (started is not None) == hasattr(os, "fork")
    if started is not None:
        pid = started.pid
        started.close()  # unused: ended and waited for
        assert _gone(pid)


@forks
def test_suspensions_on_one_league_never_imports_clingo_in_the_command_process(tmp_path):
    path = _season_file(tmp_path)
    code = (
        "import os, sys\n"
        "from hockeyrules.cli.commands import run\n"
        "exit_, command = os._exit, os.getpid()\n"
        "def check(code):\n"
        "    if os.getpid() == command:  # (not the process started ahead, which holds clingo)\n"
        "        sys.stderr.write('clingo here: %s\\n' % ('clingo' in sys.modules))\n"
        "    exit_(code)\n"
        "os._exit = check\n"
        f"sys.argv = ['hockeyrules', 'suspensions', {str(path)!r}, '--format', 'json', '--quiet']\n"
        "run()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "clingo here: False" in done.stderr
    assert json.loads(done.stdout)["suspensions"]


@forks
def test_a_season_with_a_problem_ends_the_command_with_exit_2_and_its_process_started_ahead(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from hockeyrules.cli.commands import main

    data = generate_season(teams=6, games_per_team=10, seed=7)
    data["games"][3]["incidents"][0]["person"] = "nobody"
    started = _started(monkeypatch)
    res = CliRunner().invoke(main, ["suspensions", str(_season_file(tmp_path, data)), "--format", "json"])
    assert res.exit_code == 2 and "games[3].incidents[0]" in res.stderr and res.stdout == ""
    assert len(started) == 1 and started[0] is not None
    assert started[0].pid == 0  # closed: ended and waited for
