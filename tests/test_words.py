"""What people read, the last points of issue 29: the report of one team, team names in the
text tables, rule titles on hover, the diff headline's indefinite suspensions, the head coach
suspended under league:10.08 for many games as one row, the site's search split by league."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import line, season
from test_report import site  # noqa: F401  (the two-league site; the browser is conftest.py's)

from hockeyrules.cli.commands import main

# Many views and commands over the same few seasons: each distinct solve is done once
# (conftest.py's solved_once).
pytestmark = pytest.mark.usefixtures("solved_once")

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


@pytest.mark.slow
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


@pytest.mark.slow
def test_the_audit_table_names_teams_and_persons():
    out = cli("audit", EXAMPLE).stdout
    serving = out[out.index("Serving") : out.index("Violations")]
    violations = out[out.index("Violations") : out.index("Forfeits")]
    assert "Deloraine Storm" in serving and "Reid Morrison (T00-06)" in serving
    assert " T00 " not in serving and " T02 " not in violations
    assert "Gilbert Plains Ice Dogs  Rémi Bjornson (T02-05)  league:10.08" in violations


# --- rule ids with their title on hover --------------------------------------------------------


FIGHT_TITLE = 'Hockey Canada: "Fighting - First Offence": 1 game; 2 if in the last 10 minutes or overtime'


@pytest.mark.slow
def test_every_rule_id_in_the_reports_tables_has_its_title(example_page):
    import html

    text = example_page.read_text(encoding="utf-8")
    codes = re.findall(r"<code( [^>]*)?>([^<]*)</code>", text)
    rules = [(attrs, rule) for attrs, rule in codes if re.match(r"^[~+-]?(hc|hm|league):", rule)]
    assert len(rules) > 200
    assert all('class="rule" title="' in attrs for attrs, _ in rules), [r for a, r in rules if "title" not in a][:5]
    titles = {rule: html.unescape(re.search(r'title="([^"]*)"', attrs).group(1)) for attrs, rule in rules}
    assert titles["hc:7.10(b)/1"] == FIGHT_TITLE
    assert titles["league:10.08"].startswith('The MU18AAA league: "Any team using an ineligible player')


@pytest.mark.slow
def test_a_rule_id_in_an_opened_explanation_has_its_title_in_chromium(browser, example_page):
    from selenium.webdriver.common.by import By

    driver = browser
    driver.set_window_size(1366, 900)
    driver.get(example_page.as_uri() + "#suspensions")
    row = next(
        r
        for r in driver.find_elements(By.CSS_SELECTOR, "#suspension-list tbody.r")
        if "hc:7.10(b)/1" in (r.get_attribute("data-rules") or "").split()
    )
    cell = row.find_element(By.CSS_SELECTOR, "code.rule")
    assert cell.get_attribute("title")
    row.find_element(By.CSS_SELECTOR, "button.x").click()
    detail = row.find_element(By.CSS_SELECTOR, "tr.detail")
    codes = [c for c in detail.find_elements(By.TAG_NAME, "code") if c.text == "hc:7.10(b)/1"]
    assert codes and all(c.get_attribute("title") == FIGHT_TITLE for c in codes)


# --- the report of one team --------------------------------------------------------------------


@pytest.mark.slow
def test_report_team_is_the_report_of_that_team_alone(tmp_path):
    import json

    out = tmp_path / "selkirk.html"
    cli("report", EXAMPLE, "--team", "selkirk PISTONS", "-o", out, "-q")  # a name, in any case
    text = out.read_text(encoding="utf-8")
    assert "<h1>MU18AAA 2025-26: discipline report for Selkirk Pistons (T01)</h1>" in text
    assert '<p class="sub">this team only: ' in text
    audit = json.loads(cli("audit", EXAMPLE, "--format", "json").stdout)
    mine = [s for s in audit["suspensions"] if s["team"] == "T01"]
    assert 0 < len(mine) < len(audit["suspensions"])
    listing = text[text.index('id="suspension-list"') : text.index("</table>", text.index('id="suspension-list"'))]
    rows = re.findall(r'<tbody class="r" id="[^"]*" data-team="([^"]*)" data-person="([^"]*)"', listing)
    assert sorted(rows) == sorted((s["team"], s["person"]) for s in mine)
    # one team's page, and the persons of its lines only
    assert re.findall(r'<section class="page team[^"]*" id="(t-[^"]*)"', text) == ["t-T01"]
    persons = re.findall(r'<section class="page person" id="p-([^"]*)"', text)
    assert persons and all(p.startswith("T01-") for p in persons)
    # the audit's findings against it, none against another team
    section = text[text.index('<section class="page" id="audit">') :]
    section = section[: section.index("</section>")]
    for key, kind in (("violations", "v"), ("forfeits", "f"), ("fines", "i")):
        assert section.count(f'<tbody class="r" id="{kind}-') == sum(1 for x in audit[key] if x["team"] == "T01")
    assert sum(1 for v in audit["violations"] if v["team"] != "T01") > 0
    # an unknown name: exit 2, the closest named
    res = cli("report", EXAMPLE, "--team", "Selkrk Pistns", "-o", tmp_path / "x.html", code=2)
    assert "closest: T01 (Selkirk Pistons)" in res.stderr and not (tmp_path / "x.html").exists()


# --- a head coach suspended under league:10.08 for many games: one row ----------------------------


def audit_person_rows(text: str) -> dict:
    """person -> the count of games of each row of the audit's league:10.08 table."""
    rows: dict = {}
    for person, count in re.findall(r'<tbody class="r" id="ap-\d+" data-person="([^"]*)" data-count="(\d+)"', text):
        rows.setdefault(person, []).append(int(count))
    return rows


@pytest.mark.slow
def test_a_head_coach_suspended_for_many_games_is_one_row_with_the_games_under_it(browser, site, tmp_path):  # noqa: F811
    from collections import Counter

    from selenium.webdriver.common.by import By

    from hockeyrules.report.pages import build_report

    data, season = site["json"], site["season"]
    counts = Counter((s["team"], s["person"]) for s in data["audit_suspensions"])
    (team, person), many = counts.most_common(1)[0]
    assert many >= 5
    # a team's page of the site
    page = (site["folder"] / f"t-{team}.html").read_text(encoding="utf-8")
    rows = audit_person_rows(page)
    assert rows == {p: [n] for (t, p), n in counts.items() if t == team}
    # the one-file report's Audit tab
    single = tmp_path / "report.html"
    single.write_text(build_report(season), encoding="utf-8")
    text = single.read_text(encoding="utf-8")
    assert audit_person_rows(text) == {p: [n] for (t, p), n in counts.items()}
    assert f"{len(data['audit_suspensions'])} suspensions of {len(counts)} persons</h4>" in text
    # the games are under the row, shown when asked, each with its own explanation
    driver = browser
    driver.set_window_size(1366, 900)
    driver.get(single.as_uri() + "#audit")
    row = driver.find_element(By.CSS_SELECTOR, f"#audit tbody.r[data-person='{person}']")
    assert f"{many} games" in row.find_element(By.CSS_SELECTOR, "td[data-label='Games']").text
    games = row.find_element(By.CSS_SELECTOR, "tr.members")
    assert not games.is_displayed()
    row.find_element(By.CSS_SELECTOR, "button.x").click()
    listed = games.find_elements(By.CSS_SELECTOR, "table.games > tbody > tr:not(.detail)")
    assert games.is_displayed() and len(listed) == many
    listed[0].find_element(By.CSS_SELECTOR, "button.x").click()
    why = games.find_element(By.CSS_SELECTOR, "table.games tr.detail")
    assert why.is_displayed() and "league:10.08" in why.text
