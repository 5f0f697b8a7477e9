"""What people read (issue 29): plain words, names, every suspension in every view.

Each test reads the example season (examples/mu18aaa-example.yaml) as a league auditor
or a team manager would: through the commands' text output.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hockeyrules.cli.commands import main
from hockeyrules.read.names import person_id, team_id
from hockeyrules.read.season import load
from hockeyrules.views import treeview
from hockeyrules.views.render import headline_text
from hockeyrules.views.wording import body, games_words, row_words

# Many views and commands over the same few seasons: each distinct solve is done once
# (conftest.py's solved_once).
pytestmark = pytest.mark.usefixtures("solved_once")

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = str(ROOT / "examples" / "mu18aaa-example.yaml")
PROPOSAL = str(ROOT / "proposals" / "examples" / "boarding-late-three.yaml")

# Words of the program's authors that no reader knows (issue 29)
INTERNAL = (
    "min 0",
    "at least 0 games",
    "0 + 0 = 0",
    "COMPONENT",
    "LAYER",
    "GOVERNS",
    "OVERLAPS",
    "(rule 1)",
    "(rule 2",
    "(rule 3",
    "(rule 5)",
    "rule 6)",
    "late value",
    "secondary_fight",
    "misconduct-class",
    "gov+league",
    "layer governing",
    "layers:",
    "HC/HM",
    "counted once:",
    "Hockey Canada part",
    "league part",
    "revision 1",
    "game(s)",
    "suspension(s)",
    "person(s)",
    "season file line",
)


def cli(*args: str, code: int = 0) -> str:
    res = CliRunner().invoke(main, list(args))
    assert res.exit_code == code, res.output
    return res.output


@pytest.fixture(scope="module")
def season():
    return load(EXAMPLE)


@pytest.fixture(scope="module")
def views() -> dict:
    """Every text view of the example season a league person reads."""
    return {
        "suspensions": cli("suspensions", EXAMPLE),
        "suspensions read otherwise": cli(
            "suspensions", EXAMPLE, "--layers", "max", "--reading", "late_window_minutes=5", "--team", "T07"
        ),
        # an indefinite suspension with no minimum (hc:10.4(f)), one of 8 games from 4 rules
        "explain T10-05": cli("explain", EXAMPLE, "--person", "T10-05"),
        "explain T07-12": cli("explain", EXAMPLE, "--person", "T07-12", "--game", "G0305"),
        "explain markdown": cli("explain", EXAMPLE, "--person", "T07-12", "--format", "markdown"),
        "notice T10-05": cli("notice", EXAMPLE, "--person", "T10-05", "--game", "G0198", "--date", "2026-03-25"),
        "notice T07-12": cli("notice", EXAMPLE, "--person", "T07-12", "--game", "G0305", "--date", "2026-03-25"),
        "status": cli("status", EXAMPLE),
        "reconcile": cli("reconcile", EXAMPLE),
    }


@pytest.mark.parametrize("word", INTERNAL)
def test_no_view_of_the_example_season_says_an_internal_word(views, word):
    for name, text in views.items():
        assert word not in text, f"{name}: {word!r}"


def test_a_heading_names_only_the_readings_that_are_not_the_default_and_in_words(views):
    assert views["suspensions"].splitlines()[0] == "MU18AAA 2025-26: suspensions"
    assert views["suspensions read otherwise"].splitlines()[0] == (
        "MU18AAA 2025-26: suspensions, read with the larger of Hockey Canada's minimum and the league's games; "
        '"late" as the last 5 minutes'
    )


def test_the_suspensions_table_gives_the_minimum_and_the_league_s_games_that_add_up_to_the_total(views):
    lines = views["suspensions"].splitlines()
    spans = [m.span() for m in re.finditer(r"-+", lines[3])]  # the columns, from the rule under the headers
    cells = [[x[a:b].strip() for a, b in spans] for x in lines[2:] if x[:4].isdigit() or x.startswith("date")]
    assert cells[0][-4:] == ["games", "minimum", "league", "rules"]
    # under the default reading the league's games add to the minimum: every whole row says so
    added = [(int(c[-4]), int(c[-3]), int(c[-2])) for c in cells[1:] if "indefinite" not in c[-4]]
    assert added and all(games == minimum + league for games, minimum, league in added)
    assert any(league > 0 for _, _, league in added) and any(minimum > 0 for _, minimum, _ in added)


def test_the_rules_listing_says_no_min_0():
    # (the committee's listing names the season format's codes: secondary_fight is one)
    text = cli("rules")
    assert "min 0" not in text and "indefinite, at least 5" in text


def test_an_indefinite_suspension_awaits_a_league_decision(views):
    assert "indefinite: awaiting a league decision" in views["explain T10-05"]
    assert "indefinite: awaiting a league decision" in views["notice T10-05"]
    assert games_words(5, True) == "indefinite: awaiting a league decision (at least 5 games)"
    assert games_words(0, True) == "indefinite: awaiting a league decision"
    assert games_words(1) == "1 game" and games_words(2) == "2 games"


def test_an_explanation_gives_the_total_first_in_a_sentence(views):
    lines = views["explain T07-12"].splitlines()
    assert lines[0].startswith("Micah Kaminski (T07-12), player of Minnedosa Bruins: 8 games")
    # the second line: the decision in words, before the game sheet and the rules
    summary = " ".join(x.strip("│├└─ ") for x in lines[1:5])
    assert summary.startswith("8 games. Hockey Canada and Hockey Manitoba: 4 games for a 3rd fighting major")
    assert "3 games for a 3rd fight (league:10.06/3)" in summary
    assert "1 more game for a 5th misconduct (league:10.05/5)" in summary
    assert views["explain T07-12"].index("8 games. ") < views["explain T07-12"].index("rulebook:")


def test_a_rulebook_row_is_quoted_with_its_columns_named(views):
    assert '"Fighting - Third Offence": 4 games; 5 if in the last 10 minutes or overtime' in views["explain T07-12"]
    assert row_words("hc:7.10(c)", "7.10(c) Match Fighting 3 games n/a").endswith(
        "3 games; the same in the last 10 minutes or overtime"
    )
    # a league by-law is prose: quoted as it is
    assert row_words("league:10.06/3", "3 games for third offence") == '"3 games for third offence"'


def test_the_part_of_the_rulebook_a_rule_belongs_to_is_named_rightly(views):
    assert body("hc:7.2(b)") == "Hockey Canada"
    assert body("hm:7.5/minor") == "Hockey Manitoba"
    assert body("league:10.02", "MU18AAA") == "the MU18AAA league"
    assert "hm:7.5/minor (Hockey Manitoba, line 1)" in views["explain T10-05"]


def test_locations_name_their_file(views):
    assert "mu18aaa-example.yaml line 17068" in views["explain T07-12"]
    assert "mu18aaa-example.yaml line 17068" in views["notice T07-12"]
    assert treeview.place({"where": "incidents.csv, games[3].incidents[1]", "line": 804}) == "incidents.csv line 804"
    assert treeview.place({"where": "games[3].incidents[1]", "line": 9}, "season.yaml") == "season.yaml line 9"


# --------------------------------------------------------------------------- the notice as a letter
def test_the_notice_is_a_letter_with_the_decision_in_its_first_lines(views):
    text = views["notice T07-12"]
    head = text.split("## On the game sheet")[0]
    assert "From: MU18AAA, season 2025-26" in head and "Date of issue: 2026-03-25" in head
    assert "To: Minnedosa Bruins (T07), attention Evan D'Amours (head coach)" in head
    assert "**8 games** for game G0305 on 2026-03-23" in head
    assert "- G0309 on 2026-03-30, Brandon Rangers v Minnedosa Bruins (scheduled)" in head
    assert "First game back: after 6 more games of the team beyond the games listed." in head
    assert text.index("## Decision") < text.index("## Rules applied") < text.index("## How the games add up")


def test_the_notice_is_issued_from_and_on_what_it_is_told(tmp_path):
    text = cli(
        "notice", EXAMPLE, "--person", "T07-12", "--game", "G0305", "--date", "2026-04-01", "--from", "MHA Discipline"
    )
    assert "From: MHA Discipline, season 2025-26" in text and "Date of issue: 2026-04-01" in text
    out = tmp_path / "n.html"
    cli("notice", EXAMPLE, "--person", "T07-12", "--game", "G0305", "--date", "2026-04-01", "-o", str(out))
    html = out.read_text(encoding="utf-8")
    # the header of page 2 on, in the page's margin (the name as CSS escapes: "-" is "\\2d ")
    assert (
        'content: "Issued 2026\\2d 04\\2d 01: suspension notice for Micah Kaminski (T07\\2d 12), Minnedosa Bruins"'
        in html
    )
    assert html.index('id="total"') < html.index("On the game sheet")


def test_an_indefinite_notice_says_what_the_league_must_decide_and_by_which_rule(views):
    text = cli("notice", EXAMPLE, "--person", "T00-HC", "--game", "G0129", "--date", "2026-03-25")
    head = text.split("## On the game sheet")[0]
    assert "**indefinite: awaiting a league decision** for game G0129" in head
    assert "First game back: awaiting a league decision on the length of the suspension." in head
    assert (
        "The league must decide the length of this suspension (By-Law 10.01C): hc:7.10(b)/prepost-coach "
        "(Hockey Canada) gives an indefinite suspension." in text
    )
    # where the league has decided, the letter says so
    assert "The league set the length of this indefinite suspension: 2 games." in views["notice T10-05"]


# --------------------------------------------------------------------------- every suspension in every view
def test_the_audit_s_head_coach_suspension_is_shown_by_explain_notice_and_status():
    explained = cli("explain", EXAMPLE, "--person", "T02-HC")
    assert explained.startswith("Eli Loewen (T02-HC), head coach of Gilbert Plains Ice Dogs: 2 games")
    assert "league:10.08" in explained
    notice = cli("notice", EXAMPLE, "--person", "T02-HC", "--game", "G0117", "--date", "2025-12-02")
    assert "**2 games** for game G0117" in notice and "league:10.08" in notice
    assert "First game back: G0131 on 2025-12-05" in notice
    status = cli("status", EXAMPLE, "--as-of", "2025-11-29")
    assert "T02-HC" in status and "G0117 (league:10.08)" in status


# --------------------------------------------------------------------------- one "now"
def test_status_and_the_report_agree_on_the_date(season, views, example_page):
    from hockeyrules.office.status import default_as_of

    data = json.loads(cli("status", EXAMPLE, "--format", "json"))
    assert data["as_of"] == default_as_of(season) == "2026-03-25"
    assert data["as_of_default"] is True
    assert views["status"].startswith("Suspended as of 2026-03-25 (the day after the last game played)")
    assert "suspended as of 2026-03-25" in example_page.read_text(encoding="utf-8")  # the report, by default


def test_status_marks_a_game_without_a_sheet_as_scheduled(views):
    assert "G0309 2026-03-30 (scheduled)" in views["status"]
    late = cli("status", EXAMPLE, "--as-of", "2026-04-05")
    assert "G0309 2026-03-30 (scheduled)" in late


# --------------------------------------------------------------------------- names
def test_a_team_or_a_person_is_found_by_id_or_by_name(season):
    assert team_id(season, "T01") == "T01"
    assert team_id(season, "selkirk PISTONS") == "T01"
    assert person_id(season, "Micah Kaminski") == "T07-12"
    assert person_id(season, "Kaminski, Micah") == "T07-12"
    assert person_id(season, "wesley cote") == "T08-HC"  # Wesley Côté: accents ignored


def test_an_unknown_name_lists_the_closest(season):
    with pytest.raises(KeyError) as err:
        team_id(season, "Selkirk Pistns")
    assert "closest: T01 (Selkirk Pistons)" in err.value.args[0]
    with pytest.raises(KeyError) as err:
        person_id(season, "Micah Kaminsky")
    assert "closest: T07-12 (Micah Kaminski, Minnedosa Bruins)" in err.value.args[0]
    out = cli("status", EXAMPLE, "--team", "Selkirk Pistns", code=2)
    assert "closest: T01 (Selkirk Pistons)" in out


def test_every_command_takes_a_name_for_team_and_person():
    assert "Micah Kaminski (T07-12)" in cli("explain", EXAMPLE, "--person", "kaminski, micah", "--game", "G0305")
    assert "Micah Kaminski (T07-12)" in cli("notice", EXAMPLE, "--person", "Micah Kaminski", "--game", "G0305")
    status = cli("status", EXAMPLE, "--team", "Selkirk Pistons")
    assert "team Selkirk Pistons (T01)" in status and "T02-" not in status
    rows = json.loads(cli("suspensions", EXAMPLE, "--team", "Selkirk Pistons", "--format", "json"))["suspensions"]
    assert rows and {s["team"] for s in rows} == {"T01"}  # ids stay in JSON
    audit = json.loads(cli("audit", EXAMPLE, "--team", "gilbert plains ice dogs", "--format", "json"))
    assert audit["serving"] and {s["team"] for s in audit["serving"]} == {"T02"}
    rec = json.loads(cli("reconcile", EXAMPLE, "--team", "T02", "--format", "json"))
    assert rec["pairs"] and {p["team"] for p in rec["pairs"]} == {"T02"}


def test_tables_name_the_teams(views):
    assert "Minnedosa Bruins" in views["status"].splitlines()[3] or "Minnedosa Bruins" in views["status"]
    assert "Gilbert Plains Ice Dogs" in views["reconcile"]


# --------------------------------------------------------------------------- reconcile
def test_reconcile_leads_with_the_differences(views):
    text = views["reconcile"]
    assert text.startswith("Reconciliation: 5 differences and 176 agreeing")
    assert text.index("== missed:") < text.index("Agreeing: ")
    only = cli("reconcile", EXAMPLE, "--differences")
    assert "Agreeing" not in only and "== missed: Brody Lévesque (T02-08, Gilbert Plains Ice Dogs)" in only
    data = json.loads(cli("reconcile", EXAMPLE, "--differences", "--format", "json"))
    assert data["summary"]["agrees"] == 176 and {p["class"] for p in data["pairs"]} - {"agrees"}


# --------------------------------------------------------------------------- rules
def test_rules_are_listed_by_number_as_people_read_them():
    ids = [r["id"] for r in json.loads(cli("rules", "--format", "json"))["rows"]]
    assert ids.index("hc:4.8(c)") < ids.index("hc:7.2(b)") < ids.index("hc:10.4(e)/coach-first")
    assert ids.index("hc:7.10(b)/2") < ids.index("hc:7.10(b)/3")


def test_rules_with_a_proposal_show_the_changed_rows_first():
    text = cli("rules", "--proposal", PROPOSAL)
    assert text.startswith("Proposal: ")
    listing = text.split("\n\nid ")[1].splitlines()
    assert listing[2].startswith("hc:7.2(b) ")


# --------------------------------------------------------------------------- smaller points
def test_explain_with_csv_is_refused_with_the_fix():
    out = cli("suspensions", EXAMPLE, "--explain", "--format", "csv", code=2)
    assert "--format json or table" in out


def test_a_report_is_not_written_under_a_pdf_name(tmp_path):
    out = cli("report", EXAMPLE, "-o", str(tmp_path / "r.pdf"), code=2)
    assert "the report is HTML" in out and not (tmp_path / "r.pdf").exists()


def test_a_missing_issued_file_is_said_plainly(tmp_path):
    out = cli("reconcile", EXAMPLE, "--issued", str(tmp_path / "nope.csv"), code=2)
    assert "No such file or directory" in out and "Errno" not in out


def test_a_missing_kind_lists_the_allowed_values(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(
        "format: hockeyrules/season@1\nleague: X\nseason: '2025'\nsettings: {clock: remaining}\n"
        "teams: [{id: A, name: A}, {id: B, name: B}]\npeople: []\n"
        "games: [{id: G1, date: 2025-10-01, home: A, away: B, incidents: []}]\n",
        encoding="utf-8",
    )
    out = cli("suspensions", str(path), code=2)
    assert "games[0].kind (line 7): missing: one of regular, playoff, exhibition" in out


def test_a_late_window_longer_than_a_period_is_refused():
    out = cli("suspensions", EXAMPLE, "--reading", "late_window_minutes=25", code=2)
    assert "late_window_minutes: 25 is longer than the season's 20-minute periods: give 1 to 20" in out


def test_the_diff_headline_mentions_an_indefinite_suspension_only_where_there_is_one():
    head = {
        "suspensions_added": 1,
        "suspensions_removed": 0,
        "games_added": 2,
        "games_removed": 0,
        "persons_affected": 1,
        "suspensions_changing_rules_only": 0,
    }
    # an indefinite suspension elsewhere in the season is not one of the changes: nothing said
    definite = {"games_change": True, "before": None, "after": {"games": 2, "indefinite": False}}
    indefinite = {"games_change": True, "before": None, "after": {"games": 2, "indefinite": True}}
    totals = {"league": {"before": {"indefinite": 1}, "after": {"indefinite": 1}}}
    text = headline_text({"headline": head, "totals": totals, "changes": [definite]})
    assert text.startswith("1 suspension added and 0 removed; 2 games added") and "indefinite" not in text
    text = headline_text({"headline": head, "totals": totals, "changes": [indefinite]})
    assert "2 games added and 0 removed, including 1 indefinite suspension awaiting a league decision" in text
