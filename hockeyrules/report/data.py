"""What the report shows, as data: the outstanding list, the summary numbers, each
person's running totals, the leagues of a season. No HTML here (report/templates/).

Every number comes from the library's results (result@1, the audit's serving
records); the running totals are computed for display only and a test checks
them against the facts the engine used.
"""

from __future__ import annotations

import datetime as _dt
from collections import defaultdict

from hockeyrules.engine.catalog import catalog
from hockeyrules.engine.parts import parts
from hockeyrules.office.status import default_as_of
from hockeyrules.views.explain import Words, explain_all
from hockeyrules.views.render import one_team
from hockeyrules.views.wording import read_with

MISCONDUCT_CLASS = ("misconduct", "game_misconduct", "gross_misconduct", "match")
SUMMARY_KEYS = ("suspensions", "games", "indefinite", "violations", "forfeits", "fines", "fine_minimum")


# --- suspended as of a date -------------------------------------------------------


def outstanding(serving: list[dict], season, as_of: str) -> list[dict]:
    """Who is suspended as of `as_of` (an ISO date): every suspension earned on or before
    it and not served in full by it, from the audit's serving records.

    Each row: person, name, team, role, game and date earned, rule (None, or
    league:10.08 for the audit's own), owed (the length, or the minimum of an
    indefinite one), served (games served on or before the date), remaining (None
    while awaiting a decision), eligible_from (the game from which the person may play,
    where the data shows it), awaiting (indefinite with no length decided), status.

    The one place the report reads serving. It reads the whole season's serving
    (asp/audit_serving.lp) up to the date, where `hockeyrules status` solves the season
    cut at the date: the two can differ for a league decision dated after `as_of`,
    which this list already counts.
    """
    dates = {g.id: g.date for g in season.games}
    games = {g.id: g for g in season.games}
    rows = []
    for s in serving:
        if s["date"] > as_of:
            continue
        served = sum(1 for g in s["served_in"] if dates[g] <= as_of)
        awaiting = s["indefinite"] and not s["length_set"]
        if not awaiting and served >= s["games"]:
            continue
        eligible = s["eligible_from"]
        # the games still to sit out: those served after the date, then the schedule's (no sheet yet)
        ahead = [g for g in s["served_in"] if dates[g] > as_of]
        ahead += [g for g in s.get("to_serve_in", []) if g not in ahead]
        ahead.sort(key=lambda g: games[g].order)
        ahead = ahead[: 1 if awaiting else s["games"] - served]
        rows.append(
            {
                "person": s["person"],
                "name": s["name"],
                "team": s["team"],
                "role": s["role"],
                "game": s["game"],
                "date": s["date"],
                "rule": s["rule"],
                "owed": s["games"],
                "indefinite": s["indefinite"],
                "awaiting": awaiting,
                "served": served,
                "remaining": None if awaiting else s["games"] - served,
                "eligible_from": eligible,
                "eligible_date": dates.get(eligible) if eligible else None,
                "status": "awaiting a decision" if awaiting else "serving" if served else "not started",
                "next": [{"game": g, "date": dates[g], "scheduled": games[g].scheduled} for g in ahead],
            }
        )
    return rows


def grouped(rows: list[dict]) -> list[dict]:
    """The outstanding rows with one row per person and status where a person has several (a head
    coach suspended under league:10.08 for each game an ineligible person played): the group's
    row carries the first suspension's fields, the sums of games owed, served and remaining, the
    last eligible-from, and its `members`; a person with one row keeps it as it is."""
    keyed: dict = {}
    for o in rows:
        keyed.setdefault((o["person"], o["status"]), []).append(o)
    out = []
    for members in keyed.values():
        if len(members) == 1:
            out.append(members[0])
            continue
        first, last = members[0], members[-1]
        awaiting = any(m["awaiting"] for m in members)
        eligible = [m for m in members if m["eligible_from"]]
        latest = max(eligible, key=lambda m: m["eligible_date"] or "") if len(eligible) == len(members) else None
        out.append(
            dict(
                first,
                members=members,
                last_game=last["game"],
                last_date=last["date"],
                rule=first["rule"] if all(m["rule"] == first["rule"] for m in members) else None,
                owed=sum(m["owed"] for m in members),
                served=sum(m["served"] for m in members),
                remaining=None if awaiting else sum(m["remaining"] for m in members),
                awaiting=awaiting,
                indefinite=any(m["indefinite"] for m in members),
                next=_next_of(members),
                eligible_from=latest["eligible_from"] if latest else None,
                eligible_date=latest["eligible_date"] if latest else None,
            )
        )
    return out


def _next_of(members: list[dict]) -> list[dict]:
    """The games a group sits out next: its members', once each, in date order (the next one
    only while one of them awaits a decision: the person sits out until then)."""
    seen: dict = {}
    for m in members:
        for x in m["next"]:
            seen.setdefault(x["game"], x)
    ahead = sorted(seen.values(), key=lambda x: (x["date"], x["game"]))
    return ahead[:1] if any(m["awaiting"] for m in members) else ahead


# --- numbers -------------------------------------------------------------------


def count(suspensions, violations, forfeits, fines) -> dict:
    return {
        "suspensions": len(suspensions),
        "games": sum(s["games"] for s in suspensions),
        "indefinite": sum(1 for s in suspensions if s["indefinite"]),
        "violations": len(violations),
        "forfeits": len(forfeits),
        "fines": len(fines),
        "fine_minimum": sum(f["minimum"] for f in fines),
    }


def summary(data: dict, teams) -> dict:
    """Per team and for the league, the numbers of the audit's result@1 (the report's summary).
    `data` may lack the audit's keys (under a proposal): they count 0."""
    keys = ("suspensions", "violations", "forfeits", "fines")
    by_team: dict = {k: defaultdict(list) for k in keys}
    for k in keys:
        for row in data.get(k, []):
            by_team[k][row["team"]].append(row)
    return {
        "league": count(*(data.get(k, []) for k in keys)),
        "teams": {t: count(*(by_team[k].get(t, []) for k in keys)) for t in teams},
    }


def leagues(season) -> list[dict]:
    """The season's leagues: teams that meet (directly or through others), in team order.
    One league is named as the season names it; several are numbered from 1."""
    groups = parts(season)
    if len(groups) == 1:
        return [{"id": "league", "name": season.league, "teams": list(season.teams)}]
    order = {t: n for n, t in enumerate(season.teams)}
    groups = sorted(groups, key=lambda g: min(order[t] for t in g))
    return [
        {
            "id": f"league-{n}",
            "name": f"League {n} ({g[0]} to {g[-1]})" if len(g) > 1 else f"League {n} ({g[0]})",
            "teams": sorted(g, key=lambda t: order[t]),
        }
        for n, g in enumerate(groups, start=1)
    ]


# --- running totals --------------------------------------------------------------


def line_key(season, position: int, inc) -> tuple:
    """Season order of a line, as asp/definitions.lp's key/3: game, period, time elapsed, sheet order."""
    if inc.period == "pre":
        rank = 0
    elif inc.period == "post":
        rank = 1000
    else:
        rank = season.overtime_number(inc.period)
    if inc.seconds is None:
        elapsed = 0
    elif getattr(inc, "clock", season.settings.clock) == "elapsed":
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


def running_totals(season, proposal=None, policy=None) -> dict:
    """Person -> their lines in season order with penalty minutes and misconduct-class
    penalties, each with the running totals before and after it (for display). The
    lines counted are those By-Law 10 reads under the policy's readings: league play only
    (no exhibition game) unless league_games is "all"."""
    (after, every), rungs = marks_and_rungs(proposal)
    all_games = getattr(policy, "league_games", "league_play") == "all"

    def marks(total: int) -> int:
        return 0 if total <= after else (total - after - 1) // every + 1

    lines = []
    for position, g in enumerate(sorted(season.games, key=lambda g: g.order), start=1):
        for inc in g.incidents:
            if inc.person is not None:  # a team line yields nothing personal
                lines.append((line_key(season, position, inc), g, inc))
    lines.sort(key=lambda x: x[0])
    out: dict = defaultdict(list)
    totals: dict = defaultdict(lambda: [0, 0])
    for _, g, inc in lines:
        minutes = season.minutes(inc)
        misc = sum(1 for p in inc.penalties if p in MISCONDUCT_CLASS)
        counted = all_games or g.kind != "exhibition"  # an exhibition line is shown, not counted
        t = totals[inc.person]
        pb, mb = t
        t[0], t[1] = pb + (minutes if counted else 0), mb + (misc if counted else 0)
        reached = []
        for n in range(mb + 1, t[1] + 1):
            rung = n if n in rungs else (rungs[-1] if rungs and n > rungs[-1] else None)
            if rung is not None:
                reached.append((n, rung))
        out[inc.person].append(
            {
                "game": g,
                "incident": inc,
                "minutes": minutes,
                "misconducts": misc,
                "pim_before": pb,
                "pim_after": t[0],
                "misc_before": mb,
                "misc_after": t[1],
                "marks": [after + k * every for k in range(marks(pb), marks(t[0]))],
                "rungs": reached,
            }
        )
    return dict(out)


# --- everything the report shows, gathered once ------------------------------------

# Up to this many game-sheet lines the report is one file; beyond, a site (a folder).
SINGLE_FILE_LINES = 6_000
# ... and up to this many audit findings (violations, the audit's suspensions) and persons suspended now.
SINGLE_FILE_AUDIT_ROWS = 500

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


class ReportData:
    """What the report shows, computed once from the library's results (no HTML, no addresses):
    `gather()` fills it, the pages (report/view.py) read it."""

    no_audit, no_serving, count_keys = NO_AUDIT, NO_SERVING, COUNT_KEYS
    # filled by gather(), in this order
    trees: dict  # (person, game) -> the explanation tree of the suspension
    result: dict  # the audit's result@1 (under a what-if: the result, with empty audit lists)
    plain: dict | None  # under a what-if, its result@1 as evaluate gives it: the diff's after side
    outstanding: list[dict]  # suspended as of the date (outstanding())
    lines: dict  # person -> running totals (running_totals())
    after: int
    every: int
    rungs: list[int]
    by_team: dict  # team -> key -> rows with their index n
    by_person: dict  # person -> key -> rows with their index n
    serving_of: dict  # (person, game, rule) -> the audit's serving record
    used_108: dict  # (game, team) -> league:10.08 violations
    violations_by_game: dict  # (game, team, rule) -> violations
    persons_of: dict  # team -> persons with a page
    summary: dict
    team_rows: list[dict]
    counts: dict
    audit_suspensions: int
    warnings: list
    leagues: list[dict]
    title: str
    sub: str
    reconciled: dict | None
    class_words: dict

    def __init__(self, season, policy, proposal, as_of: str | None, say, team: str | None = None) -> None:
        self.season, self.policy, self.proposal, self.say = season, policy, proposal, say
        # the report of one team (report --team): its persons' suspensions, its games, its audit findings
        self.team = team
        self.teams = [team] if team is not None else list(season.teams)
        # A what-if: a proposal, or readings other than the defaults. Either opens on what it
        # changes against the current rules read the default way, and leaves serving out.
        self.readings_changed = policy.changed()
        self.whatif = proposal is not None or bool(self.readings_changed)
        self.whatif_name = whatif_name(proposal, self.readings_changed)
        ordered = sorted(season.games, key=lambda g: g.order)
        self.order = {g.id: n for n, g in enumerate(ordered)}
        self.dates = {g.id: g.date for g in ordered}
        self.games_by_id = {g.id: g for g in ordered}
        self.first_day = _dt.date.fromisoformat(ordered[0].date) if ordered else _dt.date(2000, 1, 1)
        self.last_day = _dt.date.fromisoformat(ordered[-1].date) if ordered else self.first_day
        self.as_of = as_of or default_as_of(season)  # the one "now" of status, notices and the report
        self.words = Words(season, policy)
        self.texts = proposal.texts() if proposal is not None else {}

    def fits_one_file(self) -> bool:
        """Small enough to open quickly as one page (its size grows with lines, audit rows and who is
        suspended; a page past a few megabytes is slow to open)."""
        d = self.result
        return (
            sum(len(g.incidents) for g in self.season.games) <= SINGLE_FILE_LINES
            and len(d["violations"]) + len(d["audit_suspensions"]) <= SINGLE_FILE_AUDIT_ROWS
            and len(self.outstanding) <= SINGLE_FILE_AUDIT_ROWS
        )


def whatif_name(proposal, readings_changed: dict) -> str:
    """A what-if as its headings name it: "the proposal: NAME", "the rules read with WORDS"
    (the readings other than the defaults, in words), or both."""
    return " and ".join(
        ([f"the proposal: {proposal.name}"] if proposal is not None else [])
        + ([f"the rules read with {read_with(readings_changed)}"] if readings_changed else [])
    )


def gather(
    season, policy, proposal=None, as_of: str | None = None, progress=None, team: str | None = None
) -> ReportData:
    """Everything the report shows: explanations, the audit (or the what-if's result), who is
    suspended as of the date, every row grouped by team and person, the numbers, the leagues.
    `team` (an id): the report of that team alone (views/render.py's one_team, as `audit --team`)."""
    r = ReportData(season, policy, proposal, as_of, progress or (lambda msg: None), team)
    _solve(r)
    r.say("gathering the report's data ...")
    if team is not None:
        r.result = one_team(r.result, team)
    r.outstanding = outstanding(r.result["serving"], season, r.as_of) if not r.whatif else []
    for o in r.outstanding:
        o["order"] = r.order[o["game"]]
        o["text"] = f"{o['person']} {o['name']} {o['team']}".lower()
    r.lines = running_totals(season, proposal, proposal.apply_policy(policy) if proposal else policy)
    if team is not None:  # its persons' lines (an affiliate's too, where he played for it)
        mine = {p for p, x in season.people.items() if x.team == team}
        mine |= {x["person"] for key in ("suspensions", "serving", "violations") for x in r.result[key]}
        r.lines = {p: x for p, x in r.lines.items() if p in mine}
    (r.after, r.every), r.rungs = marks_and_rungs(proposal)
    _group(r)
    r.persons_of = persons_of(r)
    _numbers(r)
    r.leagues = _leagues(r)
    r.title, r.sub = _title(r)
    _reconcile(r)
    return r


def _solve(r: ReportData) -> None:
    """The explanation of every suspension, and the audit (or, under a what-if, the result alone)."""
    # (here: start-up time: a what-if report runs no audit)
    from hockeyrules.views.audit import audit as run_audit

    r.say("explaining every suspension ...")
    found, r.trees, result = explain_all(r.season, r.policy, proposal=r.proposal)
    r.plain = found.to_dict() if r.whatif else None
    if not r.whatif:
        r.say("auditing serving and eligibility ...")
        r.result = run_audit(r.season, r.policy).to_dict()
    else:
        r.result = dict(
            result, serving=[], violations=[], forfeits=[], fines=[], audit_suspensions=[], affiliate_obligations=[]
        )


def _group(r: ReportData) -> None:
    """Every row grouped by team and person once (never searched per person)."""
    d = r.result
    r.by_team = defaultdict(lambda: defaultdict(list))
    r.by_person = defaultdict(lambda: defaultdict(list))
    for key in ("suspensions", "violations", "forfeits", "fines", "serving", "audit_suspensions"):
        for n, row in enumerate(d[key]):
            row = dict(row, n=n)
            if row.get("team") is not None:
                r.by_team[row["team"]][key].append(row)
            if row.get("person") is not None:
                r.by_person[row["person"]][key].append(row)
    for o in r.outstanding:
        r.by_team[o["team"]]["outstanding"].append(o)
        r.by_person[o["person"]]["outstanding"].append(o)
    r.serving_of = {(s["person"], s["game"], s["rule"]): s for s in d["serving"]}
    r.used_108 = defaultdict(list)
    r.violations_by_game = defaultdict(list)
    for v in d["violations"]:
        r.violations_by_game[(v["game"], v["team"], v["rule"])].append(v)
        if v["rule"] == "league:10.08":
            r.used_108[(v["game"], v["team"])].append(v)


def persons_of(r: ReportData) -> dict:
    """Team -> the persons the report has a page for (a line, a suspension or an audit finding),
    in team and id order."""
    d, season = r.result, r.season
    persons = set(r.lines)
    for key in ("suspensions", "serving", "violations", "audit_suspensions", "affiliate_obligations"):
        persons |= {x["person"] for x in d[key] if x.get("person") is not None}
    persons &= set(season.people)
    out: dict = defaultdict(list)
    for p in sorted(persons, key=lambda p: (season.people[p].team, p)):
        out[season.people[p].team].append(p)
    return out


def _numbers(r: ReportData) -> None:
    """The summary per team and league with who is suspended now, and the headline counts."""
    d, season = r.result, r.season
    r.summary = summary(d, r.teams)
    suspended_now: dict = defaultdict(set)
    for o in r.outstanding:
        suspended_now[o["team"]].add(o["person"])
    for t, c in r.summary["teams"].items():
        c["suspended"] = len(suspended_now.get(t, ()))
    r.summary["league"]["suspended"] = len({o["person"] for o in r.outstanding})
    r.team_rows = [{"id": t, "name": season.teams[t].name, "counts": r.summary["teams"][t]} for t in r.teams]
    r.counts = {
        "suspended": r.summary["league"]["suspended"],
        "serving": sum(1 for o in r.outstanding if not o["awaiting"]),
        "awaiting": sum(1 for o in r.outstanding if o["awaiting"]),
        "persons": len({s["person"] for s in d["suspensions"]}),
    }
    r.audit_suspensions = len(d["audit_suspensions"])
    # a warning carries its line only where the reader knows one (YAML, CSV); the
    # template reads `line` of every warning, so it is there, None for the others
    r.warnings = [{"where": w["where"], "message": w["message"], "line": w.get("line")} for w in d["warnings"]]


def _leagues(r: ReportData) -> list[dict]:
    """Each league with its teams' rows, counts and who of them is suspended now."""
    out = []
    for lg in leagues(r.season):
        if r.team is not None:  # one team: its league, with it alone
            if r.team not in lg["teams"]:
                continue
            lg = dict(lg, teams=[r.team])
        rows = [x for x in r.team_rows if x["id"] in set(lg["teams"])]
        counts = {k: sum(x["counts"][k] for x in rows) for k, _ in COUNT_KEYS}
        now = [o for t in lg["teams"] for o in r.by_team[t]["outstanding"]]
        now.sort(key=lambda o: (o["order"], o["person"], o["rule"] or ""))
        out.append(
            dict(
                lg,
                team_rows=rows,
                counts=counts,
                outstanding=now,
                suspended=len({o["person"] for o in now}),
                awaiting=sum(1 for o in now if o["awaiting"]),
            )
        )
    return out


def _title(r: ReportData) -> tuple[str, str]:
    d = r.result
    title = f"{d['league']} {d['season']}: discipline report"
    sub = f"suspended as of {r.as_of}"  # (a reading other than the default is named with the what-if)
    if r.team is not None:
        name = r.season.teams[r.team].name
        title += f" for {name} ({r.team})" if name else f" for team {r.team}"
        sub = "this team only: its persons' suspensions, their games and the audit's findings against the team; " + sub
    if r.whatif:
        sub += f"; under {r.whatif_name}"
    return title, sub


def _reconcile(r: ReportData) -> None:
    """The league's own record, where the season carries it: did it issue what the rules require?"""
    r.reconciled = None
    if r.season.issued:
        # (here: start-up time: only a season that carries the league's record is reconciled)
        from hockeyrules.office.reconcile import WORDS, reconcile

        r.say("reconciling the league's issued suspensions ...")
        r.reconciled = reconcile(r.season, None, r.policy, proposal=r.proposal, team=r.team)
        r.class_words = WORDS
