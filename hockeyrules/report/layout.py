"""One file or a site: the report's addresses and tabs. In one file an address is an
#anchor of the page; in a site it is a page (and an anchor in it).
"""

from __future__ import annotations

import hashlib
import re

# Above this many rows the outstanding list moves from the index to each league's page.
INDEX_OUTSTANDING_ROWS = 3_000


class Anchors:
    """Deterministic, unique, URL- and file-name-safe ids for teams, persons and suspensions."""

    def __init__(self):
        self.ids: dict = {}
        self.used: set = set()

    def get(self, prefix: str, *key: str) -> str:
        k = (prefix,) + key
        if k in self.ids:
            return self.ids[k]
        raw = "--".join(key)
        clean = re.sub(r"[^A-Za-z0-9_-]", "", raw)[:40]
        if clean != raw or not clean:
            clean += "-" + hashlib.sha1(raw.encode("utf-8")).hexdigest()[:8]
        anchor, n = f"{prefix}-{clean}", 1
        while anchor.lower() in self.used:  # file names: case-insensitive file systems too
            n += 1
            anchor = f"{prefix}-{clean}-{n}"
        self.used.add(anchor.lower())
        self.ids[k] = anchor
        return anchor


class Layout:
    """The addresses of one report's pages, one file (`single`) or a site."""

    def __init__(self, data, single: bool) -> None:
        self.data, self.single = data, single
        self.anchors = Anchors()
        # persons first, then teams: an id shared by both keeps its anchor whatever the season's size
        for team in data.persons_of.values():
            for p in team:
                self.anchors.get("p", p)
        for t in data.season.teams:
            self.anchors.get("t", t)
        self.teams_href = "#teams" if single else "index.html#teams"
        for lg in data.leagues:
            lg["href"] = f"#{lg['id']}" if single else f"{lg['id']}.html"
        self.index_outstanding = data.outstanding if single or len(data.outstanding) <= INDEX_OUTSTANDING_ROWS else None
        self.report = {
            "title": data.title,
            "sub": data.sub,
            "tabs": [{"id": i, "href": h, "label": lab} for i, h, lab in self.tabs()],
        }

    def tabs(self) -> list[tuple[str, str, str]]:
        """(id, address, label) of each tab."""
        whatif, reconciled = self.data.whatif, self.data.reconciled is not None
        tabs = []
        if self.single:
            if whatif:
                tabs.append(("diff", "#diff", "What it changes"))
            tabs += [
                ("outstanding", "#outstanding", "Suspended now"),
                ("teams", "#teams", "Teams"),
                ("suspensions", "#suspensions", "Suspensions"),
                ("audit", "#audit", "Audit"),
            ]
            if reconciled:
                tabs.append(("reconcile", "#reconcile", "Issued against required"))
        else:
            if whatif:
                tabs.append(("diff", "diff.html", "What it changes"))
            tabs += [
                ("outstanding", "index.html", "Suspended now"),
                ("teams", "index.html#teams", "Teams"),
                ("audit", "audit.html", "Audit"),
            ]
            if reconciled:
                tabs.append(("reconcile", "reconcile.html", "Issued against required"))
        return tabs

    def team_href(self, team: str) -> str:
        anchor = self.anchors.get("t", team)
        return f"#{anchor}" if self.single else f"{anchor}.html"

    def team_file(self, team: str) -> str:
        return f"{self.anchors.get('t', team)}.html"

    def person_href(self, pid: str) -> str:
        if pid not in self.data.season.people:
            return "#"
        anchor = self.anchors.get("p", pid)
        return f"#{anchor}" if self.single else f"{self.team_file(self.data.season.people[pid].team)}#{anchor}"
