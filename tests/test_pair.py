"""benchmarks/pair: two installs timed in turn, and whether their outputs are the same."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _pair():
    sys.path.insert(0, str(ROOT / "benchmarks"))  # pair.py imports run.py beside it
    try:
        spec = importlib.util.spec_from_file_location("pair", ROOT / "benchmarks" / "pair.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return module


def _fake_measure(pair, calls: list, outputs: dict, walls: dict):
    """A measure() that records each command's interpreter, writes that install's
    output and takes that install's next time."""

    def measure(argv, stdout_path, stderr_path, timeout, max_rss_mb):
        python = argv[0]
        calls.append(python)
        Path(stdout_path).write_text(outputs[python])
        o = sys.modules["run"].Outcome()
        o.wall, o.cpu, o.peak_mb = walls[python].pop(0), 1.0, 30.0
        return o

    return measure


def test_the_two_installs_run_in_turn_and_the_figures_are_each_ones_own(tmp_path, monkeypatch):
    pair = _pair()
    calls: list = []
    walls = {"old": [0.5, 0.3, 0.4], "new": [0.2, 0.25, 0.1]}
    monkeypatch.setattr(pair, "CACHE", tmp_path)
    monkeypatch.setattr(pair, "measure", _fake_measure(pair, calls, {"old": "x", "new": "x"}, walls))
    figures = pair.summary(pair.time_in_turn({"old": "old", "new": "new"}, tmp_path / "s.json", 3, 10, 100))
    assert calls == ["old", "new"] * 3  # in turn, not one install's runs then the other's
    assert (figures["old"]["best_s"], figures["old"]["median_s"]) == (0.3, 0.4)
    assert (figures["new"]["best_s"], figures["new"]["median_s"]) == (0.1, 0.2)
    assert figures["old"]["outputs"] == figures["new"]["outputs"] and len(figures["old"]["outputs"]) == 1


def test_outputs_that_differ_are_reported(tmp_path, monkeypatch, capsys):
    pair = _pair()
    season = tmp_path / "season.json"
    season.write_text("{}")
    walls = {"/old/python": [0.5, 0.4], "/new/python": [0.2, 0.3]}
    monkeypatch.setattr(pair, "CACHE", tmp_path)
    monkeypatch.setattr(pair, "season_file", lambda *args: (season, {}))
    monkeypatch.setattr(pair, "adopt_orphans", lambda: False)
    monkeypatch.chdir(tmp_path)
    outputs = {"/old/python": '{"a": 1}', "/new/python": '{"a": 2}'}
    monkeypatch.setattr(pair, "measure", _fake_measure(pair, [], outputs, walls))
    assert pair.main(["/old/python", "/new/python", "--runs", "2", "--json", "figures.json"]) == 0
    report = capsys.readouterr().out
    assert "outputs: DIFFERENT" in report
    assert "new/old: best 0.500, median 0.556" in report
    assert (tmp_path / "figures.json").read_text().count('"same": false') == 1

    walls = {"/old/python": [0.5], "/new/python": [0.2]}
    outputs["/new/python"] = outputs["/old/python"]
    monkeypatch.setattr(pair, "measure", _fake_measure(pair, [], outputs, walls))
    assert pair.main(["/old/python", "/new/python", "--runs", "1"]) == 0
    assert "outputs: the same bytes" in capsys.readouterr().out
