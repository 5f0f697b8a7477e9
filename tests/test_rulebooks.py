"""Rulebooks (format hockeyrules/rulebook@1, docs/rulebooks.md): the catalog's league
as a built-in rulebook file gives exactly the results it gave as ASP; other rulebooks
change only what their layers and by-laws say; bad files are refused, located.
The kinds of by-law rows are fired and missed in tests/rulebooks/*.scenarios.yaml."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from helpers import yaml_data

import hockeyrules
from hockeyrules.cli.commands import main
from hockeyrules.engine import rulebookfile

# Many views and commands over the same few seasons: each distinct solve is done once
# (conftest.py's solved_once).
pytestmark = pytest.mark.usefixtures("solved_once")

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = str(ROOT / "examples" / "mu18aaa-example.yaml")
JUNIOR_A = str(ROOT / "examples" / "junior-a-rulebook.yaml")
CONTRACT = sorted(
    p for p in (ROOT / "tests" / "contract").iterdir() if p.suffix in (".yaml", ".json") and ".expected" not in p.name
)


_OUTPUTS: dict = {}


def run(*args: str, code: int = 0) -> str:
    """A command's output (each command once per module: the example season takes seconds)."""
    if args not in _OUTPUTS:
        res = CliRunner().invoke(main, list(args))
        assert res.exit_code == code, res.output
        _OUTPUTS[args] = res.stdout if code == 0 else res.output
    return _OUTPUTS[args]


@pytest.fixture(scope="module")
def shown(tmp_path_factory) -> str:
    """The file `rulebooks --show mu18aaa` prints, written where a league would keep it."""
    path = tmp_path_factory.mktemp("rb") / "my-league.yaml"
    path.write_text(run("rulebooks", "--show", "mu18aaa"), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def no_decisions(tmp_path_factory) -> str:
    """The example season without its decisions (they name suspensions only By-Law 10 gives)."""
    data = yaml_data(Path(EXAMPLE).read_text(encoding="utf-8"))
    data.pop("decisions", None)
    path = tmp_path_factory.mktemp("season") / "season.json"
    path.write_text(json.dumps(data, default=str), encoding="utf-8")
    return str(path)


def test_the_built_in_rulebooks_data_is_their_yaml():
    from hockeyrules.engine.rulebookdata import DATA

    for name in rulebookfile.BUILT_IN:
        assert DATA[name] == yaml.safe_load(rulebookfile.builtin_text(name)), name


@pytest.mark.parametrize("command", [["suspensions", "--format", "json"], ["audit", "--format", "json"]])
def test_the_example_season_gives_the_same_bytes_by_default_by_name_and_from_the_shown_file(shown, command):
    default = run(command[0], EXAMPLE, *command[1:])
    assert json.loads(default)["suspensions"]
    assert run(command[0], EXAMPLE, *command[1:], "--rulebook", "mu18aaa") == default
    assert run(command[0], EXAMPLE, *command[1:], "--rulebook", shown) == default


def test_explanations_are_the_same_from_the_shown_file(shown):
    default = run("suspensions", EXAMPLE, "--format", "json", "--explain")
    assert "Should a player incur a major penalty and game misconduct" in default  # the file's own words
    assert run("suspensions", EXAMPLE, "--format", "json", "--explain", "--rulebook", shown) == default


@pytest.mark.parametrize("season", CONTRACT, ids=[p.stem for p in CONTRACT])
def test_the_contract_examples_give_the_same_result_under_the_catalog_league_by_name_and_from_file(season, shown):
    default = hockeyrules.evaluate(str(season)).to_dict()
    assert hockeyrules.evaluate(str(season), rulebook="mu18aaa").to_dict() == default
    assert hockeyrules.evaluate(str(season), rulebook=shown).to_dict() == default
    assert "rulebook" not in default


def _components(result: dict, prefix: str) -> set:
    return {
        (s["person"], s["game"], c["rule"], c["games"], c["indefinite"], c["incident"])
        for s in result["suspensions"]
        for c in s["components"]
        if c["rule"].startswith(prefix)
    }


def test_hockey_canada_alone_keeps_every_hc_component_and_no_other():
    default = json.loads(run("suspensions", EXAMPLE, "--format", "json"))
    alone = json.loads(run("suspensions", EXAMPLE, "--format", "json", "--rulebook", "hockey-canada"))
    assert _components(default, "league:") and _components(default, "hm:")  # the example has both
    assert _components(alone, "league:") == set() and _components(alone, "hm:") == set()
    # every hc: component of the catalog's league is there; the only ones added are the
    # counted-once rows (rule 3) on lines where Hockey Manitoba's late row held that game
    assert _components(alone, "hc:") >= _components(default, "hc:")
    late_hm = {(p, g, i) for p, g, _r, _n, _d, i in _components(default, "hm:7.5/minor-late")}
    added = _components(alone, "hc:") - _components(default, "hc:")
    assert added and all(r in ("hc:4.8(c)", "hc:4.9(b)") and (p, g, i) in late_hm for p, g, r, _n, _d, i in added)
    assert alone["rulebook"] == {
        "name": "Hockey Canada minimums",
        "source": "hockey-canada",
        "layers": ["hockey-canada"],
    }


def test_a_manitoba_league_without_by_laws_keeps_hockey_manitoba_and_no_league_row():
    default = json.loads(run("suspensions", EXAMPLE, "--format", "json"))
    branch = hockeyrules.evaluate(EXAMPLE, rulebook="hockey-canada+hockey-manitoba").to_dict()
    assert _components(branch, "league:") == set()
    assert _components(branch, "hm:") == _components(default, "hm:")
    assert _components(branch, "hc:") == _components(default, "hc:")
    assert branch["rulebook"]["layers"] == ["hockey-canada", "hockey-manitoba"]


def test_the_audit_under_hockey_canada_has_none_of_the_league_eligibility_consequences(no_decisions):
    league = json.loads(run("audit", no_decisions, "--format", "json"))
    alone = json.loads(run("audit", no_decisions, "--format", "json", "--rulebook", "hockey-canada"))
    # the catalog's league: forfeits, fines and coach suspensions (10.08), double headers (10.07)
    assert league["forfeits"] and league["fines"] and league["audit_suspensions"]
    assert any(v["rule"] == "league:10.07" for v in league["violations"])
    assert alone["forfeits"] == [] and alone["fines"] == [] and alone["audit_suspensions"] == []
    assert not any(v["rule"] in ("league:10.03", "league:10.07") for v in alone["violations"])
    assert not any(s.get("rule") == "league:10.08" for s in alone["serving"])


def test_a_season_names_its_rulebook_relative_to_its_file_and_the_option_wins(tmp_path):
    data = yaml_data(Path(EXAMPLE).read_text(encoding="utf-8"))
    data.pop("decisions", None)
    (tmp_path / "books").mkdir()
    (tmp_path / "books" / "hc.yaml").write_text(rulebookfile.builtin_text("hockey-canada"), encoding="utf-8")
    data["settings"]["rulebook"] = "books/hc.yaml"
    season = tmp_path / "season.json"
    season.write_text(json.dumps(data, default=str), encoding="utf-8")
    own = json.loads(run("suspensions", str(season), "--format", "json"))
    assert own["rulebook"]["layers"] == ["hockey-canada"] and _components(own, "league:") == set()
    chosen = json.loads(run("suspensions", str(season), "--format", "json", "--rulebook", "mu18aaa"))
    assert "rulebook" not in chosen and _components(chosen, "league:")
    data["settings"]["rulebook"] = "hockey-canada+hockey-manitoba"
    season = tmp_path / "named.json"
    season.write_text(json.dumps(data, default=str), encoding="utf-8")
    named = json.loads(run("suspensions", str(season), "--format", "json"))
    assert named["rulebook"]["source"] == "hockey-canada+hockey-manitoba"


def test_the_junior_a_example_adds_the_supplements_games_beside_hockey_canadas_rows():
    result = hockeyrules.evaluate(str(ROOT / "tests" / "contract" / "mu18aaa-2025-26.yaml"), rulebook=JUNIOR_A)
    data = result.to_dict()
    assert data["rulebook"] == {
        "name": "Example Junior A League",
        "source": JUNIOR_A,
        "layers": ["hockey-canada", "league"],
    }
    assert _components(data, "hm:") == set()
    assert all(c["rule"].startswith(("hc:", "league:JA.")) for s in data["suspensions"] for c in s["components"])


def test_diff_between_two_rulebooks_on_the_example_season():
    data = json.loads(run("diff", EXAMPLE, "--rulebook", "hockey-canada", "--format", "json"))
    assert data["before"]["name"] == "rulebook: Manitoba U18 AAA Hockey League"
    assert data["after"]["name"] == "rulebook: Hockey Canada minimums"
    default = json.loads(run("suspensions", EXAMPLE, "--format", "json"))
    alone = json.loads(run("suspensions", EXAMPLE, "--format", "json", "--rulebook", "hockey-canada"))
    gone = {(s["person"], s["game"]) for s in default["suspensions"]} - {
        (s["person"], s["game"]) for s in alone["suspensions"]
    }
    assert gone and {(c["person"], c["game"]) for c in data["changes"] if c["change"] == "disappears"} == gone
    assert data["headline"]["suspensions_removed"] == len(gone)
    assert all("league:" not in r for c in data["changes"] if c["after"] for r in c["after"]["rules"])
    # the Junior A supplement on the catalog's league's season: only rows appear or change, by league:JA
    junior = json.loads(run("diff", EXAMPLE, "--rulebook", JUNIOR_A, "--format", "json"))
    assert junior["after"]["name"] == "rulebook: Example Junior A League"


def test_rulebooks_lists_the_built_in_rulebooks_and_layers_and_shows_a_file():
    out = run("rulebooks")
    for name in rulebookfile.BUILT_IN:
        assert f"  {name}: " in out
    assert "Hockey Canada's minimum" in out and "Hockey Manitoba's regulation" in out
    # in words a reader was told: never the catalog's own name for its league
    assert "catalog" not in out and "mu18aaa: the default: the Manitoba U18 AAA Hockey League's By-Law 10" in out
    assert run("rulebooks", "--show", "mu18aaa") == rulebookfile.builtin_text("mu18aaa")
    assert "no built-in rulebook" in run("rulebooks", "--show", "quebec", code=2)


def test_rules_lists_the_rulebook_in_force():
    league = json.loads(run("rules", "--format", "json"))
    alone = json.loads(run("rules", "--format", "json", "--rulebook", "hockey-canada"))
    assert any(r["id"] == "league:10.06/1" for r in league["rows"])
    assert any(r["id"].startswith("hm:") for r in league["rows"])
    assert alone["rows"] and all(r["id"].startswith("hc:") for r in alone["rows"])
    assert {r["id"] for r in alone["rows"]} == {r["id"] for r in league["rows"] if r["id"].startswith("hc:")}
    junior = json.loads(run("rules", "--format", "json", "--rulebook", JUNIOR_A))
    rung = next(r for r in junior["rows"] if r["id"] == "league:JA.1/6")
    assert rung["games"] == "3" and rung["rulebook"] == "6th fighting major: 3 games"


def test_layer_words_name_each_layer_in_plain_words():
    book = rulebookfile.builtin("mu18aaa")
    assert rulebookfile.layer_words("hc:7.2(b)", book) == "Hockey Canada's minimum"
    assert rulebookfile.layer_words("hm:7.5/major", book) == "Hockey Manitoba's regulation"
    assert rulebookfile.layer_words("league:10.06/2", book) == "Manitoba U18 AAA Hockey League's by-law 10.06"


BAD = """\
format: hockeyrules/rulebook@1
name: Bad League
base: [hockey-canada, hockey-quebec]
bylaws:
  - id: hc:7.2(b)
    kind: line
    when: {penalties: [major]}
    games: 1
  - id: league:1
    kind: fight_count
    games: 1
  - id: league:2
    kind: ladder
    counts: {infractions: [fighting]}
    rungs: {first: 1}
  - id: league:3
    kind: line
    when: {penalties: [major]}
    games: 1
    colour: red
  - id: league:3
    kind: stoppage
    games: 1
"""


def test_a_bad_rulebook_is_refused_with_every_error_located(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(BAD, encoding="utf-8")
    out = run("suspensions", EXAMPLE, "--rulebook", str(path), code=2)
    assert "nothing computed" in out and "Traceback" not in out
    expected = [
        ("base[1] (line 3)", "no base layer 'hockey-quebec'"),
        ("bylaws[0].id (line 5)", "not a league by-law id"),
        ("bylaws[1].kind (line 10)", "unknown kind 'fight_count'"),
        ("bylaws[2].rungs.first (line 15)", "a rung is the Nth counted thing"),
        ("bylaws[3].colour (line 20)", "unknown key for a line row"),
        ("bylaws[4].id (line 21)", "league:3 is used twice (first at bylaws[3])"),
    ]
    for where, message in expected:
        assert any(where in line and message in line for line in out.splitlines()), (where, out)


def test_a_season_naming_a_rulebook_that_does_not_exist_is_refused(tmp_path):
    data = yaml_data(Path(EXAMPLE).read_text(encoding="utf-8"))
    data["settings"]["rulebook"] = "quebec-u13"
    season = tmp_path / "season.json"
    season.write_text(json.dumps(data, default=str), encoding="utf-8")
    out = run("suspensions", str(season), code=2)
    assert "no built-in rulebook 'quebec-u13'" in out


def test_a_rulebook_id_is_never_program_text():
    hostile = {
        "format": "hockeyrules/rulebook@1",
        "name": 'x"). evil :- y. #script',
        "base": ["hockey-canada"],
        "bylaws": [{"id": 'league:1"). evil', "kind": "stoppage", "games": 1}],
    }
    with pytest.raises(hockeyrules.InputError) as err:
        rulebookfile.load(hostile)
    assert [p.where for p in err.value.problems] == ["bylaws[0].id"]
    hostile["bylaws"] = [{"id": "league:1", "kind": "stoppage", "games": 1}]
    book = rulebookfile.load(hostile)
    assert book.name == 'x"). evil :- y. #script'


def test_explanations_name_only_the_layers_of_the_rulebook_in_force():
    """Under hockey-canada, an explanation says Hockey Canada, never Hockey Manitoba or
    a league part that rulebook does not have; under the default, both bodies and the league."""
    from click.testing import CliRunner

    from hockeyrules.cli.commands import main

    args = ["explain", str(EXAMPLE), "--person", "T02-05", "-q"]
    alone = CliRunner().invoke(main, args + ["--rulebook", "hockey-canada"])
    assert alone.exit_code == 0, alone.output
    assert "Hockey Canada: 1 game" in alone.output
    assert "Hockey Manitoba" not in alone.output and "league" not in alone.output.lower().replace("league:", "")
    default = CliRunner().invoke(main, args)
    assert "Hockey Canada and Hockey Manitoba" in default.output and "MU18AAA league" in default.output
