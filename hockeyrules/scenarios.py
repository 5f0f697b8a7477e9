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

`components` is exact: every component of the suspension, id -> games (or
{games, late, indefinite}). `rules` (a list) checks the ids only.
"""

from __future__ import annotations

import copy
import datetime as _dt
from dataclasses import dataclass
from pathlib import Path

from .engine import evaluate
from .errors import InputError, Problem
from .loader import read
from .policy import Policy
from .season import from_data

FORMAT = "hockeyrules/scenarios@1"


def base_season() -> dict:
    """Two teams, A and B: players A1..A20, head coach CA, assistant XA, trainer TA."""
    people = []
    for team in ("A", "B"):
        people += [{"id": f"{team}{n}", "name": f"Player {team}{n}", "team": team, "role": "player"}
                   for n in range(1, 21)]
        people += [
            {"id": f"C{team}", "name": f"Coach {team}", "team": team, "role": "head_coach"},
            {"id": f"X{team}", "name": f"Assistant {team}", "team": team, "role": "assistant_coach"},
            {"id": f"T{team}", "name": f"Trainer {team}", "team": team, "role": "trainer"},
        ]
    return {
        "format": "hockeyrules/season@1", "league": "TEST", "season": "2025-26",
        "settings": {"clock": "remaining"},
        "teams": [{"id": "A", "name": "Alpha"}, {"id": "B", "name": "Bravo"}],
        "people": people, "games": [],
    }


@dataclass
class Outcome:
    name: str
    failures: list

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
            failures.append(f"component {rule}: expected {spec}, got "
                            + "; ".join(str({k: c[k] for k in ('games', 'late', 'indefinite')}) for c in found))
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
            failures.append(f"{where}: expected {'an indefinite' if want.get('indefinite') else 'a fixed'} "
                            f"suspension, got {_games_text(s)}")
        for part in ("governing_games", "league_games"):
            if part in want and s[part] != want[part]:
                failures.append(f"{where}: expected {part} {want[part]}, got {s[part]}")
        if "rules" in want and sorted(set(want["rules"])) != sorted({c["rule"] for c in s["components"]}):
            failures.append(f"{where}: expected rules {sorted(set(want['rules']))}, "
                            f"got {sorted({c['rule'] for c in s['components']})}")
        if "components" in want:
            failures += [f"{where}: {f}" for f in _check_components(want["components"], s["components"])]
    for absent in test.get("absent", []):
        key = (absent["person"], absent["game"])
        if key in found:
            s = found[key]
            failures.append(f"{key[0]} in {key[1]}: expected no suspension, got {_games_text(s)} "
                            f"({', '.join(c['rule'] for c in s['components'])})")
    if test.get("only"):
        wanted = {(w["person"], w["game"]) for w in test.get("expect", [])}
        for key in sorted(set(found) - wanted):
            s = found[key]
            failures.append(f"{key[0]} in {key[1]}: unexpected suspension, {_games_text(s)} "
                            f"({', '.join(c['rule'] for c in s['components'])})")
    return failures


def run_test(test: dict, base: dict, folder: Path | None = None, default_proposal=None,
             default_readings: dict | None = None) -> Outcome:
    """One test; `default_readings` (`test --reading`) under the test's own `policy`."""
    name = test.get("name", "(unnamed test)")
    try:
        season = from_data(build_season(test, base), source=name)
        try:
            policy = Policy().with_readings({**(default_readings or {}), **test.get("policy", {})})
        except (ValueError, TypeError) as err:
            return Outcome(name, [f"policy: {err}"])
        proposal = test.get("proposal", default_proposal)
        if isinstance(proposal, str) and folder is not None:
            proposal = folder / proposal
        result = evaluate(season, policy, proposal=proposal).to_dict()
    except InputError as err:
        return Outcome(name, [err.report()])
    return Outcome(name, check(test, result))


def load_file(path: str | Path) -> tuple[list, dict]:
    """The tests of a scenario file and the base season they run on."""
    path = Path(path)
    data = read(path).data
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputError(str(path), [Problem("format", f"expected {FORMAT!r}")])
    if not isinstance(data.get("tests"), list):
        raise InputError(str(path), [Problem("tests", "expected a list of tests")])
    base = base_season()
    if data.get("base"):
        base = read(path.parent / data["base"]).data
    return data.get("tests", []), base


def run_file(path: str | Path, default_proposal=None, default_readings: dict | None = None) -> list[Outcome]:
    tests, base = load_file(path)
    return [run_test(t, base, Path(path).parent, default_proposal, default_readings) for t in tests]
