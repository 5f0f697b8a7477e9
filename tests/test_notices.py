"""Suspension notices: golden Markdown, the HTML page in headless Chromium, hostile text stays text.

Golden files: tests/golden/notice-*.md. Regenerate them with
    HOCKEYRULES_REGOLD=1 python -m pytest -q tests/test_notices.py
(the golden tests then write their file and skip).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import line, season_of

from hockeyrules.cli.commands import main
from hockeyrules.office.notices import file_stem, notices, to_html, to_markdown

GOLDEN = Path(__file__).resolve().parent / "golden"
HOSTILE = 'x"). evil :- y. #script <script>window.__xss=1</script><img src=x onerror="window.__xss=2">'


# G1, G2 played; G3, G4 scheduled
GAMES = [
    {"incidents": [line("A1", "boarding", ["major", "game_misconduct"], period=3, time="05:00")]},  # late: 4 games
    {"incidents": [line("B2", "discrimination", ["gross_misconduct"])]},  # indefinite
    {"status": "scheduled", "home": "B", "away": "A"},
    {"status": "scheduled"},
]


def season(name=None):
    data = season_of(GAMES)
    if name is not None:
        for p in data["people"]:
            if p["id"] == "A1":
                p["name"] = name
        data["teams"][0]["name"] = name
    return data


@pytest.mark.parametrize("person,game", [("A1", "G1"), ("B2", "G2")])
def test_golden_markdown(person, game):
    (n,) = notices(season(), person, game, date="2025-10-20")  # a date of issue: the same letter every day
    text = to_markdown(n)
    path = GOLDEN / f"notice-{person}-{game}.md"
    if os.environ.get("HOCKEYRULES_REGOLD") == "1":
        path.write_text(text, encoding="utf-8")
        pytest.skip(f"wrote {path}")
    assert text == path.read_text(encoding="utf-8")


def test_the_notice_is_read_off_the_explain_tree_and_the_serving():
    from hockeyrules.views.explain import explain_person

    (n,) = notices(season(), "A1", "G1")
    (tree,) = [t.to_dict() for t in explain_person(season(), "A1", "G1")]
    components = [c for c in tree["children"] if c["kind"] == "component"]
    assert [r["rule"] for r in n["rules"]] == [c["rule"] for c in components]
    assert [r["rulebook"] for r in n["rules"]] == [c.get("rulebook") for c in components]
    assert [x["text"] for x in n["lines"]] == [c["text"] for c in tree["children"] if c["kind"] == "line"]
    assert [(g["game"], g["state"]) for g in n["serving"]] == [
        ("G2", "served"),
        ("G3", "to sit out"),
        ("G4", "to sit out"),
    ]
    (b2,) = notices(season(), "B2", "G2")
    assert b2["indefinite"] and b2["return"] == "awaiting a league decision on the length of the suspension"
    assert "at least 5 games" in b2["may_decide"][0]


@pytest.mark.slow
def test_notices_since_a_date_write_one_pair_of_files_each(tmp_path):
    path = tmp_path / "season.json"
    path.write_text(json.dumps(season()))
    out = tmp_path / "out"
    out.mkdir()
    res = CliRunner().invoke(main, ["notices", str(path), "--since", "2025-10-08", "-o", str(out)])
    assert res.exit_code == 0, res.stderr
    assert sorted(p.name for p in out.iterdir()) == ["G2-B2.html", "G2-B2.md"]
    res = CliRunner().invoke(main, ["notices", str(path), "--since", "2025-10-08", "-o", str(tmp_path / "new")])
    assert res.exit_code == 0 and sorted(p.name for p in (tmp_path / "new").iterdir()) == ["G2-B2.html", "G2-B2.md"]
    res = CliRunner().invoke(main, ["notices", str(path), "-o", str(path / "under-a-file")])
    assert res.exit_code == 2 and str(path / "under-a-file") in res.stderr and "Traceback" not in res.stderr
    res = CliRunner().invoke(main, ["notice", str(path), "--person", "A2", "--game", "G1"])
    assert res.exit_code == 2 and "A2 has no suspension for game G1" in res.stderr
    assert file_stem({"game": {"game": "G1"}, "person": "../x y"}).startswith("G1-.._x_y-")


def test_a_hostile_name_stays_text_in_markdown_and_html():
    (n,) = notices(season(HOSTILE), "A1", "G1")
    md = to_markdown(n)
    assert "<script>" not in md and "\\<script\\>" in md
    html = to_html(n)
    assert "<script>" not in html and "&lt;script&gt;" in html and "<img" not in html


# --- a real browser -------------------------------------------------------------------------


# `browser`: tests/conftest.py (headless Chromium, shared with the report's tests)


@pytest.mark.slow
def test_the_html_notice_opens_in_chromium_and_a_hostile_name_stays_text(browser, tmp_path):
    from selenium.webdriver.common.by import By

    (n,) = notices(season(HOSTILE), "A1", "G1")
    page = tmp_path / "notice.html"
    page.write_text(to_html(n), encoding="utf-8")
    browser.get(page.as_uri())
    assert browser.execute_script("return window.__xss === undefined")
    assert browser.find_element(By.ID, "name").text == HOSTILE
    assert browser.find_elements(By.TAG_NAME, "img") == []
    total = browser.find_element(By.ID, "total").text
    assert total.startswith(HOSTILE + " (A1), player of ") and ": 4 games for game G1 on 2025-10-01" in total
    rows = browser.find_elements(By.CSS_SELECTOR, "#serving tr")
    assert [r.text.split()[0] for r in rows[1:]] == ["G2", "G3", "G4"]
    # a print stylesheet, and the page is self-contained (no link, no script)
    assert "@media print" in page.read_text(encoding="utf-8")
    assert browser.find_elements(By.TAG_NAME, "script") == [] and browser.find_elements(By.TAG_NAME, "link") == []
