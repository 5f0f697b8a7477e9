"""The HTML report of a season: one self-contained page, or a site of small pages.

`write_report(season, output, ...)` writes it; `build_report(...)` returns the
one-page report as a string. The markup is in report/templates/*.html.j2
(Jinja2, autoescaped), the look and the script in report.css and report.js.
What the pages show is gathered once as data (report/data.py: `gather`), laid
out as one file or a site (report/layout.py), read by the templates through
report/view.py's `Report`; this module renders the templates and streams the
pages to disk.

The report opens on who is suspended as of a date (the last game's by default).
Explanations are data (`<script type="application/json" class="xdata">`, each
page carrying those of its own rows, report/explained.py) turned into trees by
the script only when opened, so a page stays small whatever the season. Under a
proposal the report opens on what the proposal changes (report/whatif.py);
serving and the audit are left out (see data.NO_AUDIT). Same input, same bytes.
"""

from __future__ import annotations

import io
import os
import re
from importlib.resources import files
from pathlib import Path

from markupsafe import Markup, escape

from hockeyrules import __version__
from hockeyrules.engine.run import as_policy, as_proposal, as_season
from hockeyrules.read import streams
from hockeyrules.report.data import SINGLE_FILE_LINES, gather, running_totals
from hockeyrules.report.view import Report
from hockeyrules.views.wording import games_words, noun

__all__ = ["build_report", "write_report", "write_site", "ours", "running_totals", "SINGLE_FILE_LINES"]


def _environment():
    # (here: start-up time: Jinja2 only when pages are written)
    from hockeyrules.views.templatecache import environment

    env = environment("report/templates", autoescape=True)
    env.policies["json.dumps_kwargs"] = {"sort_keys": True, "ensure_ascii": False, "separators": (",", ":")}
    env.filters["whole"] = whole
    env.filters["plural"] = noun  # the word after a count
    env.filters["games_words"] = games_words  # a length as readers read it, indefinite ones too
    return env


_HYPHENATED = re.compile(r"[^\s<>]*-[^\s<>]*")


def whole(text) -> Markup:
    """Text (escaped) whose hyphenated words do not break at the line's end: a date or an id in
    a sentence ("served in G0012 (2025-09-14)") stays whole, where a browser would break after
    its hyphens."""
    return Markup(_HYPHENATED.sub(lambda m: f'<span class="nw">{m.group(0)}</span>', str(escape(text))))


def _static(name: str) -> Markup:
    """report.css / report.js: our own files, inlined as they are."""
    return Markup(
        files("hockeyrules").joinpath("report").joinpath("templates").joinpath(name).read_text(encoding="utf-8")
    )


def _context(r: Report, **extra) -> dict:
    return dict(
        r=r,
        report=r.report,
        title=r.title,
        version=__version__,
        css=_static("report.css"),
        js=_static("report.js"),
        single=r.single,
        **extra,
    )


def _stream(template, context: dict, path: Path) -> int:
    """Render a template straight to a file, piece by piece; the file's size. The file is
    replaced whole (streams.replacing): an interrupted run leaves the previous one intact."""
    with streams.replacing(path) as fh:
        for chunk in template.generate(**context):
            fh.write(chunk)
    return path.stat().st_size


def build_report(season, policy=None, proposal=None, as_of: str | None = None, team: str | None = None) -> str:
    """The one-file report of a season (a Season, a path, or the file's data) as a string;
    `team` (an id): the report of that team alone."""
    season, policy, proposal = as_season(season), as_policy(policy, {}), as_proposal(proposal)
    r = Report(gather(season, policy, proposal, as_of, team=team), single=True)
    buf = io.StringIO()
    for chunk in (
        _environment().get_template("single.html.j2").generate(**_context(r, current=None, filters=r.filters()))
    ):
        buf.write(chunk)
    return buf.getvalue()


def write_report(
    season,
    output,
    policy=None,
    proposal=None,
    as_of: str | None = None,
    site: bool | None = None,
    progress=None,
    team: str | None = None,
) -> dict:
    """Write the report. `site`: True a folder of pages, False one file, None: one file up to
    SINGLE_FILE_LINES game-sheet lines, else a folder (an `output` ending in .html then names
    the folder without its suffix). `team` (an id): the report of that team alone. Returns
    {"kind", "path", "pages", "bytes", "largest"}."""
    season, policy, proposal = as_season(season), as_policy(policy, {}), as_proposal(proposal)
    say = progress or (lambda msg: None)
    out = Path(output)
    folder = str(output).endswith(("/", os.sep)) or out.is_dir()
    data = gather(season, policy, proposal, as_of, progress=say, team=team)
    if site is None:
        site = folder or not data.fits_one_file()
    if site and out.suffix.lower() in (".html", ".htm"):
        out = out.with_suffix("")
        say(f"the season is too large for one page: writing a site in {out}/")
    r = Report(data, single=not site)
    if not site:
        say(f"writing {out} ...")
        size = _stream(
            _environment().get_template("single.html.j2"), _context(r, current=None, filters=r.filters()), out
        )
        return {"kind": "file", "path": str(out), "pages": 1, "bytes": size, "largest": size}
    say(f"writing the site in {out}/ ...")
    sizes = write_site(r, out)
    return {
        "kind": "site",
        "path": str(out / "index.html"),
        "pages": len(sizes),
        "bytes": sum(sizes.values()),
        "largest": max(sizes.values()),
    }


# The site's search index: scripts (not JSON fetched) so that they load from file:// too. search.js
# is small: the distinct words of each league's names and ids, read to choose the parts to load;
# each league's part (search-LEAGUE.js) holds its teams' and persons' entries with their addresses.
SEARCH_FILE = "search.js"


def search_part_file(league_id: str) -> str:
    return f"search-{league_id}.js"


def write_search(r: Report, folder: Path) -> dict[str, int]:
    """The index the site's search box reads (search.js, then the parts it needs): file -> bytes."""
    import json  # (here: start-up time: only a site has a search index)

    def dumps(x) -> str:
        return json.dumps(x, ensure_ascii=True, separators=(",", ":"))

    parts = r.search_parts()
    sizes = {}
    with streams.replacing(folder / SEARCH_FILE) as fh:
        fh.write("/* hockeyrules: the site's search index: the words of each league's names and ids; the\n")
        fh.write("   script loads a league's part (its addresses) where every word typed is found */\n")
        fh.write("hockeyrulesSearch([\n")
        fh.write(",\n".join(dumps([p["name"], search_part_file(p["id"]), p["words"]]) for p in parts))
        fh.write("\n]);\n")
    sizes[SEARCH_FILE] = (folder / SEARCH_FILE).stat().st_size
    for n, p in enumerate(parts):
        name = search_part_file(p["id"])
        with streams.replacing(folder / name) as fh:
            fh.write(f"/* hockeyrules: the site's search index, {p['name']}: its teams and persons */\n")
            fh.write(f"hockeyrulesSearchPart({n}, [\n")
            fh.write(",\n".join(dumps(e) for e in p["entries"]))
            fh.write("\n]);\n")
        sizes[name] = (folder / name).stat().st_size
    return sizes


def ours(name: str) -> bool:
    """A file of a report site: a folder holding only these may be replaced whole."""
    return name.endswith(".html") or name == SEARCH_FILE or (name.startswith("search-") and name.endswith(".js"))


def write_site(r: Report, out: Path) -> dict[str, int]:
    """Every page of a site into the folder `out`: page name -> bytes. The site is written
    whole beside the old one and put in its place at the end (streams.replacing_folder):
    a failed or interrupted run leaves the previous one."""
    env = _environment()
    sizes = {}
    with streams.replacing_folder(out, ours) as at:
        sizes["index.html"] = _stream(
            env.get_template("index.html.j2"),
            _context(r, current="outstanding", filters=r.filters(), search_file=SEARCH_FILE),
            at / "index.html",
        )
        sizes.update(write_search(r, at))
        if len(r.leagues) > 1:
            tpl = env.get_template("league.html.j2")
            for lg in r.leagues:
                name = f"{lg['id']}.html"
                sizes[name] = _stream(
                    tpl, _context(r, current=None, league=lg, filters=r.filters(lg["teams"])), at / name
                )
        sizes["audit.html"] = _stream(
            env.get_template("audit.html.j2"), _context(r, current="audit", filters={}), at / "audit.html"
        )
        if r.reconciled is not None:
            sizes["reconcile.html"] = _stream(
                env.get_template("reconcile.html.j2"),
                _context(r, current="reconcile", filters={}),
                at / "reconcile.html",
            )
        if r.whatif:
            sizes["diff.html"] = _stream(
                env.get_template("diff.html.j2"), _context(r, current="diff", filters={}), at / "diff.html"
            )
        tpl = env.get_template("team.html.j2")
        for team in r.team_pages():
            name = r.team_file(team["id"])
            sizes[name] = _stream(
                tpl, _context(r, current="teams", team=team, filters=r.filters([team["id"]])), at / name
            )
    return sizes
