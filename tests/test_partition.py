"""Solving a season part by part gives exactly the whole season's answer."""

from __future__ import annotations

from hockeyrules import partition
from hockeyrules.engine import run
from seasongen import generate_season
from hockeyrules.policy import Policy
from hockeyrules.render import to_json
from hockeyrules.season import from_data


def three_leagues():
    return from_data(generate_season(teams=6, games_per_team=10, seed=7, leagues=3))


def test_the_parts_are_the_leagues():
    season = three_leagues()
    parts = partition.parts(season)
    assert len(parts) == 3
    assert all(len({t.split("-")[0] for t in part}) == 1 for part in parts)
    assert sorted(t for part in parts for t in part) == sorted(season.teams)


def test_the_partitioned_result_equals_the_whole_season_result():
    season = three_leagues()
    whole, _ = run(season, Policy())
    for workers, limit in ((1, 1), (2, 1), (2, 10**9)):
        parts = partition.evaluate_parts(season, Policy(), workers=workers, limit=limit)
        assert to_json(parts.to_dict()) == to_json(whole.to_dict())
        if workers == 1:
            assert parts.cases == whole.cases
    assert whole.suspensions  # the comparison is not between two empty results


def test_a_proposal_without_new_rules_is_split_too_with_the_same_result():
    season = three_leagues()
    proposal = {"format": "hockeyrules/proposal@1", "name": "x",
                "changes": {"rows": {"league:10.06/1": {"games": 3}}}}
    from hockeyrules.engine import as_proposal

    p = as_proposal(proposal)
    whole, _ = run(season, Policy(), proposal=p)
    parts = partition.evaluate_parts(season, Policy(), workers=2, limit=1, proposal=p)
    assert to_json(parts.to_dict()) == to_json(whole.to_dict())
    assert any(c.rule == "league:10.06/1" and c.games == 3 for s in parts.suspensions for c in s.components)


def test_one_league_is_not_worth_splitting_and_a_new_rule_is_never_split():
    assert not partition.worth_splitting(from_data(generate_season(teams=4, games_per_team=6, seed=1)))

    class WithRules:
        rules = [object()]

    assert not partition.worth_splitting(three_leagues(), WithRules())
