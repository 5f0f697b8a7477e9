"""The model read back into result@1 (docs/result-format.md)."""

from __future__ import annotations

import operator
import re
from collections import defaultdict
from dataclasses import field

from hockeyrules.model.errors import Problem
from hockeyrules.model.policy import Policy
from hockeyrules.model.records import record
from hockeyrules.read.season import Season

FORMAT = "hockeyrules/result@1"


# Slotted, not frozen, as the season's records (hockeyrules/read/season.py says why): a
# national season's result holds tens of thousands of each.
@record(slots=True)
class Component:
    """One rule's part of a suspension: its games, and the line (or team event) behind it."""

    rule: str
    layer: str
    games: int
    indefinite: bool
    late: bool
    incident: int | None
    team_event: str | None = None

    @property
    def sort_key(self) -> tuple:
        # by incident, then rule id in plain string order; team events last
        if self.incident is None:
            return (1, 0, self.rule, self.team_event or "")
        return (0, self.incident, self.rule, "")

    def to_dict(self) -> dict:
        out = {
            "rule": self.rule,
            "layer": self.layer,
            "games": self.games,
            "indefinite": self.indefinite,
            "late": self.late,
            "incident": self.incident,
        }
        if self.team_event is not None:
            out["team_event"] = self.team_event
        return out


@record(slots=True)
class Suspension:
    """One suspension the rules require: a person, a game, its games and parts."""

    person: str
    name: str
    team: str
    role: str
    game: str
    date: str
    games: int
    indefinite: bool
    governing_games: int
    league_games: int
    components: tuple

    def to_dict(self) -> dict:
        return {
            "person": self.person,
            "name": self.name,
            "team": self.team,
            "role": self.role,
            "game": self.game,
            "date": self.date,
            "games": self.games,
            "indefinite": self.indefinite,
            "governing_games": self.governing_games,
            "league_games": self.league_games,
            "components": [c.to_dict() for c in self.components],
        }


@record(hashable=False)
class Result:
    """Every suspension the rules require for a season, with the warnings."""

    league: str
    season: str
    policy: Policy
    suspensions: list
    warnings: list
    stats: dict = field(default_factory=dict)
    proposal: str | None = None
    # the rulebook in force where it is not the catalog's league (docs/result-format.md, "rulebook")
    rulebook: dict | None = None
    # every (person, game) with components, suspended or not (rule 6): for "why not"
    cases: dict = field(default_factory=dict, repr=False)
    # team id -> name, for the text views (result@1 carries ids only: not in to_dict())
    team_names: dict = field(default_factory=dict, repr=False)

    def to_dict(self) -> dict:
        return {
            "format": FORMAT,
            "league": self.league,
            "season": self.season,
            "policy": self.policy.to_dict(),
            **({"proposal": self.proposal} if self.proposal else {}),
            **({"rulebook": self.rulebook} if self.rulebook else {}),
            "suspensions": [s.to_dict() for s in self.suspensions],
            "warnings": [w.to_dict() for w in self.warnings],
        }


# The shown atoms as clingo prints them: integers, constants and the rule id in quotes.
_READ = frozenset(("component", "suspended", "nocoach", "warning"))
_SORT_KEY = operator.attrgetter("sort_key")
_COMPONENT = re.compile(r'(\d+),(\d+),(?:(\d+)|team\((\d+)\)),"((?:[^"\\]|\\.)*)",(\w+),(-?\d+),(\d+),(\d+)\Z', re.S)
_NOCOACH = re.compile(r'"((?:[^"\\]|\\.)*)",(\d+),(\d+)\Z', re.S)


def _match(pattern: re.Pattern, args: str) -> tuple:
    """The fields of a shown atom printed by the encoding (never user text: ids are numbers)."""
    found = pattern.match(args)
    if found is None:  # the encoding and this reader disagree: a bug, said plainly
        raise RuntimeError(f"unexpected atom arguments {args!r} for {pattern.pattern!r}")
    return found.groups()


# warning(Kind, G, I): the words for each kind the encoding derives
_WARNINGS = {
    "cfbminorwithoutgm": "checking_from_behind minor without game_misconduct (hm:7.5)",
    "matchnominimum": "match penalty with no minimum in the tables (a hearing decides)",
}
_ESCAPES = re.compile(r"\\(.)", re.S)


def unquote(text: str) -> str:
    """The text of a clingo String as printed (its escapes undone), without its quotes."""
    return _ESCAPES.sub(lambda m: "\n" if m.group(1) == "n" else m.group(1), text) if "\\" in text else text


def read_model(season: Season, policy: Policy, printed, names) -> Result:
    """Assemble result@1 from the shown atoms (asp/show.lp), each given as its printed
    form (str of the clingo symbol); decides nothing itself. Ids are integers, turned
    into text through `names` (facts.Names)."""
    text = names.text
    components = defaultdict(list)
    sums: dict = {}
    warnings: list[Problem] = list(season.warnings)
    games = {g.id: g for g in season.games}
    rules: dict = {}  # a rule id as printed -> as read: a few ids, thousands of components
    for atom in printed:
        name, _, args = atom.partition("(")  # the name is read from the print too
        if name not in _READ:
            continue  # another file's atoms (explanations, the audit, a proposal's checks)
        args = args[:-1]
        if name == "component":
            person, game, incident, team, rule, layer, n, d, late = _match(_COMPONENT, args)
            read = rules.get(rule)
            if read is None:
                read = rules[rule] = unquote(rule)
            components[(text(int(person)), text(int(game)))].append(
                Component(
                    read,
                    layer,
                    int(n),
                    d == "1",
                    late == "1",
                    None if incident is None else int(incident),
                    None if team is None else text(int(team)),
                )
            )
        elif name == "suspended":
            person, game, total, gov, league, indefinite = map(int, args.split(","))
            sums[(text(person), text(game))] = (total, gov, league, indefinite == 1)
        elif name == "nocoach":
            rule, team, game = _match(_NOCOACH, args)
            rule, team, game = unquote(rule), text(int(team)), text(int(game))
            g = games[game]
            warnings.append(
                Problem(
                    g.where,
                    f"{rule} applies to team {team} in game {game}, but the team has no head coach for that game",
                    g.line,
                )
            )
        elif name == "warning":
            kind, game, number = args.split(",")
            words = _WARNINGS.get(kind)
            if words is not None:
                inc = games[text(int(game))].incidents[int(number) - 1]
                warnings.append(Problem(inc.where, words, inc.line))
    # each case's components in order, once: the suspensions share them
    cases = {key: tuple(sorted(comps, key=_SORT_KEY)) for key, comps in components.items()}
    suspensions = []
    for key, (total, gov, league, indefinite) in sums.items():
        pid, gid = key
        person, game = season.people[pid], games[gid]
        suspensions.append(
            Suspension(
                person=pid,
                name=person.name,
                team=person.team_on(game.date) or person.team,  # the team at the time of the offence
                role=person.role,
                game=gid,
                date=game.date,
                games=total,
                indefinite=indefinite,
                governing_games=gov,
                league_games=league,
                components=cases.get(key, ()),
            )
        )
    suspensions.sort(key=lambda s: (games[s.game].order, s.person))
    warnings.sort(key=where_key)
    return Result(season.league, season.season, policy, suspensions, warnings, cases=cases, team_names=_names(season))


def _names(season: Season) -> dict:
    return {t: team.name for t, team in season.teams.items()}


def where_key(p: Problem) -> tuple:
    """Order locations as a reader would: games[2] before games[10]."""
    parts = tuple((0, int(x), "") if x.isdigit() else (1, 0, x) for x in re.split(r"[\[\].]+", p.where) if x)
    return (parts, p.message)
