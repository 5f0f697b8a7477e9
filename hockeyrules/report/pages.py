"""The HTML report of a season: one self-contained page, or a site of small pages.

`write_report(season, output, ...)` writes it; `build_report(...)` returns the
one-page report as a string. The markup is in report/templates/*.html.j2
(Jinja2, autoescaped), the look and the script in report.css and report.js;
this module gathers what the pages show from the library's results (`audit`,
`explain_all`, `diff`, report_data.py) and streams the pages to disk.

The report opens on who is suspended as of a date (the last game's by default).
Explanations are data (`<script type="application/json" class="xdata">`, each
page carrying those of its own rows) turned into trees by the script only when
opened, so a page stays small whatever the season. Under a proposal the report
opens on what the proposal changes; serving and the audit are left out (see
NO_AUDIT). Same input, same bytes.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import io
import os
import re
from collections import defaultdict
from pathlib import Path

from markupsafe import Markup

from hockeyrules import __version__
from hockeyrules.engine.rulebook import excerpt
from hockeyrules.engine.run import as_policy, as_proposal, as_season
from hockeyrules.model.policy import Policy, assignment
from hockeyrules.office.status import default_as_of
from hockeyrules.report.data import SUMMARY_KEYS, leagues, marks_and_rungs, outstanding, running_totals, summary  # noqa: F401
from hockeyrules.views.explain import Words, audit_suspension_node, explain_all, serving_node, violation_node
from hockeyrules.views.render import games_text, other_readings
from hockeyrules.views.wording import ordinal, penalty_words, words

__all__ = ["build_report", "write_report", "running_totals", "SINGLE_FILE_LINES"]

# Up to this many game-sheet lines the report is one file; beyond, a site (a folder).
SINGLE_FILE_LINES = 6_000
# ... and up to this many audit findings (violations, the audit's suspensions) and persons suspended now.
SINGLE_FILE_AUDIT_ROWS = 500
# Above this many rows the outstanding list moves from the index to each league's page.
INDEX_OUTSTANDING_ROWS = 3_000

NO_AUDIT = (
    "The audit (serving, ineligible persons used, forfeits, fines) is left out under a proposal or another "
    "reading: the teams chose their line-ups under the current rules, so judging them against the what-if's "
    "suspensions would count games the what-if alone made ineligible as violations, and each would "
    "suspend a head coach under By-Law 10.08."
)
NO_SERVING = (
    "Who is suspended now is left out under a proposal or another reading: serving is judged on the line-ups the teams "
    "actually dressed under the current rules."
)
COUNT_KEYS = (
    ("suspensions", "Suspensions"),
    ("games", "Games"),
    ("indefinite", "Indefinite"),
    ("suspended", "Suspended now"),
    ("violations", "Violations"),
    ("forfeits", "Forfeits"),
    ("fines", "Fines"),
    ("fine_minimum", "Fines, minimum (CAD)"),
)
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def _environment():
    from hockeyrules.views.templatecache import environment

    env = environment("report/templates", autoescape=True)
    env.policies["json.dumps_kwargs"] = {"sort_keys": True, "ensure_ascii": False, "separators": (",", ":")}
    return env


def _static(name: str) -> Markup:
    """report.css / report.js: our own files, inlined as they are."""
    from importlib.resources import files

    return Markup(
        files("hockeyrules").joinpath("report").joinpath("templates").joinpath(name).read_text(encoding="utf-8")
    )


class _Anchors:
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


def _slim(node: dict) -> dict:
    """A tree as the script shows it: kind, text, rule id, season file line, children (the
    rulebook's words travel once per page, in the block's `quotes`)."""
    out = {k: node[k] for k in ("kind", "text", "rule", "line") if node.get(k) is not None}
    if node.get("children"):
        out["children"] = [_slim(c) for c in node["children"]]
    return out


def _rules_in(nodes: list, out: set) -> set:
    todo = list(nodes)
    while todo:
        n = todo.pop()
        if n.get("rule"):
            out.add(n["rule"])
        todo += n.get("children", [])
    return out


class Report:
    """What the templates read (as `r`)."""

    def __init__(
        self, season, policy, proposal=None, as_of: str | None = None, single: bool | None = True, progress=None
    ):
        from hockeyrules.views.audit import audit as run_audit

        self.season, self.policy, self.proposal = season, policy, proposal
        # A what-if: a proposal, or readings other than the defaults. Either opens on what it
        # changes against the current rules read the default way, and leaves serving out.
        self.readings_changed = policy.changed()
        self.whatif = proposal is not None or bool(self.readings_changed)
        self.whatif_name = " and ".join(
            ([f"the proposal: {proposal.name}"] if proposal is not None else [])
            + (
                [", ".join(f"reading {assignment(k, v)}" for k, v in self.readings_changed.items())]
                if self.readings_changed
                else []
            )
        )
        self.say = progress or (lambda msg: None)
        ordered = sorted(season.games, key=lambda g: g.order)
        self.order = {g.id: n for n, g in enumerate(ordered)}
        self.dates = {g.id: g.date for g in ordered}
        self.games_by_id = {g.id: g for g in ordered}
        self.first_day = _dt.date.fromisoformat(ordered[0].date) if ordered else _dt.date(2000, 1, 1)
        self.last_day = _dt.date.fromisoformat(ordered[-1].date) if ordered else self.first_day
        self.as_of = as_of or default_as_of(season)  # the one "now" of status, notices and the report
        self.words = Words(season, policy)
        self.texts = proposal.texts() if proposal is not None else {}
        self.anchors = _Anchors()
        self.no_audit, self.no_serving = NO_AUDIT, NO_SERVING
        self.count_keys = COUNT_KEYS

        self.say("explaining every suspension ...")
        _, self.trees, result = explain_all(season, policy, proposal=proposal)
        if not self.whatif:
            self.say("auditing serving and eligibility ...")
            self.data = run_audit(season, policy).to_dict()
        else:
            self.data = dict(
                result, serving=[], violations=[], forfeits=[], fines=[], audit_suspensions=[], affiliate_obligations=[]
            )
        d = self.data
        self.say("gathering the report's data ...")
        self.outstanding = outstanding(d["serving"], season, self.as_of) if not self.whatif else []
        for o in self.outstanding:
            o["order"] = self.order[o["game"]]
            o["text"] = f"{o['person']} {o['name']} {o['team']}".lower()
        self.lines = running_totals(season, proposal, proposal.apply_policy(policy) if proposal else policy)
        (self.after, self.every), self.rungs = marks_and_rungs(proposal)

        # everything grouped by team and person once (never searched per person)
        self.by_team: dict = defaultdict(lambda: defaultdict(list))
        self.by_person: dict = defaultdict(lambda: defaultdict(list))
        for key in ("suspensions", "violations", "forfeits", "fines", "serving", "audit_suspensions"):
            for n, row in enumerate(d[key]):
                row = dict(row, n=n)
                if row.get("team") is not None:
                    self.by_team[row["team"]][key].append(row)
                if row.get("person") is not None:
                    self.by_person[row["person"]][key].append(row)
        for o in self.outstanding:
            self.by_team[o["team"]]["outstanding"].append(o)
            self.by_person[o["person"]]["outstanding"].append(o)
        self.serving_of = {(s["person"], s["game"], s["rule"]): s for s in d["serving"]}
        self.used_108: dict = defaultdict(list)
        self.violations_by_game: dict = defaultdict(list)
        for v in d["violations"]:
            self.violations_by_game[(v["game"], v["team"], v["rule"])].append(v)
            if v["rule"] == "league:10.08":
                self.used_108[(v["game"], v["team"])].append(v)

        persons = set(self.lines)
        for key in ("suspensions", "serving", "violations", "audit_suspensions", "affiliate_obligations"):
            persons |= {r["person"] for r in d[key] if r.get("person") is not None}
        persons &= set(season.people)
        self.persons_of: dict = defaultdict(list)
        for p in sorted(persons, key=lambda p: (season.people[p].team, p)):
            self.persons_of[season.people[p].team].append(p)
            self.anchors.get("p", p)
        for t in season.teams:
            self.anchors.get("t", t)

        self.summary = summary(d, list(season.teams))
        suspended_now: dict = defaultdict(set)
        for o in self.outstanding:
            suspended_now[o["team"]].add(o["person"])
        for t, c in self.summary["teams"].items():
            c["suspended"] = len(suspended_now.get(t, ()))
        self.summary["league"]["suspended"] = len({o["person"] for o in self.outstanding})
        self.team_rows = [
            {"id": t, "name": team.name, "counts": self.summary["teams"][t]} for t, team in season.teams.items()
        ]
        self.counts = {
            "suspended": self.summary["league"]["suspended"],
            "serving": sum(1 for o in self.outstanding if not o["awaiting"]),
            "awaiting": sum(1 for o in self.outstanding if o["awaiting"]),
            "persons": len({s["person"] for s in d["suspensions"]}),
        }
        self.audit_suspensions = len(d["audit_suspensions"])
        self.warnings = d["warnings"]
        self.leagues = []
        for lg in leagues(season):
            rows = [r for r in self.team_rows if r["id"] in set(lg["teams"])]
            counts = {k: sum(r["counts"][k] for r in rows) for k, _ in COUNT_KEYS}
            out = [o for t in lg["teams"] for o in self.by_team[t]["outstanding"]]
            out.sort(key=lambda o: (o["order"], o["person"], o["rule"] or ""))
            self.leagues.append(
                dict(
                    lg,
                    team_rows=rows,
                    counts=counts,
                    outstanding=out,
                    suspended=len({o["person"] for o in out}),
                    awaiting=sum(1 for o in out if o["awaiting"]),
                )
            )

        title = f"{d['league']} {d['season']}: discipline report"
        pol = d["policy"]
        sub = (
            f"layers: {pol['layers']}; late game counted once: {'yes' if pol['late_game_counted_once'] else 'no'}"
            f"{other_readings(pol)}; suspended as of {self.as_of}"
        )
        if self.whatif:
            sub += f"; under {self.whatif_name}"
        self.title, self.sub = title, sub
        self.reconciled = None
        if season.issued:  # the league's own record: did it issue what the rules require?
            from hockeyrules.office.reconcile import WORDS, reconcile

            self.say("reconciling the league's issued suspensions ...")
            self.reconciled = reconcile(season, None, policy, proposal=proposal)
            self.class_words = WORDS
        if single is not None:
            self.layout(single)

    def fits_one_file(self) -> bool:
        """Small enough to open quickly as one page (its size grows with lines, audit rows and who is
        suspended; a page past a few megabytes is slow to open)."""
        d = self.data
        return (
            sum(len(g.incidents) for g in self.season.games) <= SINGLE_FILE_LINES
            and len(d["violations"]) + len(d["audit_suspensions"]) <= SINGLE_FILE_AUDIT_ROWS
            and len(self.outstanding) <= SINGLE_FILE_AUDIT_ROWS
        )

    def layout(self, single: bool) -> None:
        """One file (addresses are #anchors) or a site (addresses are pages)."""
        self.single = single
        whatif = self.whatif
        self.teams_href = "#teams" if single else "index.html#teams"
        for lg in self.leagues:
            lg["href"] = f"#{lg['id']}" if single else f"{lg['id']}.html"
        self.index_outstanding = self.outstanding if single or len(self.outstanding) <= INDEX_OUTSTANDING_ROWS else None
        tabs = []
        if single:
            if whatif:
                tabs.append(("diff", "#diff", "What it changes"))
            tabs += [
                ("outstanding", "#outstanding", "Suspended now"),
                ("teams", "#teams", "Teams"),
                ("suspensions", "#suspensions", "Suspensions"),
                ("audit", "#audit", "Audit"),
            ]
            if self.reconciled is not None:
                tabs.append(("reconcile", "#reconcile", "Issued against required"))
        else:
            if whatif:
                tabs.append(("diff", "diff.html", "What it changes"))
            tabs += [
                ("outstanding", "index.html", "Suspended now"),
                ("teams", "index.html#teams", "Teams"),
                ("audit", "audit.html", "Audit"),
            ]
            if self.reconciled is not None:
                tabs.append(("reconcile", "reconcile.html", "Issued against required"))
        self.report = {
            "title": self.title,
            "sub": self.sub,
            "tabs": [{"id": i, "href": h, "label": lab} for i, h, lab in tabs],
        }

    # --- addresses -------------------------------------------------------------

    def team_href(self, team: str) -> str:
        anchor = self.anchors.get("t", team)
        return f"#{anchor}" if self.single else f"{anchor}.html"

    def team_file(self, team: str) -> str:
        return f"{self.anchors.get('t', team)}.html"

    def person_href(self, pid: str) -> str:
        if pid not in self.season.people:
            return "#"
        anchor = self.anchors.get("p", pid)
        return f"#{anchor}" if self.single else f"{self.team_file(self.season.people[pid].team)}#{anchor}"

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

    @property
    def all_suspensions(self) -> list:
        return [self.suspension_row(s) for s in self.data["suspensions"]]

    def _quotes(self, entries: dict) -> dict:
        rules: set = set()
        for x in entries.values():
            _rules_in(x["nodes"], rules)
        quotes = {r: self.texts.get(r) or excerpt(r) for r in sorted(rules)}
        for x in entries.values():
            x["nodes"] = [_slim(n) for n in x["nodes"]]
        return {r: q for r, q in quotes.items() if q}

    def suspension_entries(self, s: dict, out: dict) -> None:
        anchor = self.anchors.get("s", s["person"], s["game"])
        tree = self.trees.get((s["person"], s["game"]))
        if tree is not None:
            out[anchor] = {"nodes": [tree.to_dict()]}
        sv = self.serving_of.get((s["person"], s["game"], None))
        if sv is not None:
            out[f"sv-{anchor}"] = {"title": "Serving", "nodes": [serving_node(self.words, sv).to_dict()]}

    def audit_entries(self, out: dict, rows: dict) -> None:
        """Explanations of the audit's rows (`rows`: key -> rows with their index n)."""
        for v in rows.get("violations", []):
            out[f"v-{v['n']}"] = {"nodes": [self._violation(v).to_dict()]}
        for s in rows.get("audit_suspensions", []):
            team = s["components"][0]["team_event"]
            nodes = [audit_suspension_node(self.words, s, self.used_108.get((s["game"], team), []))]
            sv = self.serving_of.get((s["person"], s["game"], "league:10.08"))
            if sv is not None:
                nodes.append(serving_node(self.words, sv))
            out[f"a-{s['n']}"] = {"nodes": [n.to_dict() for n in nodes]}

    def _violation(self, v: dict):
        return violation_node(self.words, v)

    # --- pages ---------------------------------------------------------------------

    def team_pages(self):
        """Each team's page (a generator: one team in memory at a time)."""
        teams = list(self.season.teams.items())
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
            self.suspension_entries(s, entries)
        persons = [self.person(p) for p in self.persons_of.get(t, [])]
        audit = None
        if not self.single and not self.whatif:  # a site: the team's audit and its persons' findings
            audit = self.audit_page(t)
            entries.update(audit.pop("xdata"))
            for p in self.persons_of.get(t, []):
                self.audit_entries(entries, self.by_person[p])
        changes = None
        if not self.single and self.whatif:
            changes = self.diff(t)
            entries.update(changes.pop("xdata"))
        entries.pop("quotes", None)
        entries["quotes"] = self._quotes(entries)
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
        rows = []
        for x in lines:
            g, inc = x["game"], x["incident"]
            notes = []
            if x["marks"]:
                notes.append(
                    "passes the league:10.04 mark"
                    + ("s " if len(x["marks"]) > 1 else " ")
                    + ", ".join(str(m) for m in x["marks"])
                )
            for k, rung in x["rungs"]:
                notes.append(f"{ordinal(k)} misconduct-class penalty (league:10.05/{rung})")
            rows.append(
                {
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
            )
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
                        "what": f"the rules (under {self.whatif_name})",
                        "games": s["games"],
                        "indefinite": s["indefinite"],
                        "served_in": "-",
                        "eligible_from": "-",
                        "status": "-",
                        "xkeys": anchor,
                    }
                )
        findings = [
            {"date": v["date"], "game": v["game"], "rule": v["rule"], "message": v["message"], "key": f"v-{v['n']}"}
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
            "lines": rows,
            "pim": lines[-1]["pim_after"] if lines else 0,
            "misc": lines[-1]["misc_after"] if lines else 0,
            "suspensions": suspensions,
            "games": sum(s["games"] for s in mine["suspensions"]),
            "findings": findings,
            "pim_chart": self.pim_chart(lines) if lines else None,
            "misc_chart": self.misc_chart(lines) if lines else None,
        }

    def audit_page(self, team: str | None = None) -> dict:
        """The audit's rows (of one team, in a site) with their explanations."""
        d = self.data
        if team is None:
            rows = {
                k: [dict(x, n=n) for n, x in enumerate(d[k])]
                for k in ("violations", "forfeits", "fines", "audit_suspensions")
            }
            affiliates = d["affiliate_obligations"]
        else:
            rows = {k: self.by_team[team][k] for k in ("violations", "forfeits", "fines", "audit_suspensions")}
            affiliates = [o for o in d["affiliate_obligations"] if o["team"] == team]
        entries: dict = {}
        self.audit_entries(entries, rows)
        forfeits: list = []
        fines: list = []
        viol_by_game = self.violations_by_game
        for kind, key, out in (("f", "forfeits", forfeits), ("i", "fines", fines)):
            for f in rows[key]:
                n = f["n"]
                g = self.games_by_id[f["game"]]
                if kind == "f":
                    text = (
                        f"{f['team']} forfeits {f['game']} ({f['date']}): it used {', '.join(f['persons'])} "
                        f"while ineligible"
                    )
                else:
                    text = (
                        f"{f['team']} is fined at least ${f['minimum']} {f['currency']} for {f['game']} "
                        f"({f['date']}): one fine per team and game that used an ineligible person"
                    )
                node = {
                    "kind": "forfeit" if kind == "f" else "fine",
                    "text": text,
                    "rule": f["rule"],
                    "where": g.where,
                    "line": g.line,
                    "children": [
                        {"kind": "violation", "text": v["message"], "rule": v["rule"]}
                        for v in viol_by_game.get((f["game"], f["team"], f["rule"]), [])
                    ],
                }
                entries[f"{kind}-{n}"] = {"nodes": [node]}
                out.append(dict(f, key=f"{kind}-{n}"))
        entries["quotes"] = self._quotes(entries)
        audit_susp = []
        for s in rows["audit_suspensions"]:
            sv = self.serving_of.get((s["person"], s["game"], "league:10.08"))
            served = "-" if sv is None else f"{sv['served']}: {sv['status']}"
            audit_susp.append(dict(s, key=f"a-{s['n']}", served_text=served))
        return {
            "violations": [dict(v, key=f"v-{v['n']}") for v in rows["violations"]],
            "forfeits": forfeits,
            "fines": fines,
            "audit_suspensions": audit_susp,
            "affiliates": affiliates,
            "xdata": entries,
        }

    def _compared(self) -> tuple[dict, dict]:
        """The diff against the current rules and the current rules' trees of the changed
        suspensions (computed once per report)."""
        if getattr(self, "_compare", None) is None:
            from hockeyrules.committee.diff import diff as run_diff

            self.say("comparing with the current rules ...")
            # the current rules, read the default way where the what-if changes a reading
            base = Policy() if self.readings_changed else self.policy
            d = run_diff(self.season, self.proposal, None, base, after_policy=self.policy)
            changed = {(c["person"], c["game"]) for c in d["changes"]}
            _, before, _ = explain_all(self.season, base) if changed else (None, {}, None)
            self._compare = (d, {k: t for k, t in before.items() if k in changed})
        return self._compare

    def diff(self, team: str | None = None) -> dict:
        """The proposal against the current rules: headline, rows that change games, rows that do not,
        each with its explanation under both rule sets. In a site the rows are on each team's page
        (`team`); the diff page keeps the headline and the totals."""
        d, before = self._compared()
        entries: dict = {}
        moving: list = []
        same: list = []
        listed = self.single or team is not None
        for c in d["changes"] if listed else []:
            if team is not None and c["team"] != team:
                continue
            anchor = self.anchors.get("s", c["person"], c["game"])
            key = (c["person"], c["game"])
            row = dict(
                c,
                key_before=f"d0-{anchor}",
                key_after=f"d1-{anchor}",
                why=[f"+{r}" for r in c["rules_added"]]
                + [f"-{r}" for r in c["rules_removed"]]
                + [f"~{r}" for r in c["rules_changed"]],
            )
            if key in before:
                entries[f"d0-{anchor}"] = {"title": "Under the current rules", "nodes": [before[key].to_dict()]}
            if key in self.trees:
                entries[f"d1-{anchor}"] = {
                    "title": f"Under {self.whatif_name}",
                    "nodes": [self.trees[key].to_dict()],
                }
            (moving if c["games_change"] else same).append(row)
        entries["quotes"] = self._quotes(entries)

        def cell(t):
            return f"{t['suspensions']} / {t['games']} / {t['indefinite']}"

        per_team: dict = defaultdict(lambda: [0, 0])
        for c in d["changes"]:
            per_team[c["team"]][0 if c["games_change"] else 1] += 1
        totals = [
            {
                "team": t,
                "href": self.team_href(t) if t in self.season.teams else None,
                "before": cell(v["before"]),
                "after": cell(v["after"]),
                "moving": per_team[t][0],
                "same": per_team[t][1],
            }
            for t, v in d["totals"]["teams"].items()
            if team is None or t == team
        ]
        lg = d["totals"]["league"]
        if team is None:
            totals.append(
                {
                    "team": "League",
                    "href": None,
                    "before": cell(lg["before"]),
                    "after": cell(lg["after"]),
                    "moving": sum(v[0] for v in per_team.values()),
                    "same": sum(v[1] for v in per_team.values()),
                }
            )
        return {
            "name": self.proposal.name if self.proposal is not None else self.whatif_name,
            "description": self.proposal.description if self.proposal is not None else "",
            "headline": d["headline"],
            "listed": listed,
            "moving": moving,
            "same": same,
            "totals": totals,
            "xdata": entries,
        }

    # --- charts (geometry here, markup in macros.html.j2) ------------------------------------

    W, H, LEFT, RIGHT, TOP, BOTTOM = 640, 170, 40, 84, 12, 26

    def x_of(self, date: str) -> float:
        span = max(1, (self.last_day - self.first_day).days)
        days = (_dt.date.fromisoformat(date) - self.first_day).days
        return round(self.LEFT + (self.W - self.LEFT - self.RIGHT) * days / span, 1)

    def ticks(self) -> list:
        out: list = []
        day = self.first_day.replace(day=1)
        while day <= self.last_day:
            if day >= self.first_day:
                label = MONTHS[day.month - 1] + (f" {day.year}" if day.month == 1 or not out else "")
                out.append({"x": self.x_of(day.isoformat()), "label": label})
            day = (day.replace(day=28) + _dt.timedelta(days=4)).replace(day=1)
        return out

    def chart(self, caption: str, lines: list, value: str, top: int, marks: list) -> dict:
        """A step line of a running total (one step per game) against horizontal marks [(y, label)]."""
        W, H, L, R, T, B = self.W, self.H, self.LEFT, self.RIGHT, self.TOP, self.BOTTOM

        def y(v: float) -> float:
            return round(H - B - (H - B - T) * v / top, 1)

        before, after = value + "_before", value + "_after"
        steps: list = []
        for x in lines:
            if x[after] == x[before]:
                continue
            if steps and steps[-1][0] is x["game"]:
                steps[-1][2] = x[after]
                steps[-1][3].append(x)
            else:
                steps.append([x["game"], x[before], x[after], [x]])
        total = lines[-1][after] if lines else 0
        path = [f"M{self.x_of(self.first_day.isoformat())} {y(0)}"]
        path += [f"H{self.x_of(g.date)}V{y(a)}" for g, _, a, _ in steps]
        path.append(f"H{W - R}")
        dots = []
        for g, b, a, xs in steps:
            what = "; ".join(f"line {x['incident'].number} {words(x['incident'].infraction)}" for x in xs)
            dots.append({"x": self.x_of(g.date), "y": y(a), "title": f"{g.id} {g.date}: {b} to {a} ({what})"})
        return {
            "w": W,
            "h": H,
            "plot": {"x": L, "y": T, "w": W - L - R, "h": H - T - B},
            "y0": y(0),
            "top": top,
            "ticks": self.ticks(),
            "marks": [
                {
                    "y": y(v),
                    "label": label,
                    "state": "passed" if total > v or (value == "misc" and total >= v) else "open",
                }
                for v, label in marks
            ],
            "path": "".join(path),
            "dots": dots,
            "caption": caption,
            "label": "penalty minutes over the season"
            if value == "pim"
            else "misconduct-class penalties over the season",
        }

    def pim_chart(self, lines: list) -> dict:
        total = lines[-1]["pim_after"]
        top = self.after
        while top < total:
            top += self.every
        top += self.every
        marks = [(m, f"{m} (10.04)") for m in range(self.after, top + 1, self.every)]
        repealed = self.proposal is not None and "league:10.04" in self.proposal.repeal
        caption = (
            f"Penalty minutes in the season: {total}. League:10.04 marks at {self.after}, "
            f"then every {self.every}: a game each time the total passes one"
            + (" (repealed by the proposal)" if repealed else "")
            + "."
        )
        return self.chart(caption, lines, "pim", top, marks)

    def misc_chart(self, lines: list) -> dict:
        total = lines[-1]["misc_after"]
        top = max([total] + self.rungs) + 1
        marks = [(r, f"{ordinal(r)} (10.05/{r})") for r in self.rungs]
        caption = (
            f"Misconduct-class penalties in the season (misconduct, game misconduct, gross misconduct, "
            f"match): {total}. League:10.05 rungs at the " + ", ".join(ordinal(r) for r in self.rungs) + "."
        )
        return self.chart(caption, lines, "misc", top, marks)

    # --- filters the script fills in --------------------------------------------------

    def filters(self, teams=None) -> dict:
        teams = list(self.season.teams) if teams is None else teams
        out = {"teams": [[t, f"{t} {self.season.teams[t].name}"] for t in teams]}
        if self.single:
            d = self.data
            out["persons"] = [
                [p, f"{p} {self.season.people[p].name}"] for p in sorted({s["person"] for s in d["suspensions"]})
            ]
            out["rules"] = [[r, r] for r in sorted({c["rule"] for s in d["suspensions"] for c in s["components"]})]
        return out


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
    from hockeyrules.read import streams

    with streams.replacing(path) as fh:
        for chunk in template.generate(**context):
            fh.write(chunk)
    return path.stat().st_size


def lines_of(season) -> int:
    return sum(len(g.incidents) for g in season.games)


def build_report(season, policy=None, proposal=None, as_of: str | None = None) -> str:
    """The one-file report of a season (a Season, a path, or the file's data) as a string."""
    season, policy, proposal = as_season(season), as_policy(policy, {}), as_proposal(proposal)
    r = Report(season, policy, proposal, as_of, single=True)
    buf = io.StringIO()
    for chunk in (
        _environment().get_template("single.html.j2").generate(**_context(r, current=None, filters=r.filters()))
    ):
        buf.write(chunk)
    return buf.getvalue()


def write_report(
    season, output, policy=None, proposal=None, as_of: str | None = None, site: bool | None = None, progress=None
) -> dict:
    """Write the report. `site`: True a folder of pages, False one file, None: one file up to
    SINGLE_FILE_LINES game-sheet lines, else a folder (an `output` ending in .html then names
    the folder without its suffix). Returns {"kind", "path", "pages", "bytes", "largest"}."""
    season, policy, proposal = as_season(season), as_policy(policy, {}), as_proposal(proposal)
    say = progress or (lambda msg: None)
    out = Path(output)
    folder = str(output).endswith(("/", os.sep)) or out.is_dir()
    env = _environment()
    r = Report(season, policy, proposal, as_of, single=None, progress=say)
    if site is None:
        site = folder or not r.fits_one_file()
    if site and out.suffix.lower() in (".html", ".htm"):
        out = out.with_suffix("")
        say(f"the season is too large for one page: writing a site in {out}/")
    r.layout(not site)
    if not site:
        say(f"writing {out} ...")
        size = _stream(env.get_template("single.html.j2"), _context(r, current=None, filters=r.filters()), out)
        return {"kind": "file", "path": str(out), "pages": 1, "bytes": size, "largest": size}
    out.mkdir(parents=True, exist_ok=True)
    sizes = {}
    say(f"writing the site in {out}/ ...")
    sizes["index.html"] = _stream(
        env.get_template("index.html.j2"), _context(r, current="outstanding", filters=r.filters()), out / "index.html"
    )
    if len(r.leagues) > 1:
        tpl = env.get_template("league.html.j2")
        for lg in r.leagues:
            name = f"{lg['id']}.html"
            sizes[name] = _stream(tpl, _context(r, current=None, league=lg, filters=r.filters(lg["teams"])), out / name)
    sizes["audit.html"] = _stream(
        env.get_template("audit.html.j2"), _context(r, current="audit", filters={}), out / "audit.html"
    )
    if r.reconciled is not None:
        sizes["reconcile.html"] = _stream(
            env.get_template("reconcile.html.j2"), _context(r, current="reconcile", filters={}), out / "reconcile.html"
        )
    if r.whatif:
        sizes["diff.html"] = _stream(
            env.get_template("diff.html.j2"), _context(r, current="diff", filters={}), out / "diff.html"
        )
    tpl = env.get_template("team.html.j2")
    for team in r.team_pages():
        name = r.team_file(team["id"])
        sizes[name] = _stream(tpl, _context(r, current="teams", team=team, filters=r.filters([team["id"]])), out / name)
    return {
        "kind": "site",
        "path": str(out / "index.html"),
        "pages": len(sizes),
        "bytes": sum(sizes.values()),
        "largest": max(sizes.values()),
    }
