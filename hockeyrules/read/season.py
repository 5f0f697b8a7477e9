"""The season model (format hockeyrules/season@1) and its validation.

The whole file is checked before anything is computed: every problem is
collected with its location, and an InputError carries them all.
"""

from __future__ import annotations

import os
import re
from dataclasses import field
from typing import Any

from hockeyrules.model import guard
from hockeyrules.model import vocabulary as vocab
from hockeyrules.model.collection import paused
from hockeyrules.model.errors import InputError
from hockeyrules.model.guard import shown
from hockeyrules.model.records import record
from hockeyrules.read.checks import Checker as _Checker
from hockeyrules.read.checks import date_field as _date
from hockeyrules.read.checks import known
from hockeyrules.read.loader import Located, read, render_path

FORMAT = "hockeyrules/season@1"
# One shared object per code and per penalty list: millions of lines repeat them.
_CODES = {code: code for code in vocab.INFRACTIONS}
_PENALTY_SETS: dict = {}
_CLOCK_RE = re.compile(r"^([0-9]{1,3}):([0-9]{2})$")  # 0-9 only: '²' is a digit to Python
_START_RE = re.compile(r"^([0-9]{1,2}):([0-9]{2})$")


@record(frozen=True)
class Settings:
    """The season's settings: the clock, the period length, penalty minutes, limits."""

    clock: str
    period_minutes: int = 20
    regulation_periods: int = 3
    roster_limit: int = 20
    max_affiliate_games: int = 10
    pim: dict = field(default_factory=lambda: dict(vocab.DEFAULT_PIM))
    rulebook: str | None = None  # a built-in rulebook's name, or a rulebook file's path (docs/rulebooks.md)


# The records a season holds by the million are slotted dataclasses that are not
# frozen: read them, never change them (dataclasses.replace makes a changed copy). A
# frozen one sets each field through object.__setattr__ (2.1 us a line, against 0.26);
# a named tuple is built as fast but reads each field about 2.4 times as slowly.
@record(slots=True)
class Team:
    """A team of the season."""

    id: str
    name: str


@record(frozen=True)
class Membership:
    """A person's membership of a team from a date to a date (both included; None: open)."""

    team: str
    start: str | None
    end: str | None
    where: str  # people[3].teams[1]

    def holds(self, date: str) -> bool:
        return (self.start is None or self.start <= date) and (self.end is None or date <= self.end)


@record(slots=True)
class Person:
    """A person on a team's roster: a player or a team official. A person who changes
    team during the season (a mover) has his `teams`, by date; `team` is then the team
    the file names, else his latest. Everyone else has `teams` empty."""

    id: str
    name: str
    team: str
    role: str
    affiliate: bool = False
    registered_team: str | None = None
    teams: tuple = ()  # Membership records, in date order: only for a person who changes team

    def team_on(self, date: str) -> str | None:
        """The team the person belonged to on that date (None: none that day)."""
        if not self.teams:
            return self.team
        for m in self.teams:
            if m.holds(date):
                return m.team
        return None

    def memberships(self) -> str:
        """The memberships in words: 'A to 2025-10-31, B from 2025-11-01'."""
        return ", ".join(_membership_words(m) for m in self.teams) or repr(self.team)


def _membership_words(m: Membership) -> str:
    if m.start and m.end:
        return f"{m.team!r} {m.start} to {m.end}"
    if m.start:
        return f"{m.team!r} from {m.start}"
    if m.end:
        return f"{m.team!r} to {m.end}"
    return repr(m.team)


@record(slots=True)
class Incident:
    """One line of a game sheet: a person's (or a team's) infraction and penalties."""

    number: int  # 1-based position in the game's incidents list
    person: str | None  # None on a team line
    period: Any  # as written: an int, "OT", "pre" or "post"
    time: str | None  # as written, mm:ss
    seconds: int | None
    infraction: str
    penalties: tuple
    minutes: int | None  # as written; None: the settings' pim apply
    stoppage: str | None
    where: str  # where in the file: games[3].incidents[1]
    line: int | None
    team: str | None = None  # a team line: the team it names (person is None)
    clock: str = "remaining"  # how its time is written: the game's clock, else settings.clock

    @property
    def phase(self) -> str:
        return self.period if self.period in ("pre", "post") else "game"


@record(slots=True)
class Game:
    """One game sheet: the teams, the date, the line-ups and the lines."""

    id: str
    index: int  # 0-based position in the file
    date: str
    start: str | None
    home: str
    away: str
    kind: str
    dressed: dict | None
    incidents: tuple
    where: str
    line: int | None
    clock: str | None = None  # the game's own clock, where it is not settings.clock
    scheduled: bool = False  # status: scheduled (not yet played): where suspensions will be served

    @property
    def order(self) -> tuple:
        """Season order: date, start (a game without one first), file order."""
        return (self.date, self.start is not None, self.start or "", self.index)


@record(frozen=True)
class Decision:
    """A league decision (By-Law 10.01C) on the suspension person + game."""

    index: int
    person: str
    game: str
    rule: str | None  # "league:10.08": the audit's coach suspension of that game
    action: str  # setlength | addgames
    games: int
    date: str
    reason: str
    where: str
    line: int | None


@record(hashable=False)
class Season:
    """A league's season, read and checked: teams, people, games, decisions."""

    league: str
    season: str
    settings: Settings
    teams: dict
    people: dict
    games: list
    decisions: list
    warnings: list
    source: str = "<season>"
    issued: list = field(default_factory=list)  # suspensions the league issued (hockeyrules/read/issued.py)

    def minutes(self, inc: Incident) -> int:
        """A line's penalty minutes: as written, else the format's default (settings.pim summed)."""
        if inc.minutes is not None:
            return inc.minutes
        pim = self.settings.pim
        return sum(pim[p] for p in inc.penalties)

    def overtime_number(self, period) -> int | None:
        """Numeric period of an incident in the game ("OT": the first overtime)."""
        if period == "OT":
            return self.settings.regulation_periods + 1
        return period if isinstance(period, int) else None


_kind = guard.kind

_TOP = ("format", "league", "season", "settings", "teams", "people", "games", "decisions", "issued")
_SETTINGS = ("clock", "period_minutes", "regulation_periods", "roster_limit", "max_affiliate_games", "pim", "rulebook")
_TEAM = ("id", "name")
_PERSON = ("id", "name", "team", "role", "affiliate", "registered_team", "teams")
_MEMBERSHIP = ("team", "from", "to")
_GAME = ("id", "date", "start", "home", "away", "kind", "status", "clock", "dressed", "incidents")
_INCIDENT = ("person", "team", "period", "time", "infraction", "penalties", "minutes", "stoppage")
_DECISION = ("person", "game", "rule", "set_games", "add_games", "date", "reason")


def _settings(c: _Checker, raw) -> Settings:
    path = ("settings",)
    obj = c.mapping(raw, path, _SETTINGS) if raw is not None else None
    if obj is None:
        if raw is None:
            c.error(path + ("clock",), "missing: say how incident times are written (remaining or elapsed)")
        return Settings(clock="remaining")
    clock = c.choice(obj, "clock", path, vocab.CLOCKS, default="remaining")
    pim = dict(vocab.DEFAULT_PIM)
    raw_pim = obj.get("pim")
    if raw_pim is not None:
        pim_map = c.mapping(raw_pim, path + ("pim",), vocab.PENALTIES)
        for key in pim_map or {}:
            if key in vocab.PENALTIES:
                pim[key] = c.integer(pim_map or {}, key, path + ("pim",), vocab.DEFAULT_PIM[key], 0, guard.MAX_MINUTES)
    return Settings(
        clock=clock,
        period_minutes=c.integer(obj, "period_minutes", path, 20, 1, guard.MAX_PERIOD_MINUTES),
        regulation_periods=c.integer(obj, "regulation_periods", path, 3, 1, guard.MAX_PERIOD),
        roster_limit=c.integer(obj, "roster_limit", path, 20, 1, guard.MAX_COUNT),
        max_affiliate_games=c.integer(obj, "max_affiliate_games", path, 10, 0, guard.MAX_COUNT),
        pim=pim,
        rulebook=_rulebook(c, obj, path),
    )


def _rulebook(c: _Checker, obj: dict, path: tuple) -> str | None:
    """settings.rulebook: a built-in rulebook's name or a file's path, as written (the
    season's reader makes a path relative to the season file; the engine reads it)."""
    raw = obj.get("rulebook")
    if raw is None:
        return None
    if not isinstance(raw, str) or not raw.strip() or guard.text_problem(raw):
        c.error(path + ("rulebook",), f"expected a built-in rulebook's name or a file's path, got {shown(raw)}")
        return None
    return raw


def _unique_id(c: _Checker, obj: dict, path: tuple, seen: dict, what: str):
    ident = c.text(obj, "id", path, nonempty=True, ident=True)
    if ident is None:
        return None
    if ident in seen:
        c.error(path + ("id",), f"duplicate {what} id {shown(ident)} (first at {render_path(seen[ident])})")
        return None
    seen[ident] = path
    return ident


def _teams(c: _Checker, raw: list) -> dict:
    teams: dict = {}
    seen: dict = {}
    for i, item in enumerate(raw):
        path = ("teams", i)
        obj = c.mapping(item, path, _TEAM)
        if obj is None:
            continue
        ident = _unique_id(c, obj, path, seen, "team")
        name = c.text(obj, "name", path, required=False, default=ident)
        if ident is not None:
            teams[ident] = Team(ident, name if name is not None else ident)
    return teams


def _people(c: _Checker, raw: list, teams: dict) -> dict:
    people: dict = {}
    seen: dict = {}
    for i, item in enumerate(raw):
        path = ("people", i)
        obj = c.mapping(item, path, _PERSON)
        if obj is None:
            continue
        ident = _unique_id(c, obj, path, seen, "person")
        name = c.text(obj, "name", path, required=False)
        memberships = _memberships(c, obj, path, teams) if obj.get("teams") is not None else None
        team = c.text(obj, "team", path, nonempty=True, ref=True, required=obj.get("teams") is None)
        if team is not None and team not in teams:
            c.error(path + ("team",), f"unknown team {shown(team)}")
            team = None
        elif team is not None and memberships and team not in {m.team for m in memberships}:
            c.error(path + ("team",), f"team {shown(team)} is none of the person's teams")
            team = None
        elif team is None and memberships:
            team = memberships[-1].team  # the latest
        role = c.choice(obj, "role", path, vocab.ROLES)
        affiliate = c.flag(obj, "affiliate", path)
        registered = c.text(obj, "registered_team", path, required=False)
        if ident is not None and team is not None and role is not None:
            moves = tuple(memberships) if memberships and _moves(memberships) else ()
            people[ident] = Person(ident, name if name is not None else ident, team, role, affiliate, registered, moves)
    return people


def _moves(memberships: list) -> bool:
    """Memberships that say more than `team` alone would (a date, or a second team)."""
    return len(memberships) > 1 or memberships[0].start is not None or memberships[0].end is not None


def _memberships(c: _Checker, obj: dict, path: tuple, teams: dict) -> list | None:
    """people[i].teams: the person's teams by date (an extension of the format), in
    date order; None where one of them is wrong (each error at its place)."""
    raw = obj.get("teams")
    tpath = path + ("teams",)
    if not isinstance(raw, list) or not raw:
        c.error(tpath, f"expected a non-empty list of {{team, from, to}}, got {_kind(raw)}")
        return None
    out: list = []
    ok = True
    for k, item in enumerate(raw):
        mpath = tpath + (k,)
        m = c.mapping(item, mpath, _MEMBERSHIP)
        if m is None:
            ok = False
            continue
        team = c.text(m, "team", mpath, nonempty=True, ref=True)
        if team is not None and team not in teams:
            c.error(mpath + ("team",), f"unknown team {shown(team)}")
            team = None
        start = _date(c, m, mpath, "from", required=False)
        end = _date(c, m, mpath, "to", required=False)
        if (m.get("from") is not None and start is None) or (m.get("to") is not None and end is None):
            ok = False
        if start is not None and end is not None and start > end:
            c.error(mpath + ("from",), f"from {start} is after to {end}")
            ok = False
        if team is None:
            ok = False
            continue
        out.append(Membership(team, start, end, render_path(mpath)))
    if not ok:
        return None
    out.sort(key=lambda m: (m.start or "", m.end or "9999-99-99"))
    for a, b in zip(out, out[1:]):
        # sorted by start: b starts on or after a; they overlap where b starts by a's end
        if a.end is None or b.start is None or b.start <= a.end:
            c.error(
                _path_of(b.where),
                f"overlaps {a.where} ({_membership_words(a)}): a person belongs to one team on a date",
            )
            ok = False
    return out if ok else None


def _path_of(where: str) -> tuple:
    """'people[3].teams[1]' as the path ('people', 3, 'teams', 1)."""
    out: list = []
    for part in where.split("."):
        name, _, rest = part.partition("[")
        out.append(name)
        if rest:
            out.append(int(rest.rstrip("]")))
    return tuple(out)


def _start(c: _Checker, obj: dict, path: tuple):
    value = c.text(obj, "start", path, required=False)
    if value is None:
        return None
    m = _START_RE.match(value)
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        c.error(path + ("start",), f"not a time of day: {shown(value)} (expected HH:MM)")
        return None
    return f"{int(m.group(1)):02d}:{m.group(2)}"


def _period(c: _Checker, obj: dict, path: tuple):
    if "period" not in obj or obj["period"] is None:
        c.error(path + ("period",), "missing")
        return None
    value = obj["period"]
    if isinstance(value, str) and value in ("pre", "post", "OT"):
        return value
    if type(value) is int and 1 <= value <= guard.MAX_PERIOD:
        return value
    number, problem = guard.whole(value, 1, guard.MAX_PERIOD, "a period number", text_ok=True)
    if problem is None:
        return number
    if isinstance(value, int) and not isinstance(value, bool) and value < 1:
        c.error(path + ("period",), f"period {value} is outside the game (periods start at 1)")
    elif isinstance(value, int) and not isinstance(value, bool):
        c.error(path + ("period",), problem)
    else:
        c.error(path + ("period",), f"not a period: {shown(value)} (1, 2, ..., OT, pre or post)")
    return None


# A time as written -> (one copy of that text, its seconds): a season repeats a few
# thousand times in millions of lines, and each line would keep its own copy.
_CLOCKS: dict = {}


def _learn_clock(raw: str):
    """A time written mm:ss as (that text, its seconds), remembered in _CLOCKS; None for
    anything else. Both paths learn a time here: the short one on its first sight too, as
    most of one league's times come once (at 1x 1,050 of 2,592 lines were new times)."""
    m = _CLOCK_RE.match(raw)
    if m is None or int(m.group(2)) > 59:
        return None
    known = _CLOCKS[raw] = (raw, int(m.group(1)) * 60 + int(m.group(2)))
    return known


def _clock(c: _Checker, obj: dict, path: tuple, period, settings: Settings):
    """The time as written and its seconds; None for pre/post."""
    raw = obj.get("time")
    if period in ("pre", "post"):
        if raw is not None:
            c.warn(path + ("time",), f"a time is not read for a {period}-game line; ignored")
        return None, None
    if raw is None:
        if period is not None:
            c.error(path + ("time",), "missing: a line in the game needs its clock time (mm:ss)")
        return None, None
    known = _CLOCKS.get(raw) if type(raw) is str else None
    if known is None:
        known = _learn_clock(raw) if isinstance(raw, str) else None
        if known is None:
            why = "seconds above 59" if isinstance(raw, str) and _CLOCK_RE.match(raw) else "expected mm:ss"
            c.error(path + ("time",), f"not a clock time: {shown(raw)} ({why})")
            return None, None
    raw, total = known
    if total > settings.period_minutes * 60:
        c.error(path + ("time",), f"{raw} lies outside a {settings.period_minutes}-minute period")
        return None, None
    return raw, total


def _penalties(c: _Checker, obj: dict, path: tuple):
    raw = obj.get("penalties")
    if raw is None:
        c.error(path + ("penalties",), "missing")
        return None
    if not isinstance(raw, list):
        c.error(path + ("penalties",), f"expected a list, got {_kind(raw)}")
        return None
    if not raw:
        c.error(path + ("penalties",), "empty: name at least one penalty")
        return None
    ok, seen = True, set()
    for j, pen in enumerate(raw):
        if not isinstance(pen, str):
            c.error(path + ("penalties", j), f"expected a penalty type, got {_kind(pen)} {shown(pen)}")
            ok = False
            continue
        if pen not in vocab.PENALTIES:
            near = vocab.closest(pen, vocab.PENALTIES)
            hint = f"; did you mean {' or '.join(near)}?" if near else f"; one of {', '.join(vocab.PENALTIES)}"
            c.error(path + ("penalties", j), f"unknown penalty type {shown(pen)}{hint}")
            ok = False
        elif pen in seen:
            c.error(path + ("penalties", j), f"penalty {pen!r} repeated on one line")
            ok = False
        seen.add(pen)
    return _PENALTY_SETS.setdefault(tuple(raw), tuple(raw)) if ok else None


_INCIDENT_KEYS = frozenset(_INCIDENT)


def _plain_incident(c: _Checker, obj, number: int, game_teams: tuple, people: dict, settings: Settings, clock, where):
    """A person's line written the usual way, read without the checks' calls: a known
    person of either team, a period, a clock time and a penalty list seen before, at
    most whole minutes and a plain stoppage label. None for anything else (before any
    effect), which the full check (_incident) then reads and reports."""
    if type(obj) is not dict or not _INCIDENT_KEYS.issuperset(obj) or obj.get("team") is not None:
        return None
    pid = obj.get("person")
    person = people.get(pid) if type(pid) is str else None
    if person is None or person.team not in game_teams or person.teams:
        return None  # (a person who changes team: the full check reads his team on the date)
    period = obj.get("period")
    raw = obj.get("time")
    if type(period) is int and 1 <= period <= guard.MAX_PERIOD or period == "OT":
        known = (_CLOCKS.get(raw) or _learn_clock(raw)) if type(raw) is str else None
        if known is None or known[1] > settings.period_minutes * 60:
            return None
        time, seconds = known
    elif (period == "pre" or period == "post") and raw is None:
        time = seconds = None
    else:
        return None
    code = obj.get("infraction")
    infraction = _CODES.get(code) if type(code) is str else None
    try:
        penalties = _PENALTY_SETS.get(tuple(obj.get("penalties")))  # type: ignore[arg-type]
    except TypeError:  # not a list of texts
        return None
    minutes = obj.get("minutes")
    stoppage = obj.get("stoppage")
    if (
        infraction is None
        or penalties is None
        or type(obj["penalties"]) is not list
        or minutes is not None
        and not (type(minutes) is int and 0 <= minutes <= guard.MAX_MINUTES)
        or stoppage is not None
        and (type(stoppage) is not str or guard.text_problem(stoppage, True) is not None)
    ):
        return None
    if not c.take_minutes(minutes):
        return None  # the full check says where the sum passes the limit
    return Incident(
        number, person.id, period, time, seconds, infraction, penalties, minutes, stoppage, where, None, None, clock
    )


def _incident(
    c: _Checker,
    item,
    path: tuple,
    number: int,
    game_teams: tuple,
    people: dict,
    settings: Settings,
    clock: str | None,
    where: str,
    date: str | None = None,
):
    obj = c.mapping(item, path, _INCIDENT)
    if obj is None:
        return None
    has_person, has_team = obj.get("person") is not None, obj.get("team") is not None
    team = None
    if has_person == has_team:
        c.error(
            path,
            "a line names a person or a team (a team line), one of the two: "
            + ("both are given" if has_person else "neither is given"),
        )
        person = None
    elif has_team:
        person = None
        team = c.text(obj, "team", path, nonempty=True, ref=True)
        if team is not None and None not in game_teams and team not in game_teams:
            c.error(
                path + ("team",), f"team {shown(team)} does not play in this game ({game_teams[0]} v {game_teams[1]})"
            )
            team = None
    else:
        person = c.text(obj, "person", path, nonempty=True, ref=True)
    if person is not None:
        if person not in people:
            c.error(path + ("person",), f"unknown person {shown(person)}")
            person = None
        elif people[person].teams:
            person = _mover_on(c, path, people[person], date, game_teams)
        elif None not in game_teams and people[person].team not in game_teams:
            c.error(
                path + ("person",),
                f"{person!r} plays for {people[person].team!r}, "
                f"on neither team of the game ({game_teams[0]} v {game_teams[1]})",
            )
            person = None
        else:
            person = people[person].id  # the one copy of the id, not this line's own
    period = _period(c, obj, path)
    time, seconds = _clock(c, obj, path, period, settings)
    infraction = c.text(obj, "infraction", path)
    if infraction is not None and infraction not in vocab.INFRACTIONS:
        near = vocab.closest(infraction, vocab.INFRACTIONS)
        hint = f"; did you mean {' or '.join(near)}?" if near else ""
        c.error(path + ("infraction",), f"unknown infraction code {shown(infraction)}{hint}")
        infraction = None
    penalties = _penalties(c, obj, path)
    minutes = None
    if obj.get("minutes") is not None:
        value = obj["minutes"]
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            c.error(path + ("minutes",), f"negative minutes: {shown(value)}")
        else:
            minutes, problem = guard.whole(value, 0, guard.MAX_MINUTES, "minutes of one line")
            if problem:
                c.error(path + ("minutes",), problem)
    c.count_minutes(minutes, path)
    stoppage = c.text(obj, "stoppage", path, required=False, ident=True)
    if (
        (person is None and team is None)
        or None in (period, infraction, penalties)
        or (period not in ("pre", "post") and seconds is None)
    ):
        return None
    return Incident(
        number,
        person,
        period,
        time,
        seconds,
        _CODES[infraction],
        penalties,
        minutes,
        stoppage,
        where,
        c.located.line(path) if c.located.lines else None,
        team,
        clock or settings.clock,
    )


def _mover_on(c: _Checker, path: tuple, person: Person, date: str | None, game_teams: tuple) -> str | None:
    """A line of a person who changes team: his team on the game's date must play it."""
    if date is None or None in game_teams:
        return person.id  # (the game's date or teams are wrong: said there)
    team = person.team_on(date)
    if team in game_teams:
        return person.id
    if team is None:
        why = f"belongs to no team on {date} (teams: {person.memberships()})"
    else:
        why = f"plays for {team!r} on {date} (teams: {person.memberships()})"
    c.error(path + ("person",), f"{person.id!r} {why}, on neither team of the game ({game_teams[0]} v {game_teams[1]})")
    return None


def _dressed(c: _Checker, raw, path: tuple, game_teams: tuple, people: dict):
    if raw is None:
        return None
    if not isinstance(raw, dict):
        c.error(path, f"expected a mapping of team to persons, got {_kind(raw)}")
        return None
    out = {}
    for team, names in raw.items():
        if team in game_teams and type(names) is list:
            try:
                unique = dict.fromkeys(names)
            except TypeError:  # a list or mapping among them: said below
                unique = {}
            if len(unique) == len(names) and people.keys() >= unique.keys():
                out[team] = tuple(unique)  # known ids, each once: nothing to say
                continue
        tpath = path + (team,)
        if team not in game_teams:
            c.error(tpath, f"team {shown(team)} does not play in this game")
            continue
        if not isinstance(names, list):
            c.error(tpath, f"expected a list of person ids, got {_kind(names)}")
            continue
        ids: dict = {}
        for k, pid in enumerate(names):
            if not isinstance(pid, str):
                pid, problem = guard.id_text(pid)
                if problem:
                    c.error(tpath + (k,), problem)
                    continue
            if pid in ids:
                c.warn(tpath + (k,), f"{shown(pid)} listed twice")
            elif pid in people:
                ids[pid] = None
            else:
                c.error(tpath + (k,), f"unknown person {shown(pid)}")
        out[team] = tuple(ids)
    return out


def _games(
    c: _Checker, raw: list, teams: dict, people: dict, settings: Settings, consume: bool = False, observer=None
) -> list:
    games: list = []
    seen: dict = {}
    for i, item in enumerate(raw):
        if consume and isinstance(raw, list):
            raw[i] = None  # a file read for this alone is let go game by game: a national season is large
        path = ("games", i)
        obj = c.mapping(item, path, _GAME)
        if obj is None:
            continue
        ident = _unique_id(c, obj, path, seen, "game")
        date = _date(c, obj, path)
        start = _start(c, obj, path)
        sides = []
        for side in ("home", "away"):
            team = c.text(obj, side, path, nonempty=True, ref=True)
            if team is not None and team not in teams:
                c.error(path + (side,), f"unknown team {shown(team)}")
                team = None
            sides.append(team)
        home, away = sides
        if home is not None and home == away:
            c.error(path + ("away",), f"home and away are the same team {shown(home)}")
        kind = c.choice(obj, "kind", path, vocab.GAME_KINDS)
        scheduled = (
            c.choice(obj, "status", path, ("played", "scheduled"), required=False, default="played") == "scheduled"
        )
        if scheduled:
            for key in ("incidents", "dressed"):
                if obj.get(key):
                    c.error(
                        path + (key,),
                        f"a scheduled game (not yet played) has no {key}: remove them or give status: played",
                    )
        # a game whose scorekeeper wrote times the other way: its own clock
        clock = c.choice(obj, "clock", path, vocab.CLOCKS, required=False)
        dressed = _dressed(c, obj.get("dressed"), path + ("dressed",), (home, away), people)
        incidents = []
        teams_of_game = (home, away)
        line_clock = clock or settings.clock
        plain = not c.located.lines and None not in teams_of_game  # a JSON file: no lines to keep
        for j, inc in enumerate(c.items(obj, "incidents", path, required=False)):
            where = f"games[{i}].incidents[{j}]"
            found = plain and _plain_incident(c, inc, j + 1, teams_of_game, people, settings, line_clock, where)
            if not found:
                found = _incident(
                    c, inc, path + ("incidents", j), j + 1, teams_of_game, people, settings, clock, where, date
                )
            incidents.append(found)
        if ident is None or date is None or home is None or away is None or kind is None:
            continue
        games.append(
            Game(
                ident,
                i,
                date,
                start,
                home,
                away,
                kind,
                dressed,
                tuple(incidents),
                f"games[{i}]",
                c.located.line(path) if c.located.lines else None,
                None if clock == settings.clock else clock,
                scheduled,
            )
        )
        if observer is not None:
            observer.game(games[-1])
    return games


def _decisions(c: _Checker, raw: list, people: dict, games: list) -> list:
    """League decisions (10.01C): set an indefinite suspension's length, or add games."""
    known_games = {g.id for g in games}
    out = []
    added: dict = {}
    for k, item in enumerate(raw):
        path = ("decisions", k)
        obj = c.mapping(item, path, _DECISION)
        if obj is None:
            continue
        person = known(c, obj, path, "person", people)
        game = known(c, obj, path, "game", known_games)
        rule = c.text(obj, "rule", path, required=False)
        if rule is not None and rule != "league:10.08":
            c.error(
                path + ("rule",),
                f"a decision acts on the rules' suspension (no rule) or on the audit's "
                f"league:10.08 suspension; not {shown(rule)}",
            )
        date = _date(c, obj, path)
        reason = c.text(obj, "reason", path, required=False, default="")
        actions = [key for key in ("set_games", "add_games") if obj.get(key) is not None]
        if len(actions) != 1:
            c.error(
                path,
                "give exactly one of set_games (the length of an indefinite suspension) or add_games (games added)",
            )
            continue
        key = actions[0]
        amount = c.integer(obj, key, path, None, 0 if key == "set_games" else 1, guard.MAX_GAMES)
        if person is None or game is None or date is None or amount is None:
            continue
        # the added games of one suspension are summed by the solver: kept below the limit too
        target = (person, game, rule)
        added[target] = added.get(target, 0) + amount
        if added[target] > guard.MAX_GAMES:
            c.error(
                path + (key,),
                f"the games decided for {shown(person)} in {shown(game)} add up to more than {guard.MAX_GAMES:,}",
            )
            continue
        out.append(
            Decision(
                k,
                person,
                game,
                rule,
                "setlength" if key == "set_games" else "addgames",
                amount,
                date,
                reason or "",
                render_path(path),
                c.located.line(path),
            )
        )
    return out


def validate(located: Located, source: str = "<season>", consume: bool = False, observer=None) -> Season:
    """Check a whole season; return it, or raise InputError with every problem.
    An `observer` (engine/parts.Stream) is shown each game as soon as it is checked."""
    c = _Checker(located, source)
    top = located.data
    if not isinstance(top, dict):
        c.mapping(top, (), _TOP)
        raise InputError(source, c.problems)
    settings = _settings(c, top.get("settings"))
    c._line_most = sum(settings.pim.values())
    teams = _teams(c, c.items(top, "teams", ()))
    people = _people(c, c.items(top, "people", ()), teams)
    if observer is not None and not c.problems:
        observer.start(settings, teams, people)
    games = _games(
        c,
        c.items(top, "games", ()),
        teams,
        people,
        settings,
        consume,
        observer if observer is not None and not c.problems else None,
    )
    # what follows a streamed games array in the file is read once the games are
    decisions = _decisions(c, c.items(top, "decisions", (), required=False), people, games)
    listed = c.items(top, "issued", (), required=False)
    issued: list = []
    if listed:  # (the reader of issued suspensions is imported only for a season that lists them)
        from hockeyrules.read.issued import check as check_issued

        issued = check_issued(c, listed, people, games)
    fmt = top.get("format")
    if fmt != FORMAT:
        c.error(
            ("format",), f"missing: write format: {FORMAT}" if fmt is None else f"expected {FORMAT!r}, got {shown(fmt)}"
        )
    # free text, or a bare number read as the text written (season: 2025)
    league = c.text(top, "league", (), required=False, ref=True)
    season_name = c.text(top, "season", (), required=False, ref=True)
    c.mapping(top, (), _TOP)
    if c.problems:
        raise InputError(source, sorted(c.problems, key=lambda p: (p.line is None, p.line or 0, p.where)))
    return Season(
        league="" if league is None else str(league),
        season="" if season_name is None else str(season_name),
        settings=settings,
        teams=teams,
        people=people,
        games=games,
        decisions=decisions,
        warnings=c.warnings,
        source=source,
        issued=issued,
    )


def load(path: str | os.PathLike[str], observer=None) -> Season:
    """Read and check a season file (`observer`: see validate)."""
    # Reading builds millions of small objects and frees none: the cyclic garbage
    # collector only costs time here (half of the reading time of a national season).
    with paused():
        return _relative(validate(read(path, stream=True), str(path), consume=True, observer=observer), path)


def _relative(season: Season, path) -> Season:
    """settings.rulebook as a file path is relative to the season file."""
    named = season.settings.rulebook
    if named and (named.endswith((".yaml", ".yml", ".json")) or "/" in named) and not os.path.isabs(named):
        from dataclasses import replace

        where = os.path.join(os.path.dirname(os.fspath(path)), named)
        season.settings = replace(season.settings, rulebook=where)
    return season


def from_data(data: dict, source: str = "<season>") -> Season:
    """Check a season given as plain data (already parsed JSON or YAML)."""
    return validate(Located(data), source)
