"""The HTML report: one self-contained page or a site of small pages, whose numbers are
the audit's, whose text is never markup, and which a real browser opens, filters and reads
at phone width."""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner
from markupsafe import escape

from hockeyrules.cli.commands import main
from hockeyrules.committee.diff import diff as run_diff
from hockeyrules.committee.scenarios import base_season, build_season
from hockeyrules.engine.run import as_season
from hockeyrules.report.pages import build_report, running_totals
from hockeyrules.views.explain import explain_all
from seasongen import generate_season

# Many views and commands over the same few seasons: each distinct solve is done once
# (conftest.py's solved_once).
pytestmark = pytest.mark.usefixtures("solved_once")

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "mu18aaa-example.yaml"
WORKED = ROOT / "tests" / "contract" / "worked-example.yaml"
ARTIFACTS = ROOT / "test-artifacts"
KEYS = ("suspensions", "games", "indefinite", "violations", "forfeits", "fines", "fine_minimum")
FIGHT_PROPOSAL = ROOT / "proposals" / "examples" / "first-fight-two-games.yaml"

# Hostile text in every place a season or proposal lets a user write text.
NAME = "<script>alert(1)</script>"
PID = 'x" onmouseover="alert(1)'
TEAM = "T</style><img src=x onerror=alert(2)>"
TEAM_NAME = "</title><script>alert(3)</script>"
GAME = "G&amp;<b>1</b>"
LEAGUE = "</script><script>window.__xss = 1</script>"
COACH = 'Coach </td></tr><img src=x onerror="window.__xss = 2">\u2028'
PROPOSAL_NAME = "<img src=x onerror=alert(5)> & </section>"

ALLOWED_TAGS = {
    "html",
    "head",
    "meta",
    "title",
    "style",
    "body",
    "header",
    "h1",
    "h2",
    "h3",
    "h4",
    "p",
    "nav",
    "a",
    "main",
    "section",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "button",
    "code",
    "span",
    "b",
    "ul",
    "li",
    "blockquote",
    "details",
    "summary",
    "div",
    "label",
    "select",
    "option",
    "input",
    "svg",
    "defs",
    "g",
    "line",
    "text",
    "rect",
    "use",
    "path",
    "circle",
    "figure",
    "figcaption",
    "script",
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
            scope = a["data-scope"]
            self._row = (scope, None) if scope in ("league", "part") else ("team", a["data-team"])
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
    return {
        "suspensions": len(s),
        "games": sum(x["games"] for x in s),
        "indefinite": sum(1 for x in s if x["indefinite"]),
        "violations": len(pick(data["violations"])),
        "forfeits": len(pick(data["forfeits"])),
        "fines": len(fines),
        "fine_minimum": sum(f["minimum"] for f in fines),
    }


def xdata(text: str) -> dict:
    """Every explanation block of a page, merged as the script merges them."""
    out: dict = {}
    for block in re.findall(r'<script type="application/json" class="xdata">(.*?)</script>', text, re.S):
        assert not set("<>&") & set(block)
        data = json.loads(block)
        quotes = {**out.get("quotes", {}), **data.pop("quotes", {})}
        titles = {**out.get("titles", {}), **data.pop("titles", {})}
        out.update(data, quotes=quotes, titles=titles)
    return out


def canonical_rows(text: str) -> list:
    """(id, team, person) of every suspension row that carries the suspension's address."""
    page = Page(text)
    return [
        (a["id"], a["data-team"], a["data-person"])
        for tag, a in page.attrs
        if tag == "tbody" and a.get("id", "").startswith("s-")
    ]


def cli_audit(*args) -> dict:
    res = CliRunner().invoke(main, ["audit", *[str(a) for a in args], "--format", "json"])
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def hostile_season() -> dict:
    data = base_season()
    data["league"] = LEAGUE
    data["teams"].append({"id": TEAM, "name": TEAM_NAME})
    data["people"] += [
        {"id": PID, "name": NAME, "team": TEAM, "role": "player"},
        {"id": "H1", "name": COACH, "team": TEAM, "role": "head_coach"},
    ]
    fight = {
        "period": 2,
        "time": "12:00",
        "infraction": "fighting",
        "penalties": ["major", "game_misconduct"],
        "stoppage": NAME,
    }
    games = [
        {"id": GAME, "home": "A", "away": TEAM, "incidents": [{"person": PID, **fight}, {"person": "A1", **fight}]},
        # the suspended player dresses: a violation, a forfeit, a fine and the coach's 10.08 suspension
        {"id": "G2", "home": TEAM, "away": "A", "dressed": {TEAM: [PID, "H1"]}},
        {"id": "G3", "home": "A", "away": TEAM},
    ]
    return build_season({"games": games}, data)


def serving_season() -> dict:
    """A1 fights in G1 (2 games under the current rules: hc:7.10(b) and league:10.06/1), sits out
    G2 and G3 and plays G4: no violation now; a longer 10.06/1 would make G4 one."""
    fight = {
        "period": 2,
        "time": "12:00",
        "infraction": "fighting",
        "penalties": ["major", "game_misconduct"],
        "stoppage": "s1",
    }
    others = [f"A{n}" for n in range(2, 15)] + ["CA"]
    games = [
        {"incidents": [{"person": "A1", **fight}, {"person": "B1", **fight}]},
        {"dressed": {"A": others}},
        {"dressed": {"A": others}},
        {"dressed": {"A": others + ["A1"]}},
        {},
    ]
    return build_season({"games": games}, base_season())


# --- the example season as one file ------------------------------------------------------


@pytest.fixture(scope="session")
def example(example_page):
    """The example season's report (conftest's page) and `hockeyrules audit --format json`."""
    text = example_page.read_text(encoding="utf-8")
    return {"html": text, "path": example_page, "json": cli_audit(EXAMPLE), "season": as_season(EXAMPLE)}


@pytest.mark.slow
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
    # it opens on who is suspended now
    assert '<section class="page default" id="outstanding">' in text
    for section in ("teams", "suspensions", "audit"):
        assert f'<section class="page" id="{section}">' in text
    assert 'id="diff"' not in text  # no proposal, no diff
    assert "@media print" in text and "@media (max-width:700px)" in text


def test_the_example_report_is_small_and_the_same_bytes_every_time(example):
    assert len(example["html"].encode("utf-8")) < 3_000_000
    assert build_report(WORKED) == build_report(WORKED)


def test_the_tables_name_teams_and_the_audits_persons_the_ids_only_on_hover(example):
    """Every Team cell of the report's tables shows the team's name (its id as the title);
    the audit's violations and forfeits name the persons."""
    text, season = example["html"], example["season"]
    cells = re.findall(r'<td data-label="Team">(.*?)</td>', text)
    assert len(cells) > 100
    for cell in cells:
        m = re.fullmatch(r'<a href="[^"]+" title="([^"]+)">([^<]+)</a>', cell)
        assert m, cell
        assert html.unescape(m.group(2)) == season.teams[m.group(1)].name
    assert "at least 0" not in text and "indefinite (" not in text  # indefinite: as readers read it
    persons = re.findall(r'<td data-label="Ineligible persons used">(.*?)</td>', text)
    assert persons
    for cell in persons:
        for pid, name in re.findall(r'title="([^"]+)">([^<]+)</a>', cell):
            assert html.unescape(name) == season.people[pid].name


def test_every_summary_number_is_the_audit_json(example):
    data, page = example["json"], Page(example["html"])
    teams = list(example["season"].teams)
    rows = {k: v for k, v in page.summary.items() if k[0] == "team"}
    assert set(rows) == {("team", t) for t in teams}
    for (scope, team), cells in page.summary.items():
        got = {k: int(v) for k, v in cells.items() if k in KEYS}
        assert got == expected(data, team if scope == "team" else None), (scope, team)


@pytest.mark.slow
def test_every_suspension_is_listed_once_and_its_explanation_is_the_explain_tree(example):
    data, text = example["json"], example["html"]
    rows = canonical_rows(text)
    assert sorted((p, t) for _, t, p in rows) == sorted((s["person"], s["team"]) for s in data["suspensions"])
    assert len({r[0] for r in rows}) == len(data["suspensions"]) > 150
    _, trees, _ = explain_all(EXAMPLE)
    store = xdata(text)
    for s in data["suspensions"]:
        anchor = f"s-{s['person']}--{s['game']}"
        [node] = store[anchor]["nodes"]
        assert node["text"] == trees[(s["person"], s["game"])].to_dict()["text"]
        assert {c["rule"] for c in s["components"]} <= {n.get("rule") for n in node["children"]}
        assert store[f"sv-{anchor}"]["title"] == "Serving"
    # the rulebook's words, once per page block
    rules = {c["rule"] for s in data["suspensions"] for c in s["components"]}
    assert len(rules & set(store["quotes"])) > 10


def test_the_outstanding_list_is_the_audits_serving_as_of_the_last_game(example):
    data, text, season = example["json"], example["html"], example["season"]
    from hockeyrules.office.status import default_as_of

    now = default_as_of(season)  # the one "now" of status, notices and the report (issue 29)
    assert f"Suspended as of {now}" in text
    owed = [s for s in data["serving"] if (s["indefinite"] and not s["length_set"]) or s["served"] < s["games"]]
    section = text[text.index('id="outstanding"') : text.index('id="teams"')]
    listed = re.findall(r'<tbody class="r" data-team="([^"]*)" data-status="([^"]*)"', section)
    assert len(listed) == len(owed) > 5
    assert Counter(t for t, _ in listed) == Counter(s["team"] for s in owed)
    assert Counter(st for _, st in listed)["awaiting a decision"] == sum(
        1 for s in owed if s["indefinite"] and not s["length_set"]
    )


def test_suspended_as_of_an_earlier_date_counts_only_the_games_served_by_then():
    season = serving_season()
    text = build_report(season, as_of="2025-10-08")  # after G2, before G3
    section = text[text.index('id="outstanding"') : text.index('id="teams"')]
    [row] = re.findall(r'<tbody class="r" data-team="A".*?</tbody>', section, re.S)
    assert 'data-s-person="A1"' in row and 'data-s-served="1"' in row and 'data-s-remaining="1"' in row
    person = text[text.index('id="p-A1"') :]
    assert "Suspended as of 2025-10-08." in person[:2000] and "1 of 2 games still to serve" in person[:2000]
    later = build_report(season)  # the last game: served in full
    assert "Not suspended as of" in later[later.index('id="p-A1"') :][:2000]
    assert 'data-s-person="A1"' not in later[later.index('id="outstanding"') : later.index('id="teams"')]


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
    """Every person's serving and findings come from the report's one audit (one solve, not one per person)."""
    import importlib

    module = importlib.import_module("hockeyrules.views.audit")
    original_run, calls = module.run, []

    def counting_run(*args, **kwargs):
        calls.append(args)
        return original_run(*args, **kwargs)

    monkeypatch.setattr(module, "run", counting_run)
    text = build_report(hostile_season())
    assert len(calls) == 1
    store = xdata(text)
    assert any(k.startswith("sv-") for k in store) and any(k.startswith("v-") for k in store)


# --- the site ---------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """A season of two leagues written as a site, with its audit JSON."""
    folder = tmp_path_factory.mktemp("site")
    season_path = folder / "season.json"
    season_path.write_text(json.dumps(generate_season(4, 12, seed=3, leagues=2)))
    import hockeyrules.cli.commands as cli

    with pytest.MonkeyPatch.context() as patch:  # progress as on a terminal
        patch.setattr(cli, "_reporter", lambda quiet: cli._Stderr())
        res = CliRunner().invoke(main, ["report", str(season_path), "-o", str(folder / "out") + "/"])
    assert res.exit_code == 0, res.output
    messages = res.stderr
    return {
        "folder": folder / "out",
        "json": cli_audit(season_path),
        "season": as_season(season_path),
        "stderr": messages,
    }


@pytest.mark.slow
def test_the_site_has_an_index_league_and_team_pages_each_small(site):
    folder, season = site["folder"], site["season"]
    names = sorted(p.name for p in folder.iterdir())
    teams = [f"t-{t}.html" for t in season.teams]
    search = ["search.js", "search-league-1.js", "search-league-2.js"]  # the index, a part per league
    assert names == sorted(["index.html", "audit.html", "league-1.html", "league-2.html"] + search + teams)
    for path in folder.glob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert len(text.encode("utf-8")) < 3_000_000
        page = Page(text)
        assert page.errors == [], path.name
        assert not re.search(r"https?://", text)
        for tag, attrs in page.attrs:
            assert "src" not in attrs and tag != "link"
            href = attrs.get("href")
            if href and not href.startswith("#"):
                assert (folder / href.split("#")[0]).exists(), (path.name, href)
    assert "team pages: 8 of 8" in site["stderr"] and "writing the site" in site["stderr"]


@pytest.mark.slow
def test_the_sites_pages_agree_with_the_audit_json(site):
    folder, data, season = site["folder"], site["json"], site["season"]
    index = Page((folder / "index.html").read_text(encoding="utf-8"))
    assert set(index.summary) == {("league", None)} | {("team", t) for t in season.teams}
    for (scope, team), cells in index.summary.items():
        got = {k: int(v) for k, v in cells.items() if k in KEYS}
        assert got == expected(data, team if scope == "team" else None), (scope, team)
    for n, league in enumerate(("L1-", "L2-"), start=1):
        page = Page((folder / f"league-{n}.html").read_text(encoding="utf-8"))
        assert {k for k in page.summary if k[0] == "team"} == {
            ("team", t) for t in season.teams if t.startswith(league)
        }
        part = {k: int(v) for k, v in page.summary[("part", None)].items() if k in KEYS}
        rows = {
            k: [r for r in data[k] if r["team"].startswith(league)]
            for k in ("suspensions", "violations", "forfeits", "fines")
        }
        assert part == expected(rows), league
    seen = []
    for t in season.teams:
        text = (folder / f"t-{t}.html").read_text(encoding="utf-8")
        rows = canonical_rows(text)
        assert {team for _, team, _ in rows} <= {t}
        assert len(rows) == expected(data, t)["suspensions"]
        store = xdata(text)
        for anchor, _, _ in rows:
            assert store[anchor]["nodes"][0]["kind"] == "suspension"
        seen += [(p, anchor) for anchor, _, p in rows]
    assert len(seen) == len(set(seen)) == len(data["suspensions"])
    assert Counter(p for p, _ in seen) == Counter(s["person"] for s in data["suspensions"])


@pytest.mark.slow
def test_a_sites_changes_under_a_proposal_are_on_the_team_pages_each_once(site, tmp_path):
    from hockeyrules.report.pages import write_report

    season = site["season"]
    done = write_report(season, tmp_path / "out", proposal=FIGHT_PROPOSAL, site=True)
    folder = Path(done["path"]).parent
    d = run_diff(season, FIGHT_PROPOSAL)
    assert d["changes"]
    front = (folder / "diff.html").read_text(encoding="utf-8")
    assert 'id="diff-games"' not in front and f'data-h="games_added">{d["headline"]["games_added"]}</b>' in front
    listed = []
    for t in season.teams:
        text = (folder / f"t-{t}.html").read_text(encoding="utf-8")
        rows = re.findall(
            r'<tbody class="r" data-team="([^"]*)" data-change="[^"]*"><tr>.*?'
            r'<td data-label="Person">([^<]*)</td>',
            text,
            re.S,
        )
        assert {team for team, _ in rows} <= {t}
        listed += rows
        store = xdata(text)
        assert all(f"d1-s-{p}--" in " ".join(store) for _, p in rows)
    assert sorted(listed) == sorted((c["team"], c["person"]) for c in d["changes"])


# --- hostile text and a proposal ------------------------------------------------------------


@pytest.fixture(scope="session")
def hostile(tmp_path_factory):
    season = as_season(hostile_season())
    proposal = {
        "format": "hockeyrules/proposal@1",
        "name": PROPOSAL_NAME,
        "description": NAME,
        "changes": {"rows": {"league:10.06/1": {"games": 2}}},
    }
    text = build_report(season, proposal=proposal)
    path = tmp_path_factory.mktemp("hostile") / "report.html"
    path.write_text(text, encoding="utf-8")
    return {"html": text, "path": path, "season": season, "proposal": proposal, "plain": build_report(season)}


@pytest.mark.parametrize("which", ["html", "plain"])
def test_hostile_text_is_text_never_markup(hostile, which):
    text = hostile[which]
    page = Page(text)
    assert page.errors == []
    assert set(page.tags) <= ALLOWED_TAGS, set(page.tags) - ALLOWED_TAGS
    kinds = [(a.get("type"), a.get("class")) for a, _ in page.scripts]
    assert kinds[-1] == (None, None) and all(
        k == ("application/json", "xdata") or k == ("application/json", "filterdata") for k in kinds[:-1]
    )
    assert all("src" not in a for a, _ in page.scripts)
    for tag, attrs in page.attrs:
        assert not any(k.startswith("on") for k in attrs), (tag, attrs)
    for raw in (NAME, TEAM, TEAM_NAME, GAME, LEAGUE, COACH, PROPOSAL_NAME, "<img", "alert(1)</script>"):
        assert raw not in text, raw
    assert text.count("</script>") == len(page.scripts)
    for raw in (NAME, TEAM_NAME, LEAGUE, PID):
        assert str(escape(raw)) in text, raw
    # the data blocks hold the same text, with no character that could end the tag
    [filters] = [json.loads(body) for a, body in page.scripts if a.get("class") == "filterdata"]
    assert [PID, f"{PID} {NAME}"] in filters["persons"]
    assert [TEAM, f"{TEAM} {TEAM_NAME}"] in filters["teams"]
    store = xdata(text)
    assert any(NAME in json.dumps(x, ensure_ascii=False) for x in store.values())


@pytest.mark.slow
def test_under_a_proposal_the_report_opens_on_its_changes_and_leaves_the_audit_out(tmp_path):
    season = serving_season()
    proposal = {
        "format": "hockeyrules/proposal@1",
        "name": "Three games for a first fight",
        "changes": {"rows": {"league:10.06/1": {"games": 2}}},
    }
    # the audit under the proposal would count A1's game G4 as a violation the proposal alone causes
    (tmp_path / "s.json").write_text(json.dumps(season))
    (tmp_path / "p.json").write_text(json.dumps(proposal))
    assert cli_audit(tmp_path / "s.json")["violations"] == []
    assert [v["rule"] for v in cli_audit(tmp_path / "s.json", "--proposal", tmp_path / "p.json")["violations"]] == [
        "league:10.08"
    ]
    text = build_report(season, proposal=proposal)
    assert '<section class="page default" id="diff">' in text
    assert "is left out under a proposal" in text
    assert "league:10.08 (" not in text and 'id="v-0"' not in text
    page = Page(text)
    for cells in page.summary.values():
        assert int(cells["violations"]) == int(cells["forfeits"]) == int(cells["fines"]) == 0
    assert not any(k.startswith(("v-", "a-", "sv-")) for k in xdata(text))


@pytest.mark.slow
def test_the_diff_headline_is_the_difference_of_the_totals(fight_whatif):
    for name in ("first-fight-two-games", "repeal-multiple-fights", "misconduct-ladder-from-third"):
        path = ROOT / "proposals" / "examples" / f"{name}.yaml"
        d = fight_whatif["diff"] if path == FIGHT_PROPOSAL else run_diff(EXAMPLE, path)
        h, lg = d["headline"], d["totals"]["league"]
        assert h["games_added"] - h["games_removed"] == lg["after"]["games"] - lg["before"]["games"], name
        assert (
            h["suspensions_added"] - h["suspensions_removed"]
            == lg["after"]["suspensions"] - lg["before"]["suspensions"]
        ), name
        moving = [c for c in d["changes"] if c["games_change"]]
        assert h["persons_affected"] == len({c["person"] for c in moving})
        assert h["suspensions_changing_rules_only"] == len(d["changes"]) - len(moving)
        assert h["games_added"] + h["games_removed"] > 0, name


@pytest.fixture(scope="module")
def fight_whatif() -> dict:
    """The example season under the first-fight proposal: its report, its diff, and the
    diff command's text (computed once for the tests that read them)."""
    res = CliRunner().invoke(main, ["diff", str(EXAMPLE), "--proposal", str(FIGHT_PROPOSAL)])
    assert res.exit_code == 0, res.output
    return {
        "page": build_report(EXAMPLE, proposal=FIGHT_PROPOSAL),
        "diff": run_diff(EXAMPLE, FIGHT_PROPOSAL),
        "text": res.stdout,
    }


@pytest.mark.slow
def test_rows_whose_games_do_not_change_are_listed_apart_with_both_explanations(fight_whatif):
    text, d = fight_whatif["page"], fight_whatif["diff"]
    same = [c for c in d["changes"] if not c["games_change"]]
    moving = [c for c in d["changes"] if c["games_change"]]
    assert same and moving
    games_table = text[text.index('id="diff-games"') : text.index("</table>", text.index('id="diff-games"'))]
    rules_table = text[text.index('id="diff-rules"') : text.index("</table>", text.index('id="diff-rules"'))]
    assert games_table.count('<tbody class="r"') == len(moving)
    assert rules_table.count('<tbody class="r"') == len(same)
    for c in same:
        assert f'<td data-label="Person">{c["person"]}</td>' in rules_table
        assert c["before"]["games"] == c["after"]["games"]
    headline = re.search(r'<p class="headline".*?</p>', text, re.S).group(0)
    for key, value in d["headline"].items():
        if f'data-h="{key}"' in headline:
            assert f'data-h="{key}">{value}</b>' in headline
    store = xdata(text)
    c = moving[0]
    anchor = f"s-{c['person']}--{c['game']}"
    before, after = store[f"d0-{anchor}"]["nodes"][0], store[f"d1-{anchor}"]["nodes"][0]
    assert before["text"] != after["text"]
    # the text rendering of diff lists them apart too
    out = fight_whatif["text"]
    assert out.index("Suspensions whose games change") < out.index("Same games, other rules cited")
    assert f"{len(same)} suspensions where only the rules cited change" in out


@pytest.mark.slow
def test_the_diff_headline_claims_no_indefinite_suspension_where_none_changes(fight_whatif):
    """The example season has indefinite suspensions, but the first-fight proposal changes
    none of them: its headline says nothing of one."""
    d = fight_whatif["diff"]
    assert d["totals"]["league"]["after"]["indefinite"] > 0
    assert not any(c["games_change"] and (c["after"] or c["before"])["indefinite"] for c in d["changes"])
    out = fight_whatif["text"]
    assert "49 games added and 0 removed; 49 persons" in out and "indefinite suspension" not in out.split("\n\n")[1]
    headline = re.search(r'<p class="headline".*?</p>', fight_whatif["page"], re.S).group(0)
    assert "indefinite" not in headline and 'id="including"' not in headline


def test_the_report_under_a_proposal_says_no_internal_word_and_names_its_file(fight_whatif):
    """The report's own words: plurals after counts, no "misconduct-class", the lines of
    its explanations and warnings located in the season's file by its name."""
    page = fight_whatif["page"]
    for word in ("misconduct-class", "suspension(s)", "game(s)", "person(s)", "season file line"):
        assert word not in page, word
    assert 'data-file="mu18aaa-example.yaml"' in page
    assert '" line " + n.line' in page and 'getAttribute("data-file")' in page  # the script's locations
    assert 'el("span", "k", n.kind)' not in page  # a node's kind (COMPONENT, LAYER...) is not shown


# --- a real browser -------------------------------------------------------------------------


# `browser`: tests/conftest.py (headless Chromium, shared with the notices' tests)


def _no_horizontal_scroll(driver) -> None:
    width, inner = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, (driver.current_url, width, inner)


def _shown_rows(driver, table, attribute: str) -> list:
    """`attribute` of each suspension row (tbody.r) of `table` that is shown, in their order,
    in one call (a row shown has a box, as Selenium's is_displayed() asks, one call a row)."""
    return driver.execute_script(
        "var name = arguments[1];"
        "return Array.from(arguments[0].querySelectorAll('tbody.r')).filter(function (r) {"
        "  return r.getClientRects().length > 0 && getComputedStyle(r).visibility !== 'hidden'; })"
        ".map(function (r) { return r.getAttribute(name); });",
        table,
        attribute,
    )


@pytest.mark.slow
def test_the_site_in_chromium(browser, site):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    driver, folder, data = browser, site["folder"], site["json"]
    ARTIFACTS.mkdir(exist_ok=True)
    driver.set_window_size(1400, 1000)
    driver.get((folder / "index.html").as_uri())
    assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0
    outstanding = driver.find_element(By.ID, "outstanding")
    assert outstanding.is_displayed() and not driver.find_element(By.ID, "teams").is_displayed()
    rows = outstanding.find_elements(By.CSS_SELECTOR, "tbody.r")
    assert len(rows) > 3
    # filtered by a team
    team = rows[-1].get_attribute("data-team")
    Select(outstanding.find_element(By.CSS_SELECTOR, 'select[data-f="team"]')).select_by_value(team)
    visible = _shown_rows(driver, outstanding, "data-team")
    assert visible and len(visible) < len(rows)
    assert set(visible) == {team}
    assert outstanding.find_element(By.CSS_SELECTOR, ".count").text == f"{len(visible)} of {len(rows)} shown"
    Select(outstanding.find_element(By.CSS_SELECTOR, 'select[data-f="status"]')).select_by_value("awaiting a decision")
    assert set(_shown_rows(driver, outstanding, "data-status")) <= {"awaiting a decision"}
    driver.save_screenshot(str(ARTIFACTS / "site-index.png"))
    # a person page loads its explanation when opened
    s = data["suspensions"][0]
    person = s["person"]
    driver.get((folder / f"t-{s['team']}.html").as_uri() + f"#p-{person}")
    page = driver.find_element(By.ID, f"p-{person}")
    assert page.is_displayed()
    assert "as of" in page.find_element(By.CSS_SELECTOR, ".status").text
    detail = page.find_element(By.CSS_SELECTOR, "tr.detail")
    assert detail.get_attribute("data-filled") is None and detail.text == ""
    page.find_element(By.CSS_SELECTOR, "button.x").click()
    assert detail.is_displayed() and detail.get_attribute("data-filled") == ""
    assert s["components"][0]["rule"] in detail.text and person in detail.text
    driver.save_screenshot(str(ARTIFACTS / "site-person.png"))
    # phone width: no horizontal scroll; tabs reachable
    driver.set_window_size(390, 844)
    for url in [
        (folder / "index.html").as_uri(),
        (folder / "index.html").as_uri() + "#teams",
        (folder / f"t-{s['team']}.html").as_uri(),
        (folder / f"t-{s['team']}.html").as_uri() + f"#p-{person}",
        (folder / "audit.html").as_uri(),
    ]:
        driver.get(url)
        _no_horizontal_scroll(driver)
        for tab in driver.find_elements(By.CSS_SELECTOR, "nav a"):
            assert tab.is_displayed() and tab.rect["x"] + tab.rect["width"] <= 390
    driver.get((folder / f"t-{s['team']}.html").as_uri() + f"#p-{person}")
    driver.find_element(By.CSS_SELECTOR, f"#p-{person} button.x").click()
    _no_horizontal_scroll(driver)
    driver.save_screenshot(str(ARTIFACTS / "site-person-phone.png"))
    driver.set_window_size(1400, 1000)


@pytest.mark.slow
def test_the_example_report_in_chromium(browser, example):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    data, driver = example["json"], browser
    ARTIFACTS.mkdir(exist_ok=True)
    driver.set_window_size(1400, 1000)
    driver.get(example["path"].as_uri())
    assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert driver.find_element(By.ID, "outstanding").is_displayed()
    driver.find_element(By.CSS_SELECTOR, 'nav a[href="#teams"]').click()
    teams = driver.find_element(By.ID, "teams")
    assert teams.is_displayed() and not driver.find_element(By.ID, "outstanding").is_displayed()
    # (each row's cells in one call: a call a cell is a round trip to the browser each)
    for scope, team, shown in driver.execute_script(
        "return Array.from(arguments[0].querySelectorAll('tr[data-scope]'), function (r) {"
        "  var cells = {}; r.querySelectorAll('td[data-key]').forEach(function (c) {"
        "    cells[c.getAttribute('data-key')] = c.innerText; });"
        "  return [r.getAttribute('data-scope'), r.getAttribute('data-team'), cells]; });",
        teams,
    ):
        team = team if scope == "team" else None
        assert {k: int(v) for k, v in shown.items() if k in KEYS} == expected(data, team), team
    driver.find_element(By.CSS_SELECTOR, 'nav a[href="#suspensions"]').click()
    listing = driver.find_element(By.ID, "suspensions")
    rows = listing.find_elements(By.CSS_SELECTOR, "tbody.r")
    assert len(rows) == len(data["suspensions"])
    first = data["suspensions"][0]
    rows[0].find_element(By.CSS_SELECTOR, "button.x").click()
    detail = rows[0].find_element(By.CSS_SELECTOR, "tr.detail")
    assert detail.is_displayed() and first["name"] in detail.text and "Serving" in detail.text
    for c in first["components"]:
        assert c["rule"] in detail.text
    team = data["suspensions"][-1]["team"]
    Select(listing.find_element(By.CSS_SELECTOR, 'select[data-f="team"]')).select_by_value(team)
    assert set(_shown_rows(driver, listing, "data-team")) == {team}
    head = listing.find_element(By.CSS_SELECTOR, 'th[data-sort="games"]')
    head.click()
    head.click()
    games = [int(g) for g in _shown_rows(driver, listing, "data-s-games")]
    assert games == sorted(games, reverse=True)
    # an address opens a suspension with its explanation
    driver.get(example["path"].as_uri() + f"#s-{first['person']}--{first['game']}")
    opened = driver.find_element(By.ID, f"s-{first['person']}--{first['game']}")
    assert opened.find_element(By.CSS_SELECTOR, "tr.detail").is_displayed()
    driver.save_screenshot(str(ARTIFACTS / "report.png"))
    driver.set_window_size(390, 844)
    for anchor in ("", "#teams", "#suspensions", f"#p-{first['person']}", "#audit"):
        driver.get(example["path"].as_uri() + anchor)
        _no_horizontal_scroll(driver)
    driver.save_screenshot(str(ARTIFACTS / "report-phone.png"))
    driver.set_window_size(1400, 1000)


def test_hostile_names_are_shown_as_text_in_chromium(browser, hostile):
    from selenium.webdriver.common.by import By

    driver = browser
    driver.get(hostile["path"].as_uri())
    assert driver.execute_script("return window.__xss === undefined")
    assert driver.find_element(By.TAG_NAME, "h1").text.startswith(LEAGUE)
    assert driver.find_element(By.ID, "diff").is_displayed()
    for button in driver.find_elements(By.CSS_SELECTOR, "#diff button.x"):
        button.click()
    assert NAME in driver.find_element(By.ID, "diff").text
    driver.find_element(By.CSS_SELECTOR, 'nav a[href="#suspensions"]').click()
    options = [o.text for o in driver.find_elements(By.CSS_SELECTOR, '#suspensions select[data-f="team"] option')]
    assert f"{TEAM} {TEAM_NAME}" in options
    assert driver.execute_script("return window.__xss === undefined")
    assert driver.find_elements(By.TAG_NAME, "img") == []


def cli_reconcile(*args) -> dict:
    res = CliRunner().invoke(main, ["reconcile", *map(str, args), "--format", "json"])
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def test_the_reconciliation_section_is_the_reconcile_json(example):
    """The example season carries the league's issued list: the report shows each class's
    count per team and one row for every difference, as `hockeyrules reconcile` has them."""
    data, text = cli_reconcile(EXAMPLE), example["html"]
    assert '<section class="page" id="reconcile">' in text and 'href="#reconcile"' in text
    section = text[text.index('id="reconcile"') :]
    section = section[: section.index("</section>")]
    differences = [p for p in data["pairs"] if p["class"] != "agrees"]
    assert differences and section.count('<tr class="rec-') == len(differences)
    for p in differences:
        assert f'<tr class="rec-{p["class"]}"><td>' in section
        assert str(escape(p["difference"])) in section
    summary = re.search(r"<tr><td>All teams</td>((?:<td>\d+</td>)+)</tr>", section).group(1)
    classes = ("agrees", "missed", "extra", "too-short", "too-long", "indefinite-mismatch")
    assert re.findall(r"<td>(\d+)</td>", summary) == [str(data["summary"][c]) for c in classes]


def test_a_season_without_an_issued_list_has_no_reconciliation_section():
    text = build_report(WORKED)
    assert 'id="reconcile"' not in text and "Issued against required" not in text


@pytest.mark.slow
def test_a_site_gets_a_reconciliation_page_when_the_league_issued_suspensions(tmp_path):
    res = CliRunner().invoke(main, ["report", str(EXAMPLE), "-q", "-o", str(tmp_path / "site") + "/"])
    assert res.exit_code == 0, res.output
    page = (tmp_path / "site" / "reconcile.html").read_text(encoding="utf-8")
    assert '<section class="page default" id="reconcile">' in page
    assert 'href="reconcile.html"' in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_under_another_reading_the_report_opens_on_what_it_changes_against_the_default_reading(example_page):
    """A what-if by reading, like a proposal: the changes first, the headline that of
    `diff --reading`, and serving and the audit left out (the line-ups were chosen under
    the default reading)."""
    from hockeyrules.model.policy import Policy

    season = as_season(EXAMPLE)
    policy = Policy().with_readings({"league_restatements": "overlap"})
    text = build_report(season, policy=policy)
    expected = run_diff(season, None, None, Policy(), after_policy=policy)["headline"]
    assert expected["games_removed"] > 0
    assert '<section class="page default" id="diff">' in text
    # the reading in words, not its name and value (those stay in the JSON it is computed from)
    assert (
        "<h2>What if: the rules read with league:10.02 and league:10.06 counting only what they ask "
        "beyond Hockey Canada&#39;s minimum for the same line</h2>"
    ) in text
    assert "league_restatements" not in text.split("<script")[0]
    for key in ("suspensions_added", "suspensions_removed", "games_added", "games_removed", "persons_affected"):
        assert f'<b data-h="{key}">{expected[key]}</b>' in text, key
    assert "is left out under a proposal or another reading" in text
    assert not any(k.startswith(("v-", "a-", "sv-")) for k in xdata(text))
    # the default reading is no what-if: the report opens on who is suspended now
    assert '<section class="page default" id="outstanding">' in example_page.read_text(encoding="utf-8")
