"""Catalog revision 2 beyond what scenarios can say: the season format's new lines
(team lines, a game's own clock, the game ejection) and their bad input, and the
warning for a match penalty that no table lists."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from hockeyrules import InputError, evaluate
from hockeyrules.cli import main
from hockeyrules.scenarios import base_season, build_season
from hockeyrules.season import from_data


def season(*incidents, **game):
    return build_season({"games": [dict(game, incidents=list(incidents))]}, base_season())


def line(**kw):
    return dict({"person": "A1", "period": 2, "time": "12:00", "infraction": "boarding",
                 "penalties": ["major"]}, **kw)


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
        ("games[0].incidents[0]", "a line names a person or a team (a team line), one of the two: both are given")]


def test_a_line_with_neither_a_person_nor_a_team_is_an_error():
    bad = line()
    del bad["person"]
    assert problems(season(bad)) == [
        ("games[0].incidents[0]", "a line names a person or a team (a team line), one of the two: "
                                  "neither is given")]


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
    assert {"where": "games[0].incidents[0]",
            "message": "match penalty with no minimum in the tables (a hearing decides)"} in \
        [{k: w[k] for k in ("where", "message")} for w in result["warnings"]]


def test_a_match_penalty_that_a_table_lists_yields_no_such_warning():
    result = evaluate(season(line(infraction="boarding", penalties=["match"]))).to_dict()
    assert [s["games"] for s in result["suspensions"]] == [3]
    assert not [w for w in result["warnings"] if "match penalty" in w["message"]]
