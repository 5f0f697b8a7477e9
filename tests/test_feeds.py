"""Real scoring-system feeds (issue 31, docs/csv-import.md): misconduct rows written apart joined
to their line, the built-in profiles (HockeyTech), date-times, statuses, ids, a row filter."""

from __future__ import annotations

from pathlib import Path

import pytest

from hockeyrules.model.errors import InputError
from hockeyrules.read.csv.mapping import Mapping
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
        "the game misconduct of Ann Alder at 12:53 of period 2 joined to the head contact line at 12:43 "
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


# ---------------------------------------------------------------- 3. a type joined with a hyphen
@pytest.mark.parametrize(
    "text, read",
    [
        ("Major-Boarding", ("boarding", "major")),
        ("Major-Charging", ("charging", "major")),
        ("Major-Check/behind", ("checking_from_behind", "major")),
        ("Major - Check to the Head", ("head_contact", "major")),
        ("Cross-Checking", ("cross_checking", None)),
    ],
)
def test_a_penalty_type_joined_by_a_hyphen_is_read_as_a_spaced_one(text, read):
    assert Mapping().infraction_and_penalty(text) == read


def test_a_hyphenated_cell_that_is_no_penalty_is_still_refused(tmp_path):
    path = folder(tmp_path, HEADER + "G1,A1,2,08:12,Major-Pizza,Major,5\n")
    (where, line, message), *rest = problems(path)
    assert (where, line, rest) == ("incidents.csv", 2, [])
    assert message.startswith("column infraction: cannot map 'Major-Pizza' to an infraction code")


# ---------------------------------------------------------------- 4. a numeric offence column
OFFENCE = "game,person,period,time,offence,description,penalty,minutes\n"


def test_a_numeric_offence_column_beside_a_description_is_the_system_code(tmp_path):
    path = folder(tmp_path, OFFENCE + "G1,A1,2,08:12,27,Boarding,Major,5\nG1,B1,1,01:00,12,Tripping,Minor,2\n")
    assert [i["infraction"] for i in read_folder(path)["games"][0]["incidents"]] == ["boarding", "tripping"]
    first = folder(
        tmp_path / "f", "game,person,period,time,description,offence,penalty\nG1,A1,2,08:12,Boarding,27,Major\n"
    )
    assert read_folder(first)["games"][0]["incidents"][0]["infraction"] == "boarding"


def test_two_infraction_columns_of_words_are_an_error_unless_the_mapping_names_one(tmp_path):
    rows = OFFENCE + "G1,A1,2,08:12,Boarding,Boarding,Major,5\n"
    assert problems(folder(tmp_path / "a", rows)) == [
        (
            "incidents.csv",
            None,
            "columns 'offence' and 'description' both give infraction: ignore one in the mapping file",
        )
    ]
    named = folder(
        tmp_path / "b",
        rows.replace(",27,", ",x,"),
        mapping_yaml="columns:\n  incidents.csv: {description: infraction}\n",
    )
    assert read_folder(named)["games"][0]["incidents"][0]["infraction"] == "boarding"


# ---------------------------------------------------------------- 5. dates
def test_an_iso_date_time_with_an_offset_is_the_local_date_and_start(tmp_path):
    games = "id,date,home,away,kind\nG1,2024-01-01T19:30:00-05:00,A,B,regular\nG2,2024-01-08 07:05,A,B,regular\n"
    data = read_folder(folder(tmp_path, games_csv=games))
    assert [(g["date"], g["start"]) for g in data["games"]] == [("2024-01-01", "19:30"), ("2024-01-08", "07:05")]


def test_a_utc_date_time_is_refused_located(tmp_path):
    games = "id,date,home,away,kind\nG1,2024-01-02T01:30:00Z,A,B,regular\nG2,2024-01-08,A,B,regular\n"
    (where, line, message), *rest = problems(folder(tmp_path, games_csv=games))
    assert (where, line, rest) == ("games.csv", 2, [])
    assert message.startswith("column date: '2024-01-02T01:30:00Z' is a UTC time")


def test_day_first_and_month_first_dates(tmp_path):
    games = "id,date,home,away,kind\nG1,05/03/2025,A,B,regular\nG2,25/03/2025,A,B,regular\n"
    as_told = folder(tmp_path / "dm", games_csv=games, mapping_yaml="date_format: DD/MM/YYYY\n")
    assert [g["date"] for g in read_folder(as_told)["games"]] == ["2025-03-05", "2025-03-25"]
    us = folder(tmp_path / "md", games_csv=games.replace("25/03", "03/25"), mapping_yaml="date_format: MM/DD/YYYY\n")
    assert [g["date"] for g in read_folder(us)["games"]] == ["2025-05-03", "2025-03-25"]
    untold = folder(tmp_path / "none", games_csv=games)
    assert problems(untold) == [
        (
            "games.csv",
            2,
            "column date: '05/03/2025' could be day/month or month/day: say which in the mapping file "
            "(date_format: DD/MM/YYYY or MM/DD/YYYY)",
        )
    ]
    wrong = folder(tmp_path / "w", games_csv=games, mapping_yaml="date_format: MM/DD/YYYY\n")
    assert problems(wrong) == [("games.csv", 3, "column date: not a date in the form MM/DD/YYYY: '25/03/2025'")]


# ---------------------------------------------------------------- 6. statuses
def test_status_words_and_a_systems_codes_in_the_mapping(tmp_path):
    games = "id,date,home,away,kind,status\nG1,2025-10-01,A,B,regular,4\nG2,2025-10-08,A,B,regular,1\n"
    path = folder(tmp_path / "codes", games_csv=games, mapping_yaml="statuses:\n  1: scheduled\n  4: played\n")
    assert [g.get("status") for g in read_folder(path)["games"]] == ["played", "scheduled"]
    season = import_folder(path)[1]
    assert [g.scheduled for g in season.games] == [False, True]
    words = folder(tmp_path / "words", games_csv=games.replace(",4", ",Final").replace(",1\n", ",Not Started\n"))
    assert [g.get("status") for g in read_folder(words)["games"]] == ["played", "scheduled"]
    unknown = folder(tmp_path / "unknown", games_csv=games)
    found = problems(unknown)
    assert [(w, line) for w, line, _ in found] == [("games.csv", 2), ("games.csv", 3)]
    assert found[0][2].startswith("column status: unknown game status '4'")


def test_a_game_scheduled_by_its_code_is_not_counted_as_served(tmp_path):
    from hockeyrules.office.status import status

    games = "id,date,home,away,kind,status\nG1,2025-10-01,A,B,regular,4\nG2,2025-10-08,A,B,regular,1\n"
    rows = HEADER + "G1,A1,2,08:12,Fighting,Major,5\n"
    served = {}
    for word in ("scheduled", "played"):
        path = folder(tmp_path / word, rows, games_csv=games, mapping_yaml=f"statuses: {{1: {word}, 4: played}}\n")
        (team,) = status(import_folder(path)[1])["teams"]
        (suspension,) = team["persons"][0]["suspensions"]
        served[word] = (suspension["served"], [g["game"] for g in suspension["sit_out"]])
    assert served == {"scheduled": (0, ["G2"]), "played": (1, [])}


# ---------------------------------------------------------------- 7. ids before jersey numbers
NUMBERED = (
    "id,name,team,role,number\n67,Renata Fast,A,player,4\n86,Emma Woods,A,player,67\nCA,Coach A,A,head_coach,\n"
    "B1,Bea Birch,B,player,9\nCB,Coach B,B,head_coach,\n"
)


def test_a_player_id_column_is_read_as_ids_not_jersey_numbers(tmp_path):
    rows = "game,player_id,team,period,time,infraction,penalty\nG1,67,A,2,08:12,Tripping,Minor\n"
    path = folder(tmp_path / "id", rows, people_csv=NUMBERED)
    assert read_folder(path)["games"][0]["incidents"][0]["person"] == "67"
    told = folder(tmp_path / "told", rows, people_csv=NUMBERED, mapping_yaml="numbers_in_id_columns: true\n")
    (where, line, message), *rest = problems(told)
    assert (where, line, rest) == ("incidents.csv", 2, [])
    assert "could be 67 (Renata Fast, A) by its id; 86 (Emma Woods, A) by #67 of A" in message


def test_a_person_column_still_reads_jersey_numbers(tmp_path):
    rows = "game,person,team,period,time,infraction,penalty\nG1,9,B,2,08:12,Tripping,Minor\n"
    path = folder(tmp_path, rows, people_csv=NUMBERED)
    assert read_folder(path)["games"][0]["incidents"][0]["person"] == "B1"
    by_id = folder(tmp_path / "i", rows.replace("person", "player_id"), people_csv=NUMBERED)
    (where, line, message), *rest = problems(by_id)
    assert (where, line, rest) == ("incidents.csv", 2, [])
    assert message.startswith("column person: unknown person '9'")


# ---------------------------------------------------------------- 8. a row filter
def test_where_keeps_the_rows_of_one_league_year_and_their_lines(tmp_path):
    games = "id,date,home,away,kind,season_id\nG1,2025-10-01,A,B,regular,5\nG2,2025-10-08,A,B,regular,7\n"
    rows = HEADER + "G1,A1,2,08:12,Tripping,Minor,2\nG2,B1,1,01:00,Tripping,Minor,2\n"
    path = folder(tmp_path, rows, games_csv=games, mapping_yaml="where: {season_id: [5, 3]}\n")
    data = read_folder(path)
    assert [g["id"] for g in data["games"]] == ["G1"]
    assert data["games"][0]["incidents"][0]["person"] == "A1"
    everything = folder(tmp_path / "all", rows, games_csv=games.replace("kind,season_id", "kind,season"))
    assert [g["id"] for g in read_folder(everything, mapping={"seasons": {5: "regular", 7: "playoff"}})["games"]] == [
        "G1",
        "G2",
    ]


def test_a_bad_option_of_the_mapping_is_an_error_with_its_line(tmp_path):
    path = folder(tmp_path, mapping_yaml="join_seconds: soon\ndate_format: DD-MM-YY\nwhere: [5]\n")
    assert [(p[1], p[2]) for p in problems(path)] == [
        (1, "a whole number of seconds (0: only rows at the same time), not 'soon'"),
        (2, "one of YYYY-MM-DD, DD/MM/YYYY, MM/DD/YYYY, not 'DD-MM-YY'"),
        (3, "expected entries (key: value)"),
    ]


# ---------------------------------------------------------------- 2. the HockeyTech profile
HOCKEYTECH = ROOT / "tests" / "data" / "hockeytech"


def test_a_hockeytech_folder_with_the_profile_alone_is_its_hand_written_season():
    from hockeyrules import evaluate
    from hockeyrules.read.season import load

    data, season = import_folder(HOCKEYTECH, "hockeytech")
    by_hand = load(HOCKEYTECH / "season.yaml")
    assert evaluate(season).to_dict()["suspensions"] == evaluate(by_hand).to_dict()["suspensions"]
    games = {g["id"]: g for g in data["games"]}
    # the majors with their game misconduct rows apart (one 10 s after), the bench minor, the kinds
    assert games["1002"]["incidents"][1]["penalties"] == ["major", "game_misconduct"]
    assert games["1002"]["incidents"][2] == {
        "team": "10",
        "period": 3,
        "time": "15:00",
        "infraction": "too_many_players",
        "penalties": ["minor"],
        "minutes": 2,
    }
    assert [(g.kind, g.scheduled) for g in season.games if g.id in ("1001", "1002", "1005", "2001")] == [
        ("exhibition", False),
        ("regular", False),
        ("regular", True),
        ("playoff", True),
    ]
    assert [(g.date, g.start) for g in season.games[:1]] == [("2024-09-14", "19:00")]
    suspended = {(s["person"], s["game"]): (s["team"], s["games"]) for s in evaluate(season).to_dict()["suspensions"]}
    assert suspended == {
        ("67", "1002"): ("10", 2),
        ("201", "1002"): ("11", 2),
        ("202", "1003"): ("11", 2),
        ("301", "1003"): ("12", 2),
        ("302", "1003"): ("12", 2),
        ("202", "1004"): ("12", 1),  # after his trade to Regina: the team of the date
    }
    # the trade: the registry lists today's team (12); his lines give 11 until the move
    assert [(m.team, m.start, m.end) for m in season.people["202"].teams] == [
        ("11", None, "2024-10-10"),
        ("12", "2024-10-11", None),
    ]
    assert [w.message for w in season.warnings if w.message.startswith("membership")] == [
        "membership: from_incidents: the team of 1 person taken from their lines, game by game "
        "(people.csv gives another team, or none): Ethan McLeod"
    ]


def test_without_the_profile_the_hockeytech_folder_is_refused_not_misread():
    with pytest.raises(InputError) as exc:
        import_folder(HOCKEYTECH)
    assert any("unknown column 'time_off_formatted'" in p.message for p in exc.value.problems)


def test_a_league_file_extends_the_profile_and_wins(tmp_path):
    import shutil

    path = tmp_path / "ht"
    shutil.copytree(HOCKEYTECH, path)
    text = (path / "incidents.csv").read_text(encoding="utf-8").replace("Slashing", "Slash-Hard")
    (path / "incidents.csv").write_text(text, encoding="utf-8")
    assert "Slash-Hard" in str(problems(path, mapping="hockeytech"))
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: hockeytech\ninfractions:\n  Slash-Hard: slashing\njoin_seconds: 5\n", encoding="utf-8")
    data, season = import_folder(path, str(mine))
    incidents = {i["person"]: i for g in data["games"] for i in g["incidents"] if "person" in i}
    assert incidents["301"]["infraction"] == "fighting"  # the profile's words stay
    in_1004 = [
        i["infraction"] for g in data["games"] if g["id"] == "1004" for i in g["incidents"] if i["person"] == "302"
    ]
    assert in_1004 == ["slashing"]
    # the league's join_seconds wins over the profile's: 10 s apart is now too far
    assert [i["penalties"] for g in data["games"] if g["id"] == "1002" for i in g["incidents"]][1] == ["major"]
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: hockeytek\n", encoding="utf-8")
    assert problems(path, mapping=str(bad)) == [("extends", 1, "no profile 'hockeytek'; one of hockeytech, gamesheet")]


def test_the_command_line_lists_profiles_and_takes_one_by_name(tmp_path):
    from click.testing import CliRunner

    from hockeyrules.cli.commands import main

    runner = CliRunner()
    listed = runner.invoke(main, ["import", "--profiles"])
    assert listed.exit_code == 0 and listed.output.startswith("hockeytech\t")
    out = tmp_path / "season.yaml"
    done = runner.invoke(main, ["import", str(HOCKEYTECH), "--mapping", "hockeytech", "-o", str(out)])
    assert done.exit_code == 0, done.output
    assert "12 people, 9 games, 10 incidents" in done.output
    wrong = runner.invoke(main, ["import", str(HOCKEYTECH), "--mapping", "hockeytek", "-o", str(out)])
    assert wrong.exit_code == 2 and "'hockeytek' is neither a file nor a profile" in wrong.output


# ---------------------------------------------------------------- 9. the dry run
def _fill(text: str, answers: dict) -> str:
    """The dry run's mapping with its blanks filled: a blank entry takes answers[its text], else ignore."""
    out = []
    for line in text.splitlines():
        key, sep, rest = line.partition(': ""')
        if sep:
            name = key.strip().strip('"')
            line = f"{key}: {answers.get(name, 'ignore')}"
        out.append(line)
    return "\n".join(out) + "\n"


def test_the_dry_run_writes_a_mapping_that_filled_in_imports_the_folder(tmp_path):
    from click.testing import CliRunner

    from hockeyrules import evaluate
    from hockeyrules.cli.commands import main
    from hockeyrules.read.season import load

    draft = tmp_path / "draft.yaml"
    res = CliRunner().invoke(main, ["import", str(HOCKEYTECH), "--dry-run", "-o", str(draft)])
    assert res.exit_code == 0, res.output
    text = draft.read_text(encoding="utf-8")
    assert 'clock: ""' in text
    assert '"time_off_formatted": time' in text and '"lang_penalty_description": infraction' in text
    assert '"player_served": ""' in text and '"venue_name": ""' in text
    assert '  "1": ""  # 5 rows; played or scheduled' in text
    assert '  # "Major-Check/behind": "checking_from_behind"  (1 row)' in text
    assert '  # "Game Misconduct": "game_misconduct"  (3 rows)' in text
    # blanks left: refused, each at its line of the mapping file
    with pytest.raises(InputError) as exc:
        import_folder(HOCKEYTECH, str(draft))
    assert {p.line for p in exc.value.problems} and all(p.line for p in exc.value.problems)
    filled = tmp_path / "mine.yaml"
    filled.write_text(_fill(text, {"clock": "elapsed", "1": "scheduled", "4": "played"}), encoding="utf-8")
    season = import_folder(HOCKEYTECH, str(filled))[1]
    by_hand = load(HOCKEYTECH / "season.yaml")
    assert evaluate(season).to_dict()["suspensions"] == evaluate(by_hand).to_dict()["suspensions"]


def test_the_dry_run_lists_an_unknown_word_with_its_closest_codes(tmp_path):
    from hockeyrules.read.csv.survey import survey

    path = folder(tmp_path, HEADER + "G1,A1,2,08:12,Boardin,Major,5\nG1,A2,2,09:00,Boardin,Major,5\n")
    found = survey(path)
    assert '  "Boardin": ""  # 2 rows; closest: boarding' in found.mapping
    assert found.blanks == 1 and found.problems == []


def test_the_dry_run_groups_its_problems(tmp_path):
    from hockeyrules.read.csv.survey import survey

    rows = (
        HEADER + "".join(f"G9,A1,2,0{k}:00,Tripping,Minor,2\n" for k in range(5)) + "G1,ZZ,1,01:00,Tripping,Minor,2\n"
    )
    found = survey(folder(tmp_path, rows))
    assert found.problems[0].startswith("5 x incidents.csv (lines 2, 3, 4, ...): column game: unknown game 'G9'")
    assert found.problems[1].startswith("incidents.csv (line 7): column person: unknown person 'ZZ'")
    assert len(found.problems) == 2


# ---------------------------------------------------------------- 2b. the GameSheet profile
GAMESHEET = ROOT / "tests" / "data" / "gamesheet"


def test_a_gamesheet_folder_with_the_profile_alone_is_its_hand_written_season():
    from hockeyrules import evaluate
    from hockeyrules.read.season import load

    data, season = import_folder(GAMESHEET, "gamesheet")
    by_hand = load(GAMESHEET / "season.yaml")
    assert evaluate(season).to_dict()["suspensions"] == evaluate(by_hand).to_dict()["suspensions"]
    assert season.warnings == []
    games = {g["id"]: g for g in data["games"]}
    # the game misconduct's own row joined to its major; the bench minor with no player a team line;
    # the misconduct at 00:00 (the period's end, counting down) joined to its minor
    assert [(i.get("person") or i["team"], i["infraction"], i["penalties"]) for i in games["102"]["incidents"]] == [
        ("M-1001", "checking_from_behind", ["major", "game_misconduct"]),
        ("4101", "too_many_players", ["minor"]),
        ("M-2001", "roughing", ["minor", "misconduct"]),
    ]
    # the match penalty, and a misconduct with an infraction of its own kept apart
    assert [(i["person"], i["infraction"], i["penalties"]) for i in games["103"]["incidents"][2:]] == [
        ("M-2002", "head_contact", ["match"]),
        ("M-3002", "cross_checking", ["minor"]),
        ("M-3002", "abusive_behaviour", ["misconduct"]),
    ]
    assert [(g.id, g.kind, g.scheduled) for g in season.games if g.id in ("101", "104", "201")] == [
        ("101", "exhibition", False),
        ("104", "regular", True),
        ("201", "playoff", True),
    ]
    suspended = {s["person"]: s["games"] for s in evaluate(season).to_dict()["suspensions"]}
    assert suspended == {"M-1001": 2, "M-2001": 2, "M-2002": 3, "M-3001": 2}


def test_a_match_row_named_by_its_class_joins_the_line_it_completes(tmp_path):
    rows = HEADER + "G1,A1,2,08:12,Spearing,Major,5\nG1,A1,2,08:12,Match,Match,10\n"
    (incident,) = read_folder(folder(tmp_path, rows))["games"][0]["incidents"]
    assert (incident["infraction"], incident["penalties"], incident["minutes"]) == ("spearing", ["major", "match"], 15)
    alone = folder(tmp_path / "a", HEADER + "G1,A1,2,08:12,Match,Match,10\n")
    assert problems(alone) == [
        (
            "incidents.csv",
            2,
            "column infraction: a match with no infraction, and no line of Ann Alder within 30 s to join",
        )
    ]
    other = folder(tmp_path / "o", HEADER + "G1,A1,2,08:12,Match,Major,5\n")  # the word is no infraction
    assert problems(other)[0][2].startswith("column infraction: cannot map 'Match' to an infraction code")
    from hockeyrules.read.csv.survey import survey

    drafted = survey(folder(tmp_path / "d", rows)).mapping  # the dry run asks no code for it
    assert '  # "Match": a match penalty written apart, joined to the line it completes  (1 row)' in drafted


def test_a_league_extends_gamesheet_to_read_its_codes_instead_of_its_labels(tmp_path):
    from hockeyrules import evaluate

    mine = tmp_path / "mine.yaml"
    mine.write_text(
        "extends: gamesheet\n"
        "columns:\n  incidents.csv: {Code: infraction, Label: ignore}\n"
        "infractions: {TMM: too_many_players, ROUGH: roughing, HC: head_contact, XCHK: cross_checking, "
        "ABUSE: abusive_behaviour}\n",
        encoding="utf-8",
    )
    codes = evaluate(import_folder(GAMESHEET, str(mine))[1]).to_dict()["suspensions"]
    assert codes == evaluate(import_folder(GAMESHEET, "gamesheet")[1]).to_dict()["suspensions"]
    counting_up = tmp_path / "up.yaml"
    counting_up.write_text("extends: gamesheet\nsettings: {clock: elapsed}\n", encoding="utf-8")
    assert import_folder(GAMESHEET, str(counting_up))[0]["settings"]["clock"] == "elapsed"


def test_the_command_line_lists_gamesheet_and_reads_a_folder_with_it(tmp_path):
    from click.testing import CliRunner

    from hockeyrules.cli.commands import main

    runner = CliRunner()
    listed = runner.invoke(main, ["import", "--profiles"]).output.splitlines()
    assert [line.split("\t")[0] for line in listed] == ["hockeytech", "gamesheet"]
    out = tmp_path / "season.yaml"
    done = runner.invoke(main, ["import", str(GAMESHEET), "--mapping", "gamesheet", "-o", str(out)])
    assert done.exit_code == 0, done.output
    assert "12 people, 8 games, 9 incidents" in done.output
    without = runner.invoke(main, ["suspensions", str(GAMESHEET)])
    assert without.exit_code == 2 and "unknown column 'Label'" in without.output


def test_the_dry_run_lists_the_unknown_columns_of_a_file_that_lacks_one(tmp_path):
    """GameSheet's folder without its profile: people.csv has no id and incidents.csv no infraction
    the importer knows; the dry run lists their headers to map, and filled in, it reads the folder."""
    from hockeyrules import evaluate
    from hockeyrules.read.csv.survey import survey
    from hockeyrules.read.season import load

    found = survey(GAMESHEET)
    assert '    "External ID": ""  # unknown: a column of people.csv' in found.mapping
    assert '    "Label": ""  # unknown: a column of incidents.csv' in found.mapping
    assert found.problems == [
        "people.csv (line 1): missing column 'id'",
        "incidents.csv (line 1): missing column 'infraction' (or 'rule')",
    ]
    first = tmp_path / "first.yaml"
    first.write_text(
        _fill(found.mapping, {"clock": "remaining", "External ID": "id", "Label": "infraction"}), encoding="utf-8"
    )
    second = survey(GAMESHEET, str(first))  # the words of the files now read
    assert second.blanks == 0 and second.problems == []
    assert '  # "Checking from Behind": "checking_from_behind"  (1 row)' in second.mapping
    season = import_folder(GAMESHEET, str(first))[1]
    by_hand = load(GAMESHEET / "season.yaml")
    assert evaluate(season).to_dict()["suspensions"] == evaluate(by_hand).to_dict()["suspensions"]


# ---------------------------------------------------------------- 12. errors grouped in a normal import
def _failing(tmp_path: Path) -> Path:
    """300 rows failing for 3 causes: 150 on an unknown game, 100 on an unknown word, 50 on unknown people."""
    rows = [f"G9,A1,1,{k % 20:02d}:{k % 60:02d},Tripping,Minor,2\n" for k in range(150)]
    rows += [f"G1,A1,2,{k % 20:02d}:{k % 60:02d},Pizza,Minor,2\n" for k in range(100)]
    rows += [f"G2,Z{k},3,{k % 20:02d}:{k % 60:02d},Tripping,Minor,2\n" for k in range(50)]
    return folder(tmp_path, HEADER + "".join(rows))


@pytest.mark.parametrize("command", ["import", "suspensions"])
def test_many_failing_rows_are_one_line_per_cause_with_counts_and_first_rows(tmp_path, command):
    from click.testing import CliRunner

    from hockeyrules.cli.commands import main

    path = _failing(tmp_path)
    out = tmp_path / "season.yaml"
    args = [command, str(path)] + (["-o", str(out)] if command == "import" else [])
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 2 and not out.exists()
    lines = res.output.splitlines()
    assert lines[0] == f"{path}: 300 errors of 3 kinds, nothing computed"
    assert lines[1:] == [
        "  150 x incidents.csv (lines 2, 3, 4, ...): column game: unknown game 'G9' (not in games.csv)",
        "  100 x incidents.csv (lines 152, 153, 154, ...): column infraction: cannot map 'Pizza' to an infraction "
        + lines[2].split("cannot map 'Pizza' to an infraction ", 1)[1],
        "  50 x incidents.csv (lines 252, 253, 254, ...): column person: unknown person 'Z0' "
        + lines[3].split("unknown person 'Z0' ", 1)[1],
    ]
    assert lines[3].endswith("(the first of 50 different messages)")
    assert "Traceback" not in res.output


def test_the_problems_themselves_stay_whole_and_few_are_written_out(tmp_path):
    with pytest.raises(InputError) as exc:
        import_folder(_failing(tmp_path))
    assert len(exc.value.problems) == 300  # every one, for tools; only the text is grouped
    few = folder(tmp_path / "few", HEADER + "G9,A1,1,01:00,Tripping,Minor,2\nG8,A1,1,02:00,Tripping,Minor,2\n")
    with pytest.raises(InputError) as exc:
        import_folder(few)
    assert exc.value.report().splitlines()[1:] == [
        "  incidents.csv (line 2): column game: unknown game 'G9' (not in games.csv)",
        "  incidents.csv (line 3): column game: unknown game 'G8' (not in games.csv)",
    ]


# ---------------------------------------------------------------- 10. the clock against the lines
EDGES = HEADER + (
    "G1,A1,1,20:00,Roughing,Misconduct,10\nG1,B1,2,20:00,Roughing,Misconduct,10\n"
    "G2,A2,3,20:00,Unsportsmanlike,Misconduct,10\nG2,B2,3,11:00,Tripping,Minor,2\n"
)


def test_a_clock_most_edge_lines_contradict_is_a_warning_with_the_counts(tmp_path):
    remaining = folder(tmp_path / "r", EDGES)
    assert warnings(remaining) == [
        (
            "settings.csv",
            2,
            "the clock is remaining, but most lines at a period's edge say elapsed (3 lines at 20:00 and 0 at "
            "00:00: lines at a period's end are common, at its first second rare): check the clock",
        )
    ]
    elapsed = folder(tmp_path / "e", EDGES, settings_csv="key,value\nclock,elapsed\n")
    assert warnings(elapsed) == []
    two = folder(tmp_path / "two", EDGES.replace("G2,A2,3,20:00", "G2,A2,3,10:00"))
    assert warnings(two) == []  # two lines: too few to say


def test_clock_infer_takes_the_clock_the_edges_tell_and_says_so(tmp_path):
    path = folder(tmp_path / "i", EDGES, settings_csv="key,value\nclock,infer\n")
    data, season = import_folder(path)
    assert data["settings"]["clock"] == "elapsed"
    assert [(w.where, w.line, w.message) for w in season.warnings] == [
        (
            "settings.csv",
            2,
            "clock inferred: elapsed (3 lines at 20:00 and 0 at 00:00: lines at a period's end are common, "
            "at its first second rare)",
        )
    ]
    down = folder(tmp_path / "d", EDGES.replace("20:00", "00:00"), settings_csv="key,value\nclock,infer\n")
    assert read_folder(down)["settings"]["clock"] == "remaining"
    silent = folder(
        tmp_path / "s", HEADER + "G1,A1,1,11:00,Tripping,Minor,2\n", settings_csv="key,value\nclock,infer\n"
    )
    assert problems(silent) == [
        (
            "settings.csv",
            2,
            "column value: clock infer: the lines do not tell the clock (0 lines at 20:00 and 0 at 00:00); "
            "give it (remaining or elapsed)",
        )
    ]


def test_a_clock_given_by_the_mapping_or_the_command_line_is_checked_and_located_there(tmp_path):
    from click.testing import CliRunner

    from hockeyrules.cli.commands import main

    tail = (
        "but most lines at a period's edge say elapsed (3 lines at 20:00 and 0 at 00:00: lines at a period's end "
        "are common, at its first second rare): check the clock"
    )
    by_mapping = folder(tmp_path / "m", EDGES, settings_csv=None, mapping_yaml="settings: {clock: remaining}\n")
    assert warnings(by_mapping) == [("mapping.yaml, settings", None, f"the clock is remaining, {tail}")]
    inferred = folder(tmp_path / "i", EDGES, settings_csv=None, mapping_yaml="settings: {clock: infer}\n")
    assert read_folder(inferred)["settings"]["clock"] == "elapsed"
    given = folder(tmp_path / "g", EDGES, settings_csv=None)
    assert warnings(given, settings={"clock": "remaining"}) == [("--clock", None, f"the clock is remaining, {tail}")]
    out = tmp_path / "season.yaml"
    res = CliRunner().invoke(main, ["import", str(given), "--clock", "infer", "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert "warning: --clock: clock inferred: elapsed (3 lines at 20:00" in res.output
    assert "clock: elapsed" in out.read_text(encoding="utf-8")


# ---------------------------------------------------------------- 11. a person with no team
def test_a_person_with_no_team_and_no_line_is_left_out_with_a_warning(tmp_path):
    people = PEOPLE + "X1,Xavier Gone,,player\nB3,Bob Late,B,player\n"
    path = folder(tmp_path, HEADER + "G1,B3,1,01:00,Tripping,Minor,2\n", people_csv=people)
    data, season = import_folder(path)
    assert "X1" not in season.people and "B3" in season.people
    assert warnings(path) == [("people.csv", 8, "Xavier Gone has no team and no line in the season: left out")]
    named = folder(tmp_path / "n", HEADER + "G1,X1,1,01:00,Tripping,Minor,2\n", people_csv=people)
    assert [(w, line) for w, line, _ in problems(named) if w.startswith("people.csv")] == [
        ("people.csv, people[6].team", 8)
    ]


def test_power_play_goals_tell_the_clock(tmp_path):
    # penalties of B at 05:00 and 12:00 (elapsed): A's power-play goals 06:10 and 13:00 come after them
    rows = HEADER + "G1,B1,1,05:00,Tripping,Minor,2\nG1,B2,2,12:00,Hooking,Minor,2\nG2,B1,1,15:00,Holding,Minor,2\n"
    goals = "game,period,time,team,power_play\nG1,1,06:10,A,1\nG1,2,13:00,A,yes\nG2,1,16:30,A,1\nG2,1,02:00,B,0\n"
    path = folder(tmp_path / "r", rows, goals_csv=goals)
    assert warnings(path) == [
        (
            "settings.csv",
            2,
            "the clock is remaining, but most lines at a period's edge and power-play goals say elapsed (0 lines at "
            "20:00 and 0 at "
            "00:00; 3 power-play goals fit only elapsed and 0 only remaining: lines at a period's end are common, "
            "at its first second rare): check the clock",
        )
    ]
    inferred = folder(tmp_path / "i", rows, goals_csv=goals, settings_csv="key,value\nclock,infer\n")
    assert read_folder(inferred)["settings"]["clock"] == "elapsed"
    right = folder(tmp_path / "e", rows, goals_csv=goals, settings_csv="key,value\nclock,elapsed\n")
    assert warnings(right) == []
    # the goals 50 s before the penalties: what a countdown clock read as elapsed looks like
    early = goals.replace("06:10", "04:10").replace("13:00", "11:10").replace("16:30", "14:10")
    assert warnings(folder(tmp_path / "x", rows, goals_csv=early)) == []


def test_a_labelled_incident_takes_a_misconduct_row_with_no_infraction(tmp_path):
    rows = "game,incident,person,period,time,infraction,penalty\nG1,1,A1,2,08:12,,Game Misconduct\nG1,1,A1,2,08:12,Boarding,Major\n"
    (incident,) = read_folder(folder(tmp_path, rows))["games"][0]["incidents"]
    assert (incident["infraction"], incident["penalties"]) == ("boarding", ["game_misconduct", "major"])
    alone = "game,incident,person,period,time,infraction,penalty\nG1,1,A1,2,08:12,,Game Misconduct\n"
    assert problems(folder(tmp_path / "a", alone)) == [
        ("incidents.csv, games[0].incidents[0].infraction", 2, "missing")
    ]
