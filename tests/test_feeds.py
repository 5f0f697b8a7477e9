"""Real scoring-system feeds (issue 31, docs/csv-import.md): misconduct rows written apart joined
to their line, the built-in profiles (HockeyTech), date-times, statuses, ids, a row filter."""

from __future__ import annotations

from pathlib import Path

import pytest

from hockeyrules.model.errors import InputError
from hockeyrules.read.csv.reader import import_folder, read_folder

ROOT = Path(__file__).resolve().parent.parent

SETTINGS = "key,value\nclock,remaining\n"
TEAMS = "id,name\nA,Alpha\nB,Bravo\n"
PEOPLE = (
    "id,name,team,role\nA1,Ann Alder,A,player\nA2,Amy Ash,A,player\nCA,Coach A,A,head_coach\n"
    "B1,Bea Birch,B,player\nB2,Bo Beech,B,player\nCB,Coach B,B,head_coach\n"
)
GAMES = "id,date,home,away,kind\nG1,2025-10-01,A,B,regular\nG2,2025-10-08,A,B,regular\n"
HEADER = "game,person,period,time,infraction,penalty,minutes\n"


def folder(tmp_path: Path, incidents: str = HEADER, **files) -> Path:
    path = tmp_path / "season"
    path.mkdir(parents=True)
    content = {
        "settings.csv": SETTINGS,
        "teams.csv": TEAMS,
        "people.csv": PEOPLE,
        "games.csv": GAMES,
        "incidents.csv": incidents,
    }
    content.update({k.replace("_csv", ".csv").replace("_yaml", ".yaml"): v for k, v in files.items()})
    for name, text in content.items():
        if text is not None:
            (path / name).write_text(text, encoding="utf-8")
    return path


def problems(path: Path, **kw) -> list[tuple]:
    with pytest.raises(InputError) as exc:
        import_folder(path, **kw)
    return [(p.where, p.line, p.message) for p in exc.value.problems]


def warnings(path: Path, **kw) -> list[tuple]:
    return [(w.where, w.line, w.message) for w in import_folder(path, **kw)[1].warnings]


# ---------------------------------------------------------------- 1. misconduct rows apart
def test_a_game_misconduct_row_with_no_infraction_joins_its_major(tmp_path):
    path = folder(
        tmp_path,
        HEADER + "G1,A1,2,08:12,Boarding,Major,5\nG1,B1,1,03:00,Tripping,Minor,2\nG1,A1,2,08:12,,Game Misconduct,10\n",
    )
    data, season = import_folder(path)
    assert data["games"][0]["incidents"][0] == {
        "person": "A1",
        "period": 2,
        "time": "08:12",
        "infraction": "boarding",
        "penalties": ["major", "game_misconduct"],
        "minutes": 15,
    }
    assert len(data["games"][0]["incidents"]) == 2
    assert season.warnings == []


def test_misconduct_class_with_game_misconduct_words_is_a_game_misconduct_joined(tmp_path):
    # HockeyTech: class 'Misconduct', description 'Game Misconduct', on a row of its own
    path = folder(
        tmp_path,
        HEADER + "G1,A1,2,12:53,Game Misconduct,Misconduct,10\nG1,A1,2,12:43,Major - Check to the Head,Major,5\n",
    )
    incidents = read_folder(path)["games"][0]["incidents"]
    assert incidents == [
        {
            "person": "A1",
            "period": 2,
            "time": "12:43",
            "infraction": "head_contact",
            "penalties": ["major", "game_misconduct"],
            "minutes": 15,
        }
    ]
    (where, line, message), *rest = warnings(path)
    assert not rest
    assert (where, line) == ("incidents.csv", 2)
    assert message == (
        "the game misconduct of Ann Alder at 12:53 of period 2 joined to the head_contact line at 12:43 "
        "(line 3), 10 s apart: the sheet's one incident; check the times"
    )


def test_the_join_window_is_a_mapping_setting_and_stays_in_its_period(tmp_path):
    rows = HEADER + "G1,A1,2,12:43,Boarding,Major,5\nG1,A1,2,12:53,,GM,10\n"
    path = folder(tmp_path, rows, mapping_yaml="join_seconds: 5\n")
    incidents = read_folder(path)["games"][0]["incidents"]
    assert [i["penalties"] for i in incidents] == [["major"], ["game_misconduct"]]
    assert incidents[1]["infraction"] == "game_misconduct"
    assert warnings(path) == [
        (
            "incidents.csv",
            3,
            "the game misconduct of Ann Alder at 12:53 of period 2: no line of Ann Alder within 5 s to join: "
            "kept as a line of its own",
        )
    ]
    other_period = folder(tmp_path / "p", HEADER + "G1,A1,1,12:43,Boarding,Major,5\nG1,A1,2,12:43,,GM,10\n")
    assert len(read_folder(other_period)["games"][0]["incidents"]) == 2


def test_a_misconduct_named_as_its_own_infraction_joins_and_a_real_infraction_does_not(tmp_path):
    path = folder(
        tmp_path,
        HEADER + "G1,A1,3,05:00,Roughing,Minor,2\nG1,A1,3,05:00,Misconduct,Misconduct,10\n"
        "G1,B1,3,06:00,Roughing,Minor,2\nG1,B1,3,06:00,Abuse of Officials,Misconduct,10\n",
    )
    incidents = read_folder(path)["games"][0]["incidents"]
    assert [(i["person"], i["infraction"], i["penalties"]) for i in incidents] == [
        ("A1", "roughing", ["minor", "misconduct"]),
        ("B1", "roughing", ["minor"]),
        ("B1", "abusive_behaviour", ["misconduct"]),
    ]


def test_two_lines_a_misconduct_could_complete_keep_it_apart_with_a_warning(tmp_path):
    path = folder(
        tmp_path,
        HEADER + "G1,A1,3,05:00,Roughing,Minor,2\nG1,A1,3,05:00,Slashing,Minor,2\nG1,A1,3,05:00,,Misconduct,10\n",
    )
    incidents = read_folder(path)["games"][0]["incidents"]
    assert [i["penalties"] for i in incidents] == [["minor"], ["minor"], ["misconduct"]]
    assert warnings(path)[0][1:] == (
        4,
        "the misconduct of Ann Alder at 05:00 of period 3: it could complete the lines on line 2 and line 3: "
        "kept as a line of its own; give the infraction",
    )


def test_a_match_row_with_nothing_to_join_is_an_error_located(tmp_path):
    path = folder(tmp_path, HEADER + "G1,A1,3,05:00,,Match,10\n")
    assert problems(path) == [
        (
            "incidents.csv",
            2,
            "column infraction: a match with no infraction, and no line of Ann Alder within 30 s to join",
        )
    ]


def test_the_joined_game_misconduct_gives_the_suspension_of_a_major_with_one(tmp_path):
    from hockeyrules import evaluate

    apart = folder(tmp_path / "a", HEADER + "G1,A1,2,08:12,Boarding,Major,5\nG1,A1,2,08:20,,Game Misconduct,10\n")
    together = folder(tmp_path / "b", HEADER + "G1,A1,2,08:12,Boarding,Major + Game Misconduct,15\n")
    one, two = (evaluate(import_folder(p)[1]).to_dict()["suspensions"] for p in (apart, together))
    assert one == two and one


def test_the_yaml_reader_keeps_a_line_as_it_is_written(tmp_path):
    from hockeyrules.read.season import from_data

    data = read_folder(folder(tmp_path, HEADER + "G1,A1,2,08:12,Boarding,Major,5\n"))
    data["games"][0]["incidents"].append(
        {"person": "A1", "period": 2, "time": "08:12", "infraction": "game_misconduct", "penalties": ["misconduct"]}
    )
    season = from_data(data)
    assert len(season.games[0].incidents) == 2
