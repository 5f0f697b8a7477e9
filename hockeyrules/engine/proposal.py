"""Proposals (format hockeyrules/proposal@1): a rule change as data.

A proposal is validated whole before anything is evaluated (every error at once,
located like `changes.rows["hc:7.2(b)"].games`), then becomes facts for
asp/amendments.lp and, for wholly new rules, ASP text that was parsed and
checked: only rules, only the documented interface, never a script, include,
external or other directive.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import clingo
from clingo import Function, Number, String
from clingo import ast as cast

from hockeyrules.engine.catalog import catalog
from hockeyrules.engine.errors import EncodingError, GroundingOutOfMemory, GroundingTimeout
from hockeyrules.model import guard
from hockeyrules.model.errors import InputError, Problem
from hockeyrules.model.guard import MAX_GAMES, shown
from hockeyrules.model.policy import BY_NAME, Policy
from hockeyrules.model.vocabulary import closest
from hockeyrules.read.loader import Located, read

FORMAT = "hockeyrules/proposal@1"
_ID = re.compile(r"(hc|hm|league):[A-Za-z0-9.()/\-]+")

# The rule interface: what a new rule's body may read (predicate/arity), documented
# in docs/proposals.md. Heads: yields/5, or helper predicates named aux...
INTERFACE = {
    ("incident", 4),
    ("penalty", 3),
    ("period", 3),
    ("pregame", 2),
    ("postgame", 2),
    ("clock", 3),
    ("person", 3),
    ("player", 1),
    ("teamof", 2),
    ("affiliate", 1),
    ("team", 1),
    ("game", 4),
    ("gameorder", 2),
    ("gameday", 2),
    ("dressed", 3),
    ("dressedlist", 2),
    ("setting", 2),
    ("policy", 2),
    ("late", 2),
    ("ingame", 2),
    ("overtime", 2),
    ("remaining", 3),
    ("elapsed", 3),
    ("minutes", 3),
    ("stoppage", 3),
    ("fightline", 2),
    ("key", 3),
    ("headcoach", 3),
    ("fires", 3),
    ("nth", 5),
    ("reached", 5),
    ("yields", 5),
}
OUTPUT = ("yields", 5)

_PIM_ROW = "league:10.04"
# How long a proposal's new rules may ground alone (no season) while the proposal is
# validated: rules over the interface with no facts ground at once, so a rule still
# grounding after this is one that derives without end. Read at each check, so a test
# may set it lower.
GROUND_ALONE_SECONDS = 10.0
_PRODUCT_MAX = 10**9  # games from league:10.04 in one season: far inside 2**31 with the other rows added

# Run with a proposal's new rules: their yields must be games the solver can add up
# (fixed program text; a new rule can neither derive nor read these predicates).
YIELDS_CHECK = f"""
yieldsok(Id, G, I, N, D) :- yields(Id, G, I, N, D), N >= 0, N <= {MAX_GAMES}, D >= 0, D <= 1.
yieldsrefused(Id, N, D) :- yields(Id, G, I, N, D), not yieldsok(Id, G, I, N, D).
#show yieldsrefused/3.
"""


@dataclass
class NewRule:
    id: str
    layer: str
    text: str
    asp: str


@dataclass
class Proposal:
    name: str
    description: str = ""
    rows: dict = field(default_factory=dict)  # id -> {"base": term, "late": term}
    ladders: dict = field(default_factory=dict)  # stem -> {n: {"base": term, "late": term | None}}
    thresholds: dict = field(default_factory=dict)  # id -> (after, every)
    policy: dict = field(default_factory=dict)
    repeal: list = field(default_factory=list)
    rules: list = field(default_factory=list)
    source: str = "<proposal>"
    data: dict = field(default_factory=dict)
    rule_index: list = field(default_factory=list)  # each new rule's position in changes.rules
    located: Located | None = field(default=None, repr=False, compare=False)
    effective: str | None = None  # ISO date: in force for games on or after it

    def apply_policy(self, base: Policy) -> Policy:
        return Policy(**{**base.__dict__, **self.policy})

    def facts(self) -> list:
        """The proposal for asp/amendments.lp: in force from its effective date (day number; 0: the
        whole season), its readings, changed rows, ladders, thresholds, repeals and new rules."""
        import datetime as _dt

        book = catalog()
        day = _dt.date.fromisoformat(self.effective).toordinal() if self.effective else 0
        out = [Function("proposalfrom", [Number(day)])]
        for name, value in sorted(self.policy.items()):
            r = BY_NAME[name]
            term = r.constant(value)
            out.append(
                Function(
                    "proposedpolicy", [Function(r.fact), Number(term) if isinstance(term, int) else Function(term)]
                )
            )
        for rid, change in self.rows.items():
            for column, term in change.items():
                out.append(Function("change", [String(rid), Function(column), term]))
        for stem, rungs in self.ladders.items():
            out.append(Function("ladderreplaced", [String(stem)]))
            layer = book.ladder_layer(stem)
            for n, value in sorted(rungs.items()):
                rid = f"{stem}/{n}"
                out.append(Function("proposedrung", [String(stem), Number(n), String(rid)]))
                if rid in book.rows:
                    out.append(Function("change", [String(rid), Function("base"), value["base"]]))
                    if value["late"] is not None:
                        out.append(Function("change", [String(rid), Function("late"), value["late"]]))
                else:
                    late = value["late"] if value["late"] is not None else Function("na")
                    out.append(Function("proposedrow", [String(rid), Function(layer), value["base"], late]))
        for rid, (after, every) in self.thresholds.items():
            out.append(Function("proposedthreshold", [String(rid), Number(after), Number(every)]))
        for rid in self.repeal:
            out.append(Function("repealed", [String(rid)]))
        for rule in self.rules:
            out.append(Function("proposedlayer", [String(rule.id), Function(rule.layer)]))
        return out

    def programs(self) -> list[str]:
        return [rule.asp for rule in self.rules] + ([YIELDS_CHECK] if self.rules else [])

    def problem(self, rule_id: str, message: str) -> Problem:
        """A problem at a new rule's ASP (changes.rules[0].asp, and its line where known)."""
        k = next((k for k, rule in zip(self.rule_index, self.rules) if rule.id == rule_id), None)
        if k is None:
            return Problem("changes.rules", message)
        path = ("changes", "rules", k, "asp")
        return Problem(_render(path), message, self.located.line(path) if self.located else None)

    def refused_yields(self, symbols) -> None:
        """A new rule that yielded what is not a number of games (see YIELDS_CHECK):
        an input error naming the rule, the suspensions computed are not used."""
        bad: dict = {}
        for sym in symbols:
            if sym.name == "yieldsrefused":
                rid, games, indefinite = sym.arguments
                bad.setdefault(rid.string, (str(games), str(indefinite)))
        if bad:
            raise InputError(
                self.source,
                [
                    self.problem(
                        rid,
                        f"rule {rid} yields {games} games (indefinite: {ind}); a new rule must yield "
                        f"a whole number of games from 0 to {MAX_GAMES:,}, indefinite 0 or 1",
                    )
                    for rid, (games, ind) in sorted(bad.items())
                ],
            )

    def check_against(self, season) -> None:
        """league:10.04 multiplies the marks a line passes by the row's games: with
        this season's minutes, the product must stay well inside the solver's integers."""
        row, limits = self.rows.get(_PIM_ROW, {}).get("base"), self.thresholds.get(_PIM_ROW)
        if row is None and limits is None:
            return
        games = row.arguments[0].number if row is not None else 1
        every = limits[1] if limits is not None else 25
        total = sum(season.minutes(inc) for g in season.games for inc in g.incidents)
        if (total // every + 1) * games > _PRODUCT_MAX:
            path = (
                ("changes", "rows", _PIM_ROW, "games")
                if row is not None
                else ("changes", "thresholds", _PIM_ROW, "every")
            )
            raise InputError(
                self.source,
                [
                    Problem(
                        _render(path),
                        f"with this season's {total:,} penalty minutes, {games:,} games every {every:,} "
                        f"minutes would pass the solver's integers (at most {_PRODUCT_MAX:,} games)",
                        self.located.line(path) if self.located else None,
                    )
                ],
            )

    def grounding_failed(self, why: str) -> InputError:
        """A proposal whose new rules ran out of time or memory while grounding: each
        new rule named (the solver does not say which one of several it was)."""
        other = ", or another new rule of this proposal," if len(self.rules) > 1 else ""
        return InputError(self.source, [self.problem(rule.id, f"rule {rule.id}{other} {why}") for rule in self.rules])

    def texts(self) -> dict:
        """New rules' own words, for explanations."""
        return {rule.id: rule.text for rule in self.rules}


class _Checker:
    def __init__(self, located: Located):
        self.located = located
        self.problems: list[Problem] = list(located.problems)

    def error(self, path: tuple, message: str) -> None:
        self.problems.append(Problem(_render(path), message, self.located.line(path)))


_CHANGES = ("rows", "ladders", "thresholds", "policy", "repeal", "rules")


def _near(key, known: tuple) -> str:
    """'; did you mean X?' for a misspelt key, else the keys there are."""
    near = closest(str(key), known)
    return f"; did you mean {' or '.join(near)}?" if near else f"; one of {', '.join(known)}"


def _render(path: tuple) -> str:
    """changes.rows["hc:7.2(b)"].games: keys that are not plain words in brackets."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", part):
            out += f".{part}" if out else part
        elif part.isprintable():
            out += f'["{part}"]'
        else:  # a control character or a lone surrogate: escaped
            out += f"[{json.dumps(part)}]"
    return out or "(top)"


def _value(c: _Checker, raw, path: tuple, allow_na: bool):
    """A games value: N, "indefinite", {indefinite: true, minimum: N}; null (n/a) for late."""
    if raw is None and allow_na:
        return Function("na")
    if isinstance(raw, bool):
        pass
    elif isinstance(raw, int):
        if raw < 0:
            c.error(path, f"negative number of games: {shown(raw)}")
            return None
        games, problem = guard.whole(raw, 0, MAX_GAMES, "games")
        if problem or games is None:
            c.error(path, problem or "expected a whole number of games")
            return None
        return Function("games", [Number(games)])
    elif raw == "indefinite":
        return Function("indefinite", [Number(0)])
    elif isinstance(raw, dict) and set(raw) <= {"indefinite", "minimum"} and raw.get("indefinite") is True:
        minimum, problem = guard.whole(raw.get("minimum", 0), 0, MAX_GAMES, "a whole number of games")
        if problem or minimum is None:
            c.error(path + ("minimum",), problem or "expected a whole number of games")
            return None
        return Function("indefinite", [Number(minimum)])
    c.error(
        path,
        f'expected a number of games, "indefinite" or {{indefinite: true, minimum: N}}'
        f"{' or null (n/a)' if allow_na else ''}; got {shown(raw)}",
    )
    return None


def _games_and_late(c: _Checker, raw, path: tuple, need_one: bool = True) -> dict | None:
    if not isinstance(raw, dict) or not raw or set(raw) - {"games", "late"}:
        c.error(path, "expected {games: ..., late: ...} (either or both)")
        return None
    out: dict = {}
    if "games" in raw:
        out["base"] = _value(c, raw["games"], path + ("games",), allow_na=False)
    if "late" in raw:
        out["late"] = _value(c, raw["late"], path + ("late",), allow_na=True)
    return None if None in out.values() else out


def _rows(c: _Checker, raw, path: tuple, known: dict) -> dict:
    out: dict = {}
    if not isinstance(raw, dict):
        c.error(path, "expected a mapping of rule id to {games, late}")
        return out
    for rid, change in raw.items():
        rpath = path + (str(rid),)
        if rid not in known:
            c.error(rpath, f"unknown rule id {shown(rid)} (a catalog row with games: see `hockeyrules rules`)")
            continue
        value = _games_and_late(c, change, rpath)
        if value is not None:
            out[rid] = value
    return out


def _ladders(c: _Checker, raw, path: tuple) -> dict:
    book = catalog()
    out: dict = {}
    if not isinstance(raw, dict):
        c.error(path, "expected a mapping of ladder stem to rungs")
        return out
    for stem, rungs in raw.items():
        spath = path + (str(stem),)
        if stem not in book.ladders:
            c.error(spath, f"{shown(stem)} is not a ladder; ladders: {', '.join(sorted(book.ladders))}")
            continue
        if not isinstance(rungs, dict) or not rungs:
            c.error(spath, "expected rungs: {N: value, ...}")
            continue
        ladder = {}
        for key, value in rungs.items():
            kpath = spath + (str(key),)
            n, problem = guard.whole(key, 1, guard.MAX_COUNT, "an offence number", text_ok=True)
            if problem:
                c.error(kpath, f"a rung is an offence number 1, 2, ...: {problem}")
                continue
            if isinstance(value, dict) and set(value) & {"games", "late"}:
                parsed = _games_and_late(c, value, kpath)
                if parsed is not None and "base" not in parsed:
                    c.error(kpath, "a rung needs its games")
                    continue
            else:
                base = _value(c, value, kpath, allow_na=False)
                parsed = None if base is None else {"base": base}
            if parsed is not None:
                ladder[n] = {"base": parsed["base"], "late": parsed.get("late")}
        out[stem] = ladder
    return out


def _thresholds(c: _Checker, raw, path: tuple) -> dict:
    out: dict = {}
    if not isinstance(raw, dict):
        c.error(path, "expected {league:10.04: {after: N, every: N}}")
        return out
    for rid, value in raw.items():
        tpath = path + (str(rid),)
        if rid not in catalog().thresholds:
            c.error(tpath, f"{shown(rid)} has no thresholds; only {', '.join(catalog().thresholds)}")
            continue
        if not isinstance(value, dict) or set(value) != {"after", "every"}:
            c.error(tpath, "expected {after: N, every: N}")
            continue
        ok = True
        for key, minimum in (("after", 0), ("every", 1)):
            _, problem = guard.whole(value[key], minimum, guard.MAX_MINUTES, "minutes")
            if problem:
                c.error(tpath + (key,), problem)
                ok = False
        if ok:
            out[rid] = (int(value["after"]), int(value["every"]))
    return out


def _policy(c: _Checker, raw, path: tuple) -> dict:
    """Any reading of the catalog's "Readings" (hockeyrules/model/policy.py), by name, with one of its values."""
    # (here, beside its use: loaded already, so it costs nothing)
    from hockeyrules.model.policy import BY_NAME

    out: dict = {}
    if not isinstance(raw, dict):
        c.error(path, "expected a mapping of reading to value")
        return out
    for key, value in raw.items():
        kpath = path + (str(key),)
        r = BY_NAME.get(key)
        if r is None:
            c.error(kpath, f"unknown reading {key!r}; one of {', '.join(BY_NAME)}")
            continue
        try:
            out[key] = r.check(value)
        except ValueError:
            c.error(kpath, f"expected {r.known()}, got {shown(value)}")
    return out


def _effective(c: _Checker, raw) -> str | None:
    """`effective`: an ISO date (YAML may already have read it as one)."""
    import datetime as _dt

    if raw is None:
        return None
    if isinstance(raw, _dt.datetime):
        raw = raw.date()
    if isinstance(raw, _dt.date):
        return raw.isoformat()
    if isinstance(raw, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", raw):
        try:
            return _dt.date.fromisoformat(raw).isoformat()
        except ValueError:
            pass
    c.error(("effective",), f"not a date: {shown(raw)} (expected YYYY-MM-DD)")
    return None


def _repeal(c: _Checker, raw, path: tuple) -> list:
    if not isinstance(raw, list):
        c.error(path, "expected a list of rule ids")
        return []
    out = []
    for k, rid in enumerate(raw):
        if not isinstance(rid, str) or rid not in catalog().rows:
            c.error(path + (k,), f"unknown rule id {shown(rid)}")
        else:
            out.append(rid)
    return sorted(set(out))


def _predicates(node, found: list, sign=None) -> None:
    """Every symbolic atom (name, arity, term node, negated) under an AST node, in
    heads, bodies, aggregates and conditions alike."""
    if node.ast_type == cast.ASTType.Literal:
        sign = node.sign
    if node.ast_type == cast.ASTType.SymbolicAtom:
        sym = node.symbol
        negated = sign is not None and sign != cast.Sign.NoSign
        if sym.ast_type == cast.ASTType.Function:
            found.append((sym.name, len(sym.arguments), sym, negated))
        elif sym.ast_type == cast.ASTType.SymbolicTerm:
            found.append((str(sym.symbol), 0, sym, negated))
        return
    for key in node.child_keys:
        child = getattr(node, key)
        if child is None or isinstance(child, str):
            continue
        items = [child] if hasattr(child, "ast_type") else list(child)
        for item in items:
            if hasattr(item, "ast_type"):
                _predicates(item, found, sign)


def _externals(node) -> list[str]:
    """The names of external function calls (@name(...)) anywhere under an AST node."""
    found, stack = [], [node]
    while stack:
        item = stack.pop()
        if item.ast_type == cast.ASTType.Function and item.external:
            found.append(item.name)
        for key in item.child_keys:
            child = getattr(item, key)
            if child is None or isinstance(child, str):
                continue
            stack.extend(c for c in ([child] if hasattr(child, "ast_type") else child) if hasattr(c, "ast_type"))
    return found


def _uncovered(text: str, statements: list) -> bool:
    """Is there text that no statement or comment accounts for? clingo's parser
    consumes some directives (#include <...>) without a trace in the AST."""
    lines = text.split("\n")
    covered = [[False] * (len(line) + 1) for line in lines]
    for st in statements:
        b, e = st.location.begin, st.location.end
        for ln in range(b.line, e.line + 1):
            if ln - 1 >= len(lines):
                break
            start = b.column - 1 if ln == b.line else 0
            end = e.column - 1 if ln == e.line else len(lines[ln - 1])
            for col in range(max(start, 0), min(end, len(lines[ln - 1]))):
                covered[ln - 1][col] = True
    return any(not ch.isspace() and not covered[n][c] for n, line in enumerate(lines) for c, ch in enumerate(line))


_ASP_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_ASP_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"|%\*.*?\*%|%[^\n]*', re.S)
_ASP_NUMBER = re.compile(r"(?<![A-Za-z0-9_])[0-9]+")


def _text_problems(text: str) -> list[str]:
    """What the solver would read otherwise than written: a control character (the
    text is cut at a NUL), a number past its 32-bit integers (it wraps around)."""
    m = _ASP_CONTROL.search(text)
    if m:
        return [f"a control character ({m.group()!r}) is not allowed in the ASP"]
    for m in _ASP_NUMBER.finditer(_ASP_QUOTED.sub(" ", text)):
        if len(m.group()) > 10 or int(m.group()) > guard.SOLVER_MAX:
            return [f"the number {shown(int(m.group()))} is past the solver's integers (at most {guard.SOLVER_MAX:,})"]
    return []


def check_asp(text: str, rule_id: str, ground_seconds: float | None = None) -> list[str]:
    """Why this ASP may not run, or [] when it is made of rules over the interface only;
    grounded alone for at most `ground_seconds` (default GROUND_ALONE_SECONDS)."""
    problems: list[str] = _text_problems(text)
    if problems:
        return problems
    statements: list = []
    messages: list[str] = []
    try:
        cast.parse_string(
            text, statements.append, logger=lambda code, msg: messages.append(msg.strip()), message_limit=5
        )
    except RuntimeError:
        pass
    # clingo's parser follows #include itself; whatever came from another file is
    # refused, and its content (or errors about it) is never shown or used.
    included = [st for st in statements if st.location.begin.filename != "<string>"]
    if included or any(not m.startswith("<string>:") or "could not be opened" in m for m in messages):
        return ["#include is not allowed: a new rule is the ASP written here, nothing else"]
    if messages:
        return messages
    if not statements:
        return ["the ASP does not parse"]
    calls = sorted({f"@{name}" for st in statements for name in _externals(st)})
    if calls:
        # an @function is Python called from the solver, like #script: never run
        return [f"{', '.join(calls)}: calling an external function is not allowed (a new rule is ASP only)"]
    rules = 0
    for st in statements:
        kind = st.ast_type
        if kind == cast.ASTType.Comment:
            continue
        if kind == cast.ASTType.Program and st.name == "base" and not st.parameters:
            continue
        if kind != cast.ASTType.Rule:
            name = str(kind).split(".")[-1]
            problems.append(f"only rules are allowed; found a statement of kind {name} ({str(st).strip()[:60]!r})")
            continue
        rules += 1
        if (
            st.head.ast_type != cast.ASTType.Literal
            or st.head.atom.ast_type != cast.ASTType.SymbolicAtom
            or st.head.sign != cast.Sign.NoSign
        ):
            problems.append(
                f"a rule's head must be one atom, yields(...) or aux...(...); not "
                f"{str(st.head)[:40]!r} (no constraints, choices or disjunctions)"
            )
            found: list = []
            _predicates(st.head, found)
            problems += [
                f"{name}/{arity} may not be derived by a new rule"
                for name, arity, _, _ in found
                if not name.startswith("aux") and (name, arity) != OUTPUT
            ]
            continue
        heads: list = []
        _predicates(st.head, heads)
        for name, arity, sym, _ in heads:
            if (name, arity) == OUTPUT:
                first = sym.arguments[0]
                if not (
                    first.ast_type == cast.ASTType.SymbolicTerm
                    and first.symbol.type == clingo.SymbolType.String
                    and first.symbol.string == rule_id
                ):
                    problems.append(f'yields/5 must name this rule: yields("{rule_id}", G, I, Games, Indefinite)')
            elif not name.startswith("aux"):
                problems.append(f"a new rule may derive yields/5 or helper predicates named aux...; not {name}/{arity}")
        body: list = []
        for lit in st.body:
            _predicates(lit, body)
        for name, arity, _, negated in body:
            if (name, arity) not in INTERFACE and not name.startswith("aux"):
                problems.append(f"{name}/{arity} is not in the rule interface (docs/proposals.md)")
            elif negated and (name.startswith("aux") or (name, arity) == OUTPUT):
                # negation only over the interface keeps the program stratified: one answer
                problems.append(f"'not {name}' is not allowed: negate only predicates of the interface")
    if not rules:
        problems.append("no rule found")
    if not problems and _uncovered(text, statements):
        problems.append("a directive that is not a rule (#include?) is not allowed: only rules")
    if not problems:
        problems += _ground_check(text, ground_seconds)
    return problems


def _ground_check(text: str, seconds: float | None = None) -> list[str]:
    """Ground the rules alone over the interface (no facts): unsafe variables and the
    like show here, located, before any season is evaluated."""
    from hockeyrules.engine.parallel.limit import solve_with_limit  # (here: clingo, for rules only)

    try:
        limit = GROUND_ALONE_SECONDS if seconds is None else seconds
        solve_with_limit([], [text], limit, encoding=["interface.lp"])
    except GroundingTimeout:
        return ["the rules do not finish grounding even without a season (a rule that derives without end?)"]
    except GroundingOutOfMemory:
        return ["the rules run out of memory grounding even without a season (a rule that derives without end?)"]
    except EncodingError as exc:
        text = " ".join(str(exc).split())
        return [text.replace("<block>:", "line ") or "the rules do not ground"]
    return []


def _rules(c: _Checker, raw, path: tuple, created: set | frozenset = frozenset(), index: list | None = None) -> list:
    """New rules; `created`: the rung ids the proposal's ladders make (not to be reused)."""
    index = [] if index is None else index
    if not isinstance(raw, list):
        c.error(path, "expected a list of new rules")
        return []
    out, seen = [], set()
    for k, item in enumerate(raw):
        rpath = path + (k,)
        if not isinstance(item, dict):
            c.error(rpath, "expected {id, layer, text, asp}")
            continue
        rid, layer, text, asp = (item.get(key) for key in ("id", "layer", "text", "asp"))
        ok = True
        if not isinstance(rid, str) or not _ID.fullmatch(rid):
            c.error(rpath + ("id",), f"a rule id like league:10.09 (prefix hc:, hm: or league:), got {shown(rid)}")
            ok = False
        elif rid in catalog().rows or rid in catalog().ladders or rid in seen or rid in _CATALOG_ONLY or rid in created:
            c.error(rpath + ("id",), f"{rid} is already a rule id; ids are never reused")
            ok = False
        if layer not in ("governing", "league"):
            c.error(rpath + ("layer",), f"expected governing or league, got {shown(layer)}")
            ok = False
        if not isinstance(text, str) or not text.strip():
            c.error(rpath + ("text",), "missing: the rule's text as the committee would adopt it")
            ok = False
        elif problem := guard.text_problem(text):
            c.error(rpath + ("text",), problem)
            ok = False
        if not isinstance(asp, str) or not asp.strip():
            c.error(rpath + ("asp",), "missing: the rule in ASP")
            continue
        if problem := guard.text_problem(asp):
            c.error(rpath + ("asp",), problem)
            continue
        for message in check_asp(asp, rid if isinstance(rid, str) else ""):
            c.error(rpath + ("asp",), message)
            ok = False
        if ok and isinstance(text, str):
            seen.add(rid)
            out.append(NewRule(str(rid), str(layer), text.strip(), asp))
            index.append(k)
    return out


# Ids of the catalog that yield no games of their own (never reused either).
_CATALOG_ONLY = {
    "league:10.01A",
    "league:10.01B",
    "league:10.01C",
    "league:10.03",
    "league:10.07",
    "league:10.08",
    "hc:10.8(b)",
}


def validate(located: Located, source: str) -> Proposal:
    c = _Checker(located)
    top = located.data
    if not isinstance(top, dict):
        raise InputError(source, [Problem("(top)", "expected a mapping")])
    if top.get("format") != FORMAT:
        c.error(("format",), f"expected {FORMAT!r}, got {shown(top.get('format'))}")
    name = top.get("name")
    if not isinstance(name, str) or not name.strip():
        c.error(("name",), "missing: a short name for the proposal")
    elif problem := guard.text_problem(name):
        c.error(("name",), problem)
    description = top.get("description") or ""
    if not isinstance(description, str):
        c.error(("description",), f"expected text, got {guard.kind(description)} {shown(description)}")
        description = ""
    elif problem := guard.text_problem(description):
        c.error(("description",), problem)
    for key in top:
        if key not in ("format", "name", "description", "effective", "changes"):
            c.error((key,), f"unknown field{_near(key, ('format', 'name', 'description', 'effective', 'changes'))}")
    changes = top.get("changes")
    p = Proposal(
        name=name if isinstance(name, str) else "",
        description=description,
        source=source,
        data=top,
        located=located,
        effective=_effective(c, top.get("effective")),
    )
    if not isinstance(changes, dict):
        c.error(("changes",), "missing: the changes (rows, ladders, thresholds, policy, repeal, rules)")
    else:
        path = ("changes",)
        for key in changes:
            if key not in ("rows", "ladders", "thresholds", "policy", "repeal", "rules"):
                c.error(path + (key,), f"unknown change{_near(key, _CHANGES)}")
        if "rows" in changes:
            p.rows = _rows(c, changes["rows"], path + ("rows",), catalog().rows)
        if "ladders" in changes:
            p.ladders = _ladders(c, changes["ladders"], path + ("ladders",))
        if "thresholds" in changes:
            p.thresholds = _thresholds(c, changes["thresholds"], path + ("thresholds",))
        if "policy" in changes:
            p.policy = _policy(c, changes["policy"], path + ("policy",))
        if "repeal" in changes:
            p.repeal = _repeal(c, changes["repeal"], path + ("repeal",))
        if "rules" in changes:
            created = {f"{stem}/{n}" for stem, rungs in p.ladders.items() for n in rungs}
            p.rules = _rules(c, changes["rules"], path + ("rules",), created, p.rule_index)
    if c.problems:
        raise InputError(source, c.problems)
    return p


def load(path_or_data: Proposal | str | os.PathLike[str] | dict) -> Proposal:
    """A proposal from a YAML/JSON file, or from its data as a dict."""
    if isinstance(path_or_data, Proposal):
        return path_or_data
    if isinstance(path_or_data, dict):
        return validate(Located(path_or_data), "<proposal>")
    return validate(read(Path(path_or_data)), str(path_or_data))
