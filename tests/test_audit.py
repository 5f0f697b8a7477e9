"""The audit: serving (docs/audit.md, "Serving") and By-Laws 10.01B, 10.01C, 10.03, 10.07, 10.08.

Each rule has a season where it is broken and a near miss where it is not. The
seasons are built on scenarios.base_season(): teams A and B, players A1..A20 and
B1..B20, head coaches CA/CB, assistants XA/XB, trainers TA/TB. build_season()
numbers the games G1, G2, ... and dates them a week apart from Wednesday
2025-10-01 (home A, away B, regular) unless a game says otherwise.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner
from helpers import line
from helpers import season_of as season

import hockeyrules
from hockeyrules import InputError
from hockeyrules.cli.commands import main
from hockeyrules.views.audit import audit
from hockeyrules.views.render import to_json

# ---------------------------------------------------------------------------
# Helpers


def one_game(p):  # hc:7.2(b): 1 game
    return line(p, "boarding", ["major"])


def two_games(p):  # hc:7.2(b) 1 + league:10.02 1 = 2 games
    return line(p, "boarding", ["major", "game_misconduct"])


def spitting_match(p):  # hc:11.3(c): 5 games, a match penalty
    return line(p, "spitting", ["match"])


def boarding_match(p):  # hc:7.2(c): 3 games, a match penalty
    return line(p, "boarding", ["match"])


def one_game_conduct(p):  # hc:11.1(e): 1 game, no major (no Section 2 ladder)
    return line(p, "unsportsmanlike_conduct", ["game_misconduct"])


def refusing(p):  # hc:10.8: indefinite, minimum 0
    return line(p, "refusing_to_start_play", ["minor"])


def harassment_match(p):  # hc:11.5(c): indefinite, minimum 0, a match penalty
    return line(p, "physical_harassment_of_officials", ["match"])


def discrimination(p):  # hc:11.4: indefinite, minimum 5
    return line(p, "discrimination", ["gross_misconduct"])


AFFILIATE = {
    "id": "F1",
    "name": "Affiliate F1",
    "team": "A",
    "role": "player",
    "affiliate": True,
    "registered_team": "U15 Stars",
}


def run(games, **kw):
    return audit(season(games, **kw)).to_dict()


def dressed_a(*persons):
    return {"dressed": {"A": list(persons)}}


def serving_of(a, person, game, rule=None):
    found = [s for s in a["serving"] if s["person"] == person and s["game"] == game and s["rule"] == rule]
    assert len(found) == 1, f"serving of {person} {game} {rule}: {a['serving']}"
    return found[0]


def short(s):
    keys = ("games", "indefinite", "length_set", "served", "served_in", "complete", "eligible_from", "status")
    return {k: s[k] for k in keys}


def kinds(a):
    return [(v["kind"], v["game"], v["team"], v["person"]) for v in a["violations"]]


def forfeit(game, date, team, persons):
    return {"game": game, "date": date, "team": team, "rule": "league:10.08", "persons": persons}


def fine(game, date, team):
    return {"game": game, "date": date, "team": team, "rule": "league:10.08", "minimum": 200, "currency": "CAD"}


def coach_suspension(person, name, team, game, date):
    return {
        "person": person,
        "name": name,
        "team": team,
        "role": "head_coach",
        "game": game,
        "date": date,
        "games": 0,
        "indefinite": True,
        "governing_games": 0,
        "league_games": 0,
        "components": [
            {
                "rule": "league:10.08",
                "layer": "league",
                "games": 0,
                "indefinite": True,
                "late": False,
                "incident": None,
                "team_event": team,
            }
        ],
    }


COMPLETE = "complete"
AT_END = "not yet served in full at the end of the data"
NOT_STARTED = "not yet served: no later regular or playoff game of the team"
OPEN = "indefinite: served until a league decision sets its length"

# ---------------------------------------------------------------------------
# Serving


def test_a_two_game_suspension_is_served_in_the_next_two_regular_games():
    a = run([{"incidents": [two_games("A1")]}, {}, {}, {}])
    s = serving_of(a, "A1", "G1")
    assert s["person"] == "A1" and s["team"] == "A" and s["role"] == "player" and s["date"] == "2025-10-01"
    assert s["decisions"] == []
    assert short(s) == {
        "games": 2,
        "indefinite": False,
        "length_set": True,
        "served": 2,
        "served_in": ["G2", "G3"],
        "complete": True,
        "eligible_from": "G4",
        "status": COMPLETE,
    }
    assert a["violations"] == [] and a["forfeits"] == [] and a["fines"] == [] and a["audit_suspensions"] == []


def test_a_game_without_a_dressed_list_for_the_team_counts_as_served():
    # G2: only B's list; G3: A's list without A1. Both are served.
    a = run([{"incidents": [two_games("A1")]}, {"dressed": {"B": ["B1", "CB"]}}, dressed_a("A2", "CA"), {}])
    s = serving_of(a, "A1", "G1")
    assert (s["served_in"], s["eligible_from"], s["status"]) == (["G2", "G3"], "G4", COMPLETE)
    assert a["violations"] == []


def test_dressing_in_the_last_game_of_the_suspension_is_a_league_10_08_violation():
    a = run([{"incidents": [two_games("A1")]}, {}, dressed_a("A1", "A2", "CA"), {}, {}])
    assert a["violations"] == [
        {
            "rule": "league:10.08",
            "game": "G3",
            "date": "2025-10-15",
            "team": "A",
            "person": "A1",
            "kind": "ineligible-suspended",
            "suspension": {"person": "A1", "game": "G1", "rule": None},
            "served_before": 1,
            "message": "A1 dressed while serving the suspension earned in G1 (1 game of it served before)",
        }
    ]
    assert a["forfeits"] == [forfeit("G3", "2025-10-15", "A", ["A1"])]
    assert a["fines"] == [fine("G3", "2025-10-15", "A")]
    assert a["audit_suspensions"] == [coach_suspension("CA", "Coach A", "A", "G3", "2025-10-15")]
    # G3 was not served: the second game is served in G4.
    s = serving_of(a, "A1", "G1")
    assert (s["served"], s["served_in"], s["eligible_from"]) == (2, ["G2", "G4"], "G5")


def test_dressing_in_the_first_game_after_the_suspension_is_no_violation():
    a = run([{"incidents": [two_games("A1")]}, {}, {}, dressed_a("A1", "A2", "CA")])
    assert a["violations"] == [] and a["forfeits"] == [] and a["fines"] == [] and a["audit_suspensions"] == []
    s = serving_of(a, "A1", "G1")
    assert (s["served_in"], s["eligible_from"], s["status"]) == (["G2", "G3"], "G4", COMPLETE)


def test_an_exhibition_game_does_not_serve_and_is_no_violation_without_a_suspended_person_dressed():
    a = run(
        [
            {"incidents": [two_games("A1")]},
            {"kind": "exhibition", **dressed_a("A2", "CA")},
            {"kind": "exhibition"},
            {},
            {},
            dressed_a("A1", "CA"),
        ]
    )
    s = serving_of(a, "A1", "G1")
    assert short(s) == {
        "games": 2,
        "indefinite": False,
        "length_set": True,
        "served": 2,
        "served_in": ["G4", "G5"],
        "complete": True,
        "eligible_from": "G6",
        "status": COMPLETE,
    }
    assert a["violations"] == [] and a["forfeits"] == [] and a["fines"] == []


def test_dressing_in_an_exhibition_game_while_suspended_is_an_ineligible_use():
    # the rules, revision 2 (docs/rules.md, docs/audit.md): exhibitions serve nothing, and may not be played while suspended
    a = run([{"incidents": [two_games("A1")]}, {"kind": "exhibition", **dressed_a("A1", "CA")}, {}, {}, {}])
    s = serving_of(a, "A1", "G1")
    assert (s["served_in"], s["eligible_from"]) == (["G3", "G4"], "G5")
    assert kinds(a)[0] == ("ineligible-suspended", "G2", "A", "A1")
    assert a["forfeits"][0] == forfeit("G2", "2025-10-08", "A", ["A1"])
    assert a["fines"][0] == fine("G2", "2025-10-08", "A")
    assert a["audit_suspensions"][0] == coach_suspension("CA", "Coach A", "A", "G2", "2025-10-08")


def test_an_exhibition_game_after_the_suspension_is_served_may_be_played():
    a = run([{"incidents": [one_game("A1")]}, {}, {"kind": "exhibition", **dressed_a("A1", "CA")}, {}])
    assert a["violations"] == [] and a["forfeits"] == []


def test_playoff_games_serve():
    a = run([{"incidents": [two_games("A1")]}, {"kind": "playoff"}, {"kind": "playoff"}, {"kind": "playoff"}])
    s = serving_of(a, "A1", "G1")
    assert (s["served_in"], s["eligible_from"], s["status"]) == (["G2", "G3"], "G4", COMPLETE)


def test_a_game_of_another_team_does_not_serve():
    teams = [{"id": "C", "name": "Charlie"}]
    people = [{"id": "C1", "name": "Player C1", "team": "C", "role": "player"}]
    a = run([{"incidents": [one_game("A1")]}, {"home": "B", "away": "C"}, {}], teams=teams, people=people)
    s = serving_of(a, "A1", "G1")
    assert (s["served_in"], s["eligible_from"]) == (["G3"], None)
    assert s["status"] == COMPLETE


def test_serving_follows_season_order_a_game_without_start_before_one_with_start_on_the_same_date():
    # G2 (19:00) and G3 (no start) share a date: G3 comes first and is served; A1 may dress in G2.
    a = run(
        [
            {"incidents": [one_game("A1")]},
            {"date": "2025-10-08", "start": "19:00", **dressed_a("A1", "CA")},
            {"date": "2025-10-08"},
        ]
    )
    assert a["violations"] == []
    s = serving_of(a, "A1", "G1")
    assert (s["served_in"], s["eligible_from"], s["status"]) == (["G3"], "G2", COMPLETE)


def test_two_suspensions_of_one_person_are_served_one_after_another_in_the_order_earned():
    # G1: 2 games. G2 (no dressed list: served for the first) brings a second, 1 game;
    # it starts only after the first completes.
    a = run([{"incidents": [two_games("A1")]}, {"incidents": [one_game_conduct("A1")]}, {}, {}, {}])
    first, second = serving_of(a, "A1", "G1"), serving_of(a, "A1", "G2")
    assert short(first) == {
        "games": 2,
        "indefinite": False,
        "length_set": True,
        "served": 2,
        "served_in": ["G2", "G3"],
        "complete": True,
        "eligible_from": "G5",
        "status": COMPLETE,
    }
    assert short(second) == {
        "games": 1,
        "indefinite": False,
        "length_set": True,
        "served": 1,
        "served_in": ["G4"],
        "complete": True,
        "eligible_from": "G5",
        "status": COMPLETE,
    }
    assert [(s["person"], s["game"]) for s in a["serving"]] == [("A1", "G1"), ("A1", "G2")]


def test_dressing_while_the_second_suspension_waits_its_turn_is_a_violation_of_the_first():
    a = run([{"incidents": [two_games("A1")]}, {"incidents": [one_game_conduct("A1")]}, dressed_a("A1", "CA"), {}, {}])
    assert kinds(a) == [("ineligible-suspended", "G3", "A", "A1")]
    assert a["violations"][0]["suspension"] == {"person": "A1", "game": "G1", "rule": None}
    assert serving_of(a, "A1", "G1")["served_in"] == ["G2", "G4"]
    assert serving_of(a, "A1", "G2")["served_in"] == ["G5"]


def test_a_suspension_earned_behind_an_undecided_indefinite_one_does_not_start():
    a = run([{"incidents": [refusing("A1")]}, {"incidents": [one_game_conduct("A1")]}, {}, {}])
    first, second = serving_of(a, "A1", "G1"), serving_of(a, "A1", "G2")
    assert (first["served_in"], first["status"]) == (["G2", "G3", "G4"], OPEN)
    assert (second["served"], second["served_in"], second["complete"]) == (0, [], False)


def test_a_suspension_earned_behind_an_indefinite_one_starts_once_a_decision_completes_it():
    # decided (1 game) on Monday 2025-10-20: G2 and G3 were sat out while it was open;
    # it is complete from G4, where the second one is served.
    decisions = [{"person": "A1", "game": "G1", "set_games": 1, "date": "2025-10-20", "reason": "hearing"}]
    a = run([{"incidents": [refusing("A1")]}, {"incidents": [one_game_conduct("A1")]}, {}, {}, {}], decisions=decisions)
    first, second = serving_of(a, "A1", "G1"), serving_of(a, "A1", "G2")
    assert short(first) == {
        "games": 1,
        "indefinite": True,
        "length_set": True,
        "served": 2,
        "served_in": ["G2", "G3"],
        "complete": True,
        "eligible_from": "G5",
        "status": COMPLETE,
    }
    assert short(second) == {
        "games": 1,
        "indefinite": False,
        "length_set": True,
        "served": 1,
        "served_in": ["G4"],
        "complete": True,
        "eligible_from": "G5",
        "status": COMPLETE,
    }


def test_a_suspension_not_served_in_full_at_the_end_of_the_data_is_not_complete():
    a = run([{"incidents": [two_games("A1")]}, {}])
    assert short(serving_of(a, "A1", "G1")) == {
        "games": 2,
        "indefinite": False,
        "length_set": True,
        "served": 1,
        "served_in": ["G2"],
        "complete": False,
        "eligible_from": None,
        "status": AT_END,
    }


def test_a_suspension_earned_in_the_last_game_is_not_started():
    a = run([{}, {"incidents": [two_games("A1")]}])
    assert short(serving_of(a, "A1", "G2")) == {
        "games": 2,
        "indefinite": False,
        "length_set": True,
        "served": 0,
        "served_in": [],
        "complete": False,
        "eligible_from": None,
        "status": NOT_STARTED,
    }


def test_a_suspension_followed_only_by_an_exhibition_game_is_not_started():
    a = run([{"incidents": [two_games("A1")]}, {"kind": "exhibition"}])
    s = serving_of(a, "A1", "G1")
    assert (s["served"], s["served_in"], s["complete"], s["status"]) == (0, [], False, NOT_STARTED)


def test_a_suspension_served_in_full_in_the_last_game_is_complete_with_no_eligible_game():
    a = run([{"incidents": [two_games("A1")]}, {}, {}])
    s = serving_of(a, "A1", "G1")
    assert (s["served_in"], s["complete"], s["eligible_from"], s["status"]) == (["G2", "G3"], True, None, COMPLETE)


def test_an_indefinite_suspension_bars_every_later_game_until_a_decision():
    a = run([{"incidents": [refusing("A1")]}, {}, {}, {}, dressed_a("A1", "CA")])
    s = serving_of(a, "A1", "G1")
    assert short(s) == {
        "games": 0,
        "indefinite": True,
        "length_set": False,
        "served": 3,
        "served_in": ["G2", "G3", "G4"],
        "complete": False,
        "eligible_from": None,
        "status": OPEN,
    }
    assert a["violations"][0]["message"] == (
        "A1 dressed while serving the suspension earned in G1 (3 games of it served before)"
    )
    assert kinds(a) == [("ineligible-suspended", "G5", "A", "A1")]
    assert a["forfeits"] == [forfeit("G5", "2025-10-29", "A", ["A1"])]


def test_a_decision_sets_the_length_from_its_date_and_counts_the_games_served_before():
    # Decided on Monday 2025-10-20, between G3 and G4: 2 games, both already served.
    decisions = [{"person": "A1", "game": "G1", "set_games": 2, "date": "2025-10-20", "reason": "hearing"}]
    a = run([{"incidents": [refusing("A1")]}, {}, {}, dressed_a("A1", "CA")], decisions=decisions)
    s = serving_of(a, "A1", "G1")
    assert short(s) == {
        "games": 2,
        "indefinite": True,
        "length_set": True,
        "served": 2,
        "served_in": ["G2", "G3"],
        "complete": True,
        "eligible_from": "G4",
        "status": COMPLETE,
    }
    assert s["decisions"] == [{"date": "2025-10-20", "set_games": 2, "reason": "hearing", "where": "decisions[0]"}]
    assert a["violations"] == [] and a["forfeits"] == []


def test_dressing_one_game_too_early_before_the_decisions_date_is_a_violation():
    # The decision (1 game) is dated after G3: G2 already holds the game, but G3,
    # before the date, is still barred.
    decisions = [{"person": "A1", "game": "G1", "set_games": 1, "date": "2025-10-20", "reason": "hearing"}]
    a = run([{"incidents": [refusing("A1")]}, {}, dressed_a("A1", "CA"), dressed_a("A1", "XA")], decisions=decisions)
    assert kinds(a) == [("ineligible-suspended", "G3", "A", "A1")]
    assert a["violations"][0]["suspension"] == {"person": "A1", "game": "G1", "rule": None}
    assert a["forfeits"] == [forfeit("G3", "2025-10-15", "A", ["A1"])]
    s = serving_of(a, "A1", "G1")
    assert short(s) == {
        "games": 1,
        "indefinite": True,
        "length_set": True,
        "served": 1,
        "served_in": ["G2"],
        "complete": True,
        "eligible_from": "G4",
        "status": COMPLETE,
    }


def test_a_decision_on_the_day_of_a_game_applies_to_that_game():
    decisions = [{"person": "A1", "game": "G1", "set_games": 1, "date": "2025-10-15", "reason": "hearing"}]
    a = run([{"incidents": [refusing("A1")]}, {}, dressed_a("A1", "CA")], decisions=decisions)
    assert a["violations"] == []
    assert serving_of(a, "A1", "G1")["eligible_from"] == "G3"


def test_a_decision_longer_than_the_games_served_keeps_the_person_out_until_served():
    decisions = [{"person": "A1", "game": "G1", "set_games": 3, "date": "2025-10-02", "reason": "hearing"}]
    a = run(
        [{"incidents": [refusing("A1")]}, {}, {}, dressed_a("A1", "CA"), {}, dressed_a("A1", "XA")], decisions=decisions
    )
    assert kinds(a) == [("ineligible-suspended", "G4", "A", "A1")]
    s = serving_of(a, "A1", "G1")
    assert (s["games"], s["served_in"], s["eligible_from"], s["status"]) == (3, ["G2", "G3", "G5"], "G6", COMPLETE)


def test_a_decision_of_zero_games_makes_the_person_eligible_from_its_date():
    decisions = [{"person": "A1", "game": "G1", "set_games": 0, "date": "2025-10-02", "reason": "withdrawn"}]
    a = run([{"incidents": [refusing("A1")]}, dressed_a("A1", "CA"), {}], decisions=decisions)
    assert a["violations"] == []
    assert short(serving_of(a, "A1", "G1")) == {
        "games": 0,
        "indefinite": True,
        "length_set": True,
        "served": 0,
        "served_in": [],
        "complete": True,
        "eligible_from": "G2",
        "status": COMPLETE,
    }


def test_a_decision_dated_after_the_last_game_leaves_the_suspension_open_in_the_data():
    decisions = [{"person": "A1", "game": "G1", "set_games": 1, "date": "2025-12-01", "reason": "late hearing"}]
    a = run([{"incidents": [refusing("A1")]}, {}, {}], decisions=decisions)
    s = serving_of(a, "A1", "G1")
    assert (s["length_set"], s["served_in"], s["complete"], s["status"]) == (False, ["G2", "G3"], False, OPEN)


def test_add_games_extends_a_suspension():
    decisions = [{"person": "A1", "game": "G1", "add_games": 1, "date": "2025-10-02", "reason": "review"}]
    a = run([{"incidents": [two_games("A1")]}, {}, {}, {}, dressed_a("A1", "CA")], decisions=decisions)
    s = serving_of(a, "A1", "G1")
    assert short(s) == {
        "games": 3,
        "indefinite": False,
        "length_set": True,
        "served": 3,
        "served_in": ["G2", "G3", "G4"],
        "complete": True,
        "eligible_from": "G5",
        "status": COMPLETE,
    }
    assert s["decisions"] == [{"date": "2025-10-02", "add_games": 1, "reason": "review", "where": "decisions[0]"}]
    assert a["violations"] == []


def test_dressing_in_a_game_added_by_a_decision_is_a_violation():
    decisions = [{"person": "A1", "game": "G1", "add_games": 1, "date": "2025-10-02", "reason": "review"}]
    a = run([{"incidents": [two_games("A1")]}, {}, {}, dressed_a("A1", "CA"), {}], decisions=decisions)
    assert kinds(a) == [("ineligible-suspended", "G4", "A", "A1")]
    assert serving_of(a, "A1", "G1")["served_in"] == ["G2", "G3", "G5"]


def test_a_set_games_decision_adds_to_an_indefinite_suspension_with_add_games():
    decisions = [
        {"person": "A1", "game": "G1", "set_games": 1, "date": "2025-10-02", "reason": "hearing"},
        {"person": "A1", "game": "G1", "add_games": 1, "date": "2025-10-02", "reason": "appeal"},
    ]
    a = run([{"incidents": [refusing("A1")]}, {}, {}, {}], decisions=decisions)
    s = serving_of(a, "A1", "G1")
    assert (s["games"], s["served_in"], s["eligible_from"], s["status"]) == (2, ["G2", "G3"], "G4", COMPLETE)


# Decision errors: hockeyrules.InputError naming decisions[k]

GOOD = {"person": "A1", "game": "G1", "add_games": 1, "date": "2025-10-02", "reason": "ok"}


def _error(games, decision):
    with pytest.raises(InputError) as err:
        audit(season(games, decisions=[GOOD, decision]))
    return err.value.problems


@pytest.mark.parametrize(
    "decision, where, words",
    [
        ({"person": "A2", "game": "G1", "set_games": 1, "date": "2025-10-02"}, "decisions[1]", "names no suspension"),
        ({"person": "A1", "game": "G2", "add_games": 1, "date": "2025-10-02"}, "decisions[1]", "names no suspension"),
        (
            {"person": "A1", "game": "G1", "rule": "league:10.08", "set_games": 1, "date": "2025-10-02"},
            "decisions[1]",
            "names no suspension",
        ),
        ({"person": "A1", "game": "G1", "set_games": 3, "date": "2025-10-02"}, "decisions[1]", "not indefinite"),
        ({"person": "Z9", "game": "G1", "set_games": 1, "date": "2025-10-02"}, "decisions[1].person", "Z9"),
        ({"person": "A1", "game": "G9", "set_games": 1, "date": "2025-10-02"}, "decisions[1].game", "G9"),
        (
            {"person": "A1", "game": "G1", "set_games": 1, "add_games": 1, "date": "2025-10-02"},
            "decisions[1]",
            "exactly one of set_games",
        ),
        ({"person": "A1", "game": "G1", "date": "2025-10-02"}, "decisions[1]", "exactly one of set_games"),
        (
            {"person": "A1", "game": "G1", "rule": "league:10.07", "add_games": 1, "date": "2025-10-02"},
            "decisions[1].rule",
            "league:10.07",
        ),
        ({"person": "A1", "game": "G1", "add_games": 1}, "decisions[1].date", "missing"),
        ({"person": "A1", "game": "G1", "add_games": 0, "date": "2025-10-02"}, "decisions[1].add_games", "at least 1"),
    ],
)
def test_a_bad_decision_raises_an_input_error_naming_it(decision, where, words):
    problems = _error([{"incidents": [two_games("A1")]}, {}], decision)
    assert [p.where for p in problems] == [where]
    assert words in problems[0].message


def test_set_games_below_the_minimum_of_an_indefinite_suspension_is_an_input_error():
    decision = {"person": "A1", "game": "G1", "set_games": 3, "date": "2025-10-02"}
    with pytest.raises(InputError) as err:
        audit(season([{"incidents": [discrimination("A1")]}, {}], decisions=[decision]))
    assert [p.where for p in err.value.problems] == ["decisions[0]"]
    assert "below the suspension's minimum of 5" in err.value.problems[0].message


def test_set_games_at_the_minimum_of_an_indefinite_suspension_is_accepted():
    decision = {"person": "A1", "game": "G1", "set_games": 5, "date": "2025-10-02", "reason": "minimum"}
    a = run([{"incidents": [discrimination("A1")]}] + [{} for _ in range(6)], decisions=[decision])
    s = serving_of(a, "A1", "G1")
    assert (s["games"], s["served_in"], s["eligible_from"]) == (5, ["G2", "G3", "G4", "G5", "G6"], "G7")


def test_an_indefinite_suspension_with_a_minimum_shows_the_minimum_until_decided():
    a = run([{"incidents": [discrimination("A1")]}] + [{} for _ in range(6)])
    s = serving_of(a, "A1", "G1")
    assert short(s) == {
        "games": 5,
        "indefinite": True,
        "length_set": False,
        "served": 6,
        "served_in": ["G2", "G3", "G4", "G5", "G6", "G7"],
        "complete": False,
        "eligible_from": None,
        "status": OPEN,
    }


# Team officials and the audit's own coach suspension


def test_a_suspended_head_coach_who_dresses_is_an_ineligible_person_used():
    a = run([{"incidents": [line("CA", "abusive_behaviour", ["game_misconduct"])]}, {}, dressed_a("A1", "CA"), {}])
    assert a["violations"] == [
        {
            "rule": "league:10.08",
            "game": "G3",
            "date": "2025-10-15",
            "team": "A",
            "person": "CA",
            "kind": "ineligible-suspended",
            "suspension": {"person": "CA", "game": "G1", "rule": None},
            "served_before": 1,
            "message": "CA dressed while serving the suspension earned in G1 (1 game of it served before)",
        }
    ]
    assert a["forfeits"] == [forfeit("G3", "2025-10-15", "A", ["CA"])]
    assert a["fines"] == [fine("G3", "2025-10-15", "A")]
    assert a["audit_suspensions"] == [coach_suspension("CA", "Coach A", "A", "G3", "2025-10-15")]
    assert serving_of(a, "CA", "G1")["served_in"] == ["G2", "G4"]


def test_a_suspended_assistant_coach_who_dresses_is_an_ineligible_person_used():
    a = run([{"incidents": [line("XA", "abusive_behaviour", ["game_misconduct"])]}, dressed_a("XA", "CA"), {}])
    assert kinds(a) == [("ineligible-suspended", "G2", "A", "XA")]
    assert a["audit_suspensions"] == [coach_suspension("CA", "Coach A", "A", "G2", "2025-10-08")]


def _coach_season(decisions=None):
    # G2: A1 dressed while suspended -> CA gets the audit's league:10.08 suspension (G2).
    # G3: no list (served by A1 and CA). G4: CA not dressed (served). G5: CA dresses.
    return season(
        [
            {"incidents": [two_games("A1")]},
            dressed_a("A1", "A2", "CA"),
            {},
            dressed_a("A2", "XA"),
            dressed_a("A1", "A2", "CA"),
            {},
        ],
        decisions=decisions,
    )


def test_the_audit_coach_suspension_is_served_and_dressing_again_is_another_violation():
    a = audit(_coach_season()).to_dict()
    assert kinds(a) == [("ineligible-suspended", "G2", "A", "A1"), ("ineligible-suspended", "G5", "A", "CA")]
    assert a["violations"][1]["suspension"] == {"person": "CA", "game": "G2", "rule": "league:10.08"}
    assert a["violations"][1]["message"] == (
        "CA dressed while serving the league:10.08 suspension earned in G2 (2 games of it served before)"
    )
    assert a["forfeits"] == [forfeit("G2", "2025-10-08", "A", ["A1"]), forfeit("G5", "2025-10-29", "A", ["CA"])]
    assert a["fines"] == [fine("G2", "2025-10-08", "A"), fine("G5", "2025-10-29", "A")]
    assert a["audit_suspensions"] == [
        coach_suspension("CA", "Coach A", "A", "G2", "2025-10-08"),
        coach_suspension("CA", "Coach A", "A", "G5", "2025-10-29"),
    ]
    first = serving_of(a, "CA", "G2", "league:10.08")
    assert short(first) == {
        "games": 0,
        "indefinite": True,
        "length_set": False,
        "served": 3,
        "served_in": ["G3", "G4", "G6"],
        "complete": False,
        "eligible_from": None,
        "status": OPEN,
    }
    second = serving_of(a, "CA", "G5", "league:10.08")
    assert (second["served"], second["served_in"], second["status"]) == (0, [], OPEN)
    assert serving_of(a, "A1", "G1")["served_in"] == ["G3", "G4"]


def test_a_decision_with_rule_league_10_08_sets_the_length_of_the_coach_suspension():
    decisions = [
        {
            "person": "CA",
            "game": "G2",
            "rule": "league:10.08",
            "set_games": 2,
            "date": "2025-10-09",
            "reason": "first offence",
        }
    ]
    a = audit(_coach_season(decisions)).to_dict()
    assert kinds(a) == [("ineligible-suspended", "G2", "A", "A1")]
    assert a["audit_suspensions"] == [coach_suspension("CA", "Coach A", "A", "G2", "2025-10-08")]
    s = serving_of(a, "CA", "G2", "league:10.08")
    assert short(s) == {
        "games": 2,
        "indefinite": True,
        "length_set": True,
        "served": 2,
        "served_in": ["G3", "G4"],
        "complete": True,
        "eligible_from": "G5",
        "status": COMPLETE,
    }
    assert s["decisions"] == [
        {"date": "2025-10-09", "set_games": 2, "reason": "first offence", "where": "decisions[0]"}
    ]


def test_a_league_10_08_decision_longer_than_served_leaves_the_coach_dressing_a_violation():
    decisions = [
        {
            "person": "CA",
            "game": "G2",
            "rule": "league:10.08",
            "set_games": 3,
            "date": "2025-10-09",
            "reason": "second offence",
        }
    ]
    a = audit(_coach_season(decisions)).to_dict()
    assert kinds(a) == [("ineligible-suspended", "G2", "A", "A1"), ("ineligible-suspended", "G5", "A", "CA")]
    s = serving_of(a, "CA", "G2", "league:10.08")
    assert (s["games"], s["served_in"], s["complete"], s["eligible_from"]) == (3, ["G3", "G4", "G6"], True, None)


def test_a_decision_on_the_rules_suspension_does_not_touch_the_coach_suspension_of_the_same_game():
    # CA has no rules suspension in G2: without rule league:10.08 the decision names none.
    decisions = [{"person": "CA", "game": "G2", "set_games": 1, "date": "2025-10-09"}]
    with pytest.raises(InputError) as err:
        audit(_coach_season(decisions))
    assert [p.where for p in err.value.problems] == ["decisions[0]"]


# ---------------------------------------------------------------------------
# league:10.08, the other kinds of ineligible persons


def test_a_player_dressed_for_a_team_whose_roster_does_not_hold_him_is_ineligible():
    a = run([{"dressed": {"B": ["B1", "A5", "CB"]}}])
    assert a["violations"] == [
        {
            "rule": "league:10.08",
            "game": "G1",
            "date": "2025-10-01",
            "team": "B",
            "person": "A5",
            "kind": "ineligible-not-rostered",
            "rostered_with": "A",
            "message": "A5 dressed for B, whose roster does not hold him (rostered with A)",
        }
    ]
    assert a["forfeits"] == [forfeit("G1", "2025-10-01", "B", ["A5"])]
    assert a["fines"] == [fine("G1", "2025-10-01", "B")]
    assert a["audit_suspensions"] == [coach_suspension("CB", "Coach B", "B", "G1", "2025-10-01")]


def test_a_player_dressed_for_his_own_team_is_rostered():
    a = run([{"dressed": {"A": ["A5", "CA"], "B": ["B1", "CB"]}}])
    assert a["violations"] == [] and a["forfeits"] == []


def _affiliate_games(n, extra=None):
    games = [dressed_a("F1", "A2", "CA") for _ in range(n)]
    return games + (extra or [])


def test_an_affiliate_in_his_tenth_regular_game_is_eligible():
    a = run(_affiliate_games(10), people=[AFFILIATE])
    assert a["violations"] == [] and a["forfeits"] == []


def test_an_affiliate_in_his_eleventh_regular_game_is_ineligible():
    a = run(_affiliate_games(11), people=[AFFILIATE])
    assert a["violations"] == [
        {
            "rule": "league:10.08",
            "game": "G11",
            "date": "2025-12-10",
            "team": "A",
            "person": "F1",
            "kind": "ineligible-affiliate-limit",
            "count": 11,
            "limit": 10,
            "message": "affiliate F1's 11th regular-season game, past the limit of 10",
        }
    ]
    assert a["forfeits"] == [forfeit("G11", "2025-12-10", "A", ["F1"])]
    assert a["fines"] == [fine("G11", "2025-12-10", "A")]
    assert a["audit_suspensions"] == [coach_suspension("CA", "Coach A", "A", "G11", "2025-12-10")]


def test_exhibition_games_do_not_count_toward_the_affiliate_limit():
    games = [{"kind": "exhibition", **dressed_a("F1", "CA")}, {"kind": "exhibition", **dressed_a("F1", "CA")}]
    a = run(games + _affiliate_games(10), people=[AFFILIATE])
    assert a["violations"] == []


def test_a_game_the_affiliate_did_not_dress_for_does_not_count():
    games = _affiliate_games(5) + [dressed_a("A2", "CA"), {}] + _affiliate_games(5)
    a = run(games, people=[AFFILIATE])
    assert a["violations"] == []


def test_settings_max_affiliate_games_changes_the_limit():
    a = run(_affiliate_games(3), people=[AFFILIATE], settings={"max_affiliate_games": 2})
    assert kinds(a) == [("ineligible-affiliate-limit", "G3", "A", "F1")]
    assert a["violations"][0]["message"].startswith("affiliate F1's 3")
    assert a["violations"][0]["message"].endswith(" regular-season game, past the limit of 2")
    near = run(_affiliate_games(2), people=[AFFILIATE], settings={"max_affiliate_games": 2})
    assert near["violations"] == []


def test_an_affiliate_is_ineligible_in_every_game_past_the_limit():
    a = run(_affiliate_games(3), people=[AFFILIATE], settings={"max_affiliate_games": 1})
    # CA, suspended by the audit in G2 (league:10.08), dressed again in G3: a second violation there.
    assert kinds(a) == [
        ("ineligible-affiliate-limit", "G2", "A", "F1"),
        ("ineligible-suspended", "G3", "A", "CA"),
        ("ineligible-affiliate-limit", "G3", "A", "F1"),
    ]
    assert [f["game"] for f in a["forfeits"]] == ["G2", "G3"]


def test_one_forfeit_and_one_fine_per_team_and_game_with_two_ineligible_persons():
    a = run([{"incidents": [one_game("A1")]}, dressed_a("A1", "B3", "CA")])
    assert kinds(a) == [("ineligible-suspended", "G2", "A", "A1"), ("ineligible-not-rostered", "G2", "A", "B3")]
    assert a["forfeits"] == [forfeit("G2", "2025-10-08", "A", ["A1", "B3"])]
    assert a["fines"] == [fine("G2", "2025-10-08", "A")]
    assert a["audit_suspensions"] == [coach_suspension("CA", "Coach A", "A", "G2", "2025-10-08")]


def test_both_teams_using_ineligible_persons_each_forfeit_and_pay():
    a = run([{"dressed": {"A": ["A1", "B3", "CA"], "B": ["B1", "A4", "CB"]}}])
    assert a["forfeits"] == [forfeit("G1", "2025-10-01", "A", ["B3"]), forfeit("G1", "2025-10-01", "B", ["A4"])]
    assert a["fines"] == [fine("G1", "2025-10-01", "A"), fine("G1", "2025-10-01", "B")]
    assert a["audit_suspensions"] == [
        coach_suspension("CA", "Coach A", "A", "G1", "2025-10-01"),
        coach_suspension("CB", "Coach B", "B", "G1", "2025-10-01"),
    ]


def test_no_head_coach_in_the_game_gives_a_warning_and_no_audit_suspension():
    a = run([{"incidents": [one_game("A1")]}, dressed_a("A1", "XA")])
    assert kinds(a) == [("ineligible-suspended", "G2", "A", "A1")]
    assert a["forfeits"] == [forfeit("G2", "2025-10-08", "A", ["A1"])]
    assert a["audit_suspensions"] == []
    assert [s for s in a["serving"] if s["rule"] == "league:10.08"] == []
    assert a["warnings"] == [
        {
            "where": "games[1]",
            "message": "league:10.08 suspends the head coach of A for "
            "game G2, but the team has no head coach for that game",
        }
    ]


def test_an_ineligible_person_in_an_exhibition_game_is_used_as_in_any_other_game():
    a = run([{"kind": "exhibition", "dressed": {"B": ["B1", "A5", "CB"]}}])
    assert kinds(a) == [("ineligible-not-rostered", "G1", "B", "A5")]
    assert a["forfeits"] == [forfeit("G1", "2025-10-01", "B", ["A5"])]


# ---------------------------------------------------------------------------
# league:10.03, roster spots


def _players(n):
    return [f"A{k}" for k in range(2, 2 + n)]


def _roster_games(first, n_players, games=6, officials=("CA", "XA")):
    return [{"incidents": [first]}] + [dressed_a(*_players(n_players), *officials) for _ in range(games)]


def test_a_match_penalty_costs_a_roster_spot_in_the_first_three_games_after_it():
    a = run(_roster_games(spitting_match("A1"), 5), settings={"roster_limit": 5})
    assert [(v["kind"], v["rule"], v["game"], v["team"], v["person"]) for v in a["violations"]] == [
        ("roster-spot", "league:10.03", "G2", "A", None),
        ("roster-spot", "league:10.03", "G3", "A", None),
        ("roster-spot", "league:10.03", "G4", "A", None),
    ]
    assert a["violations"][0]["message"] == (
        "A dressed 5 players where 4 were allowed: a roster spot is lost "
        "while A1 sits out the match-penalty suspension of G1"
    )
    # the fourth game after the infraction (G5) is not one: three games against two
    s = serving_of(a, "A1", "G1")
    assert (s["games"], s["served_in"], s["eligible_from"]) == (5, ["G2", "G3", "G4", "G5", "G6"], "G7")


def test_the_roster_spot_returns_in_the_fourth_game_after_the_match_penalty():
    games = [
        {"incidents": [spitting_match("A1")]},
        dressed_a(*_players(4), "CA"),
        dressed_a(*_players(4), "CA"),
        dressed_a(*_players(4), "CA"),
        dressed_a(*_players(5), "CA"),
    ]
    a = run(games, settings={"roster_limit": 5})
    assert a["violations"] == []


def test_the_third_game_after_the_match_penalty_still_loses_the_spot():
    games = [
        {"incidents": [spitting_match("A1")]},
        dressed_a(*_players(4), "CA"),
        dressed_a(*_players(4), "CA"),
        dressed_a(*_players(5), "CA"),
        dressed_a(*_players(5), "CA"),
    ]
    a = run(games, settings={"roster_limit": 5})
    assert [(v["kind"], v["game"]) for v in a["violations"]] == [("roster-spot", "G4")]


def test_exhibition_games_do_not_count_among_the_three_games():
    games = [
        {"incidents": [spitting_match("A1")]},
        {"kind": "exhibition", **dressed_a(*_players(5), "CA")},
        dressed_a(*_players(4), "CA"),
        dressed_a(*_players(4), "CA"),
        dressed_a(*_players(5), "CA"),
        dressed_a(*_players(5), "CA"),
    ]
    a = run(games, settings={"roster_limit": 5})
    assert [(v["kind"], v["game"]) for v in a["violations"]] == [("roster-spot", "G5")]


def test_a_three_game_match_suspension_loses_the_spot_for_three_games():
    a = run(_roster_games(boarding_match("A1"), 5, games=4), settings={"roster_limit": 5})
    assert [(v["kind"], v["game"]) for v in a["violations"]] == [
        ("roster-spot", "G2"),
        ("roster-spot", "G3"),
        ("roster-spot", "G4"),
    ]


def test_a_match_suspension_that_completes_sooner_ends_the_lost_spot():
    # indefinite match suspension (hc:11.5(c)), decided at 1 game before it starts
    decisions = [{"person": "A1", "game": "G1", "set_games": 1, "date": "2025-10-02", "reason": "hearing"}]
    a = run(_roster_games(harassment_match("A1"), 5, games=4), settings={"roster_limit": 5}, decisions=decisions)
    assert [(v["kind"], v["game"]) for v in a["violations"]] == [("roster-spot", "G2")]
    assert serving_of(a, "A1", "G1")["served_in"] == ["G2"]


def test_dressing_one_player_fewer_than_the_roster_limit_is_allowed():
    a = run(_roster_games(spitting_match("A1"), 4), settings={"roster_limit": 5})
    assert a["violations"] == []


def test_team_officials_do_not_count_as_players_for_the_roster_spot():
    a = run(_roster_games(spitting_match("A1"), 4, officials=("CA", "XA", "TA")), settings={"roster_limit": 5})
    assert a["violations"] == []


def test_the_default_roster_limit_is_twenty():
    people = [{"id": "A21", "name": "Player A21", "team": "A", "role": "player"}]
    twenty = [f"A{k}" for k in range(2, 22)]
    a = run(
        [{"incidents": [spitting_match("A1")]}, dressed_a(*twenty, "CA"), dressed_a(*twenty[:19], "CA")], people=people
    )
    assert [(v["kind"], v["game"]) for v in a["violations"]] == [("roster-spot", "G2")]
    assert a["violations"][0]["message"].startswith("A dressed 20 players where 19 were allowed")


def test_the_roster_spot_is_lost_only_while_the_player_sits_out_the_match_suspension():
    # A1: 2 games in G1, then a 5-game spitting match in G2. G3 is the second game of
    # the G1 suspension (served one after another), so A1 sits out the match suspension
    # from G4; three games since the infraction (G3, G4, G5) end the lost spot after G5.
    games = [{"incidents": [two_games("A1")]}, {"incidents": [spitting_match("A1")]}] + [
        dressed_a(*_players(5), "CA") for _ in range(6)
    ]
    a = run(games, settings={"roster_limit": 5})
    assert [(s["game"], s["served_in"]) for s in a["serving"]] == [
        ("G1", ["G2", "G3"]),
        ("G2", ["G4", "G5", "G6", "G7", "G8"]),
    ]
    assert [(v["kind"], v["game"]) for v in a["violations"]] == [("roster-spot", "G4"), ("roster-spot", "G5")]


def test_a_team_officials_match_penalty_costs_no_roster_spot():
    a = run(_roster_games(spitting_match("XA"), 5, games=3, officials=("CA",)), settings={"roster_limit": 5})
    assert serving_of(a, "XA", "G1")["served_in"] == ["G2", "G3", "G4"]
    assert a["violations"] == []


def test_a_suspension_without_a_match_penalty_costs_no_roster_spot():
    a = run(
        _roster_games(line("A1", "boarding", ["major", "game_misconduct"]), 5, games=2), settings={"roster_limit": 5}
    )
    assert a["violations"] == []


def test_two_match_penalties_cost_two_roster_spots():
    games = [
        {"incidents": [spitting_match("A1"), spitting_match("A20")]},
        dressed_a(*_players(4), "CA"),
        dressed_a(*_players(3), "CA"),
    ]
    a = run(games, settings={"roster_limit": 5})
    assert [(v["kind"], v["game"]) for v in a["violations"]] == [("roster-spot", "G2")]
    assert a["violations"][0]["message"] == (
        "A dressed 4 players where 3 were allowed: a roster spot is lost "
        "while A1 sits out the match-penalty suspension of G1, "
        "A20 sits out the match-penalty suspension of G1"
    )


# ---------------------------------------------------------------------------
# league:10.07, double headers

FRI, SAT, SUN, NEXT_FRI = "2025-10-03", "2025-10-04", "2025-10-05", "2025-10-10"


def _double_header(second_date=SAT, second=None, between=None, suspended=True, affiliate_in=2):
    """G1 (Wednesday): A1 gets 2 games (or nothing). G2 Friday and the next game: A v B."""
    first = {"date": "2025-09-24", "incidents": [two_games("A1")] if suspended else []}
    g2 = {"date": FRI, **dressed_a("A2", "CA", *(["F1"] if affiliate_in == 2 else []))}
    g3 = {"date": second_date, **dressed_a("A2", "CA", *(["F1"] if affiliate_in == 3 else []))}
    g3.update(second or {})
    games = [first, g2] + ([between] if between else []) + [g3]
    teams = [{"id": "C", "name": "Charlie"}]
    people = [AFFILIATE, {"id": "C1", "name": "Player C1", "team": "C", "role": "player"}]
    return run(games, teams=teams, people=people)


def test_an_affiliate_dressed_in_a_double_header_while_a_player_sits_out_is_a_violation():
    a = _double_header()
    assert a["violations"] == [
        {
            "kind": "double-header",
            "rule": "league:10.07",
            "game": "G2",
            "date": FRI,
            "team": "A",
            "person": "F1",
            "sitting_out": "A1",
            "message": "affiliate F1 dressed in a double-header game while A1 sits out a suspension",
        }
    ]
    assert serving_of(a, "A1", "G1")["served_in"] == ["G2", "G3"]


def test_the_affiliate_in_the_second_game_of_the_double_header_is_a_violation_too():
    a = _double_header(affiliate_in=3)
    assert kinds(a) == [("double-header", "G3", "A", "F1")]


def test_a_friday_and_sunday_game_are_one_weekend():
    a = _double_header(second_date=SUN)
    assert kinds(a) == [("double-header", "G2", "A", "F1")]


def test_the_same_teams_on_two_weekends_are_no_double_header():
    assert _double_header(second_date=NEXT_FRI)["violations"] == []


def test_a_sunday_and_the_next_friday_are_no_double_header():
    games = [
        {"date": "2025-09-24", "incidents": [two_games("A1")]},
        {"date": SUN, **dressed_a("A2", "CA", "F1")},
        {"date": NEXT_FRI, **dressed_a("A2", "CA")},
    ]
    assert run(games, people=[AFFILIATE])["violations"] == []


def test_a_thursday_and_friday_are_no_double_header():
    games = [
        {"date": "2025-09-24", "incidents": [two_games("A1")]},
        {"date": "2025-10-02", **dressed_a("A2", "CA", "F1")},
        {"date": FRI, **dressed_a("A2", "CA")},
    ]
    assert run(games, people=[AFFILIATE])["violations"] == []


def test_a_different_home_team_is_no_double_header():
    a = _double_header(second={"home": "B", "away": "A"})
    assert a["violations"] == []


def test_a_game_of_one_of_the_teams_in_between_is_no_double_header():
    between = {"date": SAT, "start": "10:00", "home": "C", "away": "A"}
    a = _double_header(second_date=SUN, between=between)
    assert a["violations"] == []


def test_a_team_official_sitting_out_is_no_double_header_violation():
    games = [
        {"date": "2025-09-24", "incidents": [line("CA", "abusive_behaviour", ["game_misconduct"])]},
        {"date": FRI, **dressed_a("A2", "XA", "F1")},
        {"date": SAT, **dressed_a("A2", "XA")},
    ]
    a = run(games, people=[AFFILIATE])
    assert serving_of(a, "CA", "G1")["served_in"] == ["G2", "G3"]
    assert a["violations"] == []


def test_a_player_of_the_other_team_sitting_out_is_no_double_header_violation():
    games = [
        {"date": "2025-09-24", "incidents": [two_games("B1")]},
        {"date": FRI, **dressed_a("A2", "CA", "F1")},
        {"date": SAT, **dressed_a("A2", "CA")},
    ]
    assert run(games, people=[AFFILIATE])["violations"] == []


def test_no_player_sitting_out_is_no_double_header_violation():
    assert _double_header(suspended=False)["violations"] == []


def test_an_affiliate_in_a_double_header_after_the_suspension_is_complete_is_no_violation():
    # A1's single game is served in G2; in G3 nobody sits out.
    first = {"date": "2025-09-24", "incidents": [one_game("A1")]}
    games = [first, {"date": FRI, **dressed_a("A2", "CA")}, {"date": SAT, **dressed_a("A2", "CA", "F1")}]
    assert run(games, people=[AFFILIATE])["violations"] == []


# ---------------------------------------------------------------------------
# league:10.01B, affiliates


def test_an_affiliates_suspension_is_served_with_his_league_team_and_reported_as_owed():
    a = run(
        [{"incidents": [two_games("F1")]}, {}, dressed_a("A2", "CA"), {"home": "B", "away": "A"}], people=[AFFILIATE]
    )
    s = serving_of(a, "F1", "G1")
    assert (s["team"], s["served_in"], s["eligible_from"], s["status"]) == ("A", ["G2", "G3"], "G4", COMPLETE)
    obligations = a["affiliate_obligations"]
    assert len(obligations) == 1
    note = obligations[0].pop("note")
    assert note
    assert obligations == [
        {
            "person": "F1",
            "name": "Affiliate F1",
            "team": "A",
            "role": "player",
            "registered_team": "U15 Stars",
            "game": "G1",
            "date": "2025-10-01",
            "governing_games": 1,
            "indefinite": False,
            "rule": "league:10.01B",
        }
    ]


def test_a_player_who_is_not_an_affiliate_owes_nothing_elsewhere():
    a = run([{"incidents": [two_games("A1")]}, {}])
    assert a["affiliate_obligations"] == []


# ---------------------------------------------------------------------------
# The command line


def _write(tmp_path, data, name="season.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def _cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _violating_season():
    return season([{"incidents": [two_games("A1")]}, dressed_a("A1", "B3", "CA"), {}, {}])


def test_the_cli_audit_json_has_the_audit_keys(tmp_path):
    res = _cli("audit", _write(tmp_path, _violating_season()), "--format", "json")
    assert res.exit_code == 0
    data = json.loads(res.stdout)
    for key in (
        "format",
        "league",
        "season",
        "policy",
        "suspensions",
        "warnings",
        "serving",
        "violations",
        "forfeits",
        "fines",
        "audit_suspensions",
        "affiliate_obligations",
    ):
        assert key in data
    assert data["format"] == "hockeyrules/result@1"
    assert [(v["kind"], v["person"]) for v in data["violations"]] == [
        ("ineligible-suspended", "A1"),
        ("ineligible-not-rostered", "B3"),
    ]


def test_the_cli_audit_csv_has_one_row_per_violation(tmp_path):
    res = _cli("audit", _write(tmp_path, _violating_season()), "--format", "csv")
    assert res.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    assert [(r["game"], r["team"], r["person"], r["rule"], r["kind"]) for r in rows] == [
        ("G2", "A", "A1", "league:10.08", "ineligible-suspended"),
        ("G2", "A", "B3", "league:10.08", "ineligible-not-rostered"),
    ]
    assert list(rows[0]) == ["date", "game", "team", "person", "rule", "kind", "message"]


def test_the_cli_audit_csv_of_a_clean_season_has_only_its_header(tmp_path):
    res = _cli("audit", _write(tmp_path, season([{"incidents": [two_games("A1")]}, {}, {}])), "--format", "csv")
    assert res.exit_code == 0
    assert res.stdout.splitlines() == ["date,game,team,person,rule,kind,message"]


def test_the_cli_audit_table_shows_serving_violations_and_forfeits(tmp_path):
    res = _cli("audit", _write(tmp_path, _violating_season()), "--format", "table")
    assert res.exit_code == 0
    for words in ("Serving", "Violations", "Forfeits and fines", "dressed while serving", "at least $200"):
        assert words in res.stdout
    # the violation said with the season's names; its kind and the ids' sentence stay in JSON and CSV
    assert "ineligible-suspended" not in res.stdout and "Player A1 dressed while serving" in res.stdout
    assert "1 forfeit," in res.stdout and "1 fine of at least" in res.stdout
    default = _cli("audit", _write(tmp_path, _violating_season()))
    assert default.stdout == res.stdout


def test_the_cli_audit_exits_2_on_a_bad_decision_and_names_it(tmp_path):
    data = _violating_season()
    data["decisions"] = [{"person": "A1", "game": "G1", "set_games": 3, "date": "2025-10-02"}]
    res = _cli("audit", _write(tmp_path, data), "--format", "json")
    assert res.exit_code == 2
    assert "decisions[0]" in res.stderr
    assert res.stdout == ""


# ---------------------------------------------------------------------------
# Determinism, and the audit never changes a suspension


def _rich_season():
    decisions = [
        {"person": "A1", "game": "G1", "set_games": 2, "date": "2025-10-20", "reason": "hearing"},
        {"person": "CA", "game": "G3", "rule": "league:10.08", "set_games": 1, "date": "2025-10-16", "reason": "coach"},
    ]
    return season(
        [
            {"incidents": [refusing("A1"), spitting_match("A20")]},
            {"incidents": [two_games("F1")]},
            dressed_a("A1", "B3", "CA", *_players(5)),
            {"kind": "exhibition"},
            {"home": "B", "away": "A"},
            dressed_a("F1", "CA"),
            {"incidents": [line("CB", "abusive_behaviour", ["game_misconduct"])]},
            {"dressed": {"B": ["B1", "CB"]}},
        ],
        settings={"roster_limit": 5},
        people=[AFFILIATE],
        decisions=decisions,
    )


def test_the_audit_json_is_byte_identical_across_two_runs():
    data = _rich_season()
    first = to_json(audit(data).to_dict())
    second = to_json(audit(data).to_dict())
    assert first == second
    assert json.loads(first)["violations"]


def test_the_cli_audit_json_is_byte_identical_across_two_runs(tmp_path):
    path = _write(tmp_path, _rich_season())
    first, second = _cli("audit", path, "--format", "json"), _cli("audit", path, "--format", "json")
    assert first.exit_code == 0
    assert first.stdout == second.stdout


def test_the_audit_never_changes_a_suspension():
    data = _rich_season()
    a = audit(data).to_dict()
    assert a["suspensions"] == hockeyrules.evaluate(data).to_dict()["suspensions"]
    assert a["audit_suspensions"]  # the audit's own suspensions stay apart


@pytest.mark.parametrize("build", [_violating_season, _coach_season, _rich_season])
def test_the_suspensions_key_of_the_audit_equals_evaluate(build):
    data = build()
    assert audit(data).to_dict()["suspensions"] == hockeyrules.evaluate(data).to_dict()["suspensions"]
