"""Broken and hostile input (issue 12): nothing silently accepted, no traceback, no
hang, no person confused with another. Each class of input is one parametrized case,
run through the command line: exit 2, the location named on stderr, no traceback,
no output file written."""

from __future__ import annotations

import copy
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import helpers
import pytest
import yaml
from click.testing import CliRunner
from helpers import line
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hockeyrules import InputError, evaluate
from hockeyrules.cli.commands import main
from hockeyrules.committee.scenarios import base_season, build_season
from hockeyrules.read.loader import read
from hockeyrules.read.season import from_data, load

PROPOSAL = "hockeyrules/proposal@1"


def season(*incidents, **game) -> dict:
    """G1 with these lines, by default one boarding major."""
    return helpers.season(*(incidents or [line()]), **game)


def edited(change) -> dict:
    data = season()
    change(data)
    return data


def as_json(data) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False)


def as_yaml(data) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def run(tmp_path: Path, *args, env=None):
    out = tmp_path / "out.html"
    result = CliRunner().invoke(
        main, [str(a) for a in args] + ["-o", str(out)] if args[0] == "report" else [str(a) for a in args], env=env
    )
    return result, out


def assert_refused(result, out: Path, *where: str) -> None:
    """Exit 2, every location named, no traceback, nothing written."""
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.stderr
    for w in where:
        assert w in result.stderr, (w, result.stderr)
    assert not out.exists()


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return path


# ----------------------------------------------------------- season files, by class
BIG = 2**31
SEASON_CASES = {
    # silently accepted before: data lost or wrong
    "json missing comma between members": (
        "json",
        lambda: as_json(season()).replace('"league"', '"x": 1 "league"', 1),
        ["Expecting ',' delimiter"],
    ),
    "json missing comma between games": (
        "json",
        lambda: as_json(build_season({"games": [{}, {}]}, base_season())).replace("},\n  {", "}\n  {", 1),
        ["(file)", "Expecting ',' delimiter"],
    ),
    "json truncated after a repeated key": (
        "json",
        lambda: as_json(season())[:-2] + ', "games": [',
        ["games", "duplicate key"],
    ),
    "json key twice in a game": (
        "json",
        lambda: as_json(season()).replace('"incidents": [', '"incidents": [], "incidents": [', 1),
        ["games[0].incidents", "duplicate key"],
    ),
    "json key twice in a line": (
        "json",
        lambda: as_json(season()).replace('"period": 2', '"period": 2, "period": 3', 1),
        ["games[0].incidents[0].period", "duplicate key"],
    ),
    "yaml key twice in a game": (
        "yaml",
        lambda: as_yaml(season()).replace("- incidents:", "- incidents: []\n  incidents:", 1),
        ["games[0].incidents", "duplicate key"],
    ),
    "json NaN": (
        "json",
        lambda: as_json(season(line(minutes=0))).replace('"minutes": 0', '"minutes": NaN'),
        ["games[0].incidents[0].minutes", "NaN is not JSON"],
    ),
    "NUL in a person id": (
        "yaml",
        lambda: as_yaml(edited(lambda d: d["people"].append({"id": "A1\0X", "team": "A", "role": "player"}))),
        ["people[46].id", "control character"],
    ),
    "NUL in a game id": (
        "json",
        lambda: as_json(build_season({"games": [{"id": "G1"}, {"id": "G1\0b"}]}, base_season())),
        ["games[1].id", "control character"],
    ),
    "newline in a stoppage": (
        "yaml",
        lambda: as_yaml(season(line(stoppage="S\n1"))),
        ["games[0].incidents[0].stoppage", "control character"],
    ),
    "minutes past 32 bits": (
        "yaml",
        lambda: as_yaml(season(line(minutes=2147483647), line(minutes=2147483647))),
        ["games[0].incidents[0].minutes", "games[0].incidents[1].minutes", "at most 999,999"],
    ),
    "minutes that add up past 32 bits": (
        "json",
        lambda: as_json(
            edited(
                lambda d: d["games"][0].update(
                    incidents=[line(person=f"A{1 + k % 20}", minutes=999_999) for k in range(2200)]
                )
            )
        ),
        ["games[0].incidents[2147].minutes", "add up past 2,147,483,647"],
    ),
    "add_games past 32 bits": (
        "yaml",
        lambda: as_yaml(
            edited(
                lambda d: d.update(
                    decisions=[{"person": "A1", "game": "G1", "add_games": 2147483647, "date": "2025-10-02"}]
                )
            )
        ),
        ["decisions[0].add_games", "at most 999,999"],
    ),
    "add_games adding up past the limit": (
        "yaml",
        lambda: as_yaml(
            edited(
                lambda d: d.update(
                    decisions=[
                        {"person": "A1", "game": "G1", "add_games": 600_000, "date": "2025-10-02"},
                        {"person": "A1", "game": "G1", "add_games": 600_000, "date": "2025-10-03"},
                    ]
                )
            )
        ),
        ["decisions[1].add_games", "add up to more than 999,999"],
    ),
    # tracebacks before
    "a period of 2^31": ("yaml", lambda: as_yaml(season(line(period=BIG))), ["games[0].incidents[0].period"]),
    "a period of 100": ("json", lambda: as_json(season(line(period=100))), ["games[0].incidents[0].period", "99"]),
    "settings past their limits": (
        "yaml",
        lambda: as_yaml(
            edited(
                lambda d: d["settings"].update(
                    period_minutes=BIG,
                    regulation_periods=BIG,
                    roster_limit=BIG,
                    max_affiliate_games=BIG,
                    pim={"minor": BIG},
                )
            )
        ),
        [
            "settings.period_minutes",
            "settings.regulation_periods",
            "settings.roster_limit",
            "settings.max_affiliate_games",
            "settings.pim.minor",
        ],
    ),
    "a list where a penalty goes": (
        "yaml",
        lambda: as_yaml(season(line(penalties=[["major"]]))),
        ["games[0].incidents[0].penalties[0]", "expected a penalty type"],
    ),
    "a mapping where a penalty goes": (
        "json",
        lambda: as_json(season(line(penalties=[{"a": 1}]))),
        ["games[0].incidents[0].penalties[0]"],
    ),
    "a mapping in a dressed list": (
        "yaml",
        lambda: as_yaml(season(dressed={"A": [{"x": 1}], "B": []})),
        ["games[0].dressed.A[0]"],
    ),
    "a list where an id goes": (
        "yaml",
        lambda: as_yaml(season(line(person=["A1"]))),
        ["games[0].incidents[0].person", "expected text, got a list"],
    ),
    "a list as a key": (
        "yaml",
        lambda: as_yaml(season()).replace("games:\n", "games:\n- ? [a]\n  : b\n", 1),
        ["games[0]", "a key must be plain text"],
    ),
    "a Unicode digit as a period": (
        "yaml",
        lambda: as_yaml(season(line(period="²"))),
        ["games[0].incidents[0].period", "'²'"],
    ),
    "a Unicode digit in a time": ("yaml", lambda: as_yaml(season(line(time="1²:00"))), ["games[0].incidents[0].time"]),
    "a lone surrogate in a name": (
        "json",
        lambda: as_json(season()).replace('"Player A1"', '"Player \\ud800"', 1),
        ["people[0].name", "lone surrogate"],
    ),
    "a lone surrogate in an id": (
        "json",
        lambda: as_json(season()).replace('"id": "A"', '"id": "A\\udfff"', 1),
        ["teams[0].id", "lone surrogate"],
    ),
    "a lone surrogate in an unknown key": (
        "json",
        lambda: as_json(season()).replace('"league"', '"\\ud800": 1, "league"', 1),
        ['["\\ud800"]'],
    ),
    "json nested 100,000 deep": (
        "json",
        lambda: '{"format": ' + "[" * 100_000 + "]" * 100_000 + "}",
        ["nested deeper than 64 levels"],
    ),
    "json nested 100,000 deep in a game": (
        "json",
        lambda: as_json(season()).replace('"incidents": [', '"incidents": [' + "[" * 100_000 + "]" * 100_000 + ",", 1),
        ["games[0].incidents[0]", "nested deeper"],
    ),
    "yaml nested 100,000 deep": ("yaml", lambda: "format: " + "[" * 100_000 + "]" * 100_000, ["(file)"]),
    "yaml nested 70 deep": ("yaml", lambda: "format: " + "[" * 70 + "]" * 70, ["nested deeper than 64 levels"]),
    "a recursive yaml alias": (
        "yaml",
        lambda: as_yaml(season()).replace("league: TEST", "league: &a [*a]"),
        ["league[0]", "recursive alias"],
    ),
    "a yaml alias bomb": (
        "yaml",
        lambda: "\n".join(
            ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
            + [f"{c}: &{c} [" + ",".join([f"*{p}"] * 9) + "]" for p, c in zip("abcdefgh", "bcdefghi")]
        ),
        ["aliases expand to more than 100,000 values"],
    ),
    "a 5,000-digit integer in json": (
        "json",
        lambda: as_json(season(line(minutes=0))).replace('"minutes": 0', '"minutes": ' + "9" * 5000),
        ["games[0].incidents[0].minutes", "5,000 digits"],
    ),
    "a 5,000-digit integer in yaml": (
        "yaml",
        lambda: as_yaml(season(line(minutes=0))).replace("minutes: 0", "minutes: " + "9" * 5000),
        ["games[0].incidents[0].minutes", "5000 digits"],
    ),
    "a 400-digit integer": ("yaml", lambda: as_yaml(season(line(minutes=10**400))), ["games[0].incidents[0].minutes"]),
    "not UTF-8": ("json", lambda: "\udcff", ["not UTF-8"]),
    "a league name that is a list": (
        "yaml",
        lambda: as_yaml(edited(lambda d: d.update(league=[1]))),
        ["league", "expected text"],
    ),
}


@pytest.mark.parametrize("case", sorted(SEASON_CASES))
def test_a_hostile_season_is_refused_located(tmp_path, case):
    suffix, text, where = SEASON_CASES[case]
    path = write(tmp_path, f"season.{suffix}", text())
    t0 = time.monotonic()
    result, out = run(tmp_path, "report", path)
    assert_refused(result, out, str(path), *where)
    assert time.monotonic() - t0 < 20  # an error within seconds, not a hang


def test_a_nul_in_an_id_no_longer_merges_two_persons():
    data = season(line(person="A1"))
    data["people"].append({"id": "A1\0X", "team": "A", "role": "player"})
    with pytest.raises(InputError) as err:
        from_data(data)
    assert [p.where for p in err.value.problems] == ["people[46].id"]


# ------------------------------------------------------------- ids written as numbers
def test_ids_written_as_bare_numbers_are_the_text_as_written(tmp_path):
    text = """
format: hockeyrules/season@1
league: 2025
settings: {clock: remaining}
teams: [{id: 1}, {id: 0x2}]
people:
  - {id: 007, team: 1, role: player}
  - {id: 7, team: 0x2, role: player}
  - {id: 1.50, team: 1, role: head_coach}
games:
  - id: 1
    date: 2025-10-01
    home: 1
    away: 0x2
    kind: regular
    dressed: {1: [007, 1.50], 0x2: [7]}
    incidents:
      - {person: 007, period: 2, time: "12:00", infraction: boarding, penalties: [major], stoppage: 1}
"""
    s = load(write(tmp_path, "s.yaml", text))
    assert sorted(s.teams) == ["0x2", "1"]
    assert sorted(s.people) == ["007", "1.50", "7"]
    assert s.people["007"].team == "1" and s.people["7"].team == "0x2"
    assert s.league == "2025"
    game = s.games[0]
    assert (game.id, game.home, game.away, game.incidents[0].person, game.incidents[0].stoppage) == (
        "1",
        "1",
        "0x2",
        "007",
        "1",
    )
    assert game.dressed == {"1": ("007", "1.50"), "0x2": ("7",)}
    result = evaluate(s).to_dict()
    assert [(x["person"], x["game"]) for x in result["suspensions"]] == [("007", "1")]


def test_json_numbers_as_ids_are_their_text(tmp_path):
    data = season()
    data["teams"][0]["id"] = 7
    for p in data["people"]:
        if p["team"] == "A":
            p["team"] = 7
    data["games"][0]["home"] = 7
    data["games"][0]["id"] = 1.50
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data).replace("1.5", "1.50"))
    s = load(path)
    assert "7" in s.teams and s.games[0].id == "1.50" and s.games[0].home == "7"


# ------------------------------------------------------------------- proposals, by class
def rule(asp: str, rid: str = "league:10.30") -> dict:
    return {
        "format": PROPOSAL,
        "name": "t",
        "changes": {"rules": [{"id": rid, "layer": "league", "text": "A new rule.", "asp": asp}]},
    }


def changes(**kw) -> dict:
    return {"format": PROPOSAL, "name": "t", "changes": kw}


YIELDS = 'yields("league:10.30", G, I, {}, 0) :- incident(G, I, _, boarding).'
PROPOSAL_CASES = {
    "a rule yielding -5 games": (rule(YIELDS.format(-5)), ["changes.rules[0].asp", "league:10.30 yields -5"]),
    "a rule yielding 2^31-1 games": (rule(YIELDS.format(2147483647)), ["changes.rules[0].asp", "league:10.30"]),
    "a rule yielding text": (rule(YIELDS.format('"x"')), ["changes.rules[0].asp", 'league:10.30 yields "x"']),
    "a rule yielding a function": (rule(YIELDS.format("f(1)")), ["changes.rules[0].asp", "league:10.30"]),
    "a rule yielding indefinite 2": (
        rule('yields("league:10.30", G, I, 1, 2) :- incident(G, I, _, boarding).'),
        ["changes.rules[0].asp", "indefinite"],
    ),
    "an external function": (rule(YIELDS.format("@f(1)")), ["changes.rules[0].asp", "@f: calling an external"]),
    "an external function in a body": (
        rule('yields("league:10.30", G, I, 1, 0) :- incident(G, I, _, boarding), @ok(G) = 1.'),
        ["changes.rules[0].asp", "@ok"],
    ),
    "a number past 32 bits in the ASP": (
        rule(YIELDS.format(99999999999)),
        ["changes.rules[0].asp", "past the solver's integers"],
    ),
    "a sum that wraps around": (rule(YIELDS.format("2147483647+1")), ["changes.rules[0].asp", "-2147483648"]),
    "a NUL in the ASP": (
        rule(YIELDS.format(1) + "\0 #script (python) import os #end."),
        ["changes.rules[0].asp", "control character"],
    ),
    "games past 32 bits": (changes(rows={"hc:7.2(b)": {"games": BIG}}), ['changes.rows["hc:7.2(b)"].games']),
    "a late value past the limit": (changes(rows={"hc:7.2(b)": {"late": 10**6}}), ['changes.rows["hc:7.2(b)"].late']),
    "an indefinite minimum past 32 bits": (
        changes(rows={"hc:7.2(b)": {"games": {"indefinite": True, "minimum": BIG}}}),
        ['changes.rows["hc:7.2(b)"].games.minimum'],
    ),
    "a rung past 32 bits": (changes(ladders={"league:10.06": {1: BIG}}), ['changes.ladders["league:10.06"]']),
    "a rung number in Unicode digits": (
        changes(ladders={"league:10.06": {"²": 1}}),
        ['changes.ladders["league:10.06"]["²"]'],
    ),
    "a rung number past the limit": (
        changes(ladders={"league:10.06": {BIG: 1}}),
        ['changes.ladders["league:10.06"]["2147483648"]'],
    ),
    "thresholds past 32 bits": (
        changes(thresholds={"league:10.04": {"after": BIG, "every": BIG}}),
        ['changes.thresholds["league:10.04"].after', 'changes.thresholds["league:10.04"].every'],
    ),
    "a list in repeal": (changes(repeal=[["hc:7.2(b)"]]), ["changes.repeal[0]"]),
    "a mapping in repeal": (changes(repeal=[{"a": 1}]), ["changes.repeal[0]"]),
    "a list as a policy value": (changes(policy={"layers": ["sum"]}), ["changes.policy.layers"]),
    "a lone surrogate in a rule's text": (
        {
            "format": PROPOSAL,
            "name": "t",
            "changes": {
                "rules": [{"id": "league:10.30", "layer": "league", "text": "x\ud800", "asp": YIELDS.format(1)}]
            },
        },
        ["changes.rules[0].text", "lone surrogate"],
    ),
    "a description that is a number too long to print": (
        {"format": PROPOSAL, "name": "t", "description": 10**5000, "changes": {}},
        ["description"],
    ),
}


@pytest.mark.parametrize("case", sorted(PROPOSAL_CASES))
def test_a_hostile_proposal_is_refused_located(tmp_path, case):
    data, where = PROPOSAL_CASES[case]
    path = tmp_path / "p.json"
    path.write_text(
        json.dumps(data, ensure_ascii=True)
        if not isinstance(data.get("description"), int)
        else json.dumps(dict(data, description=0)).replace('"description": 0', '"description": ' + "9" * 400)
    )
    seasonfile = write(tmp_path, "s.yaml", as_yaml(season()))
    result, out = run(tmp_path, "report", seasonfile, "--proposal", path)
    assert_refused(result, out, str(path), *where)


def test_a_yaml_alias_bomb_in_a_proposal_is_refused_within_seconds(tmp_path):
    bomb = "\n".join(
        ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
        + [f"{c}: &{c} [" + ",".join([f"*{p}"] * 9) + "]" for p, c in zip("abcdefgh", "bcdefghi")]
    )
    path = write(tmp_path, "p.yaml", f"format: {PROPOSAL}\nname: t\nchanges: {{}}\n" + bomb)
    t0 = time.monotonic()
    result, out = run(tmp_path, "report", write(tmp_path, "s.yaml", as_yaml(season())), "--proposal", path)
    assert_refused(result, out, "aliases expand")
    assert time.monotonic() - t0 < 20


def test_a_scenario_file_with_a_repeated_key_is_refused(tmp_path):
    path = write(tmp_path, "x.scenarios.yaml", "format: hockeyrules/scenarios@1\ntests: []\ntests: []\n")
    result = CliRunner().invoke(main, ["test", str(path)])
    assert result.exit_code == 2 and "tests" in result.stderr and "duplicate key" in result.stderr


# -------------------------------------------------- the grounding time limit, as an option
@pytest.mark.parametrize("value", ["abc", "nan", "inf", "-inf", "0", "-1", "", "1e400", "100000"])
def test_a_bad_proposal_time_limit_is_refused_naming_it(tmp_path, value):
    p = tmp_path / "p.json"
    p.write_text(json.dumps(rule(YIELDS.format(1))))
    result, out = run(
        tmp_path,
        "report",
        write(tmp_path, "s.yaml", as_yaml(season())),
        "--proposal",
        p,
        env={"HOCKEYRULES_PROPOSAL_SECONDS": value},
    )
    assert_refused(result, out, "HOCKEYRULES_PROPOSAL_SECONDS", "positive number of seconds")


def test_a_good_proposal_time_limit_is_used(tmp_path):
    p = tmp_path / "p.json"
    p.write_text(json.dumps(rule(YIELDS.format(3))))
    result = CliRunner().invoke(
        main,
        ["suspensions", str(write(tmp_path, "s.yaml", as_yaml(season()))), "--proposal", str(p), "--format", "json"],
        env={"HOCKEYRULES_PROPOSAL_SECONDS": "30.5"},
    )
    assert result.exit_code == 0, result.output
    assert {c["rule"]: c["games"] for c in json.loads(result.stdout)["suspensions"][0]["components"]}[
        "league:10.30"
    ] == 3


# --------------------------------------------------------- grounding out of memory, killed
RUNAWAY = (
    "aux(0) :- game(_, _, _, _). aux(X + 1) :- aux(X). "
    'yields("league:10.30", G, I, 1, 0) :- incident(G, I, _, _), aux(5).'
)
HOG = (
    "aux(X, Y) :- game(_, _, _, _), X = 1..100000, Y = 1..100000. "
    'yields("league:10.30", G, I, 1, 0) :- incident(G, I, _, _), aux(5, 5).'
)


def _cli(tmp_path: Path, proposal: dict, stdout_to=None, **popen):
    s = write(tmp_path, "s.yaml", as_yaml(season()))
    p = tmp_path / "p.json"
    p.write_text(json.dumps(proposal))
    code = "import sys; from hockeyrules.cli.commands import main; sys.exit(main())"
    return subprocess.Popen(
        [sys.executable, "-c", code, "suspensions", str(s), "--proposal", str(p)],
        stdout=stdout_to or subprocess.PIPE,
        stderr=stdout_to or subprocess.PIPE,
        text=True,
        **popen,
    )


@pytest.mark.slow
def test_a_rule_that_exhausts_memory_is_a_located_error(tmp_path):
    import resource

    def small():  # the command (and so its grounding) gets 200 MB of address space: the
        # command runs this season with a harmless rule in 60 MB and fails in 40 (measured),
        # and the sooner the rule reaches the limit the cheaper the test
        resource.setrlimit(resource.RLIMIT_AS, (200_000_000, 200_000_000))

    # memory, not the time limit, must stop it, however busy the machine
    env = dict(os.environ, HOCKEYRULES_PROPOSAL_SECONDS="280")
    proc = _cli(tmp_path, rule(HOG), preexec_fn=small, env=env)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 2, err
    assert "Traceback" not in err
    assert "changes.rules[0].asp" in err and "league:10.30 ran out of memory" in err


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(x) for x in text.split()]


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc to find the child")
def test_the_grounding_child_ends_with_its_parent(tmp_path):
    log = open(tmp_path / "stderr.txt", "w")
    proc = _cli(tmp_path, rule(RUNAWAY), env=dict(os.environ, HOCKEYRULES_PROPOSAL_SECONDS="120"), stdout_to=log)
    started, children, seen = time.monotonic(), [], {}
    while time.monotonic() - started < 60 and proc.poll() is None:
        children = _children(proc.pid)
        now = time.monotonic()
        seen = {c: seen.get(c, now) for c in children}
        # a child alive for a second: the season's grounding, not validation's own, which
        # grounds the rules without facts and ends at once
        if any(now - since >= 1.0 for since in seen.values()):
            break
        time.sleep(0.1)
    assert proc.poll() is None and children, (tmp_path / "stderr.txt").read_text()
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=30)
    log.close()
    gone = time.monotonic() + 10
    while time.monotonic() < gone and any(_state(c) != "Z" for c in children):
        time.sleep(0.1)
    left = [c for c in children if _state(c) != "Z"]
    for c in left:  # not to leave it running whatever the outcome
        os.kill(c, signal.SIGKILL)
    assert not left, "the grounding outlived the command"


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "Z"


# ------------------------------------------------- strict JSON: exactly what json.loads refuses
JSON_TEXTS = [
    '{"a": 1 "b": 2}',
    '{"a": 1,}',
    '{"a": 1',
    '{"a" 1}',
    "{1: 2}",
    "[1, 2",
    '{"a": [1, 2,]}',
    '{"a": 1} x',
    '{"a": "\x01"}',
    '{"a": tru}',
    '{"a": 01}',
    '\u00a0{"a": 1}',
    '{"a": 1}\u3000',
    '{"teams": [], "people": [], "settings": {}, "games": [{"a": 1} {"b": 2}]}',
    '{"teams": [], "people": [], "settings": {}, "games": [{"a": 1},]}',
    '{"teams": [], "people": [], "settings": {}, "games": [{"a": 1}] "x": 1}',
    '{"teams": [], "people": [], "settings": {}, "games": [{"a": 1}], }',
    '{"teams": [], "people": [], "settings": {}, "games": [{"a": 1}]',
    '{"teams": [], "people": [], "settings": {}, "games": [{"a": 1}]}}',
]


@pytest.mark.parametrize("text", JSON_TEXTS)
def test_the_json_reader_refuses_what_json_loads_refuses_at_the_same_place(tmp_path, text):
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(text)
    path = write(tmp_path, "s.json", text)
    with pytest.raises(InputError) as got:
        load(path)
    problem = got.value.problems[0]
    assert (problem.line, f"(column {expected.value.colno})") == (
        expected.value.lineno,
        problem.message[-len(f"(column {expected.value.colno})") :],
    )
    assert expected.value.msg in problem.message


def test_the_reader_keeps_the_data_it_accepts(tmp_path):
    data = season()
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    assert read(path).data == data
    assert load(path).people == from_data(copy.deepcopy(data)).people


# ------------------------------------------------------- random input: only the input error
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True)
    | st.text(max_size=8)
    | st.sampled_from(["A1", "G1", "major", "boarding", "12:00", "²", "A1\0", "\ud800", "OT", "pre"])
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=6) | st.sampled_from(["id", "person", "games"]), inner, max_size=4)
    ),
    max_leaves=20,
)


def _only_input_errors(read) -> None:
    try:
        read()
    except InputError:
        pass


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(raw=st.binary(max_size=300), suffix=st.sampled_from([".json", ".yaml"]))
def test_random_bytes_give_only_the_input_error(tmp_path_factory, raw, suffix):
    path = tmp_path_factory.mktemp("b") / f"s{suffix}"
    path.write_bytes(raw)
    _only_input_errors(lambda: load(path))


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=VALUES, suffix=st.sampled_from([".json", ".yaml"]))
def test_random_structures_give_only_the_input_error(tmp_path_factory, data, suffix):
    path = tmp_path_factory.mktemp("s") / f"s{suffix}"
    text = json.dumps(data) if suffix == ".json" else yaml.safe_dump(data, allow_unicode=False)
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    _only_input_errors(lambda: load(path))
    _only_input_errors(lambda: from_data(copy.deepcopy(data)) if isinstance(data, dict) else None)


def _paths(value, path=()):
    yield path
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        yield from _paths(child, path + (key,))


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(pick=st.integers(min_value=0), value=VALUES)
def test_a_season_with_any_value_replaced_is_refused_or_evaluated(pick, value):
    data = season(line(), line(person="B2", minutes=7, stoppage="S1"), dressed={"A": ["A1", "CA"], "B": ["B2"]})
    data["decisions"] = [{"person": "A1", "game": "G1", "add_games": 1, "date": "2025-10-02"}]
    data["people"] = data["people"][:3] + data["people"][20:26]  # a small season: quick to evaluate
    paths = [p for p in _paths(data) if p]
    path = paths[pick % len(paths)]
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        evaluate(from_data(data))
    except InputError:
        pass


def test_penalty_minute_games_that_would_pass_the_solver_integers_are_refused(tmp_path):
    s = write(tmp_path, "s.yaml", as_yaml(season(*[line(minutes=999_999)] * 3)))
    p = tmp_path / "p.json"
    p.write_text(
        json.dumps(
            changes(rows={"league:10.04": {"games": 999_999}}, thresholds={"league:10.04": {"after": 0, "every": 1}})
        )
    )
    result, out = run(tmp_path, "report", s, "--proposal", p)
    assert_refused(result, out, 'changes.rows["league:10.04"].games', "2,999,997 penalty minutes")
    p.write_text(json.dumps(changes(rows={"league:10.04": {"games": 2}})))  # the near miss: fine
    ok = CliRunner().invoke(main, ["suspensions", str(s), "--proposal", str(p), "--format", "json"])
    assert ok.exit_code == 0, ok.output
