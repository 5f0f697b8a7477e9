"""Scenario tests: small seasons with the suspensions the rules must give.

A scenario file (format hockeyrules/scenarios@1) holds tests whose names are
whole sentences. Each test is a season (a built-in two-team base, or a `base`
season file, plus the test's own games) and expectations in plain terms:

    format: hockeyrules/scenarios@1
    tests:
      - name: A boarding major in the second period costs one game.
        policy: {layers: max}                 # optional
        settings: {clock: elapsed}            # optional, over the base settings
        games:                                # kind, date, home, away, id default
          - incidents:
              - {person: A1, period: 2, time: "12:00", infraction: boarding, penalties: [major]}
        expect:
          - {person: A1, game: G1, games: 1, components: {"hc:7.2(b)": 1}}
        absent:
          - {person: A1, game: G2}
        only: true                            # expect lists every suspension
        proposal: ../proposals/stricter.yaml  # optional: a proposal file (relative) or its data
        rulebook: hockey-canada               # optional: a built-in rulebook, a rulebook file
                                              #   (relative) or its data; also file-wide, beside tests

`components` is exact: every component of the suspension, id -> games (or
{games, late, indefinite}). `rules` (a list) checks the ids only.

A scenario file is checked whole before any test runs (validate_file): an unknown
key (with the nearest known one), a duplicate key, a wrong type, a test that checks
nothing, a person or game an expectation names that the test's season does not
have, a problem in a test's season or proposal. A test that cannot fail is refused,
never reported as passed.
"""

from __future__ import annotations

import copy
import dataclasses
import datetime as _dt
import re
from dataclasses import dataclass, field
from pathlib import Path

from hockeyrules.engine.rulebookfile import BUILT_IN, choose, chosen, load
from hockeyrules.engine.run import evaluate
from hockeyrules.model.errors import InputError, Problem
from hockeyrules.model.guard import kind
from hockeyrules.model.policy import Policy
from hockeyrules.model.vocabulary import closest
from hockeyrules.read.loader import Located, read, render_path
from hockeyrules.read.season import Season, from_data

FORMAT = "hockeyrules/scenarios@1"


def base_season() -> dict:
    """Two teams, A and B: players A1..A20, head coach CA, assistant XA, trainer TA."""
    people = []
    for team in ("A", "B"):
        people += [
            {"id": f"{team}{n}", "name": f"Player {team}{n}", "team": team, "role": "player"} for n in range(1, 21)
        ]
        people += [
            {"id": f"C{team}", "name": f"Coach {team}", "team": team, "role": "head_coach"},
            {"id": f"X{team}", "name": f"Assistant {team}", "team": team, "role": "assistant_coach"},
            {"id": f"T{team}", "name": f"Trainer {team}", "team": team, "role": "trainer"},
        ]
    return {
        "format": "hockeyrules/season@1",
        "league": "TEST",
        "season": "2025-26",
        "settings": {"clock": "remaining"},
        "teams": [{"id": "A", "name": "Alpha"}, {"id": "B", "name": "Bravo"}],
        "people": people,
        "games": [],
    }


@dataclass
class Outcome:
    name: str
    failures: list = field(default_factory=list)
    result: dict | None = None  # the result@1 data the expectations were checked against

    @property
    def passed(self) -> bool:
        return not self.failures


def build_season(test: dict, base: dict) -> dict:
    data = copy.deepcopy(base)
    data["settings"] = {**data.get("settings", {}), **test.get("settings", {})}
    data["people"] = data.get("people", []) + copy.deepcopy(test.get("people", []))
    data["teams"] = data.get("teams", []) + copy.deepcopy(test.get("teams", []))
    first = _dt.date(2025, 10, 1)
    games = []
    for n, game in enumerate(copy.deepcopy(test.get("games", [])), start=1):
        game.setdefault("id", f"G{n}")
        game.setdefault("date", (first + _dt.timedelta(days=7 * (n - 1))).isoformat())
        game.setdefault("home", "A")
        game.setdefault("away", "B")
        game.setdefault("kind", "regular")
        game.setdefault("incidents", [])
        games.append(game)
    data["games"] = data.get("games", []) + games
    return data


def _games_text(s: dict) -> str:
    return f"indefinite, min {s['games']}" if s["indefinite"] else f"{s['games']} games"


def _check_components(want: dict, got: list) -> list[str]:
    failures = []
    by_rule: dict = {}
    for c in got:
        by_rule.setdefault(c["rule"], []).append(c)
    for rule, value in want.items():
        if rule not in by_rule:
            failures.append(f"component {rule} missing")
            continue
        spec = value if isinstance(value, dict) else {"games": value}
        found = by_rule[rule]
        if not any(all(c.get(k) == v for k, v in spec.items()) for c in found):
            failures.append(
                f"component {rule}: expected {spec}, got "
                + "; ".join(str({k: c[k] for k in ("games", "late", "indefinite")}) for c in found)
            )
    for rule in sorted(set(by_rule) - set(want)):
        failures.append(f"unexpected component {rule} ({by_rule[rule][0]['games']} games)")
    return failures


def check(test: dict, result: dict) -> list[str]:
    """What differs between a test's expectations and a result."""
    failures = []
    found = {(s["person"], s["game"]): s for s in result["suspensions"]}
    for want in test.get("expect", []):
        key = (want["person"], want["game"])
        s = found.get(key)
        if s is None:
            failures.append(f"{key[0]} in {key[1]}: expected a suspension, got none")
            continue
        where = f"{key[0]} in {key[1]}"
        if "games" in want and s["games"] != want["games"]:
            failures.append(f"{where}: expected {want['games']} games, got {_games_text(s)}")
        if s["indefinite"] != bool(want.get("indefinite", False)):
            failures.append(
                f"{where}: expected {'an indefinite' if want.get('indefinite') else 'a fixed'} "
                f"suspension, got {_games_text(s)}"
            )
        for part in ("governing_games", "league_games"):
            if part in want and s[part] != want[part]:
                failures.append(f"{where}: expected {part} {want[part]}, got {s[part]}")
        if "rules" in want and sorted(set(want["rules"])) != sorted({c["rule"] for c in s["components"]}):
            failures.append(
                f"{where}: expected rules {sorted(set(want['rules']))}, "
                f"got {sorted({c['rule'] for c in s['components']})}"
            )
        if "components" in want:
            failures += [f"{where}: {f}" for f in _check_components(want["components"], s["components"])]
    for absent in test.get("absent", []):
        key = (absent["person"], absent["game"])
        if key in found:
            s = found[key]
            failures.append(
                f"{key[0]} in {key[1]}: expected no suspension, got {_games_text(s)} "
                f"({', '.join(c['rule'] for c in s['components'])})"
            )
    if test.get("only"):
        wanted = {(w["person"], w["game"]) for w in test.get("expect", [])}
        for key in sorted(set(found) - wanted):
            s = found[key]
            failures.append(
                f"{key[0]} in {key[1]}: unexpected suspension, {_games_text(s)} "
                f"({', '.join(c['rule'] for c in s['components'])})"
            )
    return failures


def _rulebook(test: dict, folder: Path | None):
    """A test's `rulebook` (or its file's): a built-in name, a file relative to the scenario
    file, or a rulebook's data; None: the season's own, else the catalog's league."""
    book = test.get("rulebook")
    if book is None:
        return None
    if isinstance(book, str) and book not in BUILT_IN and folder is not None:
        return load(str(folder / book))
    return load(book)


def run_test(
    test: dict,
    base: dict,
    folder: Path | None = None,
    default_proposal=None,
    season: Season | None = None,
    default_readings: dict | None = None,
    explain: bool = False,
) -> Outcome:
    """One test's outcome; `season`, when given, is the test's season already checked;
    `default_readings` (`test --reading`) under the test's own `policy`. With `explain`,
    the result is solved with its explanations (hockeyrules.views.explain.explain_all:
    the same suspensions, each component explained), so that whoever checks them too
    needs no second solve."""
    name = test.get("name", "(unnamed test)")
    try:
        if season is None:
            season = from_data(build_season(test, base), source=name)
        try:
            policy = Policy().with_readings({**(default_readings or {}), **test.get("policy", {})})
        except (ValueError, TypeError) as err:
            return Outcome(name, [f"policy: {err}"])
        proposal = test.get("proposal", default_proposal)
        if isinstance(proposal, str) and folder is not None:
            proposal = folder / proposal
        book = _rulebook(test, folder)
        if explain:
            # (here: start-up time: the explanations' modules, only where they are asked for)
            from hockeyrules.views.explain import explain_all

            previous = chosen()
            if book is not None:
                choose(book)
            try:
                result = explain_all(season, policy, proposal=proposal)[2]
            finally:
                choose(previous)
        else:
            result = evaluate(season, policy, proposal=proposal, rulebook=book).to_dict()
    except InputError as err:
        return Outcome(name, [err.report()])
    return Outcome(name, check(test, result), result)


# ---------------------------------------------------------------- checking a file
_TOP = ("format", "description", "base", "rulebook", "tests")
_TEST = (
    "name",
    "description",
    "settings",
    "teams",
    "people",
    "games",
    "policy",
    "proposal",
    "rulebook",
    "expect",
    "absent",
    "only",
)
_EXPECT = ("person", "game", "games", "indefinite", "governing_games", "league_games", "rules", "components")
_ABSENT = ("person", "game")
_COMPONENT = ("games", "late", "indefinite")
_POLICY = tuple(f.name for f in dataclasses.fields(Policy))


@dataclass
class ScenarioFile:
    """A checked scenario file: its tests, the base season, and each test's season."""

    path: Path
    tests: list
    base: dict
    seasons: list

    def select(self, pattern: str | None) -> list[int]:
        """Positions of the tests whose name (or file name) holds `pattern`, any case."""
        if not pattern:
            return list(range(len(self.tests)))
        want = pattern.casefold()
        return [
            n for n, t in enumerate(self.tests) if want in t["name"].casefold() or want in self.path.name.casefold()
        ]


class _Checker:
    def __init__(self, located: Located, source: str):
        self.located = located
        self.source = source
        self.problems: list[Problem] = list(located.problems)

    def error(self, path: tuple, message: str, line: int | None = None) -> None:
        self.problems.append(Problem(render_path(path), message, line or self.located.line(path)))

    def keys(self, obj: dict, path: tuple, known: tuple) -> None:
        for key in obj:
            if key not in known:
                near = closest(str(key), known)
                hint = f"; did you mean {' or '.join(near)}?" if near else f"; known: {', '.join(known)}"
                self.error(path + (key,), f"unknown key {key!r}{hint}")

    def typed(self, obj: dict, key: str, path: tuple, types: tuple, what: str) -> bool:
        if key not in obj:
            return False
        value = obj[key]
        if isinstance(value, bool) and bool not in types or not isinstance(value, types):
            self.error(path + (key,), f"expected {what}, got {kind(value)}")
            return False
        return True

    def mapping(self, value, path: tuple, known: tuple) -> bool:
        if not isinstance(value, dict):
            self.error(path, f"expected a mapping, got {kind(value)}")
            return False
        self.keys(value, path, known)
        return True

    def whole(self, obj: dict, key: str, path: tuple) -> None:
        if self.typed(obj, key, path, (int,), "a whole number") and obj[key] < 0:
            self.error(path + (key,), f"must be 0 or more, got {obj[key]}")

    def text(self, obj: dict, key: str, path: tuple) -> None:
        if key not in obj:
            self.error(path + (key,), "missing")
        elif self.typed(obj, key, path, (str, int), "text") and str(obj[key]).strip() == "":
            self.error(path + (key,), "must not be empty")


def _expectation(c: _Checker, item, path: tuple, known: tuple) -> None:
    if not c.mapping(item, path, known):
        return
    for key in ("person", "game"):
        c.text(item, key, path)
    for key in ("games", "governing_games", "league_games"):
        c.whole(item, key, path)
    c.typed(item, "indefinite", path, (bool,), "true or false")
    if c.typed(item, "rules", path, (list,), "a list of rule ids"):
        for n, rid in enumerate(item["rules"]):
            if not isinstance(rid, str):
                c.error(path + ("rules", n), f"expected a rule id, got {kind(rid)}")
    if c.typed(item, "components", path, (dict,), "a mapping of rule id to games"):
        for rid, value in item["components"].items():
            cpath = path + ("components", rid)
            if isinstance(value, dict):
                c.keys(value, cpath, _COMPONENT)
                c.whole(value, "games", cpath)
                for key in ("late", "indefinite"):
                    c.typed(value, key, cpath, (bool,), "true or false")
            elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
                c.error(cpath, f"expected a number of games or {{games, late, indefinite}}, got {kind(value)}")


def _test_shape(c: _Checker, test, path: tuple) -> bool:
    """The test's own keys and types; False when it cannot be built into a season."""
    if not c.mapping(test, path, _TEST):
        return False
    before = len(c.problems)
    c.text(test, "name", path)
    for key in ("games", "people", "teams", "expect", "absent"):
        c.typed(test, key, path, (list,), "a list")
    for key in ("settings", "policy"):
        c.typed(test, key, path, (dict,), "a mapping")
    c.typed(test, "only", path, (bool,), "true or false")
    c.typed(test, "proposal", path, (str, dict), "a proposal file or a proposal")
    c.typed(test, "rulebook", path, (str, dict), "a built-in rulebook's name, a rulebook file or a rulebook")
    c.typed(test, "description", path, (str,), "text")
    if isinstance(test.get("policy"), dict):
        c.keys(test["policy"], path + ("policy",), _POLICY)
        policy = {k: v for k, v in test["policy"].items() if k in _POLICY}
        try:
            Policy(**policy)
        except (TypeError, ValueError) as exc:
            c.error(path + ("policy",), str(exc))
    if isinstance(test.get("games"), list):
        for n, game in enumerate(test["games"]):
            if not isinstance(game, dict):
                c.error(path + ("games", n), f"expected a mapping, got {kind(game)}")
    for key, known in (("expect", _EXPECT), ("absent", _ABSENT)):
        if isinstance(test.get(key), list):
            for n, item in enumerate(test[key]):
                _expectation(c, item, path + (key, n), known)
    if not test.get("expect") and not test.get("absent") and test.get("only") is not True:
        c.error(path, "the test checks nothing: give expect, absent, or only: true (no suspension at all)")
    return len(c.problems) == before


_STEP = re.compile(r"\.?([A-Za-z_][\w-]*)|\[(\d+)\]")


def _parse_where(where: str) -> tuple:
    return tuple(m.group(1) if m.group(1) is not None else int(m.group(2)) for m in _STEP.finditer(where))


def _season_problem(c: _Checker, p: Problem, path: tuple, base: dict) -> None:
    """A problem of a test's season, placed in the scenario file where it can be."""
    steps = _parse_where(p.where)
    if steps and steps[0] in ("games", "people", "teams") and len(steps) > 1 and isinstance(steps[1], int):
        own = steps[1] - len(base.get(steps[0], []))
        if own >= 0:
            c.error(path + (steps[0], own) + steps[2:], p.message)
            return
    if steps and steps[0] == "settings":
        c.error(path + steps, p.message)
        return
    c.error(path, f"its season, {p.where}: {p.message}")


def _test_season(c: _Checker, test: dict, path: tuple, base: dict, folder: Path, default_proposal) -> Season | None:
    try:
        season = from_data(build_season(test, base), source=test["name"])
    except InputError as err:
        for p in err.problems:
            _season_problem(c, p, path, base)
        return None
    for w in season.warnings:  # in a committee file, what the reader ignores is a mistake
        if "ignored" in w.message:
            _season_problem(c, w, path, base)
    people, games = set(season.people), {g.id for g in season.games}
    for key in ("expect", "absent"):
        for n, item in enumerate(test.get(key, [])):
            if str(item["person"]) not in people:
                near = closest(str(item["person"]), sorted(people))
                hint = f"; did you mean {' or '.join(near)}?" if near else ""
                c.error(path + (key, n, "person"), f"no person {item['person']!r} in this test's season{hint}")
            if str(item["game"]) not in games:
                c.error(
                    path + (key, n, "game"),
                    f"no game {item['game']!r} in this test's season (games: {', '.join(sorted(games)) or 'none'})",
                )
    if isinstance(test.get("rulebook"), (str, dict)):
        try:
            _rulebook(test, folder)
        except InputError as err:
            for p in err.problems:
                c.error(path + ("rulebook",), f"{err.source}: {p}")
    proposal = test.get("proposal")
    if proposal is not None:
        # (here: start-up time: only for a test with a proposal)
        from hockeyrules.engine.proposal import load

        try:
            load(folder / proposal if isinstance(proposal, str) else proposal)
        except InputError as err:
            for p in err.problems:
                c.error(path + ("proposal",), f"{err.source}: {p}")
    return season


def validate_file(path: str | Path, default_proposal=None) -> ScenarioFile:
    """Check a whole scenario file; InputError with every problem, located."""
    path = Path(path)
    located = read(path)
    c = _Checker(located, str(path))
    data = located.data
    if not isinstance(data, dict):
        c.error((), f"expected a mapping with format: {FORMAT} and tests, got {kind(data)}")
        raise InputError(str(path), c.problems)
    c.keys(data, (), _TOP)
    if data.get("format") != FORMAT:
        c.error(("format",), f"expected {FORMAT!r}, got {data.get('format')!r}")
    base = base_season()
    if "base" in data:
        if c.typed(data, "base", (), (str,), "a season file or a folder of CSV files (relative to this file)"):
            try:
                if (path.parent / data["base"]).is_dir():  # docs/csv-import.md
                    # (here: start-up time: only for a CSV folder)
                    from hockeyrules.read.csv.reader import read_folder

                    base = read_folder(path.parent / data["base"])
                else:
                    based = read(path.parent / data["base"])
                    if based.problems:  # a repeated key, a refused tag: said, never dropped
                        raise InputError(data["base"], based.problems)
                    base = based.data
                from_data(base, source=data["base"])
            except InputError as err:
                c.error(("base",), err.report())
    tests = data.get("tests")
    if not isinstance(tests, list) or not tests:
        c.error(("tests",), "expected a list of tests, at least one")
        tests = []
    seasons: list = []
    names: dict = {}
    if "rulebook" in data:  # the file's rulebook: every test's that names none of its own
        c.typed(data, "rulebook", (), (str, dict), "a built-in rulebook's name, a rulebook file or a rulebook")
        for test in tests:
            if isinstance(test, dict):
                test.setdefault("rulebook", data["rulebook"])
    for n, test in enumerate(tests):
        tpath = ("tests", n)
        season = None
        if _test_shape(c, test, tpath):
            season = _test_season(c, test, tpath, base, path.parent, default_proposal)
        if isinstance(test, dict) and isinstance(test.get("name"), str):
            if test["name"] in names:
                c.error(
                    tpath + ("name",),
                    f"the same name as tests[{names[test['name']]}]: every test needs its own sentence",
                )
            names.setdefault(test["name"], n)
        seasons.append(season)
    if c.problems:
        raise InputError(str(path), sorted(set(c.problems), key=lambda p: (p.line is None, p.line or 0, p.where)))
    return ScenarioFile(path, tests, base, seasons)


def load_file(path: str | Path) -> tuple[list, dict]:
    """The tests of a (checked) scenario file and the base season they run on."""
    checked = validate_file(path)
    return checked.tests, checked.base


def run_file(
    path: str | Path, default_proposal=None, pattern: str | None = None, default_readings: dict | None = None
) -> list[Outcome]:
    checked = validate_file(path, default_proposal)
    return [
        run_test(
            checked.tests[n], checked.base, checked.path.parent, default_proposal, checked.seasons[n], default_readings
        )
        for n in checked.select(pattern)
    ]
