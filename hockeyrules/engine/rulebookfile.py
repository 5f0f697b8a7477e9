"""Rulebooks (format hockeyrules/rulebook@1, docs/rulebooks.md): the layers a league
plays under and its own by-laws as data.

A rulebook names its base layers (built in: Hockey Canada's minimums, asp/hc_*.lp;
Hockey Manitoba's regulation, asp/hm_*.lp) and writes the league's by-laws as rows
of four kinds (line, penalty_minutes, ladder, stoppage) that asp/league.lp reads as
facts. It is validated whole before anything is evaluated (every error at once,
located like `bylaws[3].rungs` with the file's line), then becomes facts: ids are
checked to be plain rule ids (letters, digits and `.()/-` after `league:`), every
other value a number or a constant of the closed vocabulary. A row's `text` never
enters the solver: explanations and `hockeyrules rules` show it beside the id.

The built-in rulebooks ship as YAML (what `rulebooks --show` prints) with their data
as Python (hockeyrules/engine/rulebookdata.py: what a command reads, `suspensions`
never loads YAML); tests/test_rulebooks.py keeps the two equal.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from hockeyrules.model import guard
from hockeyrules.model import vocabulary as vocab
from hockeyrules.model.errors import InputError, Problem
from hockeyrules.model.guard import shown, whole
from hockeyrules.model.policy import BY_NAME
from hockeyrules.model.vocabulary import closest
from hockeyrules.read.loader import Located, read, render_path

FORMAT = "hockeyrules/rulebook@1"
DEFAULT = "mu18aaa"
# name -> what it is, in the order `hockeyrules rulebooks` lists them
BUILT_IN = {
    "mu18aaa": "the default: the Manitoba U18 AAA Hockey League's By-Law 10 over Hockey Canada and Hockey "
    "Manitoba (a season that names no rulebook is judged by it)",
    "hockey-canada": "Hockey Canada's minimum suspensions alone: no branch layer, no league by-laws",
    "hockey-canada+hockey-manitoba": "a Manitoba league with no by-laws of its own",
}
# base layer -> (the fact's constant, its name in plain words, the catalog's id prefix)
LAYERS = {
    "hockey-canada": ("hockeycanada", "Hockey Canada's minimum", "hc:"),
    "hockey-manitoba": ("hockeymanitoba", "Hockey Manitoba's regulation", "hm:"),
}
KINDS = ("line", "penalty_minutes", "ladder", "stoppage")
_KEYS = {
    "line": ("id", "text", "kind", "when", "games", "late", "in_addition", "restates"),
    "penalty_minutes": ("id", "text", "kind", "after", "every", "games"),
    "ladder": ("id", "text", "kind", "counts", "rungs", "in_addition", "restates"),
    "stoppage": ("id", "text", "kind", "games"),
}
_TOP = ("format", "name", "base", "readings", "bylaws", "audit")
_WHEN = ("penalties", "infractions", "in_game", "late")
_AUDIT = ("ineligible_use", "match_roster_spot", "double_headers", "max_affiliate_games")
_ID = re.compile(r"league:[A-Za-z0-9][A-Za-z0-9.()/\-]{0,40}")
_ANY_ID = re.compile(r"[A-Za-z]+:\S+")
MAX_GAMES = 999


@dataclass
class Bylaw:
    id: str
    kind: str
    text: str = ""
    base: tuple | None = None  # ("games", N) | ("indefinite", M)
    late: tuple | None = None
    infractions: tuple = ()
    penalties: tuple = ()
    conditions: tuple = ()
    marks: tuple | None = None  # (after, every)
    rungs: dict = field(default_factory=dict)  # n -> (base, late)
    rung_texts: dict = field(default_factory=dict)  # n -> the rung's own words
    added: bool = False
    restates: bool = False


@dataclass(eq=False)  # one object per file read (_LOADED): hashable, compared by identity
class Rulebook:
    name: str
    key: str  # the built-in name, or the file's path
    base: tuple = ("hockey-canada", "hockey-manitoba")
    readings: dict = field(default_factory=dict)
    bylaws: list = field(default_factory=list)
    audit: dict = field(default_factory=dict)
    source: str = ""

    def layers(self) -> list[dict]:
        """The layers in force, bottom to top, as result@1's `rulebook.layers` names them."""
        out = [{"layer": b, "name": LAYERS[b][1]} for b in self.base]
        if self.bylaws or self.audit:
            out.append({"layer": "league", "name": f"{self.name}'s by-laws"})
        return out

    def to_dict(self) -> dict:
        return {"name": self.name, "source": self.key, "layers": [d["layer"] for d in self.layers()]}

    def same_as(self, other: Rulebook) -> bool:
        """The same layers, by-laws, readings and eligibility by-laws (a file read back)."""
        return (self.name, self.base, self.readings, self.bylaws, self.audit) == (
            other.name,
            other.base,
            other.readings,
            other.bylaws,
            other.audit,
        )

    def named(self) -> dict | None:
        """result@1's `rulebook`: None for the catalog's league, whose results are as
        they were before rulebooks (docs/result-format.md)."""
        if self.same_as(builtin(DEFAULT)):
            return None
        return self.to_dict()

    def texts(self) -> dict:
        """Each league id's own words (rungs share their ladder's)."""
        out = {}
        for b in self.bylaws:
            if b.text:
                out[b.id] = b.text
            for n, words in b.rung_texts.items():
                out[f"{b.id}/{n}"] = words
        return out

    def facts(self, out) -> None:
        """The rulebook as facts for asp/league.lp (hockeyrules.facts.build.Facts)."""
        # (here: start-up time: `hockeyrules rulebooks` reads and shows rulebooks without the facts' writer)
        from hockeyrules.facts.build import Const, const, term

        def rid(text: str) -> Const:
            if not _ID.fullmatch(text.split("/")[0]) or not re.fullmatch(r"[A-Za-z0-9.()/:\-]+", text):
                raise ValueError(f"not a checked rule id: {text!r}")
            return Const(f'"{text}"')

        def value(v) -> Const:
            return const("na") if v is None else term(v[0], v[1])

        for b in self.base:
            out.add("baselayer", const(LAYERS[b][0]))
        for b in self.bylaws:
            i = rid(b.id)
            out.add("bylaw", i, const(b.kind.replace("_", "")))
            if b.kind != "ladder":
                out.add("bylawvalue", i, value(b.base), value(b.late))
            for x in b.infractions:
                out.add("bylawinfraction", i, const(x))
            for y in b.penalties:
                out.add("bylawpenalty", i, const(y))
            for c in b.conditions:
                out.add("bylawcondition", i, const(c))
            if b.marks:
                out.add("bylawmarks", i, b.marks[0], b.marks[1])
            for n, (base, late) in sorted(b.rungs.items()):
                r = rid(f"{b.id}/{n}")
                out.add("bylawrung", i, n, r)
                out.add("bylawvalue", r, value(base), value(late))
            if b.added:
                out.add("bylawadded", i)
            if b.restates:
                out.add("bylawrestates", i)
        for name, v in sorted(self.audit_facts().items()):
            out.add("auditbylaw", const(name), v)

    def apply_readings(self, policy):
        """The policy with this rulebook's readings where the policy has the catalog's default."""
        if not self.readings:
            return policy
        from dataclasses import replace

        changed = {k: v for k, v in self.readings.items() if getattr(policy, k) == BY_NAME[k].default}
        return replace(policy, **changed) if changed else policy

    def audit_facts(self) -> dict:
        a, out = self.audit, {}
        use = a.get("ineligible_use")
        if use:
            out["forfeit"] = 1 if use.get("forfeit") else 0
            out["fine"] = int(use.get("fine", 0))
            out["coachsuspension"] = 1 if use.get("coach") == "indefinite" else 0
        spot = a.get("match_roster_spot")
        if spot:
            out["rosterspotgames"] = int(spot["games"])
        if a.get("double_headers") == "no_affiliate_replacements":
            out["doubleheaders"] = 1
        return out


# --- reading and validation --------------------------------------------------------


class _Checker:
    def __init__(self, located):
        self.located = located
        self.problems: list[Problem] = list(getattr(located, "problems", []))

    def error(self, path: tuple, message: str) -> None:
        self.problems.append(Problem(render_path(path), message, self.located.line(path)))


def _near(key, known) -> str:
    near = closest(str(key), known)
    return f"; did you mean {' or '.join(near)}?" if near else f"; one of {', '.join(known)}"


def _shown(v) -> str:
    return shown(v)


def _whole(c: _Checker, raw, path: tuple, low: int, high: int, what: str):
    n, problem = whole(raw, low, high, what)
    if problem:
        c.error(path, problem)
    return n


def _games(c: _Checker, raw, path: tuple, allow_na: bool = False):
    """N, "indefinite", {indefinite: true, minimum: N}; null (n/a) for a late value."""
    if raw is None and allow_na:
        return None, True
    if isinstance(raw, int) and not isinstance(raw, bool):
        n = _whole(c, raw, path, 0, MAX_GAMES, "a whole number of games")
        return (None, False) if n is None else (("games", n), True)
    if raw == "indefinite":
        return ("indefinite", 0), True
    if isinstance(raw, dict) and set(raw) <= {"indefinite", "minimum"} and raw.get("indefinite") is True:
        n = _whole(c, raw.get("minimum", 0), path + ("minimum",), 0, MAX_GAMES, "a whole number of games")
        return (None, False) if n is None else (("indefinite", n), True)
    c.error(
        path,
        'expected a number of games, "indefinite" or {indefinite: true, minimum: N}'
        f"{' or null (n/a)' if allow_na else ''}; got {_shown(raw)}",
    )
    return None, False


def _names(c: _Checker, raw, path: tuple, known, what: str) -> tuple:
    if not isinstance(raw, list) or not raw:
        c.error(path, f"expected a list of {what}")
        return ()
    out = []
    for k, item in enumerate(raw):
        if not isinstance(item, str) or item not in known:
            c.error(
                path + (k,),
                f"unknown {what[:-1] if what.endswith('s') else what} {_shown(item)}{_near(item, sorted(known))}",
            )
        else:
            out.append(item)
    return tuple(sorted(set(out)))


def _flag(c: _Checker, row: dict, key: str, path: tuple, default: bool = False) -> bool:
    v = row.get(key, default)
    if not isinstance(v, bool):
        c.error(path + (key,), f"expected true or false, got {_shown(v)}")
        return default
    return v


def _bylaw(c: _Checker, row, path: tuple, seen: dict) -> Bylaw | None:
    if not isinstance(row, dict):
        c.error(path, "expected a by-law: {id, text, kind, ...}")
        return None
    rid, kind = row.get("id"), row.get("kind")
    ok = True
    if not isinstance(rid, str) or not _ID.fullmatch(rid):
        if isinstance(rid, str) and _ANY_ID.fullmatch(rid):
            c.error(
                path + ("id",),
                f"{rid} is not a league by-law id: a league's own rows are numbered league:... "
                "(hc: and hm: rows belong to the base layers, which a rulebook does not change)",
            )
        else:
            c.error(path + ("id",), f"expected an id like league:10.02 (letters, digits, . ( ) / -), got {_shown(rid)}")
        ok = False
    elif rid in seen:
        c.error(path + ("id",), f"{rid} is used twice (first at bylaws[{seen[rid]}])")
        ok = False
    else:
        seen[rid] = path[-1]
    if kind not in KINDS:
        c.error(path + ("kind",), f"unknown kind {_shown(kind)}{_near(kind, KINDS)}")
        return None
    for key in row:
        if key not in _KEYS[kind]:
            c.error(path + (str(key),), f"unknown key for a {kind} row{_near(key, _KEYS[kind])}")
            ok = False
    text = row.get("text", "")
    if not isinstance(text, str):
        c.error(path + ("text",), f"expected the rulebook's words, got {_shown(text)}")
        ok = False
        text = ""
    b = Bylaw(id=rid if isinstance(rid, str) else "", kind=kind, text=" ".join(text.split()))
    if kind in ("line", "ladder"):
        b.added = _flag(c, row, "in_addition", path)
        b.restates = _flag(c, row, "restates", path)
    if kind == "line":
        when = row.get("when")
        if not isinstance(when, dict) or not when:
            c.error(path + ("when",), "expected when: {penalties, infractions, in_game, late} (one or more)")
            ok = False
        else:
            for key in when:
                if key not in _WHEN:
                    c.error(path + ("when", str(key)), f"unknown condition{_near(key, _WHEN)}")
                    ok = False
            if "penalties" in when:
                b.penalties = _names(
                    c, when["penalties"], path + ("when", "penalties"), vocab.PENALTIES, "penalty types"
                )
            if "infractions" in when:
                b.infractions = _names(
                    c, when["infractions"], path + ("when", "infractions"), vocab.INFRACTIONS, "infraction codes"
                )
            conditions = []
            for key, yes, no in (("in_game", "ingame", "prepost"), ("late", "late", "notlate")):
                if key in when:
                    if isinstance(when[key], bool):
                        conditions.append(yes if when[key] else no)
                    else:
                        c.error(path + ("when", key), f"expected true or false, got {_shown(when[key])}")
            b.conditions = tuple(sorted(conditions))
        b.base, good = _games(c, row.get("games"), path + ("games",))
        ok = ok and good
        if "late" in row:
            b.late, good = _games(c, row["late"], path + ("late",), allow_na=True)
            ok = ok and good
    elif kind in ("penalty_minutes", "stoppage"):
        b.base, good = _games(c, row.get("games"), path + ("games",))
        b.added = True
        ok = ok and good
        if kind == "penalty_minutes":
            after = _whole(c, row.get("after"), path + ("after",), 0, 10**6, "minutes")
            every = _whole(c, row.get("every"), path + ("every",), 1, 10**6, "minutes")
            if after is None or every is None:
                ok = False
            else:
                b.marks = (after, every)
    else:  # ladder
        counts = row.get("counts")
        if not isinstance(counts, dict) or not counts or not set(counts) <= {"penalties", "infractions"}:
            c.error(
                path + ("counts",),
                "expected counts: {penalties: [...]} (each penalty), {infractions: [...]} (each line), or both "
                "(each line with one of the infractions and all the penalties)",
            )
            ok = False
        else:
            if "penalties" in counts:
                b.penalties = _names(
                    c, counts["penalties"], path + ("counts", "penalties"), vocab.PENALTIES, "penalty types"
                )
            if "infractions" in counts:
                b.infractions = _names(
                    c, counts["infractions"], path + ("counts", "infractions"), vocab.INFRACTIONS, "infraction codes"
                )
        rungs = row.get("rungs")
        if not isinstance(rungs, dict) or not rungs:
            c.error(path + ("rungs",), "expected rungs: {N: games, ...} (the Nth counted thing, from 1)")
            ok = False
        else:
            for key, value in rungs.items():
                kpath = path + ("rungs", str(key))
                if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 7:
                    key = int(key)  # (a JSON file's keys are text)
                if isinstance(key, bool) or not isinstance(key, int) or key < 1 or key > 10**6:
                    c.error(kpath, f"a rung is the Nth counted thing, a whole number 1, 2, ...; got {_shown(key)}")
                    ok = False
                    continue
                if isinstance(value, dict) and set(value) & {"games", "late", "text"}:
                    extra = set(value) - {"games", "late", "text"}
                    if extra:
                        c.error(kpath, f"unknown key {sorted(extra)[0]!r}; a rung is {{games, late, text}}")
                    base, g1 = _games(c, value.get("games"), kpath + ("games",))
                    late, g2 = _games(c, value.get("late"), kpath + ("late",), allow_na=True)
                    words = value.get("text", "")
                    if not isinstance(words, str):
                        c.error(kpath + ("text",), f"expected the rulebook's words, got {_shown(words)}")
                        words = ""
                    elif words:
                        b.rung_texts[key] = " ".join(words.split())
                    good = g1 and g2 and not extra
                else:
                    base, good = _games(c, value, kpath)
                    late = None
                if good:
                    b.rungs[key] = (base, late)
                ok = ok and good
    return b if ok else None


def _audit(c: _Checker, raw, path: tuple) -> dict:
    if not isinstance(raw, dict):
        c.error(path, "expected the eligibility by-laws: {ineligible_use, match_roster_spot, double_headers}")
        return {}
    out: dict = {}
    for key in raw:
        if key not in _AUDIT:
            c.error(path + (str(key),), f"unknown eligibility by-law{_near(key, _AUDIT)}")
    use = raw.get("ineligible_use")
    if use is not None:
        upath = path + ("ineligible_use",)
        if not isinstance(use, dict):
            c.error(upath, "expected {forfeit: true|false, fine: N, coach: indefinite|none}")
        else:
            for key in use:
                if key not in ("forfeit", "fine", "coach"):
                    c.error(upath + (str(key),), f"unknown key{_near(key, ('forfeit', 'fine', 'coach'))}")
            forfeit = _flag(c, use, "forfeit", upath)
            fine = _whole(c, use.get("fine", 0), upath + ("fine",), 0, 10**6, "a whole number of dollars")
            coach = use.get("coach", "none")
            if coach not in ("indefinite", "none"):
                c.error(upath + ("coach",), f"expected indefinite or none, got {_shown(coach)}")
            out["ineligible_use"] = {"forfeit": forfeit, "fine": fine or 0, "coach": coach}
    spot = raw.get("match_roster_spot")
    if spot is not None:
        spath = path + ("match_roster_spot",)
        if not isinstance(spot, dict) or "games" not in spot:
            c.error(spath, "expected {roster_limit: N, games: N}")
        else:
            for key in spot:
                if key not in ("roster_limit", "games"):
                    c.error(spath + (str(key),), f"unknown key{_near(key, ('roster_limit', 'games'))}")
            games = _whole(c, spot["games"], spath + ("games",), 1, MAX_GAMES, "a whole number of games")
            if "roster_limit" in spot:
                _whole(c, spot["roster_limit"], spath + ("roster_limit",), 1, 10**6, "a number of players")
            if games:
                out["match_roster_spot"] = {k: spot[k] for k in spot if k in ("roster_limit", "games")}
    dh = raw.get("double_headers")
    if dh is not None:
        if dh not in ("no_affiliate_replacements", "none"):
            c.error(path + ("double_headers",), f"expected no_affiliate_replacements or none, got {_shown(dh)}")
        else:
            out["double_headers"] = dh
    if "max_affiliate_games" in raw:
        n = _whole(c, raw["max_affiliate_games"], path + ("max_affiliate_games",), 0, 10**6, "a number of games")
        if n is not None:
            out["max_affiliate_games"] = n
    return out


def validate(located, source: str, key: str | None = None) -> Rulebook:
    """A Rulebook from a read file (hockeyrules.read.loader.Located), or InputError."""
    c = _Checker(located)
    top = located.data
    if not isinstance(top, dict):
        raise InputError(source, c.problems + [Problem("(top)", "expected a rulebook: {format, name, base, bylaws}")])
    for k in top:
        if k not in _TOP:
            c.error((str(k),), f"unknown field{_near(k, _TOP)}")
    if top.get("format") != FORMAT:
        c.error(("format",), f"expected {FORMAT!r}, got {_shown(top.get('format'))}")
    name = top.get("name")
    if not isinstance(name, str) or not name.strip():
        c.error(("name",), "missing: the league's name")
        name = ""
    elif problem := guard.text_problem(name):
        c.error(("name",), problem)
    base = top.get("base")
    layers: list = []
    if not isinstance(base, list) or not base:
        c.error(("base",), "missing: the layers below the league, e.g. [hockey-canada, hockey-manitoba]")
    else:
        for k, layer in enumerate(base):
            if layer not in LAYERS:
                c.error(("base", k), f"no base layer {_shown(layer)}; built in: {', '.join(LAYERS)}")
            elif layer in layers:
                c.error(("base", k), f"{layer} is named twice")
            else:
                layers.append(layer)
        if layers and layers[0] != "hockey-canada":
            c.error(("base", 0), "the first layer is hockey-canada: every league plays under its minimums")
    readings: dict = {}
    raw = top.get("readings")
    if raw is not None:
        if not isinstance(raw, dict):
            c.error(("readings",), "expected a mapping of reading to value")
        else:
            for k, v in raw.items():
                r = BY_NAME.get(k)
                if r is None:
                    c.error(("readings", str(k)), f"unknown reading{_near(k, tuple(BY_NAME))}")
                    continue
                try:
                    readings[k] = r.check(v)
                except ValueError:
                    c.error(("readings", str(k)), f"expected {r.known()}, got {_shown(v)}")
    bylaws: list = []
    raw = top.get("bylaws", [])
    if not isinstance(raw, list):
        c.error(("bylaws",), "expected a list of by-law rows")
    else:
        seen: dict = {}
        for k, row in enumerate(raw):
            b = _bylaw(c, row, ("bylaws", k), seen)
            if b is not None:
                bylaws.append(b)
        pim = [k for k, row in enumerate(raw) if isinstance(row, dict) and row.get("kind") == "penalty_minutes"]
        for k in pim[1:]:
            c.error(("bylaws", k, "kind"), "one penalty_minutes row per rulebook (the season's running total is one)")
    audit = _audit(c, top["audit"], ("audit",)) if "audit" in top else {}
    if c.problems:
        raise InputError(source, c.problems)
    return Rulebook(name.strip(), key or source, tuple(layers), readings, bylaws, audit, source)


# --- built in, and the rulebook in force ---------------------------------------------


def _folder() -> str:
    return os.path.join(os.path.dirname(__file__), "rulebooks")


def builtin_text(name: str) -> str:
    """A built-in rulebook's file, as `rulebooks --show` prints it."""
    with open(os.path.join(_folder(), f"{name}.yaml"), encoding="utf-8") as f:
        return f.read()


_LOADED: dict = {}


def builtin(name: str) -> Rulebook:
    if name not in _LOADED:
        # (here: start-up time: the built-in rulebooks' data, read when one is first used; `hockeyrules rulebooks` lists their names without it)
        from hockeyrules.engine.rulebookdata import DATA

        _LOADED[name] = validate(Located(DATA[name]), name, key=name)
    return _LOADED[name]


def data_module() -> str:
    """hockeyrules/engine/rulebookdata.py's text, from the built-in rulebooks' YAML."""
    import pprint

    import yaml

    data = {n: yaml.safe_load(builtin_text(n)) for n in BUILT_IN}
    return (
        '"""The built-in rulebooks\' data: hockeyrules/engine/rulebooks/*.yaml as Python, so that a\n'
        "command reads its rulebook without loading YAML. Written from the YAML by\n"
        '`python -m hockeyrules.engine.rulebookfile` (then ruff format); tests/test_rulebooks.py keeps the two equal."""\n\n'
        f"DATA = {pprint.pformat(data, width=110, sort_dicts=True)}\n"
    )


def load(choice, relative_to: str | None = None) -> Rulebook:
    """A rulebook by built-in name, a file's path, its data (dict), or a Rulebook."""
    if isinstance(choice, Rulebook):
        return choice
    if isinstance(choice, dict):
        return validate(Located(choice), "<rulebook>")
    name = os.fspath(choice)
    if name in BUILT_IN:
        return builtin(name)
    path = os.path.join(relative_to, name) if relative_to and not os.path.isabs(name) else name
    key = os.path.abspath(path)
    if key not in _LOADED:
        if not os.path.isfile(path):
            raise InputError(
                str(path),
                [
                    Problem(
                        "rulebook",
                        f"no such file, and no built-in rulebook {_shown(name)} (built in: {', '.join(BUILT_IN)})",
                    )
                ],
            )
        _LOADED[key] = validate(read(path), str(path), key=str(path))
    book = _LOADED[key]
    if book.key != str(path):  # the same file named another way: named as this caller names it
        from dataclasses import replace

        book = _LOADED[key] = replace(book, key=str(path), source=str(path))
    return book


_chosen: list = []  # the rulebook a command or caller chose (--rulebook, evaluate(rulebook=)): it wins


def choose(choice) -> Rulebook | None:
    """Make `choice` the rulebook in force for what follows (None: the season's own or the default)."""
    _chosen.clear()
    if choice is None:
        return None
    rb = load(choice)
    _chosen.append(rb)
    return rb


def chosen() -> Rulebook | None:
    return _chosen[0] if _chosen else None


def in_force(season=None) -> Rulebook:
    """The rulebook that judges a season: the one chosen, else the season's
    `settings.rulebook`, else the catalog's league."""
    if _chosen:
        return _chosen[0]
    named = getattr(getattr(season, "settings", None), "rulebook", None)
    if named:
        return load(named)
    return builtin(DEFAULT)


def layer_words(rule: str, rulebook: Rulebook | None = None) -> str:
    """The layer a rule id belongs to, in plain words: "Hockey Canada's minimum",
    "Hockey Manitoba's regulation", "the league's by-law 10.06" (with the league's name
    where the rulebook has one)."""
    for _c, words, prefix in LAYERS.values():
        if rule.startswith(prefix):
            return words
    number = rule.split(":", 1)[-1].split("/")[0]
    rb = rulebook or (chosen() or builtin(DEFAULT))
    return f"{rb.name}'s by-law {number}" if rb.name else f"the league's by-law {number}"


if __name__ == "__main__":
    # the data module rewritten from the YAML; then `ruff format` it as every module is
    target = os.path.join(os.path.dirname(__file__), "rulebookdata.py")
    with open(target, "w", encoding="utf-8") as f:
        f.write(data_module())
