"""Suspension notices, as a team manager receives them: Markdown and a printable HTML page.

A notice is read off the same explanation tree as `explain` (hockeyrules/views/explain.py:
the game, the game-sheet lines, each rule with the rulebook's words, how the games
add up) and the audit's serving (asp/audit_serving.lp: the games to sit out, when
the person may return). Nothing here decides anything; it only words and lays out.
"""

from __future__ import annotations

import datetime as _dt
import functools
import hashlib
import re
from pathlib import Path

from hockeyrules.engine.rulebook import excerpt
from hockeyrules.engine.run import as_policy, as_proposal, as_season
from hockeyrules.facts.build import Fact, Id
from hockeyrules.model.policy import Policy
from hockeyrules.read import streams
from hockeyrules.read.season import Season
from hockeyrules.views.explain import Words, audit_suspensions_of, build
from hockeyrules.views.treeview import place, source_name
from hockeyrules.views.wording import AWAITING, body, games_words, plural, words

OFFICIALS = ("head_coach", "assistant_coach", "manager", "trainer")  # who a notice is addressed to


@functools.cache
def _env(autoescape: bool):
    """One environment of each kind a run: a new one per notice compiled both templates
    again for every notice (the 1x season's notices took 7.9 s, now 1.4 s)."""
    # (here: start-up time: Jinja2 only when notices are written)
    from hockeyrules.views.templatecache import environment

    env = environment("office/templates", autoescape=autoescape, keep_trailing_newline=True)
    if not autoescape:
        env.filters["md"] = _md
    else:
        env.filters["css"] = css_text
    return env


def css_text(text):
    """Text inside a CSS string of the page's style sheet (the page-2 header): every character
    but letters, digits and spaces as a CSS escape, so no quote ends the string and no "<"
    ends the style element. Markup, as it is safe in the page as it is."""
    # (here, beside its use: loaded already by Jinja2)
    from markupsafe import Markup

    # (an escape ends with a space, which CSS takes as part of it: the space after "é" stays)
    return Markup("".join(c if c.isascii() and (c.isalnum() or c == " ") else f"\\{ord(c):x} " for c in str(text)))


def notices(
    season,
    person: str | None = None,
    game: str | None = None,
    since: str | None = None,
    policy: Policy | None = None,
    proposal=None,
    date: str | None = None,
    issuer: str | None = None,
    **options,
) -> list[dict]:
    """One notice (plain data) per suspension: of `person` (and `game`), or every one
    earned in a game on or after `since`, in season order; the suspensions of the rules
    and those the audit makes (league:10.08). `date`: the date of issue (default today);
    `issuer`: who issues it (default the season's league)."""
    # (here: start-up time: only for the notices)
    from hockeyrules.views.audit import audit

    season, policy = as_season(season), as_policy(policy, options)
    proposal = as_proposal(proposal)
    if person is not None and person not in season.people:
        raise KeyError(f"unknown person {person!r}")
    games = {g.id: g for g in season.games}
    if game is not None and game not in games:
        raise KeyError(f"unknown game {game!r}")
    audited = audit(season, policy, proposal=proposal)

    def chosen(pid: str, gid: str, date_: str) -> bool:
        return (person is None or pid == person) and (game is None or gid == game) and (since is None or date_ >= since)

    wanted = [s for s in audited.result.suspensions if chosen(s.person, s.game, s.date)]
    by_audit = [s for s in audited.audit_suspensions if chosen(s["person"], s["game"], s["date"])]
    if not wanted and not by_audit:
        return []
    letter = {"date": date or _dt.date.today().isoformat(), "issuer": issuer or season.league or "the league"}
    serving = {(s["person"], s["game"], s["rule"]): s for s in audited.serving}
    found = []
    if wanted:
        focus = [Fact("focusperson", Id(p)) for p in sorted({s.person for s in wanted})]
        ex = build(season, policy, focus, proposal)
        trees = {
            (s.person, s.game): ex.suspension_node(s).to_dict()
            for s in ex.result.suspensions
            if any(w.person == s.person and w.game == s.game for w in wanted)
        }
        for s in wanted:
            n = notice(season, s, trees[(s.person, s.game)], serving.get((s.person, s.game, None)), letter["date"])
            found.append((games[s.game].order, s.person, {**n, **letter}))
    if by_audit:
        data = audited.to_dict()
        words = Words(season, policy)
        for a in by_audit:
            tree = audit_suspensions_of(words, data, a["person"], a["game"])[0].to_dict()
            sv = serving.get((a["person"], a["game"], "league:10.08"))
            n = audit_notice(season, a, tree, sv, letter["date"])
            found.append((games[a["game"]].order, a["person"], {**n, **letter}))
    return [n for _, _, n in sorted(found, key=lambda x: (x[0], x[1]))]


class _Owed:
    """What a notice reads of a suspension, from the rules' (a Suspension) or the audit's (a dict)."""

    def __init__(self, season: Season, s, on: str | None = None):
        get = s.get if isinstance(s, dict) else lambda k: getattr(s, k)
        self.person, self.game = str(get("person")), str(get("game"))
        self.games, self.indefinite = int(get("games") or 0), bool(get("indefinite"))
        person = season.people[self.person]
        # the team addressed: the person's on the date of issue (one who changed team sits out
        # his new team's games), else his latest
        team = person.team_on(on) if on is not None else None
        self.name, self.role, self.team = person.name, person.role, team or person.team


def _header(season: Season, s: _Owed, serving: dict | None) -> dict:
    """The letter's parts that do not depend on the rules: who, to whom, the game, the
    decision (games to sit out, the first game back)."""
    games = {g.id: g for g in season.games}
    g = games[s.game]
    team = season.teams[s.team]
    w = Words(season, Policy())
    officials = sorted(
        (p for p in season.people.values() if p.team == s.team and p.role in OFFICIALS and p.id != s.person),
        key=lambda p: (OFFICIALS.index(p.role), p.name, p.id),
    )

    def ref(gid: str, served: bool) -> dict:
        x = games[gid]
        return {
            "game": gid,
            "date": x.date,
            "home": w.team(x.home),
            "away": w.team(x.away),
            "kind": x.kind,
            "scheduled": bool(x.scheduled),
            "state": "served" if served else "to sit out",
        }

    to_serve, back, beyond, state, length_set = [], None, 0, "no serving data", False
    if serving is not None:
        to_serve = [ref(x, True) for x in serving["served_in"]] + [
            ref(x, False) for x in serving.get("to_serve_in", [])
        ]
        if serving["eligible_from"]:
            e = games[serving["eligible_from"]]
            back = f"{e.id} on {e.date} ({w.matchup(e)})"
        length_set = bool(serving["length_set"])
        decided = not serving["indefinite"] or length_set
        if decided:
            beyond = max(serving["games"] - len(to_serve), 0)
        state = serving["status"]
    awaiting = s.indefinite and not length_set
    if back is None:
        if awaiting:
            back = "awaiting a league decision on the length of the suspension"
        elif beyond:
            back = f"after {plural(beyond, 'more game')} of the team beyond the games listed"
        else:
            back = "after the last game listed"
    total = (
        games_words(serving["games"], False)
        if length_set and serving is not None
        else games_words(s.games, s.indefinite)
    )
    return {
        "person": s.person,
        "name": s.name,
        "role": s.role,
        "role_words": words(s.role),
        "team": s.team,
        "team_name": team.name,
        "officials": [{"name": p.name, "role": words(p.role)} for p in officials],
        "league": season.league,
        "season": season.season,
        "game": {
            "game": g.id,
            "date": g.date,
            "start": g.start,
            "home": w.team(g.home),
            "away": w.team(g.away),
            "kind": g.kind,
        },
        "total": total,
        "games": s.games,
        "indefinite": s.indefinite,
        "awaiting": awaiting,
        "serving": to_serve,
        "to_sit_out": [x for x in to_serve if x["state"] == "to sit out"],
        "serving_status": state,
        "return": back,
    }


def notice(season: Season, s, tree: dict, serving: dict | None, on: str | None = None) -> dict:
    """A notice from a suspension's explanation tree and its serving (`on`: the date of issue)."""
    lines, rules, adds, summary = [], [], [], ""
    for node in tree.get("children", []):
        if node["kind"] == "line":
            at = place(node, source_name(season.source))
            lines.append({"text": node["text"], "where": node.get("where"), "line": node.get("line"), "place": at})
        elif node["kind"] == "component":
            rules.append(
                {
                    "rule": node["rule"],
                    "part": body(node["rule"], season.league),
                    "games": games_words(node["games"], node["indefinite"]),
                    "rulebook": node.get("rulebook"),
                    "facts": [c["text"] for c in node.get("children", [])],
                }
            )
        elif node["kind"] == "combination":
            summary = node["text"]
            for part in node.get("children", []):
                adds.append(part["text"])
                adds += ["    " + c["text"] for c in part.get("children", [])]
    owed = _Owed(season, s, on)
    n = _header(season, owed, serving)
    if owed.indefinite and not n["awaiting"]:
        summary = (
            f"The league set the length of this indefinite suspension: {n['total']}. Before its decision: {summary}"
        )
    indefinite = [r for r in rules if r["games"].startswith(AWAITING)]
    decide = []
    if n["awaiting"]:
        which = ", ".join(f"{r['rule']} ({r['part']})" for r in indefinite) or "the rules"
        decide.append(
            f"The league must decide the length of this suspension (By-Law 10.01C): {which} "
            f"gives an indefinite suspension"
            + (f"; at least {plural(owed.games, 'game')} in all." if owed.games else ".")
            + " The person may not play until then."
        )
    decide.append("The league management committee may add games depending on the circumstances (By-Law 10.01C).")
    return {**n, "summary": summary, "lines": lines, "rules": rules, "adds_up": adds, "may_decide": decide}


def audit_notice(season: Season, a: dict, tree: dict, serving: dict | None, on: str | None = None) -> dict:
    """A notice of a suspension the audit makes (league:10.08: the head coach of a team
    that used an ineligible person), from its node (views/explain.py)."""
    owed = _Owed(season, a, on)
    n = _header(season, owed, serving)
    rules = [
        {
            "rule": "league:10.08",
            "part": body("league:10.08", season.league),
            "games": n["total"],
            "rulebook": excerpt("league:10.08"),
            "facts": [c["text"] for c in tree.get("children", [])],
        }
    ]
    summary = (
        f"Suspended under league:10.08 ({body('league:10.08', season.league)}): {n['team_name']} used an "
        f"ineligible person in game {a['game']}, and the coach responsible is suspended automatically; "
        + ("the league has not yet set the length." if n["awaiting"] else f"the league set the length: {n['total']}.")
    )
    decide = []
    if n["awaiting"]:
        decide.append(
            "The league must decide the length of this suspension (league:10.08: the coach responsible "
            "is suspended until the league decides; By-Law 10.01C). The person may not coach until then."
        )
    decide.append("The league management committee may add games depending on the circumstances (By-Law 10.01C).")
    return {**n, "summary": summary, "lines": [], "rules": rules, "adds_up": [], "may_decide": decide}


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|~])")


def _md(text) -> str:
    """User text in Markdown stays text: every character Markdown would read is escaped."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(str(text).split()))


def to_markdown(n: dict) -> str:
    return _env(False).get_template("notice.md.j2").render(n=n)


def to_html(n: dict) -> str:
    return _env(True).get_template("notice.html.j2").render(n=n)


def file_stem(n: dict) -> str:
    """A file name for a notice: its game and person, with anything but letters, digits,
    '.', '_' and '-' replaced (and a short hash then, so that two ids never collide)."""
    raw = f"{n['game']['game']}-{n['person']}"
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", raw).strip(".") or "notice"
    if safe != raw:
        safe = f"{safe[:60]}-{hashlib.sha256(raw.encode()).hexdigest()[:8]}"
    return safe


def ours(name: str) -> bool:
    """A file notices writes: a folder holding only these may be replaced whole."""
    return name.endswith((".md", ".html"))


def write_all(found: list[dict], folder) -> list[Path]:
    folder = Path(folder)
    written = []
    # the folder is written whole beside the old one and put in its place at the end
    # (streams.replacing_folder): a failed or interrupted run leaves the previous one
    with streams.replacing_folder(folder, ours) as making:
        for n in found:
            stem = file_stem(n)
            for suffix, text in ((".md", to_markdown(n)), (".html", to_html(n))):
                with open(making / (stem + suffix), "w", encoding="utf-8", newline="\n") as fh:
                    fh.write(text)
                written.append(folder / (stem + suffix))
    return written
