"""Every view on every shape (issue 32): every command and every output format, on a
generated season that holds every shape of the format's second revision (warnings of
each kind, team lines, a game on the other clock, a game ejection, scheduled games, a
decision, an issued list, affiliates, exhibitions), read from JSON, YAML and a CSV
folder. Each ends with exit 0 and says what the season holds: the name of the person
whose suspension a decision lengthened and the league issued too short."""

from __future__ import annotations

import csv
import io
import json

import pytest
import yaml
from click.testing import CliRunner

from hockeyrules.cli.commands import main
from seasongen import generate_season

# Many views and commands over the same few seasons: each distinct solve is done once
# (conftest.py's solved_once).
pytestmark = pytest.mark.usefixtures("solved_once")

SOURCES = ("json", "yaml", "csv")


@pytest.fixture(scope="module")
def season():
    return generate_season(teams=4, games_per_team=4, seed=3, shapes=True)


@pytest.fixture(scope="module")
def files(season, tmp_path_factory, read_once) -> dict:
    """The season in each source, each read once for the module's commands (the views are
    the point here; the readers have their own tests)."""
    root = tmp_path_factory.mktemp("shapes")
    (root / "season.json").write_text(json.dumps(season))
    (root / "season.yaml").write_text(yaml.safe_dump(season, sort_keys=False))
    res = CliRunner().invoke(main, ["export", str(root / "season.json"), "-o", str(root / "csv")])
    assert res.exit_code == 0, res.output
    paths = {"json": root / "season.json", "yaml": root / "season.yaml", "csv": root / "csv"}
    for path in paths.values():
        read_once(path)
    return {**paths, "root": root}


@pytest.fixture(scope="module")
def decided(season) -> dict:
    """The person the decision and the issued list are about, and the game."""
    d = season["decisions"][0]
    names = {p["id"]: p["name"] for p in season["people"]}
    return {"id": d["person"], "name": names[d["person"]], "game": d["game"]}


def test_the_season_holds_every_shape(season):
    lines = [line for g in season["games"] for line in g.get("incidents", [])]
    assert any("team" in line for line in lines)
    assert any("game_ejection" in line["penalties"] for line in lines)
    assert any("clock" in g for g in season["games"])
    assert any(g.get("status") == "scheduled" for g in season["games"])
    assert {g["kind"] for g in season["games"]} >= {"regular", "exhibition", "playoff"}
    assert any(p.get("affiliate") for p in season["people"])
    assert season["decisions"] and len(season["issued"]) == 2


def test_the_default_season_has_none_of_them():
    plain = generate_season(teams=4, games_per_team=4, seed=3)
    shaped = generate_season(teams=4, games_per_team=4, seed=3, shapes=True)
    assert "decisions" not in plain and "issued" not in plain
    assert not any(g.get("status") or g.get("clock") for g in plain["games"])
    assert plain["people"] == shaped["people"] and plain["teams"] == shaped["teams"]


def invoke(*args) -> str:
    res = CliRunner().invoke(main, [str(a) for a in args])
    assert res.exit_code == 0, res.output
    assert "Traceback" not in res.output
    return res.stdout


@pytest.mark.parametrize("source", SOURCES)
def test_suspensions_in_every_format(files, decided, source):
    path = files[source]
    assert decided["name"] in invoke("suspensions", path, "-q")
    data = json.loads(invoke("suspensions", path, "--format", "json", "-q"))
    assert {"person": decided["id"], "game": decided["game"]}.items() <= next(
        s for s in data["suspensions"] if s["person"] == decided["id"]
    ).items()
    kinds = {w["message"].split(" ")[0] for w in data["warnings"]}
    assert {"checking_from_behind", "match", "unknown"} <= kinds or source == "csv"
    rows = list(csv.DictReader(io.StringIO(invoke("suspensions", path, "--format", "csv", "-q"))))
    assert decided["id"] in {r["person"] for r in rows}
    assert decided["name"] in invoke("suspensions", path, "--explain", "-q")


@pytest.mark.parametrize("source", SOURCES)
def test_explain_and_audit_in_every_format(files, decided, source):
    path = files[source]
    who = ("--person", decided["id"])
    assert decided["name"] in invoke("explain", path, *who, "--audit", "-q")
    assert json.loads(invoke("explain", path, *who, "--format", "json", "-q"))["explanations"]
    assert decided["name"] in invoke("explain", path, *who, "--format", "markdown", "-q")
    assert "line" in invoke("explain", path, "--game", decided["game"], "--incident", "1", "-q")
    assert decided["id"] in invoke("audit", path, "-q")
    audit = json.loads(invoke("audit", path, "--format", "json", "-q"))
    mine = [s for s in audit["serving"] if s["person"] == decided["id"]]
    assert mine[0]["games"] == 3 and mine[0]["decisions"][0]["add_games"] == 1  # 2, and 1 by the decision
    assert mine[0]["to_serve_in"] == ["SCHED1"]
    assert invoke("audit", path, "--format", "csv", "-q").startswith("date,game,team,person,rule,kind,message\n2")


@pytest.mark.parametrize("source", SOURCES)
def test_report_one_file_and_site_notices_and_export(files, decided, source, tmp_path):
    path = files[source]
    invoke("report", path, "-o", tmp_path / "r.html", "-q")
    assert decided["name"] in (tmp_path / "r.html").read_text()
    invoke("report", path, "-o", f"{tmp_path / 'site'}/", "-q")
    assert decided["name"] in "".join(p.read_text() for p in (tmp_path / "site").iterdir())
    invoke("notices", path, "-o", tmp_path / "notices", "-q")
    assert any(decided["name"] in p.read_text() for p in (tmp_path / "notices").glob("*.md"))
    invoke("notice", path, "--person", decided["id"], "--game", decided["game"], "-o", tmp_path / "n.html", "-q")
    assert decided["name"] in (tmp_path / "n.html").read_text()
    invoke("export", path, "-o", tmp_path / "csv", "-q")
    assert decided["name"] in (tmp_path / "csv" / "people.csv").read_text()
    assert "scheduled" in (tmp_path / "csv" / "games.csv").read_text()


@pytest.mark.parametrize("source", SOURCES)
def test_status_reconcile_diff_readings_in_every_format(files, decided, source):
    path = files[source]
    assert "SCHED1" in invoke("status", path, "-q")  # the scheduled games sat out
    status = json.loads(invoke("status", path, "--format", "json", "-q"))
    assert status["format"].startswith("hockeyrules/status") and "SCHED1" in json.dumps(status)
    assert "SCHED1" in invoke("status", path, "--format", "markdown", "-q")
    assert decided["name"] in invoke("reconcile", path, "-q")
    rec = json.loads(invoke("reconcile", path, "--format", "json", "-q"))
    classes = {p["person"]: p["class"] for p in rec["pairs"]}
    assert classes[decided["id"]] == "too-short"  # issued 1 game; the rules 1 more by the decision
    assert rec["summary"]["extra"] == 1
    assert decided["name"] in invoke("reconcile", path, "--format", "markdown", "-q")
    assert decided["id"] in invoke("reconcile", path, "--format", "csv", "-q")
    for fmt in ("table", "json", "markdown"):
        out = invoke("diff", path, "--reading", "layers=max", "--format", fmt, "-q")
        assert "layers" in out or "suspension" in out
        assert "late_game_counted_once" in invoke("readings", path, "--format", fmt)
