"""One self-contained HTML report of a season: summary, suspensions with their
explanations, a page per person, the audit, and a proposal's diff.

`build_report(season, policy=None, proposal=None)` returns the whole page as a
string. Everything it shows comes from the library's own results (`audit`,
`explain_all`, `explain_audit`, `diff`); the only thing computed here is the
display of each person's running totals (penalty minutes and misconduct-class
penalties in season order), drawn against the By-Law 10.04 marks and the 10.05
rungs of the catalog.

The page needs nothing from the network: its CSS and script are inline. All
text from the season, the proposal and the explanations goes through
`html.escape`; the data the script reads is JSON in a
`<script type="application/json">` block with `<`, `>` and `&` written as
`\\u003c`, `\\u003e`, `\\u0026`, so no value can close the tag. Same input, same
bytes: nothing depends on the clock, the machine or dictionary order.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import html
import json
import re
from collections import defaultdict

from . import __version__
from .audit import audit as run_audit
from .catalog import catalog
from .diff import diff as run_diff
from .engine import as_policy, as_proposal, as_season
from .explain import Node, explain_all, explain_audit, ordinal
from .render import _other_readings, games_text
from .rulebook import excerpt

MISCONDUCT_CLASS = ("misconduct", "game_misconduct", "gross_misconduct", "match")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
__all__ = ["build_report"]

SUMMARY_KEYS = ("suspensions", "games", "indefinite", "violations", "forfeits", "fines", "fine_minimum")


def _games(n: int, indefinite: bool) -> str:
    if indefinite:
        return f"an indefinite suspension (minimum {n})"
    return f"{n} game" if n == 1 else f"{n} games"


def e(value) -> str:
    """Text as HTML text or attribute value: never markup."""
    return html.escape("" if value is None else str(value), quote=True)


def build_report(season, policy=None, proposal=None) -> str:
    """The report of a season (a Season, a path, or the file's data) as one HTML page."""
    season = as_season(season)
    policy = as_policy(policy, {})
    proposal = as_proposal(proposal)
    done = run_audit(season, policy, proposal=proposal)
    data = done.to_dict()
    _, trees, _ = explain_all(season, policy, proposal=proposal)
    return _Report(season, policy, proposal, done, data, trees).html()


# --- numbers -------------------------------------------------------------------


def summary(data: dict, teams) -> dict:
    """Per team and for the league, the numbers of the audit's result@1 (the report's summary)."""

    def count(suspensions, violations, forfeits, fines) -> dict:
        return {"suspensions": len(suspensions), "games": sum(s["games"] for s in suspensions),
                "indefinite": sum(1 for s in suspensions if s["indefinite"]),
                "violations": len(violations), "forfeits": len(forfeits), "fines": len(fines),
                "fine_minimum": sum(f["minimum"] for f in fines)}

    def of(rows, team):
        return [r for r in rows if r["team"] == team]

    keys = ("suspensions", "violations", "forfeits", "fines")
    return {"league": count(*(data[k] for k in keys)),
            "teams": {t: count(*(of(data[k], t) for k in keys)) for t in teams}}


def _line_key(season, position: int, inc) -> tuple:
    """Season order of a line, as asp/definitions.lp's key/3: game, period, time elapsed, sheet order."""
    if inc.period == "pre":
        rank = 0
    elif inc.period == "post":
        rank = 1000
    else:
        rank = season.overtime_number(inc.period)
    if inc.seconds is None:
        elapsed = 0
    elif inc.clock == "elapsed":
        elapsed = inc.seconds
    else:
        elapsed = season.settings.period_minutes * 60 - inc.seconds
    return (position, rank, elapsed, inc.number)


def marks_and_rungs(proposal=None) -> tuple[tuple[int, int], list[int]]:
    """(after, every) of league:10.04 and the rungs of league:10.05, a proposal's where it changes them."""
    book = catalog()
    after, every = book.thresholds["league:10.04"]
    rungs = sorted(book.ladders["league:10.05"])
    if proposal is not None:
        after, every = proposal.thresholds.get("league:10.04", (after, every))
        if "league:10.05" in proposal.ladders:
            rungs = sorted(proposal.ladders["league:10.05"])
    return (after, every), rungs


def running_totals(season, proposal=None) -> dict:
    """Person -> their lines in season order with penalty minutes and misconduct-class
    penalties, each with the running totals before and after it (for display)."""
    (after, every), rungs = marks_and_rungs(proposal)

    def marks(total: int) -> int:
        return 0 if total <= after else (total - after - 1) // every + 1

    lines = []
    for position, g in enumerate(sorted(season.games, key=lambda g: g.order), start=1):
        for inc in g.incidents:
            if inc.person is not None:  # a team line yields nothing personal
                lines.append((_line_key(season, position, inc), g, inc))
    lines.sort(key=lambda x: x[0])
    out: dict = defaultdict(list)
    totals: dict = defaultdict(lambda: [0, 0])
    for _, g, inc in lines:
        minutes = season.minutes(inc)
        misc = sum(1 for p in inc.penalties if p in MISCONDUCT_CLASS)
        t = totals[inc.person]
        pb, mb = t
        t[0], t[1] = pb + minutes, mb + misc
        reached = []
        for n in range(mb + 1, t[1] + 1):
            rung = n if n in rungs else (rungs[-1] if rungs and n > rungs[-1] else None)
            if rung is not None:
                reached.append((n, rung))
        out[inc.person].append({
            "game": g, "incident": inc, "minutes": minutes, "misconducts": misc,
            "pim_before": pb, "pim_after": t[0], "misc_before": mb, "misc_after": t[1],
            "marks": [after + k * every for k in range(marks(pb), marks(t[0]))], "rungs": reached,
        })
    return dict(out)


# --- the audit's explanations, reused -------------------------------------------------


# --- HTML ------------------------------------------------------------------------


class _Anchors:
    """Deterministic, unique, URL-safe ids for persons and suspensions whatever their text."""

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
        while anchor in self.used:
            n += 1
            anchor = f"{prefix}-{clean}-{n}"
        self.used.add(anchor)
        self.ids[k] = anchor
        return anchor


def _json_script(obj, ident: str) -> str:
    text = json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    for ch, esc in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e"),
                    ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(ch, esc)
    return f'<script type="application/json" id="{ident}">{text}</script>'


def _location(node: dict) -> str:
    if not node.get("where"):
        return ""
    line = f", line {node['line']}" if node.get("line") else ""
    return f' <span class="loc">[{e(node["where"])}{line}]</span>'


def tree_html(nodes: list, proposal_texts: dict | None = None, shown: set | None = None,
              quotes: bool = True) -> str:
    """Explanation trees (Node.to_dict()) as nested lists. With `quotes`, every rule id comes with
    its rulebook words once (`shown`: the ids already quoted nearby); without, the page quotes them."""
    shown = set() if shown is None else shown
    texts = proposal_texts or {}

    def walk(node: dict) -> str:
        rule = node.get("rule")
        kids = node.get("children", [])
        out = [f'<li data-k="{e(node["kind"])}">', e(" ".join(str(node["text"]).split()))]
        if rule and rule not in str(node["text"]):
            out.append(f' <code class="rule">{e(rule)}</code>')
        out.append(_location(node))
        if node["kind"] == "rulebook":
            shown.add(rule)
        elif quotes and rule and rule not in shown and not any(
                c.get("kind") == "rulebook" and c.get("rule") == rule for c in kids):
            quote = node.get("rulebook") or texts.get(rule) or excerpt(rule)
            if quote:
                shown.add(rule)
                out.append(f'<blockquote><code>{e(rule)}</code> {e(quote)}</blockquote>')
        if kids:
            out.append('<ul>' + "".join(walk(c) for c in kids) + '</ul>')
        out.append('</li>')
        return "".join(out)

    return '<ul class="tree">' + "".join(walk(n) for n in nodes) + '</ul>'


def rules_in(nodes: list) -> set:
    """Every rule id of some trees (Node.to_dict())."""
    out, todo = set(), list(nodes)
    while todo:
        n = todo.pop()
        if n.get("rule"):
            out.add(n["rule"])
        todo += n.get("children", [])
    return out


def _ref(summary: str, row: str, where: str) -> str:
    """An explanation shown in another page's row (`row`, its detail `row-x`), copied in by the
    script when opened or printed; without the script, a link to it. `summary` is HTML."""
    return (f'<details class="ref" data-ref="{row}-x"><summary>{summary}</summary>'
            f'<p class="fallback"><a href="#{row}">{e(where)}</a></p></details>')


def _select(label: str, key: str, options: str) -> str:
    """A filter whose options the script adds from the data block."""
    return (f'<label>{label} <select data-f="{key}" data-options="{options}"><option value="">all</option>'
            '</select></label>')


def _attrs(**values) -> str:
    return "".join(f' {k.rstrip("_").replace("_", "-")}="{e(v)}"' for k, v in values.items() if v is not None)


class _Report:
    def __init__(self, season, policy, proposal, done, data, trees):
        self.season, self.policy, self.proposal = season, policy, proposal
        self.data, self.trees = data, trees
        self.games = {g.id: g for g in season.games}
        ordered = sorted(season.games, key=lambda g: g.order)
        self.order = {g.id: n for n, g in enumerate(ordered)}
        self.first_day = _dt.date.fromisoformat(ordered[0].date) if ordered else _dt.date(2000, 1, 1)
        self.last_day = _dt.date.fromisoformat(ordered[-1].date) if ordered else self.first_day
        self.anchors = _Anchors()
        self.texts = proposal.texts() if proposal is not None else {}
        self.lines = running_totals(season, proposal)
        (self.after, self.every), self.rungs = marks_and_rungs(proposal)
        self.summary = summary(data, list(season.teams))
        persons = set(self.lines)
        for key in ("suspensions", "serving", "violations", "audit_suspensions", "affiliate_obligations"):
            persons |= {r["person"] for r in data[key] if r.get("person") is not None}
        persons &= set(season.people)
        self.persons = sorted(persons, key=lambda p: (season.people[p].team, p))
        self.paged = set(self.persons)
        for p in self.persons:
            self.anchors.get("p", p)
        # explain_audit's nodes for each person, in the order of the audit's lists
        self.audit_nodes: dict = {}
        for p in self.persons:
            nodes = explain_audit(season, p, None, policy, proposal=proposal, audited=done)
            by_kind = defaultdict(list)
            for n in nodes:
                by_kind[n.kind].append(n)
            self.audit_nodes[p] = by_kind
        self.serving_node = {}
        self.violation_node = {}
        self.audit_susp_node = {}
        for key, kind, target in (("serving", "serving", self.serving_node),
                                  ("violations", "violation", self.violation_node),
                                  ("audit_suspensions", "audit-suspension", self.audit_susp_node)):
            seen = defaultdict(int)
            for n, row in enumerate(data[key]):
                p = row.get("person")
                nodes = self.audit_nodes.get(p, {}).get(kind, []) if p is not None else []
                if seen[p] < len(nodes):
                    target[n] = nodes[seen[p]]
                seen[p] += 1
        self.serving_of = {(s["person"], s["game"], s["rule"]): n for n, s in enumerate(data["serving"])}
        self.tree_cache: dict = {}
        self.audit_rules: set = set()

    # --- pieces --------------------------------------------------------------

    def person_link(self, pid) -> str:
        if pid is None:
            return "-"
        if pid not in self.paged:
            return e(pid)
        return f'<a href="#{self.anchors.get("p", pid)}">{e(pid)}</a>'

    def game_text(self, gid: str) -> str:
        g = self.games.get(gid)
        if g is None:
            return e(gid)
        return f'{e(g.id)} <span class="sub">{e(g.date)}, {e(g.home)} v {e(g.away)}</span>'

    def trees_of(self, nodes: list, shown: set | None = None) -> str:
        return tree_html([n.to_dict() for n in nodes], self.texts, shown)

    def audit_trees(self, nodes: list) -> str:
        """The audit page's trees: its rules are quoted once, at the top of the page."""
        dicts = [n.to_dict() for n in nodes]
        self.audit_rules |= rules_in(dicts)
        return tree_html(dicts, self.texts, quotes=False)

    def suspension_explanation(self, s: dict) -> str:
        key = (s["person"], s["game"])
        if key in self.tree_cache:
            return self.tree_cache[key]
        parts: list = []
        shown: set = set()
        tree = self.trees.get(key)
        if tree is not None:
            parts.append(self.trees_of([tree], shown))
        n = self.serving_of.get((s["person"], s["game"], None))
        if n is not None and n in self.serving_node:
            parts.append('<h4>Serving</h4>' + self.trees_of([self.serving_node[n]], shown))
        self.tree_cache[key] = "".join(parts)
        return self.tree_cache[key]

    def served_cell(self, s: dict | None) -> str:
        if s is None:
            return "-"
        length = games_text(s["games"], s["indefinite"] and not s["length_set"])
        return f'{s["served"]} of {e(length)} <span class="sub">{e(s["status"])}</span>'

    def expander(self, body: str, detail_id: str, cols: int) -> str:
        return (f'<tr class="detail" id="{detail_id}" hidden><td colspan="{cols}">{body}</td></tr>')

    @staticmethod
    def button(detail_id: str) -> str:
        return (f'<button type="button" class="x" aria-expanded="false" aria-controls="{detail_id}" '
                f'title="explanation">&#9656;</button>')

    # --- pages ---------------------------------------------------------------

    def html(self) -> str:
        d = self.data
        title = f"{d['league']} {d['season']}: discipline report"
        policy = d["policy"]
        sub = (f"layers: {policy['layers']}; late game counted once: "
               f"{'yes' if policy['late_game_counted_once'] else 'no'}{_other_readings(policy)}")
        if self.proposal is not None:
            sub += f"; under the proposal: {self.proposal.name}"
        nav = [("summary", "Summary"), ("suspensions", "Suspensions"), ("persons", "Persons"), ("audit", "Audit")]
        if self.proposal is not None:
            nav.append(("diff", "Proposal diff"))
        pages = [self.summary_page(), self.suspensions_page(), self.persons_page(), self.audit_page()]
        if self.proposal is not None:
            pages.append(self.diff_page())
        pages += [self.person_page(p) for p in self.persons]
        payload = {
            "format": "hockeyrules/report-data@1", "league": d["league"], "season": d["season"],
            "policy": policy, "proposal": self.proposal.name if self.proposal is not None else None,
            "summary": self.summary,
            "filters": {
                "teams": [[t, f"{t} {team.name}"] for t, team in self.season.teams.items()],
                "persons": [[p, f"{p} {self.season.people[p].name}"]
                            for p in sorted({s["person"] for s in d["suspensions"]})],
                "rules": [[r, r] for r in sorted({c["rule"] for s in d["suspensions"] for c in s["components"]})],
            },
        }
        return "".join([
            '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n',
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
            f'<meta name="generator" content="hockeyrules {e(__version__)}">\n',
            f'<title>{e(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n{self.ticks()}\n',
            f'<header><h1>{e(title)}</h1><p class="sub">{e(sub)}</p>\n<nav aria-label="report">',
            "".join(f'<a href="#{k}">{e(v)}</a>' for k, v in nav), '</nav></header>\n<main>\n',
            "\n".join(pages), '\n</main>\n', _json_script(payload, "report-data"), '\n',
            f'<script>{SCRIPT}</script>\n</body>\n</html>\n',
        ])

    def summary_page(self) -> str:
        d, sm = self.data, self.summary
        heads = ["Team", "Name", "Suspensions", "Games", "Indefinite", "Violations", "Forfeits", "Fines",
                 "Fines, minimum (CAD)"]

        def cells(numbers: dict) -> str:
            return "".join(f'<td class="num" data-key="{k}">{numbers[k]}</td>' for k in SUMMARY_KEYS)

        rows = []
        for t, team in self.season.teams.items():
            rows.append(f'<tr data-scope="team" data-team="{e(t)}"><td><a href="#suspensions" '
                        f'data-set-team="{e(t)}">{e(t)}</a></td><td>{e(team.name)}</td>{cells(sm["teams"][t])}</tr>')
        lg = sm["league"]
        out = ['<section class="page" id="summary"><h2>Summary</h2>',
               f'<p class="lead"><b>{lg["suspensions"]}</b> suspensions of '
               f'{len({s["person"] for s in d["suspensions"]})} persons, <b>{lg["games"]}</b> games '
               f'(indefinite ones at their minimum), <b>{lg["indefinite"]}</b> indefinite; '
               f'<b>{lg["violations"]}</b> violations, <b>{lg["forfeits"]}</b> forfeits, '
               f'<b>{lg["fines"]}</b> fines.</p>',
               '<table class="summary"><thead><tr>' + "".join(f"<th>{h}</th>" for h in heads) +
               '</tr></thead><tbody>' + "".join(rows) + '</tbody>',
               f'<tfoot><tr data-scope="league"><th>League</th><th></th>{cells(lg)}</tr></tfoot></table>',
               '<p class="note">Games: the sum of the suspensions\' lengths, an indefinite one at its minimum. '
               'Violations, forfeits and fines are counted for the team that broke the by-law.</p>']
        if d["audit_suspensions"]:
            out.append(f'<p>The audit also suspends {len(d["audit_suspensions"])} head coach(es) indefinitely '
                       f'(league:10.08): see <a href="#audit">the audit</a>.</p>')
        if d["warnings"]:
            out.append('<h3>Warnings</h3><ul class="warnings">' + "".join(
                f'<li><code>{e(w["where"])}</code>{" (line " + str(w["line"]) + ")" if w.get("line") else ""}: '
                f'{e(w["message"])}</li>' for w in d["warnings"]) + '</ul>')
        out.append('</section>')
        return "".join(out)

    def suspensions_page(self) -> str:
        d = self.data
        serving = {(s["person"], s["game"]): s for s in d["serving"] if s["rule"] is None}
        heads = [("", None, None), ("Date", "order", "num"), ("Game", "order", "num"), ("Team", "team", None),
                 ("Person", "person", None), ("Name", "name", None), ("Role", "role", None),
                 ("Games", "games", "num"), ("Gov+league", None, None), ("Rules", "rules", None),
                 ("Served", "served", "num")]
        bodies = []
        for s in d["suspensions"]:
            anchor = self.anchors.get("s", s["person"], s["game"])
            detail = anchor + "-x"
            rules = list(dict.fromkeys(c["rule"] for c in s["components"]))
            sv = serving.get((s["person"], s["game"]))
            attrs = _attrs(class_="r", id=anchor, data_team=s["team"], data_person=s["person"],
                           data_rules=json.dumps(rules, ensure_ascii=False),
                           data_text=" ".join([s["person"], s["name"], s["team"], s["game"]]).lower(),
                           data_s_order=self.order[s["game"]], data_s_team=s["team"], data_s_person=s["person"],
                           data_s_name=s["name"], data_s_role=s["role"], data_s_games=s["games"],
                           data_s_rules=" ".join(rules), data_s_served=sv["served"] if sv else 0)
            bodies.append(
                f'<tbody{attrs}><tr><td>{self.button(detail)}</td><td>{e(s["date"])}</td><td>{e(s["game"])}</td>'
                f'<td>{e(s["team"])}</td><td>{self.person_link(s["person"])}</td><td>{e(s["name"])}</td>'
                f'<td>{e(s["role"])}</td><td class="num">{e(games_text(s["games"], s["indefinite"]))}</td>'
                f'<td class="num">{s["governing_games"]}+{s["league_games"]}</td>'
                f'<td>{" ".join("<code>" + e(r) + "</code>" for r in rules)}</td><td>{self.served_cell(sv)}</td></tr>'
                + self.expander(self.suspension_explanation(s), detail, len(heads)) + '</tbody>')
        filters = ('<div class="filters" data-for="suspension-list">'
                   + _select("Team", "team", "teams") + _select("Person", "person", "persons")
                   + _select("Rule", "rule", "rules") +
                   '<label>Search <input type="search" data-f="q" placeholder="name, id, game"></label>'
                   '<button type="button" class="reset">Clear</button> <span class="count" aria-live="polite">'
                   f'{len(d["suspensions"])} of {len(d["suspensions"])} shown</span></div>')
        return ('<section class="page" id="suspensions"><h2>Suspensions</h2>'
                '<p class="note noprint">Click a column heading to sort; &#9656; opens the explanation (the same '
                'tree as <code>hockeyrules explain</code>, with the rulebook\'s words for each rule id) and where '
                'the suspension was served.</p>' + filters +
                '<table class="list sortable" id="suspension-list"><thead><tr>' + self.heads(heads) +
                '</tr></thead>' + "".join(bodies) + '</table></section>')

    @staticmethod
    def heads(heads) -> str:
        out = []
        for label, key, kind in heads:
            attrs = _attrs(data_sort=key, data_type=kind) if key else ""
            out.append(f'<th{attrs}>{e(label)}</th>')
        return "".join(out)

    def persons_page(self) -> str:
        bodies = []
        susp = defaultdict(list)
        for s in self.data["suspensions"]:
            susp[s["person"]].append(s)
        for n, p in enumerate(self.persons):
            person = self.season.people[p]
            lines = self.lines.get(p, [])
            pim = lines[-1]["pim_after"] if lines else 0
            misc = lines[-1]["misc_after"] if lines else 0
            ss = susp.get(p, [])
            games = sum(s["games"] for s in ss)
            attrs = _attrs(class_="r", data_team=person.team, data_text=f"{p} {person.name} {person.team}".lower(),
                           data_s_order=n, data_s_person=p, data_s_name=person.name, data_s_team=person.team,
                           data_s_role=person.role, data_s_lines=len(lines), data_s_pim=pim, data_s_misc=misc,
                           data_s_susp=len(ss),
                           data_s_games=games)
            bodies.append(f'<tbody{attrs}><tr><td>{self.person_link(p)}</td><td>{e(person.name)}</td>'
                          f'<td>{e(person.team)}</td><td>{e(person.role)}</td><td class="num">{len(lines)}</td>'
                          f'<td class="num">{pim}</td><td class="num">{misc}</td><td class="num">{len(ss)}</td>'
                          f'<td class="num">{games}</td></tr></tbody>')
        heads = [("Person", "person", None), ("Name", "name", None), ("Team", "team", None), ("Role", "role", None),
                 ("Lines", "lines", "num"), ("Penalty minutes", "pim", "num"), ("Misconduct-class", "misc", "num"),
                 ("Suspensions", "susp", "num"), ("Games", "games", "num")]
        filters = ('<div class="filters" data-for="person-list">'
                   + _select("Team", "team", "teams") +
                   '<label>Search <input type="search" data-f="q" placeholder="name, id"></label>'
                   '<button type="button" class="reset">Clear</button> <span class="count" aria-live="polite">'
                   f'{len(self.persons)} of {len(self.persons)} shown</span></div>')
        return ('<section class="page" id="persons"><h2>Persons</h2><p class="note">Everyone with a game-sheet line, '
                'a suspension or a finding of the audit. Each id opens the person\'s page (printable on its own).</p>'
                + filters +
                '<table class="list sortable" id="person-list"><thead><tr>' + self.heads(heads) + '</tr></thead>' +
                "".join(bodies) + '</table></section>')

    def audit_page(self) -> str:
        d = self.data
        out = ['<section class="page" id="audit"><h2>Audit</h2><p class="note">Serving, ineligible persons used, '
               'forfeits and fines (<code>hockeyrules audit</code>); &#9656; opens each one\'s explanation.</p>']
        # violations
        rows = []
        for n, v in enumerate(d["violations"]):
            detail = f"v-{n}-x"
            node = self.violation_node.get(n) or self._violation_node(v)
            extra = ""
            if v.get("suspension"):
                ref = v["suspension"]
                if ref["rule"] is None and (ref["person"], ref["game"]) in self.trees:
                    anchor = self.anchors.get("s", ref["person"], ref["game"])
                    extra = (f'<p>The suspension being served: <a href="#{anchor}">'
                             f'{e(ref["person"])}, earned in {e(ref["game"])}</a>.</p>')
            rows.append(f'<tbody class="r" id="v-{n}"><tr><td>{self.button(detail)}</td><td>{e(v["date"])}</td>'
                        f'<td>{e(v["game"])}</td><td>{e(v["team"])}</td><td>{self.person_link(v["person"])}</td>'
                        f'<td><code>{e(v["rule"])}</code></td><td>{e(v["kind"])}</td><td>{e(v["message"])}</td></tr>'
                        + self.expander(self.audit_trees([node]) + extra, detail, 8) + '</tbody>')
        out.append(f'<h3 id="violations">Violations ({len(d["violations"])})</h3>')
        out.append(self.table(["", "Date", "Game", "Team", "Person", "Rule", "Kind", "What was wrong"], rows))
        # forfeits
        rows = []
        for n, f in enumerate(d["forfeits"]):
            detail = f"f-{n}-x"
            node = self._consequence_node("forfeit", f, f"{f['team']} forfeits {f['game']} ({f['date']}): it used "
                                          f"{', '.join(f['persons'])} while ineligible")
            rows.append(f'<tbody class="r" id="f-{n}"><tr><td>{self.button(detail)}</td><td>{e(f["date"])}</td>'
                        f'<td>{e(f["game"])}</td><td>{e(f["team"])}</td>'
                        f'<td>{", ".join(self.person_link(p) for p in f["persons"])}</td>'
                        f'<td><code>{e(f["rule"])}</code></td></tr>'
                        + self.expander(self.audit_trees([node]), detail, 6) + '</tbody>')
        out.append(f'<h3 id="forfeits">Forfeits ({len(d["forfeits"])})</h3>')
        out.append(self.table(["", "Date", "Game", "Team (forfeits)", "Ineligible persons used", "Rule"], rows))
        # fines
        rows = []
        for n, f in enumerate(d["fines"]):
            detail = f"i-{n}-x"
            node = self._consequence_node("fine", f, f"{f['team']} is fined at least ${f['minimum']} {f['currency']} "
                                          f"for {f['game']} ({f['date']}): one fine per team and game that used an "
                                          f"ineligible person")
            rows.append(f'<tbody class="r" id="i-{n}"><tr><td>{self.button(detail)}</td><td>{e(f["date"])}</td>'
                        f'<td>{e(f["game"])}</td><td>{e(f["team"])}</td><td class="num">at least '
                        f'${f["minimum"]} {e(f["currency"])}</td><td><code>{e(f["rule"])}</code></td></tr>'
                        + self.expander(self.audit_trees([node]), detail, 6) + '</tbody>')
        out.append(f'<h3 id="fines">Fines ({len(d["fines"])})</h3>')
        out.append(self.table(["", "Date", "Game", "Team", "Fine", "Rule"], rows))
        # the audit's own suspensions
        if d["audit_suspensions"]:
            rows = []
            for n, s in enumerate(d["audit_suspensions"]):
                detail = f"a-{n}-x"
                nodes = [x for x in (self.audit_susp_node.get(n),) if x is not None]
                k = self.serving_of.get((s["person"], s["game"], "league:10.08"))
                if k is not None and k in self.serving_node:
                    nodes.append(self.serving_node[k])
                sv = self.data["serving"][k] if k is not None else None
                rows.append(f'<tbody class="r" id="a-{n}"><tr><td>{self.button(detail)}</td><td>{e(s["date"])}</td>'
                            f'<td>{e(s["game"])}</td><td>{e(s["team"])}</td><td>{self.person_link(s["person"])}</td>'
                            f'<td>{e(s["name"])}</td><td>{e(games_text(s["games"], s["indefinite"]))}</td>'
                            f'<td>{self.served_cell(sv)}</td></tr>'
                            + self.expander(self.audit_trees(nodes), detail, 8) + '</tbody>')
            out.append(f'<h3 id="audit-suspensions">Suspensions the audit creates (league:10.08, '
                       f'{len(d["audit_suspensions"])})</h3>')
            out.append(self.table(["", "Date", "Game", "Team", "Person", "Name", "Games", "Served"], rows))
        if d["affiliate_obligations"]:
            rows = [f'<tbody class="r"><tr><td>{e(o["date"])}</td><td>{e(o["game"])}</td>'
                    f'<td>{self.person_link(o["person"])}</td><td>{e(o["registered_team"] or "-")}</td>'
                    f'<td class="num">{e(games_text(o["governing_games"], o["indefinite"]))}</td>'
                    f'<td>{e(o["note"])}</td></tr></tbody>' for o in d["affiliate_obligations"]]
            out.append('<h3 id="affiliates">Affiliates: owed to their registered team (league:10.01B)</h3>')
            out.append(self.table(["Date", "Game", "Person", "Registered team", "Governing games", "Note"], rows))
        quoted = [(r, self.texts.get(r) or excerpt(r)) for r in sorted(self.audit_rules)]
        quoted = [(r, q) for r, q in quoted if q]
        if quoted:
            out.insert(1, '<h3 id="audit-rules">The rules applied</h3><div class="quotes">' + "".join(
                f'<blockquote><code>{e(r)}</code> {e(q)}</blockquote>' for r, q in quoted) + '</div>')
        out.append('</section>')
        return "".join(out)

    @staticmethod
    def table(heads: list, bodies: list) -> str:
        if not bodies:
            return '<p class="none">None.</p>'
        return ('<table class="list"><thead><tr>' + "".join(f"<th>{e(h)}</th>" for h in heads) + '</tr></thead>'
                + "".join(bodies) + '</table>')

    def _violation_node(self, v: dict) -> Node:
        """A violation naming no person (league:10.03): worded as explain --audit words the others."""
        g = self.games[v["game"]]
        return Node("violation", f"{v['rule']} ({v['kind']}) in {v['game']} {v['date']} for {v['team']}: "
                                 f"{v['message']}", rule=v["rule"], where=g.where, line=g.line)

    def _consequence_node(self, kind: str, row: dict, text: str) -> Node:
        g = self.games[row["game"]]
        node = Node(kind, text, rule=row["rule"], where=g.where, line=g.line)
        for v in self.data["violations"]:
            if v["game"] == row["game"] and v["team"] == row["team"] and v["rule"] == row["rule"]:
                node.add(Node("violation", v["message"], rule=v["rule"]))  # as explain --audit lists them
        return node

    def diff_page(self) -> str:
        d = run_diff(self.season, self.proposal, None, self.policy)
        rows = []
        for c in d["changes"]:
            def side(x):
                return "-" if x is None else games_text(x["games"], x["indefinite"])
            why = [f"+{r}" for r in c["rules_added"]] + [f"-{r}" for r in c["rules_removed"]] + \
                [f"~{r}" for r in c["rules_changed"]]
            rows.append(f'<tbody class="r"><tr><td>{e(c["date"])}</td><td>{e(c["game"])}</td><td>{e(c["team"])}</td>'
                        f'<td>{self.person_link(c["person"])}</td><td>{e(c["name"])}</td><td>{e(c["change"])}</td>'
                        f'<td class="num">{e(side(c["before"]))}</td><td class="num">{e(side(c["after"]))}</td>'
                        f'<td>{" ".join("<code>" + e(w) + "</code>" for w in why)}</td></tr></tbody>')

        def cell(t):
            return f'{t["suspensions"]} / {t["games"]} / {t["indefinite"]}'

        totals = [f'<tr><td>{e(t)}</td><td class="num">{cell(v["before"])}</td>'
                  f'<td class="num">{cell(v["after"])}</td></tr>' for t, v in d["totals"]["teams"].items()]
        lg = d["totals"]["league"]
        totals.append(f'<tr class="league"><th>League</th><td class="num">{cell(lg["before"])}</td>'
                      f'<td class="num">{cell(lg["after"])}</td></tr>')
        desc = f'<p>{e(self.proposal.description)}</p>' if self.proposal.description else ""
        return (f'<section class="page" id="diff"><h2>Proposal: {e(self.proposal.name)}</h2>{desc}'
                f'<p>{e(d["before"]["name"])} &rarr; {e(d["after"]["name"])}: {len(d["changes"])} suspension(s) '
                'appear, disappear or change (+ rule added, - removed, ~ changed value).</p>'
                + self.table(["Date", "Game", "Team", "Person", "Name", "Change", "Before", "After",
                              "Rules that differ"], rows) +
                '<h3>Totals (suspensions / games / indefinite)</h3><table class="list"><thead><tr><th>Team</th>'
                '<th>Before</th><th>After</th></tr></thead><tbody>' + "".join(totals) + '</tbody></table></section>')

    # --- a person ------------------------------------------------------------

    def person_page(self, pid: str) -> str:
        person = self.season.people[pid]
        team = self.season.teams.get(person.team)
        lines = self.lines.get(pid, [])
        d = self.data
        ss = [s for s in d["suspensions"] if s["person"] == pid]
        serving = [(n, s) for n, s in enumerate(d["serving"]) if s["person"] == pid]
        pim = lines[-1]["pim_after"] if lines else 0
        misc = lines[-1]["misc_after"] if lines else 0
        what = [e(pid), e(person.role), f'{e(person.team)} {e(team.name if team else "")}']
        if person.affiliate:
            what.append("affiliate" + (f" (registered with {e(person.registered_team)})"
                                       if person.registered_team else ""))
        out = [f'<section class="page person" id="{self.anchors.get("p", pid)}">',
               '<p class="back noprint"><a href="#persons">&larr; all persons</a></p>',
               f'<h2>{e(person.name)} <span class="sub">{" · ".join(what)}</span></h2>',
               f'<p class="lead">{len(lines)} game-sheet line(s); <b>{pim}</b> penalty minutes; '
               f'<b>{misc}</b> misconduct-class penalties; <b>{len(ss)}</b> suspension(s), '
               f'{sum(s["games"] for s in ss)} game(s).</p>']
        if lines:
            out.append('<h3>Running totals</h3><div class="charts">')
            out.append(self.pim_chart(lines, pid))
            out.append(self.misc_chart(lines, pid))
            out.append('</div>')
            out.append('<h3>Game-sheet lines, in season order</h3>')
            rows = []
            for x in lines:
                g, inc = x["game"], x["incident"]
                when = inc.period if inc.period in ("pre", "post") else f"P{inc.period} {inc.time}"
                notes = []
                if x["marks"]:
                    notes.append("passes the league:10.04 mark" + ("s " if len(x["marks"]) > 1 else " ") +
                                 ", ".join(str(m) for m in x["marks"]))
                for n, rung in x["rungs"]:
                    rid = f"league:10.05/{rung}"
                    notes.append(f"{ordinal(n)} misconduct-class penalty ({rid})")
                rows.append(f'<tr><td>{e(g.date)}</td><td>{e(g.id)}</td><td>{e(g.home)} v {e(g.away)}'
                            f'{" (" + e(g.kind) + ")" if g.kind != "regular" else ""}</td><td>{e(when)}</td>'
                            f'<td>{e(inc.infraction)}</td><td>{e(" + ".join(inc.penalties))}</td>'
                            f'<td class="num">{x["minutes"]}</td><td class="num">{x["pim_after"]}</td>'
                            f'<td class="num">{x["misc_after"]}</td><td>{e("; ".join(notes))}</td></tr>')
            out.append('<table class="list lines"><thead><tr><th>Date</th><th>Game</th><th>Teams</th><th>When</th>'
                       '<th>Infraction</th><th>Penalties</th><th>Min</th><th>Season min</th>'
                       '<th>Misconduct-class</th><th>By-Law 10.04 / 10.05</th></tr></thead><tbody>' +
                       "".join(rows) + '</tbody></table>')
        out.append('<h3>Suspensions and where they were served</h3>')
        if serving:
            rows = []
            for _, sv in serving:
                served = ", ".join(self.game_text(g) for g in sv["served_in"]) or "none yet"
                what_ = "league:10.08 (audit)" if sv["rule"] else "rules"
                rows.append(f'<tr><td>{e(sv["date"])}</td><td>{e(sv["game"])}</td><td>{e(what_)}</td>'
                            f'<td class="num">{e(games_text(sv["games"], sv["indefinite"] and not sv["length_set"]))}'
                            '</td>'
                            f'<td>{served}</td><td>{e(sv["eligible_from"] or "-")}</td><td>{e(sv["status"])}</td></tr>')
            out.append('<table class="list"><thead><tr><th>Date</th><th>Earned in</th><th>Suspension</th>'
                       '<th>Games</th><th>Served in</th><th>Eligible from</th><th>Status</th></tr></thead><tbody>' +
                       "".join(rows) + '</tbody></table>')
            out.append('<div class="explanations"><button type="button" class="openall noprint">Open all '
                       'explanations</button>')
            for s in ss:
                out.append(_ref(f'Why {e(_games(s["games"], s["indefinite"]))}, earned in {e(s["game"])} '
                                f'({e(s["date"])})', self.anchors.get("s", s["person"], s["game"]),
                                "The explanation, in the suspension list"))
            for n, s in enumerate(d["audit_suspensions"]):
                if s["person"] != pid:
                    continue
                out.append(_ref(f'Why the league:10.08 suspension of game {e(s["game"])} ({e(s["date"])})',
                                f"a-{n}", "The explanation, in the audit"))
            out.append('</div>')
        else:
            out.append('<p class="none">No suspension.</p>')
        mine = [(n, v) for n, v in enumerate(d["violations"]) if v["person"] == pid]
        if mine:
            out.append('<h3>Audit findings</h3>')
            for n, v in mine:
                out.append(_ref(f'{e(v["rule"])} ({e(v["kind"])}) in {e(v["game"])} ({e(v["date"])}): '
                                f'{e(v["message"])}', f"v-{n}", "The explanation, in the audit"))
        out.append('</section>')
        return "".join(out)

    # --- charts --------------------------------------------------------------

    W, H, LEFT, RIGHT, TOP, BOTTOM = 640, 170, 40, 84, 12, 26

    def x_of(self, date: str) -> float:
        span = max(1, (self.last_day - self.first_day).days)
        days = (_dt.date.fromisoformat(date) - self.first_day).days
        return round(self.LEFT + (self.W - self.LEFT - self.RIGHT) * days / span, 1)

    def ticks(self) -> str:
        """The month ticks of every chart, defined once (the charts <use> them)."""
        H, T, B = self.H, self.TOP, self.BOTTOM
        out: list[str] = []
        day = self.first_day.replace(day=1)
        while day <= self.last_day:
            if day >= self.first_day:
                x = self.x_of(day.isoformat())
                label = MONTHS[day.month - 1] + (f" {day.year}" if day.month == 1 or not out else "")
                out.append(f'<line x1="{x}" x2="{x}" y1="{T}" y2="{H - B}" stroke="#eef1f4"/>'
                           f'<text x="{x}" y="{H - B + 14}" text-anchor="middle" font-size="10" '
                           f'font-family="system-ui,Arial,sans-serif" fill="#59636e">{label}</text>')
            day = (day.replace(day=28) + _dt.timedelta(days=4)).replace(day=1)
        return (f'<svg class="defs" width="0" height="0" aria-hidden="true"><defs><g id="month-ticks">'
                f'{"".join(out)}</g></defs></svg>')

    def chart(self, caption: str, lines: list, value: str, top: int, marks: list) -> str:
        """A step line of a running total (one step per game) against horizontal marks [(y, label)]."""
        W, H, L, R, T, B = self.W, self.H, self.LEFT, self.RIGHT, self.TOP, self.BOTTOM

        def y(v: float) -> float:
            return round(H - B - (H - B - T) * v / top, 1)

        before, after = value + "_before", value + "_after"
        steps: list = []   # per game where the total moved: (game, before, after, lines)
        for x in lines:
            if x[after] == x[before]:
                continue
            if steps and steps[-1][0] is x["game"]:
                steps[-1][2] = x[after]
                steps[-1][3].append(x)
            else:
                steps.append([x["game"], x[before], x[after], [x]])
        total = lines[-1][after] if lines else 0
        out = [f'<figure class="chart"><svg viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img" '
               f'aria-label="{e(caption)}"><rect x="{L}" y="{T}" width="{W - L - R}" height="{H - T - B}" '
               f'class="plot"/><use href="#month-ticks"/>']
        for v, label in marks:
            passed = "passed" if total > v or (value == "misc" and total >= v) else "open"
            out.append(f'<line x1="{L}" x2="{W - R}" y1="{y(v)}" y2="{y(v)}" class="mark {passed}"/>'
                       f'<text x="{W - R + 4}" y="{y(v) + 4}" class="marklabel {passed}">{e(label)}</text>')
        out.append(f'<text x="{L - 4}" y="{y(0) + 4}" class="axis">0</text>'
                   f'<text x="{L - 4}" y="{y(top) + 4}" class="axis">{top}</text>')
        path = [f"M{self.x_of(self.first_day.isoformat())} {y(0)}"]
        path += [f"H{self.x_of(g.date)}V{y(a)}" for g, _, a, _ in steps]
        path.append(f"H{W - R}")
        out.append(f'<path d="{"".join(path)}" class="step"/>')
        for g, b, a, xs in steps:
            what = "; ".join(f"line {x['incident'].number} {x['incident'].infraction}" for x in xs)
            out.append(f'<circle cx="{self.x_of(g.date)}" cy="{y(a)}" r="3" class="dot">'
                       f'<title>{e(g.id)} {e(g.date)}: {b} to {a} ({e(what)})</title></circle>')
        out.append(f'</svg><figcaption>{e(caption)}</figcaption></figure>')
        return "".join(out)

    def pim_chart(self, lines: list, pid: str) -> str:
        total = lines[-1]["pim_after"]
        top = self.after
        while top < total:
            top += self.every
        top += self.every
        marks = [(m, f"{m} (10.04)") for m in range(self.after, top + 1, self.every)]
        repealed = self.proposal is not None and "league:10.04" in self.proposal.repeal
        caption = (f"Penalty minutes in the season: {total}. League:10.04 marks at {self.after}, "
                   f"then every {self.every}: a game each time the total passes one"
                   + (" (repealed by the proposal)" if repealed else "") + ".")
        return self.chart(caption, lines, "pim", top, marks)

    def misc_chart(self, lines: list, pid: str) -> str:
        total = lines[-1]["misc_after"]
        top = max([total] + self.rungs) + 1
        marks = [(r, f"{ordinal(r)} (10.05/{r})") for r in self.rungs]
        caption = (f"Misconduct-class penalties in the season (misconduct, game misconduct, gross misconduct, "
                   f"match): {total}. League:10.05 rungs at the " + ", ".join(ordinal(r) for r in self.rungs) + ".")
        return self.chart(caption, lines, "misc", top, marks)


CSS = """
:root{--fg:#1b1f23;--muted:#59636e;--line:#d0d7de;--bg:#fff;--alt:#f6f8fa;--accent:#0b5cad;--warn:#b42318}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--fg);
  background:var(--bg)}
header{padding:12px 20px 0;border-bottom:1px solid var(--line);background:var(--alt)}
h1{font-size:20px;margin:0 0 2px}
h2{font-size:18px;margin:4px 0 10px}
h3{font-size:15px;margin:18px 0 6px}
h4{font-size:13px;margin:10px 0 4px}
nav{display:flex;gap:4px;margin-top:8px}
nav a{padding:6px 12px;border:1px solid var(--line);border-bottom:none;border-radius:6px 6px 0 0;
  background:var(--bg);color:var(--fg);text-decoration:none}
body:not(:has(:target)) nav a[href="#summary"],body:has(#summary:target) nav a[href="#summary"],
body:has(#suspensions:target,#suspensions :target) nav a[href="#suspensions"],
body:has(#persons:target,.person:target) nav a[href="#persons"],body:has(#audit:target,
  #audit :target) nav a[href="#audit"],
body:has(#diff:target) nav a[href="#diff"]{background:var(--accent);color:#fff;border-color:var(--accent)}
main{padding:12px 20px 40px}
a{color:var(--accent)}
.sub,.note,.loc{color:var(--muted);font-weight:normal}
.sub{font-size:12px}
.loc{font-size:11px}
.lead{font-size:15px}
.page{display:none}
.page:target,.page:has(:target){display:block}
body:not(:has(:target)) #summary{display:block}
table{border-collapse:collapse;margin:6px 0 12px}
th,td{border-bottom:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}
thead th{background:var(--alt);position:sticky;top:0}
th[data-sort]{cursor:pointer;white-space:nowrap}
th[data-sort]::after{content:" \\2195";color:var(--muted)}
th[aria-sort=ascending]::after{content:" \\2191"}
th[aria-sort=descending]::after{content:" \\2193"}
.num{text-align:right;font-variant-numeric:tabular-nums}
.list tr:not(.detail)>td:nth-child(-n+3),.lines td:nth-child(4){white-space:nowrap}
table.summary tfoot th,table.summary tfoot td{font-weight:bold;border-top:2px solid var(--fg)}
tbody.r:nth-of-type(even)>tr:first-child{background:var(--alt)}
tbody.r{scroll-margin-top:36px}
tr.detail>td{background:#fbfcfd;padding:8px 12px 12px 28px}
button.x{border:1px solid var(--line);background:var(--bg);border-radius:4px;cursor:pointer;width:24px;
  padding:0 2px}
button.x[aria-expanded=true]{background:var(--accent);color:#fff}
.filters{display:flex;flex-wrap:wrap;gap:10px;align-items:center;margin:6px 0}
.filters select{max-width:240px}
.count{color:var(--muted)}
code{font:12px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--alt);padding:0 3px;
  border-radius:3px}
ul.tree,ul.tree ul{list-style:none;margin:0;padding-left:18px;border-left:1px dotted var(--line)}
ul.tree{padding-left:6px;border-left:none}
ul.tree li{margin:3px 0}
ul.tree li::before{content:attr(data-k);margin-right:4px;display:inline-block;font-size:10px;font-style:normal;
  text-transform:uppercase;letter-spacing:.04em;color:var(--muted);border:1px solid var(--line);border-radius:3px;
  padding:0 3px}
.tree li[data-k=suspension]::before,.tree li[data-k=violation]::before,.tree li[data-k=forfeit]::before,
.tree li[data-k=fine]::before,.tree li[data-k=audit-suspension]::before{color:var(--warn);border-color:var(--warn)}
li[data-k=rulebook]{font-style:italic}
blockquote{margin:3px 0 3px 4px;padding:2px 8px;border-left:3px solid var(--accent);color:#333;
  font-style:italic}
blockquote code{font-style:normal}
.charts{display:flex;flex-wrap:wrap;gap:12px}
figure.chart{margin:0}
figure.chart svg{max-width:100%;height:auto;display:block}
figcaption{font-size:12px;color:var(--muted);max-width:640px}
svg .plot{fill:#fff;stroke:var(--line)}
svg.defs{position:absolute;width:0;height:0;overflow:hidden}
svg .axis,svg .marklabel{font:10px system-ui,Arial,sans-serif;fill:var(--muted)}
svg .axis{text-anchor:end}
svg .mark{stroke:#9aa4ae;stroke-dasharray:4 3}
svg .mark.passed{stroke:var(--warn)}
svg .marklabel.passed{fill:var(--warn)}
svg .step{fill:none;stroke:var(--accent);stroke-width:2}
svg .dot{fill:var(--accent)}
details{margin:4px 0;border:1px solid var(--line);border-radius:4px;padding:4px 8px}
summary{cursor:pointer;font-weight:600}
.none{color:var(--muted)}
@media print{
  @page{margin:14mm}
  body{font-size:11px;color:#000;background:#fff}
  header{background:none;border:none;padding:0}
  nav,.filters,.noprint,button.x,.openall{display:none!important}
  main{padding:0}
  a{color:inherit;text-decoration:none}
  thead th{position:static;background:none}
  tr,figure,blockquote,summary{break-inside:avoid}
  h2,h3,h4{break-after:avoid}
  tbody.r:nth-of-type(even)>tr:first-child{background:none}
  details{border:none;padding:0}
  details::details-content{content-visibility:visible;display:block}
  .charts{display:block}
  code{font-size:9.5px}
  ul.tree li::before{font-size:8px}
  figure.chart svg{width:100%;max-width:170mm}
  svg .plot{fill:none}
}
"""

SCRIPT = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("report-data").textContent);
  function each(sel, root, fn) { Array.prototype.forEach.call((root || document).querySelectorAll(sel), fn); }

  each("select[data-options]", null, function (sel) {
    (data.filters[sel.getAttribute("data-options")] || []).forEach(function (o) { sel.add(new Option(o[1], o[0])); });
  });

  function rowsOf(table) {
    return Array.prototype.filter.call(table.tBodies, function (tb) { return tb.classList.contains("r"); });
  }
  function applyFilters(box) {
    var table = document.getElementById(box.getAttribute("data-for"));
    var f = {};
    each("[data-f]", box, function (c) { f[c.getAttribute("data-f")] = c.value; });
    var q = (f.q || "").trim().toLowerCase(), shown = 0, rows = rowsOf(table);
    rows.forEach(function (tb) {
      var ok = (!f.team || tb.getAttribute("data-team") === f.team) &&
        (!f.person || tb.getAttribute("data-person") === f.person) &&
        (!f.rule || JSON.parse(tb.getAttribute("data-rules") || "[]").indexOf(f.rule) >= 0) &&
        (!q || (tb.getAttribute("data-text") || "").indexOf(q) >= 0);
      tb.hidden = !ok;
      if (ok) { shown += 1; }
    });
    box.querySelector(".count").textContent = shown + " of " + rows.length + " shown";
  }
  function resetFilters(box) {
    each("[data-f]", box, function (c) { c.value = ""; });
    applyFilters(box);
  }
  each(".filters", null, function (box) {
    each("[data-f]", box, function (c) {
      c.addEventListener(c.tagName === "INPUT" ? "input" : "change", function () { applyFilters(box); });
    });
    box.querySelector(".reset").addEventListener("click", function () { resetFilters(box); });
  });

  each("th[data-sort]", null, function (th) {
    th.tabIndex = 0;
    function sort() {
      var table = th.closest("table"), key = "data-s-" + th.getAttribute("data-sort");
      var num = th.getAttribute("data-type") === "num";
      var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
      each("th[data-sort]", table, function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
      var rows = rowsOf(table);
      function val(tb) { var v = tb.getAttribute(key) || ""; return num ? parseFloat(v) || 0 : v.toLowerCase(); }
      rows.sort(function (a, b) {
        var x = val(a), y = val(b);
        if (x < y) { return -dir; }
        if (x > y) { return dir; }
        return parseFloat(a.getAttribute("data-s-order")) - parseFloat(b.getAttribute("data-s-order"));
      });
      rows.forEach(function (tb) { table.appendChild(tb); });
    }
    th.addEventListener("click", sort);
    th.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); sort(); }
    });
  });

  function toggle(btn, open) {
    var row = document.getElementById(btn.getAttribute("aria-controls"));
    if (open === undefined) { open = row.hidden; }
    row.hidden = !open;
    btn.setAttribute("aria-expanded", open ? "true" : "false");
    btn.innerHTML = open ? "&#9662;" : "&#9656;";
  }
  each("button.x", null, function (btn) { btn.addEventListener("click", function () { toggle(btn); }); });

  each("a[data-set-team]", null, function (a) {
    a.addEventListener("click", function () {
      var box = document.querySelector('.filters[data-for="suspension-list"]');
      each("[data-f]", box, function (c) { c.value = ""; });
      box.querySelector('[data-f="team"]').value = a.getAttribute("data-set-team");
      applyFilters(box);
    });
  });

  each("button.openall", null, function (b) {
    b.addEventListener("click", function () {
      var list = b.parentNode.querySelectorAll("details"), open = !list[0] || !list[0].open;
      Array.prototype.forEach.call(list, function (d) { d.open = open; });
      b.textContent = open ? "Close all explanations" : "Open all explanations";
    });
  });

  function onHash() {
    var id = decodeURIComponent(location.hash.slice(1)), el = id && document.getElementById(id);
    if (!el) { return; }
    if (el.classList.contains("page")) { window.scrollTo(0, 0); return; }  // a page opens at its top
    if (el.classList.contains("r")) {
      if (el.hidden) {
        var table = el.closest("table"), box = document.querySelector('.filters[data-for="' + table.id + '"]');
        if (box) { resetFilters(box); }
      }
      var btn = el.querySelector("button.x");
      if (btn) { toggle(btn, true); }
    }
    el.scrollIntoView();
  }
  window.addEventListener("hashchange", onHash);
  window.addEventListener("load", function () { setTimeout(onHash, 0); });  // after the browser's own scroll
  onHash();

  function fill(d) {
    var src = document.getElementById(d.getAttribute("data-ref"));
    if (d.hasAttribute("data-filled") || !src) { return; }
    var fallback = d.querySelector(".fallback");
    if (fallback) { fallback.remove(); }
    Array.prototype.forEach.call(src.firstElementChild.childNodes, function (n) { d.appendChild(n.cloneNode(true)); });
    d.setAttribute("data-filled", "");
  }
  each("details.ref", null, function (d) {
    d.addEventListener("toggle", function () { if (d.open) { fill(d); } });
  });

  // printing (and print emulation) shows every explanation of the page: fill the ones kept by reference
  var printing = window.matchMedia ? window.matchMedia("print") : null;
  if (printing && printing.addEventListener) {
    printing.addEventListener("change", function (ev) { if (ev.matches) { each("details.ref", null, fill); } });
  }
  var opened = [];
  window.addEventListener("beforeprint", function () {
    opened = [];
    each("details.ref", null, fill);
    each("details:not([open])", null, function (d) { d.open = true; opened.push(d); });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (d) { d.open = false; });
    opened = [];
  });
})();
"""
