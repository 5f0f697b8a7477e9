"""The audit at scale: grounded a team game at a time, and split by league with the same answer."""

from __future__ import annotations

import importlib

import pytest

from hockeyrules.read.season import from_data
from hockeyrules.views.render import to_json
from seasongen import generate_season

audit_mod = importlib.import_module("hockeyrules.views.audit")  # the package name "audit" is the function


def three_leagues():
    return from_data(generate_season(teams=6, games_per_team=12, seed=11, leagues=3))


@pytest.mark.slow
def test_the_audit_split_by_league_equals_the_whole_season_audit(monkeypatch):
    season = three_leagues()
    monkeypatch.setattr(audit_mod, "AUDIT_PARALLEL_LINES", 10**9)
    whole = to_json(audit_mod.audit(season).to_dict())
    monkeypatch.setattr(audit_mod, "AUDIT_PARALLEL_LINES", 1)
    monkeypatch.setattr(audit_mod, "AUDIT_CHUNK_LINES", 1)
    split = to_json(audit_mod.audit(season).to_dict())
    assert split == whole
    data = audit_mod.audit(season).to_dict()
    # the comparison is not between two empty audits
    assert data["serving"] and data["violations"] and data["forfeits"]


def test_every_step_is_decided_by_the_grounder():
    """Serving grounded game by game leaves nothing to the solver: every atom is a fact
    (the one recursive program left each count of games served open: quadratic)."""
    season = three_leagues()
    a = audit_mod.audit(season)
    assert a.result.stats["atoms"] == a.result.stats["rules"]
