"""Proposals (hockeyrules/proposal@1), diff, `rules` and scenario tests.

For each kind of change: a proposal that makes it, a tiny season where it
changes an outcome, and the exact diff. Then validation (every error, located),
the security cases of new rules, no leak between evaluations, runaway grounding,
scenario files, the `rules` listing and the shipped example proposals.
"""

from __future__ import annotations

import hashlib
import json
import textwrap
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from helpers import line, season  # season(*games): each game a list of lines

from hockeyrules.cli.commands import main
from hockeyrules.committee import scenarios
from hockeyrules.committee.diff import diff
from hockeyrules.committee.rules import listing
from hockeyrules.engine import proposal as proposal_module
from hockeyrules.engine.catalog import catalog
from hockeyrules.engine.proposal import FORMAT, Proposal, check_asp, load
from hockeyrules.engine.run import evaluate
from hockeyrules.model.errors import InputError
from hockeyrules.model.policy import Policy
from hockeyrules.views import render
from hockeyrules.views.explain import explain_incident, explain_person

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "proposals" / "examples"
EXAMPLE_SEASON = ROOT / "examples" / "mu18aaa-example.yaml"
ROWS_LP = ROOT / "asp" / "rows.lp"

PEOPLE = {p["id"]: p for p in scenarios.base_season()["people"]}
DATES = {"G1": "2025-10-01", "G2": "2025-10-08", "G3": "2025-10-15", "G4": "2025-10-22"}


# --------------------------------------------------------------------------- helpers


def board(person, **kw) -> dict:
    return line(person, "boarding", ["major"], **kw)


def fight(person) -> dict:
    return line(person, "fighting", ["minor"])


def pim(person, minutes) -> dict:
    return line(person, "tripping", ["minor"], minutes=minutes)


LATE = {"period": 3, "time": "05:00"}  # 5 minutes remaining in the 3rd: late


def proposal(name="Test proposal", **changes) -> dict:
    return {"format": FORMAT, "name": name, "changes": changes}


def new_rule(rid, asp, layer="league", text="A new rule of the test.") -> dict:
    return {"id": rid, "layer": layer, "text": text, "asp": asp}


def susp(games, rules, indefinite=False) -> dict:
    return {"games": games, "indefinite": indefinite, "rules": sorted(rules)}


def change(person, game, kind, before=None, after=None, added=(), removed=(), changed=(), date=None) -> dict:
    p = PEOPLE[person]
    return {
        "person": person,
        "name": p["name"],
        "team": p["team"],
        "role": p["role"],
        "game": game,
        "date": date or DATES[game],
        "change": kind,
        "games_change": before is None
        or after is None
        or (before["games"], before["indefinite"]) != (after["games"], after["indefinite"]),
        "before": before,
        "after": after,
        "rules_added": list(added),
        "rules_removed": list(removed),
        "rules_changed": list(changed),
    }


def tot(suspensions, games, indefinite=0) -> dict:
    return {"suspensions": suspensions, "games": games, "indefinite": indefinite}


def totals(league, **teams) -> dict:
    """league=(before, after); TEAM=(before, after), each a (suspensions, games[, indefinite]) tuple."""
    return {
        "league": {"before": tot(*league[0]), "after": tot(*league[1])},
        "teams": {t: {"before": tot(*b), "after": tot(*a)} for t, (b, a) in teams.items()},
    }


def problems(data) -> list[tuple[str, str]]:
    with pytest.raises(InputError) as exc:
        load(data)
    return [(p.where, p.message) for p in exc.value.problems]


def wheres(data) -> list[str]:
    return [w for w, _ in problems(data)]


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def write_yaml(path: Path, data) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def no_traceback(res) -> None:
    """The CLI refused with a message: exit 2, no Python exception escaped."""
    assert res.exit_code == 2, res.output
    assert isinstance(res.exception, SystemExit), repr(res.exception)
    assert "Traceback" not in res.output


# ============================================================ 1. each kind of change


def test_rows_games_changes_a_plain_row():
    d = diff(season([board("A1")]), proposal(rows={"hc:7.2(b)": {"games": 2}}))
    assert d["before"]["name"] == "current rules"
    assert d["after"]["name"] == "proposal: Test proposal"
    assert d["changes"] == [
        change("A1", "G1", "changes", susp(1, ["hc:7.2(b)"]), susp(2, ["hc:7.2(b)"]), changed=["hc:7.2(b)"]),
    ]
    assert d["totals"] == totals(((1, 1), (1, 2)), A=((1, 1), (1, 2)))


def test_rows_late_changes_only_late_lines():
    s = season([board("A1", **LATE), board("B1")])
    d = diff(s, proposal(rows={"hc:7.2(b)": {"late": 3}}))
    assert d["changes"] == [
        change("A1", "G1", "changes", susp(2, ["hc:7.2(b)"]), susp(3, ["hc:7.2(b)"]), changed=["hc:7.2(b)"]),
    ]
    assert d["totals"] == totals(((2, 3), (2, 4)), A=((1, 2), (1, 3)), B=((1, 1), (1, 1)))


def test_rows_late_null_means_lateness_changes_nothing():
    s = season([board("A1", **LATE), board("B1")])
    d = diff(s, proposal(rows={"hc:7.2(b)": {"late": None}}))
    assert d["changes"] == [
        change("A1", "G1", "changes", susp(2, ["hc:7.2(b)"]), susp(1, ["hc:7.2(b)"]), changed=["hc:7.2(b)"]),
    ]
    assert d["totals"] == totals(((2, 3), (2, 2)), A=((1, 2), (1, 1)), B=((1, 1), (1, 1)))
    after = evaluate(s, proposal=proposal(rows={"hc:7.2(b)": {"late": None}})).to_dict()
    [a1] = [x for x in after["suspensions"] if x["person"] == "A1"]
    assert [(c["rule"], c["games"], c["late"]) for c in a1["components"]] == [("hc:7.2(b)", 1, False)]


def test_rows_indefinite_value():
    d = diff(season([board("A1")]), proposal(rows={"hc:7.2(b)": {"games": "indefinite"}}))
    assert d["changes"] == [
        change(
            "A1",
            "G1",
            "changes",
            susp(1, ["hc:7.2(b)"]),
            susp(0, ["hc:7.2(b)"], indefinite=True),
            changed=["hc:7.2(b)"],
        ),
    ]
    assert d["totals"] == totals(((1, 1, 0), (1, 0, 1)), A=((1, 1, 0), (1, 0, 1)))


def test_rows_indefinite_with_a_minimum():
    d = diff(season([board("A1")]), proposal(rows={"hc:7.2(b)": {"games": {"indefinite": True, "minimum": 3}}}))
    assert d["changes"] == [
        change(
            "A1",
            "G1",
            "changes",
            susp(1, ["hc:7.2(b)"]),
            susp(3, ["hc:7.2(b)"], indefinite=True),
            changed=["hc:7.2(b)"],
        ),
    ]
    assert d["totals"] == totals(((1, 1, 0), (1, 3, 1)), A=((1, 1, 0), (1, 3, 1)))


def test_ladder_replaced_a_new_rung_fires_and_is_additive():
    # Misconducts in G1 and G2; in G3 a fight (major) with a misconduct: the 3rd.
    s = season(
        [line("A1", "unsportsmanlike_conduct", ["misconduct"])],
        [line("A1", "unsportsmanlike_conduct", ["misconduct"])],
        [line("A1", "fighting", ["major", "misconduct"])],
    )
    p = proposal(ladders={"league:10.05": {3: 1, 4: 1, 5: 2, 6: {"indefinite": True, "minimum": 3}}})
    d = diff(s, p)
    # league:10.05/3 (1) is added to league:10.06/1 (1) in the league layer, not overlapped.
    assert d["changes"] == [
        change(
            "A1",
            "G3",
            "changes",
            susp(2, ["hc:7.10(b)/1", "league:10.06/1"]),
            susp(3, ["hc:7.10(b)/1", "league:10.05/3", "league:10.06/1"]),
            added=["league:10.05/3"],
        ),
    ]
    assert d["totals"] == totals(((1, 2), (1, 3)), A=((1, 2), (1, 3)))
    [g3] = evaluate(s, proposal=p).to_dict()["suspensions"]
    assert (g3["governing_games"], g3["league_games"]) == (1, 2)
    assert [(c["rule"], c["layer"], c["games"]) for c in g3["components"] if c["rule"] == "league:10.05/3"] == [
        ("league:10.05/3", "league", 1)
    ]


def test_ladder_replaced_a_removed_first_rung_no_longer_fires():
    s = season([fight("A1")], [fight("A1")])
    d = diff(s, proposal(ladders={"league:10.06": {2: 2, 3: 3, 4: "indefinite"}}))
    assert d["changes"] == [
        change("A1", "G1", "disappears", susp(1, ["league:10.06/1"]), None, removed=["league:10.06/1"]),
    ]
    assert d["totals"] == totals(((2, 3), (1, 2)), A=((2, 3), (1, 2)))


def test_ladder_replaced_a_removed_top_rung_leaves_the_highest_for_later_offences():
    s = season([fight("A1")], [fight("A1")], [fight("A1")], [fight("A1")])
    d = diff(s, proposal(ladders={"league:10.06": {1: 1, 2: 2, 3: 3}}))
    assert d["changes"] == [
        change(
            "A1",
            "G4",
            "changes",
            susp(0, ["league:10.06/4"], indefinite=True),
            susp(3, ["league:10.06/3"]),
            added=["league:10.06/3"],
            removed=["league:10.06/4"],
        ),
    ]
    assert d["totals"] == totals(((4, 6, 1), (4, 9, 0)), A=((4, 6, 1), (4, 9, 0)))


def test_ladder_replaced_an_existing_rung_as_a_bare_number_keeps_its_late_value():
    # hc:s2-majors/2 is 2 games, 3 late. Given as a bare 1 it is 1 game and still 3 late.
    s = season([board("A1"), board("B1")], [board("A1", **LATE), line("B1", "roughing", ["major"])])
    p = proposal(ladders={"hc:s2-majors": {2: 1, 3: 4, 4: "indefinite"}})
    d = diff(s, p)
    assert d["changes"] == [
        change(
            "B1",
            "G2",
            "changes",
            susp(2, ["hc:7.9(b)", "hc:s2-majors/2"]),
            susp(1, ["hc:7.9(b)", "hc:s2-majors/2"]),
            changed=["hc:s2-majors/2"],
        ),
    ]
    assert d["totals"] == totals(((4, 7), (4, 6)), A=((2, 4), (2, 4)), B=((2, 3), (2, 2)))
    after = {(x["person"], x["game"]): x for x in evaluate(s, proposal=p).to_dict()["suspensions"]}
    assert [(c["rule"], c["games"], c["late"]) for c in after["A1", "G2"]["components"]] == [
        ("hc:7.2(b)", 2, True),
        ("hc:s2-majors/2", 3, True),
    ]


def test_ladder_rung_with_games_and_late():
    s = season(
        [line("A1", "unsportsmanlike_conduct", ["misconduct"])],
        [line("A1", "unsportsmanlike_conduct", ["misconduct"])],
        [line("A1", "unsportsmanlike_conduct", ["misconduct"], **LATE)],
    )
    d = diff(s, proposal(ladders={"league:10.05": {3: {"games": 1, "late": 2}}}))
    assert d["changes"] == [
        change("A1", "G3", "appears", None, susp(2, ["league:10.05/3"]), added=["league:10.05/3"]),
    ]
    assert d["totals"] == totals(((0, 0), (1, 2)), A=((0, 0), (1, 2)))


def test_thresholds_penalty_minute_marks():
    # 80, then 81, then 101 minutes. Today one game at 101; from 80 every 20: at 81 and at 101.
    s = season([pim("A1", 80)], [pim("A1", 1)], [pim("A1", 20)])
    d = diff(s, proposal(thresholds={"league:10.04": {"after": 80, "every": 20}}))
    assert d["changes"] == [
        change("A1", "G2", "appears", None, susp(1, ["league:10.04"]), added=["league:10.04"]),
    ]
    assert d["totals"] == totals(((1, 1), (2, 2)), A=((1, 1), (2, 2)))


def test_policy_layers_max():
    d = diff(season([line("A1", "fighting", ["major"])]), proposal(policy={"layers": "max"}))
    assert d["after"]["policy"] == {**Policy().to_dict(), "layers": "max", "late_game_counted_once": True}
    assert d["changes"] == [
        change(
            "A1",
            "G1",
            "changes",
            susp(2, ["hc:7.10(b)/1", "league:10.06/1"]),
            susp(1, ["hc:7.10(b)/1", "league:10.06/1"]),
        ),
    ]
    assert d["totals"] == totals(((1, 2), (1, 1)), A=((1, 2), (1, 1)))


def test_policy_late_game_counted_once_false():
    s = season([line("A1", "boarding", ["major", "game_misconduct"], **LATE)])
    d = diff(s, proposal(policy={"late_game_counted_once": False}))
    assert d["after"]["policy"] == {**Policy().to_dict(), "layers": "sum", "late_game_counted_once": False}
    assert d["changes"] == [
        change(
            "A1",
            "G1",
            "changes",
            susp(4, ["hc:7.2(b)", "league:10.02"]),
            susp(5, ["hc:4.8(c)", "hc:7.2(b)", "league:10.02"]),
            added=["hc:4.8(c)"],
        ),
    ]
    assert d["totals"] == totals(((1, 4), (1, 5)), A=((1, 4), (1, 5)))


def test_policy_late_window_minutes():
    # 7:00 remaining is late in a 10-minute window, not in a 5-minute one; 4:00 is late in both.
    s = season([board("A1", period=3, time="07:00"), board("B1", period=3, time="04:00")])
    d = diff(s, proposal(policy={"late_window_minutes": 5}))
    assert d["changes"] == [
        change("A1", "G1", "changes", susp(2, ["hc:7.2(b)"]), susp(1, ["hc:7.2(b)"]), changed=["hc:7.2(b)"]),
    ]
    assert d["totals"] == totals(((2, 4), (2, 3)), A=((1, 2), (1, 1)), B=((1, 2), (1, 2)))


def test_repeal_a_plain_row_it_no_longer_fires_nor_counts_toward_its_ladder():
    # G2's roughing major is A1's 2nd Section 2 major only if the boarding major counts.
    s = season([board("A1")], [line("A1", "roughing", ["major"])])
    d = diff(s, proposal(repeal=["hc:7.2(b)"]))
    assert d["changes"] == [
        change("A1", "G1", "disappears", susp(1, ["hc:7.2(b)"]), None, removed=["hc:7.2(b)"]),
        change(
            "A1",
            "G2",
            "changes",
            susp(2, ["hc:7.9(b)", "hc:s2-majors/2"]),
            susp(1, ["hc:7.9(b)"]),
            removed=["hc:s2-majors/2"],
        ),
    ]
    assert d["totals"] == totals(((2, 3), (1, 1)), A=((2, 3), (1, 1)))


def test_repeal_a_rung_leaves_the_count_alone():
    s = season([fight("A1")], [fight("A1")])
    d = diff(s, proposal(repeal=["league:10.06/1"]))
    # The first fight no longer costs a game; the second is still the 2nd (2 games).
    assert d["changes"] == [
        change("A1", "G1", "disappears", susp(1, ["league:10.06/1"]), None, removed=["league:10.06/1"]),
    ]
    assert d["totals"] == totals(((2, 3), (1, 2)), A=((2, 3), (1, 2)))


def test_repeal_league_10_06B():
    s = season([fight("A1"), fight("B1"), fight("A2")])
    d = diff(s, proposal(repeal=["league:10.06B"]))
    before, after = susp(2, ["league:10.06/1", "league:10.06B"]), susp(1, ["league:10.06/1"])
    assert d["changes"] == [
        change("A1", "G1", "changes", before, after, removed=["league:10.06B"]),
        change("A2", "G1", "changes", before, after, removed=["league:10.06B"]),
        change("B1", "G1", "changes", before, after, removed=["league:10.06B"]),
    ]
    assert d["totals"] == totals(((3, 6), (3, 3)), A=((2, 4), (2, 2)), B=((1, 2), (1, 1)))


def test_repeal_league_10_04():
    d = diff(season([pim("A1", 101)]), proposal(repeal=["league:10.04"]))
    assert d["changes"] == [
        change("A1", "G1", "disappears", susp(1, ["league:10.04"]), None, removed=["league:10.04"]),
    ]
    assert d["totals"] == totals(((1, 1), (0, 0)), A=((1, 1), (0, 0)))


def test_repeal_a_coach_row():
    # Three majors for team A in one game: the head coach CA gets hc:s2-coach/1.
    s = season([board("A1"), line("A2", "roughing", ["major"]), line("A3", "slashing", ["major"])])
    d = diff(s, proposal(repeal=["hc:s2-coach/1"]))
    assert d["changes"] == [
        change("CA", "G1", "disappears", susp(1, ["hc:s2-coach/1"]), None, removed=["hc:s2-coach/1"]),
    ]
    assert d["totals"] == totals(((4, 4), (3, 3)), A=((4, 4), (3, 3)))


def test_repealed_rows_are_explained_as_repealed():
    node = explain_incident(season([board("A1")]), "G1", 1, proposal=proposal(repeal=["hc:7.2(b)"]))
    texts = []

    def walk(n):
        texts.append(n["text"])
        for c in n.get("children", []):
            walk(c)

    walk(node.to_dict())
    assert "hc:7.2(b) does not fire: repealed by the proposal" in texts


LATE_HEAD_CONTACT = (
    'yields("league:10.09", G, I, 2, 0) :- incident(G, I, _, head_contact), penalty(G, I, major), late(G, I).'
)


def test_new_rule_yields_a_component_in_its_layer_added_to_the_others():
    s = season(
        [
            line("A1", "head_contact", ["major", "game_misconduct"], **LATE),
            line("B1", "head_contact", ["major", "game_misconduct"]),
        ]
    )
    p = proposal(rules=[new_rule("league:10.09", LATE_HEAD_CONTACT)])
    d = diff(s, p)
    # league:10.02 late (2) + league:10.09 (2) add up: league 4, governing hc:7.6(b) late 2.
    assert d["changes"] == [
        change(
            "A1",
            "G1",
            "changes",
            susp(4, ["hc:7.6(b)", "league:10.02"]),
            susp(6, ["hc:7.6(b)", "league:10.02", "league:10.09"]),
            added=["league:10.09"],
        ),
    ]
    assert d["totals"] == totals(((2, 6), (2, 8)), A=((1, 4), (1, 6)), B=((1, 2), (1, 2)))
    a1 = evaluate(s, proposal=p).to_dict()["suspensions"][0]
    assert (a1["person"], a1["governing_games"], a1["league_games"]) == ("A1", 2, 4)
    assert {
        "rule": "league:10.09",
        "layer": "league",
        "games": 2,
        "indefinite": False,
        "late": False,
        "incident": 1,
    } in a1["components"]


def test_new_rules_with_aux_helpers_reading_fires_and_late_and_an_indefinite_yield():
    aux = new_rule(
        "league:10.10",
        'auxlateboard(G, I) :- fires("hc:7.2(b)", G, I), late(G, I).\n'
        'yields("league:10.10", G, I, 1, 0) :- auxlateboard(G, I).',
        layer="governing",
    )
    indefinite = new_rule(
        "league:10.11",
        'yields("league:10.11", G, I, 3, 1) :- incident(G, I, _, tripping), penalty(G, I, minor), period(G, I, 1).',
    )
    s = season([board("A1", **LATE), board("B1"), line("B2", "tripping", ["minor"], period=1)])
    p = proposal(rules=[aux, indefinite])
    d = diff(s, p)
    assert d["changes"] == [
        change(
            "A1",
            "G1",
            "changes",
            susp(2, ["hc:7.2(b)"]),
            susp(3, ["hc:7.2(b)", "league:10.10"]),
            added=["league:10.10"],
        ),
        change("B2", "G1", "appears", None, susp(3, ["league:10.11"], indefinite=True), added=["league:10.11"]),
    ]
    assert d["totals"] == totals(((2, 3, 0), (3, 7, 1)), A=((1, 2, 0), (1, 3, 0)), B=((1, 1, 0), (2, 4, 1)))
    after = {x["person"]: x for x in evaluate(s, proposal=p).to_dict()["suspensions"]}
    # A governing new rule adds in the governing layer (hc:7.2(b) late 2 + 1).
    assert (after["A1"]["governing_games"], after["A1"]["league_games"]) == (3, 0)
    assert [(c["rule"], c["layer"], c["games"]) for c in after["A1"]["components"]] == [
        ("hc:7.2(b)", "governing", 2),
        ("league:10.10", "governing", 1),
    ]
    assert (after["B2"]["games"], after["B2"]["indefinite"], after["B2"]["league_games"]) == (3, True, 3)


def test_a_new_rule_reads_the_whole_line_up_not_only_the_head_coaches():
    """dressed/3 is in the rule interface: a new rule sees every person the sheet lists
    as dressed (the book's own rules read only the head coaches from it)."""
    rule = new_rule(
        "league:10.12",
        'yields("league:10.12", G, I, 1, 0) :- incident(G, I, P, _), penalty(G, I, major), dressed(G, T, P),\n'
        "    player(P).",
    )
    s = season([board("A1"), board("A2"), board("B1")])
    s["games"][0]["dressed"] = {"A": ["A1", "CA"], "B": ["B1", "CB"]}  # A2 is not listed
    d = diff(s, proposal(rules=[rule]))
    assert [(c["person"], c["change"], c["rules_added"]) for c in d["changes"]] == [
        ("A1", "changes", ["league:10.12"]),
        ("B1", "changes", ["league:10.12"]),
    ]


def test_a_new_rule_reads_the_games_dates():
    """gameday/2 is in the rule interface (the book's own rules read no date)."""
    rule = new_rule(
        "league:10.13",
        'yields("league:10.13", G, I, 1, 0) :- incident(G, I, _, boarding), gameday(G, D), gameorder(G1, 1),\n'
        "    gameday(G1, D1), D > D1.",
    )
    d = diff(season([board("A1")], [board("A2")]), proposal(rules=[rule]))
    assert [(c["person"], c["game"], c["rules_added"]) for c in d["changes"]] == [("A2", "G2", ["league:10.13"])]


# ============================================================ 2. diff itself


def test_diff_two_proposals_against_each_other():
    first_fight_two = EXAMPLES / "first-fight-two-games.yaml"
    layers_max = proposal(name="Layers max", policy={"layers": "max"})
    d = diff(season([line("A1", "fighting", ["major"])]), layers_max, before=first_fight_two)
    assert d["before"]["name"] == "proposal: Fighting: two league games for a first offence"
    assert d["after"]["name"] == "proposal: Layers max"
    assert d["changes"] == [
        change(
            "A1",
            "G1",
            "changes",
            susp(3, ["hc:7.10(b)/1", "league:10.06/1"]),
            susp(1, ["hc:7.10(b)/1", "league:10.06/1"]),
            changed=["league:10.06/1"],
        ),
    ]
    assert d["totals"] == totals(((1, 3), (1, 1)), A=((1, 3), (1, 1)))


def test_diff_two_proposals_on_the_command_line(tmp_path):
    s = write_yaml(tmp_path / "season.yaml", season([line("A1", "fighting", ["major"])]))
    a = write_yaml(tmp_path / "a.yaml", proposal(name="A", rows={"league:10.06/1": {"games": 2}}))
    b = write_yaml(tmp_path / "b.yaml", proposal(name="B", rows={"league:10.06/1": {"games": 4}}))
    res = cli("diff", s, "--proposal", b, "--against", a, "--format", "json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout) == diff(s, b, before=a)
    assert json.loads(res.stdout)["changes"] == [
        change(
            "A1",
            "G1",
            "changes",
            susp(3, ["hc:7.10(b)/1", "league:10.06/1"]),
            susp(5, ["hc:7.10(b)/1", "league:10.06/1"]),
            changed=["league:10.06/1"],
        ),
    ]
    table = cli("diff", s, "--proposal", b, "--against", a)
    assert table.exit_code == 0
    assert "proposal: A -> proposal: B" in table.stdout


def test_diff_of_a_season_the_proposal_does_not_touch_has_no_changes():
    s = season([line("A1", "roughing", ["major"])], [fight("B1")])
    d = diff(s, proposal(rows={"hc:7.2(b)": {"games": 5}}, repeal=["league:10.06B"]))
    assert d["changes"] == []
    assert d["totals"] == totals(((2, 2), (2, 2)), A=((1, 1), (1, 1)), B=((1, 1), (1, 1)))


def test_diff_is_in_season_order_not_id_order():
    data = scenarios.build_season(
        {
            "games": [
                {"id": "Z", "incidents": [board("B5")]},
                {"id": "M", "incidents": [board("A1")]},
                {"id": "A", "incidents": [board("A9")]},
            ]
        },
        scenarios.base_season(),
    )
    d = diff(data, proposal(rows={"hc:7.2(b)": {"games": 2}}))
    one, two = susp(1, ["hc:7.2(b)"]), susp(2, ["hc:7.2(b)"])
    assert d["changes"] == [
        change("B5", "Z", "changes", one, two, changed=["hc:7.2(b)"], date="2025-10-01"),
        change("A1", "M", "changes", one, two, changed=["hc:7.2(b)"], date="2025-10-08"),
        change("A9", "A", "changes", one, two, changed=["hc:7.2(b)"], date="2025-10-15"),
    ]


# ============================================================ 3. validation, located


def test_a_valid_proposal_loads():
    p = load(proposal(rows={"hc:7.2(b)": {"games": 2, "late": 3}}))
    assert isinstance(p, Proposal)
    assert p.name == "Test proposal"


def test_wrong_format_and_missing_name():
    data = {"format": "hockeyrules/proposal@2", "changes": {"rows": {"hc:7.2(b)": {"games": 2}}}}
    assert problems(data) == [
        ("format", "expected 'hockeyrules/proposal@1', got 'hockeyrules/proposal@2'"),
        ("name", "missing: a short name for the proposal"),
    ]


def test_unknown_row_id():
    assert wheres(proposal(rows={"hc:99.9(z)": {"games": 1}})) == ['changes.rows["hc:99.9(z)"]']


def test_unknown_ladder_stem():
    # hc:7.2(b) is a row, not a ladder; league:10.99 is nothing.
    assert wheres(proposal(ladders={"hc:7.2(b)": {1: 1}, "league:10.99": {1: 1}})) == [
        'changes.ladders["hc:7.2(b)"]',
        'changes.ladders["league:10.99"]',
    ]


@pytest.mark.parametrize(
    "key, where",
    [
        ("first", 'changes.ladders["league:10.06"].first'),
        (0, 'changes.ladders["league:10.06"]["0"]'),
        (-1, 'changes.ladders["league:10.06"]["-1"]'),
    ],
)
def test_bad_rung_key(key, where):
    assert wheres(proposal(ladders={"league:10.06": {key: 1, 2: 2}})) == [where]


def test_a_rung_without_games():
    assert wheres(proposal(ladders={"league:10.06": {1: {"late": 2}}})) == ['changes.ladders["league:10.06"]["1"]']


@pytest.mark.parametrize(
    "value, where",
    [
        ({"games": -1}, 'changes.rows["hc:7.2(b)"].games'),
        ({"late": -2}, 'changes.rows["hc:7.2(b)"].late'),
        ({"games": {"indefinite": True, "minimum": -3}}, 'changes.rows["hc:7.2(b)"].games.minimum'),
    ],
)
def test_negative_games(value, where):
    assert wheres(proposal(rows={"hc:7.2(b)": value})) == [where]


def test_negative_rung():
    assert wheres(proposal(ladders={"league:10.06": {1: -1}})) == ['changes.ladders["league:10.06"]["1"]']


@pytest.mark.parametrize(
    "value, where",
    [
        ({"games": "two"}, 'changes.rows["hc:7.2(b)"].games'),
        ({"games": True}, 'changes.rows["hc:7.2(b)"].games'),
        ({"games": 1.5}, 'changes.rows["hc:7.2(b)"].games'),
        ({"games": None}, 'changes.rows["hc:7.2(b)"].games'),
        ({"games": {"indefinite": False}}, 'changes.rows["hc:7.2(b)"].games'),
        ({"late": "late"}, 'changes.rows["hc:7.2(b)"].late'),
        ({}, 'changes.rows["hc:7.2(b)"]'),
        ({"games": 1, "minutes": 5}, 'changes.rows["hc:7.2(b)"]'),
        (2, 'changes.rows["hc:7.2(b)"]'),
    ],
)
def test_wrong_value_kind(value, where):
    assert wheres(proposal(rows={"hc:7.2(b)": value})) == [where]


def test_thresholds_missing_every_or_on_an_unknown_id():
    assert wheres(proposal(thresholds={"league:10.04": {"after": 80}})) == ['changes.thresholds["league:10.04"]']
    assert wheres(proposal(thresholds={"league:10.05": {"after": 80, "every": 20}})) == [
        'changes.thresholds["league:10.05"]'
    ]
    assert wheres(proposal(thresholds={"league:10.04": {"after": -1, "every": 0}})) == [
        'changes.thresholds["league:10.04"].after',
        'changes.thresholds["league:10.04"].every',
    ]


@pytest.mark.parametrize(
    "policy, where",
    [
        ({"layers": "product"}, "changes.policy.layers"),
        ({"late_game_counted_once": "yes"}, "changes.policy.late_game_counted_once"),
        ({"late_window_minutes": -5}, "changes.policy.late_window_minutes"),
        ({"late_window_minutes": "five"}, "changes.policy.late_window_minutes"),
        ({"overtime_counts": True}, "changes.policy.overtime_counts"),
    ],
)
def test_bad_policy(policy, where):
    assert wheres(proposal(policy=policy)) == [where]


def test_unknown_repeal_id():
    assert wheres(proposal(repeal=["league:10.06B", "league:10.99"])) == ["changes.repeal[1]"]
    assert wheres(proposal(repeal="league:10.06B")) == ["changes.repeal"]


@pytest.mark.parametrize(
    "rid",
    ["league:10.06", "hc:7.2(b)", "league:10.08", "league:10.06/1", "hc:s2-majors", "league:10.04", "league:10.01A"],
)
def test_new_rule_never_reuses_a_catalog_id(rid):
    asp = f'yields("{rid}", G, I, 1, 0) :- incident(G, I, _, boarding).'
    assert problems(proposal(rules=[new_rule(rid, asp)])) == [
        ("changes.rules[0].id", f"{rid} is already a rule id; ids are never reused")
    ]


def test_new_rule_duplicate_id_within_the_proposal():
    asp = 'yields("league:10.09", G, I, 1, 0) :- incident(G, I, _, boarding).'
    assert wheres(proposal(rules=[new_rule("league:10.09", asp), new_rule("league:10.09", asp)])) == [
        "changes.rules[1].id"
    ]


def test_new_rule_id_is_not_a_rung_the_same_proposal_creates():
    # The ladder creates league:10.05/3; a new rule of that id would be a second rule of one id.
    asp = 'yields("league:10.05/3", G, I, 5, 0) :- incident(G, I, _, boarding).'
    assert wheres(proposal(ladders={"league:10.05": {3: 1}}, rules=[new_rule("league:10.05/3", asp)])) == [
        "changes.rules[0].id"
    ]


@pytest.mark.parametrize(
    "rid", ["10.09", "league 10.09", "fhq:10.09", "league:", "league:10.09;x", 9, "league:10.09\n"]
)
def test_new_rule_malformed_id(rid):
    asp = 'yields("league:10.09", G, I, 1, 0) :- incident(G, I, _, boarding).'
    assert "changes.rules[0].id" in wheres(proposal(rules=[new_rule(rid, asp)]))


def test_new_rule_bad_layer_and_missing_text():
    asp = 'yields("league:10.09", G, I, 1, 0) :- incident(G, I, _, boarding).'
    bad = {"id": "league:10.09", "layer": "provincial", "asp": asp}
    assert problems(proposal(rules=[bad])) == [
        ("changes.rules[0].layer", "expected governing or league, got 'provincial'"),
        ("changes.rules[0].text", "missing: the rule's text as the committee would adopt it"),
    ]
    assert wheres(proposal(rules=[{"id": "league:10.09", "layer": "league", "text": "T"}])) == ["changes.rules[0].asp"]


def test_several_errors_are_reported_at_once():
    data = {
        "format": "hockeyrules/proposal@1",
        "changes": {
            "rows": {"hc:7.2(b)": {"games": -1, "late": "x"}, "hc:99.9": {"games": 1}},
            "ladders": {"hc:7.2(b)": {1: 1}},
            "thresholds": {"league:10.04": {"after": 80}},
            "policy": {"layers": "product", "speed": 1},
            "repeal": ["league:10.99"],
            "rules": [new_rule("league:10.06", 'yields("league:10.06", G, I, 1, 0) :- incident(G, I, _, _).')],
            "bylaws": {},
        },
    }
    assert sorted(wheres(data)) == sorted(
        [
            "name",
            "changes.bylaws",
            'changes.rows["hc:7.2(b)"].games',
            'changes.rows["hc:7.2(b)"].late',
            'changes.rows["hc:99.9"]',
            'changes.ladders["hc:7.2(b)"]',
            'changes.thresholds["league:10.04"]',
            "changes.policy.layers",
            "changes.policy.speed",
            "changes.repeal[0]",
            "changes.rules[0].id",
        ]
    )


def test_errors_in_a_file_carry_their_line_and_the_cli_exits_2(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text(
        textwrap.dedent("""\
        format: hockeyrules/proposal@1
        name: Broken
        changes:
          rows:
            hc:7.2(b): {games: -1}
          repeal: [league:10.99]
        """),
        encoding="utf-8",
    )
    with pytest.raises(InputError) as exc:
        load(path)
    assert [(p.where, p.line) for p in exc.value.problems] == [
        ('changes.rows["hc:7.2(b)"].games', 5),
        ("changes.repeal[0]", 6),
    ]
    s = write_yaml(tmp_path / "season.yaml", season([board("A1")]))
    for args in (["suspensions", s], ["audit", s], ["explain", s, "--person", "A1"], ["rules"]):
        res = cli(*args, "--proposal", path)
        no_traceback(res)
        assert 'changes.rows["hc:7.2(b)"].games (line 5)' in res.stderr
        assert res.stdout == ""
    res = cli("diff", s, "--proposal", path)
    no_traceback(res)
    assert "nothing computed" in res.stderr


# ============================================================ 4. security of new rules

VALID = 'yields("league:10.09", G, I, 1, 0) :- incident(G, I, _, boarding).'


def refused(asp, rid="league:10.09") -> list[str]:
    """The messages of a proposal whose only new rule has this ASP; all located at .asp."""
    found = problems(proposal(rules=[new_rule(rid, asp)]))
    assert found, "not refused"
    assert {w for w, _ in found} == {"changes.rules[0].asp"}, found
    return [m for _, m in found]


def test_script_is_refused_and_never_run(tmp_path):
    marker = tmp_path / "ran"
    script = f'#script (python)\nimport pathlib\npathlib.Path(r"{marker}").write_text("ran")\n#end.\n{VALID}'
    messages = refused(script)
    assert any("only rules are allowed" in m and "Script" in m for m in messages)
    assert not marker.exists()
    # and on the command line
    s = write_yaml(tmp_path / "season.yaml", season([board("A1")]))
    p = write_yaml(tmp_path / "p.yaml", proposal(rules=[new_rule("league:10.09", script)]))
    res = cli("suspensions", s, "--proposal", p)
    no_traceback(res)
    assert "changes.rules[0].asp" in res.stderr
    assert not marker.exists()


@pytest.mark.parametrize(
    "asp",
    [
        "#script (lua) os.execute('true') #end.\n" + VALID,
        "# script (python) import os #end.\n" + VALID,
        "#script(python)\nimport os\n#end.",
    ],
)
def test_script_variants_are_refused(asp):
    refused(asp)


def test_include_of_a_real_file_is_refused_and_nothing_from_it_is_used():
    for asp in (f'#include "{ROWS_LP}".', f'#include "{ROWS_LP}".\n{VALID}', f'{VALID}\n#include "{ROWS_LP}".'):
        messages = refused(asp)
        assert messages == ["#include is not allowed: a new rule is the ASP written here, nothing else"]
        # nothing of rows.lp shows in the report
        assert not any("candidate" in m or "rows.lp:" in m for m in messages)


def test_include_of_a_file_that_is_not_asp_shows_none_of_it():
    messages = refused('#include "/etc/passwd".\n' + VALID)
    assert messages == ["#include is not allowed: a new rule is the ASP written here, nothing else"]


def test_include_of_a_builtin_library_is_refused_too():
    # The spec: any #include is refused. clingo's parser drops `#include <incmode>.` silently.
    refused("#include <incmode>.\n" + VALID)


@pytest.mark.parametrize(
    "asp, kind",
    [
        ("#external auxx(1).\n" + VALID, "External"),
        ("#const n = 2.\n" + VALID, "Definition"),
        ("#show yields/5.\n" + VALID, "ShowSignature"),
        ("#program other.\n" + VALID, "Program"),
        ("#minimize { 1, G : game(G, _, _, _) }.\n" + VALID, "Minimize"),
    ],
)
def test_directives_are_refused(asp, kind):
    messages = refused(asp)
    assert any(m.startswith("only rules are allowed") and kind in m for m in messages), messages


@pytest.mark.parametrize(
    "asp, message",
    [
        (
            'component(P, G, I, "league:10.09", league, 9, 0, 0) :- incident(G, I, P, _).',
            "a new rule may derive yields/5 or helper predicates named aux...; not component/8",
        ),
        (
            "suspension(P, G, 9) :- incident(G, _, P, _).",
            "a new rule may derive yields/5 or helper predicates named aux...; not suspension/3",
        ),
        ('repealed("hc:7.2(b)").', "a new rule may derive yields/5 or helper predicates named aux...; not repealed/1"),
        (
            'yields("league:10.09", G, I, 1, 0) :- component(P, G, I, _, _, _, _, _).',
            "component/8 is not in the rule interface (docs/proposals.md)",
        ),
        (
            'yields("league:10.09", G, I, 1, 0) :- total(P, G, _), incident(G, I, P, _).',
            "total/3 is not in the rule interface (docs/proposals.md)",
        ),
        (
            'yields("hc:7.2(b)", G, I, 1, 0) :- incident(G, I, _, boarding).',
            'yields/5 must name this rule: yields("league:10.09", G, I, Games, Indefinite)',
        ),
        (
            'yields(X, G, I, 1, 0) :- incident(G, I, _, boarding), X = "league:10.09".',
            'yields/5 must name this rule: yields("league:10.09", G, I, Games, Indefinite)',
        ),
    ],
)
def test_predicates_outside_the_interface_are_refused(asp, message):
    assert message in refused(asp)


@pytest.mark.parametrize(
    "asp",
    [
        # a choice head deriving a component directly
        '1 { component(P, G, I, "league:10.99", league, 99, 0, 0) } :- incident(G, I, P, _).',
        "{ suspension(P, G, 99) } :- incident(G, _, P, _).",
        # reading non-interface predicates inside an aggregate or a condition
        'yields("league:10.09", G, I, N, 0) :- incident(G, I, P, _), N = #count { X : total(P, G, X) }.',
        'yields("league:10.09", G, I, 1, 0) :- incident(G, I, P, _), not incident(G, I, P, _) : suspension(P, G, _).',
    ],
    ids=["choice-head-component", "choice-head-suspension", "aggregate-reads-total", "condition-reads-suspension"],
)
def test_predicates_outside_the_interface_are_refused_inside_choices_aggregates_and_conditions(asp):
    messages = refused(asp)
    assert any("component/8" in m or "suspension/3" in m or "total/3" in m for m in messages), messages


def test_asp_that_does_not_parse():
    messages = refused('yields("league:10.09", G, I, 1, 0) :- incident(G, I, _, boarding)')
    assert any("syntax error" in m for m in messages), messages


def test_unsafe_variables_are_caught_before_any_evaluation():
    messages = refused('yields("league:10.09", G, I, N, 0) :- incident(G, I, _, boarding).')
    assert len(messages) == 1
    assert "unsafe" in messages[0] and "'N' is unsafe" in messages[0]


def test_check_asp_accepts_rules_over_the_interface():
    assert check_asp(LATE_HEAD_CONTACT, "league:10.09") == []
    assert (
        check_asp(
            'auxa(G, I) :- fires("hc:7.2(b)", G, I), late(G, I).\n'
            'yields("league:10.09", G, I, 1, 0) :- auxa(G, I), nth("hc:s2-majors", P, G, I, 2), '
            "incident(G, I, P, _).",
            "league:10.09",
        )
        == []
    )


@pytest.mark.parametrize(
    "asp",
    [
        "#script (lua) x = 1 #end.\n" + VALID,
        f'#include "{ROWS_LP}".',
        "#external auxx(1).\n" + VALID,
        "#const n = 2.\n" + VALID,
        "#show yields/5.\n" + VALID,
        "#program other.\n" + VALID,
        'component(P, G, I, "league:10.09", league, 9, 0, 0) :- incident(G, I, P, _).',
        'yields("league:10.09", G, I, 1, 0) :- total(P, G, _), incident(G, I, P, _).',
        'yields("hc:7.2(b)", G, I, 1, 0) :- incident(G, I, _, boarding).',
        'yields("league:10.09", G, I, 1, 0) :- incident(G, I, _, boarding)',
        'yields("league:10.09", G, I, N, 0) :- incident(G, I, _, boarding).',
    ],
)
def test_the_cli_refuses_each_with_exit_2_and_no_traceback(tmp_path, asp):
    s = write_yaml(tmp_path / "season.yaml", season([board("A1")]))
    p = write_yaml(tmp_path / "p.yaml", proposal(rules=[new_rule("league:10.09", asp)]))
    for args in (["suspensions", s], ["diff", s]):
        res = cli(*args, "--proposal", p)
        no_traceback(res)
        assert "changes.rules[0].asp" in res.stderr
        assert "nothing computed" in res.stderr


def test_a_rule_that_leaves_no_answer_is_an_input_problem_not_a_crash(tmp_path):
    # An integrity constraint over the interface: the season would have no result at all.
    s = write_yaml(tmp_path / "season.yaml", season([board("A1")]))
    p = write_yaml(tmp_path / "p.yaml", proposal(rules=[new_rule("league:10.09", ":- incident(_, _, _, _).")]))
    res = cli("suspensions", s, "--proposal", p)
    no_traceback(res)


HOSTILE = (
    '"). #script (python) import os; os.system("touch /tmp/hockeyrules-pwned") #end. '
    'yields("hc:7.2(b)", G, I, 99, 0) :- incident(G, I, _, _). %'
)


def test_a_hostile_string_in_a_new_rules_text_is_just_text(tmp_path):
    p = proposal(name=HOSTILE, rules=[new_rule("league:10.09", VALID, text=HOSTILE)])
    loaded = load(p)
    assert loaded.texts() == {"league:10.09": HOSTILE}
    s = season([board("A1")])
    [a1] = evaluate(s, proposal=loaded).to_dict()["suspensions"]
    assert [(c["rule"], c["games"]) for c in a1["components"]] == [("hc:7.2(b)", 1), ("league:10.09", 1)]
    [tree] = explain_person(s, "A1", None, proposal=loaded)
    [component] = [c for c in tree.to_dict()["children"] if c.get("rule") == "league:10.09"]
    assert component["rulebook"] == HOSTILE
    changes = listing(loaded)["proposal"]["changes"]
    assert changes == [{"id": "league:10.09", "what": "new rule (league)", "before": "-", "after": HOSTILE}]
    assert diff(s, loaded)["after"]["name"] == f"proposal: {HOSTILE}"
    assert not Path("/tmp/hockeyrules-pwned").exists()


# ============================================================ 5. no leak


def _asp_files_digest() -> str:
    h = hashlib.sha256()
    for f in sorted((ROOT / "asp").glob("*.lp")):
        h.update(f.read_bytes())
    return h.hexdigest()


def test_no_leak_from_a_proposal_into_the_next_evaluation():
    s = season([board("A1", **LATE)], [line("A1", "head_contact", ["major"], **LATE)], [fight("B1")])
    digest = _asp_files_digest()
    plain = render.to_json(evaluate(s).to_dict())
    catalog_before = listing()
    everything = proposal(
        rows={"hc:7.2(b)": {"games": 4, "late": 6}},
        ladders={"league:10.06": {1: 3}},
        thresholds={"league:10.04": {"after": 0, "every": 1}},
        policy={"layers": "max", "late_game_counted_once": False, "late_window_minutes": 1},
        repeal=["hc:s2-majors/2"],
        rules=[new_rule("league:10.09", LATE_HEAD_CONTACT)],
    )
    under = render.to_json(evaluate(s, proposal=everything).to_dict())
    assert under != plain
    assert render.to_json(evaluate(s).to_dict()) == plain
    assert listing() == catalog_before
    assert _asp_files_digest() == digest


def test_two_proposals_in_a_row_do_not_mix():
    s = season([board("A1")], [fight("B1")])
    p1 = proposal(name="One", rows={"hc:7.2(b)": {"games": 5}}, rules=[new_rule("league:10.09", VALID)])
    p2 = proposal(name="Two", repeal=["league:10.06/1"])
    alone = render.to_json(evaluate(s, proposal=p2).to_dict())
    one = evaluate(s, proposal=p1).to_dict()
    assert [(x["person"], x["games"]) for x in one["suspensions"]] == [("A1", 6), ("B1", 1)]
    two = evaluate(s, proposal=p2).to_dict()
    assert render.to_json(two) == alone
    assert [(x["person"], x["games"], [c["rule"] for c in x["components"]]) for x in two["suspensions"]] == [
        ("A1", 1, ["hc:7.2(b)"])
    ]


def test_the_cli_leaves_nothing_behind(tmp_path):
    s = write_yaml(tmp_path / "season.yaml", season([board("A1")]))
    p = write_yaml(tmp_path / "p.yaml", proposal(rows={"hc:7.2(b)": {"games": 3}}))
    plain = cli("suspensions", s, "--format", "json").stdout
    under = cli("suspensions", s, "--format", "json", "--proposal", p)
    assert under.exit_code == 0
    assert json.loads(under.stdout)["suspensions"][0]["games"] == 3
    assert cli("suspensions", s, "--format", "json").stdout == plain
    assert json.loads(plain)["suspensions"][0]["games"] == 1


# ============================================================ 6. runaway grounding

RUNAWAY = (
    "aux(0) :- game(_, _, _, _). aux(X + 1) :- aux(X). "
    'yields("league:10.30", G, I, 1, 0) :- incident(G, I, _, _), aux(5).'
)


def test_runaway_grounding_is_stopped(monkeypatch, tmp_path):
    monkeypatch.setenv("HOCKEYRULES_PROPOSAL_SECONDS", "0.5")  # the rule never ends: any limit stops it
    data = proposal(rules=[new_rule("league:10.30", RUNAWAY)])
    try:
        p = load(data)
    except InputError as err:  # caught when the rules are grounded alone: located, also fine
        assert [x.where for x in err.problems] == ["changes.rules[0].asp"]
        assert "do not finish grounding" in err.problems[0].message
        return
    s = season([board("A1")])
    with pytest.raises(InputError) as exc:  # located: the rule is named
        evaluate(s, proposal=p)
    assert [x.where for x in exc.value.problems] == ["changes.rules[0].asp"]
    assert "league:10.30 did not finish grounding" in exc.value.problems[0].message
    path = write_yaml(tmp_path / "season.yaml", s)
    pfile = write_yaml(tmp_path / "p.yaml", data)
    res = cli("suspensions", path, "--proposal", pfile)
    no_traceback(res)
    assert "did not finish grounding" in res.stderr


def test_a_rule_that_runs_away_even_without_a_season_is_refused_at_validation(monkeypatch):
    # Grounded alone before any season: a located error, nothing evaluated. The limit
    # (GROUND_ALONE_SECONDS) is lowered: a rule that derives without end runs past any.
    monkeypatch.setattr(proposal_module, "GROUND_ALONE_SECONDS", 0.5)
    asp = 'aux(0). aux(X + 1) :- aux(X). yields("league:10.30", G, I, 1, 0) :- incident(G, I, _, _), aux(5).'
    assert problems(proposal(rules=[new_rule("league:10.30", asp)])) == [
        (
            "changes.rules[0].asp",
            "the rules do not finish grounding even without a season (a rule that derives without end?)",
        )
    ]


# ============================================================ 7. scenario tests

FIRST_FIGHT = EXAMPLES / "first-fight-two-games.yaml"

FIGHT_LINE = {"person": "A1", "period": 2, "time": "12:00", "infraction": "fighting", "penalties": ["major"]}


def scenario_file(path: Path, tests: list) -> Path:
    return write_yaml(path, {"format": "hockeyrules/scenarios@1", "tests": tests})


def fight_test(name, games, **extra) -> dict:
    return {
        "name": name,
        "games": [{"incidents": [dict(FIGHT_LINE)]}],
        "expect": [{"person": "A1", "game": "G1", "games": games}],
        "only": True,
        **extra,
    }


def test_a_passing_scenario_file(tmp_path):
    path = scenario_file(
        tmp_path / "ok.scenarios.yaml",
        [
            fight_test("A first fight costs a governing and a league game.", 2),
            {
                "name": "A boarding major in the second period is no other suspension.",
                "games": [{"incidents": [board("A1")]}],
                "expect": [{"person": "A1", "game": "G1", "games": 1, "components": {"hc:7.2(b)": 1}}],
                "absent": [{"person": "A2", "game": "G1"}],
                "only": True,
            },
        ],
    )
    outcomes = scenarios.run_file(path)
    assert [(o.name, o.failures) for o in outcomes] == [
        ("A first fight costs a governing and a league game.", []),
        ("A boarding major in the second period is no other suspension.", []),
    ]
    res = cli("test", path)
    assert res.exit_code == 0
    assert res.stdout == (
        "PASS  ok.scenarios.yaml: A first fight costs a governing and a league game.\n"
        "PASS  ok.scenarios.yaml: A boarding major in the second period is no other suspension.\n"
        "\n2 passed, 0 failed\n"
    )


def test_a_failing_scenario_says_what_differed(tmp_path):
    path = scenario_file(
        tmp_path / "bad.scenarios.yaml",
        [
            fight_test("A first fight costs three games.", 3),
            {
                "name": "A boarding major costs nothing.",
                "games": [{"incidents": [board("B7")]}],
                "absent": [{"person": "B7", "game": "G1"}],
            },
            {
                "name": "Roughing majors of two players are one suspension.",
                "games": [{"incidents": [line("A1", "roughing", ["major"]), line("A2", "roughing", ["major"])]}],
                "expect": [{"person": "A1", "game": "G1", "games": 1, "components": {"hc:7.9(b)": 2}}],
                "only": True,
            },
            fight_test("A first fight costs two games.", 2),
        ],
    )
    outcomes = scenarios.run_file(path)
    assert [(o.name, o.failures) for o in outcomes] == [
        ("A first fight costs three games.", ["A1 in G1: expected 3 games, got 2 games"]),
        ("A boarding major costs nothing.", ["B7 in G1: expected no suspension, got 1 games (hc:7.2(b))"]),
        (
            "Roughing majors of two players are one suspension.",
            [
                "A1 in G1: component hc:7.9(b): expected {'games': 2}, got {'games': 1, 'late': False, "
                "'indefinite': False}",
                "A2 in G1: unexpected suspension, 1 games (hc:7.9(b))",
            ],
        ),
        ("A first fight costs two games.", []),
    ]
    res = cli("test", path)
    assert res.exit_code == 1
    out = res.stdout.splitlines()
    assert out[:3] == [
        "FAIL  bad.scenarios.yaml: A first fight costs three games.",
        "      A1 in G1: expected 3 games, got 2 games",
        "FAIL  bad.scenarios.yaml: A boarding major costs nothing.",
    ]
    assert "PASS  bad.scenarios.yaml: A first fight costs two games." in out
    assert out[-1] == "1 passed, 3 failed"


def test_the_proposal_option_applies_to_scenarios_without_their_own(tmp_path):
    path = scenario_file(tmp_path / "p.scenarios.yaml", [fight_test("Under the proposal a fight costs 3.", 3)])
    assert [o.failures for o in scenarios.run_file(path)] == [["A1 in G1: expected 3 games, got 2 games"]]
    assert [o.failures for o in scenarios.run_file(path, default_proposal=FIRST_FIGHT)] == [[]]
    assert [o.failures for o in scenarios.run_file(path, default_proposal=load(FIRST_FIGHT))] == [[]]
    assert cli("test", path).exit_code == 1
    res = cli("test", path, "--proposal", FIRST_FIGHT)
    assert res.exit_code == 0, res.stdout
    assert "PASS  p.scenarios.yaml: Under the proposal a fight costs 3." in res.stdout


def test_a_scenarios_own_proposal_wins(tmp_path):
    write_yaml(tmp_path / "proposals" / "four.yaml", proposal(name="Four", rows={"league:10.06/1": {"games": 4}}))
    inline = proposal(name="Three", rows={"league:10.06/1": {"games": 3}})
    path = scenario_file(
        tmp_path / "suite" / "own.scenarios.yaml",
        [
            fight_test("Its own file proposal: 1 + 4.", 5, proposal="../proposals/four.yaml"),
            fight_test("Its own inline proposal: 1 + 3.", 4, proposal=inline),
            fight_test("The option's proposal: 1 + 2.", 3),
        ],
    )
    assert [(o.name, o.failures) for o in scenarios.run_file(path, default_proposal=FIRST_FIGHT)] == [
        ("Its own file proposal: 1 + 4.", []),
        ("Its own inline proposal: 1 + 3.", []),
        ("The option's proposal: 1 + 2.", []),
    ]
    res = cli("test", path, "--proposal", FIRST_FIGHT)
    assert res.exit_code == 0, res.stdout
    assert res.stdout.endswith("3 passed, 0 failed\n")
    # without the option only the third fails
    assert [o.passed for o in scenarios.run_file(path)] == [True, True, False]


def test_a_scenario_with_an_invalid_proposal_is_refused_with_the_located_problem(tmp_path):
    path = scenario_file(
        tmp_path / "x.scenarios.yaml",
        [fight_test("A broken proposal.", 2, proposal=proposal(rows={"hc:7.2(b)": {"games": -1}}))],
    )
    with pytest.raises(InputError) as err:
        scenarios.run_file(path)
    assert 'changes.rows["hc:7.2(b)"].games: negative number of games: -1' in err.value.report()
    assert err.value.problems[0].where == "tests[0].proposal"
    res = cli("test", path)
    assert res.exit_code == 2 and "passed" not in res.stdout


def test_a_folder_is_searched_for_scenario_files_recursively(tmp_path):
    suite = tmp_path / "suite"
    scenario_file(suite / "a.scenarios.yaml", [fight_test("A first fight costs two games.", 2)])
    scenario_file(
        suite / "deeper" / "still" / "b.scenarios.yaml",
        [fight_test("Under the option's proposal a first fight costs three.", 3)],
    )
    # not a scenario file: never read (it would be an error if it were)
    (suite / "deeper" / "notes.yaml").write_text("format: something else\n", encoding="utf-8")
    res = cli("test", suite, "--proposal", FIRST_FIGHT)
    assert res.exit_code == 1
    assert res.stdout.splitlines()[:3] == [
        "FAIL  a.scenarios.yaml: A first fight costs two games.",
        "      A1 in G1: expected 2 games, got 3 games",
        "PASS  b.scenarios.yaml: Under the option's proposal a first fight costs three.",
    ]
    assert res.stdout.endswith("1 passed, 1 failed\n")
    res = cli("test", suite / "deeper")
    assert res.exit_code == 1
    assert res.stdout.endswith("0 passed, 1 failed\n")


def test_the_committee_scenarios_pass():
    outcomes = scenarios.run_file(ROOT / "tests" / "committee" / "proposals.scenarios.yaml")
    assert len(outcomes) == 6
    assert [o.failures for o in outcomes] == [[]] * 6


def test_the_test_command_refuses_a_broken_option_proposal(tmp_path):
    path = scenario_file(tmp_path / "p.scenarios.yaml", [fight_test("Anything.", 2)])
    bad = write_yaml(tmp_path / "bad.yaml", proposal(repeal=["league:10.99"]))
    res = cli("test", path, "--proposal", bad)
    no_traceback(res)
    assert "changes.repeal[0]" in res.stderr


# ============================================================ 8. hockeyrules rules


def test_rules_lists_every_catalog_row():
    data = listing()
    book = catalog()
    from hockeyrules.committee.rules import rule_order

    assert [r["id"] for r in data["rows"]] == sorted(book.rows, key=rule_order)  # 4.8 before 10.4 (issue 29)
    by_id = {r["id"]: r for r in data["rows"]}
    pick = lambda rid: {k: by_id[rid][k] for k in ("id", "layer", "games", "late")}  # noqa: E731
    assert pick("hc:7.2(b)") == {"id": "hc:7.2(b)", "layer": "governing", "games": "1", "late": "2"}
    assert pick("hc:11.3(c)") == {"id": "hc:11.3(c)", "layer": "governing", "games": "5", "late": "n/a"}
    assert pick("hc:11.4") == {"id": "hc:11.4", "layer": "governing", "games": "indefinite, at least 5", "late": "n/a"}
    assert pick("league:10.05/7") == {
        "id": "league:10.05/7",
        "layer": "league",
        "games": "indefinite, at least 3",
        "late": "n/a",
    }
    assert pick("league:10.06B") == {"id": "league:10.06B", "layer": "league", "games": "1", "late": "n/a"}
    assert pick("hc:s2-majors/2") == {"id": "hc:s2-majors/2", "layer": "governing", "games": "2", "late": "3"}
    assert data["thresholds"] == {"league:10.04": {"after": 100, "every": 25}}
    assert "proposal" not in data


def test_rules_on_the_command_line_table_and_json():
    res = cli("rules", "--format", "json")
    assert res.exit_code == 0
    assert json.loads(res.stdout) == listing()
    table = cli("rules")
    assert table.exit_code == 0
    lines = table.stdout.splitlines()
    for rid in catalog().rows:
        assert any(ln.split()[:1] == [rid] for ln in lines), rid
    [boarding] = [ln for ln in lines if ln.startswith("hc:7.2(b) ")]
    cells = [c for c in boarding.split("  ") if c.strip()]
    assert [c.strip() for c in cells] == ["hc:7.2(b)", "governing", "boarding, with major", "1", "2", "overlaps"]
    assert "league:10.04: a game each time the season's minutes pass 100, then every 25" in table.stdout


def test_rules_with_a_proposal_lists_its_changes(tmp_path):
    text = "A late head-contact major costs two more games."
    p = proposal(
        name="Everything",
        rows={"hc:7.2(b)": {"games": 2, "late": None}},
        ladders={"league:10.05": {3: 1, 6: {"indefinite": True, "minimum": 3}}},
        thresholds={"league:10.04": {"after": 80, "every": 20}},
        repeal=["league:10.06B"],
        rules=[new_rule("league:10.09", LATE_HEAD_CONTACT, text=text)],
        policy={"layers": "max"},
    )
    data = listing(load(p))
    assert data["proposal"]["name"] == "Everything"
    changes = data["proposal"]["changes"]
    assert [c for c in changes if c["id"] != "policy"] == [
        {"id": "hc:7.2(b)", "what": "games", "before": "1", "after": "2"},
        {"id": "hc:7.2(b)", "what": "late", "before": "2", "after": "n/a"},
        {
            "id": "league:10.05",
            "what": "ladder",
            "before": "4: 1, 5: 1, 6: 2, 7: indefinite, at least 3",
            "after": "3: 1, 6: indefinite, at least 3",
        },
        {"id": "league:10.04", "what": "marks", "before": "after 100, every 25", "after": "after 80, every 20"},
        {"id": "league:10.06B", "what": "repealed", "before": "in force", "after": "repealed"},
        {"id": "league:10.09", "what": "new rule (league)", "before": "-", "after": text},
    ]
    [pol] = [c for c in changes if c["id"] == "policy"]
    assert (pol["what"], pol["after"]) == ("layers", "max")
    # the catalog rows themselves are listed unchanged
    assert data["rows"] == listing()["rows"]

    path = write_yaml(tmp_path / "p.yaml", p)
    res = cli("rules", "--proposal", path, "--format", "json")
    assert res.exit_code == 0
    assert json.loads(res.stdout) == data
    table = cli("rules", "--proposal", path)
    assert table.exit_code == 0
    assert table.stdout.startswith("Proposal: Everything\n")  # what the proposal changes first (issue 29)
    after = table.stdout.split("Proposal: Everything\n", 1)[1]
    for rid, what in (
        ("hc:7.2(b)", "games"),
        ("hc:7.2(b)", "late"),
        ("league:10.05", "ladder"),
        ("league:10.04", "marks"),
        ("league:10.06B", "repealed"),
        ("league:10.09", "new rule"),
    ):
        assert any(ln.startswith(rid) and what in ln for ln in after.splitlines()), (rid, what)


# ============================================================ 9. the shipped examples


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_proposal_validates_and_changes_the_example_season(path):
    p = load(path)
    assert p.name
    d = diff(EXAMPLE_SEASON, p)
    assert d["after"]["name"] == f"proposal: {p.name}"
    assert d["changes"], f"{path.name} changes nothing in {EXAMPLE_SEASON.name}"
    assert d["totals"]["league"]["before"] != d["totals"]["league"]["after"] or any(
        c["rules_added"] or c["rules_removed"] or c["rules_changed"] for c in d["changes"]
    )


def test_there_is_an_example_of_each_kind_of_change():
    kinds = set()
    for path in EXAMPLES.glob("*.yaml"):
        kinds |= set(load(path).data["changes"])
    assert kinds == {"rows", "ladders", "thresholds", "policy", "repeal", "rules"}


def test_an_include_of_a_missing_file_reads_as_any_other_include():
    """The message must not tell whether a file exists."""
    from hockeyrules.engine.proposal import check_asp

    rule = 'yields("league:10.40", G, I, 1, 0) :- incident(G, I, _, _).'
    missing = check_asp('#include "/nonexistent/rules.lp". ' + rule, "league:10.40")
    present = check_asp('#include "/etc/hostname". ' + rule, "league:10.40")
    assert missing == present == ["#include is not allowed: a new rule is the ASP written here, nothing else"]
