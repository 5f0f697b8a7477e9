"""conftest.py's solving_each_input_once, which the view modules use: the same input is
solved once and gives the same suspensions; a changed input is solved anew."""

from __future__ import annotations

import conftest
from conftest import solving_each_input_once
from helpers import line, season

import hockeyrules
from hockeyrules.engine import solver


def test_the_same_input_is_solved_once_and_a_changed_input_again(monkeypatch):
    calls = []
    real = solver.solve

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(solver, "solve", counting)
    monkeypatch.setattr(conftest, "_solves_kept", {})  # (not what an earlier module of the worker solved)
    fight = season(line("A1", "fighting", ["major", "game_misconduct"], time="05:00"))
    alone = hockeyrules.evaluate(fight).to_dict()
    assert len(calls) == 1
    with solving_each_input_once():
        first = hockeyrules.evaluate(fight).to_dict()
        again = hockeyrules.evaluate(fight).to_dict()
        assert len(calls) == 2  # the second is the first one's atoms
        assert first == again == alone and first["suspensions"]
        changed = hockeyrules.evaluate(season(line("A1", "boarding", ["major"])))
        assert len(calls) == 3  # another line: solved
        other = hockeyrules.evaluate(fight, layers="max").to_dict()
        assert len(calls) == 4  # another reading: solved
        assert other["policy"] != first["policy"]
        assert changed.to_dict()["suspensions"] != first["suspensions"]
    assert solver.solve is counting  # put back as it was
