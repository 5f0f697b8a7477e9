"""Status as of a date: who may not play, the scheduled games they sit out, the first game back."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from helpers import line, season_of

from hockeyrules import InputError
from hockeyrules.cli.commands import main
from hockeyrules.office.status import status
from hockeyrules.read.season import from_data
from hockeyrules.views.audit import audit

# Many views and commands over the same few seasons: each distinct solve is done once
# (conftest.py's solved_once).
pytestmark = pytest.mark.usefixtures("solved_once")

# G1 2025-10-01 and G2 2025-10-08 played; G3, G4, G5 (10-15, 10-22, 10-29) scheduled
GAMES = [
    {
        "incidents": [
            line("A1", "boarding", ["match"]),  # hc:7.2(c): 3 games
            line("A2", "boarding", ["major", "game_misconduct"]),
        ]
    },  # 2 games
    {
        "incidents": [
            line("A2", "boarding", ["major"]),  # 2nd Section 2 major: more games
            line("A3", "discrimination", ["gross_misconduct"]),
        ]
    },  # hc:11.4: indefinite, at least 5
    {"status": "scheduled"},
    {"status": "scheduled"},
    {"status": "scheduled"},
]


def season(games=GAMES):
    return season_of(games)


def person(data, pid):
    return next(p for t in data["teams"] for p in t["persons"] if p["person"] == pid)


def ids(refs):
    return [r["game"] for r in refs]


def test_a_suspension_spanning_the_last_played_game_and_two_scheduled_games():
    data = status(season())
    assert data["format"] == "hockeyrules/status@1" and data["as_of"] == "2025-10-09"
    a1 = person(data, "A1")
    (s,) = a1["suspensions"]
    assert (s["game"], s["games"], s["served"], s["remaining"]) == ("G1", 3, 1, 2)
    assert ids(s["sit_out"]) == ["G3", "G4"]
    assert a1["first_game"]["game"] == "G5" and a1["first_game"]["date"] == "2025-10-29"
    assert a1["games_left"] == 2


def test_several_suspensions_of_one_person_are_served_in_order():
    a2 = person(status(season()), "A2")
    first, second = a2["suspensions"]
    assert (first["game"], first["games"], first["served"], ids(first["sit_out"])) == ("G1", 2, 1, ["G3"])
    # the second (2 games: a second Section 2 major) starts once the first is served
    assert (second["game"], second["games"], second["served"], ids(second["sit_out"])) == ("G2", 2, 0, ["G4", "G5"])
    assert ids(a2["sit_out"]) == ["G3", "G4", "G5"] and a2["games_left"] == 3
    assert a2["first_game"] is None and second["beyond_schedule"] == 0  # back after the last scheduled game


def test_an_indefinite_suspension_awaits_a_league_decision():
    a3 = person(status(season()), "A3")
    (s,) = a3["suspensions"]
    assert s["indefinite"] and s["remaining"] is None and a3["games_left"] is None
    assert ids(s["sit_out"]) == ["G3", "G4", "G5"] and a3["first_game"] is None
    assert a3["awaiting"] == [
        "a league decision on its length (By-Law 10.01C): at least 5 games, 5 of them still to serve"
    ]


def test_as_of_before_and_after_a_game():
    before = status(season(), as_of="2025-10-08")  # the morning of G2: G2 not played yet
    a1 = person(before, "A1")
    assert a1["suspensions"][0]["served"] == 0 and ids(a1["sit_out"]) == ["G2", "G3", "G4"]
    assert a1["first_game"]["game"] == "G5"
    assert {p["person"] for t in before["teams"] for p in t["persons"]} == {"A1", "A2"}  # G2's lines not yet
    after = status(season(), as_of="2025-10-09")
    assert person(after, "A1")["suspensions"][0]["served"] == 1
    assert {p["person"] for t in after["teams"] for p in t["persons"]} == {"A1", "A2", "A3"}
    assert status(season(), as_of="2025-10-01")["persons"] == 0  # before G1: nobody yet


def test_the_team_filter_and_the_audit_share_the_serving():
    assert status(season(), team="B")["teams"] == []
    serving = {(s["person"], s["game"]): s for s in audit(season()).to_dict()["serving"]}
    assert serving[("A1", "G1")]["to_serve_in"] == ["G3", "G4"]
    assert serving[("A1", "G1")]["served_in"] == ["G2"] and not serving[("A1", "G1")]["complete"]


def test_a_scheduled_game_with_incidents_is_an_error():
    games = GAMES[:2] + [{"status": "scheduled", "incidents": [line("B1", "boarding", ["major"])]}]
    with pytest.raises(InputError) as err:
        from_data(season(games))
    assert [(p.where, p.message) for p in err.value.problems] == [
        ("games[2].incidents", "a scheduled game (not yet played) has no incidents: remove them or give status: played")
    ]
    games = GAMES[:2] + [{"status": "postponed"}]
    with pytest.raises(InputError) as err:
        from_data(season(games))
    assert err.value.problems[0].where == "games[2].status"


def test_the_cli(tmp_path):
    path = tmp_path / "season.json"
    path.write_text(json.dumps(season()))
    runner = CliRunner()
    res = runner.invoke(main, ["status", str(path)])
    assert res.exit_code == 0, res.stderr
    assert res.stdout.splitlines()[0] == "Suspended as of 2025-10-09 (the day after the last game played): 3 persons"
    assert "G3 2025-10-15 (scheduled), G4 2025-10-22 (scheduled)" in res.stdout
    md = runner.invoke(main, ["status", str(path), "--format", "markdown", "--team", "A"]).stdout
    assert (
        md.startswith("# Suspended as of 2025-10-09 (the day after the last game played), team Alpha (A)")
        and "## Alpha (A)" in md
    )
    js = json.loads(runner.invoke(main, ["status", str(path), "--format", "json", "--as-of", "2025-10-08"]).stdout)
    assert js["as_of"] == "2025-10-08" and js["persons"] == 2
    bad = runner.invoke(main, ["status", str(path), "--as-of", "yesterday"])
    assert bad.exit_code == 2 and "not a date" in bad.stderr
