"""The HTML report: one self-contained page whose numbers are the audit's, whose
text is never markup, and which a real browser opens, filters and prints."""

from __future__ import annotations

import base64
import html
import json
import os
import re
import shutil
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from hockeyrules.cli import main
from hockeyrules.engine import as_season
from hockeyrules.explain import explain_all
from hockeyrules.report import build_report, running_totals
from hockeyrules.scenarios import base_season, build_season

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "mu18aaa-example.yaml"
WORKED = ROOT / "tests" / "contract" / "worked-example.yaml"
ARTIFACTS = ROOT / "test-artifacts"
KEYS = ("suspensions", "games", "indefinite", "violations", "forfeits", "fines", "fine_minimum")

# Hostile text in every place a season or proposal lets a user write text.
NAME = "<script>alert(1)</script>"
PID = 'x" onmouseover="alert(1)'
TEAM = "T</style><img src=x onerror=alert(2)>"
TEAM_NAME = "</title><script>alert(3)</script>"
GAME = "G&amp;<b>1</b>"
LEAGUE = "</script><script>window.__xss = 1</script>"
COACH = "Coach </td></tr><img src=x onerror=\"window.__xss = 2\">\u2028"
PROPOSAL_NAME = "<img src=x onerror=alert(5)> & </section>"

ALLOWED_TAGS = {
    "html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "h3", "h4", "p", "nav", "a", "main",
    "section", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "button", "code", "span", "b", "ul", "li",
    "blockquote", "details", "summary", "div", "label", "select", "option", "input", "svg", "defs", "g", "line",
    "text", "rect", "use", "path", "circle", "figure", "figcaption", "script",
}
VOID = {"meta", "input", "br", "img", "link", "hr"}
SVG_SELF_CLOSING = {"line", "rect", "use", "path", "circle"}


# --- helpers -------------------------------------------------------------------------


class Page(HTMLParser):
    """Every tag, its attributes, nesting errors, and the text of each <td data-key>."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.tags: Counter = Counter()
        self.attrs: list = []
        self.errors: list = []
        self.stack: list = []
        self.scripts: list = []
        self.summary: dict = {}
        self._row = None
        self._key = None
        self._script = None
        self.feed(text)
        self.close()
        if self.stack:
            self.errors.append(f"unclosed: {self.stack[-5:]}")

    def handle_starttag(self, tag, attrs):
        self.tags[tag] += 1
        a = dict(attrs)
        self.attrs.append((tag, a))
        if tag == "script":
            self._script = [a, ""]
        if tag == "tr" and a.get("data-scope"):
            self._row = ("league", None) if a["data-scope"] == "league" else ("team", a["data-team"])
            self.summary[self._row] = {}
        if tag == "td" and self._row and a.get("data-key"):
            self._key = a["data-key"]
            self.summary[self._row][self._key] = ""
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags[tag] += 1
        self.attrs.append((tag, dict(attrs)))
        if tag not in SVG_SELF_CLOSING:
            self.errors.append(f"self-closed <{tag}/>")

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
            if tag in self.stack:
                while self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()
        if tag == "td":
            self._key = None
        if tag == "tr":
            self._row = None
        if tag == "script":
            self.scripts.append(tuple(self._script))
            self._script = None

    def handle_data(self, data):
        if self._key:
            self.summary[self._row][self._key] += data
        if self._script is not None:
            self._script[1] += data


def expected(data: dict, team: str | None = None) -> dict:
    """The summary's numbers computed here, from result@1 with the audit keys."""

    def pick(rows):
        return [r for r in rows if team is None or r["team"] == team]

    s = pick(data["suspensions"])
    fines = pick(data["fines"])
    return {"suspensions": len(s), "games": sum(x["games"] for x in s),
            "indefinite": sum(1 for x in s if x["indefinite"]), "violations": len(pick(data["violations"])),
            "forfeits": len(pick(data["forfeits"])), "fines": len(fines),
            "fine_minimum": sum(f["minimum"] for f in fines)}


def report_data(text: str) -> dict:
    m = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', text, re.S)
    assert m, "no report-data block"
    return json.loads(m.group(1))


def cli_audit(*args) -> dict:
    res = CliRunner().invoke(main, ["audit", *[str(a) for a in args], "--format", "json"])
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def hostile_season() -> dict:
    data = base_season()
    data["league"] = LEAGUE
    data["teams"].append({"id": TEAM, "name": TEAM_NAME})
    data["people"] += [{"id": PID, "name": NAME, "team": TEAM, "role": "player"},
                       {"id": "H1", "name": COACH, "team": TEAM, "role": "head_coach"}]
    fight = {"period": 2, "time": "12:00", "infraction": "fighting", "penalties": ["major", "game_misconduct"],
             "stoppage": NAME}
    games = [
        {"id": GAME, "home": "A", "away": TEAM, "incidents": [{"person": PID, **fight}, {"person": "A1", **fight}]},
        # the suspended player dresses: a violation, a forfeit, a fine and the coach's 10.08 suspension
        {"id": "G2", "home": TEAM, "away": "A", "dressed": {TEAM: [PID, "H1"]}},
        {"id": "G3", "home": "A", "away": TEAM},
    ]
    return build_season({"games": games}, data)


# --- the example season ------------------------------------------------------------------


@pytest.fixture(scope="session")
def example(tmp_path_factory):
    """The example season's report (written to a file) and `hockeyrules audit --format json`."""
    text = build_report(EXAMPLE)
    path = tmp_path_factory.mktemp("report") / "report.html"
    path.write_text(text, encoding="utf-8")
    return {"html": text, "path": path, "json": cli_audit(EXAMPLE), "season": as_season(EXAMPLE)}


def test_the_report_is_one_well_formed_page_that_needs_no_network(example):
    text = example["html"]
    assert text.startswith("<!DOCTYPE html>\n")
    page = Page(text)
    assert page.errors == []
    assert page.tags["html"] == page.tags["head"] == page.tags["body"] == 1
    for tag, attrs in page.attrs:
        assert "src" not in attrs, (tag, attrs)
        assert tag != "link"
        href = attrs.get("href")
        assert href is None or href.startswith("#"), (tag, attrs)
    assert not re.search(r"https?://|@import|url\(", text)
    ids = [a["id"] for _, a in page.attrs if "id" in a]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
    for section in ("summary", "suspensions", "persons", "audit"):
        assert f'<section class="page" id="{section}">' in text
    assert 'id="diff"' not in text  # no proposal, no diff
    assert "@media print" in text


def test_the_example_report_is_small_and_the_same_bytes_every_time(example):
    assert len(example["html"].encode("utf-8")) < 5_000_000
    assert build_report(WORKED) == build_report(WORKED)


def test_every_summary_number_is_the_audit_json(example):
    data, page = example["json"], Page(example["html"])
    teams = list(example["season"].teams)
    assert set(page.summary) == {("league", None)} | {("team", t) for t in teams}
    for (scope, team), cells in page.summary.items():
        got = {k: int(v) for k, v in cells.items()}
        assert got == expected(data, team), (scope, team)
    # the data block the script reads says the same
    block = report_data(example["html"])["summary"]
    assert block["league"] == expected(data)
    assert block["teams"] == {t: expected(data, t) for t in teams}
    assert block["league"]["suspensions"] == len(data["suspensions"]) > 150


def test_every_suspension_is_a_row_that_opens_to_its_explanation(example):
    text, data = example["html"], example["json"]
    listing = text[text.index('<section class="page" id="suspensions">'):]
    listing = listing[:listing.index("</section>")]
    bodies = re.findall(r'<tbody class="r" id="([^"]+)" data-team="([^"]*)" data-person="([^"]*)"(.*?)</tbody>',
                        listing, re.S)
    assert len(bodies) == len(data["suspensions"])
    _, trees, _ = explain_all(EXAMPLE)
    for (_anchor, team, person, body), s in zip(bodies, data["suspensions"]):
        assert (html.unescape(team), html.unescape(person)) == (s["team"], s["person"])
        detail = body[body.index('<tr class="detail"'):]
        tree = trees[(s["person"], s["game"])].to_dict()
        assert html.escape(tree["text"]) in detail  # the same tree as explain
        for c in tree["children"]:
            if c["kind"] == "component":
                assert html.escape(" ".join(c["text"].split())) in detail and c["rule"] in c["text"]
                if c.get("rulebook"):
                    assert html.escape(c["rulebook"]) in detail
        assert "<h4>Serving</h4>" in detail


def test_a_person_page_has_the_timeline_the_running_totals_and_the_serving(example):
    text, data = example["html"], example["json"]
    pim = next(s for s in data["suspensions"] if any(c["rule"] == "league:10.04" for c in s["components"]))
    person = pim["person"]
    start = text.index(f'<section class="page person" id="p-{person}">')
    page = text[start:text.index("</section>", start)]
    assert page.count("<svg") == 2 and page.count('<use href="#month-ticks"/>') == 2
    assert "100 (10.04)" in page and "125 (10.04)" in page
    assert "4th (10.05/4)" in page and "7th (10.05/7)" in page
    assert "passes the league:10.04 mark" in page
    lines = running_totals(example["season"])[person]
    assert f"<b>{lines[-1]['pim_after']}</b> penalty minutes" in page
    for sv in (s for s in data["serving"] if s["person"] == person):
        for gid in sv["served_in"]:
            assert html.escape(gid) in page
    assert f'data-ref="s-{person}--{pim["game"]}-x"' in page


def test_the_running_totals_are_the_engines(example):
    """The chart's totals (computed for display) agree with every 10.04 and 10.05 fact the engine used."""
    season = example["season"]
    totals = {(x["game"].id, x["incident"].number): x for lines in running_totals(season).values() for x in lines}
    _, trees, _ = explain_all(season)
    checked = 0
    for (person, game), tree in trees.items():
        for comp in tree.to_dict()["children"]:
            if comp["kind"] != "component" or comp.get("incident") is None:
                continue
            line = totals[(game, comp["incident"])]
            for fact in comp.get("children", []):
                if comp["rule"] == "league:10.04" and fact["kind"] == "minutes":
                    assert (fact["before"], fact["after"]) == (line["pim_before"], line["pim_after"])
                    assert line["marks"], (person, game)
                    checked += 1
                if comp["rule"].startswith("league:10.05/") and fact["kind"] == "offence":
                    assert line["misc_before"] < fact["offence"] <= line["misc_after"]
                    assert line["rungs"]
                    checked += 1
    assert checked > 10


def test_the_audit_is_solved_once_per_report(monkeypatch):
    """explain_audit, asked for every person, reuses the report's audit (one solve, not one per person)."""
    import importlib

    module = importlib.import_module("hockeyrules.audit")
    original_audit, original_run, calls = module.audit, module.run, []

    def counting_run(*args, **kwargs):
        calls.append(args)
        return original_run(*args, **kwargs)

    monkeypatch.setattr(module, "run", counting_run)
    text = build_report(hostile_season())
    assert len(calls) == 1
    assert module.audit is original_audit  # put back
    assert text.count('<details class="ref"') >= 2


# --- hostile text and a proposal ------------------------------------------------------------


@pytest.fixture(scope="session")
def hostile(tmp_path_factory):
    season = as_season(hostile_season())
    proposal = {"format": "hockeyrules/proposal@1", "name": PROPOSAL_NAME, "description": NAME,
                "changes": {"rows": {"league:10.06/1": {"games": 2}}}}
    text = build_report(season, proposal=proposal)
    path = tmp_path_factory.mktemp("hostile") / "report.html"
    path.write_text(text, encoding="utf-8")
    return {"html": text, "path": path, "season": season, "proposal": proposal}


def test_hostile_text_is_text_never_markup(hostile):
    text = hostile["html"]
    page = Page(text)
    assert page.errors == []
    assert set(page.tags) <= ALLOWED_TAGS, set(page.tags) - ALLOWED_TAGS
    assert page.tags["script"] == 2
    assert [a.get("type") for a, _ in page.scripts] == ["application/json", None]
    assert all("src" not in a for a, _ in page.scripts)
    for tag, attrs in page.attrs:
        assert not any(k.startswith("on") for k in attrs), (tag, attrs)
    for raw in (NAME, TEAM, TEAM_NAME, GAME, LEAGUE, COACH, PROPOSAL_NAME, "<img", "alert(1)</script>"):
        assert raw not in text, raw
    assert text.count("</script>") == 2
    assert html.escape(NAME) in text and html.escape(TEAM_NAME) in text and html.escape(LEAGUE) in text
    assert html.escape(PID) in text and html.escape(PROPOSAL_NAME) in text
    # the data block holds the same text, with no character that could end the tag
    block = re.search(r'id="report-data">(.*?)</script>', text, re.S).group(1)
    assert not set("<>&") & set(block)
    data = json.loads(block)
    assert data["league"] == LEAGUE and data["proposal"] == PROPOSAL_NAME
    assert [PID, f"{PID} {NAME}"] in data["filters"]["persons"]
    assert [TEAM, f"{TEAM} {TEAM_NAME}"] in data["filters"]["teams"]


def test_with_a_proposal_the_report_has_the_diff_and_the_proposals_numbers(hostile, tmp_path):
    text = hostile["html"]
    assert '<section class="page" id="diff">' in text
    assert f"<h2>Proposal: {html.escape(PROPOSAL_NAME)}</h2>" in text
    proposal_file = tmp_path / "proposal.json"
    proposal_file.write_text(json.dumps(hostile["proposal"]))
    season_file = tmp_path / "season.json"
    season_file.write_text(json.dumps(hostile_season()))
    data = cli_audit(season_file, "--proposal", proposal_file)
    assert len(data["violations"]) == len(data["forfeits"]) == len(data["fines"]) == 1
    page = Page(text)
    for (scope, team), cells in page.summary.items():
        assert {k: int(v) for k, v in cells.items()} == expected(data, team), (scope, team)
    # the fights now cost 1 + 2 games (was 1 + 1): the diff lists both
    diff = text[text.index('id="diff"'):]
    assert diff.count("changes</td>") == 2


# --- a real browser -------------------------------------------------------------------------


def _browser():
    binary = os.environ.get("HOCKEYRULES_CHROMIUM") or next(
        (p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"))
         if p), None)
    driver = os.environ.get("HOCKEYRULES_CHROMEDRIVER") or shutil.which("chromedriver")
    return binary, driver


def _no_browser(reason: str):
    """Skip, saying why; where CI installed a browser (HOCKEYRULES_REQUIRE_BROWSER=1), fail instead."""
    if os.environ.get("HOCKEYRULES_REQUIRE_BROWSER") == "1":
        pytest.fail(f"HOCKEYRULES_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _no_browser("selenium is not installed (it is in the test extras: pip install -e '.[test]')")
    binary, driver_path = _browser()
    if not binary or not driver_path:
        _no_browser("no Chromium and chromedriver found (apt-get install chromium chromium-driver, or set "
                    "HOCKEYRULES_CHROMIUM and HOCKEYRULES_CHROMEDRIVER)")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage",
                "--window-size=1400,1000", f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"):
        options.add_argument(arg)
    with pytest.MonkeyPatch.context() as env:
        env.setenv("SE_OFFLINE", "true")  # Selenium Manager never looks for a driver online
        driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


def test_the_example_report_in_chromium(browser, example):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    data, driver = example["json"], browser
    ARTIFACTS.mkdir(exist_ok=True)
    driver.get(example["path"].as_uri())
    # opened offline: the page loaded nothing beyond itself
    assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0

    # the summary, as the browser shows it, is the audit's JSON
    summary = driver.find_element(By.ID, "summary")
    assert summary.is_displayed()
    assert not driver.find_element(By.ID, "suspensions").is_displayed()
    for row in summary.find_elements(By.CSS_SELECTOR, "tr[data-scope]"):
        team = row.get_attribute("data-team")
        shown = {c.get_attribute("data-key"): int(c.text) for c in row.find_elements(By.CSS_SELECTOR, "td[data-key]")}
        assert shown == expected(data, team), team

    # the suspension list: one row each; open the first one's explanation
    driver.find_element(By.CSS_SELECTOR, 'nav a[href="#suspensions"]').click()
    listing = driver.find_element(By.ID, "suspensions")
    assert listing.is_displayed() and not summary.is_displayed()
    rows = listing.find_elements(By.CSS_SELECTOR, "tbody.r")
    assert len(rows) == len(data["suspensions"])
    first = data["suspensions"][0]
    rows[0].find_element(By.CSS_SELECTOR, "button.x").click()
    detail = rows[0].find_element(By.CSS_SELECTOR, "tr.detail")
    assert detail.is_displayed()
    assert first["name"] in detail.text
    for c in first["components"]:
        assert c["rule"] in detail.text
    assert "rulebook:" in detail.text

    # filter by the team with the most suspensions
    team, count = Counter(s["team"] for s in data["suspensions"]).most_common(1)[0]
    Select(listing.find_element(By.CSS_SELECTOR, 'select[data-f="team"]')).select_by_value(team)
    visible = [r for r in rows if r.is_displayed()]
    assert len(visible) == count < len(rows)
    assert {r.get_attribute("data-team") for r in visible} == {team}
    assert listing.find_element(By.CSS_SELECTOR, ".count").text == f"{count} of {len(rows)} shown"

    # sort by games, longest first
    head = listing.find_element(By.CSS_SELECTOR, 'th[data-sort="games"]')
    head.click()
    head.click()
    games = [int(r.get_attribute("data-s-games"))
             for r in listing.find_elements(By.CSS_SELECTOR, "tbody.r") if r.is_displayed()]
    assert games == sorted(games, reverse=True) and len(games) == count
    opened = next(r for r in listing.find_elements(By.CSS_SELECTOR, "tbody.r") if r.is_displayed())
    opened.find_element(By.CSS_SELECTOR, "button.x").click()
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(str(ARTIFACTS / "report.png"))

    # a person's page, as it prints
    person = first["person"]
    driver.get(example["path"].as_uri() + f"#p-{person}")
    page = driver.find_element(By.ID, f"p-{person}")
    assert page.is_displayed() and not listing.is_displayed()
    assert len([s for s in page.find_elements(By.TAG_NAME, "svg") if s.is_displayed()]) == 2
    details = page.find_element(By.CSS_SELECTOR, "details.ref")
    details.find_element(By.TAG_NAME, "summary").click()
    assert first["components"][0]["rule"] in details.text  # filled from the suspension list
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    assert not driver.find_element(By.TAG_NAME, "nav").is_displayed()
    assert page.is_displayed() and not summary.is_displayed()
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(str(ARTIFACTS / "report-person-print.png"))
    pdf = base64.b64decode(driver.print_page())
    assert pdf.startswith(b"%PDF")
    (ARTIFACTS / "report-person.pdf").write_bytes(pdf)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_hostile_names_are_shown_as_text_in_chromium(browser, hostile):
    from selenium.webdriver.common.by import By

    driver = browser
    driver.get(hostile["path"].as_uri() + "#persons")
    assert driver.execute_script("return window.__xss === undefined")
    assert driver.find_element(By.TAG_NAME, "h1").text.startswith(LEAGUE)
    persons = driver.find_element(By.ID, "persons")
    assert NAME in persons.text and COACH.strip() in persons.text
    assert driver.find_elements(By.TAG_NAME, "img") == []
    # the filters were built from the JSON block: the hostile team is an option, as text
    driver.find_element(By.CSS_SELECTOR, 'nav a[href="#suspensions"]').click()
    options = [o.text for o in driver.find_elements(By.CSS_SELECTOR, '#suspensions select[data-f="team"] option')]
    assert f"{TEAM} {TEAM_NAME}" in options
    assert driver.execute_script("return window.__xss === undefined")
