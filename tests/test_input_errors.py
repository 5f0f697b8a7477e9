"""Bad input: every error class of the season format, located, all at once, exit 2."""

from __future__ import annotations

import copy
import json

import pytest
from click.testing import CliRunner
from helpers import line, season

from hockeyrules import InputError, evaluate
from hockeyrules.cli.commands import main
from hockeyrules.committee.scenarios import base_season, build_season
from hockeyrules.read.season import from_data


def problems(data) -> list[tuple[str, str]]:
    with pytest.raises(InputError) as err:
        from_data(data)
    return [(p.where, p.message) for p in err.value.problems]


def one(data) -> tuple[str, str]:
    found = problems(data)
    assert len(found) == 1, found
    return found[0]


def test_a_valid_season_has_no_problem():
    from_data(season(line()))


def test_a_missing_format_is_an_error():
    data = season(line())
    del data["format"]
    assert one(data) == ("format", "missing: write format: hockeyrules/season@1")


def test_another_format_is_an_error():
    data = season(line())
    data["format"] = "hockeyrules/season@2"
    assert one(data)[0] == "format"


def test_a_missing_clock_is_an_error():
    data = season(line())
    data["settings"] = {"period_minutes": 20}
    assert one(data) == ("settings.clock", "missing: one of remaining, elapsed")


def test_an_unknown_clock_names_the_known_ones():
    data = season(line())
    data["settings"] = {"clock": "remainng"}
    where, message = one(data)
    assert where == "settings.clock" and "remaining" in message


@pytest.mark.parametrize("collection,index", [("teams", 0), ("people", 0)])
def test_duplicate_ids_are_errors(collection, index):
    data = season(line())
    data[collection].append(copy.deepcopy(data[collection][index]))
    where, message = one(data)
    assert where == f"{collection}[{len(data[collection]) - 1}].id" and "duplicate" in message


def test_a_duplicate_game_id_is_an_error():
    data = build_season({"games": [{"id": "G1"}, {"id": "G1"}]}, base_season())
    assert one(data)[0] == "games[1].id"


def test_a_game_naming_an_unknown_team_is_an_error():
    assert one(season(line(), home="Z")) == ("games[0].home", "unknown team 'Z'")


def test_an_incident_naming_an_unknown_person_is_an_error():
    assert one(season(line(person="NOBODY"))) == ("games[0].incidents[0].person", "unknown person 'NOBODY'")


def test_a_dressed_entry_naming_an_unknown_person_or_team_is_an_error():
    found = problems(season(line(), dressed={"A": ["A1", "GHOST"], "Z": ["A1"]}))
    assert ("games[0].dressed.A[1]", "unknown person 'GHOST'") in found
    assert ("games[0].dressed.Z", "team 'Z' does not play in this game") in found


def test_a_person_on_neither_team_of_the_game_is_an_error():
    data = season(line())
    data["teams"].append({"id": "C", "name": "Charlie"})
    data["games"][0]["away"] = "C"
    data["games"][0]["incidents"][0]["person"] = "B1"
    where, message = one(data)
    assert where == "games[0].incidents[0].person" and "neither team" in message


def test_an_unknown_infraction_names_the_closest_codes():
    where, message = one(season(line(infraction="bording")))
    assert where == "games[0].incidents[0].infraction" and "boarding" in message


def test_an_unknown_penalty_type_names_the_closest_types():
    where, message = one(season(line(penalties=["mjr"])))
    assert where == "games[0].incidents[0].penalties[0]" and "major" in message


def test_empty_penalties_are_an_error():
    assert one(season(line(penalties=[])))[0] == "games[0].incidents[0].penalties"


def test_a_repeated_penalty_is_an_error():
    assert one(season(line(penalties=["major", "major"])))[0] == "games[0].incidents[0].penalties[1]"


@pytest.mark.parametrize("period", [0, -1, "4th", "SO", True])
def test_a_period_outside_the_game_is_an_error(period):
    assert one(season(line(period=period)))[0] == "games[0].incidents[0].period"


@pytest.mark.parametrize("time", ["12", "1:2", "12:60", "20:01", "21:00", "ab:cd", 720])
def test_a_time_not_mm_ss_or_outside_its_period_is_an_error(time):
    assert one(season(line(time=time)))[0] == "games[0].incidents[0].time"


def test_the_end_of_a_period_is_inside_it():
    from_data(season(line(time="20:00"), line(time="00:00")))


def test_a_line_in_the_game_without_a_time_is_an_error():
    bad = line()
    del bad["time"]
    assert one(season(bad))[0] == "games[0].incidents[0].time"


def test_pre_and_post_lines_need_no_time():
    pre = line(period="pre")
    del pre["time"]
    from_data(season(pre, line(period="post")))


def test_negative_minutes_are_an_error():
    assert one(season(line(minutes=-5))) == ("games[0].incidents[0].minutes", "negative minutes: -5")


@pytest.mark.parametrize("date", ["2025-02-30", "30/09/2025", "2025-9-1", 20250901])
def test_a_date_that_is_not_a_date_is_an_error(date):
    assert one(season(line(), date=date))[0] == "games[0].date"


def test_a_game_of_one_team_against_itself_is_an_error():
    assert one(season(line(), away="A"))[0] == "games[0].away"


def test_every_error_is_reported_at_once():
    data = season(line(infraction="bording"), line(person="GHOST", penalties=[]), away="A")
    data["settings"] = {}
    found = {where for where, _ in problems(data)}
    assert found == {
        "settings.clock",
        "games[0].away",
        "games[0].incidents[0].infraction",
        "games[0].incidents[1].person",
        "games[0].incidents[1].penalties",
    }


def test_unknown_fields_are_warnings_carried_in_the_result():
    data = season(line(penalty_typo=1))
    result = evaluate(data).to_dict()
    assert {"where": "games[0].incidents[0].penalty_typo", "message": result["warnings"][0]["message"]} == result[
        "warnings"
    ][0]
    assert "unknown field" in result["warnings"][0]["message"]


YAML_SEASON = """\
format: hockeyrules/season@1
settings:
  clock: remaining
teams:
  - {id: A, name: Alpha}
  - {id: B, name: Bravo}
people:
  - {id: A1, name: One, team: A, role: player}
games:
  - id: G1
    date: 2025-10-01
    home: A
    away: B
    kind: regular
    incidents:
      - person: A1
        period: 3
        time: 06:30
        infraction: boarding
        penalties: [major]
"""


def run_cli(tmp_path, text, name="season.yaml", *args):
    path = tmp_path / name
    path.write_text(text)
    return CliRunner().invoke(main, ["suspensions", str(path), *args])


def test_the_cli_exits_2_with_every_error_and_its_line_and_no_traceback(tmp_path):
    text = YAML_SEASON.replace("clock: remaining", "clock: sometimes").replace("boarding", "bording")
    res = run_cli(tmp_path, text)
    assert res.exit_code == 2
    assert res.stdout == ""
    assert "settings.clock (line 3)" in res.stderr
    assert "games[0].incidents[0].infraction (line 19)" in res.stderr
    assert "Traceback" not in res.stderr


def test_a_yaml_tag_that_builds_a_python_object_is_an_error_not_an_object(tmp_path):
    text = YAML_SEASON.replace("name: One", "name: !!python/object/apply:os.system ['echo pwned > /tmp/x']")
    res = run_cli(tmp_path, text)
    assert res.exit_code == 2
    assert "people[0].name" in res.stderr and "not allowed" in res.stderr


def test_a_yaml_syntax_error_names_its_line(tmp_path):
    res = run_cli(tmp_path, YAML_SEASON.replace("penalties: [major]", "penalties: [major"))
    assert res.exit_code == 2 and "line" in res.stderr and "not valid YAML" in res.stderr


def test_a_json_syntax_error_names_its_line(tmp_path):
    res = run_cli(tmp_path, '{"format": "hockeyrules/season@1",\n "teams": [}', "season.json")
    assert res.exit_code == 2 and "(line 2)" in res.stderr


def test_a_missing_file_is_an_input_error(tmp_path):
    res = CliRunner().invoke(main, ["suspensions", str(tmp_path / "nope.yaml")])
    assert res.exit_code == 2 and "Traceback" not in (res.stderr or "")


def test_an_unquoted_yaml_clock_time_is_still_that_time(tmp_path):
    text = YAML_SEASON.replace("time: 06:30", "time: 16:58")  # YAML 1.1 would read 1018
    res = run_cli(tmp_path, text, "season.yaml", "--format", "json")
    assert res.exit_code == 0, res.stderr
    suspension = json.loads(res.stdout)["suspensions"][0]
    assert suspension["components"][0] == {
        "rule": "hc:7.2(b)",
        "layer": "governing",
        "games": 1,
        "indefinite": False,
        "late": False,
        "incident": 1,
    }
