"""What the templates read (as `r`): the report's data (report/data.py), its addresses in one
file or a site (report/layout.py), and the rows of each page built from both, one team, one
person, the audit, the diff at a time."""

from __future__ import annotations

from hockeyrules.engine.rulebook import excerpt
from hockeyrules.report import explained, whatif
from hockeyrules.report.charts import Charts
from hockeyrules.report.data import ReportData, grouped
from hockeyrules.report.layout import Layout
from hockeyrules.views.render import games_text
from hockeyrules.views.treeview import source_name
from hockeyrules.views.wording import ordinal, penalty_words, rule_title, team_labels, violation_words, words


class Report:
    """One report laid out as one file (`single`) or a site. The data's fields read through
    (`r.as_of`, `r.leagues`, ...), as do the layout's addresses and the charts' geometry."""

    def __init__(self, data: ReportData, single: bool) -> None:
        self.data = data
        self.layout = Layout(data, single)
        self.charts = Charts(data)
        self.single = single
        self.anchors = self.layout.anchors
        self.report = self.layout.report
        self.teams_href, self.index_outstanding = self.layout.teams_href, self.layout.index_outstanding
        self.team_href, self.team_file, self.person_href = (
            self.layout.team_href,
            self.layout.team_file,
            self.layout.person_href,
        )
        self.ticks = self.charts.ticks
        self.TOP, self.H, self.BOTTOM = Charts.TOP, Charts.H, Charts.BOTTOM
        self.titles: dict[str, str] = {}  # rule id -> its title on hover (rule_title)
        self.team_labels = team_labels({t: x.name for t, x in self.data.season.teams.items()})

    def team_label(self, team: str) -> str:
        """What a reader sees for a team: its name ("name (id)" where two share it)."""
        return self.team_labels.get(team, team)

    def said(self, v: dict) -> str:
        """An audit violation as a reader reads it: with the season's names."""
        return violation_words(v, self.person_label, self.team_label)

    def person_label(self, pid: str) -> str:
        """What a reader sees for a person: the name (the id where the season has none)."""
        return self.data.words.person(pid)

    @property
    def file(self) -> str:
        """The season's file as a reader names it (season.yaml; a CSV folder's name)."""
        return source_name(self.season.source)

    def __getattr__(self, name: str):
        # only names not set above: the data's fields
        return getattr(self.data, name)

    def rule_title(self, rule: str) -> str:
        """A rule id's title on hover: who wrote it and its words (a proposal's where it rewrites
        them); a diff's "+rule", "-rule", "~rule" as the rule's."""
        rid = rule.lstrip("+-~")
        if rid not in self.titles:
            self.titles[rid] = rule_title(rid, self.texts.get(rid) or excerpt(rid), self.season.league)
        return self.titles[rid]

    # --- rows --------------------------------------------------------------------

    def suspension_row(self, s: dict) -> dict:
        anchor = self.anchors.get("s", s["person"], s["game"])
        rules = list(dict.fromkeys(c["rule"] for c in s["components"]))
        sv = self.serving_of.get((s["person"], s["game"], None))
        served = (
            "-"
            if sv is None
            else (f"{sv['served']} of {games_text(sv['games'], sv['indefinite'] and not sv['length_set'])}")
        )
        keys = [anchor] + ([f"sv-{anchor}"] if sv is not None else [])
        return {
            "anchor": anchor,
            "team": s["team"],
            "person": s["person"],
            "name": s["name"],
            "date": s["date"],
            "game": s["game"],
            "games": s["games"],
            "indefinite": s["indefinite"],
            "governing_games": s["governing_games"],
            "league_games": s["league_games"],
            "rules": rules,
            "text": " ".join([s["person"], s["name"], s["team"], s["game"]]).lower(),
            "order": self.order[s["game"]],
            "served": sv["served"] if sv else 0,
            "served_text": served,
            "xkeys": " ".join(keys),
        }

    def grouped(self, rows: list[dict]) -> list[dict]:
        """Outstanding rows, one per person where a person has several (data.grouped)."""
        return grouped(rows)

    @property
    def all_suspensions(self) -> list:
        return [self.suspension_row(s) for s in self.result["suspensions"]]

    # --- pages ---------------------------------------------------------------------

    def team_pages(self):
        """Each team's page (a generator: one team in memory at a time)."""
        teams = [(t, self.season.teams[t]) for t in self.data.teams]
        for n, (t, team) in enumerate(teams, start=1):
            if n % 50 == 0 or n == len(teams):
                self.say(f"team pages: {n} of {len(teams)}")
            yield self.team_page(t, team)

    def team_page(self, t: str, team) -> dict:
        rows = self.by_team[t]
        entries: dict = {}
        suspensions = []
        for s in rows["suspensions"]:
            suspensions.append(self.suspension_row(s))
            explained.suspension_entries(self.data, self.anchors, s, entries)
        persons = [self.person(p) for p in self.persons_of.get(t, [])]
        audit = None
        if not self.single and not self.whatif:  # a site: the team's audit and its persons' findings
            audit = self.audit_page(t)
            entries.update(audit.pop("xdata"))
            for p in self.persons_of.get(t, []):
                explained.audit_entries(self.data, entries, self.by_person[p])
        changes = None
        if not self.single and self.whatif:
            changes = self.diff(t)
            entries.update(changes.pop("xdata"))
        entries["quotes"] = explained.quotes(self.texts, entries, self.season.league)
        out = sorted(rows["outstanding"], key=lambda o: (o["order"], o["person"], o["rule"] or ""))
        return {
            "id": t,
            "name": team.name,
            "anchor": self.anchors.get("t", t),
            "counts": self.summary["teams"][t],
            "outstanding": out,
            "suspensions": suspensions,
            "persons": persons,
            "xdata": entries,
            "audit": audit,
            "changes": changes,
        }

    def person(self, pid: str) -> dict:
        person = self.season.people[pid]
        team = self.season.teams.get(person.team)
        mine = self.by_person[pid]
        lines = self.lines.get(pid, [])
        what = [pid, words(person.role), f"{person.team} {team.name if team else ''}".strip()]
        if person.affiliate:
            what.append(
                "affiliate" + (f" (registered with {person.registered_team})" if person.registered_team else "")
            )
        findings = [
            {"date": v["date"], "game": v["game"], "rule": v["rule"], "message": self.said(v), "key": f"v-{v['n']}"}
            for v in mine["violations"]
        ]
        status = None if self.whatif else sorted(mine["outstanding"], key=lambda o: (o["order"], o["rule"] or ""))
        return {
            "id": pid,
            "anchor": self.anchors.get("p", pid),
            "name": person.name,
            "role": words(person.role),
            "team": person.team,
            "team_name": team.name if team else "",
            "what": what,
            "status": status,
            "lines": [self.line_row(x) for x in lines],
            "pim": lines[-1]["pim_after"] if lines else 0,
            "misc": lines[-1]["misc_after"] if lines else 0,
            "suspensions": self.person_suspensions(pid, mine),
            "games": sum(s["games"] for s in mine["suspensions"]),
            "findings": findings,
            "pim_chart": self.charts.pim_chart(lines) if lines else None,
            "misc_chart": self.charts.misc_chart(lines) if lines else None,
        }

    def line_row(self, x: dict) -> dict:
        """A person's game-sheet line with the running totals and the marks it passes."""
        g, inc = x["game"], x["incident"]
        notes = []
        if x["marks"]:
            notes.append(
                "passes the league:10.04 mark"
                + ("s " if len(x["marks"]) > 1 else " ")
                + ", ".join(str(m) for m in x["marks"])
            )
        for k, rung in x["rungs"]:
            notes.append(f"{ordinal(k)} misconduct of any kind (league:10.05/{rung})")
        return {
            "date": g.date,
            "game": g.id,
            "teams": f"{g.home} v {g.away}" + (f" ({g.kind})" if g.kind != "regular" else ""),
            "when": self.words.short_clock(inc),
            "infraction": words(inc.infraction),
            "penalties": penalty_words(inc.penalties),
            "minutes": x["minutes"],
            "pim_after": x["pim_after"],
            "misc_after": x["misc_after"],
            "notes": "; ".join(notes),
        }

    def person_suspensions(self, pid: str, mine: dict) -> list[dict]:
        """A person's suspensions with where each was served (under a what-if: the what-if's, unserved)."""
        suspensions = []
        if not self.whatif:
            for sv in mine["serving"]:
                if sv["rule"] is None:
                    anchor = self.anchors.get("s", pid, sv["game"])
                    keys, kind = f"{anchor} sv-{anchor}", "the rules"
                else:
                    audit_n = next((a["n"] for a in mine["audit_suspensions"] if a["game"] == sv["game"]), None)
                    keys, kind = f"a-{audit_n}", "league:10.08 (the audit)"
                eligible = sv["eligible_from"]
                suspensions.append(
                    {
                        "date": sv["date"],
                        "game": sv["game"],
                        "what": kind,
                        "games": sv["games"],
                        "indefinite": sv["indefinite"] and not sv["length_set"],
                        "served_in": ", ".join(f"{g} ({self.dates[g]})" for g in sv["served_in"]) or "none yet",
                        "eligible_from": f"{eligible} ({self.dates[eligible]})" if eligible else "-",
                        "status": sv["status"],
                        "xkeys": keys,
                    }
                )
        else:
            for s in mine["suspensions"]:
                anchor = self.anchors.get("s", pid, s["game"])
                suspensions.append(
                    {
                        "date": s["date"],
                        "game": s["game"],
                        "what": f"under {self.whatif_name}",
                        "games": s["games"],
                        "indefinite": s["indefinite"],
                        "served_in": "-",
                        "eligible_from": "-",
                        "status": "-",
                        "xkeys": anchor,
                    }
                )
        return suspensions

    def audit_page(self, team: str | None = None) -> dict:
        """The audit's rows (of one team, in a site) with their explanations."""
        d = self.result
        keys = ("violations", "forfeits", "fines", "audit_suspensions")
        if team is None:
            rows = {k: [dict(x, n=n) for n, x in enumerate(d[k])] for k in keys}
            affiliates = d["affiliate_obligations"]
        else:
            rows = {k: self.by_team[team][k] for k in keys}
            affiliates = [o for o in d["affiliate_obligations"] if o["team"] == team]
        entries: dict = {}
        explained.audit_entries(self.data, entries, rows)
        forfeits: list = []
        fines: list = []
        for kind, key, out in (("f", "forfeits", forfeits), ("i", "fines", fines)):
            for f in rows[key]:
                entries[f"{kind}-{f['n']}"] = {"nodes": [explained.penalty_node(self.data, kind, f)]}
                out.append(dict(f, key=f"{kind}-{f['n']}"))
        entries["quotes"] = explained.quotes(self.texts, entries, self.season.league)
        audit_susp = []
        for s in rows["audit_suspensions"]:
            sv = self.serving_of.get((s["person"], s["game"], "league:10.08"))
            served = "-" if sv is None else f"{sv['served']}: {sv['status']}"
            audit_susp.append(dict(s, key=f"a-{s['n']}", served_text=served, served=sv["served"] if sv else 0))
        return {
            "audit_persons": audit_persons(audit_susp),
            "violations": [dict(v, key=f"v-{v['n']}") for v in rows["violations"]],
            "forfeits": forfeits,
            "fines": fines,
            "audit_suspensions": audit_susp,
            "affiliates": affiliates,
            "xdata": entries,
        }

    def diff(self, team: str | None = None) -> dict:
        return whatif.diff(self, team)

    # --- the site's search --------------------------------------------------------------

    def search_parts(self) -> list[dict]:
        """The site's search index, one part per league: {"id", "name", "entries", "words"}: each
        entry [shown, searched too, address] of a team or a person with a page, in team order;
        `words`, the distinct words of the league's names and ids (without accents or capitals),
        for the small index of every league that says which parts to load (search.js)."""
        several = len(self.leagues) > 1
        out = []
        for lg in self.leagues:
            entries, found = [], set()
            for t in lg["teams"]:
                team = self.season.teams[t]
                where = f"{t}, team" + (f", {lg['name']}" if several else "")
                entries.append([team.name, where, self.team_href(t)])
                found.update(_plain(f"{team.name} {t}").split())
                for p in self.persons_of.get(t, []):
                    person = self.season.people[p]
                    entries.append([person.name, f"{p}, {words(person.role)}, {team.name}", self.person_href(p)])
                    found.update(_plain(f"{person.name} {p}").split())
            out.append({"id": lg["id"], "name": lg["name"], "entries": entries, "words": " ".join(sorted(found))})
        return out

    # --- filters the script fills in --------------------------------------------------

    def filters(self, teams=None) -> dict:
        teams = list(self.data.teams) if teams is None else teams
        out = {"teams": [[t, f"{t} {self.season.teams[t].name}"] for t in teams]}
        if self.single:
            d = self.result
            out["persons"] = [
                [p, f"{p} {self.season.people[p].name}"] for p in sorted({s["person"] for s in d["suspensions"]})
            ]
            out["rules"] = [[r, r] for r in sorted({c["rule"] for s in d["suspensions"] for c in s["components"]})]
        return out


def audit_persons(rows: list[dict]) -> list[dict]:
    """The audit's league:10.08 suspensions one row per person (a head coach suspended for each
    game his team used an ineligible person: one row with the count, the games under it), in
    the order of each person's first."""
    by_person: dict = {}
    for s in rows:
        by_person.setdefault(s["person"], []).append(s)
    out = []
    for members in by_person.values():
        first, last = members[0], members[-1]
        out.append(
            {
                "person": first["person"],
                "name": first["name"],
                "team": first["team"],
                "key": f"ap-{first['n']}",
                "count": len(members),
                "first_date": first["date"],
                "last_date": last["date"],
                "served": sum(m["served"] for m in members),
                "members": members,
            }
        )
    return out


def _plain(text: str) -> str:
    """Text as the search compares it (report.js's plain()): no accents, no capitals."""
    # (here: start-up time: only a site's search index needs it)
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFD", str(text)) if not 0x300 <= ord(c) <= 0x36F).lower()
