"""Catalog revision 2 beyond what scenarios can say: the season format's new lines
(team lines, a game's own clock, the game ejection) and their bad input, and the
warning for a match penalty that no table lists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import line, season

from hockeyrules import InputError, evaluate
from hockeyrules.cli.commands import main
from hockeyrules.committee.scenarios import base_season, build_season
from hockeyrules.read.season import from_data

# Many views and commands over the same few seasons: each distinct solve is done once
# (conftest.py's solved_once).
pytestmark = pytest.mark.usefixtures("solved_once")


def team_line(**kw):
    out = line(**kw)
    del out["person"]
    return dict(out, team=kw.get("team", "A"))


def problems(data) -> list[tuple[str, str]]:
    with pytest.raises(InputError) as err:
        from_data(data)
    return [(p.where, p.message) for p in err.value.problems]


# --------------------------------------------------------------------- bad input


def test_a_line_with_both_a_person_and_a_team_is_an_error():
    assert problems(season(line(team="A"))) == [
        ("games[0].incidents[0]", "a line names a person or a team (a team line), one of the two: both are given")
    ]


def test_a_line_with_neither_a_person_nor_a_team_is_an_error():
    bad = line()
    del bad["person"]
    assert problems(season(bad)) == [
        ("games[0].incidents[0]", "a line names a person or a team (a team line), one of the two: neither is given")
    ]


def test_a_team_line_for_a_team_not_in_the_game_is_an_error():
    data = season(team_line(team="C"))
    data["teams"].append({"id": "C", "name": "Charlie"})
    assert problems(data) == [("games[0].incidents[0].team", "team 'C' does not play in this game (A v B)")]


def test_a_game_clock_other_than_the_two_words_is_an_error():
    found = problems(season(line(), clock="countdown"))
    assert [w for w, _ in found] == ["games[0].clock"]
    assert "remaining" in found[0][1] and "elapsed" in found[0][1]


def test_all_the_new_errors_are_reported_at_once_and_the_cli_exits_2(tmp_path):
    bad = line()
    del bad["person"]
    data = season(bad, line(team="A"), team_line(team="Z"), clock="sometimes")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    res = CliRunner().invoke(main, ["suspensions", str(path)])
    assert res.exit_code == 2
    for where in ("games[0].clock", "games[0].incidents[0]", "games[0].incidents[1]", "games[0].incidents[2].team"):
        assert where in res.output, where
    assert "Traceback" not in res.output


# ---------------------------------------------------------------- what they mean


def test_a_team_line_is_read_and_yields_nothing_personal():
    result = evaluate(season(team_line(penalties=["major", "game_misconduct"]))).to_dict()
    assert result["suspensions"] == []


def test_a_game_clock_equal_to_the_settings_changes_nothing():
    data = season(line(period=3, time="09:00"))
    same = season(line(period=3, time="09:00"), clock="remaining")
    assert evaluate(data).to_dict() == evaluate(same).to_dict()


def test_a_game_ejection_has_no_minutes_by_default():
    data = from_data(season(line(penalties=["game_ejection"], infraction="tripping")))
    assert data.minutes(data.games[0].incidents[0]) == 0


# ------------------------------------------------------- match with no table row


def test_a_match_penalty_with_no_table_row_yields_a_warning_at_its_line():
    result = evaluate(season(line(infraction="elbowing", penalties=["match"]))).to_dict()
    assert result["suspensions"] == []
    assert {
        "where": "games[0].incidents[0]",
        "message": "match penalty with no minimum in the tables (a hearing decides)",
    } in [{k: w[k] for k in ("where", "message")} for w in result["warnings"]]


def test_a_match_penalty_that_a_table_lists_yields_no_such_warning():
    result = evaluate(season(line(infraction="boarding", penalties=["match"]))).to_dict()
    assert [s["games"] for s in result["suspensions"]] == [3]
    assert not [w for w in result["warnings"] if "match penalty" in w["message"]]


# ------------------------------------------------------------------- readings

RULES_PAGE = Path(__file__).parent.parent / "docs" / "rules.md"


def test_the_rules_page_readings_table_is_the_one_generated_from_the_engine_register():
    from hockeyrules.committee.readings import markdown_register

    text = RULES_PAGE.read_text(encoding="utf-8")
    start = text.index("\n## Readings\n")
    start = text.index("\n| reading |", start) + 1
    assert text[start:].startswith(markdown_register())


def test_result_policy_lists_all_six_readings_by_their_catalog_names():
    result = evaluate(season(line())).to_dict()
    assert result["policy"] == {
        "layers": "sum",
        "late_game_counted_once": True,
        "late_window_minutes": 10,
        "league_persons": "players",
        "league_games": "league_play",
        "league_restatements": "add",
    }


def test_every_reading_of_the_register_becomes_a_policy_fact_of_the_encoding():
    from hockeyrules.engine.solver import ENCODING, encoding_text
    from hockeyrules.facts.build import Facts, policy_facts
    from hockeyrules.model.policy import READINGS, Policy

    out = Facts()
    policy_facts(Policy(), out)
    facts = {line[len("policy(") :].split(",")[0] for line in out.terms["policy"]}
    assert facts == {r.fact for r in READINGS}
    encoding = "".join(encoding_text(name) for name in ENCODING)
    for r in READINGS:
        assert f"policyin(E, {r.fact}," in encoding, r.fact


@pytest.mark.parametrize(
    "args,message",
    [
        (["--reading", "league_person=all"], "unknown reading 'league_person'"),
        (["--reading", "league_games=exhibitions"], "league_games: 'exhibitions' is not a value of it"),
        (["--reading", "late_window_minutes=0"], "late_window_minutes"),
        (["--reading", "layers"], "expected NAME=VALUE"),
    ],
)
def test_an_unknown_reading_or_value_exits_2_naming_the_known_ones(args, message, tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(season(line())))
    for command in (
        ["suspensions", str(path)],
        ["audit", str(path)],
        ["diff", str(path)],
        ["explain", str(path), "--person", "A1"],
        ["rules"],
        ["report", str(path), "-o", str(tmp_path / "r.html")],
    ):
        res = CliRunner().invoke(main, command + args)
        assert res.exit_code == 2, (command, res.output)
        assert message in res.output, (command, res.output)
        if "unknown reading" in message:
            assert (
                "layers, late_game_counted_once, late_window_minutes, league_persons, league_games, "
                "league_restatements" in res.output
            )


def test_a_reading_on_the_command_line_reaches_the_engine(tmp_path):
    data = season(line(infraction="fighting", penalties=["major", "game_misconduct"]))
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    add = json.loads(CliRunner().invoke(main, ["suspensions", str(path), "--format", "json"]).output)
    overlap = json.loads(
        CliRunner()
        .invoke(main, ["suspensions", str(path), "--format", "json", "--reading", "league_restatements=overlap"])
        .output
    )
    assert [s["games"] for s in add["suspensions"]] == [2]  # hc:7.10(b)/1 1 + league 1 (10.02 and 10.06/1 overlap)
    assert [s["games"] for s in overlap["suspensions"]] == [1]
    assert overlap["policy"]["league_restatements"] == "overlap"


def test_diff_with_a_reading_compares_the_defaults_with_that_reading(tmp_path):
    data = season(line(person="CA", infraction="fighting", penalties=["minor"]))
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    res = CliRunner().invoke(main, ["diff", str(path), "--reading", "league_persons=all", "--format", "json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.output)
    assert d["after"]["name"] == "current rules, read with the league's by-laws for team officials too"
    assert d["after"]["policy"]["league_persons"] == "all" and d["before"]["policy"]["league_persons"] == "players"
    assert [(c["person"], c["change"], c["after"]["rules"]) for c in d["changes"]] == [
        ("CA", "appears", ["league:10.06/1"])
    ]


def test_a_proposal_policy_takes_any_reading():
    from hockeyrules.engine.proposal import load

    p = load(
        {
            "format": "hockeyrules/proposal@1",
            "name": "Revision 1",
            "changes": {"policy": {"league_persons": "all", "league_games": "all"}},
        }
    )
    data = season(line(person="CA", infraction="misconduct", penalties=["misconduct"]))
    assert evaluate(data).to_dict()["suspensions"] == []
    got = evaluate(data, proposal=p).to_dict()
    assert got["policy"]["league_persons"] == "all" and got["policy"]["league_games"] == "all"


def test_a_proposal_with_an_unknown_reading_or_value_is_refused_naming_the_known_ones():
    from hockeyrules.engine.proposal import load

    with pytest.raises(InputError) as err:
        load(
            {
                "format": "hockeyrules/proposal@1",
                "name": "X",
                "changes": {"policy": {"league_players": "all", "league_games": "some"}},
            }
        )
    found = {p.where: p.message for p in err.value.problems}
    assert "league_persons" in found["changes.policy.league_players"]
    assert "league_play or all" in found["changes.policy.league_games"]


@pytest.mark.slow
def test_readings_on_the_example_season_lists_the_six_readings_with_their_effect():
    example = Path(__file__).parent.parent / "examples" / "mu18aaa-example.yaml"
    res = CliRunner().invoke(main, ["readings", str(example), "--format", "json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.output)
    assert [r["reading"] for r in d["readings"]] == [
        "layers",
        "late_game_counted_once",
        "late_window_minutes",
        "league_persons",
        "league_games",
        "league_restatements",
    ]
    for r in d["readings"]:
        assert r["provision"] and r["rulebook"] and r["effects"], r["reading"]
        for e in r["effects"]:
            assert e["suspensions"] == len(e["who"]) and e["persons"] == len({w["person"] for w in e["who"]})
    by = {r["reading"]: r for r in d["readings"]}
    # max never makes a suspension longer, and the third-fight kind of overlap only shortens
    assert by["layers"]["effects"][0]["games"]["after"] < by["layers"]["effects"][0]["games"]["before"]
    assert (
        by["league_restatements"]["effects"][0]["games"]["after"]
        < by["league_restatements"]["effects"][0]["games"]["before"]
    )
    # the example season's coaches with misconducts: league_persons=all suspends some of them
    who = by["league_persons"]["effects"][0]["who"]
    assert all(w["role"] != "player" for w in who)
    text = CliRunner().invoke(main, ["readings", str(example)]).output
    for name in by:
        assert f"{name}: " in text


# ------------------------------------------------------------- effective dates

COMMITTEE = Path(__file__).parent / "committee"
EFFECTIVE = Path(__file__).parent.parent / "proposals" / "examples" / "second-fight-five-games-from-october.yaml"


@pytest.mark.slow
def test_the_effective_date_scenarios_pass():
    from hockeyrules.committee import scenarios

    outcomes = scenarios.run_file(COMMITTEE / "effective.scenarios.yaml")
    assert len(outcomes) == 8
    assert [(o.name, o.failures) for o in outcomes if o.failures] == []


def two_fights(second_game: dict) -> dict:
    games = [{"incidents": [line(infraction="fighting", penalties=["minor"])]}, second_game]
    return build_season({"games": games}, base_season())


def test_explain_says_which_version_of_a_row_applied_and_why():
    from hockeyrules.views.explain import explain_person

    after = two_fights({"date": "2025-10-15", "incidents": [line(infraction="fighting", penalties=["minor"])]})
    before = two_fights({"date": "2025-10-09", "incidents": [line(infraction="fighting", penalties=["minor"])]})
    for data, version, games in ((after, "proposal", 5), (before, "book", 2)):
        node = explain_person(data, "A1", "G2", proposal=EFFECTIVE)[0].to_dict()
        comp = [c for c in node["children"] if c["kind"] == "component" and c["rule"] == "league:10.06/2"][0]
        assert comp["games"] == games
        found = [c for c in comp["children"] if c["kind"] == "version"]
        assert [c["version"] for c in found] == [version] and found[0]["effective"] == "2025-10-10"
        assert ("in force for games from 2025-10-10" in found[0]["text"]) == (version == "proposal")


def test_diff_shows_the_effective_date(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(
        json.dumps(two_fights({"date": "2025-10-15", "incidents": [line(infraction="fighting", penalties=["minor"])]}))
    )
    res = CliRunner().invoke(main, ["diff", str(path), "--proposal", str(EFFECTIVE), "--format", "json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.output)
    assert d["after"]["effective"] == "2025-10-10"
    assert [(c["person"], c["game"], c["before"]["games"], c["after"]["games"]) for c in d["changes"]] == [
        ("A1", "G2", 2, 5)
    ]
    table = CliRunner().invoke(main, ["diff", str(path), "--proposal", str(EFFECTIVE)]).output
    assert "(in force for games from 2025-10-10)" in table


@pytest.mark.parametrize("value", ["10 October", "2025-13-01", 20251010, True])
def test_an_effective_that_is_not_a_date_is_refused(value):
    from hockeyrules.engine.proposal import load

    with pytest.raises(InputError) as err:
        load(
            {
                "format": "hockeyrules/proposal@1",
                "name": "X",
                "effective": value,
                "changes": {"repeal": ["league:10.06B"]},
            }
        )
    assert [p.where for p in err.value.problems] == ["effective"]


# ----------------------------------------------- explanations name the reading


def _texts(node: dict):
    yield node["text"]
    for child in node.get("children", []):
        yield from _texts(child)


EXHIBITION = (
    "not in league play: exhibition game; By-Law 10 is read in regular and playoff games only "
    "(it can be read in exhibition games too)"
)


def test_explain_says_when_a_reading_decided_that_a_row_does_not_apply():
    from hockeyrules.views.explain import explain_incident

    games = [{"incidents": [line(person="CA", infraction="misconduct", penalties=["misconduct"])]} for _ in range(4)]
    games.append(
        {"kind": "exhibition", "incidents": [line(infraction="tripping", penalties=["major", "game_misconduct"])]}
    )
    data = build_season({"games": games}, base_season())
    coach = list(_texts(explain_incident(data, "G4", 1).to_dict()))
    assert (
        "league:10.05 does not apply: By-Law 10 is read for players only (it can be read for team officials "
        "too); Coach A is a head coach" in coach
    )
    exhibition = list(_texts(explain_incident(data, "G5", 1).to_dict()))
    assert f"league:10.02 does not fire: {EXHIBITION}" in exhibition
    # under the other reading the same lines count, and nothing says the reading excluded them
    from hockeyrules import Policy

    other = list(_texts(explain_incident(data, "G4", 1, Policy(league_persons="all")).to_dict()))
    assert not [t for t in other if "read for players only" in t]
    assert any(t.startswith("league:10.05/4 fires") for t in other)


def test_explain_reads_the_reading_of_the_game_not_of_the_command_under_a_dated_proposal():
    from hockeyrules.views.explain import explain_incident

    proposal = {
        "format": "hockeyrules/proposal@1",
        "name": "Exhibitions count from 10 October",
        "effective": "2025-10-10",
        "changes": {"policy": {"league_games": "all"}},
    }
    games = [
        {"kind": "exhibition", "incidents": [line(infraction="tripping", penalties=["major", "game_misconduct"])]},
        {
            "kind": "exhibition",
            "date": "2025-10-12",
            "incidents": [line(infraction="tripping", penalties=["major", "game_misconduct"])],
        },
    ]
    data = build_season({"games": games}, base_season())
    before = list(_texts(explain_incident(data, "G1", 1, proposal=proposal).to_dict()))
    assert f"league:10.02 does not fire: {EXHIBITION}" in before
    after = list(_texts(explain_incident(data, "G2", 1, proposal=proposal).to_dict()))
    assert any(t.startswith("league:10.02 fires: 1 game") for t in after)


@pytest.mark.slow
def test_the_readings_table_fits_a_narrow_terminal():
    from hockeyrules.committee.readings import as_table, readings

    text = as_table(readings(Path(__file__).parent / "contract" / "worked-example.yaml"), width=60)
    assert all(len(line) <= 60 for line in text.splitlines())
    assert "league_restatements=overlap" in text.replace("\n", " ")
