"""The synthetic season generator (seasongen, beside the package)."""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter, defaultdict

import pytest
import yaml
from helpers import yaml_data, yaml_text

import hockeyrules
from hockeyrules.read import season as season_mod
from seasongen import generate_season, write_season


@pytest.fixture(scope="module")
def default():
    """The default season (12 teams, 44 games each, seed 1)."""
    return generate_season()


@pytest.fixture(scope="module")
def default_result(default):
    return hockeyrules.evaluate(default)


def regular_counts(data):
    played, home = Counter(), Counter()
    for g in data["games"]:
        if g["kind"] == "regular":
            played[g["home"]] += 1
            played[g["away"]] += 1
            home[g["home"]] += 1
    return played, home


def all_lines(data):
    return [(g, line) for g in data["games"] for line in g["incidents"]]


def is_late(line):
    if line["period"] in ("OT", "post") or (isinstance(line["period"], int) and line["period"] > 3):
        return True
    return line["period"] == 3 and line["time"] <= "10:00"  # clock remaining


# ---------------------------------------------------------------- determinism
def test_same_seed_same_data(default):
    assert generate_season() == default
    assert generate_season(teams=6, games_per_team=10, seed=7) == generate_season(teams=6, games_per_team=10, seed=7)


def test_different_seeds_differ(default):
    assert generate_season(seed=2) != default
    assert generate_season(teams=6, games_per_team=10, seed=7) != generate_season(teams=6, games_per_team=10, seed=8)


@pytest.mark.slow
def test_plain_data_survives_json_and_yaml(default):
    assert json.loads(json.dumps(default)) == default
    assert yaml_data(yaml_text(default, sort_keys=False)) == default


# ---------------------------------------------------------------- validity
@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"clock": "elapsed"},
        {"teams": 7, "games_per_team": 12, "seed": 3},
        {"teams": 2, "games_per_team": 6},
        {"dressed": False, "seed": 4},
        {"leagues": 2, "teams": 4, "games_per_team": 6},
    ],
)
def test_validates(kwargs, default):
    data = default if not kwargs else generate_season(**kwargs)
    season = season_mod.from_data(data)  # raises InputError on any problem
    assert season.settings.clock == kwargs.get("clock", "remaining")
    assert not season.warnings


def test_bad_arguments():
    with pytest.raises(ValueError):
        generate_season(teams=3, games_per_team=3)  # 9 team-games cannot pair up
    with pytest.raises(ValueError):
        generate_season(clock="scoreboard")
    with pytest.raises(ValueError):
        generate_season(teams=1)


def test_dressed_false_only_drops_the_lists(default):
    bare = generate_season(dressed=False)
    assert all("dressed" not in g for g in bare["games"])
    assert [{k: v for k, v in g.items() if k != "dressed"} for g in default["games"]] == bare["games"]


# ---------------------------------------------------------------- schedule
@pytest.mark.parametrize("teams,games", [(12, 44), (7, 12), (13, 20), (2, 6), (4, 3)])
def test_each_team_plays_its_games_home_and_away(teams, games):
    data = (
        generate_season(teams=teams, games_per_team=games, seed=11) if (teams, games) != (12, 44) else generate_season()
    )
    played, home = regular_counts(data)
    assert {t["id"]: played[t["id"]] for t in data["teams"]} == {t["id"]: games for t in data["teams"]}
    for t in data["teams"]:
        assert abs(2 * home[t["id"]] - games) <= 1


def test_schedule_shape(default):
    games = default["games"]
    kinds = Counter(g["kind"] for g in games)
    assert kinds["regular"] == 264 and kinds["exhibition"] >= 4 and kinds["playoff"] >= 7
    first_regular = min(g["date"] for g in games if g["kind"] == "regular")
    last_regular = max(g["date"] for g in games if g["kind"] == "regular")
    assert "2025-09-01" <= first_regular <= "2025-09-30" and "2026-02-15" <= last_regular <= "2026-03-31"
    assert all(g["date"] < first_regular for g in games if g["kind"] == "exhibition")
    assert all(g["date"] > last_regular for g in games if g["kind"] == "playoff")
    assert [g["id"] for g in games] == [f"G{i:04d}" for i in range(1, len(games) + 1)]
    assert games == sorted(games, key=lambda g: (g["date"], "start" in g, g.get("start", "")))

    by_team = defaultdict(list)
    for g in games:
        by_team[g["home"]].append(g)
        by_team[g["away"]].append(g)
    double_headers = same_day = 0
    for team_games in by_team.values():
        for a, b in zip(team_games, team_games[1:]):
            da, db = dt.date.fromisoformat(a["date"]), dt.date.fromisoformat(b["date"])
            if da == db:  # a team plays twice a day only with start times
                assert "start" in a and "start" in b and a["start"] < b["start"]
                same_day += 1
            if (
                (a["home"], a["away"]) == (b["home"], b["away"])
                and (db - da).days == 1
                and da.weekday() >= 4
                and a["kind"] == "regular"
            ):
                double_headers += 1
    assert double_headers >= 10 * 2  # counted once per team of each
    assert same_day >= 1


# ---------------------------------------------------------------- line-ups
def test_incident_persons_are_dressed(default):
    people = {p["id"]: p for p in default["people"]}
    for g in default["games"]:
        for line in g["incidents"]:
            team = people[line["person"]]["team"]
            assert line["person"] in g["dressed"][team], (g["id"], line)


def test_lineups(default):
    people = {p["id"]: p for p in default["people"]}
    affiliate_games = Counter()
    for g in default["games"]:
        assert set(g["dressed"]) == {g["home"], g["away"]}
        for team, ids in g["dressed"].items():
            assert len(ids) == len(set(ids))
            assert all(people[p]["team"] == team for p in ids)
            players = [p for p in ids if people[p]["role"] == "player"]
            assert 18 <= len(players) <= 20
            assert f"{team}-HC" in ids and f"{team}-AC" in ids
            for p in players:
                if people[p].get("affiliate"):
                    affiliate_games[p] += g["kind"] == "regular"
    assert affiliate_games and max(affiliate_games.values()) <= 10


def test_roster(default):
    roles = Counter((p["team"], p["role"], bool(p.get("affiliate"))) for p in default["people"])
    for t in default["teams"]:
        assert roles[(t["id"], "player", False)] == 20
        assert roles[(t["id"], "player", True)] == 2
        assert roles[(t["id"], "head_coach", False)] == 1
        assert roles[(t["id"], "assistant_coach", False)] == 1
    assert all(p["registered_team"] for p in default["people"] if p.get("affiliate"))


# ---------------------------------------------------------------- the mix
def test_sheet_order(default):
    rank = {"pre": 0, "OT": 4, "post": 9}
    for g in default["games"]:
        keys = [
            (rank.get(line["period"], line["period"]), -int(line.get("time", "0:0").replace(":", "")))
            for line in g["incidents"]
        ]
        assert keys == sorted(keys), g["id"]


def test_mix(default):
    lines = all_lines(default)
    regular = [g for g in default["games"] if g["kind"] == "regular"]
    assert 7.5 <= sum(len(g["incidents"]) for g in regular) / len(regular) <= 9.5
    codes = Counter(line["infraction"] for _, line in lines)
    minors = sum(1 for _, line in lines if line["penalties"] == ["minor"])
    assert minors > 0.6 * len(lines)
    assert codes["fighting"] >= 20
    assert codes["first_off_bench"] + codes["left_bench"] >= 1
    assert any(line.get("stoppage") for _, line in lines)
    assert any(line["period"] == "pre" and line["penalties"] == ["major", "game_misconduct"] for _, line in lines)
    assert any(line["period"] == "post" for _, line in lines)
    assert any(line["period"] == "OT" for _, line in lines)
    assert sum(is_late(line) for _, line in lines) > 0.1 * len(lines)
    assert any(
        line["infraction"] == "checking_from_behind" and line["penalties"] == ["minor", "game_misconduct"]
        for _, line in lines
    )
    assert any("match" in line["penalties"] for _, line in lines)
    assert any(line["person"].endswith("-HC") for _, line in lines)


def test_enforcers_pile_up_minutes(default):
    pim = {
        "minor": 2,
        "double_minor": 4,
        "major": 5,
        "misconduct": 10,
        "game_misconduct": 10,
        "gross_misconduct": 10,
        "match": 10,
    }
    minutes = Counter()
    for _, line in all_lines(default):
        minutes[line["person"]] += sum(pim[p] for p in line["penalties"])
    assert sum(m > 100 for m in minutes.values()) >= 3


def test_elapsed_clock_times_are_elapsed():
    remaining = generate_season(teams=4, games_per_team=6, seed=5)
    elapsed = generate_season(teams=4, games_per_team=6, seed=5, clock="elapsed")
    for gr, ge in zip(remaining["games"], elapsed["games"]):
        for lr, le in zip(gr["incidents"], ge["incidents"]):
            if "time" in lr:
                length = 300 if lr["period"] == "OT" else 1200
                mr, sr = map(int, lr["time"].split(":"))
                me, se = map(int, le["time"].split(":"))
                assert mr * 60 + sr + me * 60 + se == length


# ---------------------------------------------------------------- leagues
def test_several_leagues():
    data = generate_season(teams=6, games_per_team=10, leagues=3, seed=9)
    assert data["league"] == "MULTI"
    season_mod.from_data(data)
    for key in ("teams", "people", "games"):
        ids = [x["id"] for x in data[key]]
        assert len(ids) == len(set(ids))
    assert {t["id"].split("-")[0] for t in data["teams"]} == {"L1", "L2", "L3"}
    assert all(p["id"].startswith(p["team"] + "-") for p in data["people"])
    for g in data["games"]:
        league = g["id"].split("-")[0]
        assert g["home"].split("-")[0] == g["away"].split("-")[0] == league
    played, _ = regular_counts(data)
    assert set(played.values()) == {10} and len(played) == 18


# ---------------------------------------------------------------- files
def test_write_yaml_and_json(tmp_path, default):
    small = generate_season(teams=4, games_per_team=6, seed=3)
    ypath, jpath = tmp_path / "s.yaml", tmp_path / "s.json"
    write_season(small, ypath)
    write_season(small, jpath)
    assert yaml.safe_load(ypath.read_text(encoding="utf-8")) == small
    assert json.loads(jpath.read_text(encoding="utf-8")) == small
    text = ypath.read_text(encoding="utf-8")
    assert "&id" not in text
    for row in text.splitlines():
        if row.strip().startswith(("time:", "start:")):
            assert "'" in row, row  # clock times stay text for YAML 1.1 readers
    assert season_mod.load(ypath).games and season_mod.load(jpath).games


# ---------------------------------------------------------------- suspensions
def test_evaluates_to_the_rules_it_should_exercise(default_result):
    rules = {c.rule for s in default_result.suspensions for c in s.components}
    for rule in (
        "hc:7.10(b)/1",
        "league:10.02",
        "league:10.05/4",
        "league:10.04",
        "league:10.06/1",
        "hc:7.10(b)/prepost",
        "hc:4.8(c)",
    ):
        assert rule in rules, rule
    assert rules & {"hc:10.4(e)/coach-not-identified", "hc:10.4(e)/coach-first"}
    assert 100 <= len(default_result.suspensions) <= 600
