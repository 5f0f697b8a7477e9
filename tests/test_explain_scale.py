"""Explanations at scale: one person's costs one league, everyone's is solved part by part,
and both give exactly what one solve of the whole season gives."""

from __future__ import annotations

import json

import pytest

from hockeyrules.facts.build import Fact, Id
from hockeyrules.model.policy import Policy
from hockeyrules.read.season import from_data
from hockeyrules.views import explain
from seasongen import generate_season


@pytest.fixture(scope="module")
def three_leagues():
    return from_data(generate_season(12, 44, seed=7, leagues=3))


@pytest.mark.slow
def test_everyones_explanations_part_by_part_are_the_whole_seasons(three_leagues):
    whole = explain.explain_whole(three_leagues, Policy())
    parts = explain.explain_parts(three_leagues, Policy())
    assert len(whole[1]) > 100
    assert list(parts[1]) == list(whole[1])
    assert all(parts[1][k].to_dict() == whole[1][k].to_dict() for k in whole[1])
    assert json.dumps(parts[2], sort_keys=True) == json.dumps(whole[2], sort_keys=True)


@pytest.mark.slow
def test_one_persons_explanation_reads_only_their_league(three_leagues, monkeypatch):
    season = three_leagues
    person = next(s.person for s in explain.explain_whole(season, Policy())[0].suspensions if s.team.startswith("L3-"))
    whole = explain.build(season, Policy(), [Fact("focusperson", Id(person))])
    expected = [whole.suspension_node(s).to_dict() for s in whole.result.suspensions if s.person == person]
    seen = []
    real = explain.build
    monkeypatch.setattr(explain, "build", lambda part, *a, **k: seen.append(part) or real(part, *a, **k))
    got = [n.to_dict() for n in explain.explain_person(season, person)]
    assert got == expected and got
    [part] = seen
    assert set(part.teams) == {t for t in season.teams if t.startswith("L3-")}
