"""Reconciliation: what the league issued against what its rules require (issue 15)."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from helpers import line, season_of
from test_audit import discrimination, one_game, two_games  # the audit tests' game-sheet lines

from hockeyrules import InputError
from hockeyrules.cli.commands import main
from hockeyrules.office.reconcile import reconcile
from hockeyrules.read.season import from_data


def minor(p):  # nothing
    return line(p, "tripping", ["minor"])


# G1 2025-10-01, G2 10-08, G3 10-15, G4 10-22, G5 10-29
GAMES = [
    {"incidents": [two_games("A1"), two_games("A2"), one_game("B3"), one_game("B1")]},
    {"incidents": [one_game("A4"), minor("A5"), discrimination("A6")]},
    {"incidents": [one_game("A7")]},
    {"incidents": [one_game("A7")]},
    {},
]
ISSUED = [
    {"person": "A1", "game": "G1", "games": 2, "rules": "7.2(b), 10.02", "date": "2025-10-03"},
    {"person": "A2", "game": "G1", "games": 1, "date": "2025-10-03"},
    {"person": "B3", "game": "G1", "games": 3, "date": "2025-10-03", "note": "a hard hit"},
    {"person": "B1", "game": "G1", "indefinite": True, "date": "2025-10-03"},
    {"person": "A5", "game": "G2", "games": 1, "rules": "7.3", "date": "2025-10-10"},
    {"person": "A6", "game": "G2", "games": 5, "date": "2025-10-10"},
    {"person": "A7", "game": "G4", "games": 3, "date": "2025-10-23", "note": "both games"},
]


def season(issued=ISSUED):
    data = season_of(GAMES)
    data["issued"] = issued
    return data


@pytest.fixture(scope="module")
def answer():
    return reconcile(season())


def pair(answer, person):
    found = [p for p in answer["pairs"] if p["person"] == person]
    assert len(found) == 1, found
    return found[0]


def texts(node):
    yield node["text"]
    for child in node.get("children", []):
        yield from texts(child)


def all_text(p):
    return " | ".join(t for n in p["explanation"] for t in texts(n))


def test_each_class_with_its_numbers(answer):
    assert {p["person"]: p["class"] for p in answer["pairs"]} == {
        "A1": "agrees",
        "A2": "too-short",
        "B3": "too-long",
        "B1": "indefinite-mismatch",
        "A4": "missed",
        "A5": "extra",
        "A6": "indefinite-mismatch",
        "A7": "agrees",
    }
    assert answer["format"] == "hockeyrules/reconcile@1"
    assert answer["summary"] == {
        "agrees": 2,
        "missed": 1,
        "extra": 1,
        "too-short": 1,
        "too-long": 1,
        "indefinite-mismatch": 2,
        "total": 8,
    }
    assert [(t["team"], t["agrees"], t["indefinite-mismatch"]) for t in answer["teams"]] == [("A", 2, 1), ("B", 0, 1)]
    assert pair(answer, "A2")["difference"] == "required 2 games, issued 1: 1 too few"
    assert pair(answer, "B3")["difference"] == "required 1 game, issued 3: 2 more than the rules require"
    assert pair(answer, "A4")["difference"] == "required 1 game, nothing issued"
    assert pair(answer, "A5")["difference"] == "issued 1 game, nothing required"


def test_missed_and_too_short_say_why_the_rules_require_more(answer):
    for person in ("A2", "A4"):
        p = pair(answer, person)
        root = p["explanation"][0]
        assert root["kind"] == "suspension" and root["game"] == p["required"][0]["game"]
        rules = {c.get("rule") for c in root["children"] if c["kind"] == "component"}
        assert "hc:7.2(b)" in {r.split("/")[0] for r in rules}
    assert "league:10.02" in all_text(pair(answer, "A2"))
    assert pair(answer, "A1")["explanation"] == []  # an agreement needs no explanation


def test_extra_and_too_long_say_why_not_with_the_candidate_rows(answer):
    extra = pair(answer, "A5")
    assert [n["kind"] for n in extra["explanation"]] == ["incident"]
    assert "no suspension for this game" in all_text(extra)
    long_ = pair(answer, "B3")
    kinds = [n["kind"] for n in long_["explanation"]]
    assert kinds == ["suspension", "incident"]  # how the 1 game is made, then the line's candidates
    assert any(c["kind"] == "candidate" for c in long_["explanation"][1]["children"])
    assert "does not fire" in all_text(long_)


def test_indefinite_mismatch_both_ways(answer):
    assert pair(answer, "A6")["difference"].startswith(
        "required indefinite: awaiting a league decision (at least 5 games), issued 5 games"
    )
    assert pair(answer, "B1")["difference"].startswith("required 1 game, issued indefinite")
    assert "hc:11.4" in all_text(pair(answer, "A6"))


def test_one_league_suspension_covering_two_games_is_matched_by_date_window(answer):
    p = pair(answer, "A7")
    assert [r["game"] for r in p["required"]] == ["G3", "G4"]
    assert [i["game"] for i in p["issued"]] == ["G4"]
    assert p["match"].startswith(
        "date window: the entry for G4 (issued 2025-10-23) covers the suspensions of G3 (2025-10-15), G4 (2025-10-22)"
    )
    assert p["class"] == "agrees"


def test_without_the_window_the_earlier_game_is_missed():
    issued = [dict(e, date="2025-10-22") if e["person"] == "A7" else e for e in ISSUED]
    issued = [dict(e, game="G4") if e["person"] == "A7" else e for e in issued]
    data = season(issued)
    data["games"][2]["date"] = "2025-10-10"  # G3 more than a week before G4
    answer = reconcile(data)
    assert sorted((p["class"], [r["game"] for r in p["required"]]) for p in answer["pairs"] if p["person"] == "A7") == [
        ("missed", ["G3"]),
        ("too-long", ["G4"]),
    ]


def test_unknown_persons_and_games_are_located_errors(tmp_path):
    bad = ISSUED + [
        {"person": "NOPE", "game": "G1", "games": 1},
        {"person": "A1", "game": "G99", "games": 1},
        {"person": "A1", "game": "G1"},
    ]
    with pytest.raises(InputError) as err:
        from_data(season(bad))
    where = {(p.where, p.message) for p in err.value.problems}
    assert ("issued[7].person", "unknown person 'NOPE'") in where
    assert ("issued[8].game", "unknown game 'G99'") in where
    assert ("issued[9].games", "missing: the number of games issued (or indefinite: true)") in where
    # the same from a file of its own, with the file's lines, exit 2 and nothing printed
    path = tmp_path / "season.json"
    path.write_text(json.dumps(season([])))
    issued = tmp_path / "issued.yaml"
    issued.write_text("issued:\n  - {person: A1, game: G1, games: 2}\n  - {person: ZZ, game: G1, games: 1}\n")
    res = CliRunner().invoke(main, ["reconcile", str(path), "--issued", str(issued)])
    assert res.exit_code == 2 and res.stdout == ""
    assert "issued[1].person (line 3): unknown person 'ZZ'" in res.stderr


def test_issued_csv_gives_the_same_answer_as_the_yaml_list(tmp_path, answer):
    from hockeyrules.read.csv.exporter import write_folder

    folder = tmp_path / "csv"
    write_folder(from_data(season()), folder)
    assert (folder / "issued.csv").exists()
    from_csv = reconcile(str(folder))
    assert from_csv["pairs"] == answer["pairs"] or _same_but_where(from_csv, answer)
    # and a separate CSV file given with --issued
    path = tmp_path / "season.json"
    path.write_text(json.dumps(season([])))
    res = CliRunner().invoke(main, ["reconcile", str(path), "--issued", str(folder / "issued.csv"), "--format", "json"])
    assert res.exit_code == 0, res.stderr
    assert _same_but_where(json.loads(res.stdout), answer)


def _same_but_where(a, b):
    def strip(d):
        return [
            {
                **p,
                "issued": [{k: v for k, v in i.items() if k != "where"} for i in p["issued"]],
                "explanation": [
                    {k: v for k, v in n.items() if k not in ("where", "line", "children")} for n in p["explanation"]
                ],
            }
            for p in d["pairs"]
        ]

    assert strip(a) == strip(b)
    assert a["summary"] == b["summary"]
    return True


def test_the_cli_formats(tmp_path):
    path = tmp_path / "season.yaml"
    import yaml

    path.write_text(yaml.safe_dump(season()))
    runner = CliRunner()
    table = runner.invoke(main, ["reconcile", str(path)])
    assert table.exit_code == 0, table.stderr
    assert (
        table.stdout.splitlines()[0]
        == "Reconciliation: 6 differences and 2 agreeing of 8 suspensions required or issued"
    )
    assert re.search(r"\ntoo short +A2 ", table.stdout) and "matched by date window" in table.stdout
    md = runner.invoke(main, ["reconcile", str(path), "--format", "markdown"]).stdout
    assert md.startswith("# Reconciliation\n") and "## too long: Player B3 (B3, Bravo)" in md
    rows = runner.invoke(main, ["reconcile", str(path), "--format", "csv"]).stdout.splitlines()
    assert rows[0].startswith("class,person,name,team") and len(rows) == 9
