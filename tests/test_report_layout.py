"""The report's layout measured in Chromium (issue 29): words whole at 1366 px and on paper,
phone cards without empty boxes, readable chart labels, printing the open tab only, persons
with many rows grouped, the site's search, the next games to sit out."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from test_report import EXAMPLE, _shown_rows, site  # noqa: F401  (the two-league site; the browser is conftest.py's)

# Many views and commands over the same few seasons: each distinct solve is done once
# (conftest.py's solved_once).
pytestmark = pytest.mark.usefixtures("solved_once")

# Every word of the visible tables' text that the browser laid out on more than one line.
SPLIT_WORDS = """
var out = [];
document.querySelectorAll("table td, table th").forEach(function (c) {
  if (c.offsetParent === null) { return; }
  var w = document.createTreeWalker(c, NodeFilter.SHOW_TEXT), t;
  while ((t = w.nextNode())) {
    if (!t.parentElement.checkVisibility()) { continue; }
    var re = /\\S+/g, m;
    while ((m = re.exec(t.data))) {
      var r = document.createRange();
      r.setStart(t, m.index);
      r.setEnd(t, m.index + m[0].length);
      var tops = new Set();
      Array.prototype.forEach.call(r.getClientRects(), function (x) { if (x.width > 0) { tops.add(Math.round(x.top)); } });
      if (tops.size > 1) { out.push([m[0], c.getAttribute("data-label") || c.tagName]); }
    }
  }
});
return out;
"""

# Cells that hold only a date or a game id, and on how many lines the browser laid their text out
# (a cell's own height is its row's: the text's line boxes are what a split changes).
DATE_AND_ID_CELLS = """
var out = [];
document.querySelectorAll("table td").forEach(function (c) {
  var text = c.textContent.trim();
  if (c.offsetParent === null || !/^(\\d{4}-\\d{2}-\\d{2}|G\\d+)$/.test(text)) { return; }
  var r = document.createRange(), tops = new Set();
  r.selectNodeContents(c);
  Array.prototype.forEach.call(r.getClientRects(), function (x) { if (x.width > 0) { tops.add(Math.round(x.top)); } });
  out.push([text, tops.size]);
});
return out;
"""

TABS = ("", "#teams", "#suspensions", "#audit", "#reconcile", "#p-T00-06", "#t-T00")


def _media(driver, media: str) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media})


def test_no_word_is_split_at_1366_px_nor_on_paper(browser, example_page):  # noqa: F811
    driver = browser
    try:
        # the screen at 1366 px, and print at the width of an A4 page's text (182 mm at 96 px/in)
        for width, media in ((1366, "screen"), (688, "print")):
            driver.set_window_size(width, 900)
            _media(driver, media)
            for tab in TABS:
                driver.get(example_page.as_uri() + tab)
                assert driver.execute_script(SPLIT_WORDS) == [], (width, media, tab)
                cells = driver.execute_script(DATE_AND_ID_CELLS)
                assert cells or tab in ("", "#teams", "#reconcile"), tab  # the measure saw the cells it is about
                assert [c for c in cells if c[1] != 1] == [], (width, media, tab)
            # an explanation opened: its dates and ids whole too
            driver.get(example_page.as_uri() + "#suspensions")
            driver.execute_script('document.querySelector("#suspensions tbody.r button.x").click()')
            assert driver.execute_script(SPLIT_WORDS) == [], (width, media, "an explanation")
    finally:
        _media(driver, "")
        driver.set_window_size(1400, 1000)


# Boxes a phone shows with nothing in them: a visible row or card of a table with no text and no control.
EMPTY_BOXES = """
var out = [];
document.querySelectorAll("table.list tbody, table.list tr").forEach(function (e) {
  if (!e.checkVisibility() || e.getBoundingClientRect().height < 1) { return; }
  if (e.innerText.trim() === "" && !e.querySelector("button, a, select, input, svg")) {
    out.push(e.tagName + "." + e.className + "#" + e.id);
  }
});
return out;
"""

# The rendered size of each chart label: its font size scaled as its chart is.
CHART_LABELS = """
var out = [];
document.querySelectorAll("figure.chart svg").forEach(function (svg) {
  if (!svg.checkVisibility()) { return; }
  var scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  var texts = Array.prototype.slice.call(svg.querySelectorAll("text"));
  svg.querySelectorAll("use").forEach(function (u) {  // the month ticks, shared by the page's charts
    texts = texts.concat(Array.prototype.slice.call(document.querySelector(u.getAttribute("href")).querySelectorAll("text")));
  });
  texts.forEach(function (t) { out.push([t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale]); });
});
return out;
"""


def test_at_390_px_cards_have_no_empty_box_and_sorting_is_offered_where_headings_are_hidden(
    browser,  # noqa: F811
    example_page,
):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    driver = browser
    driver.set_window_size(390, 844)
    try:
        for tab in TABS:
            driver.get(example_page.as_uri() + tab)
            assert driver.execute_script(EMPTY_BOXES) == [], tab
        driver.get(example_page.as_uri() + "#suspensions")
        listing = driver.find_element(By.ID, "suspensions")
        # an explanation opened and closed again leaves no box behind
        button = listing.find_element(By.CSS_SELECTOR, "tbody.r button.x")
        button.click()
        assert listing.find_element(By.CSS_SELECTOR, "tr.detail").is_displayed()
        button.click()
        assert driver.execute_script(EMPTY_BOXES) == []
        # a team filter hides the other cards on a phone too
        rows = listing.find_elements(By.CSS_SELECTOR, "tbody.r")
        team = rows[-1].get_attribute("data-team")
        Select(listing.find_element(By.CSS_SELECTOR, 'select[data-f="team"]')).select_by_value(team)
        assert set(_shown_rows(driver, listing, "data-team")) == {team}
        listing.find_element(By.CSS_SELECTOR, ".reset").click()
        # the headings are hidden: the page does not say to click them, and offers a Sort list
        assert not listing.find_element(By.CSS_SELECTOR, "thead").is_displayed()
        note = listing.find_element(By.CSS_SELECTOR, "p.note").text
        assert "heading" not in note and "why" in note
        sort = listing.find_element(By.CSS_SELECTOR, "select[data-sortby]")
        assert sort.is_displayed()
        Select(sort).select_by_visible_text("Games, largest first")
        games = [int(r.get_attribute("data-s-games")) for r in listing.find_elements(By.CSS_SELECTOR, "tbody.r")]
        assert games == sorted(games, reverse=True) and games[0] > games[-1]
        # at 1366 px the headings sort, and say so; the Sort list is not shown
        driver.set_window_size(1366, 900)
        assert "Click a column heading to sort" in listing.find_element(By.CSS_SELECTOR, "p.note").text
        assert not sort.is_displayed()
    finally:
        driver.set_window_size(1400, 1000)


def test_the_person_pages_chart_labels_are_readable_at_390_px(browser, example_page):  # noqa: F811
    driver = browser
    driver.set_window_size(390, 844)
    try:
        driver.get(example_page.as_uri() + "#p-T00-06")
        labels = driver.execute_script(CHART_LABELS)
        assert len(labels) > 10  # both charts' axes, months and marks
        assert min(size for _, size in labels) >= 10, sorted(labels, key=lambda x: x[1])[:3]
        width, inner = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        assert width <= inner  # the chart scrolls inside its box, not the page
    finally:
        driver.set_window_size(1400, 1000)


def _pages(driver) -> int:
    import base64
    import re

    pdf = base64.b64decode(
        driver.execute_cdp_cmd("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69})["data"]
    )
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def test_printing_a_tab_prints_its_summary_and_only_the_explanations_opened(browser, example_page):  # noqa: F811
    driver = browser
    driver.get(example_page.as_uri() + "#suspensions")
    closed = _pages(driver)
    # the 181 rows of the example season's suspensions: a few pages (218 while printing opened them all)
    assert 2 <= closed <= 12, closed
    driver.execute_script('document.querySelector("#suspensions tbody.r button.x").click()')
    # the explanation opened is in the printed page's layout, and takes room there (the
    # printed page's layout is print media's: what printToPDF lays out, without a second PDF)
    _media(driver, "print")
    try:
        assert driver.execute_script('return document.querySelector("#suspensions tr.detail").checkVisibility()')
        height = driver.execute_script(
            'return document.querySelector("#suspensions tr.detail").getBoundingClientRect().height'
        )
        assert height > 40, height
        assert not driver.execute_script(
            'return Array.prototype.some.call(document.querySelectorAll("#suspensions tr.detail"), '
            "function (d, i) { return i > 0 && d.checkVisibility(); })"
        )
    finally:
        _media(driver, "")


def test_a_person_with_many_rows_suspended_now_is_one_row_with_a_count(browser, site):  # noqa: F811
    from selenium.webdriver.common.by import By

    folder, data = site["folder"], site["json"]
    as_of = max(g.date for g in site["season"].games)
    owed: Counter = Counter()
    awaiting: Counter = Counter()  # indefinite, no length decided: one status, one group
    for s in data["serving"]:
        if s["date"] <= as_of and s["indefinite"] and not s["length_set"]:
            awaiting[s["person"]] += 1
        if s["date"] <= as_of and ((s["indefinite"] and not s["length_set"]) or s["served"] < s["games"]):
            owed[s["person"]] += 1
    person, many = awaiting.most_common(1)[0]
    assert many >= 5  # the season has a head coach suspended for many games (league:10.08)
    driver = browser
    driver.set_window_size(1366, 900)
    driver.get((folder / "index.html").as_uri())
    rows = driver.find_elements(By.CSS_SELECTOR, "#outstanding-list tbody.r")
    persons = Counter((r.get_attribute("data-s-person"), r.get_attribute("data-status")) for r in rows)
    assert max(persons.values()) == 1  # one row per person (and status)
    assert sum(
        int(r.find_element(By.CSS_SELECTOR, "td[data-label='Earned in'] b").text.split()[0])
        if "group" in r.get_attribute("class")
        else 1
        for r in rows
    ) == sum(owed.values())
    [row] = [
        r
        for r in rows
        if r.get_attribute("data-s-person") == person and r.get_attribute("data-status") == "awaiting a decision"
    ]
    assert f"{many} suspensions" in row.text
    members = row.find_element(By.CSS_SELECTOR, "tr.members")
    assert not members.is_displayed()
    row.find_element(By.CSS_SELECTOR, "button.x").click()
    assert members.is_displayed() and len(members.find_elements(By.TAG_NAME, "li")) == many


def _scripts_loaded(driver) -> list[str]:
    """The script files the page has loaded (file:// gives no resource timing)."""
    return driver.execute_script(
        "return Array.prototype.filter.call(document.scripts, function (s) { return s.src; })"
        ".map(function (s) { return s.src.split('/').pop(); })"
    )


def test_the_sites_index_finds_a_person_or_a_team_across_leagues(browser, site, tmp_path):  # noqa: F811
    import json
    import unicodedata

    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from hockeyrules.report.pages import write_report

    folder, season = site["folder"], site["season"]
    files = ("search.js", "search-league-1.js", "search-league-2.js")
    texts = {f: (folder / f).read_text(encoding="utf-8") for f in files}
    # the index is split: a small one of every league's names and ids, and a part per league with
    # the addresses; each part holds its league's teams; all the same bytes when written again
    for n, league in ((1, "L1-"), (2, "L2-")):
        part = texts[f"search-league-{n}.js"]
        assert all((f'"{t}, team, League {n} ' in part) == t.startswith(league) for t in season.teams)
    assert len(texts["search.js"]) < min(len(texts["search-league-1.js"]), len(texts["search-league-2.js"]))
    again = Path(write_report(season, tmp_path / "again", site=True)["path"]).parent
    assert all((again / f).read_text(encoding="utf-8") == texts[f] for f in files)
    driver = browser
    driver.set_window_size(1366, 900)
    driver.get((folder / "index.html").as_uri())
    assert _scripts_loaded(driver) == []  # the index is loaded on the first key
    box = driver.find_element(By.ID, "find")
    # a person of the second league, found by name typed without accents or capitals; only the
    # index and that league's part are loaded
    index = json.loads(texts["search.js"][texts["search.js"].index("[") : texts["search.js"].rindex("]") + 1])
    first_words = set(index[0][2].split())

    def plain(text: str) -> str:
        return unicodedata.normalize("NFD", text).encode("ascii", "ignore").decode().lower()

    pid = next(
        p
        for p in season.people
        if p.startswith("L2-")
        and not p.endswith("HC")
        and f'"{p},' in texts[files[2]]
        and not all(any(w in x for x in first_words) for w in plain(season.people[p].name).split())
    )
    name = season.people[pid].name
    typed = plain(name)
    box.send_keys(typed)
    found = driver.find_element(By.ID, "found")
    WebDriverWait(driver, 10).until(lambda d: found.find_elements(By.TAG_NAME, "a"))
    assert sorted(_scripts_loaded(driver)) == ["search-league-2.js", "search.js"]
    links = [a for a in found.find_elements(By.TAG_NAME, "a") if a.text == name]
    assert links, found.text
    href = links[0].get_attribute("href")
    assert href.endswith(f"t-{season.people[pid].team}.html#p-{pid}")
    links[0].click()
    assert driver.find_element(By.ID, f"p-{pid}").is_displayed()
    # a team by its name
    driver.get((folder / "index.html").as_uri())
    team = season.teams["L1-T00"].name
    driver.find_element(By.ID, "find").send_keys(team)
    found = driver.find_element(By.ID, "found")
    WebDriverWait(driver, 10).until(lambda d: found.find_elements(By.TAG_NAME, "a"))
    assert team in [a.text for a in found.find_elements(By.TAG_NAME, "a")]
    # nothing found says so
    box = driver.find_element(By.ID, "find")
    box.clear()
    box.send_keys("zzqqxx")
    assert "nobody" in driver.find_element(By.ID, "found").text


def test_suspended_now_names_the_next_games_to_sit_out_as_status_does(example_page):
    """The report at status's date lists, for each person, the games `hockeyrules status` says
    they sit out (status solves the season cut at the date: an independent count), and marks
    the games without a sheet as scheduled."""
    import re

    from hockeyrules.engine.run import as_season
    from hockeyrules.office.status import default_as_of, status

    season = as_season(EXAMPLE)
    as_of = default_as_of(season)
    text = example_page.read_text(encoding="utf-8")  # the report at its default date, status's
    assert f"suspended as of {as_of}" in text
    section = text[text.index('id="outstanding"') : text.index('id="teams"')]
    listed: dict = {}
    for person, cell in re.findall(
        r'<tbody class="r[^"]*" [^>]*data-s-person="([^"]*)".*?<td data-label="Sits out next">(.*?)</td>', section, re.S
    ):
        listed.setdefault(person, []).append(cell)
    expected = {p["person"]: p for t in status(season, as_of=as_of)["teams"] for p in t["persons"]}
    assert set(listed) == set(expected)
    games = {g.id: g for g in season.games}
    checked = 0
    for person, p in expected.items():
        named = [g for cell in listed[person] for g in re.findall(r'<span class="nw">([^<]*)</span>', cell)]
        if p["awaiting"]:  # until a decision: the next game, whatever the count
            assert named and named[0] == p["sit_out"][0]["game"], person
            continue
        assert sorted(named) == sorted(x["game"] for x in p["sit_out"]), person
        for cell in listed[person]:
            for g, mark in re.findall(r'<span class="nw">([^<]*)</span> <span class="sub">([^<]*)</span>', cell):
                assert mark == games[g].date + (", scheduled" if games[g].scheduled else ""), (person, g)
        checked += 1
    assert checked >= 3
    assert ", scheduled" in section
