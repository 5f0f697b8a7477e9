"""Issue 32, nothing lost, nothing crashes: a report on a JSON season with a warning,
outputs that never overwrite inputs, writes that fail cleanly and leave the previous
output whole, round trips of the largest legal fields, messages naming what is at fault."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from hockeyrules.cli.commands import main
from hockeyrules.committee.scenarios import base_season, build_season


def warned_season() -> dict:
    """A one-game season whose line carries a field the format does not have: a warning."""
    line = {"person": "A1", "period": 2, "time": "12:00", "infraction": "boarding", "penalties": ["major"], "x": 1}
    return build_season({"games": [{"incidents": [line]}]}, base_season())


def run(*args: str):
    return CliRunner().invoke(main, list(args))


# ----------------------------------------------------------------- the JSON warning


def test_a_report_on_a_json_season_with_a_warning_lists_the_warning(tmp_path: Path):
    season = tmp_path / "season.json"
    season.write_text(json.dumps(warned_season()))
    out = tmp_path / "report.html"
    res = run("report", str(season), "-o", str(out), "-q")
    assert res.exit_code == 0, res.output
    page = out.read_text()
    warnings = page.split("<h3>Warnings</h3>", 1)[1].split("</ul>", 1)[0]
    assert "unknown field &#39;x&#39; ignored" in warnings
    assert "season file line" not in warnings  # JSON gives no line to name


def test_a_report_site_on_a_json_season_with_a_warning(tmp_path: Path):
    season = tmp_path / "season.json"
    season.write_text(json.dumps(warned_season()))
    res = run("report", str(season), "-o", str(tmp_path / "site") + "/", "-q")
    assert res.exit_code == 0, res.output
    pages = "".join(p.read_text() for p in (tmp_path / "site").rglob("*.html"))
    assert "unknown field &#39;x&#39; ignored" in pages


def test_a_report_on_the_same_season_in_yaml_names_the_line(tmp_path: Path):
    import yaml

    season = tmp_path / "season.yaml"
    season.write_text(yaml.safe_dump(warned_season()))
    out = tmp_path / "report.html"
    assert run("report", str(season), "-o", str(out), "-q").exit_code == 0
    assert "season file line " in out.read_text().split("<h3>Warnings</h3>", 1)[1].split("</ul>", 1)[0]
