"""A season and a policy as clingo symbols.

User text (ids, names, stoppage labels) only ever travels inside clingo.String;
codes from the closed vocabulary become constants after validation.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterator
from functools import lru_cache

from clingo import Function, Symbol
from clingo import Number as _Number
from clingo import String as _String

from .policy import READINGS, Policy
from .season import Season

# Building a clingo symbol from Python costs microseconds; a season repeats the same
# ids, codes and small numbers millions of times, so each is built once.
_const = lru_cache(maxsize=None)(lambda name: Function(name))
Number = lru_cache(maxsize=4096)(_Number)
String = lru_cache(maxsize=1 << 16)(_String)


def _fact(name: str, *args) -> Symbol:
    return Function(name, args)


def policy_facts(policy: Policy) -> Iterator[Symbol]:
    """policy(Fact, Value) for every reading (hockeyrules/policy.py's register)."""
    for r in READINGS:
        value = r.constant(getattr(policy, r.name))
        yield _fact("policy", _const(r.fact), Number(value) if isinstance(value, int) else _const(value))


def season_facts(season: Season, line_ups: bool = False) -> Iterator[Symbol]:
    """The season as facts. The rules read a game's dressed list only to find its
    head coaches; the full line-ups (`line_ups`) are for the audit."""
    s = season.settings
    yield _fact("setting", _const("clock"), _const(s.clock))
    yield _fact("setting", _const("periodminutes"), Number(s.period_minutes))
    yield _fact("setting", _const("regulationperiods"), Number(s.regulation_periods))
    yield _fact("setting", _const("rosterlimit"), Number(s.roster_limit))
    yield _fact("setting", _const("maxaffiliategames"), Number(s.max_affiliate_games))
    for kind, minutes in sorted(s.pim.items()):
        yield _fact("pim", _const(kind), Number(minutes))
    for team in season.teams.values():
        yield _fact("team", String(team.id))
    for p in season.people.values():
        yield _fact("person", String(p.id), String(p.team), _const(p.role))
        if p.affiliate:
            yield _fact("affiliate", String(p.id))
    for position, g in enumerate(sorted(season.games, key=lambda g: g.order), start=1):
        yield from game_facts(season, g, position, line_ups)


def game_facts(season: Season, g, position: int, line_ups: bool = False) -> Iterator[Symbol]:
    gid = String(g.id)
    yield _fact("game", gid, String(g.home), String(g.away), _const(g.kind))
    yield _fact("gameorder", gid, Number(position))
    yield _fact("gameday", gid, Number(_dt.date.fromisoformat(g.date).toordinal()))
    if g.scheduled:
        yield _fact("scheduled", gid)
    if g.clock is not None:
        yield _fact("gameclock", gid, _const(g.clock))
    for team, persons in (g.dressed or {}).items():
        yield _fact("dressedlist", gid, String(team))
        for pid in persons:
            if line_ups or season.people[pid].role == "head_coach":
                yield _fact("dressed", gid, String(team), String(pid))
    pre, post = _const("pre"), _const("post")
    for inc in g.incidents:
        i = Number(inc.number)
        if inc.period == "pre":
            when = pre
        elif inc.period == "post":
            when = post
        else:
            when = Function("at", (Number(season.overtime_number(inc.period)), Number(inc.seconds)))
        if inc.person is None:
            # a team line: nothing personal (no minutes); its penalties apart
            yield _fact("teamline", gid, i, String(inc.team), _const(inc.infraction), when)
            for pen in inc.penalties:
                yield _fact("teampenalty", gid, i, _const(pen))
            continue
        minutes = season.minutes(inc)
        # one fact per line (asp/definitions.lp unfolds it): facts cost more than atoms
        yield _fact("line", gid, i, String(inc.person), _const(inc.infraction), when, Number(minutes))
        for pen in inc.penalties:
            yield _fact("penalty", gid, i, _const(pen))
        if inc.stoppage is not None:
            yield _fact("writtenstoppage", gid, i, String(inc.stoppage))


def decision_facts(season: Season) -> Iterator[Symbol]:
    """League decisions (10.01C): decision(K, P, (G, Kind), Action, Games, Day)."""
    for d in season.decisions:
        target = Function("", [String(d.game), _const("ineligible" if d.rule == "league:10.08" else "rules")])
        day = Number(_dt.date.fromisoformat(d.date).toordinal())
        yield _fact("decision", Number(d.index), String(d.person), target, _const(d.action), Number(d.games), day)
