"""What people read, the last points of issue 29: the report of one team, team names in the
text tables, rule titles on hover, the diff headline's indefinite suspensions, the head coach
suspended under league:10.08 for many games as one row, the site's search split by league."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import line, season

from hockeyrules.cli.commands import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "mu18aaa-example.yaml"
FIGHT_PROPOSAL = ROOT / "proposals" / "examples" / "first-fight-two-games.yaml"


def cli(*args, code: int = 0):
    res = CliRunner().invoke(main, [str(a) for a in args])
    assert res.exit_code == code, res.output + res.stderr
    return res


# --- the diff's headline: what its games include -------------------------------------------


def indefinite_season() -> dict:
    """B2's discrimination (indefinite, at least 5 games) and a fight in the same game: the
    first-fight proposal lengthens an indefinite suspension; A3's fight is a definite one."""
    return season(
        line("B2", "discrimination", ["gross_misconduct"]),
        line("A3", "fighting", ["major"], time="10:00"),
        line("B2", "fighting", ["major"], time="10:00"),
    )


def test_the_diff_headline_says_when_its_games_include_an_indefinite_suspension(tmp_path):
    import json

    from hockeyrules.report.pages import build_report

    path = tmp_path / "season.json"
    path.write_text(json.dumps(indefinite_season()), encoding="utf-8")
    wanted = "including 1 indefinite suspension awaiting a league decision (at its minimum)"
    out = cli("diff", path, "--proposal", FIGHT_PROPOSAL).stdout
    assert f"2 games added and 0 removed, {wanted};" in out
    page = build_report(str(path), proposal=str(FIGHT_PROPOSAL))
    headline = re.search(r'<p class="headline".*?</p>', page, re.S).group(0)
    assert f'removed, <span id="including">{wanted}</span>;' in headline


@pytest.mark.slow
def test_the_diff_headline_claims_no_indefinite_suspension_where_none_changes():
    """The example season has indefinite suspensions, but the first-fight proposal changes
    none of them: its headline says nothing of one."""
    from hockeyrules.committee.diff import diff
    from hockeyrules.report.pages import build_report

    d = diff(EXAMPLE, FIGHT_PROPOSAL)
    assert d["totals"]["league"]["after"]["indefinite"] > 0
    assert not any(c["games_change"] and (c["after"] or c["before"])["indefinite"] for c in d["changes"])
    out = cli("diff", EXAMPLE, "--proposal", FIGHT_PROPOSAL).stdout
    assert "49 games added and 0 removed; 49 persons" in out and "indefinite suspension" not in out.split("\n\n")[1]
    page = build_report(str(EXAMPLE), proposal=str(FIGHT_PROPOSAL))
    headline = re.search(r'<p class="headline".*?</p>', page, re.S).group(0)
    assert "indefinite" not in headline and 'id="including"' not in headline


# --- team names in the text tables -----------------------------------------------------------


def named_season(tmp_path, a: str, b: str) -> Path:
    """A boarding major of A1 (team A) and a fight of B2 (team B), the teams named a and b."""
    import json

    data = season(line("A1"), line("B2", "fighting", ["major"], time="10:00"))
    for t in data["teams"]:
        t["name"] = {"A": a, "B": b}[t["id"]]
    path = tmp_path / f"season-{a}-{b}.json".replace(" ", "_")
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def team_cells(out: str) -> list[str]:
    """The team column of a text table (the cells under the heading 'team')."""
    lines = out.splitlines()
    head = next(n for n, x in enumerate(lines) if x.split()[:3] == ["date", "game", "team"])
    start = lines[head].index("team")
    dashes = lines[head + 1].split("  ")
    width = len(dashes[2])
    return [x[start : start + width].strip() for x in lines[head + 2 :] if x.strip() and x[:4].isdigit()]


def test_the_suspensions_table_names_the_teams_and_the_json_and_csv_keep_the_ids(tmp_path):
    path = named_season(tmp_path, "Selkirk Pistons", "Gimli Flyers")
    assert team_cells(cli("suspensions", path).stdout) == ["Selkirk Pistons", "Gimli Flyers"]
    assert team_cells(cli("suspensions", path, "--team", "gimli flyers").stdout) == ["Gimli Flyers"]
    import json

    assert [s["team"] for s in json.loads(cli("suspensions", path, "--format", "json").stdout)["suspensions"]] == [
        "A",
        "B",
    ]
    csv_rows = cli("suspensions", path, "--format", "csv").stdout.splitlines()
    assert [row.split(",")[2] for row in csv_rows[1:]] == ["A", "B"]
    # two teams of one name: the id beside it, where the name alone would not say which
    same = named_season(tmp_path, "Storm", "Storm")
    assert team_cells(cli("suspensions", same).stdout) == ["Storm (A)", "Storm (B)"]


def test_the_audit_table_names_teams_and_persons():
    out = cli("audit", EXAMPLE).stdout
    serving = out[out.index("Serving") : out.index("Violations")]
    violations = out[out.index("Violations") : out.index("Forfeits")]
    assert "Deloraine Storm" in serving and "Reid Morrison (T00-06)" in serving
    assert " T00 " not in serving and " T02 " not in violations
    assert "Gilbert Plains Ice Dogs  Rémi Bjornson (T02-05)  league:10.08" in violations
