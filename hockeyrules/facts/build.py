"""A season and a policy as facts: terms of integers and fixed constants.

No user text ever reaches clingo. Every id (team, person, game, stoppage label:
whatever the season file's user wrote) becomes an integer from a `Names` table
that stays on the Python side; names come back out of that table. The only words
in the facts are constants of the closed vocabulary (codes, roles, kinds),
checked to be plain identifiers, and the predicate names of `INPUT`. So nothing
in a season can add a fact or a rule (tests/test_hostile_text.py).

One serializer (`Facts.add`) writes every fact: its arguments are `int`s
(`Names.id` gives the integer of a text), `Const`s (`const`, `term`) and nothing
else. The facts of one predicate go to clingo as one tuple term, which
`clingo.parse_term` reads in C++ and asp/input.lp unpacks while grounding
(hockeyrules/engine/solver.py): less than half what parsing each fact as a statement of
program text costs, and a term cannot hold a rule.
"""

from __future__ import annotations

import datetime as _dt
import re
from functools import cache, lru_cache

from hockeyrules.model.policy import READINGS, Policy
from hockeyrules.read.season import Season

# Ids are numbered from BASE up, far above every number a season holds (days,
# minutes, seconds, counts), so that a shown atom's ids can be told from its
# numbers and turned back into text (hockeyrules/engine/readback.py). clingo integers are 32 bit.
BASE = 1 << 30

_IDENT = re.compile(r"[a-z][A-Za-z0-9_]*\Z")


class Const(str):
    """Program text that is a fixed constant or a term built only of checked parts."""

    __slots__ = ()


@cache
def const(name: str) -> Const:
    """A constant of the closed vocabulary (an infraction code, a role, a kind)."""
    if type(name) is not str or not _IDENT.match(name):
        raise ValueError(f"not a plain constant: {name!r}")
    return Const(name)


def _check(args: tuple) -> None:
    for a in args:
        t = type(a)
        if t is not int and t is not Const:
            raise TypeError(f"a fact argument must be an int or a Const, not {t.__name__}: {a!r}")


@lru_cache(maxsize=1 << 14)
def term(name: str, *args) -> Const:
    """A function term of ints and constants, e.g. term("at", 3, 540)."""
    _check(args)
    return Const(f"{const(name)}({','.join(map(str, args))})" if args else const(name))


class Names:
    """User text <-> integer, both ways. Built while the facts are written."""

    __slots__ = ("number", "texts")

    def __init__(self):
        self.number: dict = {}
        self.texts: list = []

    def id(self, text: str) -> int:
        n = self.number.get(text)
        if n is None:
            n = self.number[text] = BASE + len(self.texts)
            self.texts.append(text)
        return n

    def text(self, n: int) -> str:
        return self.texts[n - BASE]


class Fact:
    """A fact given by a caller (a focus, a decision): args are ints, Consts, Ids
    or tuples of them."""

    __slots__ = ("name", "args")

    def __init__(self, name: str, *args):
        self.name, self.args = name, args


class Id(str):
    """User text inside a `Fact`: written as its integer."""

    __slots__ = ()


# The input predicates and their arities: asp/input.lp has one rule for each
# (tests/test_facts.py keeps the two equal).
INPUT = {
    "setting": 2,
    "pim": 2,
    "policy": 2,
    "team": 1,
    "person": 3,
    "member": 4,
    "moverline": 3,
    "affiliate": 1,
    "game": 4,
    "gameorder": 2,
    "gameday": 2,
    "scheduled": 1,
    "gameclock": 2,
    "dressedlist": 2,
    "dressed": 3,
    "notlisted": 3,
    "line": 7,
    "penaltyset": 2,
    "writtenstoppage": 3,
    "teamline": 5,
    "teampenalty": 3,
    "decision": 6,
    "focusperson": 1,
    "focusline": 2,
    "focusall": 0,
    "baselayer": 1,
    "bylaw": 2,
    "bylawvalue": 3,
    "bylawinfraction": 2,
    "bylawpenalty": 2,
    "bylawcondition": 2,
    "bylawmarks": 3,
    "bylawrung": 3,
    "bylawadded": 1,
    "bylawrestates": 1,
    "auditbylaw": 2,
}


class Facts:
    """The one serializer: each input predicate's facts as a list of terms."""

    __slots__ = ("names", "terms", "count")

    def __init__(self, names: Names | None = None):
        self.names = names if names is not None else Names()
        self.terms: dict = {}
        self.count = 0

    def add(self, name: str, *args) -> None:
        _check(args)
        if INPUT.get(name) != len(args):
            raise ValueError(f"not an input predicate: {name!r}/{len(args)} (hockeyrules/facts/build.py, INPUT)")
        out = self.terms.get(name)
        if out is None:
            out = self.terms[name] = []
        out.append(f"{name}({','.join(map(str, args))})" if args else name)
        self.count += 1

    def add_fact(self, fact: Fact) -> None:
        self.add(fact.name, *map(self._arg, fact.args))

    def _arg(self, a):
        if type(a) is Id:
            return self.names.id(a)
        if type(a) is tuple:  # a tuple term: (a, b, ...)
            parts = tuple(map(self._arg, a))
            _check(parts)
            return Const(f"({','.join(map(str, parts))}{',' if len(parts) == 1 else ''})")
        return a

    def given(self) -> dict:
        """Each predicate's facts as the text of one tuple term, for clingo.parse_term."""
        return {name: f"({','.join(terms)},)" for name, terms in sorted(self.terms.items()) if terms}

    def text(self) -> str:
        """The facts as program text (for reading them: the solver takes given())."""
        return "".join(f"{t}.\n" for _, terms in sorted(self.terms.items()) for t in terms)

    def clear(self) -> None:
        self.terms = {}


def policy_facts(policy: Policy, out: Facts) -> None:
    """policy(Fact, Value) for every reading (hockeyrules/model/policy.py's register)."""
    for r in READINGS:
        value = r.constant(getattr(policy, r.name))
        out.add("policy", const(r.fact), value if type(value) is int else const(value))


def season_facts(season: Season, out: Facts, line_ups: bool = False, dates: bool = True) -> None:
    """The season as facts. The rules read a game's dressed list only to find its
    head coaches; the full line-ups (`line_ups`) are for the audit and a proposal's
    own rules (hockeyrules/engine/run.py, run). The book's rules read no game's date, only
    its place in season order: gameday/2 (`dates`) is for the audit and a proposal
    (its effective date, its own rules)."""
    s = season.settings
    ids = out.names.id
    out.add("setting", const("clock"), const(s.clock))
    out.add("setting", const("periodminutes"), int(s.period_minutes))
    out.add("setting", const("regulationperiods"), int(s.regulation_periods))
    out.add("setting", const("rosterlimit"), int(s.roster_limit))
    out.add("setting", const("maxaffiliategames"), int(s.max_affiliate_games))
    for kind, minutes in sorted(s.pim.items()):
        out.add("pim", const(kind), int(minutes))
    for team in season.teams.values():
        out.add("team", ids(team.id))
    movers = False
    for p in season.people.values():
        if p.teams:
            # a person who changes team: a person/3 fact for each of his teams and his
            # memberships by day (asp/membership.lp); only he costs more
            movers = True
            for team in dict.fromkeys(m.team for m in p.teams):
                out.add("person", ids(p.id), ids(team), const(p.role))
            for m in p.teams:
                start = _day(m.start) if m.start is not None else _FIRST_DAY
                end = _day(m.end) if m.end is not None else _LAST_DAY
                out.add("member", ids(p.id), ids(m.team), start, end)
        else:
            out.add("person", ids(p.id), ids(p.team), const(p.role))
        if p.affiliate:
            out.add("affiliate", ids(p.id))
    # a mover's team is read on each game's date: every game's date is given then
    dates = dates or movers
    parts = _LineParts(season)
    for position, g in enumerate(sorted(season.games, key=lambda g: g.order), start=1):
        game_facts(season, g, position, out, line_ups, dates, parts)


_ORDINAL_CACHE: dict = {}
# the open ends of a membership, as day numbers (the first and the last day there is)
_FIRST_DAY, _LAST_DAY = _dt.date.min.toordinal(), _dt.date.max.toordinal()


def _day(date: str) -> int:
    n = _ORDINAL_CACHE.get(date)
    if n is None:
        n = _ORDINAL_CACHE[date] = _dt.date.fromisoformat(date).toordinal()
    return n


class _LineParts:
    """The text of the parts millions of lines repeat, each made once per season: a
    time (`at(2,540)`, `pre`), a code, and a penalty list (its number, given with its
    penalties as penaltyset/2 facts when first met, and its default minutes). The same
    checked parts as add() writes: ints from int(), Consts from const() and term()."""

    __slots__ = ("season", "whens", "codes", "penalties", "coaches", "movers")

    def __init__(self, season: Season):
        self.season = season
        self.movers: dict = {p.id: p for p in season.people.values() if p.teams}  # persons who change team
        self.coaches: dict = {}  # team -> its head coaches, in the season's order
        for pid, p in season.people.items():
            if p.role == "head_coach":
                for team in dict.fromkeys(m.team for m in p.teams) if p.teams else (p.team,):
                    self.coaches.setdefault(team, []).append(pid)
        self.whens: dict = {}  # (period, seconds) -> text
        self.codes: dict = {}  # infraction -> Const
        self.penalties: dict = {}  # penalty tuple -> (",number)" ending, default minutes)

    def when(self, period, seconds) -> str:
        if period == "pre" or period == "post":
            text = const(period)
        else:  # term("at", ...)'s checks and text without its cache (most times of a season
            # come once) or its general join (term.__wrapped__: 9.5 M instructions more at 1x)
            at = (self.season.overtime_number(period), seconds)
            _check(at)
            text = Const(f"at({at[0]},{at[1]})")
        self.whens[(period, seconds)] = text
        return text

    def code(self, infraction: str) -> Const:
        text = self.codes[infraction] = const(infraction)
        return text

    def penalty_list(self, penalties: tuple, out: Facts) -> tuple:
        pim = self.season.settings.pim
        number = len(self.penalties) + 1
        for p in penalties:
            out.add("penaltyset", number, const(p))
        known = self.penalties[penalties] = (f",{number})", int(sum(pim[p] for p in penalties)))
        return known


def game_facts(season: Season, g, position: int, out: Facts, line_ups: bool, dates: bool, parts: _LineParts) -> None:
    ids, add, terms = out.names.id, out.add, out.terms
    gid = ids(g.id)
    # a game's own facts, written directly like its lines below (ints, Consts)
    terms.setdefault("game", []).append(f"game({gid},{ids(g.home)},{ids(g.away)},{const(g.kind)})")
    terms.setdefault("gameorder", []).append(f"gameorder({gid},{int(position)})")
    out.count += 2
    if dates:
        terms.setdefault("gameday", []).append(f"gameday({gid},{_day(g.date)})")
        out.count += 1
    if g.scheduled:
        add("scheduled", gid)
    if g.clock is not None:
        add("gameclock", gid, const(g.clock))
    if g.dressed:
        # The book's rules read a line-up only for its head coaches, and a head coach is
        # almost always on it: notlisted/3 gives the few who are not, instead of two facts
        # for every team's list (dressedlist/2 and the coach's dressed/3). The whole
        # line-up (`line_ups`) is for the audit and a proposal's own rules.
        notlisted = terms.setdefault("notlisted", [])
        if line_ups:
            lists, dressed = terms.setdefault("dressedlist", []), terms.setdefault("dressed", [])
        for team, persons in g.dressed.items():
            tid = ids(team)
            if line_ups:
                lists.append(f"dressedlist({gid},{tid})")
                dressed.extend(f"dressed({gid},{tid},{ids(pid)})" for pid in persons)
                out.count += 1 + len(persons)
            for coach in parts.coaches.get(team, ()):
                if coach not in persons:
                    notlisted.append(f"notlisted({gid},{tid},{ids(coach)})")
                    out.count += 1
    # The lines, a season's bulk, are written here directly, not through add(): the same
    # text, of the same parts only (ints from int() and Names, Consts from const/term),
    # each repeated part made once (_LineParts).
    lines = terms.setdefault("line", [])
    whens, codes, penalty_lists, number = parts.whens, parts.codes, parts.penalties, out.names.number
    movers = parts.movers
    written = 0
    for inc in g.incidents:
        i = int(inc.number)
        when = whens.get((inc.period, inc.seconds)) or parts.when(inc.period, inc.seconds)
        if inc.person is None:
            # a team line: nothing personal (no minutes); its penalties apart
            add("teamline", gid, i, ids(inc.team), const(inc.infraction), when)
            for pen in inc.penalties:
                add("teampenalty", gid, i, const(pen))
            continue
        ending, minutes = penalty_lists.get(inc.penalties) or parts.penalty_list(inc.penalties, out)
        if inc.minutes is not None:
            minutes = int(inc.minutes)
        # one fact per line, its penalties by number (asp/definitions.lp unfolds it): facts
        # cost more than atoms
        person = number.get(inc.person) or ids(inc.person)
        lines.append(
            f"line({gid},{i},{person},{codes.get(inc.infraction) or parts.code(inc.infraction)},{when},{minutes}"
            + ending
        )
        written += 1
        if inc.stoppage is not None:
            add("writtenstoppage", gid, i, ids(inc.stoppage))
        if movers and inc.person in movers:
            # the team of a mover's line: his team on the game's date (asp/membership.lp;
            # the reader checked that it plays the game)
            add("moverline", gid, i, ids(movers[inc.person].team_on(g.date)))
    out.count += written


def decision_facts(season: Season) -> list:
    """League decisions (10.01C): decision(K, P, (G, Kind), Action, Games, Day)."""
    return [
        Fact(
            "decision",
            d.index,
            Id(d.person),
            (Id(d.game), const("ineligible" if d.rule == "league:10.08" else "rules")),
            const(d.action),
            int(d.games),
            _day(d.date),
        )
        for d in season.decisions
    ]
