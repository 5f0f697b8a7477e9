"""User text is data: it never becomes program text, and comes back out unchanged."""

from __future__ import annotations

import json

from click.testing import CliRunner

from hockeyrules import evaluate
from hockeyrules.cli.commands import main
from hockeyrules.committee.scenarios import base_season, build_season

HOSTILE = [
    'x"). suspended(Y) :- person(Y). #script (python)',
    'x"). evil :- y. #script',
    'P"). declared(p2,99). player(p9,"y',
    '#include "/etc/passwd".\n#external a.',
    "Zoë O'Neil 🏒 \\ \" %! :- . #",
]


def hostile_season() -> dict:
    """Hostile text in every id and name; an id may not hold a control character
    (a newline, NUL: tests/test_hostile_input.py), so the stoppage has none."""
    data = base_season()
    team = HOSTILE[2]
    data["teams"].append({"id": team, "name": HOSTILE[3]})
    data["people"] += [{"id": text, "name": text, "team": team, "role": "player"} for text in HOSTILE[:2]] + [
        {"id": HOSTILE[4], "name": HOSTILE[4], "team": "A", "role": "player"}
    ]
    game = {
        "id": HOSTILE[1],
        "home": "A",
        "away": team,
        "incidents": [
            {
                "person": HOSTILE[0],
                "period": 1,
                "time": "05:00",
                "infraction": "fighting",
                "penalties": ["major"],
                "stoppage": HOSTILE[3].replace("\n", " "),
            },
            {
                "person": HOSTILE[4],
                "period": 1,
                "time": "05:00",
                "infraction": "fighting",
                "penalties": ["major"],
                "stoppage": HOSTILE[3].replace("\n", " "),
            },
        ],
    }
    return build_season({"games": [game]}, data)


def test_hostile_names_come_back_out_unchanged_and_add_no_rule():
    result = evaluate(hostile_season()).to_dict()
    people = {(s["person"], s["name"], s["team"], s["game"]) for s in result["suspensions"]}
    assert people == {
        (HOSTILE[0], HOSTILE[0], HOSTILE[2], HOSTILE[1]),
        (HOSTILE[4], HOSTILE[4], "A", HOSTILE[1]),
    }
    # exactly the two fighters: the text did not declare anyone else suspended
    assert all(s["games"] == 2 for s in result["suspensions"])


def test_hostile_names_survive_the_json_output(tmp_path):
    path = tmp_path / "season.json"
    path.write_text(json.dumps(hostile_season()))
    res = CliRunner().invoke(main, ["suspensions", str(path), "--format", "json"])
    assert res.exit_code == 0, res.stderr
    names = {s["name"] for s in json.loads(res.stdout)["suspensions"]}
    assert names == {HOSTILE[0], HOSTILE[4]}


def test_hostile_names_survive_the_csv_output(tmp_path):
    import csv
    import io

    path = tmp_path / "season.json"
    path.write_text(json.dumps(hostile_season()))
    res = CliRunner().invoke(main, ["suspensions", str(path), "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    assert {r["person"] for r in rows} == {HOSTILE[0], HOSTILE[4]}


def test_a_newline_in_a_name_does_not_break_the_table(tmp_path):
    data = hostile_season()
    data["people"][-1]["name"] = "Line one\nLine two"
    path = tmp_path / "season.json"
    path.write_text(json.dumps(data))
    res = CliRunner().invoke(main, ["suspensions", str(path)])
    table_lines = [ln for ln in res.stdout.splitlines() if ln.startswith("2025-")]
    assert len(table_lines) == 2
