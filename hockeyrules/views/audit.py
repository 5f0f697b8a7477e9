"""The audit: serving, ineligible persons used, forfeits, fines, league decisions.

The rules of the audit are asp/audit_serving.lp and asp/audit_eligibility.lp;
this module adds the season's decisions as facts, solves once, and lays the
answer out as the result@1 keys `serving`, `violations`, `forfeits`, `fines`,
`audit_suspensions` and `affiliate_obligations`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from clingo import Number

from hockeyrules.engine.parallel.processes import map_forked
from hockeyrules.engine.parts import chunks, merge, parts, split
from hockeyrules.engine.result import Result
from hockeyrules.engine.result import where_key as _where_key
from hockeyrules.engine.run import as_policy, as_proposal, as_season, run
from hockeyrules.facts.build import decision_facts
from hockeyrules.model.errors import InputError, Problem
from hockeyrules.model.policy import Policy
from hockeyrules.read.season import Season
from hockeyrules.types import ProposalSource, SeasonSource
from hockeyrules.views.wording import violation_words

AUDIT_PROGRAMS = ("audit_serving.lp", "audit_eligibility.lp", "audit_show.lp")
# What this module reads from the model (asp/audit_show.lp)
AUDIT_ATOMS = frozenset(
    (
        "sus",
        "notstarted",
        "servedin",
        "servedcount",
        "complete",
        "eligiblefrom",
        "finalopen",
        "finallength",
        "servedinfull",
        "sitsin",
        "ineligible",
        "forfeit",
        "fine",
        "coachsuspended",
        "nocoachfor108",
        "affiliateowes",
        "lostspot",
        "rosterviolation",
        "doubleheaderviolation",
        "decisionerror",
        "position",
    )
)
FINE_MINIMUM = 200


def serving_stages(season: Season) -> list:
    """The program parts of asp/audit_serving.lp in grounding order: a team game at a
    time (carry(n), step(n), exhibitions included) up to the most games any team has,
    then finish."""
    counts: dict = defaultdict(int)
    for g in season.games:
        counts[g.home] += 1
        counts[g.away] += 1
    most = max(counts.values(), default=0)
    # a person who changes team has a schedule of his own, numbered up to 0
    # (asp/audit_serving.lp): its rounds come first
    first = 1
    for p in season.people.values():
        if p.teams:
            own = sum(1 for g in season.games if p.team_on(g.date) in (g.home, g.away))
            first = min(first, 1 - own)
    stages = []
    for n in range(first, most + 1):
        stages += [("carry", [Number(n)]), ("step", [Number(n)])]
    return stages + [("finish", [])]


def _source(sym) -> tuple[str, str]:
    game, kind = sym.arguments
    return game.string, kind.name


@dataclass
class Audit:
    """The audit's findings, beside the suspensions of the rules."""

    result: Result
    serving: list = field(default_factory=list)
    violations: list = field(default_factory=list)
    forfeits: list = field(default_factory=list)
    fines: list = field(default_factory=list)
    audit_suspensions: list = field(default_factory=list)
    affiliate_obligations: list = field(default_factory=list)

    def to_dict(self) -> dict:
        out = self.result.to_dict()
        out["serving"] = self.serving
        out["violations"] = self.violations
        out["forfeits"] = self.forfeits
        out["fines"] = self.fines
        out["audit_suspensions"] = self.audit_suspensions
        out["affiliate_obligations"] = self.affiliate_obligations
        return out


class _Reader:
    def __init__(self, season: Season, result: Result, symbols):
        self.season, self.result = season, result
        self.games = {g.id: g for g in season.games}
        self.order = {g.id: n for n, g in enumerate(sorted(season.games, key=lambda g: g.order))}
        self.atoms = defaultdict(list)
        for s in symbols:
            name = s.name
            if name in AUDIT_ATOMS:  # the rules' own atoms are read by result.read_model
                self.atoms[name].append(s.arguments)
        self.position = {(t.string, n.number): g.string for t, n, g in self.atoms["position"]}

    def game_key(self, game: str) -> int:
        return self.order[game]

    def decision_errors(self) -> list[Problem]:
        words = {
            "nosuchsuspension": "names no suspension: the person has none for that game "
            "(add rule: league:10.08 for the audit's coach suspension)",
            "notindefinite": "sets the length of a suspension that is not indefinite (use add_games)",
        }
        problems = []
        for k, why in self.atoms["decisionerror"]:
            d = self.season.decisions[k.number]
            if why.name == "belowminimum":
                text = f"sets {d.games} games, below the suspension's minimum of {why.arguments[0].number}"
            else:
                text = words[why.name]
            problems.append(Problem(d.where, text, d.line))
        return sorted(problems, key=lambda p: p.where)


def _person(season: Season, pid: str, date: str | None = None) -> dict:
    """A person as the audit lists him: for one who changes team, the team of the date."""
    p = season.people[pid]
    team = (p.team_on(date) or p.team) if date is not None else p.team
    return {"person": pid, "name": p.name, "team": team, "role": p.role}


# A season of many leagues is audited part by part (hockeyrules/engine/parts.py: teams
# that never meet share nothing the audit reads), in parallel, from this many lines.
AUDIT_CHUNK_LINES = 6_000
AUDIT_PARALLEL_LINES = 6_000


def audit(season: SeasonSource, policy: Policy | None = None, proposal: ProposalSource = None, **options: Any) -> Audit:
    """Serving and eligibility of a season (By-Laws 10.01B, 10.01C, 10.03, 10.07, 10.08)."""
    season, policy = as_season(season), as_policy(policy, options)
    proposal = as_proposal(proposal)
    lines = sum(len(g.incidents) for g in season.games)
    # (here, beside its use: loaded already, so it costs nothing)
    from hockeyrules.engine.parallel.processes import start_method

    # in parallel where workers are forked (they read the parts left in this module)
    if (
        lines >= AUDIT_PARALLEL_LINES
        and not (proposal is not None and proposal.rules)
        and start_method() == "fork"
        and len(parts(season)) > 1
    ):
        found = _audit_parallel(season, policy, proposal)
    else:
        found = [_audit_part(season, policy, proposal)]
    errors = [e for _, errs in found for e in errs]
    if errors:
        raise InputError(season.source, sorted(errors, key=lambda p: p.where))
    if len(found) == 1:
        a = found[0][0]
    else:
        a = Audit(merge(season, policy, [x.result for x, _ in found]))
        a.result.proposal = None if proposal is None else proposal.name
        for x, _ in found:
            for key in ("serving", "violations", "forfeits", "fines", "audit_suspensions", "affiliate_obligations"):
                getattr(a, key).extend(getattr(x, key))
    _sort(a, season)
    return a


def _sort(a: Audit, season: Season) -> None:
    """Every list in season order (a part's lists are merged into the season's)."""
    order = {g.id: g.order for g in season.games}
    a.result.warnings.sort(key=_where_key)
    a.serving.sort(key=lambda x: (order[x["game"]], x["person"], x["rule"] is None))
    a.violations.sort(key=lambda v: (order[v["game"]], v["team"], v["rule"], v["person"] or "", v["message"]))
    a.forfeits.sort(key=lambda x: (order[x["game"]], x["team"]))
    a.fines.sort(key=lambda x: (order[x["game"]], x["team"]))
    a.audit_suspensions.sort(key=lambda x: (order[x["game"]], x["person"]))
    a.affiliate_obligations.sort(key=lambda x: (order[x["game"]], x["person"]))


def _audit_chunk(part: Season, policy: Policy, proposal) -> tuple[Audit, list]:
    a, errors = _audit_part(part, policy, proposal)
    a.result.cases = {}  # only explanations read them: not sent back
    return a, errors


def _audit_parallel(season: Season, policy: Policy, proposal) -> list:
    return map_forked(_audit_chunk, split(season, chunks(season, AUDIT_CHUNK_LINES)), policy, proposal)


def _audit_part(season: Season, policy: Policy, proposal) -> tuple[Audit, list]:
    """One solve: the audit of a season (or of one part of it) and its decision errors."""
    result, symbols = run(
        season,
        policy,
        decision_facts(season),
        AUDIT_PROGRAMS,
        proposal=proposal,
        line_ups=True,
        stages=serving_stages(season),
    )
    r = _Reader(season, result, symbols)
    errors = r.decision_errors()
    if errors:
        return Audit(result), errors
    a = Audit(result)
    games = r.games

    # Who was used while ineligible, per game and team.
    ineligible = defaultdict(list)
    for g, t, p, why in r.atoms["ineligible"]:
        ineligible[(g.string, t.string)].append((p.string, why))

    # Serving, per suspension.
    served_in = defaultdict(list)
    for p, s, g in r.atoms["servedin"]:
        served_in[(p.string, _source(s))].append(g.string)
    counts = {(p.string, _source(s)): x.number for p, s, x in r.atoms["servedcount"]}
    complete = {(p.string, _source(s)) for p, s in r.atoms["complete"]}
    eligible = {(p.string, _source(s)): g.string for p, s, g in r.atoms["eligiblefrom"]}
    notstarted = {(p.string, _source(s)) for p, s in r.atoms["notstarted"]}
    lengths = {(p.string, _source(s)): n.number for p, s, n in r.atoms["finallength"]}
    open_at_end = {(p.string, _source(s)) for p, s in r.atoms["finalopen"]}
    full = {(p.string, _source(s)) for p, s in r.atoms["servedinfull"]}
    to_sit = defaultdict(list)
    for p, s, g in r.atoms["sitsin"]:
        to_sit[(p.string, _source(s))].append(g.string)
    by_key = {(s.person, s.game): s for s in result.suspensions}
    decisions = defaultdict(list)
    for d in season.decisions:
        kind = "ineligible" if d.rule == "league:10.08" else "rules"
        decisions[(d.person, (d.game, kind))].append(d)

    scheduled = any(g.scheduled for g in season.games)
    for p, s in sorted(
        r.atoms["sus"], key=lambda x: (r.game_key(x[1].arguments[0].string), x[0].string, x[1].arguments[1].name)
    ):
        pid, (gid, kind) = p.string, _source(s)
        key = (pid, (gid, kind))
        rules_susp = by_key.get((pid, gid)) if kind == "rules" else None
        indefinite = rules_susp.indefinite if rules_susp else True
        minimum = rules_susp.games if rules_susp else 0
        decided = [
            {
                "date": d.date,
                "set_games" if d.action == "setlength" else "add_games": d.games,
                "reason": d.reason,
                "where": d.where,
            }
            for d in decisions.get(key, [])
        ]
        length = None if (indefinite and (key in open_at_end or key not in lengths)) else lengths.get(key, minimum)
        if key in notstarted:
            status = "not yet served: no later regular or playoff game of the team"
        elif key in full:
            status = "complete"
        elif key in complete:
            status = "to be served in scheduled games"
        elif length is None:
            status = "indefinite: served until a league decision sets its length"
        else:
            status = "not yet served in full at the end of the data"
        a.serving.append(
            {
                **_person(season, pid, games[gid].date),
                "game": gid,
                "date": games[gid].date,
                "rule": "league:10.08" if kind == "ineligible" else None,
                "games": length if length is not None else minimum,
                "indefinite": indefinite,
                "length_set": length is not None,
                "decisions": decided,
                "served": counts.get(key, 0),
                "served_in": sorted(served_in[key], key=r.game_key),
                "complete": key in full,
                "eligible_from": eligible.get(key),
                "status": status,
                **({"to_serve_in": sorted(to_sit[key], key=r.game_key)} if scheduled else {}),
            }
        )

    # Violations.
    for (gid, team), persons in sorted(ineligible.items(), key=lambda x: (r.game_key(x[0][0]), x[0][1])):
        for pid, why in sorted(persons, key=lambda x: x[0]):
            a.violations.append(_ineligible_violation(season, games[gid], team, pid, why))
    for g, t, x, limit in r.atoms["rosterviolation"]:
        gid, team = g.string, t.string
        holders = sorted(
            {
                (p.string, g0.string)
                for t2, n, p, g0 in r.atoms["lostspot"]
                if t2.string == team and _position_game(r, team, n.number) == gid
            }
        )
        a.violations.append(
            {
                "kind": "roster-spot",
                "rule": "league:10.03",
                "game": gid,
                "date": games[gid].date,
                "team": team,
                "person": None,
                "dressed": x.number,
                "allowed": limit.number,
                "holders": [{"person": p, "game": g0} for p, g0 in holders],
            }
        )
    for g, t, aff, p in r.atoms["doubleheaderviolation"]:
        gid, team = g.string, t.string
        a.violations.append(
            {
                "kind": "double-header",
                "rule": "league:10.07",
                "game": gid,
                "date": games[gid].date,
                "team": team,
                "person": aff.string,
                "sitting_out": p.string,
            }
        )
    for v in a.violations:
        v["message"] = violation_words(v)  # the ids' sentence; views say it with names
    a.violations.sort(key=lambda v: (r.game_key(v["game"]), v["team"], v["rule"], v["person"] or "", v["message"]))

    # Forfeits, fines, and the coach suspensions the audit creates.
    for g, t in sorted(r.atoms["forfeit"], key=lambda x: (r.game_key(x[0].string), x[1].string)):
        gid, team = g.string, t.string
        a.forfeits.append(
            {
                "game": gid,
                "date": games[gid].date,
                "team": team,
                "rule": "league:10.08",
                "persons": sorted(p for p, _ in ineligible[(gid, team)]),
            }
        )
    for g, t, amount in sorted(r.atoms["fine"], key=lambda x: (r.game_key(x[0].string), x[1].string)):
        a.fines.append(
            {
                "game": g.string,
                "date": games[g.string].date,
                "team": t.string,
                "rule": "league:10.08",
                "minimum": amount.number,
                "currency": "CAD",
            }
        )
    for c, g in sorted(r.atoms["coachsuspended"], key=lambda x: (r.game_key(x[1].string), x[0].string)):
        pid, gid = c.string, g.string
        team = season.people[pid].team_on(games[gid].date) or season.people[pid].team
        a.audit_suspensions.append(
            {
                **_person(season, pid, games[gid].date),
                "game": gid,
                "date": games[gid].date,
                "games": 0,
                "indefinite": True,
                "governing_games": 0,
                "league_games": 0,
                "components": [
                    {
                        "rule": "league:10.08",
                        "layer": "league",
                        "games": 0,
                        "indefinite": True,
                        "late": False,
                        "incident": None,
                        "team_event": team,
                    }
                ],
            }
        )
    for g, t in r.atoms["nocoachfor108"]:
        result.warnings.append(
            Problem(
                games[g.string].where,
                f"league:10.08 suspends the head coach of "
                f"{t.string} for game {g.string}, but the team "
                f"has no head coach for that game",
            )
        )
    # Affiliates (10.01B): what they owe their registered team, reported only.
    for p, g, gov in sorted(r.atoms["affiliateowes"], key=lambda x: (r.game_key(x[1].string), x[0].string)):
        pid, gid = p.string, g.string
        s = by_key[(pid, gid)]
        a.affiliate_obligations.append(
            {
                **_person(season, pid, games[gid].date),
                "registered_team": season.people[pid].registered_team,
                "game": gid,
                "date": games[gid].date,
                "governing_games": gov.number,
                "indefinite": s.indefinite,
                "rule": "league:10.01B",
                "note": "to be served with the registered team under Hockey Manitoba rules (outside the data: "
                "not checked)",
            }
        )
    return a, []


def _position_game(r: _Reader, team: str, n: int) -> str | None:
    return r.position.get((team, n))


def _ineligible_violation(season: Season, game, team: str, pid: str, why) -> dict:
    base = {"rule": "league:10.08", "game": game.id, "date": game.date, "team": team, "person": pid}
    if why.name == "suspended":
        (sgame, kind), done = _source(why.arguments[0]), why.arguments[1].number
        return {
            **base,
            "kind": "ineligible-suspended",
            "suspension": {"person": pid, "game": sgame, "rule": "league:10.08" if kind == "ineligible" else None},
            "served_before": done,
        }
    if why.name == "notrostered":
        return {**base, "kind": "ineligible-not-rostered", "rostered_with": why.arguments[0].string}
    n, limit = (x.number for x in why.arguments)
    return {**base, "kind": "ineligible-affiliate-limit", "count": n, "limit": limit}
