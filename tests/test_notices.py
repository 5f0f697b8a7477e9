"""Suspension notices: golden Markdown, the HTML page in headless Chromium, hostile text stays text.

Golden files: tests/golden/notice-*.md. Regenerate them with
    HOCKEYRULES_REGOLD=1 python -m pytest -q tests/test_notices.py
(the golden tests then write their file and skip).
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import line, season_of

from hockeyrules.cli.commands import main
from hockeyrules.office.notices import file_stem, notices, to_html, to_markdown

# Many views and commands over the same few seasons: each distinct solve is done once
# (conftest.py's solved_once).
pytestmark = pytest.mark.usefixtures("solved_once")

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


# --- printed on Letter and A4 ---------------------------------------------------------------


# A PDF's text by page, read without a PDF library: Chromium writes each page's text as glyph
# codes of Type0 fonts, each font with its map to Unicode (ToUnicode).


def _objects(pdf: bytes) -> dict:
    """Object number -> (its dictionary, its stream decompressed or None)."""
    out = {}
    for m in re.finditer(rb"(\d+) 0 obj\s*<<", pdf):
        i, depth = m.end(), 1
        while depth:
            j = pdf.index(b">>", i)
            k = pdf.find(b"<<", i, j)
            if k >= 0:
                depth, i = depth + 1, k + 2
            else:
                depth, i = depth - 1, j + 2
        head, body = pdf[m.end() - 2 : i], None
        after = re.match(rb"\s*stream\r?\n", pdf[i : i + 20])
        if after:
            start = i + after.end()
            raw = pdf[start : pdf.index(b"endstream", start)]
            body = zlib.decompress(raw) if b"/FlateDecode" in head else raw
        out[int(m.group(1))] = (head, body)
    return out


def _cmap(data: bytes) -> dict:
    """A font's ToUnicode map: glyph code -> text."""
    table = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", data, re.S):
        for src, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            table[int(src, 16)] = bytes.fromhex(dst.decode()).decode("utf-16-be")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", data, re.S):
        for lo, hi, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            base = int(dst, 16)
            for k in range(int(lo, 16), int(hi, 16) + 1):
                table[k] = chr(base + k - int(lo, 16))
    return table


def pages_text(pdf: bytes) -> list[str]:
    """The text of each page of a PDF as Chromium prints it (Type0 fonts with a ToUnicode map), in
    drawing order, spaces between text blocks: enough to say what is on which page."""
    objs = _objects(pdf)
    out = []
    kids = re.search(rb"/Type /Pages.*?/Kids \[([^\]]*)\]", pdf, re.S).group(1)
    for page in (int(n) for n in re.findall(rb"(\d+) 0 R", kids)):
        head = objs[page][0]
        fonts = {}
        fm = re.search(rb"/Font <<(.*?)>>", head, re.S)
        for name, ref in re.findall(rb"/(\w+) (\d+) 0 R", fm.group(1) if fm else b""):
            uni = re.search(rb"/ToUnicode (\d+) 0 R", objs[int(ref)][0])
            fonts[name] = _cmap(objs[int(uni.group(1))][1]) if uni else {}
        contents = [
            int(n) for n in re.findall(rb"(\d+) 0 R", re.search(rb"/Contents (\[[^\]]*\]|\d+ 0 R)", head).group(1))
        ]
        text, font = [], {}
        for c in contents:
            for tok in re.finditer(rb"/(\w+) [\d.]+ Tf|<([0-9A-Fa-f]*)> Tj|\bET\b", objs[c][1]):
                if tok.group(1):
                    font = fonts.get(tok.group(1), {})
                elif tok.group(2) is not None:
                    h = tok.group(2).decode()
                    text.append("".join(font.get(int(h[i : i + 4], 16), "?") for i in range(0, len(h), 4)))
                else:
                    text.append(" ")
        # (NFKC: the ligatures a font draws, "ﬁ", as their letters)
        out.append(" ".join(unicodedata.normalize("NFKC", "".join(text)).split()))
    return out


# paper (inches) and the notice's @page margins (18 mm top and bottom, 16 mm each side), in CSS px
PAPER = {"Letter": (8.5, 11.0), "A4": (8.27, 11.69)}
MM = 96 / 25.4


def _printed(driver, page, paper: str) -> tuple[list[str], int]:
    """The notice printed on `paper`: each page's text, and the widest element's right edge
    beyond the printable width (in CSS px; 0 or less: everything fits), laid out at the
    printable width under the print styles."""
    import base64

    width, height = PAPER[paper]
    printable = round(width * 96 - 2 * 16 * MM)
    driver.get(page.as_uri())
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": printable, "height": round(height * 96 - 2 * 18 * MM), "deviceScaleFactor": 1, "mobile": False},
    )
    try:
        over = driver.execute_script(
            "var w = document.documentElement.clientWidth, worst = document.documentElement.scrollWidth - w;"
            "document.querySelectorAll('body *').forEach(function (e) {"
            "  var r = e.getBoundingClientRect(); if (r.width > 0) { worst = Math.max(worst, r.right - w); } });"
            "return worst;"
        )
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    pdf = base64.b64decode(
        driver.execute_cdp_cmd("Page.printToPDF", {"paperWidth": width, "paperHeight": height})["data"]
    )
    return pages_text(pdf), over


def long_names_season() -> dict:
    """The notices' season with the long names a real league has (and a long person name)."""
    data = season()
    names = {"A": "Portage la Prairie Terriers Junior Hockey Club", "B": "Winnipeg South Blues Hockey Association"}
    for t in data["teams"]:
        t["name"] = names[t["id"]]
    for p in data["people"]:
        if p["id"] == "A1":
            p["name"] = "Maximilien-Alexandre Côté Wojciechowski-Kowalczyk"
    return data


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["Letter", "A4"])
def test_the_printed_notice_fits_the_paper_leads_with_the_decision_and_names_the_person_on_page_2(
    browser, tmp_path, paper
):
    page = tmp_path / "notice.html"
    name = "Maximilien-Alexandre Côté Wojciechowski-Kowalczyk"
    (n,) = notices(long_names_season(), "A1", "G1", date="2025-10-20")
    page.write_text(to_html(n), encoding="utf-8")
    pages, over = _printed(browser, page, paper)
    assert over <= 0, f"{paper}: an element passes the printable width by {over} px"
    assert len(pages) == 2, (paper, len(pages))  # (measured: 2 pages on either paper)
    first = pages[0]
    # the decision on page 1: the total, the games to sit out, the first game back
    assert "Decision" in first and f"{name} (A1), player of Portage la Prairie" in first
    assert "4 games for game G1" in first and "Games to sit out:" in first and "First game back:" in first
    assert first.index("First game back:") < first.index("On the game sheet") if "On the game sheet" in first else True
    # page 2 opens with a header naming the person; page 1 has none (its heading says it)
    header = f"Issued 2025-10-20: suspension notice for {name} (A1), Portage la Prairie Terriers Junior Hockey Club"
    # (a name that wraps at its hyphen is drawn "Wojciechowski-" and "Kowalczyk": one word)
    assert header in pages[1].replace("- ", "-") and header not in first.replace("- ", "-")
    assert pages[1].startswith("Issued 2025-10-20: ")  # the date first, never broken
