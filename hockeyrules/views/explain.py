"""Why, and why not: justification trees assembled from the model's provenance.

Every number here comes from an atom the encoding derived (asp/explain.lp on
top of the rules); this module only words and arranges them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from hockeyrules.engine.result import Result, Suspension
from hockeyrules.engine.rulebook import excerpt
from hockeyrules.engine.rulebookfile import chosen, in_force
from hockeyrules.engine.run import as_policy, as_proposal, as_season, run
from hockeyrules.facts.build import Fact, Id
from hockeyrules.model.policy import Policy
from hockeyrules.read.season import Game, Incident, Season
from hockeyrules.types import ProposalSource, SeasonSource
from hockeyrules.views.wording import (
    COUNTED_ONCE,
    FAIL_WORDS,
    LADDER_NOTES,
    LADDER_WORDS,
    LARGEST,
    SEPARATE,
    body,
    games_words,
    has_league_layer,
    is_a,
    layer_words,
    mmss,
    ordinal,
    penalty_words,
    person_words,
    plural,
    reading_words,
    row_words,
    violation_words,
    words,
)


@dataclass
class Node:
    """One node of a justification tree."""

    kind: str
    text: str
    rule: str | None = None
    where: str | None = None
    line: int | None = None
    children: list = field(default_factory=list)
    data: dict = field(default_factory=dict)

    def add(self, node: Node) -> Node:
        self.children.append(node)
        return node

    def to_dict(self) -> dict:
        out: dict = {"kind": self.kind, "text": self.text}
        if self.rule:
            out["rule"] = self.rule
            quote = excerpt(self.rule)
            if quote and self.kind in ("component", "candidate", "combination"):
                out["rulebook"] = quote
        if self.where:
            out["where"] = self.where
            if self.line:
                out["line"] = self.line
        if self.data:
            out.update(self.data)
        if self.children:
            out["children"] = [c.to_dict() for c in self.children]
        return out


class Words:
    """How the season's facts read in an explanation."""

    def __init__(self, season: Season, policy: Policy, policy_of=None):
        self.season = season
        self.policy = policy
        self.policy_of = policy_of or (lambda game_id: policy)  # the readings that judged a game
        self.games = {g.id: g for g in season.games}

    def period(self, inc: Incident) -> str:
        if inc.period == "pre":
            return "before the game"
        if inc.period == "post":
            return "after the game"
        n = self.season.overtime_number(inc.period) or 0  # pre and post are answered above
        last = self.season.settings.regulation_periods
        if n > last:
            return "overtime" if n == last + 1 else f"{ordinal(n - last)} overtime"
        return f"{ordinal(n)} period"

    def _remaining(self, inc: Incident) -> int:
        length = self.season.settings.period_minutes * 60
        assert inc.seconds is not None  # a line in the game has its time
        return inc.seconds if inc.clock == "remaining" else length - inc.seconds

    def clock(self, inc: Incident) -> str:
        if inc.seconds is None:
            return self.period(inc)
        elapsed = self.season.settings.period_minutes * 60 - self._remaining(inc)
        return f"{self.short_clock(inc)} ({mmss(elapsed)} elapsed; the sheet says {inc.time}, clock {inc.clock})"

    def short_clock(self, inc: Incident) -> str:
        if inc.seconds is None:
            return self.period(inc)
        return f"{mmss(self._remaining(inc))} remaining in the {self.period(inc)}"

    def short_line(self, game_id: str, number: int) -> str:
        game, inc = self.incident(game_id, number)
        return (
            f"{game.id} {game.date} line {number}, {self.short_clock(inc)}: {words(inc.infraction)}, "
            f"{penalty_words(inc.penalties)}"
        )

    def late_reason(self, inc: Incident, game_id: str | None = None) -> str:
        if inc.period == "post":
            return "after the game: late"
        if (self.season.overtime_number(inc.period) or 0) > self.season.settings.regulation_periods:
            return "in overtime: late"
        policy = self.policy if game_id is None else self.policy_of(game_id)
        return f"{self.short_clock(inc)}, within the last {policy.late_window_minutes} minutes"

    def team(self, team: str | None) -> str:
        """A team as a reader names it: its name (its id where it has none)."""
        t = self.season.teams.get(team)
        return t.name if t is not None and t.name else str(team)

    def person(self, pid: str) -> str:
        """A person as a reader names him: his name (his id where he has none)."""
        p = self.season.people.get(pid)
        return p.name if p is not None and p.name else pid

    def violation(self, v: dict) -> str:
        """An audit violation's sentence with the season's names (its JSON message has ids)."""
        return violation_words(v, self.person, self.team)

    def matchup(self, g: Game) -> str:
        return f"{self.team(g.home)} v {self.team(g.away)}"

    def incident(self, game_id: str, number: int) -> tuple[Game, Incident]:
        game = self.games[game_id]
        return game, game.incidents[number - 1]

    def line_text(self, game_id: str, number: int) -> str:
        game, inc = self.incident(game_id, number)
        if inc.person is None:
            who = f"team line of {self.team(inc.team)} ({inc.team})"
        else:
            person = self.season.people[inc.person]
            team = person.team_on(game.date) or person.team  # a person who changed team: the game's
            who = f"{person.name} ({person.id}, {words(person.role)}, {self.team(team)})"
        minutes = self.season.minutes(inc)
        return (
            f"{game.id} {game.date}, {self.matchup(game)} ({game.kind}), line {number}: "
            f"{who}, {self.clock(inc)}: {words(inc.infraction)}, {penalty_words(inc.penalties)}, {minutes} min"
        )

    def line_node(self, game_id: str, number: int, kind: str = "line") -> Node:
        _, inc = self.incident(game_id, number)
        return Node(kind, self.line_text(game_id, number), where=inc.where, line=inc.line)

    def game_node(self, game_id: str) -> Node:
        g = self.games[game_id]
        return Node(
            "game",
            f"{g.id} {g.date}{' ' + g.start if g.start else ''}, {self.matchup(g)} ({g.kind})",
            where=g.where,
            line=g.line,
        )


def _source(sym):
    return sym.number if sym.type == sym.type.Number else ("team", sym.arguments[0].string)


_MODEL_ATOMS = frozenset(
    ("premise", "combines", "notadded", "considered", "lacks", "failed", "ladderstatus", "gamereading", "linecontext")
)


class Model:
    """The provenance atoms of one solve, indexed for assembly."""

    def __init__(self, symbols):
        self.premises = defaultdict(list)  # (P, G, S, Id) -> [fact]
        self.combines = {}  # (P, G, S, Id) -> "adds" | "governs" | overlapped Id
        self.notadded = defaultdict(list)  # (P, G) -> [(I, Id, O)]
        self.considered = defaultdict(set)  # (G, I) -> {Id}
        self.lacks = defaultdict(list)  # (G, I, Id) -> [penalty]
        self.failed = defaultdict(list)  # (G, I, Id) -> [why]
        self.ladder = defaultdict(list)  # (G, I) -> [(stem, status)]
        self.context = defaultdict(list)  # (G, I) -> [term]
        self.readings: defaultdict = defaultdict(dict)  # G -> {reading name: value} that judged the game
        # (here, beside its use: loaded already, so it costs nothing)
        from hockeyrules.model.policy import READINGS

        by_fact = {r.fact: r for r in READINGS}
        for s in symbols:
            name = s.name
            if name not in _MODEL_ATOMS:
                continue  # the result's own atoms (result.read_model reads them)
            a = s.arguments
            if name == "premise":
                self.premises[(a[0].string, a[1].string, _source(a[2]), a[3].string)].append(a[4])
            elif name == "combines":
                how = a[4].name if a[4].name in ("adds", "governs") else a[4].arguments[0].string
                self.combines[(a[0].string, a[1].string, _source(a[2]), a[3].string)] = how
            elif name == "notadded":
                self.notadded[(a[0].string, a[1].string)].append((a[2].number, a[3].string, a[4].string))
            elif name == "considered":
                self.considered[(a[1].string, a[2].number)].add(a[0].string)
            elif name == "lacks":
                self.lacks[(a[1].string, a[2].number, a[0].string)].append(a[3].name)
            elif name == "failed":
                self.failed[(a[1].string, a[2].number, a[0].string)].append(a[3])
            elif name == "ladderstatus":
                self.ladder[(a[1].string, a[2].number)].append((a[0].string, a[3]))
            elif name == "gamereading" and a[1].name in by_fact:
                r = by_fact[a[1].name]
                v = a[2]
                value = v.number if v.type == v.type.Number else next(x for x in r.values if r.constant(x) == v.name)
                self.readings[a[0].string][r.name] = value
            elif name == "linecontext":
                self.context[(a[0].string, a[1].number)].append(a[2])


class Explainer:
    def __init__(self, season: Season, policy: Policy, result: Result, model: Model):
        self.season, self.policy, self.result, self.model = season, policy, result, model
        self.words = Words(season, policy, self.policy_of)

    def policy_of(self, game_id: str) -> Policy:
        """The readings that judged a game, from the model (a proposal in force from a date
        reads its later games otherwise); the command's where the model says nothing."""
        found = self.model.readings.get(game_id)
        return self.policy.with_readings(found) if found else self.policy
        self.proposal: Any = None  # the proposal evaluated under, set by build

    # --- why ---------------------------------------------------------------

    def premise_nodes(self, person: str | None, game: str, comp) -> list[Node]:
        source = comp.incident if comp.incident is not None else ("team", comp.team_event)
        facts = self.model.premises.get((person, game, source, comp.rule), [])
        w = self.words
        nodes: list[Node] = []
        counted = []
        for f in sorted(facts):
            a = f.arguments
            if f.name == "late" and comp.incident is not None:
                _, inc = w.incident(a[0].string, a[1].number)
                nodes.append(Node("late", f"late: {w.late_reason(inc, a[0].string)}", where=inc.where, line=inc.line))
            elif f.name == "late":
                _, inc = w.incident(a[0].string, a[1].number)
                nodes.append(
                    Node(
                        "late",
                        f"late: the team's earliest bench-leaving line is late: {w.late_reason(inc, a[0].string)}",
                        where=inc.where,
                        line=inc.line,
                    )
                )
            elif f.name == "earliest":
                node = w.line_node(a[0].string, a[1].number, "fact")
                node.text = "the team's earliest bench-leaving line decides lateness: " + node.text
                nodes.append(node)
            elif f.name == "offence":
                stem, n = a[0].string, a[1].number
                who = "the team's" if comp.incident is None else "the person's"
                nodes.append(
                    Node(
                        "offence",
                        f"this is {who} {ordinal(n)} {LADDER_WORDS.get(stem, stem)} of the season ({stem} counts them"
                        + (f": {LADDER_NOTES[stem]})" if stem in LADDER_NOTES else ")"),
                        rule=stem,
                        data={"ladder": stem, "offence": n},
                    )
                )
            elif f.name == "counted":
                counted.append((a[0].string, a[1].string, a[2].number, a[3].number, a[4].number))
            elif f.name == "minutes":
                before, after, mb, ma = (x.number for x in a)
                nodes.append(
                    Node(
                        "minutes",
                        f"season penalty minutes {before} before this line, {after} after it; "
                        f"marks passed: {mb} before, {ma} after, so {ma - mb} this line",
                        data={"before": before, "after": after, "marks_before": mb, "marks_after": ma},
                    )
                )
            elif f.name == "marks":
                after_, every = (x.number for x in a)
                nodes.append(
                    Node(
                        "marks",
                        f"a mark each time the season's minutes pass {after_}, "
                        f"{after_ + every}, {after_ + 2 * every}, ... ({after_ + 1}, "
                        f"{after_ + every + 1}, ... reached)",
                        data={"after": after_, "every": every},
                    )
                )
            elif f.name == "inforce":
                import datetime as _dt

                era, since = a[0].name, _dt.date.fromordinal(a[1].number).isoformat()
                name = getattr(getattr(self, "proposal", None), "name", "the proposal")
                g = w.games[game]
                text = (
                    f"as the proposal {name!r} has it: in force for games from {since}; {g.id} is on {g.date}"
                    if era == "proposed"
                    else f"as the book has it: the proposal {name!r} is in force only for games from {since}; "
                    f"{g.id} is on {g.date}"
                )
                nodes.append(
                    Node(
                        "version",
                        text,
                        data={"version": "proposal" if era == "proposed" else "book", "effective": since},
                    )
                )
            elif f.name == "beyond":
                asked, held = (x.number for x in a)
                nodes.append(
                    Node(
                        "reading",
                        f"it asks {plural(asked, 'game')}; the line's largest Hockey Canada penalty "
                        f"already gives {held}, so it counts {max(asked - held, 0)} "
                        f"(the league's restatements of Hockey Canada's rows are read as overlapping)",
                        data={"reading": "league_restatements", "value": "overlap", "asked": asked, "governing": held},
                    )
                )
            elif f.name == "stoppageline":
                node = w.line_node(a[0].string, a[1].number, "fact")
                node.text = "fight line of the same stoppage: " + node.text
                nodes.append(node)
            elif f.name == "teamline":
                node = w.line_node(a[0].string, a[1].number, "fact")
                node.text = "the team's line: " + node.text
                nodes.append(node)
        for stem, g2, i2, first, last in sorted(counted, key=lambda c: (c[3], c[4])):
            which = ordinal(first) if first == last else f"{ordinal(first)} to {ordinal(last)}"
            if i2 == 0:
                node = w.game_node(g2)
                node.kind = "counted"
                node.text = f"{which}: " + node.text
            else:
                node = w.line_node(g2, i2, "counted")
                node.text = f"{which}: " + w.short_line(g2, i2)
            node.data = {"ladder": stem, "from": first, "to": last}
            nodes.append(node)
        return nodes

    def component_node(self, s: Suspension, comp) -> Node:
        late = (
            f", the value for the last {self.policy_of(s.game).late_window_minutes} minutes or overtime"
            if comp.late
            else ""
        )
        where = (
            f"line {comp.incident}" if comp.incident is not None else f"the lines of {self.words.team(comp.team_event)}"
        )
        node = Node(
            "component",
            f"{comp.rule} ({body(comp.rule, self.season.league)}, {where}): "
            f"{games_words(comp.games, comp.indefinite)}{late}",
            rule=comp.rule,
            data={
                "layer": comp.layer,
                "games": comp.games,
                "indefinite": comp.indefinite,
                "late": comp.late,
                "incident": comp.incident,
                "team_event": comp.team_event,
            },
        )
        if comp.incident is not None:
            _, inc = self.words.incident(s.game, comp.incident)
            node.where, node.line = inc.where, inc.line
        else:
            game = self.words.games[s.game]
            node.where, node.line = game.where, game.line
        self.add_rule_text(node, comp.rule)
        for p in self.premise_nodes(s.person, s.game, comp):
            node.add(p)
        return node

    def what_for(self, s: Suspension, comp) -> str:
        """What a component is given for, in words: "a 3rd fighting major", "boarding"."""
        source = comp.incident if comp.incident is not None else ("team", comp.team_event)
        for f in self.model.premises.get((s.person, s.game, source, comp.rule), []):
            if f.name == "minutes":
                return "the season's penalty minutes"
            if f.name == "offence":
                stem, n = f.arguments[0].string, f.arguments[1].number
                return f"a {ordinal(n)} {LADDER_WORDS.get(stem, stem)}"
        if comp.incident is not None:
            _, inc = self.words.incident(s.game, comp.incident)
            return words(inc.infraction)
        return f"the lines of {self.words.team(comp.team_event)}"

    def summary(self, s: Suspension) -> str:
        """The decision in one sentence, the total first: "8 games. Hockey Canada and Hockey
        Manitoba: 4 games for a 3rd fighting major (hc:7.10(b)/3); the MU18AAA league: 3
        games for a 3rd fight (league:10.06/3), and 1 more for a 5th misconduct ..."."""
        parts = []
        for layer in ("governing", "league"):
            comps = [c for c in s.components if c.layer == layer]
            if not comps:
                continue
            said = []
            for c in comps:
                source = c.incident if c.incident is not None else ("team", c.team_event)
                how = self.model.combines.get((s.person, s.game, source, c.rule))
                if how not in ("adds", "governs") or not (c.games or c.indefinite):
                    continue  # overlapped, or no games: told in the details
                length = games_words(c.games, c.indefinite)
                if c.indefinite:
                    said.append(f"an indefinite suspension for {self.what_for(s, c)} ({c.rule})")
                elif how == "adds":
                    said.append(f"{plural(c.games, 'more game')} for {self.what_for(s, c)} ({c.rule})")
                else:
                    said.append(f"{length} for {self.what_for(s, c)} ({c.rule})")
            said.sort(key=lambda x: " more game" in x)  # what counts first, what adds after
            if said:
                parts.append(f"{layer_words(layer, self.season.league, self.season)}: " + ", and ".join(said))
        told = " ".join(parts)
        for c in s.components:
            if c.indefinite and f"({c.rule})" not in told:
                parts.append(f"{c.rule} makes it indefinite ({self.what_for(s, c)})")
        head = games_words(s.games, s.indefinite)
        return f"{head}. " + "; ".join(parts) if parts else head

    def combination_node(self, s: Suspension) -> Node:
        node = Node("combination", self.summary(s), rule="league:10.01A")
        league = self.season.league
        for layer, part in (("governing", s.governing_games), ("league", s.league_games)):
            comps = [c for c in s.components if c.layer == layer]
            if not comps:
                continue
            lnode = node.add(
                Node(
                    "layer",
                    f"{layer_words(layer, league, self.season)}: "
                    f"{games_words(part, any(c.indefinite for c in comps))} (on each line {LARGEST}; "
                    f"a separate sanction adds)",
                    data={"layer": layer, "games": part},
                )
            )
            for c in comps:
                source = c.incident if c.incident is not None else ("team", c.team_event)
                how = self.model.combines.get((s.person, s.game, source, c.rule))
                where = (
                    f"line {c.incident}" if c.incident is not None else f"the lines of {self.words.team(c.team_event)}"
                )
                if how == "adds":
                    text = f"{c.rule} adds {plural(c.games, 'game')} ({where}; {SEPARATE})"
                elif how == "governs":
                    text = f"{c.rule} on {where}: {games_words(c.games, c.indefinite)}, {LARGEST}"
                else:
                    text = f"{c.rule} ({games_words(c.games, c.indefinite)}) is not added: {how} counts on {where} ({LARGEST})"
                lnode.add(
                    Node("adds" if how == "adds" else "governs" if how == "governs" else "overlaps", text, rule=c.rule)
                )
        blocked = defaultdict(list)
        for i, rule, other in sorted(self.model.notadded.get((s.person, s.game), [])):
            blocked[(i, rule)].append(other)
        for (i, rule), others in sorted(blocked.items()):
            window = self.policy_of(s.game).late_window_minutes
            node.add(
                Node(
                    "counted-once",
                    f"{rule} is not added on line {i}: {', '.join(others)} already "
                    f"{'gives its' if len(others) == 1 else 'give their'} value for the last {window} minutes "
                    f"or overtime, which includes this game ({COUNTED_ONCE})",
                    rule=rule,
                )
            )
        gov, lg = layer_words("governing", season=self.season), layer_words("league", league)
        if s.indefinite and not s.games:
            arith = "no number of games yet: the league sets the length"
        elif s.indefinite:
            arith = f"at least {plural(s.games, 'game')} until the league sets the length"
        elif not s.league_games and not has_league_layer(self.season):  # (no by-laws of its own)
            arith = f"{plural(s.games, 'game')}: {gov}"
        elif self.policy_of(s.game).layers == "sum":
            arith = f"{s.governing_games} + {s.league_games} = {s.games}: {gov}, {s.governing_games}, plus {lg}, {s.league_games}"
        else:
            arith = f"the larger of {s.governing_games} and {s.league_games}: {s.games} (the larger part counts)"
        node.add(Node("arithmetic", arith, rule="league:10.01A"))
        if s.indefinite:
            ind = ", ".join(f"{c.rule} ({body(c.rule, league)})" for c in s.components if c.indefinite)
            node.add(
                Node(
                    "indefinite",
                    f"indefinite because of {ind}: the league must decide the length (By-Law 10.01C)"
                    + (f"; at least {plural(s.games, 'game')} in all" if s.games else ""),
                )
            )
        return node

    def suspension_node(self, s: Suspension) -> Node:
        root = Node(
            "suspension",
            f"{person_words(s.name, s.person, s.role, self.words.team(s.team))}: "
            f"{games_words(s.games, s.indefinite)} for game {s.game} ({s.date})",
            data={
                "person": s.person,
                "game": s.game,
                "games": s.games,
                "indefinite": s.indefinite,
                "governing_games": s.governing_games,
                "league_games": s.league_games,
            },
        )
        root.add(self.combination_node(s))  # the total first, the details under it
        root.add(self.words.game_node(s.game))
        for i in sorted({c.incident for c in s.components if c.incident is not None}):
            root.add(self.words.line_node(s.game, i))
        for c in s.components:
            root.add(self.component_node(s, c))
        return root

    # --- why not -------------------------------------------------------------

    def line_explanation(self, game_id: str, number: int) -> Node:
        w = self.words
        root = w.line_node(game_id, number)
        root.kind = "incident"
        _, inc = w.incident(game_id, number)
        susp = next((s for s in self.result.suspensions if s.person == inc.person and s.game == game_id), None)
        comps = [c for c in self._components_of(inc.person, game_id) if c.incident == number]
        if inc.person is None:
            root.add(
                Node(
                    "outcome",
                    f"a team line of {inc.team}: it yields no suspension of its own; the coach "
                    f"rows read it as a line of the team",
                )
            )
        elif susp and comps:
            root.add(
                Node(
                    "outcome",
                    f"part of a suspension: {games_words(susp.games, susp.indefinite)} for game "
                    f"{game_id} (see explain --person {inc.person} --game {game_id})",
                )
            )
        elif susp:
            root.add(
                Node(
                    "outcome",
                    f"this line yields no component; {inc.person} has a suspension for game "
                    f"{game_id} from other lines (see explain --person {inc.person} "
                    f"--game {game_id})",
                )
            )
        else:
            root.add(
                Node(
                    "outcome",
                    "no suspension for this game" + (" (the rules that apply give 0 games)" if comps else ""),
                )
            )
        context = {t.name: t for t in self.model.context.get((game_id, number), [])}
        root.add(
            Node(
                "late",
                f"late: {w.late_reason(inc, game_id)}"
                if "late" in context
                else f"not late: {w.clock(inc) if inc.seconds is not None else w.period(inc)}",
            )
        )
        fired = {c.rule: c for c in comps}
        for c in comps:
            node = root.add(
                Node(
                    "fired",
                    f"{c.rule} fires: {games_words(c.games, c.indefinite)}"
                    + (", the value for the last minutes or overtime" if c.late else ""),
                    rule=c.rule,
                )
            )
            if susp:
                for p in self.premise_nodes(inc.person, game_id, c):
                    node.add(p)
        for rule in sorted(self.model.considered.get((game_id, number), set()) - set(fired)):
            reasons = []
            lacking = sorted(self.model.lacks.get((game_id, number, rule), []))
            if lacking:
                reasons.append(f"needs {penalty_words(lacking)}; the line has {penalty_words(inc.penalties)}")
            fails = self.model.failed.get((game_id, number, rule), [])
            once = sorted(w.arguments[0].string for w in fails if w.name == "countedonce")
            for why in fails:
                if why.name != "countedonce":
                    reasons.append(self._why_not(why, inc))
            if once:
                reasons.append(
                    f"{', '.join(once)} already {'gives its' if len(once) == 1 else 'give their'} value for "
                    f"the last minutes or overtime, which includes this game ({COUNTED_ONCE})"
                )
            if not reasons:
                reasons.append("does not fire")
            node = root.add(Node("candidate", f"{rule} does not fire: " + "; ".join(reasons), rule=rule))
            self.add_rule_text(node, rule)
        by_stem = defaultdict(list)
        for stem, status in self.model.ladder.get((game_id, number), []):
            by_stem[stem].append(status)
        for stem in sorted(by_stem):
            root.add(self._ladder_node(stem, by_stem[stem], inc))
        for term in self.model.context.get((game_id, number), []):
            if term.name == "heavylines":
                team, n = term.arguments[0].string, term.arguments[1].number
                root.add(
                    Node(
                        "count",
                        f"hc:s2-coach: team {team} has {plural(n, 'line')} with a major, a match penalty or "
                        f"a fighting infraction in this game, team lines included (3 make a "
                        f"coach suspension)",
                        rule="hc:s2-coach/1",
                    )
                )
            elif term.name == "fights":
                n, sec = (x.number for x in term.arguments)
                verdict = "more than one fight" if n >= 3 or sec else "one fight at most"
                root.add(
                    Node(
                        "count",
                        f"{_stoppage_row()}: this stoppage holds {plural(n, 'fighting line')} and "
                        f"{plural(sec, 'secondary fight')}: {verdict} (3 fighting lines or a secondary fight "
                        f"are needed)",
                        rule=_stoppage_row(),
                    )
                )
        return root

    def add_rule_text(self, node: Node, rule: str) -> None:
        """The rulebook's words for a rule, and what a proposal did to it."""
        quote = excerpt(rule)
        proposal = getattr(self, "proposal", None)
        if proposal is not None and rule in proposal.texts():
            node.add(Node("rulebook", f'proposed rule: "{proposal.texts()[rule]}"', rule=rule))
            node.data["rulebook"] = proposal.texts()[rule]
        elif quote:
            node.add(Node("rulebook", f"rulebook: {row_words(rule, quote)}", rule=rule))
        if proposal is not None:
            stem = rule.rsplit("/", 1)[0]
            if rule in proposal.rows or stem in proposal.ladders:
                node.add(Node("proposal", f"value changed by the proposal {proposal.name!r}", rule=rule))
            if rule in proposal.repeal:
                node.add(Node("proposal", f"repealed by the proposal {proposal.name!r}", rule=rule))

    def _why_not(self, why, inc: Incident) -> str:
        if why.name == "repealed":
            return "repealed by the proposal"
        if why.name == "covered":
            return f"the line is covered by {why.arguments[0].string} (not otherwise covered)"
        if why.name == "countedonce":
            return (
                f"{why.arguments[0].string} already gives its value for the last minutes or overtime, "
                f"which includes this game ({COUNTED_ONCE})"
            )
        game = next(g for g in self.season.games if inc in g.incidents)
        if why.name in ("leaguepersons", "leaguegames"):
            return reading_words(why.name, game, *self._who(inc))
        if why.name == "carries":
            return (
                f"the line carries {why.arguments[0].name}: a Section 3 match, not a Section 2 major "
                f"(its Section 3 row governs it)"
            )
        text = FAIL_WORDS.get(why.name, why.name).format(w=self.policy_of(game.id).late_window_minutes)
        if why.name == "notplayer":
            return f"{text}; {is_a(*self._who(inc))}"
        if why.name in ("notlate", "late"):
            return (
                f"{text}; the line was {self.words.clock(inc) if inc.seconds is not None else self.words.period(inc)}"
            )
        return text

    def _who(self, inc: Incident) -> tuple[str, str]:
        """The person of a line by name, and his role ("" where the line or the season has none)."""
        pid = inc.person or ""
        p = self.season.people.get(pid)
        return self.words.person(pid), (p.role if p is not None else "")

    def _ladder_node(self, stem: str, statuses: list, inc: Incident) -> Node:
        words = LADDER_WORDS.get(stem, stem)
        found = defaultdict(list)
        for st in statuses:
            found[st.name].append(st.arguments)
        data: dict = {"ladder": stem}
        if "minutes" in found:
            before, after, mb, ma = (x.number for x in found["minutes"][0])
            data.update(before=before, after=after, marks_before=mb, marks_after=ma)
            return Node(
                "ladder",
                f"{stem}: season penalty minutes {before} -> {after}; marks passed "
                f"{mb} -> {ma}" + (f": {ma - mb} this line" if ma > mb else ": none this line"),
                rule=stem,
                data=data,
            )
        if "outside" in found:
            game = next(g for g in self.season.games if inc in g.incidents)
            why = sorted({a[0].name for a in found["outside"]})
            data["outside"] = why
            return Node(
                "ladder",
                f"{stem} does not apply: " + "; ".join(reading_words(w, game, *self._who(inc)) for w in why),
                rule=stem,
                data=data,
            )
        if "notplayer" in found:
            return Node(
                "ladder",
                f"{stem}: counts players only; {is_a(*self._who(inc))}",
                rule=stem,
                data=data,
            )
        held = sorted(a[0].number for a in found["nth"])
        data["offences"] = held
        text = (
            f"{stem}: this line holds the person's "
            + " and ".join(ordinal(n) for n in held)
            + f" {words} of the season"
        )
        rungs = sorted({a[1].number for a in found["rung"]})
        if rungs:
            data["rungs"] = rungs
            text += "; rung " + ", ".join(f"{stem}/{r}" for r in rungs) + " applies"
        elif found["firstrung"]:
            first = found["firstrung"][0][0].number
            data["first_rung"] = first
            text += f"; the first rung is the {ordinal(first)}: no rung applies"
        return Node("ladder", text, rule=stem, data=data)

    def _components_of(self, person: str | None, game: str):
        return self.result.cases.get((person, game), ())


def build(season, policy, focus, proposal=None) -> Explainer:
    proposal = as_proposal(proposal)
    result, symbols = run(season, policy, focus, ["explain.lp"], proposal=proposal)
    ex = Explainer(season, result.policy, result, Model(symbols))
    ex.proposal = proposal
    return ex


def part_of(season: Season, team: str, proposal=None) -> Season:
    """The part of a season (teams that never meet the others) holding `team`: what an
    explanation of one person or line reads, so that asking about one costs one league,
    not the country. A proposal with rules of its own may join parts: then the whole."""
    # (here, beside its use: loaded already, so it costs nothing)
    from hockeyrules.engine.parts import parts, split

    if proposal is not None and getattr(proposal, "rules", None):
        return season
    groups = parts(season)
    if len(groups) == 1:
        return season
    group = next(g for g in groups if team in g)
    part = split(season, [set(group), set(season.teams) - set(group)])[0]
    part.warnings = list(season.warnings)
    return part


def explain_person(
    season: SeasonSource,
    person: str,
    game: str | None = None,
    policy: Policy | None = None,
    proposal: ProposalSource = None,
    **options: Any,
) -> list[Node]:
    """A justification tree for each suspension of a person (or of that game)."""
    season, policy = as_season(season), as_policy(policy, options)
    if person not in season.people:
        raise KeyError(f"unknown person {person!r}")
    if game is not None and game not in {g.id for g in season.games}:
        raise KeyError(f"unknown game {game!r}")
    proposal = as_proposal(proposal)
    part = part_of(season, season.people[person].team, proposal)
    ex = build(part, policy, [Fact("focusperson", Id(person))], proposal)
    nodes = [
        ex.suspension_node(s) for s in ex.result.suspensions if s.person == person and (game is None or s.game == game)
    ]
    if season.people[person].role == "head_coach":  # league:10.08 suspends head coaches only: the audit's
        nodes += audit_suspension_nodes(part, person, game, policy, proposal)
    return nodes


def audit_suspension_nodes(season: Season, person: str, game: str | None, policy: Policy, proposal=None) -> list[Node]:
    """The suspensions the audit makes (league:10.08: a head coach whose team used an
    ineligible person) of one person: suspensions like the rules', shown by every view."""
    from hockeyrules.views.audit import audit  # the audit's findings come from its own encoding

    data = audit(season, policy, proposal=proposal).to_dict()
    return audit_suspensions_of(Words(season, policy), data, person, game)


def audit_suspensions_of(words: Words, data: dict, person: str, game: str | None) -> list[Node]:
    serving = {(s["person"], s["game"]): s for s in data["serving"] if s["rule"] == "league:10.08"}
    nodes = []
    for s in data["audit_suspensions"]:
        if s["person"] != person or (game is not None and s["game"] != game):
            continue
        team = s["components"][0]["team_event"]
        used = [
            v
            for v in data["violations"]
            if v["game"] == s["game"] and v["team"] == team and v["rule"] == "league:10.08"
        ]
        nodes.append(audit_suspension_node(words, s, used, serving.get((s["person"], s["game"]))))
    return nodes


def explain_incident(
    season: SeasonSource,
    game: str,
    number: int,
    policy: Policy | None = None,
    proposal: ProposalSource = None,
    **options: Any,
) -> Node:
    """Why (or why not) one game-sheet line led to a suspension."""
    season, policy = as_season(season), as_policy(policy, options)
    games = {g.id: g for g in season.games}
    if game not in games:
        raise KeyError(f"unknown game {game!r}")
    if not 1 <= number <= len(games[game].incidents):
        raise KeyError(f"game {game} has {plural(len(games[game].incidents), 'incident')}; no incident {number}")
    proposal = as_proposal(proposal)
    part = part_of(season, games[game].home, proposal)
    ex = build(part, policy, [Fact("focusline", Id(game), int(number))], proposal)
    return ex.line_explanation(game, number)


def explain_all(
    season: SeasonSource, policy: Policy | None = None, proposal: ProposalSource = None, **options: Any
) -> tuple[Result, dict, dict]:
    """The result, every suspension's tree and the result@1 data with explanations.

    In the data, each component gains `explanation` (its rule text and the facts it
    rests on) and each suspension gains `explanation` (how its components combine).
    A season of many leagues is explained part by part, as `evaluate` solves it
    (hockeyrules/engine/parts.py), so the cost grows with the season, not faster.
    """
    # (here, beside its use: loaded already, so it costs nothing)
    from hockeyrules.engine.parts import worth_splitting

    season, policy = as_season(season), as_policy(policy, options)
    proposal = as_proposal(proposal)
    if worth_splitting(season, proposal):
        return explain_parts(season, policy, proposal)
    return explain_whole(season, policy, proposal)


def _with_explanations(data: dict, trees: dict) -> dict:
    """result@1 data with each component's and suspension's explanation, taken from the
    suspension's tree (its component nodes and its last node, the combination)."""
    for out in data["suspensions"]:
        tree = trees[(out["person"], out["game"])]
        comps = [n for n in tree.children if n.kind == "component"]
        for comp_node, comp_out in zip(comps, out["components"]):
            comp_out["explanation"] = comp_node.to_dict()
        out["explanation"] = next(n for n in tree.children if n.kind == "combination").to_dict()
    return data


def _trees(season: Season, policy: Policy, proposal=None) -> tuple[Result, dict]:
    ex = build(season, policy, [Fact("focusall")], proposal)
    return ex.result, {(s.person, s.game): ex.suspension_node(s) for s in ex.result.suspensions}


def explain_whole(season: Season, policy: Policy, proposal=None) -> tuple[Result, dict, dict]:
    """explain_all in one solve."""
    result, trees = _trees(season, policy, proposal)
    return result, trees, _with_explanations(result.to_dict(), trees)


def _explain_chunk(part: Season, policy: Policy, proposal) -> tuple[Result, dict]:
    result, trees = _trees(part, policy, proposal)
    result.cases = {}  # read only while the trees were built: not sent back
    return result, trees


def explain_parts(season: Season, policy: Policy, proposal=None) -> tuple[Result, dict, dict]:
    """explain_all chunk by chunk in fresh worker processes, as parts.solve_parts
    solves: each chunk grounds explain.lp for its own leagues only."""
    from hockeyrules.engine.parallel.processes import map_forked, start_method  # (here: start-up time)
    from hockeyrules.engine.parts import chunks, merge, split  # (here: start-up time)

    if start_method() != "fork":  # a worker started by spawn would not see the parts: one solve
        return explain_whole(season, policy, proposal)
    done = map_forked(_explain_chunk, split(season, chunks(season)), policy, proposal)
    if proposal is not None:
        policy = proposal.apply_policy(policy)
    result = merge(season, policy, [r for r, _ in done])
    result.proposal = None if proposal is None else proposal.name
    trees = {k: t for _, ts in done for k, t in ts.items()}
    trees = {(s.person, s.game): trees[(s.person, s.game)] for s in result.suspensions}  # season order
    return result, trees, _with_explanations(result.to_dict(), trees)


def explain_audit(
    season: SeasonSource,
    person: str,
    game: str | None = None,
    policy: Policy | None = None,
    proposal: ProposalSource = None,
    audited: Any = None,
    **options: Any,
) -> list[Node]:
    """Serving and eligibility of one person: where each suspension was served, why a
    game was one the person could not play, why a coach was suspended under 10.08.
    `audited`: the season's audit already computed (an Audit), to word it for many
    persons with one solve."""
    from hockeyrules.views.audit import audit  # the audit's findings come from its own encoding

    season, policy = as_season(season), as_policy(policy, options)
    if person not in season.people:
        raise KeyError(f"unknown person {person!r}")
    if audited is None:
        season = part_of(season, season.people[person].team, as_proposal(proposal))
        audited = audit(season, policy, proposal=proposal)
    data = audited.to_dict()
    words = Words(season, policy)
    nodes = [
        serving_node(words, s) for s in data["serving"] if s["person"] == person and (game is None or s["game"] == game)
    ]
    nodes += [
        violation_node(words, v)
        for v in data["violations"]
        if v["person"] == person and (game is None or v["game"] == game)
    ]
    return nodes + audit_suspensions_of(words, data, person, game)


def serving_node(words: Words, s: dict) -> Node:
    """Where one suspension (a serving record of the audit) was served."""
    what = "league:10.08 suspension" if s["rule"] else "suspension"
    length = games_words(s["games"], s["indefinite"] and not s["length_set"])
    node = Node(
        "serving",
        f"serving of the {what} earned in {s['game']} ({s['date']}): {length}; {s['served']} served; {s['status']}",
        rule=s["rule"] or "league:10.01A",
        data={k: s[k] for k in ("game", "games", "served", "served_in", "eligible_from", "status")},
    )
    node.add(
        Node(
            "rule",
            "served in the team's following regular and playoff games, in season order, "
            "one suspension after another; a game the person dressed for is not served",
        )
    )
    for n, gid in enumerate(s["served_in"], start=1):
        g = words.games[gid]
        node.add(
            Node(
                "served",
                f"{ordinal(n)} game served: {g.id} {g.date}, {words.matchup(g)} ({g.kind})",
                where=g.where,
                line=g.line,
            )
        )
    for d in s["decisions"]:
        verb = (
            f"sets its length to {plural(d['set_games'], 'game')}"
            if "set_games" in d
            else f"adds {plural(d['add_games'], 'game')}"
        )
        node.add(
            Node(
                "decision",
                f"league decision of {d['date']} {verb}: {d['reason']}",
                rule="league:10.01C",
                where=d["where"],
            )
        )
    if s["eligible_from"]:
        node.add(Node("return", f"may play again from {s['eligible_from']}"))
    return node


def violation_node(words: Words, v: dict) -> Node:
    """One violation the audit found."""
    g = words.games[v["game"]]
    node = Node(
        "violation",
        f"{v['rule']} in {v['game']} {v['date']} for {words.team(v['team'])}: {words.violation(v)}",
        rule=v["rule"],
        where=g.where,
        line=g.line,
    )
    if v["rule"] == "league:10.08" and v["person"] is not None:
        node.add(
            Node(
                "consequence",
                f"{words.team(v['team'])} forfeits {v['game']}; a fine of at least $200; the team's "
                f"head coach for that game is suspended (league:10.08, indefinite)",
                rule="league:10.08",
            )
        )
    return node


def audit_suspension_node(words: Words, s: dict, used: list, serving: dict | None = None) -> Node:
    """A head coach suspended by the audit (league:10.08), with the violations behind it.
    `serving`: the audit's serving of it, where the league has set its length."""
    team = s["components"][0]["team_event"]
    g = words.games[s["game"]]
    if serving is not None and serving["length_set"]:
        length = f"{plural(serving['games'], 'game')} (the length the league set)"
    else:
        length = games_words(0, True)
    node = Node(
        "audit-suspension",
        f"{person_words(s['name'], s['person'], 'head_coach', words.team(team))}: {length} for game "
        f"{s['game']} ({s['date']}), suspended under league:10.08: the team used an ineligible person",
        rule="league:10.08",
        where=g.where,
        line=g.line,
    )
    quote = excerpt("league:10.08")
    if quote:
        node.add(Node("rulebook", f"rulebook: {row_words('league:10.08', quote)}", rule="league:10.08"))
    for v in used:
        node.add(Node("violation", words.violation(v), rule=v["rule"]))
    return node


def _stoppage_row() -> str:
    """The id of the rulebook's stoppage row (a league's "several fights in one stoppage")."""
    book = chosen() or in_force()
    return next((b.id for b in book.bylaws if b.kind == "stoppage"), "league:10.06B")
