"""The report's layout measured in Chromium (issue 29): words whole at 1366 px and on paper,
phone cards without empty boxes, readable chart labels, printing the open tab only, persons
with many rows grouped, the site's search, the next games to sit out."""

from __future__ import annotations

import pytest
from test_report import EXAMPLE, browser  # noqa: F401  (the report tests' headless Chromium)

from hockeyrules.report.pages import build_report

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


@pytest.fixture(scope="module")
def example_page(tmp_path_factory):
    path = tmp_path_factory.mktemp("layout") / "report.html"
    path.write_text(build_report(EXAMPLE), encoding="utf-8")
    return path


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
